"""``woodlands sim`` as a study (several bots, ``--vary``, ``--out results.parquet``) and
``woodlands report``: the command-line side of :mod:`woodlands.sim.runner`'s studies and
:mod:`woodlands.sim.report`.  Heavy libraries (pyarrow, polars, altair, Ray) are imported only
when these commands run."""
from __future__ import annotations

import argparse
import itertools
import json
import math
import signal
import threading
from collections import defaultdict
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from rich.markup import escape
from rich.table import Table

from ..engine.errors import UserError, brief
from ..engine.files import check_not_inputs, check_target, loads
from ..engine.game import Game, load_game
from ..engine.registry import descriptor, resolve
from .terminal import SafeConsole

#: the most configurations one study may have (bots x varied values)
MAX_CONFIGS = 2000


def bots_of(text: str) -> list[str]:
    """``random,greedy`` -> ["random", "greedy"] (each checked when the study starts)."""
    bots = [b.strip() for b in text.split(",") if b.strip()]
    if not bots:
        raise UserError("--bot needs a bot name, e.g. --bot random or --bot random,greedy")
    return list(dict.fromkeys(bots))


def _value(game: Game, key: str, raw: str) -> list[Any]:
    """One item of a ``--vary`` list: ``A..B`` (whole numbers), ``all`` (every value the option's
    schema lists), or one value (JSON when it parses, else text)."""
    raw = raw.strip()
    low, sep, high = raw.partition("..")
    if sep and low.strip().lstrip("-").isdigit() and high.strip().lstrip("-").isdigit():
        a, b = int(low), int(high)
        if b < a or b - a > 1000:
            raise UserError(f"--vary {brief(key)}={brief(raw)}: a range goes up, by at most 1000 values")
        return list(range(a, b + 1))
    if raw == "all":
        spec = next((o for o in descriptor(game.id).options if o.name == key), None)
        if spec is not None and spec.choices is not None:
            return list(spec.choices)
        if spec is not None and spec.menu_choices is not None:
            return [v for v, _ in resolve(spec.menu_choices)(game)]
        if spec is not None and spec.type is bool:
            return [False, True]
        raise UserError(f"--vary {brief(key)}=all: {game.id} does not list the values of {brief(key)}")
    try:
        return [loads(raw)]
    except (json.JSONDecodeError, ValueError):
        return [raw]


def variations(game: Game, texts: list[str] | None) -> list[dict[str, Any]]:
    """Every combination of the ``--vary KEY=V1,V2`` values (one empty dict when there are none).

    >>> g = load_game("tanglewoods")
    >>> variations(g, ["difficulty=4..6", "side=a"])
    [{'difficulty': 4, 'side': 'a'}, {'difficulty': 5, 'side': 'a'}, {'difficulty': 6, 'side': 'a'}]
    """
    axes: list[tuple[str, list[Any]]] = []
    for text in texts or []:
        key, sep, raw = text.partition("=")
        key = key.strip()
        if not sep or not key or not raw.strip():
            raise UserError(f"--vary {brief(text)}: write it as KEY=V1,V2 or KEY=LOW..HIGH, e.g. --vary difficulty=0..10")
        values = [v for part in raw.split(",") if part.strip() for v in _value(game, key, part)]
        axes.append((key, list(dict.fromkeys(json.dumps(v) for v in values))))
    count = math.prod(len(vals) for _, vals in axes)
    if count > MAX_CONFIGS:         # counted before they are made: three ranges of 1000 are a billion
        raise UserError(f"--vary makes {count:,} combinations; at most {MAX_CONFIGS:,}")
    return [dict(zip([k for k, _ in axes], (json.loads(v) for v in vs)))
            for vs in itertools.product(*(vals for _, vals in axes))]


