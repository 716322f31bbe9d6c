"""Loading content packs: TOML files validated once, with every problem located.

A pack is a folder with a ``pack.toml`` (``id``, ``version``, ``game``, ``name``) and the
game's own files.  Validation uses pydantic models; each problem is reported as
``file: entry 'id': field: message`` so an owner typing in their cards can find it.
Validated models are then compiled by the game into plain, immutable structures: no
pydantic object ever reaches the hot loop.

Every file is read through :mod:`.files` (a regular UTF-8 file of at most 16 MB, inside the
pack once symbolic links are followed), and a problem in one file or entry never stops the
others from being checked: the loader reports everything it finds in one run.
"""
from __future__ import annotations

import copy
import hashlib
import json
import tomllib
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .errors import ContentError, brief, clip
from .files import FileProblem, JsonTooBig, check_depth, check_path, decode, inside, read_bytes

if TYPE_CHECKING:
    from .effects import EffectRegistry

M = TypeVar("M", bound=BaseModel)


class Strict(BaseModel):
    """Base for content models: unknown fields are errors (a typo must not pass silently), and
    values are taken as they are written (strict: ``true`` or ``2.0`` is not a whole number,
    ``"3"`` is not a number)."""

    model_config = ConfigDict(extra="forbid", frozen=True, str_strip_whitespace=True, strict=True)


class PackInfo(Strict):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$", max_length=100)
    version: str = Field(min_length=1, max_length=100)
    game: str = Field(max_length=100)
    name: str = Field(max_length=200)
    description: str = ""
    provenance_note: str = ""


#: the file that names a pack; not part of its fingerprint (a copy given its own id and
#: version plays the same game as the pack it was copied from)
PACK_INFO_FILE = "pack.toml"


@dataclass
class PackRead:
    """What one pack load read: ``files`` maps each file's name in the pack to its parsed data;
    ``overlay`` holds data that replaces a file's (an edited pack made in memory)."""

    overlay: dict[str, Any] = field(default_factory=dict)
    files: dict[str, Any] = field(default_factory=dict)


_READING: ContextVar[PackRead | None] = ContextVar("woodlands_pack_read", default=None)


@contextmanager
def reading_pack(overlay: dict[str, Any] | None = None) -> Iterator[PackRead]:
    """While a game's loader runs inside this, every pack file it reads is kept (for the pack's
    fingerprint and its entries) and the files of ``overlay`` are read from there instead."""
    read = PackRead(dict(overlay or {}))
    token = _READING.set(read)
    try:
        yield read
    finally:
        _READING.reset(token)


def canonical_content(files: dict[str, Any]) -> bytes:
    """A pack's content as canonical JSON (keys sorted, no spaces, UTF-8): the parsed data of
    every file its loader read except :data:`PACK_INFO_FILE`, by file name.  Comments, spacing,
    the order of keys and the way TOML spells a table do not change it; any value does."""
    body = {name: data for name, data in files.items() if name != PACK_INFO_FILE}
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str).encode("utf-8")


def fingerprint_of(files: dict[str, Any]) -> str:
    """The pack's fingerprint: the lowercase hex SHA-256 of :func:`canonical_content`."""
    return hashlib.sha256(canonical_content(files)).hexdigest()


def read_toml(path: Path, label: str | None = None) -> dict[str, Any]:
    """One TOML file of a pack, or :class:`ContentError` naming it (``label``: its name in the
    pack) and what is wrong: missing, not a regular file, over 16 MB, not UTF-8, not TOML.
    Inside :func:`reading_pack` the file's data is kept, or taken from the overlay."""
    name = label or path.name
    reading = _READING.get()
    if reading is not None and name in reading.overlay:
        data: dict[str, Any] = copy.deepcopy(reading.overlay[name])
        reading.files[name] = copy.deepcopy(data)
        return data
    data = _read_toml(path, name)
    if reading is not None:     # a copy: a loader may change what it is given
        reading.files[name] = copy.deepcopy(data)
    return data


def _read_toml(path: Path, name: str) -> dict[str, Any]:
    if not path.exists() and not path.is_symlink():
        raise ContentError(f"{name}: file is missing from the pack ({clip(str(path.parent), 200)})")
    try:
        text = decode(read_bytes(path, name), name, ContentError)
    except FileProblem as e:
        raise ContentError(str(e)) from None
    try:
        data = tomllib.loads(text)
        check_depth(data)
    except tomllib.TOMLDecodeError as e:
        raise ContentError(f"{name}: not valid TOML: {clip(str(e), 200)}") from None
    except RecursionError:
        raise ContentError(f"{name}: not read: arrays or tables nested too deeply") from None
    except JsonTooBig as e:
        raise ContentError(f"{name}: not read: {e}") from None
    except ValueError as e:          # Python's 4,300-digit limit for whole numbers
        raise ContentError(f"{name}: not read: {clip(str(e), 120)}") from None
    return data


