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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Sequence

import polars as pl

# (CLIFF, games_text, monotone_flags, strongest_higher, Z95: re-exported from their old home here)
from ..kit.report import (CLIFF as CLIFF, MIN_SUPPORT, Row, games_text as games_text, monotone_flags as monotone_flags, pct,
                          strongest_higher as strongest_higher, table, win_rows)
from ..kit.stats import Z95 as Z95, significantly_different
from .results import read_table


@dataclass
class Report:
    html: str
    summary: list[str]
    tables: dict[str, list[Row]] = field(default_factory=dict)
    rows: int = 0


#: what makes a row one game: the same set-up, seed and record digest is the same game played
#: again (a file given twice, or two studies that overlap), counted once
GAME_KEY = ("game", "content_id", "content_version", "rules", "bot", "options", "seed", "digest")


def load(paths: Iterable[str | Path]) -> pl.DataFrame:
    """Every game of the results files, as one frame (columns a file lacks are null), each game
    once: rows with the same :data:`GAME_KEY` (the same file given twice, overlapping studies)
    are one game.  Two games of one seed that went differently (a bot with a time budget) both
    count: their digests differ."""
    import pyarrow as pa
    tables = [read_table(p) for p in paths]
    table = pa.concat_tables(tables, promote_options="permissive") if len(tables) > 1 else tables[0]
    df = pl.from_arrow(table)
    assert isinstance(df, pl.DataFrame)
    return df.unique(subset=list(GAME_KEY), keep="first", maintain_order=True)


def _version_key(version: str) -> tuple[tuple[int, str], ...]:
    """Versions in order: 0.2.0 before 0.10.0 (numbers compared as numbers, other parts as text).

    >>> sorted(["0.10.0", "0.2.0", "0.3.0"], key=_version_key)
    ['0.2.0', '0.3.0', '0.10.0']
    """
    return tuple((int(part), "") if part.isdigit() else (-1, part) for part in version.split("."))


def split_packs(df: pl.DataFrame) -> tuple[pl.DataFrame, list[str]]:
    """Games of one game played on different content packs are different games (a retune
    changes the win rates it is meant to change), so they are never counted together: where a
    game's rows come from more than one pack, each bot is named with its pack, ``greedy (pack
    0.2.0)``, and every table and sentence of the report then keeps them apart.  (A study
    resumed after a retune, as ``woodlands sim --out`` allows, holds both.)  The frame gains
    ``base_bot`` (the bot's own name) and ``pack`` (the label, or null where the game has one
    pack); returns it and one sentence per game so split, for the summary."""
    notes = []
    df = df.with_columns(pl.col("bot").alias("base_bot"), pl.lit(None, dtype=pl.String).alias("pack"))
    packs = df.select("game", "content_id", "content_version").unique()
    for game_id in sorted(set(packs.get_column("game").to_list())):
        mine = sorted(((r["content_id"], r["content_version"]) for r in packs.filter(pl.col("game") == game_id).to_dicts()),
                      key=lambda p: (p[0], _version_key(p[1])))
        if len(mine) < 2:
            continue
        named = len({pack_id for pack_id, _ in mine}) > 1   # another pack, not only another version
        label = (pl.col("content_id") + " " + pl.col("content_version")) if named else pl.col("content_version")
        here = pl.col("game") == game_id
        df = df.with_columns(pl.when(here).then(pl.col("bot") + " (pack " + label + ")").otherwise(pl.col("bot")).alias("bot"),
                             pl.when(here).then(label).otherwise(pl.col("pack")).alias("pack"))
        names = [f"{pack_id} {version}" for pack_id, version in mine]
        notes.append(f"{game_id}: games from {len(names)} content packs ({', '.join(names)}); each bot's games "
                     "are counted per pack, never together.")
    return df, notes


