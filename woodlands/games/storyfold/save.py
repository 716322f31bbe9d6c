"""Saving at the end of a scene and resuming (SW-081..SW-099; rulings S-7, S-11).

At a ``scene_break`` decision ``state.save()`` gives a JSON document laid out like the Save
tray: each of the 4 decks as its face-down cards with its discard pile face up on top (the
Chapter deck carries Luma, Brom if he is on his space, and the Boon-space cards face up on top),
the Action cards by the River space they lie on with the Crystals of each, the Spirit marker's
space, the dice you have, and the scene that comes next.  Beyond the box (ruling S-11: a resumed
game is indistinguishable from the unsaved one, view included): the order the extra dice were
gained in (the seeded rolls follow it), which dice are still set aside, where the scene's
markers stopped, the generator's state, the story flags and counters.
``new_game(options={"resume": save})`` starts at the same scene break.

A save is untrusted input: :func:`check_save` checks every field (types, ranges, ids known to
the pack, how the fields fit together) before anything is built, and refuses with a
:class:`GameOptionError` naming the field; untrusted values in its messages are cut short with
:func:`~woodlands.engine.errors.brief`.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Iterable, Iterator

from ...engine.errors import GameOptionError, IllegalAction, brief
from .model import ACTIONS, BOON_SPACES, START_DICE, Effect, StoryfoldContent
from .state import StoryfoldState

SAVE_FORMAT = "storyfold-save"
#: the save format written: 3 names the pack's fingerprint in ``content`` (a save is resumed only
#: on a pack of that very content); format 2 saves, which do not, are still read
SAVE_VERSION = 3
SAVE_VERSIONS = (2, 3)
SPACES = ("3+", "4+", "5+", "6+")
EXTRA_DICE = (10, 12)
MODES = ("", "restart", "new_chapter")
_TOP = ("format", "version", "content", "decks", "actions", "crystals", "spirit", "dice", "next_scene", "mode",
        "ours")
_OURS = ("rng", "chapter", "scene", "flags", "uses_this_chapter", "chapter_restarts", "restarts_total",
         "scenes_played", "shadow_drawn", "scene_plays", "dice_used", "light", "shadow")
_COUNT_MAX = 10 ** 9


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
        "content": {"id": c.id, "version": c.version, "fingerprint": c.fingerprint},
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
        # SW-088: the d10/d12 you have, in the order you gained them (S-11: the rolls follow it)
        "dice": s.dice[len(START_DICE):],
        "next_scene": c.scenes[s.next_scene].id,
        "mode": step[1],
        "ours": {"rng": s.rng.state, "chapter": c.chapters[s.chapter].id, "flags": list(s.flags),
                 "uses_this_chapter": list(s.uses_this_chapter), "chapter_restarts": s.chapter_restarts,
                 "restarts_total": s.restarts_total, "scenes_played": s.scenes_played,
                 "shadow_drawn": s.shadow_drawn,
                 "scene_plays": {c.scenes[i].id: n for i, n in enumerate(s.scene_plays) if n},
                 "scene": c.scenes[s.scene].id,
                 "dice_used": list(s.dice_used), "light": s.light, "shadow": s.shadow},
    }


def _bad(field: str, why: str) -> GameOptionError:
    return GameOptionError(f"resume: field '{field}': {why}")


def _obj(v: Any, field: str, keys: Iterable[str]) -> dict[str, Any]:
    """A JSON object with exactly these keys."""
    want = tuple(keys)
    if not isinstance(v, dict):
        raise _bad(field, f"must be an object with {', '.join(want)}, not {brief(v)}")
    if set(v) != set(want):
        missing = [k for k in want if k not in v]
        extra = [k for k in v if k not in want]
        parts = ([f"missing {', '.join(missing)}"] if missing else []) + ([f"unknown {brief(extra)}"] if extra else [])
        raise _bad(field, f"must have exactly {', '.join(want)} ({'; '.join(parts)})")
    return v


def _int(v: Any, field: str, lo: int, hi: int) -> int:
    """A whole number (an int, not a bool or a float) from lo to hi."""
    if type(v) is not int or not lo <= v <= hi:
        raise _bad(field, f"must be a whole number from {lo} to {hi}, not {brief(v)}")
    return v


def _str(v: Any, field: str, allowed: Iterable[str], what: str) -> str:
    if not isinstance(v, str) or v not in allowed:
        raise _bad(field, f"{brief(v)} is not {what}")
    return v


def _list(v: Any, field: str, most: int, what: str) -> list[Any]:
    if not isinstance(v, list):
        raise _bad(field, f"must be a list of {what}, not {brief(v)}")
    if len(v) > most:
        raise _bad(field, f"holds {len(v)} entries; at most {most}")
    return v


def walk_effects(root: Any) -> Iterator[Effect]:
    """Every effect anywhere in the content (cards, scenes, chapters, Luma and Brom)."""
    todo = [root]
    while todo:
        x = todo.pop()
        if isinstance(x, Effect):
            yield x
            todo.extend(x.params.values())
        elif dataclasses.is_dataclass(x):
            todo.extend(getattr(x, f.name) for f in dataclasses.fields(x))
        elif isinstance(x, (tuple, list)):
            todo.extend(x)
        elif isinstance(x, dict):
            todo.extend(x.values())


def known_flags(c: StoryfoldContent) -> frozenset[str]:
    """The story flags this pack's effects can set."""
    return frozenset(e.params["flag"] for e in walk_effects(c) if e.do == "set_flag")


