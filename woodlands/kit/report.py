"""The report kit: what a game's section of the balance report is built with (its
``report_section``, named by its descriptor) and what ``woodlands report`` builds the rest of the
page with.  Tables are HTML strings, plots altair charts drawn as inline SVG (vl-convert: no
browser, no script, nothing fetched), rows plain dicts.  Needs the ``report`` extra (polars,
altair, vl-convert-python), imported when a report is built.

A game's section takes the polars frame of its rows, the ``tables`` dict every table is also
embedded from (as JSON), the ``summary`` sentences, and ``min_support``, and returns its HTML:

    def report_section(df, tables, summary, min_support):
        rows = win_rows(df, ["bot", "difficulty"])
        tables["mygame_win"] = rows
        summary.append(f"My game: won {pct(rows[0]['win_rate'])} of {games_text(rows[0]['games'])}.")
        return "<h2>My game</h2>" + table(rows, [("bot", "bot"), ("win_rate", "win rate")])

>>> pct(0.25), games_text(1), games_text(62070)
('25.0%', '1 game', '62,070 games')
"""
from __future__ import annotations

import html
import json
from typing import Any, Sequence

import polars as pl

from .stats import significantly_different, wilson_interval

#: below this many games a row of a lift table is left out (its interval would say little)
MIN_SUPPORT = 30
#: a fall of at least this much win rate from one level to the next is called a cliff
CLIFF = 0.25

#: one row of a table: column -> value
Row = dict[str, Any]

#: how the report's medians and percentiles are taken, said on the page and in docs/simulation.md
MEDIAN_NOTE = ("Medians and other percentiles are nearest-rank: the value at position round(p x (n - 1)) of the "
               "n sorted values, counting from 0, halves rounding up (for an even count, the median is the upper of "
               "the two middle values), never an average of two values.")


def rate(wins: int, games: int) -> dict[str, float]:
    """A win rate with its 95% Wilson interval: ``rate``, ``lo``, ``hi``."""
    lo, hi = wilson_interval(wins, games)
    return {"rate": wins / games if games else 0.0, "lo": lo, "hi": hi}


def pct(x: float | None) -> str:
    """A share as a percentage with one decimal (empty for None)."""
    return "" if x is None else f"{100 * x:.1f}%"


def p_text(p: float | None) -> str:
    """A p value: three significant digits, ``<0.0001`` below that (empty for None).

    >>> p_text(0.0625), p_text(1.0), p_text(1e-9)
    ('0.0625', '1', '<0.0001')
    """
    if p is None or p != p:
        return ""
    return "<0.0001" if p < 0.0001 else f"{p:.3g}"


def lift_text(row: Row) -> str:
    """A lift with its 95% interval, as numbers: ``17.46 (16.26-17.46)``.

    >>> lift_text({"lift": 17.46, "lift_lo": 16.259, "lift_hi": 17.46})
    '17.46 (16.26-17.46)'
    """
    return f"{row['lift']:.2f} ({row['lift_lo']:.2f}-{row['lift_hi']:.2f})"


def games_text(n: int) -> str:
    """``'1 game'``, ``'62,070 games'``."""
    return f"{n:,} game" + ("" if n == 1 else "s")


def num(x: Any) -> str:
    """A table cell's text: floats with two decimals, None empty."""
    if x is None:
        return ""
    if isinstance(x, float):
        return f"{x:.2f}"
    return str(x)


