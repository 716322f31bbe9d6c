"""Live games in memory over the :class:`~woodlands.web.store.Store`: seats and their tokens,
the answer each seat may see, choices, undo, bots, and the live updates.

A live game keeps its current :class:`GameState` and the states before each choice that may
still be taken back (clones, microseconds each), so neither a choice nor an undo replays the
game; a game is rebuilt from its events only when this process has not got it in memory (after
a restart, or once it has left the cache).  Before it answers, every request reads the events
other processes may have appended since (one indexed query), so several processes over one
PostgreSQL serve the same tables.

Everything a route needs is a method here; every refusal is an :class:`ApiError` (status,
reason) raised before anything is written.  Methods are synchronous (FastAPI runs them in its
thread pool); each game has its own lock.
"""
from __future__ import annotations

import asyncio
import hmac
import re
import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..engine.errors import GameOptionError, RecordError, WoodlandsError
from ..engine.registry import GameDescriptor, OptionSpec
from ..engine.state import GameState
from .settings import Settings
from .store import BOT, CHOICE, HUMAN, UNDO, EventRow, GameRow, Store, token_hash

if TYPE_CHECKING:
    from ..engine.game import Game

#: a game id as this server makes them (anything else is an unknown game)
GAME_ID = re.compile(r"^[A-Za-z0-9_-]{8,32}$")
#: the cookie a seat's invitation link sets, per game
COOKIE_PREFIX = "woodlands_seat_"
#: at most this many bot choices are made in one go (a table of bots alone goes on at the next request)
BOT_BURST = 2000


class ApiError(Exception):
    """A refused request: the HTTP status, the reason in plain words, and extra fields for the body."""

    def __init__(self, status: int, detail: str, **extra: Any) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail
        self.extra = extra


def cookie_name(game_id: str) -> str:
    return COOKIE_PREFIX + game_id


@dataclass
class Live:
    """One game as this process holds it."""

    row: GameRow
    state: GameState
    #: the number of the next event, which is the current decision's number ("at")
    number: int = 0
    #: the states before each choice since the last chance event (undo pops one)
    history: list[GameState] = field(default_factory=list)
    #: who made each of state.choices: (seat, by a bot)
    choosers: list[tuple[int, bool]] = field(default_factory=list)
    #: seats played by a bot: seat -> bot name
    bots: dict[int, str] = field(default_factory=dict)
    bot_players: dict[int, Any] = field(default_factory=dict)
    lock: threading.RLock = field(default_factory=threading.RLock)

    def apply_event(self, ev: EventRow, after: GameState | None = None) -> None:
        """Take one stored event into the live game (``after``: the state a choice led to, when
        the caller has it already)."""
        if ev.kind == CHOICE:
            assert ev.option is not None
            before = self.state
            if after is None:
                after = before.clone()
                after.apply(ev.option)
            if after.chance_floor >= len(after._choices):
                self.history.clear()
            else:
                self.history.append(before)
            self.state = after
            self.choosers.append((ev.seat or 0, ev.by_bot))
        elif ev.kind == UNDO:
            self.state = self.history.pop()
            self.choosers.pop()
        elif ev.kind == BOT:
            assert ev.seat is not None and ev.option is not None
            self.bots[ev.seat] = ev.option
            self.bot_players.pop(ev.seat, None)
        elif ev.kind == HUMAN:
            assert ev.seat is not None
            self.bots.pop(ev.seat, None)
            self.bot_players.pop(ev.seat, None)
        self.number = ev.number + 1


