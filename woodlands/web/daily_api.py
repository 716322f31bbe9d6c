"""The daily challenge's JSON API: ``GET /api/daily`` (the day on this server) and
``POST /api/daily/{game}`` (start or resume this browser's attempt).  See
:mod:`woodlands.web.daily` for what a person and an attempt are, and docs/web.md."""
from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Path, Request, Response
from pydantic import BaseModel, ConfigDict, Field, StrictStr

from .daily import NAME_MAX, PERSON_COOKIE, is_person, new_person
from .depends import Games
from .errors import Forbidden
from .origin import from_elsewhere

router = APIRouter()
#: how long the daily cookie lasts (a year: it is the browser's one attempt a day)
COOKIE_AGE = 60 * 60 * 24 * 365


def _game_ids() -> list[str]:
    from ..engine.registry import descriptors
    return sorted(d.id for d in descriptors())


class DailyStart(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: StrictStr | None = Field(default=None, max_length=NAME_MAX, examples=["Rowan"],
                                   description="the name the list of the day shows (default: anonymous)")


class DailyStarted(BaseModel):
    id: str = Field(description="the attempt's table (as in /api/games/{id})")
    game: str
    day: str = Field(description="the day, YYYY-MM-DD (UTC)")
    setup: str = Field(description="the day's set-up in words")
    options: dict[str, Any] = Field(description="the day's options")
    resumed: bool = Field(description="true: this browser had begun today's attempt already; this is it")
    seat: int
    token: str = Field(description="the seat's secret: send it as 'Authorization: Bearer TOKEN'")
    admin_token: str


class DailyResult(BaseModel):
    name: str = Field(description="the name the player gave, or 'anonymous'")
    result: str = Field(description="win, loss or unfinished")
    details: str = Field(description="how it ended: its plain facts (rounds, score...)")
    ended: float = Field(description="when (seconds since 1970, UTC)")
    mine: bool = Field(description="this browser's attempt")


class DailyMine(BaseModel):
    id: str
    over: bool
    result: str | None
    details: str | None
    name: str | None


class DailyGame(BaseModel):
    game: str
    name: str
    setup: str = Field(description="the day's set-up in words")
    options: dict[str, Any]
    finished: list[DailyResult] = Field(description="the attempts of the day that ended, first finished first")
    playing: int = Field(description="how many attempts of the day are being played")
    mine: DailyMine | None = Field(description="this browser's attempt (from its daily cookie), if it began one")
    seed: int | None = Field(description="the day's seed: only once this browser's attempt has ended")


class DailyOut(BaseModel):
    day: str
    games: list[DailyGame]


def person(request: Request, response: Response) -> str:
    """This browser's daily cookie, or a new one set on ``response``."""
    value = request.cookies.get(PERSON_COOKIE)
    if is_person(value):
        assert value is not None
        return value
    value = new_person()
    secure = bool(getattr(getattr(request.app.state, "settings", None), "secure_cookies", False))
    response.set_cookie(PERSON_COOKIE, value, max_age=COOKIE_AGE, path="/", httponly=True, samesite="lax",
                        secure=secure)
    return value


def _refusals() -> dict[int | str, dict[str, Any]]:
    from .api import _refusals as refusals
    return refusals(403, 404, 413, 422, 429)


@router.get("/api/daily", tags=["daily"], response_model=DailyOut,
            summary="Today's challenge of each game on this server, and the attempts of the day")
async def daily(request: Request, games: Games) -> Any:
    value = request.cookies.get(PERSON_COOKIE)
    return await games.daily.board(value if is_person(value) else None)


@router.post("/api/daily/{game}", tags=["daily"], status_code=201, response_model=DailyStarted,
             responses={200: {"model": DailyStarted, "description": "this browser's attempt of the day, resumed"},
                        **_refusals()},
             summary="Start today's challenge of a game (one attempt per browser and day: again, it resumes it)")
async def start_daily(request: Request, response: Response, games: Games,
                      game: str = Path(max_length=64, json_schema_extra={"enum": _game_ids()}),
                      body: DailyStart | None = None) -> Any:
    response.headers["Cache-Control"] = "no-store"      # it carries a secret
    if PERSON_COOKIE in request.cookies and from_elsewhere(request):
        raise Forbidden("the daily cookie is not accepted on a request from another site")
    started = await games.daily.start(game, person(request, response), body.name if body else None)
    if started["resumed"]:
        response.status_code = 200
    return started
