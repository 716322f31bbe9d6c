"""The daily challenge on a server (``service.daily``): one game a day per game, the same for
everyone who plays here, and the list of the day's results (``/daily``, ``GET /api/daily``).

The day's seed comes from :mod:`woodlands.kit.daily`: a keyed hash of the date (UTC) and the
game's id under this server's own secret, made once and kept in the database (``server_keys``),
so that several server processes over one PostgreSQL agree on it and nobody outside can work
it out from the date.  The day's set-up (a hero and a difficulty, how many adventurers) is
drawn the same way and shown; the seed is not.

A person is a browser, known by its daily cookie (:data:`PERSON_COOKIE`, a random secret; only
its SHA-256 is stored).  Each person has one attempt per game and day (the primary key of
``daily_attempts``, which settles two starts racing): starting the day's game again in the same
browser resumes that attempt.  The attempt's seat secret and admin key are derived from the
browser's cookie (:func:`derived_secret`), so a browser that comes back gets its seat again
without the server keeping any secret.  Another browser (or one whose cookies were cleared) is
another person: that is the honest limit of a challenge without accounts.

A daily game is a game like any other with the origin ``daily``.  Until it is over, its seed
stays hidden: the record route refuses with 403, no scene save is offered, undo never reaches
back from its end (no game's does), and no answer, page, link or log line carries the seed.  Once the person's
attempt ended, the record is theirs and the list of the day shows them the seed.
"""
from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import json
import re
import secrets
import time
from typing import TYPE_CHECKING, Any

from sqlalchemy import insert, select
from sqlalchemy import update as update_
from sqlalchemy.exc import IntegrityError

from ..kit import daily as kit_daily
from .errors import Invalid, NotFound
from .store import DAILY_ORIGIN, GameRow, daily_attempts, games, seats, server_keys, token_hash

if TYPE_CHECKING:
    from .live import Live
    from .service import GameService

#: the browser's daily cookie: a random secret that makes it one person for the daily challenge
PERSON_COOKIE = "woodlands_daily"
#: the longest display name on the list of the day
NAME_MAX = 40
#: the name of the daily seeds' key in ``server_keys``
KEY_NAME = "daily"
_PERSON = re.compile(r"^[A-Za-z0-9_-]{24,128}$")


def new_person() -> str:
    """A new browser's daily cookie."""
    return secrets.token_urlsafe(24)


def is_person(value: str | None) -> bool:
    """Whether ``value`` looks like a daily cookie this server made (anything else is none)."""
    return bool(value) and bool(_PERSON.match(value or ""))


