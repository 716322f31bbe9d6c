"""Storyfold as numbers (see :mod:`woodlands.kit.encoding` and docs/research.md).

The one player sees everything but the order of the face-down decks (Shadow, Explore, Creature,
Chapter), of which the view gives only the sizes.  Every card of the pack is marked where it is
seen: on a River space, on a Boon space, in a face-up discard pile, among the Explore cards
drawn; a card in a deck or in the box is marked nowhere.
"""
from __future__ import annotations

import dataclasses
from array import array
from typing import Any

from ...engine.game import Game
from ...kit.encoding import Incremental, Layout, begin, onehot, packer
from .model import ACTIONS, RIVER_SPACES

PHASES = ("setup", "luma", "shadow", "end")
CARD_ZONES = ("river", "space", "boon", "stunned", "shadow_discard", "explore_discard", "creature_discard",
              "explore_drawn")
#: counters are read up to this
CAP = 1000
DIE_SLOTS = 7          # five d8, the d10 and the d12 (S-3)


def story_flags(content: Any) -> list[str]:
    """Every flag a ``set_flag`` effect of the pack can set, in the order first met."""
    found: list[str] = []
    todo: list[Any] = [content]
    seen: set[int] = set()
    while todo:
        x = todo.pop()
        if id(x) in seen:
            continue
        seen.add(id(x))
        if dataclasses.is_dataclass(x) and not isinstance(x, type):
            if getattr(x, "do", None) == "set_flag":
                flag = getattr(x, "params", {}).get("flag")
                if isinstance(flag, str) and flag not in found:
                    found.append(flag)
            todo.extend(getattr(x, f.name) for f in dataclasses.fields(x))
        elif isinstance(x, (tuple, list)):
            todo.extend(reversed(x))
        elif isinstance(x, dict):
            todo.extend(x.values())
    return found


