"""The web app's pages: the home page and each game's page, server-rendered (issue 11).

An :class:`fastapi.APIRouter` (``router``) that :func:`woodlands.web.app.create_app` mounts.  It
never implements a rule and never reads a hidden fact: a page shows ``view(seat)``,
``log_for(seat)`` and the seat's own decision through :mod:`woodlands.web.render`, and sends
option ids to the games service, the same one the JSON API uses (each route gets it as a
FastAPI dependency, :mod:`woodlands.web.depends`, and hands it to :mod:`.pages_backend`).

Seats: a browser holds a seat through the service's seat cookie (``woodlands_seat_<game id>``),
set when it claims an invitation (woodlands.web.join) or when this browser made the game; a
hot-seat table made here keeps its other seats' secrets in ``woodlands_hotseat_<game id>``, and
the page plays whichever held seat is deciding.  The creator of an online table keeps the other
seats' invitations (``woodlands_invites_<game id>``) to show them until they are taken.  The home page lists the games
whose cookies this browser sends, and nothing else.  Static files (stylesheet, script, vendored
htmx) are served from ``/static/`` (create_app mounts it), and a game's page links its game's own
stylesheet (:mod:`woodlands.web.looks`); nothing is loaded from the internet.
"""
from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any, Awaitable, Callable

from fastapi import APIRouter, Form, Request, UploadFile
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates
from markupsafe import Markup

from . import pages_backend as backend  # the one place that knows the games service's names
from .depends import Games
from .pages_backend import NO_SEAT, PageError
from .service import GameService
from .render import render_decision, render_details, render_log, render_story, render_table
from .teaching import TEACH_COOKIE, lesson_context, set_cookies

HERE = Path(__file__).parent
COOKIE = "woodlands_seat_"            # the service's seat cookie (service.cookie_name): one token
HOTSEAT_COOKIE = "woodlands_hotseat_"   # the other seats of a hot-seat table made in this browser
ADMIN_COOKIE = "woodlands_admin_"       # the table's admin token, for whoever made it (bots, invitations)
INVITES_COOKIE = "woodlands_invites_"   # the open invitations of an online table, SEAT~INVITATION, to show them
SHOWN_COOKIE = "woodlands_shown_"       # hot-seat: the held seat whose table this browser showed last
#: where a form posted as a whole page (no JavaScript, or pressed before the page's scripts were
#: ready) sends the player back to: the decision, which static/app.js then focuses (without
#: JavaScript the browser scrolls there, and Tab goes on from it)
CHOICES = "#decision"
COOKIE_AGE = 60 * 60 * 24 * 365
_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{8,128}$")

templates = Jinja2Templates(directory=str(HERE / "templates"))
router = APIRouter(include_in_schema=False)




# ------------------------------------------------------------------ cookies
def held_tokens(request: Request, game_id: str) -> list[str]:
    """The seat tokens this browser holds for ``game_id``: its seat cookie (set by an invitation
    link or when this browser made the game) and, for a hot-seat table made here, the other
    seats' tokens.  Never anyone else's: only cookies this browser sends."""
    tokens = []
    for raw in (request.cookies.get(COOKIE + game_id, ""), request.cookies.get(HOTSEAT_COOKIE + game_id, "")):
        tokens += [t for t in raw.split(".") if _TOKEN.match(t) and t not in tokens]
    return tokens


def _same_site(request: Request) -> None:
    """A form post that acts for a seat, or sets or drops a cookie, must come from this
    server's own pages (woodlands.web.origin: a page on another port of this host is another
    origin, though the browser sends it the SameSite=Lax cookies)."""
    from .origin import from_elsewhere
    if from_elsewhere(request):
        raise PageError(403, "That form came from another site; nothing was changed.")


def _secure(request: Request) -> bool:
    return bool(getattr(getattr(request.app.state, "settings", None), "secure_cookies", False))


def _cookie(response: Response, request: Request, name: str, value: str) -> None:
    response.set_cookie(name, value, max_age=COOKIE_AGE, path="/", httponly=True, samesite="lax", secure=_secure(request))


# ------------------------------------------------------------------ home
def _game_forms() -> list[dict[str, Any]]:
    """Each game's card on the home page: its picture and line, its buttons and its set-up
    fields, every word from its descriptor's and presentation's player-facing words."""
    import woodlands
    from ..engine.presentation import presentation_for
    from ..engine.registry import descriptor, resolve
    from .looks import picture_url
    out = []
    for gid in sorted(woodlands.game_ids(), key=lambda g: (descriptor(g).menu_order, g)):
        d = descriptor(gid)
        game = woodlands.load_game(gid)
        fields = []
        for spec in d.options:
            if not spec.flag:
                continue
            choices: list[tuple[Any, str]] | None = None
            if spec.menu_choices is not None:
                choices = [(v, str(label)) for v, label in resolve(spec.menu_choices)(game)]
            elif spec.choices:
                choices = [(v, spec.choice_words(v)) for v in spec.choices]
            fields.append({"name": spec.name, "help": spec.words(), "default": spec.default,
                           "default_words": None if spec.default is None else spec.choice_words(spec.default),
                           "choices": choices, "range": spec.range, "type": spec.type.__name__,
                           "when": list(spec.when)})
        p = presentation_for(game)
        low, high = game.players
        out.append({"id": gid, "name": game.name, "players": game.players, "fields": fields,
                    "characters": p.characters(), "resume": any(s.name == "resume" for s in d.options),
                    "picture": picture_url(game), "tagline": p.tagline,
                    "seats_words": f"{low} player" if low == high == 1 else (
                        f"{low} players" if low == high else f"{low} to {high} players"),
                    # alone: one seat where the game allows it; with friends: an online table
                    "alone": low == 1, "friends": high > 1, "friends_seats": max(2, low)})
    return out


