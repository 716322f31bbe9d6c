"""Shaped rewards for the research environments (``reward="shaped"``; docs/research.md).

Potential-based shaping (Ng, Harada and Russell 1999): each step adds ``gamma * Phi(s') -
Phi(s)`` to the true reward, with ``gamma = 1`` (the games are episodic) and ``Phi = 0`` once the
episode has ended (won, lost, cut by a limit or ended by an illegal action).  So an episode's
shaped return is its true return minus ``Phi(s_0)``, the same for every policy from a given
start: the policies that are best for the shaped reward are the true reward's.

``Phi`` is the game's own potential (its descriptor's ``potential`` hook, the weighted sum of
the named terms of its ``shaping_terms``), read from **one seat's view only**
(``state.view(seat)``), never from a hidden fact.  In a game of several agents each seat's
shaping is that seat's potential between its own turns: an agent is paid ``Phi_seat(now) -
Phi_seat(at its last turn)`` when its turn comes again, and ``-Phi_seat(at its last turn)``
when the game ends; so every agent's shaped return is its true return minus its own
``Phi_seat(s_0)``, and no agent is paid for what happened in another seat's view.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from ..engine.errors import GameOptionError, brief
from ..engine.registry import descriptor, resolve

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.state import GameState

#: the discount in the shaping term (the games are episodic)
GAMMA = 1.0
#: the reward keywords the environments take
REWARDS = ("outcome", "shaped")


def check_reward(reward: Any) -> str:
    """``reward`` if it is one of :data:`REWARDS`, else GameOptionError."""
    if not isinstance(reward, str) or reward not in REWARDS:
        raise GameOptionError(f"reward must be one of {list(REWARDS)}, not {brief(reward)}")
    return reward


def potential_of(game: "Game") -> Callable[["GameState", int], float]:
    """``phi(state, seat)``: the game's potential of ``seat``'s view, 0 once ``state`` is over.
    A game without a ``potential`` hook raises GameOptionError."""
    hook = descriptor(game.id).potential
    if hook is None:
        raise GameOptionError(f"{game.id} has no shaping potential: use reward='outcome'")
    own = resolve(hook)

    def phi(state: "GameState", seat: int) -> float:
        if state.is_over:
            return 0.0
        return float(own(game, state.view(seat)))
    return phi


def terms_of(game: "Game") -> dict[str, tuple[float, str]]:
    """The game's named shaping terms, ``{term: (weight, what it counts)}`` (empty: none)."""
    hook = descriptor(game.id).shaping_terms
    return dict(resolve(hook)) if hook is not None else {}
