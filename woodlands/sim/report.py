"""The balance report: one offline HTML page built from simulation results (Parquet).

``woodlands report RESULTS.parquet -o report.html`` reads the rows that ``woodlands sim --out``
wrote (:mod:`woodlands.sim.results`; columns in docs/simulation.md) with polars and writes one
self-contained page: tables, plots drawn as inline SVG (altair, rendered by vl-convert: no
script, no link to the internet), and a summary at the top whose every sentence is made from the
numbers below it.  Every table is also embedded as JSON (``<script type="application/json"
id="woodlands-report-data">``) so that tests and other tools can read the same numbers.

A section per game present in the files, which that game's descriptor gives (its
``report_section``, built with :mod:`woodlands.kit.report`; docs/simulation.md says what each
game's section shows), or else a table of win rates by bot and options.  Games of one game played on different content
packs are kept apart and compared set-up by set-up (:func:`split_packs`,
:func:`compare_packs`): the before and after of a retune.  Needs the ``report`` extra (polars, pyarrow,
altair, vl-convert-python).
"""
from __future__ import annotations

import html
import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Sequence

import polars as pl

# (CLIFF, games_text, monotone_flags, strongest_higher, Z95: re-exported from their old home here)
from ..kit.report import (CLIFF as CLIFF, MEDIAN_NOTE, MIN_SUPPORT, Row, games_text as games_text, monotone_flags as monotone_flags,
                          p_text, pct, strongest_higher as strongest_higher, table, value_key, win_rows)
from ..kit.stats import Z95 as Z95, significantly_different as significantly_different
from .results import read_table

if TYPE_CHECKING:
    from .compare import PackFolder


@dataclass
class Report:
    html: str
    summary: list[str]
    tables: dict[str, list[Row]] = field(default_factory=dict)
    rows: int = 0


#: what makes a row one game: the same pack, set-up, seed and record digest is the same game
#: played again (a file given twice, or two studies that overlap), counted once
GAME_KEY = ("game", "content_id", "content_version", "fingerprint", "rules", "bot", "options", "seed", "digest")

#: what a pack is known by: two packs of one id and version but other content (an edit that
#: kept the version, a sweep's variant) have other fingerprints and are never pooled; rows made
#: before packs had fingerprints have none (null): "unknown", kept apart from every known one
PACK_KEY = ("content_id", "content_version", "fingerprint")

#: the columns a results file may lack (made before they existed): they read as null
OPTIONAL_TEXT = ("fingerprint", "variant")


def load(paths: Iterable[str | Path]) -> pl.DataFrame:
    """Every game of the results files, as one frame (columns a file lacks are null, among them
    ``fingerprint`` and ``variant`` in files made before they existed), each game once: rows
    with the same :data:`GAME_KEY` (the same file given twice, overlapping studies) are one
    game.  Two games of one seed that went differently (a bot with a time budget) both count:
    their digests differ."""
    import pyarrow as pa
    tables = [read_table(p) for p in paths]
    table = pa.concat_tables(tables, promote_options="permissive") if len(tables) > 1 else tables[0]
    df = pl.from_arrow(table)
    assert isinstance(df, pl.DataFrame)
    df = df.with_columns(pl.lit(None, dtype=pl.String).alias(c) for c in OPTIONAL_TEXT if c not in df.columns)
    merged = _merged_variants(df)
    df = df.unique(subset=list(GAME_KEY), keep="first", maintain_order=True)
    return df if merged is None else df.update(merged, on=list(GAME_KEY))


