"""A pack's entries and edited copies of a pack made in memory (the variants of a sweep).

Every game keeps its content as ``[[table]]`` entries with an ``id`` in the pack's TOML files
(a card, a hero, an item, a monster, a tile...), and a few single tables (``[merchant]``).  This
module sees them all the same way, from the data the loader read: :func:`pack_entries` gives
each entry by id (a single table by its name), and :func:`edited_files` writes new numbers into
a copy of that data.  The game's own loader then reads the copy
(:meth:`woodlands.engine.game.Game.with_edits`), so an edited pack is validated exactly like a
pack read from its folder, and gets its own fingerprint.

An edit is written ``card.<id>.<field>``: ``<field>`` is the path of a number in the entry
(``enemy.health``, ``a.strategy``, ``day.effects.0.amount``), or its last part(s) alone when
that names one number of the entry (``health`` for a bear, whose only health is its enemy's).

>>> import woodlands
>>> game = woodlands.load_game("tanglewoods")
>>> resolve_edit(pack_entries(game.pack_files), "card.papa-bear.health", game.pack_files)
('bears.toml', 'bear', 0, ('enemy', 'health'))
"""
from __future__ import annotations

import copy
import json
from typing import Any

from .errors import UserError, brief
from .content import PACK_INFO_FILE

#: what every edit's name starts with
EDIT_PREFIX = "card."

#: where an entry lives: file, table, index in the table's list (None: a single table)
Where = tuple[str, str, int | None]


def pack_entries(files: dict[str, Any]) -> dict[str, Where]:
    """Every entry of a pack's data by id: each ``[[table]]`` item that has a text ``id``, and
    each single top-level table by its name (when no entry has that id)."""
    found: dict[str, Where] = {}
    singles: dict[str, Where] = {}
    for name in sorted(files):
        if name == PACK_INFO_FILE:
            continue
        for table, value in files[name].items():
            if isinstance(value, list):
                for i, item in enumerate(value):
                    if isinstance(item, dict) and isinstance(item.get("id"), str):
                        found.setdefault(item["id"], (name, table, i))
            elif isinstance(value, dict):
                singles.setdefault(table, (name, table, None))
    for table, where in singles.items():
        found.setdefault(table, where)
    return found


def entry_data(files: dict[str, Any], where: Where) -> dict[str, Any]:
    """The data of the entry at ``where``."""
    name, table, index = where
    value = files[name][table]
    return value if index is None else value[index]  # type: ignore[no-any-return]


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def numbers(entry: Any) -> dict[tuple[str | int, ...], int | float]:
    """Every number in an entry, by its path (dict keys and list indexes)."""
    out: dict[tuple[str | int, ...], int | float] = {}
    todo: list[tuple[Any, tuple[str | int, ...]]] = [(entry, ())]
    while todo:
        item, path = todo.pop()
        if _is_number(item):
            out[path] = item
        elif isinstance(item, dict):
            todo.extend((v, path + (k,)) for k, v in item.items())
        elif isinstance(item, list):
            todo.extend((v, path + (i,)) for i, v in enumerate(item))
    return dict(sorted(out.items(), key=lambda kv: [str(p) for p in kv[0]]))


def _dotted(path: tuple[str | int, ...]) -> str:
    return ".".join(str(p) for p in path)


def _listing(names: list[str], most: int = 30) -> str:
    shown = ", ".join(names[:most])
    return shown + (f" ... ({len(names)} in all)" if len(names) > most else "")


def _by_table(entries: dict[str, Where]) -> str:
    """Every id, grouped by the table (the kind of entry) that holds it."""
    tables: dict[str, list[str]] = {}
    for ident, (_, table, index) in entries.items():
        tables.setdefault(table if index is not None else "single tables", []).append(ident)
    return "; ".join(f"{table}: {_listing(sorted(ids), 200)}" for table, ids in sorted(tables.items()))


