"""Italic ongoing effects (SW-032, SW-043): they hold while their card is in play, that is while
a creature lies in the River or an Explore card on a Boon space."""
from __future__ import annotations

from .state import StoryfoldState


def in_play(s: StoryfoldState) -> list[int]:
    return [c for c in s.river if c >= 0] + s.boons


def _ongoing_in_play(s: StoryfoldState) -> list[int]:
    """The cards in play that have an italic effect; usually none, found at C speed."""
    special = s.content.ongoing_cards
    if special.isdisjoint(s.river) and special.isdisjoint(s.boons):
        return []
    return [c for c in s.river + s.boons if c in special]


def modifier(s: StoryfoldState, name: str) -> int:
    """The sum of ``amount`` of every ongoing ``name`` effect in play."""
    cards = s.content.cards
    return sum(e.params["amount"] for c in _ongoing_in_play(s) for e in cards[c].ongoing if e.do == name)


def active(s: StoryfoldState, name: str) -> bool:
    """Whether any ongoing ``name`` effect is in play."""
    cards = s.content.cards
    return any(e.do == name for c in _ongoing_in_play(s) for e in cards[c].ongoing)


def max_dice(s: StoryfoldState) -> int:
    """The smallest ``max_dice`` in play (at least 1, SW-052), or no limit."""
    cards = s.content.cards
    limits = [e.params["amount"] for c in _ongoing_in_play(s) for e in cards[c].ongoing if e.do == "max_dice"]
    return max(1, min(limits)) if limits else 99


def creature_spirit(s: StoryfoldState, card: int) -> int:
    return max(0, s.content.cards[card].spirit + modifier(s, "spirit_loss"))
