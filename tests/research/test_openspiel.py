"""The OpenSpiel adapter (woodlands/research/openspiel.py): OpenSpiel's own checker, its IS-MCTS
bot, hidden facts, returns, limits, serialization and bad parameters."""
from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import woodlands

pyspiel = pytest.importorskip("pyspiel")
wo = pytest.importorskip("woodlands.research.openspiel")

ROOT = Path(__file__).resolve().parents[2]


def random_state(game, seed: int, moves: int):
    """A state ``moves`` random decisions into a game (or its end)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_import_registers_the_three_games():
    names = set(pyspiel.registered_names())
    assert {"python_woodlands_tanglewoods", "python_woodlands_storyfold", "python_woodlands_cursed_forest"} <= names
    game = pyspiel.load_game("python_woodlands_cursed_forest", {"players": 3})
    assert game.num_players() == 3
    kind = game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.max_chance_outcomes() == 0
    assert game.num_distinct_actions() == game.ctx.space.size
    assert game.observation_tensor_size() == game.ctx.encoder.flat_size
    assert game.information_state_tensor_size() == game.ctx.encoder.flat_size
    assert pyspiel.load_game("python_woodlands_tanglewoods").num_players() == 1


def test_parameters_are_the_game_options_with_the_limits_on():
    spec = wo.parameter_specification("cursed-forest")
    assert spec["turn_limit"] == 300 and spec["free_actions_per_turn"] == 6     # C-15, as woodlands sim
    assert {"players", "pvp", "characters", "seed", "max_game_length"} <= set(spec)
    assert wo.parameter_specification("tanglewoods")["round_limit"] == 200
    assert wo.parameter_specification("storyfold")["scene_limit"] == 200
    assert "resume" not in wo.parameter_specification("storyfold")
    game = wo.load("tanglewoods", hero="thorn-warden", difficulty=3, round_limit=7)
    assert game.ctx.options["hero"] == "thorn-warden" and game.ctx.options["difficulty"] == 3
    assert game.ctx.options["round_limit"] == 7
    cf = wo.load("cursed-forest", players=2, pvp=True)
    assert cf.ctx.options["pvp"] is True and cf.ctx.options["turn_limit"] == 300


@pytest.mark.parametrize("params, words", [
    ({"turn_limit": 0}, "turn_limit must be a whole number of at least 1"),
    ({"free_actions_per_turn": -3}, "free_actions_per_turn"),
    ({"players": 7}, "players"),
    ({"max_game_length": 0}, "max_game_length"),
    ({"characters": "nobody-at-all"}, "nobody-at-all"),
])
def test_bad_parameters_give_a_clear_error(params, words):
    with pytest.raises(wo.OpenSpielOptionError, match=words):
        pyspiel.load_game("python_woodlands_cursed_forest", params)


def test_an_unknown_parameter_is_refused():
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'bogus'"):
        pyspiel.load_game("python_woodlands_tanglewoods", {"bogus": 1})
    with pytest.raises(wo.OpenSpielOptionError, match="no OpenSpiel game"):
        wo.load("chess")


# ---------------------------------------------------------------- OpenSpiel's own checker
# serialize=False: pyspiel's SerializeGameAndState asks a sampled-stochastic game for its
# generator (GetRNGState), which a Python game cannot provide; the state's own serialization is
# tested below.
@pytest.mark.parametrize("game_id, params, sims", [
    ("tanglewoods", {}, 3),
    ("storyfold", {"scene_limit": 6}, 1),
    ("cursed-forest", {"players": 1}, 3),
    ("cursed-forest", {"players": 2, "turn_limit": 25}, 1),
    ("cursed-forest", {"players": 4, "turn_limit": 12}, 1),
])
def test_random_sim_test(game_id, params, sims):
    pyspiel.random_sim_test(wo.load(game_id, **params), num_sims=sims, serialize=False, verbose=False)


def test_game_and_state_serialization_needs_the_generator_pyspiel_cannot_ask_a_python_game_for():
    game = wo.load("tanglewoods")
    with pytest.raises(pyspiel.SpielError, match="GetRNGState"):
        pyspiel.serialize_game_and_state(game, game.new_initial_state())


@pytest.mark.parametrize("game_id, params", [("tanglewoods", {}), ("storyfold", {}),
                                             ("cursed-forest", {"players": 2})])
def test_state_serialization_replays_the_record(game_id, params):
    game = wo.load(game_id, seed=5, **params)
    state = random_state(game, 1, 40)
    again = game.deserialize_state(state.serialize())
    assert str(again) == str(state) and again.history() == state.history()
    assert again.engine_state.record() == state.engine_state.record()
    # a determinized sample rebuilds to the sample, not to the real game
    sample = state.resampled(0, 99)
    rng = random.Random(3)
    for _ in range(15):
        if sample.is_terminal():
            break
        sample.apply_action(rng.choice(sample.legal_actions()))
    back = game.deserialize_state(sample.serialize())
    assert str(back) == str(sample)
    assert back.engine_state.log == sample.engine_state.log


def test_seeds_follow_the_game_objects_sequence_and_clones_keep_theirs():
    game = wo.load("storyfold", seed=10)
    first, second = game.new_initial_state(), game.new_initial_state()
    twin = first.clone()                         # taken before first was used: same seed still
    assert [first.engine_state.seed, second.engine_state.seed, twin.engine_state.seed] == [10, 11, 10]
    assert str(twin) == str(first)
    assert wo.load("storyfold", seed=10).new_initial_state().engine_state.seed == 10
    game.new_initial_state().observation_tensor(0)       # OpenSpiel makes a state for the shape
    assert game.state_for_seed(10).engine_state.seed == 10
    assert str(game.state_for_seed(10)) == str(first)
    with pytest.raises(wo.OpenSpielOptionError, match="seed"):
        game.state_for_seed(-1)


# ---------------------------------------------------------------- returns and limits
def test_returns_follow_the_outcome():
    """The returns the adapter gives (the game's, :mod:`woodlands.kit.returns`) for each outcome,
    read from an ended state's outcome (and options, for a game whose seats may play each for
    itself)."""
    from types import SimpleNamespace

    from woodlands.engine.registry import descriptor
    from woodlands.kit.returns import returns_of

    def returns(game_id: str, outcome: dict | None, players: int) -> list[float]:
        ended = SimpleNamespace(outcome=outcome, options={})
        return returns_of(descriptor(game_id))(woodlands.load_game(game_id), ended, players)

    assert returns("tanglewoods", {"result": "win"}, 1) == [1.0]
    assert returns("cursed-forest", {"result": "loss"}, 3) == [-1.0, -1.0, -1.0]
    assert returns("cursed-forest", {"result": "unfinished"}, 2) == [0.0, 0.0]
    assert returns("tanglewoods", None, 1) == [0.0]
    # Storyfold's reward reads the state's Spirit too: a finished campaign is checked below


def test_a_finished_storyfold_campaign_returns_the_gymnasium_reward():
    """Played out at random (a few hundred decisions), the campaign is won (it cannot be lost,
    S-6) and the OpenSpiel return is the reward Storyfold-v0 gives for the same outcome."""
    game = wo.load("storyfold")
    state = random_state(game, 0, 10 ** 5)
    outcome = state.engine_state.outcome
    assert outcome["result"] == "win"
    reward = game.ctx.game.reward(state.engine_state, 0)
    assert state.returns() == [2 * reward - 1] and -1.0 < state.returns()[0] <= 1.0


@pytest.mark.parametrize("game_id, params", [("tanglewoods", {}), ("cursed-forest", {"players": 2, "turn_limit": 5})])
def test_a_finished_game_returns_what_its_outcome_says(game_id, params):
    game = wo.load(game_id, **params)
    for seed in range(3):
        state = random_state(game, seed, 10 ** 6)
        assert state.is_terminal()
        outcome = state.engine_state.outcome
        expected = {"win": 1.0, "loss": -1.0, "unfinished": 0.0}[outcome["result"]]
        assert state.returns() == [expected] * game.num_players()


def test_the_adapter_cuts_a_game_at_max_game_length():
    game = wo.load("storyfold", max_game_length=7)
    state = random_state(game, 0, 100)
    assert state.is_terminal() and state.move_number() == 7 and not state.engine_state.over
    assert state.returns() == [0.0] and state.legal_actions() == []
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert game.max_game_length() == 7
    # the rules' game would go on, but the adapter's has ended: an action the engine would still
    # take is refused, as after the rules' end, and changes nothing
    import woodlands
    offered = game.ctx.space.index(state._core.get().decision.options[0].id)
    before = (str(state), state.history())
    with pytest.raises(woodlands.IllegalAction, match="cut at max_game_length"):
        state.apply_action(offered)
    assert (str(state), state.history()) == before and state.move_number() == 7


def test_legal_actions_are_the_decisions_options():
    game = wo.load("cursed-forest", players=2, turn_limit=8)
    rng = random.Random(0)
    state = game.new_initial_state()
    while not state.is_terminal():
        decision = state.engine_state.decision
        actions = state.legal_actions()
        assert sorted(state.action_to_string(a) for a in actions) == sorted(o.id for o in decision.options)
        assert state.current_player() == decision.player
        other = 1 - decision.player
        assert state.legal_actions(other) == []
        state.apply_action(rng.choice(actions))


def test_an_illegal_action_is_refused_and_changes_nothing():
    import woodlands

    game = wo.load("tanglewoods")
    state = random_state(game, 1, 5)
    before = (str(state), state.history(), state.engine_state.record())
    bad = next(a for a in range(game.num_distinct_actions()) if a not in state.legal_actions())
    with pytest.raises(woodlands.IllegalAction, match="legal now"):
        state.apply_action(bad)
    with pytest.raises(IndexError, match="not an action index"):
        state.apply_action(10 ** 6)
    assert (str(state), state.history(), state.engine_state.record()) == before


# ---------------------------------------------------------------- hidden facts
def _seen(state, seat):
    return (state.information_state_string(seat), state.information_state_tensor(seat),
            state.observation_string(seat), state.observation_tensor(seat))


@pytest.mark.parametrize("game_id, params", [("tanglewoods", {}), ("storyfold", {}),
                                             ("cursed-forest", {"players": 1}),
                                             ("cursed-forest", {"players": 3, "turn_limit": 30})])
def test_states_differing_only_in_hidden_facts_look_the_same_to_the_seat(game_id, params):
    """A determinized twin (hidden orders redrawn, generator reseeded, the seat's view and log
    the same) gives that seat the same information-state and observation tensors and strings,
    there and after the same actions until something is drawn, rolled or revealed; the twin is
    really another position (its generator differs)."""
    game = wo.load(game_id, **params)
    checked = followed = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_initial_state()
        step = 0
        while not state.is_terminal() and step < 400:
            if step % 23 == 0:
                for seat in range(game.num_players()):
                    twin = state.resampled(seat, 1000 + step)
                    assert str(twin) != str(state)
                    assert _seen(twin, seat) == _seen(state, seat)
                    ismcts_twin = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0., 1.))
                    assert _seen(ismcts_twin, seat) == _seen(state, seat)
                    checked += 1
                    # and along the play that follows with the same actions, until a step draws,
                    # rolls or reveals (the engine's own harness stops there too)
                    ahead, twin_ahead = state.clone(), twin.clone()
                    revealing = type(state.engine_state).REVEALING
                    for k in range(6):
                        if ahead.is_terminal() or ahead.legal_actions() != twin_ahead.legal_actions():
                            break           # another seat's hidden items may give it other options
                        action = ahead.legal_actions()[k % len(ahead.legal_actions())]
                        before, generator = ahead.engine_state.log_length, ahead.engine_state.rng.state
                        ahead.apply_action(action)
                        twin_ahead.apply_action(action)
                        if (ahead.engine_state.rng.state != generator
                                or any(e["type"] in revealing for e in ahead.engine_state.log_since(before))):
                            break
                        assert _seen(twin_ahead, seat) == _seen(ahead, seat)
                        followed += 1
            state.apply_action(rng.choice(state.legal_actions()))
            step += 1
    assert checked >= 6 and followed >= 1


def test_another_seats_twin_may_differ_for_this_seat():
    """The converse, in a 2-player Cursed Forest: a twin drawn for seat 1 redraws seat 0's face-
    down items, which seat 0 knows, so somewhere seat 0's strings tell the two apart."""
    game = wo.load("cursed-forest", players=2, turn_limit=40)
    told_apart = False
    for seed in range(4):
        rng = random.Random(seed)
        state = game.new_initial_state()
        for step in range(600):
            if state.is_terminal():
                break
            if step % 10 == 0:
                twin = state.resampled(1, step)
                if twin.observation_string(0) != state.observation_string(0):
                    told_apart = True
                    break
            state.apply_action(rng.choice(state.legal_actions()))
        if told_apart:
            break
    assert told_apart


