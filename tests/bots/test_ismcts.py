"""The search bot (woodlands/bots/ismcts.py): budgets, reproducibility, rewards, and that it
never reads what its seat may not see (tiny budgets: these run in seconds)."""
from __future__ import annotations

import random
from typing import Any

import pytest

import woodlands
from woodlands.bots import get_bot
from woodlands.bots.ismcts import Budget, ISMCTSBot
from woodlands.cli.main import main

#: positions with something hidden from the deciding seat: deck orders, the tile stack and bags,
#: and (two players) the other player's face-down items
CASES = [("tanglewoods", {"difficulty": 8, "round_limit": 40}, 12),
         ("storyfold", {"scene_limit": 6}, 25),
         ("cursed-forest", {"players": 2}, 30)]


class SeatOnly:
    """What the search may touch, and nothing else: the decision, the game, how many choices were
    made, the deciding seat's view and determinize for that seat.  Anything else (the deck order,
    the generator, the log) raises AttributeError."""

    __slots__ = ("_state",)

    def __init__(self, state: woodlands.GameState) -> None:
        object.__setattr__(self, "_state", state)

    game = property(lambda self: self._state.game)
    decision = property(lambda self: self._state.decision)
    choices = property(lambda self: self._state.choices)

    def view(self, seat: int) -> dict[str, Any]:
        return self._state.view(seat)

    def determinize(self, seat: int, seed: int) -> woodlands.GameState:
        assert seat == self._state.decision.player, "a seat determinizes only for itself"
        return self._state.determinize(seat, seed)


def positions(game_id: str, options: dict[str, Any], every: int, count: int = 3) -> list[woodlands.GameState]:
    """Positions of a seeded random game with a real choice, every ``every`` decisions."""
    game = woodlands.load_game(game_id)
    state = game.new_game(seed=5, options=game.options_for_simulation(options))
    pick = random.Random(5)
    found: list[woodlands.GameState] = []
    n = 0
    while not state.is_over and len(found) < count:
        options_now = state.decision.options
        n += 1
        if n % every == 0 and len(options_now) > 1:
            found.append(state.clone())
        state.apply(options_now[pick.randrange(len(options_now))].id)
    assert found, f"{game_id}: no position found"
    return found


def test_budget_parses_iterations_and_seconds_and_refuses_the_rest():
    assert Budget.parse("400") == Budget(iterations=400)
    assert Budget.parse(" 2S ") == Budget(seconds=2.0)
    assert Budget.parse("250ms") == Budget(seconds=0.25)
    assert Budget.parse(None) == Budget(iterations=200)
    assert Budget.parse("1s-cpu") == Budget(seconds=1.0, cpu=True) and str(Budget.parse("250MS-CPU")) == "0.25s-cpu"
    for bad in ("", "0", "-3", "1.5", "fast", "nans", "infs", "0s", "99999s", True, 1.5, "400-cpu", "-cpu", "1s-cpu-cpu"):
        with pytest.raises(woodlands.GameOptionError, match="budget"):
            Budget.parse(bad)   # type: ignore[arg-type]
    with pytest.raises(woodlands.GameOptionError, match="leaf"):
        ISMCTSBot(leaf="oracle")


def test_registered_for_every_game_with_its_budget():
    for game in ("tanglewoods", "storyfold", "cursed-forest"):
        bot = get_bot("ismcts", 1, game=game)
        assert bot.name == "ismcts" and str(bot.budget) == "200"
        assert str(get_bot("ismcts:1s", 1, game=game).budget) == "1s"
        assert str(get_bot("ismcts", 1, game=game, budget="50").budget) == "50"
    with pytest.raises(woodlands.GameOptionError, match="no budget"):
        get_bot("random:5", 1, game="tanglewoods")


@pytest.mark.parametrize("game_id,options,every", CASES)
def test_it_never_reads_hidden_truth(game_id, options, every):
    """Two states that differ only in what the seat cannot know give the same search, stat for
    stat; and the search runs through a wrapper that refuses everything else."""
    for state in positions(game_id, options, every):
        seat = state.decision.player
        twin = state.determinize(seat, 99)
        assert twin.view(seat) == state.view(seat) and twin.decision == state.decision
        a = ISMCTSBot(seed=3, budget="12").search(SeatOnly(state))   # type: ignore[arg-type]
        b = ISMCTSBot(seed=3, budget="12").search(SeatOnly(twin))    # type: ignore[arg-type]
        assert a.stats == b.stats and a.best in state.decision


