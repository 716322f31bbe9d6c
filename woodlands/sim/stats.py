"""Summaries of a batch of games: win rate with its confidence interval, averages."""
from __future__ import annotations

import statistics
from typing import Any, Mapping, Sequence

from ..kit.stats import wilson_interval as wilson_interval  # its old home


def _mean_median(values: Sequence[float]) -> dict[str, float]:
    if not values:
        return {"mean": 0.0, "median": 0.0}
    return {"mean": float(statistics.fmean(values)), "median": float(statistics.median(values))}


ROW_KEYS = ("seed", "result", "decisions")


def summarise(rows: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Outcome counts, win rate with its 95% Wilson interval, decisions per game, and the mean
    and median of every other number in the rows (the game's measures: rounds, turns, scenes...).

    >>> s = summarise([{"seed": 1, "result": "win", "rounds": 4, "decisions": 90},
    ...                {"seed": 2, "result": "loss", "rounds": 2, "decisions": 30}])
    >>> s["outcomes"], s["win_rate"], s["measures"]["rounds"]["mean"], s["decisions"]["mean"]
    ({'win': 1, 'loss': 1, 'unfinished': 0}, 0.5, 3.0, 60.0)
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
        "decisions": _mean_median([r["decisions"] for r in rows]),
        "measures": {name: _mean_median([r[name] for r in rows if name in r]) for name in _measure_names(rows)},
    }


def _measure_names(rows: Sequence[Mapping[str, Any]]) -> list[str]:
    names: dict[str, None] = {}
    for r in rows:
        for k, v in r.items():
            if k not in ROW_KEYS and isinstance(v, (int, float)) and not isinstance(v, bool):
                names[k] = None
    return list(names)