@pytest.mark.parametrize("game_id, params", [("tanglewoods", {}), ("cursed-forest", {"players": 2, "turn_limit": 6})])
def test_the_python_accessors_give_what_openspiels_own_path_gives(game_id, params):
    """The state's Python accessors (legal actions, tensors, strings) skip OpenSpiel's C++ round
    trip (and the new state it makes for a tensor's size): they must give what that path gives."""
    game = wo.load(game_id, **params)
    for moves in (0, 7, 25):
        state = random_state(game, moves, moves)
        for seat in range(game.num_players()):
            assert state.observation_tensor(seat) == pyspiel.State.observation_tensor(state, seat)
            assert state.information_state_tensor(seat) == pyspiel.State.information_state_tensor(state, seat)
            assert state.observation_string(seat) == pyspiel.State.observation_string(state, seat)
            assert state.information_state_string(seat) == pyspiel.State.information_state_string(state, seat)
            assert state.legal_actions(seat) == pyspiel.State.legal_actions(state, seat)
        assert state.legal_actions() == pyspiel.State.legal_actions(state)
        if not state.is_terminal():
            assert state.observation_string() == state.observation_string(state.current_player())
    with pytest.raises(pyspiel.SpielError, match="no player"):
        game.new_initial_state().observation_tensor(game.num_players())


