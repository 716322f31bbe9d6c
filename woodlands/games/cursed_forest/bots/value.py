"""The Cursed Forest's position value for the search bot's ``heuristic`` leaf (:mod:`woodlands.bots.leaf`
says what a position value is and how the search uses it; the descriptor names this function as
``position_value``).  For the team (with ``pvp``, half the team and half the seat's own kill
tally): seeds laid and carried, each adventurer's Health, lives and kit; an adventurer out costs much.

The game's search settings (:data:`SEARCH`, the descriptor's ``search``) name :func:`repeat_key`:
the bot takes the greedy bot's choice in a position its seat has already decided in this game
(docs/bots.md "Repeated positions").
"""
from __future__ import annotations

import functools
import hashlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ....engine.state import GameState


@functools.cache
def _bot() -> Any:
    """The greedy bot whose judgement (the worth of a kit) the value borrows, made once."""
    from .greedy import GreedyCursedForestBot
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


#: view fields that move on by themselves while nothing else changes: a seat that ends its turns
#: in the same place, or walks there and back, meets the "same" position in a later round
COUNTERS = ("round",)


def repeat_key(state: "GameState", seat: int) -> bytes:
    """The position as ``seat`` knows it, without :data:`COUNTERS`, and the options of the
    decision (a digest: the search bot remembers one per decision of a game).  Read from the
    seat's view and the decision only."""
    view = state.view(seat)
    decision = state.decision
    text = repr(([(k, v) for k, v in view.items() if k not in COUNTERS],
                 None if decision is None else [o.id for o in decision.options]))
    return hashlib.blake2b(text.encode(), digest_size=16).digest()


#: the margin by which an option must beat the greedy choice, by how many adventurers the team has
#: (docs/results/bots.md "The Cursed Forest with four players")
MARGIN_FEW = 0.05       # one or two adventurers: the search bot's own MARGIN
MARGIN_MANY = 0.15      # three or four


def margin(state: "GameState") -> float:
    """How much better than the greedy choice an option must look for the search to take it.

    With three or four adventurers the search's iterations are spread over every adventurer's
    decisions in its tree, and a position judged before a fight is settled rates putting the
    fight off (a free action, a turn ended) above fighting: the horizon effect.  Over seeds 0-49
    with four players the search at the common margin (0.05) lost six games that greedy won and
    won none that it lost, so a larger team keeps the greedy choice unless an option is clearly
    better.  Read from the deciding seat's view (every seat sees the whole team).

    >>> import woodlands
    >>> game = woodlands.load_game("cursed-forest")
    >>> margin(game.new_game(seed=0, options={"players": 4})), margin(game.new_game(seed=0, options={"players": 1}))
    (0.15, 0.05)
    """
    decision = state.decision
    team = len(state.view(0 if decision is None else decision.player)["players"])
    return MARGIN_MANY if team >= 3 else MARGIN_FEW


#: the search bot's settings for the Cursed Forest (:func:`woodlands.bots.leaf.settings`)
SEARCH: dict[str, Any] = {"repeat_key": repeat_key, "margin": margin}
