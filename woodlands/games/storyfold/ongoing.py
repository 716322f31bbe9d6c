"""Italic ongoing effects (SW-032, SW-043): they hold while their card is in play, that is while
a creature lies in the River or an Explore card on a Boon space."""
from __future__ import annotations

from typing import cast

from .state import StoryfoldState


def in_play(s: StoryfoldState) -> list[int]:
    return [c for c in s.river if c >= 0] + s.boons


def _with_ongoing(s: StoryfoldState) -> frozenset[int]:
    """The cards of the pack that have an italic effect (memoised per game)."""
    found = s.game.memo.get("ongoing_cards")
    if found is None:
        found = s.game.memo["ongoing_cards"] = frozenset(c.index for c in s.content.cards if c.ongoing)
    return cast(frozenset[int], found)


def modifier(s: StoryfoldState, name: str) -> int:
    """The sum of ``amount`` of every ongoing ``name`` effect in play."""
    total = 0
    cards = s.content.cards
    special = _with_ongoing(s)
    if not special:
        return 0
    for group in (s.river, s.boons):
        for c in group:
            if c in special:
                for e in cards[c].ongoing:
                    if e.do == name:
                        total += e.params["amount"]
    return total


def active(s: StoryfoldState, name: str) -> bool:
    """Whether any ongoing ``name`` effect is in play."""
    cards = s.content.cards
    return any(e.do == name for c in in_play(s) for e in cards[c].ongoing)


def max_dice(s: StoryfoldState) -> int:
    """The smallest ``max_dice`` in play (at least 1, SW-052), or no limit."""
    cards = s.content.cards
    limits = [e.params["amount"] for c in in_play(s) for e in cards[c].ongoing if e.do == "max_dice"]
    return max(1, min(limits)) if limits else 99


def creature_icons(s: StoryfoldState, card: int) -> int:
    """Successes needed to blind or heal a creature (or heal a Trauma): its icons, changed by
    ``creature_icons`` effects for creatures, never below 1."""
    c = s.content.cards[card]
    if c.kind != "creature":
        return c.icons
    return max(1, c.icons + modifier(s, "creature_icons"))


def creature_spirit(s: StoryfoldState, card: int) -> int:
    return max(0, s.content.cards[card].spirit + modifier(s, "spirit_loss"))
