"""The games of one server process over the :class:`~woodlands.web.store.Store`: the cache of
live games, the answer each seat may see, choices, undo and new tables.  The rest of the
service are parts it holds, each over this cache and the store:

* :class:`~woodlands.web.seats.Seating` (``service.seating``): tokens, the seat a token holds,
  invitations, who is at the table, handing a seat to a bot;
* :class:`~woodlands.web.botseats.BotSeats` (``service.bots``): the bots' moves and the turn
  timer;
* :class:`~woodlands.web.hints.Hints` (``service.hints``): the search's advice to a seat;
* :class:`~woodlands.web.again.Again` (``service.again``): play again, once a game is over;
* :class:`~woodlands.web.daily.Daily` (``service.daily``): the daily challenge.
* :class:`~woodlands.web.analyses.Analyses` (``service.analyses``): a finished game's analysis.

Beside them: :mod:`.live` (one live game and its lock), :mod:`.hub` (who listens to which
game), :mod:`.errors` (the refusals, and the one table of their statuses), :mod:`.searchpool`
(the hint and bot searcher), :mod:`.limits` (the caps on moves and hints).

A game is rebuilt from its events only when this process has not got it in memory (after a
restart, or once it has left the cache).  On PostgreSQL, before it answers, a request reads the
events other processes may have appended since (one indexed query), so several processes over
one PostgreSQL serve the same tables; a SQLite file is served by one process.

Every refusal is a domain error of :mod:`woodlands.web.errors` (the routes give it its status),
raised before anything is written.  Each game has its own lock (``Live.lock``, a
:class:`~woodlands.web.live.GameLock`), held from the check of a change to its commit.  What
reads or changes a game is a coroutine run on the event loop: the game's work runs there and
only the database is awaited (a write on SQLite goes to the store's one writer thread; a read
on PostgreSQL, or a game rebuilt from its events, to a worker thread), so requests do not queue
for the thread pool or fight over the GIL.  What only starts a table or lists a browser's
games (:meth:`GameService.create`, :meth:`~GameService.upload`, :meth:`~GameService.mine`)
blocks, and is called from a worker thread.
"""
from __future__ import annotations

import asyncio
import json
import re
import secrets
import threading
import time
from collections import OrderedDict
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any, AsyncIterator, Callable, Collection, Sequence

from ..engine.errors import GameOptionError, RecordError, WoodlandsError
from ..engine.registry import GameDescriptor, OptionSpec
from ..engine.state import GameState
from .errors import Conflict, Forbidden, Invalid, NotFound, Refused
from .hub import Hub
from .live import Live
from .searchpool import SearchPool
from .settings import Settings
from .store import CHOICE, DAILY_ORIGIN, REDRAW, UNDO, EventRow, GameRow, Store, token_hash

if TYPE_CHECKING:
    from ..engine.game import Game
    from .again import Again
    from .analyses import Analyses
    from .botseats import BotSeats
    from .daily import Daily
    from .hints import Hints
    from .seats import Seating
    from .tables import OpenTables

#: a game id as this server makes them (anything else is an unknown game)
GAME_ID = re.compile(r"^[A-Za-z0-9_-]{8,32}$")
#: the cookie that holds a browser's seat, per game (set when it claims an invitation, or makes the table)
COOKIE_PREFIX = "woodlands_seat_"
#: the cookie of a hot-seat table's other seats (the pages set it), per game: their secrets, dot-separated
HOTSEAT_PREFIX = "woodlands_hotseat_"
#: what an invitation or a secret may look like (secrets.token_urlsafe; anything else holds nothing)
TOKEN = re.compile(r"^[A-Za-z0-9_-]{8,128}$")


def player(seat: int) -> str:
    """A seat as a message names it: people count players from 1, as the pages do ("Player 1"),
    while the API's seat numbers (``seat``, ``deciding_seat``, paths) count from 0."""
    return f"Player {seat + 1}"


def cookie_name(game_id: str) -> str:
    return COOKIE_PREFIX + game_id


try:
    import orjson

    def dumps(body: Any) -> bytes:
        """A body as compact JSON (orjson: several times faster than the json module)."""
        return orjson.dumps(body, option=orjson.OPT_NON_STR_KEYS)
