"""Kept content packs: earlier versions of a game's default pack, so that old records still replay.

When a game's default pack is changed in a way that changes play (a retune of its numbers), its
``version`` in ``pack.toml`` goes up and a copy of the pack as it was is kept in the game's
``kept_packs/`` folder, one folder per version (each a whole pack with its own ``pack.toml``).
A record names the pack it was played with (``"content": {"id", "version"}``); :func:`game_for`
finds that pack: the default one, one loaded from a folder earlier in this process, or a kept
one. A record naming a pack this Woodlands does not have is refused with a message naming the
version it needs and the versions there are, and nothing is changed.

Everything here runs once per record or per game loaded, never per decision; a kept pack is
loaded once per process and kept.

>>> game_for("tanglewoods", "tanglewoods-standard", "0.1.0").content.version
'0.1.0'
>>> game_for("tanglewoods", "tanglewoods-standard", "0.0.1")
Traceback (most recent call last):
...
woodlands.engine.errors.RecordError: this record was played with content pack tanglewoods-standard 0.0.1, which this Woodlands does not have (it has tanglewoods-standard 0.3.0, the default pack; tanglewoods-standard 0.2.0, kept for old records; tanglewoods-standard 0.1.0, kept for old records); to replay it, pass that pack's folder (content=PATH, or --content PATH)
"""
from __future__ import annotations

import inspect
import re
from pathlib import Path
from typing import TYPE_CHECKING

from . import registry
from .content import load_pack_info
from .errors import RecordError, brief

if TYPE_CHECKING:
    from .game import Game

#: the folder, next to a game's module, that holds its kept packs
KEPT_FOLDER = "kept_packs"

_PLAIN = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,59}")
_KEPT: dict[str, dict[tuple[str, str], Path]] = {}
_LOADED: dict[tuple[str, str, str], "Game"] = {}


def _shown(text: str) -> str:
    """A pack id or version from a record as it is when plain, else quoted and cut short."""
    return text if _PLAIN.fullmatch(text) else brief(text)


def kept_packs(game_id: str) -> dict[tuple[str, str], Path]:
    """``(pack id, version) -> folder`` for every kept pack of ``game_id`` (read once).  A kept
    pack whose ``pack.toml`` cannot be read raises :class:`ContentError`: it ships with Woodlands,
    so that is a bug to see, not to skip."""
    if game_id not in _KEPT:
        cls = registry.descriptor(game_id).game
        folder = Path(inspect.getfile(cls)).parent / KEPT_FOLDER
        found: dict[tuple[str, str], Path] = {}
        if folder.is_dir():
            for sub in sorted(p for p in folder.iterdir() if p.is_dir() and (p / "pack.toml").is_file()):
                info = load_pack_info(sub, game_id)
                assert info is not None       # load_pack_info raises rather than return None here
                found[(info.id, info.version)] = sub
        _KEPT[game_id] = found
    return _KEPT[game_id]


def packs_we_have(game_id: str) -> str:
    """The packs a record of ``game_id`` can be replayed with, in words."""
    from .game import load_game
    default = load_game(game_id).content
    have = [f"{default.id} {default.version}, the default pack"]
    have += [f"{pid} {version}, kept for old records" for pid, version in sorted(kept_packs(game_id), reverse=True)
             if (pid, version) != (default.id, default.version)]
    return "; ".join(have)


def game_for(game_id: str, pack_id: str, version: str, fingerprint: str | None = None) -> "Game":
    """The game ``game_id`` with the pack ``pack_id`` ``version``: the default pack, a pack folder
    loaded earlier in this process, or a kept pack; else :class:`RecordError` naming the version
    needed and the ones there are.  With a ``fingerprint`` (records of version 3), only the
    pack of that very content will do: one of the same id and version whose content differs is
    refused with a message naming both fingerprints."""
    from .game import _KNOWN_FINGERPRINTS, _KNOWN_PACKS, load_game
    game = _game_for(game_id, pack_id, version)
    if fingerprint is None or game.content.fingerprint == fingerprint:
        return game
    folder = _KNOWN_FINGERPRINTS.get((game_id, fingerprint))
    if folder is not None:
        other = load_game(game_id, folder)
        if (other.content.id, other.content.version) == (pack_id, version):
            _KNOWN_PACKS[(game_id, pack_id, version)] = folder     # the pack last asked for
            return other
    raise RecordError(
        f"this record was played with content pack {_shown(pack_id)} {_shown(version)} of fingerprint "
        f"{_shown(fingerprint[:10])}, but the pack of that id and version here has fingerprint "
        f"{game.content.fingerprint[:10]} (its content was changed without a new version); to replay it, "
        "pass the pack it was played with (content=PATH, or --content PATH)")


def _game_for(game_id: str, pack_id: str, version: str) -> "Game":
    from .game import _KNOWN_PACKS, load_game
    game = load_game(game_id)
    if (game.content.id, game.content.version) == (pack_id, version):
        return game
    key = (game_id, pack_id, version)
    if key in _LOADED:
        return _LOADED[key]
    if key in _KNOWN_PACKS:
        return load_game(game_id, _KNOWN_PACKS[key])
    folder = kept_packs(game_id).get((pack_id, version))
    if folder is None:
        raise RecordError(
            f"this record was played with content pack {_shown(pack_id)} {_shown(version)}, which this "
            f"Woodlands does not have (it has {packs_we_have(game_id)}); to replay it, pass that pack's "
            "folder (content=PATH, or --content PATH)")
    _LOADED[key] = load_game(game_id, folder)
    return _LOADED[key]


__all__ = ["KEPT_FOLDER", "game_for", "kept_packs", "packs_we_have"]