@router.get("/", response_class=HTMLResponse)
async def home(request: Request, games: Games) -> Response:
    import woodlands
    mine = []
    try:
        found = await backend.mine(games, {k: v for k, v in request.cookies.items() if k.startswith(COOKIE)})
    except PageError:
        found = []
    for g in found:
        gid = str(g["id"])
        hot = [t for t in request.cookies.get(HOTSEAT_COOKIE + gid, "").split(".") if _TOKEN.match(t)]
        seats = [f"Player {int(g['seat']) + 1}"] + [f"Player {int(g['seat']) + 2 + i}" for i in range(len(hot))]
        deciding = g.get("deciding_seat")
        mine.append({"id": gid, "name": woodlands.load_game(str(g["game"])).name,
                     "seats": seats if g.get("seats", 1) > 1 else ["You"], "at": g["at"], "over": g["over"],
                     "deciding": None if deciding is None else f"Player {int(deciding) + 1}"})
    try:
        ladders = (await _my_stats(request, games, {str(g["id"]) for g in found if g["over"]}))["ladders"]
    except PageError:       # (as the list above: the home page shows the games whatever happens)
        from ..kit.career import all_ladders
        ladders = all_ladders([])
    return templates.TemplateResponse(request, "home.html", {"games": _game_forms(), "mine": mine, "ladders": ladders,
                                                             "error": request.query_params.get("error", "")[:300]})


async def _my_stats(request: Request, games: GameService, over: "set[str] | None" = None) -> dict[str, Any]:
    """This browser's record and ladder (woodlands.web.mystats), from its seat cookies only;
    ``over``: the ids of its finished games when the caller knows them already (the home page's
    list), so that games still being played are not looked at again (they give no row)."""
    from .mystats import my_stats
    cookies = {k: v for k, v in request.cookies.items()
               if k.startswith(COOKIE) and (over is None or k[len(COOKIE):] in over)}
    return await backend._call(my_stats, games, cookies)


@router.get("/stats", response_class=HTMLResponse)
async def stats_page(request: Request, games: Games) -> Response:
    from ..kit.career import best_words, percent
    stats = await _my_stats(request, games)

    def best(entry: dict[str, Any], game: dict[str, Any] | None = None) -> str:
        of = game or entry
        return best_words(entry, str(of["best_by"]), str(of["rounds_words"]))
    return templates.TemplateResponse(request, "stats.html", {"stats": stats, "ladders": stats["ladders"],
                                                              "pct": percent, "best": best})


def _options_from_form(form: Any, game_id: str) -> tuple[dict[str, Any], int | None]:
    """The game's options from the set-up form (the game's check_options stays the judge)."""
    from ..engine.registry import descriptor
    d = descriptor(game_id)
    options: dict[str, Any] = {}
    for spec in d.options:
        raw = form.get(f"{game_id}.{spec.name}")
        if spec.type in (dict, list) or not isinstance(raw, str) or raw.strip() == "":
            continue
        text = str(raw).strip()
        if spec.type is int:
            try:
                options[spec.name] = int(text)
            except ValueError as err:
                raise PageError(400, f"{spec.name}: a whole number, please (not {text[:20]!r})") from err
        elif spec.type is bool:
            options[spec.name] = text.lower() in ("1", "true", "yes", "on")
        else:
            options[spec.name] = text
    chars = [str(form.get(f"{game_id}.character{i}") or "").strip() for i in range(4)]
    chosen = [c for c in chars if c]
    if chosen:
        options["characters"] = chosen
    extra = str(form.get(f"{game_id}.extra") or "")
    for line in extra.splitlines():
        line = line.strip()
        if not line:
            continue
        key, sep, value = line.partition("=")
        if not sep or not key.strip():
            raise PageError(400, f"other options: write KEY=VALUE, one a line (not {line[:30]!r})")
        try:
            options[key.strip()] = json.loads(value)
        except ValueError:
            options[key.strip()] = value.strip()
    # the number of seats follows from the options: the service counts them once it has checked
    # the options (the page read "players" itself, unchecked, and "players=abc" was a crash)
    return options, None