except ImportError:                     # pragma: no cover - the web extra installs orjson
    def dumps(body: Any) -> bytes:
        return json.dumps(body, separators=(",", ":")).encode()


class GameService:
    """The games of one server process (see the module doc)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.url = settings.database_url()
        self.store: Store | None = None
        self.hub = Hub()
        self._cache: OrderedDict[str, Live] = OrderedDict()
        self._cache_lock = threading.Lock()
        self._listener: threading.Thread | None = None
        #: set when the service stops: its background work (the listener, the bots) ends
        self.stopping = threading.Event()
        from .limits import EventLimit, StreamLimit
        #: the caps on stored events and on live streams (woodlands.web.limits)
        self.event_limit = EventLimit(settings)
        self.stream_limit = StreamLimit(settings)
        #: where hints and search-bot moves run: worker processes, started on the first search
        #: (woodlands.web.searchpool; Settings.search_processes)
        self.searches = SearchPool(settings.search_process_count())
        #: mine()'s summaries of games not in memory: game -> (number, summary)
        self._summaries: dict[str, tuple[int, dict[str, Any]]] = {}
        #: who is at each table (woodlands.web.presence)
        from .presence import Presence
        self.presence = Presence(time.monotonic, settings.here_seconds)
        # the parts, each over this cache and the store (imported here: they import this module)
        from .again import Again
        from .analyses import Analyses
        from .botseats import BotSeats
        from .daily import Daily
        from .hints import Hints
        from .seats import Seating
        from .tables import OpenTables
        self.seating: Seating = Seating(self)
        self.tables: OpenTables = OpenTables(self)
        self.bots: BotSeats = BotSeats(self)
        self.hints: Hints = Hints(self)
        self.again: Again = Again(self)
        self.daily: Daily = Daily(self)
        self.analyses: Analyses = Analyses(self)

    @property
    def clock(self) -> Callable[[], float]:
        """Seconds, for presence and the turn timers (tests set a clock of their own)."""
        return self.presence.clock

    @clock.setter
    def clock(self, clock: Callable[[], float]) -> None:
        self.presence.clock = clock

    # ------------------------------------------------------------------ life
    async def start(self) -> None:
        await asyncio.to_thread(self.open)
        if self.db.postgres:
            self._listener = threading.Thread(target=self._listen, name="woodlands-listen", daemon=True)
            self._listener.start()
        self.bots.start()

    def open(self) -> None:
        """Migrate the database and connect (synchronous; :meth:`start` runs it in a thread)."""
        if self.store is None:
            if self.settings.migrate:
                from .store import migrate
                migrate(self.url)
            self.store = Store(self.url)

    async def stop(self) -> None:
        self.stopping.set()
        await self.bots.stop()
        await self.analyses.stop()
        self.searches.close()
        if self._listener is not None:
            await asyncio.to_thread(self._listener.join, 3.0)
        if self.store is not None:
            self.store.close()

    @property
    def db(self) -> Store:
        if self.store is None:
            raise RuntimeError("the games service has not been started (create_app's lifespan starts it)")
        return self.store

    def _listen(self) -> None:
        """PostgreSQL LISTEN: events appended by other processes reach this one's listeners."""
        import psycopg
        from sqlalchemy.engine import make_url
        url = make_url(self.url).set(drivername="postgresql")
        while not self.stopping.is_set():
            try:
                with psycopg.connect(url.render_as_string(hide_password=False), autocommit=True) as conn:
                    conn.execute("LISTEN woodlands")
                    while not self.stopping.is_set():
                        for note in conn.notifies(timeout=0.5):
                            game_id, _, number = note.payload.rpartition(":")
                            if number.isdigit():
                                self.hub.publish(game_id, int(number))
            except Exception:               # the database went away: try again shortly
                self.stopping.wait(1.0)

    # ------------------------------------------------------------------ the cache of live games
    async def live(self, game_id: str, tokens: Sequence[str | None] | None = None, admin: bool = False) -> Live:
        """The game ``game_id`` as this process holds it: one in memory at once, any other
        rebuilt from the store in a worker thread.  ``tokens``: a game not in memory is rebuilt
        only if one of them holds a seat in it (``admin``: is its admin token), checked on its
        stored row first, so that a request without a valid token never costs a replay (the
        caller still checks the seat).  Not brought up to date: see :meth:`refresh`."""
        with self._cache_lock:
            live = self._cache.get(game_id)
            if live is not None:
                self._cache.move_to_end(game_id)
                return live
        return await asyncio.to_thread(self._load, game_id, tokens, admin)

    def _load(self, game_id: str, tokens: Sequence[str | None] | None, admin: bool) -> Live:
        """The game from the cache, else rebuilt and cached (blocking: :meth:`live` runs it in a thread)."""
        if not GAME_ID.match(game_id):
            raise NotFound(f"there is no game {brief(game_id)} on this server")
        with self._cache_lock:
            live = self._cache.get(game_id)
            if live is not None:
                self._cache.move_to_end(game_id)
        if live is None:
            row = None
            if tokens is not None:
                row = self.row(game_id)
                self.seating.check_tokens(row, tokens, admin)
            live = self._rebuild(game_id, row)
            with self._cache_lock:
                live = self._cache.setdefault(game_id, live)
                while len(self._cache) > self.settings.cache_games:
                    self._cache.popitem(last=False)
        return live

    def cached(self) -> list[Live]:
        """The games this process holds in memory now."""
        with self._cache_lock:
            return list(self._cache.values())

    def forget(self, game_id: str) -> None:
        """Drop this process's live copy of a game (woodlands.web.limits.prune deleted it)."""
        with self._cache_lock:
            self._cache.pop(game_id, None)

    def row(self, game_id: str) -> GameRow:
        """The game's stored row (blocking); NotFound if there is none."""
        row = self.db.game(game_id)
        if row is None:
            raise NotFound(f"there is no game {brief(game_id)} on this server")
        return row

    def _rebuild(self, game_id: str, row: GameRow | None = None) -> Live:
        row = row or self.row(game_id)
        live = Live(row, _new_state(row))
        for ev in self.db.events(game_id):
            try:
                live.apply_event(ev)
            except WoodlandsError:      # IllegalAction: a rules fix since made a stored choice illegal
                raise Conflict(_no_longer_legal(row, live.state, ev)) from None
        return live

    def _read_new(self, live: Live) -> None:
        """Take in the events stored since this process last looked (blocking; the caller holds
        the game's lock)."""
        for ev in self.db.events(live.row.id, live.number):
            live.apply_event(ev)

    async def refresh(self, live: Live, always: bool = False) -> None:
        """Take in the events other processes appended since (the caller holds the game's lock).
        On PostgreSQL other processes may have moved the game: the query runs in a thread.  A
        SQLite file is this process's alone, so its live games are the store's already
        (``always``: read anyway, after a lost race)."""
        if self.db.postgres:
            await asyncio.to_thread(self._read_new, live)
        elif always:
            self._read_new(live)

    async def catch_up(self, live: Live) -> None:
        """Take in other processes' events and set the bots going (the caller holds the game's lock)."""
        await self.refresh(live)
        self.bots.kick(live)

    # ------------------------------------------------------------------ answers
    def body(self, live: Live, seat: int, log_from: int = 0) -> dict[str, Any]:
        """What ``seat`` may know of the game now (the body of GET /api/games/{id}).  All but the
        log is made once per seat and decision number (the live stream's and a page's requests
        share it); the log comes from :meth:`Live.log_for` (only the new events are looked at)."""
        cached = live.bodies.get(seat)
        if cached is not None and cached[0] == live.number:
            base = cached[1]
        else:
            state = live.state
            decision = state.decision
            mine = decision is not None and decision.player == seat and seat not in live.bots
            base = {
                "id": live.row.id,
                "game": live.row.game,
                "seat": seat,
                "seats": live.row.seats,
                "at": live.number,
                "deciding_seat": None if decision is None else decision.player,
                "view": state.view(seat),
                "decision": _decision_json(decision) if mine and decision is not None else None,
                "over": state.is_over,
                "outcome": state.outcome,
                "can_undo": self._undo_refusal(live, seat) is None,
                "bots": {str(k): v for k, v in sorted(live.bots.items())},
            }
            live.bodies[seat] = (live.number, base)
        if log_from > live.state.log_length:
            log_from = 0                # the log got shorter (an undo): all of it, and log_from says so
        body = dict(base)
        body["log"] = live.log_for(seat, log_from)
        body["log_from"] = log_from
        return body

    @asynccontextmanager
    async def seated(self, game_id: str, token: str | None) -> AsyncIterator[tuple[Live, int]]:
        """The game and the seat of ``token``, under the game's lock and caught up with the
        store; the seat is checked again after the catch-up (a hand-over may have moved it)."""
        live = await self.live(game_id, (token,))
        changes = live.seat_changes
        seat = self.seating.seat_of(live, token)
        async with live.lock:
            await self.refresh(live)
            yield live, self.seating.still(live, token, seat, changes)

    async def get(self, game_id: str, token: str | None, log_from: int = 0) -> dict[str, Any]:
        """What the seat of ``token`` may know of the game now (:meth:`body`), the bots set going."""
        async with self.seated(game_id, token) as (live, seat):
            self.bots.kick(live)
            return self.body(live, seat, _log_from(log_from))

    async def record(self, game_id: str, token: str | None) -> dict[str, Any]:
        """The game's record: at any time for a solo game (its one player's to keep, as in the
        terminal), only once the game is over for a table of several seats (while it runs, the
        seed and every hidden fact in it would tell one seat what the others hold and what
        comes next)."""
        async with self.seated(game_id, token) as (live, _):
            if not live.state.is_over and live.row.origin == DAILY_ORIGIN:
                # everyone plays the day's game from the same seed: the record would tell it
                raise Forbidden("this is a daily challenge: its record (with the day's seed) is yours once your "
                                "attempt has ended; nothing was changed")
            if not live.state.is_over and live.row.seats > 1:
                raise Conflict("a table of several seats gives its record (with the seed and every hidden fact) "
                               "only once the game is over")
            return live.state.record()

    def mine(self, cookies: dict[str, str]) -> list[dict[str, Any]]:
        """The games whose seat cookies a browser sent, newest first (a cookie that holds no
        seat is passed over): id, game, seat, at, over, deciding_seat, created.  A game this
        process holds in memory answers from there; any other is summed up from the store
        (its row and events) by :meth:`_summary`, which replays it only while it has no
        summary of it at that number.  Blocking: called from a worker thread."""
        out = []
        for name, token in list(cookies.items())[:200]:
            if not name.startswith(COOKIE_PREFIX):
                continue
            game_id = name[len(COOKIE_PREFIX):]
            try:
                item = self._summary(game_id, token)
            except Refused:
                continue
            out.append(item)
        return sorted(out, key=lambda g: -g["created"])

    def _summary(self, game_id: str, token: str) -> dict[str, Any]:
        if not GAME_ID.match(game_id):
            raise NotFound("no such game")
        with self._cache_lock:
            live = self._cache.get(game_id)
        if live is None:
            row = self.db.game(game_id)
            if row is None:
                raise NotFound("no such game")
            seat = self.seating.seat_in(row, token)     # (a list of games is no visit to them: not marked here)
            at = self.db.next_number(game_id)
            known = self._summaries.get(game_id)
            if known is not None and known[0] == at:
                return dict(known[1], seat=seat)
            live = self._rebuild(game_id)        # not summed up at this number: one replay, kept out of the cache
            return self._summed(live, seat)
        seat = self.seating.seat_in(live.row, token)
        with live.lock:
            if self.db.postgres:
                self._read_new(live)
                seat = self.seating.seat_in(live.row, token)
            return self._summed(live, seat)

    def _summed(self, live: Live, seat: int) -> dict[str, Any]:
        decision = live.state.decision
        item = {"id": live.row.id, "game": live.row.game, "seat": seat, "seats": live.row.seats,
                "at": live.number, "over": live.state.is_over,
                "deciding_seat": None if decision is None else decision.player, "created": live.row.created}
        with self._cache_lock:
            self._summaries[live.row.id] = (live.number, item)
            while len(self._summaries) > 4 * self.settings.cache_games:
                self._summaries.pop(next(iter(self._summaries)))
        return item

    # ------------------------------------------------------------------ changes
    def _check_choice(self, live: Live, seat: int, option: str, at: int) -> tuple[EventRow, GameState]:
        """The event and the state after it for ``option`` taken by ``seat`` at ``at``, or the
        Refused that refuses it (the caller holds the game's lock; nothing is written)."""
        self.check_at(live, at)
        state = live.state
        decision = state.decision
        if decision is None:
            raise Conflict("the game is over; no more choices can be made", at=live.number)
        if decision.player != seat:
            raise Forbidden(f"it is {player(decision.player)}'s decision, not {player(seat)}'s", at=live.number,
                           deciding_seat=decision.player)
        if seat in live.bots:
            raise Conflict(f"{player(seat)} is played by the {live.bots[seat]} bot; the table's admin can give it back",
                           at=live.number)
        refusal = state.why_not(option)
        if refusal is not None:
            raise Invalid(refusal.reason, rule=refusal.rule, at=live.number)
        after = state.clone()
        after.apply(option)
        return EventRow(live.number, CHOICE, option, seat, False), after

    async def choose(self, game_id: str, token: str | None, option: str, at: int, log_from: int = 0,
                     answer: bool = True) -> dict[str, Any] | None:
        """Take ``option`` for the seat of ``token`` at decision ``at``; committed before it
        returns (only the commit is awaited).  ``answer=False``: return None instead of the
        seat's body (a page that draws the game itself)."""
        live = await self.live(game_id, (token,))
        changes = live.seat_changes
        seat = self.seating.seat_of(live, token)
        async with live.lock:
            if at != live.number:       # else the store's UNIQUE (game, number) tells if another process moved
                await self.refresh(live)
                seat = self.seating.still(live, token, seat, changes)
            ev, after = self._check_choice(live, seat, option, at)
            await self.append(live, ev, after)
            self.bots.kick(live)
            return self.body(live, seat, _log_from(log_from)) if answer else None

    async def undo(self, game_id: str, token: str | None, at: int, log_from: int = 0,
                   answer: bool = True) -> dict[str, Any] | None:
        """Take back the seat's last choice (see :meth:`_undo_refusal` for when it may)."""
        async with self.seated(game_id, token) as (live, seat):
            self._check_undo(live, seat, at)
            await self.append(live, EventRow(live.number, UNDO, None, seat, False))
            return self.body(live, seat, _log_from(log_from)) if answer else None

    def _check_undo(self, live: Live, seat: int, at: int) -> None:
        self.check_at(live, at)
        why = self._undo_refusal(live, seat)
        if why is not None:
            raise Conflict(why, at=live.number)

    def _undo_refusal(self, live: Live, seat: int) -> str | None:
        if not live.choosers:
            return "there is no choice to take back"
        if not live.state.can_undo() or not live.history:
            return "the last choice rolled dice or revealed something; it cannot be taken back"
        who, by_bot = live.choosers[-1]
        if by_bot:
            return "the last choice was a bot's; only a seat's own last choice can be taken back"
        if who != seat:
            return (f"the last choice was {player(who)}'s; a player may take back only their own last choice, "
                    "before another acts")
        return None

    def check_at(self, live: Live, at: int) -> None:
        """Conflict unless the game is at decision ``at``."""
        if at != live.number:
            raise Conflict(f"this request is for decision {at}, but the game is at decision {live.number} "
                           "(a replayed request, or someone acted first); nothing was changed", at=live.number)

    async def append(self, live: Live, ev: EventRow, after: GameState | None = None) -> None:
        """Store ``ev`` (the commit awaited) and take it into the live game (``after``: the state
        it leads to, when the caller has it); 409 if another request stored that number first.
        The caller holds the game's lock."""
        self._count_event(live, ev)
        if not await asyncio.wrap_future(self.db.submit(live.row.id, ev)):
            await self.refresh(live, always=True)
            raise Conflict(f"someone acted first: the game is now at decision {live.number}; nothing was changed",
                           at=live.number)
        live.apply_event(ev, after)
        self.hub.publish(live.row.id, live.number)
        await self.daily.after(live)

    def _count_event(self, live: Live, ev: EventRow) -> None:
        """429 before anything is written when the seat or the table has stored too many events
        lately (woodlands.web.limits.EventLimit: an undo/choose loop would fill the store)."""
        self.event_limit.take(live.row.id, ev.seat if ev.kind in (CHOICE, UNDO) else None)

    # ------------------------------------------------------------------ new games
    def create(self, game: str, options: dict[str, Any] | None, seats: int | None,
               seed: int | None = None, hotseat: bool | None = None, keep: Collection[int] = (),
               turn_seconds: float | None = None) -> dict[str, Any]:
        """A new table: its id, the admin token and, per seat, its secret (the seats the
        creator's device holds: every seat of a hot-seat table, which a table of one seat is
        unless told otherwise; else those in ``keep``) or an invitation (the others), each
        shown once and never stored.  ``turn_seconds``: the table's turn timer."""
        desc = game_descriptor(game)
        opts = check_options(desc, options or {})
        n = _seat_count(desc, opts, seats)
        if seed is not None and not self.settings.allow_seed:
            raise Invalid("this server chooses the seed itself (a seed known to a player would tell the future)")
        from ..engine.game import load_game
        try:
            state = load_game(game).new_game(seed=seed, options=opts)
        except GameOptionError as e:
            raise Invalid(str(e)) from None
        return self._store_new(game, opts, state.seed, n, "new", [], None, _held(n, hotseat, keep),
                               _turn_seconds(turn_seconds))

    def upload(self, record: Any, seats: int | None, hotseat: bool | None = None,
               turn_seconds: float | None = None) -> dict[str, Any]:
        """A new table that continues a record saved by ``woodlands play`` (or a Storyfold scene save).

        Whoever made the record may have chosen its seed, and so know the order of every deck
        and bag and every die to come.  A table of several seats made from it therefore starts
        with :meth:`GameState.redraw_unseen` from a seed of this server's secret randomness:
        what no seat has seen is drawn afresh, and nothing any seat has seen changes.  The seed
        is stored as an event of the game (``redraw``, after the record's choices), so the
        table replays exactly after a restart, and the record it gives at the end lists it.  A
        solo table keeps the record's future: its one player is the only one it could help."""
        if not isinstance(record, dict):
            raise Invalid("upload a game record or a scene save: a JSON object")
        resumes = _resumed_by(record.get("format"))
        if resumes is not None:            # a game's own save (its descriptor names the format)
            return self.create(resumes, {"resume": record}, seats, hotseat=hotseat, turn_seconds=turn_seconds)
        from ..engine.game import record_redraws, replay
        players: list[int] = []

        def who(state: GameState, _choice: str) -> None:     # who makes each choice, for undo and the log
            players.append(state.decision.player if state.decision is not None else 0)
        try:
            state = replay(record, before_choice=who)           # one pass checks the record and names the choosers
        except (RecordError, GameOptionError, WoodlandsError) as e:
            raise Invalid(f"this record cannot be continued: {e}") from None
        desc = game_descriptor(record["game"])
        opts = dict(record["options"])
        n = _seat_count(desc, opts, seats)
        # the record's choices, and its own redraws at their places (replay checked them all)
        redraws = record_redraws(record, record["version"])
        history: list[EventRow] = []
        for i, (choice, player) in enumerate(zip(record["choices"], players)):
            while redraws and redraws[0][0] == i:
                history.append(EventRow(len(history), REDRAW, str(redraws.pop(0)[1]), None, False))
            history.append(EventRow(len(history), CHOICE, choice, player, False))
        history += [EventRow(len(history), REDRAW, str(seed), None, False) for _, seed in redraws]
        if n > 1:
            seed = secrets.randbits(64)
            try:
                state.redraw_unseen(seed)
            except NotImplementedError as e:
                raise Invalid(f"this record cannot be continued at a table of several seats: {e}") from None
            history.append(EventRow(len(history), REDRAW, str(seed), None, False))
        from ..engine.packs import game_for     # the pack the record was played with (replay checked it)
        fingerprint = record["content"].get("fingerprint")
        played_on = game_for(desc.id, record["content"]["id"], record["content"]["version"],
                             fingerprint if isinstance(fingerprint, str) else None)
        return self._store_new(desc.id, opts, record["seed"], n, "upload", history, played_on,
                               _held(n, hotseat, ()), _turn_seconds(turn_seconds))

    def _store_new(self, game: str, options: dict[str, Any], seed: int, n: int, origin: str,
                   history: list[EventRow], played_on: Game | None = None, held: Collection[int] = (),
                   turn_seconds: float | None = None) -> dict[str, Any]:
        from ..engine.game import load_game
        content = (played_on or load_game(game)).content
        game_id = secrets.token_urlsafe(12)
        admin = secrets.token_urlsafe(24)
        # a seat the creator's device holds gets its secret; any other an invitation, which
        # whoever it is sent to claims once (POST /join/{id}): the creator never holds their secrets
        tokens = [secrets.token_urlsafe(24) if i in held else None for i in range(n)]
        invites = [None if i in held else secrets.token_urlsafe(24) for i in range(n)]
        # the rules version too, so that a game a later fix can no longer replay is refused in words
        rules = (played_on or load_game(game)).rules_version
        # the fingerprint too, so that the game reopens only on the very pack it began on
        row = GameRow(game_id, game, options, seed, {"id": content.id, "version": content.version, "rules": rules,
                                                     "fingerprint": content.fingerprint}, n,
                      token_hash(admin), origin, time.time(), tuple(token_hash(t) if t else "" for t in tokens),
                      turn_seconds)
        self.db.create_game(row, history, [token_hash(i) if i else None for i in invites])
        return {"id": game_id, "game": game, "admin_token": admin,
                "seats": [{"seat": i, "token": t, "invitation": inv,
                           "join": None if inv is None else invitation_link(game_id, inv)}
                          for i, (t, inv) in enumerate(zip(tokens, invites))]}


