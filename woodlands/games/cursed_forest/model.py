"""Compiled Cursed Forest content: frozen structures the rules read in the hot loop.

The state never holds these objects' mutable parts; it holds small ints that index the
tuples here (a tile *copy* index, a monster index, an item *copy* index, a seed index).
Entries with ``count = N`` are expanded into N copies that share one definition.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# Edges in clockwise order; a rotation r turns edge d of the printed tile to (d + r) % 4.
EDGES = ("N", "E", "S", "W")
STEP = {0: (0, 1), 1: (1, 0), 2: (0, -1), 3: (-1, 0)}   # N is +y, E is +x

TILE_KINDS = ("start", "exit", "path", "monster", "brood-seed", "red-vine", "web", "pit", "swamp",
              "bone-yard", "gateway")
SLOTS = ("hand", "two-handed", "boots", "armour", "backpack-only", "none")
SEED_POWERS = ("cure-and-immunity", "free-spells", "no-spiders", "reroll-one-die")


@dataclass(frozen=True, slots=True)
class Effect:
    """One named primitive with its parameters (``do`` and plain values)."""

    when: str
    do: str
    params: dict[str, Any] = field(default_factory=dict)
    text: str = ""

    def get(self, key: str, default: Any = None) -> Any:
        return self.params.get(key, default)


@dataclass(frozen=True, slots=True)
class Tile:
    id: str
    index: int            # the index of this physical tile (copies of one entry differ here)
    name: str
    kind: str
    open: tuple[bool, bool, bool, bool]   # printed N E S W
    seed: int             # brood-seed tiles: index of the seed bound in its roots, else -1
    text: str
    provenance: str

    def open_at(self, edge: int, rotation: int) -> bool:
        """Is the edge facing ``edge`` (0 N .. 3 W) open once the tile is turned ``rotation``?"""
        return self.open[(edge - rotation) % 4]


@dataclass(frozen=True, slots=True)
class MonsterSide:
    name: str
    health: int
    dice: int
    modifier: int
    poison: bool
    undead: bool
    boss: bool
    abilities: tuple[Effect, ...]
    text: str
    armour: int = 0          # derived from an ``armour`` ability
    extra_damage: int = 0    # derived from an ``extra_damage`` ability
    heal_on_hit: int = 0     # derived from a ``heal_on_hit`` ability


@dataclass(frozen=True, slots=True)
class Monster:
    id: str
    index: int
    sides: tuple[MonsterSide, MonsterSide]   # 0 green (standard), 1 purple (guardian)
    provenance: str


class HasAbilities:
    """What items and characters share: their abilities, looked up by power name."""

    __slots__ = ()
    abilities: tuple[Effect, ...]

    def ability(self, name: str) -> Effect | None:
        for e in self.abilities:
            if e.do == name:
                return e
        return None


@dataclass(frozen=True, slots=True)
class Item(HasAbilities):
    id: str              # unique per copy: the entry's id, then "-2", "-3" ... for more copies
    index: int           # copy index
    entry: str           # the entry's id in items.toml
    name: str
    slot: str
    ap: int
    single_use: bool
    spell: bool
    potion: bool
    attack: str          # "fight", "ranged" or "" (no attack)
    range_min: int
    range_max: int
    damage_dice: int
    combat_dice: int
    combat_modifier: int
    armour: int
    tags: frozenset[str]
    abilities: tuple[Effect, ...]
    text: str
    provenance: str
    powers: frozenset[str] = frozenset()   # derived: the ``do`` names of its abilities


@dataclass(frozen=True, slots=True)
class Character(HasAbilities):
    id: str
    index: int
    name: str
    health: int
    ap: int
    dice: int
    modifier: int
    abilities: tuple[Effect, ...]
    text: str
    provenance: str
    powers: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class Seed:
    id: str
    index: int
    name: str
    power: str
    text: str
    provenance: str


@dataclass(frozen=True, slots=True)
class Boss:
    """Morna Gûl (CF-073)."""

    name: str
    health: int
    dice: int
    modifier: int
    move_dice: int
    regenerate: int
    run_past_damage: int
    text: str
    provenance: str


@dataclass(frozen=True, slots=True)
class Spiders:
    """The web's spiders (CF-062)."""

    health: int          # each spider
    dice: int            # they attack together with this many dice + their number
    count_dice: int      # how many dice say how many drop
    text: str
    provenance: str


@dataclass(frozen=True, slots=True)
class CursedForestContent:
    id: str
    version: str
    name: str
    tiles: tuple[Tile, ...]          # every physical tile, Start and Exit included
    start: int                       # index of the Start tile
    exit: int                        # index of the Exit tile
    monsters: tuple[Monster, ...]
    items: tuple[Item, ...]          # every physical item copy
    characters: tuple[Character, ...]
    seeds: tuple[Seed, ...]
    morna: Boss
    spiders: Spiders
    tokens: dict[str, int]
    character_by_id: dict[str, int]
    seed_by_id: dict[str, int]
    seed_by_power: dict[str, int]
    # the pack's fingerprint (woodlands.engine.content.fingerprint_of), set when it is loaded
    fingerprint: str = ""
