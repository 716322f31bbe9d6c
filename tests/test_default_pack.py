"""The default Tanglewoods pack: the box's counts (TG-001), honest provenance, and the whole
vocabulary the issue asks of it (every effect timing, wild icons, cards without a direction)."""
from __future__ import annotations

import tomllib

import pytest

import woodlands
from woodlands.games.tanglewoods.content_loader import DEFAULT_PACK

GAME = woodlands.load_game("tanglewoods")
C = GAME.content


@pytest.mark.rules("TG-001")
def test_box_counts():
    """TG-001: 5 heroes, 3 bears, 26 minions and 18 fables, 15 items, 15 maps."""
    kinds = [f.kind for f in C.forest]
    assert (len(C.heroes), kinds.count("bear"), kinds.count("minion"), kinds.count("fable"), len(C.items), len(C.maps)) \
        == (5, 3, 26, 18, 15, 15)


def test_provenance_is_honest():
    """Papa Bear, Baby Bear's printed numbers and the merchant's prices are the rulebook's; Mama
    Bear and every other card are ours."""
    prov = {f.id: f.provenance for f in C.forest} | {m.id: m.provenance for m in C.maps} | {i.id: i.provenance for i in C.items}
    assert prov.pop("papa-bear") == "rulebook" and prov.pop("baby-bear") == "rulebook"
    assert set(prov.values()) == {"stand-in"}
    assert {h.provenance for h in C.heroes} == {"stand-in"}
    merchant = tomllib.loads((DEFAULT_PACK / "merchant.toml").read_text(encoding="utf-8"))["merchant"]
    assert merchant["provenance"] == "rulebook"
    assert (C.merchant.mend, C.merchant.forge, C.merchant.bait, C.merchant.blessing_factor) == (2, 4, 5, 3)


def test_every_effect_timing_is_used():
    faces = [f for card in C.forest + C.maps + C.items for f in card.faces]
    used = {e.when for f in faces for e in f.effects + f.reward}
    used |= {e.when for h in C.heroes for side in h.sides for e in side.ability + side.on_flip}
    assert {"ambush", "special", "after", "reward", "ongoing", "use", "activation_end", "flip"} <= used
    # ambush on maps as well as on forest cards (TG-024)
    assert any(f.ambush for m in C.maps for f in m.faces)
    assert any(f.ambush for card in C.forest if card.kind != "bear" for f in card.faces)


def test_wild_icons_cards_without_a_direction_and_merchant_maps():
    """TG-043, TG-045, TG-023: the pack exercises each of them."""
    directions = [f.direction for card in C.forest if card.kind != "bear" for f in card.faces]
    assert directions.count("wild") >= 2 and directions.count(None) >= 2
    assert {"N", "S", "E", "W"} <= set(directions)
    merchants = [f.merchant for m in C.maps for f in m.faces]
    assert any(merchants) and not all(merchants)


def test_some_enemies_cannot_be_bribed_and_night_is_harder():
    minions = [card for card in C.forest if card.kind == "minion"]
    assert any(f.bribe is None for card in minions for f in card.faces)
    day = sum(card.faces[0].health + card.faces[0].damage for card in minions)
    night = sum(card.faces[1].health + card.faces[1].damage for card in minions)
    assert night > day


def test_every_hero_starts_with_legal_stats_and_gold():
    """TG-006, ruling T-3: starting gold 20 minus the stats, within 0..20."""
    for h in C.heroes:
        for side in h.sides:
            assert 0 <= 20 - (side.health + side.strategy + side.recovery) <= 20
