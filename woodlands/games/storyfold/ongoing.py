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


# The readings below are asked several times per action: each looks for the few cards that have
# such an effect, rather than walking every card in play.
def modifier(s: StoryfoldState, name: str) -> int:
    """The sum of ``amount`` of every ongoing ``name`` effect in play."""
    amounts = s.content.ongoing_amount.get(name)
    if not amounts:
        return 0
    river, boons = s.river, s.boons
    total = 0
    for card, amount in amounts.items():   # a handful of cards; each is in one place at most
        if card in river or card in boons:
            total += amount
    return total


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
