"""Results files: one Parquet row per simulated game, written as the games finish, resumable.

While a study runs, finished games are written every few seconds as small Parquet files in a
folder beside the target (``results.parquet.parts/``), each renamed into place only once complete.
When the study ends (or is interrupted with Ctrl-C) the rows already in ``results.parquet`` and
the parts are merged into it, sorted, and the folder is removed.  A run that was killed leaves
the parts; running the same command again reads which games are done (from the file and the
parts) and plays only the others.  Rows of several studies, even of several games, can share a
file: columns a game does not have are empty (null) in its rows.

Every row says how to play its game again: ``seed``, ``options`` (JSON) and ``bot`` give the
same game (:func:`replay_row`), and ``digest`` (the SHA-256 of the game's log, as in a saved
record) proves it is the same.  pyarrow is imported only here, when a study writes a file.
"""
from __future__ import annotations

import json
import os
import shutil
import uuid
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable

from ..engine.errors import WoodlandsError

if TYPE_CHECKING:
    import pyarrow as pa

    from ..engine.state import GameState

#: the columns that identify a game in a file (with the seed)
KEY_COLUMNS = ("game", "content_id", "content_version", "variant", "bot", "options", "seed")
#: the order of a finished file's rows: each pack and bot's games by seed (a row's options hold
#: what varies by seed, such as the hero, so they come after it)
SORT_COLUMNS = ("game", "content_id", "content_version", "fingerprint", "variant", "bot", "seed", "options")
#: columns files made by older versions lack; read from such a file they are null ("unknown")
NEWER_COLUMNS = ("fingerprint", "variant")
#: the version of the results format, in each file's metadata (``woodlands.results``): 2 added
#: ``fingerprint`` and ``variant`` and the study settings; a file without it is version 1
RESULTS_VERSION = 2
#: the Parquet key-value metadata keys: the format version, and the settings of every study
#: written into the file (a JSON list of objects: bots, games, seed, vary, options, ...)
VERSION_KEY = b"woodlands.results"
STUDIES_KEY = b"woodlands.studies"


class ResultsError(WoodlandsError):
    """A results file that cannot be read, written or replayed."""


def _pa() -> Any:
    try:
        import pyarrow as pa
        import pyarrow.parquet  # noqa: F401  (registers pa.parquet)
    except ImportError:      # pragma: no cover - pyarrow comes with the ray and report extras
        raise ResultsError("writing results needs pyarrow: pip install 'woodlands[report]'") from None
    return pa


def common_fields() -> list[tuple[str, Any]]:
    """The columns every row has, in order (see docs/simulation.md for their meaning)."""
    pa = _pa()
    return [("game", pa.string()), ("content_id", pa.string()), ("content_version", pa.string()),
            ("fingerprint", pa.string()), ("variant", pa.string()), ("rules", pa.int64()), ("bot", pa.string()), ("options", pa.string()), ("seed", pa.uint64()),
            ("result", pa.string()), ("decisions", pa.int64()), ("digest", pa.string())]


def table_of(rows: list[dict[str, Any]]) -> "pa.Table":
    """The rows as an Arrow table: the common columns, then the game's measures (whole numbers
    or floats), then its detail columns (:func:`woodlands.sim.details.detail_fields`)."""
    pa = _pa()
    from .details import detail_fields
    fields = common_fields()
    known = {name for name, _ in fields}
    details = detail_fields()
    extra: dict[str, Any] = {}
    for row in rows:
        for name, value in row.items():
            if name in known or name in extra:
                continue
            if name in details:
                extra[name] = details[name]
            elif isinstance(value, bool):
                extra[name] = pa.bool_()
            elif isinstance(value, int):
                extra[name] = pa.int64()
            elif isinstance(value, float):
                extra[name] = pa.float64()
            else:
                extra[name] = pa.string()
    for name, typ in list(extra.items()):      # a measure that is whole in some rows, not in others
        if typ == pa.int64() and any(isinstance(r.get(name), float) for r in rows):
            extra[name] = pa.float64()
    schema = pa.schema(fields + sorted(extra.items(), key=lambda kv: (kv[0] in details, kv[0])))
    return pa.Table.from_pylist(rows, schema=schema)


