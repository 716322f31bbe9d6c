"""Spirit (SW-071..SW-073; ruling S-4).

The Spirit track has 12 spaces; the marker starts on the leftmost (full Spirit).  ``spirit_pos``
is the marker's space, 1..12; the Spirit you have is ``12 - spirit_pos`` (11..0).
"""
from __future__ import annotations

from .model import SPIRIT_SPACES
from .registry import steps
from .state import StoryfoldState


@steps.auto("gain_spirit")
def gain_spirit(s: StoryfoldState, amount: int) -> None:
    """SW-072: the marker moves left; what would go past the leftmost space is lost."""
    before = s.spirit_pos
    s.spirit_pos = max(1, s.spirit_pos - amount)
    s.emit("spirit", change=before - s.spirit_pos, wanted=amount, spirit=s.spirit_left())


@steps.auto("lose_spirit")
def lose_spirit(s: StoryfoldState, amount: int, why: str) -> None:
    """SW-073: the marker moves right.  Losing more than you have: the marker goes back to the
    start, the rest is lost from there, then 1 Shadow card is drawn (once per time the track runs
    out, our reading of a loss larger than two whole tracks)."""
    if amount <= 0:
        return
    overflows = 0
    left = amount
    while left > SPIRIT_SPACES - s.spirit_pos:
        left -= SPIRIT_SPACES - s.spirit_pos
        s.spirit_pos = 1
        overflows += 1
    s.spirit_pos += left
    s.emit("spirit", change=-amount, why=why, spirit=s.spirit_left(), ran_out=overflows)
    for _ in range(overflows):
        s.push("draw_shadow")
