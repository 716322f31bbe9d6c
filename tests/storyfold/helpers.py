"""Building exact Storyfold situations for the rules tests.

Every rules test uses the small pack in ``tests/storyfold/pack`` (its card ids say what each card
is for), never the default pack.  A *situation* is a started game whose position we overwrite by
hand (River, decks, tracks, dice ...) and whose step stack we replace with the steps we want to
run (by default a Luma Phase of the chosen scene).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable

import woodlands
from tests.support import ScriptedRng
from woodlands.engine.eventlog import AppendLog
from woodlands.engine.steps import push_in_order
from woodlands.games.storyfold import state as S
from woodlands.games.storyfold.state import StoryfoldState

PACK = Path(__file__).resolve().parent / "pack"
GAME = woodlands.load_game("storyfold", content=PACK)
C = GAME.content


def cid(card_id: str) -> int:
    return C.card_by_id[card_id]


def river_of(*names: str | None) -> list[int]:
    """A River from card ids (None: an empty space), padded to 7 spaces."""
    out = [-1 if n is None else cid(n) for n in names]
    return out + [-1] * (7 - len(out))


def names(cards: Iterable[int]) -> list[str | None]:
    return [None if c < 0 else C.cards[c].id for c in cards]


def situation(steps: Iterable[str | tuple[Any, ...]] = (), *, scene: str = "scene-locations",
              river: Iterable[str | None] = ("light", "help", "explore", "heal"), seed: int = 1,
              crystals: dict[str, int] | None = None, visited: Iterable[str] = (),
              options: dict[str, Any] | None = None, halt: bool = True, **fields: Any) -> StoryfoldState:
    """A game positioned by hand, then advanced through ``steps``; it then stops at a Luma Phase
    choice (``halt``), unless the steps stopped earlier at a decision of their own.

    Unless given: every deck and pile is empty, the River holds the four Action cards in order,
    no Crystals, full Spirit, five d8 unused, the scene's markers on their start spaces, Luma and
    Brom on their first sides, phase "luma".  The log holds only what happens from here on.
    """
    s: StoryfoldState = GAME.new_game(seed=seed, options=options or {})   # type: ignore[assignment]
    s.stack.clear()
    s.pending = None
    s.decision = None
    s._log = AppendLog()
    for name in ("shadow_deck", "shadow_discard", "explore_deck", "explore_discard", "creature_deck",
                 "creature_discard", "chapter_deck", "drawn", "boons", "stunned", "rolled", "flags",
                 "uses_this_chapter"):
        setattr(s, name, [])
    sc = C.scene_by_id[scene]
    s.scene = sc
    s.chapter = C.scenes[sc].chapter
    s.light = C.scenes[sc].light_start
    s.shadow = C.scenes[sc].shadow_start
    s.visited = [loc.id in set(visited) for loc in C.scenes[sc].locations]
    s.river = river_of(*river)
    s.crystals = [0, 0, 0, 0]
    for name, n in (crystals or {}).items():
        s.crystals[C.actions.index(cid(name))] = n
    s.dice = [8] * 5
    s.dice_used = [False] * 5
    s.faces = [0] * 5
    s.spirit_pos = 1
    s.phase = "luma"
    s.luma_side = s.brom_side = 0
    s.brom_present = True
    s.healed = 0
    s.action = -1
    s.scene_done = False
    for key, value in fields.items():
        if not hasattr(s, key):
            raise AttributeError(key)
        if isinstance(value, tuple) and key not in ():
            value = list(value)
        setattr(s, key, value)
    s.push("scene_floor")
    if halt:   # a step that always asks: the situation stops there once its steps are done
        s.push("luma_turn")
    push_in_order(s.stack, [st if isinstance(st, tuple) else (st,) for st in steps])
    if s.stack:
        s.advance()
    return s


def rig(s: StoryfoldState, *faces: int) -> None:
    """The next dice rolled show these faces, in die order."""
    s.rng = ScriptedRng(s.rng.state, list(faces), frozenset({8, 10, 12}))


def ids(s: StoryfoldState) -> list[str]:
    return [] if s.decision is None else s.decision.ids


def kind(s: StoryfoldState) -> str | None:
    return None if s.decision is None else s.decision.kind


def events(s: StoryfoldState, type_: str | None = None) -> list[dict[str, Any]]:
    return [e for e in s.log if type_ is None or e["type"] == type_]


def play(s: StoryfoldState, *choices: str) -> StoryfoldState:
    for c in choices:
        s.apply(c)
    return s


def act(s: StoryfoldState, choice: str, roll: str, *faces: int, then: Iterable[str] = ("resolve",)) -> StoryfoldState:
    """Choose an action, rig the dice and roll; then the after-roll choices (if asked)."""
    s.apply(choice)
    rig(s, *faces)
    s.apply(roll)
    for c in then:
        if kind(s) == "after_roll":
            s.apply(c)
    return s


def snapshot(s: StoryfoldState) -> dict[str, Any]:
    snap = {name: getattr(s, name) for name in S._LISTS + S._SCALARS}
    snap = {k: (list(v) if isinstance(v, list) else v) for k, v in snap.items()}
    snap.update(stack=list(s.stack), pending=s.pending, decision=s.decision, rng=s.rng.state,
                log=s.log_length, choices=s.choices, over=s.is_over)
    return snap
