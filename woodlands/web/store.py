"""The games and their decisions in a database, over SQLAlchemy 2 (SQLite or PostgreSQL).

Append-only: a game's row is written once, and each accepted decision, undo or seat handover
is one more row of ``events`` numbered 0, 1, 2 ... within its game.  The primary key
``(game_id, number)`` is the UNIQUE constraint that decides races: of two processes (or two
requests) that append number ``n`` to one game, exactly one commits and the other is told
(:meth:`Store.append` returns False) and answers 409.  Every append is committed before it
returns, so an answer is sent only for a decision already on disk.

The schema is made by the Alembic migrations beside this module (:func:`migrate`), run when the
app starts.  The tables::

    games   id, game, options (JSON), seed (text: 64 bits), content (JSON), seats, admin_hash,
            origin, created, turn_seconds (the table's turn timer, NULL: none)
    seats   game_id, seat, token_hash (the seat's secret; UNIQUE; NULL: nobody holds the seat),
            invite_hash (the seat's last invitation; NULL: none)
    events  game_id, number, kind ('choice' | 'undo' | 'bot' | 'human' | 'seat' | 'redraw' | 'again'), option,
            seat, by_bot, created
    listings game_id, name, listed (when), filled (when its last free seat was taken; NULL: it
            has one): the open tables, listed by their creators so that anyone may take a free
            seat (woodlands.web.tables); no row: not listed; a filled row is not shown
    daily_attempts day, game, person (the hash of a browser's daily cookie), game_id, name,
            started, ended (NULL: going), outcome (JSON; NULL: going): one row per person, game
            and day, the daily challenge's attempts (woodlands.web.daily); a daily game's row
            in ``games`` has the origin 'daily'
    server_keys name, value: the server's own secrets, each made once (the daily seeds' key)
    analyses game_id, seat, result (JSON), created: a finished game's analysis for one seat
            (woodlands.web.analyses), written once when it is done

A 'seat' event records that a seat changed hands (claimed, given a new invitation, withdrawn):
its option is the hash of the seat's new secret (NULL: none), written in the same transaction
as the seats row, so that every process learns of it as of any other event.

An ``again`` event comes after the end of a game (woodlands.web.again): ``yes:HASH`` from a seat
that will play again (HASH: the hash of its secret at the next table), ``no`` from one that
will not, ``admin:HASH`` (the next table's admin key) and ``table:ID``, the next table made.

A ``redraw`` event holds in ``option`` the seed (text: 64 bits) of a
:meth:`~woodlands.engine.state.GameState.redraw_unseen` made at its place in the game: a table of
several seats made from a record starts with one, drawn from the server's secret randomness.

Tokens are never stored, only their SHA-256 (:func:`token_hash`).  On PostgreSQL each append
also sends ``NOTIFY woodlands, 'GAME:NUMBER'`` in its transaction, so the other server
processes learn of it when it commits (:mod:`woodlands.web.service` listens).
"""
from __future__ import annotations

import hashlib
import json
import queue
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Sequence

from sqlalchemy import (BigInteger, Boolean, Column, Engine, Float, ForeignKey, Integer, MetaData, PrimaryKeyConstraint,
                        String, Table, Text, bindparam, create_engine, event, func, insert, select, text)
from sqlalchemy import update as update_
from sqlalchemy.exc import IntegrityError

#: the PostgreSQL channel the appends are announced on
CHANNEL = "woodlands"
#: event kinds
CHOICE, UNDO, BOT, HUMAN, SEAT, REDRAW = "choice", "undo", "bot", "human", "seat", "redraw"
#: after the end: a seat's answer to "Play again?", the creator's key to the next table, or the
#: next table made (woodlands.web.again)
AGAIN = "again"
#: the origin of a daily challenge's game (woodlands.web.daily)
DAILY_ORIGIN = "daily"

metadata = MetaData()

