"""Italic ongoing effects (SW-032, SW-043): they hold while their card is in play, that is while
a creature lies in the River or an Explore card on a Boon space."""
from __future__ import annotations

from .state import StoryfoldState


def in_play(s: StoryfoldState) -> list[int]:
    return [c for c in s.river if c >= 0] + s.boons


def _in_play_with(s: StoryfoldState, name: str) -> list[int]:
    """The cards in play with an italic ``name`` effect."""
    special = s.content.ongoing_by_effect.get(name, ())
    return [c for c in s.river + s.boons if c in special]


# The three readings below are asked several times per action, and almost always no such card is
# in play: each first decides that with two set tests at C speed, without a further call.
def modifier(s: StoryfoldState, name: str) -> int:
    """The sum of ``amount`` of every ongoing ``name`` effect in play."""
    special = s.content.ongoing_by_effect.get(name)
    if special is None or (special.isdisjoint(s.river) and special.isdisjoint(s.boons)):
        return 0
    amount = s.content.ongoing_amount[name]
    return sum([amount[c] for c in s.river if c in special]) + sum([amount[c] for c in s.boons if c in special])


def active(s: StoryfoldState, name: str) -> bool:
    """Whether any ongoing ``name`` effect is in play."""
    special = s.content.ongoing_by_effect.get(name)
    return special is not None and not (special.isdisjoint(s.river) and special.isdisjoint(s.boons))


def max_dice(s: StoryfoldState) -> int:
    """The smallest ``max_dice`` in play (at least 1, SW-052), or no limit."""
    special = s.content.ongoing_by_effect.get("max_dice")
    if special is None or (special.isdisjoint(s.river) and special.isdisjoint(s.boons)):
        return 99
    cards = s.content.cards
    limits: list[int] = [e.params["amount"] for c in _in_play_with(s, "max_dice") for e in cards[c].ongoing
                         if e.do == "max_dice"]
    return max(1, min(limits))


def creature_spirit(s: StoryfoldState, card: int) -> int:
    return max(0, s.content.cards[card].spirit + modifier(s, "spirit_loss"))
