"""Tanglewoods as numbers (see :mod:`woodlands.research.observe` and docs/research.md).

One player sees everything but the decks' order (T-10): of each deck the top card's face and the
bottom card's underside.  So every card of the pack has a place among the zones the view shows
(the tableau, the cards drawn, the discard piles, a deck's top or bottom, the inventory, the
shop ...) and the encoding marks it there; a card in the hidden middle of a deck is marked
nowhere (the decks' sizes are given).
"""
from __future__ import annotations

from array import array
from typing import Any

from ..engine.game import Game
from ..games.tanglewoods.model import COLOURS, DIE_COLOUR, STATS
from ..games.tanglewoods.state import COMMITTED
from .observe import Incremental, Layout, begin, onehot, packer

PHASES = ("setup", "map", "forest", "bribery", "strategy", "resolve", "merchant")
FOREST_ZONES = ("tableau", "drawn", "revealed", "deck_top", "deck_bottom", "bear_aside", "bear_won")
MAP_ZONES = ("active", "choice", "deck_top", "deck_bottom")
ITEM_ZONES = ("inventory", "shop", "deck_top", "deck_bottom")
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
    colour_at = [COLOURS.index(col) for col in DIE_COLOUR]

    dice_cache: dict[tuple[Any, ...], Any] = {}
    dice_size = 9 * len(COLOURS)

    def dice(s: Any) -> Any:
        """The dice segment, kept per position of the 17 dice (there are few)."""
        key = (*s.dice_zone, *s.dice_face, *s.dice_applied)
        found = dice_cache.get(key)
        if found is None:
            found = array("f", bytes(4 * dice_size))
            for die, zone in enumerate(s.dice_zone):
                base = 9 * colour_at[die]
                found[base + zone] += 1.0
                if zone == COMMITTED:
                    found[base + (8 if s.dice_applied[die] else 5 + s.dice_face[die])] += 1.0
            if len(dice_cache) >= 4096:
                dice_cache.clear()
            dice_cache[key] = found
        return found

    disc_cache: dict[tuple[Any, ...], Any] = {}

    def discards(deck: str, pile: list[int]) -> Any:
        """A discard pile's segment, kept per pile (they only grow between reshuffles)."""
        key = (deck, *pile)
        found = disc_cache.get(key)
        if found is None:
            found = array("f", bytes(4 * disc_size[deck]))
            for code in pile:
                found[code >> 1] = 1 + (code & 1)
            if len(disc_cache) >= 4096:
                disc_cache.clear()
            disc_cache[key] = found
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
    o_head, o_hero_end = o_dec, o_dice            # decision, phase (one-hots), scalars, hero
    head_zeros = array("f", bytes(4 * (o_sc - o_dec)))
    hero_zeros = array("f", bytes(4 * (o_dice - o_hero)))
    maps_zeros = array("f", bytes(4 * (o_item - o_map)))
    items_zeros = array("f", bytes(4 * (o_disc["forest"] - o_item)))
    disc_zeros = {deck: array("f", bytes(4 * size)) for deck, size in disc_size.items()}
    # the scalars by what they change with: the game's numbers (every step may change one), each
    # deck's size (with its visible ends), the discard piles' sizes (with the piles)
    pack_numbers = packer(13)
    pack_discards = packer(3)
    at_fdeck, at_mdeck, at_ideck = (o_sc + scal.index(name) for name in ("forest_deck", "map_deck", "item_deck"))
    at_piles = o_sc + scal.index("forest_discard")
    assert scal[13:] == ["forest_deck", "map_deck", "item_deck", "forest_discard", "map_discard", "item_discard"]

    def start(m: Any) -> None:
        """A new memo's copies, none yet (so every group is written), and a view of its output
        (a memoryview takes an item faster than the array)."""
        m.mv = memoryview(m.out)
        m.marks = m.numbers = m.fdeck = m.mdeck = m.ideck = None
        #: each group's copies of the lists it reads (None: not written yet), and for the forest
        #: the features each of its three groups set (to undo them)
        m.dice = m.tableau = m.seen = m.maps = m.items = m.piles = None
        m.tab_wrote = []
        m.deck_wrote = []
        m.seen_wrote = []

    def make(s: Any, seat: int, m: Any) -> Any:
        """The encoding written over ``m.out``, each group only when the fields it reads differ
        from the memo's copies of them (see :class:`~woodlands.research.observe.Incremental`)."""
        out = m.mv
        # -- the decision, phase and hero one-hots: rewritten when one of them changes
        d = s._decision
        hero = s.hero
        marks = (s.phase, d.kind if d is not None and not s.over else None, hero,
                 -1 if hero < 0 else 2 if s.grimm else s.hero_side)
        if marks != m.marks:
            m.marks = marks
            out[o_head:o_sc] = head_zeros
            out[o_phase + phase_at[marks[0]]] = 1.0
            if marks[1] is not None:
                out[o_dec + kind_at[marks[1]]] = 1.0
            out[o_hero:o_hero_end] = hero_zeros
            if hero >= 0:
                out[o_hero + hero] = 1.0
                out[o_hero + n_heroes + marks[3]] = 1.0
        # -- the game's numbers
        numbers = (s.round, s.difficulty, s.health, s.strategy, s.recovery, s.gold, len(s.bears_won), s.passes,
                   s.cycle_draws, s.buys, s.map_complete, "ability" in s.used, s.over)
        if numbers != m.numbers:
            m.numbers = numbers
            pack_numbers(out, 4 * o_sc, min(s.round, MAX_ROUND), *numbers[1:])
        # -- the dice (one segment per position of the 17 dice, kept)
        now = m.dice
        if now is None or s.dice_zone != now[0] or s.dice_face != now[1] or s.dice_applied != now[2]:
            m.dice = (s.dice_zone[:], s.dice_face[:], s.dice_applied[:])
            out[o_dice:o_dice + dice_size] = dice(s)
        # -- each forest card where it is seen, 1 or 2 by the side up (one zone at a time, so
        #    each zone's marks are undone and redone alone, from the list of those it set)
        tableau = s.tableau
        now = m.tableau
        if now is None or tableau != now[0] or s.damage != now[1] or s.defeated != now[2]:
            damage, defeated = s.damage, s.defeated
            m.tableau = (tableau[:], damage[:], defeated[:])
            for i in m.tab_wrote:
                out[i] = 0.0
            wrote = m.tab_wrote = []
            for k2, code in enumerate(tableau):
                at = f_at[code]
                out[at] = side[code]
                out[at + FW - 2] = min(damage[k2], 20)
                out[at + FW - 1] = defeated[k2]
                wrote += (at, at + FW - 2, at + FW - 1)
        deck = s.forest_deck
        top = (len(deck), deck[0], deck[-1]) if deck else None
        if top != m.fdeck:
            m.fdeck = top
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
        now = m.seen
        if now is None or s.drawn != now[0] or s.revealed != now[1] or s.bears_aside != now[2] or s.bears_won != now[3]:
            m.seen = (s.drawn[:], s.revealed[:], s.bears_aside[:], s.bears_won[:])
            for i in m.seen_wrote:
                out[i] = 0.0
            wrote = m.seen_wrote = []
            for code in s.drawn:
                at = f_at[code] + 1
                out[at] = side[code]
                wrote.append(at)
            for code in s.revealed:
                at = f_at[code] + 2
                out[at] = side[code]
                wrote.append(at)
            for b in s.bears_aside:
                at = o_for + b * FW + 5
                out[at] = 1.0
                wrote.append(at)
            for b in s.bears_won:   # on their modifier side
                at = o_for + b * FW + 6
                out[at] = 2.0
                wrote.append(at)
        # -- maps
        deck = s.map_deck
        top = (len(deck), deck[0], deck[-1]) if deck else None
        now = m.maps
        if top != m.mdeck or now is None or s.active_map != now[0] or s.map_drawn != now[1]:
            m.mdeck = top
            m.maps = (s.active_map, s.map_drawn[:])
            out[at_mdeck] = len(deck)
            out[o_map:o_item] = maps_zeros
            if deck:
                code = deck[0]
                out[m_at[code] + 2] = side[code]
                if len(deck) > 1:
                    code = deck[-1]
                    out[m_at[code] + 3] = side[code]
            if s.active_map >= 0:
                out[m_at[s.active_map]] = side[s.active_map]
            for code in s.map_drawn:
                out[m_at[code] + 1] = side[code]
        # -- items
        deck = s.item_deck
        top = (len(deck), deck[0], deck[-1]) if deck else None
        now = m.items
        if top != m.ideck or now is None or s.inventory != now[0] or s.shop != now[1]:
            m.ideck = top
            m.items = (s.inventory[:], s.shop[:])
            out[at_ideck] = len(deck)
            out[o_item:o_disc["forest"]] = items_zeros
            if deck:
                code = deck[0]
                out[i_at[code] + 2] = side[code]
                if len(deck) > 1:
                    code = deck[-1]
                    out[i_at[code] + 3] = side[code]
            for code in s.inventory:
                out[i_at[code]] = side[code]
            for code in s.shop:
                out[i_at[code] + 1] = side[code]
        # -- the discard piles and their sizes
        piles = m.piles
        if piles is None or s.forest_discard != piles[0] or s.map_discard != piles[1] or s.item_discard != piles[2]:
            now = (s.forest_discard, s.map_discard, s.item_discard)
            pack_discards(out, 4 * at_piles, *map(len, now))
            for j, deck_name in enumerate(("forest", "map", "item")):
                pile = now[j]
                if piles is None or pile != piles[j]:
                    at = o_disc[deck_name]
                    out[at:at + disc_size[deck_name]] = discards(deck_name, pile) if pile else disc_zeros[deck_name]
            m.piles = (now[0][:], now[1][:], now[2][:])
        return m.out

    assert o_end == lay.size
    return lay, Incremental(make, start)
