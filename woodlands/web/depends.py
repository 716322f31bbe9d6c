"""The games service and its parts as FastAPI dependencies: a route names what it needs
(``games: Games``, ``seating: SeatingDep``, ``hints: HintsDep``) and FastAPI hands it over,
instead of each route reaching into ``request.app.state`` by hand.  The service itself is made
once per app (:func:`woodlands.web.app.create_app` puts it on ``app.state.games``); a test may
swap a part with ``app.dependency_overrides``.

Each dependency is a coroutine function, so FastAPI calls it on the event loop rather than
sending it to the thread pool.
"""
from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from .analyses import Analyses
from .botseats import BotSeats
from .hints import Hints
from .seats import Seating
from .service import GameService
from .tables import OpenTables


async def games(request: Request) -> GameService:
    """The app's games service: the cache of live games, choices, undo, new tables."""
    service: GameService = request.app.state.games
    return service


async def seating(request: Request) -> Seating:
    """The seats part: tokens, invitations, who is here, seats handed to bots."""
    part: Seating = request.app.state.games.seating
    return part


async def bots(request: Request) -> BotSeats:
    """The bot seats part: the bots' moves and the turn timers."""
    part: BotSeats = request.app.state.games.bots
    return part


async def hints(request: Request) -> Hints:
    """The hints part: the search's advice to the seat that decides."""
    part: Hints = request.app.state.games.hints
    return part


async def analyses(request: Request) -> Analyses:
    """The analyses part: a finished game's analysis, per seat."""
    part: Analyses = request.app.state.games.analyses
    return part


async def tables(request: Request) -> OpenTables:
    """The open tables part: the tables listed by their creators, and their free seats."""
    part: OpenTables = request.app.state.games.tables
    return part


Games = Annotated[GameService, Depends(games)]
SeatingDep = Annotated[Seating, Depends(seating)]
BotsDep = Annotated[BotSeats, Depends(bots)]
HintsDep = Annotated[Hints, Depends(hints)]
TablesDep = Annotated[OpenTables, Depends(tables)]
AnalysesDep = Annotated[Analyses, Depends(analyses)]

__all__ = ["games", "seating", "bots", "hints", "Games", "SeatingDep", "BotsDep", "HintsDep", "tables", "TablesDep",
           "analyses", "AnalysesDep"]
