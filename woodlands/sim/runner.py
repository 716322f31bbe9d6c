"""Run many bot games: game ``i`` of a batch uses seed ``S + i`` and a bot seeded from it.

The work is cut into chunks of seeds and handed to a *backend*, which only has to turn chunks
into rows.  ``local`` runs them in worker processes on this machine; a cluster backend (Ray)
can be added to :data:`BACKENDS` later without touching the rest.

>>> report = run_sim(SimConfig("tanglewoods", bot="random", options={"round_limit": 20}), games=3, seed=10)
>>> [row["seed"] for row in report.rows]
[10, 11, 12]
>>> report.summary["games"], sorted(report.summary["measures"])
(3, ['bears_defeated', 'rounds'])
"""
from __future__ import annotations

import math
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Protocol

from ..bots import get_bot
from ..engine.game import Game, load_game
from .stats import summarise


#: one game of a batch: ``seed``, ``result``, ``decisions``, then the game's own measures
#: (:meth:`woodlands.Game.measures`, e.g. rounds and bears beaten in Tanglewoods)
GameRow = dict[str, Any]


@dataclass(frozen=True)
class SimConfig:
    """What every game of a batch shares.  Must pickle: it travels to worker processes."""

    game: str                        # a game id (woodlands.game_ids())
    bot: str = "random"
    options: dict[str, Any] = field(default_factory=dict)
    content: str | None = None       # a content pack folder; None: the game's default pack

    def check(self) -> None:
        """Fail early, in the calling process, on an unknown game, bot, pack or option."""
        game = load_game(self.game, self.content)
        game.checked_options(game.options_for_simulation(self.options))
        get_bot(self.bot, 0, game=self.game)


_LOADED: dict[tuple[str, str | None], Game] = {}


def _game(config: SimConfig) -> Game:
    """Each worker process loads a pack once and keeps it."""
    key = (config.game, config.content)
    if key not in _LOADED:
        _LOADED[key] = load_game(config.game, config.content)
    return _LOADED[key]


def play_one(config: SimConfig, seed: int) -> GameRow:
    """Play one whole game with the configured bot."""
    game = _game(config)
    state = game.new_game(seed=seed, options=game.options_for_simulation(config.options))   # C-15
    bot = get_bot(config.bot, seed, game=config.game)
    decisions = 0
    try:
        while not state.is_over:
            state.apply(bot.choose(state))
            decisions += 1
    except Exception as e:   # a rules or bot bug: say which game shows it
        raise RuntimeError(f"{config.game} seed {seed}, decision {decisions + 1}, bot {config.bot}: {e!r}") from e
    outcome = state.outcome or {}
    row: GameRow = {"seed": seed, "result": str(outcome.get("result", "unfinished")), "decisions": decisions}
    row.update(game.measures(state))
    return row


def play_chunk(config: SimConfig, seeds: list[int]) -> list[GameRow]:
    return [play_one(config, s) for s in seeds]


class Backend(Protocol):
    """Turns chunks of seeds into rows, yielding each chunk's rows as soon as it is done."""

    name: str

    def run(self, config: SimConfig, chunks: list[list[int]]) -> Iterator[list[GameRow]]: ...


class LocalBackend:
    """Worker processes on this machine (``jobs = 1`` plays in this process)."""

    name = "local"

    def __init__(self, jobs: int = 1) -> None:
        self.jobs = max(1, jobs)

    def run(self, config: SimConfig, chunks: list[list[int]]) -> Iterator[list[GameRow]]:
        if self.jobs == 1 or len(chunks) <= 1:
            for chunk in chunks:
                yield play_chunk(config, chunk)
            return
        with ProcessPoolExecutor(max_workers=min(self.jobs, len(chunks))) as pool:
            futures = [pool.submit(play_chunk, config, chunk) for chunk in chunks]
            try:
                for done in as_completed(futures):
                    yield done.result()
            except BaseException:
                for f in futures:
                    f.cancel()
                raise


#: backend name -> factory taking ``jobs``; a Ray backend will register here
BACKENDS: dict[str, Callable[[int], Backend]] = {"local": LocalBackend}


def make_chunks(seeds: list[int], jobs: int) -> list[list[int]]:
    """About eight chunks per worker (so the load evens out), at most 50 games each.

    >>> [len(c) for c in make_chunks(list(range(100)), 2)]
    [7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 2]
    """
    size = max(1, min(50, math.ceil(len(seeds) / (max(1, jobs) * 8))))
    return [seeds[i:i + size] for i in range(0, len(seeds), size)]


@dataclass
class SimReport:
    config: SimConfig
    games: int
    seed: int
    jobs: int
    backend: str
    elapsed: float
    rows: list[GameRow]
    summary: dict[str, Any]

    @property
    def games_per_second(self) -> float:
        return self.games / self.elapsed if self.elapsed > 0 else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.config.game,
            "bot": self.config.bot,
            "options": self.config.options,
            "content": self.config.content,
            "games": self.games,
            "seed": self.seed,
            "jobs": self.jobs,
            "backend": self.backend,
            **self.summary,
            "elapsed_seconds": self.elapsed,
            "games_per_second": self.games_per_second,
            "rows": list(self.rows),
        }


def run_sim(config: SimConfig, games: int, seed: int = 0, jobs: int = 1, backend: str = "local",
            progress: Callable[[int], None] | None = None) -> SimReport:
    """Play ``games`` games (seeds ``seed .. seed + games - 1``); ``progress(n)`` is called with
    the number of games just finished."""
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; backends: {', '.join(BACKENDS)}")
    config.check()
    seeds = list(range(seed, seed + games))
    chunks = make_chunks(seeds, jobs)
    rows: list[GameRow] = []
    start = time.perf_counter()
    for chunk_rows in BACKENDS[backend](jobs).run(config, chunks):
        rows.extend(chunk_rows)
        if progress is not None:
            progress(len(chunk_rows))
    elapsed = time.perf_counter() - start
    rows.sort(key=lambda r: r["seed"])
    return SimReport(config, games, seed, jobs, backend, elapsed, rows, summarise(rows))