def read_table(path: str | Path, columns: Iterable[str] | None = None) -> "pa.Table":
    """A results file (or a folder of parts) as one table."""
    pa = _pa()
    import pyarrow.parquet as pq
    p = Path(path)
    files = sorted(p.glob("*.parquet")) if p.is_dir() else [p]
    tables = []
    for f in files:
        try:
            present = set(pq.read_schema(f).names)
            wanted = None if columns is None else [c for c in columns if c in present or c not in NEWER_COLUMNS]
            table = pq.read_table(f, columns=wanted)
        except (OSError, pa.ArrowInvalid) as e:
            raise ResultsError(f"{f}: not a readable results file ({str(e).splitlines()[0][:120]})") from None
        # a file made before the newer columns existed: they are unknown (null) in its rows
        for name, typ in common_fields():
            if name in NEWER_COLUMNS and name not in table.column_names and (columns is None or name in columns):
                table = table.append_column(pa.field(name, typ), pa.nulls(table.num_rows, typ))
        # a Parquet file of another program reads fine but is not one of ours: say so here,
        # rather than let the report fail on the first column it looks for
        missing = [name for name, _ in common_fields() if name not in table.column_names
                   and (columns is None or name in columns)]
        if missing:
            raise ResultsError(f"{f}: not a Woodlands results file (no {', '.join(repr(m) for m in missing[:4])} "
                               f"column{'s' if len(missing) > 1 else ''}; `woodlands sim --out` writes them)")
        if columns is not None:
            table = table.select(list(columns))
        tables.append(table)
    if not tables:
        return pa.table({name: pa.array([], typ) for name, typ in common_fields()
                         if columns is None or name in columns})
    return pa.concat_tables(tables, promote_options="permissive")


def studies_of(path: str | Path) -> list[dict[str, Any]]:
    """The settings of every study written into a results file (or its parts), oldest first;
    empty for a file made before files kept them."""
    import pyarrow.parquet as pq
    p = Path(path)
    files = sorted(p.glob("*.parquet")) if p.is_dir() else [p] if p.exists() else []
    found: list[dict[str, Any]] = []
    for f in files:
        try:
            meta = pq.read_schema(f).metadata or {}
        except (OSError, _pa().ArrowInvalid) as e:
            raise ResultsError(f"{f}: not a readable results file ({str(e).splitlines()[0][:120]})") from None
        try:
            listed = json.loads(meta.get(STUDIES_KEY, b"[]"))
        except ValueError:
            raise ResultsError(f"{f}: its study settings are not readable JSON") from None
        for study in listed if isinstance(listed, list) else []:
            if isinstance(study, dict) and study not in found:
                found.append(study)
    return found


def _with_metadata(table: "pa.Table", studies: list[dict[str, Any]]) -> "pa.Table":
    meta = dict(table.schema.metadata or {})
    meta[VERSION_KEY] = str(RESULTS_VERSION).encode()
    meta[STUDIES_KEY] = json.dumps(studies, sort_keys=True, separators=(",", ":")).encode()
    return table.replace_schema_metadata(meta)


