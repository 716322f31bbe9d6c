"""The sub-commands of ``woodlands``; each takes the parsed arguments and returns an exit status."""
from __future__ import annotations

import argparse
import dataclasses
import json
import re
import sys
from pathlib import Path
from typing import Any, Callable, TypeVar

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ..engine.content import read_toml
from ..engine.errors import ContentError, GameOptionError, RecordError, UserError, brief, clip
from ..engine.files import JsonTooBig, check_not_inputs, check_path, check_target, inside, loads, write_text
from ..engine.game import Game, game_class, load_game, replay
from ..engine.registry import OptionSpec, descriptor, descriptors, resolve
from ..kit.saves import load_record
from ..engine.views import json_schema
from .autosave import Autosave, SavedGame, last_unfinished
from .flags import option_flags
from .hinting import HINT_BUDGET
from .narrate import narrator_for, outcome_words
from .play import RECAP, PlaySession, deciding_seat, start_state
from .terminal import MAX_DIGITS, SafeConsole, digits_hint, read_number


def _stdout() -> Console:
    """Every command prints through this console: no control characters reach the terminal."""
    return SafeConsole()


def _stderr() -> Console:
    return SafeConsole(stderr=True)


def game_options(args: argparse.Namespace, game: Game) -> dict[str, Any]:
    """The game options given on the command line: the flags made from the games' option schemas
    (:func:`woodlands.cli.flags.option_flags`) plus every ``--option KEY=VALUE`` (VALUE read as
    JSON when it parses, else as text).  The game checks them."""
    options: dict[str, Any] = {}
    for attr, name in option_flags().items():
        value = getattr(args, attr, None)
        if value is not None:
            options[name] = value
    for text in getattr(args, "option", None) or []:
        key, sep, raw = text.partition("=")
        if not sep or not key.strip():
            raise UserError(f"--option {brief(text)}: write it as KEY=VALUE, e.g. --option pvp=true")
        try:
            value = loads(raw)
        except json.JSONDecodeError:
            value = raw
        except JsonTooBig as e:
            raise UserError(f"--option {brief(key.strip())}: the value is not read: {e}") from None
        options[key.strip()] = value
    limit = getattr(args, "limit", None)
    if limit is not None and game.limit_option is not None:
        options[game.limit_option] = limit
    return options


def _check_folder(path: str | None) -> None:
    if path is not None:
        check_path(path)            # a NUL byte cannot name a folder
    if path is not None and not Path(path).is_dir():
        what = "does not exist" if not Path(path).exists() else "is not a folder"
        raise UserError(f"{path}: {what}; a content pack is a folder with a pack.toml")


# ------------------------------------------------------------------ play
T = TypeVar("T")


def _ask(out: Console, stdin: Any, answer: Callable[[str], T | None], again: str) -> T | None:
    """Read lines until ``answer`` accepts one; None at the end of input or on q."""
    while True:
        out.print("> ", end="")
        line = stdin.readline()
        if not line:
            return None
        text = str(line).strip().lower()
        if text in ("q", "quit"):
            return None
        value = answer(text)
        if value is not None:
            return value
        out.print(escape(digits_hint(text)) + again, soft_wrap=True)


#: what the menu answers when the player picks the autosaved game
CONTINUE = "continue"


def choose_game(out: Console, stdin: Any, last: SavedGame | None = None) -> str | None:
    """The menu of ``woodlands play`` without a game id (what ``make play`` starts): a game id,
    :data:`CONTINUE` for the autosaved game ``last`` (offered as ``c``), or None to quit."""
    ids = [d.id for d in descriptors()]       # in each game's menu_order
    out.print("[bold]Woodlands[/bold]: which game shall we play?")
    if last is not None:
        out.print(f"  c. Continue the last game: {escape(last.describe())}", soft_wrap=True)
    for n, game_id in enumerate(ids, 1):
        cls = game_class(game_id)
        low, high = cls.players
        seats = f"{low} player" if low == high == 1 else f"{low}-{high} players"
        out.print(f"  {n}. {escape(cls.name)}  [dim]({game_id}, {seats})[/dim]")

    def pick(text: str) -> str | None:
        n = read_number(text)
        if n is not None:
            return ids[n - 1] if 1 <= n <= len(ids) else None
        if last is not None and text in ("c", CONTINUE):
            return CONTINUE
        return text if text in ids else None
    again = f"Type 1 to {len(ids)}" + (", c to continue the last game" if last is not None else "") + ", or q to quit."
    return _ask(out, stdin, pick, again)


