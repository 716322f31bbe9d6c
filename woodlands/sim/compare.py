"""Two content packs compared game by game: what the balance report's "Packs compared" part is
made of (:func:`woodlands.sim.report.build_report`).

A study plays every configuration on the same seeds, so two packs played by the same bot and
set-up give *pairs*: the game of seed 7 on the old pack and the game of seed 7 on the new one
start from the same shuffle.  Many pairs end exactly alike (the edit never came into play); a
test that ignores the pairing counts them as evidence twice over and misses real changes hidden
in the noise of the others.  So each set-up (a cell: bot x options) and each bot pooled get

- the win rate on each pack with its 95% Wilson interval, and the unpaired two-proportion test;
- the paired comparison of wins: the games won on one pack only (the discordant pairs) and
  McNemar's exact test on them (a two-sided binomial test of those counts at one half,
  :func:`mcnemar_p`);
- the paired comparison of the game's score measures (a ``reward`` column, and the measures the
  game names in its descriptor's ``paired_measures``): the mean of each pack, the mean of the
  differences and the Wilcoxon signed-rank test of the differences (:func:`wilcoxon_p`);
- the identical pairs: games whose result, decisions and every number of the row are the same.

And "what changed" (:func:`pack_changes`): every field that differs between the two packs'
content, entry by entry, from the packs' folders (``woodlands report --pack DIR``), or from the
rows' ``variant`` (the edits a sweep made in memory).  Needs the ``report`` extra (polars, scipy).
"""
from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any, Iterable, Sequence

import polars as pl

from ..kit.report import Row, value_key
from ..kit.stats import difference_interval, significantly_different, wilson_interval

#: the columns that are never a measure of a game (its identity, or text)
NOT_MEASURES = frozenset({"seed", "rules"})


def mcnemar_p(before_only: int, after_only: int) -> float:
    """McNemar's exact test of paired wins: under "the edit changes nothing" a pair that went
    differently is as likely to favour either pack, so the games won on one pack only are a
    binomial draw at one half; the two-sided p value of that (1.0 when no pair differs).

    By hand: 1 game won on the first pack only and 7 on the second only: P(X <= 1) for 8
    draws at one half is (1 + 8) / 256, doubled, 0.0703125.

    >>> mcnemar_p(1, 7), mcnemar_p(0, 0)
    (0.0703125, 1.0)
    """
    n = before_only + after_only
    if n == 0:
        return 1.0
    from scipy.stats import binomtest
    return float(binomtest(before_only, n, 0.5).pvalue)


def wilcoxon_p(differences: Sequence[float]) -> float | None:
    """The two-sided p value of the Wilcoxon signed-rank test on paired differences (after minus
    before), zero differences left out first (Wilcoxon's own way; then, with no ties, scipy's
    exact distribution for up to 50 pairs).  1.0 when every difference is zero; None when it
    cannot be computed.

    By hand: differences 1, 2, 3, -4, 5 (and a 0, left out): ranks 1..5, the negative ones sum
    to 4; of the 32 equally likely sign patterns 7 have a negative sum of 4 or less, so
    p = 2 x 7 / 32 = 0.4375.

    >>> wilcoxon_p([1, 2, 3, -4, 5, 0]), wilcoxon_p([0, 0])
    (0.4375, 1.0)
    """
    nonzero = [float(d) for d in differences if d is not None and d == d and d != 0]
    if not nonzero:
        return 1.0
    from scipy.stats import wilcoxon
    try:
        p = float(wilcoxon(nonzero).pvalue)
    except ValueError:
        return None
    return None if p != p else p


def measure_columns(df: pl.DataFrame) -> list[str]:
    """The number columns of a game's rows (its measures and designer numbers, decisions too):
    what two games must share, with the result, to count as identical."""
    out = []
    for name, dtype in df.schema.items():
        if name in NOT_MEASURES or name.startswith("_"):
            continue
        if dtype.is_numeric() or dtype == pl.Boolean:
            if df.get_column(name).null_count() < df.height:
                out.append(name)
    return out


def _pairs(a: pl.DataFrame, b: pl.DataFrame, measures: Sequence[str]) -> pl.DataFrame:
    """The games of one cell played on both packs, joined on their seed (one game per seed and
    pack: a second game of one seed, from a bot with a time budget, is left out)."""
    cols = ["seed", "result", *measures]
    left = a.select(cols).unique("seed", keep="first", maintain_order=True)
    right = b.select(cols).unique("seed", keep="first", maintain_order=True)
    return left.join(right, on="seed", how="inner", suffix="__after")


