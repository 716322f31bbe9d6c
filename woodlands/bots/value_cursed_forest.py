"""The Cursed Forest's position value for the search bot's ``heuristic`` leaf (:mod:`woodlands.bots.leaf`
says what a position value is and how the search uses it; the descriptor names this function as
``position_value``).  For the team (with ``pvp``, half the team and half the seat's own kill
tally): seeds laid and carried, each adventurer's Health, lives and kit; an adventurer out costs much."""
from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..engine.state import GameState


@functools.cache
def _bot() -> Any:
    """The greedy bot whose judgement (the worth of a kit) the value borrows, made once."""
    from .greedy_cursed_forest import GreedyCursedForestBot
    return GreedyCursedForestBot(0)


def position_value(state: "GameState", seat: int) -> float:
    bot = _bot()
    bot._learn(state.game.content)
    view = state.view(seat)
    team = 8.0 * float(view["seeds_laid"])
    own = 0.0
    for p in view["players"]:
        if p["out"]:
            team -= 12.0
            continue
        worth = 1.0 * p["health"] + 6.0 * p["lives"] + 3.0 * len(p["seeds"])
        worth += 0.3 * bot.inventory_worth(p["inventory"], bot._character(p))
        team += worth
        if p["player"] == seat:
            own += 0.2 * float(p["tally"])
    if state.options.get("pvp"):
        return 0.5 * team + 0.5 * own
    return team
