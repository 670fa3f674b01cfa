"""The delayed ⏳: shown only for slow answers, always taken off, never left behind by a race."""

from __future__ import annotations

import threading
import time

from bot.chat.working import WorkingSignal


class Reactions:
    """Records add/remove calls; `block_add` holds an add until released (the race window)."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, bool]] = []
        self.block_add: threading.Event | None = None
        self.adding = threading.Event()

    def __call__(self, channel: str, ts: str, add: bool) -> None:
        if add and self.block_add is not None:
            self.adding.set()
            self.block_add.wait(5)
        self.calls.append((ts, add))


def test_a_fast_answer_never_shows_it() -> None:
    reactions = Reactions()
    signal = WorkingSignal(reactions, delay=0.2)
    signal.start(1, "D1", "1.000001")
    signal.stop(1, "D1", "1.000001")
    time.sleep(0.4)
    assert reactions.calls == []


def test_a_slow_answer_shows_it_then_takes_it_off() -> None:
    reactions = Reactions()
    signal = WorkingSignal(reactions, delay=0.05)
    signal.start(1, "D1", "1.000001")
    deadline = time.monotonic() + 5
    while not reactions.calls and time.monotonic() < deadline:
        time.sleep(0.01)
    signal.stop(1, "D1", "1.000001")
    assert reactions.calls == [("1.000001", True), ("1.000001", False)]


def test_answered_while_it_is_being_added_it_still_comes_off() -> None:
    reactions = Reactions()
    reactions.block_add = threading.Event()
    signal = WorkingSignal(reactions, delay=0.01)
    signal.start(7, "D1", "7.000001")
    assert reactions.adding.wait(5)
    signal.stop(7, "D1", "7.000001")  # the add is in flight
    assert reactions.calls == []
    reactions.block_add.set()
    deadline = time.monotonic() + 5
    while len(reactions.calls) < 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert reactions.calls == [("7.000001", True), ("7.000001", False)]


def test_zero_delay_shows_it_at_once() -> None:
    reactions = Reactions()
    signal = WorkingSignal(reactions, delay=0)
    signal.start(1, "D1", "1.000001")
    assert reactions.calls == [("1.000001", True)]
    signal.stop(1, "D1", "1.000001")
    assert reactions.calls == [("1.000001", True), ("1.000001", False)]


def test_an_answer_ready_before_the_delay_is_posted_without_it() -> None:
    reactions = Reactions()
    signal = WorkingSignal(reactions, delay=0.2)
    signal.start(3, "D1", "3.000001")
    signal.ready(3)  # the model answered; the post waits a moment for a CPU slot
    time.sleep(0.4)  # past the delay: still no ⏳
    signal.stop(3, "D1", "3.000001")
    assert reactions.calls == []


def test_ready_after_it_was_shown_leaves_it_for_stop_to_take_off() -> None:
    reactions = Reactions()
    signal = WorkingSignal(reactions, delay=0.01)
    signal.start(4, "D1", "4.000001")
    deadline = time.monotonic() + 5
    while not reactions.calls and time.monotonic() < deadline:
        time.sleep(0.01)
    signal.ready(4)
    signal.stop(4, "D1", "4.000001")
    assert reactions.calls == [("4.000001", True), ("4.000001", False)]