def _paired_numbers(pairs: pl.DataFrame, measures: Sequence[str]) -> dict[str, Any]:
    won_a = pairs.get_column("result") == "win"
    won_b = pairs.get_column("result__after") == "win"
    same = pairs.get_column("result") == pairs.get_column("result__after")
    for m in measures:
        x, y = pairs.get_column(m), pairs.get_column(m + "__after")
        same = same & ((x == y).fill_null(False) | (x.is_null() & y.is_null()))
    return {"pairs": pairs.height, "identical": int(same.sum()), "both_won": int((won_a & won_b).sum()),
            "before_only": int((won_a & ~won_b).sum()), "after_only": int((~won_a & won_b).sum())}


def _measure_rows(pairs: pl.DataFrame, scores: Sequence[str], base: Row) -> list[Row]:
    out = []
    for m in scores:
        both = pairs.select(pl.col(m).cast(pl.Float64).alias("x"), pl.col(m + "__after").cast(pl.Float64).alias("y")).drop_nulls()
        if both.is_empty():
            continue
        x, y = both.get_column("x").to_list(), both.get_column("y").to_list()
        diffs = [v - u for u, v in zip(x, y)]
        out.append({**base, "measure": m, "pairs": len(diffs), "before_mean": sum(x) / len(x), "after_mean": sum(y) / len(y),
                    "mean_difference": sum(diffs) / len(diffs), "pairs_differing": sum(1 for d in diffs if d != 0),
                    "wilcoxon_p": wilcoxon_p(diffs)})
    return out


def _win_numbers(games_a: int, wins_a: int, games_b: int, wins_b: int, paired: dict[str, Any]) -> Row:
    ra = wins_a / games_a if games_a else 0.0
    rb = wins_b / games_b if games_b else 0.0
    lo_a, hi_a = wilson_interval(wins_a, games_a)
    lo_b, hi_b = wilson_interval(wins_b, games_b)
    change_lo, change_hi = difference_interval(wins_b, games_b, wins_a, games_a)
    p = mcnemar_p(paired["before_only"], paired["after_only"]) if paired["pairs"] else None
    unpaired = significantly_different(wins_a, games_a, wins_b, games_b)
    return {"games_before": games_a, "wins_before": wins_a, "before_win_rate": ra, "before_lo": lo_a, "before_hi": hi_a,
            "games_after": games_b, "wins_after": wins_b, "after_win_rate": rb, "after_lo": lo_b, "after_hi": hi_b,
            "change": rb - ra, "change_lo": change_lo, "change_hi": change_hi, **paired, "mcnemar_p": p,
            "unpaired_significant": unpaired,
            # with pairs the paired test decides (it is the right one for games from the same
            # seeds); without any, the two-proportion test is all there is
            "test": "McNemar (paired)" if p is not None else "two-proportion",
            "significant": (p < 0.05) if p is not None else unpaired}


