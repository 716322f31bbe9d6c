"""One game as this server process holds it (:class:`Live`), and the game's lock (:class:`GameLock`).

A live game keeps its current :class:`GameState` and the states before each choice that may
still be taken back (clones, microseconds each), so neither a choice nor an undo replays the
game; :meth:`Live.apply_event` takes one stored event in, whether this process wrote it or
another one did (the cache of :class:`~woodlands.web.service.GameService` reads those on
PostgreSQL before it answers).

The lock.  Each game has one lock, held from the check of a change to its commit.  What reads
or changes a game takes it on the event loop; what blocks on the database while it reads a
game (the list of a browser's games) takes it in a worker thread, since both touch the same
live game.  An
asyncio lock cannot be taken from a thread, and a thread's lock cannot be awaited, so
:class:`GameLock` is both: a ``threading.Lock`` that threads block on, plus a list of the
coroutines waiting for it, each woken (on its own loop, thread-safely) when the lock is let go.
Nothing polls: a waiting coroutine costs nothing until the holder releases, and an uncontended
take is one ``acquire(blocking=False)``, as cheap as before.
"""
from __future__ import annotations

import asyncio
import threading
from dataclasses import dataclass, field, replace
from types import TracebackType
from typing import Any

from ..engine.state import UNDO_LIMIT, GameState
from .store import AGAIN, BOT, CHOICE, HUMAN, REDRAW, SEAT, UNDO, EventRow, GameRow


class GameLock:
    """A game's lock: ``with lock`` in a thread, ``async with lock`` on an event loop."""

    __slots__ = ("_lock", "_guard", "_waiters")

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._guard = threading.Lock()          # guards _waiters
        self._waiters: list[tuple[asyncio.AbstractEventLoop, asyncio.Future[None]]] = []

    def acquire(self, blocking: bool = True, timeout: float = -1) -> bool:
        return self._lock.acquire(blocking, timeout)

    def release(self) -> None:
        self._lock.release()
        if self._waiters:                       # (read unguarded: a waiter re-checks after it registers)
            with self._guard:
                waiters, self._waiters = self._waiters, []
            # every waiter is woken and tries again: one that was cancelled meanwhile never
            # swallows the wake-up of another; a game has a handful of waiters at most
            for loop, future in waiters:
                try:
                    loop.call_soon_threadsafe(_wake, future)
                except RuntimeError:            # that loop has closed
                    pass

    def locked(self) -> bool:
        return self._lock.locked()

    async def acquire_async(self) -> None:
        """Take the lock without blocking the event loop: wait, woken by the release, if it is held."""
        while not self._lock.acquire(blocking=False):
            loop = asyncio.get_running_loop()
            future: asyncio.Future[None] = loop.create_future()
            with self._guard:
                self._waiters.append((loop, future))
            # released between the first try and the registration: nobody would wake us
            if self._lock.acquire(blocking=False):
                return
            await future

    async def __aenter__(self) -> GameLock:
        # the common case (nobody holds it) costs one try, no coroutine of acquire_async's
        if not self._lock.acquire(blocking=False):
            await self.acquire_async()
        return self

    async def __aexit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        self.release()

    def __enter__(self) -> GameLock:
        self._lock.acquire()
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.release()


def _wake(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)


