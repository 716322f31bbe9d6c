"""15. Endgame (CF-067..CF-075; ruling C-11): the Maiden Tree, Morna Gûl's arrival and hunt, his
strike on those who run past, the Maiden Tree's rescue, and laying the seeds on the red vines."""
from __future__ import annotations

from typing import Any

from collections import deque

from ...engine.decision import Option
from .actions import handles, offers
from .combat import end_fight, hurt, start_fight
from .forest import here, joined, tile_of
from .model import EDGES
from .poison import cure
from .registry import steps
from .state import NO_MONSTER, CursedForestState


def bearers(s: CursedForestState) -> list[int]:
    return [a for a in range(s.n) if s.pos[a] is not None and s.seeds[a]]


@steps.auto("maiden_check")
def maiden_check(s: CursedForestState) -> None:
    """CF-069, CF-070: once every seed bearer waits on the Exit, the Maiden Tree clears the
    forest of monsters and poison, and Morna Gûl appears on the Start tile.  Our reading: with
    no seed bearer at all the wait is over at once."""
    if s.phase != "maiden" or s.f_kind:
        return
    exit_p = next((p for p in range(len(s.placed)) if s.placed[p] == s.content.exit), -1)
    if exit_p < 0:
        return
    if any(s.pos[a] != s.place_pos[exit_p] for a in bearers(s)):
        return
    removed = 0
    for p in range(len(s.placed)):
        if s.tile_monster[p] != NO_MONSTER:
            if s.tile_monster[p] >= 0:
                s.monster_gone.append(s.tile_monster[p])
            removed += 1
            s.tile_monster[p] = NO_MONSTER
            s.tile_damage[p] = 0
    s.monster_gone.extend(s.pit_monsters)
    removed += len(s.pit_monsters)
    s.pit_monsters = []
    for a in range(s.n):
        if s.pos[a] is not None:
            cure(s, a, "the Maiden Tree")
    s.phase = "hunt"
    s.morna_at = 0
    s.morna_health = s.content.morna.health
    s.emit("maiden_tree", monsters_removed=removed)
    s.emit("morna_appears", tile=list(s.place_pos[0]), health=s.morna_health)


@offers("turn")
def offer_endgame(s: CursedForestState, a: int) -> list[Option]:
    if s.phase != "hunt":
        return []
    p = here(s, a)
    opts = []
    if s.morna_at == p:
        opts.append(Option.of("fight-morna", label=f"Attack {s.content.morna.name} (no tag, no escape)"))
    if tile_of(s, p).kind == "red-vine" and s.tile_vine[p] < 0 and s.ap[a] >= 2:
        for k in s.seeds[a]:
            opts.append(Option.of("place-seed", s.content.seeds[k].id, label=f"Lay the seed {s.content.seeds[k].name} on the red vines (2 AP)",
                                  data={"ap": 2}))
    return opts


@handles("fight-morna")
def fight_morna(s: CursedForestState, a: int, args: list[str]) -> None:
    start_fight(s, a, "morna", here(s, a), health=s.morna_health, noescape=True)


@handles("place-seed")
def place_seed(s: CursedForestState, a: int, args: list[str]) -> None:
    """CF-071: 2 AP; CF-073: Morna Gûl loses a combat die for each seed laid."""
    k = s.content.seed_by_id[args[0]]
    s.ap[a] -= 2
    s.seeds[a].remove(k)
    p = here(s, a)
    s.tile_vine[p] = k
    s.seeds_laid += 1
    s.emit("seed_laid", adventurer=a, seed=args[0], laid=s.seeds_laid, tile=list(s.place_pos[p]))
    from .winning import check_seeds_win
    check_seeds_win(s)


def run_past_strike(s: CursedForestState, a: int) -> bool:
    """CF-074: leaving Morna Gûl's tile costs his strike, ordinary damage that armour and
    shields reduce (C-19: only "direct damage" passes them, CF-025); if any got through, the
    Maiden Tree may then lift the adventurer away instead (CF-075).  True if the move goes on."""
    lives = s.lives[a]
    hurt(s, a, s.content.morna.run_past_damage, direct=False, source="morna")
    return s.lives[a] == lives


@steps.ask("maiden_call", kind="maiden_call", rule="15. Endgame, CF-075")
def ask_maiden(s: CursedForestState, a: int) -> tuple[str, list[Option], dict[str, Any]] | None:
    if s.pos[a] is None or s.f_kind != "morna":
        return None
    return ("Morna Gûl has hurt you. Call the Maiden Tree?", rescue_options(s, a, "Fight on"),
            {"adventurer": a, "ran_past": False, "health": s.health[a]})


def rescue_options(s: CursedForestState, a: int, stay: str) -> list[Option]:
    """CF-075: stay, or be lifted by the Maiden Tree's roots to a tile joined to this one."""
    p = here(s, a)
    opts = [Option.of("maiden", "stay", label=stay)]
    for d in range(4):
        if joined(s, p, d) >= 0:
            opts.append(Option.of("maiden", EDGES[d], label=f"Call the Maiden Tree: her roots lift you {EDGES[d]} (ends the turn)"))
    return opts


