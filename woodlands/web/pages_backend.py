"""What the pages ask of the games service (``app.state.games``), in one place.

The pages never touch the store or a token's hash: they hand the seat tokens the browser holds
to the service and get back the live game and state for one seat.  Until the service offers these
calls, a small in-memory stand-in keeps games for the life of the process (tests of the pages).
"""
from __future__ import annotations

import secrets
from typing import Any

from fastapi import Request


class PageError(Exception):
    """A request a page refuses: ``status`` and a reason in player words."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


class _Memory:
    """Games in memory: {id: {game, state, tokens, admin}} (the stand-in for the service)."""

    def __init__(self) -> None:
        self.games: dict[str, dict[str, Any]] = {}


def _memory(request: Request) -> _Memory:
    mem = getattr(request.app.state, "pages_memory", None)
    if mem is None:
        mem = _Memory()
        request.app.state.pages_memory = mem
    assert isinstance(mem, _Memory)
    return mem


def _start(game_id: str, options: dict[str, Any], seed: int | None = None, record: dict[str, Any] | None = None) -> tuple[Any, Any]:
    import woodlands
    from ..engine.errors import WoodlandsError
    try:
        game = woodlands.load_game(game_id)
        if record is not None:
            state = woodlands.replay(record)
        else:
            state = game.new_game(seed=secrets.randbits(63) if seed is None else seed, options=options)
    except WoodlandsError as err:
        raise PageError(400, str(err)[:500]) from err
    return game, state


async def create(request: Request, game_id: str, options: dict[str, Any], seats: int | None) -> dict[str, Any]:
    game, state = _start(game_id, options)
    return _keep(request, game_id, game, state, seats or 1)


def _keep(request: Request, game_id: str, game: Any, state: Any, seats: int) -> dict[str, Any]:
    gid = secrets.token_urlsafe(9).replace("-", "x").replace("_", "y")
    tokens = [secrets.token_urlsafe(18) for _ in range(seats)]
    admin = secrets.token_urlsafe(18)
    _memory(request).games[gid] = {"game": game, "state": state, "tokens": tokens, "admin": admin, "undo_floor": 0}
    return {"id": gid, "admin_token": admin, "seats": [{"seat": i, "token": t} for i, t in enumerate(tokens)]}


async def create_from_upload(request: Request, doc: Any) -> dict[str, Any]:
    if not isinstance(doc, dict):
        raise PageError(400, "That file is not a record or a save.")
    if doc.get("format") == "woodlands-record":
        game_id = str(doc.get("game"))
        game, state = _start(game_id, {}, record=doc)
        players = int(state.options.get("players", 1) or 1) if isinstance(state.options, dict) else 1
        return _keep(request, game_id, game, state, players if players > 1 else 1)
    if doc.get("format") == "storyfold-save":
        game, state = _start("storyfold", {"resume": doc})
        return _keep(request, "storyfold", game, state, 1)
    raise PageError(400, "That file is neither a game record nor a Storyfold save made by `woodlands play`.")


def _entry(request: Request, game_id: str) -> dict[str, Any]:
    entry = _memory(request).games.get(game_id)
    if entry is None:
        raise PageError(404, "There is no such game (it may belong to another server).")
    return entry


def _seats(entry: dict[str, Any], tokens: list[str]) -> list[int]:
    return [i for i, t in enumerate(entry["tokens"]) if t in tokens]


async def summary(request: Request, game_id: str, tokens: list[str]) -> dict[str, Any] | None:
    try:
        entry = _entry(request, game_id)
    except PageError:
        return None
    seats = _seats(entry, tokens)
    if not seats:
        return None
    state = entry["state"]
    from ..engine.presentation import presentation_for
    p = presentation_for(entry["game"])
    view = state.view(seats[0])
    return {"id": game_id, "name": entry["game"].name, "seats": [p.seat_name(view, s) for s in seats], "at": len(state.choices),
            "over": state.is_over, "deciding": None if state.is_over else p.seat_name(view, state.decision.player)}


async def snapshot(request: Request, game_id: str, tokens: list[str]) -> dict[str, Any]:
    entry = _entry(request, game_id)
    seats = _seats(entry, tokens)
    if not seats:
        raise PageError(403, "Your seat's token is not one of this game's.")
    state = entry["state"]
    seat = state.decision.player if not state.is_over and state.decision.player in seats else seats[0]
    return {"game": entry["game"], "state": state, "seat": seat, "seats": len(entry["tokens"]),
            "can_undo": _can_undo(entry, seat), "bot_seats": (), "live": False}


def _can_undo(entry: dict[str, Any], seat: int) -> bool:
    state = entry["state"]
    if len(state.choices) <= entry["undo_floor"]:
        return False
    try:
        state.undo()
    except Exception:
        return False
    return True


async def choose(request: Request, game_id: str, tokens: list[str], option: str, at: int) -> None:
    entry = _entry(request, game_id)
    seats = _seats(entry, tokens)
    state = entry["state"]
    if state.is_over:
        raise PageError(409, "The game is over.")
    if state.decision.player not in seats:
        raise PageError(403, "It is not your seat's decision.")
    if at != len(state.choices):
        raise PageError(409, "The game has moved on since this page was drawn; here it is now.")
    refusal = state.why_not(option)
    if refusal is not None:
        raise PageError(422, refusal.reason)
    state.apply(option)


async def undo(request: Request, game_id: str, tokens: list[str]) -> None:
    entry = _entry(request, game_id)
    from ..engine.errors import WoodlandsError
    try:
        entry["state"] = entry["state"].undo()
    except WoodlandsError as err:
        raise PageError(409, str(err)) from err
