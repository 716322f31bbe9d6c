"""The search bot's guard against repeated positions (woodlands/bots/ismcts.py ``choose``, the
game's ``repeat_key`` setting; docs/bots.md "Repeated positions"): in solo Cursed Forest the
search used to walk back and forth between two tiles until the turn limit."""
from __future__ import annotations

import pytest

from woodlands.bots import leaf
from woodlands.games.cursed_forest.bots import value as vcf
from woodlands.bots.ismcts import ISMCTSBot

from .test_ismcts import SeatOnly, positions


def test_cursed_forest_names_its_repeat_key():
    assert leaf.settings("cursed-forest")["repeat_key"] is vcf.repeat_key


def test_the_key_ignores_the_round_and_nothing_else_of_what_the_seat_sees():
    state = positions("cursed-forest", {"players": 1}, 20)[0]
    later = state.clone()
    later.round_no += 3                       # the same position, rounds later
    assert vcf.repeat_key(later, 0) == vcf.repeat_key(state, 0)
    moved = state.clone()
    moved.health[0] -= 1                      # something the seat sees has changed
    assert vcf.repeat_key(moved, 0) != vcf.repeat_key(state, 0)


def test_the_key_reads_only_what_the_seat_may_see():
    for state in positions("cursed-forest", {"players": 2}, 30):
        seat = state.decision.player
        twin = state.determinize(seat, 99)
        assert vcf.repeat_key(SeatOnly(twin), seat) == vcf.repeat_key(SeatOnly(state), seat)   # type: ignore[arg-type]


def test_a_position_met_again_takes_the_greedy_choice_without_a_search(monkeypatch):
    state = positions("cursed-forest", {"players": 1}, 20)[0]
    bot = ISMCTSBot(seed=1, budget="30")
    searched = []
    real = bot.search
    monkeypatch.setattr(bot, "search", lambda s: searched.append(1) or real(s))
    first = bot.choose(SeatOnly(state))      # type: ignore[arg-type]
    assert searched == [1] and first in state.decision
    greedy = ISMCTSBot(seed=1, budget="30").search(state).prior
    later = state.clone()
    later.round_no += 1
    assert bot.choose(SeatOnly(later)) == greedy and searched == [1]   # type: ignore[arg-type]
    # the twin of the repeated position (hidden facts differ) is met again just the same
    twin = later.determinize(0, 7)
    assert bot.choose(SeatOnly(twin)) == greedy and searched == [1]    # type: ignore[arg-type]


def test_a_new_game_starts_with_a_fresh_memory(monkeypatch):
    early, late = positions("cursed-forest", {"players": 1}, 20, count=2)
    bot = ISMCTSBot(seed=1, budget="20")
    bot.choose(early)
    bot.choose(late)
    searched = []
    real = bot.search
    monkeypatch.setattr(bot, "search", lambda s: searched.append(1) or real(s))
    bot.choose(early)            # fewer choices made than the last position: another game
    assert searched == [1]


@pytest.mark.parametrize("game_id,options", [("tanglewoods", {"difficulty": 8, "round_limit": 40}),
                                             ("storyfold", {"scene_limit": 6})])
def test_games_without_a_repeat_key_search_every_time(game_id, options, monkeypatch):
    assert "repeat_key" not in leaf.settings(game_id)
    searched = leaf.settings(game_id).get("searched")
    state = next(s for s in positions(game_id, options, 3, count=40) if searched is None or searched(s))
    bot = ISMCTSBot(seed=1, budget="10")
    calls = []
    real = bot.search
    monkeypatch.setattr(bot, "search", lambda s: calls.append(1) or real(s))
    bot.choose(state)
    bot.choose(state)
    assert calls == [1, 1]


def test_choose_stays_reproducible_for_a_fresh_bot():
    state = positions("cursed-forest", {"players": 1}, 20)[1]
    assert ISMCTSBot(seed=2, budget="20").choose(state) == ISMCTSBot(seed=2, budget="20").choose(state)
