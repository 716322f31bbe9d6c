"""Every option of every decision of every game says what it means as data (issue 10): a verb
and typed arguments from which its id is derived, and long decisions group without losing an
option.  Played over seeded random games of each registered game, the toy included."""
from __future__ import annotations

import random

import pytest

import woodlands
from woodlands.engine.decision import make_id, parse_id
from woodlands.engine.registry import descriptor, register_game, unregister_game

from tests.toy_game import TOY

GAMES = sorted(woodlands.game_ids()) + ["toy"]


@pytest.fixture(autouse=True)
def toy_registered():
    register_game(TOY, replace=True)
    yield
    unregister_game("toy")


def _walk(game_id: str, seeds: range, decisions: int = 400):
    d = descriptor(game_id)
    game = woodlands.load_game(game_id)
    for n, seed in enumerate(seeds):
        options = dict(d.tests.option_sets[n % len(d.tests.option_sets)])
        state = game.new_game(seed=seed, options=game.options_for_simulation(options))
        rng = random.Random(seed)
        for _ in range(decisions):
            if state.is_over:
                break
            yield state, state.decision
            state.apply(rng.choice(state.decision.options).id)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_option_is_a_verb_with_arguments_and_its_id_derives_from_them(game_id):
    seen_kinds = set()
    for state, decision in _walk(game_id, range(6)):
        seen_kinds.add(decision.kind)
        assert 0 <= decision.player < state.game.players[1], f"{game_id} {decision.kind}: deciding seat {decision.player} is no seat of the game"
        for o in decision.options:
            assert o.verb, f"{game_id} {decision.kind}: option {o.id!r} was built without its meaning (Option.of)"
            assert make_id(o.verb, o.args) == o.id, f"{game_id} {decision.kind}: {o.id!r} is not derived from {o.verb!r} {o.args!r}"
            assert all(type(a) in (str, int) for a in o.args), f"{game_id}: {o.id!r} has an argument that is neither text nor a whole number"
            assert parse_id(o.id)[0] == o.verb
            assert o.data is None or isinstance(o.data, dict)
        assert decision.data is None or isinstance(decision.data, dict)
    assert seen_kinds


@pytest.mark.parametrize("game_id", GAMES)
def test_groups_keep_every_option_once_in_order(game_id):
    for _, decision in _walk(game_id, range(2), 200):
        for depth in (1, 2):
            groups = decision.groups(depth)
            flat = [o for g in groups for o in g.options]
            assert sorted(o.id for o in flat) == sorted(decision.ids)
            assert len({g.key for g in groups}) == len(groups)