def _merged_variants(df: pl.DataFrame) -> pl.DataFrame | None:
    """One game reached by several studies (the same content, set-up and seed) under different
    ``variant`` texts, e.g. a sweep's Health 7 that is the pack's own value beside the pack given
    as a folder: the game keeps every name it was played under (the union of the edits), so it
    counts at that value of the sweep as well as for the pack.  None when no game has two."""
    twice = df.filter(pl.struct(list(GAME_KEY)).is_duplicated() & pl.col("variant").is_not_null())
    if twice.is_empty():
        return None
    names: dict[tuple[Any, ...], dict[str, Any]] = {}
    for r in twice.select(*GAME_KEY, "variant").to_dicts():
        try:
            parsed = json.loads(r["variant"])
        except ValueError:
            continue
        if isinstance(parsed, dict):
            names.setdefault(tuple(r[c] for c in GAME_KEY), {}).update(parsed)
    rows = [{**dict(zip(GAME_KEY, key)), "variant": json.dumps(v, sort_keys=True, separators=(",", ":"))}
            for key, v in names.items()]
    return pl.DataFrame(rows, schema={**{c: df.schema[c] for c in GAME_KEY}, "variant": pl.String}) if rows else None


def _version_key(version: str) -> tuple[tuple[int, str], ...]:
    """Versions in order: 0.2.0 before 0.10.0 (numbers compared as numbers, other parts as text).

    >>> sorted(["0.10.0", "0.2.0", "0.3.0"], key=_version_key)
    ['0.2.0', '0.3.0', '0.10.0']
    """
    return tuple((int(part), "") if part.isdigit() else (-1, part) for part in version.split("."))


def short_fingerprint(fingerprint: str | None) -> str:
    """The first 10 hex digits of a pack's fingerprint, or ``unknown`` (a row made before).

    >>> short_fingerprint("3f2a9c00d1e4b5a6" + "0" * 48), short_fingerprint(None)
    ('3f2a9c00d1', 'unknown')
    """
    return fingerprint[:10] if fingerprint else "unknown"


def variant_text(variant: str | None) -> str:
    """A sweep's edits as ``card.papa-bear.health=9`` ("" for none).

    >>> variant_text('{"card.papa-bear.health":9,"card.wolf.damage":2}')
    'card.papa-bear.health=9 card.wolf.damage=2'
    """
    if not variant:
        return ""
    try:
        parsed = json.loads(variant)
    except ValueError:
        return str(variant)
    if not isinstance(parsed, dict):
        return str(variant)
    return " ".join(f"{k}={v if isinstance(v, str) else json.dumps(v)}" for k, v in sorted(parsed.items()))


def _pack_order(p: dict[str, Any]) -> tuple[Any, ...]:
    # unknown (older rows) first, the unedited pack before its variants, variants by their values
    return (p["content_id"], _version_key(p["content_version"]), p["fingerprint"] is not None,
            p["variant"] is not None, value_key(p["variant"]), p["fingerprint"] or "")


def pack_labels(packs: Sequence[dict[str, Any]]) -> list[str]:
    """The labels of a game's packs (dicts with :data:`PACK_KEY` and ``variant``), as short as
    tells them apart: the version, the id too when the ids differ, and where one id and version
    has several contents the variant's edits or else the short fingerprint (``unknown`` for
    rows made before fingerprints).

    >>> fp = lambda c: c * 64
    >>> pack_labels([{"content_id": "tw", "content_version": "0.3.0", "fingerprint": None, "variant": None},
    ...              {"content_id": "tw", "content_version": "0.3.0", "fingerprint": fp("a"), "variant": None},
    ...              {"content_id": "tw", "content_version": "0.3.0", "fingerprint": fp("b"), "variant": '{"card.x.health":9}'},
    ...              {"content_id": "mine", "content_version": "0.1.0", "fingerprint": fp("c"), "variant": None}])
    ['tw 0.3.0 unknown', 'tw 0.3.0 aaaaaaaaaa', 'tw 0.3.0 card.x.health=9', 'mine 0.1.0']
    """
    named = len({p["content_id"] for p in packs}) > 1
    base = [f"{p['content_id']} {p['content_version']}" if named else str(p["content_version"]) for p in packs]
    shared = Counter(base)
    labels = [b if shared[b] == 1 else f"{b} {variant_text(p['variant']) or short_fingerprint(p['fingerprint'])}"
              for b, p in zip(base, packs)]
    alike = Counter(labels)      # one variant of two base packs: the fingerprint tells them apart
    return [lab if alike[lab] == 1 else f"{lab} {short_fingerprint(p['fingerprint'])}" for lab, p in zip(labels, packs)]


