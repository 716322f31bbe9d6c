"""Open tables (``service.tables``): a table's creator may list it, under a name, so that anyone
may take one of its free seats; ``GET /api/tables`` and the page ``/tables`` show the list.

Listing is opt-in and the creator's alone (the table's admin token); it is stored in the
``listings`` table of the store, so every server process shows the same list.  A free seat is
one nobody holds (no secret: its invitation not yet taken, or withdrawn) and no bot plays.  A
listed table is shown only while its game is not over and it has a free seat; the claim that
takes its last free seat takes it off the list (marked filled: a claim that comes too late hears
that the seat was taken, and the creator may list the table again if a seat comes free).

What the list shows of a table is public by design: its id (which the game page's address
holds; it opens nothing without a seat's secret), the name its creator gave it, the game, how
many seats it has, which are free and which are held by someone at the table now.  Never a
token, an invitation or anything of the game's state.  Taking a free seat is a claim like an
invitation's (woodlands.web.seats): the seat gets a new secret, given once to whoever took it;
of two people who take the last free seat at once, the store lets exactly one win.
"""
from __future__ import annotations

import asyncio
import secrets
import threading
import time
import unicodedata
from typing import TYPE_CHECKING, Any

from .errors import Conflict, Forbidden, Invalid, NotFound, Refused, TooMany
from .live import Live
from .service import GAME_ID, brief, player
from .store import LISTING_NAME, SEAT, EventRow, token_hash

if TYPE_CHECKING:
    from .service import GameService

#: the most open tables a list shows (the newest listed first)
SHOWN = 50

_NOT_OPEN = "that table is not open: its creator has not listed it, or took it off the list"
_FILLED = "every free seat of this table has been taken (someone was quicker); nothing was changed"


def table_name(name: Any) -> str:
    """A table's name as it is stored: trimmed, one line, 1 to :data:`LISTING_NAME` characters
    (Invalid otherwise; nothing is changed)."""
    if not isinstance(name, str):
        raise Invalid("give the table a name, in words")
    words = " ".join(name.split())
    if not words:
        raise Invalid("give the table a name, in words")
    if len(words) > LISTING_NAME:
        raise Invalid(f"a table's name has at most {LISTING_NAME} characters; that one has {len(words)}")
    if any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn") for c in words):
        raise Invalid("a table's name is plain text: letters, digits, spaces and punctuation")
    return words


def free_seats(live: Live) -> list[int]:
    """The seats of the table that nobody holds and no bot plays."""
    return [s for s in range(live.row.seats) if not live.row.seat_hashes[s] and s not in live.bots]


