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
from woodlands.games.storyfold.actions import BOTTOM_OPTIONS, TOP, action_options, need_by_targets, targets
from woodlands.games.storyfold.dice import count_successes, threshold
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


def plain_action_options(s):
    """SW-101 a, SW-045, SW-052 worked out from scratch: every Action card on a numbered space,
    its top effect on each target, then its bottom effect; none with every die used."""
    if all(s.dice_used):
        return []
    out = []
    for card in s.river[:4]:
        if card >= 0 and s.content.cards[card].kind == "action":
            name = s.content.cards[card].id
            out += [(f"act:{name}:top:{ident}", f"{name.title()}: {TOP[name]}: {label} (needs {need})")
                    for ident, label, need in targets(s, name)]
            out.append(tuple(BOTTOM_OPTIONS[name]))
    return out


def check_fast_forms(s) -> None:
    assert [(o.id, o.label) for o in action_options(s)] == [(o[0], o[1]) for o in plain_action_options(s)]
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
    check_carried_roll_facts(s)


def check_carried_roll_facts(s) -> None:
    """The threshold and need that an action's steps carry from start_action (instead of
    working them out at each step) are what the plain readings say at every step that shows
    them: the roll, after the roll, and the fallback when the top effect falls short."""
    d = s.decision
    if d is None or d.kind not in ("roll", "after_roll", "fallback"):
        return
    t = THRESHOLDS[s.action_space - 1] + sum(e.params["amount"] for e in plain_effects(s, "threshold"))
    need = need_by_targets(s) if s.effect == "top" else None
    if d.kind == "fallback":     # the step resolve_action pushed says what the need was
        assert d.data["need"] == need
        return
    assert d.data["threshold"] == t
    assert d.data["need"] == need


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


@pytest.mark.rules("SW-003", "SW-012", "SW-032", "SW-043")
@pytest.mark.skipif(len(GAMES) < 2, reason="needs the default pack")
def test_luma_options_follow_an_ongoing_icon_change_with_the_same_creatures():
    """The cached Luma options must change when only an ongoing ``creature_icons`` effect arrives
    on a Boon space, the creatures in the River staying the same."""
    game = GAMES[1]
    c = game.content
    s = game.new_game(seed=5, options={"scene_limit": 60})
    helper = next(b for b in c.ongoing_amount.get("creature_icons", {}) if c.cards[b].kind != "creature")
    creature = next(k.index for k in c.cards if k.kind == "creature" and k.icons >= 2 and not k.ongoing)
    s.river = list(c.actions) + [creature, -1, -1]
    s.boons = []
    s.dice_used = [False] * len(s.dice)
    before = action_options(s)
    assert [(o.id, o.label) for o in before] == [(o[0], o[1]) for o in plain_action_options(s)]
    s.boons = [helper]
    after = action_options(s)
    assert [(o.id, o.label) for o in after] == [(o[0], o[1]) for o in plain_action_options(s)]
    assert before != after


@pytest.mark.rules("SW-056", "SW-057")
def test_luma_options_follow_the_light_marker_reaching_the_middle():
    """SW-057: a location with the progress icon is offered once the Light marker is on the
    middle space, although nothing else about the River or the markers changed."""
    from .helpers import situation
    s = situation(scene="scene-locations")
    assert "act:help:top:help-progress" not in {o.id for o in action_options(s)}
    s.light = s.content.scenes[s.scene].middle
    assert "act:help:top:help-progress" in {o.id for o in action_options(s)}
    assert [(o.id, o.label) for o in action_options(s)] == [(o[0], o[1]) for o in plain_action_options(s)]


@pytest.mark.rules("SW-059")
@pytest.mark.skipif(len(GAMES) < 2, reason="needs the default pack")
def test_luma_options_follow_a_location_condition_coming_true():
    """SW-059: a location whose condition reads a story flag is offered once the flag is set,
    although the River, the markers and the Light marker stay as they were."""
    game = GAMES[1]
    c = game.content
    scene, loc = next((sc, loc) for sc in c.scenes for loc in sc.locations
                      if any(name == "flag" for name, _ in loc.condition))
    flag = next(arg for name, arg in loc.condition if name == "flag")
    s = game.new_game(seed=5, options={"scene_limit": 60})
    s.scene, s.visited, s.flags = scene.index, [False] * len(scene.locations), []
    s.river, s.boons, s.dice_used = list(c.actions) + [-1, -1, -1], [], [False] * len(s.dice)
    wanted = f"act:{loc.kind}:top:{loc.id}"
    assert wanted not in {o.id for o in action_options(s)}
    s.flags = [flag]
    assert wanted in {o.id for o in action_options(s)}
    assert [(o.id, o.label) for o in action_options(s)] == [(o[0], o[1]) for o in plain_action_options(s)]
