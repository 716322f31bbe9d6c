"""Compiled Storyfold content: plain frozen structures the rules read in the hot loop.

Every physical card of the pack (Action, Creature, Explore, Shadow and Story cards) is one
entry of ``StoryfoldContent.cards``; in the state a card is its index there (a small int).
Scenes, chapters, locations and the Luma & Brom cards are compiled into their own tables.
Track spaces are numbered from 1 (the left end) as in the content files.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

ACTIONS = ("light", "help", "explore", "heal")
ACTION_KINDS = ("action",)
CREATURE = "creature"
EXPLORE_KINDS = ("boon", "bane", "companion", "trauma")
BOON_SPACE_KINDS = ("boon", "companion", "trauma")   # the kinds that go onto a Boon space
RIVER_SPACES = 7
NUMBERED_SPACES = 4                                  # ruling S-1/S-2: "3+" "4+" "5+" "6+"
THRESHOLDS = (3, 4, 5, 6)
BOON_SPACES = 3                                      # ruling S-5
SPIRIT_SPACES = 12                                   # ruling S-4
START_DICE = (8, 8, 8, 8, 8)                         # SW-051
EXTRA_DICE = (10, 12)

Cond = tuple[str, Any]            # one condition: (name, argument), see conditions.py


@dataclass(frozen=True, slots=True)
class Effect:
    """One declarative effect: the primitive it runs (``do``), its params, an optional condition."""

    do: str
    params: dict[str, Any] = field(default_factory=dict)
    cond: tuple[Cond, ...] = ()   # all must hold for the effect to happen ("if" in TOML)
    text: str = ""

    def get(self, key: str, default: Any = None) -> Any:
        return self.params.get(key, default)


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card.  Fields that do not apply to a kind keep their defaults."""

    id: str
    index: int
    kind: str                 # action | creature | boon | bane | companion | trauma | shadow | story
    name: str
    text: str
    provenance: str
    # Action cards
    start_space: int = 0                  # 1..4: where it lies in the River at the start
    top_text: str = ""
    bottom_text: str = ""
    # Creatures (and Traumas, for the Heal action)
    icons: int = 0                        # successes needed to blind / heal it
    spirit: int = 0                       # Spirit lost when it activates
    crystals: int = 0                     # Crystals gained when it is healed
    place: int = 0                        # River space it is placed on (1..7); 0: the end of the River
    # effects by timing
    immediately: tuple[Effect, ...] = ()
    after_activating: tuple[Effect, ...] = ()
    ongoing: tuple[Effect, ...] = ()
    use: tuple[Effect, ...] = ()
    window: str = ""                      # boons/companions: when ``use`` may be used
    # Story cards: where the card goes after its Immediately effect (SW-037)
    after: str = "box"                    # box | chapter_deck

    @property
    def on_boon_space(self) -> bool:
        return self.kind in BOON_SPACE_KINDS


@dataclass(frozen=True, slots=True)
class Use:
    """One use printed on a side of the Luma or Brom card."""

    id: str
    text: str
    window: str               # after_roll | luma_phase | last_shadow
    cost: int                 # Crystals to spend
    cost_from: str            # any (any Action card) | current (the Action card being carried out)
    once_per_chapter: bool
    flip: bool                # turn this card over afterwards
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Side:
    id: str
    name: str
    text: str
    uses: tuple[Use, ...]


@dataclass(frozen=True, slots=True)
class Companion:
    id: str                   # luma | brom
    name: str
    provenance: str
    sides: tuple[Side, Side]  # side 0 is the side it starts on


@dataclass(frozen=True, slots=True)
class Location:
    id: str
    index: int                # position in its scene (left to right)
    name: str
    kind: str                 # help | explore
    dots: int
    progress: bool            # needs the Light marker on the middle space
    chain: str                # "" when not connected by a line
    condition: tuple[Cond, ...]
    condition_text: str
    text: str
    effects: tuple[Effect, ...]
    provenance: str


@dataclass(frozen=True, slots=True)
class ShadowEffect:
    icon: str
    text: str
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Section:
    """"Luma prevails" or "The Shadow prevails": what happens, and where the story goes."""

    text: str
    effects: tuple[Effect, ...]
    next_if: tuple[tuple[tuple[Cond, ...], str], ...]   # first branch whose condition holds
    next: str                 # scene id | "restart" (the chapter's first scene) | "end"


@dataclass(frozen=True, slots=True)
class Scene:
    id: str
    index: int
    chapter: int
    title: str
    text: str
    provenance: str
    track_length: int
    light_start: int
    shadow_start: int
    icons: tuple[tuple[str, ...], ...]      # per track space (index 0 = space 1)
    shadow_effects: dict[str, ShadowEffect]
    setup: tuple[Effect, ...]
    locations: tuple[Location, ...]
    goal: tuple[Cond, ...]
    goal_text: str
    luma_prevails: Section
    shadow_prevails: Section
    #: the middle space of the track (SW-061), where both markers stop; read in the hot loop
    middle: int = field(init=False)
    #: whether any location has a condition (if not, visiting depends on markers and Light only)
    location_conditions: bool = field(init=False)
    #: location id -> its index (goals and conditions name locations; checked after every effect)
    location_ids: dict[str, int] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "middle", (self.track_length + 1) // 2)
        object.__setattr__(self, "location_conditions", any(loc.condition for loc in self.locations))
        object.__setattr__(self, "location_ids", {loc.id: loc.index for loc in self.locations})

    def location_index(self, loc_id: str) -> int:
        return self.location_ids[loc_id]


@dataclass(frozen=True, slots=True)
class Chapter:
    id: str
    index: int
    title: str
    text: str
    provenance: str
    scenes: tuple[int, ...]
    shadow_deck: tuple[int, ...]
    creature_deck: tuple[int, ...] | None   # None: keep the campaign's Creature deck
    explore_add: tuple[int, ...]
    story_cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class StoryfoldContent:
    id: str
    version: str
    name: str
    title: str
    text: str
    cards: tuple[Card, ...]
    card_by_id: dict[str, int]
    actions: tuple[int, ...]          # the 4 Action cards in ACTIONS order
    luma: Companion
    brom: Companion
    explore_deck: tuple[int, ...]     # the campaign's starting Explore deck
    creature_deck: tuple[int, ...]    # the campaign's starting Creature deck
    chapters: tuple[Chapter, ...]
    scenes: tuple[Scene, ...]
    scene_by_id: dict[str, int]
    # italic effect name -> each card carrying it -> its amounts added up / the smallest of them
    ongoing_amount: dict[str, dict[int, int]] = field(default_factory=dict)
    ongoing_least: dict[str, dict[int, int]] = field(default_factory=dict)
    card_ids: tuple[str, ...] = ()                # cards[i].id, for the log of the River
    creature_cards: frozenset[int] = frozenset()  # the cards of kind "creature"
    # the pack's fingerprint (woodlands.engine.content.fingerprint_of), set when it is loaded
    fingerprint: str = ""
