"""Reading and writing the files Woodlands is given: records, saves, pack files.

Everything that comes from outside goes through here, so that a bad file is one clear
:class:`~.errors.WoodlandsError` and never a traceback, a hang or an exhausted memory:

- only regular files are read (not ``/dev/zero``, a pipe, a folder), of at most
  :data:`MAX_FILE_BYTES` (16 MB);
- text is UTF-8 (a leading byte-order mark is allowed); anything else is refused naming the
  file and the byte offset;
- JSON may not nest deeper than :data:`MAX_JSON_DEPTH` nor hold a number of more than
  4,300 digits, nor ``NaN``/``Infinity``;
- a pack's files must lie inside the pack, symbolic links included (:func:`inside`);
- a file name with a NUL byte, and a write that the system refuses, give a clear error.

A file that cannot be read at all (missing, not a regular file, too large, a NUL in its name)
raises :class:`FileProblem`, which is both a ``WoodlandsError`` and an ``OSError``; what is
wrong inside a file raises the error class the caller names (``RecordError`` for records and
saves, ``ContentError`` for packs).
"""
from __future__ import annotations

import contextlib
import json
import os
import stat
import tempfile
from pathlib import Path
from typing import Any, Iterable

from .errors import WoodlandsError, brief

#: the largest file read: records, saves and each file of a content pack
MAX_FILE_BYTES = 16 * 1024 * 1024
#: how deep JSON arrays and objects may nest (records and saves need 5)
MAX_JSON_DEPTH = 100


class FileProblem(WoodlandsError, OSError):
    """A file that cannot be read or written as asked (also an ``OSError``)."""


class JsonTooBig(ValueError):
    """JSON that parses as a document but beyond what Woodlands reads (depth, digits, NaN)."""


def _name(path: str | os.PathLike[str]) -> str:
    """The path as shown in a message: bounded and without control characters."""
    text = os.fspath(path)
    shown = text if len(text) <= 200 else text[:200] + "..."
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in shown)


def check_path(path: str | os.PathLike[str], error: type[WoodlandsError] = FileProblem) -> Path:
    """``path`` as a :class:`Path`, or ``error`` if it cannot name a file (a NUL byte in it)."""
    text = os.fspath(path)
    if "\0" in text:
        raise error(f"{_name(text)}: a file name cannot contain a NUL byte")
    if not text:
        raise error("an empty file name")
    return Path(text)


def check_target(path: str | os.PathLike[str], error: type[WoodlandsError] = FileProblem) -> Path:
    """``path`` as a :class:`Path` if a file could be written there (checked before long work)."""
    p = check_path(path, error)
    if p.is_dir():
        raise error(f"{_name(p)}: is a folder")
    return p


def check_not_inputs(target: str | os.PathLike[str], inputs: Iterable[str | os.PathLike[str]],
                     flag: str, error: type[WoodlandsError] = FileProblem) -> None:
    """``error`` if the file a command is to write (given by ``flag``) is one it reads or
    writes besides: writing it would destroy that file (a study's results overwritten by its
    report).  Paths are compared once resolved, so ``./a`` and ``a`` are the same file."""
    mine = Path(os.fspath(target)).resolve()
    for other in inputs:
        if Path(os.fspath(other)).resolve() == mine:
            raise error(f"{flag} {_name(target)} is also {_name(other)}, which this command reads or writes: "
                        "give it a file of its own")