def test_the_information_state_string_is_perfect_recall_of_the_seats_log():
    game = wo.load("cursed-forest", players=2, turn_limit=6)
    state = random_state(game, 2, 30)
    text = state.information_state_string(0)
    assert text.startswith(f"m{state.move_number()} h")
    clone = state.clone()                        # the digest survives a copy
    assert clone.information_state_string(0) == text
    fresh = game.deserialize_state(state.serialize())
    assert fresh.information_state_string(0) == text


# ---------------------------------------------------------------- IS-MCTS
@pytest.mark.parametrize("game_id, params, own_resampler", [
    ("tanglewoods", {"round_limit": 2}, True),
    ("storyfold", {"scene_limit": 1}, True),
    ("cursed-forest", {"players": 2, "turn_limit": 3}, True),
    ("cursed-forest", {"players": 1, "turn_limit": 3}, False),
])
def test_openspiels_ismcts_bot_plays_each_game(game_id, params, own_resampler):
    from open_spiel.python.algorithms import ismcts, mcts

    game = wo.load(game_id, seed=3, **params)
    rs = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs), uct_c=2.0,
                           max_simulations=4, random_state=rs)
    if own_resampler:
        bot.set_resampler(wo.resampler(0))      # else ISMCTS calls state.resample_from_infostate
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert moves > 0 and all(-1.0 <= r <= 1.0 for r in state.returns())
    assert state.engine_state.over                # ended by the rules or their limit, not the cap


