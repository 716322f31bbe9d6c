"""What the whole-game tests know about each game: the option sets to play and its invariants,
read from each game's descriptor (``GameDescriptor.tests``): a new game brings its own."""
from __future__ import annotations

import json
import random
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Iterator

import woodlands
from woodlands.engine.registry import GameDescriptor, descriptor, descriptors, register_game, resolve, unregister_game

from tests.toy_game import TOY


@dataclass(frozen=True)
class GameCase:
    game: str
    #: option sets the games of a batch cycle through
    option_sets: list[dict[str, Any]] = field(default_factory=lambda: [{}])
    #: the game's own "stop an endless game" option for bots that may dither, with its value
    limit: dict[str, Any] = field(default_factory=dict)

    def options(self, i: int) -> dict[str, Any]:
        """The i-th option set with the limit, over the game's simulation options (C-15)."""
        chosen = dict(self.option_sets[i % len(self.option_sets)], **self.limit)
        return woodlands.load_game(self.game).options_for_simulation(chosen)


def case_of(d: GameDescriptor) -> GameCase:
    return GameCase(d.id, [dict(o) for o in d.tests.option_sets], dict(d.tests.limit))


#: the games the shared tests play: every registered game (each descriptor's ``tests``), and
#: the toy game of tests/toy_game, which proves that a game from outside the package gets
#: through the same harness (test_every_game.py registers it around each of its tests)
TEST_GAMES: list[GameDescriptor] = [*descriptors(), TOY]
CASES: dict[str, GameCase] = {d.id: case_of(d) for d in TEST_GAMES}


@contextmanager
def harness_games_registered() -> Iterator[None]:
    """The harness's games that are not installed (the toy game) registered while the block
    runs and forgotten after it: a module's fixture wraps its tests in it, so no other test
    module sees them."""
    added = [d for d in TEST_GAMES if d.id not in woodlands.game_ids()]
    for d in added:
        register_game(d)
    try:
        yield
    finally:
        for d in added:
            unregister_game(d.id)


def check_invariants(state: woodlands.GameState) -> None:
    """Run the game's own invariant check (its descriptor's ``tests.invariants``), which either
    raises AssertionError or returns a list of problems; both become a failed assertion."""
    check = resolve(descriptor(state.game.id).tests.invariants)
    if check is None:
        return
    problems = check(state)
    assert not problems, problems


def fingerprint(state: woodlands.GameState) -> str:
    """Everything observable plus the hidden parts that drive the future (generator, steps)."""
    players = range(max(1, _seat_count(state)))
    return json.dumps({"views": [state.view(p) for p in players], "log": state.log, "rng": state.rng.state,
                       "stack": repr(state.stack), "ids": state.decision.ids if state.decision else None},
                      sort_keys=True, default=str)


def _seat_count(state: woodlands.GameState) -> int:
    seats = state.view(0).get("players")
    return len(seats) if isinstance(seats, list) else 1


def random_walk(state: woodlands.GameState, rng: random.Random, steps: int) -> woodlands.GameState:
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.decision.options).id)
    return state
