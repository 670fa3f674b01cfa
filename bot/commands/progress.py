"""Progress of long work on stderr, so a command on a large file is not silent for minutes.

On a terminal a bar that goes when the work is done; anywhere else (a pipe, a log, a CI job) a
plain line at each tenth, which a bar's redraws would turn into noise. Work of fewer than
`SHOWN_FROM` items says nothing: it ends before anyone wonders.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from bot.commands.console import err

if TYPE_CHECKING:
    from rich.progress import Progress, TaskID

SHOWN_FROM = 1000


class Steps:
    """Count `done` items of `total`; says how far it got, as the module docstring says."""

    def __init__(self, what: str, total: int) -> None:
        self.what, self.total = what, total
        self.shown = total >= SHOWN_FROM
        self._bar: Progress | None = None
        self._task: TaskID | None = None
        self._tenth = 0

    def advance(self, done: int) -> None:
        """`done` items of the total are done now."""
        if not self.shown:
            return
        if self._bar is not None and self._task is not None:
            self._bar.update(self._task, completed=done)
            return
        tenth = done * 10 // max(self.total, 1)
        if tenth > self._tenth:
            self._tenth = tenth
            err.print(f"{self.what}: {done:,} of {self.total:,} ({tenth * 10}%)", markup=False)


@contextmanager
def steps(what: str, total: int) -> Iterator[Steps]:
    """A `Steps` for the length of the block (the bar is taken down after it)."""
    counter = Steps(what, total)
    if not (counter.shown and err.is_terminal):
        if counter.shown:
            err.print(f"{what}: {total:,} in all…", markup=False)
        yield counter
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        console=err,
        transient=True,
    ) as bar:
        counter._bar = bar
        counter._task = bar.add_task(what, total=total)
        yield counter
