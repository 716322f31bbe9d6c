"""The one source of chance in a game: a seeded SplitMix64 generator whose whole state is one int.

Why not :mod:`random`?  Its state is a 625-word tuple (slow to clone) and the algorithms
behind ``shuffle``/``randrange`` are not promised to stay the same between Python versions.
SplitMix64 is tiny, passes BigCrush, and gives the same numbers on every machine.

>>> r = Rng(7)
>>> [r.below(6) for _ in range(5)]
[3, 0, 0, 3, 4]
>>> r2 = r.copy(); r.below(100) == r2.below(100)
True
"""
from __future__ import annotations

from typing import MutableSequence, TypeVar

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
T = TypeVar("T")


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def copy(self) -> "Rng":
        twin = Rng.__new__(Rng)
        twin.state = self.state
        return twin

    def next64(self) -> int:
        s = (self.state + _GOLDEN) & _MASK
        self.state = s
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``0..n-1`` (the modulo bias is below 2**-58 for our small n)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        # next64() written out: every die roll and card draw of every game lands here
        s = (self.state + _GOLDEN) & _MASK
        self.state = s
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return (z ^ (z >> 31)) % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.next64() % (i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self, items: list[T], k: int) -> list[T]:
        pool = list(items)
        out = []
        for _ in range(min(k, len(pool))):
            out.append(pool.pop(self.next64() % len(pool)))
        return out
