"""The web app's sub-commands of ``woodlands``: ``serve`` and ``bench-web``.

The command line finds them through the entry-point group ``woodlands.commands``
(:class:`woodlands.kit.cmdline.Command`) and never imports the web app itself: this module
imports only argparse and the kit, and the web libraries (the ``web`` extra) are imported when a
command runs.
"""
from __future__ import annotations

import argparse
from typing import Any

from ..engine.errors import UserError
from ..engine.registry import game_ids
from ..kit import cmdline


def _add_serve(sub: Any) -> argparse.ArgumentParser:
    p: argparse.ArgumentParser = sub.add_parser(
        "serve", help="serve the web app: play in the browser, alone or with friends",
        description="Serve the Woodlands web app and its JSON API (docs/web.md). Games are "
                    "stored in a database: SQLite in the data folder by default.")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=cmdline.port, default=8000, help="port to listen on (default 8000)")
    p.add_argument("--db", metavar="URL", help="database URL: sqlite:///PATH or postgresql+psycopg://USER@HOST:PORT/DB "
                                              "(default: $WOODLANDS_DB, else SQLite in the data folder)")
    p.add_argument("--prune-days", type=cmdline.days, metavar="N",
                   help="delete games untouched for more than N days (finished or abandoned), "
                        "when the server starts and then daily (default: keep every game)")
    p.add_argument("--secure-cookies", action="store_true", default=None,
                   help="mark the seat cookies Secure, so browsers send them over HTTPS only: for a server "
                        "behind HTTPS (default: $WOODLANDS_SECURE_COOKIES, else off)")
    return p


def _serve(args: argparse.Namespace) -> int:
    from .serve import ServeError, serve
    try:
        return serve(args.host, args.port, args.db, prune_days=getattr(args, "prune_days", None),
                     secure_cookies=getattr(args, "secure_cookies", None))
    except ServeError as e:
        raise UserError(str(e)) from None


def _add_bench_web(sub: Any) -> argparse.ArgumentParser:
    games = ", ".join(game_ids())
    p: argparse.ArgumentParser = sub.add_parser(
        "bench-web", help="measure the web app: choices per second and latency",
        description="N scripted games play at once against a local server; prints choices per "
                    "second and the p50/p99 latency of POST /api/games/{id}/choices.")
    p.add_argument("--games", type=cmdline.positive, default=20, help="concurrent games (default 20)")
    p.add_argument("--seconds", type=cmdline.seconds, default=10.0, help="time to measure (default 10)")
    p.add_argument("--processes", type=cmdline.positive, default=1, help="server processes (default 1)")
    p.add_argument("--db", metavar="URL", help="database URL (default: a fresh SQLite file in a temporary folder; "
                                              "several processes need PostgreSQL)")
    p.add_argument("--game", help=f"the game played ({games}; default: the one for the most players)")
    p.add_argument("--think", type=cmdline.seconds, default=0.0,
                   help="seconds a player waits before each choice, on average (default 0: as fast as answers come)")
    p.add_argument("--json", metavar="FILE", help="also write the numbers to FILE")
    return p


def _bench_web(args: argparse.Namespace) -> int:
    from .bench import bench_web
    from .serve import ServeError
    if args.game is None:
        from .settings import most_players_game
        args.game = most_players_game()
    try:
        return bench_web(games=args.games, seconds=args.seconds, processes=args.processes, db=args.db,
                         game=args.game, json_path=args.json, think=args.think)
    except ServeError as e:
        raise UserError(str(e)) from None


#: ``woodlands serve``: the web app on this machine (or behind a proxy)
SERVE = cmdline.Command("serve", _add_serve, _serve)
#: ``woodlands bench-web``: scripted players against a local server
BENCH_WEB = cmdline.Command("bench-web", _add_bench_web, _bench_web)
