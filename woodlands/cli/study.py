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
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from rich.markup import escape
from rich.table import Table

from ..engine.errors import UserError, brief
from ..engine.files import check_not_inputs, check_target, loads
from ..engine.game import Game, load_game
from ..engine.registry import descriptor, resolve
from ..engine.variants import EDIT_PREFIX
from .terminal import SafeConsole

#: the most configurations one study may have (bots x varied values)
MAX_CONFIGS = 2000


def bots_of(text: str) -> list[str]:
    """``random,greedy`` -> ["random", "greedy"] (each checked when the study starts)."""
    bots = [b.strip() for b in text.split(",") if b.strip()]
    if not bots:
        raise UserError("--bot needs a bot name, e.g. --bot random or --bot random,greedy")
    return list(dict.fromkeys(bots))


def _number(text: str) -> int | float | None:
    """``3`` -> 3, ``0.5`` -> 0.5, anything else -> None."""
    text = text.strip()
    try:
        return int(text)
    except ValueError:
        pass
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def _range(key: str, raw: str) -> list[Any] | None:
    """``A..B`` (whole numbers, step 1) or ``A..B:STEP`` as its values, or None if ``raw`` is
    not a range."""
    low, sep, rest = raw.partition("..")
    high, colon, step_text = rest.partition(":")
    a, b = _number(low), _number(high)
    if not sep or a is None or b is None:
        return None
    step = _number(step_text) if colon else 1
    if step is None or step <= 0:
        raise UserError(f"--vary {brief(key)}={brief(raw)}: the step after ':' is a number above 0, "
                        "e.g. 2..8:2 or 0.5..1.5:0.25")
    count = math.floor((b - a) / step + 1e-9) + 1 if b >= a else 0
    if b < a or count > 1001:
        raise UserError(f"--vary {brief(key)}={brief(raw)}: a range goes up, by at most 1000 values")
    values = [a + i * step for i in range(count)]
    if all(isinstance(v, int) for v in (a, b, step)):
        return [int(v) for v in values]
    return [int(v) if float(v).is_integer() else round(v, 10) for v in values]


def _value(game: Game, key: str, raw: str) -> list[Any]:
    """One item of a ``--vary`` list: ``A..B`` (whole numbers), ``A..B:STEP``, ``all`` (every
    value the option's schema lists), or one value (JSON when it parses, else text)."""
    raw = raw.strip()
    span = _range(key, raw)
    if span is not None:
        return span
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


#: ``--vary content=DIR,DIR``: play each pack folder as a variant
CONTENT_AXIS = "content"


@dataclass(frozen=True)
class Variant:
    """One variant of a study's pack: the folder (None: the study's ``--content``, or the
    default pack) and the in-memory edits; ``named`` when the folder came from ``--vary
    content=`` (its rows then name it)."""

    content: str | None
    edits: dict[str, Any]
    named: bool = False


def split_vary(texts: list[str] | None) -> tuple[list[str], list[str], list[str]]:
    """``--vary`` items as (game options, ``card.<id>.<field>=...`` edits, ``content=`` folders)."""
    options: list[str] = []
    edits: list[str] = []
    folders: list[str] = []
    for text in texts or []:
        key = text.partition("=")[0].strip()
        if key == CONTENT_AXIS:
            folders.extend(f.strip() for f in text.partition("=")[2].split(",") if f.strip())
            if not folders:
                raise UserError(f"--vary {brief(text)}: name the pack folders, e.g. --vary content=packs/a,packs/b")
        elif key.startswith(EDIT_PREFIX):
            edits.append(text)
        else:
            options.append(text)
    return options, edits, list(dict.fromkeys(folders))