def ask_players(out: Console, stdin: Any, low: int, high: int) -> int | None:
    out.print(f"How many players ({low}-{high})? Hot-seat: everyone shares this screen.")

    def pick(text: str) -> int | None:
        n = read_number(text)
        return n if n is not None and low <= n <= high else None
    return _ask(out, stdin, pick, f"Type a number from {low} to {high}.")


def menu_options(game_id: str, given: dict[str, Any]) -> list[OptionSpec]:
    """The set-up questions the menu asks for ``game_id``, in schema order: its options with a
    command-line flag (not the number of players, asked before), not in ``given`` (the flags
    typed and the answers so far, None for a default), and whose ``when`` holds."""
    d = descriptor(game_id)
    defaults = {o.name: o.default for o in d.options}
    return [o for o in d.options
            if o.flag and o.asked and not o.simulation and o.name != "players" and o.name not in given
            and all(_holds(defaults.get(k) if given.get(k) is None else given[k], v) for k, v in o.when)]


def _holds(value: Any, wanted: Any) -> bool:
    """A ``when`` condition: ``...`` wants any value but None, anything else itself."""
    return value is not None if wanted is Ellipsis else bool(value == wanted)


def ask_option(out: Console, stdin: Any, spec: OptionSpec, listed: list[tuple[Any, str]]) -> list[Any] | None:
    """Ask for one option: ``[value]``, ``[None]`` for the default (an empty line), or None to
    quit (q or the end of input).  ``listed``: the values offered by number, with their labels."""
    question = f"{spec.describe()}? Enter for the default"
    if "default" not in spec.describe():
        # every asked option's help names its default (tests/cli/test_cli_menu_setup.py); this
        # is for a game that does not say
        question += " (left to the game)" if spec.default is None else f" ({spec.default})"
    question += "."
    out.print(escape(question[:1].upper() + question[1:]), soft_wrap=True)
    for n, (_, label) in enumerate(listed, 1):
        out.print(f"  {n}. {escape(label)}", soft_wrap=True)

    def pick(text: str) -> list[Any] | None:
        if not text:
            return [None]
        n = read_number(text)
        if listed:
            if n is not None:
                return [listed[n - 1][0]] if 1 <= n <= len(listed) else None
            return next(([v] for v, _ in listed if str(v).lower() == text), None)
        if spec.type is int:
            low, high = spec.range or (0, 10 ** MAX_DIGITS)
            return [n] if n is not None and low <= n <= high else None
        if spec.type is bool:
            return [True] if text in ("y", "yes") else [False] if text in ("n", "no") else None
        return [text] if spec.type is str else None
    if listed:
        again = f"Type 1 to {len(listed)}, Enter for the default, or q to quit."
    elif spec.type is int and spec.range is not None:
        again = f"Type a number from {spec.range[0]} to {spec.range[1]}, Enter for the default, or q to quit."
    elif spec.type is bool:
        again = "Type y or n, Enter for the default, or q to quit."
    else:
        again = "Type a value, Enter for the default, or q to quit."
    return _ask(out, stdin, pick, again)


def ask_setup(out: Console, stdin: Any, args: argparse.Namespace, game_id: str) -> bool:
    """The menu's set-up questions (:func:`menu_options`); each answer becomes the option's flag
    on ``args``.  False if the player quit."""
    attrs = {name: attr for attr, name in option_flags().items()}
    given = {name: getattr(args, attr) for name, attr in attrs.items() if getattr(args, attr, None) is not None}
    while True:
        specs = menu_options(game_id, given)
        if not specs:
            return True
        spec = specs[0]
        listed: list[tuple[Any, str]] = []
        if spec.choices is not None:
            listed = [(c, str(c)) for c in spec.choices]
        elif spec.menu_choices is not None:
            game = load_game(game_id, args.content)
            listed = [(v, f"{v} ({label})") for v, label in resolve(spec.menu_choices)(game)]
        answer = ask_option(out, stdin, spec, listed)
        if answer is None:
            return False
        given[spec.name] = answer[0]
        if answer[0] is not None and spec.name in attrs:
            setattr(args, attrs[spec.name], answer[0])


