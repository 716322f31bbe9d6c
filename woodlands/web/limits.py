"""How many games a server makes, and the clean-up of abandoned ones.

* **Per client**: at most ``Settings.games_per_client`` new games (set up on the home page,
  uploaded, or ``POST /api/games`` / ``/api/games/import``) from one client address within
  ``Settings.client_window`` seconds (a sliding window, counted by each server process).
* **In total**: at most ``Settings.max_games`` games stored on the server.

Over either, the request is refused before anything is made: the JSON API answers 429 with a
``detail`` in plain words (and ``Retry-After`` for the per-client cap); a page shows the reason
(status 429).  :func:`install` puts the check in front of the app (ASGI middleware), so the
routes themselves are unchanged.

**Clean-up** (:func:`prune`): games with no activity (no choice, undo or handover; for a game
never played, its creation) for more than N days are deleted with their seats, events and analyses,
finished games and abandoned ones alike.  ``woodlands serve --prune-days N`` runs it when the
server starts and then once a day (:func:`start_pruning`).  The store is otherwise append-only.

**Hints** (:class:`HintLimit`): a hint is up to a few seconds of one core's search, so the
server runs at most ``Settings.hint_slots`` at once, one client address has at most one
running, and asks at most ``Settings.hints_per_client`` within ``Settings.hint_window``
seconds.  Over any of them the hint is refused with 429 (and ``Retry-After``) before it searches.

**Live streams** (:class:`StreamLimit`): at most ``Settings.streams_per_seat`` open at once for
one seat of a game, ``Settings.streams_per_client`` from one client address and
``Settings.max_streams`` in all; past any, ``GET /api/games/{id}/events`` answers 429.

**Stored events** (:class:`EventLimit`): the requests of one seat may store at most
``Settings.events_per_seat`` events (choices and undos) within ``Settings.event_window``
seconds, and those of one game (a seat handed to a bot or back included) at most
``Settings.events_per_game``; past either the request is refused with 429 and ``Retry-After``
before anything is written.  A bot's moves are not counted (a game ends; an undo loop does not).

The connections themselves (how many, how long a request may take) are
:mod:`woodlands.web.guard`'s.
"""
from __future__ import annotations

import json
import threading
import time
from collections import deque
from contextlib import contextmanager
from typing import Any, Iterator

from starlette.types import ASGIApp, Receive, Scope, Send

from .errors import TooMany

#: the routes that make a game: (method, path) -> answers as JSON (the API) or as a page
CREATING = {("POST", "/api/games"): True, ("POST", "/api/games/import"): True,
            ("POST", "/new"): False, ("POST", "/upload"): False}
#: the same, for routes with the game in their path: (method, path's start) -> as JSON
CREATING_UNDER = {("POST", "/api/daily/"): True, ("POST", "/daily/"): False}

DAY = 86400.0
#: a window keeps at most this many client addresses before it forgets those idle in it
KEEP_CLIENTS = 1000


class Window:
    """Per client address, the times of what it did within the last ``seconds`` (both limits
    below count with one; the caller holds its own lock)."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self._times: dict[str, deque[float]] = {}
        self._sweep_at = 0.0

    def recent(self, client: str, now: float) -> deque[float]:
        """``client``'s times within the window before ``now``, oldest first (those older are forgotten)."""
        times = self._times.get(client)
        if times is None:
            return deque()
        while times and times[0] <= now - self.seconds:
            times.popleft()
        if not times:
            del self._times[client]
        return times

    def add(self, client: str, now: float) -> None:
        self._times.setdefault(client, deque()).append(now)
        # forget the addresses that have done nothing within the window: at most once a window,
        # since a sweep per request over thousands of addresses that are all still counting
        # costs more than the request, and finds nothing to drop
        if len(self._times) > KEEP_CLIENTS and now >= self._sweep_at:
            self._sweep_at = now + self.seconds
            for gone in [c for c, q in self._times.items() if q[-1] <= now - self.seconds]:
                del self._times[gone]


