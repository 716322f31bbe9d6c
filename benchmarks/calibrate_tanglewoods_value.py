"""How well Tanglewoods' fitted position value says the win chance, hero by hero.

A hint shows the value (``value_tanglewoods.win_chance``) to a person as a win chance, whatever
hero they play, so it must be right for each of them.  This plays ``--games`` greedy games per
hero at ``--difficulty`` (seeds from ``--seed``, away from the fit's and the ladder's), reads the
win chance at every eighth multi-option decision of the hero (the games played and read as the
fit plays them, by ``fit_tanglewoods_value.greedy_positions``; the fit keeps one decision in
eight at random), and prints per hero how often the games
were won, the mean win chance over the positions against the share of those positions whose
game was won, and the log-loss::

    PYTHONPATH=. python benchmarks/calibrate_tanglewoods_value.py --difficulty 10 --games 100
    PYTHONPATH=. python benchmarks/calibrate_tanglewoods_value.py --weights /tmp/w.toml   # another fit
"""
from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path
from typing import Callable

from fit_tanglewoods_value import greedy_positions   # (this folder: the script's own path)

import woodlands
from woodlands.games.tanglewoods.bots import value as vt


def every(n: int) -> Callable[[], bool]:
    """Keep every ``n``-th position offered (the ``n``-th, the ``2n``-th ...)."""
    seen = 0

    def keep() -> bool:
        nonlocal seen
        seen += 1
        return seen % n == 0
    return keep


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--difficulty", type=int, default=10)
    ap.add_argument("--games", type=int, default=100, help="games per hero")
    ap.add_argument("--seed", type=int, default=200_000)
    ap.add_argument("--weights", help="a weights file to read instead of the module's")
    a = ap.parse_args(argv)
    if a.weights:
        vt.WEIGHTS = Path(a.weights)
    game = woodlands.load_game("tanglewoods")
    print(f"difficulty {a.difficulty}, {a.games} greedy games per hero, seeds from {a.seed}, weights {vt.WEIGHTS}")
    print(f"{'hero':22} {'won':>5} {'mean win chance':>16} {'positions won':>14} {'log-loss':>9}")
    for hero in (h.id for h in game.content.heroes):
        won = 0.0
        chances: list[float] = []
        ends: list[float] = []
        for i in range(a.games):
            seen, end = greedy_positions(game, a.seed + i, {"difficulty": a.difficulty, "round_limit": 40, "hero": hero},
                                         every(8), vt.win_chance)
            won += end
            chances += seen
            ends += [end] * len(seen)
        loss = -sum(y * math.log(p) + (1 - y) * math.log(1 - p) for p, y in zip(chances, ends)) / len(chances)
        print(f"{hero:22} {won / a.games:5.2f} {sum(chances) / len(chances):16.3f} {sum(ends) / len(ends):14.3f} {loss:9.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
