"""Saving at the end of a scene and resuming (SW-081..SW-099; ruling S-7).

At a ``scene_break`` decision ``state.save()`` gives a JSON document laid out like the Save
tray: each of the 4 decks as its face-down cards with its discard pile face up on top (the
Chapter deck carries Luma, Brom if he is on his space, and the Boon-space cards face up on top),
the Action cards by the River space they lie on with the Crystals of each, the Spirit marker's
space, the dice you have, and the scene that comes next.  Beyond the box (so that a resumed game
goes on exactly as the unsaved one would): the generator's state, the story flags and counters,
and the game options.  ``new_game(options={"resume": save})`` starts at the same scene break.
"""
from __future__ import annotations

from typing import Any

from ...engine.errors import GameOptionError, IllegalAction
from .model import ACTIONS, StoryfoldContent
from .state import StoryfoldState

SAVE_FORMAT = "storyfold-save"
SAVE_VERSION = 1
SPACES = ("3+", "4+", "5+", "6+")


def save(s: StoryfoldState) -> dict[str, Any]:
    if s.decision is None or s.decision.kind != "scene_break":
        raise IllegalAction("save: the game can only be saved at the end of a scene (a scene_break decision; SW-081)")
    c = s.content
    ids = [card.id for card in c.cards]
    step = s.pending
    assert step is not None
    chapter_top = [{"card": "luma", "side": c.luma.sides[s.luma_side].id}]
    if s.brom_present:
        chapter_top.append({"card": "brom", "side": c.brom.sides[s.brom_side].id})
    chapter_top += [{"card": ids[b]} for b in s.boons]
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "content": {"id": c.id, "version": c.version},
        "decks": {   # SW-082..SW-084: face-down deck (bottom first), its discard pile face up on top
            "shadow": {"face_down": [ids[x] for x in s.shadow_deck], "face_up": [ids[x] for x in s.shadow_discard]},
            "explore": {"face_down": [ids[x] for x in s.explore_deck], "face_up": [ids[x] for x in s.explore_discard]},
            "creature": {"face_down": [ids[x] for x in s.creature_deck], "face_up": [ids[x] for x in s.creature_discard]},
            "chapter": {"face_down": [ids[x] for x in s.chapter_deck], "face_up": chapter_top},
        },
        # SW-085, SW-086: the Action card of each numbered space, and the Crystals in its well
        "actions": {SPACES[i]: ids[s.river[i]] for i in range(4)},
        "crystals": {SPACES[i]: s.crystals[c.actions.index(s.river[i])] for i in range(4)},
        "spirit": s.spirit_pos,                                  # SW-087
        "dice": sorted(z for z in s.dice if z != 8),             # SW-088: the d10/d12 you have
        "next_scene": c.scenes[s.next_scene].id,
        "mode": step[1],
        "ours": {"rng": s.rng.state, "chapter": c.chapters[s.chapter].id, "flags": list(s.flags),
                 "uses_this_chapter": list(s.uses_this_chapter), "chapter_restarts": s.chapter_restarts,
                 "restarts_total": s.restarts_total, "scenes_played": s.scenes_played,
                 "shadow_drawn": s.shadow_drawn,
                 "scene_plays": {c.scenes[i].id: n for i, n in enumerate(s.scene_plays) if n},
                 "scene": c.scenes[s.scene].id},
    }


def _bad(field: str, why: str) -> GameOptionError:
    return GameOptionError(f"resume: field '{field}': {why}")


def _int(doc: dict[str, Any], key: str, field: str, lo: int, hi: int) -> int:
    v = doc.get(key)
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise _bad(field, f"must be a whole number from {lo} to {hi}, not {v!r}")
    return v


