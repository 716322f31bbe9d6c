"""Storyfold's view, outcome and events as types (docs/storyfold.md, "The view").

:class:`StoryfoldView` is the whole of ``state.view(0)``: the envelope every game shares
(:mod:`woodlands.engine.views`) and :class:`StoryfoldTable`, the game's own part, which
:func:`.view.build_view` makes.  ``woodlands schema storyfold`` prints its JSON Schema.
"""
from __future__ import annotations

from typing import Any, Literal

from typing_extensions import NotRequired, TypedDict

from ...engine.views import Envelope, Outcome, Result


class StoryfoldOutcome(Outcome):
    """Ruling S-6: the score of a campaign won or stopped by its scene limit."""

    scenes_played: int
    chapter_restarts: int
    shadow_cards: int


class OngoingEffect(TypedDict):
    card: str
    where: str
    do: str
    amount: int | None


class Ongoing(TypedDict):
    """AUD-4: every italic effect in play, card by card, and what they add up to."""

    effects: list[OngoingEffect]
    threshold: int
    max_dice: int | None
    creature_icons: int
    spirit_loss: int
    no_crystal_spend: bool


class TrackIcons(TypedDict):
    space: int
    icons: list[str]
    effects: list[str]


class Track(TypedDict):
    length: int
    middle: int
    icons: list[TrackIcons]


class RiverCard(TypedDict):
    """A card of the river: an action (with its ``threshold`` now) or a creature (with its
    icons, spirit and healing)."""

    card: str
    kind: str
    name: str
    crystals: int
    stunned: bool
    threshold: NotRequired[int | None]
    icons: NotRequired[int]
    spirit: NotRequired[int]
    heal_crystals: NotRequired[int]
    text: NotRequired[str]
    icons_needed: NotRequired[int]
    spirit_loss: NotRequired[int]


class RolledDie(TypedDict):
    size: int
    face: int


class Roll(TypedDict):
    action: str
    effect: str
    target: str | None
    dice: list[RolledDie]
    threshold: int
    successes: int
    natural_successes: int
    bonus_successes: int


class Die(TypedDict):
    size: int
    used: bool
    rolled: bool


class Location(TypedDict):
    id: str
    name: str
    kind: str
    dots: int
    chain: str | None
    condition: str | None
    progress: bool
    #: the condition as data, ``{test name: argument}`` (all must hold)
    condition_data: dict[str, Any] | None
    condition_holds: bool | None
    visited: bool
    can_visit: bool
    text: str


class Boon(TypedDict):
    card: str
    kind: str
    name: str
    text: str
    window: str | None
    icons: int


class Use(TypedDict):
    """AUD-4: a companion's use, with its cost and whether its once-per-chapter use is spent."""

    id: str
    text: str
    window: str
    cost: int
    cost_from: str
    once_per_chapter: bool
    spent: bool


class Luma(TypedDict):
    side: str
    name: str
    uses: list[Use]


class Brom(TypedDict):
    present: bool
    side: str | None
    name: str | None
    uses: list[Use]


class Decks(TypedDict):
    """Sizes only: deck orders are hidden."""

    shadow: int
    explore: int
    creature: int
    chapter: int


class Discards(TypedDict):
    """Discard piles are face up, so their cards are shown."""

    shadow: list[str]
    explore: list[str]
    creature: list[str]


class Goals(TypedDict):
    luma_prevails: str
    shadow_prevails: str


class Score(TypedDict):
    scenes_played: int
    chapter_restarts: int
    shadow_cards: int


class StoryfoldTable(TypedDict):
    """The game's own keys of the view (docs/storyfold.md lists what each means)."""

    campaign: str
    chapter: str
    chapter_title: str
    scene: str
    scene_title: str
    scene_text: str
    phase: str
    goal: str
    #: the goal as data, ``{test name: argument}`` (all must hold)
    goal_condition: dict[str, Any]
    goal_holds: bool | None
    ongoing: Ongoing
    spirit: int
    spirit_space: int
    spirit_spaces: int
    light: int
    shadow: int
    track: Track
    river: list[RiverCard | None]
    #: action card id -> crystals on it
    crystals: dict[str, int]
    dice: list[Die]
    dice_available: int
    roll: Roll | None
    locations: list[Location]
    boons: list[Boon]
    explore_drawn: list[str]
    luma: Luma
    brom: Brom
    uses_this_chapter: list[str]
    decks: Decks
    discards: Discards
    goals: Goals
    flags: list[str]
    score: Score
    chapter_restarts: int
    next_scene: str | None


class StoryfoldView(Envelope, StoryfoldTable):
    """``state.view(0)``: the envelope and the table."""

    outcome: StoryfoldOutcome | None


# ---------------------------------------------------------------------- events
class PhaseEvent(TypedDict):
    type: Literal["phase"]
    phase: str


class DrawEvent(TypedDict):
    """A card drawn (an explore card says its ``kind``); ``card`` None and ``why`` when the deck
    and its discard pile are both empty."""

    type: Literal["draw"]
    deck: str
    card: str | None
    kind: NotRequired[str]
    name: NotRequired[str]
    text: NotRequired[str]
    why: NotRequired[str]


class SpiritEvent(TypedDict):
    """Luma's spirit changed: a loss says ``why`` and how many times the spirit track ran out
    (``ran_out``); a gain says how much was ``wanted`` (it stops at the track's end)."""

    type: Literal["spirit"]
    change: int
    why: NotRequired[str]
    spirit: int
    ran_out: NotRequired[int]
    wanted: NotRequired[int]


class VisitEvent(TypedDict):
    type: Literal["visit"]
    location: str
    name: str
    text: str


class StoryfoldGameOver(TypedDict):
    type: Literal["game_over"]
    result: Result
    scenes_played: int
    chapter_restarts: int
    shadow_cards: int


#: the types of the events the game logs most, by event type (the others are
#: :class:`~woodlands.engine.views.Event`s with the fields docs/storyfold.md names)
EVENTS: dict[str, type] = {"phase": PhaseEvent, "draw": DrawEvent, "spirit": SpiritEvent, "visit": VisitEvent,
                           "game_over": StoryfoldGameOver}
