"""The search bot's heuristic leaf, its pool of log-free samples, the greedy prior and the seat
check (woodlands/bots/ismcts.py, woodlands/bots/leaf.py).  Tiny budgets: seconds in all."""
from __future__ import annotations

import pytest

import woodlands
from woodlands.bots import leaf
from woodlands.bots.ismcts import LEAVES, ISMCTSBot

from tests.bots.test_ismcts import CASES, SeatOnly, positions

#: every leaf and rollout the bot offers, as (bot keyword arguments)
VARIANTS = [dict(leaf=name) for name in LEAVES if name != "heuristic"] + [
    dict(leaf="heuristic"), dict(leaf="heuristic", rollout=3), dict(leaf="heuristic", rollout=3, rollout_by="random"),
    dict(leaf="heuristic", prior=False)]


@pytest.mark.parametrize("game_id,options,every", CASES)
@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: ",".join(f"{k}={v[k]}" for k in v))
def test_no_leaf_reads_hidden_truth(game_id, options, every, variant):
    """Twin states that differ only in what the deciding seat cannot know: the same search, stat
    for stat, for every leaf (through the wrapper that refuses anything but the seat's share)."""
    budget = "4" if variant["leaf"] == "greedy" else "10"
    state = positions(game_id, options, every, count=2)[-1]
    seat = state.decision.player
    twin = state.determinize(seat, 77)
    a = ISMCTSBot(seed=2, budget=budget, **variant).search(SeatOnly(state))   # type: ignore[arg-type]
    b = ISMCTSBot(seed=2, budget=budget, **variant).search(SeatOnly(twin))    # type: ignore[arg-type]
    assert a.stats == b.stats and a.prior == b.prior and a.best in state.decision


def test_a_search_for_a_seat_that_does_not_decide_is_refused():
    state = positions("cursed-forest", {"players": 2}, 30)[0]
    seat = state.decision.player
    before = state.view(seat)
    with pytest.raises(woodlands.GameOptionError, match="does not decide"):
        ISMCTSBot(seed=1, budget="5").search(state, 1 - seat)
    assert state.view(seat) == before
    assert ISMCTSBot(seed=1, budget="5").search(state, seat).seat == seat


def test_bad_rollouts_are_refused():
    for bad in (-1, 10**6, True, 1.5):
        with pytest.raises(woodlands.GameOptionError, match="rollout"):
            ISMCTSBot(rollout=bad)   # type: ignore[arg-type]
    with pytest.raises(woodlands.GameOptionError, match="rollout player"):
        ISMCTSBot(rollout_by="oracle")


def test_the_heuristic_leaf_separates_options_where_random_playouts_cannot():
    """Tanglewoods at difficulty 10: random playouts never win, so every option is worth 0 to
    them; the heuristic leaf's values differ and lie strictly between a loss and a win."""
    state = positions("tanglewoods", {"difficulty": 10, "round_limit": 40}, 7)[1]
    flat = ISMCTSBot(seed=1, budget="40", leaf="random").search(state)
    assert {s.value for s in flat.stats} == {0.0}
    judged = ISMCTSBot(seed=1, budget="40").search(state)
    values = [s.value for s in judged.stats if s.visits]
    assert len(set(values)) > 1 and all(0.0 < v < 1.0 for v in values)
    assert judged.prior in state.decision


def test_the_greedy_prior_is_tried_first_and_wins_ties():
    state = positions("tanglewoods", {"difficulty": 8, "round_limit": 40}, 12)[1]
    n = len(state.decision.options)
    result = ISMCTSBot(seed=3, budget=str(n)).search(state)     # one visit each: a tie everywhere
    assert result.prior is not None and result.best == result.prior
    assert ISMCTSBot(seed=3, budget="5", prior=False).search(state).prior is None


@pytest.mark.parametrize("game_id,options,every", CASES)
def test_pool_samples_carry_no_log_and_play_on_to_the_end(game_id, options, every):
    """A pooled sample is the position without the log or the record, and it plays to the same
    kind of end on the fast path; the position value reads it as the seat would."""
    state = positions(game_id, options, every)[0]
    seat = state.decision.player
    sample = ISMCTSBot._sample(state, seat, 5)
    assert len(sample._log) == 0 and len(sample._choices) == 0 and sample.decision == state.decision
    assert leaf.raw_value(sample, seat) == leaf.raw_value(state.determinize(seat, 5), seat)
    copy = sample.clone()
    from woodlands.engine.fastpath import random_playout
    import random
    random_playout(copy, random.Random(1), 4000)
    assert copy.over or copy.decision is not None
    assert sample.decision == state.decision        # the pool's own sample is left as it was


def test_squash_is_monotone_and_centred():
    state = woodlands.load_game("cursed-forest").new_game(seed=1, options={"players": 1})
    assert leaf.squash(state, 3.0, 3.0) == 0.5
    assert 0.0 <= leaf.squash(state, -1e9, 0.0) < leaf.squash(state, -1.0, 0.0) < 0.5
    assert 0.5 < leaf.squash(state, 1.0, 0.0) < leaf.squash(state, 1e9, 0.0) <= 1.0
