"""Position values for the search bot's ``heuristic`` leaf: how good a sampled position looks.

A search that plays every sample to its end learns nothing where the playout player almost never
wins (random play never beats Tanglewoods at difficulty 10 or solo Cursed Forest), and a greedy
playout per iteration costs too much.  The ``heuristic`` leaf (``woodlands.bots.ismcts``) stops
at the new node and scores the position instead, with :func:`raw_value`.

Each game's value is a raw number in that game's own currency, from the function its descriptor
names as ``position_value`` (``woodlands/games/<game>/bots/value.py`` for the built-in games; its
``value_scale`` says how many raw units make one logistic unit), read from the sampled position
as the deciding seat sees it (``state.view(seat)``: a determinized sample is the search's own, so its
view shows nothing of the real game's hidden facts), weighed where the greedy bot has weights with
the greedy bot's own judgement (imported, not copied):

* **Tanglewoods**, the log-odds that the greedy bot wins from here, fitted to the ends of
  simulated greedy games (``woodlands/games/tanglewoods/bots/value.py``) on view features, among them the first,
  hand-weighted value in the greedy bot's "dice": a bear beaten is ``Tuning.bear_kill`` (a bear
  baited and loose a share of it), Health and gold at the bot's prices (``health_value``,
  ``gold_value``), each ready die, Strategy and Recovery, less what the enemies in the tableau
  will still cost (the bot's ``fight_cost``), the map's missing directions and each round gone.
* **The Cursed Forest**, for the team (with ``pvp``, half the team and half the seat's own kill
  tally): seeds laid and seeds carried, each adventurer's Health, lives and kit (the greedy
  bot's ``inventory_worth``), an adventurer out costs much.
* **Storyfold**, minus the scenes the campaign is expected to take: scenes played, plus where
  each outcome of the scene in play leads by the book, weighed by a chance that Luma prevails
  fitted to the greedy bot's games (``woodlands/games/storyfold/bots/value.py``).

:func:`squash` turns the raw difference from the root's value into 0..1 (0.5: as good as the
root; a game whose :func:`settings` say ``absolute``, Tanglewoods' fitted log-odds, the raw value
alone); a finished game is worth its :meth:`~woodlands.engine.game.Game.reward`.

>>> import woodlands
>>> state = woodlands.load_game("cursed-forest").new_game(seed=2, options={"players": 1})
>>> raw = raw_value(state, 0)
>>> isinstance(raw, float) and squash(state, raw, raw) == 0.5
True
>>> state = woodlands.load_game("tanglewoods").new_game(seed=2, options={"hero": "thorn-warden", "round_limit": 40})
>>> settings("tanglewoods")["absolute"] and squash(state, 0.0, raw_value(state, 0)) == 0.5
True
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Callable, Mapping

if TYPE_CHECKING:
    from ..engine.state import GameState

#: per game: its ``position_value`` hook (None: it has none), its ``value_scale`` and its search
#: settings, read from its descriptor once (:func:`squash` runs once per search iteration)
_HOOKS: dict[str, tuple[Callable[["GameState", int], float] | None, float, Mapping[str, Any]]] = {}

#: the keys a game's search settings (its descriptor's ``search``) may hold
SETTINGS = ("absolute", "rollout", "rollout_phase", "searched", "margin", "exploration", "depth", "repeat_key")


def _hooks(game_id: str) -> tuple[Callable[["GameState", int], float] | None, float, Mapping[str, Any]]:
    try:
        return _HOOKS[game_id]
    except KeyError:
        from ..engine.registry import descriptor, resolve
        d = descriptor(game_id)
        tune: Mapping[str, Any] = resolve(d.search) or {}
        unknown = set(tune) - set(SETTINGS)
        assert not unknown, f"{game_id}: unknown search settings {sorted(unknown)} (known: {SETTINGS})"
        hooks = (resolve(d.position_value), d.value_scale, tune)
        _HOOKS[game_id] = hooks
        return hooks


def settings(game_id: str) -> Mapping[str, Any]:
    """The game's own settings for the search (its descriptor's ``search``), each optional:

    * ``absolute`` (bool): the position value is already on a logistic scale of its own (e.g.
      fitted log-odds of winning), so :func:`squash` reads it without the root's as reference;
    * ``rollout`` (int): the heuristic leaf's default ``rollout`` (decisions the greedy bot plays
      to finish the current phase before the position is judged);
    * ``rollout_phase`` (bool, default True): the greedy rollout stops at the end of the phase;
      False: it plays on, up to ``rollout`` decisions (to the end of the game, if that is enough);
    * ``searched`` (``(state) -> bool``): is this decision worth a search?  Where it says no,
      the bot takes the greedy bot's choice and spends no budget.  It may read only what the
      deciding seat may see (its view, the decision);
    * ``depth`` (int): the tree grows at most this many options deep (1: only the root's
      options get nodes, each judged after the rollout: the greedy bot's rollout algorithm);
    * ``margin``, ``exploration``: the bot's ``MARGIN`` and exploration constant for this game
      (a bot built with other values keeps its own); ``margin`` may be a function
      ``(state) -> float`` of what every seat knows (the Cursed Forest's depends on how many
      adventurers the team has);
    * ``repeat_key`` (``(state, seat) -> hashable``): the position as the seat knows it, less
      what moves on by itself (the round).  ``choose`` remembers the key of each decision of a
      game and, meeting one again, takes the greedy bot's choice instead of searching (a search
      that led back to a position would go round the same loop).  It may read only what the
      seat may see.

    They apply to the ``heuristic`` leaf only (the other leaves keep the bot's defaults), except
    ``repeat_key``, which applies with every leaf (it needs only the greedy prior)."""
    return _hooks(game_id)[2]


def has_value(game_id: str) -> bool:
    """Does ``game_id`` have a position value (else the heuristic leaf plays random playouts)?"""
    return _hooks(game_id)[0] is not None


def raw_value(state: "GameState", seat: int) -> float:
    """The game's raw position value for ``seat`` (higher is better; see the module)."""
    fn = _hooks(state.game.id)[0]
    assert fn is not None, f"{state.game.id} has no position value (see has_value)"
    return fn(state, seat)


def squash(state: "GameState", raw: float, reference: float) -> float:
    """``raw`` against ``reference`` (the root's), in 0..1 by a logistic of the game's scale (a
    game whose settings say ``absolute``: ``raw`` alone, the reference unread)."""
    _, scale, tune = _hooks(state.game.id)
    x = (raw if tune.get("absolute") else raw - reference) / scale
    if x > 30:
        return 1.0
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


__all__ = ["has_value", "raw_value", "settings", "squash"]
