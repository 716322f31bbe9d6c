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
from .observe import Layout, Writer, decision_kinds, onehot

PHASES = ("setup", "map", "forest", "bribery", "strategy", "resolve", "merchant")
FOREST_ZONES = ("tableau", "drawn", "revealed", "discard", "deck_top", "deck_bottom", "bear_aside", "bear_won")
MAP_ZONES = ("active", "choice", "discard", "deck_top", "deck_bottom")
ITEM_ZONES = ("inventory", "shop", "discard", "deck_top", "deck_bottom")
#: rounds are counted up to this (a longer game reads as this many)
MAX_ROUND = 1000


def build(game: Game, options: dict[str, Any]) -> tuple[Layout, Writer]:
    c: Any = game.content
    lay = Layout()
    kinds = sorted(decision_kinds(game))
    kind_at = {k: i for i, k in enumerate(kinds)}
    phase_at = {p: i for i, p in enumerate(PHASES)}
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
    o_for = lay.add("forest", [f"{card.id}.{z}" for card in c.forest for z in (*FOREST_ZONES, "night", "damage", "defeated")],
                    0, 20, "per forest card: where it is seen (one of " + ", ".join(FOREST_ZONES) +
                    "), its night side up, damage taken and defeated (in the tableau)")
    o_map = lay.add("maps", [f"{card.id}.{z}" for card in c.maps for z in (*MAP_ZONES, "night")], 0, 1,
                    "per map card: where it is seen and its night side up")
    o_item = lay.add("items", [f"{card.id}.{z}" for card in c.items for z in (*ITEM_ZONES, "upgraded")], 0, 1,
                     "per item card: where it is seen and its upgraded side up")
    FW, MW, IW = len(FOREST_ZONES) + 3, len(MAP_ZONES) + 1, len(ITEM_ZONES) + 1
    n_heroes = len(c.heroes)
    colour_at = [COLOURS.index(col) for col in DIE_COLOUR]

    def card(out: Any, base: int, width: int, zone: int, code: int, side_at: int) -> None:
        at = base + (code >> 1) * width
        out[at + zone] = 1.0
        if code & 1:
            out[at + side_at] = 1.0

    def write(s: Any, seat: int, out: Any) -> None:
        d = s.decision
        if d is not None and not s.over:
            out[o_dec + kind_at[d.kind]] = 1.0
        out[o_phase + phase_at[s.phase]] = 1.0
        sc = (min(s.round, MAX_ROUND), s.difficulty, s.health, s.strategy, s.recovery, s.gold, len(s.bears_won),
              s.passes, s.cycle_draws, s.buys, s.map_complete, "ability" in s.used, s.over,
              len(s.forest_deck), len(s.map_deck), len(s.item_deck),
              len(s.forest_discard), len(s.map_discard), len(s.item_discard))
        out[o_sc:o_sc + len(sc)] = array("f", sc)
        if s.hero >= 0:
            out[o_hero + s.hero] = 1.0
            out[o_hero + n_heroes + (2 if s.grimm else s.hero_side)] = 1.0
        face, applied = s.dice_face, s.dice_applied
        for die, zone in enumerate(s.dice_zone):
            base = o_dice + 9 * colour_at[die]
            out[base + zone] += 1.0
            if zone == COMMITTED:
                out[base + (8 if applied[die] else 5 + face[die])] += 1.0
        # forest cards
        damage, defeated = s.damage, s.defeated
        for k, code in enumerate(s.tableau):
            card(out, o_for, FW, 0, code, FW - 3)
            at = o_for + (code >> 1) * FW
            out[at + FW - 2] = min(damage[k], 20)
            out[at + FW - 1] = defeated[k]
        for code in s.drawn:
            card(out, o_for, FW, 1, code, FW - 3)
        for code in s.revealed:
            card(out, o_for, FW, 2, code, FW - 3)
        for code in s.forest_discard:
            card(out, o_for, FW, 3, code, FW - 3)
        deck = s.forest_deck
        if deck:
            card(out, o_for, FW, 4, deck[0], FW - 3)
            if len(deck) > 1:   # its underside shows: the side up is the other one
                card(out, o_for, FW, 5, deck[-1], FW - 3)
        for b in s.bears_aside:
            out[o_for + b * FW + 6] = 1.0
        for b in s.bears_won:   # on their modifier side
            out[o_for + b * FW + 7] = 1.0
        # maps
        if s.active_map >= 0:
            card(out, o_map, MW, 0, s.active_map, MW - 1)
        for code in s.map_drawn:
            card(out, o_map, MW, 1, code, MW - 1)
        for code in s.map_discard:
            card(out, o_map, MW, 2, code, MW - 1)
        deck = s.map_deck
        if deck:
            card(out, o_map, MW, 3, deck[0], MW - 1)
            if len(deck) > 1:
                card(out, o_map, MW, 4, deck[-1], MW - 1)
        # items
        for code in s.inventory:
            card(out, o_item, IW, 0, code, IW - 1)
        for code in s.shop:
            card(out, o_item, IW, 1, code, IW - 1)
        for code in s.item_discard:
            card(out, o_item, IW, 2, code, IW - 1)
        deck = s.item_deck
        if deck:
            card(out, o_item, IW, 3, deck[0], IW - 1)
            if len(deck) > 1:
                card(out, o_item, IW, 4, deck[-1], IW - 1)

    return lay, write