# ---------------------------------------------------------------------- helpers
#: the turn timer's range, in seconds
TURN_SECONDS = (10, 86400)


def invitation_link(game_id: str, invitation: str) -> str:
    """The invitation page of a seat, the invitation after ``#``: a browser never sends that
    part to a server, so no server or proxy logs it; the page's script hands it to the form."""
    return f"/join/{game_id}#{invitation}"


def _held(n: int, hotseat: bool | None, keep: Collection[int]) -> Collection[int]:
    """The seats the creator's device holds (see GameService.create)."""
    if hotseat if hotseat is not None else n == 1:
        return range(n)
    bad = [k for k in keep if not 0 <= k < n]
    if bad:
        raise Invalid(f"this table has seats 0 to {n - 1}, not {bad[0]}")
    return set(keep)


def _turn_seconds(value: Any) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not TURN_SECONDS[0] <= value <= TURN_SECONDS[1]:
        raise Invalid(f"turn_seconds, the turn timer, runs from {TURN_SECONDS[0]} to {TURN_SECONDS[1]} seconds "
                      f"(or leave it out: no timer), not {brief(value)}")
    return float(value)


def duration_words(seconds: float) -> str:
    """``seconds`` in words: "45 seconds", "2 minutes", "1 minute 30 seconds".

    >>> duration_words(120), duration_words(45.4), duration_words(90), duration_words(1)
    ('2 minutes', '45 seconds', '1 minute 30 seconds', '1 second')
    """
    whole = max(0, int(round(seconds)))
    minutes, rest = divmod(whole, 60)
    parts = [f"{minutes} minute{'s' if minutes != 1 else ''}"] if minutes else []
    if rest or not parts:
        parts.append(f"{rest} second{'s' if rest != 1 else ''}")
    return " ".join(parts)