class CreationLimit:
    """ASGI middleware: refuse a game-making request over the per-client or the total cap
    (see the module doc); count the games each client made (the requests answered 201, or a
    page's 303 to the new game)."""

    def __init__(self, app: ASGIApp, settings: Any, service: Any) -> None:
        self.app = app
        self.settings = settings
        self.service = service
        self._lock = threading.Lock()
        self._made = Window(float(settings.client_window))

    def _client(self, scope: Scope) -> str:
        client = scope.get("client")
        return str(client[0]) if client else "?"

    def refusal(self, client: str, now: float) -> tuple[str, float | None] | None:
        """Why a new game from ``client`` is refused now (and when to try again), or None."""
        cap = int(self.settings.games_per_client)
        with self._lock:
            made = self._made.recent(client, now)
            if len(made) >= cap:
                wait = made[0] + float(self.settings.client_window) - now
                minutes = max(1, round(wait / 60))
                return (f"this address has started {cap} games in the last {_span(self.settings.client_window)}, "
                        f"the most this server allows; try again in about {minutes} minute{'s' if minutes > 1 else ''}, "
                        "or resume one of your games", max(1.0, wait))
        total = count_games(self.service)
        if total >= int(self.settings.max_games):
            return (f"this server holds {total} games, the most it keeps ({self.settings.max_games}); "
                    "no new game can be started until old ones are cleaned up", None)
        return None

    def count(self, client: str, now: float) -> None:
        with self._lock:
            self._made.add(client, now)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = scope["path"].rstrip("/") or "/"
        as_json = CREATING.get((scope["method"], path))
        if as_json is None:
            as_json = next((v for (m, start), v in CREATING_UNDER.items()
                            if m == scope["method"] and path.startswith(start)), None)
        if as_json is None:
            await self.app(scope, receive, send)
            return
        client = self._client(scope)
        import asyncio
        why = await asyncio.to_thread(self.refusal, client, time.time())
        if why is not None:
            await _refuse(send, why[0], why[1], as_json)
            return
        made = False

        async def watch(message: Any) -> None:
            nonlocal made
            if message["type"] == "http.response.start":
                status = message["status"]
                location = dict(message.get("headers") or []).get(b"location", b"")
                made = status == 201 or (status == 303 and location.startswith(b"/games/"))
            await send(message)

        await self.app(scope, receive, watch)
        if made:
            self.count(client, time.time())


