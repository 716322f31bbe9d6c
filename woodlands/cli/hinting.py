"""The terminal's ``hint``: sample games are played in a thread on a copy of the position
(:mod:`woodlands.bots.hints`), so the screen stays responsive, and the answer is worded from the
game's option labels, with what its numbers assume and what waiting longer buys."""
from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Callable

from ..bots.hints import SECONDS
from ..engine.errors import WoodlandsError

if TYPE_CHECKING:
    from ..bots.hints import Hint
    from ..engine.state import GameState


class HintJob(threading.Thread):
    """One hint for the deciding seat of a copy of ``state``; ``hints`` (or ``error``) once done.
    ``moves`` is how many choices the game had made, so a client shows the answer only if the
    game has not moved on meanwhile."""

    def __init__(self, state: "GameState", budget: str, done: "Callable[[HintJob], None] | None" = None) -> None:
        super().__init__(daemon=True, name="woodlands-hint")
        self.done = done
        self.position = state.clone()         # the game may go on while the sampling runs
        decision = state.decision
        self.seat = decision.player if decision is not None else 0
        self.moves = len(state.choices)
        self.budget = budget
        self.hints: list[Hint] = []
        self.error: str | None = None

    def run(self) -> None:
        from ..bots.hints import hint
        try:
            self.hints = hint(self.position, self.seat, seed=self.moves, budget=self.budget)
        except (WoodlandsError, NotImplementedError) as e:
            self.error = str(e)
        if self.done is not None:
            self.done(self)


#: the hint's default budget in the terminal: the whole answer within 2 s (bots.hints.SECONDS)
HINT_BUDGET = f"{SECONDS:g}s"

BUDGET_HELP = ("how long 'hint' plays sample games: seconds (6s) or a number of samples (40); "
               f"default {HINT_BUDGET}, an answer within 2 s; longer: smaller errors")


def start_hint(state: "GameState", budget: str = HINT_BUDGET, done: "Callable[[HintJob], None] | None" = None) -> HintJob:
    """Start the sampling; ``done(job)`` is called from the thread when it ends."""
    job = HintJob(state, budget, done)
    job.start()
    return job


def hint_lines(job: HintJob) -> list[str]:
    """What the terminal prints for a finished job."""
    if job.error is not None:
        return [f"No hint: {job.error}"]
    if not job.hints:
        return ["No hint: it is not this seat's decision."]
    from ..bots.hints import ASSUMES, LONGER
    first = job.hints[0]
    games = "sample game" if first.samples == 1 else "sample games"
    lines = [f"From {first.samples} {games} for each option, played from here as you see the game, in "
             f"{first.seconds:.1f} s; the numbers assume you play {ASSUMES.removeprefix('if you ')}:"]
    # ranked in words: "2. ..." would read as option 2 of the menu right under it
    lines += [f"{rank(k)}: {h.text(k)}" for k, h in enumerate(job.hints, 1)]
    lines.append(LONGER + " (--budget, e.g. --budget 6s)")
    return lines


def rank(k: int) -> str:
    """A hint's place in words.

    >>> [rank(k) for k in (1, 2, 3, 4, 11, 12, 13, 22)]
    ['Best', '2nd best', '3rd best', '4th best', '11th best', '12th best', '13th best', '22nd best']
    """
    if k == 1:
        return "Best"
    suffix = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
    return f"{k}{suffix} best"
