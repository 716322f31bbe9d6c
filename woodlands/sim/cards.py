"""The "Which cards matter" section of the balance report, from what happened in the games.

Every results row made since the ``events`` column (docs/simulation.md) counts, per entity of
the game (a card, hero, item, monster, tile or character: ``kind`` and ``id``) and per event
(drawn, placed, fought, defeated, bribed, damage_dealt, played...), how many times it happened
in that game, or how much (damage, gold).  For each game, bot (with its pack, when a file holds
several: :func:`woodlands.sim.report.split_packs`), entity and event this section gives:

- ``times``: the sum over the games (times, or points of damage or gold);
- ``games``: the games in which it happened at least once, and their win rate with its 95%
  Wilson interval;
- ``games_without``: the other games of that game and bot, and their win rate and interval;
- ``effect``: the first win rate minus the second, and whether a two-proportion test at 95%
  says they differ (``significant``).

A row needs at least ``min_support`` games on each side.  An association, not a cause: a card
drawn in long games is drawn more in games that last, whichever way they end.  Files made
before the column have no counts: their games are left out of this section (and said to be).

Generic: it knows no game; the games' ``details`` fill the column (``woodlands.kit.events``).
"""
from __future__ import annotations

import html
from typing import Any

import polars as pl

from ..kit.report import Row, games_text, pct, table
from ..kit.stats import significantly_different, wilson_interval

#: how the kinds of entity are named in headings, in the order they are shown
KIND_TITLES = {"card": "Cards", "hero": "Heroes", "item": "Items", "monster": "Monsters", "tile": "Tiles",
               "character": "Characters"}
#: the rows of a table shown on the page, from each end (the rest are in the embedded data)
SHOWN = 15
#: the significant rows a game and bot's plot shows, the largest effects first
PLOTTED = 12

COLUMNS = [("bot", "bot"), ("id", "id"), ("event", "event"), ("times", "times / amount"), ("games", "games"),
           ("with_rate", "won"), ("with_lo", "95% low"), ("with_hi", "95% high"), ("games_without", "games without"),
           ("without_rate", "won without"), ("without_lo", "95% low"), ("without_hi", "95% high"),
           ("effect_text", "effect"), ("significant_text", "significant")]


def card_rows(df: pl.DataFrame, min_support: int) -> tuple[list[Row], int]:
    """One row per game, bot, entity and event with enough games on both sides (see the module
    text), sorted by game, bot, kind, then effect (highest first); and how many games had no
    ``events`` column (files made before it)."""
    if "events" not in df.columns:
        return [], df.height
    have = df.filter(pl.col("events").is_not_null())
    missing = df.height - have.height
    if have.is_empty():
        return [], missing
    totals = {(r["game"], r["bot"]): (int(r["games"]), int(r["wins"])) for r in
              have.group_by(["game", "bot"]).agg(pl.len().alias("games"), (pl.col("result") == "win").sum().alias("wins")).to_dicts()}
    ex = (have.select("game", "bot", "result", "events").with_row_index("row").explode("events")
          .drop_nulls("events").unnest("events").filter(pl.col("n") > 0))
    # one row per game and entity-event already (the games write them so); summed all the same
    per = (ex.group_by(["game", "bot", "kind", "id", "event"])
           .agg(pl.col("n").sum().alias("times"), pl.col("row").n_unique().alias("games"),
                pl.col("row").filter(pl.col("result") == "win").n_unique().alias("wins")))
    out: list[Row] = []
    for r in per.to_dicts():
        n_all, w_all = totals[(r["game"], r["bot"])]
        if w_all in (0, n_all):
            continue                        # every game or none was won: nothing to compare
        games, wins = int(r["games"]), int(r["wins"])
        without, wins_without = n_all - games, w_all - wins
        if games < min_support or without < min_support:
            continue
        lo, hi = wilson_interval(wins, games)
        lo2, hi2 = wilson_interval(wins_without, without)
        effect = wins / games - wins_without / without
        sig = significantly_different(wins, games, wins_without, without)
        out.append({"game": r["game"], "bot": r["bot"], "kind": r["kind"], "id": r["id"], "event": r["event"],
                    "times": int(r["times"]), "games": games, "wins": wins, "with_rate": wins / games,
                    "with_lo": lo, "with_hi": hi, "games_without": without, "wins_without": wins_without,
                    "without_rate": wins_without / without, "without_lo": lo2, "without_hi": hi2,
                    "effect": effect, "significant": sig})
    order = {k: i for i, k in enumerate(KIND_TITLES)}
    # ties broken by support then name: group_by has no fixed order, and the summary names rows
    out.sort(key=lambda r: (r["game"], r["bot"], order.get(r["kind"], len(order)), r["kind"], -r["effect"],
                            -r["games"], r["id"], r["event"]))
    return out, missing


def _said(r: Row) -> str:
    return (f"{r['id']} {r['event'].replace('_', ' ')}: won {pct(r['with_rate'])} of {games_text(r['games'])} "
            f"against {pct(r['without_rate'])} without")


