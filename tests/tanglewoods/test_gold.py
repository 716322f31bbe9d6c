"""Gold (TG-083..TG-088)."""
from __future__ import annotations

import pytest

from woodlands.games.tanglewoods.gold import gain_gold, lose_gold, pay_gold
from tests.tanglewoods.helpers import HALT, assert_illegal, events, fc, ids, kind, mc, play, situation


def forest(deck, **kw):
    kw.setdefault("active_map", mc("map-w"))
    return situation(["forest_phase", HALT], forest_deck=list(deck), **kw)


@pytest.mark.rules("TG-083")
def test_TG083_gaining_adds_and_spending_subtracts():
    """TG-083: a special effect adds 2; a bribe takes 2."""
    s = forest([fc("north-imp"), fc("special-gain-gold")], gold=7)
    play(s, "place:special-gain-gold")
    assert s.gold == 9
    s = situation(["bribery_phase", HALT], tableau=[fc("north-imp")], gold=7, active_map=mc("map-n"))
    play(s, "bribe:north-imp")
    assert s.gold == 5
    assert [e["change"] for e in events(s, "gold")] == [-2]


@pytest.mark.rules("TG-084")
def test_TG084_gold_never_goes_above_20():
    """TG-084: 19 gold and a 2-gold gain make 20; the event records the +1 actually gained."""
    s = forest([fc("north-imp"), fc("special-gain-gold")], gold=19)
    play(s, "place:special-gain-gold")
    assert s.gold == 20
    assert events(s, "gold")[-1]["change"] == 1
    s = situation([], gold=20)
    gain_gold(s, 5, "test")
    assert s.gold == 20


@pytest.mark.rules("TG-085", "TG-087")
def test_TG085_TG087_losing_more_than_you_have_leaves_zero_and_is_not_optional():
    """TG-087: the ambush takes 3 of 2 gold: no choice is offered and gold ends at 0 (TG-085)."""
    s = forest([fc("north-imp"), fc("ambush-lose-gold")], gold=2)
    assert s.gold == 0
    assert kind(s) == "draw_or_place"            # no question was asked about the loss
    assert events(s, "gold")[-1]["change"] == -2
    s = situation([], gold=0)
    lose_gold(s, 4, "test")
    assert s.gold == 0


@pytest.mark.rules("TG-086")
def test_TG086_a_payment_you_cannot_make_gives_nothing_and_costs_nothing():
    """TG-086: pay 3 or lose 1 Health.  With 2 gold the payment cannot be made: no gold is
    spent and the other outcome happens; with 3 the player chooses."""
    s = forest([fc("north-imp"), fc("pay-or-toll")], gold=2, health=5)
    assert s.gold == 2 and s.health == 4
    assert kind(s) == "draw_or_place"
    s = forest([fc("north-imp"), fc("pay-or-toll")], gold=3, health=5)
    assert kind(s) == "pay_or" and ids(s) == ["pay", "refuse"]
    play(s, "pay")
    assert s.gold == 0 and s.health == 5
    s = forest([fc("north-imp"), fc("pay-or-toll")], gold=3, health=5)
    play(s, "refuse")
    assert s.gold == 3 and s.health == 4
    s = situation([], gold=2)
    assert pay_gold(s, 3, "test") is False and s.gold == 2 and not events(s, "gold")


@pytest.mark.rules("TG-088")
@pytest.mark.parametrize("card", ["stat-drain", "stat-boost"])
def test_TG088_gold_is_not_a_stat(card):
    """TG-088: an effect on "any stat" offers Health, Strategy and Recovery, never gold."""
    s = forest([fc("north-imp"), fc(card)], gold=10, health=4, strategy=3, recovery=3)
    play(s, f"place:{card}")
    assert kind(s) == "choose_stat"
    assert ids(s) == ["stat:health", "stat:strategy", "stat:recovery"]
    assert_illegal(s, "stat:gold", "T-2")
    play(s, "stat:recovery")
    assert s.gold == 10 and s.recovery == (2 if card == "stat-drain" else 4)
    assert not events(s, "gold")
