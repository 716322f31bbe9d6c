"""Tanglewoods' fitted position value (woodlands/games/tanglewoods/bots/value.py, its weights in
value_tanglewoods.toml, fitted by benchmarks/fit_tanglewoods_value.py) and the game's search
settings (the descriptor's ``search``, woodlands/bots/leaf.py ``settings``)."""
from __future__ import annotations

import math
import tomllib

import pytest

import woodlands
from woodlands.bots import leaf
from woodlands.games.tanglewoods.bots import value as vt
from woodlands.bots.ismcts import ISMCTSBot

from tests.bots.test_ismcts import SeatOnly, positions


def test_the_value_reads_the_committed_weights():
    """The value is the intercept plus the weights of the file times the features, and the file
    names the features the module computes, in order."""
    data = tomllib.loads(vt.WEIGHTS.read_text(encoding="utf-8"))
    assert tuple(data["features"]) == vt.FEATURES and len(data["weights"]) == len(vt.FEATURES)
    for state in positions("tanglewoods", {"difficulty": 10, "round_limit": 40}, 9):
        seat = state.decision.player
        x = vt.features(state, seat)
        expected = data["intercept"] + sum(w * f for w, f in zip(data["weights"], x))
        assert vt.position_value(state, seat) == pytest.approx(expected)
        assert leaf.raw_value(state, seat) == vt.position_value(state, seat)
        assert vt.win_chance(state, seat) == pytest.approx(1 / (1 + math.exp(-expected)))


def test_the_fitted_value_ranks_as_outcomes_do():
    """Sanity of the fit: a bear beaten raises the odds, a harder level and fewer rounds left lower them."""
    w = dict(zip(vt.FEATURES, vt.weights()[1]))
    assert w["bears_defeated"] > 0 and w["difficulty"] < 0 and w["rounds_left"] > 0


def test_weights_for_other_features_are_refused(tmp_path, monkeypatch):
    bad = tmp_path / "w.toml"
    bad.write_text('features = ["gold"]\nintercept = 0.0\nweights = [1.0]\n', encoding="utf-8")
    monkeypatch.setattr(vt, "WEIGHTS", bad)
    vt.weights.cache_clear()
    try:
        with pytest.raises(ValueError, match="fit_tanglewoods_value"):
            vt.weights()
    finally:
        monkeypatch.undo()
        vt.weights.cache_clear()


def test_the_value_reads_only_the_seats_view():
    """Two positions that differ only in what the seat cannot know have the same features."""
    for state in positions("tanglewoods", {"difficulty": 8, "round_limit": 40}, 11):
        seat = state.decision.player
        for seed in (3, 4):
            twin = state.determinize(seat, seed)
            assert vt.features(twin, seat) == vt.features(state, seat)
            assert vt.position_value(twin, seat) == vt.position_value(state, seat)


def test_absolute_values_are_squashed_without_the_reference():
    state = woodlands.load_game("tanglewoods").new_game(seed=1, options={"difficulty": 10, "round_limit": 40})
    assert leaf.settings("tanglewoods")["absolute"] is True
    assert leaf.squash(state, 0.0, 5.0) == 0.5
    assert leaf.squash(state, 2.0, -7.0) == pytest.approx(1 / (1 + math.exp(-2.0)))
    assert set(leaf.settings("cursed-forest")) == {"repeat_key", "margin"} and leaf.settings("storyfold") == {}


def test_a_decision_not_worth_a_search_takes_the_greedy_choice(monkeypatch):
    """Where the game's settings say a decision is not worth a search, the bot takes the greedy
    bot's choice and spends no iteration (a hint still searches); elsewhere it searches."""
    from woodlands.bots import get_bot
    game_positions = positions("tanglewoods", {"difficulty": 10, "round_limit": 40}, 7)
    tune = dict(leaf.settings("tanglewoods"))
    hooks = leaf._hooks("tanglewoods")[:2]
    monkeypatch.setitem(leaf._HOOKS, "tanglewoods", hooks + ({**tune, "searched": lambda s: False},))
    for state in game_positions:
        bot = ISMCTSBot(seed=1, budget="30")
        greedy = ISMCTSBot(seed=1, budget="30").search(state).prior
        monkeypatch.setattr(bot, "search", lambda *a, **k: pytest.fail("searched a decision not worth it"))
        assert bot.choose(SeatOnly(state)) == greedy   # type: ignore[arg-type]
    assert ISMCTSBot(seed=1, budget="30").search(state).iterations == 30
    assert get_bot("greedy", 0, game="tanglewoods").choose(state) in state.decision
    # without the prior there is no greedy choice to fall back on: it searches
    calls = []
    bot = ISMCTSBot(seed=1, budget="30", prior=False)
    real = bot.search
    monkeypatch.setattr(bot, "search", lambda s: calls.append(1) or real(s))
    assert bot.choose(state) in state.decision and calls == [1]


def _greedy_positions(difficulty: int, count: int) -> list[woodlands.GameState]:
    """Positions of a seeded greedy game, one every few real choices (map and bribe among them)."""
    from woodlands.bots import get_bot
    game = woodlands.load_game("tanglewoods")
    state = game.new_game(seed=11, options=game.options_for_simulation({"difficulty": difficulty, "round_limit": 40}))
    bot = get_bot("greedy", 11, game="tanglewoods")
    found = []
    while not state.is_over and len(found) < count:
        if len(state.decision.options) > 1 and (vt.searched(state) or len(state.choices) % 9 == 0):
            found.append(state.clone())
        state.apply(bot.choose(state))
    return found


def test_tanglewoods_searches_only_the_map_and_bribe_choices():
    seen = set()
    for state in _greedy_positions(10, 40):
        kinds = {o.id.split(":", 1)[0] for o in state.decision.options}
        assert vt.searched(state) == bool(kinds & {"map", "bribe"})
        seen.add(vt.searched(state))
    assert seen == {True, False}
    assert leaf.settings("tanglewoods")["searched"] is vt.searched


def test_the_tanglewoods_search_never_reads_hidden_truth_where_it_searches_or_not():
    """With the game's own settings (map and bribe decisions searched after greedy rollouts,
    the rest the greedy choice): twin states that differ only in hidden facts, the same choice
    and, where it searches, the same statistics."""
    searched = skipped = 0
    for state in _greedy_positions(8, 12):
        seat = state.decision.player
        twin = state.determinize(seat, 41)
        a, b = ISMCTSBot(seed=4, budget="12"), ISMCTSBot(seed=4, budget="12")
        assert a.choose(SeatOnly(state)) == b.choose(SeatOnly(twin))   # type: ignore[arg-type]
        if vt.searched(state):
            searched += 1
            x = ISMCTSBot(seed=4, budget="12").search(SeatOnly(state))   # type: ignore[arg-type]
            y = ISMCTSBot(seed=4, budget="12").search(SeatOnly(twin))    # type: ignore[arg-type]
            assert x.stats == y.stats and all(0.0 <= s.value <= 1.0 for s in x.stats)
        else:
            skipped += 1
    assert searched and skipped
