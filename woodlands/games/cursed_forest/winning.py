"""16. Winning the Game (CF-076, CF-077): the seeds on every red vine or Morna Gûl dead, with one
adventurer alive; the Forest Champion's tally; and losing, when every adventurer is out."""
from __future__ import annotations

from typing import Any

from .state import CursedForestState


def tally(s: CursedForestState) -> dict[str, Any]:
    """CF-077: each player's sum of the health of the monsters its adventurers killed."""
    players = sorted(set(s.owner))
    scores = [sum(sum(s.kills[a]) for a in range(s.n) if s.owner[a] == pl) for pl in players]
    best = max(scores) if scores else 0
    champions = [pl for pl, sc in zip(players, scores) if sc == best and best > 0]
    return {"tally": scores, "champion": champions[0] if len(champions) == 1 else None, "champions": champions}


def win(s: CursedForestState, how: str) -> None:
    if any(p is not None for p in s.pos):
        s.end_game("win", how=how, survivors=[a for a in range(s.n) if s.pos[a] is not None], **tally(s))


def check_seeds_win(s: CursedForestState) -> None:
    if s.seeds_laid >= len(s.content.seeds):
        win(s, "seeds")


def check_all_out(s: CursedForestState) -> None:
    if all(p is None for p in s.pos):
        s.end_game("loss", reason="every adventurer is out of lives", **tally(s))


def finish_unfinished(s: CursedForestState, limit: int) -> None:
    s.end_game("unfinished", reason=f"round limit {limit} reached", **tally(s))