def pack_variants(game: Game, content: str | None, texts: list[str] | None) -> list[Variant]:
    """Every pack variant the ``--vary`` items ask for: each ``content=`` folder (or the study's
    own pack) times every combination of the ``card.<id>.<field>`` values.  An edit naming no
    entry or no number of the pack is refused here, naming the valid ones.

    >>> g = load_game("tanglewoods")
    >>> [v.edits for v in pack_variants(g, None, ["card.papa-bear.health=6..8:2"])]
    [{'card.papa-bear.health': 6}, {'card.papa-bear.health': 8}]
    """
    from ..engine.variants import pack_entries, resolve_edit
    _, edit_texts, folders = split_vary(texts)
    if folders and content is not None:
        raise UserError("--vary content=DIR,DIR plays each folder; leave out --content (or add it to the list)")
    axes: list[tuple[str, list[Any]]] = []
    for text in edit_texts:
        key, _, raw = text.partition("=")
        key = key.strip()
        if not raw.strip():
            raise UserError(f"--vary {brief(text)}: write it as card.<id>.<field>=LOW..HIGH, e.g. "
                            "--vary card.papa-bear.health=5..9")
        values: list[Any] = []
        for part in raw.split(","):
            if not part.strip():
                continue
            span = _range(key, part.strip())
            number = _number(part)
            if span is None and number is None:
                raise UserError(f"--vary {brief(text)}: {brief(part.strip())} is not a number or a range "
                                "(LOW..HIGH or LOW..HIGH:STEP)")
            values.extend(span if span is not None else [number])
        axes.append((key, list(dict.fromkeys(values))))
    packs: list[tuple[str | None, bool]] = [(f, True) for f in folders] or [(content, False)]
    count = math.prod(len(vals) for _, vals in axes) * len(packs)
    if count > MAX_CONFIGS:
        raise UserError(f"--vary makes {count:,} pack variants; at most {MAX_CONFIGS:,}")
    for folder, _ in packs:
        base = load_game(game.id, folder) if folder is not None else game
        entries = pack_entries(base.pack_files)
        for key, _ in axes:
            resolve_edit(entries, key, base.pack_files)
    return [Variant(folder, dict(zip([k for k, _ in axes], combo)), named)
            for folder, named in packs for combo in itertools.product(*(vals for _, vals in axes))]


