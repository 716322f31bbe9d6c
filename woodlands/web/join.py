"""Taking a seat with its invitation: ``GET /join/{id}`` is the invitation's page, and
``POST /join/{id}`` with the invitation in the body claims the seat, once.

An invitation travels after the ``#`` of its link (``/join/{id}#INVITATION``), which a browser
never sends to a server, so neither this server's access log nor a proxy's ever holds it; the
page's script (static/join.js) puts it into the page's form, and the person takes the seat with
the form's button (or pastes the invitation into the form).  Opening the page changes nothing
and sets no cookie.  The claim binds the seat to whoever makes it: a browser gets the seat's new
secret in its HttpOnly, SameSite=Lax seat cookie (only from a form of this server's own pages:
woodlands.web.origin), a program (a JSON body) gets it in the answer, to send as a bearer token.
From then on the invitation grants nothing, to anyone (the table's creator included).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel, ConfigDict, Field, StrictStr, ValidationError

from .depends import Games
from .errors import Conflict, Forbidden, Invalid, Refused
from .origin import from_elsewhere
from .service import COOKIE_PREFIX, GAME_ID, HOTSEAT_PREFIX, GameService, dumps

router = APIRouter()
templates = Jinja2Templates(directory=str(Path(__file__).parent / "templates"))
#: how long a browser keeps a seat cookie (a year: a long game, or a campaign, may be resumed)
COOKIE_AGE = 60 * 60 * 24 * 365


class ClaimBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    invitation: StrictStr = Field(max_length=200, description="the seat's invitation (the part of its link after #)")


class Claimed(BaseModel):
    id: str
    seat: int
    token: str = Field(description="the seat's secret: send it as 'Authorization: Bearer TOKEN'; shown this once")


def _page(request: Request, reason: str, status: int) -> Response:
    return templates.TemplateResponse(request, "error.html", {"reason": reason, "status": status}, status_code=status,
                                      headers={"Cache-Control": "no-store"})


def _sentence(text: str) -> str:
    text = text[:1].upper() + text[1:]
    return text if text.endswith(".") else text + "."


@router.get("/join/{game_id}", tags=["table"], response_class=HTMLResponse,
            responses={200: {"description": "the invitation's page (HTML), with its \"Take this seat\" form",
                             "content": {"text/html": {"example": "<!doctype html>..."}}},
                       404: {"description": "no such game: a page (HTML) that says so",
                             "content": {"text/html": {"example": "<!doctype html>..."}}}},
            summary="The invitation's page: which game the table plays, and a button that takes the seat")
async def invitation_page(game_id: str, request: Request, games: Games) -> Response:
    """The invitation's page: the table's game, and a form to take the seat (nothing changes
    until its button is pressed)."""
    from ..engine.game import load_game
    try:
        live = await games.live(game_id)
    except Refused as err:
        return _page(request, _sentence(err.detail), err.status)
    return templates.TemplateResponse(request, "join.html", {"game_id": game_id, "game_name": load_game(live.row.game).name,
                                                             "seats": live.row.seats},
                                      headers={"Cache-Control": "no-store"})


@router.get("/join/{game_id}/{rest:path}", include_in_schema=False, response_class=HTMLResponse)
def old_link(game_id: str, rest: str, request: Request) -> Response:
    """An invitation link of the kind this server made before seats were claimed once."""
    return _page(request, "This is an invitation link of an older kind, which no longer opens a seat. Ask the "
                          "table's creator for a new invitation.", 410)


@router.post("/join/{game_id}", tags=["table"], response_model=Claimed,
             responses={303: {"description": "a form's claim: the seat's cookie is set, and the game page follows"},
                        **{c: {"description": d} for c, d in ((403, "not an open invitation of this table, or a form "
                                                                      "from another site"),
                                                               (404, "no such table"),
                                                               (409, "the invitation has been used; or this browser "
                                                                     "holds a seat at the table already"),
                                                               (422, "no invitation in the body"))}},
             openapi_extra={"requestBody": {"required": True, "content": {
                 "application/json": {"schema": ClaimBody.model_json_schema()},
                 "application/x-www-form-urlencoded": {"schema": ClaimBody.model_json_schema()}}}},
             summary="Take a seat with its invitation, once: a program gets the seat's secret, a browser its cookie")
async def claim(game_id: str, request: Request, games: Games) -> Response:
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    browser = kind in ("application/x-www-form-urlencoded", "multipart/form-data")
    try:
        if from_elsewhere(request):
            raise Forbidden("that came from another site: a seat is taken only on this server's own page; "
                            "nothing was changed")
        invitation = await _invitation(request, browser)
        made = await _claim(request, games, game_id, invitation, browser)
    except Refused as err:
        if browser:
            return _page(request, _sentence(err.detail), err.status)
        return Response(dumps({"detail": err.detail, **err.extra}), status_code=err.status, media_type="application/json")
    if not browser:
        return Response(dumps(made), media_type="application/json", headers={"Cache-Control": "no-store"})
    response = RedirectResponse(f"/games/{game_id}", status_code=303)
    response.set_cookie(COOKIE_PREFIX + game_id, made["token"], max_age=COOKIE_AGE, httponly=True, samesite="lax",
                        secure=request.app.state.settings.secure_cookies, path="/")
    response.headers["Cache-Control"] = "no-store"
    return response


async def _invitation(request: Request, browser: bool) -> str:
    """The invitation in the body: a form's field, or a JSON object's."""
    if browser:
        form = await request.form()
        value = form.get("invitation")
        if not isinstance(value, str) or not value.strip():
            raise Invalid("paste the invitation into the form (the part of its link after #) and take the seat")
        return value.strip().lstrip("#")
    try:
        body = ClaimBody.model_validate_json(await request.body())
    except ValidationError:
        raise Invalid('send the invitation as JSON, {"invitation": "..."} (Content-Type: application/json), '
                      "or as the form field invitation") from None
    return body.invitation


async def _claim(request: Request, service: GameService, game_id: str, invitation: str,
                 browser: bool) -> dict[str, Any]:
    if browser:
        held = await _held_here(request, service, game_id)
        if held is not None:
            raise Conflict(f"this browser holds Player {held + 1}'s seat at this table already: an invitation "
                           "is for another person's browser (send it to them); nothing was changed")
    return await service.seating.claim(game_id, invitation)


async def _held_here(request: Request, service: GameService, game_id: str) -> int | None:
    """The seat this browser holds at the table already (its cookies), if any."""
    if not GAME_ID.match(game_id):
        return None
    tokens = [request.cookies.get(COOKIE_PREFIX + game_id, "")]
    tokens += request.cookies.get(HOTSEAT_PREFIX + game_id, "").split(".")
    try:
        live = await service.live(game_id)
    except Refused:
        return None
    for token in tokens:
        if token:
            try:
                return service.seating.seat_in(live.row, token)
            except Refused:
                continue
    return None
