"""The JSON API (``/api/...``), the invitation links (``/join/...``) and the API's own docs
(``/docs``, with Swagger UI served from this package).  Every route is a thin layer over
:class:`~woodlands.web.service.GameService`; every refusal is a 4xx whose JSON body has a
``detail`` in plain words (and, where it helps, ``at``, ``rule``, ``deciding_seat``).  See
docs/web.md for the contract with examples."""
from __future__ import annotations

import asyncio
import json
from typing import Any, AsyncIterator
from urllib.parse import urlsplit

from fastapi import APIRouter, FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.sse import EventSourceResponse
from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .service import ApiError, GameService, cookie_name, dumps

router = APIRouter()

#: seconds between keep-alive comments on an idle event stream
KEEPALIVE = 15.0


# ---------------------------------------------------------------------- request and answer bodies
class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class NewGame(_Body):
    game: StrictStr = Field(max_length=64, examples=["cursed-forest"])
    options: dict[str, Any] = Field(default_factory=dict, examples=[{"players": 2}])
    seats: StrictInt | None = Field(default=None, ge=1, le=16,
                                    description="people at the table: 1 for solo games, else the players")
    seed: StrictInt | None = Field(default=None, ge=0, description="only on servers started to allow it (tests)")


class Upload(_Body):
    record: dict[str, Any] = Field(description="a record saved by `woodlands play` (its autosave or `s FILE`), "
                                               "or a Storyfold scene save")
    seats: StrictInt | None = Field(default=None, ge=1, le=16)


class Choice(_Body):
    option: StrictStr = Field(max_length=400, description="an option id of the current decision")
    at: StrictInt = Field(ge=0, description="the decision's number, from the last answer's `at`")


class UndoBody(_Body):
    at: StrictInt = Field(ge=0)


class HandOver(_Body):
    bot: StrictStr = Field(max_length=40, examples=["greedy"])


class SeatToken(BaseModel):
    seat: int
    token: str
    join: str = Field(description="the invitation link (a path on this server) that sets the seat's cookie")


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


class GameOut(BaseModel):
    id: str
    game: str
    seat: int
    seats: int
    at: int = Field(description="the current decision's number: send it back with a choice")
    deciding_seat: int | None
    view: dict[str, Any] = Field(description="what this seat may see (the game's view)")
    decision: DecisionOut | None = Field(description="null unless this seat decides now")
    log: list[dict[str, Any]] = Field(description="the events this seat may see, from log_from on")
    log_from: int
    over: bool
    outcome: dict[str, Any] | None
    can_undo: bool
    bots: dict[str, str] = Field(description="seats played by a bot: seat -> bot name")


class HintOut(BaseModel):
    option: str = Field(description="an option id of the seat's decision")
    words: str = Field(description="the option in the game's words (as the page and the terminal show it)")
    share: float = Field(ge=0, le=1, description="its share of the search's visits")
    value: float = Field(ge=0, le=1, description="the seat's estimated reward after it (see measure)")
    measure: str = Field(description="what value is: 'win chance' (where the game's search estimates one: "
                                     "Tanglewoods) or 'rating' (the position after it against the one now, "
                                     "0.5 = as good as now)")
    text: str = Field(description="one line for a person", examples=[
        "Roll the dice: picked in 46% of the search, win chance about 62%"])


class HintsOut(BaseModel):
    at: int = Field(description="the decision the hint is for (compare it with the game's `at` before showing it)")
    seat: int
    iterations: int = Field(description="how many games the search played from what the seat may see")
    seconds: float = Field(description="how long it searched")
    hints: list[HintOut] = Field(description="at most three options: first the one the search bot would take "
                                             "(its most visited, unless it keeps the greedy bot's pick), then the "
                                             "most visited others")


#: what a hint may think, in seconds (the server's CPU is shared: see woodlands.web.limits)
HINT_SECONDS = (0.1, 3.0)
#: the most iterations a reproducible hint may ask for (a few seconds in the slowest game)
HINT_ITERATIONS = 500


class Problem(BaseModel):
    model_config = ConfigDict(extra="allow")
    detail: str


