"""``woodlands serve``: the web app on one address, with a clear error for a busy port."""
from __future__ import annotations

import errno
import socket
import sys
from typing import Any


class ServeError(Exception):
    """A reason ``woodlands serve`` cannot start, in plain words."""


def need_web_extra() -> None:
    """ServeError when the web libraries (the ``web`` extra) are missing."""
    try:
        import alembic  # noqa: F401
        import fastapi  # noqa: F401
        import sqlalchemy  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError as e:
        raise ServeError(f"the web app needs the 'web' extra ({e.name} is missing): "
                         "pip install -e '.[web]' (make play does it)") from None


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on (host, port); ServeError naming --port when it is taken."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as e:
        raise ServeError(f"--host {host}: {e.strerror}") from None
    family, _, _, _, address = infos[0]
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
        sock.listen(128)
    except OSError as e:
        sock.close()
        if e.errno == errno.EADDRINUSE:
            raise ServeError(f"port {port} on {host} is already in use (another server?); "
                             f"choose another with --port, e.g. --port {port + 1}") from None
        if e.errno == errno.EACCES:
            raise ServeError(f"port {port} needs privileges; choose one above 1023 with --port") from None
        raise ServeError(f"cannot listen on {host}:{port}: {e.strerror}") from None
    sock.set_inheritable(True)
    return sock


def tune_gc() -> None:
    """The server's garbage collector: what start-up made (libraries, the games' content) is
    frozen out of the collections, and full collections come rarely.  A full collection over
    many live games paused requests for 100-200 ms on this machine, the whole of the p99 tail."""
    import gc
    gc.collect()
    gc.freeze()
    gc.set_threshold(7000, 20, 50)


def shown_url(url: str) -> str:
    """The database URL without its password, for messages."""
    from sqlalchemy.engine import make_url
    return make_url(url).render_as_string(hide_password=True)


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None, allow_seed: bool = False,
          quiet: bool = False, prune_days: float | None = None, caps: bool = True,
          secure_cookies: bool | None = None) -> int:
    """Run the web app until interrupted; returns the exit status.  ``secure_cookies``: mark the
    seat cookies Secure (None: ``$WOODLANDS_SECURE_COOKIES``, else not)."""
    need_web_extra()
    import uvicorn
    from sqlalchemy.exc import ArgumentError, OperationalError

    from .app import create_app
    from .guard import protocol
    from .settings import Settings
    given: dict[str, Any] = {"db_url": db, "allow_seed": allow_seed, "prune_days": prune_days}
    if secure_cookies is not None:
        given["secure_cookies"] = secure_cookies
    try:
        settings = Settings.from_env(**given)
    except ValueError as e:            # a $WOODLANDS_... limit that is not a number
        raise ServeError(str(e)) from None
    if not caps:                   # benchmarks and drills start as many games as they like
        from dataclasses import replace
        settings = replace(settings, games_per_client=10**9, max_games=10**9, connections_per_client=10**9,
                           streams_per_client=10**9, max_streams=10**9, events_per_seat=10**9,
                           events_per_game=10**9)
    try:
        settings.search_process_count()
    except ValueError as e:            # $WOODLANDS_SEARCH_PROCESSES that is not a number
        raise ServeError(str(e)) from None
    try:
        url = settings.database_url()
        shown = shown_url(url)
    except ArgumentError:
        raise ServeError(f"--db {db}: not a database URL (e.g. sqlite:///PATH or "
                         "postgresql+psycopg://USER@HOST:PORT/DB)") from None
    sock = bind(host, port)
    app = create_app(settings)
    try:
        app.state.games.open()         # migrate and connect now, so a bad --db is told before serving
        from ..engine.registry import game_ids
        from ..engine.game import load_game
        for game in game_ids():        # the games' content, loaded before the first request (and frozen)
            load_game(game)
    except (OperationalError, ArgumentError, ImportError) as e:
        sock.close()
        if isinstance(e, ArgumentError):
            reason = "not a database this server knows (sqlite:///PATH or postgresql+psycopg://USER@HOST:PORT/DB)"
        else:
            reason = str(getattr(e, "orig", None) or e).strip().splitlines()[0]
        raise ServeError(f"--db {shown}: cannot open the database: {reason}") from None
    if prune_days is not None:     # games untouched for that many days go, now and once a day
        from .limits import start_pruning
        start_pruning(app.state.games, prune_days)
    tune_gc()
    where = f"http://{'[' + host + ']' if ':' in host else host}:{port}"
    print(f"Woodlands is served at {where}  (games stored in {shown}; Ctrl+C stops it)", flush=True)
    # uvicorn's HTTP protocol with the connection guards (woodlands.web.guard); its own
    # keep-alive timeout is the idle timeout between requests
    config: Any = uvicorn.Config(app, log_level="warning" if quiet else "info", access_log=not quiet,
                                 timeout_graceful_shutdown=2, http=protocol(settings),
                                 timeout_keep_alive=settings.idle_timeout)  # type: ignore[arg-type]  # a float serves
    server = uvicorn.Server(config)
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
    return 0


if __name__ == "__main__":           # python -m woodlands.web.serve PORT DB: the crash test's and bench-web's
    sys.exit(serve("127.0.0.1", int(sys.argv[1]), sys.argv[2], allow_seed=True, quiet=True, caps=False))
