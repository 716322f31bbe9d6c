"""Instructions per random-play decision: the deterministic way to compare two versions.

Wall-clock benches on a shared machine drift by +-20%, so a few percent cannot be seen with
``woodlands bench``.  Instruction counts under valgrind do not drift: run this for the old and
the new code (``PYTHONPATH`` pointing at each checkout) and compare.

    PYTHONHASHSEED=0 PYTHONPATH=. python benchmarks/instructions.py storyfold 8

It runs itself twice under ``valgrind --tool=callgrind`` (needs valgrind), with 0 and with
GAMES random games after the same warm-up, and prints the difference divided by the number of
decisions: the instructions one decision costs, setup included.  Figures of issue 10 (f0549e5
-> issue 10): Tanglewoods 119.7k -> 118.1k (40 games), Cursed Forest 149.4k -> 147.1k (12),
Storyfold 105.8k -> 111.0k (8), then 108.5k once the roll carried its threshold and need
through its steps and the Luma turn stopped memoising its prompt (+2.5%).
"""
from __future__ import annotations

import os
import random
import re
import subprocess
import sys


def play(game_id: str, games: int) -> int:
    import woodlands
    game = woodlands.load_game(game_id)

    def run(seeds: range) -> int:
        decisions = 0
        for seed in seeds:
            s = game.new_game(seed=seed, options=game.options_for_simulation({}))
            rng = random.Random(seed)
            while not s.is_over:
                options = s.decision.options
                s.apply(options[rng.randrange(len(options))].id)
                decisions += 1
        return decisions

    run(range(100, 102))                  # warm-up: imports, content, memo
    return run(range(games))


def measure(game_id: str, games: int) -> tuple[int, int]:
    env = dict(os.environ, PYTHONHASHSEED="0")
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                          __file__, "--play", game_id, str(games)], env=env, capture_output=True, text=True, check=True)
    collected = int(re.search(r"Collected : (\d+)", out.stderr).group(1))  # type: ignore[union-attr]
    return collected, int(out.stdout.strip().splitlines()[-1])


if __name__ == "__main__":
    if sys.argv[1] == "--play":
        print(play(sys.argv[2], int(sys.argv[3])))
    else:
        game_id, games = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 8
        base, _ = measure(game_id, 0)
        total, decisions = measure(game_id, games)
        print(f"{game_id}: {decisions} decisions, {(total - base) / decisions:,.0f} instructions per decision")