def variations(game: Game, texts: list[str] | None) -> list[dict[str, Any]]:
    """Every combination of the ``--vary KEY=V1,V2`` values (one empty dict when there are none).

    >>> g = load_game("tanglewoods")
    >>> variations(g, ["difficulty=4..6", "side=a"])
    [{'difficulty': 4, 'side': 'a'}, {'difficulty': 5, 'side': 'a'}, {'difficulty': 6, 'side': 'a'}]
    """
    axes: list[tuple[str, list[Any]]] = []
    for text in split_vary(texts)[0]:
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
    packs = pack_variants(game, args.content, args.vary)
    configs = [SimConfig(game=args.game, bot=bot, options={**options, **extra}, content=pack.content,
                         edits=pack.edits, content_variant=pack.named)
               for bot in bots for pack in packs for extra in variations(game, args.vary)]
    if len(configs) > MAX_CONFIGS:
        raise UserError(f"the study has {len(configs):,} configurations; at most {MAX_CONFIGS:,}")
    if args.out:
        check_target(args.out)
    if args.json:
        check_target(args.json)
        if args.out:
            check_not_inputs(args.json, [args.out], "--json")
    settings = study_settings(args, bots, options)
    # read before the run, which adds this study's settings to the file
    other_studies = settings_note(args.out, settings) if args.out else None
    total = args.games * len(configs)
    label = f"{args.game} / {', '.join(bots)}" + (f" / {len(configs)} configurations" if len(configs) > len(bots) else "")
    with progress_reporter(total, label) as advance, _terminate_as_interrupt():
        report = run_study(configs, args.games, seed=args.seed, jobs=args.jobs, backend=args.backend,
                           out=args.out, progress=advance, address=args.address, keep_rows=not args.out,
                           settings=settings)
    if args.out:
        rows = _study_rows(args.out, configs, args.seed, args.games)
    else:
        rows = _tagged(report.rows, configs, args.seed, args.games)
    summaries = summarise_by_config(rows)
    out = SafeConsole()
    table = Table(title=f"{args.game}: {len(configs)} configuration(s) x {args.games} games, seeds "
                        f"{args.seed}..{args.seed + args.games - 1}", title_justify="left", show_edge=False)
    variants = any(s.get("variant") for s in summaries)
    for col in ("bot", "options", *(("variant",) if variants else ()), "games", "win rate", "95% interval"):
        # the variant is what a sweep is read by: on a narrow screen it folds onto a second line
        # rather than losing its value to an ellipsis
        table.add_column(col, justify="right" if col in ("games", "win rate") else "left",
                         overflow="fold" if col == "variant" else "ellipsis")
    # in the order asked (bots as listed), then by value, numbers as numbers (difficulty 10 after 9)
    bot_order = {b: i for i, b in enumerate(bots)}
    summaries.sort(key=lambda s: (bot_order.get(s["bot"], len(bot_order)), s["bot"], natural_key(s.get("variant")),
                                  natural_key(s["options"])))
    shown = varying_options([s["options"] for s in summaries])
    for s, opts in list(zip(summaries, shown))[:60]:
        lo, hi = s["win_rate_95"]
        table.add_row(s["bot"], escape(opts), *((escape(variant_words(s.get("variant"))),) if variants else ()),
                      str(s["games"]), f"{s['win_rate']:.1%}", f"{lo:.1%} - {hi:.1%}")
    out.print(table)
    if len(summaries) > 60:
        out.print(f"... and {len(summaries) - 60} more configurations (all in the results file)")
    speed = f"{report.games_per_second:.1f} games/s ({report.played} games in {report.elapsed:.2f} s, {args.jobs} job(s), {report.backend})"
    out.print(f"speed: {speed}")
    if report.skipped:
        out.print(f"resumed: {report.skipped} game(s) were already in {escape(str(args.out))} and were not played again")
    if other_studies:
        out.print(escape(other_studies))
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


def natural_key(text: str | None) -> tuple[Any, ...]:
    """A sort key for a configuration's options or variant (JSON objects) that orders numbers as
    numbers and text as text, key by key.

    >>> sorted(['{"difficulty":10}', '{"difficulty":9}', '{"difficulty":1}'], key=natural_key)
    ['{"difficulty":1}', '{"difficulty":9}', '{"difficulty":10}']
    """
    parsed = json.loads(text) if text else {}
    if not isinstance(parsed, dict):
        return ((1, str(parsed)),)
    return tuple((k, (0, v, "") if isinstance(v, (int, float)) and not isinstance(v, bool) else (1, 0, json.dumps(v)))
                 for k, v in sorted(parsed.items()))


def variant_words(text: str | None) -> str:
    """A row's ``variant`` as the table shows it: ``key=value`` pairs, whole enough to read.

    >>> variant_words('{"card.papa-bear.health":9}')
    'card.papa-bear.health=9'
    >>> variant_words(None)
    '(the pack as loaded)'
    """
    if not text:
        return "(the pack as loaded)"
    parsed = json.loads(text)
    if not isinstance(parsed, dict):
        return text
    return " ".join(f"{k}={v if isinstance(v, str) else json.dumps(v)}" for k, v in parsed.items())


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


def study_settings(args: argparse.Namespace, bots: list[str], options: dict[str, Any]) -> dict[str, Any]:
    """What a study was asked to do, as its results file keeps it (Parquet metadata)."""
    return {"game": args.game, "bots": bots, "games": args.games, "seed": args.seed, "vary": list(args.vary or []),
            "options": options, "content": args.content}


