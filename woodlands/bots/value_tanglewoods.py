"""Tanglewoods' position value for the search bot's ``heuristic`` leaf (:mod:`woodlands.bots.leaf`
says what a position value is and how the search uses it; the descriptor names this function as
``position_value``).  In the greedy bot's "dice": bears beaten and loose, Health and gold at the
bot's prices, dice, Strategy and Recovery, less the enemies' fight costs, the map's missing
directions and the rounds gone."""
from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..engine.state import GameState

#: Tanglewoods: a bear baited into the forest and not beaten yet, as a share of beating one
#: (progress: it must be drawn to be fought); the dice each round costs (the forest darkens and
#: the round limit nears, so waiting is not free)
BEAR_LOOSE = 0.4
ROUND_COST = 1.0
#: a bear in the tableau, on top of being loose (a share of beating it)
BEAR_FOUGHT = 0.3


@functools.cache
def _bot() -> Any:
    """The greedy bot whose judgement (prices, fight costs) the value borrows, made once."""
    from .greedy_tanglewoods import GreedyTanglewoodsBot
    return GreedyTanglewoodsBot(0)


def position_value(state: "GameState", seat: int) -> float:
    from .greedy_tanglewoods import live_enemies, load_content
    bot = _bot()
    view = state.view(seat)
    if bot.content is None:
        bot.content = load_content(state, view)
    t = bot.tuning
    dice = view["dice"]
    ready = sum(dice["pool"].values()) + sum(dice["committed"].values())
    tired = sum(dice["exhausted"].values())
    value = t.bear_kill * float(view["bears_defeated"]) + BEAR_LOOSE * t.bear_kill * bot.bears_loose(view)
    plan = view["map"]
    if plan is not None and not plan["complete"]:
        value -= 0.5 * t.map_direction * len(plan["missing"])
    value -= ROUND_COST * float(view["round"])
    value += view["health"] * bot.health_value(view) + view["gold"] * bot.gold_value(view)
    value += ready * t.die_base * 2 + tired * t.die_base + view["strategy"] * t.strategy_loss * 0.5
    value += view["recovery"] * t.recovery_loss * 0.5
    if view["health"] <= 0:
        value -= 60.0
    for e in live_enemies(view):
        value -= bot.fight_cost(e, view)
        if e["kind"] == "bear":          # in the tableau: nearer beaten than one still in the deck
            value += BEAR_FOUGHT * t.bear_kill
    limit = state.options.get("round_limit")
    if limit:
        left = max(0, int(limit) - int(view["round"]))
        value -= (3 - float(view["bears_defeated"])) * max(0.0, 10 - left) * 2.0
    return float(value)
