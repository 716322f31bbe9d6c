"""The daily challenge's pages: ``/daily`` (today's set-ups, this browser's attempts and the
results of the day) and its start buttons (``POST /daily/{game}``), over ``service.daily``
(:mod:`woodlands.web.daily`)."""
from __future__ import annotations

from datetime import datetime, timezone

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from .daily import NAME_MAX, PERSON_COOKIE, is_person
from .daily_api import person
from .depends import Games
from .errors import Refused
from .pages import ADMIN_COOKIE, COOKIE, PageError, _cookie, _error_page, _same_site, templates

router = APIRouter(include_in_schema=False)


@router.get("/daily", response_class=HTMLResponse)
async def daily_page(request: Request, games: Games) -> Response:
    value = request.cookies.get(PERSON_COOKIE)
    board = await games.daily.board(value if is_person(value) else None)
    for g in board["games"]:
        for a in g["finished"]:
            a["when"] = datetime.fromtimestamp(a["ended"], timezone.utc).strftime("%H:%M")
    return templates.TemplateResponse(request, "daily.html", {**board, "name_max": NAME_MAX,
                                                              "error": request.query_params.get("error", "")[:300]})


@router.post("/daily/{game}")
async def start_daily(request: Request, game: str, games: Games, name: str = Form("")) -> Response:
    """Start (or resume) this browser's attempt of the day's ``game`` and open its table."""
    try:
        _same_site(request)
        response: Response = RedirectResponse("/", status_code=303)
        started = await games.daily.start(game[:64], person(request, response), name[:200])
    except PageError as err:
        return _error_page(request, err)
    except Refused as err:
        from urllib.parse import urlencode
        return RedirectResponse("/daily?" + urlencode({"error": err.detail[:300]}), status_code=303)
    gid = started["id"]
    response.headers["location"] = f"/games/{gid}"
    _cookie(response, request, COOKIE + gid, started["token"])
    _cookie(response, request, ADMIN_COOKIE + gid, started["admin_token"])
    return response
