"""The games as research environments: adapters over any game whose descriptor gives an action
grammar and an observation encoding.

* :func:`action_space`: a fixed, stable action space per game (every option id a game with its
  content pack and options can ever offer, numbered) and the legal-action mask
  (:mod:`woodlands.kit.spaces`);
* :func:`encoder`: a fixed-size numeric encoding of what one seat may see
  (:mod:`woodlands.kit.encoding`);
* :mod:`woodlands.research.gym`: a Gymnasium environment per game (``woodlands/Tanglewoods-v0`` ...);
* :mod:`woodlands.research.pettingzoo`: a PettingZoo AEC environment per game of several players;
* :mod:`woodlands.research.openspiel`: each game as an OpenSpiel Python game.

Importing this package imports neither numpy nor gymnasium: each module imports what it needs
(the adapters are an optional extra, ``pip install woodlands[research]``).  See docs/research.md.
"""
from __future__ import annotations

__all__ = ["action_space", "encoder"]

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..kit.encoding import Encoder
    from ..kit.spaces import ActionSpace


def action_space(game: "str | Game", options: dict[str, Any] | None = None, content: str | None = None) -> "ActionSpace":
    """:func:`woodlands.kit.spaces.action_space` (imported on first use): ``game`` is a game id
    or a loaded game."""
    from ..kit.spaces import action_space as make
    return make(game, options, content)


def encoder(game_id: str, options: dict[str, Any] | None = None, content: str | None = None) -> "Encoder":
    """:func:`woodlands.kit.encoding.encoder` (imported on first use)."""
    from ..kit.encoding import encoder as make
    return make(game_id, options, content)