def resolve_edit(entries: dict[str, Where], key: str,
                 files: dict[str, Any] | None = None) -> tuple[str, str, int | None, tuple[str | int, ...]]:
    """Where the edit ``card.<id>.<field>`` writes: file, table, index and the number's path;
    :class:`UserError` naming the valid ids or fields when there is no such number."""
    if not key.startswith(EDIT_PREFIX):
        raise UserError(f"{brief(key)}: an edit is written card.<id>.<field>, e.g. card.papa-bear.health")
    rest = key[len(EDIT_PREFIX):]
    # ids may hold dots in no game, but try the longest id first all the same
    parts = rest.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        ident = ".".join(parts[:cut])
        if ident in entries:
            field = parts[cut:]
            break
    else:
        ident = parts[0]
        if ident in entries:
            raise UserError(f"{brief(key)}: name a field of {brief(ident)} after its id, e.g. "
                            f"card.{ident}.<field>")
        raise UserError(f"{brief(key)}: this pack has no entry {brief(ident)}; its entries: {_by_table(entries)}")
    where = entries[ident]
    data = entry_data(files, where) if files is not None else None
    if data is None:
        raise UserError(f"{brief(key)}: the pack's data is not at hand")
    found = numbers(data)
    wanted = tuple(field)
    exact = [p for p in found if tuple(str(x) for x in p) == wanted]
    matches = exact or [p for p in found if tuple(str(x) for x in p)[-len(wanted):] == wanted]
    if len(matches) == 1:
        return (*where, matches[0])
    valid = [_dotted(p) for p in found]
    if not matches:
        shown = _dotted(tuple(field))
        if _has_path(data, tuple(field)):
            raise UserError(f"{brief(key)}: {brief(shown)} of {brief(ident)} is not a number; its numbers: "
                            f"{_listing(valid) or '(none)'}")
        raise UserError(f"{brief(key)}: {brief(ident)} has no field {brief(shown)}; its numbers: "
                        f"{_listing(valid) or '(none)'}")
    raise UserError(f"{brief(key)}: {brief(_dotted(tuple(field)))} names several numbers of {brief(ident)}: "
                    f"{_listing([_dotted(p) for p in matches])}; write the whole path")


def _has_path(data: Any, path: tuple[str, ...]) -> bool:
    for part in path:
        if isinstance(data, dict) and part in data:
            data = data[part]
        elif isinstance(data, list) and part.isdigit() and int(part) < len(data):
            data = data[int(part)]
        else:
            return False
    return True


def edited_files(files: dict[str, Any], edits: dict[str, Any]) -> dict[str, Any]:
    """The files of a pack that ``edits`` change, each a copy with the new numbers written in
    (a whole number stays whole when the new value is whole)."""
    entries = pack_entries(files)
    out: dict[str, Any] = {}
    for key, value in edits.items():
        if not _is_number(value):
            raise UserError(f"{brief(key)}={brief(value)}: an edit sets a number")
        name, table, index, path = resolve_edit(entries, key, files)
        if name not in out:
            out[name] = copy.deepcopy(files[name])
        target: Any = out[name][table]
        if index is not None:
            target = target[index]
        for part in path[:-1]:
            target = target[part]
        old = target[path[-1]]
        target[path[-1]] = int(value) if isinstance(old, int) and float(value).is_integer() else value
    return out


def edits_text(edits: dict[str, Any]) -> str:
    """The canonical JSON of a variant's edits, as a results row's ``variant`` column holds it.

    >>> edits_text({"card.b.health": 9, "card.a.damage": 2.0})
    '{"card.a.damage":2,"card.b.health":9}'
    """
    clean = {k: int(v) if isinstance(v, float) and v.is_integer() else v for k, v in edits.items()}
    return json.dumps(clean, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


__all__ = ["EDIT_PREFIX", "edited_files", "edits_text", "entry_data", "numbers", "pack_entries", "resolve_edit"]
