"""Log events told in plain English, for the terminal game and ``woodlands replay``.

Each game's narrator lives with the game, in its presentation
(:mod:`woodlands.engine.presentation`); :func:`narrator_for` finds it through the game's
descriptor.  This module keeps the generic names the terminal and older code import.
"""
from __future__ import annotations

from typing import Any

from ..engine.game import Game
from ..engine.presentation import Narrator as Narrator, presentation_for

Event = dict[str, Any]


def narrator_for(game: Game) -> Narrator:
    """The narrator of ``game``: its presentation's (:func:`~woodlands.engine.presentation.presentation_for`)."""
    return presentation_for(game).narrator


__all__ = ["Event", "Narrator", "narrator_for"]
