"""Contents and Setup (TG-001, TG-005..TG-011, TG-066; rulings T-3, T-10)."""
from __future__ import annotations

import shutil
import tomllib
from collections import Counter
from pathlib import Path

import pytest

import woodlands
from woodlands.games.tanglewoods.content_loader import DEFAULT_PACK
from tests.tanglewoods.helpers import C, GAME, PACK, ids, kind, new_game, play


def _copy_pack(tmp_path: Path) -> Path:
    dst = tmp_path / "pack"
    shutil.copytree(PACK, dst)
    return dst


@pytest.mark.rules("TG-001", "TG-002")
def test_TG001_a_pack_must_hold_exactly_three_bears(tmp_path):
    """TG-001 / TG-002: the box has three bear cards, and a pack with two is refused at load."""
    pack = _copy_pack(tmp_path)
    text = (pack / "bears.toml").read_text()
    cut = text.index('[[bear]]\nid = "mama-bear"')
    (pack / "bears.toml").write_text(text[:cut])
    with pytest.raises(woodlands.ContentError) as err:
        woodlands.load_game("tanglewoods", content=pack)
    assert "exactly 3 bears" in str(err.value) and "found 2" in str(err.value)
    assert len(C.bears) == 3
    assert [C.forest[b].kind for b in C.bears] == ["bear"] * 3


@pytest.mark.rules("TG-001")
def test_TG001_the_default_pack_has_the_box_contents():
    """TG-001: the shipped pack holds what the box holds: 5 heroes, 3 bears, 44 forest cards
    (26 minions and 18 fables), 15 items and 15 maps.  Counted from the TOML files, so no
    card of the pack is relied upon."""
    def count(file: str, table: str) -> list[dict]:
        with (DEFAULT_PACK / file).open("rb") as f:
            return tomllib.load(f).get(table, [])
    woodlands.load_game("tanglewoods")   # the pack loads (a broken one fails here, loudly)
    forest = count("forest.toml", "card")
    assert Counter(c["kind"] for c in forest) == {"minion": 26, "fable": 18}
    assert len(count("bears.toml", "bear")) == 3
    assert len(count("heroes.toml", "hero")) == 5
    assert len(count("items.toml", "item")) == 15
    assert len(count("maps.toml", "map")) == 15


@pytest.mark.rules("TG-005")
def test_TG005_any_hero_may_be_chosen_and_a_free_hero_lets_you_pick_the_side():
    """TG-005: every hero is offered; a hero without a fixed side asks which side starts."""
    s = new_game(hero=None, side=None, difficulty=4)
    assert kind(s) == "choose_hero"
    assert ids(s) == [f"hero:{h.id}" for h in C.heroes]
    play(s, "hero:plain-hero")
    assert kind(s) == "choose_side" and ids(s) == ["side:a", "side:b"]
    play(s, "side:b")
    assert (s.health, s.strategy, s.recovery) == (4 + 1, 2, 2)   # side b; difficulty 4 adds 1 Health
    # the rest of the heroes go back in the box: only the chosen one is in play
    assert s.view(0)["hero"]["id"] == "plain-hero" and s.view(0)["hero"]["side"] == "b"


@pytest.mark.rules("TG-005")
def test_TG005_a_hero_with_a_fixed_side_starts_on_it_and_refuses_the_other():
    """TG-005: some heroes say which side starts; no side choice is asked, the other is refused."""
    s = new_game(hero=None, side=None, difficulty=4)
    play(s, "hero:fixed-side-hero")
    assert kind(s) != "choose_side"
    assert s.hero_side == 1 and (s.health, s.strategy, s.recovery) == (6, 2, 2)  # 6 is the cap (T-2)
    with pytest.raises(woodlands.GameOptionError, match="TG-005"):
        new_game(hero="fixed-side-hero", side="a")
    assert new_game(hero="fixed-side-hero", side="b", difficulty=4).hero_side == 1