def _new_state(row: GameRow) -> GameState:
    """The game's start, on the pack it is played with (an older, kept version of the default
    pack for a game begun before a retune: engine/packs.py)."""
    from ..engine.packs import game_for
    try:
        fingerprint = row.content.get("fingerprint")       # none in games stored before it was kept
        game = game_for(row.game, str(row.content.get("id")), str(row.content.get("version")),
                        fingerprint if isinstance(fingerprint, str) else None)
    except RecordError as e:
        raise Conflict(f"this game cannot be opened: {e}") from None
    return game.new_game(seed=row.seed, options=row.options)


def _no_longer_legal(row: GameRow, state: GameState, ev: EventRow) -> str:
    """Why a stored game cannot be opened after a rules fix made one of its choices illegal."""
    from ..engine.records import changes_since
    game = state.game
    rules = row.content.get("rules")
    since = (f"was started under {game.id} rules version {rules}" if isinstance(rules, int)
             else "was started before this server kept rules versions")
    first = rules if isinstance(rules, int) else game.rules_version - 1
    return (f"this game cannot be opened: it {since}, and the rules have been corrected since (now "
            f"version {game.rules_version}); its choice {len(state.choices) + 1} ({ev.option}) is no longer "
            f"legal, so it cannot be continued. What changed:\n{changes_since(game, first)}")


