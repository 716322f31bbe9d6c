"""The games of one server process over the :class:`~woodlands.web.store.Store`: the cache of
live games, seats and their tokens, the answer each seat may see, choices, undo, hints, bots and
the turn timer.

Its parts live beside it: :mod:`.live` (one live game and its lock), :mod:`.hub` (who listens
to which game), :mod:`.errors` (the refusals, and the one table of their statuses),
:mod:`.searchpool` (the hint searcher), :mod:`.limits` (the caps on moves and hints).

A game is rebuilt from its events only when this process has not got it in memory (after a
restart, or once it has left the cache).  On PostgreSQL, before it answers, a request reads the
events other processes may have appended since (one indexed query), so several processes over
one PostgreSQL serve the same tables; a SQLite file is served by one process.

Everything a route needs is a method here; every refusal is a domain error of
:mod:`woodlands.web.errors` (the routes give it its status), raised before anything is written.
Each game has its own lock (``Live.lock``, a :class:`~woodlands.web.live.GameLock`), held from
the check of a change to its commit.  The JSON API's hot routes call the ``*_async`` methods on
the event loop: the game's work runs there and only the database write is awaited (on SQLite,
on the store's one writer thread), so requests do not queue for the thread pool or fight over
the GIL.  The synchronous methods (``get``, ``choose``...) do the same from a worker thread
(the pages call them so).

Bots move outside the request that hands them the turn: a background task per game
(:meth:`GameService.kick_bots`) makes a bot seat's choices one by one under the same lock and
(game, number) rule as a person's, each one announced to the live streams; a restarted server
sets the bots of every game waiting on one moving again.
"""
from __future__ import annotations

import asyncio
import hmac
import json
import re
import secrets
import threading
import time
from collections import OrderedDict
from typing import TYPE_CHECKING, Any, Callable, Collection, Sequence

from ..engine.errors import GameOptionError, RecordError, WoodlandsError
from ..engine.registry import GameDescriptor, OptionSpec
from ..engine.state import GameState
from .errors import NO_SEAT, Conflict, Forbidden, Invalid, NotFound, Refused, Unauthorized, Unavailable
from .hub import Hub
from .live import Live, holding
from .searchpool import SearchCrashed, SearchPool
from .settings import Settings
from .store import BOT, CHOICE, HUMAN, REDRAW, SEAT, UNDO, EventRow, GameRow, Store, token_hash

if TYPE_CHECKING:
    from ..engine.game import Game