@router.post("/new")
async def new_game(request: Request, games: Games) -> Response:
    form = await request.form()
    game_id = str(form.get("game") or "")
    import woodlands
    if game_id not in woodlands.game_ids():
        return _home_error("Pick one of the games.")
    try:
        _same_site(request)
        options, seats = _options_from_form(form, game_id)
        resume = form.get(f"{game_id}.resume")
        if isinstance(resume, UploadFile) or hasattr(resume, "read"):
            data = await resume.read()  # type: ignore[union-attr]
            if data:
                options["resume"] = _read_upload(data)
        # hot-seat: this browser holds every seat; online: its own (the first), the others invited.
        # The seats are counted by the service from the checked options (a form's "players" may
        # be anything), so a solo table asked for online is simply one seat this browser holds
        online = str(form.get(f"{game_id}.mode") or "") == "online"
        online, seats = _quick_start(form, game_id, options, online, seats)
        made = await backend.create(games, game_id, options, seats, hotseat=not online, keep=(0,),
                                    turn_seconds=_turn_timer(form, game_id))
    except PageError as err:
        return _home_error(err.reason)
    online = online and len(made["seats"]) > 1
    return _after_create(request, made, online)


def _quick_start(form: Any, game_id: str, options: dict[str, Any], online: bool,
                 seats: int | None) -> tuple[bool, int | None]:
    """What the home page's quick buttons mean (``<game>.play``): "alone" is one seat where the
    game allows it, this browser's; "friends" an online table of at least two seats (more when
    "More options" asks for more), each other seat with its invitation.  Any other button
    starts the game as the form stands.  Returns (online, seats); ``options`` is amended."""
    from ..engine.registry import descriptor
    play = str(form.get(f"{game_id}.play") or "")
    d = descriptor(game_id)
    low, high = d.players
    counted = d.option("players") is not None        # the service's convention for the seat count
    if play == "alone":
        if counted and low == 1:
            options["players"] = 1
        return False, seats
    if play == "friends" and high > 1:
        if counted:
            given = options.get("players")
            given = given if isinstance(given, int) and not isinstance(given, bool) else 0
            options["players"] = min(high, max(2, low, given))
        return True, seats
    return online, seats


def _read_upload(data: bytes) -> Any:
    from ..engine.errors import WoodlandsError
    from ..engine.errors import RecordError
    from ..engine.files import parse_json
    # its size is already bounded: the BodyLimit middleware refuses a body over Settings.max_body
    # (and sends a page's form back home with the reason) before this reads it
    try:
        return parse_json(data.decode("utf-8-sig"), "the file", RecordError)
    except UnicodeDecodeError as err:
        raise PageError(400, "That file is not UTF-8 text: upload a record or save made by `woodlands play`.") from err
    except WoodlandsError as err:
        raise PageError(400, f"That file is not a record or a save: {err}") from err


@router.post("/upload")
async def upload(request: Request, file: UploadFile, games: Games) -> Response:
    try:
        _same_site(request)
        data = await file.read()
        doc = _read_upload(data)
        made = await backend.create_from_upload(games, doc)
    except PageError as err:
        return _home_error(err.reason)
    return _after_create(request, made, online=False)


def _turn_timer(form: Any, game_id: str) -> int | None:
    """The set-up form's turn timer, in whole minutes or seconds (empty: none)."""
    raw = str(form.get(f"{game_id}.turn_timer") or "").strip()
    if not raw:
        return None
    from .service import TURN_SECONDS
    try:
        seconds = int(raw)
    except ValueError:
        seconds = -1
    if not TURN_SECONDS[0] <= seconds <= TURN_SECONDS[1]:
        raise PageError(400, f"Turn timer: a number of seconds from {TURN_SECONDS[0]} to {TURN_SECONDS[1]}, or "
                             f"empty for none (not {raw[:20]!r}).")
    return seconds


def _home_error(reason: str) -> Response:
    from urllib.parse import urlencode
    return RedirectResponse("/?" + urlencode({"error": reason[:300]}), status_code=303)


def _after_create(request: Request, made: dict[str, Any], online: bool) -> Response:
    """Hand this browser its seats: seat 0 in the service's seat cookie; the other seats' secrets
    too for a hot-seat table, or their invitations, to show until they are taken, for an online one."""
    gid = made["id"]
    tokens = [s["token"] for s in made["seats"] if s["token"]]
    response = RedirectResponse(f"/games/{gid}", status_code=303)
    _cookie(response, request, COOKIE + gid, tokens[0])
    _cookie(response, request, ADMIN_COOKIE + gid, made["admin_token"])
    if len(tokens) > 1:
        _cookie(response, request, HOTSEAT_COOKIE + gid, ".".join(tokens[1:]))
    invites = {int(s["seat"]): str(s["invitation"]) for s in made["seats"] if s.get("invitation")}
    if invites:
        _cookie(response, request, INVITES_COOKIE + gid, _invites_cookie(invites))
    return response


def _invites(request: Request, game_id: str) -> dict[int, str]:
    """The invitations this browser keeps for ``game_id`` (its creator's): seat -> invitation."""
    out: dict[int, str] = {}
    for item in request.cookies.get(INVITES_COOKIE + game_id, "").split("."):
        seat, sep, invitation = item.partition("~")
        if sep and seat.isdigit() and _TOKEN.match(invitation):
            out[int(seat)] = invitation
    return out


def _invites_cookie(invites: dict[int, str]) -> str:
    return ".".join(f"{seat}~{invitation}" for seat, invitation in sorted(invites.items()))


