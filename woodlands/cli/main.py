"""The ``woodlands`` command: play, stats, validate, replay, analyse, sim, ladder, calibrate, report, bench.

Every mistake a user can make (an unknown game, a bad option, a missing or broken file, a
tampered record) ends with one line on standard error and exit status 2, never a traceback.
Nothing the command prints carries terminal control characters (:mod:`woodlands.cli.terminal`).
"""
from __future__ import annotations

import argparse
import io
import json
import sys
import warnings
from typing import Any, NoReturn, Sequence

from .. import __version__
from ..bots import bot_names
from ..bots.analysis import DEFAULT_SAMPLES
from ..engine.errors import UserError, WoodlandsError
from ..engine.game import game_class, game_ids
from ..engine.registry import Lazy, descriptors, load_game_modules, plugins, resolve
from ..kit import cmdline
from ..sim.runner import BACKENDS
from .flags import game_option_flags, option_flags as option_flags  # (option_flags: its old home)
from .hinting import BUDGET_HELP, HINT_BUDGET
from .terminal import clean, short

USER_ERROR = 2


class _Parser(argparse.ArgumentParser):
    """argparse, but a bad command line is one line on stderr like every other user mistake, and
    a flag is taken only as written: argparse would read ``--game`` as ``--games`` (a prefix)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        self.exit(USER_ERROR, clean(f"{self.prog}: error: {short(message, 300)} (see {self.prog} --help)") + "\n")


#: the longest whole number a flag takes (a seed fits in 20 digits; int() refuses 4,300)
FLAG_DIGITS = cmdline.FLAG_DIGITS
# the argument types every command's flags share (woodlands.kit.cmdline), by their old names here
_whole, _non_negative, _positive, _seconds = cmdline.whole, cmdline.non_negative, cmdline.positive, cmdline.seconds


def _at_least_two(text: str) -> int:
    """``--samples``: a whole number from 2 (one sample cannot tell options apart)."""
    n = _positive(text)
    if n < 2:
        raise argparse.ArgumentTypeError(f"at least 2 samples, not {n}")
    return n


def _stop_after(text: str) -> float:
    """``--stop-after``: as :func:`_seconds`, and 0 (start no game: only the summary)."""
    return 0.0 if text.strip() in ("0", "0.0") else _seconds(text)


def _resume_help() -> str:
    games = ", ".join(d.id for d in descriptors() if d.option("resume")) or "games with scene saves"
    return f"{games}: start from a save made at the end of a scene"


def _limit_help() -> str:
    kinds = [f"{spec.help} ({d.id})" for d in descriptors() if d.limit_option
             for spec in d.options if spec.name == d.limit_option]
    which = ", ".join(kinds[:-1]) + f" or {kinds[-1]}" if len(kinds) > 1 else "".join(kinds) or "rounds"
    limits = [(d.id, game_class(d.id).simulation_options.get(d.limit_option)) for d in descriptors() if d.limit_option]
    given = [f"{value} for {gid}" for gid, value in limits if value is not None]
    unlimited = [gid for gid, value in limits if value is None]
    default = "; ".join(given + ([f"no limit for {', '.join(unlimited)}"] if unlimited else []))
    return f"stop a game after this many {which} as unfinished (default: {default or 'no limit'})"


def build_parser() -> argparse.ArgumentParser:
    games = ", ".join(game_ids())
    p = _Parser(prog="woodlands", description="Play and analyse the Woodlands forest games.")
    p.add_argument("--version", action="version", version=f"woodlands {__version__}")
    p.add_argument("--game-module", action="append", metavar="MODULE",
                   help="import MODULE, which registers a game (woodlands.register_game); repeatable. "
                        "$WOODLANDS_GAME_MODULES (comma-separated) does the same")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    play = sub.add_parser("play", help="play a game in the terminal",
                          description="Play a game in the terminal: full screen when standard input and "
                                      "output are a terminal, else (or with --line) line by line, with the "
                                      "same keys (docs/terminal.md). Commands during play: a number "
                                      "chooses; h help; s [FILE] save; l FILE load; u undo; log; q quit. "
                                      "The game is autosaved after every choice in the data folder "
                                      "($WOODLANDS_DATA_DIR, else the platform's); the menu of "
                                      "'woodlands play' offers to continue the last game.")
    play.add_argument("game", nargs="?", help=f"the game id ({games}); without it you pick from a menu")
    play.add_argument("--seed", type=_non_negative, help="seed for the shuffles and dice (default: random)")
    game_option_flags(play)
    play.add_argument("--content", help="a content pack folder instead of the default pack")
    play.add_argument("--load", metavar="FILE", help="continue a saved game record")
    play.add_argument("--resume", metavar="FILE",
                      help=_resume_help())
    play.add_argument("--line", action="store_true",
                      help="plain line mode even at a terminal (the full-screen view is used when "
                           "standard input and output are both a terminal)")
    play.add_argument("--auto-forced", action=argparse.BooleanOptionalAction, default=None,
                      help="take a decision's only option for you when that reveals nothing "
                           "(default: on full-screen, off in line mode); the record keeps every choice")
    play.add_argument("--bell", action=argparse.BooleanOptionalAction, default=False,
                      help="ring the terminal bell when the turn passes to another player at a table of "
                           "several (off by default; in line mode the command 'bell' switches it)")
    play.add_argument("--teach", action=argparse.BooleanOptionalAction, default=None,
                      help="explain each new kind of decision the first time it comes up (default: on for your "
                           "first game of each game in the data folder; 'teach off' during play stops it)")
    play.add_argument("--budget", metavar="N|Ts", default=HINT_BUDGET, help=BUDGET_HELP)
    play.add_argument("--ladder", nargs="?", const="", metavar="TRACK",
                      help="play the next step of your ladder in GAME (woodlands stats shows it): the "
                           "highest open step of TRACK (e.g. a hero's id), else of the track that fits the "
                           "options given (--hero), else of the track you played last")
    play.add_argument("--no-autosave", action="store_true",
                      help="do not autosave this game (by default its record is kept in the data "
                           "folder, $WOODLANDS_DATA_DIR or the platform's, after every choice)")

    stats = sub.add_parser("stats", help="your record and ladder: the games that ended in 'woodlands play'",
                           description="Your record: games played and won per game and set-up (hero and "
                                       "difficulty...), wins in a row, best results and each game's own totals; "
                                       "and your ladder: per game and track, the highest open step (a win there "
                                       "opens the next). Read from results.jsonl in the data folder "
                                       "($WOODLANDS_DATA_DIR, else the platform's), one line per finished game.")
    stats.add_argument("--json", metavar="FILE", help="also write the same numbers to FILE as JSON")

    val = sub.add_parser("validate", help="check a content pack")
    val.add_argument("path", help="the content pack folder (with its pack.toml)")
    val.add_argument("--game", help="the game the pack is for (default: the pack.toml's 'game')")
    val.add_argument("--json", metavar="FILE",
                     help="also write every problem to FILE as a JSON list (file, entry, field, message, text)")

    rep = sub.add_parser("replay", help="replay a saved game record and show how it ended")
    rep.add_argument("file", help="a JSON game record (as saved by 'play')")
    rep.add_argument("--content", help="the content pack folder the game was played with")
    rep.add_argument("--log", action="store_true",
                     help="also tell every event of the game, as the seat deciding at the end "
                          "(the first once it is over) may see it")
    rep.add_argument("--accept-rules-change", action="store_true",
                     help="replay a record made under older rules even if the corrections since change "
                          "the game (a new game from its choices, for analysis)")

    ana = sub.add_parser("analyse", help="how good each decision of a finished game was, and where it was lost",
                         description="Analyse a finished game: at every decision with a choice, the win "
                                     "chance (or score, in a game scored at its end) before it, after the choice made and after "
                                     "the best option found, if the rest is played as the greedy bot would; "
                                     "the decisions that lost most, a graph of the game and a summary "
                                     "(docs/bots.md, 'Analysing a game').")
    ana.add_argument("file", help="a JSON record of a finished game (as saved by 'play' or the web app)")
    ana.add_argument("--json", metavar="FILE", help="also write the whole analysis to FILE")
    ana.add_argument("--samples", type=_at_least_two, default=DEFAULT_SAMPLES, metavar="N",
                     help=f"positions sampled per decision, at least 2: more tell close options apart, and "
                          f"take longer (default {DEFAULT_SAMPLES}; docs/bots.md gives the time per game)")
    ana.add_argument("--seat", type=_positive, action="append", metavar="N",
                     help="analyse the decisions of player N only (1 is the first player); repeatable "
                          "(default: every player's, each from what that player could see)")
    ana.add_argument("--seed", type=_non_negative, default=0, help="seed of the sampled positions (default 0)")
    ana.add_argument("--content", metavar="FOLDER", help="the content pack folder the game was played with")

    sim = sub.add_parser("sim", help="simulate many games played by a bot")
    sim.add_argument("game", help=f"the game id ({games})")
    sim.add_argument("--games", type=_positive, default=100, help="number of games (default 100)")
    sim.add_argument("--bot", default="random", help=f"the bot that plays: {', '.join(bot_names())} (default random)")
    sim.add_argument("--seed", type=_non_negative, default=0, help="game i uses seed SEED+i (default 0)")
    sim.add_argument("--jobs", type=_positive, default=1, help="worker processes (default 1)")
    sim.add_argument("--backend", choices=sorted(BACKENDS), default="processes",
                     help="where games run: processes on this machine (default; 'local' is its old name) "
                          "or ray (the woodlands[ray] extra; docs/simulation.md)")
    sim.add_argument("--address", metavar="HOST:PORT",
                     help="with --backend ray: a running Ray cluster's head (default: a private one on this machine)")
    sim.add_argument("--out", metavar="FILE",
                     help="stream one Parquet row per game to FILE (e.g. results.parquet); running the same "
                          "command again resumes an interrupted study")
    sim.add_argument("--vary", action="append", metavar="KEY=V1,V2",
                     help="play every value of a game option (repeatable; all combinations), e.g. "
                          "--vary difficulty=0..10 --vary hero=all; a number of the pack, e.g. "
                          "--vary card.papa-bear.health=5..9 (or A..B:STEP); or pack folders: "
                          "--vary content=DIR,DIR; --bot also takes a list: random,greedy")
    sim.add_argument("--json", metavar="FILE", help="write the summary and one row per game to FILE")
    game_option_flags(sim)
    sim.add_argument("--content", help="a content pack folder instead of the default pack")
    sim.add_argument("--limit", "--round-limit", dest="limit", type=_positive,
                     help=_limit_help())

    sim.add_argument("--budget", metavar="N|Ts", help="a searching bot's budget per decision: iterations "
                     "(400) or seconds (1s, 250ms); default 200 iterations (docs/bots.md)")

    lad = sub.add_parser("ladder", help="bots play the same seeded games; is each stronger than the one below?")
    lad.add_argument("game", help=f"the game id ({games})")
    lad.add_argument("--bots", default="random,greedy,ismcts", help="the bots, weakest first (default random,greedy,ismcts); an outside agent "
                     "by its factory, module:callable (docs/research.md, \"Outside agents on the ladder\")")
    lad.add_argument("--games", type=_positive, default=100, help="games per bot (default 100)")
    lad.add_argument("--budget", default="200", metavar="N|Ts|Ts-cpu", help="ismcts's budget per decision: iterations, seconds, or seconds of its own CPU time (default 200 iterations)")
    lad.add_argument("--leaf", default=None, help="ismcts's leaf evaluation: heuristic, random or greedy (default heuristic: docs/bots.md)")
    lad.add_argument("--seed", type=_non_negative, default=0, help="game i uses seed SEED+i (default 0)")
    game_option_flags(lad)
    lad.add_argument("--limit", "--round-limit", dest="limit", type=_positive, help=_limit_help())
    lad.add_argument("--out", metavar="FILE", help="the results file, read to resume and appended to (default ladder-GAME.jsonl)")
    lad.add_argument("--summary", metavar="FILE", help="write the Markdown summary of every ladder in the results file to FILE")
    lad.add_argument("--stop-after", type=_stop_after, metavar="SECONDS",
                     help="stop starting games after this long (resume later); 0: play none, only summarize")

    cal = sub.add_parser("calibrate", help="check the hints' win chances against play from many positions",
                         description="Positions from seeded games of mixed skill; at each, the win chance (score) "
                                     "a hint states, against the one reached by playing on as the greedy bot "
                                     "would. Prints the table by stated value and the mean error (docs/bots.md).")
    cal.add_argument("game", help=f"the game id ({games})")
    cal.add_argument("--positions", type=_positive, default=500, help="positions to check (default 500)")
    cal.add_argument("--samples", type=_positive, default=16, help="samples behind each stated value (default 16)")
    cal.add_argument("--seed", type=_non_negative, default=0, help="the run's seed (default 0)")
    cal.add_argument("--workers", type=_positive, default=1, help="worker processes (default 1)")
    cal.add_argument("--json", metavar="FILE", help="also write the table, the mean error and every position to FILE")
    cal.add_argument("--markdown", metavar="FILE", help="also write the table in Markdown to FILE")
    cal.add_argument("--keep", metavar="FILE", help="append each position to FILE (JSON lines) as it is measured, "
                     "and read it first: a run stopped part way goes on where it stopped")

    report = sub.add_parser("report", help="a balance report (one offline HTML file) from simulation results",
                            description="Read the Parquet files written by 'woodlands sim --out' and write one "
                                        "self-contained HTML page of win rates, intervals and plots (the "
                                        "woodlands[report] extra; docs/simulation.md).")
    report.add_argument("results", nargs="+", help="Parquet results files")
    report.add_argument("-o", "--output", default="report.html", help="the HTML file to write (default report.html)")
    report.add_argument("--title", default="Woodlands balance report", help="the page's title")
    report.add_argument("--pack", action="append", metavar="DIR[,DIR]",
                        help="content pack folders the results were played on (repeatable, or comma-separated): "
                             "two packs compared get a table of every field that differs between them")

    bench = sub.add_parser("bench", help="measure engine speed on one core")
    bench.add_argument("game", nargs="?", help=f"the game id ({games}); with --env, only its set-ups (default: every game)")
    bench.add_argument("--env", action="store_true",
                       help="the research environments' steps/s against the raw engine's decisions/s (research extra)")
    bench.add_argument("--seconds", type=_seconds, default=5.0, help="time to spend (default 5)")
    bench.add_argument("--content", help="a content pack folder instead of the default pack")
    bench.add_argument("--json", metavar="FILE", help="also write the numbers to FILE")

    from .daily import add_parser as add_daily
    add_daily(sub)

    # commands other packages plug in (the web app's serve and bench-web): each adds its own parser
    for command in plugged_commands().values():
        command.add(sub)

    schema = sub.add_parser("schema", help="print the JSON Schema of a game's view (or of its events)",
                            description="Print the JSON Schema of what state.view(seat) returns for GAME: the "
                                        "envelope every game shares and the game's own keys, made from the "
                                        "game's view type (docs/engine.md, 'Views').")
    schema.add_argument("game", help=f"the game id ({games})")
    schema.add_argument("--events", action="store_true",
                        help="instead, the schemas of the game's typed events, by event type")
    return p


def plugged_commands() -> dict[str, cmdline.Command]:
    """The sub-commands other packages declare (entry-point group ``woodlands.commands``, or the
    ones this distribution brings when its metadata is missing), by name: the command line names
    none of them, so the terminal never imports the web app to build its parser."""
    found: dict[str, cmdline.Command] = {}
    for name, ref in plugins(cmdline.COMMAND_GROUP).items():
        try:
            command = resolve(Lazy(ref))
        except Exception as e:          # a broken plug-in must not take the other commands down
            warnings.warn(f"woodlands: the command {name!r} ({ref}) cannot be loaded: {e!r}", stacklevel=2)
            continue
        if isinstance(command, cmdline.Command) and command.name == name:
            found[name] = command
    return found


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 ok, 1 problems found, 2 user error,
    130 interrupted)."""
    _tolerant_streams()
    try:
        load_game_modules(_game_modules(argv))
    except WoodlandsError as e:
        return _fail(str(e))
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:       # --help, --version, or a bad command line (already reported)
        return e.code if isinstance(e.code, int) else USER_ERROR
    if args.command is None:
        parser.print_help()
        return USER_ERROR
    if args.command == "sim" and args.budget:     # the runner builds bots by name: "ismcts:1s"
        # --bot may list several bots (a study): the budget goes to each searching one
        if not any(b.strip() == "ismcts" for b in args.bot.split(",")):
            return _fail(f"--budget is the search bot's (--bot ismcts); --bot {args.bot} does not search")
        args.bot = ",".join(f"{b}:{args.budget}" if b.strip() == "ismcts" else b for b in args.bot.split(","))
    plugged = plugged_commands().get(args.command)
    if plugged is not None:
        handler = plugged.run
    else:
        from . import commands
        handler = getattr(commands, "cmd_" + args.command.replace("-", "_"))
    try:
        return int(handler(args))
    except (WoodlandsError, UserError) as e:
        return _fail(str(e))
    except json.JSONDecodeError as e:
        return _fail(f"not valid JSON: {e.msg} (line {e.lineno})")
    except OSError as e:
        where = f"{e.filename}: " if getattr(e, "filename", None) else ""
        return _fail(f"{where}{e.strerror or e}")
    except KeyboardInterrupt:
        print("woodlands: interrupted", file=sys.stderr)
        return 130


