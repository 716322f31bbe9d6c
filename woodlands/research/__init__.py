"""The games as research environments (issue 13).

* :mod:`woodlands.research.spaces`: a fixed, stable action space per game (every option id a
  game with its content pack and options can ever offer, numbered) and the legal-action mask;
* :mod:`woodlands.research.observe`: a fixed-size numeric encoding of what one seat may see;
* :mod:`woodlands.research.gym`: Gymnasium environments (``woodlands/Tanglewoods-v0`` ...);
* :mod:`woodlands.research.pettingzoo`: the PettingZoo AEC environment of The Cursed Forest.

Importing this package imports neither numpy nor gymnasium: each module imports what it needs
(the adapters are an optional extra, ``pip install woodlands[research]``).  See docs/research.md.
"""
from __future__ import annotations

__all__ = ["action_space", "encoder"]

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .observe import Encoder
    from .spaces import ActionSpace


def action_space(game_id: str, options: dict[str, Any] | None = None, content: str | None = None) -> "ActionSpace":
    """:func:`woodlands.research.spaces.action_space` (imported on first use)."""
    from .spaces import action_space as make
    return make(game_id, options, content)


def encoder(game_id: str, options: dict[str, Any] | None = None, content: str | None = None) -> "Encoder":
    """:func:`woodlands.research.observe.encoder` (imported on first use)."""
    from .observe import encoder as make
    return make(game_id, options, content)
