"""An append-only list that clones in O(1) amortised time.

The game log and the list of choices grow all game long, yet bots clone states thousands of
times per move.  Full chunks are frozen tuples shared between clones; only the short open tail
is copied.
"""
from __future__ import annotations

from typing import Generic, Iterator, TypeVar

T = TypeVar("T")
CHUNK = 64


class AppendLog(Generic[T]):
    __slots__ = ("_chunks", "_tail", "_frozen_len")

    def __init__(self) -> None:
        self._chunks: tuple[tuple[T, ...], ...] = ()
        self._tail: list[T] = []
        self._frozen_len = 0

    def append(self, item: T) -> None:
        tail = self._tail
        tail.append(item)
        if len(tail) >= CHUNK:
            self.seal()

    def seal(self) -> None:
        """Freeze the open tail into a shared chunk (``append`` does it every ``CHUNK`` items)."""
        tail = self._tail
        self._chunks = self._chunks + (tuple(tail),)
        self._frozen_len += len(tail)
        self._tail = []

    def copy(self) -> "AppendLog[T]":
        twin: AppendLog[T] = AppendLog.__new__(AppendLog)
        twin._chunks = self._chunks
        twin._tail = self._tail[:]
        twin._frozen_len = self._frozen_len
        return twin

    def __len__(self) -> int:
        return self._frozen_len + len(self._tail)

    def __iter__(self) -> Iterator[T]:
        for chunk in self._chunks:
            yield from chunk
        yield from self._tail

    def to_list(self) -> list[T]:
        return list(self)

    def since(self, start: int) -> list[T]:
        """Items from index ``start`` on (what a client has not seen yet), without copying the
        chunks before it: a client asks after every decision.

        >>> log: AppendLog[int] = AppendLog()
        >>> for i in range(150):
        ...     log.append(i)
        >>> log.since(140) == list(range(140, 150)) and log.since(0) == list(range(150))
        True
        """
        if start <= 0:
            return self.to_list()
        out: list[T] = []
        at = 0
        for chunk in self._chunks:
            end = at + len(chunk)
            if end > start:
                out.extend(chunk[max(0, start - at):])
            at = end
        out.extend(self._tail[max(0, start - at):])
        return out
