"""8. Ranged Attacks (CF-028..CF-030; ruling C-10) and the Black Flame (CF-100), the Crossbow
(CF-101), Sirja's twin crossbows (CF-047)."""
from __future__ import annotations

from .combat import start_fight
from .forest import here, joined, tile_of
from .inventory import discard
from .monsters import reveal, side_of
from .state import NO_MONSTER, TOKEN, CursedForestState


def line(s: CursedForestState, p: int, d: int) -> list[int]:
    """C-10: the tiles in a straight line from ``p`` towards ``d``, each joined to the one before
    by an open–open edge; index 0 is the tile in front (range 1).  Adventurers never block."""
    out = []
    q = joined(s, p, d)
    while q >= 0:
        out.append(q)
        q = joined(s, q, d)
    return out


def in_sight(s: CursedForestState, p: int, target: int, range_min: int, range_max: int) -> bool:
    """CF-028: a straight line of sight and a distance within the weapon's range."""
    for d in range(4):
        tiles = line(s, p, d)
        if target in tiles:
            dist = tiles.index(target) + 1
            return range_min <= dist <= range_max
    return False


def targets(s: CursedForestState, a: int, range_min: int, range_max: int) -> list[tuple[int, int, int]]:
    """``(direction, distance, tile)`` of every monster (token or revealed) a shot could reach.
    CF-021: never the shooter's own tile."""
    p = here(s, a)
    out = []
    for d in range(4):
        for k, q in enumerate(line(s, p, d)):
            dist = k + 1
            if dist > range_max:
                break
            if dist >= range_min and s.tile_monster[q] != NO_MONSTER:
                out.append((d, dist, q))
    return out


def shoot(s: CursedForestState, a: int, q: int, dice: int, items: list[int]) -> None:
    """CF-029: roll the damage and take it off the monster (drawn first if still a token)."""
    if s.tile_monster[q] == TOKEN and not reveal(s, q, a):
        return
    m = s.tile_monster[q]
    ms = side_of(s, m, s.tile_side[q])
    total = 0
    for it in items:
        for _ in range(dice):
            v = s.rng.below(6) + 1
            dmg = v
            six = s.content.items[it].ability("crossbow_six")
            if six is not None and v == 6:
                dmg = six.get("damage")
                never = "crossbow_never_breaks" in s.content.characters[s.char[a]].powers
                if six.get("breaks") and not never:
                    discard(s, a, it, "the crossbow broke on its killer shot (CF-101)")
            s.emit("roll", adventurer=a, why="ranged damage", value=v, damage=dmg)
            total += dmg
    s.tile_damage[q] += total
    health = ms.health - s.tile_damage[q]
    s.emit("ranged_hit", adventurer=a, monster=s.content.monsters[m].id, tile=list(s.place_pos[q]),
           damage=total, health=max(0, health))
    if health <= 0:
        from .fight_end import kill
        kill(s, a, m, s.tile_side[q], q)
        return
    run_at(s, a, q)


def run_at(s: CursedForestState, a: int, q: int) -> None:
    """CF-030: the monster runs straight at the shooter, striking one die at anyone on the way,
    then fights; someone already on the shooter's tile becomes the tag partner."""
    p = here(s, a)
    m = s.tile_monster[q]
    side = s.tile_side[q]
    path: list[int] = []
    for d in range(4):
        tiles = line(s, p, d)
        if q in tiles:
            path = tiles[:tiles.index(q)]
    poisonous = side_of(s, m, side).poison
    for t in reversed(path):
        for b in range(s.n):
            if s.pos[b] == s.place_pos[t]:
                from .combat import hurt
                v = s.rng.below(6) + 1
                s.emit("roll", adventurer=b, why="struck by a running monster", value=v)
                health, lives = s.health[b], s.lives[b]
                hurt(s, b, v, direct=False, source="monster")
                # CF-036: hurt by a monster with the poison symbol (a fallen adventurer is cured, not poisoned)
                if poisonous and s.health[b] < health and s.lives[b] == lives:
                    from .poison import poison
                    poison(s, b, "monster")
    damage = s.tile_damage[q]
    s.tile_monster[q] = NO_MONSTER
    s.tile_damage[q] = 0
    s.tile_monster[p] = m
    s.tile_side[p] = side
    s.tile_damage[p] = damage
    s.emit("runs_at", monster=s.content.monsters[m].id, source=list(s.place_pos[q]), to=list(s.place_pos[p]))
    start_fight(s, a, "monster", p, m, side, health=side_of(s, m, side).health - damage)
    others = [b for b in range(s.n) if b != a and s.pos[b] == s.place_pos[p]]
    if others and s.pos[a] is not None:
        s.push("choose_partner", a)


def flame(s: CursedForestState, a: int, d: int, dice: int) -> None:
    """CF-100: the flame runs along the line until a closed edge, or the pit (which it reaches).
    One roll of the dice, and that damage to all on every tile it touches: monsters, the other
    adventurers and Morna Gûl alike (C-20)."""
    from .combat import hurt
    p = here(s, a)
    touched = []
    for q in line(s, p, d):
        touched.append(q)
        if tile_of(s, q).kind == "pit":
            break
    s.emit("black_flame", adventurer=a, tiles=[list(s.place_pos[q]) for q in touched])
    v = sum(s.rng.below(6) + 1 for _ in range(dice))
    s.emit("roll", adventurer=a, why="black flame", value=v)
    survivor = -1
    for q in touched:
        if s.tile_monster[q] != NO_MONSTER and reveal(s, q, a):
            m = s.tile_monster[q]
            ms = side_of(s, m, s.tile_side[q])
            s.tile_damage[q] += v
            s.emit("ranged_hit", adventurer=a, monster=s.content.monsters[m].id, tile=list(s.place_pos[q]),
                   damage=v, health=max(0, ms.health - s.tile_damage[q]))
            if ms.health - s.tile_damage[q] <= 0:
                from .fight_end import kill
                kill(s, a, m, s.tile_side[q], q)
            elif survivor < 0:
                survivor = q
        for b in range(s.n):
            if b != a and s.pos[b] == s.place_pos[q]:
                hurt(s, b, v, direct=False, source="black flame")
        if s.morna_at == q:
            s.morna_health = max(0, s.morna_health - v)
            s.emit("ranged_hit", adventurer=a, monster="morna-gul", tile=list(s.place_pos[q]),
                   damage=v, health=s.morna_health)
            if s.morna_health == 0:
                from .endgame import morna_slain
                morna_slain(s, a)
                return
    if survivor >= 0 and s.pos[a] is not None:
        run_at(s, a, survivor)   # our reading: the nearest survivor runs at the caster
