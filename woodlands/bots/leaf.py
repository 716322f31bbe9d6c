"""Position values for the search bot's ``heuristic`` leaf: how good a sampled position looks.

A search that plays every sample to its end learns nothing where the playout player almost never
wins (random play never beats Tanglewoods at difficulty 10 or solo Cursed Forest), and a greedy
playout per iteration costs too much.  The ``heuristic`` leaf (``woodlands.bots.ismcts``) stops
at the new node and scores the position instead, with :func:`position_value`.

Each game's value is a raw number in that game's own currency, read from the sampled position as
the deciding seat sees it (``state.view(seat)``: a determinized sample is the search's own, so its
view shows nothing of the real game's hidden facts), weighed where the greedy bot has weights with
the greedy bot's own judgement (imported, not copied):

* **Tanglewoods**, in the greedy bot's "dice": a bear beaten is ``Tuning.bear_kill`` (a bear
  baited and loose a share of it), Health and gold at the bot's prices (``health_value``,
  ``gold_value``), each ready die, Strategy and Recovery, less what the enemies in the tableau
  will still cost (the bot's ``fight_cost``), the map's missing directions and each round gone.
* **The Cursed Forest**, for the team (with ``pvp``, half the team and half the seat's own kill
  tally): seeds laid and seeds carried, each adventurer's Health, lives and kit (the greedy
  bot's ``inventory_worth``), an adventurer out costs much.
* **Storyfold**, the score's parts: scenes played and Shadow cards drawn (what the final score
  counts), then the scene in play: the Light marker's progress, the Shadow marker's distance
  from the middle, locations visited, Spirit left.

:func:`squash` turns the raw difference from the root's value into 0..1 (0.5: as good as the
root); a finished game is worth its :meth:`~woodlands.engine.game.Game.reward`.

>>> import woodlands
>>> state = woodlands.load_game("tanglewoods").new_game(seed=2, options={"hero": "thorn-warden", "round_limit": 40})
>>> raw = raw_value(state, 0)
>>> isinstance(raw, float) and squash(state, raw, raw) == 0.5
True
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from ..engine.state import GameState

#: how many raw units move the squashed value from 0.5 to about 0.73 (one logistic unit), per game
SCALES = {"tanglewoods": 6.0, "cursed-forest": 4.0, "storyfold": 2.0}

#: Tanglewoods: a bear baited into the forest and not beaten yet, as a share of beating one
#: (progress: it must be drawn to be fought); the dice each round costs (the forest darkens and
#: the round limit nears, so waiting is not free)
BEAR_LOOSE = 0.4
ROUND_COST = 1.0
#: a bear in the tableau, on top of being loose (a share of beating it)
BEAR_FOUGHT = 0.3

_GREEDY: dict[str, Any] = {}


def _greedy(game_id: str) -> Any:
    bot = _GREEDY.get(game_id)
    if bot is None:
        from .base import greedy_for
        bot = _GREEDY[game_id] = greedy_for(game_id, 0)
    return bot


# ---------------------------------------------------------------------- Tanglewoods
def tanglewoods_value(state: "GameState", seat: int) -> float:
    from .greedy_tanglewoods import live_enemies, load_content
    bot = _greedy("tanglewoods")
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


# ---------------------------------------------------------------------- The Cursed Forest
def cursed_forest_value(state: "GameState", seat: int) -> float:
    bot = _greedy("cursed-forest")
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


# ---------------------------------------------------------------------- Storyfold
def storyfold_value(state: "GameState", seat: int) -> float:
    s: Any = state
    scene = s.content.scenes[s.scene]
    value = -2.0 * s.scenes_played - 0.05 * s.shadow_drawn
    value += 0.4 * s.light + 0.5 * (s.shadow - scene.middle) + 0.3 * sum(s.visited) + 0.1 * s.spirit_left()
    return float(value)


VALUES: dict[str, Callable[["GameState", int], float]] = {
    "tanglewoods": tanglewoods_value,
    "cursed-forest": cursed_forest_value,
    "storyfold": storyfold_value,
}


def has_value(game_id: str) -> bool:
    """Does ``game_id`` have a position value (else the heuristic leaf plays random playouts)?"""
    return game_id in VALUES


def raw_value(state: "GameState", seat: int) -> float:
    """The game's raw position value for ``seat`` (higher is better; see the module)."""
    return VALUES[state.game.id](state, seat)


def squash(state: "GameState", raw: float, reference: float) -> float:
    """``raw`` against ``reference`` (the root's), in 0..1 by a logistic of the game's scale."""
    x = (raw - reference) / SCALES.get(state.game.id, 4.0)
    if x > 30:
        return 1.0
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


__all__ = ["SCALES", "VALUES", "has_value", "raw_value", "squash"]
