"""`seshat run --workers N`: N daemon processes on one host sharing the load.

Each worker is a whole `seshat run` (its own interpreter, so its own interpreter lock: the point
of it on a machine with more than one core). They share the database the way replicas do: every
delivery is claimed once, every reply is claimed with a lease, every scheduled job runs once per
period, and on SQLite the writers queue on a file lock beside the database (store/db.py).
Socket Mode: each worker opens its own connection and Slack spreads the events over them (an app
may hold ten). HTTP mode: every worker listens on the one port (SO_REUSEPORT) and the kernel
spreads the connections.

This process only supervises (~40 MB: it imports neither the database layer nor the daemon): it
has the migrations applied once (`seshat db upgrade`, before any worker starts, so they do not
race), starts the workers, restarts one that dies (after a pause that doubles up to a
minute), and on SIGTERM/SIGINT stops them all and waits. A worker that exits with the settings
error status (2) stops everything with it: the others would fail the same way.
"""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
import threading
import time
from types import FrameType

log = logging.getLogger(__name__)
CONFIG_ERROR = 2
RESTART_PAUSE_SECONDS = 1.0
RESTART_PAUSE_MAX_SECONDS = 60.0
STOP_SECONDS = 60.0


# Set in a worker's environment: the pid of the supervisor holding the data dir's lock for it.
SUPERVISED = "SESHAT_SUPERVISOR_PID"


def worker_command() -> list[str]:
    """How a worker is started: this interpreter, `seshat run` as one process."""
    return [sys.executable, "-m", "bot.cli", "run", "--workers", "1"]


def supervise(count: int) -> int:
    """Run `count` workers until SIGTERM/SIGINT; the exit status."""
    # Migrations once, before any worker starts, in a process of their own: this one imports
    # neither the database layer nor the daemon, so it costs a few tens of MB, not a worker's.
    upgrade = subprocess.run(
        [sys.executable, "-m", "bot.cli", "db", "upgrade"], stdout=subprocess.DEVNULL, check=False
    )
    if upgrade.returncode != 0:
        return upgrade.returncode
    stop = threading.Event()
    procs: dict[int, subprocess.Popen[bytes]] = {}
    pause = dict.fromkeys(range(count), RESTART_PAUSE_SECONDS)
    status = 0

    def start(index: int) -> None:
        env = {
            **os.environ,
            "SESHAT_WORKERS": str(count),
            "SESHAT_WORKER_INDEX": str(index),
            SUPERVISED: str(os.getpid()),  # this process holds the data dir's one-daemon lock
        }
        procs[index] = subprocess.Popen(worker_command(), env=env)
        log.info("worker started", extra={"worker": index, "pid": procs[index].pid})

    def on_signal(_signum: int, _frame: FrameType | None) -> None:
        stop.set()

    previous = {sig: signal.signal(sig, on_signal) for sig in (signal.SIGTERM, signal.SIGINT)}
    try:
        for index in range(count):
            start(index)
        while not stop.wait(0.2):
            for index, proc in list(procs.items()):
                code = proc.poll()
                if code is None:
                    continue
                if code == CONFIG_ERROR:
                    log.error("worker %d stopped on a settings error; stopping all", index)
                    status = CONFIG_ERROR
                    stop.set()
                    break
                log.error("worker %d exited (%s); restarting in %.0f s", index, code, pause[index])
                if stop.wait(pause[index]):
                    break
                pause[index] = min(pause[index] * 2, RESTART_PAUSE_MAX_SECONDS)
                start(index)
    finally:
        for proc in procs.values():
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + STOP_SECONDS
        for proc in procs.values():
            try:
                proc.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    return status