def _resumed_by(save_format: Any) -> str | None:
    """The game that continues from a save document of this ``format`` (its descriptor's
    ``save_format``), else None: the document is a record."""
    from ..engine.registry import descriptors
    if not isinstance(save_format, str):
        return None
    return next((d.id for d in descriptors() if d.save_format == save_format), None)


def game_descriptor(game: str) -> GameDescriptor:
    """The descriptor of ``game``; Invalid (naming the games there are) for any other name."""
    from ..engine.registry import descriptor, game_ids
    if not isinstance(game, str) or game not in game_ids():
        raise Invalid(f"there is no game {brief(game)}; the games are: {', '.join(game_ids())}")
    return descriptor(game)


_TYPE_WORDS: dict[type, str] = {int: "a whole number", bool: "true or false", str: "text", list: "a list",
                                dict: "a JSON object", float: "a number"}


def check_options(desc: GameDescriptor, options: Any) -> dict[str, Any]:
    """``options`` checked against the descriptor's schema (names, types, choices, ranges); the
    game's own check follows when the game is made.  Refused 422 names the first bad one."""
    if not isinstance(options, dict):
        raise Invalid("options are a JSON object of option names to values")
    specs: dict[str, OptionSpec] = {o.name: o for o in desc.options}
    out: dict[str, Any] = {}
    for name, value in options.items():
        spec = specs.get(name)
        if spec is None:
            known = ", ".join(sorted(specs)) or "none"
            raise Invalid(f"{desc.id} has no option {brief(name)}; its options are: {known}")
        if value is None:
            continue
        if spec.type is int:
            ok = isinstance(value, int) and not isinstance(value, bool)
        elif spec.type is float:
            ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        else:
            ok = isinstance(value, spec.type)
        if not ok:
            raise Invalid(f"option {name} takes {_TYPE_WORDS.get(spec.type, spec.type.__name__)}, not {brief(value)}")
        if spec.choices is not None and value not in spec.choices:
            raise Invalid(f"option {name} is one of {', '.join(map(str, spec.choices))}, not {brief(value)}")
        if spec.range is not None and not spec.range[0] <= value <= spec.range[1]:
            raise Invalid(f"option {name} runs from {spec.range[0]} to {spec.range[1]}, not {value}")
        out[name] = value
    return out


