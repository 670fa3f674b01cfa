"""Reaction names as Slack sends them → one canonical name (skin tones and aliases folded)."""

from __future__ import annotations

import re

_SKIN_TONE = re.compile(r"::skin-tone-\d$")
# Slack sends the canonical short name, but clients and older events use aliases.
ALIASES = {
    "heavy_check_mark": "white_check_mark",
    "white_check_mark": "white_check_mark",
    "ballot_box_with_check": "white_check_mark",
    "check": "white_check_mark",
    "x": "x",
    "heavy_multiplication_x": "x",
    "negative_squared_cross_mark": "x",
    "no_entry_sign": "x",
    "brain": "brain",
    "thumbsup": "+1",
    "+1": "+1",
    "thumbsdown": "-1",
    "-1": "-1",
}


def normalise_reaction_name(name: str) -> str:
    """`white_check_mark::skin-tone-3` → `white_check_mark`; aliases → their canonical name."""
    base = _SKIN_TONE.sub("", name.strip().strip(":").lower())
    return ALIASES.get(base, base)