def edits_only(variant: str | None) -> str | None:
    """A row's ``variant`` without what only names a pack folder (``content``, from ``--vary
    content=DIR,DIR``): the in-memory edits, canonical JSON, or None when there are none.

    >>> edits_only('{"content":"tw 0.3.0"}') is None
    True
    >>> edits_only('{"card.x.health":9,"content":"tw 0.3.0"}')
    '{"card.x.health":9}'
    """
    if not variant:
        return None
    try:
        parsed = json.loads(variant)
    except ValueError:
        return variant
    if not isinstance(parsed, dict):
        return variant
    edits = {k: v for k, v in parsed.items() if k != "content"}
    return json.dumps(edits, sort_keys=True, separators=(",", ":")) if edits else None


def _pack_variants(df: pl.DataFrame) -> list[dict[str, Any]]:
    """Each pack of the rows (game and :data:`PACK_KEY`) with the edits that name it: the edits
    its rows made, or None where a pack's rows reached the same content without edits (the pack
    itself, named by a folder) or by different edits (a sweep value equal to the pack's own, as
    Health 7 of a Papa Bear whose Health is 7): one content is one pack, and it is the pack as
    it stands, not a variant of itself."""
    seen: dict[tuple[Any, ...], dict[str, Any]] = {}
    edits: dict[tuple[Any, ...], set[str | None]] = {}
    for r in df.select("game", *PACK_KEY, "variant").unique(maintain_order=True).to_dicts():
        key = tuple(r[c] for c in ("game", *PACK_KEY))
        seen.setdefault(key, {c: r[c] for c in ("game", *PACK_KEY)})
        edits.setdefault(key, set()).add(edits_only(r["variant"]))
    return [{**p, "variant": next(iter(edits[k])) if len(edits[k]) == 1 else None} for k, p in seen.items()]


def _pack_id(df: pl.DataFrame) -> pl.Expr:
    return pl.concat_str([pl.col(c).fill_null("") for c in ("game", *PACK_KEY)], separator="\x1f")


def split_packs(df: pl.DataFrame) -> tuple[pl.DataFrame, list[str]]:
    """Games of one game played on different content packs are different games (a retune
    changes the win rates it is meant to change), so they are never counted together: a pack is
    its :data:`PACK_KEY` (id, version and fingerprint: an edit that kept the version is another
    pack; rows without a fingerprint are "unknown", never pooled with fingerprinted ones).
    Where a game's rows come from more than one pack, each bot is named with its pack,
    ``greedy (pack 0.2.0)`` (:func:`pack_labels`), and every table and sentence of the report
    then keeps them apart.  (A study resumed after a retune, as ``woodlands sim --out`` allows,
    holds both.)  The frame gains ``base_bot`` (the bot's own name) and ``pack`` (the label, or
    null where the game has one pack); returns it and one sentence per game so split, for the
    summary."""
    notes = []
    df = df.with_columns(pl.col("bot").alias("base_bot"), pl.lit(None, dtype=pl.String).alias("pack"))
    packs = _pack_variants(df)
    shown = {"\x1f".join(p[c] or "" for c in ("game", *PACK_KEY)): p["variant"] for p in packs}
    df = df.with_columns(_pack_id(df).replace_strict(shown, default=None, return_dtype=pl.String).alias("pack_variant"))
    labels: dict[str, str] = {}
    for game_id in sorted({p["game"] for p in packs}):
        mine = sorted((p for p in packs if p["game"] == game_id), key=_pack_order)
        if len(mine) < 2:
            continue
        named = pack_labels(mine)
        for p, label in zip(mine, named):
            labels["\x1f".join(p[c] or "" for c in ("game", *PACK_KEY))] = label
        several_ids = len({p["content_id"] for p in mine}) > 1
        names = [label if several_ids else f"{p['content_id']} {label}" for p, label in zip(mine, named)]
        unknown = any(p["fingerprint"] is None for p in mine) and any(p["fingerprint"] is not None for p in mine)
        notes.append(f"{game_id}: games from {len(names)} content packs ({', '.join(names)}); each bot's games "
                     "are counted per pack, never together"
                     + ("; rows made before packs had fingerprints are pack \"unknown\", never pooled with a known one"
                        if unknown else "") + ".")
    if labels:
        pack_label = _pack_id(df).replace_strict(labels, default=None, return_dtype=pl.String)
        df = df.with_columns(pack_label.alias("pack")).with_columns(
            pl.when(pl.col("pack").is_not_null()).then(pl.col("bot") + " (pack " + pl.col("pack") + ")")
            .otherwise(pl.col("bot")).alias("bot"))
    return df, notes


