"""The JSON API (``/api/...``), the invitations (``/join/...``, woodlands.web.join) and the API's own docs
(``/docs``, with Swagger UI served from this package).  Every route is a thin layer over
:class:`~woodlands.web.service.GameService`; every refusal is a 4xx whose JSON body has a
``detail`` in plain words (and, where it helps, ``at``, ``rule``, ``deciding_seat``).  See
docs/web.md for the contract with examples."""
from __future__ import annotations

import asyncio
import json
import os
from typing import Annotated, Any, AsyncIterator

from fastapi import APIRouter, FastAPI, Query, Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse, Response
from fastapi.sse import EventSourceResponse
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, StrictBool, StrictStr, TypeAdapter
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .depends import AnalysesDep, Games, HintsDep, SeatingDep, TablesDep
from .errors import Forbidden, Invalid, Refused, Unauthorized, status_of
from .origin import from_elsewhere
from .settings import most_players_game
from .mystats import StatsOut
from .store import LISTING_NAME
from .service import HOTSEAT_PREFIX, TURN_SECONDS, GameService, cookie_name, dumps

router = APIRouter()

#: seconds between keep-alive comments on an idle event stream
KEEPALIVE = 15.0


# ---------------------------------------------------------------------- request and answer bodies
def _whole(value: Any) -> Any:
    """A JSON integer as JSON Schema reads one: 3 or 3.0, never "3" or true (the documented
    `"type": "integer"` accepts 3.0, so refusing it would refuse a valid request)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError("a whole number, please")
    if isinstance(value, float):
        if not value.is_integer():
            raise ValueError("a whole number, please")
        return int(value)
    return value


#: integer fields of a request body (see _whole): one from 0, a number of seats
FromZero = Annotated[int, BeforeValidator(_whole), Field(ge=0)]
Seats = Annotated[int, BeforeValidator(_whole), Field(ge=1, le=16)]
TurnSeconds = Annotated[int, BeforeValidator(_whole), Field(ge=TURN_SECONDS[0], le=TURN_SECONDS[1])]


def _names(kind: str) -> list[Any]:
    """The game ids, or every game's bot names, for the document's enums (the service still
    judges each request: a bot may exist for one game and not another)."""
    from ..engine.registry import descriptors
    if kind == "games":
        return sorted(d.id for d in descriptors())
    return sorted({b for d in descriptors() for b in d.bot_names})


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class NewGame(_Body):
    game: StrictStr = Field(max_length=64, examples=[most_players_game()], json_schema_extra={"enum": _names("games")})
    options: dict[str, Any] = Field(default_factory=dict, examples=[{"players": 2}],
                                    description="the game's options (GET /api/game-types lists them); each game "
                                                "judges its own, a refusal is a 422 that names the option")
    seats: Seats | None = Field(default=None,
                                description="people at the table: 1 for solo games, else the players "
                                                  "(a number that does not fit the options is a 422)")
    seed: FromZero | None = Field(default=None,
                                  description="only on servers started to allow it (tests); else a 422")
    hotseat: StrictBool | None = Field(default=None, description="true: this device holds every seat (the answer "
                                       "gives each seat's token); false: each seat gets an invitation, claimed once "
                                       "with POST /join/{id}. Default: true for a table of one seat, else false")
    turn_seconds: TurnSeconds | None = Field(default=None,
                                             description="the turn timer: a seat away for this long while it decides "
                                                         "goes to a bot (default: no timer)")


class Upload(_Body):
    record: dict[str, Any] = Field(description="a record saved by `woodlands play` (its autosave or `s FILE`), "
                                               "or a Storyfold scene save")
    seats: Seats | None = Field(default=None)
    hotseat: StrictBool | None = Field(default=None, description="as for POST /api/games")
    turn_seconds: TurnSeconds | None = Field(default=None, description="as for POST /api/games")


class Choice(_Body):
    option: StrictStr = Field(max_length=400, description="an option id of the current decision")
    at: FromZero = Field(description="the decision's number, from the last answer's `at`")


class UndoBody(_Body):
    at: FromZero


class HandOver(_Body):
    bot: StrictStr = Field(max_length=40, examples=["greedy"], json_schema_extra={"enum": _names("bots")},
                           description="a bot of this game (GET /api/game-types); another is a 422")


class SeatToken(BaseModel):
    seat: int
    token: str | None = Field(description="the seat's secret, for a seat this device holds (a hot-seat table's): "
                                          "send it as 'Authorization: Bearer TOKEN'")
    invitation: str | None = Field(description="for any other seat: its invitation, to send to the person who "
                                               "takes the seat (once) with POST /join/{id}")
    join: str | None = Field(description="the invitation's link: its page on this server, the invitation after #")


class Invitation(BaseModel):
    seat: int
    invitation: str | None
    join: str | None


class SeatOut(BaseModel):
    seat: int
    held: bool = Field(description="someone holds the seat's secret (the creator's device, or whoever claimed it)")
    claimed: bool = Field(description="a person took the seat with an invitation")
    here: bool = Field(description="its live stream is open, or it made a request within the last 30 s")
    away_seconds: int | None
    bot: str | None


class SeatsOut(BaseModel):
    at: int
    turn_seconds: float | None
    seats: list[SeatOut]


class Created(BaseModel):
    id: str
    game: str
    admin_token: str
    seats: list[SeatToken]


class OptionOut(BaseModel):
    model_config = ConfigDict(extra="allow")
    id: str
    label: str
    verb: str
    args: list[Any]


class DecisionOut(BaseModel):
    kind: str
    prompt: str
    rule: str | None
    data: dict[str, Any] | None
    options: list[OptionOut]


class ViewOut(BaseModel):
    """A seat's view: the envelope every game shares (woodlands.engine.views) and, beside it,
    the game's own keys (``woodlands schema GAME`` prints their JSON Schema)."""

    model_config = ConfigDict(extra="allow")
    game: str = Field(description="the game's id")
    seat: int = Field(description="the seat this view is for")
    over: bool
    outcome: dict[str, Any] | None = Field(description="null until the game is over; then its result and details")
    deciding: int | None = Field(description="the seat deciding now (null once the game is over)")