#: a game id as this server makes them (anything else is an unknown game)
GAME_ID = re.compile(r"^[A-Za-z0-9_-]{8,32}$")
#: the cookie that holds a browser's seat, per game (set when it claims an invitation, or makes the table)
COOKIE_PREFIX = "woodlands_seat_"
#: the cookie of a hot-seat table's other seats (the pages set it), per game: their secrets, dot-separated
HOTSEAT_PREFIX = "woodlands_hotseat_"
#: what an invitation or a secret may look like (secrets.token_urlsafe; anything else holds nothing)
TOKEN = re.compile(r"^[A-Za-z0-9_-]{8,128}$")
#: at most this many bot choices are made in one go (a table of bots alone goes on at the next request)
BOT_BURST = 2000


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
        self._stopping = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._resumer: asyncio.Task[None] | None = None
        self._bot_tasks: dict[str, asyncio.Task[None]] = {}
        #: who may start a hint search now (woodlands.web.limits)
        from .limits import EventLimit, HintLimit, StreamLimit
        self.hint_limit = HintLimit(settings)
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
        self._timers: asyncio.Task[None] | None = None

    @property
    def clock(self) -> Callable[[], float]:
        """Seconds, for presence and the turn timers (tests set a clock of their own)."""
        return self.presence.clock

    @clock.setter
    def clock(self, clock: Callable[[], float]) -> None:
        self.presence.clock = clock

    # ------------------------------------------------------------------ life
    async def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        await asyncio.to_thread(self.open)
        if self.db.postgres:
            self._listener = threading.Thread(target=self._listen, name="woodlands-listen", daemon=True)
            self._listener.start()
        self._resumer = self._loop.create_task(self._resume_bots())
        self._timers = self._loop.create_task(self._timer_loop())

    def open(self) -> None:
        """Migrate the database and connect (synchronous; :meth:`start` runs it in a thread)."""
        if self.store is None:
            if self.settings.migrate:
                from .store import migrate
                migrate(self.url)
            self.store = Store(self.url)

    async def stop(self) -> None:
        self._stopping.set()
        for task in [self._resumer, self._timers, *self._bot_tasks.values()]:
            if task is not None:
                task.cancel()
        for task in [self._resumer, self._timers, *self._bot_tasks.values()]:
            if task is not None:
                try:
                    await task
                except BaseException:
                    pass
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
        while not self._stopping.is_set():
            try:
                with psycopg.connect(url.render_as_string(hide_password=False), autocommit=True) as conn:
                    conn.execute("LISTEN woodlands")
                    while not self._stopping.is_set():
                        for note in conn.notifies(timeout=0.5):
                            game_id, _, number = note.payload.rpartition(":")
                            if number.isdigit():
                                self.hub.publish(game_id, int(number))
            except Exception:               # the database went away: try again shortly
                self._stopping.wait(1.0)

    # ------------------------------------------------------------------ finding games and seats
    def live(self, game_id: str, tokens: Sequence[str | None] | None = None, admin: bool = False) -> Live:
        """The game ``game_id`` as this process holds it, brought up to date with the store.
        ``tokens``: a game not in memory is rebuilt only if one of them holds a seat in it
        (``admin``: is its admin token), checked on its stored row first, so that a request
        without a valid token never costs a replay (the caller still checks the seat)."""
        if not GAME_ID.match(game_id):
            raise NotFound(f"there is no game {_brief(game_id)} on this server")
        with self._cache_lock:
            live = self._cache.get(game_id)
            if live is not None:
                self._cache.move_to_end(game_id)
        if live is None:
            row = None
            if tokens is not None:
                row = self._row(game_id)
                self._check_tokens(row, tokens, admin)
            live = self._rebuild(game_id, row)
            with self._cache_lock:
                live = self._cache.setdefault(game_id, live)
                while len(self._cache) > self.settings.cache_games:
                    self._cache.popitem(last=False)
        return live

    async def live_async(self, game_id: str, tokens: Sequence[str | None] | None = None,
                         admin: bool = False) -> Live:
        """:meth:`live` for a coroutine: a game in memory at once, any other rebuilt in a thread."""
        with self._cache_lock:
            live = self._cache.get(game_id)
            if live is not None:
                self._cache.move_to_end(game_id)
                return live
        return await asyncio.to_thread(self.live, game_id, tokens, admin)

    def forget(self, game_id: str) -> None:
        """Drop this process's live copy of a game (woodlands.web.limits.prune deleted it)."""
        with self._cache_lock:
            self._cache.pop(game_id, None)

    def _row(self, game_id: str) -> GameRow:
        row = self.db.game(game_id)
        if row is None:
            raise NotFound(f"there is no game {_brief(game_id)} on this server")
        return row

    def _check_tokens(self, row: GameRow, tokens: Sequence[str | None], admin: bool) -> None:
        """Nothing when one of ``tokens`` holds a seat in the game (``admin``: is its admin
        token); else the first token's refusal (401/403)."""
        refusal: Refused | None = None
        for token in tokens or [None]:
            try:
                if admin:
                    self._admin_in(row, token)
                else:
                    self._seat_in(row, token)
                return
            except Refused as e:
                refusal = refusal or e
        assert refusal is not None
        raise refusal

    def _rebuild(self, game_id: str, row: GameRow | None = None) -> Live:
        row = row or self._row(game_id)
        live = Live(row, _new_state(row))
        for ev in self.db.events(game_id):
            try:
                live.apply_event(ev)
            except WoodlandsError:      # IllegalAction: a rules fix since made a stored choice illegal
                raise Conflict(_no_longer_legal(row, live.state, ev)) from None
        return live

    def _refresh(self, live: Live) -> None:
        """Take in the events other processes appended since (the caller holds the game's lock)."""
        for ev in self.db.events(live.row.id, live.number):
            live.apply_event(ev)

    def seat_of(self, live: Live, token: str | None) -> int:
        """The seat ``token`` holds in this game; 401 without a token, 403 for any other token.
        The seat counts as here (woodlands.web.presence) from this request."""
        seat = self._seat_in(live.row, token)
        self.presence.seen(live.row.id, seat)
        return seat

    def _still(self, live: Live, token: str | None, seat: int, changes: int) -> int:
        """After a refresh: ``seat`` again, unless the seat changed hands meanwhile (a 'seat'
        event from another process): then the token is checked once more (a withdrawn secret
        holds nothing)."""
        return seat if live.seat_changes == changes else self.seat_of(live, token)

    def _seat_in(self, row: GameRow, token: str | None) -> int:
        if not token:
            raise Unauthorized("no token: send 'Authorization: Bearer TOKEN' with a seat's token "
                               "(from POST /api/games), or open the seat's invitation link first")
        digest = token_hash(token)
        found = -1
        for seat, h in enumerate(row.seat_hashes):
            if h and hmac.compare_digest(h, digest):
                found = seat
        if found >= 0:
            return found
        if hmac.compare_digest(row.admin_hash, digest):
            raise Forbidden("that is the table's admin token; it hands seats to bots but plays no seat")
        raise Forbidden("that token holds no seat in this game", kind=NO_SEAT)

    def check_admin(self, live: Live, token: str | None) -> None:
        self._admin_in(live.row, token)

    def _admin_in(self, row: GameRow, token: str | None) -> None:
        if not token:
            raise Unauthorized("no token: send 'Authorization: Bearer ADMIN_TOKEN' (from POST /api/games)")
        if not hmac.compare_digest(row.admin_hash, token_hash(token)):
            raise Forbidden("only the table's admin token (given to whoever created it) may do that")

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

    def get(self, game_id: str, token: str | None, log_from: int = 0) -> dict[str, Any]:
        live = self.live(game_id, (token,))
        changes = live.seat_changes
        seat = self.seat_of(live, token)
        with live.lock:
            self.catch_up(live)
            seat = self._still(live, token, seat, changes)
            return self.body(live, seat, _log_from(log_from))

    async def get_async(self, game_id: str, token: str | None, log_from: int = 0) -> dict[str, Any]:
        """:meth:`get` on the event loop."""
        live = await self.live_async(game_id, (token,))
        changes = live.seat_changes
        seat = self.seat_of(live, token)
        async with holding(live.lock):
            await self._refresh_async(live)
            seat = self._still(live, token, seat, changes)
            self.kick_bots(live)
            return self.body(live, seat, _log_from(log_from))

    def catch_up(self, live: Live) -> None:
        """Take in other processes' events and set the bots going (the caller holds the game's lock)."""
        self._refresh(live)
        self.kick_bots(live)

    def seat_for(self, game_id: str, token: str | None) -> int:
        """The seat ``token`` holds in ``game_id`` (for pages: Refused 401/403/404 otherwise)."""
        return self.seat_of(self.live(game_id, (token,)), token)

    def record(self, game_id: str, token: str | None) -> dict[str, Any]:
        """The game's record: at any time for a solo game (its one player's to keep, as in the
        terminal), only once the game is over for a table of several seats (while it runs, the
        seed and every hidden fact in it would tell one seat what the others hold and what
        comes next)."""
        live = self.live(game_id, (token,))
        changes = live.seat_changes
        seat = self.seat_of(live, token)
        with live.lock:
            self._refresh(live)
            self._still(live, token, seat, changes)
            if not live.state.is_over and live.row.seats > 1:
                raise Conflict("a table of several seats gives its record (with the seed and every hidden fact) "
                               "only once the game is over")
            return live.state.record()

    def mine(self, cookies: dict[str, str]) -> list[dict[str, Any]]:
        """The games whose seat cookies a browser sent, newest first (a cookie that holds no
        seat is passed over): id, game, seat, at, over, deciding_seat, created.  A game this
        process holds in memory answers from there; any other is summed up from the store
        (its row and events) by :meth:`_summary`, which replays it only while it has no
        summary of it at that number."""
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
            seat = self._seat_in(row, token)       # (a list of games is no visit to them: not marked here)
            at = self.db.next_number(game_id)
            known = self._summaries.get(game_id)
            if known is not None and known[0] == at:
                return dict(known[1], seat=seat)
            live = self._rebuild(game_id)        # not summed up at this number: one replay, kept out of the cache
            return self._summed(live, seat)
        seat = self._seat_in(live.row, token)
        with live.lock:
            if self.db.postgres:
                self._refresh(live)
                seat = self._seat_in(live.row, token)
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

    # ------------------------------------------------------------------ hints
    def _hint_position(self, live: Live, seat: int, at: int | None) -> tuple[GameState, int]:
        """A copy of the position a hint for ``seat`` is searched from and its decision number,
        or the Refused that refuses it (the caller holds the game's lock; nothing changes)."""
        if at is not None and at != live.number:
            raise Conflict(f"this hint was asked for decision {at}, but the game has moved on to decision "
                           f"{live.number}; ask again", at=live.number)
        decision = live.state.decision
        if decision is None:
            raise Conflict("the game is over; there is no decision to hint at", at=live.number)
        if decision.player != seat:
            raise Forbidden(f"it is {player(decision.player)}'s decision, not {player(seat)}'s; "
                            "a hint is advice for the seat that decides", at=live.number,
                           deciding_seat=decision.player)
        if seat in live.bots:
            raise Conflict(f"{player(seat)} is played by the {live.bots[seat]} bot", at=live.number)
        # the search runs on this copy, outside the lock: the live game goes on meanwhile and
        # is never touched by it
        return live.state.clone(), live.number

    async def hint_async(self, game_id: str, token: str | None, seconds: float | None = None,
                         iterations: int | None = None, at: int | None = None, client: str = "?") -> dict[str, Any]:
        """The search bot's three best options for the seat of ``token``, which must decide now
        (``at``: refuse unless the game is at that decision).  It thinks ``seconds`` (default 1),
        or plays exactly ``iterations`` games (then the answer is reproducible: the seed comes
        from the game id and the decision number, both known to the seat).  The search runs in
        a worker process (:attr:`searches`; a thread with ``search_processes=0``) on a copy of
        the position; the game and its lock are free meanwhile.  :attr:`hint_limit` may refuse
        it with 429 before it starts; a worker that dies gives 503."""
        live = await self.live_async(game_id, (token,))
        changes = live.seat_changes
        seat = self.seat_of(live, token)
        async with holding(live.lock):
            await self._refresh_async(live)
            seat = self._still(live, token, seat, changes)
            position, number = self._hint_position(live, seat, at)
        from ..bots.ismcts import Budget
        budget = Budget.parse(iterations if iterations is not None else f"{seconds if seconds is not None else 1.0}s")
        seed = hint_seed(game_id, number)
        with self.hint_limit.slot(client):
            started = time.perf_counter()
            try:
                hints = await self.searches.hint(position, seat, seed, budget)
            except (WoodlandsError, NotImplementedError) as e:
                raise Conflict(f"no hint can be searched here: {e}", at=number) from None
            except SearchCrashed as e:
                raise Unavailable(f"{e}; nothing was changed, ask again", at=number) from None
            took = time.perf_counter() - started      # wall time, a wait for a busy worker included
        return {"at": number, "seat": seat, "iterations": hints[0].iterations if hints else 0,
                "seconds": round(took, 3),
                "hints": [{"option": h.option_id, "words": h.words, "share": h.share, "value": h.value,
                           "measure": h.measure, "text": h.text()} for h in hints]}

    # ------------------------------------------------------------------ changes
    def _check_choice(self, live: Live, seat: int, option: str, at: int) -> tuple[EventRow, GameState]:
        """The event and the state after it for ``option`` taken by ``seat`` at ``at``, or the
        Refused that refuses it (the caller holds the game's lock; nothing is written)."""
        self._check_at(live, at)
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

    def choose(self, game_id: str, token: str | None, option: str, at: int, log_from: int = 0,
               answer: bool = True) -> dict[str, Any] | None:
        """Take ``option`` for the seat of ``token`` at decision ``at``; committed before it
        returns.  ``answer=False``: return None instead of the seat's body (a page that
        draws the game itself)."""
        live = self.live(game_id, (token,))
        changes = live.seat_changes
        seat = self.seat_of(live, token)
        with live.lock:
            if at != live.number:       # else the store's UNIQUE (game, number) tells if another process moved
                self._refresh(live)
                seat = self._still(live, token, seat, changes)
            ev, after = self._check_choice(live, seat, option, at)
            self._append(live, ev, after)
            self.kick_bots(live)
            return self.body(live, seat, _log_from(log_from)) if answer else None

    async def choose_async(self, game_id: str, token: str | None, option: str, at: int,
                           log_from: int = 0) -> dict[str, Any]:
        """:meth:`choose` on the event loop: only the commit is awaited."""
        live = await self.live_async(game_id, (token,))
        changes = live.seat_changes
        seat = self.seat_of(live, token)
        async with holding(live.lock):
            if at != live.number:
                await self._refresh_async(live)
                seat = self._still(live, token, seat, changes)
            ev, after = self._check_choice(live, seat, option, at)
            await self._append_async(live, ev, after)
            self.kick_bots(live)
            return self.body(live, seat, _log_from(log_from))

    def undo(self, game_id: str, token: str | None, at: int, log_from: int = 0,
             answer: bool = True) -> dict[str, Any] | None:
        """Take back the seat's last choice (see :meth:`_undo_refusal` for when it may)."""
        live = self.live(game_id, (token,))
        changes = live.seat_changes
        seat = self.seat_of(live, token)
        with live.lock:
            self._refresh(live)
            seat = self._still(live, token, seat, changes)
            self._check_undo(live, seat, at)
            self._append(live, EventRow(live.number, UNDO, None, seat, False))
            return self.body(live, seat, _log_from(log_from)) if answer else None

    async def undo_async(self, game_id: str, token: str | None, at: int, log_from: int = 0) -> dict[str, Any]:
        live = await self.live_async(game_id, (token,))
        changes = live.seat_changes
        seat = self.seat_of(live, token)
        async with holding(live.lock):
            await self._refresh_async(live)
            seat = self._still(live, token, seat, changes)
            self._check_undo(live, seat, at)
            await self._append_async(live, EventRow(live.number, UNDO, None, seat, False))
            return self.body(live, seat, _log_from(log_from))

    def _check_undo(self, live: Live, seat: int, at: int) -> None:
        self._check_at(live, at)
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

    def hand_over(self, game_id: str, token: str | None, seat: int, bot: str | None) -> dict[str, Any]:
        """``seat`` goes to ``bot`` (a name the game's descriptor lists), or with ``bot=None``
        back to its player.  Asked by the table's admin, or by the seat itself (its own token:
        a player who leaves the table to a bot, or takes the seat back on return).  The admin
        hands a seat that a person took with an invitation only once that seat has been away
        ``Settings.away_before_bot`` seconds; any other seat (the creator's own, one whose
        invitation waits, one withdrawn) at once."""
        try:       # the admin's token, or the seat's own: either may rebuild the game
            live = self.live(game_id, (token,), admin=True)
        except Refused:
            live = self.live(game_id, (token,))
        changes = live.seat_changes
        asker = self._asker(live, token)
        with live.lock:
            self._refresh(live)
            if asker is not None and live.seat_changes != changes:
                asker = self._asker(live, token)
            if not 0 <= seat < live.row.seats:
                raise NotFound(f"this table has seats 0 to {live.row.seats - 1} (Player 1 to "
                               f"{player(live.row.seats - 1)}), not {seat}")
            if asker is not None and asker != seat:
                raise Forbidden(f"a seat's token hands only its own seat to a bot (this one holds {player(asker)}'s "
                                "seat); the table's admin token decides for the others")
            if bot is None:
                if seat not in live.bots:
                    raise Conflict(f"{player(seat)} is not played by a bot")
                self._append(live, EventRow(live.number, HUMAN, None, seat, False))
            else:
                names = sorted(_descriptor(live.row.game).bots)
                if bot not in names:
                    raise Invalid(f"there is no bot {_brief(bot)} for this game; there are: {', '.join(names)}")
                if live.bots.get(seat) == bot:
                    raise Conflict(f"{player(seat)} is already played by the {bot} bot")
                if asker is None and seat in live.claimed:
                    self._check_away(live, seat)
                self._append(live, EventRow(live.number, BOT, bot, seat, False))
                self.kick_bots(live)
            return {"seat": seat, "bot": live.bots.get(seat), "at": live.number, "bots": {str(k): v for k, v in live.bots.items()}}

    def _asker(self, live: Live, token: str | None) -> int | None:
        """Who asks for a change of a seat: None for the table's admin, else the seat the token
        holds; 401 without a token, 403 for any other."""
        if not token:
            raise Unauthorized("no token: send 'Authorization: Bearer TOKEN' with the table's admin token "
                               "(from POST /api/games) or the seat's own")
        if hmac.compare_digest(live.row.admin_hash, token_hash(token)):
            return None
        try:
            return self.seat_of(live, token)
        except Refused:
            raise Forbidden("only the table's admin token, or the seat's own token, may do that") from None

    def _check_away(self, live: Live, seat: int) -> None:
        """409 unless ``seat`` has been away long enough for the admin to hand it to a bot."""
        away = self.presence.away_for(live.row.id, seat)
        need = self.settings.away_before_bot
        if away >= need:
            return
        rule = (f"a seat that a person took is handed to a bot only after {duration_words(need)} away, or when that "
                "seat asks for it itself; nothing was changed")
        if away == 0:
            raise Conflict(f"seat {seat} is at the table now (its page is open, or it acted within the last "
                           f"{duration_words(self.settings.here_seconds)}): {rule}", at=live.number, seat=seat, here=True)
        raise Conflict(f"seat {seat} has been away for only {duration_words(away)}: {rule}", at=live.number, seat=seat,
                       here=False, retry_after=max(1, int(need - away + 0.999)))

    # ------------------------------------------------------------------ seats: invitations, presence, the turn timer
    def claim(self, game_id: str, invitation: Any) -> dict[str, Any]:
        """Take the seat that ``invitation`` opens: the seat gets a new secret (returned, never
        stored), and the invitation grants nothing from then on, to anyone.  403 for a string
        that is not an open invitation of this table (withdrawn, replaced, or never one); 409
        for one already taken."""
        if not isinstance(invitation, str) or not TOKEN.match(invitation):
            raise Forbidden(_NOT_INVITED)
        digest = token_hash(invitation)
        # the invitation is checked on the stored seats before the game is rebuilt: a string
        # that opens nothing never costs a replay
        if not any(invite and hmac.compare_digest(invite, digest) for _, _, invite in self.db.seat_keys(game_id)):
            self._row(game_id)                        # 404 for a table that does not exist
            raise Forbidden(_NOT_INVITED)
        live = self.live(game_id)
        secret = secrets.token_urlsafe(24)
        with live.lock:
            for _ in range(20):
                found: tuple[int, bool] | None = None
                for seat, held, invite in self.db.seat_keys(game_id):
                    if invite and hmac.compare_digest(invite, digest):
                        found = (seat, held is not None)
                if found is None:
                    raise Forbidden(_NOT_INVITED)
                seat, taken = found
                if taken:
                    raise Conflict("that invitation has been used: its seat belongs to whoever took it. If that "
                                   "was not you, ask the table's creator for a new invitation (a new one takes "
                                   "the seat back)", seat=seat)
                self._refresh(live)
                ev = EventRow(live.number, SEAT, token_hash(secret), seat, False)
                done = self.db.change_seat(game_id, seat, ev.number, ev.option, None, claiming=digest)
                if done:
                    live.apply_event(ev)
                    self.hub.publish(game_id, live.number)
                    self.presence.seen(game_id, seat)
                    return {"id": game_id, "seat": seat, "token": secret}
                # None: taken meanwhile (the next round says so); False: another event came first
        raise Conflict("the table is busy: try again")

    def invite(self, game_id: str, admin_token: str | None, seat: int, new: bool = True) -> dict[str, Any]:
        """The admin gives ``seat`` a new invitation (``new``) or none: either way the seat's
        secret and its last invitation hold nothing from then on (its player moves to another
        device with the new one; without one, the seat waits for the admin)."""
        live = self.live(game_id, (admin_token,), admin=True)
        self.check_admin(live, admin_token)
        invitation = secrets.token_urlsafe(24) if new else None
        with live.lock:
            self._refresh(live)
            if not 0 <= seat < live.row.seats:
                raise NotFound(f"this table has seats 0 to {live.row.seats - 1}, not {seat}")
            for _ in range(20):
                ev = EventRow(live.number, SEAT, None, seat, False)
                done = self.db.change_seat(game_id, seat, ev.number, None,
                                           None if invitation is None else token_hash(invitation))
                if done is None:
                    raise NotFound(f"this table has no seat {seat}")
                if done:
                    live.apply_event(ev)
                    self.hub.publish(game_id, live.number)
                    break
                self._refresh(live)
            else:
                raise Conflict("the table is busy: try again")
        return {"seat": seat, "invitation": invitation,
                "join": None if invitation is None else invitation_link(game_id, invitation)}

    def seats(self, game_id: str, token: str | None) -> dict[str, Any]:
        """Who holds each seat and who is here (for the table's admin and its seats)."""
        try:       # the admin's token, or a seat's: either may rebuild the game
            live = self.live(game_id, (token,), admin=True)
        except Refused:
            live = self.live(game_id, (token,))
        self._asker(live, token)
        with live.lock:
            self._refresh(live)
            return {"at": live.number, "turn_seconds": live.row.turn_seconds, "seats": self.seat_rows(live)}

    def seat_rows(self, live: Live) -> list[dict[str, Any]]:
        """Each seat: ``held`` (someone holds its secret), ``claimed`` (a person took it with an
        invitation), ``here``, ``away_seconds`` (null while here) and ``bot``."""
        rows = []
        for seat in range(live.row.seats):
            away = self.presence.away_for(live.row.id, seat)
            rows.append({"seat": seat, "held": bool(live.row.seat_hashes[seat]), "claimed": seat in live.claimed,
                         "here": away == 0, "away_seconds": None if away == 0 else int(away),
                         "bot": live.bots.get(seat)})
        return rows

    def check_timers(self) -> list[tuple[str, int]]:
        """The turn timers of the tables in memory that have one: a seat that has been deciding
        for the table's ``turn_seconds`` (counted from the last change of the game) while away
        is handed to the game's bot, which plays it until its player takes it back.  A seat that
        is here is never timed out.  Returns the (game, seat) handed over."""
        handed: list[tuple[str, int]] = []
        with self._cache_lock:
            timed = [live for live in self._cache.values() if live.row.turn_seconds]
        for live in timed:
            with live.lock:
                try:
                    if self.db.postgres:
                        self._refresh(live)
                    now = self.clock()
                    decision = live.state.decision
                    if decision is None or decision.player in live.bots:
                        continue
                    if live.timer[0] != live.number:
                        live.timer = (live.number, now)
                        continue
                    seat = decision.player
                    if now - live.timer[1] < float(live.row.turn_seconds or 0) or self.presence.here(live.row.id, seat):
                        continue
                    self._append(live, EventRow(live.number, BOT, timer_bot(live.row.game), seat, False))
                except Refused:                # another process moved first: the next look sees it
                    continue
                self.kick_bots(live)
                handed.append((live.row.id, seat))
        return handed

    async def _timer_loop(self) -> None:
        """Every ``Settings.timer_every`` seconds: the turn timers (in a thread: they may write),
        and now and then the presence of long-gone seats forgotten."""
        rounds = 0
        while not self._stopping.is_set():
            await asyncio.sleep(self.settings.timer_every)
            rounds += 1
            try:
                with self._cache_lock:
                    timed = any(live.row.turn_seconds for live in self._cache.values())
                if timed:
                    await asyncio.to_thread(self.check_timers)
                if rounds % 600 == 0:
                    self.presence.prune(max(3600.0, 10 * self.settings.away_before_bot))
            except Exception:               # a closing or failing database: the next round tries again
                continue

    def _check_at(self, live: Live, at: int) -> None:
        if at != live.number:
            raise Conflict(f"this request is for decision {at}, but the game is at decision {live.number} "
                           "(a replayed request, or someone acted first); nothing was changed", at=live.number)

    def _append(self, live: Live, ev: EventRow, after: GameState | None = None) -> None:
        """Store ``ev`` (committed) and take it into the live game; 409 if another request stored
        that number first."""
        self._count_event(live, ev)
        if not self.db.append(live.row.id, ev):
            self._refresh(live)
            raise Conflict(f"someone acted first: the game is now at decision {live.number}; nothing was changed",
                           at=live.number)
        live.apply_event(ev, after)
        self.hub.publish(live.row.id, live.number)

    async def _append_async(self, live: Live, ev: EventRow, after: GameState | None = None) -> None:
        """:meth:`_append` awaiting the commit instead of blocking on it."""
        self._count_event(live, ev)
        if not await asyncio.wrap_future(self.db.submit(live.row.id, ev)):
            await self._refresh_async(live, always=True)
            raise Conflict(f"someone acted first: the game is now at decision {live.number}; nothing was changed",
                           at=live.number)
        live.apply_event(ev, after)
        self.hub.publish(live.row.id, live.number)

    def _count_event(self, live: Live, ev: EventRow) -> None:
        """429 before anything is written when the seat or the table has stored too many events
        lately (woodlands.web.limits.EventLimit: an undo/choose loop would fill the store)."""
        self.event_limit.take(live.row.id, ev.seat if ev.kind in (CHOICE, UNDO) else None)

    async def _refresh_async(self, live: Live, always: bool = False) -> None:
        """:meth:`_refresh` for a coroutine.  On PostgreSQL other processes may have moved the
        game: the query runs in a thread.  A SQLite file is this process's alone, so its live
        games are the store's already (``always``: read anyway, after a lost race)."""
        if self.db.postgres:
            await asyncio.to_thread(self._refresh, live)
        elif always:
            self._refresh(live)

    # ------------------------------------------------------------------ bots
    def kick_bots(self, live: Live) -> None:
        """If a bot decides now, make sure the game's bot task runs (from any thread; it moves
        once the caller has let go of the game's lock)."""
        decision = live.state.decision
        if decision is None or decision.player not in live.bots:
            return
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is loop:
            self._start_bots(live.row.id)
        else:
            loop.call_soon_threadsafe(self._start_bots, live.row.id)

    def _start_bots(self, game_id: str) -> None:
        if game_id in self._bot_tasks or self._stopping.is_set():
            return
        self._bot_tasks[game_id] = asyncio.get_running_loop().create_task(self._bots(game_id))

    async def _bots(self, game_id: str) -> None:
        """A game's bot task: while a bot decides, it chooses (a search bot in a worker process,
        :attr:`searches`, since it may think a while; the others in a thread), and its choice is
        stored and announced like a person's.  It lets go of the game between moves, so the
        people at the table are never kept waiting by a chain of bot moves."""
        try:
            for _ in range(BOT_BURST):
                live = await self.live_async(game_id)
                async with holding(live.lock):
                    await self._refresh_async(live)
                    decision = live.state.decision
                    if decision is None or decision.player not in live.bots:
                        return                  # (and the finally below forgets the task at once)
                    seat = decision.player
                    bot = live.bot_players.get(seat)
                    from ..bots.base import get_bot, searches
                    if bot is None:
                        # seeded from what is public and stable (bot_seed), so the seat makes the
                        # same move whenever it is asked, after a restart or an eviction too: a
                        # searching bot draws each move's randomness from its seed and the number
                        # of choices made, and is kept (it remembers the positions it met); any
                        # other is made afresh for each move, seeded with the move's number
                        bot = get_bot(live.bots[seat], seed=bot_seed(game_id, seat, live.number), game=live.row.game)
                        if searches(bot):
                            bot = live.bot_players[seat] = get_bot(live.bots[seat], seed=bot_seed(game_id, seat),
                                                                   game=live.row.game)
                    state = live.state
                    if searches(bot):
                        # in a worker process (woodlands.web.searchpool), which sends back the
                        # bot as its choice left it (it remembers the positions it met)
                        option, bot = await self.searches.choose(bot, state)
                        live.bot_players[seat] = bot
                    else:                       # random, greedy: instant
                        option = await asyncio.to_thread(bot.choose, state)
                    after = state.clone()
                    after.apply(option)
                    ev = EventRow(live.number, CHOICE, option, seat, True)
                    if await asyncio.wrap_future(self.db.submit(game_id, ev)):
                        live.apply_event(ev, after)
                        self.hub.publish(game_id, live.number)
                    else:
                        await self._refresh_async(live, always=True)    # another process moved first
                await asyncio.sleep(self.settings.bot_pause)
        except Refused:
            return
        except SearchCrashed:
            # the search process died: the seat's move is not made; the next request about the
            # game (kick_bots) starts the task again, on a new pool
            return
        finally:
            self._bot_tasks.pop(game_id, None)

    async def _resume_bots(self) -> None:
        """After a start: every game whose bot was to move when the last server stopped moves on."""
        try:
            game_ids = await asyncio.to_thread(self.db.games_with_bots)
            for game_id in game_ids:
                if self._stopping.is_set():
                    return
                try:
                    live = await self.live_async(game_id)
                except Refused:
                    continue
                self.kick_bots(live)
        except Exception:                   # a closing database: the next start tries again
            return

    async def wait_for_bots(self, timeout: float = 30.0) -> None:
        """Until no bot task runs (tests), the ones a start resumes included: right after a
        start, the games whose bot is to move may not have been looked up yet."""
        deadline = time.monotonic() + timeout
        resumer = getattr(self, "_resumer", None)
        while resumer is not None and not resumer.done() and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        while self._bot_tasks and time.monotonic() < deadline:
            await asyncio.sleep(0.01)

    # ------------------------------------------------------------------ new games
    def create(self, game: str, options: dict[str, Any] | None, seats: int | None,
               seed: int | None = None, hotseat: bool | None = None, keep: Collection[int] = (),
               turn_seconds: float | None = None) -> dict[str, Any]:
        """A new table: its id, the admin token and, per seat, its secret (the seats the
        creator's device holds: every seat of a hot-seat table, which a table of one seat is
        unless told otherwise; else those in ``keep``) or an invitation (the others), each
        shown once and never stored.  ``turn_seconds``: the table's turn timer."""
        desc = _descriptor(game)
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
        desc = _descriptor(record["game"])
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
        played_on = game_for(desc.id, record["content"]["id"], record["content"]["version"])
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
        row = GameRow(game_id, game, options, seed, {"id": content.id, "version": content.version, "rules": rules}, n,
                      token_hash(admin), origin, time.time(), tuple(token_hash(t) if t else "" for t in tokens),
                      turn_seconds)
        self.db.create_game(row, history, [token_hash(i) if i else None for i in invites])
        return {"id": game_id, "game": game, "admin_token": admin,
                "seats": [{"seat": i, "token": t, "invitation": inv,
                           "join": None if inv is None else invitation_link(game_id, inv)}
                          for i, (t, inv) in enumerate(zip(tokens, invites))]}


