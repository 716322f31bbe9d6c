"""Teach mode in the terminal (woodlands.kit.teach): whether a game starts taught, and the
player's word for it, kept in the data folder.

A game is taught by default when it is the first of its kind in the data folder: no earlier
autosave of that game (besides the one it writes itself) and no earlier game of it started
here (``teach.txt`` lists the games started, since old autosaves are pruned).  ``teach off``
and ``teach on`` during play (``--teach``/``--no-teach`` for one game) set it; the words said
during play are kept in ``teach.txt`` as that game's default from then on.
"""
from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

from ..engine.files import write_atomic
from ..kit.datadir import data_dir
from ..kit.teach import Tutor, teaching_for

#: the terminal's memory of teach mode, in the data folder: a line per game started
#: (``started GAME``) and per word said during play (``teach GAME on|off``); plain text, so that
#: the folder's JSON files stay game records and their descriptions
FILE = "teach.txt"
HEADER = "# woodlands play: teach mode (games started here, and your word for each game)"


def _path() -> Path:
    return data_dir() / FILE


def _read() -> dict[str, Any]:
    """``{"started": [game ...], "setting": {game: bool}}`` from the file (what it cannot read,
    it passes over)."""
    started: list[str] = []
    setting: dict[str, bool] = {}
    try:
        text = _path().read_text(encoding="utf-8")
    except (OSError, ValueError):
        text = ""
    for line in text.splitlines():
        words = line.split()
        if len(words) == 2 and words[0] == "started" and words[1] not in started:
            started.append(words[1])
        elif len(words) == 3 and words[0] == "teach" and words[2] in ("on", "off"):
            setting[words[1]] = words[2] == "on"
    return {"started": started, "setting": setting}


def _write(data: dict[str, Any]) -> None:
    lines = [HEADER, *(f"started {g}" for g in data.get("started") or []),
             *(f"teach {g} {'on' if on else 'off'}" for g, on in sorted((data.get("setting") or {}).items()))]
    with contextlib.suppress(OSError, ValueError):      # teaching is a help, never a reason to stop
        write_atomic(_path(), "\n".join(lines) + "\n")


def first_of_its_kind(game_id: str, own: Path | None = None) -> bool:
    """No game of ``game_id`` was started or autosaved in the data folder before (``own``: the
    autosave the game itself writes, which does not count)."""
    if game_id in (_read().get("started") or []):
        return False
    from .autosave import saved_games
    return not any(g.game == game_id and (own is None or g.record != own) for g in saved_games())


def starts_taught(game_id: str, own: Path | None = None) -> bool:
    """Whether a game of ``game_id`` starts with teach mode on: the player's last word for
    that game, else whether it is the first of its kind here."""
    said = (_read().get("setting") or {}).get(game_id)
    if isinstance(said, bool):
        return said
    return first_of_its_kind(game_id, own)


def started(game_id: str) -> None:
    """Remember that a game of ``game_id`` was started here: the next one is not the first."""
    data = _read()
    games = [g for g in (data.get("started") or []) if isinstance(g, str)]
    if game_id not in games:
        data["started"] = [*games, game_id]
        _write(data)


def remember(game_id: str, on: bool) -> None:
    """The player turned teaching on or off: the default of the next games of ``game_id``."""
    data = _read()
    setting = data.get("setting")
    data["setting"] = {**(setting if isinstance(setting, dict) else {}), game_id: on}
    _write(data)


def tutor_for(game_id: str, asked: bool | None, own: Path | None = None) -> Tutor:
    """The tutor of a terminal game: on when ``asked`` (``--teach``), off when refused, else as
    :func:`starts_taught` says; the game counts as started from now on."""
    on = starts_taught(game_id, own) if asked is None else asked
    started(game_id)
    return Tutor(teaching_for(game_id), on)


def lesson_lines(tutor: Tutor | None, decision: Any, view: dict[str, Any], at: int) -> list[str]:
    """The lesson due at ``decision`` as lines for the terminal ([] when none is due)."""
    if tutor is None:
        return []
    lesson = tutor.due(decision, view, at)
    return lesson.lines() if lesson is not None else []


__all__ = ["tutor_for", "starts_taught", "first_of_its_kind", "remember", "started", "lesson_lines"]