def _seat_count(desc: GameDescriptor, options: dict[str, Any], seats: int | None) -> int:
    """The people at the table: the players of a game that has several, else 1."""
    if seats is not None and (not isinstance(seats, int) or isinstance(seats, bool) or seats < 1):
        raise Invalid("seats is the number of people at the table: a whole number from 1")
    if desc.option("players") is not None:
        if "players" not in options and seats is not None and seats > 1:
            options["players"] = seats
        spec = desc.option("players")
        players = options.get("players", spec.default if spec else 1) or 1
        want = players if players > 1 else 1
        if seats is not None and seats != want:
            raise Invalid(f"a {players}-player game of {desc.id} has {want} seat{'s' if want > 1 else ''}, not {seats}")
        return int(want)
    if seats is not None and seats != 1:
        raise Invalid(f"{desc.id} is played alone: it has 1 seat, not {seats}")
    return 1


def _decision_json(decision: Any) -> dict[str, Any]:
    options = []
    for o in decision.options:
        verb, args = o.meaning()
        item: dict[str, Any] = dict(o.data) if o.data else {}
        item.update({"id": o.id, "label": o.label, "verb": verb, "args": list(args)})
        options.append(item)
    return {"kind": decision.kind, "prompt": decision.prompt, "rule": decision.step or None,
            "data": decision.data, "options": options}


def _log_from(value: int) -> int:
    if value < 0:
        raise Invalid("log_from is an event index from 0")
    return value


def brief(value: Any, limit: int = 40) -> str:
    """``repr(value)`` cut to ``limit`` characters, for a refusal that quotes what was sent."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."

