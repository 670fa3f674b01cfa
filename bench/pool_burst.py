"""A burst of reply hand-offs through `ElasticPool`, timed on the submitting side: `--intakes`
threads (4) submit `--tasks` tasks (200) between them, each after ~`--work` ms of its own CPU
(the intake's transaction; 1.0), into a new pool per round, as a daemon's first burst does. A
task waits `--latency` seconds (the model; 1.0) and spins 1 ms. Prints, per round, the
submitting threads' CPU and wall time inside `submit` (per call: mean, p99, max), how long the
tasks waited in the queue (p50, p99, max) and when the last one started, from the burst's start.

Uses only what `main` has too, so it runs from either tree (the one on PYTHONPATH):

    PYTHONPATH=<tree> python bench/pool_burst.py [--rounds 5]
"""

from __future__ import annotations

import argparse
import statistics
import threading
import time

from bot.chat.cpu_slots import ElasticPool


def _spin(seconds: float) -> None:
    end = time.thread_time() + seconds
    while time.thread_time() < end:
        pass


def burst(tasks: int, intakes: int, work: float, latency: float) -> dict[str, float]:
    """One burst into a new pool; times in ms."""
    pool = ElasticPool(256, idle_seconds=2.0, name="bench-pool")
    cpu: list[float] = []
    wall: list[float] = []
    started: list[float] = []
    last = [0.0]
    lock = threading.Lock()
    barrier = threading.Barrier(intakes)
    t0 = time.perf_counter()

    def task(queued: float) -> None:
        began = time.perf_counter()
        with lock:
            started.append(began - queued)
            last[0] = max(last[0], began - t0)
        time.sleep(latency)
        _spin(0.001)

    def intake(n: int) -> None:
        barrier.wait()
        for _ in range(n):
            _spin(work / 1000)
            c, w = time.thread_time(), time.perf_counter()
            pool.submit(task, w)
            c2, w2 = time.thread_time(), time.perf_counter()
            with lock:
                cpu.append(c2 - c)
                wall.append(w2 - w)

    threads = [threading.Thread(target=intake, args=(tasks // intakes,)) for _ in range(intakes)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    while True:
        with lock:
            if len(started) == len(wall):
                break
        time.sleep(0.01)
    pool.shutdown()

    def p99(xs: list[float]) -> float:
        return sorted(xs)[int(len(xs) * 0.99) - 1] * 1000

    return {
        "cpu_mean": statistics.mean(cpu) * 1000,
        "cpu_total": sum(cpu) * 1000,
        "wall_mean": statistics.mean(wall) * 1000,
        "wall_p99": p99(wall),
        "wall_max": max(wall) * 1000,
        "start_wait_p50": statistics.median(started) * 1000,
        "start_wait_p99": p99(started),
        "start_wait_max": max(started) * 1000,
        "last_start": last[0] * 1000,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tasks", type=int, default=200)
    parser.add_argument("--intakes", type=int, default=4)
    parser.add_argument("--work", type=float, default=1.0)
    parser.add_argument("--latency", type=float, default=1.0)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    for r in range(args.rounds):
        got = burst(args.tasks, args.intakes, args.work, args.latency)
        print(f"round {r}: " + ", ".join(f"{k} {v:.3f}" for k, v in got.items()), flush=True)


if __name__ == "__main__":
    main()
