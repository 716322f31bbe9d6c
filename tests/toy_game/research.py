"""The toy game for the research environments: its action grammar and its observation.

Three ids are all it can ever offer (``add:1``, ``add:2``, ``roll``), and a seat sees the
count, the target, what is left to it and whether it is that seat's turn.  Its reward is the
default ``Game.reward`` (1 for landing on the target, 0 for going past it), which the
environments give as ``2 * reward - 1``: +1 and -1.  With these two hooks the toy gets the Gymnasium, PettingZoo and OpenSpiel
environments, with no line anywhere else (docs/research-details.md, "A new game's environments").
"""
from __future__ import annotations

from array import array
from typing import Any

from woodlands.engine.game import Game
from woodlands.kit.encoding import Layout, Writer


def action_ids(game: Game, options: dict[str, Any]) -> list[str]:
    """Every option id of the game: what ``ask_turn`` offers."""
    return ["add:1", "add:2", "roll"]


def encoding(game: Game, options: dict[str, Any]) -> tuple[Layout, Writer]:
    """The layout and a plain writer (called on zeros each time: the toy has too little to
    gain from an incremental one)."""
    target = options["target"]
    layout = Layout()
    layout.add("count", ["total", "target", "left"], 0, target + 3, "the count, its target and what is left to it")
    layout.add("turn", ["mine"], 0, 1, "1 when this seat decides")

    def write(state: Any, seat: int, out: "array[float]") -> None:
        out[0], out[1], out[2] = state.total, target, max(target - state.total, 0)
        decision = state.decision
        out[3] = 1.0 if decision is not None and decision.player == seat else 0.0
    return layout, write