@router.post("/forget/{game_id}")
async def forget(request: Request, game_id: str) -> Response:
    try:
        _same_site(request)     # a form elsewhere must not drop this browser's seats (the admin token is shown once)
    except PageError as err:
        return _error_page(request, err)
    response = RedirectResponse("/", status_code=303)
    if _ID.match(game_id):
        for name in (COOKIE, HOTSEAT_COOKIE, ADMIN_COOKIE, INVITES_COOKIE, SHOWN_COOKIE, TEACH_COOKIE):
            response.delete_cookie(name + game_id, path="/")
    return response


# ------------------------------------------------------------------ the game page
def _seats_here(request: Request, game_id: str) -> list[str]:
    """The tokens of the seats this browser holds at ``game_id``: a 404 page for an id that
    cannot be a game's, a 403 page when it holds none."""
    if not _ID.match(game_id):
        raise PageError(404, "There is no such game.")
    tokens = held_tokens(request, game_id)
    if not tokens:
        raise PageError(403, "This browser holds no seat at that game: open your invitation link first.", NO_SEAT)
    return tokens


def _shown(request: Request, game_id: str) -> int | None:
    """The held seat whose table this browser showed last (hot-seat), from its cookie."""
    raw = request.cookies.get(SHOWN_COOKIE + game_id, "")
    return int(raw) if raw.isdigit() and len(raw) < 4 else None


async def _context(request: Request, games: GameService, game_id: str, refusal: str | None = None,
                   kept: dict[int, str] | None = None, since: int | None = None,
                   shown: int | None = None) -> dict[str, Any]:
    """What a game's page (or its re-drawn fragment) shows the seat this browser plays; with
    ``since`` (how many log events the page showed before a live update), the narrated lines
    that came since, to announce in words what the other seats did.  At a hot-seat table whose
    deciding seat is not the one this browser showed last (``shown``, else its cookie), the
    handover instead: the next player's name and a button, nothing of any seat's table."""
    tokens = _seats_here(request, game_id)
    snap = await backend.snapshot(games, game_id, tokens, _shown(request, game_id) if shown is None else shown)
    game, state, seat = snap["game"], snap["state"], snap["seat"]
    view = snap["view"]
    from ..engine.presentation import presentation_for
    from ..engine.views import envelope
    p = presentation_for(game)
    if snap["handover"]:
        return _handover_context(game_id, game, snap, p.seat_name(view, seat))
    # whether it is over, whose turn and how it ended: as the seat's view taken with the
    # snapshot says (the live state may have moved on since)
    env = envelope(view)
    deciding_seat = env["deciding"]
    bots = snap["bots"]
    mine = state.decision if deciding_seat == seat and seat not in bots else None
    at = int(snap["at"])
    deciding = None if deciding_seat is None else p.seat_name(view, deciding_seat)
    if deciding_seat in bots:
        deciding = f"{deciding} (a bot)"
    # this browser's seat decides: the title and the banner say so (a waiting seat's say who)
    your_turn = mine is not None and not env["over"]
    log = snap["log"]
    from .botseats import timer_bot
    from .looks import look_url
    from .store import LISTING_NAME
    admin_token = request.cookies.get(ADMIN_COOKIE + game_id, "")
    admin = bool(admin_token) and snap["seats"] > 1
    listing = await backend.listing(games, game_id, admin_token) if admin and _TOKEN.match(admin_token) else None
    from .service import duration_words
    invites = []
    rows = snap["seat_rows"]
    if snap["seats"] > 1:
        # the invitations this browser (the creator's) keeps, while their seats wait: the
        # invitation after '#', which the browser never sends to a server
        base = str(request.base_url).rstrip("/")
        for other, invitation in sorted((kept if kept is not None else _invites(request, game_id)).items()):
            if other < len(rows) and not rows[other]["held"]:
                invites.append({"seat": other, "name": p.seat_name(view, other),
                                "url": f"{base}/join/{game_id}#{invitation}"})
    return {
        "game_id": game_id, "game_name": game.name, "seat": seat, "seat_name": p.seat_name(view, seat),
        # the kind of game (its id, as `woodlands play` takes it) and its own stylesheet, if any
        "game_type": game.id, "look_url": look_url(game),
        "seats": snap["seats"], "at": at, "over": env["over"],
        "table": render_table(game, view, seat, log),
        "decision": Markup("") if env["over"] else render_decision(
            game, view, mine, at, action=f"/games/{game_id}/choose", refusal=refusal, deciding=deciding),
        "details": render_details(game, view, mine),
        "log": render_log(game, log, seat),
        "your_turn": your_turn, "turn_banner": _turn_words(your_turn, env["over"], deciding,
                                                           p.seat_name(view, seat), snap["seats"] > 1),
        # the page's log length, sent back with a live update's request; and what came since
        "log_count": len(log), "announce": _announce(game, log, seat, since),
        # the end screen: the story told to this seat, "Play again?" and the record
        "outcome": render_story(game, view, log, seat) if env["over"] else Markup(""),
        "again": _again_words(snap["again"], p, view, snap["held"]) if env["over"] else None,
        "record_name": f"{game.id}-{game_id}-record.json",
        "can_undo": snap["can_undo"], "invites": invites, "events_url": f"/api/games/{game_id}/events",
        "admin": admin,
        # the creator's control of the list of open tables (woodlands.web.tables)
        "listing": listing, "name_max": LISTING_NAME,
        "seat_rows": [{**row, "name": p.seat_name(view, i), "bot": bots.get(i), "mine": i in snap["held"],
                       "status": _presence_words(row)} for i, row in enumerate(rows)],
        "bot_names": snap["bot_names"], "own_bot": timer_bot(game.id), "hotseat": len(snap["held"]) > 1,
        "turn_seconds": snap["turn_seconds"], "turn_words": duration_words(snap["turn_seconds"] or 0),
        "forced": snap["forced"][-6:],
        # the Hint button: for the seat this browser plays when it decides (not a bot's seat)
        "can_hint": mine is not None, "hint": Markup(""),
        # between two Storyfold scenes: the scene save to download (the terminal's `s`)
        "scene_save": mine is not None and mine.kind == "scene_break" and snap["seats"] == 1 and not snap["daily"],
        # a daily challenge's page says so (its seed and record come at its end)
        "daily": snap["daily"],
        "handover": False, "shown_seat": seat,
        # teach mode: the lesson of a kind of decision met for the first time (woodlands.web.teaching)
        **await lesson_context(request, games, game_id, game.id, mine if your_turn else None, view, at),
    }


