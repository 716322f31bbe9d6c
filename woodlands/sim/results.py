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
KEY_COLUMNS = ("game", "content_id", "content_version", "bot", "options", "seed")


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
            ("rules", pa.int64()), ("bot", pa.string()), ("options", pa.string()), ("seed", pa.uint64()),
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
            table = pq.read_table(f, columns=list(columns) if columns is not None else None)
        except (OSError, pa.ArrowInvalid) as e:
            raise ResultsError(f"{f}: not a readable results file ({str(e).splitlines()[0][:120]})") from None
        # a Parquet file of another program reads fine but is not one of ours: say so here,
        # rather than let the report fail on the first column it looks for
        missing = [name for name, _ in common_fields() if name not in table.column_names
                   and (columns is None or name in columns)]
        if missing:
            raise ResultsError(f"{f}: not a Woodlands results file (no {', '.join(repr(m) for m in missing[:4])} "
                               f"column{'s' if len(missing) > 1 else ''}; `woodlands sim --out` writes them)")
        tables.append(table)
    if not tables:
        return pa.table({name: pa.array([], typ) for name, typ in common_fields()})
    return pa.concat_tables(tables, promote_options="permissive")


class ResultsFile:
    """A Parquet results file being written by a study (see the module's text)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        if self.path.is_dir():
            raise ResultsError(f"{self.path} is a folder; --out takes a file name such as results.parquet")
        if not self.path.parent.is_dir():
            raise ResultsError(f"{self.path.parent}: no such folder")
        self.parts = self.path.with_name(self.path.name + ".parts")

    def done_keys(self) -> set[tuple[Any, ...]]:
        """(game, content id, version, bot, options, seed) of every game already written."""
        keys: set[tuple[Any, ...]] = set()
        for source in (self.path, self.parts):
            if source.exists():
                t = read_table(source, KEY_COLUMNS)
                keys.update(zip(*(t.column(c).to_pylist() for c in KEY_COLUMNS)))
        return keys

    def write_batch(self, rows: list[dict[str, Any]]) -> None:
        """Write rows as one new part, atomically (a reader never sees half a part)."""
        if not rows:
            return
        import pyarrow.parquet as pq
        self.parts.mkdir(exist_ok=True)
        name = f"part-{os.getpid()}-{uuid.uuid4().hex[:12]}.parquet"
        tmp = self.parts / ("." + name + ".tmp")
        pq.write_table(table_of(rows), tmp)
        os.replace(tmp, self.parts / name)

    def finish(self) -> None:
        """Merge the file and the parts into the file, sorted by key; remove the parts."""
        if not self.parts.exists():
            return
        import pyarrow.parquet as pq
        tables = [read_table(s) for s in (self.path, self.parts) if s.exists()]
        pa = _pa()
        merged = pa.concat_tables(tables, promote_options="permissive") if len(tables) > 1 else tables[0]
        merged = merged.sort_by([(c, "ascending") for c in KEY_COLUMNS])
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
    if content is None:         # the pack the row names: the default one or a kept older version
        from ..engine.errors import RecordError
        from ..engine.packs import game_for
        try:
            game = game_for(str(row["game"]), str(row["content_id"]), str(row["content_version"]))
        except RecordError as e:
            raise ResultsError(f"the row cannot be replayed: {e}") from None
    else:
        game = load_game(str(row["game"]), content)
    if (game.content.id, game.content.version) != (row["content_id"], row["content_version"]):
        raise ResultsError(f"the row was played with pack {row['content_id']} {row['content_version']}, "
                           f"this pack is {game.content.id} {game.content.version}")
    seed = int(row["seed"])
    state = game.new_game(seed=seed, options=json.loads(str(row["options"])))
    bot = bot_for(game.id, str(row["bot"]), seed)
    while not state.is_over:
        state.apply(bot.choose(state))
    if log_digest(state.log) != row["digest"]:
        raise ResultsError(f"{game.id} seed {seed} with bot {row['bot']} does not replay to the row's game "
                           "(its digest differs): the rules, the pack or the bot changed since")
    return state
