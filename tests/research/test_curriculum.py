"""Curricula: starts from easier set-ups and from the greedy bot's games, legal positions that
replay, with no future of the greedy game leaking into them."""
from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest

import woodlands.research.gym  # noqa: F401  (registers the ids)
from woodlands.engine.errors import GameOptionError
from woodlands.engine.game import replay
from woodlands.engine.registry import descriptor, resolve

CASES = [("woodlands/Tanglewoods-v0", {"difficulty": 0}, 3),
         ("woodlands/Storyfold-v0", {}, 2),
         ("woodlands/CursedForestSolo-v0", {}, 4)]


def greedy_until(env: Any, seed: int, round_: int) -> Any:
    """The greedy bot's own game of ``seed`` at the first decision of round ``round_``."""
    game = env.game
    d = descriptor(game.id)
    progress = resolve(d.progress)
    state = game.new_game(seed=seed, options=dict(env.options))
    bot = d.make_bot("greedy", seed)
    while progress(state) < round_:
        state.apply(bot.choose(state))
    return state


@pytest.mark.parametrize("env_id, kwargs, round_", CASES)
def test_a_greedy_start_is_a_legal_position_that_replays(env_id: str, kwargs: dict[str, Any], round_: int) -> None:
    env = gymnasium.make(env_id, record=True, **kwargs).unwrapped
    obs, info = env.reset(seed=5, options={"curriculum": {"round": round_}})
    start = env.state
    assert resolve(descriptor(env.game.id).progress)(start) == round_ and not start.is_over
    assert start.decision is not None and info["action_mask"].any()
    again = replay(start.record())              # the start's record (its redraw included) replays to it
    assert again.position() == start.position()
    assert env.game.from_position(start.position()).position() == start.position()
    greedy = greedy_until(env, 5, round_)
    # the seat sees the greedy game as it was; what nobody has seen was drawn afresh
    assert start.view(0) == greedy.view(0) and start.decision == greedy.decision
    assert start.redraws and start.redraws[-1][0] == len(greedy.choices)
    assert start.position()["rng"] != greedy.position()["rng"]
    # and the episode goes on from it
    rng = np.random.default_rng(0)
    for _ in range(5):
        obs, r, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        if term or trunc:
            break


@pytest.mark.parametrize("env_id, kwargs", [(e, k) for e, k, _ in CASES])
def test_a_start_before_the_end_of_the_greedy_game_replays(env_id: str, kwargs: dict[str, Any]) -> None:
    """``from_end``: the start of the round k rounds before the greedy game's last one."""
    env = gymnasium.make(env_id, record=True, **kwargs).unwrapped
    game = env.game
    d = descriptor(game.id)
    progress = resolve(d.progress)
    for seed in (1, 2):
        state = game.new_game(seed=seed, options=dict(env.options))
        bot = d.make_bot("greedy", seed)
        while not state.is_over:
            state.apply(bot.choose(state))
        last = progress(state)
        env.reset(seed=seed, options={"curriculum": {"from_end": 1}})
        start = env.state
        assert progress(start) < last and not start.is_over
        assert replay(start.record()).position() == start.position()
        assert start.view(0) == greedy_until(env, seed, progress(start)).view(0)


def test_the_future_after_a_greedy_start_is_not_the_greedy_games() -> None:
    """The greedy game's next forest cards are not the start's: the deck was redrawn."""
    env = gymnasium.make("woodlands/Tanglewoods-v0", difficulty=0, record=True).unwrapped
    differs = 0
    for seed in range(4):
        env.reset(seed=seed, options={"curriculum": {"round": 2}})
        greedy = greedy_until(env, seed, 2)
        differs += env.state.forest_deck != greedy.forest_deck
    assert differs >= 3


def test_a_setup_curriculum_and_its_refusals() -> None:
    env = gymnasium.make("woodlands/Tanglewoods-v0").unwrapped
    env.reset(seed=1, options={"curriculum": "difficulty-0"})
    assert env.state.options["difficulty"] == 0
    env.reset(seed=1)                                   # it stays, as reset's options do
    assert env.state.options["difficulty"] == 0
    env.reset(seed=1, options={"curriculum": None})
    assert env.state.options["difficulty"] == 5
    for bad in ("nightmare", {"round": -1}, {"turn": 3}, 7, {"round": 2, "from_end": 1}):
        with pytest.raises(GameOptionError):
            env.reset(seed=1, options={"curriculum": bad})
    assert env.state.options["difficulty"] == 5


def test_a_pettingzoo_game_starts_from_a_greedy_start_too() -> None:
    from woodlands.research.pettingzoo import aec_env
    env = aec_env("cursed-forest", players=2, record=True)
    env.reset(seed=3, options={"curriculum": {"round": 5}})
    start = env.state_
    assert start.round_no == 5 and start.redraws
    assert replay(start.record()).position() == start.position()
    env.reset(seed=4)                                       # it stays, as reset's options do
    assert env.state_.round_no == 5
    env.reset(seed=4, options={"curriculum": None})
    assert env.state_.round_no < 5