def _again_words(again: dict[str, Any] | None, p: Any, view: Any, held: list[int]) -> dict[str, Any] | None:
    """"Play again?" as the end screen shows it: each asked seat's answer in words, whether the
    others must be asked (an online table), and what this browser may do now."""
    if again is None:
        return None
    words = {"yes": "will play again", "no": "will not play again", None: "has not answered yet"}
    answers = again["answers"]
    return {**again, "online": any(s not in held for s in answers),
            "rows": [{"seat": s, "name": p.seat_name(view, s), "mine": s in held, "words": words[a]}
                     for s, a in sorted(answers.items())],
            "waiting": any(a != "yes" for s, a in answers.items() if s not in held)}


def _handover_context(game_id: str, game: Any, snap: dict[str, Any], name: str) -> dict[str, Any]:
    """The hot-seat handover (as the terminal's "Pass to ..."): only the game, the decision's
    number and the next player's name (a seat's name is public), so that the last player's
    face-down items and private facts are off the screen, and the next one's not yet on it."""
    from .looks import look_url
    return {"game_id": game_id, "game_name": game.name, "game_type": game.id, "look_url": look_url(game),
            "seats": snap["seats"], "at": int(snap["at"]), "over": False, "your_turn": False,
            "events_url": f"/api/games/{game_id}/events", "handover": True, "handover_seat": snap["seat"],
            "handover_name": name, "seat_name": name, "shown_seat": None}


def _turn_words(yours: bool, over: bool, deciding: str | None, me: str, several: bool) -> str:
    """The banner's words: whose decision it is, from this browser's seat."""
    if over:
        return ""
    if yours:
        return f"Your turn, {me}: choose below." if several else "Your turn: choose below."
    return f"Waiting for {deciding or 'the game'}."


#: an announcement says at most this many of the newest lines (the log has them all)
ANNOUNCED = 6


def _announce(game: Any, log: list[dict[str, Any]], seat: int, since: int | None) -> list[str]:
    """The narrated lines of the log events after the first ``since`` (what a live update
    brought): only the events this seat may see (``log`` is ``log_for(seat)``), told as the
    page's log tells them.  None asked, or a log that got shorter (an undo): nothing."""
    if since is None or not 0 <= since < len(log):
        return []
    from ..engine.presentation import presentation_for
    lines = [line for line in presentation_for(game).narrate(log[since:], seat) if line]
    return lines[-ANNOUNCED:]


def _presence_words(row: dict[str, Any]) -> str:
    """Who is at a seat, in words, for the page's list of seats."""
    if not row["held"]:
        return "nobody has taken this seat"
    if row["here"]:
        return "here"
    from .service import duration_words
    away = int(row["away_seconds"])
    return f"away for {duration_words(away if away < 60 else 60 * (away // 60))}"     # whole minutes past the first


def _error_page(request: Request, err: PageError) -> Response:
    return templates.TemplateResponse(request, "error.html", {"reason": err.reason, "status": err.status},
                                      status_code=err.status)


def _drawn(request: Request, template: str, ctx: dict[str, Any]) -> Response:
    """The game's page or fragment; it remembers which seat's table it drew (the hot-seat
    handover compares the next drawing's seat with it)."""
    response = templates.TemplateResponse(request, template, ctx)
    set_cookies(request, response, ctx.get("teach_set") or {})
    if ctx.get("shown_seat") is not None:
        _cookie(response, request, SHOWN_COOKIE + str(ctx["game_id"]), str(ctx["shown_seat"]))
    return response


@router.post("/games/{game_id}/handover")
async def handover(request: Request, game_id: str, games: Games, seat: str = Form("")) -> Response:
    """The next player at a hot-seat table is ready (the handover's button, or Enter): their
    table.  ``seat`` is the seat the handover named; when another one decides by now, the
    handover for it comes instead."""
    try:
        _same_site(request)
        shown = int(seat) if seat.isdigit() and len(seat) < 4 else -1
        if request.headers.get("HX-Request") != "true":
            _seats_here(request, game_id)
            response: Response = RedirectResponse(f"/games/{game_id}{CHOICES}", status_code=303)
            if shown >= 0:
                _cookie(response, request, SHOWN_COOKIE + game_id, str(shown))
            return response
        ctx = await _context(request, games, game_id, shown=shown)
    except PageError as err:
        return _error_page(request, err)
    return _drawn(request, "_game.html", {**ctx, "oob": True})


