"""The hot loop's shortcuts agree with the plain readings they stand for.

A few readings are asked several times per decision, so they have a fast form beside the plain
one (docs/storyfold.md, "Speed").  These tests walk seeded random games of both packs and, at
every decision, compare the two forms on the very same position.
"""
from __future__ import annotations

import random

import pytest

import woodlands
from woodlands.games.storyfold.content_loader import DEFAULT_PACK
from woodlands.games.storyfold.dice import count_successes, threshold
from woodlands.games.storyfold.locations import can_visit, why_not_visit
from woodlands.games.storyfold.model import THRESHOLDS
from woodlands.games.storyfold.ongoing import active, max_dice, modifier
from woodlands.games.storyfold.river import clean_up, end_space, move_to_end

from tests.support import play_random
from .helpers import GAME

GAMES = [GAME]
if (DEFAULT_PACK / "pack.toml").is_file():
    GAMES.append(woodlands.load_game("storyfold"))

ONGOING = ("threshold", "max_dice", "no_crystal_spend", "creature_icons", "spirit_loss")


def plain_effects(s, name):
    """Every ongoing ``name`` effect of every card in play, the long way round (SW-032, SW-043)."""
    cards = s.content.cards
    return [e for c in [c for c in s.river if c >= 0] + s.boons for e in cards[c].ongoing if e.do == name]


def check_fast_forms(s) -> None:
    scene = s.content.scenes[s.scene]
    if len(s.visited) == len(scene.locations):
        for loc in scene.locations:
            assert can_visit(s, loc) == (why_not_visit(s, loc) is None), (loc.id, why_not_visit(s, loc))
    for name in ONGOING:
        found = plain_effects(s, name)
        assert modifier(s, name) == sum(e.params.get("amount", 0) for e in found), name
        assert active(s, name) == bool(found), name
    limits = [e.params["amount"] for e in plain_effects(s, "max_dice")]
    assert max_dice(s) == (max(1, min(limits)) if limits else 99)
    if s.action >= 0 and s.rolled:
        t = THRESHOLDS[s.action_space - 1] + sum(e.params["amount"] for e in plain_effects(s, "threshold"))
        assert threshold(s) == t
        assert count_successes(s) == sum(1 for d in s.rolled if s.faces[d] >= t)
    creatures = [c for c in s.river if c >= 0 and s.content.cards[c].kind == "creature"]
    assert s.creatures_in_river() == creatures


@pytest.mark.rules("SW-056", "SW-057", "SW-058", "SW-059", "SW-060", "SW-032", "SW-043", "S-1")
@pytest.mark.parametrize("which", range(len(GAMES)))
@pytest.mark.parametrize("seed", [3, 17, 2024])
def test_fast_readings_agree_with_the_plain_ones_at_every_decision(which, seed):
    s = GAMES[which].new_game(seed=seed, options={"scene_limit": 60})
    check_fast_forms(s)
    play_random(s, random.Random(seed), each=check_fast_forms)


@pytest.mark.rules("SW-045", "SW-046")
@pytest.mark.parametrize("seed", range(40))
def test_move_to_end_is_lift_clean_up_and_put_last(seed):
    """The one-pass move_to_end equals the rule spelt out step by step (module docstring)."""
    r = random.Random(seed)
    cards = r.sample(range(20), r.randint(1, 7))
    river = cards + [-1] * (7 - len(cards))
    r.shuffle(river)
    card = r.choice(cards)
    slow = river[:]
    slow[slow.index(card)] = -1
    clean_up(slow)
    slow[end_space(slow)] = card
    fast = river[:]
    move_to_end(fast, card)
    assert fast == slow
    with pytest.raises(ValueError):
        move_to_end(fast, 99)