def _span(seconds: float) -> str:
    if seconds % 3600 == 0:
        hours = int(seconds // 3600)
        return "hour" if hours == 1 else f"{hours} hours"
    minutes = max(1, round(seconds / 60))
    return "minute" if minutes == 1 else f"{minutes} minutes"


async def _refuse(send: Send, reason: str, retry: float | None, as_json: bool) -> None:
    if as_json:
        body = json.dumps({"detail": reason}).encode()
        kind = b"application/json"
    else:
        from .pages import templates
        page = templates.get_template("error.html").render({"reason": reason[:1].upper() + reason[1:] + ".", "status": 429})
        body = page.encode()
        kind = b"text/html; charset=utf-8"
    headers = [(b"content-type", kind), (b"content-length", str(len(body)).encode())]
    if retry is not None:
        headers.append((b"retry-after", str(int(retry + 0.999)).encode()))
    await send({"type": "http.response.start", "status": 429, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def install(app: Any) -> None:
    """Put the creation limits in front of ``app`` (made by create_app)."""
    app.add_middleware(CreationLimit, settings=app.state.settings, service=app.state.games)


# ---------------------------------------------------------------------- hints
class HintLimit:
    """Who may start a hint search now (see the module doc).  :meth:`slot` is a context
    manager: it refuses with :class:`~woodlands.web.errors.TooMany`, or holds a slot for
    the search and counts the hint against the client."""

    def __init__(self, settings: Any) -> None:
        self.settings = settings
        self._lock = threading.Lock()
        self._running: set[str] = set()
        self._asked = Window(float(settings.hint_window))

    def refusal(self, client: str, now: float) -> tuple[str, float] | None:
        """Why a hint for ``client`` is refused now and when to try again (the caller holds the lock)."""
        if client in self._running:
            return "a hint is already being searched for you; wait for it before asking again", 1.0
        if len(self._running) >= int(self.settings.hint_slots):
            return "the server is busy searching other hints; try again in a few seconds", 2.0
        window = self._asked.seconds
        asked = self._asked.recent(client, now)
        cap = int(self.settings.hints_per_client)
        if len(asked) >= cap:
            wait = asked[0] + window - now
            return (f"this address has asked for {cap} hints in the last {_span(window)}, the most this server "
                    f"allows; try again in {max(1, round(wait))} seconds", max(1.0, wait))
        return None

    @contextmanager
    def slot(self, client: str) -> Iterator[None]:
        now = time.monotonic()
        with self._lock:
            why = self.refusal(client, now)
            if why is not None:
                raise TooMany(why[0], retry_after=int(why[1] + 0.999))
            self._running.add(client)
            self._asked.add(client, now)
        try:
            yield
        finally:
            with self._lock:
                self._running.discard(client)


# ---------------------------------------------------------------------- the store: counting and pruning
def count_games(service: Any) -> int:
    from sqlalchemy import func, select

    from .store import games
    with service.db.engine.connect() as conn:
        return int(conn.execute(select(func.count()).select_from(games)).scalar() or 0)


def stale_games(engine: Any, days: float, now: float | None = None) -> list[str]:
    """The ids of the games with no activity for more than ``days`` days."""
    from sqlalchemy import func, select

    from .store import events, games
    cutoff = (time.time() if now is None else now) - days * DAY
    last = (select(events.c.game_id, func.max(events.c.created).label("last"))
            .group_by(events.c.game_id).subquery())
    active = func.coalesce(last.c.last, games.c.created)
    query = select(games.c.id).select_from(games.outerjoin(last, last.c.game_id == games.c.id)).where(active < cutoff)
    with engine.connect() as conn:
        return list(conn.execute(query).scalars().all())


def prune(url_or_service: Any, days: float, now: float | None = None) -> list[str]:
    """Delete the games with no activity for more than ``days`` days (their events and seats
    too), in one transaction; returns their ids.  Given the running service, its live copies
    of them are dropped as well."""
    if days < 0:
        raise ValueError("days is a number from 0")
    from sqlalchemy import delete

    from .store import Store, analyses, daily_attempts, events, games, listings, seats
    service = None if isinstance(url_or_service, str) else url_or_service
    store = Store(url_or_service) if service is None else service.db
    try:
        ids = stale_games(store.engine, days, now)
        for start in range(0, len(ids), 500):
            chunk = ids[start:start + 500]
            with store._writing(), store.engine.begin() as conn:
                conn.execute(delete(listings).where(listings.c.game_id.in_(chunk)))
                conn.execute(delete(daily_attempts).where(daily_attempts.c.game_id.in_(chunk)))
                conn.execute(delete(analyses).where(analyses.c.game_id.in_(chunk)))
                conn.execute(delete(events).where(events.c.game_id.in_(chunk)))
                conn.execute(delete(seats).where(seats.c.game_id.in_(chunk)))
                conn.execute(delete(games).where(games.c.id.in_(chunk)))
        if service is not None:
            for game_id in ids:
                service.forget(game_id)
        return ids
    finally:
        if service is None:
            store.close()


def start_pruning(service: Any, days: float, every: float = DAY) -> threading.Event:
    """Prune now and then every ``every`` seconds in a daemon thread; set the returned event to stop."""
    stop = threading.Event()

    def loop() -> None:
        while True:
            try:
                gone = prune(service, days)
                if gone:
                    print(f"Cleaned up {len(gone)} game{'s' if len(gone) > 1 else ''} untouched for {days:g} days", flush=True)
            except Exception as e:         # a busy database: the next turn tries again
                print(f"Clean-up of old games failed: {str(e)[:200]}", flush=True)
            if stop.wait(every):
                return

    threading.Thread(target=loop, name="woodlands-prune", daemon=True).start()
    return stop


# ---------------------------------------------------------------------- live streams
class StreamLimit:
    """The live event streams open now, per (game, seat), per client address and in all.
    :meth:`open` is a context manager around a stream's whole life."""

    def __init__(self, settings: Any) -> None:
        self.settings = settings
        self._lock = threading.Lock()
        self._seats: dict[tuple[str, int], int] = {}
        self._clients: dict[str, int] = {}
        self.total = 0

    def refusal(self, game_id: str, seat: int, client: str) -> str | None:
        """Why one more stream is refused now (the caller holds the lock)."""
        if self._seats.get((game_id, seat), 0) >= int(self.settings.streams_per_seat):
            return (f"this seat has {self.settings.streams_per_seat} live streams of this game open, the most "
                    "this server allows; close another tab of the game and try again")
        if self._clients.get(client, 0) >= int(self.settings.streams_per_client):
            return (f"this address has {self.settings.streams_per_client} live streams open, the most this "
                    "server allows; close some game tabs and try again")
        if self.total >= int(self.settings.max_streams):
            return "this server has as many live streams open as it can; try again in a minute"
        return None

    @contextmanager
    def open(self, game_id: str, seat: int, client: str) -> Iterator[None]:
        from .guard import client_key
        client = client_key(client)
        with self._lock:
            why = self.refusal(game_id, seat, client)
            if why is not None:
                raise TooMany(why, retry_after=30)
            self._seats[(game_id, seat)] = self._seats.get((game_id, seat), 0) + 1
            self._clients[client] = self._clients.get(client, 0) + 1
            self.total += 1
        try:
            yield
        finally:
            with self._lock:
                _down(self._seats, (game_id, seat))
                _down(self._clients, client)
                self.total -= 1


def _down(counts: dict[Any, int], key: Any) -> None:
    left = counts.get(key, 0) - 1
    if left > 0:
        counts[key] = left
    else:
        counts.pop(key, None)


# ---------------------------------------------------------------------- stored events
class EventLimit:
    """How many events the requests of each seat and each game stored within the window.

    Per seat and per game, the times of its last ``cap`` events (a deque that forgets the
    oldest by itself): one more is refused while the oldest of them is within the window.  Each
    event costs an append, however many games there are; the keys idle for a whole window are
    swept out once per window (a sweep per event over thousands of games cost more than the
    choice itself)."""

    def __init__(self, settings: Any) -> None:
        self.settings = settings
        self.window = float(settings.event_window)
        self._lock = threading.Lock()
        self._times: dict[str | tuple[str, int | None], deque[float]] = {}
        self._sweep_at = 0.0

    def take(self, game_id: str, seat: int | None) -> None:
        """Count one event of ``seat`` (None: of the game alone, a hand-over) in ``game_id``, or
        raise TooMany (with ``retry_after``) when it is over a cap; nothing is counted then."""
        now = time.monotonic()
        settings = self.settings
        game_cap = int(settings.events_per_game)
        seat_key = (game_id, seat)          # a seat's own count; (game_id, None): the table's
        seat_cap = int(settings.events_per_seat)
        times = self._times
        with self._lock:
            if seat is not None:
                self._refuse_over(times.get(seat_key), seat_cap, now, seat)
            self._refuse_over(times.get(game_id), game_cap, now, None)
            if seat is not None:
                self._count(seat_key, seat_cap, now)
            self._count(game_id, game_cap, now)
            if now >= self._sweep_at:
                for key in [k for k, t in self._times.items() if t[-1] <= now - self.window]:
                    del self._times[key]
                self._sweep_at = now + self.window

    def _refuse_over(self, times: "deque[float] | None", cap: int, now: float, seat: int | None) -> None:
        """TooMany if ``times`` (of ``seat``, or of the table for None) holds ``cap`` events within the window."""
        if times is not None and len(times) >= cap and times[0] > now - self.window:
            whose = "this table" if seat is None else f"Player {seat + 1}"
            wait = max(1, int(times[0] + self.window - now + 0.999))
            raise TooMany(f"{whose} has made {cap} moves in the last {_span(self.window)}, the most "
                          f"this server allows; try again in {wait} second{'s' if wait > 1 else ''}",
                           retry_after=wait)

    def _count(self, key: "str | tuple[str, int | None]", cap: int, now: float) -> None:
        times = self._times.get(key)
        if times is None or times.maxlen != cap:
            times = self._times[key] = deque(times or (), maxlen=cap)
        times.append(now)
