"""Whole games: random play ends, invariants hold after every decision, views never leak, records
replay, bad ids change nothing; broken packs are refused with the place of every problem."""
from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import woodlands
from tests.cursed_forest.helpers import GAME, PACK
from woodlands.games.cursed_forest.invariants import check_invariants


def play(state, rng, on_step=None, limit=200_000):
    n = 0
    while not state.is_over:
        state.apply(rng.choice(state.decision.ids))
        n += 1
        if on_step:
            on_step(state)
        assert n < limit
    return n


def leak_free(state):
    """No view shows another player's face-down item."""
    for viewer in sorted(set(state.owner)):
        v = state.view(viewer)
        for a, p in enumerate(v["players"]):
            if state.owner[a] == viewer:
                continue
            for space, x in p["inventory"].items():
                i = state.inv[a][["hand1", "hand2", "boots", "armour", "backpack"].index(space)]
                if i >= 0 and i not in state.shown:
                    assert x == "face-down", f"player {viewer} sees adventurer {a}'s {x}"


def drops_where_it_died(state, since):
    """Right after a death, everything the adventurer carried lies on the tile where it died."""
    for e in state.log_since(since):
        if e["type"] == "death":
            p = state.grid[tuple(e["tile"])]
            names = [state.content.items[i].id for i in state.tile_items[p]]
            seeds = [state.content.seeds[k].id for k in state.tile_seeds[p]]
            assert all(x in names for x in e["items"]) and all(k in seeds for k in e["seeds"]), e
    return state.log_length


@pytest.mark.rules("C-8", "CF-091", "CF-032")
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(1, 4))
def test_random_games_end_with_invariants_intact(seed, players):
    s = GAME.new_game(seed=seed, options=GAME.options_for_simulation({"players": players, "turn_limit": 150}))
    seen = [0]

    def check(state):
        check_invariants(state)
        leak_free(state)
        seen[0] = drops_where_it_died(state, seen[0])
    check(s)
    play(s, random.Random(seed), check)
    assert s.outcome["result"] in ("win", "loss", "unfinished")


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), adventurers=st.integers(2, 4))
def test_solo_games_with_several_adventurers(seed, adventurers):
    s = GAME.new_game(seed=seed, options=GAME.options_for_simulation({"players": 1, "adventurers": adventurers, "pvp": True,
                                                                      "ring_bearer": 0, "turn_limit": 100}))
    play(s, random.Random(seed), check_invariants)


@pytest.mark.parametrize("players", [1, 2, 4])
def test_default_games_end_without_a_turn_limit(players):
    s = woodlands.load_game("cursed-forest").new_game(seed=players, options={"players": players})
    play(s, random.Random(players))
    assert s.is_over


def test_record_replay_and_clone():
    s = GAME.new_game(seed=5, options={"players": 2})
    rng = random.Random(5)
    for _ in range(300):
        if s.is_over:
            break
        s.apply(rng.choice(s.decision.ids))
    rec = json.loads(json.dumps(s.record()))
    again = woodlands.replay(rec, PACK)
    assert again.view(0) == s.view(0) and again.view(1) == s.view(1)
    twin = s.clone()
    before = json.dumps(s.view(0), sort_keys=True)
    if not twin.is_over:
        twin.apply(twin.decision.ids[-1])
    assert json.dumps(s.view(0), sort_keys=True) == before


def test_bad_ids_change_nothing_at_every_kind_of_decision():
    s = GAME.new_game(seed=9, options={"players": 2})
    rng = random.Random(9)
    seen = set()
    while not s.is_over and len(seen) < 8:
        if s.decision.kind not in seen:
            seen.add(s.decision.kind)
            before = (json.dumps(s.view(0), sort_keys=True), s.decision, s.rng.state)
            with pytest.raises(woodlands.IllegalAction):
                s.apply("forged:option")
            assert (json.dumps(s.view(0), sort_keys=True), s.decision, s.rng.state) == before
        s.apply(rng.choice(s.decision.ids))


def test_the_log_has_one_event_per_combat_round_with_both_sides():
    s = GAME.new_game(seed=2, options={"players": 2})
    play(s, random.Random(2))
    rounds = [e for e in s.log if e["type"] == "combat_round"]
    assert rounds
    for e in rounds:
        assert {"dice", "modifier", "score", "critical", "foe_dice", "foe_modifier", "foe_score",
                "damage_to_foe", "damage_to_adventurer", "winner"} <= set(e)


def _broken_pack(tmp_path: Path, file: str, old: str, new: str) -> Path:
    dst = tmp_path / "pack"
    shutil.copytree(PACK, dst)
    p = dst / file
    text = p.read_text()
    assert old in text
    p.write_text(text.replace(old, new, 1))
    return dst


@pytest.mark.rules("C-3", "CF-098")
@pytest.mark.parametrize("file, old, new, where", [
    ("items.toml", 'slot = "boots"', 'slot = "hat"', "items.toml: entry 'elven-boots': field 'slot'"),
    ("monsters.toml", "health = 5", "health = 0", "monsters.toml: entry 'weak-goblin': field 'green.health'"),
    ("tiles.toml", 'seed = "marta"', 'seed = "nobody"', "tiles.toml: entry 'seed-marta'"),
    ("items.toml", '{ do = "line_blast", dice = 2 }', '{ do = "line_blast", dice = 9 }', "items.toml: entry 'black-flame'"),
    ("characters.toml", '{ do = "reusable_spells" }', '{ do = "armour", amount = 1 }', "characters.toml: entry 'magus'"),
    ("seeds.toml", 'power = "free-spells"', 'power = "cure-and-immunity"', "seeds.toml"),
    ("items.toml", "single_use = true\npotion = true\nabilities = [{ do = \"halve",
     "single_use = false\npotion = true\nabilities = [{ do = \"halve", "items.toml: entry 'dragon-scent'"),
])
def test_broken_packs_name_file_entry_and_field(tmp_path, file, old, new, where):
    with pytest.raises(woodlands.ContentError) as e:
        woodlands.load_game("cursed-forest", _broken_pack(tmp_path, file, old, new))
    assert where in str(e.value)


@pytest.mark.rules("CF-098", "C-3")
def test_the_default_pack_has_the_boxs_counts():
    c = woodlands.load_game("cursed-forest").content
    assert len([t for t in c.tiles if t.kind not in ("start", "exit")]) == 43
    assert len(c.monsters) == 30 and len(c.items) == 40 and len(c.characters) == 8 and len(c.seeds) == 4


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_default_pack_games_keep_the_invariants(players):
    s = woodlands.load_game("cursed-forest").new_game(seed=40 + players, options={"players": players})
    seen = [0]

    def check(state):
        check_invariants(state)
        leak_free(state)
        seen[0] = drops_where_it_died(state, seen[0])
    play(s, random.Random(players), check)
