"""Invariants that must hold after every decision (checked by the tests in many random games).

``check_invariants`` raises AssertionError naming the first broken one.
"""
from __future__ import annotations

from collections import Counter

from .model import RIVER_SPACES, SPIRIT_SPACES
from .state import CARD_ZONES, StoryfoldState


def check_invariants(s: StoryfoldState) -> None:
    c = s.content
    river = s.river
    assert len(river) == RIVER_SPACES, f"the River has {len(river)} spaces, not 7 (SW-044)"
    for a in c.actions:
        assert a in river, f"Action card {c.cards[a].id} is not in the River"
    cards_here = [x for x in river if x >= 0]
    assert len(cards_here) <= RIVER_SPACES
    if s.decision is not None:
        filled = [x >= 0 for x in river]
        assert filled == sorted(filled, reverse=True), f"a gap in the River at a decision: {filled} (SW-046)"
    for i, n in enumerate(s.crystals):
        assert 0 <= n <= 3, f"{n} Crystals on {c.cards[c.actions[i]].id} (SW-069)"
    assert 1 <= s.spirit_pos <= SPIRIT_SPACES, f"Spirit marker on space {s.spirit_pos} (S-4)"
    if s.phase in ("luma", "shadow"):
        scene = c.scenes[s.scene]
        assert 1 <= s.light <= scene.middle, f"Light marker on {s.light}, middle {scene.middle} (SW-065)"
        assert scene.middle <= s.shadow <= scene.track_length, f"Shadow marker on {s.shadow} (SW-065)"
    assert len(s.boons) <= 3, f"{len(s.boons)} cards on the Boon spaces (S-5)"
    for st in s.stunned:
        assert st in river, f"a Stun token on {c.cards[st].id}, which is not in the River"
    assert len(set(s.stunned)) == len(s.stunned), "a creature with two Stun tokens (SW-076)"
    where: Counter[int] = Counter()
    for zone in CARD_ZONES:
        where.update(x for x in getattr(s, zone) if x >= 0)
    twice = [c.cards[x].id for x, n in where.items() if n > 1]
    assert not twice, f"cards in two places at once: {twice}"
    for zone, kinds in (("creature_deck", ("creature",)), ("creature_discard", ("creature",)),
                        ("shadow_deck", ("shadow",)), ("shadow_discard", ("shadow",)),
                        ("explore_deck", ("boon", "bane", "companion", "trauma")),
                        ("explore_discard", ("boon", "bane", "companion", "trauma")),
                        ("boons", ("boon", "companion", "trauma")), ("chapter_deck", ("story",))):
        wrong = [c.cards[x].id for x in getattr(s, zone) if c.cards[x].kind not in kinds]
        assert not wrong, f"{zone} holds {wrong}"
    assert all(d in (8, 10, 12) for d in s.dice) and s.dice[:5] == [8] * 5, f"dice {s.dice} (S-3)"
    assert len(s.dice) == len(set(s.dice[5:])) + 5, f"two extra dice of one size: {s.dice}"