def _pairs_to_compare(df: pl.DataFrame) -> list[tuple[str, str, str]]:
    """(game, pack before, pack after) of every comparison the report makes: a game played on
    exactly two packs compares them, whatever their ids (a copy given its own id is still
    compared with the pack it came from); with more, each pack with the next of the same id
    (versions in order, the unedited pack before its variants)."""
    split = df.filter(pl.col("pack").is_not_null())
    if split.is_empty():
        return []
    packs = (split.select("game", *PACK_KEY, pl.col("pack_variant").alias("variant"), "pack")
             .unique(subset=["game", "pack"], keep="first").to_dicts())
    out = []
    for game_id in sorted({p["game"] for p in packs}):
        mine = sorted((p for p in packs if p["game"] == game_id), key=_pack_order)
        if len(mine) == 2:
            out.append((game_id, mine[0]["pack"], mine[1]["pack"]))
            continue
        for a, b in zip(mine, mine[1:]):
            if a["content_id"] == b["content_id"]:
                out.append((game_id, a["pack"], b["pack"]))
    return out


@dataclass
class Comparison:
    """What comparing packs gives: the rows per cell (bot x set-up) and pooled, the score
    measures' rows, the "what changed" rows, and the summary's sentences."""
    rows: list[Row] = field(default_factory=list)
    pooled: list[Row] = field(default_factory=list)
    measures: list[Row] = field(default_factory=list)
    changes: list[Row] = field(default_factory=list)
    summary: list[str] = field(default_factory=list)
    missing_content: list[str] = field(default_factory=list)


def _paired_measures(game_id: str) -> tuple[str, ...]:
    """The measures a comparison of two packs tests pair by pair: ``reward`` (a column some
    files have) and the game's ``paired_measures`` (its descriptor)."""
    return ("reward", *tuple(_descriptor_hook(game_id, "paired_measures") or ()))


def _content_of(df: pl.DataFrame, game_id: str, label: str, folders: Sequence[PackFolder]) -> Path | None:
    """The folder of the pack ``label`` of a game: the one with its fingerprint; where the rows
    have none, the only folder given with ``--pack`` of its id and version (the packs found on
    their own count only by fingerprint: an edit that kept the version would pass for them)."""
    p = df.filter((pl.col("game") == game_id) & (pl.col("pack") == label)).select(*PACK_KEY).row(0, named=True)
    same = [f for f in folders if f[0] == game_id and (f[1], f[2]) == (p["content_id"], p["content_version"])]
    if p["fingerprint"] is not None:
        exact = [f for f in same if f[3] == p["fingerprint"]]
        if exact:
            return exact[0][4]
        if any(f[3] is not None for f in same):
            return None          # folders of this id and version, but of other content
    given = [f for f in same if f[5]]
    return given[0][4] if len(given) == 1 else None


