"""The greedy-playout estimate behind hints, analyses and ``woodlands calibrate``."""
from __future__ import annotations

import pytest

import woodlands
from woodlands.bots import get_bot
from woodlands.bots.estimate import option_values, position_value
from tests.bots.test_ismcts import CASES, SeatOnly, positions


@pytest.mark.parametrize("game_id,options,every", CASES)
def test_it_never_reads_hidden_truth(game_id, options, every):
    """Two states that differ only in what the seat cannot know get the same estimates, through a
    wrapper that refuses everything but the decision, the game and determinize."""
    for state in positions(game_id, options, every, count=2):
        seat = state.decision.player
        twin = state.determinize(seat, 99)
        a = option_values(SeatOnly(state), seat, samples=3, seed=5)   # type: ignore[arg-type]
        b = option_values(SeatOnly(twin), seat, samples=3, seed=5)    # type: ignore[arg-type]
        assert a == b.__class__(b.seat, b.options, b.position, b.greedy, b.samples, a.seconds)


def test_values_are_means_of_paired_playouts():
    state = positions("tanglewoods", {"difficulty": 8, "round_limit": 40}, 12)[1]
    found = option_values(state, state.decision.player, samples=6, seed=2)
    assert found.samples == 6 and {o.option_id for o in found.options} == {o.id for o in state.decision.options}
    values = [o.value for o in found.options]
    assert values == sorted(values, reverse=True) and found.best.gap == 0.0
    assert all(abs(o.value * 6 - round(o.value * 6)) < 1e-9 for o in found.options)   # win or lose: k/6
    assert all(o.gap <= 0 and o.gap_error >= 0 for o in found.options)
    assert found.greedy in state.decision
    assert found == option_values(state, state.decision.player, samples=6, seed=2).__class__(
        found.seat, found.options, found.position, found.greedy, found.samples, found.seconds)


def test_a_finished_game_is_worth_its_reward_and_another_seat_is_refused():
    game = woodlands.load_game("tanglewoods")
    state = game.new_game(seed=1, options={"hero": "thorn-warden", "round_limit": 40})
    bot = get_bot("greedy", 1, game="tanglewoods")
    while not state.is_over:
        state.apply(bot.choose(state))
    assert position_value(state, 0) == game.reward(state, 0)
    with pytest.raises(ValueError):
        option_values(state, 0, samples=2)


def test_a_timed_estimate_takes_at_least_a_few_samples():
    state = positions("tanglewoods", {"difficulty": 8, "round_limit": 40}, 12)[1]
    ticks = iter(range(1000))
    found = option_values(state, state.decision.player, seconds=0.0, clock=lambda: float(next(ticks)))
    assert found.samples == 4


def test_a_timed_estimate_within_its_time_starts_no_sample_it_cannot_finish():
    """A hint must answer in time: with ``within`` no sample is begun that the mean time of those
    taken says would end past the time (a clock that ticks once a look: 2 samples seen at 1,
    a third would end at 1.5 <= 2.5; after it, at 2, a fourth would end at 2.67 > 2.5)."""
    state = positions("tanglewoods", {"difficulty": 8, "round_limit": 40}, 12)[1]
    seat = state.decision.player

    def ticking():
        ticks = iter(range(1000))
        return lambda: float(next(ticks))
    within = option_values(state, seat, seconds=2.5, clock=ticking(), least=2, within=True)
    plain = option_values(state, seat, seconds=2.5, clock=ticking(), least=2)
    assert (within.samples, plain.samples) == (3, 4)
