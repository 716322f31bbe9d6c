"""The Cursed Forest's view, outcome and events as types (docs/cursed-forest.md, "The view").

:class:`CursedForestView` is the whole of ``state.view(seat)``: the envelope every game shares
(:mod:`woodlands.engine.views`) and :class:`CursedForestTable`, the game's own part, which
:func:`.view.build_view` makes.  ``woodlands schema cursed-forest`` prints its JSON Schema.
"""
from __future__ import annotations

from typing import Literal

from typing_extensions import NotRequired, TypedDict

from ...engine.views import Envelope, Outcome, Result


class CursedForestOutcome(Outcome):
    """CF-077: each player's ``tally`` (the health of the monsters its adventurers killed) and
    the player(s) with the most; a win says ``how`` and which adventurers survived, a loss or an
    unfinished game says why (``reason``)."""

    tally: list[int]
    champion: int | None
    champions: list[int]
    how: NotRequired[str]
    survivors: NotRequired[list[int]]
    reason: NotRequired[str]


class Inventory(TypedDict):
    """C-9: each space holds an item id, ``"poison"``, ``"face-down"`` (another player's item
    not yet shown) or None (empty)."""

    hand1: str | None
    hand2: str | None
    armour: str | None
    boots: str | None
    backpack: str | None


class Adventurer(TypedDict):
    adventurer: int
    #: the seat that plays this adventurer
    player: int
    character: str | None
    name: str | None
    health: int
    max_health: int
    lives: int
    ap: int
    max_ap: int
    #: ``[x, y]`` on the map, None while not placed or out of the game
    position: list[int] | None
    out: bool
    seeds: list[str]
    inventory: Inventory
    face_down: int
    extras: list[str]
    poison: int
    kills: int
    tally: int
    tag_debt: int


class MonsterOnTile(TypedDict):
    id: str
    name: str
    side: str
    health: int
    dice: int
    modifier: int


class Tile(TypedDict):
    """A laid tile; ``monster`` is a revealed monster, ``"token"`` (one not yet drawn) or None."""

    id: str
    kind: str
    name: str
    position: list[int]
    rotation: int
    open: list[str]
    roots: list[str]
    tokens: list[str]
    monster: MonsterOnTile | Literal["token"] | None
    items: list[str]
    seeds: list[str]
    root_seed: str | None
    vine_seed: str | None


class DrawnTile(TypedDict):
    id: str
    kind: str
    open: list[str]


class Morna(TypedDict):
    position: list[int]
    health: int
    dice: int
    modifier: int


class Fight(TypedDict):
    kind: str
    adventurer: int
    partner: int
    #: the foe in words (its name, health and dice)
    foe: str
    foe_health: int


class CursedForestTable(TypedDict):
    """The game's own keys of the view (docs/cursed-forest.md lists what each means)."""

    players: list[Adventurer]
    tiles: list[Tile]
    stack_size: int
    drawn_tile: DrawnTile | None
    monsters_in_bag: int
    items_in_bag: int
    #: the adventurer whose turn it is
    turn: int
    round: int
    phase: str
    morna: Morna | None
    #: the same as ``morna`` (the name the rulebook gives her)
    morna_gul: Morna | None
    seeds_laid: int
    fight: Fight | None
    pit_monsters: int
    #: the kind of the decision being made now (whose it is: the envelope's ``deciding``)
    decision_kind: str | None


class CursedForestView(Envelope, CursedForestTable):
    """``state.view(seat)``: the envelope and the table."""

    outcome: CursedForestOutcome | None


# ---------------------------------------------------------------------- events
class TurnEvent(TypedDict):
    type: Literal["turn"]
    adventurer: int
    player: int
    ap: int
    round: int


class MoveEvent(TypedDict):
    type: Literal["move"]
    adventurer: int
    to: list[int]
    how: str
    tile: str


class DamageEvent(TypedDict):
    type: Literal["damage"]
    adventurer: int
    amount: int
    direct: bool
    armour: int
    source: str
    health: int


class HealEvent(TypedDict):
    type: Literal["heal"]
    adventurer: int
    amount: int
    source: str


class ItemEvent(TypedDict):
    """``pickup`` and ``equip``: an item put in a space.  C-9: in ``log_for`` of a seat that may
    not see it, ``item`` is None and ``hidden`` says so."""

    type: Literal["pickup", "equip"]
    adventurer: int
    item: str | None
    space: str
    hidden: NotRequired[list[str]]


class CursedForestGameOver(TypedDict):
    type: Literal["game_over"]
    result: Result
    tally: list[int]
    champion: int | None
    champions: list[int]
    how: NotRequired[str]
    survivors: NotRequired[list[int]]
    reason: NotRequired[str]


#: the types of the events the game logs most, by event type (the others are
#: :class:`~woodlands.engine.views.Event`s with the fields docs/cursed-forest.md names)
EVENTS: dict[str, type] = {"turn": TurnEvent, "move": MoveEvent, "damage": DamageEvent, "heal": HealEvent,
                           "pickup": ItemEvent, "equip": ItemEvent, "game_over": CursedForestGameOver}
