"""The `seshat` command's entry point (the console script, and `python -m bot.entry` in
scripts/run): a Ctrl-C while the command is still being imported, its first half second, ends it
as a later one does (exit 130, nothing printed) instead of with Python's traceback. Only the
standard library is imported here, so nothing runs before the guard."""

from __future__ import annotations

import sys


def main() -> None:
    """Import the command line, then run it."""
    try:
        from bot.cli import main as run
    except KeyboardInterrupt:
        sys.exit(130)
    run()


if __name__ == "__main__":
    main()
