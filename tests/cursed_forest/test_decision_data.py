"""Decisions as data (issue 10): every option says what it means (verb, args, its id derived from
them) and every decision kind carries the documented facts, over seeded random games."""
from __future__ import annotations

import random

import pytest

import woodlands
from woodlands.engine.decision import make_id

GAME = woodlands.load_game("cursed-forest")

#: docs/cursed-forest.md, "Decisions as data": the keys each kind's data always has
KEYS = {
    "choose_character": {"adventurer", "seat"},
    "turn_action": {"adventurer", "ap", "max_ap", "phase"},
    "lay_tile": {"adventurer", "tile", "kind", "purpose"},
    "lay_exit": {"adventurer"},
    "fight_round": {"adventurer", "foe", "monster", "side", "foe_health", "foe_dice", "foe_modifier", "partner",
                    "ap", "health"},
    "reroll": {"adventurer", "why"},
    "tag_reply": {"adventurer", "caller", "health"},
    "choose_partner": {"adventurer"},
    "stow_item": {"adventurer", "item", "partner"},
    "poison_replace": {"adventurer"},
    "maiden_call": {"adventurer", "ran_past", "health"},
    "flee_price": {"adventurer", "attacker", "damage", "health"},
    "defend_round": {"adventurer", "attacker", "health"},
}


def _games():
    for seed, options in [(1, {"players": 1}), (2, {"players": 2}), (3, {"players": 4}),
                          (4, {"players": 1, "adventurers": 3}), (5, {"players": 3, "pvp": True}),
                          (6, {"players": 2, "pvp": True})]:
        yield seed, options


@pytest.mark.parametrize("seed, options", list(_games()))
def test_every_option_has_a_meaning_and_every_kind_its_data(seed, options):
    from woodlands.bots import get_bot
    s = GAME.new_game(seed=seed, options=GAME.options_for_simulation(dict(options, turn_limit=200)))
    r = random.Random(seed)
    bot = get_bot("greedy", seed=seed)
    seen = set()
    while not s.is_over:
        d = s.decision
        seen.add(d.kind)
        assert d.kind in KEYS, d.kind
        assert d.data is not None and KEYS[d.kind] <= set(d.data), (d.kind, d.data)
        assert isinstance(d.data["adventurer"], int)
        if d.kind == "reroll":
            assert {"mine", "theirs"} <= set(d.data) or "roll" in d.data
        for o in d.options:
            assert o.verb, o
            assert make_id(o.verb, o.args) == o.id, o
            assert all(isinstance(x, (int, str)) for x in o.args), o
        # mix the bot's sensible play (long games, the endgame) with random choices
        s.apply(bot.choose(s) if r.random() < 0.8 else r.choice(d.ids))
    assert {"turn_action", "lay_tile"} <= seen


def test_option_args_are_typed():
    s = GAME.new_game(seed=1, options={"players": 2, "characters": [c.id for c in GAME.content.characters[:2]]})
    d = s.decision
    draw = d.option("draw-tile")
    assert draw is not None and draw.data["ap"] == 1 and draw.data["left"] > 0
    s.apply("draw-tile")
    lay = s.decision.options[0]
    assert lay.verb == "lay" and isinstance(lay.args[0], str) and isinstance(lay.args[1], int)
    assert set(lay.data["open"]) <= set("NESW")
    tiles = {t.id: t.kind for t in GAME.content.tiles}
    assert s.decision.data["kind"] == tiles[s.decision.data["tile"]]
