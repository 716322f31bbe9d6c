"""Decks of double-faced cards: drawing, discarding, reshuffling (TG-036, TG-068, TG-069;
rulings T-10, T-11, T-17).  A card keeps the side it faced when discarded, and reshuffles never
flip anything."""
from __future__ import annotations

from .state import TanglewoodsState


def flip(code: int) -> int:
    return code ^ 1


def to_side(code: int, side: int) -> int:
    return (code & ~1) | side


def _refill(s: TanglewoodsState, deck: list[int], discard: list[int], name: str) -> bool:
    """An empty deck is rebuilt from its discard pile, facings untouched."""
    if deck or not discard:
        return bool(deck)
    deck.extend(discard)
    discard.clear()
    s.rng.shuffle(deck)
    s.emit("reshuffle", deck=name, cards=len(deck))
    return True


def draw_forest(s: TanglewoodsState) -> int | None:
    """One card from the bottom of the Forest Deck (TG-033), or None if deck and discard are empty."""
    if not _refill(s, s.forest_deck, s.forest_discard, "forest"):
        return None
    code = s.forest_deck.pop()
    if code & 1 == 0 and s.content.forest[code >> 1].kind != "bear":
        s.day_drawn = True
    return code


def forest_can_draw(s: TanglewoodsState) -> bool:
    return bool(s.forest_deck or s.forest_discard)


def draw_map(s: TanglewoodsState) -> int | None:
    """Maps come off the top (TG-019)."""
    if not _refill(s, s.map_deck, s.map_discard, "map"):
        return None
    code = s.map_deck.pop(0)
    return code


def draw_item(s: TanglewoodsState) -> int | None:
    """Shop items come off the bottom (TG-073)."""
    if not _refill(s, s.item_deck, s.item_discard, "item"):
        return None
    return s.item_deck.pop()


def draw_random_item(s: TanglewoodsState) -> int | None:
    """A random card of the Item Deck (difficulty 2; ruling T-20: seeded chance)."""
    if not _refill(s, s.item_deck, s.item_discard, "item"):
        return None
    return s.item_deck.pop(s.rng.below(len(s.item_deck)))