# ---------------------------------------------------------------------- helpers
_NOT_INVITED = ("that is not an open invitation to this table: its creator may have withdrawn it or sent a newer "
                "one; ask them for a new invitation")

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
                      f"(or leave it out: no timer), not {_brief(value)}")
    return float(value)


def timer_bot(game: str) -> str:
    """The bot the turn timer hands a seat to: the game's greedy bot, else the first it has."""
    names = sorted(_descriptor(game).bots)
    return "greedy" if "greedy" in names else next((b for b in names if b != "random"), names[0])


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
        game = game_for(row.game, str(row.content.get("id")), str(row.content.get("version")))
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


def bot_seed(game_id: str, seat: int, number: int | None = None) -> int:
    """The seed of the bot playing ``seat`` (for the move at ``number``, for a bot made for one
    move): like :func:`hint_seed`, from what is public (the game's id, the seat, the decision's
    number), never from the game's hidden state or its generator, and the same in every process
    and after every restart.

    >>> bot_seed("g1", 1) == bot_seed("g1", 1) != bot_seed("g1", 2)
    True
    """
    import hashlib
    tail = "" if number is None else f":{number}"
    return int.from_bytes(hashlib.sha256(f"bot:{game_id}:{seat}{tail}".encode()).digest()[:4], "big")


