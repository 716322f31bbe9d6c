"""Tanglewoods' position value for the search bot's ``heuristic`` leaf (:mod:`woodlands.bots.leaf`
says what a position value is and how the search uses it; the descriptor names this function as
``position_value``).

Two values, both read from ``state.view(seat)`` only:

* :func:`hand_value`, the first one, in the greedy bot's "dice": bears beaten and loose, Health
  and gold at the bot's prices, dice, Strategy and Recovery, less the enemies' fight costs, the
  map's missing directions and the rounds gone (weights by hand);
* :func:`position_value`, the one the search uses: the log-odds that the greedy bot goes on to
  win from here, a logistic regression of the final result on :func:`features` of positions
  from simulated greedy games (``benchmarks/fit_tanglewoods_value.py`` fits it and writes the
  weights to ``value.toml`` beside this module; docs/results/bots.md "Which leaf wins more").

>>> import woodlands
>>> state = woodlands.load_game("tanglewoods").new_game(seed=2, options={"hero": "thorn-warden", "difficulty": 10, "round_limit": 40})
>>> len(features(state, 0)) == len(FEATURES) and 0.0 < win_chance(state, 0) < 1.0
True
"""
from __future__ import annotations

import functools
import math
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ....engine.state import GameState

#: Tanglewoods: a bear baited into the forest and not beaten yet, as a share of beating one
#: (progress: it must be drawn to be fought); the dice each round costs (the forest darkens and
#: the round limit nears, so waiting is not free)
BEAR_LOOSE = 0.4
ROUND_COST = 1.0
#: a bear in the tableau, on top of being loose (a share of beating it)
BEAR_FOUGHT = 0.3
#: hits a die of each colour shows (its strength), for the dice features
_HITS = {"yellow": 1, "green": 2, "blue": 3, "purple": 4, "red": 5}
#: the names of :func:`features`, in order (the weights file names them too)
FEATURES = ("bears_defeated", "bears_loose", "bears_in_tableau", "health", "low_health", "gold",
            "strategy", "recovery", "dice_ready", "dice_ready_hits", "dice_tired", "dice_committed_hits",
            "enemies", "enemy_health_left", "enemy_fight_cost", "map_missing", "no_map", "round",
            "rounds_left", "late_bears_short", "difficulty", "strategy_passes_left", "hand_value")
#: the decisions the search bot searches at Tanglewoods: which map to follow, whom to bribe (the
#: rest, placing cards and committing dice among them, are the greedy bot's: a value read a few
#: decisions ahead misjudged them, docs/results/bots.md "Which leaf wins more")
SEARCHED = frozenset({"map", "bribe"})
#: how many decisions the greedy bot plays on after an option (one to two rounds) before the
#: fitted value judges the position (or the game's end, if it comes first)
ROLLOUT = 30


def searched(state: "GameState") -> bool:
    """Is this decision worth a search?  Only the options' ids are read (what the seat sees)."""
    decision = state.decision
    return decision is not None and any(o.id.split(":", 1)[0] in SEARCHED for o in decision.options)


#: the search bot's settings for Tanglewoods (the descriptor's ``search``; :func:`woodlands.bots.leaf.settings`):
#: the fitted value is log-odds, read as they are; a tree one option deep whose every option is
#: judged after the greedy bot plays ``ROLLOUT`` decisions on (the greedy bot's rollout
#: algorithm); win chances, so the exploration constant of wins and losses, and the greedy
#: choice is left only for one at least 0.1 (ten points of win chance) better
SEARCH: dict[str, Any] = {"absolute": True, "searched": searched, "rollout": ROLLOUT, "rollout_phase": False,
                          "depth": 1, "exploration": 0.7, "margin": 0.1}
#: the weights file, beside this module
WEIGHTS = Path(__file__).with_name("value.toml")


@functools.cache
def _bot() -> Any:
    """The greedy bot whose judgement (prices, fight costs) the values borrow, made once."""
    from .greedy import GreedyTanglewoodsBot
    return GreedyTanglewoodsBot(0)


def _ready(state: "GameState", view: dict[str, Any]) -> Any:
    from .greedy import load_content
    bot = _bot()
    if bot.content is None:
        bot.content = load_content(state, view)
    return bot


def hand_value(state: "GameState", seat: int, view: dict[str, Any] | None = None) -> float:
    """The hand-weighted value (in the greedy bot's dice; the search's value before the fitted one)."""
    from .greedy import live_enemies
    if view is None:
        view = state.view(seat)
    bot = _ready(state, view)
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


def features(state: "GameState", seat: int) -> list[float]:
    """What the fitted value reads of a position (names in :data:`FEATURES`), all from the
    seat's view and the game's public options."""
    from .greedy import live_enemies, remaining_health
    view = state.view(seat)
    bot = _ready(state, view)
    dice = view["dice"]
    pool, committed, tired = dice["pool"], dice["committed"], dice["exhausted"]
    enemies = live_enemies(view)
    plan = view["map"]
    limit = state.options.get("round_limit")
    rnd = float(view["round"])
    left = float(max(0, int(limit) - int(rnd))) if limit else 40.0
    beaten = float(view["bears_defeated"])
    health = float(view["health"])
    return [
        beaten,
        float(bot.bears_loose(view)),
        float(sum(1 for e in enemies if e["kind"] == "bear")),
        health,
        float(max(0.0, 4.0 - health)),
        float(view["gold"]),
        float(view["strategy"]),
        float(view["recovery"]),
        float(sum(pool.values()) + sum(committed.values())),
        float(sum(_HITS[c] * (pool[c] + committed[c]) for c in _HITS)),
        float(sum(tired.values())),
        float(sum(_HITS[c] * committed[c] for c in _HITS)),
        float(len(enemies)),
        float(sum(remaining_health(e) for e in enemies)),
        float(sum(bot.fight_cost(e, view) for e in enemies)),
        float(len(plan["missing"])) if plan is not None and not plan["complete"] else 0.0,
        1.0 if plan is None else 0.0,
        rnd,
        left,
        (3.0 - beaten) * max(0.0, 10.0 - left),
        float(view["difficulty"]),
        float(view["passes_allowed"]) - float(view["strategy_pass"]),
        hand_value(state, seat, view),
    ]


@functools.cache
def weights() -> tuple[float, tuple[float, ...]]:
    """The fitted (intercept, weights), read once from :data:`WEIGHTS`; a file whose feature
    names are not :data:`FEATURES` is refused (fit it again)."""
    import tomllib
    data = tomllib.loads(WEIGHTS.read_text(encoding="utf-8"))
    names = tuple(data["features"])
    if names != FEATURES:
        raise ValueError(f"{WEIGHTS.name} was fitted on other features ({', '.join(names)}); "
                         "run benchmarks/fit_tanglewoods_value.py again")
    return float(data["intercept"]), tuple(float(w) for w in data["weights"])


def position_value(state: "GameState", seat: int) -> float:
    """The fitted log-odds that the greedy bot wins from this position (higher is better)."""
    if state.over:
        return 30.0 if state.game.reward(state, seat) > 0.5 else -30.0
    b, w = weights()
    x = features(state, seat)
    return b + sum(wi * xi for wi, xi in zip(w, x))


def win_chance(state: "GameState", seat: int) -> float:
    """:func:`position_value` as a chance (0..1)."""
    z = max(-30.0, min(30.0, position_value(state, seat)))
    return 1.0 / (1.0 + math.exp(-z))
