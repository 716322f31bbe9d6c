"""Invariants that must hold after every decision (checked by the tests in many random games).

>>> import woodlands, random
>>> s = woodlands.load_game("tanglewoods").new_game(seed=2)
>>> check_invariants(s)
[]
"""
from __future__ import annotations

from collections import Counter

from .model import DICE_PER_COLOUR, DIE_COLOUR
from .state import TanglewoodsState


def check_invariants(s: TanglewoodsState) -> list[str]:
    """Every broken invariant, in words; an empty list when all hold."""
    problems = []
    c = s.content
    # 17 dice, each in exactly one zone (the zone list has one entry per die)
    if len(s.dice_zone) != 17 or Counter(DIE_COLOUR) != Counter(DICE_PER_COLOUR):
        problems.append("the dice are not the 17 of ruling T-1")
    if any(z not in (0, 1, 2, 3) for z in s.dice_zone):
        problems.append(f"a die in an unknown zone: {s.dice_zone}")
    # every card in exactly one place, once the play area is laid out (setup 3)
    maps = Counter(x >> 1 for x in s.map_deck + s.map_discard + s.map_drawn + ([s.active_map] if s.active_map >= 0 else []))
    if maps:
        forest = Counter(x >> 1 for x in s.forest_deck + s.forest_discard + s.drawn + s.tableau + s.revealed)
        forest.update(s.bears_aside)
        forest.update(s.bears_won)
        items = Counter(x >> 1 for x in s.item_deck + s.item_discard + s.inventory + s.shop)
        for name, seen, cards in (("forest", forest, c.forest), ("map", maps, c.maps), ("item", items, c.items)):
            dup = [cards[i].id for i, n in seen.items() if n != 1]
            lost = [card.id for card in cards if card.index not in seen]
            if dup or lost:
                problems.append(f"{name} cards misplaced: duplicated {dup}, missing {lost}")
    # parallel tableau lists
    if not len(s.tableau) == len(s.damage) == len(s.defeated) == len(s.wilds):
        problems.append("tableau lists out of step")
    if not 0 <= s.gold <= 20:
        problems.append(f"gold {s.gold} outside 0..20 (TG-084, TG-085)")
    if not s.over:
        for name in ("health", "strategy", "recovery"):
            v = getattr(s, name)
            if not 1 <= v <= 6:
                problems.append(f"{name} {v} outside 1..6 while the game goes on (T-2)")
    if not 0 <= len(s.bears_won) <= 3:
        problems.append(f"{len(s.bears_won)} bears defeated")
    if s.over and s.outcome and s.outcome["result"] == "win" and len(s.bears_won) != 3:
        problems.append("a win without three bears")
    if not s.over and len(s.inventory) > s.strategy and s.decision and s.decision.kind != "item_limit":
        problems.append(f"{len(s.inventory)} items with Strategy {s.strategy} (T-8)")
    return problems
