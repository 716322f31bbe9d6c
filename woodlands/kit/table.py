"""A renderer-neutral picture of the table: what a seat sees, as regions of cards, dice, tracks,
tiles, tokens and plain facts, each with a stable id, a face, a state and its words.

A game's presentation builds one from a seat's view only (``Presentation.table_model(view,
seat)``), so what the seat cannot know never enters it; the terminal and the web draw any
:class:`Table` with generic code, and :func:`diff` of two tables (consecutive positions) says
what changed, element by element, for every game at once.

>>> before = Table("toy", (Region("count", "The count", (Track("total", "Count", value=3, high=10),)),))
>>> after = Table("toy", (Region("count", "The count", (Track("total", "Count", value=5, high=10),)),))
>>> diff(before, after).changed
{'total': ('value',)}
>>> before.as_dict()["regions"][0]["elements"][0]["kind"]
'track'
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field, fields, replace
from typing import Any, ClassVar, Iterator, Union

#: the states a renderer knows how to mark; a game may add its own words (drawn as a class/tag)
STATES = ("active", "committed", "exhausted", "face-down", "highlight", "dim", "locked", "won", "lost")


@dataclass(frozen=True, slots=True)
class Element:
    """What every element has: a stable ``id`` (the same thing in two positions has the same
    id), a ``face`` (what it shows: a card's side, a die's colour, a tile's kind), its
    ``state`` words, its printed ``name`` and a ``tip`` (the card text, shown on hover).  A
    ``minor`` element (a running total beside its count, where a figure stands when the map
    shows it) is left out where room is short, like a minor region: the compact terminal.

    >>> Track("tally", "Tally", value=9, minor=True).as_dict()["minor"], "minor" in Track("t").as_dict()
    (True, False)
    """

    kind: ClassVar[str] = "element"
    id: str
    name: str = ""
    face: str = ""
    state: tuple[str, ...] = ()
    tip: str = ""
    # keyword only, so the subclasses' fields keep their places for a positional call
    minor: bool = field(default=False, kw_only=True)

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "minor" and not value:
                continue        # said only when set, as a region's: the usual dict stays as it was
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out


@dataclass(frozen=True, slots=True)
class Card(Element):
    """A card: its name, a side (``face``), its body text and a small badge (a cost, a count).
    ``family`` is the kind of card in the game's words (an action, a creature, a boon, an item),
    drawn as its look (the web's ``kind-<family>`` class); ``detail`` its longer words (its
    effect), drawn where there is room: the web card's body and the full-width terminal."""

    kind: ClassVar[str] = "card"
    text: str = ""
    badge: str = ""
    family: str = ""
    detail: str = ""


@dataclass(frozen=True, slots=True)
class Die(Element):
    """A die: ``face`` is its colour or kind, ``value`` what it shows, a number or a word
    (``hit``, ``blank``); None: not rolled.  ``sides``: how many faces it has, when the game
    has dice of several sizes (a d8, a d12), shown on a die not rolled."""

    kind: ClassVar[str] = "die"
    value: int | str | None = None
    sides: int | None = None


@dataclass(frozen=True, slots=True)
class Track(Element):
    """A value on a scale (health, gold, a river's depth): ``value`` of ``low``..``high``."""

    kind: ClassVar[str] = "track"
    value: int = 0
    low: int = 0
    high: int | None = None


@dataclass(frozen=True, slots=True)
class Tile(Element):
    """A tile placed at (``x``, ``y``) of its region's grid, turned ``rotation`` degrees, with its
    ``features`` (exits, a monster, a sign) in words.  ``exits`` are the compass letters (``N``,
    ``E``, ``S``, ``W``) of the edges a path leaves by, already turned, drawn as paths; ``code``
    is its short sign (a letter or two) on a small map."""

    kind: ClassVar[str] = "tile"
    x: int = 0
    y: int = 0
    rotation: int = 0
    features: tuple[str, ...] = ()
    exits: tuple[str, ...] = ()
    code: str = ""


@dataclass(frozen=True, slots=True)
class Token(Element):
    """A marker (a hero's figure, a coin pile): ``at`` names where it stands, ``count`` how many.
    When ``at`` is the id of a tile of its region, a map draws it on that tile by its ``mark``
    (a sign of a character or two: a number, ``?``)."""

    kind: ClassVar[str] = "token"
    at: str = ""
    count: int = 1
    mark: str = ""


@dataclass(frozen=True, slots=True)
class Fact(Element):
    """A plain line of words: ``name`` is its label, ``text`` its value."""

    kind: ClassVar[str] = "fact"
    text: str = ""


@dataclass(frozen=True, slots=True)
class Outcome(Element):
    """What a roll or a fight just came to, drawn on or beside the element it concerns: ``on``
    is that element's id (the card the dice hit, the tile of the fight; a region's id when it
    concerns no one element).  ``name`` says whose roll or which fight, ``dice`` the faces
    rolled, ``modifier`` what is added to them, ``total`` what they came to, ``against`` what
    they were measured against (a target, the foe's total) and ``text`` the result in words.
    Built, like the rest of the table, from what the seat was shown (its view and its log).

    >>> o = Outcome("outcome-c", "Fight", on="c", dice=(6, 2), modifier=3, total=11, against="3", text="8 damage")
    >>> o.lines()
    ('Fight: 6 2 +3 = 11 against 3', '8 damage')
    """

    kind: ClassVar[str] = "outcome"
    on: str = ""
    dice: tuple[int | str, ...] = ()
    modifier: int = 0
    total: int | None = None
    against: str = ""
    text: str = ""

    def lines(self) -> tuple[str, ...]:
        """The outcome in one or two lines of words, the same in every client: the roll (its
        faces, what is added, the total and what it was measured against), then the result."""
        roll = " ".join(str(d) for d in self.dice)
        if self.modifier:
            roll += f" {self.modifier:+d}"
        if self.total is not None:
            roll += f" = {self.total}" if roll else str(self.total)
        if self.against:
            roll += f" against {self.against}"
        first = f"{self.name}: {roll.strip()}" if roll.strip() else self.name
        return tuple(line for line in (first, self.text) if line)


AnyElement = Union[Card, Die, Track, Tile, Token, Fact, Outcome]


@dataclass(frozen=True, slots=True)
class Region:
    """A part of the table (a seat's area, the market, the map): its ``layout`` is a hint to the
    renderers (``row``, ``grid``, ``map``, ``list``, ``line``, ``compass``), never code.
    ``compass``: its tiles on a compass grid, north (growing ``y``) up, with their exits and the
    tokens standing on them; ``line``: like ``row``, but a small terminal puts the title and the
    elements on one line.  A ``minor`` region (the story's text, an inventory, a legend, the
    decks) is left out where room is short (the compact terminal): what it says is one key away
    there.  A ``tally`` region's equal elements are drawn once with their count in the terminal
    (a pool of dice: ``yellow [-] ×4``).  ``short``: a shorter title for the same place (a
    first name for a full one), used where room is short; empty: the title.  ``focus``: the id
    of the element a view too small for the whole region centres on (a ``compass`` map: the
    tile or the piece standing on it that the decision is about); empty: an element marked
    ``active``.  A ``detailed`` region's cards keep their longer words (``detail``) even where
    room is short: the cards the decision is about (the ones just drawn)."""

    id: str
    title: str
    elements: tuple[AnyElement, ...] = ()
    layout: str = "row"
    state: tuple[str, ...] = ()
    minor: bool = False
    tally: bool = False
    short: str = ""
    focus: str = ""
    detailed: bool = False

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.id, "title": self.title, "layout": self.layout, "state": list(self.state),
                "elements": [e.as_dict() for e in self.elements]} | ({"minor": True} if self.minor else {}) \
            | ({"tally": True} if self.tally else {}) | ({"short": self.short} if self.short else {}) \
            | ({"focus": self.focus} if self.focus else {}) | ({"detailed": True} if self.detailed else {})


