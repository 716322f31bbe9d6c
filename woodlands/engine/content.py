"""Loading content packs: TOML files validated once, with every problem located.

A pack is a folder with a ``pack.toml`` (``id``, ``version``, ``game``, ``name``) and the
game's own files.  Validation uses pydantic models; each problem is reported as
``file: entry 'id': field: message`` so an owner typing in their cards can find it.
Validated models are then compiled by the game into plain, immutable structures: no
pydantic object ever reaches the hot loop.
"""
from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .errors import ContentError

M = TypeVar("M", bound=BaseModel)


class Strict(BaseModel):
    """Base for content models: unknown fields are errors (a typo must not pass silently)."""

    model_config = ConfigDict(extra="forbid", frozen=True, str_strip_whitespace=True)


class PackInfo(Strict):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    version: str = Field(min_length=1)
    game: str
    name: str
    description: str = ""
    provenance_note: str = ""


def read_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as f:
            return tomllib.load(f)
    except FileNotFoundError:
        raise ContentError(f"{path.name}: file is missing from the pack ({path.parent})") from None
    except tomllib.TOMLDecodeError as e:
        raise ContentError(f"{path.name}: not valid TOML: {e}") from None
    except OSError as e:
        raise ContentError(f"{path.name}: cannot be read: {e}") from None


def describe_errors(err: ValidationError, file: str, entry: str) -> list[str]:
    out = []
    for e in err.errors():
        loc = ".".join(str(p) for p in e["loc"]) or "(entry)"
        out.append(f"{file}: entry {entry}: field '{loc}': {e['msg']}")
    return out


def validate(model: type[M], data: Any, file: str, entry: str, problems: list[str]) -> M | None:
    """Validate one entry; on failure append located messages to ``problems`` and return None."""
    try:
        return model.model_validate(data)
    except ValidationError as e:
        problems.extend(describe_errors(e, file, entry))
        return None


def load_pack_info(root: Path, game_id: str) -> PackInfo:
    if not root.is_dir():
        raise ContentError(f"{root}: not a folder; a content pack is a folder with a pack.toml")
    problems: list[str] = []
    info = validate(PackInfo, read_toml(root / "pack.toml"), "pack.toml", "(pack)", problems)
    if info is None:
        raise ContentError(problems)
    if info.game != game_id:
        raise ContentError(f"pack.toml: entry (pack): field 'game': this pack is for '{info.game}', not '{game_id}'")
    return info


def entries(data: dict[str, Any], table: str, file: str, problems: list[str]) -> list[tuple[str, dict[str, Any]]]:
    """The ``[[table]]`` entries of a file as ``(label, dict)``, label being the entry's id if any."""
    raw = data.get(table)
    if raw is None:
        problems.append(f"{file}: no [[{table}]] entries")
        return []
    if not isinstance(raw, list):
        problems.append(f"{file}: '{table}' must be an array of tables ([[{table}]])")
        return []
    out = []
    for i, item in enumerate(raw):
        if not isinstance(item, dict):
            problems.append(f"{file}: {table}[{i}] is not a table")
            continue
        label = f"'{item['id']}'" if isinstance(item.get("id"), str) else f"#{i + 1}"
        out.append((label, item))
    return out


class PackReader:
    """Reads the ``[[table]]`` entries of a pack's files into validated models, every id unique
    across the whole pack; problems go to the shared ``problems`` list.

    ``seen_ids`` maps each id read so far to the file that holds it (loaders check ids of their
    own, such as chapter ids or item copies, against it too).
    """

    def __init__(self, root: Path, problems: list[str]) -> None:
        self.root = root
        self.problems = problems
        self.seen_ids: dict[str, str] = {}

    def models(self, file: str, table: str, model: type[M],
               data: dict[str, Any] | None = None) -> list[tuple[str, Any]]:
        """``(where, model)`` per valid entry of ``table`` in ``file`` (or in ``data`` already read
        from it); ``where`` is ``"file: entry 'id'"`` for later problems.  (Typed ``Any``: a
        loader reads several models through one loop variable.)"""
        data = read_toml(self.root / file) if data is None else data
        out = []
        for label, raw in entries(data, table, file, self.problems):
            m = validate(model, raw, file, label, self.problems)
            if m is None:
                continue
            ident: str = getattr(m, "id")  # every model read this way has an id
            if ident in self.seen_ids:
                self.problems.append(f"{file}: entry {label}: field 'id': '{ident}' is already used in {self.seen_ids[ident]}")
                continue
            self.seen_ids[ident] = file
            out.append((f"{file}: entry {label}", m))
        return out
