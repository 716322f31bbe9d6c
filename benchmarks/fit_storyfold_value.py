"""Fit Storyfold's position value (``woodlands/games/storyfold/bots/value.py``) to the greedy bot's games.

The greedy bot plays ``--games`` campaigns (seeds ``--seed``...); at every decision inside a scene
the public features of the position (:func:`woodlands.games.storyfold.bots.value.features`) are kept
with the scene, and when the scene ends each is labelled 1 if Luma prevailed, 0 if the Shadow
did.  Per scene, a logistic regression (L2-regularised toward the pooled model of every scene,
Newton's method in numpy) gives the chance that Luma prevails from such a position; the weights
are written as TOML (``--out``, default the file the value reads) with a ``default`` row (the
pooled model) for a scene with too few positions.

    PYTHONPATH=. python benchmarks/fit_storyfold_value.py --games 400 [--seed 100000] [--out FILE]

The seeds default far from the ladder's (0...) so that the value is not fitted to the games it
is measured on.
"""
from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

import woodlands
from woodlands.bots.base import get_bot
from woodlands.games.storyfold.bots.value import FEATURES, WEIGHTS_FILE, features

#: L2 weight of the pooled model (per position) and of each scene's pull toward it
POOLED_L2 = 1.0
SCENE_L2 = 20.0
#: fewer positions than this in a scene: it gets the pooled model
MIN_ROWS = 200


def collect(games: int, seed: int, ends: list[tuple[str, int]] | None = None
            ) -> tuple[list[str], list[list[float]], list[int]]:
    """(scene id, features, Luma prevailed?) for every in-scene decision of ``games`` greedy games;
    ``ends``, if given, gets (scene id, Luma prevailed?) for every scene played."""
    game = woodlands.load_game("storyfold")
    scenes: list[str] = []
    rows: list[list[float]] = []
    labels: list[int] = []
    for g in range(games):
        state: Any = game.new_game(seed=seed + g)
        bot = get_bot("greedy", seed + g, game="storyfold")
        pending: list[tuple[str, list[float]]] = []
        while not state.is_over:
            if state.phase in ("setup", "luma", "shadow") and not state.scene_done:
                pending.append((state.content.scenes[state.scene].id, features(state)))
            start = state.log_length
            state.apply(bot.choose(state))
            for event in state.log_since(start):
                if event["type"] == "scene_end":
                    won = 1 if event["prevails"] == "luma" else 0
                    if ends is not None:
                        ends.append((str(event["scene"]), won))
                    for scene, row in pending:
                        scenes.append(scene)
                        rows.append(row)
                        labels.append(won)
                    pending = []
    return scenes, rows, labels


def logistic_fit(x: Any, y: Any, l2: Any, prior: Any) -> Any:
    """Weights minimising the logistic loss plus ``sum(l2 * (w - prior)**2) / 2`` (Newton)."""
    import numpy as np
    w = prior.copy()
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-np.clip(x @ w, -30, 30)))
        grad = x.T @ (p - y) + l2 * (w - prior)
        hess = (x * (p * (1 - p))[:, None]).T @ x + np.diag(l2)
        step = np.linalg.solve(hess, grad)
        w -= step
        if float(np.max(np.abs(step))) < 1e-7:
            break
    return w


def fit(scenes: list[str], rows: list[list[float]], labels: list[int]) -> dict[str, list[float]]:
    """Per scene id (and ``default``, the pooled model), the fitted weights."""
    import numpy as np
    x = np.asarray(rows, dtype=float)
    y = np.asarray(labels, dtype=float)
    k = x.shape[1]
    l2 = np.full(k, POOLED_L2)
    l2[0] = 1e-6                          # the bias is not pulled toward 0
    pooled = logistic_fit(x, y, l2, np.zeros(k))
    out = {"default": [float(v) for v in pooled]}
    names = np.asarray(scenes)
    for scene in sorted(set(scenes)):
        mask = names == scene
        if int(mask.sum()) < MIN_ROWS:
            continue
        w = logistic_fit(x[mask], y[mask], np.full(k, SCENE_L2), pooled)
        out[scene] = [float(v) for v in w]
    return out


def loss_rates(ends: list[tuple[str, int]]) -> dict[str, float]:
    """Per scene id: the share of its plays in which the Shadow prevailed."""
    plays: dict[str, list[int]] = {}
    for scene, won in ends:
        plays.setdefault(scene, []).append(won)
    return {scene: 1.0 - sum(wins) / len(wins) for scene, wins in sorted(plays.items())}


def write(weights: dict[str, list[float]], rates: dict[str, float], path: Path, note: str) -> None:
    lines = [f"# written by benchmarks/fit_storyfold_value.py ({note}); read by woodlands/games/storyfold/bots/value.py",
             "features = [" + ", ".join(f'"{f}"' for f in FEATURES) + "]", "", "[weights]"]
    for scene, row in weights.items():
        lines.append(f'"{scene}" = [' + ", ".join(f"{v:.6g}" for v in row) + "]")
    lines += ["", "# per scene: the share of its plays the Shadow won", "[loss_rate]"]
    lines += [f'"{scene}" = {q:.4f}' for scene, q in rates.items()]
    path.write_text("\n".join(lines) + "\n")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=100_000)
    ap.add_argument("--out", type=Path, default=WEIGHTS_FILE)
    args = ap.parse_args(argv)
    t0 = time.process_time()
    ends: list[tuple[str, int]] = []
    scenes, rows, labels = collect(args.games, args.seed, ends)
    weights = fit(scenes, rows, labels)
    note = f"--games {args.games} --seed {args.seed}: {len(rows)} positions, {len(ends)} scenes"
    write(weights, loss_rates(ends), args.out, note)
    print(f"{note}, Luma prevailed from {sum(labels) / max(1, len(labels)):.1%} of them; "
          f"{len(weights) - 1} scenes fitted; {time.process_time() - t0:.1f} s process time -> {args.out}")


if __name__ == "__main__":
    main()
