"""Fewer glibc malloc arenas for the daemon's many threads.

glibc gives threads that allocate at the same time arenas of their own, up to eight per core,
and memory freed in one arena is kept there for reuse: a burst on a few hundred reply threads
leaves each arena holding its high-water mark, so the daemon's resident memory grows with the
number of threads that were busy at once rather than with what it keeps. Two arenas (what
`MALLOC_ARENA_MAX=2` sets) bound that; Python's own small-object allocator is not affected.
Does nothing where the C library is not glibc.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging

log = logging.getLogger(__name__)
M_ARENA_MAX = -8  # glibc's mallopt parameter number for the arena cap


def cap_arenas(arenas: int = 2) -> bool:
    """Limit glibc's malloc arenas (before the threads start); True when it took effect."""
    name = ctypes.util.find_library("c")
    if name is None:
        return False
    try:
        libc = ctypes.CDLL(name)
        mallopt = libc.mallopt
    except (OSError, AttributeError):  # not glibc (musl, macOS): nothing to tune
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    done = bool(mallopt(M_ARENA_MAX, arenas))
    log.debug("malloc arenas capped at %d: %s", arenas, done)
    return done
