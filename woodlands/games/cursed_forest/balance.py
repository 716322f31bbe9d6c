"""The Cursed Forest's part of the balance tools: the designer's columns of a finished game
(``details``, read by woodlands.sim.details after the game, never in the hot loop) and its section
of the balance report (``report_section``, called by woodlands.sim.report).  See docs/simulation.md."""
from __future__ import annotations

from typing import Any

from ...engine.state import GameState
from ...kit.events import EventCounts, event_rows, events_type


def event_counts(state: GameState) -> EventCounts:
    """What happened to each monster, item, tile and character, counted from the log alone.
    Damage an adventurer takes with ``source`` "monster" is the monster of the fight under way
    (one fight at a time); Morna Gul's own damage names her."""
    n = EventCounts()
    add = n.add
    characters: dict[int, str] = {}
    foe: str | None = None              # the monster of the fight under way
    items = {it.id for it in getattr(state, "content").items}
    for e in state.events():
        kind = e["type"]
        who = e.get("adventurer")
        ch = characters.get(who) if isinstance(who, int) else None
        if kind == "character":
            characters[int(e["adventurer"])] = str(e.get("character", ""))
            add("character", str(e.get("character", "")), "chosen")
        elif kind == "draw":
            if e.get("what") == "monster" and e.get("monster"):
                add("monster", e["monster"], "revealed")
            elif e.get("what") == "tile" and e.get("tile"):
                add("tile", e["tile"], "drawn")
        elif kind == "lay":
            add("tile", e["tile"], "laid")
        elif kind == "move" and e.get("tile"):
            add("tile", e["tile"], "entered")
        elif kind == "lost" and e.get("tile"):
            add("tile", e["tile"], "lost_on")
        elif kind == "fight":
            foe = e.get("monster") or ("morna-gul" if e.get("kind") == "morna" else None)
            if foe is not None:
                add("monster", foe, "fought")
            if ch is not None:
                add("character", ch, "fought")
        elif kind == "fight_over":
            foe = None
        elif kind == "combat_round":
            if foe is not None and e.get("damage_to_foe"):
                add("monster", foe, "damage_taken", int(e["damage_to_foe"]))
        elif kind == "ranged_hit":
            add("monster", e["monster"], "damage_taken", int(e.get("damage") or 0))
            add("monster", e["monster"], "shot")
        elif kind == "kill":
            add("monster", e["monster"], "defeated")
            if ch is not None:
                add("character", ch, "kills")
        elif kind == "damage":
            source = e.get("source")
            by = foe if source == "monster" else ("morna-gul" if source == "morna" else None)
            if by is not None and e.get("amount"):
                add("monster", by, "damage_dealt", int(e["amount"]))
            if ch is not None and e.get("amount"):
                add("character", ch, "damage_taken", int(e["amount"]))
        elif kind == "death":
            source = e.get("source")
            by = foe if source == "monster" else ("morna-gul" if source == "morna" else None)
            if by is not None:
                add("monster", by, "killed_adventurer")
            if ch is not None:
                add("character", ch, "deaths")
        elif kind == "heal" and ch is not None and e.get("amount"):
            add("character", ch, "healed", int(e["amount"]))
        elif kind == "seed_laid" and ch is not None:
            add("character", ch, "seeds_laid")
        elif kind == "pickup" or (kind == "stow" and "given_by" not in e):
            add("item", e["item"], "found")
        elif kind == "use" and e.get("item") in items:
            add("item", e["item"], "used")
        elif kind == "drop":
            add("item", e["item"], "dropped")
        elif kind == "give":
            add("item", e["item"], "given")
        elif kind in ("item_breaks", "item_gone"):
            add("item", e["item"], "lost")
    return n


#: the state at the end of a lost game the report counts losses by (woodlands.sim.losses): column ->
#: words for a value; the at_end_ columns first, then the older columns that say the same (the
#: same words: the first present counts), so files made before them still get the table
LOSS_COLUMNS = {"at_end_seeds_laid": "{} seeds laid", "seeds_laid": "{} seeds laid", "at_end_lives": "{} lives left",
                "at_end_health": "{} health in the party", "at_end_morna_out": "Morna Gûl out: {}",
                "deaths": "{} adventurer deaths", "morna_kills": "{} deaths fighting Morna Gûl"}
#: the measures two packs are compared by, pair by pair (woodlands.sim.compare)
PAIRED_MEASURES = ("rounds", "seeds_laid", "kills")


