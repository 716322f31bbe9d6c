"""The analysis of a finished game (woodlands/bots/analysis.py): its JSON, its arithmetic, that
each decision's ``at`` leads back to that decision, that an unfinished game is refused, and that
a seat's analysis reads only what that seat could see.  Short games and 2 samples: seconds."""
from __future__ import annotations

from typing import Any

import pytest

import woodlands
from woodlands.bots import analysis, get_bot
from woodlands.bots.analysis import Point, analyse, judge, places, points_of
from woodlands.bots.estimate import ASSUMES, Estimates, OptionValue
from woodlands.engine.presentation import presentation_for

#: short finished games: (game, seed, options, bot); the random bot loses these fast, the
#: limits stop the others early (a stopped game is over too)
SHORT = [("tanglewoods", 22, {"hero": "thorn-warden", "side": "a", "difficulty": 10}, "random"),
         ("storyfold", 3, {"scene_limit": 1}, "greedy"),
         ("cursed-forest", 28, {"turn_limit": 6}, "random"),
         ("cursed-forest", 3, {"players": 2, "turn_limit": 3}, "random")]

DECISION_KEYS = {"at", "seat", "kind", "chosen", "best", "chosen_words", "best_words", "options", "win_before",
                 "win_after_chosen", "win_after_best", "loss", "about_equal", "where", "moment"}


def finished(game_id: str, seed: int, options: dict[str, Any], bot: str = "random") -> woodlands.GameState:
    state = woodlands.load_game(game_id).new_game(seed=seed, options=options)
    bots: dict[int, Any] = {}
    while not state.is_over:
        seat = state.decision.player
        chooser = bots.get(seat) or bots.setdefault(seat, get_bot(bot, seed + seat, game=game_id))
        state.apply(chooser.choose(state))
    return state


def upto(record: dict[str, Any], at: int) -> woodlands.GameState:
    """The state after the first ``at`` choices of ``record`` (what a replay board shows)."""
    cut = dict(record, choices=record["choices"][:at])
    cut.pop("digest", None)
    cut.pop("redraws", None)
    return woodlands.replay(cut)


@pytest.fixture(scope="module", params=SHORT, ids=[f"{g}-{s}-{len(o)}" for g, s, o, _ in SHORT])
def analysed(request: pytest.FixtureRequest) -> tuple[woodlands.GameState, dict[str, Any], list[tuple[int, int]]]:
    game_id, seed, options, bot = request.param
    state = finished(game_id, seed, options, bot)
    calls: list[tuple[int, int]] = []
    found = analyse(state.record(), samples=2, seed=1, progress=lambda done, total: calls.append((done, total)))
    return state, found, calls


def test_the_json_has_its_shape(analysed):
    state, found, calls = analysed
    assert set(found) == {"game", "pack", "measure", "assumes", "samples", "seats", "decisions", "summary"}
    assert found["game"] == state.game.id and found["samples"] == 2 and found["assumes"] == ASSUMES
    assert found["pack"] == {"id": state.game.content.id, "version": state.game.content.version}
    assert found["measure"] == ("score" if state.game.id == "storyfold" else "win chance")
    decisions = found["decisions"]
    assert decisions and all(set(d) == DECISION_KEYS for d in decisions)
    assert [d["at"] for d in decisions] == sorted({d["at"] for d in decisions})
    assert calls == [(k, len(decisions)) for k in range(1, len(decisions) + 1)]
    summary = found["summary"]
    assert set(summary) == {"text", "biggest", "total_loss", "decisions", "mistakes", "per_seat"}
    assert summary["decisions"] == len(decisions) and summary["text"]
    assert found["seats"] == sorted({d["seat"] for d in decisions})
    assert [s["seat"] for s in summary["per_seat"]] == found["seats"]


