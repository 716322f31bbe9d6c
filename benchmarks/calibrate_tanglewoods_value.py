"""How well Tanglewoods' fitted position value says the win chance, hero by hero.

A hint shows the value (``value_tanglewoods.win_chance``) to a person as a win chance, whatever
hero they play, so it must be right for each of them.  This plays ``--games`` greedy games per
hero at ``--difficulty`` (seeds from ``--seed``, away from the fit's and the ladder's), reads the
win chance at about one multi-option decision in eight, and prints per hero how often the games
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

import woodlands
from woodlands.bots import get_bot
from woodlands.bots import value_tanglewoods as vt


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
            seed = a.seed + i
            options = game.options_for_simulation({"difficulty": a.difficulty, "round_limit": 40, "hero": hero})
            state = game.new_game(seed=seed, options=options)
            bot = get_bot("greedy", seed, game="tanglewoods")
            seen: list[float] = []
            k = 0
            while not state.over:
                decision = state.decision
                assert decision is not None
                if len(decision.options) > 1 and state.view(decision.player)["hero"]:
                    k += 1
                    if k % 8 == 0:
                        seen.append(vt.win_chance(state, decision.player))
                state.apply(bot.choose(state))
            end = game.reward(state, 0)
            won += end
            chances += seen
            ends += [end] * len(seen)
        loss = -sum(y * math.log(p) + (1 - y) * math.log(1 - p) for p, y in zip(chances, ends)) / len(chances)
        print(f"{hero:22} {won / a.games:5.2f} {sum(chances) / len(chances):16.3f} {sum(ends) / len(ends):14.3f} {loss:9.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
