"""The daemon's malloc arena cap (bot/malloc.py)."""

from __future__ import annotations

import platform

import pytest

from bot.malloc import cap_arenas


def test_arenas_are_capped_on_glibc() -> None:
    if platform.libc_ver()[0] != "glibc":
        pytest.skip("the arena cap is a glibc setting; this C library has none")
    assert cap_arenas(2) is True