_ERRORS: dict[int | str, dict[str, Any]] = {c: {"model": Problem} for c in (401, 403, 404, 409, 413, 422)}
_HINT_ERRORS: dict[int | str, dict[str, Any]] = {**_ERRORS, 429: {"model": Problem, "description": "too many hints: "
                                                                  "see Retry-After"}}


# ---------------------------------------------------------------------- helpers
def _games(request: Request) -> GameService:
    service: GameService = request.app.state.games
    return service


def _token(request: Request, game_id: str) -> str | None:
    """The bearer token, else the seat cookie of this game (checked against cross-site posts)."""
    auth = request.headers.get("authorization")
    if auth:
        scheme, _, value = auth.partition(" ")
        if scheme.lower() != "bearer" or not value.strip():
            raise ApiError(401, "the Authorization header must be 'Bearer TOKEN'")
        return value.strip()
    cookie = request.cookies.get(cookie_name(game_id))
    if cookie and request.method not in ("GET", "HEAD"):
        origin = request.headers.get("origin")
        if origin and urlsplit(origin).netloc != request.headers.get("host"):
            raise ApiError(403, "a seat cookie is not accepted on a request from another site")
    return cookie


def _json(body: Any, status: int = 200) -> Response:
    return Response(dumps(body), status_code=status, media_type="application/json")


# ---------------------------------------------------------------------- routes
@router.get("/api/health", tags=["games"], summary="Is the server up (and its database open)?")
def health(request: Request) -> dict[str, Any]:
    return {"ok": _games(request).db is not None}


@router.get("/api/game-types", tags=["games"], summary="The games this server plays, with their options")
def game_types() -> list[dict[str, Any]]:
    from ..engine.registry import descriptors
    out = []
    for d in descriptors():
        options = [{"name": o.name, "type": o.type.__name__, "default": o.default, "help": o.help,
                    "choices": list(o.choices) if o.choices else None, "range": list(o.range) if o.range else None,
                    "simulation": o.simulation} for o in d.options]
        out.append({"id": d.id, "name": d.name, "players": list(d.players), "bots": sorted(d.bots), "options": options})
    return out


@router.post("/api/games", tags=["games"], status_code=201, response_model=Created, responses=_ERRORS,
             summary="Create a table: its id, the admin token and one token per seat")
def create_game(body: NewGame, request: Request) -> Response:
    return _json(_games(request).create(body.game, body.options, body.seats, body.seed), 201)


@router.post("/api/games/import", tags=["games"], status_code=201, response_model=Created, responses=_ERRORS,
             summary="Continue a game saved in the terminal (a record, or a Storyfold scene save)")
def import_game(body: Upload, request: Request) -> Response:
    return _json(_games(request).upload(body.record, body.seats), 201)


@router.get("/api/games/{game_id}", tags=["play"], response_model=GameOut, responses=_ERRORS,
            summary="What this seat may see now, and its decision")
async def get_game(game_id: str, request: Request,
                   log_from: int = Query(0, ge=0, description="send the log from this event index on")) -> Response:
    return _json(await _games(request).get_async(game_id, _token(request, game_id), log_from))


@router.post("/api/games/{game_id}/choices", tags=["play"], response_model=GameOut, responses=_ERRORS,
             summary="Take one option of this seat's decision")
async def choose(game_id: str, body: Choice, request: Request,
                 log_from: int = Query(0, ge=0, description="send the log from this event index on")) -> Response:
    return _json(await _games(request).choose_async(game_id, _token(request, game_id), body.option, body.at, log_from))


@router.post("/api/games/{game_id}/undo", tags=["play"], response_model=GameOut, responses=_ERRORS,
             summary="Take back this seat's last choice (never past dice or a reveal, never another seat's)")
async def undo(game_id: str, body: UndoBody, request: Request,
               log_from: int = Query(0, ge=0, description="send the log from this event index on")) -> Response:
    return _json(await _games(request).undo_async(game_id, _token(request, game_id), body.at, log_from))


@router.get("/api/games/{game_id}/hint", tags=["play"], response_model=HintsOut, responses=_HINT_ERRORS,
            summary="A hint for the seat that decides: the search bot's three best options, in words")