def test_the_twins_do_differ_where_the_search_does_not_look():
    """The converse: the twins of the test above are different games (else it proves nothing)."""
    differ = 0
    for game_id, options, every in CASES:
        for state in positions(game_id, options, every):
            twin = state.determinize(state.decision.player, 99)
            differ += twin.rng.state != state.rng.state or repr(twin.view(0)) != repr(state.view(0)) or any(
                getattr(twin, f) != getattr(state, f) for f in type(state).LIST_FIELDS)
    assert differ >= 6


def test_same_seed_same_choice_other_seed_may_differ():
    state = positions("tanglewoods", {"difficulty": 8, "round_limit": 40}, 12)[1]
    first = ISMCTSBot(seed=4, budget="20").search(state)
    again = ISMCTSBot(seed=4, budget="20").search(state)
    assert first == again.__class__(first.seat, again.stats, again.iterations, first.seconds, first.playout_seconds)
    assert first.iterations == 20 and sum(s.visits for s in first.stats) == 20
    assert abs(sum(s.share for s in first.stats) - 1) < 1e-9
    assert all(0.0 <= s.value <= 1.0 for s in first.stats)


def test_a_seconds_budget_stops_in_time():
    state = positions("cursed-forest", {"players": 1}, 20)[0]
    result = ISMCTSBot(seed=1, budget="50ms").search(state)
    assert result.iterations >= 1 and result.seconds < 1.0


def test_a_cpu_seconds_budget_counts_the_threads_own_time(monkeypatch):
    """``-cpu`` budgets stop on the thread's CPU clock, not the wall clock: a study run at low
    priority on a busy machine still gives each decision the same thinking."""
    import woodlands.bots.ismcts as ismcts

    ticks = {"cpu": 0.0}

    def fake_thread_time() -> float:       # each look at the clock costs 10 ms of CPU
        ticks["cpu"] += 0.01
        return ticks["cpu"]

    monkeypatch.setattr(ismcts.time, "thread_time", fake_thread_time)
    state = positions("cursed-forest", {"players": 1}, 20)[0]
    result = ISMCTSBot(seed=1, budget="50ms-cpu").search(state)
    assert result.iterations == 5          # clock read at the start, then once after each iteration
    assert str(ISMCTSBot(seed=1, budget="1s-cpu").budget) == "1s-cpu"


def test_rewards_cooperative_seats_share_pvp_seats_do_not():
    game = woodlands.load_game("cursed-forest")
    coop = game.new_game(seed=1, options={"players": 2})
    pvp = game.new_game(seed=1, options={"players": 2, "pvp": True})
    for state in (coop, pvp):
        state._outcome = {"result": "win", "champions": [1]}
    assert game.reward(coop, 0) == game.reward(coop, 1) == 1.0
    assert game.reward(pvp, 1) == 1.0 and game.reward(pvp, 0) == 0.5
    for state in (coop, pvp):
        state._outcome = {"result": "loss", "champions": []}
    assert game.reward(coop, 0) == game.reward(pvp, 1) == 0.0
    story = woodlands.load_game("storyfold")
    s = story.new_game(seed=1)
    # (a new game's Spirit is full: the only costs below are the outcome's)
    s._outcome = {"result": "win", "scenes_played": 11, "chapter_restarts": 0, "shadow_cards": 0}
    assert story.reward(s, 0) == 1.0            # a flawless run of the pack's campaign
    s._outcome = {"result": "win", "scenes_played": 11, "chapter_restarts": 0, "shadow_cards": 3}
    good = story.reward(s, 0)
    s._outcome = {"result": "win", "scenes_played": 22, "chapter_restarts": 1, "shadow_cards": 40}
    assert 1 > good > story.reward(s, 0) > 0
    s._outcome = {"result": "unfinished", "scenes_played": 6, "chapter_restarts": 0, "shadow_cards": 0}
    assert story.reward(s, 0) == 0.0


def test_it_plays_a_whole_game_through_sim(tmp_path, capsys):
    out = tmp_path / "sim.json"
    assert main(["sim", "tanglewoods", "--games", "1", "--bot", "ismcts", "--budget", "3", "--difficulty", "2",
                 "--limit", "15", "--json", str(out)]) == 0
    assert "ismcts" in out.read_text()          # the sim's rows name the bot and its budget
    assert main(["sim", "tanglewoods", "--games", "1", "--bot", "ismcts", "--budget", "soon"]) == 2
    assert "budget" in capsys.readouterr().err