def rescue_to(s: CursedForestState, choice: str, a: int) -> int:
    """The tile the roots lift adventurer ``a`` to (told in the log); the caller moves it."""
    q = joined(s, here(s, a), EDGES.index(choice.split(":")[1]))
    s.emit("maiden_rescue", adventurer=a, to=list(s.place_pos[q]))
    return q


@steps.answer("maiden_call")
def answer_maiden(s: CursedForestState, choice: str, a: int) -> None:
    if choice == "maiden:stay":
        return
    q = rescue_to(s, choice, a)
    end_fight(s)
    s.pos[a] = s.place_pos[q]


@steps.ask("maiden_call_run", kind="maiden_call", rule="15. Endgame, CF-074, CF-075")
def ask_maiden_run(s: CursedForestState, a: int) -> tuple[str, list[Option], dict[str, Any]] | None:
    """After the strike of running past him: go on with the move, or be lifted away (turn over)."""
    if s.pos[a] is None:
        return None
    return ("Morna Gûl struck you as you ran past. Call the Maiden Tree?", rescue_options(s, a, "Run on"),
            {"adventurer": a, "ran_past": True, "health": s.health[a]})


@steps.answer("maiden_call_run")
def answer_maiden_run(s: CursedForestState, choice: str, a: int) -> None:
    if choice == "maiden:stay":
        return
    q = rescue_to(s, choice, a)
    s.pos[a] = s.place_pos[q]
    s.turn_over = True


def route(s: CursedForestState, source: int, target: int) -> list[int]:
    """A shortest path of placed tiles from ``source`` to ``target`` (C-11), excluding ``source``;
    ties broken by direction order N, E, S, W."""
    prev = {source: -1}
    todo = deque([source])
    while todo:
        t = todo.popleft()
        if t == target:
            break
        for d in range(4):
            u = joined(s, t, d)
            if u >= 0 and u not in prev:
                prev[u] = t
                todo.append(u)
    if target not in prev:
        return []
    path = []
    t = target
    while t != source:
        path.append(t)
        t = prev[t]
    return path[::-1]


@steps.auto("morna_hunts")
def morna_hunts(s: CursedForestState) -> None:
    """CF-072, CF-073, C-11: 2d6 steps by a shortest path towards the nearest seed bearer (ties:
    lowest number; our reading: with no bearer left, the nearest adventurer); a non-bearer met on
    the way is attacked instead."""
    if s.phase != "hunt" or s.morna_at < 0 or s.over:
        return
    hunted = bearers(s) or [a for a in range(s.n) if s.pos[a] is not None]
    best = None
    for a in hunted:
        path = route(s, s.morna_at, s.grid[s.pos[a]])  # type: ignore[index]
        if s.grid[s.pos[a]] == s.morna_at:  # type: ignore[index]
            path = []
            best = (0, a, path)
            break
        if path and (best is None or len(path) < best[0]):
            best = (len(path), a, path)
    if best is None:
        s.emit("morna_waits")
        return
    steps_allowed = sum(s.rng.below(6) + 1 for _ in range(s.content.morna.move_dice))
    s.emit("roll", why="Morna Gûl moves", value=steps_allowed)
    _, target, path = best
    victim = target if not path else -1
    walked = 0
    start = s.morna_at
    for t in path:
        if walked == steps_allowed:
            break
        walked += 1
        s.morna_at = t
        met = [b for b in range(s.n) if s.pos[b] == s.place_pos[t] and not s.seeds[b]]
        if met and t != s.grid[s.pos[target]]:  # type: ignore[index]
            victim = met[0]
            break
        if t == s.grid[s.pos[target]]:  # type: ignore[index]
            victim = target
            break
    s.emit("morna_moves", to=list(s.place_pos[s.morna_at]), steps=walked,
           attacks=victim if victim >= 0 else None, path=[list(s.place_pos[t]) for t in path[:walked]],
           **{"from": list(s.place_pos[start])})
    if victim >= 0:
        start_fight(s, victim, "morna", s.morna_at, health=s.morna_health, noescape=True)


def morna_regenerates(s: CursedForestState) -> None:
    """CF-073: 5 health back for every kill, never above his starting health."""
    before = s.morna_health
    s.morna_health = min(s.content.morna.health, s.morna_health + s.content.morna.regenerate)
    s.emit("morna_regenerates", amount=s.morna_health - before, health=s.morna_health)


def morna_slain(s: CursedForestState, a: int) -> None:
    s.kills[a].append(s.content.morna.health)
    s.emit("kill", adventurer=a, monster="morna-gul", name=s.content.morna.name, health=s.content.morna.health,
           tally=sum(s.kills[a]))
    s.morna_at = -1
    end_fight(s)
    from .winning import win
    win(s, "morna")
