"""The greedy bots answer every decision the rules can ask with a judgement of their own.

A decision kind without a handler, or a handler that names none of the options, used to be
answered silently with the first option.  In strict mode (on for the whole test suite:
tests/conftest.py) it raises instead; outside it the first option is still the answer, so that
a game in play never stops on a bot's gap."""
from __future__ import annotations

import time
from typing import Any

import pytest

import woodlands
from tests.every_game import CASES
from woodlands.bots import get_bot
from woodlands.bots.base import STRICT_ENV, UnhandledDecision, strict_default
from woodlands.engine.decision import Decision, Option
from woodlands.engine.registry import descriptors

#: every registered game that has a greedy bot
GREEDY_GAMES = sorted(d.id for d in descriptors() if "greedy" in d.bot_names)


def declared_kinds(game_id: str) -> set[str]:
    """The decision kinds the game's rules can ask: every ``@steps.ask(..., kind=...)``."""
    game = woodlands.load_game(game_id)
    return {spec.kind for spec in game.steps.specs.values() if spec.ask is not None}


def test_the_three_games_have_greedy_bots():
    assert GREEDY_GAMES == ["cursed-forest", "storyfold", "tanglewoods"]


@pytest.mark.parametrize("game_id", GREEDY_GAMES)
def test_every_declared_decision_kind_has_a_handler(game_id):
    declared = declared_kinds(game_id)
    bot = get_bot("greedy", 0, game=game_id)
    assert len(declared) >= 10, declared
    assert not declared - bot.kinds, f"{game_id}: no greedy handler for {sorted(declared - bot.kinds)}"
    # a handler for a kind no step asks is a renamed or removed kind's leftover
    assert not bot.kinds - declared, f"{game_id}: greedy handlers for undeclared kinds {sorted(bot.kinds - declared)}"


def test_the_suite_runs_the_bots_strict():
    assert strict_default()


# ------------------------------------------------------------------ seeded games, strict
#: games per game: together about 5-10 s on one core
STRICT_GAMES = {"tanglewoods": 44, "cursed-forest": 16, "storyfold": 6}


@pytest.mark.parametrize("game_id", sorted(STRICT_GAMES))
def test_seeded_games_by_the_strict_greedy_bot(game_id):
    """Whole games, every option set of the game's test cases in turn: a strict bot raises on
    any decision it has no judgement for."""
    case = CASES[game_id]
    game = woodlands.load_game(game_id)
    met: set[str] = set()
    began = time.process_time()
    for i in range(STRICT_GAMES[game_id]):
        state = game.new_game(seed=500 + i, options=case.options(i))
        bot = get_bot("greedy", seed=i, game=game_id)
        bot.strict = True        # type: ignore[attr-defined]
        while not state.is_over:
            if len(state.decision.options) > 1:
                met.add(state.decision.kind)
            state.apply(bot.choose(state))
    assert met <= declared_kinds(game_id)
    if game_id == "tanglewoods":
        assert "order_effects" in met       # the kind that had no handler
    assert time.process_time() - began < 20


# ------------------------------------------------------------------ a kind no game declares
class Asking:
    """A real game's state seen as a bot sees it, asking ``decision`` instead of its own."""

    def __init__(self, state: woodlands.GameState, decision: Decision) -> None:
        self.game = state.game
        self.decision = decision
        self._state = state

    def view(self, player: int = 0) -> dict[str, Any]:
        return self._state.view(player)


def unknown_kind(game_id: str) -> Asking:
    state = woodlands.load_game(game_id).new_game(seed=1, options=CASES[game_id].options(1))
    options = (Option.of("pick", "a", label="A"), Option.of("pick", "b", label="B"))
    return Asking(state, Decision(0, "no_such_kind", "?", options))


@pytest.mark.parametrize("game_id", GREEDY_GAMES)
def test_strict_raises_on_an_unknown_kind_and_lenient_takes_the_first_option(game_id, monkeypatch):
    asking = unknown_kind(game_id)
    make = type(get_bot("greedy", 0, game=game_id))
    with pytest.raises(UnhandledDecision, match=rf"greedy {game_id} bot has no handler for the decision kind 'no_such_kind'"):
        make(0, strict=True).choose(asking)
    assert make(0, strict=False).choose(asking) == "pick:a"
    # without strict=, the environment decides, when the bot decides
    bot = make(0)
    with pytest.raises(UnhandledDecision):
        bot.choose(asking)
    monkeypatch.delenv(STRICT_ENV)
    assert bot.choose(asking) == "pick:a"
    monkeypatch.setenv(STRICT_ENV, "0")
    assert bot.choose(asking) == "pick:a"


def test_strict_raises_when_a_handler_names_no_option(monkeypatch):
    """A known kind whose handler finds nothing it knows among the options (a difficulty choice
    of a new kind) is a gap too."""
    state = woodlands.load_game("tanglewoods").new_game(seed=1, options={"difficulty": 5})
    options = (Option.of("swap", "a", label="A"), Option.of("swap", "b", label="B"))
    asking = Asking(state, Decision(0, "difficulty_choice", "?", options))
    make = type(get_bot("greedy", 0, game="tanglewoods"))
    with pytest.raises(UnhandledDecision, match=r"tanglewoods bot's handler for the decision kind 'difficulty_choice' answered None"):
        make(0, strict=True).choose(asking)
    assert make(0, strict=False).choose(asking) == "swap:a"


# ------------------------------------------------------------------ Tanglewoods: effects due together
def at_order(seed: int, difficulty: int, cards: set[str]) -> woodlands.GameState:
    """The greedy game of ``seed`` at its first decision on the order of ``cards``' effects."""
    game = woodlands.load_game("tanglewoods")
    state = game.new_game(seed=seed, options=game.options_for_simulation({"difficulty": difficulty, "round_limit": 40}))
    bot = get_bot("greedy", seed, game="tanglewoods")
    while not state.is_over:
        d = state.decision
        if d.kind == "order_effects" and {i.split(":", 1)[1] for i in d.ids} == cards:
            return state
        state.apply(bot.choose(state))
    raise AssertionError(f"seed {seed} no longer asks the order of {sorted(cards)}: pick another")


def test_a_toll_is_paid_before_the_bog_takes_gold_from_a_full_purse():
    """The Crooked Bridge (pay 1 gold or exhaust a die) and Witchlight Marsh (lose 1 gold with
    10 or more) drawn together with 10 gold: paying first leaves 9 and the bog takes nothing;
    the bog first leaves 8 after the toll."""
    state = at_order(1, 5, {"crooked-bridge", "witchlight-marsh"})
    assert state.decision.ids[0] == "first:witchlight-marsh"
    state.gold = 10        # type: ignore[attr-defined]
    assert get_bot("greedy", 1, game="tanglewoods").choose(state) == "first:crooked-bridge"
    state.gold = 3         # type: ignore[attr-defined]   (the bog takes nothing either way: the offered order)
    assert get_bot("greedy", 1, game="tanglewoods").choose(state) == "first:witchlight-marsh"


def test_dice_are_exhausted_before_others_wake():
    """Weeping Willow (wake 1 exhausted die) and the Sleet Sprite (exhaust 1 die) with no die
    exhausted: the willow first wakes nothing."""
    state = at_order(57, 5, {"weeping-willow", "sleet-sprite"})
    assert state.decision.ids[0] == "first:weeping-willow"
    assert sum(state.view(0)["dice"]["exhausted"].values()) == 0
    assert get_bot("greedy", 57, game="tanglewoods").choose(state) == "first:sleet-sprite"
