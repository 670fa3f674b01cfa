"""A burst of model calls through `AnthropicLLM`, timed in isolation: `--calls` calls at once
(200) against the local Messages API double answering after `--latency` seconds (1 s), served by
a child process so its CPU is not counted; each round uses a new client, as a daemon's first
burst does. Prints the calling threads' CPU per call (best and median round), and the share of
it spent in the connection pool's bookkeeping (httpcore's `_assign_requests_to_connections`,
timed by wrapping it in this process only).

Uses only what `main` has too, so it runs from either tree (the one on PYTHONPATH):

    PYTHONPATH=<tree> python bench/model_pool.py [--rounds 5]
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import statistics
import sys
import threading
import time
from typing import Any

import httpcore2._sync.connection_pool as pool

from bot.doubles.anthropic_api import LocalAnthropicAPI
from reflection.anthropic_llm import AnthropicLLM
from reflection.llm import ChatMessage, LLMRequest, SystemBlock

_ASSIGN = pool.ConnectionPool._assign_requests_to_connections
_in_pool = [0.0]


def _timed_assign(self: pool.ConnectionPool) -> Any:
    started = time.thread_time()
    try:
        return _ASSIGN(self)
    finally:
        _in_pool[0] += time.thread_time() - started


def serve(latency: float, urls: Any) -> None:
    """The double, in a child process, until terminated."""
    with LocalAnthropicAPI(api_key="bench", latency=latency) as api:
        urls.put(api.base_url)
        time.sleep(3600)


def burst(url: str, calls: int) -> tuple[float, float]:
    """CPU per call of the calling threads, and of it in the pool's bookkeeping (ms)."""
    asked = LLMRequest(
        model="claude-haiku-4-5",
        system=(SystemBlock("You are a helpful team assistant. " * 100, cache=True),),
        messages=(ChatMessage("user", "which service do I deploy on Tuesdays?"),),
        max_tokens=50,
    )
    spent: list[float] = []
    start = threading.Barrier(calls)
    with AnthropicLLM("bench", base_url=url, max_retries=0) as llm:
        llm.complete(asked)  # the first call's one-off costs are not the burst's
        _in_pool[0] = 0.0

        def one() -> None:
            start.wait()
            began = time.thread_time()
            llm.complete(asked)
            spent.append(time.thread_time() - began)

        threads = [threading.Thread(target=one) for _ in range(calls)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    return sum(spent) / calls * 1000, _in_pool[0] / calls * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=200)
    parser.add_argument("--latency", type=float, default=1.0)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    sys.setswitchinterval(0.001)  # as the daemon (bot/daemon.py)
    pool.ConnectionPool._assign_requests_to_connections = _timed_assign  # type: ignore[method-assign]
    urls: Any = mp.get_context("spawn").Queue()
    server = mp.get_context("spawn").Process(target=serve, args=(args.latency, urls), daemon=True)
    server.start()
    try:
        url = urls.get(timeout=60)
        rounds = [burst(url, args.calls) for _ in range(args.rounds)]
    finally:
        server.terminate()
    cpu = [c for c, _ in rounds]
    in_pool = [p for _, p in rounds]
    print(
        f"model call CPU per call: best {min(cpu):.3f} ms, median {statistics.median(cpu):.3f} ms;"
        f" in the pool's bookkeeping: best {min(in_pool):.3f} ms,"
        f" median {statistics.median(in_pool):.3f} ms"
    )


if __name__ == "__main__":
    main()
