"""Teach mode on the game's page (woodlands.kit.teach): the first time each kind of decision
comes up, a panel beside the options says what it means, gives a tip and links its rule's page.

Where it is remembered, all in this browser's cookies (nothing of it is a secret):

* ``woodlands_teach_<game id>``: ``on`` or ``off`` for that table, fixed the first time the page
  is drawn (then the buttons change it), followed by the kinds already taught there, each with
  the decision its lesson was shown at (``on.choose_map~3.bribe~-1``; ``-1`` once put away), so
  that a page drawn again for the same decision, as a live update does, keeps its panel and a
  later one does not.  One cookie per table: a browser keeps a few per table already;
* ``woodlands_teaching_<game>``: the browser's last word for that kind of game (``tanglewoods``
  ...), set by the buttons: the default of its next tables.  Without it, a table is taught when
  it is this browser's first game of its kind: none of the games its seat cookies hold
  (``GameService.mine``) is of the same kind and older.

The lessons are generic words about a kind of decision, the same for every seat, so a hot-seat
table shows them whoever decides; nothing here reads more than the seat's own decision and view.
"""
from __future__ import annotations

import re
from typing import Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, Response

from ..kit.teach import PUT_AWAY, Tutor, rule_lessons, teaching_for
from .depends import Games
from .pages_backend import PageError
from .service import GameService

TEACH_COOKIE = "woodlands_teach_"         # per table: on|off, then kind~number.kind~number
TEACHING_COOKIE = "woodlands_teaching_"   # per kind of game: the browser's last word
_KIND = re.compile(r"^[a-z][a-z0-9_]{0,39}$")
_RULE = re.compile(r"^[A-Z]{2}-\d{3}$")
#: at most this many kinds are remembered per table (a cookie stays small)
MOST_KINDS = 64

router = APIRouter(include_in_schema=False)


def _cookies(request: Request) -> dict[str, str]:
    """The request's cookies, with what a teach button just changed over them."""
    return {**request.cookies, **getattr(request.state, "teach_cookies", {})}


def read_table(raw: str) -> tuple[str, dict[str, int]]:
    """A table's teach cookie: its setting (``''`` when there is none yet) and the kinds taught
    (anything else in it is passed over).

    >>> read_table("on.choose_map~3.bribe~-1.x~y.~2")
    ('on', {'choose_map': 3, 'bribe': -1})
    >>> read_table("")
    ('', {})
    """
    setting, *items = raw.split(".")
    taught: dict[str, int] = {}
    for item in items[:MOST_KINDS]:
        kind, sep, at = item.partition("~")
        if sep and _KIND.match(kind) and re.fullmatch(r"-?\d{1,9}", at):
            taught[kind] = int(at)
    return (setting if setting in ("on", "off") else ""), taught


def write_table(setting: str, taught: dict[str, int]) -> str:
    """The cookie :func:`read_table` reads.

    >>> write_table("off", {"bribe": -1})
    'off.bribe~-1'
    """
    return ".".join([setting, *(f"{k}~{v}" for k, v in list(taught.items())[:MOST_KINDS])])


async def _first_of_its_kind(games: GameService, cookies: dict[str, str], game_id: str, game_type: str) -> bool:
    """Whether ``game_id`` is this browser's first game of ``game_type``: no other game its seat
    cookies hold is of that kind and made before it."""
    from . import pages_backend as backend
    from .pages import COOKIE
    try:
        held = await backend.mine(games, {k: v for k, v in cookies.items() if k.startswith(COOKIE)})
    except PageError:
        return True
    this = next((g for g in held if g["id"] == game_id), None)
    made = this["created"] if this is not None else None
    return not any(g["game"] == game_type and g["id"] != game_id and (made is None or g["created"] < made)
                   for g in held)


async def lesson_context(request: Request, games: GameService, game_id: str, game_type: str,
                         decision: Any, view: dict[str, Any], at: int) -> dict[str, Any]:
    """The page's teach part: ``teach_on``, the ``lesson`` due at the seat's ``decision`` (None
    when it waits or was taught), and ``teach_set``, the cookies to set with the page."""
    teaching = teaching_for(game_type)
    if teaching is None:
        return {"teach_on": False, "lesson": None, "teach_set": {}, "can_teach": False}
    cookies = _cookies(request)
    raw = cookies.get(TEACH_COOKIE + game_id, "")
    setting, taught = read_table(raw)
    if not setting:
        setting = cookies.get(TEACHING_COOKIE + game_type, "")
        if setting not in ("on", "off"):
            setting = "on" if await _first_of_its_kind(games, cookies, game_id, game_type) else "off"
    tutor = Tutor(teaching, setting == "on", taught)
    lesson = tutor.due(decision, view, at)
    written = write_table(setting, tutor.taught)
    to_set = {TEACH_COOKIE + game_id: written} if written != raw else {}
    return {"teach_on": tutor.on, "lesson": lesson, "teach_set": to_set, "can_teach": True}


def set_cookies(request: Request, response: Response, values: dict[str, str]) -> None:
    from .pages import _cookie
    for name, value in values.items():
        _cookie(response, request, name, value)


@router.post("/games/{game_id}/teach")
async def teach(request: Request, game_id: str, games: Games, do: str = Form(""), kind: str = Form("")) -> Response:
    """The panel's buttons: ``do=dismiss`` puts the lesson of ``kind`` away; ``do=off`` turns
    teach mode off for this table and this kind of game, ``do=on`` back on."""
    from .pages import _ID, _act, _error_page
    if not _ID.match(game_id):
        return _error_page(request, PageError(404, "There is no such game."))
    changed: dict[str, str] = {}

    async def act() -> None:
        from . import pages_backend as backend
        from .pages import _seats_here
        tokens = _seats_here(request, game_id)
        if do not in ("dismiss", "off", "on"):
            raise PageError(400, "That teach button is not one of the page's.")
        setting, taught = read_table(request.cookies.get(TEACH_COOKIE + game_id, ""))
        if do == "dismiss" and not _KIND.match(kind):
            raise PageError(400, "That lesson is not one of the game's.")
        if do != "on" and _KIND.match(kind):
            # the lesson on screen is put away, and stays away if teaching comes back on
            taught[kind] = PUT_AWAY
        if do in ("on", "off"):
            snap = await backend.snapshot(games, game_id, tokens, None)
            setting = do
            changed[TEACHING_COOKIE + snap["game"].id] = do
        if setting:      # else the table was never drawn here: its page fixes it, after this
            changed[TEACH_COOKIE + game_id] = write_table(setting, taught)
        request.state.teach_cookies = changed
    response = await _act(request, games, game_id, act)
    set_cookies(request, response, changed)
    return response


@router.get("/rules/{rule_id}", response_class=HTMLResponse)
async def rule_page(request: Request, rule_id: str) -> Response:
    """A rule the lessons rest on: its id, the rulebook section it sits in and our own summary
    of it (the lessons' words), never the rulebook's sentences."""
    from .pages import _error_page, templates
    import woodlands
    found = rule_lessons(rule_id) if _RULE.match(rule_id) else []
    if not found:
        return _error_page(request, PageError(404, "No lesson rests on that rule."))
    lessons = [{"game": woodlands.load_game(g).name, "game_id": g, "title": x.title, "what": x.what, "tip": x.tip}
               for g, x in found]
    return templates.TemplateResponse(request, "rule.html", {"rule": rule_id, "section": found[0][1].section,
                                                             "lessons": lessons})


__all__ = ["router", "lesson_context", "set_cookies", "TEACH_COOKIE", "TEACHING_COOKIE"]