def derived_secret(person: str, game_id: str, what: str) -> str:
    """The secret ``what`` ("seat" or "admin") of the daily game ``game_id`` for the browser
    whose daily cookie is ``person``: only that browser can make it again."""
    digest = hmac.new(person.encode(), f"daily-{what}:{game_id}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


def clean_name(name: Any) -> str | None:
    """A display name as the list shows it: one line of printable text, at most
    :data:`NAME_MAX` characters; empty: none ("anonymous")."""
    if name is None:
        return None
    if not isinstance(name, str):
        raise Invalid("name is text")
    # line breaks and tabs become spaces; other control characters go
    text = " ".join("".join(c for c in " ".join(name.split()) if c.isprintable()).split())
    if len(text) > NAME_MAX:
        raise Invalid(f"a name has at most {NAME_MAX} characters")
    return text or None


class Daily:
    """The daily challenge of one server (see the module doc)."""

    def __init__(self, games: GameService) -> None:
        self.games = games
        #: the day now, YYYY-MM-DD (UTC); tests set a day of their own
        self.today = kit_daily.today
        self._secret: str | None = None
        #: the attempts this process saw end (their end is written once)
        self._ended: set[str] = set()

    # ------------------------------------------------------------------ the secret
    def secret(self) -> str:
        """This server's key for the day's seeds, made the first time it is needed (blocking).
        Two processes making it at once: the first insert wins and both read it."""
        if self._secret is not None:
            return self._secret
        db = self.games.db
        query = select(server_keys.c.value).where(server_keys.c.name == KEY_NAME)
        with db.engine.connect() as conn:
            value = conn.execute(query).scalar()
        if value is None:
            try:
                with db._writing(), db.engine.begin() as conn:
                    conn.execute(insert(server_keys).values(name=KEY_NAME, value=kit_daily.new_secret()))
            except IntegrityError:
                pass                        # another process made it first: theirs it is
            with db.engine.connect() as conn:
                value = conn.execute(query).scalar()
        self._secret = kit_daily.check_secret(str(value))
        return self._secret

    def setup(self, game: str, day: str) -> tuple[dict[str, Any], str]:
        return kit_daily.daily_setup(self.secret(), day, game)

    # ------------------------------------------------------------------ attempts
    def _attempt(self, day: str, game: str, person_hash: str) -> Any:
        with self.games.db.engine.connect() as conn:
            return conn.execute(select(daily_attempts).where(
                daily_attempts.c.day == day, daily_attempts.c.game == game,
                daily_attempts.c.person == person_hash)).first()

    def _start(self, game: str, person: str, name: str | None) -> dict[str, Any]:
        """The person's attempt of the day's ``game``: made now, or the one it has (blocking)."""
        from ..engine.errors import GameOptionError
        from ..engine.game import load_game
        from .service import _seat_count, check_options, game_descriptor
        try:
            desc = game_descriptor(game)
        except Invalid:
            raise NotFound(f"there is no game {game[:40]!r} on this server") from None
        day = self.today()
        person_hash = token_hash(person)
        row = self._attempt(day, game, person_hash)
        if row is not None:
            if name and name != row.name:
                with self.games.db._writing(), self.games.db.engine.begin() as conn:
                    conn.execute(update_(daily_attempts).where(daily_attempts.c.game_id == row.game_id)
                                 .values(name=name))
            return self._answer(row.game_id, game, day, person, resumed=True)
        options, _ = self.setup(game, day)
        options = check_options(desc, options)
        if _seat_count(desc, options, None) != 1:
            raise Invalid(f"the daily challenge of {desc.id} is played alone")
        seed = kit_daily.daily_seed(self.secret(), day, game)
        loaded = load_game(game)
        try:
            loaded.new_game(seed=seed, options=options)          # the set-up holds (as create() checks)
        except GameOptionError as e:
            raise Invalid(f"today's set-up cannot start: {e}") from None
        content = loaded.content
        game_id = secrets.token_urlsafe(12)
        now = time.time()
        seat = derived_secret(person, game_id, "seat")
        new = GameRow(game_id, game, options, seed, {"id": content.id, "version": content.version,
                                                     "rules": loaded.rules_version,
                                                     "fingerprint": content.fingerprint},
                      1, token_hash(derived_secret(person, game_id, "admin")), DAILY_ORIGIN, now,
                      (token_hash(seat),), None)
        db = self.games.db
        try:
            # the game and the attempt in one transaction: of two starts racing, one makes both
            with db._writing(), db.engine.begin() as conn:
                conn.execute(insert(games).values(
                    id=new.id, game=new.game, options=json.dumps(new.options), seed=str(new.seed),
                    content=json.dumps(new.content), seats=1, admin_hash=new.admin_hash, origin=new.origin,
                    created=now, turn_seconds=None))
                conn.execute(insert(seats).values(game_id=new.id, seat=0, token_hash=new.seat_hashes[0],
                                                  invite_hash=None))
                conn.execute(insert(daily_attempts).values(day=day, game=game, person=person_hash, game_id=new.id,
                                                           name=name, started=now))
        except IntegrityError:
            row = self._attempt(day, game, person_hash)
            if row is None:
                raise
            return self._answer(row.game_id, game, day, person, resumed=True)
        return self._answer(game_id, game, day, person, resumed=False)

    def _answer(self, game_id: str, game: str, day: str, person: str, resumed: bool) -> dict[str, Any]:
        options, words = self.setup(game, day)
        return {"id": game_id, "game": game, "day": day, "setup": words, "options": options, "resumed": resumed,
                "seat": 0, "token": derived_secret(person, game_id, "seat"),
                "admin_token": derived_secret(person, game_id, "admin")}

    async def start(self, game: str, person: str, name: str | None = None) -> dict[str, Any]:
        """Start (or resume) the person's attempt of the day's ``game``: its table's id, the
        seat's secret and the admin key, and whether it was resumed.  Never the seed."""
        return await asyncio.to_thread(self._start, game, person, clean_name(name))

    # ------------------------------------------------------------------ the end of an attempt
    def _note_end(self, game_id: str, outcome: Any) -> None:
        db = self.games.db
        with db._writing(), db.engine.begin() as conn:
            conn.execute(update_(daily_attempts).where(daily_attempts.c.game_id == game_id,
                                                       daily_attempts.c.ended.is_(None))
                         .values(ended=time.time(), outcome=json.dumps(outcome)))

    async def after(self, live: Live) -> None:
        """After a change to ``live``: a daily game that is over ends its attempt (once; the
        caller holds the game's lock)."""
        if live.row.origin != DAILY_ORIGIN or not live.state.is_over or live.row.id in self._ended:
            return
        await asyncio.to_thread(self._note_end, live.row.id, live.state.outcome)
        if len(self._ended) > 10_000:       # (a day's worth is plenty: the update is idempotent)
            self._ended.clear()
        self._ended.add(live.row.id)

    # ------------------------------------------------------------------ the list of the day
    def _rows(self, day: str) -> list[Any]:
        with self.games.db.engine.connect() as conn:
            return list(conn.execute(select(daily_attempts).where(daily_attempts.c.day == day)
                                     .order_by(daily_attempts.c.ended, daily_attempts.c.started)).all())

    async def board(self, person: str | None) -> dict[str, Any]:
        """The day on this server, as the browser whose daily cookie is ``person`` may see it:
        per game the day's set-up, the finished attempts (name, result, when) and how many are
        being played; its own attempt, and the seed once that attempt has ended."""
        from ..engine.registry import descriptor
        import woodlands
        day = self.today()
        rows = await asyncio.to_thread(self._rows, day)
        mine_hash = token_hash(person) if person else None
        own = {r.game: r for r in rows if mine_hash is not None and r.person == mine_hash}
        # an attempt whose end this process did not see (it ended in another, or just before a
        # restart): its game says so
        unnoted = [r.game_id for r in own.values() if r.ended is None]
        if unnoted and any([await self._over(game_id) for game_id in unnoted]):
            rows = await asyncio.to_thread(self._rows, day)
            own = {r.game: r for r in rows if r.person == mine_hash}
        secret = await asyncio.to_thread(self.secret)
        out = []
        for game in sorted(woodlands.game_ids(), key=lambda g: (descriptor(g).menu_order, g)):
            options, words = await asyncio.to_thread(kit_daily.daily_setup, secret, day, game)
            finished = []
            for r in rows:
                if r.game != game or r.ended is None:
                    continue
                result, details = kit_daily.summary(json.loads(r.outcome or "null"))
                finished.append({"name": r.name or "anonymous", "result": result, "details": details,
                                 "ended": r.ended, "mine": r.person == mine_hash})
            mine = own.get(game)
            over = mine is not None and mine.ended is not None
            mine_out = None
            if mine is not None:
                said = kit_daily.summary(json.loads(mine.outcome or "null")) if over else None
                mine_out = {"id": mine.game_id, "over": over, "result": said and said[0], "details": said and said[1],
                            "name": mine.name}
            out.append({"game": game, "name": woodlands.load_game(game).name, "setup": words, "options": options,
                        "finished": finished, "playing": sum(1 for r in rows if r.game == game and r.ended is None),
                        "mine": mine_out,
                        # the seed, only to whoever finished the day's game (a seed told early tells the future)
                        "seed": kit_daily.daily_seed(secret, day, game) if over else None})
        return {"day": day, "games": out}

    async def _over(self, game_id: str) -> bool:
        """Whether the daily game ``game_id`` is over (its end noted if it is)."""
        games = self.games
        try:
            live = await games.live(game_id)
        except Exception:                   # gone, or no longer opens: nothing to note
            return False
        async with live.lock:
            await games.refresh(live)
            if live.state.is_over:
                self._ended.discard(game_id)
                await self.after(live)
                return True
        return False


__all__ = ["Daily", "NAME_MAX", "PERSON_COOKIE", "clean_name", "derived_secret", "is_person", "new_person"]