def compare_packs(df: pl.DataFrame, folders: Sequence[PackFolder] = ()) -> Comparison:
    """Two packs of a game compared (:func:`_pairs_to_compare` says which), set-up by set-up
    and pooled per bot: the win rate on each, the games both played from the same seeds
    compared pair by pair (McNemar's exact test on the games won on one pack only; the
    Wilcoxon signed-rank test on the game's score measures; the identical pairs), and what
    changed between the two packs' content (from ``folders``:
    :func:`woodlands.sim.compare.pack_folders`), or between two sweep variants.  See :mod:`woodlands.sim.compare`."""
    from .compare import compare_two, pack_changes, variant_changes
    out = Comparison()
    pairs = _pairs_to_compare(df)
    # a sweep compares each variant with the next: its summary keeps the significant changes
    # only (every pair is in the tables, and the sweep's own part ranks the fields)
    crowded = {g for g in {p[0] for p in pairs} if sum(p[0] == g for p in pairs) > 2}
    for game_id, a, b in pairs:
        cells, pooled, measures = compare_two(df, game_id, a, b, _paired_measures(game_id))
        out.rows += cells
        out.pooled += pooled
        out.measures += measures
        va = df.filter((pl.col("game") == game_id) & (pl.col("pack") == a)).get_column("pack_variant")[0]
        vb = df.filter((pl.col("game") == game_id) & (pl.col("pack") == b)).get_column("pack_variant")[0]
        base = {"game": game_id, "pack_before": a, "pack_after": b}
        fa, fb = _content_of(df, game_id, a, folders), _content_of(df, game_id, b, folders)
        if fa is not None and fb is not None:
            changed = pack_changes(fa, fb)
            out.changes += [{**base, **c} for c in changed] or [{**base, "field": "(nothing: the two folders' content is the same)",
                                                                 "before": "", "after": ""}]
        elif va is not None or vb is not None:
            same_base = df.filter((pl.col("game") == game_id) & pl.col("pack").is_in([a, b])).select(
                "content_id", "content_version").unique().height == 1
            if same_base:
                out.changes += [{**base, **c} for c in variant_changes(va, vb)]
            else:
                out.missing_content.append(f"{game_id}: {a} to {b}")
        else:
            out.missing_content.append(f"{game_id}: {a} to {b}")
        for r in pooled:
            if r["bot"] == "(all)" and any(x["bot"] != "(all)" for x in pooled if x is not r):
                continue
            if game_id in crowded and not r["significant"]:
                continue
            text = (f"{game_id}, {r['bot']} bot, pack {a} to {b}, {r['setups']} set-up{'s' if r['setups'] != 1 else ''} "
                    f"together: {pct(r['before_win_rate'])} to {pct(r['after_win_rate'])}")
            if r["pairs"]:
                text += (f"; of {r['pairs']:,} games played on both from the same seeds, {r['identical']:,} ended "
                         f"identically, {r['after_only']:,} were won on {b} only and {r['before_only']:,} on {a} only "
                         f"(McNemar's exact test, {_p_words(r['mcnemar_p'])}: "
                         + ("a significant change" if r["significant"] else "within chance") + ")")
            out.summary.append(text + ".")
    for key in sorted({(r["game"], r["bot"], r["pack_before"], r["pack_after"]) for r in out.rows}):
        mine = [r for r in out.rows if (r["game"], r["bot"], r["pack_before"], r["pack_after"]) == key]
        up = [r for r in mine if r["significant"] and r["change"] > 0]
        down = [r for r in mine if r["significant"] and r["change"] < 0]
        if key[0] in crowded and not (up or down):
            continue
        text = (f"{key[0]}, {key[1]} bot, pack {key[2]} to {key[3]}: of {len(mine)} set-up{'s' if len(mine) > 1 else ''} "
                f"played on both, {len(up)} won significantly more often and {len(down)} less")
        if up or down:
            big = max(up + down, key=lambda r: (abs(r["change"]), r["options"]))
            text += (f" (the largest change: {_options_text(big['options'])}, {pct(big['before_win_rate'])} to "
                     f"{pct(big['after_win_rate'])})")
        out.summary.append(text + ".")
    return out


def _p_words(p: float) -> str:
    """``p = 0.0703`` or ``p < 0.0001``."""
    return "p < 0.0001" if p < 0.0001 else f"p = {p_text(p)}"


def _options_text(options: str) -> str:
    """A set-up's options as ``difficulty=10 hero=hedge-witch`` (the limits a study sets left out)."""
    try:
        parsed = json.loads(options)
    except (TypeError, ValueError):
        return str(options)
    if not isinstance(parsed, dict):
        return str(options)
    shown = {k: v for k, v in parsed.items() if not k.endswith("_limit")}
    return " ".join(f"{k}={v}" for k, v in shown.items()) or "the default set-up"