def test_the_ismcts_example_runs():
    out = subprocess.run([sys.executable, str(ROOT / "examples" / "research" / "openspiel_ismcts.py"),
                          "--episodes", "1", "--small"],
                         capture_output=True, text=True, timeout=120, cwd=ROOT,
                         env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert out.returncode == 0, out.stderr
    lines = [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]
    assert {line["game"] for line in lines} == {"tanglewoods", "storyfold", "cursed-forest"}
    assert all(-1.0 <= line["return"] <= 1.0 for line in lines)


def test_steps_per_second_measures_both():
    adapter, engine = wo.openspiel_steps_per_second("tanglewoods", seconds=0.2)
    assert adapter > 0 and engine > 0


def test_resampled_clones_the_engine_state_once(monkeypatch):
    from woodlands.engine.state import GameState
    game = wo.load("cursed-forest", seed=5, players=2)
    state = random_state(game, 1, 30)
    calls = []
    real = GameState.clone
    monkeypatch.setattr(GameState, "clone", lambda self: calls.append(1) or real(self))
    twin = state.resampled(1, 7)
    assert len(calls) == 1                       # determinize's clone; OpenSpiel's copy reuses it
    assert twin.engine_state is not state.engine_state
    assert twin.history() == state.history() and twin.move_number() == state.move_number()
    assert twin.engine_state.view(1) == state.engine_state.view(1)
    assert twin._core.handoff is None and state._core.handoff is None
    again = twin.clone()                         # a plain clone after it copies as before
    assert again.engine_state is not twin.engine_state and len(calls) == 2


@pytest.mark.parametrize("pvp", [True, False])
def test_returns_are_the_games_own_in_pvp_and_shared_otherwise(pvp):
    game = wo.load("cursed-forest", seed=3, players=3, pvp=pvp)
    utility = pyspiel.GameType.Utility
    assert game.get_type().utility == (utility.GENERAL_SUM if pvp else utility.IDENTICAL)
    state = random_state(game, 2, 100_000)
    engine = state.engine_state
    assert state.is_terminal() and engine.outcome["result"] in ("win", "loss")
    returns = state.returns()
    assert returns == [2 * game.ctx.game.reward(engine, seat) - 1 for seat in range(3)]
    if pvp:     # the Forest Champion (CF-077) gets more than the others
        assert len(set(returns)) > 1 and engine.outcome["champions"]
    else:
        assert len(set(returns)) == 1 and abs(returns[0]) == 1.0


def test_the_observer_refuses_a_player_the_game_does_not_have() -> None:
    # the state's accessors refused such a player; the observer wrote a tensor of nobody's view
    game = wo.load("cursed-forest", players=2)
    state, observer = game.new_initial_state(), game.make_py_observer()
    for player in (2, -1, True, 1.0, "x"):
        with pytest.raises(pyspiel.SpielError, match=r"no player .* \(players 0\.\.1\)"):
            observer.set_from(state, player)
        with pytest.raises(pyspiel.SpielError, match=r"no player"):
            observer.string_from(state, player)
    observer.set_from(state, np.int64(1))          # any integer type is a player
    kept = observer.tensor.copy()
    observer.set_from(state, 1)
    assert np.array_equal(kept, observer.tensor) and observer.string_from(state, np.int64(1)) == observer.string_from(state, 1)


# ---------------------------------------------------------------- quiet until the log is needed
@pytest.mark.parametrize("game_id, params", [("tanglewoods", {}), ("storyfold", {}),
                                             ("cursed-forest", {"players": 3, "turn_limit": 30})])
def test_a_state_plays_quiet_until_something_needs_its_log(game_id, params):
    """Tensors, legal actions, returns and clones leave a state quiet (the fast path: no log); the
    first information-state string, resample, serialization or ``engine_state`` makes it normal,
    and it is then the very game a state kept normal from the start reached with the same
    actions: same position, generator, record, log, strings and tensors."""
    from woodlands.engine.fastpath import is_quiet

    game = wo.load(game_id, **params)
    observer = game.make_py_observer()
    for seed in range(2):
        rng = random.Random(seed)
        played, kept = game.state_for_seed(seed), game.state_for_seed(seed)
        assert not is_quiet(kept.engine_state)               # made normal at once
        for step in range(150):
            if played.is_terminal():
                break
            player = played.current_player()
            observer.set_from(played, player)
            played.observation_tensor(player)
            played.observation_string(player)
            str(played)
            action = rng.choice(played.legal_actions())
            played.apply_action(action)
            kept.apply_action(action)
            if step == 60:
                twin = played.clone()
                ids = [game.ctx.space.id_at(a) for a in played.history()]
                assert is_quiet(twin._core.state) and twin._core.taken.to_list() == played._core.taken.to_list() == ids
        played.returns()
        assert is_quiet(played._core.state) and not is_quiet(kept._core.state)
        seats = range(game.num_players())
        tensors = [played.observation_tensor(s) for s in seats]
        assert tensors == [kept.observation_tensor(s) for s in seats]
        strings = [played.information_state_string(s) for s in seats]   # needs the log: made normal
        assert not is_quiet(played._core.state) and played._core.taken is None
        assert strings == [kept.information_state_string(s) for s in seats]
        assert str(played) == str(kept) and played.history() == kept.history()
        for seat in seats:   # the observer, whose memo last saw the quiet state, follows the swap
            observer.set_from(played, seat)
            mine = observer.tensor.copy()
            observer.set_from(kept, seat)
            assert np.array_equal(mine, observer.tensor)
            observer.set_from(played, seat)
            assert np.array_equal(mine, observer.tensor)
        assert played.engine_state.record() == kept.engine_state.record()
        assert played.engine_state.log == kept.engine_state.log
        assert played.engine_state.rng.state == kept.engine_state.rng.state
        if not played.is_terminal():   # and from here on both play the same game, normal
            action = played.legal_actions()[0]
            played.apply_action(action)
            kept.apply_action(action)
            assert played.engine_state.record() == kept.engine_state.record()


@pytest.mark.parametrize("ask", ["resample", "serialize", "engine_state"])
def test_whatever_needs_the_record_makes_a_quiet_state_normal_first(ask):
    from woodlands.engine.fastpath import is_quiet

    game = wo.load("cursed-forest", seed=4, players=2)
    state = random_state(game, 3, 40)
    assert is_quiet(state._core.state)
    kept = game.state_for_seed(state._core.seed)
    assert not is_quiet(kept.engine_state)
    for action in state.history():
        kept.apply_action(action)
    if ask == "resample":
        twin, expected = state.resampled(1, 9), kept.resampled(1, 9)
        assert str(twin) == str(expected) and twin.information_state_string(1) == expected.information_state_string(1)
        assert not is_quiet(twin._core.state)
    elif ask == "serialize":
        back = game.deserialize_state(state.serialize())
        assert str(back) == str(kept) and back.engine_state.record() == kept.engine_state.record()
    else:
        assert state.engine_state.record() == kept.engine_state.record()
    assert not is_quiet(state._core.state)
    assert str(state) == str(kept)
