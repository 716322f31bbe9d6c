"""Issue 10: every Tanglewoods decision says what it means as data (docs/tanglewoods.md,
"Decisions as data"): each option has a verb and arguments its id is made from, and each
decision kind's ``data`` has the documented keys, over seeded games of every difficulty."""
from __future__ import annotations

import random

import pytest

import woodlands
from woodlands.engine.decision import make_id

#: decision kind -> the keys its ``data`` always has (docs/tanglewoods.md "Decisions as data")
DATA_KEYS: dict[str, set[str]] = {
    "choose_hero": {"heroes"},
    "choose_side": {"hero"},
    "choose_map": {"maps"},
    "bribe": {"gold"},
    "commit_dice": {"pass", "passes", "committed", "pool"},
    "apply_die": {"dice", "crit_damage", "enemies"},
    "visit_merchant": {"gold"},
    "merchant_action": {"gold", "buys", "max_buys", "shop"},
    "pay_or": {"amount", "source", "otherwise"},
    "choose_stat": {"change", "source"},
    "difficulty_choice": {"level"},
    "pick_dice": {"verb", "count", "source"},
    "baby_bear_enemy": {"card", "side", "revealed"},
    "deal_damage": {"amount", "source"},
    "reroll_die": {"source"},
    "discard_item": {"source"},
    "item_limit": {"limit", "held"},
    "upgrade_item": {"source"},
    "draw_or_place": {"drawn", "limit", "complete"},
    "assign_wilds": {"missing"},
    "peek_forest": {"level", "cards"},
    "recover_dice": {"left"},
    "order_effects": {"when"},
}

#: verb -> keys of the option's own ``data`` (options of other verbs may have none)
OPTION_KEYS: dict[str, set[str]] = {
    "hero": {"name", "health", "strategy", "recovery", "universal", "start_side"},
    "side": {"name", "health", "strategy", "recovery"},
    "map": {"side", "needs", "merchant"},
    "bribe": {"cost", "damage"},
    "apply": {"damage", "taken", "health"},
    "roll": {"dice"},
    "mend": {"cost"}, "forge": {"cost", "upgraded"}, "bait": {"cost", "health", "damage"},
    "buy": {"cost"}, "bless": {"cost", "now"},
    "enemy": {"taken", "health"},
    "upgrade": {"upgraded"},
    "place": {"side", "kind"},
    "top": {"side"}, "bottom": {"side"},
    "use": {"name"}, "ability": {"name"},
}


def _games() -> list[tuple[int, int, bool]]:
    return [(seed, difficulty, greedy) for seed in range(6) for difficulty in (0, 1, 5, 6, 7, 10)
            for greedy in (True, False)]


@pytest.mark.rules("AUD-2")
def test_every_option_has_a_meaning_its_id_is_made_of_and_every_kind_its_data() -> None:
    game = woodlands.load_game("tanglewoods")
    from woodlands.bots import get_bot
    seen: set[str] = set()
    for seed, difficulty, greedy in _games():
        s = game.new_game(seed=seed, options={"difficulty": difficulty})
        bot = get_bot("greedy" if greedy else "random", seed=seed)
        rng = random.Random(seed)
        for _ in range(3000):
            d = s.decision
            if d is None:
                break
            seen.add(d.kind)
            assert d.kind in DATA_KEYS, d.kind
            assert d.data is not None and DATA_KEYS[d.kind] <= set(d.data), (d.kind, d.data)
            for o in d.options:
                assert o.verb, o
                assert make_id(o.verb, o.args) == o.id, o
                want = OPTION_KEYS.get(o.verb)
                if want:
                    assert o.data is not None and want <= set(o.data), (o.id, o.data)
            s.apply(bot.choose(s) if greedy else rng.choice(d.options).id)
    # the common kinds were all met (the rarer ones have tests of their own)
    assert {"choose_hero", "choose_side", "choose_map", "commit_dice", "apply_die", "draw_or_place",
            "merchant_action", "recover_dice", "difficulty_choice", "peek_forest"} <= seen, seen
