"""What a number does: the balance report's part on sweeps (``woodlands sim --vary
card.<id>.<field>=A..B``), whose rows carry ``variant``, the canonical JSON of the edits made
to the pack in memory (``{"card.papa-bear.health": 9}``).

Per game, bot and varied field: the win rate at each value with its 95% Wilson interval, a plot
of it against the value, and a sensitivity table ranking the fields by how far they move the win
rate (the highest win rate across the values minus the lowest, with a 95% Newcombe interval of
that difference).  Rows whose variant sets several fields count, for each of them, at that
field's value over every value of the others (the design plays every combination, so that is
the field's average effect; the page says so).  Rows without a variant (the unedited pack) are
not part of a sweep."""
from __future__ import annotations

import html
import json
from typing import Any

import polars as pl

from ..kit.report import Row, chart, pct, rate, sort_rows, svg, table, value_key
from ..kit.stats import difference_interval

#: the most fields plotted per game (every one is in the tables)
MOST_PLOTS = 12


def _edits(variant: str) -> list[tuple[str, str]]:
    """(field, value as JSON) of each edit of a variant; none if it does not parse."""
    try:
        parsed = json.loads(variant)
    except ValueError:
        return []
    if not isinstance(parsed, dict):
        return []
    return [(str(k), json.dumps(v)) for k, v in sorted(parsed.items())]


def sweep_rows(df: pl.DataFrame) -> tuple[list[Row], bool]:
    """Win rates per (game, bot, field, value) over the rows with a ``variant``; and whether some
    variant set more than one field (then each value is an average over the others')."""
    if "variant" not in df.columns:
        return [], False
    swept = df.filter(pl.col("variant").is_not_null())
    if swept.is_empty():
        return [], False
    variants = swept.get_column("variant").unique().to_list()
    edits = [(v, f, x) for v in variants for f, x in _edits(v)]
    if not edits:
        return [], False
    several = any(len(_edits(v)) > 1 for v in variants)
    table_of_edits = pl.DataFrame({"variant": [e[0] for e in edits], "field": [e[1] for e in edits],
                                   "value_json": [e[2] for e in edits]})
    g = (swept.join(table_of_edits, on="variant").group_by(["game", "base_bot", "field", "value_json"])
         .agg(pl.len().alias("games"), (pl.col("result") == "win").sum().alias("wins")))
    out = []
    for r in g.to_dicts():
        won = rate(int(r["wins"]), int(r["games"]))
        value = json.loads(r["value_json"])
        out.append({"game": r["game"], "bot": r["base_bot"], "field": r["field"], "value": value,
                    "games": int(r["games"]), "wins": int(r["wins"]), "win_rate": won["rate"], "win_lo": won["lo"],
                    "win_hi": won["hi"]})
    return sort_rows(out, ["game", "bot", "field", "value"]), several


def sensitivity(rows: list[Row]) -> list[Row]:
    """Per (game, bot, field): the values tried, the lowest and highest win rate and where, and
    their difference with its 95% interval; the fields that move the win rate most first."""
    groups: dict[tuple[str, str, str], list[Row]] = {}
    for r in rows:
        groups.setdefault((r["game"], r["bot"], r["field"]), []).append(r)
    out = []
    for (game, bot, field), mine in groups.items():
        if len(mine) < 2:
            continue
        # ties go to the smaller value, so the same rows name the same values every time
        low = min(mine, key=lambda r: (r["win_rate"], value_key(r["value"])))
        high = sorted(mine, key=lambda r: (-r["win_rate"], value_key(r["value"])))[0]
        lo, hi = difference_interval(high["wins"], high["games"], low["wins"], low["games"])
        out.append({"game": game, "bot": bot, "field": field, "values": len(mine),
                    "from": min((r["value"] for r in mine), key=value_key), "to": max((r["value"] for r in mine), key=value_key),
                    "lowest_at": low["value"], "lowest_rate": low["win_rate"], "highest_at": high["value"],
                    "highest_rate": high["win_rate"], "range": high["win_rate"] - low["win_rate"], "range_lo": max(0.0, lo),
                    "range_hi": hi, "games": sum(r["games"] for r in mine)})
    out.sort(key=lambda r: (r["game"], value_key(r["bot"]), -r["range"], r["field"]))
    return out


def sweep_section(df: pl.DataFrame, game_id: str, name: str, tables: dict[str, Any], summary: list[str]) -> str:
    """The sweep part of one game's rows ("" when none of them carries a variant)."""
    import altair as alt
    rows, several = sweep_rows(df)
    if not rows:
        return ""
    key = game_id.replace("-", "_")
    ranked = sensitivity(rows)
    tables[f"{key}_sweep"] = rows
    tables[f"{key}_sensitivity"] = ranked
    for bot in sorted({r["bot"] for r in ranked}, key=value_key):
        top = next(r for r in ranked if r["bot"] == bot)
        summary.append(f"{name}, {bot} bot: of the {sum(r['bot'] == bot for r in ranked)} field(s) varied, {top['field']} moves "
                       f"the win rate most: {pct(top['lowest_rate'])} at {top['lowest_at']} to {pct(top['highest_rate'])} at "
                       f"{top['highest_at']} (a range of {100 * top['range']:.1f} points, 95% {100 * top['range_lo']:.1f}-"
                       f"{100 * top['range_hi']:.1f}).")
    parts = [f"<h3>What a number does: {html.escape(name)} sweeps</h3>",
             "<p>Each varied field's win rate at every value tried (95% Wilson intervals), on the same seeds for every "
             "value. The sensitivity table ranks the fields by the highest win rate minus the lowest across the values, "
             "with a 95% interval of that difference (Newcombe's); the highest and lowest are picked after the fact, so "
             "a small range is within chance when its interval reaches 0."
             + (" Some variants set several fields at once: each field's win rate at a value is then the average over "
                "every value of the others." if several else "") + "</p>"]
    for field in list(dict.fromkeys(r["field"] for r in ranked))[:MOST_PLOTS]:
        mine = [r for r in rows if r["field"] == field]
        numeric = all(isinstance(r["value"], (int, float)) and not isinstance(r["value"], bool) for r in mine)
        x = alt.X("value:Q" if numeric else "value:O", title=field, scale=alt.Scale(zero=False) if numeric else alt.Undefined)
        base = chart(mine).encode(x=x, color=alt.Color("bot:N", title="bot", legend=alt.Legend(orient="bottom")))
        parts.append(svg((base.mark_line(point=True).encode(y=alt.Y("win_rate:Q", title="win rate", scale=alt.Scale(domain=[0, 1])))
                          + base.mark_rule().encode(y="win_lo:Q", y2="win_hi:Q"))
                         # two lines: on one, a long field's title ran past the drawing's edge
                         .properties(width=360, height=200, title=[f"Win rate against {field}", "(95% intervals)"])))
    parts.append("<h4>Sensitivity: the fields that move the win rate most</h4>" + table(ranked, [
        ("bot", "bot"), ("field", "field"), ("values", "values"), ("from", "from"), ("to", "to"),
        ("lowest_at", "lowest at"), ("lowest_rate", "lowest win rate"), ("highest_at", "highest at"),
        ("highest_rate", "highest win rate"), ("range", "range"), ("range_lo", "95% low"), ("range_hi", "95% high")]))
    parts.append("<details><summary>Every value</summary>" + table(rows, [
        ("bot", "bot"), ("field", "field"), ("value", "value"), ("games", "games"), ("wins", "wins"),
        ("win_rate", "win rate"), ("win_lo", "95% low"), ("win_hi", "95% high")]) + "</details>")
    return "\n".join(parts)
