"""Each game's own stylesheet (its look), served at ``/static/games/<game id>.css``, and its
picture for the home page at ``/static/games/<game id>.svg``.

The generic ``static/woodlands.css`` draws any table model; what only one game shows (its card
families, tile faces, a figure's colour) is in the game's package, named by its presentation's
:attr:`~woodlands.engine.presentation.Presentation.stylesheet`, and the game's page links it
after the generic one.  It sits under ``/static/`` so it is cached like the other static files
(:mod:`woodlands.web.security`): it holds nothing of anyone's.  The picture
(:attr:`~woodlands.engine.presentation.Presentation.picture`) travels the same way; a game
without one is shown with the neutral ``static/game-picture.svg``.
"""
from __future__ import annotations

import hashlib
from typing import Any

from fastapi import Request
from fastapi.responses import Response
from starlette.exceptions import HTTPException

#: where a game's stylesheet is served; the page links ``PATH.format(game=...)``
PATH = "/static/games/{game}.css"
#: where a game's picture is served
PICTURE_PATH = "/static/games/{game}.svg"
#: the picture of a game that has none of its own
PLACEHOLDER = "/static/game-picture.svg"


def look_url(game: Any) -> str | None:
    """The address of ``game``'s stylesheet for its page's ``<head>``; ``None`` when it has none."""
    from ..engine.presentation import presentation_for
    return PATH.format(game=game.id) if presentation_for(game).look() is not None else None


def picture_url(game: Any) -> str:
    """The address of ``game``'s picture for the home page: its own, else the placeholder."""
    from ..engine.presentation import presentation_for
    return PICTURE_PATH.format(game=game.id) if presentation_for(game).picture_svg() is not None else PLACEHOLDER


def _served(request: Request, text: str | None, media_type: str) -> Response:
    """``text`` with its ETag (a 304 when the browser holds it); 404 when there is none."""
    if text is None:
        raise HTTPException(404)
    etag = '"' + hashlib.sha256(text.encode("utf-8")).hexdigest()[:32] + '"'
    if etag in request.headers.get("if-none-match", ""):
        return Response(status_code=304, headers={"ETag": etag})
    return Response(text, media_type=media_type, headers={"ETag": etag})


def _presentation(game: str) -> Any:
    import woodlands
    from ..engine.presentation import presentation_for
    if game not in woodlands.game_ids():
        raise HTTPException(404)
    return presentation_for(woodlands.load_game(game))


async def stylesheet(request: Request, game: str) -> Response:
    """A game's stylesheet as ``text/css`` with its ETag (a 304 when the browser holds it); 404
    for a game that is not here or has no look of its own."""
    return _served(request, _presentation(game).look(), "text/css")


async def picture(request: Request, game: str) -> Response:
    """A game's picture as ``image/svg+xml`` with its ETag; 404 for a game that is not here or
    has no picture of its own (its home page shows the placeholder instead)."""
    return _served(request, _presentation(game).picture_svg(), "image/svg+xml")


def install(app: Any) -> None:
    """Add the routes; before ``/static`` is mounted, which would answer every address under it."""
    app.add_api_route(PATH, stylesheet, methods=["GET"], include_in_schema=False)
    app.add_api_route(PICTURE_PATH, picture, methods=["GET"], include_in_schema=False)


__all__ = ["PATH", "PICTURE_PATH", "PLACEHOLDER", "install", "look_url", "picture", "picture_url", "stylesheet"]
