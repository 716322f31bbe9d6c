"""Tanglewoods's part of the balance tools: the designer's columns of a finished game
(``details``, read by woodlands.sim.details after the game, never in the hot loop) and its section
of the balance report (``report_section``, called by woodlands.sim.report).  See docs/simulation.md."""
from __future__ import annotations

from typing import Any

from ...engine.state import GameState
from ...kit.events import EventCounts, event_rows, events_type
from .modifiers import enemy_codes
from .state import COMMITTED, EXHAUSTED, POOL, TanglewoodsState


def event_counts(state: TanglewoodsState) -> EventCounts:
    """What happened to each card, hero and item, counted from the log alone (what the game did,
    not what lay on the table at its end).  The tableau is followed through the log (placed,
    flipped, defeated, bribed, cleared at Cleanup) so that the enemies facing the hero at Suffer
    Damage are known: the log gives only that step's total, so it is the card's own
    ``damage_dealt`` only when it was the one enemy left undefeated; otherwise the total is
    counted as ``damage_shared`` for each of them.  Damage an effect does names its card."""
    c = state.content
    forest = {card.id: card.index for card in c.forest}
    kind_of = {card.id: "item" for card in c.items} | {card.id: "card" for card in (*c.forest, *c.maps)}
    # a few rules name a bear by its printed name ("Baby Bear") where effects give the id
    named = {face.name: card.id for card in c.forest if card.kind == "bear" for face in card.faces}
    enemies = enemy_codes(state)
    n = EventCounts()
    add = n.add

    hero = ""
    tableau: list[list[Any]] = []       # [card id, side, defeated] in the order they joined it
    for e in state.events():
        t = e["type"]
        if t == "draw":
            add("card", e["card"], "drawn")
        elif t == "place":
            add("card", e["card"], "placed")
            tableau.append([e["card"], e["side"], False])
        elif t == "flip":
            for entry in tableau:
                if entry[0] == e["card"]:
                    entry[1] = 1 if e["side"] == "night" else 0
                    break
        elif t == "damage":
            add("card", e["card"], "damage_taken", e["amount"])
            why = str(e.get("why"))
            if kind_of.get(why) == "card":      # a card's effect hurting an enemy, not the hero
                add("card", why, "damage_to_enemies", e["amount"])
            elif why in kind_of:                # an item's
                add("item", why, "damage_dealt", e["amount"])
            elif why == hero or why.endswith((" hit", " crit")):
                add("hero", hero, "damage_dealt", e["amount"])
        elif t == "defeat":
            add("card", e["card"], "defeated")
            for entry in tableau:
                if entry[0] == e["card"] and not entry[2]:
                    entry[2] = True
                    break
        elif t == "bribe":
            add("card", e["card"], "bribed")
            for i, entry in enumerate(tableau):
                if entry[0] == e["card"]:
                    del tableau[i]
                    break
        elif t == "bear_defeated":
            add("card", e["bear"], "bear_beaten")
            for i, entry in enumerate(tableau):
                if entry[0] == e["bear"]:
                    del tableau[i]      # a bear beaten leaves the tableau for the hero's side
                    break
        elif t == "suffer_damage":
            facing = [entry[0] for entry in tableau if (forest[entry[0]] << 1 | entry[1]) in enemies]
            undefeated = [entry[0] for entry in tableau
                          if not entry[2] and (forest[entry[0]] << 1 | entry[1]) in enemies]
            for ident in facing:
                add("card", ident, "fought")
            for ident in undefeated:
                add("card", ident, "undefeated")
                if len(undefeated) > 1 and e["amount"]:
                    add("card", ident, "damage_shared", e["amount"])
            if len(undefeated) == 1 and e["amount"]:
                add("card", undefeated[0], "damage_dealt", e["amount"])
        elif t == "cleanup":
            tableau.clear()
        elif t == "stat":
            if e["stat"] == "health" and e["change"] < 0:
                add("hero", hero, "damage_taken", -e["change"])
                why = named.get(str(e.get("why")), str(e.get("why")))
                if why in kind_of:
                    add(kind_of[why], why, "damage_dealt", -e["change"])
        elif t == "gold":
            why = str(e.get("why"))
            change = int(e["change"])
            owner = why.split(" ", 1)[1] if why.startswith(("bribe ", "buy ")) else why
            if owner in kind_of and change:
                add(kind_of[owner], owner, "gold_paid" if change < 0 else "gold_gained", abs(change))
            if change < 0:
                add("hero", hero, "gold_paid", -change)
        elif t in _COUNTED:
            kind, field, event = _COUNTED[t]
            add(kind, e[field], event)
        elif t == "hero":
            hero = e["hero"]
            add("hero", hero, "chosen")
        elif t == "hero_flip":
            add("hero", hero, "flipped")
        elif t == "use":
            if e.get("what") == "item":
                add("item", e["item"], "used")
            else:
                add("hero", hero, "ability_used")
    return n