@dataclass(frozen=True, slots=True)
class Table:
    """The whole picture: the game's id (for its look), its regions in reading order, a title."""

    game: str
    regions: tuple[Region, ...] = ()
    title: str = "The table"

    def elements(self) -> Iterator[tuple[Region, AnyElement]]:
        for region in self.regions:
            for element in region.elements:
                yield region, element

    def as_dict(self) -> dict[str, Any]:
        return {"game": self.game, "title": self.title, "regions": [r.as_dict() for r in self.regions]}


@dataclass(frozen=True, slots=True)
class Diff:
    """What changed from one table to the next: ids added and removed, and for each id on both
    the fields whose values differ (``region`` when it moved)."""

    added: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    changed: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.added or self.removed or self.changed)


def _index(table: Table) -> dict[str, tuple[str, dict[str, Any]]]:
    out: dict[str, tuple[str, dict[str, Any]]] = {}
    for region, element in table.elements():
        if element.id in out:
            raise ValueError(f"element id {element.id!r} appears twice in the table")
        out[element.id] = (region.id, element.as_dict())
    return out


def diff(before: Table, after: Table) -> Diff:
    """The elements added, removed and changed (with the changed fields, in field order) from
    ``before`` to ``after``; ids are matched, so an element that moved regions is changed, not
    removed and added.  Raises ValueError when an id appears twice in one table."""
    old, new = _index(before), _index(after)
    changed: dict[str, tuple[str, ...]] = {}
    for ident, (region, data) in new.items():
        if ident not in old:
            continue
        was_region, was = old[ident]
        keys = [k for k in data if data[k] != was.get(k)] + [k for k in was if k not in data]
        if region != was_region:
            keys.append("region")
        if keys:
            changed[ident] = tuple(keys)
    return Diff(added=tuple(i for i in new if i not in old), removed=tuple(i for i in old if i not in new),
                changed=changed)


