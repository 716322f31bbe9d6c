"""The balance report: one offline HTML page built from simulation results (Parquet).

``woodlands report RESULTS.parquet -o report.html`` reads the rows that ``woodlands sim --out``
wrote (:mod:`woodlands.sim.results`; columns in docs/simulation.md) with polars and writes one
self-contained page: tables, plots drawn as inline SVG (altair, rendered by vl-convert: no
script, no link to the internet), and a summary at the top whose every sentence is made from the
numbers below it.  Every table is also embedded as JSON (``<script type="application/json"
id="woodlands-report-data">``) so that tests and other tools can read the same numbers.

A section per game present in the files: Tanglewoods (win rate by difficulty, hero and bot with
95% Wilson intervals; levels not harder than the one below; rounds; cards, items and bears that go
with losses; gold and dice at the end of a lost game), Storyfold (scenes won at the first try,
restarts per chapter, Shadow cards, the score's spread, the scenes that stop players) and The
Cursed Forest (wins by players, characters and options; seeds laid against Morna Gûl's kills;
the monsters and items that decide fights).  Needs the ``report`` extra (polars, pyarrow,
altair, vl-convert-python).
"""
from __future__ import annotations

import html
import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Sequence

import polars as pl

from .results import read_table
from .stats import wilson_interval

#: below this many games a row of a lift table is left out (its interval would say little)
MIN_SUPPORT = 30
#: a fall of at least this much win rate from one level to the next is called a cliff
CLIFF = 0.25
#: the z of a two-sided 95% test
Z95 = 1.959964

Row = dict[str, Any]


@dataclass
class Report:
    html: str
    summary: list[str]
    tables: dict[str, list[Row]] = field(default_factory=dict)
    rows: int = 0


# ------------------------------------------------------------------ small helpers
def _rate(wins: int, games: int) -> dict[str, float]:
    lo, hi = wilson_interval(wins, games)
    return {"rate": wins / games if games else 0.0, "lo": lo, "hi": hi}


def significantly_different(w1: int, n1: int, w2: int, n2: int) -> bool:
    """A two-proportion z test at 95% (pooled), False when either side has no games.

    >>> significantly_different(60, 100, 40, 100), significantly_different(52, 100, 48, 100)
    (True, False)
    """
    if n1 == 0 or n2 == 0:
        return False
    p = (w1 + w2) / (n1 + n2)
    se = math.sqrt(p * (1 - p) * (1 / n1 + 1 / n2))
    return se > 0 and abs(w1 / n1 - w2 / n2) / se > Z95


def _pct(x: float | None) -> str:
    return "" if x is None else f"{100 * x:.1f}%"


def _num(x: Any) -> str:
    if x is None:
        return ""
    if isinstance(x, float):
        return f"{x:.2f}"
    return str(x)