def continue_last(saved: SavedGame) -> PlaySession:
    """The autosaved game the menu offered, ready to go on where it stopped."""
    if saved.content is not None and not Path(saved.content).is_dir():
        raise UserError(f"the last game was played with the content pack {saved.content}, which is gone; "
                        f"its record is {saved.record}")
    try:
        state = replay(load_record(saved.record), saved.content, keep_undo=True)
    except RecordError as e:
        raise RecordError(f"{saved.record}: {e}") from None
    seen = max(0, state.log_length - RECAP)
    out = _stdout()
    out.print(escape(f"Continuing {state.game.name}: {len(state.choices)} choices replayed."), style="green")
    return PlaySession(out, state, saved.content, sys.stdin, seen, Autosave.resume(saved))


def cmd_play(args: argparse.Namespace) -> int:
    from ..bots.ismcts import Budget
    hint_budget = str(Budget.parse(getattr(args, "budget", None) or HINT_BUDGET))   # refused before anything starts
    _check_folder(args.content)
    if args.game is None:
        if args.load:
            args.game = str(load_record(args.load).get("game", ""))
        else:
            offer = None
            if not args.no_autosave and args.content is None and not args.resume:
                offer = last_unfinished()
            args.game = choose_game(_stdout(), sys.stdin, offer)
            if args.game is None:
                return 0
            if args.game == CONTINUE and offer is not None:
                return play_session(continue_last(offer), args)
            low, high = game_class(args.game).players
            if high > 1 and args.players is None and not args.resume:
                args.players = ask_players(_stdout(), sys.stdin, low, high)
                if args.players is None:
                    return 0
            if not args.resume and not ask_setup(_stdout(), sys.stdin, args, args.game):
                return 0
    game = load_game(args.game, args.content)
    if args.load and args.resume:
        raise UserError("--load continues a game record and --resume a scene save: give one of them")
    if args.resume and descriptor(game.id).option("resume") is None:
        raise UserError(f"--resume continues a scene save, which {game.name} does not make; "
                        "a game record continues with --load")
    options = game_options(args, game)
    if args.load and (options or args.seed is not None):
        # a record replays with its own seed and options: these would be dropped without a word
        given = ["--seed"] * (args.seed is not None) + [f"the option {k}" for k in sorted(options)]
        raise UserError(f"--load continues the game its record holds, with that game's own seed and options; "
                        f"leave out {', '.join(given)}")
    if getattr(args, "ladder", None) is not None:
        options = _ladder_options(args, game, options)
    state = start_state(game, args.seed, options, args.load, args.content, args.resume)
    if state.game.id != game.id:
        raise UserError(f"{args.load} is a record of '{state.game.id}', not '{game.id}'")
    seen = max(0, state.log_length - RECAP) if args.load else 0
    autosave = None if args.no_autosave else Autosave.start(state, args.content)
    session = PlaySession(_stdout(), state, args.content, sys.stdin, seen, autosave)
    session.hint_budget = hint_budget     # how long 'hint' samples
    return play_session(session, args)


def _ladder_options(args: argparse.Namespace, game: Game, options: dict[str, Any]) -> dict[str, Any]:
    """``play --ladder [TRACK]``: the options of the highest open step of the game's ladder
    (woodlands.kit.career), over any given; said before the game starts."""
    from ..kit.career import ladder_of, next_step, read_results
    if args.load or args.resume or args.content:
        raise UserError("--ladder starts a new game with the game's own pack: leave out --load, --resume and --content")
    rows = read_results()
    step = next_step(game.id, rows, args.ladder or None, game, options)
    if step is None:
        keys = [t["key"] for t in ladder_of(game.id, rows, game)]
        if not keys:
            raise UserError(f"{game.name} has no ladder (woodlands stats says what stands in for it)")
        raise UserError(f"no ladder track {brief(args.ladder)} in {game.id}; its tracks: {', '.join(keys)}")
    done = " (every step won: playing the last again)" if step["done"] else ""
    _stdout().print(f"Ladder: {step['words']}, {step['step']}, step {step['open'] + 1} of {step['steps']}{done}.",
                    markup=False, highlight=False)
    return {**options, **step["options"]}