def _game_modules(argv: Sequence[str] | None) -> list[str]:
    """The ``--game-module`` values, read before the parser is built (their games' options make
    flags)."""
    pre = argparse.ArgumentParser(add_help=False, allow_abbrev=False)
    pre.add_argument("--game-module", action="append", default=[])
    try:
        known, _ = pre.parse_known_args(list(sys.argv[1:] if argv is None else argv))
    except SystemExit:          # a bare --game-module: the real parser says what is wrong
        return []
    return list(known.game_module)


def _fail(message: str) -> int:
    one_line = "; ".join(part.strip() for part in message.strip().splitlines() if part.strip()) or "error"
    print(clean(f"woodlands: error: {one_line.replace(':;', ':')}"), file=sys.stderr)
    return USER_ERROR


def _tolerant_streams() -> None:
    """A line that is not UTF-8 on standard input, or a character the terminal cannot show, is
    replaced rather than ending the program with a traceback."""
    for stream in (sys.stdin, sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            try:
                stream.reconfigure(errors="replace")
            except (ValueError, OSError):
                pass


if __name__ == "__main__":
    # Run as ``python -m woodlands.cli.main`` this file is ``__main__``, a second copy of the
    # module with its own state; the command runs in the package's module instead, as the
    # ``woodlands`` script and ``python -m woodlands`` run it.
    from woodlands.cli.main import main as _main
    sys.exit(_main())
