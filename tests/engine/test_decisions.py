"""The decision API every client uses, on every decision kind of every game: ``option_id in
decision``, ``state.can_apply`` / ``state.why_not`` (reasons in player words, rule ids apart),
and forced moves (``state.forced`` / ``state.take_forced``)."""
from __future__ import annotations

import random
from typing import Any

import pytest

import woodlands
from woodlands.engine.refusal import RULE_ID, Refusal, split_rule
from woodlands.engine.registry import descriptors

from tests.every_game import CASES, fingerprint

GAMES = sorted(d.id for d in descriptors())
GAMES_PER_GAME = 6
DECISIONS_PER_GAME = 400


def _games(game_id: str) -> Any:
    """Seeded random games of ``game_id``: yields each state at each of its decisions."""
    case = CASES[game_id]
    game = woodlands.load_game(game_id)
    for i in range(GAMES_PER_GAME):
        rng = random.Random(1000 + i)
        state = game.new_game(seed=7 + i, options=case.options(i))
        for _ in range(DECISIONS_PER_GAME):
            if state.is_over:
                break
            yield state, rng
            state.apply(rng.choice(state.decision.options).id)
        yield state, rng


def _assert_refused(state: woodlands.GameState, option_id: str) -> None:
    refusal = state.why_not(option_id)
    assert isinstance(refusal, Refusal), option_id[:80]
    assert refusal.reason.strip(), option_id[:80]
    assert not RULE_ID.search(refusal.reason), refusal
    assert state.can_apply(option_id) is False
    if state.decision is not None:
        assert option_id not in state.decision
    with pytest.raises(woodlands.IllegalAction) as err:
        state.apply(option_id)
    assert err.value.refusal == refusal
    assert refusal.reason in str(err.value)


def test_in_decision_tests_option_ids_not_fields():
    state = woodlands.load_game("tanglewoods").new_game(seed=1)
    d = state.decision
    assert d.options[0].id in d and d.option(d.options[0].id) is d.options[0]
    assert d.player not in d and d.kind not in d and d.prompt not in d and "" not in d


@pytest.mark.parametrize("game_id", GAMES)
def test_why_not_and_can_apply_on_every_decision_kind(game_id):
    ids_by_kind: dict[str, list[str]] = {}
    watched: dict[str, int] = {}
    for state, rng in _games(game_id):
        d = state.decision
        if d is None:
            assert state.can_apply("anything") is False
            assert state.why_not("anything") == Refusal("the game is over; no more choices can be made", None)
            continue
        for o in d.options:
            assert o.id in d and state.can_apply(o.id) and state.why_not(o.id) is None, (d.kind, o.id)
        ids_by_kind.setdefault(d.kind, []).extend(o.id for o in d.options[:5])
        others = [i for k, ids in ids_by_kind.items() if k != d.kind for i in ids if i not in d]
        offered = rng.choice(d.options).id
        mangled = [offered + "x", offered[:-1], offered.rpartition(":")[0] + ":no-such-thing",
                   "x" + offered]
        illegal = [i for i in mangled if i not in d] + ["", " ", "z" * 10_000]
        if others:
            illegal.append(rng.choice(others))
        # a full before/after comparison for the first decisions of each kind; refusals after it
        seen = watched.get(d.kind, 0)
        before = fingerprint(state) if seen < 3 else None
        watched[d.kind] = seen + 1
        record = state.record()
        for option_id in illegal:
            _assert_refused(state, option_id)
        assert state.record() == record
        if before is not None:
            assert fingerprint(state) == before
    assert len(watched) >= 5, sorted(watched)


@pytest.mark.parametrize("game_id", GAMES)
def test_explained_refusals_split_the_rule_from_the_reason(game_id):
    """The steps with their own explanation keep it, with its rule ids moved to ``rule``."""
    game = woodlands.load_game(game_id)
    for name, spec in game.steps.specs.items():
        assert spec.ask is None or spec.kind, name
    assert split_rule("it costs 4 gold and you have 2 (TG-074, TG-086)") == (
        "it costs 4 gold and you have 2", "TG-074, TG-086")
    assert split_rule("you have drawn 2 cards, your limit (Strategy) (TG-035)") == (
        "you have drawn 2 cards, your limit (Strategy)", "TG-035")


#: The audit of every decision kind (docs/engine.md "Forced moves"): the kinds whose lone option
#: a client may take by itself.  Every other kind's lone option rolls dice, draws or turns up a
#: card or tile (a roll, a fight, a draw, a visit to the merchant, the end of a phase or turn that
#: deals the next cards), or was judged too close to that to leave to a client.
AUTO_KINDS = {
    "tanglewoods": {"apply_die", "discard_item", "item_limit", "order_effects", "pay_or"},
    "storyfold": {"choose_creature", "keep_explore", "pay_crystal", "place_crystal"},
    "cursed-forest": {"choose_character", "choose_partner", "flee_price", "poison_replace", "stow_item"},
}


@pytest.mark.parametrize("game_id", GAMES)
def test_each_game_declares_its_forced_kinds(game_id):
    game = woodlands.load_game(game_id)
    assert game.steps.auto_kinds() == AUTO_KINDS[game_id]
    assert {s.kind for s in game.steps.specs.values() if s.ask} >= AUTO_KINDS[game_id]


def test_steps_of_one_kind_must_agree_on_auto():
    from woodlands.engine.steps import StepRegistry
    steps = StepRegistry()
    for name, auto in (("a", True), ("b", False)):
        steps.ask(name, kind="same", rule="R-1", auto=auto)(lambda s: None)
        steps.answer(name)(lambda s, c: None)
    with pytest.raises(RuntimeError, match="disagree on auto"):
        steps.check_complete()


@pytest.mark.parametrize("game_id", GAMES)
def test_take_forced_takes_only_lone_options_of_auto_kinds(game_id):
    game = woodlands.load_game(game_id)
    auto = game.steps.auto_kinds()
    taken = lone_refused = 0
    for i in range(GAMES_PER_GAME):
        rng = random.Random(2000 + i)
        state = game.new_game(seed=30 + i, options=CASES[game_id].options(i))
        for _ in range(DECISIONS_PER_GAME):
            if state.is_over:
                assert state.forced() is None and state.take_forced() == 0
                break
            d = state.decision
            lone = len(d.options) == 1
            if lone and d.kind not in auto:
                lone_refused += 1
            assert state.forced() == (d.options[0].id if lone and d.kind in auto else None), d.kind
            # what take_forced must do, step by step on a clone
            twin = state.clone()
            expected = 0
            while twin.forced() is not None:
                assert len(twin.decision.options) == 1 and twin.decision.kind in auto
                twin.apply(twin.decision.options[0].id)
                expected += 1
            n = state.take_forced()
            assert n == expected and state.record() == twin.record()
            taken += n
            if not state.is_over:
                state.apply(rng.choice(state.decision.options).id)
        assert woodlands.replay(state.record()).record() == state.record()
    assert lone_refused > 0
    # Tanglewoods' auto kinds rarely come with one option (a lone die to exhaust or item to drop)
    assert taken > 0 or game_id == "tanglewoods", taken
