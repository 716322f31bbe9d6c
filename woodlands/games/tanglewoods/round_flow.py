"""Round Flow: Activation (Map, Forest, Bribery) then Engagement (Strategy, Resolve)."""
from __future__ import annotations

from ...engine.steps import push_in_order
from .effects import run_effects
from .registry import steps
from .state import TanglewoodsState


@steps.auto("round_start")
def round_start(s: TanglewoodsState) -> None:
    limit = s.options.get("round_limit")
    if limit is not None and s.round >= limit:
        s.end_game("unfinished", reason=f"round limit {limit} reached", round=s.round,
                   bears_defeated=len(s.bears_won))
        return
    s.round += 1
    s.used.clear()
    s.defeats_this_round = 0
    s.emit("round", number=s.round)
    push_in_order(s.stack, [("map_phase",), ("forest_phase",), ("bribery_phase",), ("activation_end",),
                            ("strategy_phase",), ("resolve_phase",), ("round_start",)])


@steps.auto("activation_end")
def activation_end(s: TanglewoodsState) -> None:
    """Effects timed for the end of the Activation (Papa Bear's modifier side, TG-101)."""
    c = s.content
    for idx in s.bears_won:
        face = c.forest[idx].faces[1]
        if face.activation_end:
            run_effects(s, face.activation_end, ("bear", idx * 2 + 1))
    for code in s.inventory:
        if c.item_face(code).activation_end:
            run_effects(s, c.item_face(code).activation_end, ("item", code))
    # AUD-2: the log marks the end of the Activation (before its end-of-Activation effects run)
    s.emit("activation_end", round=s.round, day_drawn=s.day_drawn)