class ResultsFile:
    """A Parquet results file being written by a study (see the module's text)."""

    def __init__(self, path: str | Path, settings: dict[str, Any] | None = None) -> None:
        #: this study's settings, kept in the file's metadata beside those of earlier studies
        self.settings = settings
        self.path = Path(path)
        if self.path.is_dir():
            raise ResultsError(f"{self.path} is a folder; --out takes a file name such as results.parquet")
        if not self.path.parent.is_dir():
            raise ResultsError(f"{self.path.parent}: no such folder")
        self.parts = self.path.with_name(self.path.name + ".parts")

    def done_keys(self) -> set[tuple[Any, ...]]:
        """(game, content id, version, variant, bot, options, seed) of every game already written."""
        return set(self.done())

    def done(self) -> dict[tuple[Any, ...], str | None]:
        """The key (:data:`KEY_COLUMNS`) of every game already written -> the fingerprint of the
        pack it was played on (None: made before files kept it)."""
        found: dict[tuple[Any, ...], str | None] = {}
        for source in (self.path, self.parts):
            if source.exists():
                t = read_table(source, (*KEY_COLUMNS, "fingerprint"))
                keys = zip(*(t.column(c).to_pylist() for c in KEY_COLUMNS))
                found.update(zip(keys, t.column("fingerprint").to_pylist()))
        return found

    def studies(self) -> list[dict[str, Any]]:
        """The settings of every study in the file and its parts, this one's last."""
        found = [*studies_of(self.path), *studies_of(self.parts)]
        if self.settings is not None:
            found.append(self.settings)
        out: list[dict[str, Any]] = []
        for study in found:
            if study not in out:
                out.append(study)
        return out

    def write_batch(self, rows: list[dict[str, Any]]) -> None:
        """Write rows as one new part, atomically (a reader never sees half a part)."""
        if not rows:
            return
        import pyarrow.parquet as pq
        self.parts.mkdir(exist_ok=True)
        name = f"part-{os.getpid()}-{uuid.uuid4().hex[:12]}.parquet"
        tmp = self.parts / ("." + name + ".tmp")
        pq.write_table(_with_metadata(table_of(rows), [self.settings] if self.settings is not None else []), tmp)
        os.replace(tmp, self.parts / name)

    def finish(self) -> None:
        """Merge the file and the parts into the file, sorted (:data:`SORT_COLUMNS`); remove the parts."""
        import pyarrow.parquet as pq
        if not self.parts.exists():
            # nothing new was played (a resume of a finished study): the file still learns of
            # this study's settings
            if self.settings is not None and self.path.exists() and self.settings not in studies_of(self.path):
                table = _with_metadata(read_table(self.path), self.studies())
                tmp = self.path.with_name("." + self.path.name + ".tmp")
                pq.write_table(table, tmp, compression="zstd")
                os.replace(tmp, self.path)
            return
        studies = self.studies()
        tables = [read_table(s) for s in (self.path, self.parts) if s.exists()]
        pa = _pa()
        merged = pa.concat_tables(tables, promote_options="permissive") if len(tables) > 1 else tables[0]
        merged = _with_metadata(merged.sort_by([(c, "ascending") for c in SORT_COLUMNS]), studies)
        tmp = self.path.with_name("." + self.path.name + ".tmp")
        pq.write_table(merged, tmp, compression="zstd")
        os.replace(tmp, self.path)
        shutil.rmtree(self.parts)


def replay_row(row: dict[str, Any], content: str | None = None) -> "GameState":
    """Play a row's game again from its seed, options and bot, and check its digest: the state
    at the end of that game, or :class:`ResultsError` if it is not the same game (another pack,
    other rules, or another Woodlands)."""
    from ..engine.game import load_game
    from ..engine.records import log_digest
    from ..kit.bots import bot_for
    edits = _row_edits(row)
    fingerprint = row.get("fingerprint")
    if content is None:         # the pack the row names: the default one or a kept older version
        from ..engine.errors import RecordError
        from ..engine.packs import game_for
        try:
            # an edited variant's fingerprint is its own: its base pack is found by id and version
            game = game_for(str(row["game"]), str(row["content_id"]), str(row["content_version"]),
                            None if edits or not isinstance(fingerprint, str) else fingerprint)
        except RecordError as e:
            raise ResultsError(f"the row cannot be replayed: {e}") from None
    else:
        game = load_game(str(row["game"]), content)
    if (game.content.id, game.content.version) != (row["content_id"], row["content_version"]):
        raise ResultsError(f"the row was played with pack {row['content_id']} {row['content_version']}, "
                           f"this pack is {game.content.id} {game.content.version}")
    if edits:
        game = game.with_edits(edits)
    if isinstance(fingerprint, str) and fingerprint != game.content.fingerprint:
        raise ResultsError(f"the row was played with pack {row['content_id']} {row['content_version']} of fingerprint "
                           f"{fingerprint[:10]}, this pack has fingerprint {game.content.fingerprint[:10]} (its "
                           "content was changed without a new version)")
    seed = int(row["seed"])
    state = game.new_game(seed=seed, options=json.loads(str(row["options"])))
    bot = bot_for(game.id, str(row["bot"]), seed)
    while not state.is_over:
        state.apply(bot.choose(state))
    if log_digest(state.log) != row["digest"]:
        raise ResultsError(f"{game.id} seed {seed} with bot {row['bot']} does not replay to the row's game "
                           "(its digest differs): the rules, the pack or the bot changed since")
    return state


def _row_edits(row: dict[str, Any]) -> dict[str, Any]:
    """The in-memory edits a row's ``variant`` names (none for a row of a pack as loaded, of a
    ``--vary content=`` folder, or of a file made before variants)."""
    variant = row.get("variant")
    if not isinstance(variant, str):
        return {}
    try:
        parsed = json.loads(variant)
    except ValueError:
        raise ResultsError(f"the row's variant {variant[:80]!r} is not JSON") from None
    if not isinstance(parsed, dict):
        raise ResultsError(f"the row's variant {variant[:80]!r} is not a JSON object")
    return {k: v for k, v in parsed.items() if k != "content"}
