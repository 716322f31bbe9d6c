"""The search's own overhead (tree, selection, determinization) against plain random rollouts.

From the same positions of seeded random games, in the same run and alternating position by
position, it measures:

* ``rollouts/s``: plain random playouts on the fast path (clone, make quiet, play to the end);
* ``iterations/s``: ISMCTS iterations with random leaves (determinize, walk the tree, expand,
  play to the end, back up);

and prints their ratio and the share of the search's time spent outside its playouts (the
search's own bookkeeping, measured inside the search).  Target (issue 12): the overhead at most
20%, i.e. iterations/s at least 0.8 of rollouts/s.

    PYTHONPATH=. python benchmarks/search_overhead.py [GAME ...] [--positions 6] [--iterations 100]
"""
from __future__ import annotations

import argparse
import random
import time

import woodlands
from woodlands.bots.ismcts import ISMCTSBot
from woodlands.engine.fastpath import quiet, random_playout

OPTIONS = {"tanglewoods": {"difficulty": 5}, "storyfold": {}, "cursed-forest": {"players": 2}}


def positions(game_id: str, count: int, seed: int = 11) -> list[woodlands.GameState]:
    game = woodlands.load_game(game_id)
    limit = {game.limit_option: game.limit_default} if game.limit_option else {}
    found: list[woodlands.GameState] = []
    k = 0
    while len(found) < count:
        state = game.new_game(seed=seed + k, options=game.options_for_simulation({**OPTIONS.get(game_id, {}), **limit}))
        k += 1
        pick = random.Random(k)
        n = 0
        while not state.is_over:
            options = state.decision.options
            n += 1
            if n % 9 == 0 and len(options) > 1 and len(found) < count and pick.random() < 0.3:
                found.append(state.clone())
            state.apply(options[pick.randrange(len(options))].id)
    return found


def measure(game_id: str, count: int, iterations: int) -> dict[str, float]:
    roll_time = search_time = in_playouts = 0.0
    rolls = iters = 0
    for k, state in enumerate(positions(game_id, count)):
        pick = random.Random(k)
        t0 = time.perf_counter()
        for _ in range(iterations):
            random_playout(quiet(state.clone()), pick)
        roll_time += time.perf_counter() - t0
        rolls += iterations
        result = ISMCTSBot(seed=k, budget=str(iterations), leaf="random").search(state)
        search_time += result.seconds
        in_playouts += result.playout_seconds
        iters += result.iterations
    rollouts_per_s = rolls / roll_time
    iterations_per_s = iters / search_time
    return {"rollouts_per_s": rollouts_per_s, "iterations_per_s": iterations_per_s,
            "ratio": iterations_per_s / rollouts_per_s, "own_share": 1 - in_playouts / search_time}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("games", nargs="*", default=["tanglewoods", "storyfold", "cursed-forest"])
    p.add_argument("--positions", type=int, default=6)
    p.add_argument("--iterations", type=int, default=100)
    args = p.parse_args()
    print(f"{'game':15} {'rollouts/s':>11} {'iterations/s':>13} {'ratio':>6} {'search own share':>17}")
    for game_id in args.games:
        m = measure(game_id, args.positions, args.iterations)
        print(f"{game_id:15} {m['rollouts_per_s']:11.1f} {m['iterations_per_s']:13.1f} {m['ratio']:6.2f} "
              f"{m['own_share']:16.1%}")


if __name__ == "__main__":
    main()
