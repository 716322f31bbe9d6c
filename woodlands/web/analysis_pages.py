"""The pages of a finished game's analysis (``/games/{id}/analysis``) and its replay board
(``/games/{id}/replay?at=N``), for the seat this browser holds.

The analysis page shows the progress while the search workers weigh the decisions (htmx polls
a fragment; without JavaScript the page reloads itself), then the win chance over the game as
an inline SVG graph with a table beside it for screen readers and text browsers, the summary in
words and the three biggest losses, each a link to its position on the replay board.  The
replay board rebuilds the game from its record up to a position and draws that seat's view of
it with the game page's own table model, read-only: only what the seat saw then.
"""
from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from markupsafe import Markup, escape

from .depends import Games
from .errors import Refused
from .pages import _error_page, _seats_here, templates
from .pages_backend import PageError, _page
from .service import GameService

router = APIRouter(include_in_schema=False)

#: the graph's drawing area, in SVG units (it scales to the page's width)
WIDTH, HEIGHT, PAD = 640, 220, 32


async def _token(request: Request, games: GameService, game_id: str, seat: str) -> str:
    """The held token of ``seat`` (a hot-seat table's: ``?seat=N``), else this browser's own seat's."""
    tokens = _seats_here(request, game_id)
    if seat.isdigit() and len(tokens) > 1:
        for token in tokens:
            try:
                if await games.seating.seat_for(game_id, token) == int(seat):
                    return token
            except Refused:
                continue
    return tokens[0]


def percent(value: float) -> str:
    """A win chance in words: "62%".

    >>> percent(0.624), percent(1.0), percent(0.0)
    ('62%', '100%', '0%')
    """
    return f"{round(100 * value)}%"


def points(value: float) -> str:
    """A loss in points of win chance: "12 points", "1 point", "under 1 point".

    >>> points(0.12), points(0.01), points(0.002)
    ('12 points', '1 point', 'under 1 point')
    """
    n = round(100 * value)
    return "under 1 point" if n == 0 and value > 0 else f"{n} point{'s' if n != 1 else ''}"


def graph(analysis: dict[str, Any], game_id: str, seat: int) -> Markup:
    """The win chance before each decision of the seat, as an inline SVG line (its title and
    description say what it shows; the page's table says it in full); each of the biggest
    losses is a marked point that links to its position on the replay board.  A group, not an
    image: an image's children are hidden from assistive technology, and these links must not be."""
    decisions = analysis["decisions"]
    measure = str(analysis.get("measure", "win chance"))
    biggest = set(analysis["summary"].get("biggest", []))
    n = len(decisions)
    inner_w, inner_h = WIDTH - 2 * PAD, HEIGHT - 2 * PAD

    def x(i: int) -> float:
        return PAD + (inner_w * i / (n - 1) if n > 1 else inner_w / 2)

    def y(v: float) -> float:
        return PAD + inner_h * (1 - max(0.0, min(1.0, v)))
    first = percent(decisions[0]["win_before"]) if decisions else "-"
    last = percent(decisions[-1]["win_after_chosen"]) if decisions else "-"
    parts = [f'<svg id="analysis-graph" class="analysis-graph" viewBox="0 0 {WIDTH} {HEIGHT}" role="group" '
             f'aria-labelledby="graph-title graph-desc" xmlns="http://www.w3.org/2000/svg">',
             f'<title id="graph-title">The {escape(measure)} over the game</title>',
             f'<desc id="graph-desc">{n} decisions; the {escape(measure)} was {first} before the first and {last} '
             f'after the last. The marked points are the biggest losses; the table below lists every decision.</desc>']
    for level in (0.0, 0.25, 0.5, 0.75, 1.0):
        parts.append(f'<line class="grid" x1="{PAD}" x2="{WIDTH - PAD}" y1="{y(level):.1f}" y2="{y(level):.1f}" '
                     'stroke="currentColor" stroke-opacity="0.2"/>')
        parts.append(f'<text x="{PAD - 4}" y="{y(level) + 4:.1f}" text-anchor="end" font-size="11" '
                     f'fill="currentColor">{percent(level)}</text>')
    if decisions:
        line = " ".join(f"{x(i):.1f},{y(d['win_before']):.1f}" for i, d in enumerate(decisions))
        parts.append(f'<polyline class="line" points="{line}" fill="none" stroke="currentColor" stroke-width="2"/>')
    for i, d in enumerate(decisions):
        if d["at"] in biggest:
            label = escape(f"Decision {i + 1} ({d['where']}): lost {points(d['loss'])}; open it on the replay board")
            parts.append(f'<a href="/games/{escape(game_id)}/replay?at={int(d["at"])}&amp;seat={seat}" '
                         f'aria-label="{label}"><circle class="loss" cx="{x(i):.1f}" cy="{y(d["win_before"]):.1f}" '
                         'r="6" fill="#c0262d" stroke="currentColor"/></a>')
    parts.append(f'<text x="{WIDTH / 2:.0f}" y="{HEIGHT - 6}" text-anchor="middle" font-size="11" '
                 'fill="currentColor">your decisions, first to last</text>')
    parts.append("</svg>")
    return Markup("".join(parts))