def details(state: GameState) -> dict[str, Any]:
    characters: dict[int, str] = {}
    held: dict[int, set[str]] = {}
    fights: list[dict[str, Any]] = []
    open_fights: dict[int, dict[str, Any]] = {}
    morna_kills = deaths = 0
    just_over: list[dict[str, Any]] = []     # the fights whose end was the event before (a kill follows it)
    for e in state.log:
        kind = e["type"]
        who = e.get("adventurer")
        closed, just_over = just_over, []
        if kind == "character":
            characters[int(e["adventurer"])] = str(e.get("character", ""))
        elif kind in ("pickup", "stow") and isinstance(who, int) and isinstance(e.get("item"), str):
            held.setdefault(int(who), set()).add(e["item"])
        elif kind in ("drop", "item_gone", "item_breaks", "give") and isinstance(who, int) and isinstance(e.get("item"), str):
            held.setdefault(int(who), set()).discard(e["item"])
            if kind == "give" and isinstance(e.get("to"), int):
                held.setdefault(e["to"], set()).add(e["item"])
        elif kind == "fight" and who is not None:
            fight: dict[str, Any] = {"adventurer": int(who), "kind": str(e.get("kind", "")),
                     "monster": str(e.get("monster") or e.get("kind") or ""),
                     "items": sorted(held.get(int(who), set())), "result": "escaped"}
            open_fights[int(who)] = fight
            fights.append(fight)
        elif kind == "kill" and who is not None:
            ended: dict[str, Any] | None = open_fights.pop(int(who), None) or next(
                (f for f in closed if f["adventurer"] == int(who) and f["result"] == "escaped"), None)
            if ended is not None:
                ended["result"] = "won"
            just_over = closed
        elif kind == "death":
            deaths += 1
            if e.get("source") == "morna":
                morna_kills += 1
            if who is not None:
                if int(who) in open_fights:
                    open_fights.pop(int(who))["result"] = "lost"
                held[int(who)] = set()
        elif kind == "fight_over":
            just_over = list(open_fights.values())
            open_fights.clear()
    outcome = state.outcome or {}
    return {
        "players": int(state.options.get("players", 1)),
        "pvp": bool(state.options.get("pvp", False)),
        "characters": [characters[k] for k in sorted(characters)],
        "how": str(outcome.get("how") or outcome.get("reason") or ""),
        "deaths": deaths,
        "morna_kills": morna_kills,
        "fights": fights,
        "events": event_rows(event_counts(state)),
        **loss_facts(state),
    }


def loss_facts(state: GameState) -> dict[str, Any]:
    """Why and when a game was not won, and the party's state at its end (``at_end_*``, on wins too)."""
    outcome = state.outcome or {}
    won = outcome.get("result") == "win"
    reason = outcome.get("reason")
    s: Any = state
    return {
        "loss_reason": None if won else str(reason if reason is not None else outcome.get("result", "unfinished")),
        "loss_round": None if won else int(s.round_no),
        "at_end_seeds_laid": int(s.seeds_laid),
        "at_end_health": sum(int(h) for h in s.health),
        "at_end_lives": sum(int(x) for x in s.lives),
        "at_end_morna_out": int(s.morna_at) >= 0,
    }


def detail_fields() -> dict[str, Any]:
    """Column name -> pyarrow type of each column :func:`details` gives (pyarrow imported here)."""
    import pyarrow as pa
    text_list = pa.list_(pa.string())
    return {"players": pa.int64(), "pvp": pa.bool_(), "characters": text_list, "how": pa.string(),
            "deaths": pa.int64(), "morna_kills": pa.int64(),
            "fights": pa.list_(pa.struct([("adventurer", pa.int64()), ("kind", pa.string()), ("monster", pa.string()),
                                          ("items", text_list), ("result", pa.string())])),
            "events": events_type(), "loss_reason": pa.string(), "loss_round": pa.int64(),
            "at_end_seeds_laid": pa.int64(), "at_end_health": pa.int64(), "at_end_lives": pa.int64(),
            "at_end_morna_out": pa.bool_()}


