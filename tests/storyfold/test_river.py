"""The River's movement rules, one table each (ruling S-2: every movement rule literally)."""
from __future__ import annotations

import pytest

from woodlands.games.storyfold import river as R

from .helpers import cid, events, names, river_of, situation

L, H, E, X = "light", "help", "explore", "heal"
M, T, W = "creature-plain", "creature-tough-start", "creature-space-2"


def rv(*cards: str | None) -> list[int]:
    return river_of(*cards)


@pytest.mark.rules("SW-046", "S-2")
@pytest.mark.parametrize("before, after", [
    ((L, None, H, E, X), (L, H, E, X)),
    ((None, None, L, H, None, E, X), (L, H, E, X)),
    ((L, H, E, X), (L, H, E, X)),
    ((None, M, L, H, E, None, X), (M, L, H, E, X)),
])
def test_clean_up_slides_every_card_left(before, after):
    r = rv(*before)
    R.clean_up(r)
    assert names(r) == list(after) + [None] * (7 - len(after))


@pytest.mark.rules("SW-045", "S-2")
@pytest.mark.parametrize("before, end", [
    ((L, H, E, X), 4),
    ((L, H, E, X, M, T, W), 7),
    ((), 0),
    ((L, H, None, E), 4),
])
def test_the_end_of_the_river_is_right_of_the_last_card(before, end):
    assert R.end_space(rv(*before)) == end


@pytest.mark.rules("SW-047", "S-2")
@pytest.mark.parametrize("before, card, space, after", [
    # onto an occupied space: that card and every card right of it move one space right
    ((L, H, E, X), M, 1, (M, L, H, E, X)),
    ((L, H, E, X), M, 3, (L, H, M, E, X)),
    ((L, H, E, X, T), M, 5, (L, H, E, X, M, T)),
    # onto the end (an empty space right of the last card)
    ((L, H, E, X), M, 5, (L, H, E, X, M)),
    # a space beyond the end is the end: no gap is left
    ((L, H, E, X), M, 7, (L, H, E, X, M)),
    ((L, H, E, X, T, W), M, 2, (L, M, H, E, X, T, W)),
])
def test_placing_on_a_space_shifts_the_rest_right(before, card, space, after):
    r = rv(*before)
    assert R.place(r, cid(card), space - 1)
    assert names(r) == list(after) + [None] * (7 - len(after))


@pytest.mark.rules("SW-047", "SW-049", "S-2")
def test_placing_into_a_full_river_is_refused():
    r = rv(L, H, E, X, M, T, W)
    assert not R.place(r, cid("creature-after-shadow"), 0)
    assert names(r) == [L, H, E, X, M, T, W]


@pytest.mark.rules("SW-048", "S-2")
@pytest.mark.parametrize("before, card, step, after", [
    ((L, H, E, X), H, -1, (H, L, E, X)),
    ((L, H, E, X), H, +1, (L, E, H, X)),
    ((L, H, E, X, M), X, +1, (L, H, E, M, X)),
    # onto the empty space right of the last card: it simply moves (nothing to swap, no gap)
    ((L, H, E, X), X, +1, (L, H, E, X)),
])
def test_moving_to_an_adjacent_space_swaps(before, card, step, after):
    r = rv(*before)
    assert R.move_adjacent(r, cid(card), step)
    assert names(r) == list(after) + [None] * (7 - len(after))


@pytest.mark.rules("SW-045", "SW-046", "SW-101", "S-2")
@pytest.mark.parametrize("before, card, after", [
    ((L, H, E, X), L, (H, E, X, L)),
    ((L, H, E, X, M), H, (L, E, X, M, H)),
    ((M, L, H, E, X, T, W), L, (M, H, E, X, T, W, L)),
    ((L, H, E, X), X, (L, H, E, X)),
])
def test_moving_a_card_to_the_end_of_the_river(before, card, after):
    r = rv(*before)
    R.move_to_end(r, cid(card))
    assert names(r) == list(after) + [None] * (7 - len(after))


@pytest.mark.rules("SW-044", "SW-045", "S-1", "S-2")
@pytest.mark.parametrize("before, card, usable, threshold", [
    ((L, H, E, X), L, True, 3),
    ((L, H, E, X), X, True, 6),
    ((M, L, H, E, X), X, False, None),
    ((M, T, L, H, E, X), H, True, 6),
    ((M, T, W, L, H, E, X), L, True, 6),
    ((M, T, W, X, L, H, E), L, False, None),
])
def test_only_numbered_spaces_can_be_used(before, card, usable, threshold):
    r = rv(*before)
    assert R.usable(r, cid(card)) is usable
    if usable:
        assert R.threshold_of_space(R.space_of(r, cid(card))) == threshold


@pytest.mark.rules("SW-049", "SW-039", "S-2")
@pytest.mark.parametrize("before, drawn, spirit_lost", [
    # full: the drawn creature is discarded and its Spirit lost
    ((L, H, E, X, M, T, W), "creature-after-shadow", 1),
    ((M, T, W, L, H, E, X), "creature-ongoing-threshold", 1),
    # its Immediately effect is not carried out: it never reaches the River (our reading)
    ((L, H, E, X, M, T, W), "creature-immediate-spirit", 0),
])
def test_drawing_a_creature_into_a_full_river(before, drawn, spirit_lost):
    s = situation([("draw_creature",)], river=before, creature_deck=[cid(drawn)])
    assert names(s.river) == list(before)
    assert s.creature_discard == [cid(drawn)]
    assert s.spirit_left() == 11 - spirit_lost
    assert events(s, "creature_overflow")


@pytest.mark.rules("SW-039", "SW-047", "S-2")
@pytest.mark.parametrize("card, before, after", [
    ("creature-plain", (L, H, E, X), (L, H, E, X, M)),                    # place = end
    ("creature-tough-start", (L, H, E, X), (T, L, H, E, X)),              # place = start
    ("creature-space-2", (L, H, E, X, M), (L, W, H, E, X, M)),            # place = 2
])
def test_a_drawn_creature_goes_where_its_card_says(card, before, after):
    s = situation([("draw_creature",)], river=before, creature_deck=[cid(card)])
    assert names(s.river) == list(after) + [None] * (7 - len(after))
