"""What the whole-game tests know about each game: the option sets to play, its invariants,
and its greedy bot.  One table, so a new game is one entry here."""
from __future__ import annotations

import importlib
import json
import random
from dataclasses import dataclass, field
from typing import Any

import woodlands
from woodlands.engine.game import _GAMES


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


CASES: dict[str, GameCase] = {
    # every difficulty, and the "single" difficulty mode every 7th game
    "tanglewoods": GameCase("tanglewoods", [{"difficulty": k % 11, "difficulty_mode": "single" if k % 7 == 0 else "toward-5"}
                                            for k in range(77)], {"round_limit": 150}),
    "storyfold": GameCase("storyfold", [{}], {"scene_limit": 200}),
    "cursed-forest": GameCase("cursed-forest", [{"players": 1}, {"players": 2}, {"players": 3}, {"players": 4},
                                                {"players": 1, "adventurers": 4}, {"players": 2, "pvp": True},
                                                {"players": 1, "ring_bearer": 0}, {"players": 3, "ring_bearer": 2}]),
}


def check_invariants(state: woodlands.GameState) -> None:
    """Run the game's own invariant check (``woodlands.games.<pkg>.invariants``), which either
    raises AssertionError or returns a list of problems; both become a failed assertion."""
    module = importlib.import_module(_GAMES[state.game.id] + ".invariants")
    problems = module.check_invariants(state)
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