def report_section(df: Any, tables: dict[str, Any], summary: list[str], min_support: int) -> str:
    """This game's section of the balance report (woodlands.sim.report), from its rows, built with woodlands.kit.report."""
    import polars as pl
    from ...kit.report import chart, lift_rows, pct, rate, strongest_higher, svg, table, win_rows
    import altair as alt
    parts = ["<h2>The Cursed Forest</h2>"]
    by_players = win_rows(df, ["bot", "players"])
    tables["cursed_forest_win_by_players"] = by_players
    for bot in sorted({r["bot"] for r in by_players}):
        rows = [r for r in by_players if r["bot"] == bot]
        summary.append(f"The Cursed Forest, {bot} bot: won " + ", ".join(
            f"{pct(r['win_rate'])} with {r['players']} player{'s' if r['players'] != 1 else ''}" for r in rows) + ".")
    parts.append("<h3>Wins by players, characters and options</h3>")
    pc = chart(by_players).encode(x="players:O", color="bot:N")
    parts.append(svg((pc.mark_line(point=True).encode(y=alt.Y("win_rate:Q", title="win rate", scale=alt.Scale(domain=[0, 1])))
                       + pc.mark_rule().encode(y="win_lo:Q", y2="win_hi:Q")).properties(width=320, height=200)))
    parts.append(table(by_players, [("bot", "bot"), ("players", "players"), ("games", "games"), ("wins", "wins"),
                                     ("win_rate", "win rate"), ("win_lo", "95% low"), ("win_hi", "95% high")]))
    chars = (df.select("bot", "players", "result", "characters").with_row_index("game").explode("characters")
             .drop_nulls("characters").unique(["game", "characters"]))
    by_char = win_rows(chars.rename({"characters": "character"}), ["bot", "character"])
    tables["cursed_forest_win_by_character"] = by_char
    parts.append("<h4>By character in the party</h4>" + table(by_char, [
        ("bot", "bot"), ("character", "character"), ("games", "games"), ("wins", "wins"), ("win_rate", "win rate"),
        ("win_lo", "95% low"), ("win_hi", "95% high")]))
    by_options = win_rows(df, ["bot", "options"])
    tables["cursed_forest_win_by_options"] = by_options
    parts.append("<h4>By options</h4>" + table(by_options, [
        ("bot", "bot"), ("options", "options"), ("games", "games"), ("win_rate", "win rate"), ("win_lo", "95% low"),
        ("win_hi", "95% high")]))
    # seeds against Morna Gûl's kills
    seeds = (df.group_by(["bot", "seeds_laid", "morna_kills"]).agg(pl.len().alias("games"),
                                                                   (pl.col("result") == "win").sum().alias("wins"))
             .sort(["bot", "seeds_laid", "morna_kills"]).to_dicts())
    tables["cursed_forest_seeds_vs_morna"] = seeds
    parts.append("<h3>Seeds laid against Morna Gûl's kills</h3><p>Games by the seeds the adventurers laid and the "
                 "adventurers Morna Gûl killed; how often those games were won.</p>")
    parts.append(svg(chart(seeds).mark_rect().encode(
        x="seeds_laid:O", y="morna_kills:O", color=alt.Color("games:Q", scale=alt.Scale(type="log")), column="bot:N")
        .properties(width=220, height=160)))
    parts.append(table(seeds, [("bot", "bot"), ("seeds_laid", "seeds laid"), ("morna_kills", "killed by Morna Gûl"),
                                ("games", "games"), ("wins", "wins")]))
    # fights
    fights = (df.select("bot", "fights").with_row_index("game").explode("fights").drop_nulls("fights").unnest("fights"))
    monsters = []
    if fights.height:
        for r in fights.group_by(["bot", "monster"]).agg(
                pl.len().alias("fights"), (pl.col("result") == "won").sum().alias("won"),
                (pl.col("result") == "lost").sum().alias("lost")).to_dicts():
            d = rate(int(r["lost"]), int(r["fights"]))
            monsters.append({**r, "lost_rate": d["rate"], "lost_lo": d["lo"], "lost_hi": d["hi"],
                             "won_rate": r["won"] / r["fights"] if r["fights"] else 0.0})
    # (ties broken by fights, then by name: group_by's order is not fixed, and the summary names the first)
    monsters.sort(key=lambda r: (r["bot"], -r["lost_rate"], -r["fights"], str(r["monster"])))
    tables["cursed_forest_monsters"] = monsters
    for bot in sorted({r["bot"] for r in monsters}):
        mine = [r for r in monsters if r["bot"] == bot and r["fights"] >= min_support]
        if mine:
            m = mine[0]
            summary.append(f"The Cursed Forest, {bot} bot: the deadliest foe is {m['monster']} (the adventurer dies in "
                           f"{pct(m['lost_rate'])} of {m['fights']:,} fights).")
    parts.append("<h3>Monsters and items that decide fights</h3><p>A fight is <em>lost</em> when the adventurer dies "
                 "in it, <em>won</em> when the foe is killed; the rest are escapes or undecided.</p>")
    parts.append(table(monsters, [("bot", "bot"), ("monster", "foe"), ("fights", "fights"), ("won_rate", "won"),
                                   ("lost_rate", "lost"), ("lost_lo", "lost 95% low"), ("lost_hi", "lost 95% high")]))
    items = []
    if fights.height:
        fx = fights.with_row_index("fight").with_columns(
            pl.when(pl.col("result") == "won").then(pl.lit("win")).otherwise(pl.lit("other")).alias("result"))
        items = lift_rows(fx.select("bot", "result", "items"), "items", "win", min_support=min_support)
    tables["cursed_forest_items_fight_lift"] = items
    for b in strongest_higher(items):
        summary.append(f"The Cursed Forest, {b['bot']} bot: carrying {b['id']} goes most with winning a fight "
                       f"(lift {b['lift']:.2f}, 95% {b['lift_lo']:.2f}-{b['lift_hi']:.2f}).")
    parts.append("<h4>Items carried into fights (lift of the fight win rate)</h4>" + table(items, [
        ("bot", "bot"), ("id", "item"), ("games", "fights"), ("rate", "won"), ("base", "bot's fight win rate"),
        ("lift", "lift"), ("lift_lo", "lift 95% low"), ("lift_hi", "lift 95% high"), ("flag", "flag")], limit=80))
    return "\n".join(parts)
