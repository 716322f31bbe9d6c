"""A browser's own record and ladder: ``GET /api/stats``, the ``/stats`` page and the ladder on
the home page.

The person is the browser: its seat cookies (``woodlands_seat_<game id>``) name the games it
holds a seat in, and only the finished ones count, each for the seat its cookie holds, as that
seat saw it (:func:`woodlands.kit.career.result_row`: no seed, nothing another seat kept
hidden).  Another browser's games are never read: a cookie whose token holds no seat is passed
over, as :meth:`GameService.mine` passes it over.  The numbers are those ``woodlands stats``
prints from the terminal's results file (:func:`woodlands.kit.career.summarize`).

A finished game does not change, so its row is made once per game, seat and event number (one
replay of a game not in memory) and kept beside the service.
"""
from __future__ import annotations

import threading
import weakref
from datetime import datetime, timezone
from typing import Any, Mapping

from pydantic import BaseModel

from ..kit.career import result_row, summarize
from .errors import Refused
from .service import COOKIE_PREFIX, GAME_ID, GameService

#: the most seat cookies one request is read for (as GameService.mine)
MOST_COOKIES = 200

_ROWS: "weakref.WeakKeyDictionary[GameService, dict[tuple[str, int], tuple[int, dict[str, Any] | None]]]" = \
    weakref.WeakKeyDictionary()
_ROWS_LOCK = threading.Lock()


def result_rows(service: GameService, cookies: Mapping[str, str]) -> list[dict[str, Any]]:
    """The result rows of the finished games whose seat cookies this browser sent (blocking:
    called from a worker thread)."""
    rows = []
    for name, token in list(cookies.items())[:MOST_COOKIES]:
        if not name.startswith(COOKIE_PREFIX):
            continue
        game_id = name[len(COOKIE_PREFIX):]
        if not GAME_ID.match(game_id):
            continue
        try:
            row = _row(service, game_id, token)
        except Refused:
            continue
        if row is not None:
            rows.append(row)
    return rows


def _row(service: GameService, game_id: str, token: str) -> dict[str, Any] | None:
    stored = service.row(game_id)
    seat = service.seating.seat_in(stored, token)
    number = service.db.next_number(game_id)
    with _ROWS_LOCK:
        known = _ROWS.setdefault(service, {}).get((game_id, seat))
    if known is not None and known[0] == number:
        return known[1]
    live = next((g for g in service.cached() if g.row.id == game_id), None)
    if live is None:
        live = service._rebuild(game_id, stored)     # one replay, kept out of the cache (as mine() does)
    with live.lock:
        state = live.state
        when = datetime.fromtimestamp(stored.created, timezone.utc)
        made = result_row(state, seat, when) if state.is_over else None
        number = live.number
    with _ROWS_LOCK:
        cache = _ROWS.setdefault(service, {})
        cache[(game_id, seat)] = (number, made)
        while len(cache) > 8 * service.settings.cache_games:
            cache.pop(next(iter(cache)))
    return made


def my_stats(service: GameService, cookies: Mapping[str, str]) -> dict[str, Any]:
    """This browser's record and every game's ladder (blocking)."""
    return summarize(result_rows(service, cookies), ladders=True)


# ------------------------------------------------------------------ the API's answer
class StatFact(BaseModel):
    key: str
    words: str
    value: int | float


class SetUpStats(BaseModel):
    """Games played and won at one set-up (a game's variant: hero and difficulty...)."""
    variant: dict[str, Any]
    words: str
    played: int
    won: int
    streak: int
    best_streak: int
    best_rounds: int | None
    best_score: float | None


class GameStats(BaseModel):
    game: str
    name: str
    played: int
    won: int
    #: wins in a row up to the last game, and the longest run
    streak: int
    best_streak: int
    #: the fewest rounds (the game's unit: ``rounds_words``) of a win
    best_rounds: int | None
    #: the best score (the game's reward, 0 to 1)
    best_score: float | None
    #: ``rounds`` or ``score``: which of the two is the game's best result
    best_by: str
    rounds_words: str
    variants: list[SetUpStats]
    totals: list[StatFact]
    furthest: list[StatFact]


class LadderTrackOut(BaseModel):
    key: str
    words: str
    #: the index of the highest open step
    open: int
    steps: int
    #: every step won
    done: bool
    #: the step to play next, in words, and the options that start it
    step: str
    options: dict[str, Any]


class GameLadder(BaseModel):
    game: str
    name: str
    tracks: list[LadderTrackOut]
    #: for a game without a ladder: what stands in for it
    no_ladder: str


class StatsOut(BaseModel):
    format: str
    version: int
    played: int
    won: int
    games: list[GameStats]
    ladders: list[GameLadder]