def changed_ids(before: Table | None, after: Table) -> frozenset[str]:
    """The ids of ``after`` to mark as just changed: added, or changed in any field (a value, a
    face, a state, the region it stands in).  Nothing before (a first drawing): nothing.

    >>> t = lambda v: Table("toy", (Region("r", "R", (Die("a", value=v), Die("b", value=1))),))
    >>> sorted(changed_ids(t(2), t(5))), changed_ids(None, t(5))
    (['a'], frozenset())
    """
    if before is None:
        return frozenset()
    d = diff(before, after)
    return frozenset(d.added) | frozenset(d.changed)


def annotate(table: Table, notes: "list[Outcome] | tuple[Outcome, ...]") -> Table:
    """``table`` with each of ``notes`` placed where it belongs: right after the element its
    ``on`` names, in that element's region, or last in the region it names; a note that names
    neither is left out (what it concerns is not on this seat's table).

    >>> t = Table("toy", (Region("r", "R", (Die("a", value=5), Die("b"))),))
    >>> [e.id for _, e in annotate(t, [Outcome("o", "Roll", on="a", dice=(5,))]).elements()]
    ['a', 'o', 'b']
    """
    if not notes:
        return table
    regions = list(table.regions)
    for note in notes:
        for k, region in enumerate(regions):
            ids = [e.id for e in region.elements]
            if note.on in ids:
                at = ids.index(note.on) + 1
                regions[k] = replace(region, elements=region.elements[:at] + (note,) + region.elements[at:])
                break
            if note.on == region.id:
                regions[k] = replace(region, elements=region.elements + (note,))
                break
    return replace(table, regions=tuple(regions))


def model_for(pres: Any, view: dict[str, Any], seat: int, events: list[dict[str, Any]] | None = None) -> Table | None:
    """The table ``seat`` sees, as every client draws it: the presentation's model of ``view``
    (``state.view(seat)``) with the outcomes of the latest rolls and fights that ``events`` (the
    seat's own log, ``state.log_for(seat)``) tell, placed where they happened (:func:`annotate`;
    the presentation's ``outcomes`` hook).  None: the game builds no model."""
    model = pres.table_model(view, seat)
    if model is None or events is None:
        return model  # type: ignore[no-any-return]
    hook = getattr(pres, "outcomes", None)
    try:
        notes = list(hook(view, events, seat)) if callable(hook) else []
    except Exception:       # an outcome's words must never break the table
        notes = []
    return annotate(model, notes)


def signature(element: AnyElement) -> str:
    """A short fingerprint of what ``element`` shows (its :meth:`~Element.as_dict`): equal for
    equal content, different (all but surely) when anything in it changes.  A model is built
    from a seat's view only, so the fingerprint says nothing the seat does not see; a page
    compares two drawings' fingerprints by id to find what changed without the server keeping
    the drawing before.

    >>> signature(Die("a", value=2)) == signature(Die("a", value=2)) != signature(Die("a", value=3))
    True
    """
    text = json.dumps(element.as_dict(), sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.blake2s(text.encode("utf-8"), digest_size=6).hexdigest()


__all__ = ["AnyElement", "Card", "Diff", "Die", "Element", "Fact", "Outcome", "Region", "STATES", "Table", "Tile",
           "Token", "Track", "annotate", "changed_ids", "diff", "model_for", "signature"]
