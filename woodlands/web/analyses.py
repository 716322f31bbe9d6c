"""The analysis of a finished game, per seat (``service.analyses``; ``GET /api/games/{id}/analysis``
and the page ``/games/{id}/analysis``).

Each seat analyses its own decisions, from its own information: every estimate is made from the
position that seat saw (the estimate determinizes from it) and the answer goes to that seat's
secret only.  The work is minutes of the search workers' time, so it runs in the background in
the server's search pool, one decision per job at the pool's :data:`~.searchpool.BACKGROUND`
priority: a hint asked meanwhile takes the next free worker (:class:`~.searchpool.Turns`), and
the progress (decisions done of the total) is known after each one.  The finished analysis is
stored (the ``analyses`` table), so it is computed once and a restarted server keeps it; one
that was running when the server stopped is started again when it is next asked for.
"""
from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import Conflict, Unavailable
from .searchpool import Position, rebuild

if TYPE_CHECKING:
    from ..engine.state import GameState
    from .service import GameService


# ---------------------------------------------------------------------- in a worker
def prefix(record: dict[str, Any], at: int) -> dict[str, Any]:
    """The record of the game's first ``at`` choices (and the redraws made before the next one):
    replayed, the position the seat faced at decision ``at``."""
    out = dict(record, choices=list(record["choices"][:at]))
    if "redraws" in record:
        out["redraws"] = [r for r in record["redraws"] if r["at"] <= at]
    return out


def _plan_job(position: Position, seat: int) -> list[int]:
    """The places (numbers of choices made before) of ``seat``'s decisions that had a choice
    between two options or more: those an analysis weighs."""
    from ..engine.game import replay
    found: list[int] = []

    def note(state: "GameState", _choice: str) -> None:
        decision = state.decision
        if decision is not None and decision.player == seat and len(decision.options) >= 2:
            found.append(state.choice_count)
    replay(position.record, position.content, before_choice=note)
    return found


def _decision_job(position: Position, seat: int, at: int, samples: int, seed: int) -> dict[str, Any]:
    """One decision of the analysis: ``seat``'s decision after ``at`` choices, valued from what
    that seat saw then (:func:`woodlands.bots.analysis.judge`, as ``woodlands analyse`` does)."""
    from ..bots.analysis import Point, judge
    from ..engine.presentation import presentation_for
    state = rebuild(Position(prefix(position.record, at), position.content))
    point = Point(at, seat, state, position.record["choices"][at])
    return judge(point, presentation_for(state.game), samples, seed)


def _finish_job(position: Position, seat: int, entries: list[dict[str, Any]], samples: int) -> dict[str, Any]:
    """The analysis from its decisions: the document ``woodlands analyse --seat SEAT`` writes."""
    from ..bots.analysis import summarise
    from ..bots.estimate import ASSUMES
    from ..engine.presentation import presentation_for
    final = rebuild(position)
    game = final.game
    measure = game.reward_measure
    name = presentation_for(game).seat_name(final.view(seat), seat)
    return {"game": game.id, "pack": {"id": game.content.id, "version": game.content.version}, "measure": measure,
            "assumes": ASSUMES, "samples": samples, "seats": [seat], "decisions": entries,
            "summary": summarise(entries, [seat], measure, {seat: name})}


# ---------------------------------------------------------------------- in the server
#: the games whose seats' decision places the replay board keeps (a replay of the game each)
PLACES_KEPT = 256


@dataclass
class Job:
    """An analysis under way: how far it is, and the task that runs it."""

    done: int = 0
    total: int = 0
    task: "asyncio.Task[None] | None" = None
    #: why it stopped, when it failed (the next request starts it again)
    error: str | None = None
    entries: list[dict[str, Any]] = field(default_factory=list)

    def status(self) -> dict[str, Any]:
        # running once the plan is made (a worker took the job); queued while no worker has
        return {"status": "running" if self.total else "queued", "done": self.done, "total": self.total}


#: the seed of every analysis: ``woodlands analyse``'s default, so that a seat's analysis here is
#: the terminal's of the same record with ``--seat`` (it draws only positions the seat could
#: not tell from the real one, so a known seed tells nobody anything hidden)
SEED = 0