class GameOut(BaseModel):
    id: str
    game: str
    seat: int
    seats: int
    at: int = Field(description="the current decision's number: send it back with a choice")
    deciding_seat: int | None
    view: ViewOut = Field(description="what this seat may see (the game's view)")
    decision: DecisionOut | None = Field(description="null unless this seat decides now")
    log: list[dict[str, Any]] = Field(description="the events this seat may see, from log_from on")
    log_from: int
    over: bool
    outcome: dict[str, Any] | None
    can_undo: bool
    bots: dict[str, str] = Field(description="seats played by a bot: seat -> bot name")


_GAME_OUT = TypeAdapter(GameOut)
_GAME_FIELDS = GameOut.model_fields.keys()
#: set to 1 (the test suite does), every game answer is checked against GameOut before it is sent
CHECK_ANSWERS_ENV = "WOODLANDS_CHECK_ANSWERS"


class HintOut(BaseModel):
    option: str = Field(description="an option id of the seat's decision")
    words: str = Field(description="the option in the game's words (as the page and the terminal show it)")
    value: float = Field(ge=0, le=1, description="the seat's win chance after it (see measure: Storyfold's expected "
                                                 "score, 1 = a flawless campaign), if play goes on as `assumes` says: "
                                                 "the mean over the sample games")
    gap: float = Field(le=0, description="value less the best option's value (0 for the best)")
    gap_error: float = Field(ge=0, description="the standard error of gap, measured on the same sample games for "
                                               "both options; it shrinks as 1/sqrt(samples)")
    about_equal: bool = Field(description="the option cannot be told from the best within the noise (gap within "
                                          "1.96 gap_error); the best itself is true")
    greedy: bool = Field(description="the option the greedy bot takes here (what `assumes` plays)")
    measure: str = Field(description="what value is: 'win chance', or 'score' (Storyfold)")
    text: str = Field(description="one line for a person", examples=[
        "Roll the dice: win chance about 41% if you play on as the greedy bot would; the best wins about 1 game "
        "in 5 more often"])


class HintsOut(BaseModel):
    at: int = Field(description="the decision the hint is for (compare it with the game's `at` before showing it)")
    seat: int
    samples: int = Field(description="how many sample games (positions the seat cannot tell from the real one, "
                                     "played to their end by the greedy bot) each option was played on")
    seconds: float = Field(description="how long the answer took on the server (a wait for a busy worker included)")
    measure: str = Field(description="what the values are: 'win chance', or 'score' (Storyfold)")
    assumes: str = Field(description="what the values assume, in words: how the game goes on after the option")
    longer: str = Field(description="what asking with more seconds or samples buys, in words")
    hints: list[HintOut] = Field(description="at most three options, best first (by value)")


#: what a hint may take, in seconds (the server's CPU is shared: see woodlands.web.limits)
HINT_SECONDS = (0.1, 8.0)
#: the most sample games a reproducible hint may ask for (tens of seconds in the slowest game)
HINT_SAMPLES = 200


class Problem(BaseModel):
    model_config = ConfigDict(extra="allow", json_schema_extra={"examples": [{"detail": "that token holds no seat "
                                                                                         "in this game"}]})
    detail: str = Field(description="the reason, in plain words")


class Health(BaseModel):
    ok: bool = Field(description="the database is open")


class OptionType(BaseModel):
    name: str
    type: str
    default: Any
    help: str
    choices: list[Any] | None
    range: list[Any] | None
    simulation: bool


class GameType(BaseModel):
    id: str
    name: str
    players: list[int]
    bots: list[str]
    options: list[OptionType]


