"""The Cursed Forest as numbers, for one seat (see :mod:`woodlands.kit.encoding` and
docs/research.md).

What a seat sees (C-9, the game's ``view(seat)``): the whole forest as laid, every adventurer's
health, action points, seeds and poison, its own adventurers' items and of the others only the
items turned face up (``shown``: shown, used, dropped, gone) with the rest counted as face
down; the stack and the bags by size only.  The encoding reads exactly that: an item held by
another seat's adventurer is written only if it is in ``shown``.

Coordinates are the tiles' own, relative to the Start tile at (0, 0), within the reach of the
pack's tiles (``grammar.reach``: 44 for the default pack).  The placed tiles
are written in the order they were laid (one slot per tile of the pack); that part changes
seldom and little (a tile laid, a monster met or killed), so only the tiles that changed are
rewritten while the forest only grows, and a forest laid otherwise (another game) is written
whole from a bounded cache of layouts.
"""
from __future__ import annotations

from array import array
from itertools import compress, count, repeat
from typing import Any

from ...engine.game import Game
from ...kit.encoding import Incremental, Layout, begin, onehot, packer
from .model import EDGES, TILE_KINDS
from .state import EMPTY, POISON, SPACES, TOKEN
from .grammar import reach

PHASES = ("setup", "forest", "maiden", "hunt")
FOES = ("monster", "spiders", "morna", "pvp")
TILE_FEATURES = ("x", "y", *(f"kind=[{k}]" for k in TILE_KINDS), *(f"open_{e}" for e in EDGES), "roots",
                 "monster_token", "monster", "purple", "monster_health", "monster_dice", "monster_modifier",
                 "boss", "poison", "undead", "token", "items", "seeds", "root_seed", "vine_seed", "exit", "morna")
ADV_FEATURES = ("mine", "turn", "health", "max_health", "lives", "ap", "max_ap", "on_board", "x", "y", "out",
                "poison", "kills", "tally", "tag_debt", "face_down", "extras", "extras_face_down")
SPACE_STATES = ("empty", "poison", "face_down", "item")
ITEM_PLACES = (*SPACES, "extra", "on_tile", "gone")
#: counters are read up to this
CAP = 1000
_CACHE_LIMIT = 4096


