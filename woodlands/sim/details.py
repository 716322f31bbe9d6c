"""What a designer needs from one finished game, read from its final state and log.

Run once per game *after* it is over (never in the hot loop): the columns a results file adds to
the game's own :meth:`~woodlands.Game.measures` so that the balance report can say which cards,
scenes or fights go with a loss.  Each game id maps to a function returning a dict of plain
values (numbers, text, lists of text, lists of small dicts); :data:`DETAIL_FIELDS` gives the
Parquet type of every column, so every batch of a file has the same schema.

>>> import woodlands
>>> from woodlands.bots import get_bot
>>> game = woodlands.load_game("tanglewoods")
>>> state = game.new_game(seed=2, options=game.options_for_simulation({"difficulty": 3}))
>>> bot = get_bot("random", 2, game="tanglewoods")
>>> while not state.is_over:
...     state.apply(bot.choose(state))
>>> d = details(state)
>>> d["difficulty"], isinstance(d["hero"], str), isinstance(d["cards"], list)
(3, True, True)
"""
from __future__ import annotations

from typing import Any, Callable

from ..engine.state import GameState

Details = dict[str, Any]


# ------------------------------------------------------------------ Tanglewoods
def _ids(entries: Any) -> list[str]:
    """The ids of a view's list of cards (dicts with an ``id``, or ids already)."""
    out = []
    for e in entries or []:
        if isinstance(e, dict) and isinstance(e.get("id"), str):
            out.append(e["id"])
        elif isinstance(e, str):
            out.append(e)
    return out


def _tanglewoods(state: GameState) -> Details:
    view = state.view(0)
    dice = view.get("dice") or {}
    pool = sum((dice.get("pool") or {}).values()) + sum((dice.get("committed") or {}).values())
    hero = view.get("hero") or {}
    cards = _ids(view.get("tableau")) + _ids([view.get("map")]) + _ids(view.get("revealed")) + _ids(view.get("drawn"))
    return {
        "difficulty": int(state.options.get("difficulty", 5)),
        "difficulty_mode": str(state.options.get("difficulty_mode", "toward-5")),
        "hero": str(hero.get("id", "")),
        "side": str(hero.get("side", "")),
        "health": int(view.get("health", 0)),
        "gold": int(view.get("gold", 0)),
        "dice_ready": int(pool),
        "dice_exhausted": int(sum((dice.get("exhausted") or {}).values())),
        "cards": sorted(set(cards)),
        "items": sorted(set(_ids(view.get("inventory")))),
        "bears": sorted(set(_ids(view.get("bears_won")) + _ids(view.get("bears_aside")))),
    }


# ------------------------------------------------------------------ Storyfold
def _storyfold(state: GameState) -> Details:
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
    }


# ------------------------------------------------------------------ The Cursed Forest
def _cursed_forest(state: GameState) -> Details:
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
            fight = {"adventurer": int(who), "kind": str(e.get("kind", "")),
                     "monster": str(e.get("monster") or e.get("kind") or ""),
                     "items": sorted(held.get(int(who), set())), "result": "escaped"}
            open_fights[int(who)] = fight
            fights.append(fight)
        elif kind == "kill" and who is not None:
            fight = open_fights.pop(int(who), None) or next(
                (f for f in closed if f["adventurer"] == int(who) and f["result"] == "escaped"), None)
            if fight is not None:
                fight["result"] = "won"
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
    }


DETAILS: dict[str, Callable[[GameState], Details]] = {
    "tanglewoods": _tanglewoods,
    "storyfold": _storyfold,
    "cursed-forest": _cursed_forest,
}


def details(state: GameState) -> Details:
    """The designer's columns for a finished game (empty for a game without its own)."""
    fn = DETAILS.get(state.game.id)
    return fn(state) if fn is not None else {}


def detail_fields() -> dict[str, Any]:
    """Column name -> pyarrow type of every detail column of every game (pyarrow imported here)."""
    import pyarrow as pa
    text_list = pa.list_(pa.string())
    return {
        # Tanglewoods
        "difficulty": pa.int64(), "difficulty_mode": pa.string(), "hero": pa.string(), "side": pa.string(),
        "health": pa.int64(), "gold": pa.int64(), "dice_ready": pa.int64(), "dice_exhausted": pa.int64(),
        "cards": text_list, "items": text_list, "bears": text_list,
        # Storyfold
        "scenes": pa.list_(pa.struct([("scene", pa.string()), ("chapter", pa.string()),
                                      ("attempt", pa.int64()), ("result", pa.string())])),
        "restarts": text_list, "stopped_at": pa.string(), "chapter_reached": pa.string(),
        # The Cursed Forest
        "players": pa.int64(), "pvp": pa.bool_(), "characters": text_list, "how": pa.string(),
        "deaths": pa.int64(), "morna_kills": pa.int64(),
        "fights": pa.list_(pa.struct([("adventurer", pa.int64()), ("kind", pa.string()), ("monster", pa.string()),
                                      ("items", text_list), ("result", pa.string())])),
    }
