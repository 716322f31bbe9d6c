"""Hints for the live games (``service.hints``): the three best options for the seat that
decides, each with its win chance (score) if play goes on as the greedy bot would, sampled in a
worker process on a copy of what that seat may know (:mod:`woodlands.bots.hints`).

The copy is taken under the game's lock; the sampling runs outside it, so the game goes on
meanwhile.  Its seed comes from what the seat knows (:func:`hint_seed`), so a hint asked with a
number of samples is the same whenever it is asked.  :attr:`Hints.limit` decides who may
start one now (woodlands.web.limits).
"""
from __future__ import annotations

import hashlib
import time
from typing import TYPE_CHECKING, Any

from ..engine.errors import WoodlandsError
from ..engine.state import GameState
from .errors import Conflict, Forbidden, Unavailable
from .live import Live
from .searchpool import SearchCrashed
from .service import player

if TYPE_CHECKING:
    from .service import GameService


class Hints:
    """The hints of the games of ``games`` (see the module doc)."""

    def __init__(self, games: GameService) -> None:
        self.games = games
        from .limits import HintLimit
        #: who may start a hint search now (woodlands.web.limits)
        self.limit = HintLimit(games.settings)

    def position(self, live: Live, seat: int, at: int | None) -> tuple[GameState, int]:
        """A copy of the position a hint for ``seat`` is searched from and its decision number,
        or the Refused that refuses it (the caller holds the game's lock; nothing changes)."""
        if at is not None and at != live.number:
            raise Conflict(f"this hint was asked for decision {at}, but the game has moved on to decision "
                           f"{live.number}; ask again", at=live.number)
        decision = live.state.decision
        if decision is None:
            raise Conflict("the game is over; there is no decision to hint at", at=live.number)
        if decision.player != seat:
            raise Forbidden(f"it is {player(decision.player)}'s decision, not {player(seat)}'s; "
                            "a hint is advice for the seat that decides", at=live.number,
                            deciding_seat=decision.player)
        if seat in live.bots:
            raise Conflict(f"{player(seat)} is played by the {live.bots[seat]} bot", at=live.number)
        # the search runs on this copy, outside the lock: the live game goes on meanwhile and
        # is never touched by it
        return live.state.clone(), live.number

    async def hint(self, game_id: str, token: str | None, seconds: float | None = None,
                   samples: int | None = None, at: int | None = None, client: str = "?") -> dict[str, Any]:
        """The three best options for the seat of ``token``, which must decide now (``at``:
        refuse unless the game is at that decision).  It samples for ``seconds`` (default
        :data:`woodlands.bots.hints.SECONDS`, so that the answer comes within 2 s), or exactly
        ``samples`` sample games (then the answer is reproducible: the seed comes from the game id
        and the decision number, both known to the seat).  The sampling runs in a worker process
        (``games.searches``; a thread with ``search_processes=0``) on a copy of the position; the
        game and its lock are free meanwhile.  :attr:`limit` may refuse it with 429 before it
        starts; a worker that dies gives 503."""
        games = self.games
        async with games.seated(game_id, token) as (live, seat):
            position, number = self.position(live, seat, at)
        from ..bots.hints import ASSUMES, LONGER, SECONDS
        from ..kit.bots import Budget
        budget = Budget.parse(samples if samples is not None else f"{seconds if seconds is not None else SECONDS}s")
        seed = hint_seed(game_id, number)
        with self.limit.slot(client):
            started = time.perf_counter()
            try:
                hints = await games.searches.hint(position, seat, seed, budget)
            except (WoodlandsError, NotImplementedError) as e:
                raise Conflict(f"no hint can be found here: {e}", at=number) from None
            except SearchCrashed as e:
                raise Unavailable(f"{e}; nothing was changed, ask again", at=number) from None
            took = time.perf_counter() - started      # wall time, a wait for a busy worker included
        return {"at": number, "seat": seat, "samples": hints[0].samples if hints else 0,
                "seconds": round(took, 3), "measure": hints[0].measure if hints else "",
                "assumes": ASSUMES, "longer": LONGER,
                "hints": [{"option": h.option_id, "words": h.words, "value": h.value, "gap": h.gap,
                           "gap_error": h.gap_error, "about_equal": h.about_equal, "greedy": h.greedy,
                           "measure": h.measure, "text": h.text(k)} for k, h in enumerate(hints, 1)]}


def hint_seed(game_id: str, number: int) -> int:
    """The seed of a hint's search: from what the seat knows (the game's id and the decision's
    number), never from the game's hidden state or its generator."""
    return int.from_bytes(hashlib.sha256(f"{game_id}:{number}".encode()).digest()[:4], "big")


__all__ = ["Hints", "hint_seed"]