def build(game: Game, options: dict[str, Any]) -> tuple[Layout, Incremental]:
    c: Any = game.content
    lay, kinds, kind_at, phase_at = begin(game, PHASES)
    flags = story_flags(c)
    flag_at = {f: i for i, f in enumerate(flags)}
    uses = [f"{who}:{u.id}" for who, comp in (("luma", c.luma), ("brom", c.brom)) for side in comp.sides for u in side.uses]
    use_at = {u: i for i, u in enumerate(uses)}
    action_of = {card: k for k, card in enumerate(c.actions)}
    n_locations = max(len(scene.locations) for scene in c.scenes)
    o_dec = lay.add("decision", onehot("decision", kinds), 0, 1, "the kind of the decision waiting (all 0 once over)")
    o_phase = lay.add("phase", onehot("phase", PHASES), 0, 1, "the phase")
    o_where = lay.add("story", onehot("chapter", [ch.id for ch in c.chapters]) + onehot("scene", [sc.id for sc in c.scenes]),
                      0, 1, "the chapter and the scene")
    scal = ["spirit", "light", "shadow", "track_length", "middle", "dice_available", "bonus_successes",
            "chapter_restarts", "restarts_total", "scenes_played", "shadow_drawn", "shadow_deck", "explore_deck",
            "creature_deck", "chapter_deck", "luma_side", "brom_side", "brom_present", "over", "won"]
    o_sc = lay.add("scalars", scal, 0, CAP, "Spirit left (11..0), the Light and Shadow markers' spaces, the track's "
                   "length and middle, dice not used, successes added by effects, restarts (this chapter, all), "
                   "scenes played and Shadow cards drawn (the score, S-6), deck sizes, the companions' sides, "
                   "Brom present, game over, campaign won")
    o_act = lay.add("action", onehot("action", ACTIONS) + ["effect_top", "effect_bottom", "river_space"]
                    + [f"crystals.{a}" for a in ACTIONS], 0, CAP,
                    "the Action card being carried out, its effect and River space; Crystals on each Action card")
    o_dice = lay.add("dice", [f"die{k}.{z}" for k in range(DIE_SLOTS) for z in ("size", "used", "rolled", "face")], 0, 12,
                     "each die you have (five d8, then the d10 and d12 if granted): size, used, in the roll, face")
    o_loc = lay.add("locations", [f"location{k}.{z}" for k in range(n_locations) for z in ("visited", "dots", "progress", "help")],
                    0, CAP, "each location of the scene, left to right: visited, dots, needs the Light on the middle, a Help location")
    o_card = lay.add("cards", [f"{k.id}.{z}" for k in c.cards for z in CARD_ZONES], 0, RIVER_SPACES,
                     "per card of the pack: where it is seen (River and its space 1-7, Boon space, stunned, a discard pile, "
                     "drawn by Explore)")
    o_use = lay.add("uses", uses, 0, 1, "the once-per-chapter companion uses made this chapter")
    o_flag = lay.add("flags", flags, 0, 1, "the story flags set (every flag a set_flag effect of the pack names)")
    W = len(CARD_ZONES)
    scenes = c.scenes
    n_chapters = len(c.chapters)

    # The groups, each rewritten only when the fields it reads differ from the memo's copies
    # (compared by value: a memo meets clones and other games too), its key a tuple of the
    # state's fields read one by one (on the slotted state that costs a fraction of an
    # ``attrgetter`` of the same fields):
    # * the decision's kind, the phase, chapter and scene (nine steps in ten: the kind): their
    #   one-hots, made once per key and kept, written as one slice copy; the action, its effect
    #   and River space likewise (half the steps);
    # * the scalars but the dice available (a quarter of the steps), the Crystals (one in seven);
    # * the dice, with the dice available (half the steps); the River (two in five), space by
    #   space;
    # * what changes seldom, compared in one go: the Boon spaces, the stunned creatures, the
    #   piles, the uses and flags, the locations.
    front_cache: dict[Any, Any] = {}
    act_cache: dict[Any, Any] = {}
    o_act_end = o_act + 7                 # the action's one-hot, its effect and River space
    at_available = o_sc + scal.index("dice_available")
    loc_zeros = array("f", bytes(4 * (o_card - o_loc)))
    tail_zeros = array("f", bytes(4 * (lay.size - o_use)))   # uses and flags
    #: where each card's marks start, and each River space's mark (a float: an array takes a
    #: float faster than an int)
    card_at = [o_card + W * card for card in range(len(c.cards))]
    space_mark = [float(i + 1) for i in range(RIVER_SPACES)]

    pack_scalars, pack_crystals = packer(len(scal)), packer(len(ACTIONS))
    pack_dice = packer(4 * DIE_SLOTS)
    no_dice = (0.0,) * (4 * DIE_SLOTS)

    def front(key: Any) -> Any:
        """The features before the scalars for ``key`` (kind, phase, chapter, scene)."""
        kind, phase, chapter, scene = key
        found = array("f", bytes(4 * (o_sc - o_dec)))
        found[o_phase - o_dec + phase_at[phase]] = 1.0
        if kind is not None:
            found[kind_at[kind]] = 1.0
        found[o_where - o_dec + chapter] = 1.0
        found[o_where - o_dec + n_chapters + scene] = 1.0
        if len(front_cache) >= 4096:   # (a few hundred keys in all: a bound, not a policy)
            front_cache.clear()
        front_cache[key] = found
        return found

    def act(key: Any) -> Any:
        """The action's seven features for ``key`` (action, effect, River space)."""
        action, effect, space = key
        found = array("f", bytes(4 * 7))
        if action >= 0:
            found[action_of[action]] = 1.0
        if effect:
            found[4 + (effect == "bottom")] = 1.0
        found[6] = space
        if len(act_cache) >= 4096:
            act_cache.clear()
        act_cache[key] = found
        return found

    def start(m: Any) -> None:
        """A new memo's copies, none yet (so every group is written), and a view of its output
        (a memoryview takes an item faster than the array; the array takes a slice faster)."""
        m.mv = memoryview(m.out)
        m.front = m.act = m.scalars = m.crystals = m.dice = m.river = m.rare = None

    def make(s: Any, seat: int, m: Any) -> Any:
        """The encoding written over ``m.out``, each group only when the fields it reads differ
        from the memo's copies (see :class:`~woodlands.kit.encoding.Incremental`)."""
        arr = m.out
        out = m.mv
        d = s.decision
        key: Any = (None if d is None or s.over else d.kind, s.phase, s.chapter, s.scene)
        if key != m.front:
            m.front = key
            arr[o_dec:o_sc] = front_cache.get(key) or front(key)
        key = (s.action, s.effect, s.action_space)
        if key != m.act:
            m.act = key
            arr[o_act:o_act_end] = act_cache.get(key) or act(key)
        key = (s.spirit_pos, s.light, s.shadow, s.scene, s.bonus_successes, s.chapter_restarts, s.restarts_total,
               s.scenes_played, s.shadow_drawn, s.luma_side, s.brom_side, s.brom_present, s.over, s.campaign_won,
               len(s.shadow_deck), len(s.explore_deck), len(s.creature_deck), len(s.chapter_deck))
        if key != m.scalars:
            m.scalars = key
            scene = scenes[s.scene]
            pack_scalars(out, 4 * o_sc, 12 - s.spirit_pos, s.light, s.shadow, scene.track_length, scene.middle,
                         s.dice_used.count(False), s.bonus_successes, min(s.chapter_restarts, CAP),
                         min(s.restarts_total, CAP), min(s.scenes_played, CAP), min(s.shadow_drawn, CAP), *key[14:],
                         s.luma_side, s.brom_side, s.brom_present, s.over, s.campaign_won)
        crystals = s.crystals
        if crystals != m.crystals:
            m.crystals = crystals[:]
            pack_crystals(out, 4 * (o_act + 7), *crystals)
        key = (s.dice, s.dice_used, s.rolled, s.faces)
        old = m.dice
        if key != old:
            m.dice = tuple(map(list.copy, key))
            sizes, used, rolled, faces = key
            n = len(sizes)
            if old is None or old[0] != sizes or len(used) != n:   # new dice (or a new memo): all
                values: list[Any] = []
                for j, size in enumerate(sizes):
                    values += (size, used[j], 1.0, faces[j]) if j in rolled else (size, used[j], 0.0, 0.0)
                pack_dice(out, 4 * o_dice, *values, *no_dice[len(values):])
            else:                # the same dice: those used (every fourth feature) and the roll alone
                if used != old[1]:
                    arr[o_dice + 1:o_dice + 4 * n:4] = array("f", used)
                if rolled != old[2] or faces != old[3]:
                    for j in old[2]:
                        if j < n:
                            out[o_dice + 4 * j + 2] = out[o_dice + 4 * j + 3] = 0.0
                    for j in rolled:
                        if j < n:
                            out[o_dice + 4 * j + 2] = 1.0
                            out[o_dice + 4 * j + 3] = faces[j]
            out[at_available] = used.count(False)
        # -- the River: the spaces that changed, each card's mark and space set there, and a
        #    card that left the River unmarked (a card is in one place at most, so a card that
        #    moved along the River is set where it is now, never undone after)
        river = s.river
        old = m.river
        if river != old:
            m.river = river[:]
            if old is None or len(old) != len(river):
                for card in old or ():
                    if card >= 0:
                        out[card_at[card]] = out[card_at[card] + 1] = 0.0
                old = [-1] * len(river)
            for mark, was, card in zip(space_mark, old, river):
                if was != card:
                    if was >= 0 and was not in river:
                        at = card_at[was]
                        out[at] = out[at + 1] = 0.0
                    if card >= 0:
                        at = card_at[card]
                        out[at] = 1.0
                        out[at + 1] = mark
        # -- what changes seldom (one step in five), compared in one go: the Boon spaces, the
        #    stunned creatures, each pile (shadow, explore, creature discards, Explore's drawn
        #    cards: only its new cards when it grew), the uses and flags, the locations
        fields = (s.boons, s.stunned, s.shadow_discard, s.explore_discard, s.creature_discard, s.drawn,
                  s.uses_this_chapter, s.flags, s.visited, s.scene)
        old = m.rare
        if fields != old:
            m.rare = (*map(list.copy, fields[:9]), fields[9])
            if old is None:
                old = (None,) * 10
            boons, stunned = fields[:2]
            if boons != old[0]:
                for card in old[0] or ():
                    out[card_at[card] + 2] = 0.0
                for card in boons:
                    out[card_at[card] + 2] = 1.0
            if stunned != old[1]:
                for card in old[1] or ():
                    out[card_at[card] + 3] = 0.0
                for card in stunned:
                    out[card_at[card] + 3] = 1.0
            for zone, pile, was in zip((4, 5, 6, 7), fields[2:6], old[2:6]):
                if pile == was:
                    continue
                n = len(was) if was else 0
                if n and len(pile) > n and pile[:n] == was:
                    pile = pile[n:]
                elif was:
                    for card in was:
                        if card >= 0:
                            out[card_at[card] + zone] = 0.0
                for card in pile:
                    if card >= 0:
                        out[card_at[card] + zone] = 1.0
            if fields[6:8] != old[6:8]:
                arr[o_use:] = tail_zeros
                write_tail(out, s)
            if fields[8:] != old[8:]:
                arr[o_loc:o_card] = loc_zeros
                write_locations(out, scenes[s.scene], fields[8])
        return arr

    def write_locations(out: Any, scene: Any, visited: list[bool]) -> None:
        for k, loc in enumerate(scene.locations):
            at = o_loc + 4 * k
            out[at] = k < len(visited) and visited[k]
            out[at + 1] = loc.dots
            out[at + 2] = loc.progress
            out[at + 3] = loc.kind == "help"

    def write_tail(out: Any, s: Any) -> None:
        for u in s.uses_this_chapter:
            u_at = use_at.get(u)
            if u_at is not None:
                out[o_use + u_at] = 1.0
        for f in s.flags:
            f_at = flag_at.get(f)
            if f_at is not None:
                out[o_flag + f_at] = 1.0

    return lay, Incremental(make, start)
