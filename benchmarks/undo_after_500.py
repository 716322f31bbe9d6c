"""Undo after 500 choices: a replay of the record without its last choice (what undo did) against
taking back the state kept before that choice (``GameState.keep_undo``, what it does now).

    PYTHONPATH=. python benchmarks/undo_after_500.py [GAME] [CHOICES] [REPEATS]

Plays a seeded random game of GAME (default storyfold, whose campaigns run long) with its
simulation options, keeping undo's states, until CHOICES choices are made (default 500) at a
point the last choice may be taken back, then times each way REPEATS times (default 25),
alternating, and prints the medians and the states kept.
"""
from __future__ import annotations

import random
import statistics
import sys
import time

import woodlands
from woodlands.engine.game import replay


def long_game(game_id: str, choices: int) -> woodlands.GameState:
    """A random game with at least ``choices`` choices whose last one may be taken back."""
    game = woodlands.load_game(game_id)
    for seed in range(1000):
        state = game.new_game(seed=seed, options=game.options_for_simulation({})).keep_undo()
        rng = random.Random(seed)
        while not state.is_over:
            state.apply(rng.choice(state.decision.options).id)
            if len(state.choices) >= choices and state.can_undo():
                return state
    raise SystemExit(f"no seeded {game_id} game reached {choices} choices")


def main() -> None:
    game_id = sys.argv[1] if len(sys.argv) > 1 else "storyfold"
    choices = int(sys.argv[2]) if len(sys.argv) > 2 else 500
    repeats = int(sys.argv[3]) if len(sys.argv) > 3 else 25
    state = long_game(game_id, choices)
    record = state.record(digest=False)
    shorter = {**record, "choices": record["choices"][:-1]}
    by_replay: list[float] = []
    by_kept: list[float] = []
    for _ in range(repeats):
        t = time.perf_counter()
        old = replay(shorter)
        by_replay.append(time.perf_counter() - t)
        t = time.perf_counter()
        new = state.undo()
        by_kept.append(time.perf_counter() - t)
    assert old.position() == new.position(), "the two ways reach the same state"
    print(f"{game_id}: undo after {len(state.choices)} choices ({len(state._undo or [])} states kept)")
    print(f"  replay (before): median {statistics.median(by_replay) * 1e3:.2f} ms")
    print(f"  kept state (now): median {statistics.median(by_kept) * 1e6:.1f} us")


if __name__ == "__main__":
    main()