def table(rows: Sequence[Row], columns: Sequence[tuple[str, str]], limit: int = 400) -> str:
    """An HTML table of ``rows``: ``columns`` are (key, heading).  Keys ending in rate, lo or hi
    (and ``share``, ``base``, ``range``) are shares and print as percentages; a lift and its interval
    (``lift``, ``lift_lo``, ``lift_hi``) are ratios and print as numbers, ``17.46``; ``p`` values
    (keys ending in ``_p``) with three significant digits.

    >>> page = table([{"lift": 17.46, "lift_lo": 16.259, "lift_hi": 17.46, "win_rate": 0.5}],
    ...              [("lift", "lift"), ("lift_lo", "low"), ("lift_hi", "high"), ("win_rate", "win rate")])
    >>> "<td>17.46</td><td>16.26</td><td>17.46</td><td>50.0%</td>" in page
    True
    """
    if not rows:
        return "<p class='none'>No games for this table.</p>"
    head = "".join(f"<th>{html.escape(h)}</th>" for _, h in columns)
    body = []
    for r in rows[:limit]:
        cells = []
        for key, _ in columns:
            v = r.get(key)
            # a lift's interval ends in _lo/_hi like a share's, so ratios are told apart first
            if key.startswith("lift") and isinstance(v, (int, float)) and not isinstance(v, bool):
                text = f"{v:.2f}"
            elif key.endswith("_p") and isinstance(v, float):
                text = p_text(v)
            elif key.endswith(("rate", "_lo", "_hi")) or key in ("lo", "hi", "share", "base", "range"):
                text = pct(v)
            elif isinstance(v, list):
                text = ", ".join(map(str, v))
            else:
                text = num(v)
            cls = " class='flag'" if key == "flag" and v else ""
            cells.append(f"<td{cls}>{html.escape(text)}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    more = f"<p class='none'>{len(rows) - limit} more rows in the embedded data.</p>" if len(rows) > limit else ""
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>{more}"


def svg(chart: Any) -> str:
    """An altair chart as inline SVG (vl-convert: no browser, no script, nothing fetched).
    Legends, axis and facet labels are never cut short (Vega-Lite's default cuts a label at
    160 pixels with an ellipsis: a bot named with its pack lost the pack), and the drawing gets a
    margin so nothing touches its edge."""
    try:
        import vl_convert as vlc
        spec = chart.to_dict()
        config = spec.setdefault("config", {})
        config.setdefault("legend", {}).update({"labelLimit": 0, "titleLimit": 0, "symbolLimit": 0})
        config.setdefault("axis", {}).update({"labelLimit": 400})
        config.setdefault("header", {}).update({"labelLimit": 0, "titleLimit": 0})
        spec.setdefault("padding", 12)
        return str(vlc.vegalite_to_svg(spec))
    except Exception as e:   # a plot that cannot be drawn must not cost the whole report
        return f"<p class='none'>(plot not drawn: {html.escape(str(e).splitlines()[0][:200])})</p>"


def chart(values: list[Row]) -> Any:
    """An altair chart over rows given inline (they end up in the SVG, never in a file)."""
    import altair as alt
    return alt.Chart(alt.Data(values=values))  # type: ignore[no-untyped-call]


def quantiles(values: list[float]) -> dict[str, float]:
    """mean, p10, median, p90 and max of ``values`` (all 0 for none).  The percentiles are
    nearest-rank (:data:`MEDIAN_NOTE`): the median of 1, 2, 3, 4 is 3, not 2.5.

    >>> quantiles([1, 2, 3, 4])["median"], quantiles([1, 2, 3])["median"]
    (3.0, 2.0)
    """
    if not values:
        return {"mean": 0.0, "p10": 0.0, "median": 0.0, "p90": 0.0, "max": 0.0}
    s = sorted(values)

    def q(p: float) -> float:
        return float(s[min(len(s) - 1, int(p * (len(s) - 1) + 0.5))])
    return {"mean": sum(s) / len(s), "p10": q(0.1), "median": q(0.5), "p90": q(0.9), "max": float(s[-1])}


def value_key(value: Any) -> tuple[Any, ...]:
    """A sort key that orders numbers as numbers, also inside a set-up's options JSON: level 10
    comes after level 2 (as text it came between 1 and 2); None first, then numbers, then text.

    >>> sorted(['{"difficulty":10}', '{"difficulty":2}', '{"difficulty":1}'], key=value_key)
    ['{"difficulty":1}', '{"difficulty":2}', '{"difficulty":10}']
    >>> sorted([10, None, "a", 2], key=value_key)
    [None, 2, 10, 'a']
    """
    if value is None:
        return (0,)
    if isinstance(value, bool):
        return (1, int(value))
    if isinstance(value, (int, float)):
        return (1, value)
    if isinstance(value, str) and value[:1] in "{[":
        try:
            parsed = json.loads(value)
        except ValueError:
            return (3, value)
        if isinstance(parsed, dict):
            return (2, tuple((k, value_key(v)) for k, v in sorted(parsed.items())))
        if isinstance(parsed, list):
            return (2, tuple(value_key(v) for v in parsed))
    if isinstance(value, (list, tuple)):
        return (2, tuple(value_key(v) for v in value))
    return (3, str(value))


def sort_rows(rows: list[Row], keys: Sequence[str]) -> list[Row]:
    """``rows`` sorted by ``keys`` in turn, numbers (and numbers inside options JSON) as numbers."""
    return sorted(rows, key=lambda r: tuple(value_key(r.get(k)) for k in keys))


def win_rows(df: pl.DataFrame, keys: list[str]) -> list[Row]:
    """games, wins, win rate and its interval per combination of ``keys``, sorted by them (numbers
    as numbers, the options' JSON too: :func:`value_key`)."""
    g = df.group_by(keys).agg(pl.len().alias("games"), (pl.col("result") == "win").sum().alias("wins"))
    out = []
    for r in g.to_dicts():
        won = rate(int(r["wins"]), int(r["games"]))
        out.append({**r, "win_rate": won["rate"], "win_lo": won["lo"], "win_hi": won["hi"]})
    return sort_rows(out, keys)


def lift_rows(df: pl.DataFrame, column: str, outcome: str, by: str = "bot", min_support: int = MIN_SUPPORT) -> list[Row]:
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
    # ties broken by support, then by id: polars' group_by has no fixed order, and the summary
    # names the first flagged row of a group, so without them two reports of the same rows could
    # list tied rows (and name a card) differently
    out.sort(key=lambda r: (r[by], -r["lift"], -r["games"], str(r["id"])))
    return out


def strongest_higher(lift: list[Row], by: str = "bot") -> list[Row]:
    """Of a lift table (:func:`lift_rows`, sorted by ``by`` then lift down), the first row flagged
    ``higher`` of each ``by`` group, in the groups' order: what a summary sentence names."""
    seen: dict[Any, Row] = {}
    for r in lift:
        if r["flag"] == "higher" and r[by] not in seen:
            seen[r[by]] = r
    return [seen[k] for k in sorted(seen)]


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
        flag = "" if p < q else ("no signal (both " + pct(p) + ")" if both_extreme else "not harder")
        sig = bool(flag == "not harder" and p > q and significantly_different(r["wins"], r["games"], below["wins"], below["games"]))
        harder = bool(p < q and significantly_different(r["wins"], r["games"], below["wins"], below["games"]))
        out.append({"difficulty": r["difficulty"], "win_rate": p, "below_rate": q, "flag": flag,
                    "significant": sig, "cliff": q - p >= CLIFF, "significantly_harder": harder,
                    "no_signal": both_extreme})
    return out
