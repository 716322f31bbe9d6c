"""Log events told in plain English, for the terminal game and ``woodlands replay``.

Each game's narrator lives with the game, in its presentation
(:mod:`woodlands.engine.presentation`); :func:`narrator_for` finds it through the game's
descriptor.  This module keeps the generic names the terminal and older code import.
"""
from __future__ import annotations

from typing import Any, Mapping

from ..engine.game import Game
from ..engine.presentation import Narrator as Narrator, presentation_for
from ..engine.views import outcome_of

Event = dict[str, Any]


def narrator_for(game: Game) -> Narrator:
    """The narrator of ``game``: its presentation's (:func:`~woodlands.engine.presentation.presentation_for`)."""
    return presentation_for(game).narrator


def outcome_words(outcome: Mapping[str, Any] | None) -> tuple[str, str]:
    """A finished game's result (``?`` when there is none) and its details as ``key value, ...``:
    what the terminals' "Game over" lines say.

    >>> outcome_words({"result": "win", "round": 7})
    ('win', 'round 7')
    """
    typed = outcome_of(outcome)
    if typed is None:
        return "?", ""
    return str(typed.get("result", "?")), ", ".join(f"{k} {v}" for k, v in typed.items() if k != "result")


__all__ = ["Event", "Narrator", "narrator_for", "outcome_words"]
