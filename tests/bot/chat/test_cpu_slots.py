"""CpuSlots: the cap on reply threads running Python, and bookkeeping after replies."""

from __future__ import annotations

import threading
import time

from bot.chat.cpu_slots import CpuSlots, ElasticPool


def _wait_until(check: object, timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():  # type: ignore[operator]
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.005)


def test_at_most_n_threads_hold_a_slot_and_waiting_frees_it() -> None:
    slots = CpuSlots(2)
    inside = 0
    most = 0
    lock = threading.Lock()
    go = threading.Event()

    def work() -> None:
        nonlocal inside, most
        with slots.held():
            with lock:
                inside += 1
                most = max(most, inside)
            time.sleep(0.02)
            with lock:
                inside -= 1
            with slots.waiting():  # blocked on I/O: holds no slot
                go.wait(5)

    threads = [threading.Thread(target=work) for _ in range(6)]
    for t in threads:
        t.start()
    _wait_until(lambda: slots._free == 2 and inside == 0)  # all six are waiting on I/O
    assert most == 2
    go.set()
    for t in threads:
        t.join(5)
    assert slots._free == 2


def test_bookkeeping_waits_for_threads_getting_on_with_a_reply() -> None:
    slots = CpuSlots(2, patience=30)
    order: list[str] = []
    hold_first = threading.Event()
    booking = threading.Event()
    release_reply = threading.Event()

    def first() -> None:
        with slots.held():
            hold_first.wait(5)

    def bookkeeper() -> None:
        with slots.held():
            booking.wait(5)
            with slots.later():
                order.append("bookkeeping")

    def reply() -> None:
        with slots.held():
            order.append("reply")
            release_reply.wait(5)

    a = threading.Thread(target=first)
    b = threading.Thread(target=bookkeeper)
    a.start()
    b.start()
    _wait_until(lambda: slots._free == 0)
    c = threading.Thread(target=reply)
    c.start()
    _wait_until(lambda: slots._eager == 1)  # the reply waits for a slot
    booking.set()  # the bookkeeper steps aside: the reply gets its slot first
    _wait_until(lambda: order == ["reply"])
    time.sleep(0.05)
    assert order == ["reply"]  # no slot is free yet: the bookkeeping still waits
    release_reply.set()
    _wait_until(lambda: order == ["reply", "bookkeeping"])
    hold_first.set()
    for t in (a, b, c):
        t.join(5)
    assert slots._free == 2


def test_bookkeeping_runs_at_once_when_nobody_waits() -> None:
    slots = CpuSlots(1, patience=30)
    with slots.held(), slots.later():
        assert slots._free == 0
    assert slots._free == 1


def test_bookkeeping_that_waited_its_patience_queues_like_a_reply() -> None:
    slots = CpuSlots(2, patience=0.2)
    order: list[str] = []
    events = {name: threading.Event() for name in ("first", "booking", "e1", "e3")}

    def holder(name: str) -> None:
        with slots.held():
            order.append(name)
            events[name].wait(5)

    def bookkeeper() -> None:
        with slots.held():
            events["booking"].wait(5)
            with slots.later():
                order.append("bookkeeping")

    threads = [
        threading.Thread(target=holder, args=("first",)),
        threading.Thread(target=bookkeeper),
    ]
    for t in threads:
        t.start()
    _wait_until(lambda: slots._free == 0)
    threads.append(threading.Thread(target=holder, args=("e1",)))
    threads[-1].start()
    _wait_until(lambda: slots._eager == 1)
    events["booking"].set()  # steps aside: e1 gets the slot
    _wait_until(lambda: "e1" in order)
    time.sleep(0.4)  # past its patience: the bookkeeping now queues like a reply
    threads.append(threading.Thread(target=holder, args=("e3",)))
    threads[-1].start()
    _wait_until(lambda: slots._eager == 2)
    events["e1"].set()  # one slot frees: the bookkeeping, queued first, gets it
    _wait_until(lambda: "bookkeeping" in order)
    assert "e3" not in order or order.index("bookkeeping") < order.index("e3")
    for e in events.values():
        e.set()
    for t in threads:
        t.join(5)
    assert order.index("bookkeeping") < order.index("e3")


def test_starting_a_reply_goes_before_finishing_one() -> None:
    slots = CpuSlots(1, patience=30)
    order: list[str] = []
    model_answered = threading.Event()
    busy = threading.Event()

    def finisher() -> None:
        with slots.held():
            with slots.waiting():  # the model call
                model_answered.wait(5)
            order.append("finish")

    def holder() -> None:
        with slots.held():
            busy.wait(5)

    def starter() -> None:
        with slots.held():
            order.append("start")

    f = threading.Thread(target=finisher)
    f.start()
    _wait_until(lambda: slots._free == 1)  # the finisher waits on the model, holding nothing
    h = threading.Thread(target=holder)
    h.start()
    _wait_until(lambda: slots._free == 0)
    s = threading.Thread(target=starter)
    s.start()
    _wait_until(lambda: slots._eager == 1)
    model_answered.set()  # the finisher now waits for a slot too
    _wait_until(lambda: slots._waiting[1] == 1)
    busy.set()  # one slot frees: the new reply starts first, then the answer is finished
    for t in (f, h, s):
        t.join(5)
    assert order == ["start", "finish"]


def test_the_reply_pool_grows_to_a_burst_and_shrinks_after_it() -> None:
    pool = ElasticPool(8, idle_seconds=0.2, name="test-elastic")
    go = threading.Event()
    futures = [pool.submit(go.wait, 5) for _ in range(6)]
    _wait_until(lambda: pool.size == 6)  # a thread per waiting task
    go.set()
    assert all(f.result(timeout=5) for f in futures)
    # Idle for longer than idle_seconds: every thread has ended, none is left behind.
    _wait_until(lambda: pool.size == 0)
    assert not [t for t in threading.enumerate() if t.name.startswith("test-elastic")]
    # The next burst starts threads again; a failure reaches its future.
    assert pool.submit(lambda x: x * 2, 21).result(timeout=5) == 42
    failed = pool.submit(lambda: 1 / 0)
    assert isinstance(failed.exception(timeout=5), ZeroDivisionError)
    pool.shutdown()


def test_the_reply_pool_queues_beyond_its_maximum_and_cancels_on_shutdown() -> None:
    pool = ElasticPool(2, idle_seconds=5, name="test-capped")
    go = threading.Event()
    running = [pool.submit(go.wait, 5) for _ in range(2)]
    queued = pool.submit(lambda: "late")
    time.sleep(0.05)
    assert pool.size == 2 and not queued.done()
    go.set()
    assert queued.result(timeout=5) == "late" and all(f.result(timeout=5) for f in running)
    block = threading.Event()
    busy = [pool.submit(block.wait, 5) for _ in range(2)]
    _wait_until(lambda: all(f.running() for f in busy))
    never = pool.submit(lambda: "never")
    pool.shutdown(wait=False, cancel_futures=True)
    assert never.cancelled()
    block.set()
    assert all(f.result(timeout=5) for f in busy)
    try:
        pool.submit(lambda: None)
    except RuntimeError:
        pass
    else:
        raise AssertionError("submit after shutdown must fail")
    _wait_until(lambda: pool.size == 0)
