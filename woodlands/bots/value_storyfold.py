"""Storyfold's position value for the search bot's ``heuristic`` leaf (:mod:`woodlands.bots.leaf`
says what a position value is and how the search uses it; the descriptor names this function as
``position_value``).  The score's parts: scenes played and Shadow cards drawn, then the scene in
play: the Light marker's progress, the Shadow marker's distance from the middle, locations
visited, Spirit left."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..engine.state import GameState

def position_value(state: "GameState", seat: int) -> float:
    s: Any = state
    scene = s.content.scenes[s.scene]
    value = -2.0 * s.scenes_played - 0.05 * s.shadow_drawn
    value += 0.4 * s.light + 0.5 * (s.shadow - scene.middle) + 0.3 * sum(s.visited) + 0.1 * s.spirit_left()
    return float(value)