#: the log lines that count one event for the card or item they name: type -> (kind, field, event)
_COUNTED = {
    "ambush": ("card", "card", "ambushed"), "choose_map": ("card", "card", "chosen"),
    "map_complete": ("card", "map", "completed"), "bait": ("card", "bear", "baited"),
    "gain_item": ("item", "item", "gained"), "buy": ("item", "item", "bought"),
    "upgrade_item": ("item", "item", "upgraded"), "discard_item": ("item", "item", "discarded"),
}

#: the state at the end of a lost game the report counts losses by (woodlands.sim.losses): column ->
#: words for a value; the at_end_ columns first, then the older columns that say the same (the
#: same words: the first present counts), so files made before them still get the table
LOSS_COLUMNS = {"at_end_bears_beaten": "{} bears beaten", "bears_defeated": "{} bears beaten",
                "at_end_health": "{} health", "health": "{} health", "at_end_gold": "{} gold", "gold": "{} gold",
                "at_end_time_of_day": "in the {}", "at_end_phase": "in the {} phase"}
#: the measures two packs are compared by, pair by pair (woodlands.sim.compare)
PAIRED_MEASURES = ("rounds", "bears_defeated")


def details(state: GameState) -> dict[str, Any]:
    """The designer's columns, read from the state's public fields (what the player's view shows:
    ``tests/sim/test_details.py`` checks them against the view over many games).  Read
    directly rather than through ``state.view(0)``, which builds every card's words and the
    live numbers of each enemy: in a study of random games that was 7% of a game's time."""
    assert isinstance(state, TanglewoodsState)
    c = state.content
    zones = state.dice_zone
    hero = side = ""
    if state.hero >= 0:
        hero = c.heroes[state.hero].id
        side = "grimm" if state.grimm else "ab"[state.hero_side]
    forest = c.forest
    cards = {forest[code >> 1].id for code in (*state.tableau, *state.revealed, *state.drawn)}
    if state.active_map >= 0:
        cards.add(c.maps[state.active_map >> 1].id)
    return {
        "difficulty": int(state.options.get("difficulty", 5)),
        "difficulty_mode": str(state.options.get("difficulty_mode", "toward-5")),
        "hero": hero,
        "side": side,
        "health": int(state.health),
        "gold": int(state.gold),
        "dice_ready": zones.count(POOL) + zones.count(COMMITTED),
        "dice_exhausted": zones.count(EXHAUSTED),
        "cards": sorted(cards),
        "items": sorted({c.items[code >> 1].id for code in state.inventory}),
        "bears": sorted({forest[b].id for b in (*state.bears_won, *state.bears_aside)}),
        "events": event_rows(event_counts(state)),
        **loss_facts(state),
    }


def loss_facts(state: TanglewoodsState) -> dict[str, Any]:
    """Why and when a game was not won, and the state it ended in (``at_end_*``: read on wins
    too, so that lost games can be set beside won ones)."""
    outcome = state.outcome or {}
    won = outcome.get("result") == "win"
    reason = outcome.get("reason")
    return {
        "loss_reason": None if won else str(reason if reason is not None else outcome.get("result", "unfinished")),
        "loss_round": None if won else int(state.round),
        "at_end_bears_beaten": len(state.bears_won),
        "at_end_health": int(state.health),
        "at_end_gold": int(state.gold),
        "at_end_time_of_day": None if state.active_map < 0 else ("night" if state.active_map & 1 else "day"),
        "at_end_phase": str(state.phase),
    }


