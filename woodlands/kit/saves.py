"""Saved games as files: reading a saved record (or a scene save) back, and the save a game
offers at the moment.  Shared by the terminal (``woodlands play``, its autosaves) and the web app
(the save a page offers), so that neither imports the other.

>>> import woodlands
>>> state = woodlands.load_game("tanglewoods").new_game(seed=1)
>>> scene_save_of(state) is None       # only a game that saves between scenes offers one
True
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..engine.errors import RecordError
from ..engine.files import read_json

if TYPE_CHECKING:
    from ..engine.state import GameState


def load_record(path: str | Path) -> dict[str, Any]:
    """Read a saved record (or a Storyfold scene save): RecordError if the file cannot be read
    or is not a JSON object within the limits of :mod:`woodlands.engine.files`."""
    record = read_json(path, RecordError)
    if not isinstance(record, dict):
        raise RecordError(f"{path}: not a JSON game record (expected an object)")
    return record


def scene_save_of(state: "GameState") -> dict[str, Any] | None:
    """The save a game offers at this moment (Storyfold between scenes), else None."""
    save = getattr(state, "save", None)
    d = state.decision
    if save is None or d is None or d.kind != "scene_break":
        return None
    result = save()
    return result if isinstance(result, dict) else None