def read_bytes(path: str | os.PathLike[str], label: str | None = None) -> bytes:
    """The bytes of a regular file of at most :data:`MAX_FILE_BYTES`; :class:`FileProblem`
    otherwise.  ``label`` is how the file is named in messages (default: its path)."""
    error = FileProblem
    p = check_path(path, error)
    name = label or _name(p)
    try:
        info = p.stat()
    except FileNotFoundError:
        raise error(f"{name}: no such file") from None
    except OSError as e:
        raise error(f"{name}: cannot be read: {e.strerror or e}") from None
    if stat.S_ISDIR(info.st_mode):
        raise error(f"{name}: is a folder, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise error(f"{name}: not a regular file (a device, pipe or socket is not read)")
    if info.st_size > MAX_FILE_BYTES:
        raise error(f"{name}: {info.st_size:,} bytes is too large (at most {MAX_FILE_BYTES:,} are read)")
    try:
        with p.open("rb") as f:
            data = f.read(MAX_FILE_BYTES + 1)
    except OSError as e:
        raise error(f"{name}: cannot be read: {e.strerror or e}") from None
    if len(data) > MAX_FILE_BYTES:       # it grew while we looked
        raise error(f"{name}: too large (at most {MAX_FILE_BYTES:,} bytes are read)")
    return data


def decode(data: bytes, name: str, error: type[WoodlandsError] = FileProblem) -> str:
    """UTF-8 text (a leading byte-order mark dropped), or ``error`` naming the first bad byte."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        hint = " (it looks like UTF-16: save it as UTF-8)" if data[:2] in (b"\xff\xfe", b"\xfe\xff") else ""
        raise error(f"{name}: not UTF-8 text: byte 0x{data[e.start]:02x} at offset {e.start} "
                    f"cannot be read{hint}") from None


def read_text(path: str | os.PathLike[str], error: type[WoodlandsError] = FileProblem,
              label: str | None = None) -> str:
    """A UTF-8 text file read with the limits of :func:`read_bytes` (:class:`FileProblem`);
    ``error`` if it is not UTF-8."""
    return decode(read_bytes(path, label), label or _name(path), error)


def _refuse_constant(name: str) -> Any:
    raise JsonTooBig(f"{name} is not a number JSON allows")


def loads(text: str | bytes) -> Any:
    """``json.loads`` within the limits: :class:`json.JSONDecodeError` for bad syntax,
    :class:`JsonTooBig` for a document beyond them.  Never a RecursionError."""
    if isinstance(text, str) and text.startswith("\ufeff"):
        text = text[1:]          # a byte-order mark, as some editors write
    try:
        value = json.loads(text, parse_constant=_refuse_constant)
    except RecursionError:
        raise JsonTooBig(f"arrays or objects nested deeper than {MAX_JSON_DEPTH}") from None
    except json.JSONDecodeError:
        raise
    except JsonTooBig:
        raise
    except ValueError as e:           # Python's 4,300-digit limit for int(), or a bad \u escape
        if "digits" in str(e):
            raise JsonTooBig("a number with more than 4,300 digits") from None
        raise JsonTooBig(str(e)[:200]) from None
    check_depth(value)
    return value


def check_depth(value: Any, limit: int = MAX_JSON_DEPTH) -> None:
    """Raise :class:`JsonTooBig` if lists and dicts in ``value`` nest deeper than ``limit``
    (walked without recursion, so any depth is safe)."""
    todo: list[tuple[Any, int]] = [(value, 1)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            raise JsonTooBig(f"arrays or objects nested deeper than {limit}")
        todo.extend((child, depth + 1) for child in children if isinstance(child, (list, dict)))


def parse_json(text: str | bytes, name: str, error: type[WoodlandsError]) -> Any:
    """JSON text (from the file ``name``) within the limits, or ``error`` saying what is wrong."""
    try:
        return loads(text)
    except json.JSONDecodeError as e:
        raise error(f"{name}: not valid JSON ({e.msg}, line {e.lineno} column {e.colno})") from None
    except JsonTooBig as e:
        raise error(f"{name}: not read: {e}") from None


def read_json(path: str | os.PathLike[str], error: type[WoodlandsError] = FileProblem) -> Any:
    """A JSON file (record, save) read and parsed with every limit above."""
    name = _name(path)
    return parse_json(read_text(path, error), name, error)


def inside(root: Path, relative: str, error: type[WoodlandsError] = FileProblem) -> Path:
    """The file ``relative`` of the pack folder ``root``, refused unless it lies inside the pack
    once every symbolic link is followed (a pack may not read files elsewhere)."""
    if "\0" in relative:
        raise error(f"{_name(relative)}: a file name cannot contain a NUL byte")
    target = root / relative
    try:
        base = root.resolve()
        real = target.resolve()
    except (OSError, RuntimeError) as e:      # a symlink loop
        raise error(f"{_name(relative)}: cannot be followed: {e}") from None
    if not real.is_relative_to(base):
        raise error(f"{_name(relative)}: lies outside the pack folder; a pack may only use its own files")
    return target


def _read_umask() -> int:
    """The process's umask, read once at import: from ``/proc`` where Linux shows it, else by
    setting it and putting it back (the only portable way, and why it runs once, at import)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


_UMASK = _read_umask()


def _mode_for(path: Path) -> int:
    """The permissions ``path`` should have once written: those it has now if it exists (a
    file a user opened up to their group stays open), else what ``open()`` would have given a
    new file (0o666 less the umask; usually 0o644).  ``mkstemp`` makes its file 0o600, which
    without this would leave every report, record and save readable by its owner only."""
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except OSError:
        return 0o666 & ~_UMASK


def write_atomic(path: Path, text: str, durable: bool = False) -> None:
    """Write ``text`` to ``path`` so that a reader sees the old file or the new one, never half of
    one: a temporary file beside it, then renamed over it.  ``durable`` also waits until the
    disk has it (``fsync``; milliseconds, so the per-decision autosave leaves it off: a killed
    or interrupted program loses nothing without it, only a power cut could).  The file gets
    the permissions a plain write would give it (:func:`_mode_for`)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    mode = _mode_for(path)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        if hasattr(os, "fchmod"):               # not on Windows before Python 3.13
            with contextlib.suppress(OSError):  # a file system without modes (FAT) keeps its own
                os.fchmod(fd, mode)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            if durable:
                f.flush()
                os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def write_text(path: str | os.PathLike[str], text: str, error: type[WoodlandsError] = FileProblem) -> Path:
    """Write a UTF-8 text file atomically (:func:`write_atomic`), making its folder; ``error``
    with the reason if that fails.  A save interrupted half-way leaves the old file whole."""
    p = check_target(path, error)
    try:
        write_atomic(p, text)
    except OSError as e:
        raise error(f"{_name(p)}: cannot be written: {e.strerror or e}") from None
    return p


__all__ = ["MAX_FILE_BYTES", "MAX_JSON_DEPTH", "FileProblem", "JsonTooBig", "brief", "check_depth",
           "check_path", "check_target", "decode", "inside", "loads", "parse_json", "read_bytes", "read_json", "read_text",
           "write_atomic", "write_text"]
