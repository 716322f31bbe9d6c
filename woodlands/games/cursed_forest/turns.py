"""3. Using Action Points (CF-008..CF-013) and the order of turns (CF-007, ruling C-8).

A turn is a loop of decisions: the active adventurer picks one action at a time until it ends
the turn, runs out of APs (CF-011; with the option ``free_actions_at_zero_ap``, C-14, when the
player ends it), or a fight ends it (and an escape, with ``escape_ends_turn``, C-13).  Play goes
clockwise, i.e. in adventurer order; after every adventurer has moved, Morna Gûl hunts (CF-072).

C-15: the cap on zero-AP inventory actions per turn (``free_actions_per_turn``) and the round
cap (``turn_limit``) are options for random play, off unless given (``Game.simulation_options``).
"""
from __future__ import annotations

from typing import Any

from ...engine.decision import Option
from .actions import collect, dispatch
from .registry import steps
from .state import CursedForestState


def alive(s: CursedForestState, a: int) -> bool:
    return s.pos[a] is not None


@steps.auto("round_start")
def round_start(s: CursedForestState) -> None:
    limit = s.options.get("turn_limit")
    if limit is not None and s.round_no >= limit:
        from .winning import finish_unfinished
        finish_unfinished(s, limit)
        return
    s.round_no += 1
    s.push("round_end")
    for a in range(s.n - 1, -1, -1):
        s.push("turn_start", a)


@steps.auto("turn_start")
def turn_start(s: CursedForestState, a: int) -> None:
    if not alive(s, a):
        return
    s.turn = a
    s.turn_no += 1
    s.turn_over = False
    s.free_actions = 0
    s.jumped = False
    s.marta_used = False
    s.seed_tried = False
    # CF-033, CF-095: APs promised to a fight on another's turn come off this turn
    s.ap[a] = max(0, s.max_ap[a] - s.tag_debt[a])
    s.tag_debt[a] = 0
    s.emit("turn", adventurer=a, player=s.owner[a], ap=s.ap[a], round=s.round_no)
    s.push("turn_end", a)
    s.push("turn_action", a)
    if s.phase == "maiden":
        s.push("maiden_check")   # a bearer may have fallen since: the wait can be over
    from .forest import frontier_open
    if s.phase == "forest" and s.tile_stack and not frontier_open(s):
        s.push("forest_complete", a)   # our reading: a forest that cannot grow is complete


@steps.ask("turn_action", kind="turn_action", rule="3. Using Action Points, CF-010")
def ask_action(s: CursedForestState, a: int) -> tuple[str, list[Option], dict[str, Any]] | None:
    if s.turn_over or not alive(s, a):
        return None
    if s.ap[a] <= 0 and s.f_kind == "":
        # CF-011: the turn ends when the APs run out.  C-14: the option keeps it open for the
        # free actions (CF-037, CF-040, CF-048) until the player ends it, or none is left.
        if not s.options.get("free_actions_at_zero_ap"):
            return None
        from .inventory import free_inventory_options
        opts = free_inventory_options(s, a)
        if not opts:
            return None
    else:
        opts = collect(s, a, "turn")
    # made once per game and shared (options are immutable); the prompt names the character
    key = ("end-turn", a, s.ap[a], s.char[a])
    made = s.game.memo.get(key)
    if made is None:
        from .names import who
        made = s.game.memo[key] = (f"{who(s, a)}: {s.ap[a]} AP left. What now?",
                                   Option.of("end-turn", label=f"End the turn ({s.ap[a]} AP unused are lost)"
                                             if s.ap[a] else "End the turn", data={"ap_lost": s.ap[a]}))
    prompt: str = made[0]  # type: ignore[index]
    opts.append(made[1])  # type: ignore[index]
    return prompt, opts, {"adventurer": a, "ap": s.ap[a], "max_ap": s.max_ap[a], "phase": s.phase}


@steps.answer("turn_action")
def answer_action(s: CursedForestState, choice: str, a: int) -> None:
    if choice == "end-turn":
        s.turn_over = True
        return
    s.push("turn_action", a)   # come back here once the action (and anything it starts) is done
    dispatch(s, a, choice)


@steps.auto("turn_end")
def turn_end(s: CursedForestState, a: int) -> None:
    """CF-012: APs back to full (they are never carried over); CF-032: wounded monsters heal."""
    if alive(s, a):
        s.ap[a] = s.max_ap[a]
    for p in range(len(s.tile_damage)):
        s.tile_damage[p] = 0
    s.emit("turn_end", adventurer=a)


@steps.auto("round_end")
def round_end(s: CursedForestState) -> None:
    s.push("round_start")
    if s.phase == "hunt":
        s.turn = -1   # nobody's turn: Morna Gûl's prey pays for items from its next turn
        s.push("morna_hunts")


def available_ap(s: CursedForestState, a: int) -> int:
    """APs an adventurer may spend now: its own on its turn; off its turn (a fight it did not
    start, CF-035, CF-095) those of its next turn."""
    if a == s.turn:
        return s.ap[a]
    return max(0, s.max_ap[a] - s.tag_debt[a])


def spend_ap(s: CursedForestState, a: int, n: int) -> None:
    if a == s.turn:
        s.ap[a] -= n
    else:
        s.tag_debt[a] += n


def spend_free_action(s: CursedForestState) -> None:
    s.free_actions += 1


def free_actions_left(s: CursedForestState) -> bool:
    """C-15: no cap unless the option ``free_actions_per_turn`` sets one (bots, simulations)."""
    cap = s.options.get("free_actions_per_turn")
    return cap is None or s.free_actions < cap