class OpenTables:
    """The open tables of the games of ``games`` (see the module doc)."""

    def __init__(self, games: GameService) -> None:
        from .limits import Window
        self.games = games
        self._lock = threading.Lock()
        #: the free seats each client address took within ``Settings.client_window``
        self._taken = Window(float(games.settings.client_window))

    def _check_client(self, client: str) -> None:
        """TooMany when ``client`` took ``Settings.seats_per_client`` free seats within the window."""
        settings = self.games.settings
        cap = int(settings.seats_per_client)
        now = time.time()
        with self._lock:
            taken = self._taken.recent(client, now)
            if len(taken) >= cap:
                wait = max(1, int(taken[0] + float(settings.client_window) - now + 0.999))
                raise TooMany(f"this address has taken {cap} free seats of open tables lately, the most this server "
                              f"allows; try again in {wait} seconds", retry_after=wait)

    def _count_client(self, client: str) -> None:
        with self._lock:
            self._taken.add(client, time.time())

    # ------------------------------------------------------------------ the creator's
    async def listing(self, game_id: str, admin_token: str | None) -> dict[str, Any]:
        """Whether the table is listed, and under which name (for its admin)."""
        games = self.games
        live = await games.live(game_id, (admin_token,), admin=True)
        games.seating.check_admin(live, admin_token)
        name = await asyncio.to_thread(games.db.listing, game_id)
        return {"id": game_id, "listed": name is not None, "name": name}

    async def list_table(self, game_id: str, admin_token: str | None, name: Any) -> dict[str, Any]:
        """The admin lists the table under ``name`` (a listed one is renamed).  Refused for a
        game that is over, a table of one seat, or one with no free seat; nothing changes then."""
        games = self.games
        live = await games.live(game_id, (admin_token,), admin=True)
        games.seating.check_admin(live, admin_token)
        name = table_name(name)
        async with live.lock:
            await games.refresh(live)
            if live.row.seats < 2:
                raise Invalid("a table of one seat has no seat to offer: only tables of several players are listed")
            if live.state.is_over:
                raise Conflict("the game is over: a finished table is not listed", at=live.number)
            if not free_seats(live):
                raise Conflict("every seat of this table is taken (or played by a bot): withdraw a seat first to "
                               "offer it", at=live.number)
            games.event_limit.take(game_id, None)
            await asyncio.to_thread(games.db.list_table, game_id, name)
        return {"id": game_id, "listed": True, "name": name}

    async def unlist_table(self, game_id: str, admin_token: str | None) -> dict[str, Any]:
        """The admin takes the table off the list (a table not listed stays so)."""
        games = self.games
        live = await games.live(game_id, (admin_token,), admin=True)
        games.seating.check_admin(live, admin_token)
        await asyncio.to_thread(games.db.unlist_table, game_id)
        return {"id": game_id, "listed": False, "name": None}

    # ------------------------------------------------------------------ everyone's
    async def open_tables(self) -> list[dict[str, Any]]:
        """The listed tables whose game is not over and that have a free seat, newest first:
        id, name, game, game_name, players, free_seats, present (see the module doc)."""
        from ..engine.game import load_game
        games = self.games
        out = []
        for game_id, name in await asyncio.to_thread(games.db.listings, SHOWN):
            try:
                live = await games.live(game_id)
                async with live.lock:
                    await games.refresh(live)
                    free = free_seats(live)
                    over = live.state.is_over
                    seats = live.row.seats
            except Refused:             # gone, or no longer replays: not shown
                continue
            if over or not free:
                continue
            present = [s for s in range(seats) if s not in free and games.presence.here(game_id, s)]
            out.append({"id": game_id, "name": name, "game": live.row.game, "game_name": load_game(live.row.game).name,
                        "players": seats, "free_seats": free, "present": present})
        return out

    async def take(self, game_id: str, seat: Any, client: str = "?") -> dict[str, Any]:
        """Take free ``seat`` of an open table: the seat gets a new secret (returned once, never
        stored).  403 for a table not listed, 404 for no such table or seat, 409 for a seat
        taken (or played by a bot) or a game over, 429 for a ``client`` address over
        ``Settings.seats_per_client``; nothing is changed then."""
        games, db = self.games, self.games.db
        self._check_client(client)
        if not GAME_ID.match(game_id):
            raise NotFound(f"there is no game {brief(game_id)} on this server")
        if await asyncio.to_thread(db.listing, game_id) is None:
            await asyncio.to_thread(games.row, game_id)         # 404 for a table that does not exist
            raise await self._not_open(game_id)
        live = await games.live(game_id)
        if not isinstance(seat, int) or not 0 <= seat < live.row.seats:
            raise NotFound(f"this table has seats 0 to {live.row.seats - 1}, not {brief(seat)}")
        secret = secrets.token_urlsafe(24)
        games.event_limit.take(game_id, None)
        async with live.lock:
            for attempt in range(20):
                await games.refresh(live, always=attempt > 0)
                if live.state.is_over:
                    raise Conflict("the game is over: its seats are no longer offered", at=live.number)
                if seat in live.bots:
                    raise Conflict(f"{player(seat)}'s seat is played by a bot: it is not free", seat=seat)
                if live.row.seat_hashes[seat]:
                    raise Conflict(f"{player(seat)}'s seat has been taken by someone else; nothing was changed",
                                   seat=seat)
                ev = EventRow(live.number, SEAT, token_hash(secret), seat, False)
                done = await asyncio.to_thread(db.change_seat, game_id, seat, ev.number, ev.option, None, None, True)
                if done is None:
                    # another process took the seat, or the table left the list, meanwhile
                    if await asyncio.to_thread(db.listing, game_id) is None:
                        raise await self._not_open(game_id)
                    raise Conflict(f"{player(seat)}'s seat has been taken by someone else; nothing was changed",
                                   seat=seat)
                if done:
                    live.apply_event(ev)
                    games.hub.publish(game_id, live.number)
                    games.presence.seen(game_id, seat)
                    self._count_client(client)
                    if not free_seats(live):
                        await asyncio.to_thread(db.fill_table, game_id)
                    return {"id": game_id, "seat": seat, "token": secret}
                # False: another event came first; refresh and look again
        raise Conflict("the table is busy: try again")

    async def _not_open(self, game_id: str) -> Refused:
        """Why a table offers no seat: a claim took its last free seat (409: of two people who
        asked at once, the slower one hears that), or it is not listed (403)."""
        if await asyncio.to_thread(self.games.db.filled, game_id):
            return Conflict(_FILLED)
        return Forbidden(_NOT_OPEN)


__all__ = ["OpenTables", "SHOWN", "free_seats", "table_name"]
