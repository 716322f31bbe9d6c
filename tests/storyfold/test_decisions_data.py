"""Issue 10: every Storyfold decision says what it means as data (docs/storyfold.md, "Decisions as
data"): each option has a verb and args from which its id is derived, and each decision kind
carries the documented keys in ``Decision.data``."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import woodlands
from woodlands.engine.decision import make_id
from woodlands.games.storyfold.actions import need_by_targets

DOC = Path(__file__).resolve().parents[2] / "docs" / "storyfold.md"

#: the keys of Decision.data per kind (the same table is in docs/storyfold.md)
DATA_KEYS = {
    "luma_phase": {"dice_available", "spirit", "light", "shadow"},
    "roll": {"action", "effect", "target", "threshold", "need", "crystals_on_card"},
    "after_roll": {"action", "effect", "target", "threshold", "dice", "faces", "natural_successes",
                   "bonus_successes", "successes", "need"},
    "reroll": {"left", "threshold", "dice", "faces", "successes"},
    "fallback": {"action", "successes", "need", "gain"},
    "place_crystal": {"left", "max_per_card"},
    "lose_crystal": {"left"},
    "pay_crystal": {"left", "current"},
    "keep_explore": {"cards"},
    "make_room": {"card", "boons"},
    "choose_creature": {"purpose"},
    "choose_action_card": {"move", "step"},
    "shadow_boon": {"spirit", "light", "shadow"},
    "last_shadow": {"shadow_deck"},
    "scene_break": {"scene", "title", "mode", "chapter_restarts"},
}


def _play(seed: int, seen: dict[str, int]) -> None:
    game = woodlands.load_game("storyfold")
    state = game.new_game(seed=seed, options={"scene_limit": 6})
    rng = random.Random(seed)
    while state.decision is not None:
        d = state.decision
        seen[d.kind] = seen.get(d.kind, 0) + 1
        assert d.data is not None and set(d.data) == DATA_KEYS[d.kind], (d.kind, d.data)
        if d.kind in ("roll", "after_roll") and d.data["effect"] == "top":     # the quick need agrees
            assert d.data["need"] == need_by_targets(state), d.data
        for o in d.options:
            assert o.verb, o
            assert make_id(o.verb, o.args) == o.id, o
            assert all(isinstance(a, (str, int)) for a in o.args), o
        state.apply(rng.choice(d.options).id)


def test_every_option_has_its_meaning_and_every_kind_its_data() -> None:
    seen: dict[str, int] = {}
    for seed in range(12):
        _play(seed, seen)
    # the frequent kinds were all met (the rare ones are checked whenever they come up)
    assert {"luma_phase", "roll", "after_roll", "place_crystal", "scene_break"} <= set(seen), seen


def test_the_doc_lists_every_kinds_data_keys() -> None:
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## Decisions as data", 1)[1].split("\n## ", 1)[0].split("`Decision.data` of each kind", 1)[1]
    for kind, keys in DATA_KEYS.items():
        row = next((line for line in section.splitlines() if line.startswith(f"| `{kind}`")), None)
        assert row is not None, kind
        assert set(re.findall(r"`([a-z_0-9]+)`", row)) >= keys, (kind, keys)


def test_action_options_carry_costs_and_needs() -> None:
    state = woodlands.load_game("storyfold").new_game(seed=2)
    while state.decision is not None and state.decision.kind != "luma_phase":
        state.apply(state.decision.options[0].id)
    assert state.decision is not None
    acts = [o for o in state.decision.options if o.verb == "act"]
    assert acts
    for o in acts:
        assert o.data is not None and o.data["action"] == o.args[0] and o.data["effect"] == o.args[1]
        if o.args[1] == "top":
            assert o.data["need"] >= 1 and o.data["target"] == o.args[2]
        else:
            assert o.data["gain"] in ("light", "crystals", "explore_cards", "spirit")


@pytest.mark.parametrize("seed", [1, 5])
def test_roll_options_say_how_many_dice(seed: int) -> None:
    state = woodlands.load_game("storyfold").new_game(seed=seed)
    while state.decision is not None and state.decision.kind != "roll":
        d = state.decision
        act = next((o for o in d.options if o.verb == "act"), d.options[0])
        state.apply(act.id)
    assert state.decision is not None
    for o in state.decision.options:
        assert o.data is not None
        assert o.data["dice"] == o.data["d8"] + o.data["d10"] + o.data["d12"] == sum(o.args)
    assert state.decision.data is not None and state.decision.data["threshold"] in (3, 4, 5, 6)