def play_session(session: PlaySession, args: argparse.Namespace) -> int:
    """Full-screen (:mod:`woodlands.cli.tui`) when a person sits at a terminal and ``--line`` was
    not given; else line mode.  Forced moves are taken for the player by default full-screen only."""
    auto = getattr(args, "auto_forced", None)
    session.bell = bool(getattr(args, "bell", False))
    from .teaching import tutor_for
    session.tutor = tutor_for(session.state.game.id, getattr(args, "teach", None),
                              session.autosave.record if session.autosave is not None else None)
    if session.interactive() and not getattr(args, "line", False):
        from .tui import run_full_screen
        return run_full_screen(session, auto_forced=True if auto is None else auto)
    session.auto_forced = bool(auto)
    return session.run()


# ------------------------------------------------------------------ validate
def content_counts(content: Any) -> str:
    """'47 forest, 3 bears, ...': the size of every collection in a compiled pack."""
    parts = []
    if dataclasses.is_dataclass(content):
        for f in dataclasses.fields(content):
            value = getattr(content, f.name)
            if isinstance(value, tuple):
                parts.append(f"{len(value)} {f.name}")
    return ", ".join(parts)


#: how many problems ``validate`` prints (``--json FILE`` writes them all)
SHOWN_PROBLEMS = 50
_PROBLEM = re.compile(r"^(?P<file>[^:]*): (?:entry (?P<entry>.*?): )?(?:field '(?P<field>[^']*)': )?(?P<message>.*)$", re.S)


def cmd_schema(args: argparse.Namespace) -> int:
    d = descriptor(args.game)
    if args.events:
        events = resolve(d.event_types) or {}
        if not events:
            raise UserError(f"the game {d.id!r} names no typed events")
        out: dict[str, Any] = {kind: json_schema(typed, title=f"{d.id} event {kind}")
                               for kind, typed in sorted(events.items())}
    else:
        typed = resolve(d.view_type)
        if typed is None:
            raise UserError(f"the game {d.id!r} has no view type (its descriptor's view_type); "
                            "only the envelope of its views is typed")
        out = json_schema(typed, title=f"{d.id} view")
    print(json.dumps(out, indent=1))
    return 0


def cmd_validate(args: argparse.Namespace) -> int:
    out = _stdout()
    root = Path(args.path)
    _check_folder(args.path)
    if args.json:
        check_target(args.json)
        # not over one of the pack's own files (at its top or one folder down, as Storyfold's
        # chapters: no deeper walk, which for a wrong folder such as / would walk the whole disk)
        check_not_inputs(args.json, sorted([*root.glob("*.toml"), *root.glob("*/*.toml")]), "--json")
    game_id = args.game
    if game_id is None:
        try:
            info = read_toml(inside(root, "pack.toml", ContentError), "pack.toml")
        except ContentError as e:
            return _problems(out, root, e.problems, args.json)
        game_id = info.get("game")
        if not isinstance(game_id, str):
            return _problems(out, root, ["pack.toml: field 'game' is missing (or pass --game)"], args.json)
        try:
            game_class(game_id)
        except GameOptionError as e:
            return _problems(out, root, [f"pack.toml: field 'game': {e}"], args.json)
    else:
        game_class(game_id)     # an unknown --game is a user error (exit 2)
    try:
        game = load_game(game_id, root)
    except ContentError as e:
        return _problems(out, root, e.problems, args.json)
    c = game.content
    if args.json:
        _write_problems(args.json, [], {"id": c.id, "version": c.version, "game": game_id, "fingerprint": c.fingerprint})
    out.print(f"ok: {escape(c.id)} {escape(c.version)} ({content_counts(c)})")
    # what the pack plays like, whatever its id and version say (docs/content-packs.md)
    out.print(f"fingerprint: {c.fingerprint}")
    return 0


def problem_fields(problem: str) -> dict[str, str | None]:
    """A located problem (``file: entry 'id': field 'f': message``) as its parts."""
    m = _PROBLEM.match(problem)
    parts: dict[str, str | None] = dict(m.groupdict()) if m else {"file": None, "entry": None, "field": None,
                                                                   "message": problem}
    parts["text"] = problem
    return parts


