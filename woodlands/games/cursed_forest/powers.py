"""The named powers content may give items, characters and monsters.

Each power is declared once: its parameters (a pydantic model, checked when a pack loads), the
timings it may use and the kinds of entry that may carry it (``WHERE``).  The rules modules act
on them by name (combat, ranged attacks, items, special tiles); the functions below only
document them (their docstrings are the reference in docs/cursed-forest-content.md).
"""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from .registry import effects


class _P(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Amount(_P):
    amount: int = Field(ge=0, le=20)


class HealP(_P):
    amount: int = Field(default=0, ge=0, le=20)   # 0: back to full health
    cure: bool = True                             # CF-039: a healing item cures poison


class Dice(_P):
    dice: int = Field(ge=1, le=4)


class SixP(_P):
    damage: int = Field(default=12, ge=1, le=30)
    breaks: bool = True


class Bonus(_P):
    bonus: int = Field(default=5, ge=1, le=10)


class Success(_P):
    success_min: int = Field(ge=1, le=6)


class AgainstP(_P):
    amount: int = Field(ge=-10, le=10)
    against: Literal["any", "undead", "poison", "boss", "spiders"] = "any"


class ApP(_P):
    ap: int = Field(default=1, ge=0, le=6)


class NoP(_P):
    pass


# power name -> the kinds of entry that may carry it
WHERE: dict[str, frozenset[str]] = {}


def _where(name: str, *kinds: str) -> None:
    WHERE[name] = frozenset(kinds)


@effects.primitive("heal", params=HealP, whens=("use",))
def heal(*_: object) -> None:
    """Restore `amount` health (0: to full, never above the character's maximum) and, unless
    `cure = false`, remove every poison token: a healing item cures poison (CF-039)."""


@effects.primitive("cure_poison", params=ApP, whens=("use",))
def cure_poison(*_: object) -> None:
    """Remove every poison token from yourself or another adventurer on your tile, for `ap`
    action points (a character able to cure, CF-039; on an item the item's own AP is used)."""


@effects.primitive("line_blast", params=Dice, whens=("use",))
def line_blast(*_: object) -> None:
    """Black Flame (CF-100): pick a direction; the flame runs from your tile's neighbour along
    the row or column while each step crosses an open–open edge, and stops at the pit (which it
    touches) or a closed edge.  Every monster and adventurer on each tile touched takes `dice`
    dice of damage; unrevealed monsters there are drawn first."""


@effects.primitive("crossbow_six", params=SixP, whens=("ranged",))
def crossbow_six(*_: object) -> None:
    """A damage roll of 6 deals `damage` instead, and the item breaks (is discarded) when
    `breaks`, unless its wielder never breaks crossbows (CF-101)."""


@effects.primitive("reroll_monster_dice", whens=("fight",))
def reroll_monster_dice(*_: object) -> None:
    """Once per fight, after a round's roll, re-roll the monster's dice and use the new result
    (the Crow, CF-102)."""


@effects.primitive("halve_monster_health", whens=("fight",))
def halve_monster_health(*_: object) -> None:
    """In a fight, for the item's AP: the monster keeps half its current health, rounded up;
    no effect on bosses or adventurers (Dragon scent, CF-103)."""


@effects.primitive("jump_tile", whens=("move",))
def jump_tile(*_: object) -> None:
    """Once per turn, for 1 AP, jump over one revealed neighbouring tile to a tile next to it
    (around corners too), ignoring the monsters and special tiles of the tile jumped over
    (Elven Boots, CF-104).  Only active in the boots space."""


@effects.primitive("cross_pit", whens=("passive",))
def cross_pit(*_: object) -> None:
    """Carried, you cross the pit safely; left on the pit's tile it makes the pit safe for
    everyone (Elven Rope, CF-105)."""


@effects.primitive("enchant_weapon", params=Bonus, whens=("fight",))
def enchant_weapon(*_: object) -> None:
    """For the item's AP, at the start of a fight's round: one weapon in your hands gives
    `bonus` more to your combat score for the rest of this fight and is destroyed when the fight
    ends (Enchant, CF-106)."""


@effects.primitive("fish_swamp", params=Success, whens=("use",))
def fish_swamp(*_: object) -> None:
    """On a tile with a swamp token, for the item's AP: roll a die; at `success_min` or more
    draw an item (the swamp is searched and its token removed); below, the item breaks
    (Halfling fishing rod, CF-107)."""


@effects.primitive("combat_bonus", params=AgainstP, whens=("passive",))
def combat_bonus(*_: object) -> None:
    """`amount` more to the combat score in melee against the monsters named by `against`
    (any, undead, poison, boss, spiders)."""


@effects.primitive("armour", params=Amount, whens=("passive",))
def armour(*_: object) -> None:
    """A monster's hide: melee damage it takes is reduced by `amount` (not direct damage)."""


@effects.primitive("extra_damage", params=Amount, whens=("passive",))
def extra_damage(*_: object) -> None:
    """A monster that wins a round deals `amount` more damage."""


@effects.primitive("heal_on_hit", params=Amount, whens=("passive",))
def heal_on_hit(*_: object) -> None:
    """A monster that damages an adventurer regains `amount` health (up to its starting health)."""


@effects.primitive("disarm_traps", params=Success, whens=("passive",))
def disarm_traps(*_: object) -> None:
    """Before the roll for a web or the pit on entering it, roll one die: at `success_min` or
    more the hazard is disarmed for this entry (our reading of Sirja's trap skill in a forest,
    docs/cursed-forest.md)."""


@effects.primitive("crossbow_one_handed", whens=("passive",))
def crossbow_one_handed(*_: object) -> None:
    """Items tagged `crossbow` are active in one hand space (CF-047)."""


@effects.primitive("twin_crossbows", params=ApP, whens=("ranged",))
def twin_crossbows(*_: object) -> None:
    """With two crossbows in hand, fire both at one target for `ap` action points (CF-047)."""


@effects.primitive("crossbow_never_breaks", whens=("passive",))
def crossbow_never_breaks(*_: object) -> None:
    """`crossbow_six` never breaks this character's crossbows (CF-047, CF-101)."""


@effects.primitive("reusable_spells", whens=("passive",))
def reusable_spells(*_: object) -> None:
    """This character's spells are not used up when cast (Thalenor's Magi spells, CF-049)."""


for _name, _kinds in (("heal", ("item",)), ("cure_poison", ("item", "character")), ("line_blast", ("item",)),
                      ("crossbow_six", ("item",)), ("reroll_monster_dice", ("item",)),
                      ("halve_monster_health", ("item",)), ("jump_tile", ("item",)), ("cross_pit", ("item",)),
                      ("enchant_weapon", ("item",)), ("fish_swamp", ("item",)),
                      ("combat_bonus", ("item", "character")), ("armour", ("monster",)),
                      ("extra_damage", ("monster",)), ("heal_on_hit", ("monster",)),
                      ("disarm_traps", ("character",)), ("crossbow_one_handed", ("character",)),
                      ("twin_crossbows", ("character",)), ("crossbow_never_breaks", ("character",)),
                      ("reusable_spells", ("character",))):
    _where(_name, *_kinds)
