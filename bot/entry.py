"""The `seshat` command's entry point (the console script, `python -m bot.entry` in scripts/run,
and `python -m bot.cli`, which hands over to it): a Ctrl-C ends the command with exit 130 and
nothing printed, wherever it lands. Only the standard library is imported here, so nothing runs
before the guards.

Two places a Ctrl-C would otherwise go wrong:

- while the command is still being imported (its first half second): Python's traceback. The
  import of `bot.cli` is guarded here.
- inside an object's `__del__` (a `regex` pattern collected while presidio or the anthropic SDK
  is imported, an SDK client): Python cannot raise it there; it printed "Exception ignored in …"
  and went on, so the Ctrl-C was lost, and `seshat run` then started the daemon as if nothing
  had been pressed (2 of 12 tries 1.6–2.7 s after it started, cli-walk11). The SIGINT handler
  installed here raises KeyboardInterrupt as Python's own does, except inside a `__del__`: there
  it has the signal sent again a few milliseconds later, when the `__del__` has returned.
"""

from __future__ import annotations

import _thread
import signal
import sys
import threading
from types import FrameType
from typing import Any

# done: set once the command has returned; an interrupt met in a `__del__` run by the
# interpreter's exit is then dropped (it can stop nothing any more). handler: ours, once
# installed. previous: the unraisable hook ours replaced.
_state: dict[str, Any] = {"done": False, "handler": None, "previous": sys.unraisablehook}


def _inside_a_finaliser(frame: FrameType | None) -> bool:
    """True when raising in `frame` would end in a `__del__` or the unraisable hook, where
    Python drops the exception."""
    while frame is not None:
        code = frame.f_code
        if code.co_name == "__del__" or code is _hook.__code__:
            return True
        frame = frame.f_back
    return False


def _send() -> None:
    if not _state["done"]:
        _thread.interrupt_main()


def _ask_again() -> None:
    """Signal SIGINT to the main thread again a moment from now, from another thread: asked
    from the main thread itself, Python runs the handler at once, inside the same finaliser."""
    timer = threading.Timer(0.005, _send)
    timer.daemon = True
    timer.start()


def _interrupt(_signum: int, frame: FrameType | None) -> None:
    """Python's `default_int_handler`, deferred out of a finaliser."""
    if _inside_a_finaliser(frame):
        if not _state["done"]:
            _ask_again()
        return
    raise KeyboardInterrupt


def _hook(
    unraisable: Any,
    interrupt: type = KeyboardInterrupt,
    again: Any = _ask_again,
    state: dict[str, Any] = _state,
) -> None:
    """Drop a KeyboardInterrupt raised in a `__del__` (a handler other than ours raised it
    there) and ask for it again; every other unraisable error goes to the hook this one
    replaced. Defaults, not globals: this may run while the interpreter tears modules down."""
    kind = unraisable.exc_type
    if kind is not None and issubclass(kind, interrupt):
        if not state["done"] and state["handler"] is not None:
            again()
        return
    state["previous"](unraisable)


def quiet_interrupts() -> None:
    """Install the SIGINT handler and the unraisable hook (main thread only; idempotent)."""
    if threading.current_thread() is not threading.main_thread():
        return
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, _interrupt)
        _state["handler"] = _interrupt
    if sys.unraisablehook is not _hook:
        _state["previous"] = sys.unraisablehook
        sys.unraisablehook = _hook


def interrupted(exc: BaseException) -> bool:
    """Was `exc` caused by a Ctrl-C? Python 3.11 wraps a KeyboardInterrupt raised while a
    class body is built (a module imported lazily by a command: `seshat demo` importing the
    anthropic SDK) in "RuntimeError: Error calling __set_name__", which click does not take
    for an interrupt, so a traceback was printed (walk13)."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        if isinstance(current, KeyboardInterrupt):
            return True
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return False


def main() -> None:
    """Import the command line, then run it."""
    quiet_interrupts()
    try:
        try:
            from bot.cli import app

            app()
        finally:
            _state["done"] = True
    except KeyboardInterrupt:
        # Only while importing, or on its way out: a Ctrl-C while a command runs ends it
        # through click, with the same exit status.
        sys.exit(130)
    except Exception as exc:
        if interrupted(exc):
            sys.exit(130)
        raise


if __name__ == "__main__":
    main()