def check_save(c: StoryfoldContent, doc: Any) -> None:
    """Raise GameOptionError naming the first bad field of a save document (ruling S-11: a save
    that could not be resumed exactly is refused, never resumed into a different game)."""
    if not isinstance(doc, dict):
        raise _bad("(save)", f"a save is a JSON object, not {brief(doc)}")
    if doc.get("format") != SAVE_FORMAT:
        raise _bad("format", f"not a {SAVE_FORMAT} document (format {brief(doc.get('format'))})")
    version = doc.get("version")
    if type(version) is int and version == 1:
        raise _bad("version", "this save was made with save format 1, which kept neither the order in which the "
                   "d10 and d12 were gained nor which dice were set aside, so it cannot be resumed exactly "
                   "(ruling S-11); replay the game's record instead, or start the chapter again")
    if type(version) is not int or version not in SAVE_VERSIONS:
        raise _bad("version", f"this program reads save formats {', '.join(map(str, SAVE_VERSIONS))}, "
                   f"not {brief(version)}")
    _obj(doc, "(save)", _TOP)
    pack = {"id": c.id, "version": c.version}
    saved = doc["content"]
    if version >= 3 and isinstance(saved, dict) and {k: v for k, v in saved.items() if k != "fingerprint"} == pack:
        if saved.get("fingerprint") != c.fingerprint:
            raise _bad("content", f"saved with pack {c.id!r} {c.version!r} of fingerprint "
                       f"{brief(str(saved.get('fingerprint'))[:10])}, but this pack of that id and version has "
                       f"fingerprint {c.fingerprint[:10]} (its content was changed without a new version)")
    elif saved != pack:
        raise _bad("content", f"saved with pack {brief(saved)}, not {c.id!r} {c.version!r}")
    seen: set[str] = set()
    n_cards = len(c.cards)

    def cards(lst: Any, field: str, kinds: tuple[str, ...]) -> None:
        _list(lst, field, n_cards, "card ids")
        for x in lst:
            if not isinstance(x, str) or x not in c.card_by_id or c.cards[c.card_by_id[x]].kind not in kinds:
                raise _bad(field, f"{brief(x)} is not a card of kind {' or '.join(kinds)}")
            if x in seen:
                raise _bad(field, f"{brief(x)} is in two places")
            seen.add(x)

    decks = _obj(doc["decks"], "decks", ("shadow", "explore", "creature", "chapter"))
    explore = ("boon", "bane", "companion", "trauma")
    for name, kinds in (("shadow", ("shadow",)), ("explore", explore), ("creature", ("creature",)),
                        ("chapter", ("story",))):
        deck = _obj(decks[name], f"decks.{name}", ("face_down", "face_up"))
        cards(deck["face_down"], f"decks.{name}.face_down", kinds)
        if name != "chapter":
            cards(deck["face_up"], f"decks.{name}.face_up", kinds)
    field = "decks.chapter.face_up"
    top = _list(decks["chapter"]["face_up"], field, 2 + BOON_SPACES, "Luma, maybe Brom, then the Boon-space cards")
    if not top:
        raise _bad(field, "must start with the Luma card and its side")
    luma = _obj(top[0], f"{field}[0]", ("card", "side"))
    if luma["card"] != "luma":
        raise _bad(f"{field}[0]", f"must be the Luma card, not {brief(luma['card'])}")
    _str(luma["side"], f"{field}[0].side", [x.id for x in c.luma.sides], "a side of the Luma card")
    rest = top[1:]
    if rest and isinstance(rest[0], dict) and rest[0].get("card") == "brom":
        brom = _obj(rest[0], f"{field}[1]", ("card", "side"))
        _str(brom["side"], f"{field}[1].side", [x.id for x in c.brom.sides], "a side of the Brom card")
        rest = rest[1:]
    if len(rest) > BOON_SPACES:
        raise _bad(field, f"at most {BOON_SPACES} Boon-space cards, not {len(rest)}")
    boons = [_obj(e, field, ("card",))["card"] for e in rest]
    cards(boons, field, ("boon", "companion", "trauma"))

    actions = _obj(doc["actions"], "actions", SPACES)
    for sp in SPACES:
        _str(actions[sp], f"actions.{sp}", ACTIONS, f"an Action card ({', '.join(ACTIONS)})")
    if sorted(actions.values()) != sorted(ACTIONS):
        raise _bad("actions", "must put each of the 4 Action cards on one of the spaces 3+, 4+, 5+, 6+")
    crystals = _obj(doc["crystals"], "crystals", SPACES)
    for sp in SPACES:
        _int(crystals[sp], f"crystals.{sp}", 0, 3)
    _int(doc["spirit"], "spirit", 1, 12)
    dice = _list(doc["dice"], "dice", len(EXTRA_DICE), "the extra dice you have (10 and/or 12)")
    for i, z in enumerate(dice):
        if type(z) is not int or z not in EXTRA_DICE:
            raise _bad(f"dice[{i}]", f"must be 10 or 12, not {brief(z)}")
    if len(set(dice)) != len(dice):
        raise _bad("dice", f"you have one d10 and one d12 at most, not {brief(dice)}")

    ours = _obj(doc["ours"], "ours", _OURS)
    _int(ours["rng"], "ours.rng", 0, (1 << 64) - 1)
    chapter_ids = [ch.id for ch in c.chapters]
    chapter = c.chapters[chapter_ids.index(_str(ours["chapter"], "ours.chapter", chapter_ids, "a chapter of this pack"))]
    at = c.scene_by_id[_str(ours["scene"], "ours.scene", c.scene_by_id, "a scene of this pack")]
    scene = c.scenes[at]
    if at not in chapter.scenes:
        raise _bad("ours.scene", f"{scene.id!r} is not a scene of chapter {chapter.id!r}")
    nxt = c.scene_by_id[_str(doc["next_scene"], "next_scene", c.scene_by_id, "a scene of this pack")]
    mode = _str(doc["mode"], "mode", MODES, 'one of "", "restart", "new_chapter"')
    same_chapter = c.scenes[nxt].chapter == scene.chapter
    if mode == "restart" and nxt != chapter.scenes[0]:
        raise _bad("next_scene", f"a chapter starting over goes on with its first scene, not {doc['next_scene']!r}")
    if mode == "" and not same_chapter:
        raise _bad("mode", f"{doc['next_scene']!r} is in another chapter: the mode must be \"new_chapter\"")
    if mode == "new_chapter" and same_chapter:
        raise _bad("mode", f"{doc['next_scene']!r} is in the same chapter: the mode cannot be \"new_chapter\"")
    flags = known_flags(c)
    for key, allowed, what in (("flags", flags, "a story flag of this pack"),
                               ("uses_this_chapter", once_per_chapter_uses(c), "a once-per-chapter use")):
        lst = _list(ours[key], f"ours.{key}", len(allowed), "strings")
        for x in lst:
            _str(x, f"ours.{key}", allowed, what)
        if len(set(lst)) != len(lst):
            raise _bad(f"ours.{key}", "names one entry twice")
    for key in ("chapter_restarts", "restarts_total", "scenes_played", "shadow_drawn"):
        _int(ours[key], f"ours.{key}", 0, _COUNT_MAX)
    if ours["chapter_restarts"] > ours["restarts_total"]:
        raise _bad("ours.chapter_restarts", "cannot be more than ours.restarts_total")
    plays = ours["scene_plays"]
    if not isinstance(plays, dict):
        raise _bad("ours.scene_plays", f"must map scene ids to counts, not {brief(plays)}")
    for k, v in plays.items():
        _str(k, "ours.scene_plays", c.scene_by_id, "a scene of this pack")
        _int(v, f"ours.scene_plays.{k}", 1, _COUNT_MAX)
    if sum(plays.values()) != ours["scenes_played"] or scene.id not in plays:
        raise _bad("ours.scene_plays", "must add up to ours.scenes_played and include the scene just played")
    used = _list(ours["dice_used"], "ours.dice_used", len(START_DICE) + len(dice), "true/false")
    if len(used) != len(START_DICE) + len(dice) or not all(type(u) is bool for u in used):
        raise _bad("ours.dice_used", f"must say true or false for each of the {len(START_DICE) + len(dice)} dice")
    _int(ours["light"], "ours.light", 1, scene.middle)
    _int(ours["shadow"], "ours.shadow", scene.middle, scene.track_length)