class HandedOver(BaseModel):
    seat: int
    bot: str | None = Field(description="the seat's bot now, null when its player has it back")
    at: int
    bots: dict[str, str] = Field(description="seats played by a bot: seat -> bot name")


class MyGame(BaseModel):
    id: str
    game: str
    seat: int
    seats: int
    at: int
    over: bool
    deciding_seat: int | None
    created: float


class ListingBody(_Body):
    name: StrictStr = Field(min_length=1, max_length=LISTING_NAME, examples=["Friday forest run"],
                            description="the name the list shows (plain text, one line)")


class ListingOut(BaseModel):
    id: str
    listed: bool = Field(description="the table is on the list of open tables (GET /api/tables)")
    name: str | None = Field(description="the name it is listed under (null: not listed)")


class OpenTable(BaseModel):
    id: str = Field(description="the table's id (as in /games/{id}; it opens nothing by itself)")
    name: str = Field(description="the name its creator listed it under")
    game: str = Field(description="the game's id")
    game_name: str = Field(description="the game's name, in words")
    players: int = Field(description="how many seats the table has")
    free_seats: list[int] = Field(description="the seats nobody holds and no bot plays (from 0): each may be "
                                              "taken with POST /api/tables/{id}/seats/{seat}")
    present: list[int] = Field(description="the taken seats whose player is at the table now (from 0)")


class OpenTablesOut(BaseModel):
    tables: list[OpenTable] = Field(description="the open tables, newest listed first (at most 50): only those "
                                                "whose game is not over and that have a free seat")


class AgainBody(_Body):
    play_again: StrictBool = Field(description="true: this seat plays again at the next table and keeps its place "
                                               "there; false: it does not (its seat there is free)")


class AgainOut(BaseModel):
    answers: dict[str, str | None] = Field(description="each seat asked (a person holds it; bots are not asked): "
                                                       "seat -> 'yes', 'no', or null while it has not answered")
    next: str | None = Field(description="the next table's id, once it is made (then POST .../again/next)")
    agreed: bool = Field(description="this seat said yes")
    declined: bool = Field(description="this seat said no")


class NextTable(BaseModel):
    id: str = Field(description="the next table's id")
    seat: int
    token: str = Field(description="this seat's secret at the next table: send it as 'Authorization: Bearer TOKEN'")


class FreeSeatTaken(BaseModel):
    id: str
    seat: int
    token: str = Field(description="the seat's secret: send it as 'Authorization: Bearer TOKEN'; shown this once")


class AnalysedDecision(BaseModel):
    model_config = ConfigDict(extra="allow")
    at: int = Field(description="the choices made before this decision: its place in the game, as the replay "
                                "board's ?at= takes it")
    seat: int
    kind: str = Field(description="the kind of decision (the game's name for it)")
    chosen: str = Field(description="the option id the seat took")
    best: str = Field(description="the option id the estimate found best")
    chosen_words: str = Field(description="the option taken, in the game's words")
    best_words: str = Field(description="the best option, in the game's words")
    win_before: float = Field(description="the win chance (or score, see measure) before the decision, if the "
                                          "rest is played as the estimate assumes")
    win_after_chosen: float = Field(description="the same after the option taken")
    win_after_best: float = Field(description="the same after the best option")
    loss: float = Field(ge=0, description="win_after_best - win_after_chosen")
    about_equal: bool = Field(description="the option taken cannot be told from the best within the estimate's noise")
    where: str = Field(description="where in the game it was, in words (a phase, a round, a scene)")


class AnalysisSummary(BaseModel):
    model_config = ConfigDict(extra="allow")
    text: str = Field(description="the analysis in words")
    biggest: list[int] = Field(description="the `at` of the (up to) three biggest losses, biggest first")
    total_loss: Any = Field(description="the loss of the clearly worse choices, summed")
    decisions: Any = Field(description="how many decisions were weighed")
    mistakes: Any = Field(description="how many choices were clearly worse than the best")


class AnalysisOut(BaseModel):
    model_config = ConfigDict(extra="allow")
    game: str
    pack: Any = Field(description="the content pack the game was played with")
    measure: str = Field(description="'win chance', or 'score' where every game is won and the score tells them apart")
    assumes: str = Field(description="how the rest of the game is played for every number here, in words")
    samples: int = Field(description="how many positions the seat could not tell apart each decision was weighed on")
    seats: list[int] = Field(description="whose decisions: the asking seat's alone")
    decisions: list[AnalysedDecision] = Field(description="the seat's decisions that offered a choice, in order")
    summary: AnalysisSummary


class AnalysisProgress(BaseModel):
    status: str = Field(description="'queued': waiting for a free search worker (hints go first); 'running'",
                        json_schema_extra={"enum": ["queued", "running"]})
    done: int = Field(description="the decisions weighed so far")
    total: int = Field(description="the decisions to weigh (0 while they are being counted)")