def hint_seed(game_id: str, number: int) -> int:
    """The seed of a hint's search: from what the seat knows (the game's id and the decision's
    number), never from the game's hidden state or its generator."""
    import hashlib
    return int.from_bytes(hashlib.sha256(f"{game_id}:{number}".encode()).digest()[:4], "big")


def _resumed_by(save_format: Any) -> str | None:
    """The game that continues from a save document of this ``format`` (its descriptor's
    ``save_format``), else None: the document is a record."""
    from ..engine.registry import descriptors
    if not isinstance(save_format, str):
        return None
    return next((d.id for d in descriptors() if d.save_format == save_format), None)


def _descriptor(game: str) -> GameDescriptor:
    from ..engine.registry import descriptor, game_ids
    if not isinstance(game, str) or game not in game_ids():
        raise Invalid(f"there is no game {_brief(game)}; the games are: {', '.join(game_ids())}")
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
            raise Invalid(f"{desc.id} has no option {_brief(name)}; its options are: {known}")
        if value is None:
            continue
        if spec.type is int:
            ok = isinstance(value, int) and not isinstance(value, bool)
        elif spec.type is float:
            ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        else:
            ok = isinstance(value, spec.type)
        if not ok:
            raise Invalid(f"option {name} takes {_TYPE_WORDS.get(spec.type, spec.type.__name__)}, not {_brief(value)}")
        if spec.choices is not None and value not in spec.choices:
            raise Invalid(f"option {name} is one of {', '.join(map(str, spec.choices))}, not {_brief(value)}")
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


def _brief(value: Any, limit: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."

