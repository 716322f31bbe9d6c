"""The Bears (TG-091..TG-095; ruling T-14)."""
from __future__ import annotations

from .registry import steps
from .state import TanglewoodsState
from .stats import check_flip

BEARS_TO_WIN = 3


def win_bear(s: TanglewoodsState, idx: int) -> None:
    """A defeated bear turns to its modifier side beside the hero (not an item: TG-093); the
    third one wins the game at once (TG-095), even in the middle of an Engagement."""
    s.bears_won.append(idx)
    s.emit("bear_defeated", bear=s.content.forest[idx].id, defeated=len(s.bears_won))
    if len(s.bears_won) >= BEARS_TO_WIN:
        s.end_game("win", round=s.round, bears_defeated=len(s.bears_won), health=s.health, gold=s.gold)
        return
    check_flip(s, "bear_defeated")


@steps.auto("bait")
def bait(s: TanglewoodsState, idx: int) -> None:
    """Bait (TG-079, TG-091): the bear is shuffled into the Forest Deck, enemy side up."""
    s.bears_aside.remove(idx)
    s.forest_deck.append(idx * 2)
    s.rng.shuffle(s.forest_deck)
    s.emit("bait", bear=s.content.forest[idx].id)