games = Table(
    "games", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("options", Text, nullable=False),
    Column("seed", String(24), nullable=False),
    Column("content", Text, nullable=False),
    Column("seats", Integer, nullable=False),
    Column("admin_hash", String(64), nullable=False),
    Column("origin", String(16), nullable=False),
    Column("created", Float, nullable=False),
    Column("turn_seconds", Float, nullable=True),
)

seats = Table(
    "seats", metadata,
    Column("game_id", String(32), ForeignKey("games.id"), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("token_hash", String(64), nullable=True, unique=True),
    Column("invite_hash", String(64), nullable=True),
    PrimaryKeyConstraint("game_id", "seat", name="pk_seats"),
)

events = Table(
    "events", metadata,
    Column("game_id", String(32), ForeignKey("games.id"), nullable=False),
    Column("number", Integer, nullable=False),
    Column("kind", String(8), nullable=False),
    Column("option", Text, nullable=True),
    Column("seat", Integer, nullable=True),
    Column("by_bot", Boolean, nullable=False, default=False),
    Column("created", Float, nullable=False),
    PrimaryKeyConstraint("game_id", "number", name="pk_events"),   # UNIQUE (game, number): decides races
)

listings = Table(
    "listings", metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("name", String(60), nullable=False),
    Column("listed", Float, nullable=False),
    Column("filled", Float, nullable=True),
)

daily_attempts = Table(
    "daily_attempts", metadata,
    Column("day", String(10), nullable=False),
    Column("game", String(64), nullable=False),
    Column("person", String(64), nullable=False),
    Column("game_id", String(32), ForeignKey("games.id"), nullable=False, unique=True),
    Column("name", String(40), nullable=True),
    Column("started", Float, nullable=False),
    Column("ended", Float, nullable=True),
    Column("outcome", Text, nullable=True),
    PrimaryKeyConstraint("day", "game", "person", name="pk_daily_attempts"),   # one attempt a day: decides races
)

server_keys = Table(
    "server_keys", metadata,
    Column("name", String(32), primary_key=True),
    Column("value", String(256), nullable=False),
)

analyses = Table(
    "analyses", metadata,
    Column("game_id", String(32), ForeignKey("games.id"), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("result", Text, nullable=False),
    Column("created", Float, nullable=False),
    PrimaryKeyConstraint("game_id", "seat", name="pk_analyses"),
)

#: the longest name of an open table
LISTING_NAME = 60

# the statements of the per-request path, built once (building one costs more than running it)
_EVENTS_SINCE = (select(events.c.number, events.c.kind, events.c.option, events.c.seat, events.c.by_bot)
                 .where(events.c.game_id == bindparam("g"), events.c.number >= bindparam("n"))
                 .order_by(events.c.number))
_APPEND = insert(events)
_NOTIFY = text("SELECT pg_notify(:c, :p)")

# BigInteger is imported for the migrations' use of the same types
__all__ = ["AGAIN", "DAILY_ORIGIN", "BigInteger", "CHANNEL", "LISTING_NAME", "Store", "GameRow", "EventRow", "token_hash", "migrate"]


class _NotOpen(Exception):
    """Store.change_seat: the invitation being taken is no longer open."""


def token_hash(token: str) -> str:
    """What the store keeps of a token: its SHA-256, hex."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


@dataclass(frozen=True)
class GameRow:
    id: str
    game: str
    options: dict[str, Any]
    seed: int
    content: dict[str, Any]
    seats: int
    admin_hash: str
    origin: str
    created: float
    #: per seat, the SHA-256 of the secret that holds it ("" while nobody does)
    seat_hashes: tuple[str, ...]
    #: the table's turn timer in seconds (None: none; see BotSeats.check_timers)
    turn_seconds: float | None = None


@dataclass(frozen=True)
class EventRow:
    number: int
    kind: str
    option: str | None
    seat: int | None
    by_bot: bool


def _engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        path = url.split(":///", 1)[1] if ":///" in url else ""
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        kwargs: dict[str, Any] = {"connect_args": {"check_same_thread": False, "timeout": 30}}
        if not path or path == ":memory:":
            from sqlalchemy.pool import StaticPool
            kwargs["poolclass"] = StaticPool
        eng = create_engine(url, **kwargs)

        @event.listens_for(eng, "connect")
        def _pragmas(dbapi_connection: Any, _record: Any) -> None:
            cur = dbapi_connection.cursor()
            # WAL: readers do not wait for the writer; NORMAL: a commit survives the process being
            # killed (only a power cut may lose the last ones); foreign keys checked
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            # checkpoints (which wait for the disk) are the Store's background thread's, not a request's
            cur.execute("PRAGMA wal_autocheckpoint=0")
            cur.close()
        return eng
    return create_engine(url, pool_size=10, max_overflow=20, pool_pre_ping=True)


#: the newest migration (migrations/versions/); a database already there skips Alembic at start-up
HEAD = "0006"


def at_head(url: str) -> bool:
    """Is the database at ``url`` at :data:`HEAD` already?  (One query, no Alembic import.)"""
    engine = _engine(url)
    try:
        with engine.connect() as conn:
            if not engine.dialect.has_table(conn, "alembic_version"):
                return False
            return bool(conn.execute(text("SELECT version_num FROM alembic_version")).scalar() == HEAD)
    finally:
        engine.dispose()


def migrate(url: str) -> None:
    """Bring the database at ``url`` to the newest schema (Alembic ``upgrade head``)."""
    if at_head(url):
        return
    from alembic import command
    from alembic.config import Config
    here = Path(__file__).parent
    cfg = Config(str(here / "alembic.ini"))
    cfg.set_main_option("script_location", str(here / "migrations"))
    cfg.attributes["url"] = url
    command.upgrade(cfg, "head")


class Store:
    """The database of one server.  Thread-safe (a connection pool); every write commits."""

    def __init__(self, url: str) -> None:
        from .settings import with_driver      # every way in (serve, prune, tests) names psycopg 3
        url = with_driver(url)
        self.url = url
        self.engine = _engine(url)
        self.postgres = self.engine.dialect.name == "postgresql"
        # SQLite takes one writer at a time: serialise this process's writers here instead of
        # letting them spin on the database lock
        self._write_lock = threading.Lock() if not self.postgres else None
        self._closed = threading.Event()
        self._written = threading.Event()
        self._checkpointer: threading.Thread | None = None
        # the appends of requests go to :meth:`submit`: on SQLite one writer thread with its own
        # connection, which commits what has queued up together; on PostgreSQL a few threads
        self._queue: queue.SimpleQueue[tuple[str, EventRow, Future[bool]] | None] = queue.SimpleQueue()
        self._writer: threading.Thread | None = None
        self._pool: ThreadPoolExecutor | None = None
        if self.engine.dialect.name == "sqlite":
            self._checkpointer = threading.Thread(target=self._checkpoints, name="woodlands-checkpoint", daemon=True)
            self._checkpointer.start()
            self._writer = threading.Thread(target=self._write_loop, name="woodlands-writer", daemon=True)
            self._writer.start()
        else:
            self._pool = ThreadPoolExecutor(8, thread_name_prefix="woodlands-append")

    def _checkpoints(self, every: float = 1.0) -> None:
        """SQLite: copy the write-ahead log into the database now and then (a PASSIVE checkpoint
        never blocks a writer), so that no request waits for one."""
        while not self._closed.wait(every):
            if not self._written.is_set():
                continue
            self._written.clear()
            try:
                with self.engine.connect() as conn:
                    conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
            except Exception:             # a busy or closing database: the next turn tries again
                pass

    def close(self) -> None:
        self._closed.set()
        if self._writer is not None:
            self._queue.put(None)
            self._writer.join(5.0)
        if self._pool is not None:
            self._pool.shutdown(wait=True)
        if self._checkpointer is not None:
            self._checkpointer.join(5.0)
            try:
                with self.engine.connect() as conn:
                    conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
            except Exception:
                pass
        self.engine.dispose()

    # ------------------------------------------------------------------ games
    def create_game(self, row: GameRow, history: Iterable[EventRow] = (),
                    invite_hashes: Sequence[str | None] = ()) -> None:
        """Write a new game, its seats (each held by a secret, ``row.seat_hashes``, or waiting
        for its invitation, ``invite_hashes``) and (for an uploaded record) its history, in one
        transaction."""
        now = time.time()
        invites = list(invite_hashes) + [None] * (len(row.seat_hashes) - len(invite_hashes))
        with self._writing(), self.engine.begin() as conn:
            conn.execute(insert(games).values(
                id=row.id, game=row.game, options=json.dumps(row.options), seed=str(row.seed),
                content=json.dumps(row.content), seats=row.seats, admin_hash=row.admin_hash,
                origin=row.origin, created=row.created, turn_seconds=row.turn_seconds))
            conn.execute(insert(seats), [{"game_id": row.id, "seat": i, "token_hash": h or None, "invite_hash": inv}
                                         for i, (h, inv) in enumerate(zip(row.seat_hashes, invites))])
            rows = [{"game_id": row.id, "number": e.number, "kind": e.kind, "option": e.option, "seat": e.seat,
                     "by_bot": e.by_bot, "created": now} for e in history]
            if rows:
                conn.execute(insert(events), rows)

    def game(self, game_id: str) -> GameRow | None:
        with self.engine.connect() as conn:
            g = conn.execute(select(games).where(games.c.id == game_id)).first()
            if g is None:
                return None
            hashes = conn.execute(select(seats.c.token_hash).where(seats.c.game_id == game_id)
                                  .order_by(seats.c.seat)).scalars().all()
        return GameRow(g.id, g.game, json.loads(g.options), int(g.seed), json.loads(g.content), g.seats,
                       g.admin_hash, g.origin, g.created, tuple(h or "" for h in hashes), g.turn_seconds)

    def seat_keys(self, game_id: str) -> list[tuple[int, str | None, str | None]]:
        """Each seat of the game: (seat, its secret's hash, its last invitation's hash)."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(seats.c.seat, seats.c.token_hash, seats.c.invite_hash)
                                .where(seats.c.game_id == game_id).order_by(seats.c.seat)).all()
        return [(r.seat, r.token_hash, r.invite_hash) for r in rows]

    def change_seat(self, game_id: str, seat: int, number: int, secret_hash: str | None,
                    invite_hash: str | None, claiming: str | None = None, free: bool = False) -> bool | None:
        """Give ``seat`` a new secret (its hash; None: nobody holds it) and invitation, and
        append the 'seat' event ``number`` that tells every process, in one transaction.
        ``claiming``: the hash of the invitation being taken; the seat changes only while that
        invitation is still open (the invitation stays, spent).  True: done; False: event
        ``number`` exists already (refresh and try again); None: the invitation is no longer
        open (someone took it first).  ``free``: the seat of an open table is taken, only while
        nobody holds it and the table is listed (None otherwise); its invitation, if one is out,
        is spent with it.  Nothing is written unless it returns True."""
        update = update_(seats).where(seats.c.game_id == game_id, seats.c.seat == seat)
        if free:
            listed = select(listings.c.game_id).where(listings.c.game_id == game_id,
                                                      listings.c.filled.is_(None)).exists()
            update = update.where(seats.c.token_hash.is_(None), listed).values(token_hash=secret_hash)
        elif claiming is not None:
            update = update.where(seats.c.invite_hash == claiming, seats.c.token_hash.is_(None)).values(
                token_hash=secret_hash)
        else:
            update = update.values(token_hash=secret_hash, invite_hash=invite_hash)
        try:
            with self._writing(), self.engine.begin() as conn:
                if conn.execute(update).rowcount != 1:
                    raise _NotOpen          # (rolls the transaction back)
                conn.execute(_APPEND, {"game_id": game_id, "number": number, "kind": SEAT, "option": secret_hash,
                                       "seat": seat, "by_bot": False, "created": time.time()})
                if self.postgres:
                    conn.execute(_NOTIFY, {"c": CHANNEL, "p": f"{game_id}:{number}"})
        except _NotOpen:
            return None
        except IntegrityError:
            return False
        self._written.set()
        return True

    # ------------------------------------------------------------------ open tables
    def list_table(self, game_id: str, name: str) -> None:
        """List the game as an open table under ``name`` (a listed one is renamed, keeping its
        place; a filled one is offered again)."""
        with self._writing(), self.engine.begin() as conn:
            done = conn.execute(update_(listings).where(listings.c.game_id == game_id)
                                .values(name=name, filled=None)).rowcount
            if not done:
                conn.execute(insert(listings).values(game_id=game_id, name=name, listed=time.time()))
        self._written.set()

    def unlist_table(self, game_id: str) -> bool:
        """The game is no longer listed; True if it was."""
        from sqlalchemy import delete
        with self._writing(), self.engine.begin() as conn:
            gone = conn.execute(delete(listings).where(listings.c.game_id == game_id)).rowcount
        self._written.set()
        return bool(gone)

    def fill_table(self, game_id: str) -> None:
        """The table's last free seat was taken: it is no longer shown or offered, but whoever
        asks for one of its seats learns that it filled (:meth:`filled`)."""
        with self._writing(), self.engine.begin() as conn:
            conn.execute(update_(listings).where(listings.c.game_id == game_id, listings.c.filled.is_(None))
                         .values(filled=time.time()))
        self._written.set()

    def listing(self, game_id: str) -> str | None:
        """The name the game is listed under, or None when it is not listed (or filled)."""
        with self.engine.connect() as conn:
            name = conn.execute(select(listings.c.name).where(listings.c.game_id == game_id,
                                                              listings.c.filled.is_(None))).scalar()
        return None if name is None else str(name)

    def filled(self, game_id: str) -> bool:
        """Whether the table was listed until a claim took its last free seat."""
        with self.engine.connect() as conn:
            when = conn.execute(select(listings.c.filled).where(listings.c.game_id == game_id)).scalar()
        return when is not None

    def listings(self, limit: int) -> list[tuple[str, str]]:
        """The listed tables, newest first, at most ``limit``: (game id, name)."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(listings.c.game_id, listings.c.name).where(listings.c.filled.is_(None))
                                .order_by(listings.c.listed.desc()).limit(limit)).all()
        return [(r.game_id, r.name) for r in rows]

    # ------------------------------------------------------------------ analyses
    def analysis(self, game_id: str, seat: int) -> dict[str, Any] | None:
        """The stored analysis of the game for ``seat``, or None when there is none yet."""
        with self.engine.connect() as conn:
            result = conn.execute(select(analyses.c.result).where(analyses.c.game_id == game_id,
                                                                  analyses.c.seat == seat)).scalar()
        if result is None:
            return None
        found: dict[str, Any] = json.loads(result)
        return found

    def save_analysis(self, game_id: str, seat: int, result: dict[str, Any]) -> bool:
        """Keep the finished analysis of the game for ``seat``: True, or False when one is
        there already (another process finished first; the first one stays)."""
        try:
            with self._writing(), self.engine.begin() as conn:
                conn.execute(insert(analyses).values(game_id=game_id, seat=seat, result=json.dumps(result),
                                                     created=time.time()))
        except IntegrityError:
            return False
        self._written.set()
        return True

    def game_ids(self) -> list[str]:
        with self.engine.connect() as conn:
            return list(conn.execute(select(games.c.id).order_by(games.c.created)).scalars().all())

    def games_with_bots(self) -> list[str]:
        """The games in which a seat was ever handed to a bot (those a restarted server looks
        at, to set their bots moving again)."""
        with self.engine.connect() as conn:
            return list(conn.execute(select(events.c.game_id).where(events.c.kind == BOT).distinct()).scalars().all())

    def next_number(self, game_id: str) -> int:
        """The number the game's next event will have (its events' count: one indexed query)."""
        with self.engine.connect() as conn:
            n = conn.execute(select(func.max(events.c.number)).where(events.c.game_id == game_id)).scalar()
        return 0 if n is None else int(n) + 1

    # ------------------------------------------------------------------ events
    def events(self, game_id: str, start: int = 0) -> list[EventRow]:
        """The game's events numbered ``start`` and on, in order."""
        with self.engine.connect() as conn:
            rows = conn.execute(_EVENTS_SINCE, {"g": game_id, "n": start}).all()
        return [EventRow(r.number, r.kind, r.option, r.seat, bool(r.by_bot)) for r in rows]

    def append(self, game_id: str, ev: EventRow) -> bool:
        """Append one event, committed before this returns: True, or False when an event of that
        number is there already (another request won the race; nothing was written)."""
        return self.submit(game_id, ev).result()

    def submit(self, game_id: str, ev: EventRow) -> "Future[bool]":
        """:meth:`append` without waiting: a future told True or False once the event is
        committed (or not).  The event loop awaits it (``asyncio.wrap_future``) instead of
        blocking a thread."""
        if self._writer is not None:
            if self._closed.is_set():
                raise RuntimeError("the store is closed")
            fut: Future[bool] = Future()
            self._queue.put((game_id, ev, fut))
            return fut
        assert self._pool is not None
        return self._pool.submit(self._append_one, game_id, ev)

    def _write_loop(self, batch_limit: int = 64) -> None:
        """SQLite's writer thread: one connection kept open; the events queued while the last
        commit ran are written in one transaction (group commit).  A batch that breaks the
        UNIQUE (game, number) rule is rolled back and written one event at a time, so each
        event is told its own answer."""
        conn = None
        while True:
            item = self._queue.get()
            if item is None:
                break
            batch = [item]
            while len(batch) < batch_limit:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    self._queue.put(None)       # stop after this batch
                    break
                batch.append(more)
            try:
                if conn is None:
                    conn = self.engine.connect()
                with self._writing():
                    self._write_batch(conn, batch)
            except Exception as e:              # the database failed: tell every waiting request
                for _, _, fut in batch:
                    if not fut.done():
                        fut.set_exception(e)
                if conn is not None:
                    try:
                        conn.close()
                    except Exception:
                        pass
                    conn = None
        if conn is not None:
            conn.close()

    def _write_batch(self, conn: Any, batch: list[tuple[str, EventRow, "Future[bool]"]]) -> None:
        now = time.time()
        rows = [{"game_id": g, "number": e.number, "kind": e.kind, "option": e.option, "seat": e.seat,
                 "by_bot": e.by_bot, "created": now} for g, e, _ in batch]
        try:
            conn.execute(_APPEND, rows)
            conn.commit()
        except IntegrityError:
            conn.rollback()
            for row, (_, _, fut) in zip(rows, batch):
                try:
                    conn.execute(_APPEND, row)
                    conn.commit()
                except IntegrityError:
                    conn.rollback()
                    fut.set_result(False)
                else:
                    fut.set_result(True)
            self._written.set()
            return
        self._written.set()
        for _, _, fut in batch:
            fut.set_result(True)

    def _append_one(self, game_id: str, ev: EventRow) -> bool:
        try:
            with self._writing(), self.engine.begin() as conn:
                conn.execute(_APPEND, {"game_id": game_id, "number": ev.number, "kind": ev.kind, "option": ev.option,
                                       "seat": ev.seat, "by_bot": ev.by_bot, "created": time.time()})
                if self.postgres:
                    conn.execute(_NOTIFY, {"c": CHANNEL, "p": f"{game_id}:{ev.number}"})
        except IntegrityError:
            return False
        self._written.set()
        return True

    def _writing(self) -> Any:
        from contextlib import nullcontext
        return self._write_lock if self._write_lock is not None else nullcontext()