@router.get("/games/{game_id}", response_class=HTMLResponse)
async def game_page(request: Request, game_id: str, games: Games) -> Response:
    try:
        ctx = await _context(request, games, game_id)
    except PageError as err:
        return _error_page(request, err)
    if games.searches.cold:
        # the search workers start beside the page, not in its way: a first hint then finds them up
        asyncio.get_running_loop().run_in_executor(None, games.searches.warm)
    return _drawn(request, "game.html", ctx)


@router.get("/games/{game_id}/table", response_class=HTMLResponse)
async def game_fragment(request: Request, game_id: str, games: Games, since: str = "") -> Response:
    """The game re-drawn for htmx (a live update); ``since``: the log length the page showed,
    so that what the other seats did since is announced in words."""
    try:
        ctx = await _context(request, games, game_id, since=int(since) if since.isdigit() and len(since) < 9 else None)
    except PageError as err:
        return _error_page(request, err)
    return _drawn(request, "_game.html", {**ctx, "oob": True})


def _answer(request: Request, game_id: str, ctx: dict[str, Any] | None, err: PageError | None) -> Response:
    """After a choice or undo: the fragment for htmx (a refusal shown in it, status 200 so htmx
    swaps it in), else a redirect back to the page (a refusal: the error page with its reason)."""
    htmx = request.headers.get("HX-Request") == "true"
    if htmx and ctx is not None:
        # No HX-Retarget: htmx resolves that header from the element that sent the request, and a
        # live update may have swapped that element (and the #game it aimed at) out of the page
        # while the answer was on its way; even "global #game" is then looked up inside the
        # detached subtree (htmx:targetError).  static/app.js points such a swap at the page's
        # current #game in htmx:beforeSwap instead.
        return _drawn(request, "_game.html", {**ctx, "oob": True})
    if err is not None:
        return _error_page(request, err)
    return RedirectResponse(f"/games/{game_id}{CHOICES}", status_code=303)


def _held_at(request: Request, game_id: str, at: str) -> tuple[list[str], int]:
    """The seat tokens this browser holds for ``game_id`` and the form's decision number."""
    tokens = held_tokens(request, game_id)
    if not _ID.match(game_id) or not tokens:
        raise PageError(403, "This browser holds no seat at that game.", NO_SEAT)
    try:
        return tokens, int(at)
    except ValueError as err:
        raise PageError(400, "The form lost its place in the game: reload the page.") from err


async def _act(request: Request, games: GameService, game_id: str, act: Callable[[], Awaitable[None]],
               kept: dict[int, str] | None = None) -> Response:
    """Run a form post's ``act`` (after the same-site check) and answer with the game as it is
    then, or with the refusal shown on it (``kept``: the invitations to show, when ``act``
    changed them)."""
    try:
        _same_site(request)
        await act()
    except PageError as err:
        try:
            ctx = await _context(request, games, game_id, refusal=err.reason, kept=kept)
        except PageError:
            ctx = None
        return _answer(request, game_id, ctx, err)
    return _answer(request, game_id, await _context(request, games, game_id, kept=kept), None)


@router.post("/games/{game_id}/choose")
async def choose(request: Request, game_id: str, games: Games, option: str = Form(""), at: str = Form("")) -> Response:
    async def act() -> None:
        tokens, number = _held_at(request, game_id, at)
        await backend.choose(games, game_id, tokens, option[:200], number)
    return await _act(request, games, game_id, act)


@router.post("/games/{game_id}/undo")
async def undo(request: Request, game_id: str, games: Games, at: str = Form("")) -> Response:
    async def act() -> None:
        tokens, number = _held_at(request, game_id, at)
        await backend.undo(games, game_id, tokens, number)
    return await _act(request, games, game_id, act)


@router.get("/games/{game_id}/hint", response_class=HTMLResponse)
async def hint(request: Request, game_id: str, games: Games, at: str = "", longer: str = "") -> Response:
    """The Hint and Think longer buttons: the three best options for the held seat that decides,
    with their win chances, in words (``longer``: more samples).  For htmx the hint alone (a
    refusal too, status 200 so htmx shows it: nothing changed); without JavaScript the game page
    with the hint in it."""
    refusal: str | None = None
    answer: dict[str, Any] | None = None
    try:
        tokens, number = _held_at(request, game_id, at)
        answer = await backend.hint(games, game_id, tokens, number, request.client.host if request.client else "?",
                                    longer=bool(longer))
    except PageError as err:
        if err.status in (401, 404) or err.kind == NO_SEAT:     # not this browser's game: the error page
            return _error_page(request, err)
        refusal = err.reason
    fragment = templates.get_template("_hint.html").render({"answer": answer, "refusal": refusal})
    if request.headers.get("HX-Request") == "true":
        return HTMLResponse(fragment)
    try:
        ctx = await _context(request, games, game_id)
    except PageError as err:
        return _error_page(request, err)
    ctx["hint"] = Markup(fragment)
    return _drawn(request, "game.html", ctx)