def once_per_chapter_uses(c: StoryfoldContent) -> frozenset[str]:
    return frozenset(f"{comp.id}:{use.id}" for comp in (c.luma, c.brom) for side in comp.sides for use in side.uses
                     if use.once_per_chapter)


def restore(s: StoryfoldState, doc: dict[str, Any]) -> None:
    """SW-092..SW-098: lay the saved game out again and stop at the same scene break, exactly as
    the unsaved game stands there (S-11)."""
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
    ours = doc["ours"]
    s.dice = list(START_DICE) + list(doc["dice"])
    s.dice_used = list(ours["dice_used"])
    s.faces = [0] * len(s.dice)
    s.rng.state = ours["rng"]
    s.chapter = [ch.id for ch in c.chapters].index(ours["chapter"])
    s.scene = c.scene_by_id[ours["scene"]]
    s.visited = [False] * len(c.scenes[s.scene].locations)   # the markers were removed (SW-112)
    s.light = ours["light"]
    s.shadow = ours["shadow"]
    s.flags = list(ours["flags"])
    s.uses_this_chapter = list(ours["uses_this_chapter"])
    s.chapter_restarts = ours["chapter_restarts"]
    s.restarts_total = ours["restarts_total"]
    s.scenes_played = ours["scenes_played"]
    s.shadow_drawn = ours["shadow_drawn"]
    for sid, n in ours["scene_plays"].items():
        s.scene_plays[c.scene_by_id[sid]] = n
    s.next_scene = c.scene_by_id[doc["next_scene"]]
    s.phase = "end"                 # as the unsaved game: the scene has ended
    s.scene_done = True
    s.emit("resumed", next=doc["next_scene"])
    s.push("scene_break", doc["mode"])