def settings_note(out: str, settings: dict[str, Any]) -> str | None:
    """What to tell a study written into a results file that earlier studies with other settings
    wrote (None when there were none, or the same settings resume): both are kept.

    A game is known in the file by its pack, bot, options and seed, so a game of another study
    is never counted as one of this study's unless it is the same game; a game of the same key
    on another pack's content is refused by the runner before anything is played."""
    from ..sim.results import studies_of
    path = Path(out)
    earlier: list[dict[str, Any]] = []
    for study in [*studies_of(path), *studies_of(path.with_name(path.name + ".parts"))]:
        if study not in earlier:
            earlier.append(study)
    if not earlier or settings in earlier:
        return None
    # the same study asked for more (or fewer) games from the same first seed is an ordinary resume
    same = {k: v for k, v in settings.items() if k != "games"}
    if any({k: v for k, v in study.items() if k != "games"} == same for study in earlier):
        return None
    last = earlier[-1]
    changed = [f"{key} {json.dumps(last.get(key))} then {json.dumps(settings.get(key))}"
               for key in sorted(set(last) | set(settings)) if last.get(key) != settings.get(key)]
    count = f"{len(earlier)} stud{'y' if len(earlier) == 1 else 'ies'}"
    return (f"note: {out} was written before by {count} with other settings ({'; '.join(changed)}): "
            "the file keeps the settings of each study and the games of each; a game both asked for "
            "(the same pack, bot, options and seed) is played once")


def _config_keys(configs: list[Any], seed: int, games: int) -> dict[tuple[Any, ...], int]:
    """Each game's key in a results file (:func:`woodlands.sim.runner.study_key`) -> the index
    of the configuration it belongs to."""
    from ..sim.runner import _game, study_key
    return {study_key(c, _game(c), s): i for i, c in enumerate(configs) for s in range(seed, seed + games)}


def _tagged(rows: list[dict[str, Any]], configs: list[Any], seed: int, games: int) -> list[dict[str, Any]]:
    """The rows of this study, each with ``config``: the configuration it was played for (its
    ``options`` column also holds what varies by seed, such as the hero)."""
    from ..sim.results import KEY_COLUMNS
    keys = _config_keys(configs, seed, games)
    out = []
    for r in rows:
        index = keys.get(tuple(r.get(c) for c in KEY_COLUMNS))
        if index is not None:
            out.append({**r, "config": index, "config_options": _config_options(configs[index]),
                        "fingerprint": r.get("fingerprint")})
    return out


def _config_options(config: Any) -> str:
    from ..sim.runner import _game, options_text
    game = _game(config)
    return options_text(game.options_for_simulation(config.options))


def _study_rows(path: str, configs: list[Any], seed: int, games: int) -> list[dict[str, Any]]:
    """The rows of this study in the results file (earlier runs' included)."""
    from ..sim.results import KEY_COLUMNS, read_table
    cols = (*KEY_COLUMNS, "fingerprint", "result")
    t = read_table(path, cols)
    data = {c: t.column(c).to_pylist() for c in cols}
    rows = [{c: data[c][i] for c in cols} for i in range(t.num_rows) if seed <= data["seed"][i] < seed + games]
    return _tagged(rows, configs, seed, games)


def summarise_by_config(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Games, win rate and its 95% Wilson interval per configuration (bot, options, pack
    variant), in first-seen order.  ``options`` is the configuration's (what varies by seed,
    such as the hero, left out); rows without ``config`` are grouped by their bot and options."""
    from ..sim.stats import wilson_interval
    groups: dict[tuple[Any, ...], list[str]] = defaultdict(list)
    about: dict[tuple[Any, ...], dict[str, Any]] = {}
    for r in rows:
        options = str(r.get("config_options", r.get("options", "")))
        key = (r.get("config"), str(r.get("bot", "")), options, r.get("variant"))
        groups[key].append(str(r["result"]))
        about.setdefault(key, {"bot": str(r.get("bot", "")), "options": options, "variant": r.get("variant"),
                               "fingerprint": r.get("fingerprint")})
    out = []
    for key, results in groups.items():
        wins = results.count("win")
        lo, hi = wilson_interval(wins, len(results))
        out.append({**about[key], "games": len(results), "wins": wins,
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
