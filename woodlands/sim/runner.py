"""Run many bot games: game ``i`` of a batch uses seed ``S + i`` and a bot seeded from it.

The work is cut into chunks of seeds and handed to a *backend*, which only has to turn chunks
into rows.  ``processes`` (alias ``local``) runs them in worker processes on this machine;
``ray`` (:mod:`woodlands.sim.ray_backend`, the optional ``ray`` extra) on a Ray cluster.  A game
depends only on its seed, options and bot, so every backend gives the same rows.

A *study* is several configurations (bots, option values) times the same seeds; with a results
file (:mod:`woodlands.sim.results`) every game is also a Parquet row, and a run that stops is
resumed by running it again.

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
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Protocol

from ..engine.errors import WoodlandsError
from ..engine.game import Game
# one game and one chunk of games live in .play, which the Ray backend imports too (re-exported
# here, their old home)
from .play import GameRow as GameRow, SimConfig as SimConfig, Task as Task, _game as _game, options_text as options_text
from .play import game_options as game_options
from .play import play_chunk as play_chunk, play_one as play_one
from .stats import summarise


class SimError(WoodlandsError):
    """A simulation asked for something that cannot be (an unknown backend, an address for the
    processes backend)."""


class Backend(Protocol):
    """Turns tasks (a configuration and a chunk of seeds) into rows, yielding each task's rows
    as soon as it is done, in any order."""

    name: str

    def run(self, tasks: list[Task], detail: bool = False) -> Iterator[list[GameRow]]: ...


class ProcessesBackend:
    """Worker processes on this machine (``jobs = 1`` plays in this process)."""

    name = "processes"

    def __init__(self, jobs: int = 1, address: str | None = None) -> None:
        if address:
            raise SimError("--address is for the ray backend; the processes backend runs on this machine")
        self.jobs = max(1, jobs)

    def run(self, tasks: list[Task], detail: bool = False) -> Iterator[list[GameRow]]:
        if self.jobs == 1 or len(tasks) <= 1:
            for config, chunk in tasks:
                yield play_chunk(config, chunk, detail)
            return
        with ProcessPoolExecutor(max_workers=min(self.jobs, len(tasks))) as pool:
            futures = [pool.submit(play_chunk, config, chunk, detail) for config, chunk in tasks]
            try:
                for done in as_completed(futures):
                    yield done.result()
            except BaseException:
                for f in futures:
                    f.cancel()
                raise


#: the old name of the processes backend
LocalBackend = ProcessesBackend


def _ray_backend(jobs: int = 1, address: str | None = None) -> Backend:
    from .ray_backend import RayBackend     # Ray is an optional extra, imported only when asked for
    return RayBackend(jobs, address)


#: backend name -> factory taking ``jobs`` and ``address``; ``local`` is the old name of ``processes``
BACKENDS: dict[str, Callable[[int, str | None], Backend]] = {
    "processes": ProcessesBackend, "local": ProcessesBackend, "ray": _ray_backend}


def make_chunks(seeds: list[int], jobs: int, most: int = 50) -> list[list[int]]:
    """About eight chunks per worker (so the load evens out), at most ``most`` games each.

    >>> [len(c) for c in make_chunks(list(range(100)), 2)]
    [7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 2]
    """
    size = max(1, min(most, math.ceil(len(seeds) / (max(1, jobs) * 8))))
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
            "edits": self.config.edits,
            "games": self.games,
            "seed": self.seed,
            "jobs": self.jobs,
            "backend": self.backend,
            **self.summary,
            "elapsed_seconds": self.elapsed,
            "games_per_second": self.games_per_second,
            "rows": list(self.rows),
        }


def backend_for(name: str, jobs: int, address: str | None = None) -> Backend:
    if name not in BACKENDS:
        raise SimError(f"unknown backend {name!r}; backends: {', '.join(BACKENDS)}")
    return BACKENDS[name](jobs, address)


def run_sim(config: SimConfig, games: int, seed: int = 0, jobs: int = 1, backend: str = "processes",
            progress: Callable[[int], None] | None = None, address: str | None = None) -> SimReport:
    """Play ``games`` games (seeds ``seed .. seed + games - 1``); ``progress(n)`` is called with
    the number of games just finished."""
    runner = backend_for(backend, jobs, address)
    config.check()
    seeds = list(range(seed, seed + games))
    tasks: list[Task] = [(config, chunk) for chunk in make_chunks(seeds, jobs)]
    rows: list[GameRow] = []
    start = time.perf_counter()
    for chunk_rows in runner.run(tasks):
        rows.extend(chunk_rows)
        if progress is not None:
            progress(len(chunk_rows))
    elapsed = time.perf_counter() - start
    rows.sort(key=lambda r: r["seed"])
    return SimReport(config, games, seed, jobs, runner.name, elapsed, rows, summarise(rows))


@dataclass
class StudyReport:
    """What one run of a study did: games played now, games found already done (resumed), and
    the rows played now (with their details), per configuration."""

    configs: list[SimConfig]
    games: int                      # per configuration
    seed: int
    jobs: int
    backend: str
    played: int
    skipped: int
    elapsed: float
    rows: list[GameRow]
    out: str | None

    @property
    def games_per_second(self) -> float:
        return self.played / self.elapsed if self.elapsed > 0 else 0.0


def study_key(config: SimConfig, game: Game, seed: int) -> tuple[Any, ...]:
    """What identifies the game of ``seed`` of a configuration in a results file
    (:data:`woodlands.sim.results.KEY_COLUMNS`, the seed last)."""
    return (config.game, game.content.id, game.content.version, config.variant(game), config.bot,
            options_text(game_options(game, config.options, seed)), seed)


def _short(fingerprint: str | None) -> str:
    return "unknown (made before results files kept it)" if fingerprint is None else fingerprint[:10]


def refuse_other_pack(out: str, game: Game, fingerprint: str | None) -> SimError:
    """The error for a resume into a file whose games of this study were played on a pack of the
    same id and version but other content."""
    c = game.content
    return SimError(
        f"{out} holds games of {c.id} {c.version} with fingerprint {_short(fingerprint)}, this pack is "
        f"{c.version} with fingerprint {c.fingerprint[:10]}: the pack's content is not the same as when those "
        "games were played, and counting both as one study would give a wrong number; use another --out or "
        "give the edited pack a new version")


def run_study(configs: list[SimConfig], games: int, seed: int = 0, jobs: int = 1, backend: str = "processes",
              out: str | None = None, progress: Callable[[int], None] | None = None,
              address: str | None = None, keep_rows: bool = True,
              flush_seconds: float = 2.0, settings: dict[str, Any] | None = None) -> StudyReport:
    """Play ``games`` games of every configuration (the same seeds for each, so configurations
    are compared on the same deals).  With ``out``, every game becomes a row of that Parquet file
    (:mod:`woodlands.sim.results`); games already in it (or in the parts an interrupted run
    left) are not played again, and ``settings`` (the study's bots, games, seed, vary and
    options) join the file's metadata.  A game already in the file but played on a pack of the
    same id and version with other content (another fingerprint, or none) is not one of this
    study's: the run is refused before anything is played.  ``progress`` is first called with
    the games skipped."""
    runner = backend_for(backend, jobs, address)
    for config in configs:
        config.check()
    sink = None
    done: dict[tuple[Any, ...], str | None] = {}
    if out is not None:
        from .results import ResultsFile
        sink = ResultsFile(out, settings)
        done = sink.done()
    seeds = list(range(seed, seed + games))
    tasks: list[Task] = []
    skipped = 0
    for config in configs:
        game = _game(config)
        todo = []
        for s in seeds:
            key = study_key(config, game, s)
            if key not in done:
                todo.append(s)
            elif done[key] != game.content.fingerprint:
                raise refuse_other_pack(str(out), game, done[key])
        skipped += games - len(todo)
        tasks.extend((config, chunk) for chunk in make_chunks(todo, jobs, 200 if runner.name == "ray" else 50))
    if progress is not None and skipped:
        progress(skipped)
    rows: list[GameRow] = []
    pending: list[GameRow] = []
    played = 0
    start = last_flush = time.perf_counter()
    try:
        for chunk_rows in runner.run(tasks, detail=True):
            played += len(chunk_rows)
            if keep_rows:
                rows.extend(chunk_rows)
            if sink is not None:
                pending.extend(chunk_rows)
                if time.perf_counter() - last_flush >= flush_seconds:
                    sink.write_batch(pending)
                    pending = []
                    last_flush = time.perf_counter()
            if progress is not None:
                progress(len(chunk_rows))
    finally:
        if sink is not None:     # what finished is kept, even when interrupted
            sink.write_batch(pending)
            sink.finish()
    elapsed = time.perf_counter() - start
    rows.sort(key=lambda r: (r.get("bot", ""), r.get("options", ""), r["seed"]))
    return StudyReport(configs, games, seed, jobs, runner.name, played, skipped, elapsed, rows, out)