def cmd_study(args: argparse.Namespace, options: dict[str, Any]) -> int:
    """``woodlands sim`` with several bots, ``--vary`` or ``--out``: a study."""
    from ..sim.runner import SimConfig, run_study
    from .progress import progress_reporter
    game = load_game(args.game, args.content)
    bots = bots_of(args.bot)
    configs = [SimConfig(game=args.game, bot=bot, options={**options, **extra}, content=args.content)
               for bot in bots for extra in variations(game, args.vary)]
    if len(configs) > MAX_CONFIGS:
        raise UserError(f"the study has {len(configs):,} configurations; at most {MAX_CONFIGS:,}")
    if args.out:
        check_target(args.out)
    if args.json:
        check_target(args.json)
        if args.out:
            check_not_inputs(args.json, [args.out], "--json")
    total = args.games * len(configs)
    label = f"{args.game} / {', '.join(bots)}" + (f" / {len(configs)} configurations" if len(configs) > len(bots) else "")
    with progress_reporter(total, label) as advance, _terminate_as_interrupt():
        report = run_study(configs, args.games, seed=args.seed, jobs=args.jobs, backend=args.backend,
                           out=args.out, progress=advance, address=args.address, keep_rows=not args.out)
    if args.out:
        rows = _study_rows(args.out, configs, args.seed, args.games)
    else:
        rows = report.rows
    summaries = summarise_by_config(rows)
    out = SafeConsole()
    table = Table(title=f"{args.game}: {len(configs)} configuration(s) x {args.games} games, seeds "
                        f"{args.seed}..{args.seed + args.games - 1}", title_justify="left", show_edge=False)
    for col in ("bot", "options", "games", "win rate", "95% interval"):
        table.add_column(col, justify="right" if col in ("games", "win rate") else "left")
    shown = varying_options([s["options"] for s in summaries])
    for s, opts in list(zip(summaries, shown))[:60]:
        lo, hi = s["win_rate_95"]
        table.add_row(s["bot"], escape(opts), str(s["games"]), f"{s['win_rate']:.1%}", f"{lo:.1%} - {hi:.1%}")
    out.print(table)
    if len(summaries) > 60:
        out.print(f"... and {len(summaries) - 60} more configurations (all in the results file)")
    speed = f"{report.games_per_second:.1f} games/s ({report.played} games in {report.elapsed:.2f} s, {args.jobs} job(s), {report.backend})"
    out.print(f"speed: {speed}")
    if report.skipped:
        out.print(f"resumed: {report.skipped} game(s) were already in {escape(str(args.out))} and were not played again")
    if args.out:
        out.print(f"wrote {escape(str(args.out))} (woodlands report {escape(str(args.out))} -o report.html)")
    if args.json:
        from ..engine.files import write_text
        write_text(args.json, json.dumps({"game": args.game, "games": args.games, "seed": args.seed,
                                          "backend": report.backend, "jobs": args.jobs,
                                          "elapsed_seconds": report.elapsed, "played": report.played,
                                          "skipped": report.skipped, "configs": summaries}, indent=1) + "\n")
    return 0


@contextmanager
def _terminate_as_interrupt() -> Iterator[None]:
    """A study stopped with SIGTERM (``kill``, a batch scheduler) keeps its finished games like
    Ctrl-C does.  (A background job of a script ignores SIGINT, so there ``kill`` is the way.)"""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    old = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, old)


def varying_options(texts: list[str]) -> list[str]:
    """Each configuration's options as ``key=value`` pairs, leaving out what every one shares.

    >>> varying_options(['{"difficulty":1,"round_limit":200}', '{"difficulty":2,"round_limit":200}'])
    ['difficulty=1', 'difficulty=2']
    """
    parsed = [json.loads(t) if t else {} for t in texts]
    keys = sorted({k for p in parsed for k in p})
    varying = [k for k in keys if len({json.dumps(p.get(k)) for p in parsed}) > 1] or keys
    return [" ".join(f"{k}={json.dumps(p[k]) if not isinstance(p[k], str) else p[k]}" for k in varying if k in p)
            for p in parsed]


def _study_rows(path: str, configs: list[Any], seed: int, games: int) -> list[dict[str, Any]]:
    """The rows of this study in the results file (earlier runs' included)."""
    from ..sim.results import read_table
    from ..sim.runner import _game, study_key
    keys = {study_key(c, _game(c)) for c in configs}
    cols = ("game", "content_id", "content_version", "bot", "options", "seed", "result")
    t = read_table(path, cols)
    data = {c: t.column(c).to_pylist() for c in cols}
    rows = []
    for i in range(t.num_rows):
        if seed <= data["seed"][i] < seed + games and tuple(data[c][i] for c in cols[:5]) in keys:
            rows.append({c: data[c][i] for c in cols})
    return rows


def summarise_by_config(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Games, win rate and its 95% Wilson interval per (bot, options), in first-seen order."""
    from ..sim.stats import wilson_interval
    groups: dict[tuple[str, str], list[str]] = defaultdict(list)
    for r in rows:
        groups[(str(r.get("bot", "")), str(r.get("options", "")))].append(str(r["result"]))
    out = []
    for (bot, options), results in groups.items():
        wins = results.count("win")
        lo, hi = wilson_interval(wins, len(results))
        out.append({"bot": bot, "options": options, "games": len(results), "wins": wins,
                    "win_rate": wins / len(results) if results else 0.0, "win_rate_95": [lo, hi]})
    return out


def cmd_report(args: argparse.Namespace) -> int:
    """``woodlands report RESULTS.parquet... -o report.html``."""
    for f in args.results:
        if not Path(f).is_file():
            raise UserError(f"{f}: no such results file")
    check_target(args.output)
    check_not_inputs(args.output, args.results, "-o")
    packs = [part.strip() for text in (getattr(args, "pack", None) or []) for part in text.split(",") if part.strip()]
    for folder in packs:
        if not Path(folder).is_dir():
            raise UserError(f"--pack {folder}: no such folder (a content pack folder, as --content takes)")
    try:
        from ..sim.report import build_report, games_text
    except ImportError as e:
        raise UserError(f"the report needs its extra: pip install 'woodlands[report]' ({e.name} is missing)") from None
    report = build_report(args.results, title=args.title, packs=packs)
    from ..engine.files import write_text
    target = write_text(args.output, report.html)
    out = SafeConsole()
    out.print(f"wrote {escape(str(target))} ({len(report.html.encode()) / 1e6:.2f} MB, {games_text(report.rows)})")
    for line in report.summary:
        out.print(f"- {escape(line)}", soft_wrap=True)
    return 0