@router.get("/games/{game_id}/scene-save")
async def scene_save(request: Request, game_id: str, games: Games) -> Response:
    """Between two Storyfold scenes: the scene save as a file to download, the same document the
    terminal's ``s`` writes (``woodlands play storyfold --resume FILE`` and the home page's
    Continue-a-campaign field take it)."""
    try:
        game, save = await backend.scene_save(games, game_id, _seats_here(request, game_id))
    except PageError as err:
        return _error_page(request, err)
    # the game's id first, so that saves of several games in one folder tell themselves apart
    name = f"{game}-{save.get('next_scene') or 'scene'}-scene-save.json"
    name = re.sub(r"[^A-Za-z0-9_.-]", "-", name)
    return Response(json.dumps(save, indent=1) + "\n", media_type="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{name}"',
                             "Cache-Control": "no-store"})


@router.post("/games/{game_id}/seats/{seat}")
async def hand_over(request: Request, game_id: str, seat: int, games: Games, bot: str = Form("")) -> Response:
    """A seat goes to a bot (``bot``: its name) or back to its player (empty): asked by the seat
    itself when this browser holds it, else by the table's creator (its admin cookie)."""
    admin = request.cookies.get(ADMIN_COOKIE + game_id, "")

    async def act() -> None:
        if not _ID.match(game_id):
            raise PageError(404, "There is no such game.")
        await backend.hand_over(games, game_id, held_tokens(request, game_id), admin if _TOKEN.match(admin) else "",
                                seat, bot or None)
    return await _act(request, games, game_id, act)


@router.post("/games/{game_id}/seats/{seat}/invitation")
async def invitation(request: Request, game_id: str, seat: int, games: Games, withdraw: str = Form("")) -> Response:
    """The table's creator gives a seat a new invitation (its old one, and whoever took it, hold
    nothing from then on), or with ``withdraw`` none."""
    admin = request.cookies.get(ADMIN_COOKIE + game_id, "")
    kept = _invites(request, game_id)

    async def act() -> None:
        if not _ID.match(game_id) or not _TOKEN.match(admin):
            raise PageError(403, "Only the browser that made this table may invite its players.")
        made = await backend.invite(games, game_id, admin, seat, new=not withdraw)
        kept.pop(seat, None)
        if made["invitation"]:
            kept[seat] = made["invitation"]
    response = await _act(request, games, game_id, act, kept)
    if _ID.match(game_id) and _TOKEN.match(admin):
        _cookie(response, request, INVITES_COOKIE + game_id, _invites_cookie(kept))
    return response


@router.post("/games/{game_id}/listing")
async def listing(request: Request, game_id: str, games: Games, name: str = Form(""), unlist: str = Form("")) -> Response:
    """The table's creator lists the table among the open tables under ``name``, or with
    ``unlist`` takes it off the list."""
    admin = request.cookies.get(ADMIN_COOKIE + game_id, "")

    async def act() -> None:
        if not _ID.match(game_id) or not _TOKEN.match(admin):
            raise PageError(403, "Only the browser that made this table may list it among the open tables.")
        await backend.set_listing(games, game_id, admin, None if unlist else name)
    return await _act(request, games, game_id, act)


# ------------------------------------------------------------------ play again
@router.post("/games/{game_id}/again")
async def play_again(request: Request, game_id: str, games: Games, answer: str = Form("yes"),
                     start: str = Form("")) -> Response:
    """This browser's seats answer "Play again?" (``answer``: yes or no); with ``start``, the
    table's creator starts the next table with the seats that agreed so far.  Once the next
    table is made and this browser's seats are in it, the browser goes there."""
    admin = request.cookies.get(ADMIN_COOKIE + game_id, "")
    try:
        _same_site(request)
        tokens = _seats_here(request, game_id)
        status = await backend.play_again(games, game_id, tokens, admin if _TOKEN.match(admin) else "",
                                          answer != "no", bool(start))
        if status["next"] and status["agreed"]:
            return await _to_next_table(request, games, game_id, tokens, admin)
    except PageError as err:
        return _error_page(request, err)
    return RedirectResponse(f"/games/{game_id}", status_code=303)


@router.post("/games/{game_id}/again/go")
async def go_to_next_table(request: Request, game_id: str, games: Games) -> Response:
    """Take this browser's places at the next table (its seats agreed to play again)."""
    try:
        _same_site(request)
        return await _to_next_table(request, games, game_id, _seats_here(request, game_id),
                                    request.cookies.get(ADMIN_COOKIE + game_id, ""))
    except PageError as err:
        return _error_page(request, err)


async def _to_next_table(request: Request, games: GameService, game_id: str, tokens: list[str], admin: str) -> Response:
    """The next table's page, with this browser's secrets there in its cookies: the first seat's
    in the seat cookie, the others' (a hot-seat table) beside it, the creator's admin token."""
    new_id, secrets_, admin_next = await backend.next_table(games, game_id, tokens, admin if _TOKEN.match(admin) else "")
    response = RedirectResponse(f"/games/{new_id}", status_code=303)
    _cookie(response, request, COOKIE + new_id, secrets_[0])
    if len(secrets_) > 1:
        _cookie(response, request, HOTSEAT_COOKIE + new_id, ".".join(secrets_[1:]))
    if admin_next:
        _cookie(response, request, ADMIN_COOKIE + new_id, admin_next)
    response.headers["Cache-Control"] = "no-store"
    return response