@pytest.mark.rules("TG-006", "T-3")
@pytest.mark.parametrize("hero,side,stats,gold", [
    ("plain-hero", "a", (5, 3, 3), 9),
    ("plain-hero", "b", (4, 2, 2), 12),
    ("max-hero", None, (6, 6, 6), 2),
    ("low-hero", None, (1, 1, 1), 17),
])
def test_TG006_T3_stats_come_from_the_hero_and_gold_is_20_minus_their_sum(hero, side, stats, gold):
    """TG-006, ruling T-3: Health/Strategy/Recovery from the hero side; gold = 20 - their sum.
    Difficulty 9 alone changes nothing at setup, so the numbers are the hero's own."""
    s = new_game(hero=hero, side=side, difficulty=9)
    assert (s.health, s.strategy, s.recovery) == stats
    setup_log = s.log[:next(i for i, e in enumerate(s.log) if e["type"] == "round")]
    golds = [e for e in setup_log if e["type"] == "gold"]
    assert [(e["why"], e["gold"]) for e in golds] == [("starting gold", gold)]   # nothing else moved it
    # after setup only the first round's map ambushes (if any were drawn) may have touched gold
    later = sum(e["change"] for e in s.log[len(setup_log):] if e["type"] == "gold")
    assert s.gold == gold + later


def _first_decision(seed: int = 3) -> woodlands.GameState:
    # difficulty 4 alone only adds Health: the play area is exactly as setup made it
    return new_game(difficulty=4, seed=seed)


@pytest.mark.rules("TG-007", "TG-008", "TG-009", "TG-010", "TG-011", "TG-066")
def test_TG007_to_TG011_the_play_area_every_card_on_its_first_side():
    """TG-007..TG-011, TG-066: items (ordinary side), forest cards (day, bears excluded) and
    maps (day) form three decks; the three bears wait in their own stack, enemy side up.
    Also checks TG-008, TG-009, TG-010."""
    s = _first_decision()
    forest_cards = [c.index * 2 for c in C.forest if c.kind != "bear"]
    assert sorted(s.forest_deck) == sorted(forest_cards)          # TG-009: minions + fables only
    assert all(code & 1 == 0 for code in s.forest_deck)          # day side up
    assert sorted(s.item_deck) == sorted(i.index * 2 for i in C.items)   # TG-008: ordinary side
    maps = s.map_deck + s.map_drawn
    assert sorted(maps) == sorted(m.index * 2 for m in C.maps)   # TG-010: day side up
    assert sorted(s.bears_aside) == sorted(C.bears)              # TG-011: set aside
    assert not any(b in (c >> 1 for c in s.forest_deck) for b in C.bears)
    setup = [e for e in s.log if e["type"] == "setup"][0]
    assert setup == {"type": "setup", "forest": len(forest_cards), "maps": len(C.maps), "items": len(C.items), "bears": 3}
    # bait would put a bear in on its enemy side (TG-011): see test_bears; the view agrees
    assert s.view(0)["bears_aside"] == [C.forest[b].id for b in s.bears_aside]


@pytest.mark.rules("TG-008", "TG-009", "TG-010")
def test_TG008_to_TG010_the_decks_are_shuffled_by_the_seeded_chance():
    """TG-008..TG-010: each deck is shuffled; the same seed gives the same order, other seeds
    give other orders. Also checks TG-009."""
    a, b = _first_decision(3), _first_decision(3)
    assert (a.forest_deck, a.item_deck, a.map_deck) == (b.forest_deck, b.item_deck, b.map_deck)
    orders = {tuple(_first_decision(seed).forest_deck) for seed in range(6)}
    assert len(orders) > 1
    items = {tuple(_first_decision(seed).item_deck) for seed in range(6)}
    assert len(items) > 1


@pytest.mark.rules("T-10")
def test_T10_the_view_shows_only_the_top_face_and_the_bottom_underside_of_each_deck():
    """Ruling T-10: a deck shows its top card's face and its bottom card's underside, and a
    count; no order."""
    s = _first_decision()
    deck = s.view(0)["decks"]["forest"]
    top, bottom = s.forest_deck[0], s.forest_deck[-1]
    assert deck["count"] == len(s.forest_deck)
    assert deck["top"]["id"] == C.forest[top >> 1].id and deck["top"]["side"] == "day"
    assert deck["bottom_underside"]["id"] == C.forest[bottom >> 1].id
    assert deck["bottom_underside"]["side"] == "night"
    assert set(deck) == {"count", "top", "bottom_underside"}
    text = repr(s.view(0))
    middle = [C.forest[c >> 1].id for c in s.forest_deck[1:-1]]
    assert not any(f"'{m}'" in text for m in middle if m not in (C.forest[top >> 1].id, C.forest[bottom >> 1].id))


@pytest.mark.rules("TG-005")
def test_TG005_unknown_hero_is_refused():
    """TG-005: only the heroes of the pack can be chosen."""
    with pytest.raises(woodlands.GameOptionError, match="unknown hero"):
        GAME.new_game(seed=1, options={"hero": "nobody"})