def _rows(analysis: dict[str, Any]) -> list[dict[str, Any]]:
    return [{**d, "n": i + 1, "before": percent(d["win_before"]), "after_chosen": percent(d["win_after_chosen"]),
             "after_best": percent(d["win_after_best"]), "lost": points(d["loss"]) if not d["about_equal"] else
             "about equal"} for i, d in enumerate(analysis["decisions"])]


async def _analysis_context(request: Request, games: GameService, game_id: str, seat_param: str) -> dict[str, Any]:
    token = await _token(request, games, game_id, seat_param)
    status, body = await _page(games.analyses.get(game_id, token))
    live = await games.live(game_id, [token])
    seat = games.seating.seat_of(live, token)
    from ..engine.presentation import presentation_for
    game = live.state.game
    view = live.state.view(seat)
    p = presentation_for(game)
    # a hot-seat table's other seats held here: each has its own analysis, one click away
    others: list[dict[str, Any]] = []
    for other in _seats_here(request, game_id):
        try:
            held = games.seating.seat_of(live, other)
        except Refused:
            continue
        if held != seat and all(o["seat"] != held for o in others):
            others.append({"seat": held, "name": p.seat_name(view, held)})
    ctx: dict[str, Any] = {"game_id": game_id, "game_name": game.name, "seat": seat, "seats": live.row.seats,
                           "seat_name": p.seat_name(view, seat), "done": status == 200, "others": others,
                           "progress": body if status == 202 else None, "handover": False}
    if status == 200:
        rows = _rows(body)
        by_at = {r["at"]: r for r in rows}
        ctx.update(analysis=body, graph=graph(body, game_id, seat), rows=rows,
                   biggest=[by_at[a] for a in body["summary"].get("biggest", []) if a in by_at])
    return ctx


@router.get("/games/{game_id}/analysis", response_class=HTMLResponse)
async def analysis_page(request: Request, game_id: str, games: Games, seat: str = "", part: str = "") -> Response:
    """The analysis of a finished game for this browser's seat; the first visit starts it.
    ``part=progress``: only the progress (htmx polls it; once the analysis is done it asks the
    browser to load the page again)."""
    try:
        ctx = await _analysis_context(request, games, game_id, seat)
    except PageError as err:
        return _error_page(request, err)
    if part == "progress":
        if ctx["done"]:
            return Response(status_code=204, headers={"HX-Refresh": "true"})
        return templates.TemplateResponse(request, "_analysis_progress.html", ctx)
    return templates.TemplateResponse(request, "analysis.html", ctx)


@router.get("/games/{game_id}/replay", response_class=HTMLResponse)
async def replay_page(request: Request, game_id: str, games: Games, at: str = "0", seat: str = "") -> Response:
    """The replay board: the finished game at position ``at`` (choices made) as this browser's
    seat saw it then, read-only, with steps to the seat's previous and next decisions."""
    try:
        token = await _token(request, games, game_id, seat)
        number = int(at) if at.isdigit() and len(at) < 7 else 0
        board = await _page(games.analyses.replay(game_id, token, number))
    except PageError as err:
        return _error_page(request, err)
    return templates.TemplateResponse(request, "replay.html", replay_context(game_id, board))


def replay_context(game_id: str, board: dict[str, Any]) -> dict[str, Any]:
    """What the replay board draws: only ``view(seat)``, ``log_for(seat)`` and the seat's own
    decision at that position (with its own choice and, when analysed, its numbers)."""
    from ..engine.presentation import presentation_for
    from .looks import look_url
    from .render import render_log, render_table
    state, seat, at, end = board["state"], board["seat"], board["at"], board["end"]
    game = state.game
    p = presentation_for(game)
    view = state.view(seat)
    log = state.log_for(seat)
    decision = state.decision
    mine = decision is not None and decision.player == seat
    places: list[int] = board["places"]
    analysis = board["analysis"]
    entry = None
    if analysis is not None:
        entry = next((r for r in _rows(analysis) if r["at"] == at), None)
    options = []
    if mine and decision is not None:
        for o in decision.options:
            options.append({"words": p.option_words(decision, o), "chosen": o.id == board["chosen"],
                            "best": entry is not None and o.id == entry["best"]})
    earlier = [a for a in places if a < at]
    later = [a for a in places if a > at]
    return {"game_id": game_id, "game_name": game.name, "game_type": game.id, "look_url": look_url(game),
            "seat": seat, "seats": board["seats"],
            "seat_name": p.seat_name(view, seat), "handover": False, "at": at, "end": end,
            "table": render_table(game, view, seat, log), "log": render_log(game, log, seat),
            "prompt": decision.prompt if mine and decision is not None else "",
            "options": options, "entry": entry, "analysed": analysis is not None,
            "measure": analysis.get("measure", "win chance") if analysis else "win chance",
            "prev": earlier[-1] if earlier else None, "next": later[0] if later else None,
            "back": at - 1 if at > 0 else None, "forward": at + 1 if at < end else None,
            "over": at >= end, "outcome_words": "the end of the game" if at >= end else ""}


__all__ = ["router", "graph", "percent", "points", "replay_context"]
