"""Play again (``service.again``): once a game is over, the same set-up (the same options) at a
new table with a new seed.

Every seat that a person holds is asked (a bot's seat is not: it stays a bot, and a browser that
holds it keeps holding it at the next table).  Each answer is
an ``again`` event of the finished game (woodlands.web.store), so every process and every page
learns of it as of a move, through the live updates.  When every asked seat agrees, the next
table is made at once; the table's creator may also start it with the seats that agreed so far.

A seat that agrees keeps its place: its secret at the next table is derived from the secret it
holds now (:func:`next_secret`, a keyed hash the server can compute only while the seat's own
browser sends its secret), and only the hash of that is stored with the answer.  So the server
never keeps a secret, and the seat's browser takes its place at the next table by sending the
secret it has (:meth:`Again.follow`).  A seat that declined, or never answered, is free at the
next table: the creator invites someone, or the table is listed again when this one was.  The
creator's admin token carries over the same way.
"""
from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import time
from typing import TYPE_CHECKING, Any, Sequence

from .errors import Conflict, Forbidden, Refused
from .live import Live
from .store import AGAIN, BOT, SEAT, EventRow, GameRow, token_hash

if TYPE_CHECKING:
    from .service import GameService


def next_secret(secret: str, game_id: str) -> str:
    """The secret that ``secret`` (a seat's, or the admin's, at ``game_id``) becomes at the
    table that follows ``game_id``: only whoever holds ``secret`` can compute it."""
    digest = hmac.new(secret.encode("utf-8", "replace"), b"again:" + game_id.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


class Again:
    """Play again at the tables of ``games`` (see the module doc)."""

    def __init__(self, games: GameService) -> None:
        self.games = games

    @staticmethod
    def asked(live: Live) -> list[int]:
        """The seats asked whether to play again: those a person holds (not a bot's, not a
        free one)."""
        return [s for s in range(live.row.seats) if live.row.seat_hashes[s] and s not in live.bots]

    def status(self, live: Live, held: Sequence[int]) -> dict[str, Any]:
        """Where "Play again?" stands, for a page of a browser that holds ``held``: each asked
        seat's answer ("yes", "no" or None), whether this browser's seats all answered yes, and
        the next table's id once it is made."""
        answers = {s: (None if s not in live.again else ("yes" if live.again[s] else "no")) for s in self.asked(live)}
        mine = list(held)           # a bot's seat this browser holds answers with it, unasked
        return {"answers": answers, "next": live.next_table,
                "agreed": bool(mine) and all(live.again.get(s) for s in mine),
                "declined": bool(mine) and all(s in live.again and live.again[s] is None for s in mine)}

    def _seats(self, live: Live, tokens: Sequence[str | None]) -> dict[int, str]:
        """The seats ``tokens`` hold (seat -> token); the first token's refusal when none holds one."""
        seats: dict[int, str] = {}
        refusal: Refused | None = None
        for token in tokens:
            try:
                seat = self.games.seating.seat_in(live.row, token)
            except Refused as err:
                refusal = refusal or err
                continue
            assert token is not None
            seats.setdefault(seat, token)
        if not seats:
            raise refusal or Forbidden("this browser holds no seat at that game")
        return seats

    async def where(self, game_id: str, token: str | None) -> dict[str, Any]:
        """:meth:`status` for the seat of ``token`` (the JSON API's GET)."""
        live = await self.games.live(game_id, [token])
        async with live.lock:
            await self.games.refresh(live)
            return self.status(live, list(self._seats(live, [token])))

    async def answer(self, game_id: str, tokens: Sequence[str | None], admin_token: str | None, yes: bool,
                     start: bool = False) -> dict[str, Any]:
        """The seats that ``tokens`` hold answer "Play again?" (``yes``); ``admin_token``, when it
        is the table's, carries the creator's key over.  The next table is made when every asked
        seat has agreed, or with ``start`` (the creator's, after at least its own seats agreed)
        at once with the seats that agreed.  Returns :meth:`status` for those seats."""
        games = self.games
        live = await games.live(game_id, list(tokens))
        async with live.lock:
            await games.refresh(live)
            seats = self._seats(live, tokens)
            admin = bool(admin_token) and hmac.compare_digest(live.row.admin_hash, token_hash(admin_token or ""))
            if start and not admin:
                raise Forbidden("only the browser that made this table may start the next one before everyone answers")
            if not live.state.is_over:
                raise Conflict("the game is not over yet: play again once it has ended", at=live.number)
            if live.next_table is None:
                for seat, token in sorted(seats.items()):
                    # a bot's seat is not asked, but the browser that holds it keeps holding it
                    option = f"yes:{token_hash(next_secret(token, game_id))}" if yes else "no"
                    await games.append(live, EventRow(live.number, AGAIN, option, seat, False))
                if admin and admin_token and yes and live.again_admin is None:
                    await games.append(live, EventRow(live.number, AGAIN,
                                                      f"admin:{token_hash(next_secret(admin_token, game_id))}",
                                                      None, False))
                asked = self.asked(live)
                everyone = all(live.again.get(s) for s in asked)
                if (everyone or start) and any(live.again.values()):
                    new_id = await self._make(live)
                    await games.append(live, EventRow(live.number, AGAIN, f"table:{new_id}", None, False))
            return self.status(live, list(seats))

    async def _make(self, live: Live) -> str:
        """The next table: the same game and options, a new seed; each seat that agreed held by
        its next secret (its claim kept), each bot's seat the same bot, every other seat free.
        The caller holds the game's lock."""
        import asyncio
        return await asyncio.to_thread(self._store_next, live.row, dict(live.again), live.again_admin,
                                       set(live.claimed), dict(live.bots))

    def _store_next(self, row: GameRow, again: dict[int, str | None], admin_hash: str | None,
                    claimed: set[int], bots: dict[int, str]) -> str:
        from ..engine.game import load_game
        games = self.games
        db = games.db
        from ..engine.errors import GameOptionError
        game = load_game(row.game)
        try:
            state = game.new_game(seed=None, options=row.options)
        except GameOptionError as e:        # options this game's rules no longer take
            raise Conflict(f"this table's set-up cannot start a new game: {e}") from None
        new_id = secrets.token_urlsafe(12)
        hashes = tuple(again.get(s) or "" for s in range(row.seats))
        history: list[EventRow] = []
        for s in range(row.seats):
            if hashes[s] and s in claimed:      # a person who took the seat by invitation keeps that standing
                history.append(EventRow(len(history), SEAT, hashes[s], s, False))
            if s in bots:
                history.append(EventRow(len(history), BOT, bots[s], s, False))
        content = game.content
        new = GameRow(new_id, row.game, dict(row.options), state.seed,
                      {"id": content.id, "version": content.version, "rules": game.rules_version}, row.seats,
                      admin_hash or token_hash(secrets.token_urlsafe(24)), "again", time.time(), hashes,
                      row.turn_seconds)
        db.create_game(new, history, [None] * row.seats)
        name = db.listing(row.id)
        if name is not None and any(not h for h in hashes):
            db.list_table(new_id, name)         # free seats at a listed table: listed again
        return new_id

    async def follow(self, game_id: str, tokens: Sequence[str | None], admin_token: str | None
                     ) -> tuple[str, list[str], str | None]:
        """The next table of ``game_id`` and the secrets there of the seats that ``tokens`` hold
        and that agreed (in seat order), with the creator's admin token there (None: not the
        creator's browser).  409 while there is no next table; 403 when none of these seats
        agreed."""
        games = self.games
        live = await games.live(game_id, list(tokens))
        async with live.lock:
            await games.refresh(live)
            seats = self._seats(live, tokens)
            if live.next_table is None:
                raise Conflict("there is no next table yet: it is made once every seat has answered", at=live.number)
            secrets_ = []
            for seat, token in sorted(seats.items()):
                mine = next_secret(token, game_id)
                kept = live.again.get(seat)
                if kept and hmac.compare_digest(kept, token_hash(mine)):
                    secrets_.append(mine)
            if not secrets_:
                raise Forbidden("this browser's seats did not agree to play again, so they have no place at the next "
                                "table; ask its creator for an invitation")
            admin = None
            if admin_token and live.again_admin:
                key = next_secret(admin_token, game_id)
                admin = key if hmac.compare_digest(live.again_admin, token_hash(key)) else None
            return live.next_table, secrets_, admin


__all__ = ["Again", "next_secret"]