def compare_two(df: pl.DataFrame, game_id: str, before: str, after: str, scores: Sequence[str]) -> tuple[list[Row], list[Row], list[Row]]:
    """Packs ``before`` and ``after`` (labels of the ``pack`` column) of one game compared: the
    rows per cell (bot x options), the rows pooled per bot and over every bot (``bot`` "(all)"),
    and the score measures' rows (per cell and pooled, ``options`` "(all)" when pooled).  Pooled,
    each set-up counts with the seeds both packs played (all its games where they share none),
    so both sides pool the same mix of set-ups."""
    sub = df.filter((pl.col("game") == game_id) & pl.col("pack").is_in([before, after]))
    measures = measure_columns(sub)
    scores = [s for s in scores if s in sub.columns]
    cells: list[Row] = []
    measure_rows: list[Row] = []
    pooled_pairs: dict[str, list[pl.DataFrame]] = {}
    totals: dict[str, list[int]] = {}
    keys = sorted({(r["base_bot"], r["options"]) for r in sub.select("base_bot", "options").unique().to_dicts()},
                  key=lambda k: (value_key(k[0]), value_key(k[1])))
    for bot, options in keys:
        cell = sub.filter((pl.col("base_bot") == bot) & (pl.col("options") == options))
        a, b = cell.filter(pl.col("pack") == before), cell.filter(pl.col("pack") == after)
        if a.is_empty() or b.is_empty():
            continue            # a set-up played on one pack only: nothing to compare it with
        pairs = _pairs(a, b, measures)
        wins_a, wins_b = int((a.get_column("result") == "win").sum()), int((b.get_column("result") == "win").sum())
        base = {"game": game_id, "bot": bot, "options": options, "pack_before": before, "pack_after": after}
        cells.append({**base, **_win_numbers(a.height, wins_a, b.height, wins_b, _paired_numbers(pairs, measures))})
        measure_rows += _measure_rows(pairs, scores, base)
        # pooled, a set-up counts with the seeds both packs played where there are any: a set-up
        # one pack played on more seeds (a sweep's file beside a comparison's) would otherwise
        # weigh more on that side, and the pooled rates would differ by the mix of set-ups
        common = set(a.get_column("seed").to_list()) & set(b.get_column("seed").to_list())
        if common:
            a, b = a.filter(pl.col("seed").is_in(list(common))), b.filter(pl.col("seed").is_in(list(common)))
            wins_a, wins_b = int((a.get_column("result") == "win").sum()), int((b.get_column("result") == "win").sum())
        for group in (bot, "(all)"):
            pooled_pairs.setdefault(group, []).append(pairs)
            t = totals.setdefault(group, [0, 0, 0, 0])
            t[0] += a.height
            t[1] += wins_a
            t[2] += b.height
            t[3] += wins_b
    pooled: list[Row] = []
    groups = sorted((g for g in totals if g != "(all)"), key=value_key)
    if len(groups) > 1:
        groups.append("(all)")
    for group in groups:
        pairs = pl.concat(pooled_pairs[group], how="vertical_relaxed")
        ga, wa, gb, wb = totals[group]
        base = {"game": game_id, "bot": group, "options": "(all)", "pack_before": before, "pack_after": after}
        pooled.append({**base, "setups": len(pooled_pairs[group]), **_win_numbers(ga, wa, gb, wb, _paired_numbers(pairs, measures))})
        measure_rows += _measure_rows(pairs, scores, base)
    return cells, pooled, measure_rows


# -- what changed


def _flatten(value: Any, path: str, out: dict[str, Any]) -> None:
    """Leaves of a pack's TOML as ``path -> value``; a list of tables whose entries have ids is
    keyed by id (``bear[papa-bear].enemy.health``), so an entry moved in its file is no change."""
    if isinstance(value, dict):
        for k in sorted(value):
            _flatten(value[k], f"{path}.{k}" if path else str(k), out)
    elif isinstance(value, list) and value and all(isinstance(v, dict) and "id" in v for v in value) \
            and len({str(v["id"]) for v in value}) == len(value):
        for v in value:
            _flatten({k: x for k, x in v.items() if k != "id"}, f"{path}[{v['id']}]", out)
    else:
        out[path] = value


def pack_fields(folder: str | Path) -> dict[str, Any]:
    """Every field of a pack folder's TOML files, flattened (:func:`_flatten`), each path starting
    with its file's name (``bears.toml: bear[papa-bear].enemy.health``).  Comments and layout do
    not count: the files are parsed."""
    root = Path(folder)
    out: dict[str, Any] = {}
    for f in sorted(root.rglob("*.toml")):
        with f.open("rb") as fh:
            data = tomllib.load(fh)
        leaves: dict[str, Any] = {}
        _flatten(data, "", leaves)
        name = f.relative_to(root).as_posix()
        for k, v in leaves.items():
            out[f"{name}: {k}"] = v
    return out


def _shown(value: Any) -> str:
    if value is None:
        return "(absent)"
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def pack_changes(before: str | Path, after: str | Path) -> list[Row]:
    """Every field that differs between two pack folders: ``field`` (file: entry path),
    ``before`` and ``after`` as text (``(absent)`` where one pack lacks it).

    >>> import tempfile, pathlib
    >>> a, b = pathlib.Path(tempfile.mkdtemp()), pathlib.Path(tempfile.mkdtemp())
    >>> _ = (a / "bears.toml").write_text('[[bear]]\\nid = "papa"\\nhealth = 7\\n[[bear]]\\nid = "baby"\\nhealth = 4\\n')
    >>> _ = (b / "bears.toml").write_text('# moved and retuned\\n[[bear]]\\nid = "baby"\\nhealth = 4\\n[[bear]]\\nid = "papa"\\nhealth = 9\\n')
    >>> pack_changes(a, b)
    [{'field': 'bears.toml: bear[papa].health', 'before': '7', 'after': '9'}]
    """
    x, y = pack_fields(before), pack_fields(after)
    return [{"field": k, "before": _shown(x.get(k)), "after": _shown(y.get(k))}
            for k in sorted(set(x) | set(y)) if x.get(k) != y.get(k) or (k in x) != (k in y)]


