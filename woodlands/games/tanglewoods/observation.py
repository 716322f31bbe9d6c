"""Tanglewoods as numbers (see :mod:`woodlands.kit.encoding` and docs/research.md).

One player sees everything but the decks' order (T-10): of each deck the top card's face and the
bottom card's underside, but for the Item Deck's top, which the Merchant Card covers (T-25).
So every card of the pack has a place among the zones the view shows
(the tableau, the cards drawn, the discard piles, a deck's top or bottom, the inventory, the
shop ...) and the encoding marks it there; a card in the hidden middle of a deck is marked
nowhere (the decks' sizes are given).
"""
from __future__ import annotations

from array import array
from operator import itemgetter
from typing import Any

from ...engine.game import Game
from ...kit.encoding import Incremental, Layout, begin, onehot, packer
from .model import COLOURS, DIE_COLOUR, STATS
from .state import COMMITTED

PHASES = ("setup", "map", "forest", "bribery", "strategy", "resolve", "merchant")
FOREST_ZONES = ("tableau", "drawn", "revealed", "deck_top", "deck_bottom", "bear_aside", "bear_won")
MAP_ZONES = ("active", "choice", "deck_top", "deck_bottom")
ITEM_ZONES = ("inventory", "shop", "deck_bottom")   # the Item Deck's top is covered (T-25)
#: rounds are counted up to this (a longer game reads as this many)
MAX_ROUND = 1000