def _write_problems(path: str, problems: list[str], pack: dict[str, str | None] | None = None) -> None:
    """``--json``: the pack (``id``, ``version``, ``game``, ``fingerprint``; all null when it
    could not be loaded) and every problem, located."""
    unknown: dict[str, str | None] = {"id": None, "version": None, "game": None, "fingerprint": None}
    doc = {**(pack or unknown),
           "problems": [problem_fields(p) for p in problems]}
    write_text(path, json.dumps(doc, indent=1, ensure_ascii=False) + "\n")


def _problems(out: Console, root: Path, problems: list[str], json_path: str | None = None) -> int:
    """Print the first :data:`SHOWN_PROBLEMS` problems (each clipped), and write them all to
    ``json_path`` if given."""
    if json_path:
        _write_problems(json_path, problems)
    out.print(f"{len(problems)} problem(s) in {escape(clip(str(root), 200))}:")
    for p in problems[:SHOWN_PROBLEMS]:
        out.print(f"  - {escape(clip(p))}")
    if len(problems) > SHOWN_PROBLEMS:
        more = f" (all of them are in {escape(json_path)})" if json_path else " (--json FILE writes them all)"
        out.print(f"  ... and {len(problems) - SHOWN_PROBLEMS} more{more}")
    return 1


# ------------------------------------------------------------------ replay
def cmd_replay(args: argparse.Namespace) -> int:
    if args.content is not None:
        _check_folder(args.content)
    record = load_record(args.file)
    try:
        state = replay(record, args.content, accept_rules_change=args.accept_rules_change)
    except RecordError as e:
        raise RecordError(f"{args.file}: {e}") from None
    out = _stdout()
    if args.log:
        # as the seat deciding at the end sees it (the first once the game is over): no other
        # player's face-down item is named (C-9)
        for line in narrator_for(state.game).lines(state.log_for(deciding_seat(state))):
            out.print(escape(line))
    view = state.view(0)
    out.print(escape(f"{state.game.name}: seed {state.seed}, options {json.dumps(state.record()['options'])}, "
                     f"{len(state.choices)} choices"))
    if state.is_over:
        result, details = outcome_words(state.outcome)
        out.print(escape(f"outcome: {result}" + (f" ({details})" if details else "")))
    else:
        d = state.decision
        out.print(f"outcome: not finished; the game waits for: {escape(d.prompt) if d else '?'}")
    out.print("final: " + escape(final_stats(view, descriptor(state.game.id).summary_keys)))
    return 0


# ------------------------------------------------------------------ analyse
def cmd_analyse(args: argparse.Namespace) -> int:
    from .analysis import cmd_analyse as analyse
    return analyse(args)


def final_stats(view: dict[str, Any], keys: tuple[str, ...]) -> str:
    """'round 7, health 3': the view's numbers a game names (its descriptor's ``summary_keys``)."""
    return ", ".join(f"{k} {view[k]}" for k in keys if k in view)


# ------------------------------------------------------------------ sim
def cmd_sim(args: argparse.Namespace) -> int:
    from ..sim.runner import SimConfig, run_sim
    from .progress import progress_reporter
    _check_folder(args.content)
    game = load_game(args.game, args.content)
    options = game_options(args, game)
    if game.limit_option is not None and game.limit_option not in options:
        options[game.limit_option] = args.limit if args.limit is not None else game.limit_default
    if args.out or args.vary or "," in args.bot:     # a study: woodlands.cli.study
        from .study import cmd_study
        return cmd_study(args, options)
    config = SimConfig(game=args.game, bot=args.bot, options=options, content=args.content)
    config.check()
    if args.json:
        check_target(args.json)     # before the games run, not after
    with progress_reporter(args.games, f"{args.game} / {args.bot}") as advance:
        report = run_sim(config, args.games, seed=args.seed, jobs=args.jobs, backend=args.backend, progress=advance,
                         address=args.address)
    s = report.summary
    out = _stdout()
    lo, hi = s["win_rate_95"]
    table = Table(title=f"{args.games} games of {args.game}, bot {args.bot}, seeds {args.seed}..{args.seed + args.games - 1}",
                  title_justify="left", show_header=False, show_edge=False)
    table.add_column(style="bold")
    table.add_column()
    table.add_row("win rate", f"{s['win_rate']:.1%}  (95% Wilson interval {lo:.1%} - {hi:.1%})")
    table.add_row("outcomes", ", ".join(f"{k} {v}" for k, v in s["outcomes"].items()))
    table.add_row("decisions / game", f"mean {s['decisions']['mean']:.1f}, median {s['decisions']['median']:g}")
    for name, m in s["measures"].items():
        table.add_row(f"{name.replace('_', ' ')} / game", f"mean {m['mean']:.2f}, median {m['median']:g}")
    table.add_row("speed", f"{report.games_per_second:.1f} games/s ({report.elapsed:.2f} s, {args.jobs} job(s), {report.backend})")
    out.print(table)
    if args.json:
        target = write_text(args.json, json.dumps(report.to_json(), indent=1) + "\n")
        out.print(f"wrote {escape(str(target))}")
    return 0


