"""The River (SW-044..SW-049; rulings S-1, S-2).

Seven spaces; spaces 1..4 are numbered "3+" "4+" "5+" "6+" (an Action card there can be used and
its number is the success threshold), spaces 5..7 are unnumbered.  The River is a list of 7
entries, ``-1`` for an empty space.  The movement rules are pure functions on such a list (the
table tests in tests/storyfold/test_river.py drive them directly); the state wrappers below add
the log.

"The end of the River" is the space just right of the last card.  Moving a card that is already
in the River to the end (our reading, docs/storyfold.md): lift it, clean up the gap it leaves,
then put it right of the last card, so a full River stays full and the card ends up last.
"""
from __future__ import annotations

from .model import NUMBERED_SPACES, RIVER_SPACES, THRESHOLDS
from .state import StoryfoldState

River = list[int]
EMPTY = -1


def clean_up(river: River) -> None:
    """SW-046: slide every card left to close the gaps (order kept)."""
    cards = [c for c in river if c != EMPTY]
    river[:] = cards + [EMPTY] * (RIVER_SPACES - len(cards))


def end_space(river: River) -> int:
    """SW-045: the 0-based index just right of the last card (7 when the last space is full)."""
    for i in range(len(river) - 1, -1, -1):
        if river[i] != EMPTY:
            return i + 1
    return 0


def place(river: River, card: int, index: int) -> bool:
    """SW-047: put ``card`` on space ``index`` (0-based); a card in the way and every card right of
    it move one space further right.  Returns False (nothing changes) when that would push a card
    off the seventh space.  A space beyond the end is the end (no gap is left)."""
    index = min(index, end_space(river))
    if index >= RIVER_SPACES:
        return False
    if river[index] == EMPTY:
        river[index] = card
        return True
    # the card in the way and every card to its right, up to the first gap, shift one space right
    gap = next((i for i in range(index, RIVER_SPACES) if river[i] == EMPTY), None)
    if gap is None:
        return False
    river[index + 1:gap + 1] = river[index:gap]
    river[index] = card
    return True


def move_to_end(river: River, card: int) -> None:
    """Move a card already in the River to the end of the River (see the module's reading): lift
    it, clean up, put it right of the last card; in one pass, as every action ends with it."""
    if card not in river:
        raise ValueError(f"card {card} is not in the River")
    cards = [c for c in river if c != EMPTY and c != card]
    cards.append(card)
    river[:] = cards + [EMPTY] * (RIVER_SPACES - len(cards))


def move_adjacent(river: River, card: int, step: int) -> bool:
    """SW-048: moving a card to the next space (step -1 left, +1 right) swaps it with the card
    there; onto an empty space it simply moves (then the River is cleaned up).  False if there is
    no such space."""
    i = river.index(card)
    j = i + step
    if not 0 <= j < RIVER_SPACES:
        return False
    river[i], river[j] = river[j], river[i]
    clean_up(river)
    return True


def remove(river: River, card: int) -> None:
    """Take a card out of the River and clean up (SW-046)."""
    river[river.index(card)] = EMPTY
    clean_up(river)


def space_of(river: River, card: int) -> int:
    """The 1-based River space a card lies on."""
    return river.index(card) + 1


def usable(river: River, card: int) -> bool:
    """SW-045: only an Action card on a numbered space can be used."""
    return card in river and river.index(card) < NUMBERED_SPACES


def threshold_of_space(space: int) -> int:
    """Ruling S-1: the number printed on a numbered River space (1-based)."""
    return THRESHOLDS[space - 1]


# ------------------------------------------------------------------ with the log
def log_river(s: StoryfoldState, why: str) -> None:
    ids = s.content.card_ids
    s.emit("river", why=why, cards=[ids[c] if c != EMPTY else None for c in s.river])