def build(game: Game, options: dict[str, Any]) -> tuple[Layout, Incremental]:
    c: Any = game.content
    lay, kinds, kind_at, phase_at = begin(game, PHASES)
    o_dec = lay.add("decision", onehot("decision", kinds), 0, 1, "the kind of the decision waiting (all 0 once over)")
    o_phase = lay.add("phase", onehot("phase", PHASES), 0, 1, "the phase")
    scal = ["round", "difficulty", *STATS, "gold", "bears_defeated", "strategy_pass", "forest_draws", "buys",
            "map_complete", "ability_used", "over", "forest_deck", "map_deck", "item_deck",
            "forest_discard", "map_discard", "item_discard"]
    o_sc = lay.add("scalars", scal, -MAX_ROUND, MAX_ROUND, "round (at most 1000), difficulty, health, strategy, recovery, gold, "
                   "bears defeated, Strategy pass, cards drawn this Draw & Choose, merchant buys, map complete, "
                   "hero ability used this round, game over, deck and discard sizes")
    o_hero = lay.add("hero", onehot("hero", [h.id for h in c.heroes] + ["side_a", "side_b", "grimm"]), 0, 1,
                     "the hero (one per hero of the pack) and its side")
    o_dice = lay.add("dice", [f"{col}.{z}" for col in COLOURS for z in
                              ("pool", "committed", "exhausted", "banished", "unrolled", "blank", "hit", "crit", "applied")],
                     0, 4, "per die colour: dice in each zone; committed dice not rolled, showing each face unapplied, applied")
    side_doc = "1 when its first side (day, ordinary) is up, 2 when its second (night, upgraded)"
    o_for = lay.add("forest", [f"{card.id}.{z}" for card in c.forest for z in (*FOREST_ZONES, "damage", "defeated")],
                    0, 20, "per forest card: where it is seen (" + ", ".join(FOREST_ZONES) + f"; {side_doc}), "
                    "damage taken and defeated (in the tableau)")
    o_map = lay.add("maps", [f"{card.id}.{z}" for card in c.maps for z in MAP_ZONES], 0, 2,
                    f"per map card: where it is seen ({', '.join(MAP_ZONES)}; {side_doc})")
    o_item = lay.add("items", [f"{card.id}.{z}" for card in c.items for z in ITEM_ZONES], 0, 2,
                     f"per item card: where it is seen ({', '.join(ITEM_ZONES)}; {side_doc})")
    o_disc = {deck: lay.add(f"{deck}_discard", [card.id for card in cards], 0, 2, f"the {deck} discard pile: {side_doc}")
              for deck, cards in (("forest", c.forest), ("map", c.maps), ("item", c.items))}
    FW, MW, IW = len(FOREST_ZONES) + 2, len(MAP_ZONES), len(ITEM_ZONES)
    disc_size = {"forest": len(c.forest), "map": len(c.maps), "item": len(c.items)}
    n_heroes = len(c.heroes)

    n_dice = len(DIE_COLOUR)
    #: per colour: a getter of its dice's zones, faces and applied marks (in that order) from the
    #: three lists joined, where its 9 features start, and how many dice it has
    colour_parts = []
    for k, colour in enumerate(COLOURS):
        mine = [j for j, col in enumerate(DIE_COLOUR) if col == colour]
        colour_parts.append((itemgetter(*[j + part * n_dice for part in range(3) for j in mine]), o_dice + 9 * k, len(mine)))
    colour_cache: dict[tuple[Any, ...], Any] = {}

    def colour_part(key: tuple[Any, ...], n: int) -> Any:
        """One colour's 9 features for ``key`` (its ``n`` dice's zones, faces, applied marks),
        kept: dice in each zone; committed dice not rolled, showing each face unapplied,
        applied."""
        counts = [0.0] * 9
        for zone, face, done in zip(key[:n], key[n:2 * n], key[2 * n:]):
            counts[zone] += 1.0
            if zone == COMMITTED:
                counts[8 if done else 5 + face] += 1.0
        if len(colour_cache) >= 4096:   # (a few hundred keys: a bound, not a policy)
            colour_cache.clear()
        found = colour_cache[key] = array("f", counts)
        return found

    o_end = o_disc["item"] + disc_size["item"]
    # Where each card code (card index * 2 + the side up) is marked, and the mark (1.0 or 2.0, a
    # float: an array takes a float faster than an int): tables made once, so that a step only
    # looks them up.
    n_forest = len(c.forest)
    f_at = [o_for + (code >> 1) * FW for code in range(2 * n_forest)]
    side = [1.0 + (code & 1) for code in range(2 * max(n_forest, len(c.maps), len(c.items)))]
    m_at = [o_map + (code >> 1) * MW for code in range(2 * len(c.maps))]
    i_at = [o_item + (code >> 1) * IW for code in range(2 * len(c.items))]
    pile_at = [[o_disc[deck] + (code >> 1) for code in range(2 * size)] for deck, size in disc_size.items()]
    pile_span = [(o_disc[deck], o_disc[deck] + size) for deck, size in disc_size.items()]
    o_head, o_hero_end = o_dec, o_dice            # decision, phase (one-hots), scalars, hero
    head_zeros = array("f", bytes(4 * (o_sc - o_dec)))
    hero_zeros = array("f", bytes(4 * (o_dice - o_hero)))
    maps_zeros = array("f", bytes(4 * (o_item - o_map)))
    items_zeros = array("f", bytes(4 * (o_disc["forest"] - o_item)))
    pile_zeros = [array("f", bytes(4 * size)) for size in disc_size.values()]
    # the scalars by what they change with: the game's numbers (every step may change one), each
    # deck's size (with its visible ends), the discard piles' sizes (with the piles)
    pack_numbers = packer(13)
    # Each group's key is a tuple of the state's fields read one by one: on the slotted state
    # that costs about half what an ``attrgetter`` of the same fields does.  The forest's
    # tableau, and the groups that change seldom (cards an effect holds up, bears, maps, items),
    # are each compared in one go, then group by group.
    at_fdeck, at_mdeck, at_ideck = (o_sc + scal.index(name) for name in ("forest_deck", "map_deck", "item_deck"))
    at_piles = o_sc + scal.index("forest_discard")
    assert scal[13:] == ["forest_deck", "map_deck", "item_deck", "forest_discard", "map_discard", "item_discard"]

    def start(m: Any) -> None:
        """A new memo's copies, none yet (so every group is written), and a view of its output
        (a memoryview takes an item faster than the array)."""
        m.mv = memoryview(m.out)
        m.marks = m.numbers = m.dice = None
        m.parts = [None] * len(COLOURS)   # per colour: the key of the features written
        #: each group's copies of the lists it reads (None: not written yet); a deck is kept
        #: whole (one compare of two lists costs less than picking out its ends), though only its
        #: size and ends are written
        m.tableau = m.fdeck = m.drawn = m.rare = None
        m.piles = (None, None, None)
        #: the features the forest's groups set (to undo them)
        m.tab_wrote = []
        m.deck_wrote = ()
        m.drawn_wrote = []
        m.seen_wrote = []

    def make(s: Any, seat: int, m: Any) -> Any:
        """The encoding written over ``m.out``, each group only when the fields it reads differ
        from the memo's copies of them (see :class:`~woodlands.kit.encoding.Incremental`)."""
        arr = m.out   # (the array takes a slice faster, the memoryview an item)
        out = m.mv
        # -- the decision, phase and hero one-hots: rewritten when one of them changes
        d = s.decision
        hero = s.hero
        marks = (s.phase, d.kind if d is not None and not s.over else None, hero,
                 -1 if hero < 0 else 2 if s.grimm else s.hero_side)
        if marks != m.marks:
            m.marks = marks
            arr[o_head:o_sc] = head_zeros
            out[o_phase + phase_at[marks[0]]] = 1.0
            if marks[1] is not None:
                out[o_dec + kind_at[marks[1]]] = 1.0
            arr[o_hero:o_hero_end] = hero_zeros
            if hero >= 0:
                out[o_hero + hero] = 1.0
                out[o_hero + n_heroes + marks[3]] = 1.0
        # -- the game's numbers
        # (in the order they are written, the round first)
        numbers = (s.round, s.difficulty, s.health, s.strategy, s.recovery, s.gold, len(s.bears_won), s.passes,
                   s.cycle_draws, s.buys, s.map_complete, "ability" in s.used, s.over)
        if numbers != m.numbers:
            m.numbers = numbers
            pack_numbers(out, 4 * o_sc, *numbers)
            if numbers[0] > MAX_ROUND:
                out[o_sc] = MAX_ROUND
        # -- the dice: the three lists compared with the memo's copies; when they changed (a
        #    quarter of the steps), each colour whose dice changed (mostly one) rewritten from
        #    the 9 features kept for its dice
        fields: Any = (s.dice_zone, s.dice_face, s.dice_applied)
        if fields != m.dice:
            m.dice = (fields[0][:], fields[1][:], fields[2][:])
            joined = fields[0] + fields[1] + fields[2]
            parts = m.parts
            for k, (getter, part_at, n) in enumerate(colour_parts):
                key = getter(joined)
                if key != parts[k]:
                    parts[k] = key
                    arr[part_at:part_at + 9] = colour_cache.get(key) or colour_part(key, n)
        # -- each forest card where it is seen, 1 or 2 by the side up (one zone at a time, so
        #    each zone's marks are undone and redone alone, from the list of those it set)
        fields = (s.tableau, s.damage, s.defeated)
        now = m.tableau
        if fields != now:
            tableau, damage, defeated = fields
            n = len(tableau) - 1
            if (now is not None and len(now[0]) == n and tableau[:n] == now[0] and damage[:n] == now[1]
                    and defeated[:n] == now[2]):   # one card placed (the common change): its marks alone
                code = tableau[n]
                now[0].append(code)
                now[1].append(damage[n])
                now[2].append(defeated[n])
                at = f_at[code]
                out[at] = side[code]
                out[at + FW - 2] = min(damage[n], 20)
                out[at + FW - 1] = defeated[n]
                m.tab_wrote += (at, at + FW - 2, at + FW - 1)
            elif (now is not None and tableau == now[0]
                  and len(damage) == len(defeated) == len(now[1]) == len(now[2]) == n + 1):
                # the same cards, damage taken or a card defeated (a third of the changes): the
                # damage and defeated marks of the cards whose numbers changed alone (the places
                # written stay those of m.tab_wrote)
                for code, hurt, dead, was_hurt, was_dead in zip(tableau, damage, defeated, now[1], now[2]):
                    if hurt != was_hurt or dead != was_dead:
                        at = f_at[code]
                        out[at + FW - 2] = min(hurt, 20)
                        out[at + FW - 1] = dead
                now[1][:] = damage
                now[2][:] = defeated
            else:
                m.tableau = (tableau[:], damage[:], defeated[:])
                for i in m.tab_wrote:
                    out[i] = 0.0
                wrote = m.tab_wrote = []
                for code, hurt, dead in zip(tableau, damage, defeated):
                    at = f_at[code]
                    out[at] = side[code]
                    out[at + FW - 2] = min(hurt, 20)
                    out[at + FW - 1] = dead
                    wrote += (at, at + FW - 2, at + FW - 1)
        deck = s.forest_deck
        if deck != m.fdeck:
            m.fdeck = deck[:]
            out[at_fdeck] = len(deck)
            for i in m.deck_wrote:
                out[i] = 0.0
            if deck:
                code = deck[0]
                at = f_at[code] + 3
                out[at] = side[code]
                if len(deck) > 1:
                    code = deck[-1]
                    m.deck_wrote = (at, f_at[code] + 4)
                    out[f_at[code] + 4] = side[code]
                else:
                    m.deck_wrote = (at,)
            else:
                m.deck_wrote = ()
        drawn = s.drawn
        if drawn != m.drawn:
            m.drawn = drawn[:]
            for i in m.drawn_wrote:
                out[i] = 0.0
            wrote = m.drawn_wrote = []
            for code in drawn:
                at = f_at[code] + 1
                out[at] = side[code]
                wrote.append(at)
        fields = (s.revealed, s.bears_aside, s.bears_won, s.map_deck, s.active_map, s.map_drawn, s.item_deck,
                  s.inventory, s.shop)
        old = m.rare
        if fields != old:
            m.rare = (fields[0][:], fields[1][:], fields[2][:], fields[3][:], fields[4], fields[5][:], fields[6][:],
                      fields[7][:], fields[8][:])
            if old is None or fields[:3] != old[:3]:
                revealed, bears_aside, bears_won = fields[:3]
                for i in m.seen_wrote:
                    out[i] = 0.0
                wrote = m.seen_wrote = []
                for code in revealed:
                    at = f_at[code] + 2
                    out[at] = side[code]
                    wrote.append(at)
                for b in bears_aside:
                    at = o_for + b * FW + 5
                    out[at] = 1.0
                    wrote.append(at)
                for b in bears_won:   # on their modifier side
                    at = o_for + b * FW + 6
                    out[at] = 2.0
                    wrote.append(at)
            # -- maps
            if old is None or fields[3:6] != old[3:6]:
                deck, active, chosen = fields[3:6]
                out[at_mdeck] = len(deck)
                arr[o_map:o_item] = maps_zeros
                if deck:
                    code = deck[0]
                    out[m_at[code] + 2] = side[code]
                    if len(deck) > 1:
                        code = deck[-1]
                        out[m_at[code] + 3] = side[code]
                if active >= 0:
                    out[m_at[active]] = side[active]
                for code in chosen:
                    out[m_at[code] + 1] = side[code]
            # -- items
            if old is None or fields[6:] != old[6:]:
                deck, inventory, shop = fields[6:]
                out[at_ideck] = len(deck)
                arr[o_item:o_disc["forest"]] = items_zeros
                if deck:            # its top lies under the Merchant Card (T-25): never marked
                    code = deck[-1]
                    out[i_at[code] + 2] = side[code]
                for code in inventory:
                    out[i_at[code]] = side[code]
                for code in shop:
                    out[i_at[code] + 1] = side[code]
        # -- the discard piles and their sizes (a pile mostly grows: then only its new cards)
        fields = (s.forest_discard, s.map_discard, s.item_discard)
        piles = m.piles
        if fields != piles:
            m.piles = (fields[0][:], fields[1][:], fields[2][:])
            for j, pile in enumerate(fields):
                old = piles[j]
                if pile == old:
                    continue
                out[at_piles + j] = len(pile)
                at = pile_at[j]
                n = len(old) if old else 0
                if n and len(pile) > n and pile[:n] == old:
                    for code in pile[n:]:
                        out[at[code]] = side[code]
                else:
                    lo, hi = pile_span[j]
                    arr[lo:hi] = pile_zeros[j]
                    for code in pile:
                        out[at[code]] = side[code]
        return arr

    assert o_end == lay.size
    return lay, Incremental(make, start)
