"""The seats of the live games (``service.seating``): the seat a token holds, the table's admin,
invitations claimed once, who is at the table, and handing a seat to a bot or back.

A seat's secret and the admin's token are never stored, only their hashes (on the game's row,
and in each ``seat`` event when a seat changes hands); a token is checked against them in
constant time.  An invitation opens its seat once: claiming it gives the seat a new secret.
Every change here is an event of the game, stored under the game's lock like a choice.
"""
from __future__ import annotations

import asyncio
import hmac
import secrets
from typing import TYPE_CHECKING, Any, Sequence

from .errors import NO_SEAT, Conflict, Forbidden, Invalid, NotFound, Refused, Unauthorized
from .live import Live
from .service import TOKEN, brief, duration_words, game_descriptor, invitation_link, player
from .store import BOT, HUMAN, SEAT, EventRow, GameRow, token_hash

if TYPE_CHECKING:
    from .service import GameService

_NOT_INVITED = ("that is not an open invitation to this table: its creator may have withdrawn it or sent a newer "
                "one; ask them for a new invitation")


class Seating:
    """The seats of the games of ``games`` (see the module doc)."""

    def __init__(self, games: GameService) -> None:
        self.games = games

    # ------------------------------------------------------------------ tokens
    def seat_of(self, live: Live, token: str | None) -> int:
        """The seat ``token`` holds in this game; 401 without a token, 403 for any other token.
        The seat counts as here (woodlands.web.presence) from this request."""
        seat = self.seat_in(live.row, token)
        self.games.presence.seen(live.row.id, seat)
        return seat

    def still(self, live: Live, token: str | None, seat: int, changes: int) -> int:
        """After a refresh: ``seat`` again, unless the seat changed hands meanwhile (a 'seat'
        event from another process): then the token is checked once more (a withdrawn secret
        holds nothing)."""
        return seat if live.seat_changes == changes else self.seat_of(live, token)

    def seat_in(self, row: GameRow, token: str | None) -> int:
        """The seat ``token`` holds at the table of ``row`` (not marked as here)."""
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
        self.admin_in(live.row, token)

    def admin_in(self, row: GameRow, token: str | None) -> None:
        if not token:
            raise Unauthorized("no token: send 'Authorization: Bearer ADMIN_TOKEN' (from POST /api/games)")
        if not hmac.compare_digest(row.admin_hash, token_hash(token)):
            raise Forbidden("only the table's admin token (given to whoever created it) may do that")

    def check_tokens(self, row: GameRow, tokens: Sequence[str | None], admin: bool) -> None:
        """Nothing when one of ``tokens`` holds a seat in the game (``admin``: is its admin
        token); else the first token's refusal (401/403)."""
        refusal: Refused | None = None
        for token in tokens or [None]:
            try:
                if admin:
                    self.admin_in(row, token)
                else:
                    self.seat_in(row, token)
                return
            except Refused as e:
                refusal = refusal or e
        assert refusal is not None
        raise refusal

    async def seat_for(self, game_id: str, token: str | None) -> int:
        """The seat ``token`` holds in ``game_id`` (Refused 401/403/404 otherwise)."""
        return self.seat_of(await self.games.live(game_id, (token,)), token)

    async def _admin_or_seat(self, game_id: str, token: str | None) -> Live:
        """The game, rebuilt if need be for the admin's token or a seat's: either may ask."""
        try:
            return await self.games.live(game_id, (token,), admin=True)
        except Refused:
            return await self.games.live(game_id, (token,))

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

    # ------------------------------------------------------------------ who sits where
    async def seats(self, game_id: str, token: str | None) -> dict[str, Any]:
        """Who holds each seat and who is here (for the table's admin and its seats)."""
        live = await self._admin_or_seat(game_id, token)
        self._asker(live, token)
        async with live.lock:
            await self.games.refresh(live)
            return {"at": live.number, "turn_seconds": live.row.turn_seconds, "seats": self.seat_rows(live)}

    def seat_rows(self, live: Live) -> list[dict[str, Any]]:
        """Each seat: ``held`` (someone holds its secret), ``claimed`` (a person took it with an
        invitation), ``here``, ``away_seconds`` (null while here) and ``bot``."""
        presence = self.games.presence
        rows = []
        for seat in range(live.row.seats):
            away = presence.away_for(live.row.id, seat)
            rows.append({"seat": seat, "held": bool(live.row.seat_hashes[seat]), "claimed": seat in live.claimed,
                         "here": away == 0, "away_seconds": None if away == 0 else int(away),
                         "bot": live.bots.get(seat)})
        return rows

    # ------------------------------------------------------------------ invitations
    async def claim(self, game_id: str, invitation: Any) -> dict[str, Any]:
        """Take the seat that ``invitation`` opens: the seat gets a new secret (returned, never
        stored), and the invitation grants nothing from then on, to anyone.  403 for a string
        that is not an open invitation of this table (withdrawn, replaced, or never one); 409
        for one already taken."""
        if not isinstance(invitation, str) or not TOKEN.match(invitation):
            raise Forbidden(_NOT_INVITED)
        games, db = self.games, self.games.db
        digest = token_hash(invitation)
        # the invitation is checked on the stored seats before the game is rebuilt: a string
        # that opens nothing never costs a replay
        keys = await asyncio.to_thread(db.seat_keys, game_id)
        if not any(invite and hmac.compare_digest(invite, digest) for _, _, invite in keys):
            await asyncio.to_thread(games.row, game_id)         # 404 for a table that does not exist
            raise Forbidden(_NOT_INVITED)
        live = await games.live(game_id)
        secret = secrets.token_urlsafe(24)
        async with live.lock:
            for attempt in range(20):
                found: tuple[int, bool] | None = None
                for seat, held, invite in await asyncio.to_thread(db.seat_keys, game_id):
                    if invite and hmac.compare_digest(invite, digest):
                        found = (seat, held is not None)
                if found is None:
                    raise Forbidden(_NOT_INVITED)
                seat, taken = found
                if taken:
                    raise Conflict("that invitation has been used: its seat belongs to whoever took it. If that "
                                   "was not you, ask the table's creator for a new invitation (a new one takes "
                                   "the seat back)", seat=seat)
                await games.refresh(live, always=attempt > 0)
                ev = EventRow(live.number, SEAT, token_hash(secret), seat, False)
                done = await asyncio.to_thread(db.change_seat, game_id, seat, ev.number, ev.option, None,
                                               claiming=digest)
                if done:
                    live.apply_event(ev)
                    games.hub.publish(game_id, live.number)
                    games.presence.seen(game_id, seat)
                    return {"id": game_id, "seat": seat, "token": secret}
                # None: taken meanwhile (the next round says so); False: another event came first
        raise Conflict("the table is busy: try again")

    async def invite(self, game_id: str, admin_token: str | None, seat: int, new: bool = True) -> dict[str, Any]:
        """The admin gives ``seat`` a new invitation (``new``) or none: either way the seat's
        secret and its last invitation hold nothing from then on (its player moves to another
        device with the new one; without one, the seat waits for the admin)."""
        games, db = self.games, self.games.db
        live = await games.live(game_id, (admin_token,), admin=True)
        self.check_admin(live, admin_token)
        invitation = secrets.token_urlsafe(24) if new else None
        async with live.lock:
            await games.refresh(live)
            if not 0 <= seat < live.row.seats:
                raise NotFound(f"this table has seats 0 to {live.row.seats - 1}, not {seat}")
            for _ in range(20):
                ev = EventRow(live.number, SEAT, None, seat, False)
                done = await asyncio.to_thread(db.change_seat, game_id, seat, ev.number, None,
                                               None if invitation is None else token_hash(invitation))
                if done is None:
                    raise NotFound(f"this table has no seat {seat}")
                if done:
                    live.apply_event(ev)
                    games.hub.publish(game_id, live.number)
                    break
                await games.refresh(live, always=True)
            else:
                raise Conflict("the table is busy: try again")
        return {"seat": seat, "invitation": invitation,
                "join": None if invitation is None else invitation_link(game_id, invitation)}

    # ------------------------------------------------------------------ bots in a seat
    async def hand_over(self, game_id: str, token: str | None, seat: int, bot: str | None) -> dict[str, Any]:
        """``seat`` goes to ``bot`` (a name the game's descriptor lists), or with ``bot=None``
        back to its player.  Asked by the table's admin, or by the seat itself (its own token:
        a player who leaves the table to a bot, or takes the seat back on return).  The admin
        hands a seat that a person took with an invitation only once that seat has been away
        ``Settings.away_before_bot`` seconds; any other seat (the creator's own, one whose
        invitation waits, one withdrawn) at once."""
        games = self.games
        live = await self._admin_or_seat(game_id, token)
        changes = live.seat_changes
        asker = self._asker(live, token)
        async with live.lock:
            await games.refresh(live)
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
                await games.append(live, EventRow(live.number, HUMAN, None, seat, False))
            else:
                names = sorted(game_descriptor(live.row.game).bot_names)
                if bot not in names:
                    raise Invalid(f"there is no bot {brief(bot)} for this game; there are: {', '.join(names)}")
                if live.bots.get(seat) == bot:
                    raise Conflict(f"{player(seat)} is already played by the {bot} bot")
                if asker is None and seat in live.claimed:
                    self._check_away(live, seat)
                await games.append(live, EventRow(live.number, BOT, bot, seat, False))
                games.bots.kick(live)
            return {"seat": seat, "bot": live.bots.get(seat), "at": live.number,
                    "bots": {str(k): v for k, v in live.bots.items()}}

    def _check_away(self, live: Live, seat: int) -> None:
        """409 unless ``seat`` has been away long enough for the admin to hand it to a bot."""
        settings = self.games.settings
        away = self.games.presence.away_for(live.row.id, seat)
        need = settings.away_before_bot
        if away >= need:
            return
        rule = (f"a seat that a person took is handed to a bot only after {duration_words(need)} away, or when that "
                "seat asks for it itself; nothing was changed")
        if away == 0:
            raise Conflict(f"seat {seat} is at the table now (its page is open, or it acted within the last "
                           f"{duration_words(settings.here_seconds)}): {rule}", at=live.number, seat=seat, here=True)
        raise Conflict(f"seat {seat} has been away for only {duration_words(away)}: {rule}", at=live.number, seat=seat,
                       here=False, retry_after=max(1, int(need - away + 0.999)))


__all__ = ["Seating"]
