"""Statistics the bots' ladder, the simulator and the games' report sections share."""
from __future__ import annotations

import math

#: the z of a two-sided 95% test
Z95 = 1.959964


def wilson_interval(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
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


def significantly_different(w1: int, n1: int, w2: int, n2: int) -> bool:
    """A two-proportion z test at 95% (pooled), False when either side has no games.

    >>> significantly_different(60, 100, 40, 100), significantly_different(52, 100, 48, 100)
    (True, False)
    """
    if n1 == 0 or n2 == 0:
        return False
    p = (w1 + w2) / (n1 + n2)
    se = math.sqrt(p * (1 - p) * (1 / n1 + 1 / n2))
    return se > 0 and abs(w1 / n1 - w2 / n2) / se > Z95


def difference_interval(w1: int, n1: int, w2: int, n2: int, z: float = Z95) -> tuple[float, float]:
    """A 95% interval for the difference of two win rates ``w1/n1 - w2/n2`` of independent
    games (Newcombe's hybrid score interval, from the two Wilson intervals): it stays inside
    -1..1 and behaves near 0 and 1 where the plain Wald interval does not.

    Newcombe's own example (Statistics in Medicine 17, 1998, table II): 56/70 against 48/80.

    >>> lo, hi = difference_interval(56, 70, 48, 80)
    >>> round(lo, 4), round(hi, 4)
    (0.0524, 0.3339)
    """
    p1 = w1 / n1 if n1 else 0.0
    p2 = w2 / n2 if n2 else 0.0
    l1, u1 = wilson_interval(w1, n1, z)
    l2, u2 = wilson_interval(w2, n2, z)
    d = p1 - p2
    return (d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2), d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2))