def test_losses_add_up(analysed):
    _, found, _ = analysed
    decisions = found["decisions"]
    for d in decisions:
        for key in ("win_before", "win_after_chosen", "win_after_best", "loss"):
            assert 0.0 <= d[key] <= 1.0
        assert d["loss"] == pytest.approx(d["win_after_best"] - d["win_after_chosen"], abs=2e-4)
        if d["chosen"] == d["best"]:
            assert d["loss"] == 0 and d["about_equal"]
        else:       # another option is named best only when it did better than the choice
            assert d["win_after_best"] > d["win_after_chosen"]
    worse = [d for d in decisions if not d["about_equal"] and d["loss"] > 0]
    summary = found["summary"]
    assert summary["mistakes"] == len(worse) == sum(s["mistakes"] for s in summary["per_seat"])
    assert summary["total_loss"] == pytest.approx(sum(d["loss"] for d in worse), abs=1e-3)
    by_at = {d["at"]: d for d in decisions}
    biggest = [by_at[at] for at in summary["biggest"]]
    assert len(biggest) == min(3, len(worse)) and all(not d["about_equal"] for d in biggest)
    assert [d["loss"] for d in biggest] == sorted((d["loss"] for d in worse), reverse=True)[:len(biggest)]


def test_at_is_the_replay_position_of_the_decision(analysed):
    state, found, _ = analysed
    record = state.record()
    for d in found["decisions"][:: max(1, len(found["decisions"]) // 6)]:
        assert record["choices"][d["at"]] == d["chosen"]
        there = upto(record, d["at"])
        decision = there.decision
        assert decision.player == d["seat"] and decision.kind == d["kind"]
        assert d["chosen"] in decision and d["best"] in decision and len(decision.options) == d["options"] > 1
        moment = presentation_for(state.game).moment(there.view(d["seat"]))
        assert moment is not None and d["where"] == moment.where != ""      # every game here says where


def test_every_decision_with_a_choice_is_analysed_and_only_those():
    state = finished("tanglewoods", 22, {"hero": "thorn-warden", "side": "a", "difficulty": 10})
    final, points, deciders = points_of(state.record())
    assert final.choices == state.choices and deciders == {0}
    replayed = upto(state.record(), 0)
    expected = []
    for at, choice in enumerate(state.choices):
        if len(replayed.decision.options) > 1:
            expected.append(at)
        replayed.apply(choice)
    assert [p.at for p in points] == expected


def test_a_state_and_its_record_give_the_same_analysis():
    state = finished("tanglewoods", 22, {"hero": "thorn-warden", "side": "a", "difficulty": 10})
    assert analyse(state, samples=2, seed=4) == analyse(state.record(), samples=2, seed=4)


def test_an_unfinished_game_is_refused():
    state = woodlands.load_game("tanglewoods").new_game(seed=1, options={"hero": "thorn-warden", "side": "a"})
    bot = get_bot("greedy", 1, game="tanglewoods")
    for _ in range(12):
        state.apply(bot.choose(state))
    with pytest.raises(ValueError, match="not over"):
        analyse(state.record(), samples=2)
    with pytest.raises(ValueError, match="samples"):
        analyse(finished("cursed-forest", 28, {"turn_limit": 6}), samples=1)


def test_a_table_of_two_analyses_the_seats_asked_for():
    state = finished("cursed-forest", 3, {"players": 2, "turn_limit": 3})
    both = analyse(state, samples=2)
    second = analyse(state, [1], samples=2)
    assert {d["seat"] for d in both["decisions"]} == {0, 1} and both["seats"] == [0, 1]
    assert second["seats"] == [1] and {d["seat"] for d in second["decisions"]} == {1}
    # a seat's decisions are judged alike whether or not the other seat is analysed too
    assert second["decisions"] == [d for d in both["decisions"] if d["seat"] == 1]
    assert [s["seat"] for s in both["summary"]["per_seat"]] == [0, 1]
    assert both["summary"]["text"].count("\n") == 1          # a paragraph per seat, each named
    with pytest.raises(ValueError, match="seat 5"):
        analyse(state, [5], samples=2)


class OwnSeatOnly:
    """What judging one decision may touch: the decision, the game, the deciding seat's view and
    determinize for that seat; anything else (the deck order, the generator, the log, another
    seat's view) raises."""

    __slots__ = ("_state",)

    def __init__(self, state: woodlands.GameState) -> None:
        object.__setattr__(self, "_state", state)

    game = property(lambda self: self._state.game)
    decision = property(lambda self: self._state.decision)

    def view(self, seat: int) -> dict[str, Any]:
        assert seat == self._state.decision.player, "a seat's analysis reads its own view only"
        return self._state.view(seat)

    def determinize(self, seat: int, seed: int) -> woodlands.GameState:
        assert seat == self._state.decision.player, "a seat determinizes only for itself"
        return self._state.determinize(seat, seed)


def test_a_seat_is_judged_from_what_it_could_see():
    """At a table of two, each decision's entry is the same for the real position and for one
    that differs only in what the deciding seat could not know (hidden orders, the other
    player's face-down items), judged through a wrapper that refuses everything else."""
    state = finished("cursed-forest", 3, {"players": 2, "turn_limit": 3})
    _, points, _ = points_of(state.record())
    present = presentation_for(state.game)
    seats = set()
    for point in points[:: max(1, len(points) // 8)]:
        seats.add(point.seat)
        real = judge(Point(point.at, point.seat, OwnSeatOnly(point.state), point.chosen),   # type: ignore[arg-type]
                     present, 2, 3)
        twin = point.state.determinize(point.seat, 99)
        other = judge(Point(point.at, point.seat, OwnSeatOnly(twin), point.chosen), present, 2, 3)  # type: ignore[arg-type]
        assert real == other
        assert real == judge(point, present, 2, 3)
    assert seats == {0, 1}


def fake_estimates(values: dict[str, tuple[float, float]], position: float) -> Estimates:
    """Estimates with the given (value, gap error) per option, best first."""
    ranked = sorted(values.items(), key=lambda kv: -kv[1][0])
    top = ranked[0][1][0]
    return Estimates(0, tuple(OptionValue(o, v, v - top, e) for o, (v, e) in ranked), position, ranked[0][0], 2, 0.0)


def test_the_summary_counts_clear_losses_and_says_where(monkeypatch):
    """With the estimate replaced by fixed numbers: the loss is best less chosen, a choice within
    the noise is about equal and no mistake, and the summary names the biggest losses' places."""
    state = finished("tanglewoods", 22, {"hero": "thorn-warden", "side": "a", "difficulty": 10})
    record = state.record()
    _, points, _ = points_of(record)
    plan: dict[int, tuple[float, float]] = {}      # at -> (loss, its error)
    for k, point in enumerate(points[:4]):
        plan[point.at] = [(0.30, 0.01), (0.10, 0.01), (0.20, 0.5), (0.05, 0.01)][k]

    def fake(st: Any, seat: int, *, samples: int, seed: int) -> Estimates:
        at = next(p.at for p in points if p.state.choice_count == st.choice_count)
        chosen = record["choices"][at]
        loss, error = plan.get(at, (0.0, 0.0))
        others = [o.id for o in st.decision.options if o.id != chosen]
        return fake_estimates({chosen: (0.6 - loss, error), others[0]: (0.6, 0.0)}, 0.55)

    monkeypatch.setattr(analysis, "option_values", fake)
    found = analyse(record, samples=2)
    by_at = {d["at"]: d for d in found["decisions"]}
    first = [by_at[p.at] for p in points[:4]]
    assert [d["loss"] for d in first] == [0.3, 0.1, 0.2, 0.05]
    assert [d["about_equal"] for d in first] == [False, False, True, False]
    assert [d["win_after_best"] - d["win_after_chosen"] for d in first] == pytest.approx([0.3, 0.1, 0.2, 0.05])
    assert all(d["win_before"] == 0.55 for d in found["decisions"])
    summary = found["summary"]
    assert summary["mistakes"] == 3 and summary["total_loss"] == pytest.approx(0.45)
    assert summary["biggest"] == [points[0].at, points[1].at, points[3].at]
    text = summary["text"]
    assert "Your 3 biggest mistakes cost about 30, 10 and 5 points of win chance, in " in text
    assert f"{len(points) - 3} of your {len(points)} decisions were about as good" in text
    assert places([by_at[at]["moment"] for at in summary["biggest"]]) in text


def test_places_group_by_phase():
    m = [{"unit": "scene", "number": 3, "phase": "", "within": "chapter 1"},
         {"unit": "scene", "number": 2, "phase": "", "within": "chapter 1"},
         {"unit": "", "number": 0, "phase": "set-up", "within": ""}, None]
    assert places(m) == "chapter 1, scenes 2 and 3 and the set-up"
    assert places([None]) == ""


def test_a_game_without_its_own_moments_says_its_round():
    from woodlands.engine.presentation import Presentation
    base = Presentation(woodlands.load_game("tanglewoods"))
    assert base.moment({"round": 2, "phase": "map"}).where == "round 2"
    assert base.moment({"phase": "map"}) is None and base.moment({"round": True}) is None
