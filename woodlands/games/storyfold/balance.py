"""Storyfold's part of the balance tools: the designer's columns of a finished game
(``details``, read by woodlands.sim.details after the game, never in the hot loop) and its section
of the balance report (``report_section``, called by woodlands.sim.report).  See docs/simulation.md."""
from __future__ import annotations

from typing import Any

from ...engine.state import GameState
from ...kit.events import EventCounts, event_rows, events_type


def event_counts(state: GameState) -> EventCounts:
    """What happened to each card (creatures, Explore and Shadow cards, Action cards, story
    cards) and to Luma and Brom, counted from the log alone.  ``spirit_taken``: the Spirit lost
    to a card that the log names as the cause."""
    n = EventCounts()
    add = n.add
    cards = set(getattr(state, "content").card_ids)
    for e in state.events():
        kind = e["type"]
        card = str(e.get("card"))
        if kind == "draw":
            if e.get("card") is not None:
                add("card", card, "drawn")
        elif kind == "action":
            add("card", e["action"], "played")
        elif kind in ("boon_used", "activate", "blind", "healed", "trauma_healed", "explore_kept",
                      "creature_overflow", "story_returned"):
            add("card", card, _STORY_EVENTS[kind])
        elif kind in ("creature_discarded", "boon_discarded", "explore_discarded"):
            add("card", card, "discarded")
        elif kind == "story":
            add("card", card, "found" if e.get("found") else "not_found")
        elif kind == "spirit":
            why = str(e.get("why"))
            if why in cards and e.get("change", 0) < 0:
                add("card", why, "spirit_taken", -int(e["change"]))
        elif kind == "companion_use":
            add("character", card, "ability_used")
        elif kind == "flip" and card in ("luma", "brom"):
            add("character", card, "flipped")
    return n


#: log event -> the name it is counted under
_STORY_EVENTS = {"boon_used": "played", "activate": "activated", "blind": "blinded", "healed": "healed",
                 "trauma_healed": "trauma_healed", "explore_kept": "kept", "creature_overflow": "overflowed",
                 "story_returned": "returned"}


def loss_facts(state: GameState) -> dict[str, Any]:
    """Why a campaign was not won (Storyfold has no lost game: one that stops early is
    ``unfinished``), after how many scenes (``loss_round``), and where it stood (``at_end_*``)."""
    outcome = state.outcome or {}
    won = outcome.get("result") == "win"
    reason = outcome.get("reason")
    s: Any = state
    c = s.content
    return {
        "loss_reason": None if won else str(reason if reason is not None else outcome.get("result", "unfinished")),
        "loss_round": None if won else int(s.scenes_played),
        "at_end_scene": str(c.scenes[s.scene].id),
        "at_end_chapter": str(c.chapters[s.chapter].id),
        "at_end_spirit": int(s.spirit_left()),
        "at_end_light": int(s.light),
        "at_end_shadow": int(s.shadow),
    }


#: the state at the end of a lost or unfinished campaign the report counts losses by
#: (woodlands.sim.losses): column -> words for a value; the at_end_ columns first, then the older
#: columns that say the same (the same words: the first present counts)
LOSS_COLUMNS = {"at_end_scene": "at scene {}", "stopped_at": "at scene {}", "at_end_chapter": "in chapter {}",
                "chapter_reached": "in chapter {}", "at_end_spirit": "{} spirit left", "at_end_light": "{} light",
                "at_end_shadow": "{} shadow"}
#: the measures two packs are compared by, pair by pair (woodlands.sim.compare): the campaign's
#: score is made of them (fewer scenes, then fewer Shadow cards, is better)
PAIRED_MEASURES = ("scenes_played", "shadow_cards", "chapter_restarts")


def details(state: GameState) -> dict[str, Any]:
    scenes: list[dict[str, Any]] = []
    chapter = ""
    tries: dict[str, int] = {}
    restarts: list[str] = []
    for e in state.log:
        kind = e["type"]
        if kind == "chapter":
            chapter = str(e.get("chapter", ""))
            if e.get("restart"):
                restarts.append(chapter)
        elif kind == "scene":
            scene = str(e.get("scene", ""))
            tries[scene] = tries.get(scene, 0) + 1
            scenes.append({"scene": scene, "chapter": chapter, "attempt": tries[scene], "result": "unfinished"})
        elif kind == "scene_end" and scenes:
            scenes[-1]["result"] = "won" if e.get("prevails") == "luma" else "lost"
    score = (state.outcome or {})
    last = scenes[-1] if scenes else None
    return {
        "scenes": scenes,
        "restarts": restarts,
        "stopped_at": last["scene"] if last is not None and score.get("result") != "win" else None,
        "chapter_reached": chapter,
        "events": event_rows(event_counts(state)),
        **loss_facts(state),
    }


def detail_fields() -> dict[str, Any]:
    """Column name -> pyarrow type of each column :func:`details` gives (pyarrow imported here)."""
    import pyarrow as pa
    text_list = pa.list_(pa.string())
    return {"scenes": pa.list_(pa.struct([("scene", pa.string()), ("chapter", pa.string()),
                                          ("attempt", pa.int64()), ("result", pa.string())])),
            "restarts": text_list, "stopped_at": pa.string(), "chapter_reached": pa.string(),
            "events": events_type(), "loss_reason": pa.string(), "loss_round": pa.int64(),
            "at_end_scene": pa.string(), "at_end_chapter": pa.string(), "at_end_spirit": pa.int64(),
            "at_end_light": pa.int64(), "at_end_shadow": pa.int64()}


