"""Search work (hints, search-bot seats) in worker processes, so a search does not slow the table.

A hint or a search bot's move is seconds of pure-Python CPU.  Run in a thread of the server, it
holds the GIL most of that time, and every other request of the process waits for it: measured,
``GET /api/games/{id}`` went from a p99 of a few milliseconds to tens while a 3-second hint
searched (docs/web.md, "Measured").  :class:`SearchPool` runs the search in a small pool of
worker processes instead (``Settings.search_processes``, by default one per hint slot leaving a
core to the server; 0 keeps the thread).

What crosses to a worker is the position as its record: the game, the pack's folder, the seed,
the options and the choices (a few kilobytes, a fraction of a millisecond to make here), which
the worker replays (:func:`~woodlands.engine.game.replay`).  A pickle of the state itself was
measured and not chosen: the pickling runs in this process, under the GIL, and that is what the pool is for.
``benchmarks/search_transfer.py`` (medians of 9): a 1,000-choice Cursed Forest game, 6 KB and
0.11 ms here for the record against 111 KB and 7.3 ms for the state; a whole Storyfold campaign
(434 choices), 5 KB and 0.08 ms against 90 KB and 7.3 ms.  The record costs the worker a replay
(50 ms and 15 ms; the state's unpickling 3-4 ms), but a worker keeps the last positions it
rebuilt, so the next request for the same game (the next move, another hint) replays only the
choices made since (0.5 ms for one).  The answer is the one the search gives in
this process for the same position, seed and iterations budget (``tests/web/test_searchpool.py``).

Hints come first: every search waits for a turn at :class:`Turns`, a small priority queue in front
of the pool that keeps at most one search per worker in flight, so that a waiting hint (or a
bot's move) takes the next free worker ahead of the chunks of a game's analysis
(:data:`URGENT` before :data:`BACKGROUND`; woodlands.web.analyses).

A worker that dies (killed, out of memory) breaks the whole pool; the request that was waiting
gets :class:`SearchCrashed` (the service answers 503) and the next search starts a new pool.
"""
from __future__ import annotations

import asyncio
import heapq
import itertools
import json
import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any, AsyncIterator, Callable, TypeVar

if TYPE_CHECKING:
    from ..bots.base import Bot
    from ..bots.hints import Hint
    from ..bots.ismcts import Budget
    from ..engine.state import GameState

T = TypeVar("T")


class SearchCrashed(RuntimeError):
    """A search process died before it answered (the pool is rebuilt for the next search)."""


@dataclass(frozen=True)
class Position:
    """A position as it crosses to a worker: its record (``state.record(digest=False)``) and the
    folder of the pack it is played with (None: the game's default pack).  The worker rebuilds
    the exact state from it, as :func:`woodlands.engine.game.replay` would."""

    record: dict[str, Any]
    content: str | None

    @classmethod
    def of(cls, state: "GameState") -> "Position":
        path = state.game.content_path
        return cls(state.record(digest=False), None if path is None else str(path))

    def key(self) -> tuple[str, str | None, int, str]:
        """What fixes the game apart from its choices (a worker's cache key): the redraws too,
        or two tables made from one record, one of them redrawn, would share a cached state."""
        r = self.record
        return (r["game"], self.content, r["seed"], json.dumps([r["options"], r.get("redraws", [])], sort_keys=True))


# ---------------------------------------------------------------------- in the worker
#: the last positions a worker rebuilt, by Position.key() (a new request for the same game
#: replays only the choices made since)
_STATES: OrderedDict[tuple[str, str | None, int, str], "GameState"] = OrderedDict()
_KEEP_STATES = 16


def rebuild(position: Position) -> "GameState":
    """The state ``position`` describes: :func:`~woodlands.engine.game.replay` of its record, or
    the last state rebuilt for the same game with the choices made since applied, when its
    choices are the start of these.  The cached state is never handed out (a clone is), so a
    search cannot change it.  (A game of a pack from a folder loads its pack on its first
    replay in a worker: 20-60 ms, once per game while it stays among the kept positions.)"""
    choices: list[str] = position.record["choices"]
    key = position.key()
    known = _STATES.get(key)
    if known is not None and len(known.choices) <= len(choices) and known.choices == choices[:len(known.choices)]:
        state = known.clone()
        for choice in choices[len(state.choices):]:
            state.apply(choice)
    else:
        from ..engine.game import replay
        state = replay(position.record, position.content)
    _STATES[key] = state.clone()
    _STATES.move_to_end(key)
    while len(_STATES) > _KEEP_STATES:
        _STATES.popitem(last=False)
    return state


def _hint_job(position: Position, seat: int, seed: int, budget: "Budget") -> "list[Hint]":
    from ..bots.hints import hint
    return hint(rebuild(position), seat, seed=seed, budget=budget)


def _choose_job(position: Position, bot: "Bot") -> "tuple[str, Bot]":
    """The bot's choice and the bot as it is after it (a search bot remembers the positions it
    met in this game: the service keeps the returned bot for the seat's next move)."""
    option = bot.choose(rebuild(position))
    return option, bot


