"""Per-entity event counts: what happened to each card, hero, item, monster, tile or character
in one game, counted from its log after the game (the ``events`` column of a results file).

A game's ``details`` counts into an :class:`EventCounts` and stores :func:`event_rows` of it;
its ``detail_fields`` gives :func:`events_type` for the column, so every game's rows share one
Arrow type and a file may hold games of all three.

>>> n = EventCounts()
>>> n.add("card", "papa-bear", "drawn"); n.add("card", "papa-bear", "damage_taken", 3)
>>> n.add("card", "papa-bear", "drawn")
>>> event_rows(n)
[{'kind': 'card', 'id': 'papa-bear', 'event': 'damage_taken', 'n': 3}, {'kind': 'card', 'id': 'papa-bear', 'event': 'drawn', 'n': 2}]
"""
from __future__ import annotations

from typing import Any

#: the kinds of entity an ``events`` row names
KINDS = ("card", "hero", "item", "monster", "tile", "character")


class EventCounts(dict[tuple[str, str, str], int]):
    """(kind, id, event) -> how many times (or how much, for damage and gold)."""

    def add(self, kind: str, ident: str, event: str, n: int = 1) -> None:
        key = (kind, ident, event)
        self[key] = self.get(key, 0) + n


def event_rows(counts: dict[tuple[str, str, str], int]) -> list[dict[str, Any]]:
    """The counts as the ``events`` column holds them, sorted (the same game gives the same
    list); zero counts are left out."""
    return [{"kind": k, "id": i, "event": ev, "n": v} for (k, i, ev), v in sorted(counts.items()) if v]


def events_type() -> Any:
    """The Arrow type of the ``events`` column: list<struct<kind, id, event, n>> (pyarrow
    imported here, when a results file is written)."""
    import pyarrow as pa
    return pa.list_(pa.struct([("kind", pa.string()), ("id", pa.string()), ("event", pa.string()), ("n", pa.int64())]))