def compare_packs(df: pl.DataFrame) -> tuple[list[Row], list[str]]:
    """Before and after a retune: for each game played on more than one version of a pack, each
    bot and each set-up (its options) played on two versions in a row, the win rates on both
    and whether they differ at 95% (:func:`significantly_different`).  Returns the rows and a
    sentence per game, bot and pair of packs.  Only set-ups played on both count, so a study
    that gave the new pack other levels or heroes compares what the two have in common."""
    split = df.filter(pl.col("pack").is_not_null())
    if split.is_empty():
        return [], []
    g = (split.group_by(["game", "base_bot", "options", "pack", "content_id", "content_version"])
         .agg(pl.len().alias("games"), (pl.col("result") == "win").sum().alias("wins")))
    cells: dict[tuple[str, str, str], dict[str, Row]] = {}
    versions: dict[tuple[str, str], tuple[str, tuple[tuple[int, str], ...]]] = {}
    for r in g.to_dicts():
        cells.setdefault((r["game"], r["base_bot"], r["options"]), {})[r["pack"]] = r
        versions[(r["game"], r["pack"])] = (r["content_id"], _version_key(r["content_version"]))
    rows: list[Row] = []
    for game_id in sorted({gid for gid, _ in versions}):
        labels = sorted((lab for gid, lab in versions if gid == game_id), key=lambda lab: versions[(game_id, lab)])
        for a, b in zip(labels, labels[1:]):
            if versions[(game_id, a)][0] != versions[(game_id, b)][0]:
                continue    # two packs of their own, not two versions of one: no before and after
            for (gid, bot, options), by_pack in sorted(cells.items()):
                if gid != game_id or a not in by_pack or b not in by_pack:
                    continue
                x, y = by_pack[a], by_pack[b]
                ra, rb = x["wins"] / x["games"], y["wins"] / y["games"]
                rows.append({"game": game_id, "bot": bot, "options": options, "pack_before": a, "pack_after": b,
                             "games_before": x["games"], "before_win_rate": ra, "games_after": y["games"],
                             "after_win_rate": rb, "change": rb - ra,
                             "significant": significantly_different(x["wins"], x["games"], y["wins"], y["games"])})
    summary = []
    for key in sorted({(r["game"], r["bot"], r["pack_before"], r["pack_after"]) for r in rows}):
        mine = [r for r in rows if (r["game"], r["bot"], r["pack_before"], r["pack_after"]) == key]
        up = [r for r in mine if r["significant"] and r["change"] > 0]
        down = [r for r in mine if r["significant"] and r["change"] < 0]
        text = (f"{key[0]}, {key[1]} bot, pack {key[2]} to {key[3]}: of {len(mine)} set-up{'s' if len(mine) > 1 else ''} "
                f"played on both, {len(up)} won significantly more often and {len(down)} less")
        if up or down:
            big = max(up + down, key=lambda r: (abs(r["change"]), r["options"]))
            text += (f" (the largest change: {_options_text(big['options'])}, {pct(big['before_win_rate'])} to "
                     f"{pct(big['after_win_rate'])})")
        summary.append(text + ".")
    return rows, summary


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
table{border-collapse:collapse;margin:.6em 0;font-size:.85em}
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


def build_report(paths: Sequence[str | Path], title: str = "Woodlands balance report",
                 min_support: int = MIN_SUPPORT) -> Report:
    """The report for every game present in the results files ``paths``; ``min_support``: the
    fewest games (or fights) behind a row of a lift table or a named scene or foe."""
    df, pack_notes = split_packs(load(paths))
    tables: dict[str, list[Row]] = {}
    summary: list[str] = []
    sections = []
    games = df.group_by(["game", "bot"]).agg(pl.len().alias("games")).sort(["game", "bot"]).to_dicts()
    tables["games"] = games
    summary.append(f"{games_text(df.height)}: " + "; ".join(f"{r['game']} with the {r['bot']} bot {r['games']:,}" for r in games) + ".")
    summary += pack_notes
    compared, compared_summary = compare_packs(df)
    summary += compared_summary
    for game_id in sorted(set(df.get_column("game").to_list())):
        sub = df.filter(pl.col("game") == game_id)
        section = _section(game_id)
        if section is None:
            rows = win_rows(sub, ["bot", "options"])
            tables[f"{game_id}_win"] = rows
            sections.append(f"<h2>{html.escape(game_id)}</h2>" + table(rows, [
                ("bot", "bot"), ("options", "options"), ("games", "games"), ("win_rate", "win rate"),
                ("win_lo", "95% low"), ("win_hi", "95% high")]))
            continue
        sections.append(section(sub, tables, summary, min_support))
    # --- which cards matter: per card, hero, item, monster, tile, from the events column (woodlands.sim.cards)
    from .cards import cards_section
    sections.append(cards_section(df, tables, summary, min_support))
    if compared:
        tables["packs_compared"] = compared
        shown = [dict(r, options=_options_text(r["options"]), change=f"{100 * r['change']:+.1f} points",
                      significant="yes" if r["significant"] else "") for r in compared]
        sections.append("<h2>Packs compared</h2><p>Each set-up played on two versions of a pack in a row, with the win rate "
                        "on each and whether they differ at 95% (two-proportion test).</p>" + table(shown, [
                            ("game", "game"), ("bot", "bot"), ("options", "set-up"), ("pack_before", "pack"),
                            ("games_before", "games"), ("before_win_rate", "win rate"), ("pack_after", "then pack"),
                            ("games_after", "games"), ("after_win_rate", "win rate"), ("change", "change"),
                            ("significant", "significant")]))
    sources = ", ".join(html.escape(Path(p).name) for p in paths)
    data = json.dumps(tables, default=str, separators=(",", ":")).replace("</", "<\\/")
    # a title is typed by the user: control characters (an escape sequence pasted in) are
    # dropped, since HTML has no use for them and a browser shows them as boxes
    title = " ".join("".join(ch if ch.isprintable() else " " for ch in title).split()) or "Woodlands balance report"
    page = (f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
            f"<style>{CSS}</style></head><body><h1>{html.escape(title)}</h1>"
            f"<p>From {sources}: {games_text(df.height)} simulated. Win rates carry 95% Wilson intervals. "
            f"Made by <code>woodlands report</code>; every sentence of the summary is computed from the tables below.</p>"
            "<h2>Summary</h2><ul class='summary'>" + "".join(f"<li>{html.escape(s)}</li>" for s in summary) + "</ul>"
            + "\n".join(sections)
            + f"<script type='application/json' id='woodlands-report-data'>{data}</script></body></html>")
    return Report(page, summary, tables, df.height)