def holding(lock: GameLock) -> GameLock:
    """``with lock`` for a coroutine (``async with holding(lock)``): the event loop never blocks
    on a game's lock; while a thread (a page's request) holds it, the coroutine waits until the
    thread lets it go."""
    return lock


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
    #: held from the check of a change to its commit (threads block on it; coroutines await it)
    lock: GameLock = field(default_factory=lambda: GameLock())
    #: per seat: the log as that seat saw it so far, and the observer that saw it (an observer
    #: may remember earlier events, so it is fed each event once, in order)
    seen: dict[int, tuple[list[dict[str, Any]], Any]] = field(default_factory=dict)
    #: per seat: (number, the body without its log) made at that number
    bodies: dict[int, tuple[int, dict[str, Any]]] = field(default_factory=dict)
    #: the seats a person took with an invitation (the others are held by the table's creator,
    #: or by nobody): the bot rules of Seating.hand_over tell them apart
    claimed: set[int] = field(default_factory=set)
    #: how many 'seat' events this process has taken in (a request that checked its token
    #: before a refresh checks it again when this moved: the seat may have changed hands)
    seat_changes: int = 0
    #: the turn timer: (the event number at which it started, when)
    timer: tuple[int, float] = (-1, 0.0)
    #: after the end, each seat's answer to "Play again?": seat -> the hash of its secret at
    #: the next table (None: it will not play again); woodlands.web.again
    again: dict[int, str | None] = field(default_factory=dict)
    #: the hash of the next table's admin token, once the creator has answered
    again_admin: str | None = None
    #: the id of the next table, once it is made
    next_table: str | None = None

    def apply_event(self, ev: EventRow, after: GameState | None = None) -> None:
        """Take one stored event into the live game (``after``: the state a choice led to, when
        the caller has it already)."""
        if ev.kind == CHOICE:
            assert ev.option is not None
            before = self.state
            if after is None:
                after = before.clone()
                after.apply(ev.option)
            if after.chance_floor >= after.choice_count:
                self.history.clear()
            else:
                self.history.append(before)
                if len(self.history) > UNDO_LIMIT:      # memory bounded, as GameState.keep_undo's
                    del self.history[0]
            self.state = after
            self.choosers.append((ev.seat or 0, ev.by_bot))
        elif ev.kind == UNDO:
            self.state = self.history.pop()
            self.choosers.pop()
            self.seen.clear()           # the log got shorter: the seats' logs are made again
            self.again.clear()          # the game goes on: answers given at its end no longer stand
        elif ev.kind == BOT:
            assert ev.seat is not None and ev.option is not None
            self.bots[ev.seat] = ev.option
            self.bot_players.pop(ev.seat, None)
        elif ev.kind == HUMAN:
            assert ev.seat is not None
            self.bots.pop(ev.seat, None)
            self.bot_players.pop(ev.seat, None)
        elif ev.kind == REDRAW:
            # what no seat has seen, drawn afresh from the stored seed (GameService.upload); the
            # log is unchanged, so the seats' logs stay, and undo never goes back past it
            assert ev.option is not None
            after = self.state.clone()
            after.redraw_unseen(int(ev.option))
            self.state = after
            self.history.clear()
        elif ev.kind == AGAIN:
            what, _, rest = (ev.option or "").partition(":")
            if what == "table":
                self.next_table = rest
            elif what == "admin":
                self.again_admin = rest
            elif ev.seat is not None:
                self.again[ev.seat] = rest if what == "yes" and rest else None
        elif ev.kind == SEAT:
            # the seat changed hands: its secret is now the one whose hash the event carries
            # (none: it waits for an invitation, or was withdrawn)
            assert ev.seat is not None
            hashes = list(self.row.seat_hashes)
            hashes[ev.seat] = ev.option or ""
            self.row = replace(self.row, seat_hashes=tuple(hashes))
            if ev.option:
                self.claimed.add(ev.seat)
            else:
                self.claimed.discard(ev.seat)
            self.seat_changes += 1
        self.number = ev.number + 1

    def log_for(self, seat: int, start: int) -> list[dict[str, Any]]:
        """``state.log_for(seat, start)``, but each event is shown to the seat's observer once:
        a later call only looks at the events that came since."""
        state = self.state
        n = state.log_length
        known = self.seen.get(seat)
        if known is None or len(known[0]) > n:
            see = state.observer(seat)
            if see is None:
                return state.log_since(start)
            known = self.seen[seat] = ([], see)
        seen, see = known
        if len(seen) < n:
            seen.extend(see(e) for e in state.log_since(len(seen)))
        return seen[start:]


__all__ = ["Live", "GameLock", "holding"]
