"""Why games are lost: the balance report's part on the lost games of any game.

Over the rows' ``loss_reason`` (the outcome's reason, null on a win) and ``loss_round``, and
the state-at-the-end columns the game names: its descriptor's ``loss_columns``, a mapping
column -> words with ``{}`` for the value (``{"bears_defeated": "{} bears beaten"}``, kept in the
game's balance module), and any column whose name starts with :data:`PREFIX`.  Columns a file
lacks are left out, so the part works on files made before those columns existed: a loss with
no reason counts under ``unknown``.

Three tables per game: losses by reason (count and share of the bot's losses, with 95% Wilson
intervals), by reason and round, and by each state column's value; a plot of losses by round
and reason; and summary sentences made from those tables (the commonest reason and round, and
the first state column's commonest value at a loss)."""
from __future__ import annotations

import html
from typing import Any, Mapping

import polars as pl

from ..kit.report import Row, chart, pct, rate, sort_rows, svg, table, value_key

#: columns named ``at_end_<what>`` or ``at_loss_<what>`` are state-at-the-end columns without the
#: game naming them
PREFIXES = ("at_end_", "at_loss_")
#: the reason a loss with no ``loss_reason`` counts under
UNKNOWN = "unknown"
#: the most values of one state column a table lists per bot (the rest are in the embedded data)
MOST_VALUES = 12


def state_columns(df: pl.DataFrame, named: Mapping[str, str] | None) -> dict[str, str]:
    """The state-at-the-end columns present in ``df``: the game's own (``named``: column ->
    words, in its order), then the ``at_end_``/``at_loss_`` ones it did not name.  Two named
    columns with the same words say the same thing (a newer column and the older one it
    replaces): the first present counts.

    >>> frame = pl.DataFrame({"bears_defeated": [1], "at_end_bears_beaten": [1], "at_end_gold": [3]})
    >>> state_columns(frame, {"at_end_bears_beaten": "{} bears beaten", "bears_defeated": "{} bears beaten"})
    {'at_end_bears_beaten': '{} bears beaten', 'at_end_gold': 'gold {}'}
    """
    out: dict[str, str] = {}
    for c, w in (named or {}).items():
        if c in df.columns and w not in out.values():
            out[c] = w
    for c in df.columns:
        prefix = next((p for p in PREFIXES if c.startswith(p)), None)
        if prefix is not None and c not in out and c not in (named or {}):
            out[c] = c[len(prefix):].replace("_", " ") + " {}"
    return out


