"""Summaries of a batch of games: win rate with its confidence interval, averages."""
from __future__ import annotations

import math
import statistics
from typing import Any, Mapping, Sequence


def wilson_interval(wins: int, games: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval for a win rate (95% by default).

    It stays inside 0..1 and behaves well near 0 and 1 and for small samples.

    >>> lo, hi = wilson_interval(50, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.404, 0.596)
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if games <= 0:
        return (0.0, 1.0)
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    lo = 0.0 if wins <= 0 else max(0.0, centre - half)
    hi = 1.0 if wins >= games else min(1.0, centre + half)
    return (lo, hi)


def _mean_median(values: Sequence[float]) -> dict[str, float]:
    if not values:
        return {"mean": 0.0, "median": 0.0}
    return {"mean": float(statistics.fmean(values)), "median": float(statistics.median(values))}


def summarise(rows: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Outcome counts, win rate with its 95% Wilson interval, rounds and decisions per game.

    >>> s = summarise([{"result": "win", "rounds": 4, "decisions": 90},
    ...                {"result": "loss", "rounds": 2, "decisions": 30}])
    >>> s["outcomes"], s["win_rate"], s["rounds"]["mean"]
    ({'win': 1, 'loss': 1, 'unfinished': 0}, 0.5, 3.0)
    """
    outcomes = {"win": 0, "loss": 0, "unfinished": 0}
    for r in rows:
        outcomes[r["result"]] = outcomes.get(r["result"], 0) + 1
    n = len(rows)
    lo, hi = wilson_interval(outcomes["win"], n)
    return {
        "games": n,
        "outcomes": outcomes,
        "win_rate": outcomes["win"] / n if n else 0.0,
        "win_rate_95": [lo, hi],
        "rounds": _mean_median([r["rounds"] for r in rows]),
        "decisions": _mean_median([r["decisions"] for r in rows]),
        "bears_defeated": _mean_median([r.get("bears_defeated", 0) for r in rows]),
    }
