"""2. Set-Up (CF-003..CF-006; rulings C-3, C-8): the Start tile, the shuffled stack, the bags,
each adventurer's character, health, lives and action points."""
from __future__ import annotations

from typing import Any

from ...engine.decision import Option
from ...engine.presentation import plural
from .forest import lay
from .registry import steps
from .state import CursedForestState


@steps.auto("set_up")
def set_up(s: CursedForestState) -> None:
    """The Start tile face up at (0, 0); the Exit aside; every other tile shuffled face down."""
    c = s.content
    lay(s, c.start, (0, 0), 0)
    s.tile_stack = [t.index for t in c.tiles if t.kind not in ("start", "exit")]
    s.rng.shuffle(s.tile_stack)
    s.monster_bag = [m.index for m in c.monsters]
    s.rng.shuffle(s.monster_bag)
    s.item_bag = [i.index for i in c.items]
    s.rng.shuffle(s.item_bag)
    s.emit("shuffle", tiles=len(s.tile_stack), monsters=len(s.monster_bag), items=len(s.item_bag))
    wanted = s.options.get("characters")
    for a in range(s.n):
        if wanted:
            take_character(s, a, c.character_by_id[wanted[a]])
    for a in range(s.n - 1, -1, -1):
        s.push("choose_character", a)


@steps.ask("choose_character", kind="choose_character", rule="2. Set-Up, CF-005", auto=True)
def ask_character(s: CursedForestState, a: int) -> tuple[str, list[Option], dict[str, Any]] | None:
    if s.char[a] >= 0:
        return None
    taken = set(s.char)
    opts = [Option.of("character", ch.id, label=f"{ch.name}: Health {ch.health}, AP {ch.ap}, "
                                                  f"combat {plural(ch.dice, 'die', 'dice')} +{ch.modifier}")
            for ch in s.content.characters if ch.index not in taken]
    if not opts:   # more adventurers than characters: characters may then repeat (our reading)
        opts = [Option.of("character", ch.id, label=ch.name) for ch in s.content.characters]
    return f"Adventurer {a + 1}: choose your character", opts, {"adventurer": a, "seat": s.owner[a]}


@steps.answer("choose_character")
def answer_character(s: CursedForestState, choice: str, a: int) -> None:
    take_character(s, a, s.content.character_by_id[choice.split(":", 1)[1]])


def take_character(s: CursedForestState, a: int, index: int) -> None:
    """CF-005, CF-006: meeple on the Start tile; health and AP cubes on the top spaces."""
    ch = s.content.characters[index]
    s.char[a] = index
    s.max_health[a] = s.health[a] = ch.health
    s.max_ap[a] = s.ap[a] = ch.ap
    s.pos[a] = s.place_pos[0]
    s.emit("character", adventurer=a, player=s.owner[a], character=ch.id, health=ch.health, ap=ch.ap,
           lives=s.lives[a])