#: every refusal, with when a route answers it and an example body (docs/web.md, "The JSON API")
_STATUS: dict[int, tuple[str, dict[str, Any]]] = {
    401: ("no token, or an Authorization header that is not 'Bearer TOKEN'",
          {"detail": "no token: send 'Authorization: Bearer TOKEN' with a seat's token (from POST /api/games), "
                     "or open the seat's invitation link first"}),
    403: ("a token that holds no seat here (or the wrong kind of token); another seat decides; a seat cookie "
          "on a request from another site; a daily challenge's record before its end",
          {"detail": "it is Player 2's decision, not Player 1's", "at": 4, "deciding_seat": 1}),
    404: ("no such game (or seat)", {"detail": "there is no game 'abc' on this server"}),
    409: ("the game is not at that decision (at gives the current one), is over, or cannot be opened after a "
          "rules fix; an undo that may not be made", {"detail": "this request is for decision 3, but the game is "
                                                               "at decision 5 (a replayed request, or someone acted "
                                                               "first); nothing was changed", "at": 5}),
    413: ("a body over the server's limit (256 KB by default)",
          {"detail": "the request body is larger than 262144 bytes"}),
    422: ("a malformed request (not JSON, a missing or unknown field, a wrong type), or one the game refuses: an "
          "option id not legal now (rule names the rules), an option or bot this game does not have, a record "
          "that does not replay", {"detail": "that is not one of the choices on offer", "rule": "CF-005", "at": 0}),
    429: ("too many games or hints from this address, the server busy, too many moves a minute from this seat or "
          "table, or too many live streams open; Retry-After says when to ask again",
          {"detail": "a hint is already being searched for you", "retry_after": 2}),
    503: ("a hint whose search process stopped before it answered; nothing changed, ask again (an analysis that "
          "stopped: asking again starts it again)",
          {"detail": "the search process stopped before it answered; nothing was changed, ask again", "at": 3}),
}