def _warm() -> None:
    """A worker's first job: the executor starts one worker per job submitted, so one of these
    per process starts them all at once, and each imports what a search needs (already done
    under ``forkserver``, whose preload forks them with it; ``spawn`` starts bare).  The first
    search still waits for a worker to start, once per pool: a 30-iteration Cursed Forest hint
    took 0.8-1.0 s on a new pool and 0.16-0.22 s after, on this two-core machine."""
    from ..bots import hints, ismcts  # noqa: F401


# ---------------------------------------------------------------------- in the server
#: a search someone waits for now (a hint, a bot's move): served first
URGENT = 0
#: work nobody watches move by move (a game's analysis, chunk by chunk): served when no urgent
#: search waits
BACKGROUND = 1


class Turns:
    """Turns at ``slots`` workers, by priority: :meth:`turn` waits until a slot is free and no
    search of a more urgent priority (a smaller number), or of the same one asked for earlier,
    is waiting.  A search already running is never interrupted: a hint asked while the analysis
    runs on every worker waits for the first chunk to end (one decision's estimate: seconds).
    Thread-safe; each waiter is woken on its own event loop."""

    def __init__(self, slots: int) -> None:
        self.slots = max(1, slots)
        self.busy = 0
        self._lock = threading.Lock()
        self._order = itertools.count()
        #: the waiting searches: (priority, order of asking, the future that lets it go)
        self._waiting: list[tuple[int, int, Future[None]]] = []

    def waiting(self) -> list[int]:
        """The priorities of the searches waiting now, first served first (tests)."""
        with self._lock:
            return [p for p, _, _ in sorted(self._waiting)]

    @asynccontextmanager
    async def turn(self, priority: int) -> AsyncIterator[None]:
        """Hold a worker's turn while the block runs (see the class doc)."""
        ticket: Future[None] = Future()
        with self._lock:
            if self.busy < self.slots and not self._waiting:
                self.busy += 1
                ticket.set_result(None)
            else:
                heapq.heappush(self._waiting, (priority, next(self._order), ticket))
        try:
            await asyncio.wrap_future(ticket)
        except asyncio.CancelledError:
            with self._lock:
                if not ticket.cancel():         # let go already: hand the turn on
                    self._release()
                else:
                    self._waiting = [w for w in self._waiting if w[2] is not ticket]
                    heapq.heapify(self._waiting)
            raise
        try:
            yield
        finally:
            with self._lock:
                self._release()

    def _release(self) -> None:
        """One turn ends: the most urgent waiter takes it (the caller holds the lock)."""
        while self._waiting:
            _, _, ticket = heapq.heappop(self._waiting)
            if ticket.set_running_or_notify_cancel():
                ticket.set_result(None)
                return
        self.busy -= 1


#: how often a worker looks whether its server still runs (seconds)
WATCH_SECONDS = 2.0


#: whether processes can be read in /proc (Linux); elsewhere a process is only known to exist
_PROCFS = os.path.isdir("/proc/self")


def _identity(pid: int) -> str | None:
    """What tells process ``pid`` apart from a later process given the same number: its start
    time on Linux (``/proc/PID/stat``), else just that it exists; None when it is gone, or dead
    and not yet reaped (a zombie, which its parent may reap only once the workers let go of the
    pipes they share with it)."""
    if _PROCFS:
        try:
            with open(f"/proc/{pid}/stat", "rb") as f:
                stat = f.read()
            fields = stat[stat.rindex(b")") + 2:].split()        # from field 3, the state, on
            return None if fields[0] in (b"Z", b"X") else fields[19].decode()   # field 22: the start time
        except FileNotFoundError:
            return None
        except OSError:
            pass
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return None
    except OSError:   # (alive, owned by another user)
        pass
    return "alive"


def _watch_server(pid: int, identity: str | None, every: float = WATCH_SECONDS) -> None:
    """A worker's initializer: a daemon thread that ends the worker once the server that made
    the pool is gone.  A worker started by the forkserver is its child, not the server's, and
    holds both ends of its own job pipe, so a server killed outright (``kill -9``, the kernel's
    out-of-memory killer) left its workers, and through them the forkserver and the resource
    tracker, waiting forever: seen after every test run, whose crash test kills a server."""
    def watch() -> None:
        while True:
            time.sleep(every)
            if _identity(pid) != identity:
                os._exit(0)
    threading.Thread(target=watch, name="woodlands-server-watch", daemon=True).start()


def _context() -> multiprocessing.context.BaseContext:
    """How workers are started.  Not ``fork``: the server has threads (the event loop's thread
    pool, the store's writer, PostgreSQL's listener), and a forked child inherits a copy of
    every lock some other thread held at that moment, never to be released in the child (a
    deadlock waiting to happen; Python 3.12 warns about it).  ``forkserver`` forks workers from
    a small single-threaded process started for the purpose, with this module already imported;
    ``spawn`` (slower to start: a fresh interpreter) where there is no forkserver (Windows)."""
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    ctx = multiprocessing.get_context(method)
    if method == "forkserver":
        ctx.set_forkserver_preload([__name__, "woodlands.bots.hints"])
    return ctx


