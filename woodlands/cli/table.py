"""The picture of the table, drawn with rich from a player's view and nothing else.

:func:`render_view` asks the game's presentation (:mod:`woodlands.engine.presentation`) for
its table, found by the view's ``game``; a game without one gets a dump of the view.
"""
from __future__ import annotations

import json
from typing import Any

from rich.console import RenderableType
from rich.markup import escape
from rich.panel import Panel

View = dict[str, Any]


def render_view(view: View, width: int = 100, height: int | None = None) -> RenderableType:
    """The whole table for one game's view, drawn by the game's presentation (its ``table``)."""
    from ..engine.errors import WoodlandsError
    from ..engine.presentation import presentation_for
    from ..engine.game import load_game
    try:
        game = load_game(str(view.get("game")))
    except (ImportError, AttributeError, WoodlandsError):
        return Panel(escape(json.dumps(view, indent=1, default=str)), title="table")
    result: RenderableType = presentation_for(game).table(view, width, height)
    return result
