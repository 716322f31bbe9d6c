"""What each seat gets when a game ends: the rewards of every research adapter (Gymnasium,
PettingZoo and OpenSpiel; docs/research.md).

Every return lies in [-1, 1], and a game cut by a limit gives 0 to every seat.  By default the
seats are won or lost together, as in solo and cooperative games: +1 to every seat for a win,
-1 for a loss.  A game that says more gives its descriptor a ``returns`` hook, ``(game, state,
players) -> [float per seat]`` for a won or lost game (a score, seats that play against each
other), and, if its seats may play each for itself, an ``each_for_itself`` hook, ``(options) ->
bool`` (OpenSpiel then calls the game general-sum).

Nothing here is on the per-step path: an adapter looks its game's returns up once
(:func:`returns_of`) and calls them once per episode.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from ..engine.registry import GameDescriptor, descriptor, resolve
from ..engine.views import result_of

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.state import GameState

#: ``(game, state, players) -> [return of each seat]``
Returns = Callable[["Game", "GameState", int], list[float]]


def shared_returns(game: "Game", state: "GameState", players: int) -> list[float]:
    """+1 to every seat for a win, -1 for a loss: the game is won or lost together."""
    return [1.0 if result_of(state.outcome) == "win" else -1.0] * players


def returns_of(d: GameDescriptor) -> Returns:
    """The returns of ``d``'s game (its ``returns`` hook, or :func:`shared_returns`), with 0 to
    every seat of a game that is not over or was cut by a limit (``"unfinished"``)."""
    own: Returns = shared_returns if d.returns is None else resolve(d.returns)

    def returns(game: "Game", state: "GameState", players: int) -> list[float]:
        if result_of(state.outcome) not in ("win", "loss"):
            return [0.0] * players
        return own(game, state, players)
    return returns


def seat_returns(game: "Game", state: "GameState", players: int) -> list[float]:
    """The returns of ``state`` of ``game`` (see the module doc), one per seat."""
    return returns_of(descriptor(game.id))(game, state, players)


def each_plays_for_itself(game: "Game", options: dict[str, Any]) -> bool:
    """Whether the seats of ``game`` with ``options`` play against each other."""
    hook = descriptor(game.id).each_for_itself
    return hook is not None and bool(resolve(hook)(options))