def describe_errors(err: ValidationError, file: str, entry: str) -> list[str]:
    out = []
    for e in err.errors():
        loc = clip(".".join(str(p) for p in e["loc"]) or "(entry)", 120)
        out.append(f"{file}: entry {entry}: field '{loc}': {clip(e['msg'], 300)}")
    return out


def validate(model: type[M], data: Any, file: str, entry: str, problems: list[str]) -> M | None:
    """Validate one entry; on failure append located messages to ``problems`` and return None."""
    try:
        return model.model_validate(data)
    except ValidationError as e:
        problems.extend(describe_errors(e, file, entry))
        return None


def load_pack_info(root: Path, game_id: str, problems: list[str] | None = None) -> PackInfo | None:
    """The pack's ``pack.toml``.  With ``problems`` given, what is wrong is added to it (and
    None returned) so that the rest of the pack is still checked; else it is raised."""
    check_path(root, ContentError)
    if not root.is_dir():
        raise ContentError(f"{clip(str(root), 200)}: not a folder; a content pack is a folder with a pack.toml")
    found: list[str] = []
    info = None
    try:
        info = validate(PackInfo, read_toml(inside(root, "pack.toml", ContentError), "pack.toml"),
                        "pack.toml", "(pack)", found)
    except ContentError as e:
        found.extend(e.problems)
    if info is not None and info.game != game_id:
        # the rest would be checked against another game's cards: a score of missing files and
        # fields that only hide the one thing wrong, so this is the whole answer
        raise ContentError([f"pack.toml: entry (pack): field 'game': this pack is for {brief(info.game)}, "
                            f"not '{game_id}'"])
    if found:
        if problems is None:
            raise ContentError(found)
        problems.extend(found)
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
        label = f"'{clip(item['id'], 60)}'" if isinstance(item.get("id"), str) else f"#{i + 1}"
        out.append((label, item))
    return out


class PackReader:
    """Reads the ``[[table]]`` entries of a pack's files into validated models, every id unique
    across the whole pack; problems go to the shared ``problems`` list.

    ``seen_ids`` maps each id read so far to the file that holds it (loaders check ids of their
    own, such as chapter ids or item copies, against it too).
    """

    def __init__(self, root: Path, problems: list[str], registry: "EffectRegistry | None" = None) -> None:
        self.root = root
        self.problems = problems
        self.registry = registry
        self.seen_ids: dict[str, str] = {}

    def read(self, file: str) -> dict[str, Any]:
        """The data of one pack file; a file that cannot be read is a problem (and ``{}``), and
        the other files are still checked."""
        return self.read_or_none(file) or {}

    def read_or_none(self, file: str) -> dict[str, Any] | None:
        """The data of one pack file, or None (and a problem) if it cannot be read."""
        try:
            return read_toml(inside(self.root, file, ContentError), file)
        except ContentError as e:
            self.problems.extend(e.problems)
            return None

    def models(self, file: str, table: str, model: type[M],
               data: dict[str, Any] | None = None) -> list[tuple[str, Any]]:
        """``(where, model)`` per valid entry of ``table`` in ``file`` (or in ``data`` already read
        from it); ``where`` is ``"file: entry 'id'"`` for later problems.  (Typed ``Any``: a
        loader reads several models through one loop variable.)  An entry that breaks the schema
        still has its effects' primitives checked, so one run reports both."""
        if data is None:
            data = self.read_or_none(file)
            if data is None:
                return []
        out = []
        for label, raw in entries(data, table, file, self.problems):
            m = validate(model, raw, file, label, self.problems)
            if m is None:
                self.check_primitives(raw, f"{file}: entry {label}")
                continue
            ident: str = getattr(m, "id")  # every model read this way has an id
            if ident in self.seen_ids:
                self.problems.append(f"{file}: entry {label}: field 'id': '{ident}' is already used in {self.seen_ids[ident]}")
                continue
            self.seen_ids[ident] = file
            out.append((f"{file}: entry {label}", m))
        return out

    def check_primitives(self, raw: Any, where: str) -> None:
        """Report every ``do = "..."`` in ``raw`` that names no primitive of the registry (for an
        entry whose schema problems keep it from being compiled)."""
        if self.registry is None:
            return
        todo: list[tuple[Any, str]] = [(raw, "")]
        while todo:
            item, path = todo.pop()
            if isinstance(item, dict):
                do = item.get("do")
                if "do" in item and not (isinstance(do, str) and do in self.registry.primitives):
                    _, errs = self.registry.check({"do": do})      # the "unknown primitive" message
                    self.problems.extend(f"{where}: {path or '(entry)'}: {e}" for e in errs)
                todo.extend((v, f"{path}.{clip(str(k), 60)}" if path else clip(str(k), 60))
                            for k, v in reversed(list(item.items())))
            elif isinstance(item, list):
                todo.extend((v, f"{path}.{i}") for i, v in reversed(list(enumerate(item))))