def _table(rows: Sequence[Row], columns: Sequence[tuple[str, str]], limit: int = 400) -> str:
    """An HTML table of ``rows``: ``columns`` are (key, heading); keys ending in rate, lo, hi
    or lift print as they should."""
    if not rows:
        return "<p class='none'>No games for this table.</p>"
    head = "".join(f"<th>{html.escape(h)}</th>" for _, h in columns)
    body = []
    for r in rows[:limit]:
        cells = []
        for key, _ in columns:
            v = r.get(key)
            if key.endswith(("rate", "_lo", "_hi")) or key in ("lo", "hi", "share", "base"):
                text = _pct(v)
            elif key.startswith("lift") and isinstance(v, float):
                text = f"{v:.2f}"
            elif isinstance(v, list):
                text = ", ".join(map(str, v))
            else:
                text = _num(v)
            cls = " class='flag'" if key == "flag" and v else ""
            cells.append(f"<td{cls}>{html.escape(text)}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    more = f"<p class='none'>{len(rows) - limit} more rows in the embedded data.</p>" if len(rows) > limit else ""
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>{more}"


def _svg(chart: Any) -> str:
    """An altair chart as inline SVG (vl-convert: no browser, no script, nothing fetched)."""
    try:
        import vl_convert as vlc
        return str(vlc.vegalite_to_svg(chart.to_json()))
    except Exception as e:   # a plot that cannot be drawn must not cost the whole report
        return f"<p class='none'>(plot not drawn: {html.escape(str(e).splitlines()[0][:200])})</p>"


def _chart(values: list[Row]) -> Any:
    """An altair chart over rows given inline (they end up in the SVG, never in a file)."""
    import altair as alt
    return alt.Chart(alt.Data(values=values))  # type: ignore[no-untyped-call]


def _quantiles(values: list[float]) -> dict[str, float]:
    if not values:
        return {"mean": 0.0, "p10": 0.0, "median": 0.0, "p90": 0.0, "max": 0.0}
    s = sorted(values)

    def q(p: float) -> float:
        return float(s[min(len(s) - 1, int(p * (len(s) - 1) + 0.5))])
    return {"mean": sum(s) / len(s), "p10": q(0.1), "median": q(0.5), "p90": q(0.9), "max": float(s[-1])}


def load(paths: Iterable[str | Path]) -> pl.DataFrame:
    """Every row of the results files, as one frame (columns a file lacks are null)."""
    import pyarrow as pa
    tables = [read_table(p) for p in paths]
    table = pa.concat_tables(tables, promote_options="permissive") if len(tables) > 1 else tables[0]
    df = pl.from_arrow(table)
    assert isinstance(df, pl.DataFrame)
    return df


def _win_rows(df: pl.DataFrame, keys: list[str]) -> list[Row]:
    """games, wins, win rate and its interval per combination of ``keys``, sorted by them."""
    g = (df.group_by(keys).agg(pl.len().alias("games"), (pl.col("result") == "win").sum().alias("wins"))
         .sort(keys))
    out = []
    for r in g.to_dicts():
        rate = _rate(int(r["wins"]), int(r["games"]))
        out.append({**r, "win_rate": rate["rate"], "win_lo": rate["lo"], "win_hi": rate["hi"]})
    return out


def _lift_rows(df: pl.DataFrame, column: str, outcome: str, by: str = "bot", min_support: int = MIN_SUPPORT) -> list[Row]:
    """For each value of a list column: how much more often games that have it end in ``outcome``
    than the games of the same ``by`` group overall (lift = P(outcome | has it) / P(outcome)),
    with the Wilson interval of P(outcome | has it) divided by the base rate."""
    out: list[Row] = []
    for group in df.get_column(by).unique().sort().to_list():
        sub = df.filter(pl.col(by) == group)
        n = sub.height
        hits = int((sub.get_column("result") == outcome).sum())
        if n == 0 or hits in (0, n):
            continue                      # every game or none ended so: nothing to compare
        base = hits / n
        ex = (sub.select("result", column).with_row_index("game").explode(column)
              .filter(pl.col(column).is_not_null()).unique(["game", column])
              .group_by(column).agg(pl.len().alias("games"), (pl.col("result") == outcome).sum().alias("hits")))
        for r in ex.to_dicts():
            if r["games"] < min_support:
                continue
            lo, hi = wilson_interval(int(r["hits"]), int(r["games"]))
            p = r["hits"] / r["games"]
            out.append({by: group, "id": r[column], "games": int(r["games"]), "hits": int(r["hits"]),
                        "rate": p, "base": base, "lift": p / base, "lift_lo": lo / base, "lift_hi": hi / base,
                        "flag": "higher" if lo > base else ("lower" if hi < base else "")})
    out.sort(key=lambda r: (r[by], -r["lift"]))
    return out


# ------------------------------------------------------------------ Tanglewoods
def monotone_flags(levels: list[Row]) -> list[Row]:
    """Each level (after the first) against the one below: ``not harder`` when its win rate is
    at least as high, ``significant`` when a 95% test says it is higher.  ``levels``: rows with
    ``difficulty``, ``games`` and ``wins`` of one bot (and hero), any order.

    >>> rows = monotone_flags([{"difficulty": 0, "games": 100, "wins": 90},
    ...                        {"difficulty": 1, "games": 100, "wins": 95},
    ...                        {"difficulty": 2, "games": 100, "wins": 40}])
    >>> [(r["difficulty"], r["flag"], r["cliff"]) for r in rows]
    [(1, 'not harder', False), (2, '', True)]
    """
    levels = sorted(levels, key=lambda r: r["difficulty"])
    out = []
    for below, r in zip(levels, levels[1:]):
        if r["difficulty"] != below["difficulty"] + 1 or not r["games"] or not below["games"]:
            continue
        p, q = r["wins"] / r["games"], below["wins"] / below["games"]
        both_extreme = (p == q == 0.0) or (p == q == 1.0)
        flag = "" if p < q else ("no signal (both " + _pct(p) + ")" if both_extreme else "not harder")
        sig = bool(flag == "not harder" and p > q and significantly_different(r["wins"], r["games"], below["wins"], below["games"]))
        harder = bool(p < q and significantly_different(r["wins"], r["games"], below["wins"], below["games"]))
        out.append({"difficulty": r["difficulty"], "win_rate": p, "below_rate": q, "flag": flag,
                    "significant": sig, "cliff": q - p >= CLIFF, "significantly_harder": harder,
                    "no_signal": both_extreme})
    return out


def _tanglewoods(df: pl.DataFrame, tables: dict[str, list[Row]], summary: list[str], min_support: int) -> str:
    import altair as alt
    parts = ["<h2>Tanglewoods</h2>"]
    by_level = _win_rows(df, ["bot", "difficulty"])
    by_hero = _win_rows(df, ["bot", "difficulty", "hero"])
    tables["tanglewoods_win_by_level"] = by_level
    tables["tanglewoods_win_by_level_hero"] = by_hero
    flags: list[Row] = []
    for bot in sorted({r["bot"] for r in by_level}):
        for r in monotone_flags([x for x in by_level if x["bot"] == bot]):
            flags.append({"bot": bot, "hero": "(all)", **r})
        for hero in sorted({r["hero"] for r in by_hero if r["bot"] == bot}):
            for r in monotone_flags([x for x in by_hero if x["bot"] == bot and x["hero"] == hero]):
                flags.append({"bot": bot, "hero": hero, **r})
    tables["tanglewoods_monotonicity"] = flags

    # summary sentences, from the numbers only
    for bot in sorted({r["bot"] for r in by_level}):
        rows = [r for r in by_level if r["bot"] == bot]
        lo_l, hi_l = rows[0], rows[-1]
        summary.append(f"Tanglewoods, {bot} bot: won {_pct(lo_l['win_rate'])} at difficulty {lo_l['difficulty']} and "
                       f"{_pct(hi_l['win_rate'])} at difficulty {hi_l['difficulty']} ({sum(r['games'] for r in rows):,} games).")
        for f in flags:
            if f["bot"] == bot and f["hero"] == "(all)" and f["flag"] == "not harder":
                summary.append(f"Tanglewoods: level {f['difficulty']} is not harder than level {f['difficulty'] - 1} for the "
                               f"{bot} bot ({_pct(f['win_rate'])} vs {_pct(f['below_rate'])}"
                               + (", a significant difference)." if f["significant"] else ", within chance)."))
            if f["bot"] == bot and f["hero"] == "(all)" and f["cliff"]:
                summary.append(f"Tanglewoods: a cliff for the {bot} bot: the win rate falls from {_pct(f['below_rate'])} at "
                               f"level {f['difficulty'] - 1} to {_pct(f['win_rate'])} at level {f['difficulty']}.")
        unclear = [f["difficulty"] for f in flags if f["bot"] == bot and f["hero"] == "(all)"
                   and not f["significantly_harder"] and not f["no_signal"]]
        if unclear:
            summary.append(f"Tanglewoods, {bot} bot: level{'s' if len(unclear) > 1 else ''} "
                           f"{', '.join(map(str, unclear))} {'are' if len(unclear) > 1 else 'is'} not significantly harder "
                           "than the level below (95% two-proportion test).")
        hero_flags = sorted({f["hero"] for f in flags if f["bot"] == bot and f["hero"] != "(all)" and f["significant"]})
        if hero_flags:
            summary.append(f"Tanglewoods, {bot} bot: some level is significantly easier than the one below for "
                           f"{', '.join(hero_flags)}.")
        top = max(r["difficulty"] for r in rows)
        heroes = [r for r in by_hero if r["bot"] == bot and r["difficulty"] == top]
        if len(heroes) > 1:
            best = max(heroes, key=lambda r: r["win_rate"])
            worst = min(heroes, key=lambda r: r["win_rate"])
            if best["win_rate"] > worst["win_rate"]:
                summary.append(f"Tanglewoods, {bot} bot, difficulty {top}: {best['hero']} wins most ({_pct(best['win_rate'])}), "
                               f"{worst['hero']} least ({_pct(worst['win_rate'])})"
                               + (", a significant gap." if significantly_different(best["wins"], best["games"], worst["wins"], worst["games"]) else "."))

    level_chart = _chart(by_level).encode(
        x=alt.X("difficulty:O", title="difficulty"), color=alt.Color("bot:N"))
    chart = (level_chart.mark_line(point=True).encode(y=alt.Y("win_rate:Q", title="win rate", scale=alt.Scale(domain=[0, 1])))
             + level_chart.mark_rule().encode(y="win_lo:Q", y2="win_hi:Q")).properties(width=420, height=220,
                                                                                    title="Win rate by difficulty (95% intervals)")
    parts.append("<h3>Win rate by difficulty, hero and bot</h3>")
    parts.append(_svg(chart))
    hero_chart = _chart(by_hero).mark_line(point=True).encode(
        x=alt.X("difficulty:O"), y=alt.Y("win_rate:Q", title="win rate", scale=alt.Scale(domain=[0, 1])),
        color=alt.Color("hero:N"), column=alt.Column("bot:N")).properties(width=300, height=200)
    parts.append(_svg(hero_chart))
    parts.append(_table(by_level, [("bot", "bot"), ("difficulty", "difficulty"), ("games", "games"), ("wins", "wins"),
                                   ("win_rate", "win rate"), ("win_lo", "95% low"), ("win_hi", "95% high")]))
    parts.append("<details><summary>By hero</summary>" + _table(by_hero, [
        ("bot", "bot"), ("difficulty", "difficulty"), ("hero", "hero"), ("games", "games"), ("wins", "wins"),
        ("win_rate", "win rate"), ("win_lo", "95% low"), ("win_hi", "95% high")]) + "</details>")
    parts.append("<h3>Is every level harder than the one below?</h3><p>A level is flagged <em>not harder</em> when its "
                 "win rate is at least the level below's; <em>significant</em> when a two-proportion test at 95% says it "
                 "is higher; <em>cliff</em> when the win rate falls by " + _pct(CLIFF) + " or more.</p>")
    shown = [f for f in flags if not f["no_signal"] and (f["flag"] or f["cliff"] or not f["significantly_harder"])]
    parts.append("<p>Shown: the levels flagged, the cliffs, and the levels not significantly harder than the one "
                 "below; levels where both win rates are 0% or 100% say nothing and are left out (they are in the "
                 "embedded data).</p>")
    parts.append(_table(shown, [("bot", "bot"), ("hero", "hero"), ("difficulty", "level"), ("below_rate", "win rate below"),
                                ("win_rate", "win rate"), ("flag", "flag"), ("significant", "significantly easier"),
                                ("significantly_harder", "significantly harder"), ("cliff", "cliff")]))

    # rounds to win or lose
    rounds = []
    for r in (df.group_by(["bot", "difficulty", "result"]).agg(pl.col("rounds")).sort(["bot", "difficulty", "result"]).to_dicts()):
        rounds.append({"bot": r["bot"], "difficulty": r["difficulty"], "result": r["result"], "games": len(r["rounds"]),
                       **_quantiles([float(x) for x in r["rounds"] if x is not None])})
    tables["tanglewoods_rounds"] = rounds
    parts.append("<h3>Rounds to win or lose</h3>")
    parts.append(_svg(_chart(rounds).mark_line(point=True).encode(
        x="difficulty:O", y=alt.Y("mean:Q", title="mean rounds"), color="result:N", column="bot:N").properties(width=300, height=180)))
    parts.append("<details><summary>Table</summary>" + _table(rounds, [
        ("bot", "bot"), ("difficulty", "difficulty"), ("result", "result"), ("games", "games"), ("mean", "mean"),
        ("p10", "10%"), ("median", "median"), ("p90", "90%"), ("max", "max")]) + "</details>")

    # what goes with losses
    parts.append("<h3>Cards, items and bears that go with losses</h3><p>Lift = the loss rate of the games that had it "
                 "at the end over the bot's loss rate (1: no link); its 95% interval comes from the Wilson interval of "
                 f"that loss rate. Games of every difficulty together, at least {min_support} games each; an "
                 "association, not a cause (longer games hold more cards).</p>")
    for column in ("cards", "items", "bears"):
        if column not in df.columns:
            continue
        lift = _lift_rows(df, column, "loss", min_support=min_support)
        tables[f"tanglewoods_{column}_loss_lift"] = lift
        for bot in sorted({r["bot"] for r in lift}):
            losing = [r for r in lift if r["bot"] == bot and r["flag"] == "higher"]
            if losing:
                w = losing[0]
                summary.append(f"Tanglewoods, {bot} bot: of the {column}, {w['id']} goes most with losses "
                               f"(lift {w['lift']:.2f}, 95% {w['lift_lo']:.2f}-{w['lift_hi']:.2f}, {w['games']:,} games).")
        parts.append(f"<h4>{column}</h4>" + _table(lift, [("bot", "bot"), ("id", column[:-1]), ("games", "games"),
                                                          ("rate", "loss rate"), ("base", "bot's loss rate"), ("lift", "lift"),
                                                          ("lift_lo", "lift 95% low"), ("lift_hi", "lift 95% high"),
                                                          ("flag", "flag")], limit=60))

    # gold and dice at the end of lost games
    lost = df.filter(pl.col("result") == "loss")
    death = []
    for r in lost.group_by(["bot", "difficulty"]).agg(pl.col("gold"), pl.col("dice_ready"), pl.col("dice_exhausted")).sort(["bot", "difficulty"]).to_dicts():
        g, d, x = (_quantiles([float(v) for v in r[k] if v is not None]) for k in ("gold", "dice_ready", "dice_exhausted"))
        death.append({"bot": r["bot"], "difficulty": r["difficulty"], "games": len(r["gold"]), "gold_mean": g["mean"],
                      "gold_median": g["median"], "gold_p90": g["p90"], "dice_mean": d["mean"], "dice_median": d["median"],
                      "exhausted_mean": x["mean"]})
    tables["tanglewoods_at_death"] = death
    parts.append("<h3>Gold and dice at the end of a lost game</h3>")
    if lost.height:
        hist = lost.group_by(["bot", "gold"]).agg(pl.len().alias("games")).sort(["bot", "gold"]).to_dicts()
        parts.append(_svg(_chart(hist).mark_bar().encode(
            x=alt.X("gold:O", title="gold at the end"), y="games:Q", column="bot:N").properties(width=300, height=160)))
    parts.append(_table(death, [("bot", "bot"), ("difficulty", "difficulty"), ("games", "lost games"),
                                ("gold_mean", "gold mean"), ("gold_median", "gold median"), ("gold_p90", "gold 90%"),
                                ("dice_mean", "dice ready, mean"), ("dice_median", "dice ready, median"),
                                ("exhausted_mean", "dice exhausted, mean")]))
    return "\n".join(parts)


# ------------------------------------------------------------------ Storyfold
def _storyfold(df: pl.DataFrame, tables: dict[str, list[Row]], summary: list[str], min_support: int) -> str:
    import altair as alt
    parts = ["<h2>Storyfold</h2>"]
    wins = _win_rows(df, ["bot"])
    tables["storyfold_win"] = wins
    for r in wins:
        summary.append(f"Storyfold, {r['bot']} bot: the campaign is won in {_pct(r['win_rate'])} of {r['games']:,} games.")
    scenes = (df.select("bot", "scenes").with_row_index("game").explode("scenes").drop_nulls("scenes").unnest("scenes"))
    order = {s: i for i, s in enumerate(scenes.get_column("scene").unique(maintain_order=True).to_list())}
    first = []
    for r in (scenes.group_by(["bot", "scene", "chapter"]).agg(
            (pl.col("attempt") == 1).sum().alias("first_tries"),
            ((pl.col("attempt") == 1) & (pl.col("result") == "won")).sum().alias("first_wins"),
            pl.len().alias("attempts"), (pl.col("result") == "lost").sum().alias("lost"),
            pl.col("game").n_unique().alias("games_reaching")).to_dicts()):
        rate = _rate(int(r["first_wins"]), int(r["first_tries"]))
        first.append({**r, "first_try_rate": rate["rate"], "first_lo": rate["lo"], "first_hi": rate["hi"],
                      "lost_per_game": r["lost"] / r["games_reaching"] if r["games_reaching"] else 0.0})
    first.sort(key=lambda r: (r["bot"], order.get(r["scene"], 0)))
    tables["storyfold_scenes"] = first
    for bot in sorted({r["bot"] for r in first}):
        mine = [r for r in first if r["bot"] == bot and r["first_tries"] >= min_support]
        if mine:
            hard = min(mine, key=lambda r: r["first_try_rate"])
            stop = max(mine, key=lambda r: r["lost_per_game"])
            summary.append(f"Storyfold, {bot} bot: the scene least often won at the first try is {hard['scene']} "
                           f"({_pct(hard['first_try_rate'])}); {stop['scene']} is lost most often "
                           f"({stop['lost_per_game']:.2f} lost tries per game that reaches it).")
    parts.append("<h3>Scenes: won at the first try, and lost tries</h3>")
    parts.append(_svg(_chart(first).mark_bar().encode(
        y=alt.Y("scene:N", sort=list(order)), x=alt.X("first_try_rate:Q", title="won at the first try", scale=alt.Scale(domain=[0, 1])),
        color="chapter:N", column="bot:N").properties(width=260, height=14 * max(1, len(order)))))
    parts.append(_table(first, [("bot", "bot"), ("chapter", "chapter"), ("scene", "scene"), ("games_reaching", "games reaching it"),
                                ("first_try_rate", "won first try"), ("first_lo", "95% low"), ("first_hi", "95% high"),
                                ("attempts", "tries"), ("lost", "lost tries"), ("lost_per_game", "lost tries per game")]))
    # restarts per chapter
    games_by_bot = {r["bot"]: r["games"] for r in wins}
    restarts = []
    if "restarts" in df.columns:
        ex = df.select("bot", "restarts").with_row_index("game").explode("restarts").drop_nulls("restarts")
        for r in ex.group_by(["bot", "restarts"]).agg(pl.len().alias("restarts_total"),
                                                     pl.col("game").n_unique().alias("games_restarting")).to_dicts():
            n = games_by_bot.get(r["bot"], 0)
            restarts.append({"bot": r["bot"], "chapter": r["restarts"], "restarts_total": r["restarts_total"],
                             "per_game": r["restarts_total"] / n if n else 0.0,
                             "share": r["games_restarting"] / n if n else 0.0})
    restarts.sort(key=lambda r: (r["bot"], -r["per_game"]))
    tables["storyfold_restarts"] = restarts
    for bot in sorted({r["bot"] for r in restarts}):
        top = next(r for r in restarts if r["bot"] == bot)
        summary.append(f"Storyfold, {bot} bot: chapter {top['chapter']} is restarted most "
                       f"({top['per_game']:.2f} restarts per game; {_pct(top['share'])} of games restart it).")
    parts.append("<h3>Restarts per chapter</h3>" + _table(restarts, [
        ("bot", "bot"), ("chapter", "chapter"), ("restarts_total", "restarts"), ("per_game", "per game"),
        ("share", "games restarting it")]))
    # score spread and Shadow cards
    spread = []
    for bot in sorted(games_by_bot):
        sub = df.filter(pl.col("bot") == bot)
        for measure in ("scenes_played", "chapter_restarts", "shadow_cards"):
            if measure in sub.columns:
                spread.append({"bot": bot, "measure": measure,
                               **_quantiles([float(v) for v in sub.get_column(measure).to_list() if v is not None])})
    tables["storyfold_score_spread"] = spread
    parts.append("<h3>The score's spread (scenes played, restarts, Shadow cards drawn)</h3>")
    if "shadow_cards" in df.columns:
        hist = df.group_by(["bot", "shadow_cards"]).agg(pl.len().alias("games")).sort(["bot", "shadow_cards"]).to_dicts()
        parts.append(_svg(_chart(hist).mark_bar().encode(
            x=alt.X("shadow_cards:Q", bin=alt.Bin(maxbins=40), title="Shadow cards"), y="sum(games):Q", column="bot:N")
            .properties(width=300, height=160)))
    parts.append(_table(spread, [("bot", "bot"), ("measure", "measure"), ("mean", "mean"), ("p10", "10%"),
                                 ("median", "median"), ("p90", "90%"), ("max", "max")]))
    stopped = []
    if "stopped_at" in df.columns:
        for r in (df.filter(pl.col("stopped_at").is_not_null()).group_by(["bot", "stopped_at", "result"])
                  .agg(pl.len().alias("games")).sort(["bot", "games"], descending=[False, True]).to_dicts()):
            stopped.append(r)
    tables["storyfold_stopped_at"] = stopped
    parts.append("<h3>Where unfinished or lost campaigns stopped</h3>" + _table(stopped, [
        ("bot", "bot"), ("stopped_at", "scene"), ("result", "result"), ("games", "games")]))
    return "\n".join(parts)


# ------------------------------------------------------------------ The Cursed Forest
def _cursed_forest(df: pl.DataFrame, tables: dict[str, list[Row]], summary: list[str], min_support: int) -> str:
    import altair as alt
    parts = ["<h2>The Cursed Forest</h2>"]
    by_players = _win_rows(df, ["bot", "players"])
    tables["cursed_forest_win_by_players"] = by_players
    for bot in sorted({r["bot"] for r in by_players}):
        rows = [r for r in by_players if r["bot"] == bot]
        summary.append(f"The Cursed Forest, {bot} bot: won " + ", ".join(
            f"{_pct(r['win_rate'])} with {r['players']} player{'s' if r['players'] != 1 else ''}" for r in rows) + ".")
    parts.append("<h3>Wins by players, characters and options</h3>")
    pc = _chart(by_players).encode(x="players:O", color="bot:N")
    parts.append(_svg((pc.mark_line(point=True).encode(y=alt.Y("win_rate:Q", title="win rate", scale=alt.Scale(domain=[0, 1])))
                       + pc.mark_rule().encode(y="win_lo:Q", y2="win_hi:Q")).properties(width=320, height=200)))
    parts.append(_table(by_players, [("bot", "bot"), ("players", "players"), ("games", "games"), ("wins", "wins"),
                                     ("win_rate", "win rate"), ("win_lo", "95% low"), ("win_hi", "95% high")]))
    chars = (df.select("bot", "players", "result", "characters").with_row_index("game").explode("characters")
             .drop_nulls("characters").unique(["game", "characters"]))
    by_char = _win_rows(chars.rename({"characters": "character"}), ["bot", "character"])
    tables["cursed_forest_win_by_character"] = by_char
    parts.append("<h4>By character in the party</h4>" + _table(by_char, [
        ("bot", "bot"), ("character", "character"), ("games", "games"), ("wins", "wins"), ("win_rate", "win rate"),
        ("win_lo", "95% low"), ("win_hi", "95% high")]))
    by_options = _win_rows(df, ["bot", "options"])
    tables["cursed_forest_win_by_options"] = by_options
    parts.append("<h4>By options</h4>" + _table(by_options, [
        ("bot", "bot"), ("options", "options"), ("games", "games"), ("win_rate", "win rate"), ("win_lo", "95% low"),
        ("win_hi", "95% high")]))
    # seeds against Morna Gûl's kills
    seeds = (df.group_by(["bot", "seeds_laid", "morna_kills"]).agg(pl.len().alias("games"),
                                                                   (pl.col("result") == "win").sum().alias("wins"))
             .sort(["bot", "seeds_laid", "morna_kills"]).to_dicts())
    tables["cursed_forest_seeds_vs_morna"] = seeds
    parts.append("<h3>Seeds laid against Morna Gûl's kills</h3><p>Games by the seeds the adventurers laid and the "
                 "adventurers Morna Gûl killed; how often those games were won.</p>")
    parts.append(_svg(_chart(seeds).mark_rect().encode(
        x="seeds_laid:O", y="morna_kills:O", color=alt.Color("games:Q", scale=alt.Scale(type="log")), column="bot:N")
        .properties(width=220, height=160)))
    parts.append(_table(seeds, [("bot", "bot"), ("seeds_laid", "seeds laid"), ("morna_kills", "killed by Morna Gûl"),
                                ("games", "games"), ("wins", "wins")]))
    # fights
    fights = (df.select("bot", "fights").with_row_index("game").explode("fights").drop_nulls("fights").unnest("fights"))
    monsters = []
    if fights.height:
        for r in fights.group_by(["bot", "monster"]).agg(
                pl.len().alias("fights"), (pl.col("result") == "won").sum().alias("won"),
                (pl.col("result") == "lost").sum().alias("lost")).to_dicts():
            d = _rate(int(r["lost"]), int(r["fights"]))
            monsters.append({**r, "lost_rate": d["rate"], "lost_lo": d["lo"], "lost_hi": d["hi"],
                             "won_rate": r["won"] / r["fights"] if r["fights"] else 0.0})
    monsters.sort(key=lambda r: (r["bot"], -r["lost_rate"]))
    tables["cursed_forest_monsters"] = monsters
    for bot in sorted({r["bot"] for r in monsters}):
        mine = [r for r in monsters if r["bot"] == bot and r["fights"] >= min_support]
        if mine:
            m = mine[0]
            summary.append(f"The Cursed Forest, {bot} bot: the deadliest foe is {m['monster']} (the adventurer dies in "
                           f"{_pct(m['lost_rate'])} of {m['fights']:,} fights).")
    parts.append("<h3>Monsters and items that decide fights</h3><p>A fight is <em>lost</em> when the adventurer dies "
                 "in it, <em>won</em> when the foe is killed; the rest are escapes or undecided.</p>")
    parts.append(_table(monsters, [("bot", "bot"), ("monster", "foe"), ("fights", "fights"), ("won_rate", "won"),
                                   ("lost_rate", "lost"), ("lost_lo", "lost 95% low"), ("lost_hi", "lost 95% high")]))
    items = []
    if fights.height:
        fx = fights.with_row_index("fight").with_columns(
            pl.when(pl.col("result") == "won").then(pl.lit("win")).otherwise(pl.lit("other")).alias("result"))
        items = _lift_rows(fx.select("bot", "result", "items"), "items", "win", min_support=min_support)
    tables["cursed_forest_items_fight_lift"] = items
    for bot in sorted({r["bot"] for r in items}):
        best = [r for r in items if r["bot"] == bot and r["flag"] == "higher"]
        if best:
            b = best[0]
            summary.append(f"The Cursed Forest, {bot} bot: carrying {b['id']} goes most with winning a fight "
                           f"(lift {b['lift']:.2f}, 95% {b['lift_lo']:.2f}-{b['lift_hi']:.2f}).")
    parts.append("<h4>Items carried into fights (lift of the fight win rate)</h4>" + _table(items, [
        ("bot", "bot"), ("id", "item"), ("games", "fights"), ("rate", "won"), ("base", "bot's fight win rate"),
        ("lift", "lift"), ("lift_lo", "lift 95% low"), ("lift_hi", "lift 95% high"), ("flag", "flag")], limit=80))
    return "\n".join(parts)


SECTIONS = {"tanglewoods": _tanglewoods, "storyfold": _storyfold, "cursed-forest": _cursed_forest}

CSS = """
body{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}
h1{font-size:1.6em}h2{border-bottom:2px solid #6a8d5a;margin-top:2em}
table{border-collapse:collapse;margin:.6em 0;font-size:.85em}
th,td{border:1px solid #ccc;padding:2px 6px;text-align:right}th{background:#eef3ea}
td:first-child,th:first-child{text-align:left}.flag{background:#fde2c8}.none{color:#777}
.summary li{margin:.2em 0}details{margin:.5em 0}svg{max-width:100%;height:auto}
"""


def build_report(paths: Sequence[str | Path], title: str = "Woodlands balance report",
                 min_support: int = MIN_SUPPORT) -> Report:
    """The report for every game present in the results files ``paths``; ``min_support``: the
    fewest games (or fights) behind a row of a lift table or a named scene or foe."""
    df = load(paths)
    tables: dict[str, list[Row]] = {}
    summary: list[str] = []
    sections = []
    games = df.group_by(["game", "bot"]).agg(pl.len().alias("games")).sort(["game", "bot"]).to_dicts()
    tables["games"] = games
    summary.append(f"{df.height:,} games: " + "; ".join(f"{r['game']} with the {r['bot']} bot {r['games']:,}" for r in games) + ".")
    for game_id in sorted(set(df.get_column("game").to_list())):
        sub = df.filter(pl.col("game") == game_id)
        section = SECTIONS.get(game_id)
        if section is None:
            rows = _win_rows(sub, ["bot", "options"])
            tables[f"{game_id}_win"] = rows
            sections.append(f"<h2>{html.escape(game_id)}</h2>" + _table(rows, [
                ("bot", "bot"), ("options", "options"), ("games", "games"), ("win_rate", "win rate"),
                ("win_lo", "95% low"), ("win_hi", "95% high")]))
            continue
        sections.append(section(sub, tables, summary, min_support))
    sources = ", ".join(html.escape(Path(p).name) for p in paths)
    data = json.dumps(tables, default=str, separators=(",", ":")).replace("</", "<\\/")
    page = (f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
            f"<style>{CSS}</style></head><body><h1>{html.escape(title)}</h1>"
            f"<p>From {sources}: {df.height:,} simulated games. Win rates carry 95% Wilson intervals. "
            f"Made by <code>woodlands report</code>; every sentence of the summary is computed from the tables below.</p>"
            "<h2>Summary</h2><ul class='summary'>" + "".join(f"<li>{html.escape(s)}</li>" for s in summary) + "</ul>"
            + "\n".join(sections)
            + f"<script type='application/json' id='woodlands-report-data'>{data}</script></body></html>")
    return Report(page, summary, tables, df.height)
