"""The terminal's autosave (AUD-15): after every decision, the game's record is written to the
user's data folder, so ``q``, the end of input, Ctrl-C or a closed window lose nothing.

Where: ``$WOODLANDS_DATA_DIR/autosave/`` when that variable is set, else the platform's data
folder for ``woodlands`` (``platformdirs.user_data_dir``; ``~/.local/share/woodlands`` on Linux),
the folder the web app will keep its database in.  Each game gets two files: ``NAME.json``, the
plain record (``woodlands play --load NAME.json`` and ``woodlands replay`` read it), and
``NAME.meta.json``, what the menu of ``woodlands play`` shows to offer the last unfinished game
again: the game, when, how far, whether it is over, and the content pack folder it was played
with.  Both are written atomically: a temporary file in the same folder, then ``os.replace``.
The newest :data:`KEEP` autosaves are kept; older ones are removed when a new game starts.
"""
from __future__ import annotations

import contextlib
import json
import secrets
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from ..engine.errors import WoodlandsError
from ..engine.files import write_atomic
from ..engine.state import GameState
from ..kit.datadir import ENV as ENV, data_dir  # noqa: F401  (ENV: its old home)
from ..kit.saves import load_record
from .terminal import short

#: how many autosaved games are kept
KEEP = 20
META_FORMAT = "woodlands-autosave"
META_VERSION = 1


def autosave_dir() -> Path:
    return data_dir() / "autosave"


def meta_path(record: Path) -> Path:
    """``NAME.meta.json``, the description beside the autosaved record ``NAME.json``."""
    return record.with_name(record.name[: -len(".json")] + ".meta.json")


def progress_of(state: GameState) -> str:
    """'round 3' or 'scene The Dewdrop Well': how far a game is, from what everyone can see."""
    d = state.decision
    view = state.view(d.player if d is not None else 0)
    parts = []
    if isinstance(view.get("round"), int) and not isinstance(view.get("round"), bool):
        parts.append(f"round {view['round']}")
    if isinstance(view.get("scene_title"), str):
        parts.append(f"scene {short(view['scene_title'], 40)}")
    return ", ".join(parts)


@dataclass(frozen=True)
class SavedGame:
    """One autosave as the menu describes it."""
    record: Path
    game: str
    saved_at: datetime
    choices: int
    progress: str
    content: str | None
    finished: bool

    def describe(self) -> str:
        """'20 Strong: Tanglewoods Gold (tanglewoods), saved 30 Nov 14:20, 37 choices, round 3'
        (in local time)."""
        from ..engine.errors import GameOptionError
        from ..engine.game import game_class
        try:
            name = f"{game_class(self.game).name} ({self.game})"
        except GameOptionError:
            name = short(self.game, 40)
        when = self.saved_at.astimezone().strftime("%d %b %H:%M")
        far = f"{self.choices} choice{'s' if self.choices != 1 else ''}"
        pack = f", pack {self.content}" if self.content else ""
        return f"{name}, saved {when}, {far}" + (f", {self.progress}" if self.progress else "") + pack


class Autosave:
    """The autosave of one game in the terminal.  :meth:`write` never raises: it returns what
    went wrong, and the game goes on."""

    def __init__(self, record: Path, content: str | None) -> None:
        self.record = record
        self.meta = meta_path(record)
        self.content = str(Path(content).resolve()) if content else None

    @classmethod
    def start(cls, state: GameState, content: str | None) -> "Autosave":
        """A fresh autosave for a game that starts (or is loaded) now; prunes old autosaves."""
        folder = autosave_dir()
        stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
        # the whole seed (at most 20 digits), so the name tells the game's seed as it is
        name = f"{state.game.id}-{stamp}-{state.seed}-{secrets.token_hex(3)}.json"
        with contextlib.suppress(OSError):
            prune(folder, KEEP - 1)
        return cls(folder / name, content)

    @classmethod
    def resume(cls, saved: SavedGame) -> "Autosave":
        """Keep writing to the autosave a continued game came from."""
        return cls(saved.record, saved.content)

    def write(self, state: GameState) -> str | None:
        """Save ``state``'s record and its description; None, or why it could not be saved."""
        meta = {
            "format": META_FORMAT, "version": META_VERSION,
            "record": self.record.name,
            "game": state.game.id,
            "content": self.content,
            "saved_at": datetime.now(timezone.utc).isoformat(timespec="microseconds"),
            "choices": len(state.choices),
            "progress": progress_of(state),
            "finished": state.is_over,
        }
        try:
            write_atomic(self.record, json.dumps(state.record(), indent=1) + "\n")
            write_atomic(self.meta, json.dumps(meta, indent=1) + "\n")
        except OSError as e:
            return f"{e.strerror or e}" + (f" ({e.filename})" if getattr(e, "filename", None) else "")
        except ValueError as e:       # e.g. a NUL byte in $WOODLANDS_DATA_DIR
            return str(e)
        return None


def read_meta(meta: Path) -> SavedGame | None:
    """The autosave ``meta`` describes, or None when it is unreadable, malformed or its record
    is gone."""
    try:
        data: dict[str, Any] = load_record(meta)
    except (OSError, ValueError, WoodlandsError):
        return None
    if data.get("format") != META_FORMAT or data.get("version") != META_VERSION:
        return None
    name, game, when, choices = data.get("record"), data.get("game"), data.get("saved_at"), data.get("choices")
    content, progress, finished = data.get("content"), data.get("progress", ""), data.get("finished")
    if not (isinstance(name, str) and isinstance(game, str) and isinstance(when, str)
            and isinstance(choices, int) and not isinstance(choices, bool) and isinstance(finished, bool)
            and isinstance(progress, str) and (content is None or isinstance(content, str))):
        return None
    if Path(name).name != name or not name.endswith(".json"):
        return None           # the record must sit beside its description
    record = meta.with_name(name)
    try:
        saved_at = datetime.fromisoformat(when)
        if saved_at.tzinfo is None:
            saved_at = saved_at.replace(tzinfo=timezone.utc)
        if not record.is_file():
            return None
    except (ValueError, OSError):
        return None
    return SavedGame(record, game, saved_at, choices, progress, content, finished)


def saved_games(folder: Path | None = None) -> list[SavedGame]:
    """Every readable autosave, the newest first."""
    folder = autosave_dir() if folder is None else folder
    try:
        metas = list(folder.glob("*.meta.json"))
    except (OSError, ValueError):
        return []
    games = [g for g in map(read_meta, metas) if g is not None]
    return sorted(games, key=lambda g: (g.saved_at, g.record.name), reverse=True)


def last_unfinished(folder: Path | None = None) -> SavedGame | None:
    """The most recently saved game that is not over: the one the menu offers to continue."""
    return next((g for g in saved_games(folder) if not g.finished), None)


def prune(folder: Path, keep: int) -> None:
    """Remove all but the newest ``keep`` autosaves (and temporary files left by a crash)."""
    if not folder.is_dir():
        return
    for old in saved_games(folder)[max(keep, 0):]:
        for path in (old.record, meta_path(old.record)):
            with contextlib.suppress(OSError):
                path.unlink()
    for tmp in folder.glob(".*.tmp"):
        with contextlib.suppress(OSError):
            if datetime.now().timestamp() - tmp.stat().st_mtime > 3600:
                tmp.unlink()
