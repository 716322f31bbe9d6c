"""Tanglewoods' view, outcome and events as types (docs/tanglewoods.md, "The view").

:class:`TanglewoodsView` is the whole of ``state.view(0)``: the envelope every game shares
(:mod:`woodlands.engine.views`) and :class:`TanglewoodsTable`, the game's own part, which
:func:`.view.build_view` makes.  ``woodlands schema tanglewoods`` prints its JSON Schema.
"""
from __future__ import annotations

from typing import Literal

from typing_extensions import NotRequired, TypedDict

from ...engine.views import Envelope, Outcome, Result


class TanglewoodsOutcome(Outcome):
    """``round`` and ``bears_defeated`` always; a loss or an unfinished game says why
    (``reason``), a win adds the ``health`` and ``gold`` left."""

    round: int
    bears_defeated: int
    reason: NotRequired[str]
    health: NotRequired[int]
    gold: NotRequired[int]


class Card(TypedDict):
    """One face of a card as it lies: ``side`` names the face (day/night, enemy/modifier,
    ordinary/upgraded), ``kind`` the card's kind."""

    id: str
    name: str
    side: str
    kind: str
    text: str


class ForestCard(Card):
    """A Forest card's face; an enemy's face has its printed numbers."""

    direction: str | None
    health: NotRequired[int]
    damage: NotRequired[int]
    bribe: NotRequired[int | None]


class TableauCard(ForestCard):
    """A card of the tableau: an enemy also has its numbers now (after modifiers) and the
    damage it took; ``wild_as`` is the direction a wild card was assigned."""

    wild_as: str | None
    damage_taken: NotRequired[int]
    defeated: NotRequired[bool]
    health_now: NotRequired[int]
    damage_now: NotRequired[int]
    bribe_now: NotRequired[int | None]


class MapCard(Card):
    directions: list[str]
    merchant: bool


class ActiveMap(MapCard):
    """The map being explored: ``status`` (complete, covered, or still open) and the directions
    still ``missing``, one entry per card."""

    complete: bool
    status: str
    missing: list[str]


class ItemCard(Card):
    cost: int


class Hero(TypedDict):
    id: str
    side: str
    name: str
    text: str
    universal: bool


class CommittedDie(TypedDict):
    colour: str
    face: str | None
    applied: bool


class ActiveEffect(TypedDict):
    """An ongoing effect in play, or one of this round (``zone`` "round", with its ``target``)."""

    source: str
    zone: str
    do: str
    text: NotRequired[str]
    modifier: NotRequired[str]
    amount: NotRequired[int]
    target: NotRequired[str | None]


class ForestDeck(TypedDict):
    """T-10: a deck shows its size, its top card's up side and its bottom card's underside."""

    count: int
    top: ForestCard | None
    bottom_underside: ForestCard | None


class MapDeck(TypedDict):
    count: int
    top: MapCard | None
    bottom_underside: MapCard | None


class ItemDeck(TypedDict):
    """T-25: the Merchant Card lies on the Item Deck, so its top is seen by nobody."""

    count: int
    top: None
    bottom_underside: ItemCard | None
    covered_by: str


class Decks(TypedDict):
    forest: ForestDeck
    map: MapDeck
    item: ItemDeck


class ForestDiscard(TypedDict):
    count: int
    top: ForestCard | None


class MapDiscard(TypedDict):
    count: int
    top: MapCard | None


class ItemDiscard(TypedDict):
    count: int
    top: ItemCard | None


class Discards(TypedDict):
    forest: ForestDiscard
    map: MapDiscard
    item: ItemDiscard


class TanglewoodsTable(TypedDict):
    """The game's own keys of the view (docs/tanglewoods.md lists what each means)."""

    round: int
    phase: str
    difficulty: int
    hero: Hero | None
    health: int
    strategy: int
    recovery: int
    gold: int
    bears_defeated: int
    #: zone -> colour -> how many dice of that colour are there
    dice: dict[str, dict[str, int]]
    committed_dice: list[CommittedDie]
    map: ActiveMap | None
    map_choices: list[MapCard]
    drawn: list[ForestCard]
    revealed: list[ForestCard]
    tableau: list[TableauCard]
    inventory: list[ItemCard]
    shop: list[ItemCard]
    bears_aside: list[str]
    bears_won: list[ForestCard]
    decks: Decks
    discards: Discards
    strategy_pass: int
    passes_allowed: int
    forest_draws: int
    draw_limit: int
    #: modifier name -> its total now (only those that are not 0)
    modifiers: dict[str, int]
    active_effects: list[ActiveEffect]
    merchant_everywhere: bool
    toughness: int


class TanglewoodsView(Envelope, TanglewoodsTable):
    """``state.view(0)``: the envelope and the table."""

    outcome: TanglewoodsOutcome | None


# ---------------------------------------------------------------------- events
class RoundEvent(TypedDict):
    type: Literal["round"]
    number: int


class DrawEvent(TypedDict):
    """A card drawn from a deck, with the side it shows (0 or 1), and what drew it when an
    effect did."""

    type: Literal["draw"]
    deck: str
    card: str
    side: int
    why: NotRequired[str]


class DamageEvent(TypedDict):
    """Damage dealt to an enemy of the tableau (``total``: all it took so far; ``health``: what
    defeats it)."""

    type: Literal["damage"]
    card: str
    amount: int
    total: int
    health: int
    why: str


class GoldEvent(TypedDict):
    type: Literal["gold"]
    change: int
    gold: int
    why: str


class StatEvent(TypedDict):
    """Health, strategy or recovery changed."""

    type: Literal["stat"]
    stat: str
    change: int
    value: int
    why: str


class TanglewoodsGameOver(TypedDict):
    type: Literal["game_over"]
    result: Result
    round: int
    bears_defeated: int
    reason: NotRequired[str]
    health: NotRequired[int]
    gold: NotRequired[int]


#: the types of the events the game logs most, by event type (the others are
#: :class:`~woodlands.engine.views.Event`s with the fields docs/tanglewoods.md names)
EVENTS: dict[str, type] = {"round": RoundEvent, "draw": DrawEvent, "damage": DamageEvent, "gold": GoldEvent,
                           "stat": StatEvent, "game_over": TanglewoodsGameOver}
