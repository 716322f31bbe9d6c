"""What a seat of The Cursed Forest cannot know, re-drawn for ``GameState.determinize``; and what
no seat knows, re-drawn for ``GameState.redraw_unseen``.

Hidden from a seat: the order of the tile stack (but for the tiles it saw go under it), the
monster bag and the item bag, the items drawn that wait on the stack to be stowed (a draw does
not name its item; the one being stowed now is named by the decision and stays), and (C-9)
which item each face-down item of another player's adventurer is.  A face-down item is known to be some item of its kind: the same slot, filling the same spaces of
its holder (a crossbow fits one hand for a character who may, CF-047).  Items the seat has been
told of stay where they are: its own adventurers' items, items turned face up (``shown``), the
item an Enchant spell holds, and every item a ``log_for(seat)`` event names (an item once
shown, or one the seat handed over).

No seat has seen the order of the stack (but for the tiles seen going under it) and of the bags,
nor the drawn items that wait on the stack to be stowed; each face-down item has been seen by
the player of the adventurer who holds it, so :func:`redraw_unseen` leaves every one of them.
"""
from __future__ import annotations

from typing import Any

from ...engine.rng import Rng
from ...engine.state import canonical_shuffle
from .inventory import carried, needs_both_hands
from .state import EMPTY, POISON, CursedForestState

TRIES = 200      # draws of a kind's items before keeping them where they are (see below)


def named_items(s: CursedForestState, seat: int) -> set[int]:
    """Every item copy ``log_for(seat)`` names somewhere."""
    index = {it.id: k for k, it in enumerate(s.content.items)}
    named: set[int] = set()

    def note(value: Any) -> None:
        if isinstance(value, str):
            k = index.get(value)
            if k is not None:
                named.add(k)
        elif isinstance(value, (list, tuple)):
            for v in value:
                note(v)
    for event in s.log_for(seat):
        for value in event.values():
            note(value)
    return named


def face_down(s: CursedForestState, seat: int) -> list[tuple[int, int]]:
    """(adventurer, item): the items held face down by other players' adventurers that ``seat``
    has not been told of."""
    held: list[tuple[int, int]] = []
    if any(o != seat for o in s.owner):
        known = set(s.shown) | {s.f_enchant} | named_items(s, seat)
        for b in range(s.n):
            if s.owner[b] != seat:
                held += [(b, i) for i in carried(s, b) if i not in (EMPTY, POISON) and i not in known]
    return held


def resample_hidden(s: CursedForestState, seat: int, rng: Rng) -> None:
    """Re-draw in place, with ``rng`` alone, what is hidden from ``seat`` (see the module)."""
    _redraw(s, seat, face_down(s, seat), rng)


def censor(s: CursedForestState, seat: int, data: dict[str, Any]) -> None:
    """Blank in ``seat``'s written position what :func:`resample_hidden` re-draws: the face-down
    items it was not told of, the bags, the items waiting to be stowed and the stack's tiles
    (but for those seen going under it)."""
    facts = data["state"]
    hidden = {i for _, i in face_down(s, seat)}
    for b in range(s.n):
        if s.owner[b] != seat and hidden:
            facts["inv"][b] = [None if x in hidden else x for x in facts["inv"][b]]
            facts["extras"][b] = [None if x in hidden else x for x in facts["extras"][b]]
    for k, _ in _waiting(s):
        data["stack"][k][2] = None
    facts["item_bag"] = [None] * len(s.item_bag)
    facts["monster_bag"] = [None] * len(s.monster_bag)
    for k in _unseen_tiles(s):
        facts["tile_stack"][k] = None


def _waiting(s: CursedForestState) -> list[tuple[int, tuple[Any, ...]]]:
    """The drawn items waiting on the stack to be stowed, not yet named: (place, step)."""
    return [(k, step) for k, step in enumerate(s.stack) if step[0] == "stow_item" and step[2] not in s.shown]


def _unseen_tiles(s: CursedForestState) -> list[int]:
    """The places in the tile stack of the tiles not seen going under it (CF-014, C-1)."""
    tiles = s.content.tiles
    under = {e["tile"] for e in s.log_since(0) if e["type"] == "lost"}
    return [k for k, t in enumerate(s.tile_stack) if tiles[t].id not in under]


def redraw_unseen(s: CursedForestState, rng: Rng) -> None:
    """Re-draw in place, with ``rng`` alone, what no seat has seen (see the module): what
    :func:`resample_hidden` re-draws but for the face-down items, none of which is re-drawn."""
    _redraw(s, -1, [], rng)


def _redraw(s: CursedForestState, seat: int, held: list[tuple[int, int]], rng: Rng) -> None:
    """Re-draw the face-down items ``held`` (adventurer, item) of adventurers not ``seat``'s
    among themselves and the item bag, then the bag, the items waiting to be stowed, the stack
    and the monster bag."""
    items = s.content.items
    waiting = _waiting(s)
    pool = sorted(set(s.item_bag) | {i for _, i in held})
    new: dict[int, int] = {}
    for slot in sorted({items[i].slot for _, i in held}):
        spots = [(b, i) for b, i in held if items[i].slot == slot]
        kind = [i for i in pool if items[i].slot == slot]
        # uniform among the arrangements that fit: a uniform draw, kept if every item fills its
        # spot's spaces alike (it always does unless a one-handed crossbow is held)
        for _ in range(TRIES):
            drawn = canonical_shuffle(kind, rng)[:len(spots)]
            if all(needs_both_hands(s, b, items[j]) == needs_both_hands(s, b, items[i])
                   for (b, i), j in zip(spots, drawn)):
                new.update((i, j) for (_, i), j in zip(spots, drawn))
                break
    if new:
        for b in range(s.n):
            if s.owner[b] != seat:
                s.inv[b] = [new.get(x, x) for x in s.inv[b]]
                s.extras[b] = [new.get(x, x) for x in s.extras[b]]
    in_hands = set(new.values()) | {i for _, i in held if i not in new}
    rest = canonical_shuffle([i for i in pool if i not in in_hands] + [step[2] for _, step in waiting], rng)
    # drawn items waiting on the stack to be stowed have not been named yet: any hidden item
    for (k, step), i in zip(waiting, rest):
        s.stack[k] = (step[0], step[1], i, *step[3:])
    s.item_bag = rest[len(waiting):]
    # a tile drawn with nowhere to go was seen going under the stack (CF-014, C-1): it stays
    at = _unseen_tiles(s)
    for k, tile in zip(at, canonical_shuffle([s.tile_stack[k] for k in at], rng)):
        s.tile_stack[k] = tile
    s.monster_bag = canonical_shuffle(s.monster_bag, rng)
    # the pit's monsters were drawn face up, in the order they are fought: nothing to re-draw
