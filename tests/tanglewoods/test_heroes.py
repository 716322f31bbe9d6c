"""Hero flips and Universal Heroes (TG-108; ruling T-16)."""
from __future__ import annotations

import pytest

from woodlands.games.tanglewoods.modifiers import modifier
from woodlands.games.tanglewoods.strategy_phase import defeat
from tests.tanglewoods.helpers import HALT, events, fc, mc, play, rig_rolls, situation


def forest(deck, **kw):
    kw.setdefault("active_map", mc("map-w"))
    return situation(["forest_phase", HALT], forest_deck=list(deck), **kw)


@pytest.mark.rules("T-16")
def test_T16_a_flip_changes_side_but_only_the_stats_the_card_names():
    """Ruling T-16: the Hunter flips after its first defeat of the round; its new side says
    Strategy becomes 5, so Strategy changes and Health/Recovery stay as they were (the new
    side's printed 2 and 1 are starting values, not replacements)."""
    s = situation(["strategy_phase", HALT], hero="defeat-flip-hero", tableau=[fc("north-imp"), fc("tough-minion")],
                  health=5, strategy=2, recovery=3, active_map=mc("map-n"))
    play(s, "commit:red")
    rig_rolls(s, "crit")
    play(s, "roll", "apply:red:crit:north-imp")
    assert s.hero_side == 1
    assert (s.health, s.strategy, s.recovery) == (5, 5, 3)
    assert events(s, "hero_flip") == [{"type": "hero_flip", "hero": "defeat-flip-hero", "to": "b",
                                       "name": "Hunter Reverse"}]
    assert s.view(0)["hero"]["side"] == "b"


@pytest.mark.rules("T-16")
def test_T16_an_effect_can_flip_an_ordinary_hero():
    """Ruling T-16: a card effect flips a hero that is not universal to its other side; with no text
    about stats on that side, the stats stay."""
    s = forest([fc("north-imp"), fc("special-flip-hero")], hero="plain-hero", health=5, strategy=3, recovery=3)
    play(s, "place:special-flip-hero")
    assert s.hero_side == 1 and not s.grimm
    assert (s.health, s.strategy, s.recovery) == (5, 3, 3)


@pytest.mark.rules("TG-108", "T-16")
def test_TG108_a_universal_hero_is_replaced_by_the_brothers_grimm_instead_of_flipping():
    """TG-108: an effect that would flip a universal hero brings in the Brothers Grimm card
    instead; the hero side does not change; Grimm's own text then applies (here: +1 Health on
    arrival and 1 less damage suffered). Also checks T-16."""
    s = forest([fc("north-imp"), fc("special-flip-hero")], hero="universal-hero", health=5)
    play(s, "place:special-flip-hero")
    assert s.grimm and s.hero_side == 0
    assert events(s, "hero_flip") == [{"type": "hero_flip", "hero": "universal-hero", "to": "brothers-grimm"}]
    assert s.health == 6
    assert modifier(s, "damage_suffered") == -1
    view = s.view(0)["hero"]
    assert view["side"] == "grimm" and view["name"] == "Test Grimm" and view["universal"] is True


@pytest.mark.rules("TG-108")
def test_TG108_a_universal_heros_own_flip_trigger_also_brings_grimm_and_only_once():
    """TG-108: the hero's own trigger (Health 3 or less) brings Grimm too; later flips do
    nothing more."""
    s = forest([fc("north-imp"), fc("ambush-lose-health")], hero="universal-hero", health=5)
    assert s.grimm and s.health == 4                # 5 - 2 = 3 triggers; Grimm adds 1
    assert len(events(s, "hero_flip")) == 1
    s2 = forest([fc("north-imp"), fc("special-flip-hero")], hero="universal-hero", grimm=True, health=5)
    play(s2, "place:special-flip-hero")
    assert s2.grimm and not events(s2, "hero_flip") and s2.health == 5


@pytest.mark.rules("T-16")
def test_T16_a_defeated_bear_counts_for_an_enemies_defeated_flip():
    """Ruling T-16: a bear is an enemy, so beating one trips a hero's "enemies defeated this
    round" flip trigger like any minion would."""
    s = situation([HALT], hero="defeat-flip-hero", tableau=[fc("papa-bear", "enemy")])
    s.stack.clear()
    s.pending, s.decision = None, None
    s.stack.append(HALT if isinstance(HALT, tuple) else (HALT,))
    defeat(s, 0)
    s.advance()
    assert s.defeats_this_round == 1 and len(s.bears_won) == 1
    assert s.hero_side == 1 and s.strategy == 5