async def get_hint(game_id: str, request: Request,
                   seconds: float | None = Query(None, ge=HINT_SECONDS[0], le=HINT_SECONDS[1],
                                                 description="how long the search thinks (default 1)"),
                   iterations: int | None = Query(None, ge=1, le=HINT_ITERATIONS,
                                                  description="instead of seconds: exactly this many searched games, "
                                                              "so the same position gives the same hint"),
                   at: int | None = Query(None, ge=0, description="refuse (409) unless the game is at this decision")
                   ) -> Response:
    if seconds is not None and iterations is not None:
        raise ApiError(422, "give seconds or iterations, not both")
    client = request.client.host if request.client else "?"
    return _json(await _games(request).hint_async(game_id, _token(request, game_id), seconds, iterations, at, client))


@router.get("/api/games/{game_id}/record", tags=["play"], responses=_ERRORS,
            summary="The game's record (seed and every choice), once the game is over")
def get_record(game_id: str, request: Request) -> Response:
    return _json(_games(request).record(game_id, _token(request, game_id)))


@router.put("/api/games/{game_id}/seats/{seat}/bot", tags=["table"], responses=_ERRORS,
            summary="The admin hands a seat to a bot")
def hand_to_bot(game_id: str, seat: int, body: HandOver, request: Request) -> Response:
    return _json(_games(request).hand_over(game_id, _token(request, game_id), seat, body.bot))


@router.delete("/api/games/{game_id}/seats/{seat}/bot", tags=["table"], responses=_ERRORS,
               summary="The admin takes a seat back from its bot")
def take_back(game_id: str, seat: int, request: Request) -> Response:
    return _json(_games(request).hand_over(game_id, _token(request, game_id), seat, None))


@router.get("/api/my-games", tags=["table"],
            summary="The games this browser holds seats in (from its seat cookies), never anyone else's")
def my_games(request: Request) -> Response:
    return _json(_games(request).mine(request.cookies))


@router.get("/api/games/{game_id}/events", tags=["play"],
            responses={200: {"content": {"text/event-stream": {}},
                             "description": "server-sent events: 'state' with this seat's GET body"}, **_ERRORS},
            summary="A live stream: an event 'state' (this seat's GET body) whenever the game changes")
async def events(game_id: str, request: Request) -> Response:
    service = _games(request)
    token = _token(request, game_id)
    first = await service.get_async(game_id, token)
    # 429 past the caps on open streams (per seat, per address, in all: limits.StreamLimit)
    slot = service.stream_limit.open(game_id, int(first["seat"]), request.client.host if request.client else "?")
    slot.__enter__()
    return _CountedStream(_stream(service, game_id, token, first, request), slot,
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
                  request: Request) -> AsyncIterator[str]:
    """The first event carries the whole body; each later one only the log's new events
    (``log_from`` says where they start: 0 again after an undo shortened the log)."""
    queue = service.hub.subscribe(game_id)
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
                body = await service.get_async(game_id, token, sent)
            except ApiError:
                return
    finally:
        service.hub.unsubscribe(game_id, queue)


@router.get("/join/{game_id}/{token}", tags=["table"], response_class=RedirectResponse, status_code=303,
            summary="An invitation link: sets the seat's cookie (HttpOnly) and opens the game page")
def join(game_id: str, token: str, request: Request) -> Response:
    service = _games(request)
    service.seat_for(game_id, token)          # 401/403/404 before any cookie is set
    response = RedirectResponse(f"/games/{game_id}", status_code=303)
    response.set_cookie(cookie_name(game_id), token, max_age=90 * 24 * 3600, httponly=True, samesite="lax",
                        secure=request.app.state.settings.secure_cookies, path="/")
    return response


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


def install(app: FastAPI) -> None:
    """Add the API's routes, its error answers, the body limit and ``/docs`` to ``app``."""
    app.include_router(router)

    @app.exception_handler(ApiError)
    async def _api_error(_request: Request, exc: ApiError) -> Response:
        response = _json({"detail": exc.detail, **exc.extra}, exc.status)
        if "retry_after" in exc.extra:          # a 429 (limits.HintLimit) says when to ask again
            response.headers["Retry-After"] = str(exc.extra["retry_after"])
        return response

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