class SearchPool:
    """``processes`` worker processes for searches, started on the first search; 0: each
    search in a thread of this process (tiny machines, and tests that want it so).

    :meth:`hint` and :meth:`choose` are awaited on the event loop.  :meth:`close` stops the
    workers (a search still running is abandoned)."""

    def __init__(self, processes: int) -> None:
        if processes < 0:
            raise ValueError(f"search processes is a number from 0, not {processes}")
        self.processes = processes
        self._executor: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        self._closed = False
        #: pools started so far (tests: a broken pool is replaced)
        self.started = 0
        #: who gets the next free worker (hints before a game's analysis); in the thread path
        #: (``processes=0``) the background work takes one thread at a time
        self.turns = Turns(processes)

    def _pool(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._closed:
                raise SearchCrashed("the server is stopping; no new search starts")
            if self._executor is None:
                me = os.getpid()
                self._executor = ProcessPoolExecutor(self.processes, mp_context=_context(), initializer=_watch_server,
                                                     initargs=(me, _identity(me)))
                self.started += 1
                for _ in range(self.processes):
                    self._executor.submit(_warm)
            return self._executor

    @property
    def cold(self) -> bool:
        """Workers are wanted but not started yet (:meth:`warm` would start them)."""
        return bool(self.processes) and self._executor is None and not self._closed

    def warm(self) -> None:
        """Start the workers now if they have not started (nothing on the thread path, or once
        stopping): the game page calls it, so that its first hint does not also wait for a worker
        to start (a fresh server's first hint took 1.96-2.21 s, later ones 1.5-1.7 s)."""
        if self.cold:
            try:
                self._pool()
            except SearchCrashed:       # stopping meanwhile: nothing to warm
                pass

    def _broken(self, executor: ProcessPoolExecutor) -> None:
        """Forget a broken pool (once: several searches may fail on it together)."""
        with self._lock:
            if self._executor is executor:
                self._executor = None
        executor.shutdown(wait=False, cancel_futures=True)

    async def _run(self, job: Callable[..., T], *args: Any, priority: int = URGENT) -> T:
        async with self.turns.turn(priority):
            return await self._submit(job, *args)

    async def _submit(self, job: Callable[..., T], *args: Any) -> T:
        executor = self._pool()
        try:
            return await asyncio.get_running_loop().run_in_executor(executor, job, *args)
        except BrokenProcessPool:
            self._broken(executor)
            if self._closed:
                raise SearchCrashed("the server is stopping; the search was abandoned") from None
            raise SearchCrashed("the search process stopped before it answered") from None

    async def hint(self, state: "GameState", seat: int, seed: int, budget: "Budget") -> "list[Hint]":
        """:func:`woodlands.bots.hints.hint` for ``state`` (not touched; the caller's copy)."""
        if self.processes == 0:
            from ..bots.hints import hint
            return await asyncio.to_thread(hint, state, seat, seed=seed, budget=budget)
        return await self._run(_hint_job, Position.of(state), seat, seed, budget)

    async def choose(self, bot: "Bot", state: "GameState") -> "tuple[str, Bot]":
        """``bot.choose(state)`` and the bot as it is afterwards: the same object in the thread
        path, a copy that went through a worker otherwise (keep it for the next move)."""
        if self.processes == 0:
            return await asyncio.to_thread(bot.choose, state), bot
        return await self._run(_choose_job, Position.of(state), bot)

    async def background(self, job: Callable[..., T], *args: Any) -> T:
        """``job(*args)`` (a function of a module, its arguments picklable) in a worker, when no
        urgent search waits (:class:`Turns`); in a thread with ``processes=0``.  For a game's
        analysis, one chunk at a time."""
        if self.processes == 0:
            async with self.turns.turn(BACKGROUND):
                return await asyncio.to_thread(job, *args)
        return await self._run(job, *args, priority=BACKGROUND)

    def close(self) -> None:
        """Stop the workers now: queued searches are cancelled and running ones killed (a
        stopping server should not wait seconds for a search nobody will read)."""
        with self._lock:
            self._closed = True
            executor, self._executor = self._executor, None
        if executor is None:
            return
        # the executor's own table of its workers (private, hence getattr): shutdown(wait=False)
        # alone would leave a running search to finish, and the interpreter waits for it at exit
        processes = list((getattr(executor, "_processes", None) or {}).values())
        executor.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            if process.is_alive():
                process.terminate()

    def pids(self) -> list[int]:
        """The worker processes' ids (tests; empty before the first search)."""
        executor = self._executor
        found = getattr(executor, "_processes", None) if executor is not None else None
        return [p for p in (found or {})]


__all__ = ["BACKGROUND", "Position", "SearchCrashed", "SearchPool", "Turns", "URGENT", "rebuild"]
