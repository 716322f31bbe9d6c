"""Italic ongoing effects (SW-032, SW-043): they hold while their card is in play, that is while
a creature lies in the River or an Explore card on a Boon space."""
from __future__ import annotations

from .state import StoryfoldState


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
    cards = s.content.ongoing_amount.get(name)
    return cards is not None and not (cards.keys().isdisjoint(s.river) and cards.keys().isdisjoint(s.boons))


def max_dice(s: StoryfoldState) -> int:
    """The smallest ``max_dice`` in play (at least 1, SW-052), or no limit (99)."""
    least = s.content.ongoing_least.get("max_dice")
    river, boons = s.river, s.boons
    if least is None or (least.keys().isdisjoint(river) and least.keys().isdisjoint(boons)):
        return 99
    limit = 99
    for card, amount in least.items():      # a handful of cards; each is in one place at most
        if amount < limit and (card in river or card in boons):
            limit = amount
    return max(1, limit)


def creature_spirit(s: StoryfoldState, card: int) -> int:
    return max(0, s.content.cards[card].spirit + modifier(s, "spirit_loss"))
