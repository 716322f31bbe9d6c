"""The bot seats of the live games (``service.bots``): the bots' moves, and the turn timer that
hands an absent deciding seat to a bot.

Bots move outside the request that hands them the turn: a task per game on the event loop
(:meth:`BotSeats.kick` starts it) makes a bot seat's choices one by one under the same lock and
(game, number) rule as a person's, each one announced to the live streams; a restarted server
sets the bots of every game waiting on one moving again.  A bot's randomness comes from what is
public (:func:`bot_seed`), so a seat makes the same move whenever it is asked.
"""
from __future__ import annotations

import asyncio
import hashlib
import time
from typing import TYPE_CHECKING

from .errors import Refused
from .live import Live
from .searchpool import SearchCrashed
from .service import game_descriptor
from .store import BOT, CHOICE, EventRow

if TYPE_CHECKING:
    from .service import GameService

#: at most this many bot choices are made in one go (a table of bots alone goes on at the next request)
BOT_BURST = 2000


class BotSeats:
    """The bots and turn timers of the games of ``games`` (see the module doc)."""

    def __init__(self, games: GameService) -> None:
        self.games = games
        self._loop: asyncio.AbstractEventLoop | None = None
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._resumer: asyncio.Task[None] | None = None
        self._timers: asyncio.Task[None] | None = None

    def start(self) -> None:
        """On the service's event loop: the bots left to move by the last server move on, and
        the turn timers run."""
        self._loop = asyncio.get_running_loop()
        self._resumer = self._loop.create_task(self._resume())
        self._timers = self._loop.create_task(self._timer_loop())

    async def stop(self) -> None:
        tasks = [t for t in [self._resumer, self._timers, *self._tasks.values()] if t is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            try:
                await task
            except BaseException:
                pass

    @property
    def running(self) -> list[str]:
        """The games whose bot task runs now."""
        return list(self._tasks)

    # ------------------------------------------------------------------ the bots' moves
    def kick(self, live: Live) -> None:
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
            self._start(live.row.id)
        else:
            loop.call_soon_threadsafe(self._start, live.row.id)

    def _start(self, game_id: str) -> None:
        if game_id in self._tasks or self.games.stopping.is_set():
            return
        self._tasks[game_id] = asyncio.get_running_loop().create_task(self._run(game_id))

    async def _run(self, game_id: str) -> None:
        """A game's bot task: while a bot decides, it chooses (a search bot in a worker process,
        ``games.searches``, since it may think a while; the others in a thread), and its choice
        is stored and announced like a person's.  It lets go of the game between moves, so the
        people at the table are never kept waiting by a chain of bot moves."""
        games = self.games
        try:
            for _ in range(BOT_BURST):
                live = await games.live(game_id)
                async with live.lock:
                    await games.refresh(live)
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
                        option, bot = await games.searches.choose(bot, state)
                        live.bot_players[seat] = bot
                    else:                       # random, greedy: instant
                        option = await asyncio.to_thread(bot.choose, state)
                    after = state.clone()
                    after.apply(option)
                    ev = EventRow(live.number, CHOICE, option, seat, True)
                    if await asyncio.wrap_future(games.db.submit(game_id, ev)):
                        live.apply_event(ev, after)
                        games.hub.publish(game_id, live.number)
                        await games.daily.after(live)
                    else:
                        await games.refresh(live, always=True)     # another process moved first
                await asyncio.sleep(games.settings.bot_pause)
        except Refused:
            return
        except SearchCrashed:
            # the search process died: the seat's move is not made; the next request about the
            # game (kick) starts the task again, on a new pool
            return
        finally:
            self._tasks.pop(game_id, None)

    async def _resume(self) -> None:
        """After a start: every game whose bot was to move when the last server stopped moves on."""
        games = self.games
        try:
            game_ids = await asyncio.to_thread(games.db.games_with_bots)
            for game_id in game_ids:
                if games.stopping.is_set():
                    return
                try:
                    live = await games.live(game_id)
                except Refused:
                    continue
                self.kick(live)
        except Exception:                   # a closing database: the next start tries again
            return

    async def wait(self, timeout: float = 30.0) -> None:
        """Until no bot task runs (tests), the ones a start resumes included: right after a
        start, the games whose bot is to move may not have been looked up yet."""
        deadline = time.monotonic() + timeout
        resumer = self._resumer
        while resumer is not None and not resumer.done() and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        while self._tasks and time.monotonic() < deadline:
            await asyncio.sleep(0.01)

    # ------------------------------------------------------------------ the turn timer
    async def check_timers(self) -> list[tuple[str, int]]:
        """The turn timers of the tables in memory that have one: a seat that has been deciding
        for the table's ``turn_seconds`` (counted from the last change of the game) while away
        is handed to the game's bot, which plays it until its player takes it back.  A seat that
        is here is never timed out.  Returns the (game, seat) handed over."""
        games = self.games
        handed: list[tuple[str, int]] = []
        for live in [live for live in games.cached() if live.row.turn_seconds]:
            async with live.lock:
                try:
                    await games.refresh(live)
                    now = games.clock()
                    decision = live.state.decision
                    if decision is None or decision.player in live.bots:
                        continue
                    if live.timer[0] != live.number:
                        live.timer = (live.number, now)
                        continue
                    seat = decision.player
                    if now - live.timer[1] < float(live.row.turn_seconds or 0) or games.presence.here(live.row.id, seat):
                        continue
                    await games.append(live, EventRow(live.number, BOT, timer_bot(live.row.game), seat, False))
                except Refused:                # another process moved first: the next look sees it
                    continue
                self.kick(live)
                handed.append((live.row.id, seat))
        return handed

    async def _timer_loop(self) -> None:
        """Every ``Settings.timer_every`` seconds: the turn timers, and now and then the
        presence of long-gone seats forgotten."""
        games = self.games
        rounds = 0
        while not games.stopping.is_set():
            await asyncio.sleep(games.settings.timer_every)
            rounds += 1
            try:
                if any(live.row.turn_seconds for live in games.cached()):
                    await self.check_timers()
                if rounds % 600 == 0:
                    games.presence.prune(max(3600.0, 10 * games.settings.away_before_bot))
            except Exception:               # a closing or failing database: the next round tries again
                continue


def timer_bot(game: str) -> str:
    """The bot the turn timer hands a seat to: the game's greedy bot, else the first it has."""
    names = sorted(game_descriptor(game).bot_names)
    return "greedy" if "greedy" in names else next((b for b in names if b != "random"), names[0])


def bot_seed(game_id: str, seat: int, number: int | None = None) -> int:
    """The seed of the bot playing ``seat`` (for the move at ``number``, for a bot made for one
    move): like :func:`woodlands.web.hints.hint_seed`, from what is public (the game's id, the
    seat, the decision's number), never from the game's hidden state or its generator, and the
    same in every process and after every restart.

    >>> bot_seed("g1", 1) == bot_seed("g1", 1) != bot_seed("g1", 2)
    True
    """
    tail = "" if number is None else f":{number}"
    return int.from_bytes(hashlib.sha256(f"bot:{game_id}:{seat}{tail}".encode()).digest()[:4], "big")


__all__ = ["BotSeats", "BOT_BURST", "bot_seed", "timer_bot"]