# ------------------------------------------------------------------ open tables
@router.get("/tables", response_class=HTMLResponse)
async def open_tables(request: Request, games: Games) -> Response:
    """The open tables, each free seat with its button; the seats this browser holds are marked."""
    try:
        found = await backend.open_tables(games)
    except PageError as err:
        return _error_page(request, err)
    tables = [{**t, "mine": bool(held_tokens(request, str(t["id"])))} for t in found]
    return templates.TemplateResponse(request, "tables.html", {"tables": tables},
                                      headers={"Cache-Control": "no-store"})


@router.post("/tables/{game_id}/seats/{seat}")
async def take_free_seat(request: Request, game_id: str, seat: int, games: Games) -> Response:
    """Take a free seat of an open table: the seat's secret goes into this browser's seat
    cookie (as an invitation's claim does), and the game's page follows."""
    try:
        _same_site(request)
        if not _ID.match(game_id):
            raise PageError(404, "There is no such table.")
        if held_tokens(request, game_id):
            raise PageError(409, "This browser holds a seat at that table already; nothing was changed.")
        made = await backend.take_free_seat(games, game_id, seat, request.client.host if request.client else "?")
    except PageError as err:
        return _error_page(request, err)
    response = RedirectResponse(f"/games/{game_id}", status_code=303)
    _cookie(response, request, COOKIE + game_id, made["token"])
    response.headers["Cache-Control"] = "no-store"
    return response


# ------------------------------------------------------------------ errors on pages
def _is_page(request: Request) -> bool:
    """Is this an address a person opens in the browser (not the JSON API, its schema or a
    static file)?  Its refusals are pages, never a JSON body."""
    path = request.url.path
    return not (path.startswith(("/api/", "/static/")) or path in ("/api", "/openapi.json", "/docs"))


def _page_reason(request: Request, exc: Exception) -> tuple[int, str]:
    """The status and the words of a refusal on a page."""
    from fastapi.exceptions import RequestValidationError
    from starlette.exceptions import HTTPException

    from .api import _validation_detail
    from .errors import Refused
    if isinstance(exc, Refused):
        if request.url.path.startswith("/join/") and exc.status in (401, 403):
            return exc.status, ("That invitation link does not open a seat at this game (a mistyped link, or one "
                                "that no longer holds a seat): ask whoever made the table for a new one.")
        err = backend._page_error(exc)
        return err.status, err.reason
    if isinstance(exc, RequestValidationError):
        return 422, f"That address or form could not be read ({_validation_detail(exc)}); nothing was changed."
    if isinstance(exc, HTTPException):
        if exc.status_code == 404:
            return 404, "There is no such page here."
        if exc.status_code == 405:
            return 405, "That page cannot be used that way: follow the links and buttons of the pages."
        return exc.status_code, f"That request was refused ({exc.detail}); nothing was changed."
    return 500, "Something went wrong on the server while answering this. Open the game again to see where it stands."


def install(app: Any) -> None:
    """Mount the pages, and make every refusal of a page address an HTML page with the reason
    in words (the JSON API keeps its JSON answers: each handler hands those on)."""
    from fastapi.exceptions import RequestValidationError
    from starlette.exceptions import HTTPException

    from . import analysis_pages, daily_pages
    from .errors import Refused
    app.include_router(router)
    app.include_router(daily_pages.router)
    from .teaching import router as teaching_router
    app.include_router(teaching_router)
    app.include_router(analysis_pages.router)     # a finished game's analysis and replay board
    for kind in (Refused, RequestValidationError, HTTPException):
        json_handler = app.exception_handlers.get(kind)

        async def handler(request: Request, exc: Exception, json_handler: Any = json_handler) -> Response:
            if not _is_page(request) or json_handler is None:
                if json_handler is None:
                    raise exc
                answer: Response = await json_handler(request, exc)
                return answer
            status, reason = _page_reason(request, exc)
            page = _error_page(request, PageError(status, reason))
            page.headers.update(getattr(exc, "headers", None) or {})
            if status == 405:        # every method of the path, not only the first route's
                from .api import _allowed
                page.headers["Allow"] = ", ".join(_allowed(request.app, request))
            if isinstance(exc, Refused) and "retry_after" in exc.extra:
                page.headers["Retry-After"] = str(exc.extra["retry_after"])
            return page
        app.add_exception_handler(kind, handler)

    async def crashed(request: Request, exc: Exception) -> Response:
        # the last resort (a bug): a page says so in words, never a traceback; the API its JSON
        status, reason = _page_reason(request, exc)
        if not _is_page(request):
            return Response(b'{"detail":"the server failed on this request"}', status_code=500,
                            media_type="application/json")
        return _error_page(request, PageError(status, reason))
    app.add_exception_handler(Exception, crashed)


__all__ = ["router", "PageError", "held_tokens", "install"]
