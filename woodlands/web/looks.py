"""Each game's own stylesheet (its look), served at ``/static/games/<game id>.css``.

The generic ``static/woodlands.css`` draws any table model; what only one game shows (its card
families, tile faces, a figure's colour) is in the game's package, named by its presentation's
:attr:`~woodlands.engine.presentation.Presentation.stylesheet`, and the game's page links it
after the generic one.  It sits under ``/static/`` so it is cached like the other static files
(:mod:`woodlands.web.security`): it holds nothing of anyone's.
"""
from __future__ import annotations

import hashlib
from typing import Any

from fastapi import Request
from fastapi.responses import Response
from starlette.exceptions import HTTPException

#: where a game's stylesheet is served; the page links ``PATH.format(game=...)``
PATH = "/static/games/{game}.css"


def look_url(game: Any) -> str | None:
    """The address of ``game``'s stylesheet for its page's ``<head>``; ``None`` when it has none."""
    from ..engine.presentation import presentation_for
    return PATH.format(game=game.id) if presentation_for(game).look() is not None else None


async def stylesheet(request: Request, game: str) -> Response:
    """A game's stylesheet as ``text/css`` with its ETag (a 304 when the browser holds it); 404
    for a game that is not here or has no look of its own."""
    import woodlands
    from ..engine.presentation import presentation_for
    if game not in woodlands.game_ids():
        raise HTTPException(404)
    css = presentation_for(woodlands.load_game(game)).look()
    if css is None:
        raise HTTPException(404)
    etag = '"' + hashlib.sha256(css.encode("utf-8")).hexdigest()[:32] + '"'
    if etag in request.headers.get("if-none-match", ""):
        return Response(status_code=304, headers={"ETag": etag})
    return Response(css, media_type="text/css", headers={"ETag": etag})


def install(app: Any) -> None:
    """Add the route; before ``/static`` is mounted, which would answer every address under it."""
    app.add_api_route(PATH, stylesheet, methods=["GET"], include_in_schema=False)


__all__ = ["PATH", "install", "look_url", "stylesheet"]