def build(game: Game, options: dict[str, Any]) -> tuple[Layout, Incremental]:
    c: Any = game.content
    players = options["players"]
    n = players if players > 1 else (options.get("adventurers") or 1)
    r = reach(game)
    n_tiles = len(c.tiles)
    n_chars = len(c.characters)
    n_seeds = len(c.seeds)
    dice = sorted((i.combat_dice for i in c.items), reverse=True)[:len(SPACES)]
    most = max([max(ch.dice for ch in c.characters) + sum(dice) + 1, c.spiders.dice, c.morna.dice]
               + [m.sides[k].dice for m in c.monsters for k in (0, 1)])
    lay, kinds, kind_at, phase_at = begin(game, PHASES)
    foe_at = {f: i for i, f in enumerate(FOES)}
    o_dec = lay.add("decision", onehot("decision", kinds) + onehot("decider", [str(a) for a in range(n)]), 0, 1,
                    "the kind of the decision waiting and the adventurer who decides (all 0 once over)")
    o_phase = lay.add("phase", onehot("phase", PHASES) + onehot("turn", [str(a) for a in range(n)] + ["morna"]), 0, 1,
                      "the phase; whose turn (or Morna Gûl hunting between rounds)")
    scal = ["round", "stack", "monsters_in_bag", "items_in_bag", "seeds_laid", "pit_monsters", "morna", "morna_x",
            "morna_y", "morna_health", "exit", "exit_x", "exit_y", "free_actions", "jumped", "marta_used", "last_roll",
            "over", "won"]
    o_sc = lay.add("scalars", scal, -CAP, CAP, "round (at most 1000), tiles in the stack, monsters and items in the bags, "
                   "seeds laid, monsters left in the pit, Morna Gûl out and where and his health, the Exit laid and where, "
                   "free actions this turn, jumped, Marta's re-roll used, a special tile's roll, game over, won")
    o_drawn = lay.add("drawn_tile", onehot("kind", TILE_KINDS) + [f"open_{e}" for e in EDGES], 0, 1,
                      "the tile drawn and waiting to be laid: its kind and printed open edges")
    o_fight = lay.add("fight", onehot("foe", FOES) + onehot("fighter", [str(a) for a in range(n)])
                      + onehot("partner", [str(a) for a in range(n)]) + onehot("opponent", [str(a) for a in range(n)])
                      + ["foe_health", "foe_dice", "foe_modifier", "purple", "boss", "poison", "undead", "crow_used",
                         "enchant_bonus", "no_escape"]
                      + [f"mine{k}" for k in range(most)] + [f"theirs{k}" for k in range(most)], -CAP, CAP,
                      "the fight under way: the foe's kind, who fights, the tag partner, the other adventurer (pvp), "
                      f"the foe's health, dice and modifier and side, the Crow used, Enchant's bonus; the round's dice (up to {most} each)")
    AW = len(ADV_FEATURES) + n_chars + n_seeds + len(SPACES) * len(SPACE_STATES)
    o_adv = lay.add("adventurers", [f"a{a}.{f}" for a in range(n) for f in
                                    (*ADV_FEATURES, *(f"character=[{ch.id}]" for ch in c.characters),
                                     *(f"seed=[{s.id}]" for s in c.seeds),
                                     *(f"{sp}=[{st}]" for sp in SPACES for st in SPACE_STATES))], -CAP, CAP,
                    "per adventurer: the seat's own, its turn, health, AP, lives, where it stands, out, poison tokens, "
                    "kills and their tally, APs owed, items face down, extras; its character, seeds, and what each "
                    "inventory space holds (empty, poison, face down, an item the seat may see)")
    IW = n + len(ITEM_PLACES) + 1
    o_item = lay.add("items", [f"{it.id}.{f}" for it in c.items for f in
                               (*(f"holder=[{a}]" for a in range(n)), *ITEM_PLACES, "tile_slot")], 0, n_tiles,
                     "per item copy the seat may see: who holds it and where, on a tile (and the tile's slot + 1), gone")
    TW = len(TILE_FEATURES)
    o_tile = lay.add("tiles", [f"tile{p}.{f}" for p in range(n_tiles) for f in TILE_FEATURES], -r, max(r, CAP),
                     f"per tile laid, in the order laid ({n_tiles} slots): position (Start at 0, 0; within {r} of it), kind, "
                     "open edges, the Maiden Tree's roots, the monster there (a token, or its side's health left, dice, "
                     "modifier, boss, poison, undead), a swamp or bone-yard token, items and seeds lying there, seeds "
                     "in the roots and on the vine, the Exit, Morna Gûl")
    tiles = c.tiles
    monsters = c.monsters
    kind_index = {k: i for i, k in enumerate(TILE_KINDS)}
    n_states, n_spaces, n_adv = len(SPACE_STATES), len(SPACES), len(ADV_FEATURES)
    tile_size = TW * n_tiles
    tile_zeros = array("f", bytes(4 * tile_size))
    cache: dict[tuple[Any, ...], Any] = {}

    #: each tile's open edges (north, east, south, west) under each of its four turns
    edges = [[tuple(float(tile.open_at(e, rot)) for e in range(4)) for rot in range(4)] for tile in tiles]
    last: list[Any] = [((), (), ()), tile_zeros]   # the layout made last and its segment

    def laid_tiles(s: Any, key: tuple[Any, ...]) -> Any:
        """The tiles segment with what never changes once a tile is down (position, kind, open
        edges), kept per layout of the forest (``key``) in a bounded cache; a layout that adds
        tiles to the one made last is made from it (a tile laid is the common change)."""
        found = cache.get(key)
        if found is not None:
            return found
        placed, rots, where = key
        before, segment = last
        k = len(before[0])
        if len(placed) > k and placed[:k] == before[0] and rots[:k] == before[1] and where[:k] == before[2]:
            out = array("f", segment)
        else:
            out, k = array("f", tile_zeros), 0
        for p in range(k, len(placed)):
            t = placed[p]
            at = TW * p
            out[at], out[at + 1] = where[p]
            out[at + 2 + kind_index[tiles[t].kind]] = 1.0
            pack4(out, 4 * (at + 13), *edges[t][rots[p]])
        last[:] = [key, out]
        if len(cache) >= _CACHE_LIMIT:
            cache.clear()
        cache[key] = out
        return out

    def on_tiles(s: Any, out: Any) -> None:
        """What lies on the tiles and the forest's marks, written over a copy of
        :func:`laid_tiles` (segment offsets), but the items lying there (``make`` writes those
        with the items segment): :func:`lying` for each tile laid, then :func:`forest_marks`."""
        for p, here in enumerate(zip(s.tile_monster, s.tile_side, s.tile_damage, s.tile_token, s.tile_seeds,
                                     s.tile_root, s.tile_vine)):
            lying(out, 0, p, *here)
        for i in forest_marks(s):
            out[i] = 1.0

    full_cache: dict[tuple[Any, ...], Any] = {}

    def tiles_segment(s: Any) -> Any:
        """The tiles segment but the items lying on tiles, kept per position of the forest, for
        :func:`write_tiles` when it writes the segment whole (a new memo, a forest that is not
        the memo's grown): a copy of the laid tiles and a pass over what lies on them."""
        laid = (tuple(s.placed), tuple(s.place_rot), tuple(s.place_pos))
        key = (laid, tuple(s.tile_monster), tuple(s.tile_side), tuple(s.tile_damage), tuple(s.tile_token),
               tuple(s.tile_root), tuple(s.tile_vine), tuple(map(len, s.tile_seeds)),
               s.exit_at, s.exit_link, s.morna_at)
        found = full_cache.get(key)
        if found is None:
            found = array("f", laid_tiles(s, laid))
            on_tiles(s, found)
            if len(full_cache) >= _CACHE_LIMIT:
                full_cache.clear()
            full_cache[key] = found
        return found

    pack_dynamic, pack_marks = packer(10), packer(3)

    def lying(out: Any, base: int, p: int, m_: int, side: int, damage: int, token: Any, seeds: list[int],
              root: int, vine: int) -> None:
        """Tile ``p``'s features of what lies on it (the monster there, a token, seeds in the
        roots and on the vine, seeds lying there), all written, into ``out`` whose tiles segment
        starts at feature ``base`` (0 for the segment alone); the items lying there are the items
        pass's.  (A monster's token: 1 at feature 18; a monster: 1, its side, health left, dice,
        modifier, boss, poison, undead at 19-26; a swamp or bone-yard token at 27; seeds lying
        there, in the roots and on the vine at 29-31.)"""
        at = 4 * (base + TW * p + 18)
        if m_ >= 0:
            sd = monsters[m_].sides[side]
            pack_dynamic(out, at, 0, 1, side, sd.health - damage, sd.dice, sd.modifier, sd.boss, sd.poison,
                         sd.undead, 1 if token else 0)
        else:
            pack_dynamic(out, at, m_ == TOKEN, 0, 0, 0, 0, 0, 0, 0, 0, 1 if token else 0)
        pack_marks(out, at + 44, len(seeds), root + 1 if root >= 0 else 0, vine + 1 if vine >= 0 else 0)

    def write_tiles(s: Any, out: Any, old: Any, m: Any) -> bool:
        """The tiles segment brought from the one written for ``old`` (the memo's copies of the
        fields it reads, None for none) to ``s``'s: when the forest only grew (the tiles laid
        before are where they were), only the new tiles and those whose monster, token or seeds
        changed are written (most changes are a tile laid or a monster met or killed); any other
        change writes it all (:func:`tiles_segment`).  True when it was all written (the items
        lying on tiles, which share the segment, must then be written again)."""
        w = m.w
        placed, rots, where = s.placed, s.place_rot, s.place_pos
        per = (s.tile_monster, s.tile_side, s.tile_damage, s.tile_token, s.tile_seeds, s.tile_root, s.tile_vine)
        k = len(old[2]) if old is not None else 0
        size = len(placed)
        if (old is None or size < k or placed[:k] != old[2] or rots[:k] != old[3] or where[:k] != old[4]
                or any(len(v) != size for v in (rots, where, *per))
                or any(len(v) != k for v in (old[3], old[4], old[0], old[5], old[1], *old[6:10]))):
            out[o_tile:o_tile + tile_size] = tiles_segment(s)
            m.tile_marks = forest_marks(s)
            return True
        # the tiles laid since: their fixed features (position, kind, open edges: from the cache
        # of layouts) and what lies on them
        if size > k:
            fixed = laid_tiles(s, (tuple(placed), tuple(rots), tuple(where)))
            for p in range(k, size):
                at = TW * p
                out[o_tile + at:o_tile + at + 17] = fixed[at:at + 17]
        dirty = set(range(k, size))
        # the tiles before, where a field changed (one compare per field first: most did not)
        for new, was in zip(per, (old[0], old[5], old[1], old[6], old[9], old[7], old[8])):
            if new[:k] != was:
                dirty.update(p for p in range(k) if new[p] != was[p])
        monster_l, side_l, damage_l, token_l, seeds_l, root_l, vine_l = per
        for p in dirty:
            lying(out, o_tile, p, monster_l[p], side_l[p], damage_l[p], token_l[p], seeds_l[p], root_l[p], vine_l[p])
        # the roots' link, the Exit and Morna Gûl: marks of the segment, the old ones cleared
        marks = forest_marks(s)
        if marks != m.tile_marks:
            for i in m.tile_marks or ():
                w[o_tile + i] = 0.0
            for i in marks:
                w[o_tile + i] = 1.0
            m.tile_marks = marks
        return False

    def forest_marks(s: Any) -> tuple[int, ...]:
        """Where in the tiles segment the roots' link (C-18: the Maiden Tree's roots opened an
        edge between the two tiles), the Exit and Morna Gûl are marked (a negative offset taken
        from the segment's end, as a list index is)."""
        marks: list[int] = []
        if s.exit_link >= 0:
            for d in range(4):
                if s.links[4 * s.exit_link + d] == s.exit_at:
                    marks += (TW * s.exit_link + 17, TW * s.exit_at + 17)
        if s.exit_at >= 0:
            marks.append(TW * s.exit_at + 32)
        if s.morna_at >= 0:
            marks.append(TW * s.morna_at + 33)
        return tuple(i if i >= 0 else i + tile_size for i in marks)

    n_kinds = len(kinds)
    o_adv_sp = len(ADV_FEATURES) + n_chars + n_seeds
    adv_end = o_adv + AW * n
    head_zeros = array("f", bytes(4 * o_sc))                    # decision, phase
    o_decider, o_turn = o_dec + n_kinds, o_phase + len(PHASES)
    decider_at = {a: o_decider + a for a in range(n)}
    turn_at = {a: o_turn + a for a in range(n)}
    # (make reads the state's fields one by one into its keys: on the slotted state that costs
    #  half what an operator.attrgetter of the same names does)
    o_free = o_sc + scal.index("free_actions")
    drawn_zeros = array("f", bytes(4 * (o_fight - o_drawn)))
    fight_zeros = array("f", bytes(4 * (o_adv - o_fight)))
    space_zeros = array("f", bytes(4 * n_spaces * n_states))
    kind_zeros = array("f", bytes(4 * (n_chars + n_seeds)))
    o_held = n + n_spaces              # an item's "extra" place; its spaces start at n
    o_floor = n + n_spaces + 1         # on_tile, then gone, then the tile's slot
    o_gone = o_item + o_floor + 1      # (from an item's features)

    #: each adventurer's plain numbers (a list per field, one number per adventurer) and where
    #: each lies in an adventurer's features; the action points, which change on more than half
    #: the steps, apart (one compare and one write instead of a pass over them all)
    plain_names = ("health", "max_health", "lives", "max_ap", "tag_debt")   # the state's fields too
    plain_at = tuple(o_adv + ADV_FEATURES.index(name) for name in plain_names)
    o_ap = o_adv + ADV_FEATURES.index("ap")

    pack_scalars, pack10, pack5, pack4 = packer(scal.index("free_actions")), packer(10), packer(5), packer(4)

    blocks: dict[tuple[Any, ...], tuple[Any, int, tuple[int, int, int], tuple[int, ...]]] = {}
    adv_sp_end = o_adv_sp + n_spaces * n_states
    pack3 = packer(3)

    shown_ids: dict[tuple[int, ...], int] = {}
    numbers = count()

    def shown_id(shown: list[int]) -> int:
        """A number for the list of items ``shown``, the same for equal lists (by value: a memo
        meets any state), so that a block's key holds a number instead of the whole list (whose
        hash would be computed at every look-up).  Numbers are never reused, so a number kept in
        a memo or a block's key never comes to mean another list after the table is cleared."""
        key = tuple(shown)
        found = shown_ids.get(key)
        if found is None:
            if len(shown_ids) >= _CACHE_LIMIT:
                shown_ids.clear()
            found = shown_ids[key] = next(numbers)
        return found

    def carried(a: int, inv: list[int], extras: list[int], mine: bool, shown: list[int]) -> Any:
        """What adventurer ``a`` carrying ``inv`` and ``extras`` puts in the encoding, for a seat
        that owns it (``mine``) or sees only the items in ``shown``: the state of each inventory
        space (an array), the poison tokens carried, (items face down, extras, extras face down),
        and the item features marked 1 (holder and place of each item the seat may see).  Kept
        in a table keyed by all it reads, so that a rewrite (the seat acting changes on about a
        fifth of the steps) is a few copies."""
        spaces = array("f", space_zeros)
        marks: list[int] = []
        hidden = 0
        sp = 0
        for k, x in enumerate(inv):
            if x == EMPTY:
                spaces[sp] = 1.0
            elif x == POISON:
                spaces[sp + 1] = 1.0
            elif mine or x in shown:
                spaces[sp + 3] = 1.0
                ia = o_item + IW * x
                marks += (ia + a, ia + n + k)
            else:
                spaces[sp + 2] = 1.0
                hidden += 1
            sp += n_states
        if hidden and inv[0] >= 0 and inv[0] == inv[1] and not (mine or inv[0] in shown):
            hidden -= 1   # a two-handed item is one item
        extras_seen = 0
        for x in extras:
            if mine or x in shown:
                extras_seen += 1
                ia = o_item + IW * x
                marks += (ia + a, ia + o_held)
        return spaces, inv.count(POISON), (hidden, len(extras), len(extras) - extras_seen), tuple(marks)

    def start(m: Any) -> None:
        """A new memo's copies, none yet (so every group is written)."""
        m.seat = m.owner = m.turn = m.shown = m.kills = m.char = m.seeds = None
        m.pos = m.char_pos = [()] * n   # (equal to no adventurer's place nor character)
        m.sid = m.head = None
        m.plain = (None,) * len(plain_at)
        m.ap = None
        m.inv, m.extras = [None] * n, [None] * n   # per adventurer: the copies its block was written from
        m.vis = [None] * n                # per adventurer: -1 (the seat's own) or the number of the shown it was
        m.held = [() for _ in range(n)]   # per adventurer: the item features it set
        m.items_on_tiles = m.gone = None
        m.floor = []                      # the item features set from items on tiles and gone
        m.tiles = m.links = m.tile_marks = None
        m.scalars = m.drawn = None
        m.fought = True   # (so that a new memo's fight segment is cleared once)
        # one feature at a time is written through a memoryview of the buffer: it takes a float
        # with less ado than the array's item assignment (which parses it as an argument); runs
        # of features go to the array itself, whose slice assignment is the cheaper
        m.w = memoryview(m.out)

    def make(s: Any, seat: int, m: Any) -> Any:
        """The encoding of ``s`` for ``seat``, written over ``m.out`` group by group, each group
        only when the fields it reads differ from the memo's copies of them."""
        out, w = m.out, m.w
        # -- the decision and the phase: the features marked (the phase, the decision's kind and
        #    decider, whose turn), rewritten when one moved (on most steps none did)
        d = s.decision
        decided = at = None
        if d is not None and not s.over:
            decided = kind_at[d.kind]
            data = d.data
            if isinstance(data, dict):
                a = data.get("adventurer")
                at = decider_at.get(a) if isinstance(a, int) else None   # (adventurers 0 .. n-1)
        turn = s.turn
        head = (phase_at[s.phase], decided, at, turn_at.get(turn, o_turn + n))   # (an adventurer's turn, else Morna's)
        if head != m.head:
            m.head = head
            out[0:o_sc] = head_zeros
            w[o_phase + head[0]] = 1.0
            if decided is not None:
                w[o_dec + decided] = 1.0
            if at is not None:
                w[at] = 1.0
            w[head[3]] = 1.0
        # -- the scalars, the tile drawn and the fight: rewritten only when they changed (one
        #    tuple compare; on most steps none did)
        morna = s.morna_at
        exit_at = s.exit_at
        pp = s.place_pos
        # (the key: the fields the scalars are made of, but the free actions, which change on a
        #  third of the steps and are written at each; a plain tuple compare can take them all,
        #  the positions laid being tuples)
        key = ((s.round_no, s.seeds_laid, morna, s.morna_health, s.jumped, s.marta_used, s.last_roll, s.over),
               len(s.tile_stack), len(s.monster_bag), len(s.item_bag), len(s.pit_monsters),
               pp[morna] if morna >= 0 else None, pp[exit_at] if exit_at >= 0 else None,
               s.over and (s.outcome or {}).get("result") == "win")
        if key != m.scalars:
            m.scalars = key
            pack_scalars(out, 4 * o_sc, min(s.round_no, CAP), key[1], key[2], key[3], s.seeds_laid, key[4],
                         morna >= 0, pp[morna][0] if morna >= 0 else 0, pp[morna][1] if morna >= 0 else 0,
                         s.morna_health if morna >= 0 else 0, exit_at >= 0, pp[exit_at][0] if exit_at >= 0 else 0,
                         pp[exit_at][1] if exit_at >= 0 else 0)
            pack5(out, 4 * (o_free + 1), s.jumped, s.marta_used, s.last_roll, s.over, key[7])
        free = s.free_actions
        w[o_free] = free if free < CAP else CAP
        drawn = s.drawn
        if drawn != m.drawn:
            m.drawn = drawn
            out[o_drawn:o_fight] = drawn_zeros
            if drawn >= 0:
                tile = tiles[drawn]
                w[o_drawn + kind_index[tile.kind]] = 1.0
                pack4(out, 4 * (o_drawn + len(TILE_KINDS)), *tile.open)
        f_kind = s.f_kind
        if f_kind or m.fought:   # (no fight, none written: nothing to clear on most steps)
            m.fought = bool(f_kind)
            out[o_fight:o_adv] = fight_zeros
        if f_kind:
            at = o_fight
            w[at + foe_at[f_kind]] = 1.0
            at += len(FOES)
            if 0 <= s.f_adv < n:
                w[at + s.f_adv] = 1.0
            if 0 <= s.f_partner < n:
                w[at + n + s.f_partner] = 1.0
            if 0 <= s.f_opponent < n:
                w[at + 2 * n + s.f_opponent] = 1.0
            at += 3 * n
            if f_kind == "monster":
                side = monsters[s.f_monster].sides[s.f_side]
                fv: tuple[float, ...] = (s.f_health, side.dice, side.modifier, s.f_side, side.boss, side.poison, side.undead)
            elif f_kind == "spiders":
                fv = (s.f_health, c.spiders.dice, s.f_health, 0, 0, 0, 0)
            elif f_kind == "morna":
                fv = (s.morna_health, max(0, c.morna.dice - s.seeds_laid), c.morna.modifier, 0, 0, 0, 0)
            else:
                fv = (s.health[s.f_opponent], 0, 0, 0, 0, 0, 0)
            pack10(out, 4 * at, *fv, s.f_crow, s.f_enchant_bonus if s.f_enchant >= 0 else 0, s.f_noescape)
            at += 10
            mine_dice = s.r_mine[:most]
            if mine_dice:   # (an empty slice assignment is refused while the buffer has views)
                out[at:at + len(mine_dice)] = array("f", mine_dice)
            theirs = s.r_theirs[:most]
            if theirs:
                out[at + most:at + most + len(theirs)] = array("f", theirs)
        # -- each adventurer's plain numbers: a list of the state per feature, rewritten when it changed
        owner = s.owner
        owner_changed = owner != m.owner or seat != m.seat   # one memo serves every seat (shared)
        if owner_changed:
            m.owner, m.seat = owner[:], seat
            out[o_adv:adv_end:AW] = array("f", [o == seat for o in owner])
        if turn != m.turn:
            m.turn = turn
            out[o_adv + 1:adv_end:AW] = array("f", [a == turn for a in range(n)])
        plain = (s.health, s.max_health, s.lives, s.max_ap, s.tag_debt)   # (plain_names) one tuple compare when none changed (most steps)
        if plain != m.plain:
            for at, v, was in zip(plain_at, plain, m.plain):
                if v != was:
                    out[at:adv_end:AW] = array("f", v)
            m.plain = tuple(map(list.copy, plain))
        ap = s.ap
        if ap != m.ap:
            m.ap = ap[:]
            out[o_ap:adv_end:AW] = array("f", ap)
        where, char = s.pos, s.char
        if where != m.pos or char != m.char_pos:   # on the board, x, y, out of the game
            was, was_char = m.pos, m.char_pos
            m.pos, m.char_pos = where[:], char[:]
            for a in range(n):   # (only the adventurers that moved: mostly one)
                pos = where[a]
                if pos == was[a] and char[a] == was_char[a]:
                    continue
                at = o_adv + AW * a + 7
                if pos is None:
                    pack4(out, 4 * at, 0, 0, 0, char[a] >= 0)
                else:
                    pack4(out, 4 * at, 1, pos[0], pos[1], 0)
        kills_l, seeds_l = s.kills, s.seeds
        if kills_l != m.kills or char != m.char or seeds_l != m.seeds:   # kills and tally, character, seeds
            m.kills, m.char, m.seeds = [k[:] for k in kills_l], char[:], [k[:] for k in seeds_l]
            for a in range(n):
                at = o_adv + AW * a
                kills = kills_l[a]
                w[at + 12] = len(kills)
                w[at + 13] = sum(kills)
                out[at + n_adv:at + o_adv_sp] = kind_zeros
                if char[a] >= 0:
                    w[at + n_adv + char[a]] = 1.0
                for sd in seeds_l[a]:
                    w[at + n_adv + n_chars + sd] = 1.0
        # -- what each adventurer carries (and the items segment's holder and place of what the
        #    seat may see): rewritten per adventurer whose inventory, extras or visibility changed,
        #    from the table of blocks (:func:`carried`)
        inv_l, extras_l, shown = s.inv, s.extras, s.shown
        shown_changed = shown != m.shown
        if shown_changed:
            m.shown = shown[:]
            m.sid = shown_id(shown)
        # (one compare of every inventory first: on many steps nothing anyone carries changed)
        if owner_changed or shown_changed or inv_l != m.inv or extras_l != m.extras:
            m_inv, m_extras, m_vis, held, sid = m.inv, m.extras, m.vis, m.held, m.sid
            todo = []
            for a in range(n):
                # (what a block reads: what the seat may see of another's items depends on what
                #  is shown, by its number; -1 for the seat's own adventurer, which it sees whole)
                vis = -1 if owner[a] == seat else sid
                inv, extras = inv_l[a], extras_l[a]
                if vis != m_vis[a] or inv != m_inv[a] or extras != m_extras[a]:
                    m_vis[a], m_inv[a], m_extras[a] = vis, inv[:], extras[:]
                    todo.append(a)
                    for i in held[a]:   # first every change's old marks, then the new ones: an item
                        w[i] = 0.0    # passed between two adventurers keeps its new marks
            for a in todo:
                bkey = (a, tuple(inv_l[a]), tuple(extras_l[a]), m_vis[a])
                block = blocks.get(bkey)
                if block is None:
                    block = carried(a, inv_l[a], extras_l[a], m_vis[a] < 0, shown)
                    if len(blocks) >= _CACHE_LIMIT:
                        blocks.clear()
                    blocks[bkey] = block
                at = o_adv + AW * a
                out[at + o_adv_sp:at + adv_sp_end] = block[0]
                w[at + 11] = block[1]
                pack3(out, 4 * (at + 15), *block[2])
                marks = held[a] = block[3]
                for i in marks:
                    w[i] = 1.0
        # -- the forest: changes when a tile is laid or what lies on one changes
        # what the tiles segment reads (lists, the list of lists of seeds, then three numbers), in
        # one compare (the links only matter once the roots opened one)
        laid = (s.tile_monster, s.tile_damage, s.placed, s.place_rot, s.place_pos, s.tile_side, s.tile_token,
                s.tile_root, s.tile_vine, s.tile_seeds, exit_at, s.exit_link, morna)
        relaid = laid != m.tiles or (s.exit_link >= 0 and s.links != m.links)
        rewritten = False
        if relaid:
            rewritten = write_tiles(s, out, m.tiles, m)
            m.tiles = (*[v[:] for v in laid[:-4]], [*map(list.copy, s.tile_seeds)], *laid[-3:])
            m.links = s.links[:]
        # -- items lying face up on tiles (in the items segment the item and the tile's slot + 1,
        #    in the tiles segment their number) and items gone
        on_tiles, gone = s.tile_items, s.item_gone
        if rewritten or on_tiles != m.items_on_tiles or gone != m.gone:
            m.items_on_tiles, m.gone = [*map(list.copy, on_tiles)], gone[:]
            # (C-level loops: the old marks cleared and the gone marked by map, the tiles with
            #  items on them picked by compress, so that only those cost a turn of a loop)
            put = w.__setitem__
            any(map(put, m.floor, repeat(0.0)))
            wrote = m.floor = [o_gone + IW * x for x in gone]
            any(map(put, wrote, repeat(1.0)))
            for p in compress(range(len(on_tiles)), on_tiles):
                items = on_tiles[p]
                at = o_tile + TW * p + 28
                w[at] = len(items)
                wrote.append(at)
                for x in items:
                    ia = o_item + IW * x + o_floor
                    w[ia] = 1.0
                    w[ia + 2] = p + 1
                    wrote += (ia, ia + 2)
        return out

    return lay, Incremental(make, start, shared=True)
