"""9. Winning and Losing Fights (CF-031, CF-032; CF-035 the partner finishes the fight; CF-085
the ring heals on a kill; CF-096 a defeated adventurer hands over a kill)."""
from __future__ import annotations

from .combat import end_fight, start_fight
from .inventory import draw_item
from .monsters import side_of
from .poison import cure
from .state import EMPTY, NO_MONSTER, CursedForestState


def items_for(start_health: int) -> int:
    """CF-031: health 6–9 gives one item, 10 or more two, less nothing."""
    return 2 if start_health >= 10 else 1 if start_health >= 6 else 0


def win_fight(s: CursedForestState, a: int) -> None:
    kind = s.f_kind
    partner = s.f_partner
    if kind == "spiders":
        s.emit("spiders_beaten", adventurer=a)
        end_fight(s)
        return
    m, p, side = s.f_monster, s.f_tile, s.f_side
    queue = s.f_queue[:]
    end_fight(s)
    if queue:   # CF-065: the pit's monsters are fought one after the other
        start_fight(s, a, "monster", p, queue[0], s.monster_side[queue[0]], noescape=True)   # C-17
        s.f_queue = queue[1:]
    kill(s, a, m, side, p, partner)


def kill(s: CursedForestState, a: int, m: int, side: int, p: int, partner: int = -1) -> None:
    """CF-031: the monster's token beside the card (its starting health counts for the
    champion, CF-077) and one or two items from the bag."""
    start = side_of(s, m, side).health
    s.kills[a].append(start)
    s.monster_gone.append(m)
    if p >= 0 and s.tile_monster[p] == m:
        s.tile_monster[p] = NO_MONSTER
        s.tile_damage[p] = 0
    s.emit("kill", adventurer=a, monster=s.content.monsters[m].id, name=side_of(s, m, side).name,
           health=start, tally=sum(s.kills[a]))
    if a == s.ring:
        ring_heal(s, a)
    for _ in range(items_for(start)):
        i = draw_item(s)
        if i >= 0:
            s.push("stow_item", a, i, partner)


def ring_heal(s: CursedForestState, a: int) -> None:
    """CF-085: the ring bearer regains 2 health for every kill."""
    before = s.health[a]
    s.health[a] = min(s.max_health[a], s.health[a] + 2)
    s.emit("heal", adventurer=a, amount=s.health[a] - before, source="ring")


def lose_life(s: CursedForestState, a: int, source: str) -> None:
    """CF-032: a life lost; everything carried (seeds too) stays on the tile; back to the Start
    healed and cured; the turn is over.  No lives left: out of the game."""
    xy = s.pos[a]
    assert xy is not None
    p = s.grid[xy]
    s.lives[a] -= 1
    dropped = []
    for i in s.inv[a]:
        if i >= 0 and i not in dropped:
            dropped.append(i)
    dropped += s.extras[a]
    s.tile_items[p].extend(dropped)
    for i in dropped:
        if i not in s.shown:
            s.shown.append(i)
    s.tile_seeds[p].extend(s.seeds[a])
    seeds = [s.content.seeds[k].id for k in s.seeds[a]]
    s.seeds[a] = []
    s.extras[a] = []
    cure(s, a, "death")
    s.inv[a] = [EMPTY] * 5
    s.health[a] = s.max_health[a]
    out = s.lives[a] <= 0
    s.pos[a] = None if out else s.place_pos[0]
    s.emit("death", adventurer=a, source=source, lives=s.lives[a], out=out, tile=list(xy),
           items=[s.content.items[i].id for i in dropped], seeds=seeds)
    if source == "morna":
        from .endgame import morna_regenerates
        morna_regenerates(s)
    if a == s.turn:
        s.turn_over = True
    if s.f_kind:
        fight_after_death(s, a)
    from .winning import check_all_out
    check_all_out(s)


def fight_after_death(s: CursedForestState, a: int) -> None:
    if a == s.f_partner:
        s.f_partner = -1
        return
    if a == s.f_opponent:   # section 21: the defender falls; the attacker wins
        give_kill(s, a, s.f_adv)
        end_fight(s)
        return
    if a != s.f_adv:
        return
    b = s.f_partner
    if b >= 0 and s.pos[b] is not None:
        # CF-035: the partner completes the fight, with no escape and no tag
        s.f_adv, s.f_partner, s.f_noescape = b, -1, True
        s.emit("partner_takes_over", adventurer=b)
        return
    if s.f_kind == "pvp":
        give_kill(s, a, s.f_opponent)
    if s.f_kind == "monster" and s.f_tile >= 0 and s.tile_monster[s.f_tile] == s.f_monster:
        s.tile_damage[s.f_tile] = 0     # CF-032: the monster will be at full health again
    elif s.f_kind == "monster":         # CF-065: monsters of the pit stay in the pit
        s.pit_monsters.extend([s.f_monster] + s.f_queue)
        s.emit("pit_keeps", monsters=len(s.pit_monsters))
    end_fight(s)


def give_kill(s: CursedForestState, loser: int, victor: int) -> None:
    """CF-094, CF-096: one kill (the lowest) passes to the other adventurer, if there is one."""
    if s.kills[loser] and victor >= 0:
        k = min(s.kills[loser])
        s.kills[loser].remove(k)
        s.kills[victor].append(k)
        s.emit("kill_given", source=loser, to=victor, health=k)