def summary_sentences(rows: list[Row]) -> list[str]:
    """Per game and bot: how many entity-events differ significantly, and the strongest each way."""
    out = []
    for game, bot in sorted({(r["game"], r["bot"]) for r in rows}):
        mine = [r for r in rows if (r["game"], r["bot"]) == (game, bot)]
        sig = [r for r in mine if r["significant"]]
        text = (f"Which cards matter, {game}, {bot} bot: of {len(mine)} entity-event{'s' if len(mine) != 1 else ''} "
                f"with enough games each way, {len(sig)} go with a significantly different win rate")
        up = max((r for r in sig if r["effect"] > 0), key=lambda r: (r["effect"], r["games"]), default=None)
        down = min((r for r in sig if r["effect"] < 0), key=lambda r: (r["effect"], -r["games"]), default=None)
        said = [f"most with winning {_said(up)}"] if up else []
        said += [f"most with losing {_said(down)}"] if down else []
        out.append(text + (" (" + "; ".join(said) + ")" if said else "") + ".")
    return out


def _shown(rows: list[Row]) -> tuple[list[Row], int]:
    """The rows of one table that the page shows: all of them, or the ones at each end."""
    if len(rows) <= 2 * SHOWN:
        return rows, 0
    return rows[:SHOWN] + rows[-SHOWN:], len(rows) - 2 * SHOWN


def _plot(rows: list[Row], title: str) -> str:
    """The strongest significant rows of one game and bot: the win rate of the games in which it
    happened against the others', each with its interval (nothing when none is significant)."""
    top = sorted((r for r in rows if r["significant"]), key=lambda r: (-abs(r["effect"]), -r["games"], r["id"], r["event"]))[:PLOTTED]
    if not top:
        return ""
    import altair as alt

    from ..kit.report import chart, svg
    values = []
    for r in top:
        label = f"{r['kind']} {r['id']} {r['event']}"
        values.append({"what": label, "games": "in which it happened", "rate": r["with_rate"], "lo": r["with_lo"], "hi": r["with_hi"]})
        values.append({"what": label, "games": "the others", "rate": r["without_rate"], "lo": r["without_lo"], "hi": r["without_hi"]})
    order = [f"{r['kind']} {r['id']} {r['event']}" for r in top]
    base = chart(values).encode(y=alt.Y("what:N", sort=order, title=None), color=alt.Color("games:N", title="games"))
    layered = (base.mark_rule().encode(x=alt.X("lo:Q", title="win rate (95% interval)", scale=alt.Scale(domain=[0, 1])), x2="hi:Q")
               + base.mark_point(filled=True).encode(x="rate:Q"))
    return svg(layered.properties(width=420, height=18 * len(top), title=title))


def cards_section(df: pl.DataFrame, tables: dict[str, Any], summary: list[str], min_support: int) -> str:
    """The section's HTML; its rows go to ``tables["cards_matter"]``, its sentences to ``summary``."""
    rows, missing = card_rows(df, min_support)
    tables["cards_matter"] = rows
    parts = ["<h2>Which cards matter</h2>"]
    if missing == df.height:
        parts.append("<p class='none'>These results files count no events per card: they were made before the "
                     "<code>events</code> column (play the study again for this section), or their game does not "
                     "count them (its <code>details</code> gives no <code>events</code>).</p>")
        return "\n".join(parts)
    parts.append("<p>From what happened in each game (its log), not from what lay on the table at its end: for each "
                 "card, hero, item, monster, tile or character and each thing that happened to it, how many times (or "
                 "how much damage or gold) over all games, in how many games it happened, and the win rate of those "
                 "games against that of the bot's other games, each with its 95% Wilson interval. <em>Effect</em> is "
                 "the difference; <em>significant</em>: a two-proportion test at 95%. At least "
                 f"{min_support} games on each side; sorted by effect. Each bot's games of every set-up are taken "
                 "together (a study of one set-up gives the cleaner answer). An association, not a cause: a card "
                 "drawn more in long games is drawn more in whichever way they end; and of many rows about one in "
                 "twenty is marked significant by chance alone.</p>")
    if missing:
        parts.append(f"<p class='none'>{games_text(missing)} from files made before the <code>events</code> column "
                     "(or of a game that does not count events) are left out of this section.</p>")
    summary.extend(summary_sentences(rows))
    if not rows:
        summary.append("Which cards matter: no entity-event has enough games on both sides to compare.")
        parts.append("<p class='none'>No entity-event has enough games on both sides (or every game of a bot was "
                     "won, or none).</p>")
    for game in sorted({r["game"] for r in rows}):
        parts.append(f"<h3>{html.escape(game)}</h3>")
        for bot in sorted({r["bot"] for r in rows if r["game"] == game}):
            parts.append(_plot([r for r in rows if (r["game"], r["bot"]) == (game, bot)],
                               f"{game}, {bot} bot: the largest significant effects"))
        for kind in sorted({r["kind"] for r in rows if r["game"] == game},
                           key=lambda k: (list(KIND_TITLES).index(k) if k in KIND_TITLES else len(KIND_TITLES), k)):
            shown: list[Row] = []
            left = 0
            for bot in sorted({r["bot"] for r in rows if r["game"] == game and r["kind"] == kind}):
                mine = [dict(r, effect_text=f"{100 * r['effect']:+.1f} points",
                             significant_text="yes" if r["significant"] else "")
                        for r in rows if (r["game"], r["kind"], r["bot"]) == (game, kind, bot)]
                some, more = _shown(mine)
                shown += some
                left += more
            parts.append(f"<h4>{html.escape(KIND_TITLES.get(kind, kind))}</h4>" + table(shown, COLUMNS))
            if left:
                parts.append(f"<p class='none'>Shown: each bot's {SHOWN} highest and {SHOWN} lowest effects; {left} more rows "
                             "are in the embedded data (<code>cards_matter</code>).</p>")
    return "\n".join(parts)
