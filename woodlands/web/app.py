"""The FastAPI application: :func:`create_app` is the one entry point (``woodlands serve`` and
the tests call it; the pages of :mod:`woodlands.web.pages`, when present, are mounted on it).

What a page or a route needs is on ``app.state``: ``settings`` (:class:`Settings`) and
``games`` (:class:`~woodlands.web.service.GameService`: live games, and its parts for seats, bot
seats and hints); the routes get the service and its parts as FastAPI dependencies
(:mod:`woodlands.web.depends`)."""
from __future__ import annotations

import importlib.util
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, AsyncIterator

from fastapi import FastAPI

from .settings import Settings

#: where the vendored front-end files live (swagger-ui-dist here; the pages add theirs beside it)
STATIC = Path(__file__).parent / "static"


def create_app(settings: Settings | None = None) -> FastAPI:
    """The whole web app for ``settings`` (default: SQLite in the user's data folder).  The
    database is migrated and the games service started when the app starts (its lifespan)."""
    settings = settings or Settings()
    from .service import GameService

    service = GameService(settings)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await service.start()
        try:
            yield
        finally:
            await service.stop()

    app = _App(title="Woodlands", version=_version(), lifespan=lifespan, docs_url=None, redoc_url=None,
               description="Play the Woodlands games: one JSON API for browsers and programs (docs/web.md).")
    app.state.settings = settings
    app.state.games = service

    from fastapi.staticfiles import StaticFiles

    from . import api, limits, looks
    api.install(app)
    limits.install(app)           # caps on new games per client and in total (settings)
    looks.install(app)            # each game's own stylesheet, under /static/ but before its mount
    if STATIC.is_dir():
        app.mount("/static", StaticFiles(directory=STATIC), name="static")
    if importlib.util.find_spec("woodlands.web.pages") is not None:
        from . import pages  # type: ignore[attr-defined,unused-ignore]
        pages.install(app)        # the pages, and their refusals as pages (never a JSON body)
    return app


class _App(FastAPI):
    """FastAPI with :class:`~woodlands.web.security.SecurityHeaders` around all of it, outside
    even Starlette's handler of unexpected errors, so that a 500 carries the headers too."""

    def build_middleware_stack(self) -> Any:
        from .security import SecurityHeaders
        return SecurityHeaders(super().build_middleware_stack())


def _version() -> str:
    from .. import __version__
    return str(__version__)


def app_from_env() -> Any:
    """``uvicorn --factory woodlands.web.app:app_from_env``: the app for ``$WOODLANDS_DB``."""
    return create_app(Settings.from_env())
