"""The log's share of a decision on the clock, and whether the garbage collector is in it.

    PYTHONPATH=. python benchmarks/quiet_vs_normal.py "cursed-forest" '{"players": 3}' 24 1
    PYTHONPATH=. python benchmarks/quiet_vs_normal.py tanglewoods '{}' 240 10

Records GAMES random games (the game's simulation options over OPTIONS, JSON), then replays them
in blocks of PER_BLOCK games, three rounds: each block on the normal path (``apply``, log and
choices kept) and on the quiet path (``fastpath.play``), with the garbage collector on and then
off for the whole replay, the two paths' order alternating between blocks.  Prints the median
over the blocks of quiet / normal CPU time (gc on, gc off) and of gc on / gc off for each path.
Timed in short paired blocks, as ``woodlands bench --env`` is, because this machine's speed drifts
by tens of percent within seconds.
"""
from __future__ import annotations

import gc
import json
import random
import statistics
import sys
import time

import woodlands
from woodlands.engine.fastpath import play, quiet


def main() -> None:
    if len(sys.argv) != 5:
        raise SystemExit(__doc__)
    game_id, options, n_games, per_block = sys.argv[1], json.loads(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    game = woodlands.load_game(game_id)
    opts = game.options_for_simulation(options)
    games = []
    rng = random.Random(1)
    for seed in range(n_games):
        state = game.new_game(seed=seed, options=opts)
        positions = []
        while not state.over:
            options_now = state.decision.options   # type: ignore[union-attr]
            k = rng.randrange(len(options_now))
            positions.append(k)
            state.apply(options_now[k].id)
        games.append((seed, positions))

    def normal(block: list[tuple[int, list[int]]]) -> None:
        for seed, positions in block:
            state = game.new_game(seed=seed, options=opts)
            for k in positions:
                state.apply(state._decision.options[k][0])   # type: ignore[union-attr]

    def fast(block: list[tuple[int, list[int]]]) -> None:
        for seed, positions in block:
            state = quiet(game.new_game(seed=seed, options=opts))
            for k in positions:
                play(state, k)

    ratio: dict[bool, list[float]] = {True: [], False: []}
    gc_share: dict[str, list[float]] = {"normal": [], "quiet": []}
    for round_ in range(3):
        for start in range(0, n_games, per_block):
            block = games[start:start + per_block]
            order = [("normal", normal), ("quiet", fast)]
            if (start // per_block + round_) % 2:
                order.reverse()
            took = {}
            for gc_on in (True, False):
                for name, replay in order:
                    gc.collect()
                    if not gc_on:
                        gc.disable()
                    t0 = time.process_time()
                    replay(block)
                    took[name, gc_on] = time.process_time() - t0
                    gc.enable()
            for gc_on in (True, False):
                ratio[gc_on].append(took["quiet", gc_on] / took["normal", gc_on])
            for name in gc_share:
                gc_share[name].append(took[name, True] / took[name, False])
    for gc_on, values in ratio.items():
        print(f"{game_id}: quiet / normal, gc {'on' if gc_on else 'off'}: median {statistics.median(values):.3f} "
              f"over {len(values)} blocks")
    for name, values in gc_share.items():
        print(f"{game_id}: {name} path, gc on / gc off: median {statistics.median(values):.3f}")


if __name__ == "__main__":
    main()
