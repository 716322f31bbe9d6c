"""Where an environment step's encoding goes: finding what changed, or writing it?

    PYTHONPATH=. python benchmarks/encoder_changes.py ["cursed-forest, 3 players"] [--seconds 2]

For a set-up of :func:`woodlands.research.bench.all_cases` (default: every one) it records random
games (as ``woodlands bench --env`` does), keeps a copy of the state after every decision and then,
on those states, in the same run:

* ``raw``: the engine's own cost of a decision (the games replayed through ``state.apply``);
* ``encode``: the encoder's ``flat`` for seat 0 on each state in turn, its memo carried from one
  to the next, as an environment pays it step by step;
* ``detect``: the same call made a second time on each state: every group of features compares
  equal to its memo and nothing is written, so this is the cost of finding out what changed;
* ``fresh``: each state encoded from nothing (a new memo), what a non-incremental encoder pays;

and, per field of the state, the share of steps that changed it (against the state before),
the fields changed on at least 5% of steps.  If ``detect`` is a small part of ``encode``, an
engine-side change signal (telling the encoder which fields a step touched) would save little:
the time goes in writing what the step really changed.

Times are CPU time per step in microseconds, best of three passes; compare figures of one run.
"""
from __future__ import annotations

import argparse
import gc
import random
import sys
import time
from typing import Any


def slots(state: Any) -> list[str]:
    names = [n for cls in type(state).__mro__ for n in getattr(cls, "__slots__", ())]
    skip = {"game", "content", "options", "rng", "stack", "grid", "log", "choices", "record", "seed"}
    return [n for n in dict.fromkeys(names) if n not in skip and not n.startswith("_")]


def best(passes: int, run: Any) -> float:
    times = []
    for _ in range(passes):
        gc.collect()
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return min(times)


def measure(case: Any, seconds: float, seed: int) -> None:
    from woodlands.engine.game import load_game
    from woodlands.research.bench import episode_options, record
    from woodlands.kit.encoding import encoder

    game = load_game(case.game)
    options = episode_options(case)
    enc = encoder(case.game, options)
    episodes = record(case, seconds, seed)
    states: list[Any] = []
    for game_seed, choices in episodes:
        state = game.new_game(seed=game_seed, options=dict(options))
        for choice in choices:
            state.apply(choice)
            states.append(state.clone())
    steps = len(states)

    def raw() -> None:
        for game_seed, choices in episodes:
            state = game.new_game(seed=game_seed, options=dict(options))
            for choice in choices:
                state.apply(choice)

    memo = enc._new_memo()
    make = enc._make

    def encode() -> None:
        for s in states:
            make(s, 0, memo)

    def encode_twice() -> None:
        for s in states:
            make(s, 0, memo)
            make(s, 0, memo)

    def fresh() -> None:
        for s in states:
            enc.reference(s, 0)

    t_raw = best(3, raw)
    t_enc = best(3, encode)
    t_twice = best(3, encode_twice)
    t_fresh = best(3, fresh)
    us = 1e6 / steps
    print(f"\n{case.name}: {len(episodes)} games, {steps} steps, {enc.flat_size} features")
    print(f"  raw decision {t_raw * us:6.1f} us   encode {t_enc * us:6.1f} us   of which detect "
          f"{(t_twice - t_enc) * us:5.1f} us (write {(2 * t_enc - t_twice) * us:5.1f} us)   fresh {t_fresh * us:6.1f} us")
    names = slots(states[0])
    changed = dict.fromkeys(names, 0)
    for before, after in zip(states, states[1:]):
        for n in names:
            if getattr(before, n) != getattr(after, n):
                changed[n] += 1
    shares = sorted(((c / max(1, steps - 1), n) for n, c in changed.items() if c), reverse=True)
    print("  fields changed on at least 5% of steps: "
          + ", ".join(f"{n} {share:.0%}" for share, n in shares if share >= 0.05))


def main(argv: list[str] | None = None) -> int:
    from woodlands.research.bench import all_cases
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("cases", nargs="*", help="set-ups by name or game id (default: all)")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds of random games to record per set-up")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    chosen = [c for c in all_cases() if not args.cases or c.name in args.cases or c.game in args.cases]
    if not chosen:
        print(f"no such set-up; choose from {[c.name for c in all_cases()]}", file=sys.stderr)
        return 2
    random.seed(args.seed)
    for case in chosen:
        measure(case, args.seconds, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