def variant_changes(before: str | None, after: str | None) -> list[Row]:
    """The fields two in-memory variants (the rows' ``variant`` JSON) set differently:
    ``(unedited)`` where one of them leaves the field as its pack has it.

    >>> variant_changes(None, '{"card.papa-bear.health":9}')
    [{'field': 'card.papa-bear.health', 'before': '(unedited)', 'after': '9'}]
    """
    x: dict[str, Any] = json.loads(before) if before else {}
    y: dict[str, Any] = json.loads(after) if after else {}
    return [{"field": k, "before": json.dumps(x[k]) if k in x else "(unedited)", "after": json.dumps(y[k]) if k in y else "(unedited)"}
            for k in sorted(set(x) | set(y)) if x.get(k) != y.get(k) or (k in x) != (k in y)]


#: a pack folder the report knows: (game, content id, version, fingerprint or None, folder,
#: given): ``given`` for a folder named with ``--pack``; the others (the packs Woodlands comes
#: with, the folders the files' studies were played on) count only where their fingerprint is
#: the rows' own, since a folder may have been edited since without a new version
PackFolder = tuple[str, str, str, str | None, Path, bool]


def _load_folder(game_id: str, path: Path, given: bool) -> PackFolder:
    from ..engine.game import load_game
    content = load_game(game_id, path).content
    fingerprint = getattr(content, "fingerprint", None)
    return (game_id, content.id, content.version, str(fingerprint) if fingerprint else None, path, given)


def pack_folders(games: Iterable[str], folders: Sequence[str | Path], results: Sequence[str | Path] = ()) -> list[PackFolder]:
    """The pack folders the report can read "what changed" from: those given (``woodlands
    report --pack``), loaded by the game their ``pack.toml`` names (one of ``games``, so a
    fingerprint is the game's own); then, matched by fingerprint only, each game's default and
    kept packs and the ``content`` folders in the results files' study settings (Parquet
    metadata ``woodlands.studies``) that are still there."""
    import inspect
    from ..engine.errors import UserError
    from ..engine.packs import kept_packs
    from ..engine.registry import descriptor, game_ids
    wanted = set(games)
    out: list[PackFolder] = []
    for folder in folders:
        path = Path(folder)
        info = path / "pack.toml"
        if not info.is_file():
            raise UserError(f"--pack {folder}: no pack.toml there (a content pack folder has one)")
        with info.open("rb") as fh:
            game_id = str(tomllib.load(fh).get("game", ""))
        if game_id in wanted:
            out.append(_load_folder(game_id, path, True))
    known = {p[4].resolve() for p in out}
    found: list[tuple[str, Path]] = []
    for game_id in sorted(wanted & set(game_ids())):
        default = Path(inspect.getfile(descriptor(game_id).game)).parent / "content"
        found += [(game_id, default)] + [(game_id, p) for p in kept_packs(game_id).values()]
    found += [(g, p) for g, p in _study_folders(results) if g in wanted]
    for game_id, path in found:
        if path.is_dir() and (path / "pack.toml").is_file() and path.resolve() not in known:
            known.add(path.resolve())
            try:
                out.append(_load_folder(game_id, path, False))
            except Exception:       # a folder that no longer loads tells nothing: left out
                continue
    return out


def _study_folders(results: Sequence[str | Path]) -> list[tuple[str, Path]]:
    """(game, folder) of every ``content`` folder the results files' studies name in their
    settings (``woodlands.studies``, a JSON list of objects; files without it name none)."""
    out = []
    for path in results:
        p = Path(path)
        if not p.is_file():
            continue
        try:
            import pyarrow.parquet as pq
            meta = pq.read_schema(p).metadata or {}
            studies = json.loads(meta.get(b"woodlands.studies", b"[]"))
        except Exception:       # no settings to read: the report goes on without them
            continue
        for study in studies if isinstance(studies, list) else []:
            if isinstance(study, dict) and isinstance(study.get("content"), str) and isinstance(study.get("game"), str):
                out.append((study["game"], Path(study["content"])))
    return out