def report_section(df: Any, tables: dict[str, Any], summary: list[str], min_support: int) -> str:
    """This game's section of the balance report (woodlands.sim.report), from its rows, built with woodlands.kit.report."""
    import polars as pl
    from ...kit.report import chart, games_text, pct, quantiles, rate, svg, table, win_rows
    import altair as alt
    parts = ["<h2>Storyfold</h2>"]
    wins = win_rows(df, ["bot"])
    tables["storyfold_win"] = wins
    for r in wins:
        summary.append(f"Storyfold, {r['bot']} bot: the campaign is won in {pct(r['win_rate'])} of {games_text(r['games'])}.")
    scenes = (df.select("bot", "scenes").with_row_index("game").explode("scenes").drop_nulls("scenes").unnest("scenes"))
    order = {s: i for i, s in enumerate(scenes.get_column("scene").unique(maintain_order=True).to_list())}
    first = []
    for r in (scenes.group_by(["bot", "scene", "chapter"]).agg(
            (pl.col("attempt") == 1).sum().alias("first_tries"),
            ((pl.col("attempt") == 1) & (pl.col("result") == "won")).sum().alias("first_wins"),
            pl.len().alias("attempts"), (pl.col("result") == "lost").sum().alias("lost"),
            pl.col("game").n_unique().alias("games_reaching")).to_dicts()):
        won = rate(int(r["first_wins"]), int(r["first_tries"]))
        first.append({**r, "first_try_rate": won["rate"], "first_lo": won["lo"], "first_hi": won["hi"],
                      "lost_per_game": r["lost"] / r["games_reaching"] if r["games_reaching"] else 0.0})
    first.sort(key=lambda r: (r["bot"], order.get(r["scene"], 0)))
    tables["storyfold_scenes"] = first
    for bot in sorted({r["bot"] for r in first}):
        mine = [r for r in first if r["bot"] == bot and r["first_tries"] >= min_support]
        if mine:
            hard = min(mine, key=lambda r: r["first_try_rate"])
            stop = max(mine, key=lambda r: r["lost_per_game"])
            summary.append(f"Storyfold, {bot} bot: the scene least often won at the first try is {hard['scene']} "
                           f"({pct(hard['first_try_rate'])}); {stop['scene']} is lost most often "
                           f"({stop['lost_per_game']:.2f} lost tries per game that reaches it).")
    parts.append("<h3>Scenes: won at the first try, and lost tries</h3>")
    parts.append(svg(chart(first).mark_bar().encode(
        y=alt.Y("scene:N", sort=list(order)), x=alt.X("first_try_rate:Q", title="won at the first try", scale=alt.Scale(domain=[0, 1])),
        color="chapter:N", column="bot:N").properties(width=260, height=14 * max(1, len(order)))))
    parts.append(table(first, [("bot", "bot"), ("chapter", "chapter"), ("scene", "scene"), ("games_reaching", "games reaching it"),
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
    # (ties broken by chapter: group_by's order is not fixed, and the summary names the first)
    restarts.sort(key=lambda r: (r["bot"], -r["per_game"], str(r["chapter"])))
    tables["storyfold_restarts"] = restarts
    for bot in sorted({r["bot"] for r in restarts}):
        top = next(r for r in restarts if r["bot"] == bot)
        summary.append(f"Storyfold, {bot} bot: chapter {top['chapter']} is restarted most "
                       f"({top['per_game']:.2f} restarts per game; {pct(top['share'])} of games restart it).")
    parts.append("<h3>Restarts per chapter</h3>" + table(restarts, [
        ("bot", "bot"), ("chapter", "chapter"), ("restarts_total", "restarts"), ("per_game", "per game"),
        ("share", "games restarting it")]))
    # score spread and Shadow cards
    spread = []
    for bot in sorted(games_by_bot):
        sub = df.filter(pl.col("bot") == bot)
        for measure in ("scenes_played", "chapter_restarts", "shadow_cards"):
            if measure in sub.columns:
                spread.append({"bot": bot, "measure": measure,
                               **quantiles([float(v) for v in sub.get_column(measure).to_list() if v is not None])})
    tables["storyfold_score_spread"] = spread
    parts.append("<h3>The score's spread (scenes played, restarts, Shadow cards drawn)</h3>")
    if "shadow_cards" in df.columns:
        hist = df.group_by(["bot", "shadow_cards"]).agg(pl.len().alias("games")).sort(["bot", "shadow_cards"]).to_dicts()
        parts.append(svg(chart(hist).mark_bar().encode(
            x=alt.X("shadow_cards:Q", bin=alt.Bin(maxbins=40), title="Shadow cards"), y="sum(games):Q", column="bot:N")
            .properties(width=300, height=160)))
    parts.append(table(spread, [("bot", "bot"), ("measure", "measure"), ("mean", "mean"), ("p10", "10%"),
                                 ("median", "median"), ("p90", "90%"), ("max", "max")]))
    stopped = []
    if "stopped_at" in df.columns:
        for r in (df.filter(pl.col("stopped_at").is_not_null()).group_by(["bot", "stopped_at", "result"])
                  .agg(pl.len().alias("games"))
                  .sort(["bot", "games", "stopped_at", "result"], descending=[False, True, False, False]).to_dicts()):
            stopped.append(r)
    tables["storyfold_stopped_at"] = stopped
    parts.append("<h3>Where unfinished or lost campaigns stopped</h3>" + table(stopped, [
        ("bot", "bot"), ("stopped_at", "scene"), ("result", "result"), ("games", "games")]))
    return "\n".join(parts)
