"""Tanglewoods as numbers (see :mod:`woodlands.research.observe` and docs/research.md).

One player sees everything but the decks' order (T-10): of each deck the top card's face and the
bottom card's underside.  So every card of the pack has a place among the zones the view shows
(the tableau, the cards drawn, the discard piles, a deck's top or bottom, the inventory, the
shop ...) and the encoding marks it there; a card in the hidden middle of a deck is marked
nowhere (the decks' sizes are given).
"""
from __future__ import annotations

from array import array
from operator import attrgetter
from typing import Any

from ..engine.game import Game
from ..games.tanglewoods.model import COLOURS, DIE_COLOUR, STATS
from ..games.tanglewoods.state import COMMITTED
from .observe import Incremental, Layout, begin, header, onehot, packer

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
        key = (tuple(s.dice_zone), tuple(s.dice_face), tuple(s.dice_applied))
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

    def ends(out: Any, deck: list[int], at: int, width: int, top: int) -> None:
        """What a deck shows (T-10): its top card in zone ``top``, its bottom card (the
        underside shows; the side up is the other one) in zone ``top + 1``."""
        if deck:
            code = deck[0]
            out[at + (code >> 1) * width + top] = 1 + (code & 1)
            if len(deck) > 1:
                code = deck[-1]
                out[at + (code >> 1) * width + top + 1] = 1 + (code & 1)

    o_end = o_disc["item"] + disc_size["item"]
    head = header(o_dice, o_dec, kind_at, o_phase, phase_at)     # decision, phase, scalars, hero
    maps_zeros = array("f", bytes(4 * (o_item - o_map)))
    items_zeros = array("f", bytes(4 * (o_disc["forest"] - o_item)))

    def deck_ends(deck: list[int]) -> tuple[int, int]:
        """What :func:`ends` reads of a deck: its top card and, if another, its bottom card."""
        return (deck[0] if deck else -1, deck[-1] if len(deck) > 1 else -1)

    def start(m: Any) -> None:
        """A new memo's copies, none yet (so every group is written)."""
        m.dice = m.maps = m.items = None
        #: the forest's copies: (tableau, damage, defeated), the deck's ends, (drawn, revealed,
        #: bears aside, bears won); the marks set from each of the three
        m.forest = [None, None, None, [], [], []]
        m.discards = (None, None, None)

    pack_scalars = packer(len(scal))
    dice_fields = attrgetter("dice_zone", "dice_face", "dice_applied")
    tableau_fields = attrgetter("tableau", "damage", "defeated")
    seen_fields = attrgetter("drawn", "revealed", "bears_aside", "bears_won")
    discard_piles = attrgetter("forest_discard", "map_discard", "item_discard")

    def make(s: Any, seat: int, m: Any) -> Any:
        """The encoding written over ``m.out``, each group only when the fields it reads differ
        from the memo's copies of them (see :class:`~woodlands.research.observe.Incremental`)."""
        out = m.out
        # -- the decision, phase, numbers and hero: written every time
        head(s, out)
        piles = discard_piles(s)
        pack_scalars(out, 4 * o_sc, min(s.round, MAX_ROUND), s.difficulty, s.health, s.strategy, s.recovery, s.gold,
                     len(s.bears_won), s.passes, s.cycle_draws, s.buys, s.map_complete, "ability" in s.used, s.over,
                     len(s.forest_deck), len(s.map_deck), len(s.item_deck), *map(len, piles))
        if s.hero >= 0:
            out[o_hero + s.hero] = 1.0
            out[o_hero + n_heroes + (2 if s.grimm else s.hero_side)] = 1.0
        # -- the dice
        # (each group's fields fetched at once and compared with the memo's copies in one go)
        now = dice_fields(s)
        if now != m.dice:
            m.dice = tuple([v[:] for v in now])
            out[o_dice:o_dice + dice_size] = dice(s)
        # -- each forest card where it is seen, 1 or 2 by the side up (one zone at a time, so
        #    each zone's marks are undone and redone alone, from the list of those it set)
        f = m.forest
        tab = tableau_fields(s)
        if tab != f[0]:
            f[0] = tuple([v[:] for v in tab])
            tableau, damage, defeated = tab
            for i in f[3]:
                out[i] = 0.0
            wrote: list[int] = []
            f[3] = wrote
            for k2, code in enumerate(tableau):
                at = o_for + (code >> 1) * FW
                out[at] = 1 + (code & 1)
                out[at + FW - 2] = min(damage[k2], 20)
                out[at + FW - 1] = defeated[k2]
                wrote += (at, at + FW - 2, at + FW - 1)
        deck = s.forest_deck
        top = deck_ends(deck)
        if top != f[1]:
            f[1] = top
            for i in f[4]:
                out[i] = 0.0
            wrote = f[4] = []
            if deck:
                code = deck[0]
                wrote.append(o_for + (code >> 1) * FW + 3)
                out[wrote[-1]] = 1 + (code & 1)
                if len(deck) > 1:
                    code = deck[-1]
                    wrote.append(o_for + (code >> 1) * FW + 4)
                    out[wrote[-1]] = 1 + (code & 1)
        seen_now = seen_fields(s)
        if seen_now != f[2]:
            f[2] = tuple([v[:] for v in seen_now])
            for i in f[5]:
                out[i] = 0.0
            wrote = f[5] = []
            for zone, codes in ((1, s.drawn), (2, s.revealed)):
                for code in codes:
                    wrote.append(o_for + (code >> 1) * FW + zone)
                    out[wrote[-1]] = 1 + (code & 1)
            for b in s.bears_aside:
                wrote.append(o_for + b * FW + 5)
                out[wrote[-1]] = 1.0
            for b in s.bears_won:   # on their modifier side
                wrote.append(o_for + b * FW + 6)
                out[wrote[-1]] = 2.0
        # -- maps
        k = m.maps
        top = deck_ends(s.map_deck)
        if k is None or top != k[0] or s.active_map != k[1] or s.map_drawn != k[2]:
            m.maps = (top, s.active_map, s.map_drawn[:])
            out[o_map:o_item] = maps_zeros
            ends(out, s.map_deck, o_map, MW, 2)
            if s.active_map >= 0:
                out[o_map + (s.active_map >> 1) * MW] = 1 + (s.active_map & 1)
            for code in s.map_drawn:
                out[o_map + (code >> 1) * MW + 1] = 1 + (code & 1)
        # -- items
        k = m.items
        top = deck_ends(s.item_deck)
        if k is None or top != k[0] or s.inventory != k[1] or s.shop != k[2]:
            m.items = (top, s.inventory[:], s.shop[:])
            out[o_item:o_disc["forest"]] = items_zeros
            ends(out, s.item_deck, o_item, IW, 2)
            for zone, codes in ((0, s.inventory), (1, s.shop)):
                for code in codes:
                    out[o_item + (code >> 1) * IW + zone] = 1 + (code & 1)
        # -- the discard piles
        seen = m.discards
        if piles != seen:   # one compare of the three piles (most steps none changed)
            for j, deck_name in enumerate(("forest", "map", "item")):
                pile = piles[j]
                if pile != seen[j]:
                    at = o_disc[deck_name]
                    out[at:at + disc_size[deck_name]] = discards(deck_name, pile) if pile else disc_zeros[deck_name]
            m.discards = tuple([pile[:] for pile in piles])
        return out

    disc_zeros = {deck: array("f", bytes(4 * size)) for deck, size in disc_size.items()}
    assert o_end == lay.size
    return lay, Incremental(make, start)