class Analyses:
    """The analyses of the games of ``games`` (see the module doc)."""

    def __init__(self, games: "GameService") -> None:
        self.games = games
        #: the analyses running in this process: (game, seat) -> its job
        self.jobs: dict[tuple[str, int], Job] = {}
        #: how many analyses were computed (tests: a stored one is not computed again)
        self.computed = 0
        #: the replay board's steps: (game, seat) -> where the seat decided (a finished game's never change)
        self._places: dict[tuple[str, int], list[int]] = {}

    @property
    def samples(self) -> int:
        return self.games.settings.analysis_samples

    async def _finished(self, game_id: str, token: str | None) -> tuple[Position, int, int]:
        """The finished game as it crosses to a worker, the seat of ``token`` and the number of
        seats; 409 while it runs."""
        async with self.games.seated(game_id, token) as (live, seat):
            if not live.state.is_over:
                raise Conflict("the game is not over yet: a game is analysed once it has ended (while it runs, "
                               "an analysis would be a hint for every decision)", at=live.number)
            return Position.of(live.state), seat, live.row.seats

    async def get(self, game_id: str, token: str | None) -> tuple[int, dict[str, Any]]:
        """200 and the seat's analysis, or 202 and how far it is (started by the first request)."""
        position, seat, _ = await self._finished(game_id, token)
        stored = await asyncio.to_thread(self.games.db.analysis, game_id, seat)
        if stored is not None:
            return 200, stored
        key = (game_id, seat)
        job = self.jobs.get(key)
        if job is not None and job.error is not None:
            # told once, so that a client polling for it stops; the next request starts it again
            del self.jobs[key]
            raise Unavailable(f"the analysis stopped before it was done ({job.error}); ask again to start it again")
        if job is None:
            job = self.jobs[key] = Job()
            job.task = asyncio.get_running_loop().create_task(self._run(key, job, position))
        return 202, job.status()

    async def replay(self, game_id: str, token: str | None, at: int) -> dict[str, Any]:
        """The finished game at position ``at`` (the first ``at`` choices made) as the seat of
        ``token`` saw it then: ``state`` (read only through ``view(seat)``, ``log_for(seat)`` and,
        where the seat decided, its own decision), ``seat``, ``at`` (kept within the game),
        ``end`` (the game's number of choices), ``places`` (where the seat decided between two
        options or more), ``chosen`` (the seat's own choice there, else None) and the seat's
        stored analysis, if any.  409 while the game runs."""
        position, seat, seats = await self._finished(game_id, token)
        end = len(position.record["choices"])
        at = max(0, min(at, end))

        def build() -> tuple["GameState", list[int], dict[str, Any] | None]:
            from ..engine.game import replay
            places = self._places.get((game_id, seat))
            if places is None:
                places = self._places[(game_id, seat)] = _plan_job(position, seat)
                while len(self._places) > PLACES_KEPT:
                    self._places.pop(next(iter(self._places)))
            state = replay(prefix(position.record, at), position.content)
            return state, places, self.games.db.analysis(game_id, seat)
        state, places, analysis = await asyncio.to_thread(build)
        decision = state.decision
        mine = decision is not None and decision.player == seat
        return {"state": state, "seat": seat, "seats": seats, "at": at, "end": end, "places": places,
                "analysis": analysis,
                "chosen": position.record["choices"][at] if mine and at < end else None}

    async def _run(self, key: tuple[str, int], job: Job, position: Position) -> None:
        game_id, seat = key
        pool = self.games.searches
        try:
            places = await pool.background(_plan_job, position, seat)
            job.total = len(places)
            for at in places:
                entry = await pool.background(_decision_job, position, seat, at, self.samples, SEED)
                job.entries.append(entry)
                job.done += 1
            result = await pool.background(_finish_job, position, seat, job.entries, self.samples)
            self.computed += 1
            await asyncio.to_thread(self.games.db.save_analysis, game_id, seat, result)
            self.jobs.pop(key, None)
        except asyncio.CancelledError:
            self.jobs.pop(key, None)
            raise
        except Exception as e:     # (a worker that died, a record that no longer replays ...): an error
            # of a background task would go unseen; the next request tells it
            job.error = str(e) or type(e).__name__

    async def stop(self) -> None:
        """Abandon the running analyses (the server stops; they start again when next asked for)."""
        for job in list(self.jobs.values()):
            if job.task is not None:
                job.task.cancel()
        self.jobs.clear()


__all__ = ["Analyses", "Job", "SEED", "prefix"]