CSS = """
body{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}
h1{font-size:1.6em}h2{border-bottom:2px solid #6a8d5a;margin-top:2em}
table{border-collapse:collapse;margin:.6em 0;font-size:.85em;display:block;max-width:100%;overflow-x:auto}
th,td{border:1px solid #ccc;padding:2px 6px;text-align:right}th{background:#eef3ea}
td:first-child,th:first-child{text-align:left}.flag{background:#fde2c8}.none{color:#777}
.summary li{margin:.2em 0}details{margin:.5em 0}svg{max-width:100%;height:auto}
"""


def _section(game_id: str) -> Any:
    """The ``report_section`` the game's descriptor names, or None (an unknown game, or none)."""
    from ..engine.registry import descriptor, game_ids, resolve
    if game_id not in game_ids():
        return None
    return resolve(descriptor(game_id).report_section)


def _descriptor_hook(game_id: str, name: str) -> Any:
    """A hook the game's descriptor names (its ``loss_columns`` or ``paired_measures``), or None."""
    from ..engine.registry import descriptor, game_ids, resolve
    if game_id not in game_ids():
        return None
    return resolve(getattr(descriptor(game_id), name, None))


def _comparison_html(c: Comparison, tables: dict[str, list[Row]]) -> str:
    """The "Packs compared" section."""
    tables["packs_compared"] = c.rows
    tables["packs_compared_pooled"] = c.pooled
    tables["packs_compared_measures"] = c.measures
    tables["packs_changed"] = c.changes

    def shown(rows: list[Row]) -> list[Row]:
        return [dict(r, options=_options_text(r["options"]) if r["options"] != "(all)" else "(all)",
                     change=(f"{100 * r['change']:+.1f} ({100 * r['change_lo']:+.1f} to {100 * r['change_hi']:+.1f})"),
                     significant=("yes" if r["significant"] else "no") + (" (paired)" if r["test"].endswith("(paired)") else ""))
                for r in rows]
    columns = [("bot", "bot"), ("options", "set-up"), ("pack_before", "pack"), ("games_before", "games"),
               ("before_win_rate", "win rate"), ("pack_after", "then pack"), ("games_after", "games"),
               ("after_win_rate", "win rate"), ("change", "change, points (95%)"), ("pairs", "paired games"),
               ("identical", "identical"), ("before_only", "won on the first only"), ("after_only", "won on the second only"),
               ("mcnemar_p", "McNemar p"), ("significant", "significant")]
    parts = ["<h2>Packs compared</h2><p>Two packs of a game, set-up by set-up (a bot and its options) and pooled per bot: "
             "the win rate on each (95% Wilson intervals; the change with Newcombe's 95% interval for independent games). "
             "A study plays every set-up on the same seeds, so the games of one seed on the two packs form a pair: "
             "<em>identical</em> pairs ended with the same result, decisions and every number of their rows; McNemar's "
             "exact test compares the games won on one pack only (a two-sided binomial test of those counts at one "
             "half). <em>Significant</em> is that paired test at 95% where the set-up has pairs, else the "
             "two-proportion test. A game played on exactly two packs compares them whatever their ids; with more, each "
             "pack is compared with the next of its id.</p>",
             "<h3>Pooled per bot</h3>", table(shown(c.pooled), [("game", "game"), columns[0], ("setups", "set-ups"), *columns[2:]])]
    if c.measures:
        parts.append("<h3>Score measures, pair by pair</h3><p>The mean of each pack over the paired games, the mean "
                     "difference (second minus first) and the Wilcoxon signed-rank test of the differences (zero "
                     "differences left out first).</p>" + table(
                         [r for r in c.measures if r["options"] == "(all)"],
                         [("game", "game"), ("bot", "bot"), ("pack_before", "pack"), ("pack_after", "then pack"),
                          ("measure", "measure"), ("pairs", "pairs"), ("before_mean", "mean"), ("after_mean", "then mean"),
                          ("mean_difference", "mean difference"), ("pairs_differing", "pairs differing"),
                          ("wilcoxon_p", "Wilcoxon p")]))
    parts.append(f"<details><summary>Set-up by set-up ({len(c.rows)} rows)</summary>" + table(shown(c.rows), columns) + "</details>")
    parts.append("<h3>What changed</h3>")
    if c.changes:
        parts.append("<p>Every content field that differs between the two packs, entry by entry (from the packs' "
                     "folders, or from the edits a sweep made).</p>" + table(c.changes, [
                         ("game", "game"), ("pack_before", "pack"), ("pack_after", "then pack"), ("field", "field"),
                         ("before", "before"), ("after", "after")]))
    if c.missing_content:
        parts.append("<p class='none'>The content of " + html.escape("; ".join(c.missing_content)) + " is not known "
                     "here: give --pack DIR,DIR to see what changed.</p>")
    return "\n".join(parts)


