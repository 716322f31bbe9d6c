"""11. Poisons and Cures (CF-036..CF-039; CF-053 Athuil; CF-069 the Maiden Tree's cure)."""
from __future__ import annotations

from typing import Any

from ...engine.decision import Option
from .inventory import item, take_out
from .registry import steps
from .state import EMPTY, POISON, CursedForestState

# where a new poison token goes first: the spaces a player misses least (CF-037 lets them move it)
POISON_ORDER = (4, 3, 2, 1, 0)


def immune(s: CursedForestState, a: int) -> bool:
    """Athuil's bearer (CF-053) and everyone once the Maiden Tree has spoken (CF-069)."""
    if s.phase == "hunt":
        return True
    athuil = s.content.seed_by_power.get("cure-and-immunity", -1)
    return athuil in s.seeds[a]


def poison(s: CursedForestState, a: int, source: str) -> None:
    """A poison token on an empty space; at most once per turn (CF-038)."""
    if s.pos[a] is None or immune(s, a) or s.poisoned_on[a] == s.turn_no:
        return
    s.poisoned_on[a] = s.turn_no
    inv = s.inv[a]
    for k in POISON_ORDER:
        if inv[k] == EMPTY:
            inv[k] = POISON
            s.emit("poisoned", adventurer=a, source=source, tokens=inv.count(POISON))
            return
    if all(x == POISON for x in inv):
        s.emit("poisoned", adventurer=a, source=source, tokens=5, note="no space left for another token")
        return
    s.push("poison_replace", a)   # CF-037: every space full: an item makes way and is dropped


@steps.ask("poison_replace", kind="poison_replace", rule="11. Poisons and Cures, CF-037", auto=True)
def ask_replace(s: CursedForestState, a: int) -> tuple[str, list[Option], dict[str, Any]] | None:
    if s.pos[a] is None:
        return None
    seen: list[int] = []
    for x in s.inv[a]:
        if x >= 0 and x not in seen:
            seen.append(x)
    return ("Poisoned with no empty space: which item makes way (it is dropped here)?",
            [Option.of("poison-drop", item(s, i).id, label=f"Drop {item(s, i).name}") for i in seen],
            {"adventurer": a})


@steps.answer("poison_replace")
def answer_replace(s: CursedForestState, choice: str, a: int) -> None:
    uid = choice.split(":", 1)[1]
    i = next(it.index for it in s.content.items if it.id == uid)
    k = s.inv[a].index(i)
    take_out(s, a, i)
    s.inv[a][k] = POISON
    s.tile_items[s.grid[s.pos[a]]].append(i)  # type: ignore[index]
    if i not in s.shown:
        s.shown.append(i)
    s.emit("poisoned", adventurer=a, source="no space", dropped=uid, tokens=s.inv[a].count(POISON))


def cure(s: CursedForestState, a: int, source: str) -> None:
    inv = s.inv[a]
    n = inv.count(POISON)
    if not n:
        return
    for k in range(5):
        if inv[k] == POISON:
            inv[k] = EMPTY
    s.emit("cured", adventurer=a, source=source, tokens=n)


def is_poisoned(s: CursedForestState, a: int) -> bool:
    return POISON in s.inv[a]