class Hub:
    """Who listens to which game in this process: each listener an asyncio queue told the new
    event number when its game changes (from any thread)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._listeners: dict[str, list[tuple[asyncio.AbstractEventLoop, asyncio.Queue[int]]]] = {}

    def subscribe(self, game_id: str) -> asyncio.Queue[int]:
        queue: asyncio.Queue[int] = asyncio.Queue()
        with self._lock:
            self._listeners.setdefault(game_id, []).append((asyncio.get_running_loop(), queue))
        return queue

    def unsubscribe(self, game_id: str, queue: asyncio.Queue[int]) -> None:
        with self._lock:
            rest = [x for x in self._listeners.get(game_id, []) if x[1] is not queue]
            if rest:
                self._listeners[game_id] = rest
            else:
                self._listeners.pop(game_id, None)

    def publish(self, game_id: str, number: int) -> None:
        with self._lock:
            listeners = list(self._listeners.get(game_id, ()))
        for loop, queue in listeners:
            try:
                loop.call_soon_threadsafe(queue.put_nowait, number)
            except RuntimeError:        # that loop has closed
                pass

    def listeners(self, game_id: str) -> int:
        with self._lock:
            return len(self._listeners.get(game_id, ()))


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

    # ------------------------------------------------------------------ life
    async def start(self) -> None:
        await asyncio.to_thread(self.open)
        if self.db.postgres:
            self._listener = threading.Thread(target=self._listen, name="woodlands-listen", daemon=True)
            self._listener.start()

    def open(self) -> None:
        """Migrate the database and connect (synchronous; :meth:`start` runs it in a thread)."""
        if self.store is None:
            if self.settings.migrate:
                from .store import migrate
                migrate(self.url)
            self.store = Store(self.url)

    async def stop(self) -> None:
        self._stopping.set()
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
    def live(self, game_id: str) -> Live:
        """The game ``game_id`` as this process holds it, brought up to date with the store."""
        if not GAME_ID.match(game_id):
            raise ApiError(404, f"there is no game {_brief(game_id)} on this server")
        with self._cache_lock:
            live = self._cache.get(game_id)
            if live is not None:
                self._cache.move_to_end(game_id)
        if live is None:
            live = self._rebuild(game_id)
            with self._cache_lock:
                live = self._cache.setdefault(game_id, live)
                while len(self._cache) > self.settings.cache_games:
                    self._cache.popitem(last=False)
        return live

    def _rebuild(self, game_id: str) -> Live:
        row = self.db.game(game_id)
        if row is None:
            raise ApiError(404, f"there is no game {_brief(game_id)} on this server")
        live = Live(row, _new_state(row))
        for ev in self.db.events(game_id):
            live.apply_event(ev)
        return live

    def _refresh(self, live: Live) -> None:
        """Take in the events other processes appended since (the caller holds the game's lock)."""
        for ev in self.db.events(live.row.id, live.number):
            live.apply_event(ev)

    def seat_of(self, live: Live, token: str | None) -> int:
        """The seat ``token`` holds in this game; 401 without a token, 403 for any other token."""
        if not token:
            raise ApiError(401, "no token: send 'Authorization: Bearer TOKEN' with a seat's token "
                                "(from POST /api/games), or open the seat's invitation link first")
        digest = token_hash(token)
        found = -1
        for seat, h in enumerate(live.row.seat_hashes):
            if hmac.compare_digest(h, digest):
                found = seat
        if found >= 0:
            return found
        if hmac.compare_digest(live.row.admin_hash, digest):
            raise ApiError(403, "that is the table's admin token; it hands seats to bots but plays no seat")
        raise ApiError(403, "that token holds no seat in this game")

    def check_admin(self, live: Live, token: str | None) -> None:
        if not token:
            raise ApiError(401, "no token: send 'Authorization: Bearer ADMIN_TOKEN' (from POST /api/games)")
        if not hmac.compare_digest(live.row.admin_hash, token_hash(token)):
            raise ApiError(403, "only the table's admin token (given to whoever created it) may do that")

    # ------------------------------------------------------------------ answers
    def body(self, live: Live, seat: int, log_from: int = 0) -> dict[str, Any]:
        """What ``seat`` may know of the game now (the body of GET /api/games/{id})."""
        state = live.state
        decision = state.decision
        mine = decision is not None and decision.player == seat and seat not in live.bots
        return {
            "id": live.row.id,
            "game": live.row.game,
            "seat": seat,
            "seats": live.row.seats,
            "at": live.number,
            "deciding_seat": None if decision is None else decision.player,
            "view": state.view(seat),
            "decision": _decision_json(decision) if mine and decision is not None else None,
            "log": state.log_for(seat, log_from),
            "log_from": log_from,
            "over": state.is_over,
            "outcome": state.outcome,
            "can_undo": self._undo_refusal(live, seat) is None,
            "bots": {str(k): v for k, v in sorted(live.bots.items())},
        }

    def get(self, game_id: str, token: str | None, log_from: int = 0) -> dict[str, Any]:
        live = self.live(game_id)
        seat = self.seat_of(live, token)
        with live.lock:
            self.catch_up(live)
            return self.body(live, seat, _log_from(log_from))

    def catch_up(self, live: Live) -> None:
        """Take in other processes' events and let the bots move (the caller holds the game's lock)."""
        self._refresh(live)
        self._run_bots(live)

    def seat_for(self, game_id: str, token: str | None) -> int:
        """The seat ``token`` holds in ``game_id`` (for pages: ApiError 401/403/404 otherwise)."""
        return self.seat_of(self.live(game_id), token)

    def record(self, game_id: str, token: str | None) -> dict[str, Any]:
        """The game's record, for its seats once it is over (while it runs it is hidden information)."""
        live = self.live(game_id)
        self.seat_of(live, token)
        with live.lock:
            self._refresh(live)
            if not live.state.is_over:
                raise ApiError(409, "the record (with the seed and every hidden fact) is given only once the game is over")
            return live.state.record()

    def mine(self, cookies: dict[str, str]) -> list[dict[str, Any]]:
        """The games whose seat cookies a browser sent, newest first (a cookie that holds no
        seat is passed over): id, game, seat, at, over, deciding_seat, created."""
        out = []
        for name, token in list(cookies.items())[:200]:
            if not name.startswith(COOKIE_PREFIX):
                continue
            try:
                live = self.live(name[len(COOKIE_PREFIX):])
                seat = self.seat_of(live, token)
            except ApiError:
                continue
            with live.lock:
                self._refresh(live)
                decision = live.state.decision
                out.append({"id": live.row.id, "game": live.row.game, "seat": seat, "seats": live.row.seats,
                            "at": live.number, "over": live.state.is_over,
                            "deciding_seat": None if decision is None else decision.player,
                            "created": live.row.created})
        return sorted(out, key=lambda g: -g["created"])

    # ------------------------------------------------------------------ changes
    def choose(self, game_id: str, token: str | None, option: str, at: int, log_from: int = 0) -> dict[str, Any]:
        """Take ``option`` for the seat of ``token`` at decision ``at``; committed before it returns."""
        live = self.live(game_id)
        seat = self.seat_of(live, token)
        with live.lock:
            if at != live.number:       # else the store's UNIQUE (game, number) tells if another process moved
                self._refresh(live)
            self._check_at(live, at)
            state = live.state
            decision = state.decision
            if decision is None:
                raise ApiError(409, "the game is over; no more choices can be made", at=live.number)
            if decision.player != seat:
                raise ApiError(403, f"it is seat {decision.player}'s decision, not seat {seat}'s", at=live.number,
                               deciding_seat=decision.player)
            if seat in live.bots:
                raise ApiError(409, f"seat {seat} is played by the {live.bots[seat]} bot; the table's admin can give it back",
                               at=live.number)
            refusal = state.why_not(option)
            if refusal is not None:
                raise ApiError(422, refusal.reason, rule=refusal.rule, at=live.number)
            after = state.clone()
            after.apply(option)
            ev = EventRow(live.number, CHOICE, option, seat, False)
            self._append(live, ev, after)
            self._run_bots(live)
            return self.body(live, seat, _log_from(log_from))

    def undo(self, game_id: str, token: str | None, at: int, log_from: int = 0) -> dict[str, Any]:
        """Take back the seat's last choice (see :meth:`_undo_refusal` for when it may)."""
        live = self.live(game_id)
        seat = self.seat_of(live, token)
        with live.lock:
            self._refresh(live)
            self._check_at(live, at)
            why = self._undo_refusal(live, seat)
            if why is not None:
                raise ApiError(409, why, at=live.number)
            self._append(live, EventRow(live.number, UNDO, None, seat, False))
            return self.body(live, seat, _log_from(log_from))

    def _undo_refusal(self, live: Live, seat: int) -> str | None:
        if not live.choosers:
            return "there is no choice to take back"
        if not live.state.can_undo() or not live.history:
            return "the last choice rolled dice or revealed something; it cannot be taken back"
        who, by_bot = live.choosers[-1]
        if by_bot:
            return "the last choice was a bot's; only a seat's own last choice can be taken back"
        if who != seat:
            return f"the last choice was seat {who}'s; a seat may take back only its own last choice, before another acts"
        return None

    def hand_over(self, game_id: str, admin_token: str | None, seat: int, bot: str | None) -> dict[str, Any]:
        """The table's admin gives ``seat`` to ``bot`` (a name the game's descriptor lists), or
        with ``bot=None`` takes it back for its player."""
        live = self.live(game_id)
        self.check_admin(live, admin_token)
        with live.lock:
            self._refresh(live)
            if not 0 <= seat < live.row.seats:
                raise ApiError(404, f"this table has seats 0 to {live.row.seats - 1}, not {seat}")
            if bot is None:
                if seat not in live.bots:
                    raise ApiError(409, f"seat {seat} is not played by a bot")
                self._append(live, EventRow(live.number, HUMAN, None, seat, False))
            else:
                names = sorted(_descriptor(live.row.game).bots)
                if bot not in names:
                    raise ApiError(422, f"there is no bot {_brief(bot)} for this game; there are: {', '.join(names)}")
                if live.bots.get(seat) == bot:
                    raise ApiError(409, f"seat {seat} is already played by the {bot} bot")
                self._append(live, EventRow(live.number, BOT, bot, seat, False))
                self._run_bots(live)
            return {"seat": seat, "bot": live.bots.get(seat), "at": live.number, "bots": {str(k): v for k, v in live.bots.items()}}

    def _check_at(self, live: Live, at: int) -> None:
        if at != live.number:
            raise ApiError(409, f"this request is for decision {at}, but the game is at decision {live.number} "
                                "(a replayed request, or someone acted first); nothing was changed", at=live.number)

    def _append(self, live: Live, ev: EventRow, after: GameState | None = None) -> None:
        """Store ``ev`` (committed) and take it into the live game; 409 if another request stored
        that number first."""
        if not self.db.append(live.row.id, ev):
            self._refresh(live)
            raise ApiError(409, f"someone acted first: the game is now at decision {live.number}; nothing was changed",
                           at=live.number)
        live.apply_event(ev, after)
        self.hub.publish(live.row.id, live.number)

    def _run_bots(self, live: Live) -> None:
        """Let the bots move while one of them decides (the caller holds the game's lock)."""
        for _ in range(BOT_BURST):
            decision = live.state.decision
            if decision is None or decision.player not in live.bots:
                return
            seat = decision.player
            bot = live.bot_players.get(seat)
            if bot is None:
                from ..bots.base import get_bot
                bot = live.bot_players[seat] = get_bot(live.bots[seat], seed=seat + 7919 * live.number, game=live.row.game)
            option = bot.choose(live.state)
            after = live.state.clone()
            after.apply(option)
            ev = EventRow(live.number, CHOICE, option, seat, True)
            if not self.db.append(live.row.id, ev):
                self._refresh(live)          # another process moved first: see where it stands
                continue
            live.apply_event(ev, after)
            self.hub.publish(live.row.id, live.number)

    # ------------------------------------------------------------------ new games
    def create(self, game: str, options: dict[str, Any] | None, seats: int | None,
               seed: int | None = None) -> dict[str, Any]:
        """A new table: its id, the admin token and one token per seat (shown once, never stored)."""
        desc = _descriptor(game)
        opts = check_options(desc, options or {})
        n = _seat_count(desc, opts, seats)
        if seed is not None and not self.settings.allow_seed:
            raise ApiError(422, "this server chooses the seed itself (a seed known to a player would tell the future)")
        from ..engine.game import load_game
        try:
            state = load_game(game).new_game(seed=seed, options=opts)
        except GameOptionError as e:
            raise ApiError(422, str(e)) from None
        return self._store_new(game, opts, state.seed, n, "new", [])

    def upload(self, record: Any, seats: int | None) -> dict[str, Any]:
        """A new table that continues a record saved by ``woodlands play`` (or a Storyfold scene save)."""
        if not isinstance(record, dict):
            raise ApiError(422, "upload a game record or a scene save: a JSON object")
        if record.get("format") == "storyfold-save":
            return self.create("storyfold", {"resume": record}, seats)
        from ..engine.game import replay
        try:
            replay(record)
        except (RecordError, GameOptionError, WoodlandsError) as e:
            raise ApiError(422, f"this record cannot be continued: {e}") from None
        desc = _descriptor(record["game"])
        opts = dict(record["options"])
        n = _seat_count(desc, opts, seats)
        # who made each choice, for undo and the log; on the pack the record was played with
        from ..engine.packs import game_for
        played_on = game_for(desc.id, record["content"]["id"], record["content"]["version"])
        state = played_on.new_game(seed=record["seed"], options=opts)
        history: list[EventRow] = []
        for i, choice in enumerate(record["choices"]):
            decision = state.decision
            assert decision is not None
            history.append(EventRow(i, CHOICE, choice, decision.player, False))
            state.apply(choice)
        return self._store_new(desc.id, opts, record["seed"], n, "upload", history, played_on)

    def _store_new(self, game: str, options: dict[str, Any], seed: int, n: int, origin: str,
                   history: list[EventRow], played_on: Game | None = None) -> dict[str, Any]:
        from ..engine.game import load_game
        content = (played_on or load_game(game)).content
        game_id = secrets.token_urlsafe(12)
        admin = secrets.token_urlsafe(24)
        tokens = [secrets.token_urlsafe(24) for _ in range(n)]
        row = GameRow(game_id, game, options, seed, {"id": content.id, "version": content.version}, n,
                      token_hash(admin), origin, time.time(), tuple(token_hash(t) for t in tokens))
        self.db.create_game(row, history)
        return {"id": game_id, "game": game, "admin_token": admin,
                "seats": [{"seat": i, "token": t, "join": f"/join/{game_id}/{t}"} for i, t in enumerate(tokens)]}


# ---------------------------------------------------------------------- helpers
def _new_state(row: GameRow) -> GameState:
    """The game's start, on the pack it is played with (an older, kept version of the default
    pack for a game begun before a retune: engine/packs.py)."""
    from ..engine.packs import game_for
    try:
        game = game_for(row.game, str(row.content.get("id")), str(row.content.get("version")))
    except RecordError as e:
        raise ApiError(409, f"this game cannot be opened: {e}") from None
    return game.new_game(seed=row.seed, options=row.options)


def _descriptor(game: str) -> GameDescriptor:
    from ..engine.registry import descriptor, game_ids
    if not isinstance(game, str) or game not in game_ids():
        raise ApiError(422, f"there is no game {_brief(game)}; the games are: {', '.join(game_ids())}")
    return descriptor(game)


_TYPE_WORDS: dict[type, str] = {int: "a whole number", bool: "true or false", str: "text", list: "a list",
                                dict: "a JSON object", float: "a number"}


def check_options(desc: GameDescriptor, options: Any) -> dict[str, Any]:
    """``options`` checked against the descriptor's schema (names, types, choices, ranges); the
    game's own check follows when the game is made.  ApiError 422 names the first bad one."""
    if not isinstance(options, dict):
        raise ApiError(422, "options are a JSON object of option names to values")
    specs: dict[str, OptionSpec] = {o.name: o for o in desc.options}
    out: dict[str, Any] = {}
    for name, value in options.items():
        spec = specs.get(name)
        if spec is None:
            known = ", ".join(sorted(specs)) or "none"
            raise ApiError(422, f"{desc.id} has no option {_brief(name)}; its options are: {known}")
        if value is None:
            continue
        if spec.type is int:
            ok = isinstance(value, int) and not isinstance(value, bool)
        elif spec.type is float:
            ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        else:
            ok = isinstance(value, spec.type)
        if not ok:
            raise ApiError(422, f"option {name} takes {_TYPE_WORDS.get(spec.type, spec.type.__name__)}, not {_brief(value)}")
        if spec.choices is not None and value not in spec.choices:
            raise ApiError(422, f"option {name} is one of {', '.join(map(str, spec.choices))}, not {_brief(value)}")
        if spec.range is not None and not spec.range[0] <= value <= spec.range[1]:
            raise ApiError(422, f"option {name} runs from {spec.range[0]} to {spec.range[1]}, not {value}")
        out[name] = value
    return out


def _seat_count(desc: GameDescriptor, options: dict[str, Any], seats: int | None) -> int:
    """The people at the table: the players of a game that has several, else 1."""
    if seats is not None and (not isinstance(seats, int) or isinstance(seats, bool) or seats < 1):
        raise ApiError(422, "seats is the number of people at the table: a whole number from 1")
    if desc.option("players") is not None:
        if "players" not in options and seats is not None and seats > 1:
            options["players"] = seats
        spec = desc.option("players")
        players = options.get("players", spec.default if spec else 1) or 1
        want = players if players > 1 else 1
        if seats is not None and seats != want:
            raise ApiError(422, f"a {players}-player game of {desc.id} has {want} seat{'s' if want > 1 else ''}, not {seats}")
        return int(want)
    if seats is not None and seats != 1:
        raise ApiError(422, f"{desc.id} is played alone: it has 1 seat, not {seats}")
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
        raise ApiError(422, "log_from is an event index from 0")
    return value


def _brief(value: Any, limit: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."

