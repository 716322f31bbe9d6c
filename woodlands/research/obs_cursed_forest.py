"""The Cursed Forest (placeholder until the full encoding lands): the decision kind only."""
from __future__ import annotations

from typing import Any

from ..engine.game import Game
from .observe import Layout, Writer, decision_kinds, onehot


def build(game: Game, options: dict[str, Any]) -> tuple[Layout, Writer]:
    lay = Layout()
    kinds = sorted(decision_kinds(game))
    kind_at = {k: i for i, k in enumerate(kinds)}
    o_dec = lay.add("decision", onehot("decision", kinds), 0, 1, "the kind of the decision waiting (all 0 once over)")

    def write(s: Any, seat: int, i: list[int], v: list[float]) -> None:
        d = s.decision
        if d is not None and not s.over:
            i.append(o_dec + kind_at[d.kind])
            v.append(1.0)
    return lay, write
