"""Fit the Tanglewoods position value of the search bot (``woodlands/games/tanglewoods/bots/value.py``).

Plays greedy games at the given difficulties with each hero in turn (``--heroes``, default every
hero of the pack: a value fitted to one hero's games misjudges the others, and a hint shows its
win chance to a person playing any of them), round limit 40, seeds from ``--seed`` (away from the
ladder's seeds 0-99), keeps the features (``value_tanglewoods.features``, the seat's view only) of
about one decision in ``--every`` of each game, labels each with the game's end (1 won, 0 not),
fits a logistic regression (numpy, Newton's method with a small ridge on standardized features),
reports the log-loss and accuracy on held-out games against the hand value alone and, per hero,
the mean win chance it gives over its held-out positions against the share of them whose game was
won, and writes the
weights (in raw feature units) to ``woodlands/games/tanglewoods/bots/value.toml``::

    PYTHONPATH=. python benchmarks/fit_tanglewoods_value.py --games 5000
    PYTHONPATH=. python benchmarks/fit_tanglewoods_value.py --games 200 --out /tmp/w.toml   # a quick try
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any, Callable

import numpy as np

import woodlands
from woodlands.bots import get_bot
from woodlands.games.tanglewoods.bots import value as vt


def greedy_positions(game: Any, seed: int, options: dict[str, Any], keep: Callable[[], bool],
                     read: Callable[[Any, int], Any]) -> tuple[list[Any], float]:
    """One greedy game of Tanglewoods (engine and bot seed ``seed``, ``options`` under the
    simulation limits): ``read(state, seat)`` at each decision of the hero's seat with more than
    one option that ``keep()`` (asked only there) accepts, and the game's end (1 won, 0 not).
    The fit and ``calibrate_tanglewoods_value.py`` both sample their positions here."""
    state = game.new_game(seed=seed, options=game.options_for_simulation(options))
    bot = get_bot("greedy", seed, game="tanglewoods")
    seen = []
    while not state.over:
        decision = state.decision
        assert decision is not None
        if len(decision.options) > 1 and state.view(decision.player)["hero"] and keep():
            seen.append(read(state, decision.player))
        state.apply(bot.choose(state))
    return seen, game.reward(state, 0)


def gather(games: int, difficulties: list[int], heroes: list[str | None], seed: int, every: int
           ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Features, labels and game numbers of sampled positions (about one in ``every``, at
    random) of ``games`` greedy games; game ``i`` is played by hero ``heroes[i % len(heroes)]``
    (None: the greedy bot picks) at the difficulty after it, so that every hero meets every
    difficulty."""
    game = woodlands.load_game("tanglewoods")
    pick = random.Random(seed)
    xs: list[list[float]] = []
    ys: list[float] = []
    gs: list[int] = []
    for i in range(games):
        chosen: dict[str, Any] = {"difficulty": difficulties[(i // len(heroes)) % len(difficulties)], "round_limit": 40}
        hero = heroes[i % len(heroes)]
        if hero is not None:
            chosen["hero"] = hero
        rows, won = greedy_positions(game, seed + i, chosen, lambda: pick.randrange(every) == 0, vt.features)
        xs.extend(rows)
        ys.extend([won] * len(rows))
        gs.extend([i] * len(rows))
    return np.array(xs, dtype=float), np.array(ys, dtype=float), np.array(gs)


def fit(x: np.ndarray, y: np.ndarray, ridge: float = 1e-3, steps: int = 50) -> tuple[float, np.ndarray]:
    """Logistic regression by Newton's method on standardized columns; (intercept, weights) in raw units."""
    mean = x.mean(axis=0)
    sd = x.std(axis=0)
    sd[sd == 0] = 1.0
    z = np.hstack([np.ones((len(x), 1)), (x - mean) / sd])
    w = np.zeros(z.shape[1])
    penalty = ridge * len(x) * np.eye(z.shape[1])
    penalty[0, 0] = 0.0
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-np.clip(z @ w, -30, 30)))
        grad = z.T @ (p - y) + penalty @ w
        hess = (z * (p * (1 - p))[:, None]).T @ z + penalty
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    raw = w[1:] / sd
    return float(w[0] - (raw * mean).sum()), raw


def score(b: float, w: np.ndarray, x: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    p = 1.0 / (1.0 + np.exp(-np.clip(b + x @ w, -30, 30)))
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean()), float(((p > 0.5) == (y > 0.5)).mean())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3000)
    ap.add_argument("--difficulties", default="8,9,10")
    ap.add_argument("--heroes", default="all",
                    help="comma-separated hero ids played in turn, 'all' (every hero of the pack) or 'greedy' (the bot picks)")
    ap.add_argument("--seed", type=int, default=100_000)
    ap.add_argument("--every", type=int, default=8, help="keep about one multi-option decision in this many")
    ap.add_argument("--out", default=str(vt.WEIGHTS))
    a = ap.parse_args(argv)
    t0 = time.process_time()
    heroes: list[str | None]
    if a.heroes == "all":
        heroes = [h.id for h in woodlands.load_game("tanglewoods").content.heroes]
    elif a.heroes == "greedy":
        heroes = [None]
    else:
        heroes = a.heroes.split(",")
    x, y, g = gather(a.games, [int(d) for d in a.difficulties.split(",")], heroes, a.seed, a.every)
    print(f"{len(x)} positions from {a.games} greedy games ({y.mean():.1%} of positions from won games), "
          f"{time.process_time() - t0:.0f} s")
    held = (g // len(heroes)) % 5 == 0    # one game in five of each hero (game i's hero: i % len(heroes))
    hand = x[:, vt.FEATURES.index("hand_value")][:, None]
    for name, cols in (("hand value alone", hand), ("all features", x)):
        b, w = fit(cols[~held], y[~held])
        loss, acc = score(b, w, cols[held], y[held])
        print(f"held-out games (1 in 5): {name:17} log-loss {loss:.4f}  accuracy {acc:.3f}")
        if cols is x and len(heroes) > 1:
            p = 1.0 / (1.0 + np.exp(-np.clip(b + x[held] @ w, -30, 30)))
            for k, hero in enumerate(heroes):
                mine = g[held] % len(heroes) == k
                if mine.any():
                    print(f"    {hero:22} mean win chance {p[mine].mean():.3f}  positions won {y[held][mine].mean():.3f}")
    base = float(y[~held].mean())
    print(f"held-out games: base rate only     log-loss "
          f"{score(float(np.log(base / (1 - base))), np.zeros(0), x[held][:, :0], y[held])[0]:.4f}")
    b, w = fit(x, y)
    lines = ["# Tanglewoods' fitted position value: written by benchmarks/fit_tanglewoods_value.py, do not edit",
             f"# {a.games} greedy games, heroes {a.heroes}, difficulties {a.difficulties}, round limit 40, seeds from {a.seed}, "
             f"one decision in {a.every}: {len(x)} positions",
             f"features = [{', '.join(repr(n).replace(chr(39), chr(34)) for n in vt.FEATURES)}]",
             f"intercept = {b!r}",
             f"weights = [{', '.join(repr(float(v)) for v in w)}]", ""]
    Path(a.out).write_text("\n".join(lines), encoding="utf-8")
    for n, v in zip(vt.FEATURES, w):
        print(f"  {n:22} {v:+.4f}")
    print(f"wrote {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