def detail_fields() -> dict[str, Any]:
    """Column name -> pyarrow type of each column :func:`details` gives (pyarrow imported here)."""
    import pyarrow as pa
    text_list = pa.list_(pa.string())
    return {"difficulty": pa.int64(), "difficulty_mode": pa.string(), "hero": pa.string(), "side": pa.string(),
            "health": pa.int64(), "gold": pa.int64(), "dice_ready": pa.int64(), "dice_exhausted": pa.int64(),
            "cards": text_list, "items": text_list, "bears": text_list, "events": events_type(),
            "loss_reason": pa.string(), "loss_round": pa.int64(), "at_end_bears_beaten": pa.int64(),
            "at_end_health": pa.int64(), "at_end_gold": pa.int64(), "at_end_time_of_day": pa.string(),
            "at_end_phase": pa.string()}


def report_section(df: Any, tables: dict[str, Any], summary: list[str], min_support: int) -> str:
    """This game's section of the balance report (woodlands.sim.report), from its rows, built with woodlands.kit.report."""
    import polars as pl
    from ...kit.report import CLIFF, Row, chart, games_text, monotone_flags, pct, quantiles, svg, table, win_rows
    from ...kit.stats import significantly_different
    import altair as alt
    parts = ["<h2>Tanglewoods</h2>"]
    by_level = win_rows(df, ["bot", "difficulty"])
    by_hero = win_rows(df, ["bot", "difficulty", "hero"])
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
        played = games_text(sum(r["games"] for r in rows))
        if lo_l is hi_l:   # one difficulty in the files
            summary.append(f"Tanglewoods, {bot} bot: won {pct(lo_l['win_rate'])} at difficulty {lo_l['difficulty']} ({played}).")
        else:
            summary.append(f"Tanglewoods, {bot} bot: won {pct(lo_l['win_rate'])} at difficulty {lo_l['difficulty']} and "
                           f"{pct(hi_l['win_rate'])} at difficulty {hi_l['difficulty']} ({played}).")
        for f in flags:
            if f["bot"] == bot and f["hero"] == "(all)" and f["flag"] == "not harder":
                summary.append(f"Tanglewoods: level {f['difficulty']} is not harder than level {f['difficulty'] - 1} for the "
                               f"{bot} bot ({pct(f['win_rate'])} vs {pct(f['below_rate'])}"
                               + (", a significant difference)." if f["significant"] else ", within chance)."))
            if f["bot"] == bot and f["hero"] == "(all)" and f["cliff"]:
                summary.append(f"Tanglewoods: a cliff for the {bot} bot: the win rate falls from {pct(f['below_rate'])} at "
                               f"level {f['difficulty'] - 1} to {pct(f['win_rate'])} at level {f['difficulty']}.")
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
                summary.append(f"Tanglewoods, {bot} bot, difficulty {top}: {best['hero']} wins most ({pct(best['win_rate'])}), "
                               f"{worst['hero']} least ({pct(worst['win_rate'])})"
                               + (", a significant gap." if significantly_different(best["wins"], best["games"], worst["wins"], worst["games"]) else "."))

    level_chart = chart(by_level).encode(
        x=alt.X("difficulty:O", title="difficulty"), color=alt.Color("bot:N"))
    levels = (level_chart.mark_line(point=True).encode(y=alt.Y("win_rate:Q", title="win rate", scale=alt.Scale(domain=[0, 1])))
             + level_chart.mark_rule().encode(y="win_lo:Q", y2="win_hi:Q")).properties(width=420, height=220,
                                                                                    title="Win rate by difficulty (95% intervals)")
    parts.append("<h3>Win rate by difficulty, hero and bot</h3>")
    parts.append(svg(levels))
    hero_chart = chart(by_hero).mark_line(point=True).encode(
        x=alt.X("difficulty:O"), y=alt.Y("win_rate:Q", title="win rate", scale=alt.Scale(domain=[0, 1])),
        color=alt.Color("hero:N"), column=alt.Column("bot:N")).properties(width=300, height=200)
    parts.append(svg(hero_chart))
    parts.append(table(by_level, [("bot", "bot"), ("difficulty", "difficulty"), ("games", "games"), ("wins", "wins"),
                                   ("win_rate", "win rate"), ("win_lo", "95% low"), ("win_hi", "95% high")]))
    parts.append("<details><summary>By hero</summary>" + table(by_hero, [
        ("bot", "bot"), ("difficulty", "difficulty"), ("hero", "hero"), ("games", "games"), ("wins", "wins"),
        ("win_rate", "win rate"), ("win_lo", "95% low"), ("win_hi", "95% high")]) + "</details>")
    parts.append("<h3>Is every level harder than the one below?</h3><p>A level is flagged <em>not harder</em> when its "
                 "win rate is at least the level below's; <em>significant</em> when a two-proportion test at 95% says it "
                 "is higher; <em>cliff</em> when the win rate falls by " + pct(CLIFF) + " or more.</p>")
    shown = [f for f in flags if not f["no_signal"] and (f["flag"] or f["cliff"] or not f["significantly_harder"])]
    parts.append("<p>Shown: the levels flagged, the cliffs, and the levels not significantly harder than the one "
                 "below; levels where both win rates are 0% or 100% say nothing and are left out (they are in the "
                 "embedded data).</p>")
    parts.append(table(shown, [("bot", "bot"), ("hero", "hero"), ("difficulty", "level"), ("below_rate", "win rate below"),
                                ("win_rate", "win rate"), ("flag", "flag"), ("significant", "significantly easier"),
                                ("significantly_harder", "significantly harder"), ("cliff", "cliff")]))

    # rounds to win or lose
    rounds = []
    for r in (df.group_by(["bot", "difficulty", "result"]).agg(pl.col("rounds")).sort(["bot", "difficulty", "result"]).to_dicts()):
        rounds.append({"bot": r["bot"], "difficulty": r["difficulty"], "result": r["result"], "games": len(r["rounds"]),
                       **quantiles([float(x) for x in r["rounds"] if x is not None])})
    tables["tanglewoods_rounds"] = rounds
    parts.append("<h3>Rounds to win or lose</h3>")
    parts.append(svg(chart(rounds).mark_line(point=True).encode(
        x="difficulty:O", y=alt.Y("mean:Q", title="mean rounds"), color="result:N", column="bot:N").properties(width=300, height=180)))
    parts.append("<details><summary>Table</summary>" + table(rounds, [
        ("bot", "bot"), ("difficulty", "difficulty"), ("result", "result"), ("games", "games"), ("mean", "mean"),
        ("p10", "10%"), ("median", "median"), ("p90", "90%"), ("max", "max")]) + "</details>")

    # Which cards go with winning or losing is told from what happened in the games, in the report's
    # "Which cards matter" section (woodlands.sim.cards).  The lifts of the cards, items and bears held
    # at the end that stood here are gone: the end-of-game lists miss every card met earlier, and the
    # bears list (beaten and not yet met) said more about how far a game got than about any bear.
    parts.append("<p>Which cards, heroes and items go with winning or losing, from what happened to each in the "
                 "games: see <em>Which cards matter</em> below.</p>")

    # gold and dice at the end of lost games
    lost = df.filter(pl.col("result") == "loss")
    death = []
    for r in lost.group_by(["bot", "difficulty"]).agg(pl.col("gold"), pl.col("dice_ready"), pl.col("dice_exhausted")).sort(["bot", "difficulty"]).to_dicts():
        g, d, x = (quantiles([float(v) for v in r[k] if v is not None]) for k in ("gold", "dice_ready", "dice_exhausted"))
        death.append({"bot": r["bot"], "difficulty": r["difficulty"], "games": len(r["gold"]), "gold_mean": g["mean"],
                      "gold_median": g["median"], "gold_p90": g["p90"], "dice_mean": d["mean"], "dice_median": d["median"],
                      "exhausted_mean": x["mean"]})
    tables["tanglewoods_at_death"] = death
    parts.append("<h3>Gold and dice at the end of a lost game</h3>")
    if lost.height:
        hist = lost.group_by(["bot", "gold"]).agg(pl.len().alias("games")).sort(["bot", "gold"]).to_dicts()
        parts.append(svg(chart(hist).mark_bar().encode(
            x=alt.X("gold:O", title="gold at the end"), y="games:Q", column="bot:N").properties(width=300, height=160)))
    parts.append(table(death, [("bot", "bot"), ("difficulty", "difficulty"), ("games", "lost games"),
                                ("gold_mean", "gold mean"), ("gold_median", "gold median"), ("gold_p90", "gold 90%"),
                                ("dice_mean", "dice ready, mean"), ("dice_median", "dice ready, median"),
                                ("exhausted_mean", "dice exhausted, mean")]))
    return "\n".join(parts)
