"""Player words the rules modules share in prompts and labels: who an adventurer is (its
character's name, CF-005), and the inventory spaces in plain words."""
from __future__ import annotations

from .state import CursedForestState

#: an inventory space (as in option ids and the view) in player words
SPACE_WORDS = {"hand1": "hand 1", "hand2": "hand 2", "hands": "both hands", "boots": "the boots space",
               "armour": "the armour space", "backpack": "the backpack", "beside": "beside the card"}


#: a tile's kind in player words (a prompt says what a drawn tile is before you lay it)
KIND_WORDS = {"start": "the start", "exit": "the Exit", "path": "a plain path", "gateway": "a plain path",
              "monster": "a monster lair", "brood-seed": "brood seed roots", "red-vine": "red vines, poisonous",
              "web": "a web", "pit": "a pit", "swamp": "a swamp", "bone-yard": "a bone yard"}


def who(s: CursedForestState, a: int) -> str:
    """Adventurer ``a`` by its character's first name, as the narration calls it ("Adventurer 2"
    until it has chosen one)."""
    c = s.char[a] if 0 <= a < len(s.char) else -1
    return s.content.characters[c].name.split()[0] if c >= 0 else f"Adventurer {a + 1}"


def space_words(space: str) -> str:
    return SPACE_WORDS.get(space, space)