def build_report(paths: Sequence[str | Path], title: str = "Woodlands balance report",
                 min_support: int = MIN_SUPPORT, packs: Sequence[str | Path] = ()) -> Report:
    """The report for every game present in the results files ``paths``; ``min_support``: the
    fewest games (or fights) behind a row of a lift table or a named scene or foe; ``packs``:
    content pack folders, for the "what changed" table of two packs compared."""
    from .compare import pack_folders
    from .losses import loss_section
    from .sweeps import sweep_section
    df, pack_notes = split_packs(load(paths))
    tables: dict[str, list[Row]] = {}
    summary: list[str] = []
    sections = []
    games = sorted(df.group_by(["game", "bot"]).agg(pl.len().alias("games")).to_dicts(),
                   key=lambda r: (r["game"], value_key(r["bot"])))
    tables["games"] = games
    summary.append(f"{games_text(df.height)}: " + "; ".join(f"{r['game']} with the {r['bot']} bot {r['games']:,}" for r in games) + ".")
    summary += pack_notes
    game_list = sorted(set(df.get_column("game").to_list()))
    compared = compare_packs(df, pack_folders(game_list, packs, paths))
    summary += compared.summary
    for game_id in game_list:
        sub = df.filter(pl.col("game") == game_id)
        section = _section(game_id)
        if section is None:
            rows = win_rows(sub, ["bot", "options"])
            tables[f"{game_id}_win"] = rows
            sections.append(f"<h2>{html.escape(game_id)}</h2>" + table(rows, [
                ("bot", "bot"), ("options", "options"), ("games", "games"), ("win_rate", "win rate"),
                ("win_lo", "95% low"), ("win_hi", "95% high")]))
        else:
            sections.append(section(sub, tables, summary, min_support))
        sections.append(loss_section(sub, game_id, game_id, _descriptor_hook(game_id, "loss_columns"), tables, summary))
        sections.append(sweep_section(sub, game_id, game_id, tables, summary))
    # --- which cards matter: per card, hero, item, monster, tile, from the events column (woodlands.sim.cards)
    from .cards import cards_section
    sections.append(cards_section(df, tables, summary, min_support))
    if compared.rows:
        sections.append(_comparison_html(compared, tables))
    sources = ", ".join(html.escape(Path(p).name) for p in paths)
    data = json.dumps(tables, default=str, separators=(",", ":")).replace("</", "<\\/")
    # a title is typed by the user: control characters (an escape sequence pasted in) are
    # dropped, since HTML has no use for them and a browser shows them as boxes
    title = " ".join("".join(ch if ch.isprintable() else " " for ch in title).split()) or "Woodlands balance report"
    page = (f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
            f"<style>{CSS}</style></head><body><h1>{html.escape(title)}</h1>"
            f"<p>From {sources}: {games_text(df.height)} simulated. Win rates carry 95% Wilson intervals; a lift and its "
            f"interval are ratios (1: no link). {html.escape(MEDIAN_NOTE)} "
            f"Made by <code>woodlands report</code>; every sentence of the summary is computed from the tables below.</p>"
            "<h2>Summary</h2><ul class='summary'>" + "".join(f"<li>{html.escape(s)}</li>" for s in summary) + "</ul>"
            + "\n".join(sections)
            + f"<script type='application/json' id='woodlands-report-data'>{data}</script></body></html>")
    return Report(page, summary, tables, df.height)