# ------------------------------------------------------------------ report
def cmd_report(args: argparse.Namespace) -> int:
    from .study import cmd_report as report
    return report(args)


# ------------------------------------------------------------------ bench
def cmd_bench(args: argparse.Namespace) -> int:
    from ..sim.bench import run_bench, speed_target
    if args.env:   # the research adapters (woodlands/research/bench.py)
        from ..research.bench import all_cases, print_env_bench
        cases = None
        if args.game:   # only that game's set-ups
            load_game(args.game)   # (an unknown game: the usual one-line error)
            cases = tuple(c for c in all_cases() if c.game == args.game)
            if not cases:
                raise UserError(f"bench --env has no set-up of {args.game}")
        return print_env_bench(args.seconds, args.json, _stdout(), cases=cases)
    if not args.game:
        raise UserError("bench needs a game id, or --env for the research environments")
    _check_folder(args.content)
    load_game(args.game, args.content)
    if args.json:
        check_target(args.json)
    r = run_bench(args.game, seconds=args.seconds, content=args.content)
    targets = r.targets()
    out = _stdout()
    table = Table(title=f"{args.game} on one core ({r.play_seconds:.1f} s of random play, {r.games} games, "
                        f"{r.clone_samples} mid-game states)", title_justify="left", show_edge=False)
    table.add_column("measure")
    table.add_column("result", justify="right")
    table.add_column("target", justify="right")
    table.add_column("")

    def verdict(ok: bool, miss: str) -> str:
        return "[green]met[/green]" if ok else f"[yellow]{miss}[/yellow]"

    dps = speed_target(args.game)
    table.add_row("decisions / s (random play)", f"{r.decisions_per_second:,.0f}",
                  "" if dps is None else f">= {dps[0]:,} ({dps[1]})",
                  "" if dps is None else verdict(r.decisions_per_second >= dps[0], "below target"))
    table.add_row("clone(), median", f"{r.clone_us:.1f} µs", f"< {targets['clone_us']:g} µs",
                  verdict(r.clone_us < targets["clone_us"], "above target"))
    table.add_row("games / s (random play)", f"{r.games_per_second:,.1f}", "", "")
    table.add_row("games / s, normal path / fast path", f"{r.normal_path_gps:,.1f} / {r.fast_path_gps:,.1f}", "", "")
    table.add_row("fast path / normal path (same games)", f"x{r.fast_path_ratio:.2f}",
                  f">= x{targets['fast_path_ratio']:g} (issue 12)",
                  verdict(r.fast_path_ratio >= targets["fast_path_ratio"], "below target: docs/bots.md"))
    out.print(table)
    if args.json:
        write_text(args.json, json.dumps(r.to_json(), indent=1) + "\n")
    return 0


# ------------------------------------------------------------------ ladder
def cmd_daily(args: argparse.Namespace) -> int:
    from .daily import run
    return run(args, _stdout(), play_session)


def cmd_stats(args: argparse.Namespace) -> int:
    from .stats_cmd import run
    return run(args)


def cmd_ladder(args: argparse.Namespace) -> int:
    from .ladder_cmd import run
    game = load_game(args.game)
    options = game_options(args, game)
    if game.limit_option is not None and args.limit is not None:
        options[game.limit_option] = args.limit
    return run(args, options)


def cmd_calibrate(args: argparse.Namespace) -> int:
    from .calibrate_cmd import run
    return run(args)