def loss_section(df: pl.DataFrame, game_id: str, name: str, named: Mapping[str, str] | None,
                 tables: dict[str, Any], summary: list[str]) -> str:
    """The "Why games are lost" part for one game's rows (``bot`` as the report labels it):
    its HTML; its tables go into ``tables`` (``<game>_loss_reasons``, ``_loss_rounds``,
    ``_loss_state``) and its sentences into ``summary``."""
    import altair as alt
    key = game_id.replace("-", "_")
    lost = df.filter(pl.col("result") == "loss")
    parts = [f"<h3>Why {html.escape(name)} games are lost</h3>"]
    if lost.is_empty():
        return parts[0] + "<p class='none'>No game in these files was lost.</p>"
    has_reason = "loss_reason" in lost.columns and lost.get_column("loss_reason").null_count() < lost.height
    has_round = "loss_round" in lost.columns and lost.get_column("loss_round").null_count() < lost.height
    reason = (pl.col("loss_reason").fill_null(UNKNOWN) if "loss_reason" in lost.columns else pl.lit(UNKNOWN)).alias("reason")
    lost = lost.with_columns(reason)
    totals = {r["bot"]: r["losses"] for r in lost.group_by("bot").agg(pl.len().alias("losses")).to_dicts()}

    reasons: list[Row] = []
    for r in lost.group_by(["bot", "reason"]).agg(pl.len().alias("losses")).to_dicts():
        share = rate(int(r["losses"]), totals[r["bot"]])
        reasons.append({**r, "share": share["rate"], "share_lo": share["lo"], "share_hi": share["hi"],
                        "bot_losses": totals[r["bot"]]})
    reasons.sort(key=lambda r: (value_key(r["bot"]), -r["losses"], str(r["reason"])))
    tables[f"{key}_loss_reasons"] = reasons

    rounds: list[Row] = []
    if has_round:
        g = lost.filter(pl.col("loss_round").is_not_null()).group_by(["bot", "reason", "loss_round"]).agg(pl.len().alias("losses"))
        rounds = sort_rows([{**r, "share": r["losses"] / totals[r["bot"]]} for r in g.to_dicts()], ["bot", "loss_round", "reason"])
    tables[f"{key}_loss_rounds"] = rounds

    states = state_columns(lost, named)
    state_rows: list[Row] = []
    for column, words in states.items():
        g = lost.filter(pl.col(column).is_not_null()).group_by(["bot", column]).agg(pl.len().alias("losses"))
        for r in g.to_dicts():
            share = rate(int(r["losses"]), totals[r["bot"]])
            state_rows.append({"bot": r["bot"], "column": column, "value": r[column], "state": words.format(r[column]),
                               "losses": r["losses"], "bot_losses": totals[r["bot"]], "share": share["rate"],
                               "share_lo": share["lo"], "share_hi": share["hi"]})
    state_rows = sort_rows(state_rows, ["bot", "column", "value"])
    tables[f"{key}_loss_state"] = state_rows

    # the summary, from those tables only
    for bot in sorted(totals, key=value_key):
        mine = [r for r in reasons if r["bot"] == bot]
        top = mine[0]
        text = f"{name}, {bot} bot: of {totals[bot]:,} loss{'' if totals[bot] == 1 else 'es'}"
        if has_reason:
            text += f", {top['losses']:,} ({pct(top['share'])}) were {top['reason']}"
        if rounds:
            by_round: dict[Any, int] = {}
            for r in rounds:
                if r["bot"] == bot:
                    by_round[r["loss_round"]] = by_round.get(r["loss_round"], 0) + r["losses"]
            if by_round:
                peak = max(sorted(by_round, key=value_key), key=lambda k: by_round[k])
                text += f"{';' if has_reason else ','} the most ({by_round[peak]:,}) in round {peak}"
        if has_reason or rounds:
            summary.append(text + ".")
        for column in list(states)[:1]:      # the game names its most telling column first
            values = [r for r in state_rows if r["bot"] == bot and r["column"] == column]
            if values:
                best = sorted(values, key=lambda r: (-r["losses"], value_key(r["value"])))[0]
                summary.append(f"{name}, {bot} bot: {best['losses']:,} of {totals[bot]:,} losses ended with {best['state']} "
                               f"({pct(best['share'])}, the commonest {column} at a loss).")

    if not has_reason:
        parts.append("<p class='none'>These rows carry no <code>loss_reason</code>: every loss counts as "
                     "<em>unknown</em>.</p>")
    parts.append(f"<p>Each lost game by the reason its outcome gives, with its share of the bot's losses (95% "
                 f"Wilson interval); by the round it was lost in; and by the state at the end ({', '.join(states) or 'no state columns'}).</p>")
    if rounds:
        parts.append(svg(chart(rounds).mark_bar().encode(
            x=alt.X("loss_round:O", title="round lost in", sort="ascending"), y=alt.Y("sum(losses):Q", title="losses"),
            color=alt.Color("reason:N", title="reason", legend=alt.Legend(orient="bottom", columns=1)),
            column=alt.Column("bot:N", title=None)).properties(width=300, height=180)))
    else:
        parts.append(svg(chart(reasons).mark_bar().encode(
            y=alt.Y("reason:N", title=None), x=alt.X("losses:Q"), column=alt.Column("bot:N", title=None))
            .properties(width=260, height=22 * max(1, len({r["reason"] for r in reasons})))))
    parts.append(table(reasons, [("bot", "bot"), ("reason", "reason"), ("losses", "losses"), ("bot_losses", "of the bot's"),
                                 ("share", "share"), ("share_lo", "95% low"), ("share_hi", "95% high")]))
    if rounds:
        parts.append("<details><summary>By round</summary>" + table(rounds, [
            ("bot", "bot"), ("loss_round", "round"), ("reason", "reason"), ("losses", "losses"), ("share", "share of the bot's losses")])
            + "</details>")
    if state_rows:
        shown = []
        for bot in sorted(totals, key=value_key):
            for column in states:
                mine = sorted((r for r in state_rows if r["bot"] == bot and r["column"] == column),
                              key=lambda r: (-r["losses"], value_key(r["value"])))
                shown += sort_rows(mine[:MOST_VALUES], ["value"])
        first = next(iter(states))
        parts.append(f"<h4>The state at the end of a lost game</h4><p>Losses by {html.escape(first)} at the end"
                     + (" (every state column in the table below)" if len(states) > 1 else "") + ".</p>")
        parts.append(svg(chart([r for r in state_rows if r["column"] == first]).mark_bar().encode(
            x=alt.X("value:O", title=first, sort="ascending"), y=alt.Y("losses:Q", title="losses"),
            column=alt.Column("bot:N", title=None)).properties(width=260, height=160)))
        parts.append(f"<details><summary>Table (the {MOST_VALUES} commonest values of each column)</summary>" + table(shown, [
            ("bot", "bot"), ("column", "column"), ("state", "state"), ("losses", "losses"), ("share", "share"),
            ("share_lo", "95% low"), ("share_hi", "95% high")]) + "</details>")
    return "\n".join(parts)