def _refusals(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The documented refusals of a route: each with its Problem body and an example."""
    out: dict[int | str, dict[str, Any]] = {}
    for code in codes:
        when, example = _STATUS[code]
        entry: dict[str, Any] = {"model": Problem, "description": when,
                                 "content": {"application/json": {"example": example}}}
        if code == 429:
            entry["headers"] = {"Retry-After": {"description": "seconds to wait", "schema": {"type": "integer"}}}
        out[code] = entry
    return out


#: the refusals of a route that acts on a game with a seat's token
_ERRORS = _refusals(401, 403, 404, 409, 413, 422)
_HINT_ERRORS = _refusals(401, 403, 404, 409, 413, 422, 429, 503)
#: a route that stores a move (a choice, an undo, a hand-over) or opens a live stream: the caps of
#: woodlands.web.limits on stored events a minute and on open streams answer 429 too
_MOVE_ERRORS = _refusals(401, 403, 404, 409, 413, 422, 429)
#: starting a game: its checks and the caps of woodlands.web.limits
_NEW_ERRORS = _refusals(413, 422, 429)
#: an invitation link answers with pages, not JSON
_PAGE = {"content": {"text/html": {"schema": {"type": "string"}}}}
_JOIN_ANSWERS: dict[int | str, dict[str, Any]] = {
    303: {"description": "the seat's cookie is set; on to the game page", "headers": {
        "Location": {"description": "/games/{game_id}", "schema": {"type": "string"}}}},
    **{code: {**_PAGE, "description": f"the error page: {_STATUS[code][0]}"} for code in (401, 403, 404, 409)},
}


# ---------------------------------------------------------------------- helpers
def _token(request: Request, game_id: str) -> str | None:
    """The bearer token, else the seat cookie of this game (a change made with the cookie must
    come from this server's own pages: woodlands.web.origin)."""
    auth = request.headers.get("authorization")
    if auth:
        scheme, _, value = auth.partition(" ")
        if scheme.lower() != "bearer" or not value.strip():
            raise Unauthorized("the Authorization header must be 'Bearer TOKEN'")
        return value.strip()
    cookie = request.cookies.get(cookie_name(game_id))
    if cookie and request.method not in ("GET", "HEAD") and from_elsewhere(request):
        raise Forbidden("a seat cookie is not accepted on a request from another site")
    return cookie


def _json(body: Any, status: int = 200) -> Response:
    return Response(dumps(body), status_code=status, media_type="application/json")


def _game_answer(body: dict[str, Any]) -> Response:
    """A seat's game as every move answers it, written by orjson.  FastAPI would write it
    through GameOut, about 30 µs an answer against orjson's 5, on the path every choice takes.
    That the body is what GameOut documents is checked where a mismatch can be found: under
    the tests (:data:`CHECK_ANSWERS_ENV`, set by tests/conftest.py, every answer of every web
    test) and by the API's schema tests; a server does not check again what its tests proved."""
    if os.environ.get(CHECK_ANSWERS_ENV, "0") not in ("", "0"):
        _GAME_OUT.validate_python(body)
        if body.keys() != _GAME_FIELDS:
            raise RuntimeError(f"a game answer with other fields than GameOut's: {sorted(body.keys() ^ _GAME_FIELDS)}")
    return _json(body)


# ---------------------------------------------------------------------- routes
@router.get("/api/health", tags=["games"], response_model=Health, summary="Is the server up (and its database open)?")
def health(games: Games) -> dict[str, Any]:
    return {"ok": games.db is not None}


@router.get("/api/game-types", tags=["games"], response_model=list[GameType],
            summary="The games this server plays, with their options")
def game_types() -> list[dict[str, Any]]:
    from ..engine.registry import descriptors
    out = []
    for d in descriptors():
        options = [{"name": o.name, "type": o.type.__name__, "default": o.default, "help": o.help,
                    "choices": list(o.choices) if o.choices else None, "range": list(o.range) if o.range else None,
                    "simulation": o.simulation} for o in d.options]
        out.append({"id": d.id, "name": d.name, "players": list(d.players), "bots": sorted(d.bot_names), "options": options})
    return out


@router.post("/api/games", tags=["games"], status_code=201, response_model=Created, responses=_NEW_ERRORS,
             summary="Create a table: its id, the admin token and one token per seat")
def create_game(body: NewGame, games: Games) -> Any:
    return games.create(body.game, body.options, body.seats, body.seed, hotseat=body.hotseat,
                        turn_seconds=body.turn_seconds)


@router.post("/api/games/import", tags=["games"], status_code=201, response_model=Created, responses=_NEW_ERRORS,
             summary="Continue a game saved in the terminal (a record, or a Storyfold scene save)")
def import_game(body: Upload, games: Games) -> Any:
    return games.upload(body.record, body.seats, hotseat=body.hotseat, turn_seconds=body.turn_seconds)


@router.get("/api/games/{game_id}", tags=["play"], response_model=GameOut, responses=_ERRORS,
            summary="What this seat may see now, and its decision")
async def get_game(game_id: str, request: Request, games: Games,
                   log_from: int = Query(0, ge=0, description="send the log from this event index on")) -> Any:
    return _game_answer(await games.get(game_id, _token(request, game_id), log_from))


@router.post("/api/games/{game_id}/choices", tags=["play"], response_model=GameOut, responses=_MOVE_ERRORS,
             summary="Take one option of this seat's decision")
async def choose(game_id: str, body: Choice, request: Request, games: Games,
                 log_from: int = Query(0, ge=0, description="send the log from this event index on")) -> Any:
    answer = await games.choose(game_id, _token(request, game_id), body.option, body.at, log_from)
    assert answer is not None
    return _game_answer(answer)


@router.post("/api/games/{game_id}/undo", tags=["play"], response_model=GameOut, responses=_MOVE_ERRORS,
             summary="Take back this seat's last choice (never past dice or a reveal, never another seat's)")
async def undo(game_id: str, body: UndoBody, request: Request, games: Games,
               log_from: int = Query(0, ge=0, description="send the log from this event index on")) -> Any:
    answer = await games.undo(game_id, _token(request, game_id), body.at, log_from)
    assert answer is not None
    return _game_answer(answer)


@router.get("/api/games/{game_id}/hint", tags=["play"], response_model=HintsOut, responses=_HINT_ERRORS,
            summary="A hint for the seat that decides: the three best options with their win chances, in words")
async def get_hint(game_id: str, request: Request, hints: HintsDep,
                   seconds: float | None = Query(None, ge=HINT_SECONDS[0], le=HINT_SECONDS[1],
                                                 description="how long to sample (default 1.6, so the answer comes "
                                                             "within 2 s); longer: more samples, smaller errors"),
                   samples: int | None = Query(None, ge=1, le=HINT_SAMPLES,
                                               description="instead of seconds: exactly this many sample games, "
                                                           "so the same position gives the same hint"),
                   iterations: int | None = Query(None, ge=1, le=HINT_SAMPLES,
                                                  description="the older name of samples (the same meaning)"),
                   at: int | None = Query(None, ge=0, description="refuse (409) unless the game is at this decision")
                   ) -> Any:
    if samples is not None and iterations is not None:
        raise Invalid("give samples (or its older name iterations), not both")
    samples = samples if samples is not None else iterations
    if seconds is not None and samples is not None:
        raise Invalid("give seconds or samples, not both")
    client = request.client.host if request.client else "?"
    return await hints.hint(game_id, _token(request, game_id), seconds, samples, at, client)


@router.get("/api/games/{game_id}/record", tags=["play"], response_model=dict[str, Any], responses=_ERRORS,
            summary="The game's record (seed and every choice): any time when solo, else (or for a daily challenge, "
                    "403 before) once the game is over")
async def get_record(game_id: str, request: Request, games: Games) -> Any:
    return await games.record(game_id, _token(request, game_id))


@router.get("/api/games/{game_id}/analysis", tags=["play"], response_model=AnalysisOut, responses={
    202: {"model": AnalysisProgress, "description": "the analysis runs (the first request starts it): ask again; "
                                                    "Retry-After says when",
          "headers": {"Retry-After": {"description": "seconds to wait", "schema": {"type": "integer"}}}},
    **_ERRORS, **_refusals(503)},
    summary="A finished game's analysis for this seat: each decision's win chance before and after, against the best")
async def get_analysis(game_id: str, request: Request, analyses: AnalysesDep) -> Any:
    status, body = await analyses.get(game_id, _token(request, game_id))
    response = _json(body, status)
    if status == 202:
        response.headers["Retry-After"] = "2"
    return response


def _again_out(status: dict[str, Any]) -> dict[str, Any]:
    return {**status, "answers": {str(k): v for k, v in status["answers"].items()}}


@router.get("/api/games/{game_id}/again", tags=["table"], response_model=AgainOut, responses=_ERRORS,
            summary="Play again: where the answers stand once the game is over")
async def get_again(game_id: str, request: Request, games: Games) -> Any:
    return _again_out(await games.again.where(game_id, _token(request, game_id)))


@router.post("/api/games/{game_id}/again", tags=["table"], response_model=AgainOut, responses=_MOVE_ERRORS,
             summary="Play again: this seat answers; when every asked seat agrees the next table is made")
async def post_again(game_id: str, body: AgainBody, request: Request, games: Games) -> Any:
    return _again_out(await games.again.answer(game_id, [_token(request, game_id)], None, body.play_again))


@router.post("/api/games/{game_id}/again/next", tags=["table"], response_model=NextTable, responses=_ERRORS,
             summary="Play again: this seat's place at the next table (409 until it is made)")
async def post_again_next(game_id: str, request: Request, response: Response, games: Games) -> Any:
    response.headers["Cache-Control"] = "no-store"      # it carries a secret
    token = _token(request, game_id)
    new_id, secrets_, _ = await games.again.follow(game_id, [token], None)
    seat = await games.seating.seat_for(game_id, token)
    return {"id": new_id, "seat": seat, "token": secrets_[0]}


@router.put("/api/games/{game_id}/seats/{seat}/bot", tags=["table"], response_model=HandedOver, responses=_MOVE_ERRORS,
            summary="The admin, or the seat itself, hands a seat to a bot")
async def hand_to_bot(game_id: str, seat: int, body: HandOver, request: Request, seating: SeatingDep) -> Any:
    return await seating.hand_over(game_id, _token(request, game_id), seat, body.bot)


@router.delete("/api/games/{game_id}/seats/{seat}/bot", tags=["table"], response_model=HandedOver, responses=_MOVE_ERRORS,
               summary="The admin, or the seat's player on return, takes a seat back from its bot")
async def take_back(game_id: str, seat: int, request: Request, seating: SeatingDep) -> Any:
    return await seating.hand_over(game_id, _token(request, game_id), seat, None)


@router.post("/api/games/{game_id}/seats/{seat}/invitation", tags=["table"], response_model=Invitation,
             responses=_ERRORS, summary="The admin gives a seat a new invitation; the seat's old secret holds nothing")
async def new_invitation(game_id: str, seat: int, request: Request, response: Response, seating: SeatingDep) -> Any:
    response.headers["Cache-Control"] = "no-store"      # it carries a secret
    return await seating.invite(game_id, _token(request, game_id), seat, new=True)


@router.delete("/api/games/{game_id}/seats/{seat}/invitation", tags=["table"], response_model=Invitation,
               responses=_ERRORS, summary="The admin withdraws a seat: its secret and invitation hold nothing")
async def withdraw(game_id: str, seat: int, request: Request, seating: SeatingDep) -> Any:
    return await seating.invite(game_id, _token(request, game_id), seat, new=False)


@router.get("/api/games/{game_id}/seats", tags=["table"], response_model=SeatsOut, responses=_ERRORS,
            summary="Who holds each seat, and who is at the table now (for the admin and the seats)")
async def seats(game_id: str, request: Request, seating: SeatingDep) -> Any:
    return await seating.seats(game_id, _token(request, game_id))


@router.get("/api/my-games", tags=["table"], response_model=list[MyGame],
            summary="The games this browser holds seats in (from its seat cookies), never anyone else's")
def my_games(request: Request, games: Games) -> Any:
    return games.mine(request.cookies)


@router.get("/api/stats", tags=["table"], response_model=StatsOut,
            summary="This browser's record and ladder: its finished games (from its seat cookies), never anyone else's")
def my_stats(request: Request, games: Games) -> Any:
    from .mystats import my_stats as stats_of
    return stats_of(games, request.cookies)


@router.get("/api/tables", tags=["tables"], response_model=OpenTablesOut,
            summary="The open tables: those their creators listed, with a free seat anyone may take")
async def open_tables(tables: TablesDep) -> Any:
    return {"tables": await tables.open_tables()}


@router.get("/api/games/{game_id}/listing", tags=["tables"], response_model=ListingOut, responses=_ERRORS,
            summary="The admin: is the table on the list of open tables, and under which name")
async def get_listing(game_id: str, request: Request, tables: TablesDep) -> Any:
    return await tables.listing(game_id, _token(request, game_id))


@router.put("/api/games/{game_id}/listing", tags=["tables"], response_model=ListingOut, responses=_MOVE_ERRORS,
            summary="The admin lists the table, so that anyone may take a free seat (or renames it)")
async def list_table(game_id: str, body: ListingBody, request: Request, tables: TablesDep) -> Any:
    return await tables.list_table(game_id, _token(request, game_id), body.name)


@router.delete("/api/games/{game_id}/listing", tags=["tables"], response_model=ListingOut, responses=_ERRORS,
               summary="The admin takes the table off the list of open tables")
async def unlist_table(game_id: str, request: Request, tables: TablesDep) -> Any:
    return await tables.unlist_table(game_id, _token(request, game_id))


@router.post("/api/tables/{game_id}/seats/{seat}", tags=["tables"], response_model=FreeSeatTaken,
             responses=_refusals(403, 404, 409, 422, 429),
             summary="Take a free seat of an open table, once: the answer holds the seat's secret")
async def take_free_seat(game_id: str, seat: int, request: Request, response: Response, tables: TablesDep) -> Any:
    response.headers["Cache-Control"] = "no-store"      # it carries a secret
    return await tables.take(game_id, seat, request.client.host if request.client else "?")


@router.get("/api/games/{game_id}/events", tags=["play"],
            responses={200: {"content": {"text/event-stream": {}},
                             "description": "server-sent events: 'state' with this seat's GET body"}, **_MOVE_ERRORS},
            summary="A live stream: an event 'state' (this seat's GET body) whenever the game changes")
async def events(game_id: str, request: Request, games: Games) -> Response:
    service = games
    token = _token(request, game_id)
    first = await service.get(game_id, token)
    # the seats this stream keeps here (woodlands.web.presence): its own, and a hot-seat
    # browser's others (one screen, one stream)
    here = {int(first["seat"])}
    for other in request.cookies.get(HOTSEAT_PREFIX + game_id, "").split(".")[:16]:
        try:
            here.add(await service.seating.seat_for(game_id, other) if other else first["seat"])
        except Refused:
            continue
    # 429 past the caps on open streams (per seat, per address, in all: limits.StreamLimit)
    slot = service.stream_limit.open(game_id, int(first["seat"]), request.client.host if request.client else "?")
    slot.__enter__()
    return _CountedStream(_stream(service, game_id, token, first, request, sorted(here)), slot,
                          headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})


class _CountedStream(EventSourceResponse):
    """A live stream that gives back its place among the open streams when it ends, however it ends."""

    def __init__(self, body: AsyncIterator[str], slot: Any, **kwargs: Any) -> None:
        super().__init__(body, **kwargs)
        self._slot = slot

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self._slot.__exit__(None, None, None)


async def _stream(service: GameService, game_id: str, token: str | None, first: dict[str, Any],
                  request: Request, here: list[int] | None = None) -> AsyncIterator[str]:
    """The first event carries the whole body; each later one only the log's new events
    (``log_from`` says where they start: 0 again after an undo shortened the log)."""
    queue = service.hub.subscribe(game_id)
    for seat in here or ():
        service.presence.opened(game_id, seat)
    try:
        body: dict[str, Any] | None = first
        last = -1
        sent = 0                        # the log events this stream has sent
        while True:
            if body is not None and body["at"] != last:
                last = body["at"]
                sent = body["log_from"] + len(body["log"])
                yield f"event: state\nid: {last}\ndata: {dumps(body).decode()}\n\n"
            try:
                await asyncio.wait_for(queue.get(), KEEPALIVE)
            except TimeoutError:
                yield ": keep-alive\n\n"
                body = None
                continue
            while not queue.empty():
                queue.get_nowait()
            try:
                body = await service.get(game_id, token, sent)
            except Refused:
                return
    finally:
        service.hub.unsubscribe(game_id, queue)
        for seat in here or ():
            service.presence.closed(game_id, seat)


# ---------------------------------------------------------------------- the app
class BodyLimit:
    """Refuses a request body over ``limit`` bytes with 413, before the route reads it."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    size = int(value)
                except ValueError:
                    size = self.limit + 1
                if size > self.limit:
                    await self._refuse(scope, send)
                    return
        if scope.get("method") in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        # read the whole body first (it is small), counting: a body sent in chunks without a
        # length is refused as soon as it passes the limit, before any route sees it
        chunks: list[bytes] = []
        seen = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return                      # the client went away
            chunk = message.get("body", b"")
            seen += len(chunk)
            if seen > self.limit:
                await self._refuse(scope, send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, scope: Scope, send: Send) -> None:
        path = str(scope.get("path", ""))
        if not path.startswith("/api/") and scope.get("method") == "POST":
            # a page's form (an upload, a set-up): back to the home page with the reason in
            # words, like the pages' other refusals, not a JSON body in the browser's window
            from urllib.parse import urlencode
            reason = (f"That file is too big: the server takes at most {self.limit // 1024} KB "
                      "(a record or save from the terminal is far smaller). Nothing was changed.")
            await send({"type": "http.response.start", "status": 303,
                        "headers": [(b"location", ("/?" + urlencode({"error": reason})).encode()),
                                    (b"content-length", b"0")]})
            await send({"type": "http.response.body", "body": b""})
            return
        body = json.dumps({"detail": f"the request body is larger than {self.limit} bytes"}).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})


def _validation_detail(exc: RequestValidationError) -> str:
    parts = []
    for err in exc.errors()[:5]:
        where = ".".join(str(x) for x in err.get("loc", ()) if x != "body") or "body"
        if err.get("type") == "json_invalid":
            parts.append("the body is not valid JSON")
        elif where == "body" and err.get("type") in ("model_attributes_type", "dict_type"):
            parts.append("the body must be a JSON object (Content-Type: application/json)")
        elif err.get("type") == "missing":
            parts.append(f"{where} is missing")
        elif err.get("type") == "extra_forbidden":
            parts.append(f"{where} is not a field of this request")
        else:
            parts.append(f"{where}: {err.get('msg', 'invalid')}")
    return "; ".join(parts) or "the request is malformed"


def _allowed(app: FastAPI, request: Request) -> list[str]:
    """The methods some route of ``app`` answers on the request's path."""
    from starlette.routing import Match
    found: list[Any] = []

    def walk(routes: Any) -> None:
        for route in routes:
            inner = getattr(route, "original_router", None)     # a router included as a whole
            if inner is not None:
                walk(inner.routes)
                continue
            match, _ = route.matches(request.scope)
            if match != Match.NONE:
                found.append(route)
    walk(app.router.routes)
    # a path written out in full (/api/games/import) is that resource, not a value of another
    # route's parameter (/api/games/{game_id})
    exact = [r for r in found if getattr(r, "path", None) == request.url.path]
    return sorted({m for r in exact or found for m in (getattr(r, "methods", None) or ())})


def install(app: FastAPI) -> None:
    """Add the API's routes, the invitations', its error answers, the body limit and ``/docs`` to ``app``."""
    from . import daily_api, join
    app.include_router(router)
    app.include_router(join.router)
    app.include_router(daily_api.router)

    @app.exception_handler(Refused)
    async def _api_error(_request: Request, exc: Refused) -> Response:
        # the one table of errors.STATUS gives the status; the body is the refusal's words and fields
        response = _json({"detail": exc.detail, **exc.extra}, status_of(exc))
        if "retry_after" in exc.extra:          # a 429 (limits.HintLimit) says when to ask again
            response.headers["Retry-After"] = str(exc.extra["retry_after"])
        return response

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> Response:
        if exc.status_code == 400 and request.url.path.startswith("/api/"):
            # FastAPI's 400 for a body it cannot read (not UTF-8): malformed like any other bad body
            return _json({"detail": "the body is not valid JSON"}, 422)
        if exc.status_code == 405:
            # Starlette's Allow names the methods of the first route on the path only; a path
            # with a route per method (PUT and DELETE .../bot) lists them all
            exc = StarletteHTTPException(405, exc.detail, headers={**(exc.headers or {}),
                                                                   "Allow": ", ".join(_allowed(app, request))})
        return await http_exception_handler(request, exc)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> Response:
        return _json({"detail": _validation_detail(exc)}, 422)

    @app.get("/docs", include_in_schema=False)
    def docs() -> HTMLResponse:
        page = get_swagger_ui_html(openapi_url="/openapi.json", title="Woodlands API",
                                   swagger_js_url="/static/vendor/swagger-ui/swagger-ui-bundle.js",
                                   swagger_css_url="/static/vendor/swagger-ui/swagger-ui.css",
                                   swagger_favicon_url="/static/vendor/swagger-ui/favicon-32x32.png")
        # its one inline script (Swagger UI's set-up) is allowed by its hash, nothing else inline
        from .security import allowing_inline
        page.headers["Content-Security-Policy"] = allowing_inline(bytes(page.body).decode())
        return page

    app.add_middleware(BodyLimit, limit=app.state.settings.max_body)
