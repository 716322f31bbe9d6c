"""Compiled Tanglewoods content: plain frozen structures the rules read in the hot loop.

Cards in the state are small ints: ``code = index * 2 + side``.  Forest cards: side 0 is
day, 1 is night (bears: 0 enemy, 1 modifier).  Maps: 0 day, 1 night.  Items: 0 ordinary,
1 upgraded.  Heroes: side 0 is "a", 1 is "b".
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

DAY, NIGHT = 0, 1
ENEMY_SIDE, MODIFIER_SIDE = 0, 1
ORDINARY, UPGRADED = 0, 1
DIRECTIONS = ("N", "S", "E", "W")
WILD = "wild"
STATS = ("health", "strategy", "recovery")
COLOURS = ("yellow", "green", "blue", "purple", "red")

# Ruling T-1: faces of each colour's d6 (0 blank, 1 hit, 2 crit), and how many dice of it.
BLANK, HIT, CRIT = 0, 1, 2
DIE_FACES = {
    "yellow": (BLANK, BLANK, BLANK, BLANK, HIT, CRIT),
    "green": (BLANK, BLANK, BLANK, HIT, HIT, CRIT),
    "blue": (BLANK, BLANK, HIT, HIT, HIT, CRIT),
    "purple": (BLANK, HIT, HIT, HIT, HIT, CRIT),
    "red": (HIT, HIT, HIT, HIT, HIT, CRIT),
}
DICE_PER_COLOUR = {"yellow": 4, "green": 4, "blue": 4, "purple": 4, "red": 1}
# The 17 dice in a fixed order; a die is its index here.
DIE_COLOUR: tuple[str, ...] = tuple(c for c in COLOURS for _ in range(DICE_PER_COLOUR[c]))
FACE_NAMES = ("blank", "hit", "crit")


def forest_side_name(kind: str, code: int) -> str:
    """The side a forest-deck card shows, in words: a bear has an enemy and a modifier side and
    no day or night (TG-094, ruling T-22); every other forest card is day or night."""
    if kind == "bear":
        return ("enemy", "modifier")[code & 1]
    return ("day", "night")[code & 1]


@dataclass(frozen=True, slots=True)
class Effect:
    """One declarative effect: ``when`` it fires, the primitive it runs (``do``) and its params."""

    when: str
    do: str
    params: dict[str, Any] = field(default_factory=dict)
    cond: str | None = None      # a named condition that must hold ("if" in TOML)
    window: str | None = None    # for "use" effects: when the player may use it
    text: str = ""

    def get(self, key: str, default: Any = None) -> Any:
        return self.params.get(key, default)


def by_timing(effects: tuple[Effect, ...], when: str) -> tuple[Effect, ...]:
    return tuple(e for e in effects if e.when == when)


@dataclass(frozen=True, slots=True)
class Face:
    """One side of a forest card, map, item or bear."""

    name: str
    text: str
    effects: tuple[Effect, ...]
    # forest / bear sides
    direction: str | None = None          # N S E W, "wild", or None (no icon)
    health: int | None = None             # None: a fable (cannot take dice)
    damage: int = 0
    bribe: int | None = None              # None: cannot be bribed
    reward: tuple[Effect, ...] = ()
    # maps
    directions: tuple[str, ...] = ()
    merchant: bool = False
    # items
    cost: int = 0
    # precomputed by timing (filled in by compile step)
    ambush: tuple[Effect, ...] = ()
    special: tuple[Effect, ...] = ()
    after: tuple[Effect, ...] = ()
    ongoing: tuple[Effect, ...] = ()
    use: tuple[Effect, ...] = ()
    activation_end: tuple[Effect, ...] = ()
    # precomputed for the hot loop
    mods: dict[str, int] = field(default_factory=dict)   # ongoing "modify" totals by modifier name
    flags: frozenset[str] = frozenset()                  # ongoing flag primitives (merchant_everywhere)
    need: tuple[int, int, int, int] = (0, 0, 0, 0)       # maps: how many N, S, E, W
    dir_index: int = -1                                  # forest: 0..3 for N S E W, 4 wild, -1 none

    @property
    def summary(self) -> str:
        """A forest face in a few words, for option labels."""
        icon = self.direction or "no icon"
        if self.health is None:
            return f"fable, {icon}"
        bribe = "-" if self.bribe is None else self.bribe
        return f"{icon}, Health {self.health}, Damage {self.damage}, Bribe {bribe}"


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    index: int
    kind: str                 # minion | fable | bear | map | item
    faces: tuple[Face, Face]
    provenance: str

    @property
    def is_enemy_kind(self) -> bool:
        return self.kind in ("minion", "bear")


@dataclass(frozen=True, slots=True)
class HeroSide:
    name: str
    text: str
    health: int
    strategy: int
    recovery: int
    ability: tuple[Effect, ...]
    flip_when: str | None            # trigger name, e.g. "health_at_most"
    flip_value: int
    on_flip: tuple[Effect, ...]      # applied when the hero turns to this side (T-16)
    mods: dict[str, int] = field(default_factory=dict)   # derived: ongoing "modify" totals
    flags: frozenset[str] = frozenset()                  # derived: ongoing flag primitives
    use_windows: frozenset[str] = frozenset()            # derived: windows of its "use" ability

    def __post_init__(self) -> None:
        object.__setattr__(self, "use_windows", frozenset(e.window for e in self.ability if e.when == "use" and e.window))
        mods: dict[str, int] = {}
        for e in self.ability:
            if e.when == "ongoing" and e.do == "modify":
                mods[e.params["stat"]] = mods.get(e.params["stat"], 0) + e.params["amount"]
        object.__setattr__(self, "mods", mods)
        object.__setattr__(self, "flags", frozenset(e.do for e in self.ability if e.when == "ongoing" and e.do != "modify"))


@dataclass(frozen=True, slots=True)
class Hero:
    id: str
    index: int
    sides: tuple[HeroSide, HeroSide]
    start_side: int | None           # None: the player picks (TG-005)
    universal: bool                  # a non-Tanglewoods hero: flips become Brothers Grimm (TG-108)
    provenance: str


@dataclass(frozen=True, slots=True)
class Merchant:
    mend: int
    forge: int
    bait: int
    blessing_factor: int
    shop_size: int
    max_buys: int


@dataclass(frozen=True, slots=True)
class TanglewoodsContent:
    id: str
    version: str
    name: str
    forest: tuple[Card, ...]      # minions and fables first, then the three bears
    bears: tuple[int, ...]        # indexes into forest of the bear cards
    maps: tuple[Card, ...]
    items: tuple[Card, ...]
    heroes: tuple[Hero, ...]
    grimm: HeroSide
    merchant: Merchant
    forest_by_id: dict[str, int]
    map_by_id: dict[str, int]
    item_by_id: dict[str, int]
    hero_by_id: dict[str, int]
    # the pack's fingerprint (woodlands.engine.content.fingerprint_of), set when it is loaded
    fingerprint: str = ""

    def forest_face(self, code: int) -> Face:
        return self.forest[code >> 1].faces[code & 1]

    def map_face(self, code: int) -> Face:
        return self.maps[code >> 1].faces[code & 1]

    def item_face(self, code: int) -> Face:
        return self.items[code >> 1].faces[code & 1]