def check_save(c: StoryfoldContent, doc: Any) -> None:
    """Raise GameOptionError naming the first bad field of a save document."""
    if not isinstance(doc, dict):
        raise _bad("(save)", "a save is a JSON object")
    if doc.get("format") != SAVE_FORMAT or doc.get("version") != SAVE_VERSION:
        raise _bad("format", f"not a {SAVE_FORMAT} version {SAVE_VERSION} document")
    if doc.get("content") != {"id": c.id, "version": c.version}:
        raise _bad("content", f"saved with pack {doc.get('content')!r}, not {c.id!r} {c.version!r}")
    seen: set[str] = set()

    def cards(lst: Any, field: str, kinds: tuple[str, ...]) -> None:
        if not isinstance(lst, list):
            raise _bad(field, "must be a list of card ids")
        for x in lst:
            if not isinstance(x, str) or x not in c.card_by_id or c.cards[c.card_by_id[x]].kind not in kinds:
                raise _bad(field, f"{x!r} is not a card of kind {' or '.join(kinds)}")
            if x in seen:
                raise _bad(field, f"{x!r} is in two places")
            seen.add(x)

    decks = doc.get("decks")
    if not isinstance(decks, dict) or set(decks) != {"shadow", "explore", "creature", "chapter"}:
        raise _bad("decks", "must hold the shadow, explore, creature and chapter decks")
    explore = ("boon", "bane", "companion", "trauma")
    for name, kinds in (("shadow", ("shadow",)), ("explore", explore), ("creature", ("creature",)),
                        ("chapter", ("story",))):
        deck = decks[name]
        if not isinstance(deck, dict) or set(deck) != {"face_down", "face_up"}:
            raise _bad(f"decks.{name}", "must have face_down and face_up")
        cards(deck["face_down"], f"decks.{name}.face_down", kinds)
        if name != "chapter":
            cards(deck["face_up"], f"decks.{name}.face_up", kinds)
    top = decks["chapter"]["face_up"]
    if not isinstance(top, list) or not top or not all(isinstance(e, dict) and isinstance(e.get("card"), str) for e in top):
        raise _bad("decks.chapter.face_up", "must list Luma, maybe Brom, then the Boon-space cards")
    if top[0] != {"card": "luma", "side": top[0].get("side")} or top[0]["side"] not in [x.id for x in c.luma.sides]:
        raise _bad("decks.chapter.face_up", "must start with the Luma card and its side")
    rest = top[1:]
    if rest and rest[0].get("card") == "brom":
        if rest[0] != {"card": "brom", "side": rest[0].get("side")} or rest[0]["side"] not in [x.id for x in c.brom.sides]:
            raise _bad("decks.chapter.face_up", "the Brom card needs one of its sides")
        rest = rest[1:]
    if len(rest) > 3 or any(set(e) != {"card"} for e in rest):
        raise _bad("decks.chapter.face_up", "at most 3 Boon-space cards, each {\"card\": id}")
    cards([e["card"] for e in rest], "decks.chapter.face_up", ("boon", "companion", "trauma"))
    actions = doc.get("actions")
    if not isinstance(actions, dict) or set(actions) != set(SPACES) or sorted(map(str, actions.values())) != sorted(ACTIONS):
        raise _bad("actions", "must put each of the 4 Action cards on one of the spaces 3+, 4+, 5+, 6+")
    crystals = doc.get("crystals")
    if not isinstance(crystals, dict) or set(crystals) != set(SPACES):
        raise _bad("crystals", "must give the Crystals of each space 3+, 4+, 5+, 6+")
    for sp in SPACES:
        _int(crystals, sp, f"crystals.{sp}", 0, 3)
    _int(doc, "spirit", "spirit", 1, 12)
    dice = doc.get("dice")
    if dice not in ([], [10], [12], [10, 12]):
        raise _bad("dice", f"must list the extra dice you have (10 and/or 12), not {dice!r}")
    if not isinstance(doc.get("next_scene"), str) or doc["next_scene"] not in c.scene_by_id:
        raise _bad("next_scene", f"no scene {doc.get('next_scene')!r}")
    if doc.get("mode") not in ("", "restart", "new_chapter"):
        raise _bad("mode", "must be \"\", \"restart\" or \"new_chapter\"")
    ours = doc.get("ours")
    if not isinstance(ours, dict):
        raise _bad("ours", "missing")
    _int(ours, "rng", "ours.rng", 0, (1 << 64) - 1)
    if ours.get("chapter") not in [ch.id for ch in c.chapters]:
        raise _bad("ours.chapter", f"no chapter {ours.get('chapter')!r}")
    if not isinstance(ours.get("scene"), str) or ours["scene"] not in c.scene_by_id:
        raise _bad("ours.scene", f"no scene {ours.get('scene')!r}")
    for key in ("flags", "uses_this_chapter"):
        if not isinstance(ours.get(key), list) or not all(isinstance(x, str) for x in ours[key]):
            raise _bad(f"ours.{key}", "must be a list of strings")
    for key in ("chapter_restarts", "restarts_total", "scenes_played", "shadow_drawn"):
        _int(ours, key, f"ours.{key}", 0, 10**9)
    plays = ours.get("scene_plays")
    if not isinstance(plays, dict) or any(k not in c.scene_by_id or not isinstance(v, int) or isinstance(v, bool) or v < 0
                                          for k, v in plays.items()):
        raise _bad("ours.scene_plays", "must map scene ids to counts")


def restore(s: StoryfoldState, doc: dict[str, Any]) -> None:
    """SW-092..SW-098: lay the saved game out again and stop at the same scene break."""
    c = s.content
    by = c.card_by_id
    d = doc["decks"]
    s.shadow_deck = [by[x] for x in d["shadow"]["face_down"]]
    s.shadow_discard = [by[x] for x in d["shadow"]["face_up"]]
    s.explore_deck = [by[x] for x in d["explore"]["face_down"]]
    s.explore_discard = [by[x] for x in d["explore"]["face_up"]]
    s.creature_deck = [by[x] for x in d["creature"]["face_down"]]
    s.creature_discard = [by[x] for x in d["creature"]["face_up"]]
    s.chapter_deck = [by[x] for x in d["chapter"]["face_down"]]
    top = d["chapter"]["face_up"]
    s.luma_side = [x.id for x in c.luma.sides].index(top[0]["side"])
    rest = top[1:]
    s.brom_present = bool(rest) and rest[0]["card"] == "brom"
    s.brom_side = 0
    if s.brom_present:
        s.brom_side = [x.id for x in c.brom.sides].index(rest[0]["side"])
        rest = rest[1:]
    s.boons = [by[e["card"]] for e in rest]
    for i, sp in enumerate(SPACES):
        card = by[doc["actions"][sp]]
        s.river[i] = card
        s.crystals[c.actions.index(card)] = doc["crystals"][sp]
    s.spirit_pos = doc["spirit"]
    for z in doc["dice"]:
        s.dice.append(z)
        s.dice_used.append(False)
        s.faces.append(0)
    ours = doc["ours"]
    s.rng.state = ours["rng"]
    s.chapter = [ch.id for ch in c.chapters].index(ours["chapter"])
    s.scene = c.scene_by_id[ours["scene"]]
    s.flags = list(ours["flags"])
    s.uses_this_chapter = list(ours["uses_this_chapter"])
    s.chapter_restarts = ours["chapter_restarts"]
    s.restarts_total = ours["restarts_total"]
    s.scenes_played = ours["scenes_played"]
    s.shadow_drawn = ours["shadow_drawn"]
    for sid, n in ours["scene_plays"].items():
        s.scene_plays[c.scene_by_id[sid]] = n
    s.next_scene = c.scene_by_id[doc["next_scene"]]
    s.phase = "break"
    s.emit("resumed", next=doc["next_scene"])
    s.push("scene_break", doc["mode"])
