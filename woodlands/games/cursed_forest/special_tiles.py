"""14. Special Tiles and Tokens (CF-051..CF-065): brood seeds, swamps, bone yards, webs and
spiders, web walking, the pit."""
from __future__ import annotations

from typing import Any

from ...engine.decision import Option
from .actions import handles, offers
from .combat import start_fight
from .forest import here, tile_of
from .inventory import carried, draw_item, item, monsters_on
from .monsters import draw_monster
from .poison import cure
from .registry import steps
from .state import CursedForestState

SPIDERS, PIT = 0, 1   # kinds of a fight waiting in ``s.f_pending``


def roll(s: CursedForestState, a: int, why: str) -> int:
    v = s.rng.below(6) + 1
    s.emit("roll", adventurer=a, why=why, value=v)
    return v


def chance(s: CursedForestState, a: int, why: str, then: str, *args: object) -> None:
    """Roll one die for ``a``, then run step ``then`` (which reads ``s.last_roll``).  In between,
    Marta's bearer may roll it again, once per turn (CF-056)."""
    s.last_roll = roll(s, a, why)
    s.push(then, a, *args)
    s.push("marta_offer", a, why)


@steps.ask("marta_offer", kind="reroll", rule="14. Special Tiles, Marta, CF-056")
def ask_marta(s: CursedForestState, a: int, why: str) -> tuple[str, list[Option], dict[str, Any]] | None:
    marta = s.content.seed_by_power.get("reroll-one-die", -1)
    if s.marta_used or marta not in s.seeds[a] or s.pos[a] is None:
        return None
    return (f"You rolled {s.last_roll} to {why}. Roll it again with Marta's help (once a turn)?",
            [Option.of("keep-roll", label=f"Keep the {s.last_roll}"), Option.of("marta", "roll", label="Roll again")],
            {"adventurer": a, "roll": s.last_roll, "why": why})


@steps.answer("marta_offer")
def answer_marta(s: CursedForestState, choice: str, a: int, why: str) -> None:
    if choice == "marta:roll":
        s.marta_used = True
        s.last_roll = roll(s, a, why)


def disarm_then(s: CursedForestState, a: int, what: str, then: str, p: int) -> None:
    """Our reading of Sirja's trap skill in the forest: a web or the pit is a trap to disarm.
    Without the skill, ``then`` runs at once."""
    if s.content.characters[s.char[a]].ability("disarm_traps") is None:
        s.push(then, a, p)
        return
    chance(s, a, f"disarm the {what}", "disarm_result", what, then, p)


@steps.auto("disarm_result")
def disarm_result(s: CursedForestState, a: int, what: str, then: str, p: int) -> None:
    e = s.content.characters[s.char[a]].ability("disarm_traps")
    assert e is not None
    if s.last_roll >= e.get("success_min"):
        s.emit("disarmed", adventurer=a, what=what)
        return
    s.push(then, a, p)


def fight_drawn_monster(s: CursedForestState, a: int, p: int) -> None:
    """Draw a monster onto tile ``p`` and fight it; if it survives it stays on that tile."""
    m, side = draw_monster(s, a)
    if m < 0:
        return
    s.tile_monster[p] = m
    s.tile_side[p] = side
    start_fight(s, a, "monster", p, m, side)


# ------------------------------------------------------------------ brood seeds (CF-051, CF-052)
@offers("turn")
def offer_seed(s: CursedForestState, a: int) -> list[Option]:
    p = here(s, a)
    opts = []
    if s.tile_root[p] >= 0 and not s.seed_tried and not monsters_on(s, p):
        opts.append(Option.of("recover-seed", label=f"Try to free the seed {s.content.seeds[s.tile_root[p]].name} (roll: 2-6)",
                              data={"seed": s.content.seeds[s.tile_root[p]].id, "need": 2}))
    if not monsters_on(s, p):
        for k in s.tile_seeds[p]:
            opts.append(Option.of("pickup-seed", s.content.seeds[k].id, label=f"Take up the seed {s.content.seeds[k].name}"))
    return opts


@handles("recover-seed")
def recover_seed(s: CursedForestState, a: int, args: list[str]) -> None:
    """CF-051: 2-6 the seed is yours; a 1 draws a monster to fight.  Our reading: no AP, once a turn."""
    s.seed_tried = True
    chance(s, a, "free a brood seed", "seed_result", here(s, a))


@steps.auto("seed_result")
def seed_result(s: CursedForestState, a: int, p: int) -> None:
    if s.last_roll >= 2:
        k = s.tile_root[p]
        s.tile_root[p] = -1
        bind_seed(s, a, k)
    else:
        fight_drawn_monster(s, a, p)


@handles("pickup-seed")
def pickup_seed(s: CursedForestState, a: int, args: list[str]) -> None:
    """CF-052: a dropped seed binds to the next adventurer who picks it up."""
    k = s.content.seed_by_id[args[0]]
    s.tile_seeds[here(s, a)].remove(k)
    bind_seed(s, a, k)


def bind_seed(s: CursedForestState, a: int, k: int) -> None:
    s.seeds[a].append(k)
    s.emit("seed", adventurer=a, seed=s.content.seeds[k].id)
    if s.content.seeds[k].power == "cure-and-immunity":   # CF-053
        cure(s, a, "Athuil")
    if s.phase == "maiden":
        s.push("maiden_check")


# ------------------------------------------------------------------ swamps (CF-058..CF-060)
@offers("turn")
def offer_swamp_and_bones(s: CursedForestState, a: int) -> list[Option]:
    p = here(s, a)
    if not s.tile_token[p] or monsters_on(s, p):
        return []
    kind = tile_of(s, p).kind
    if kind == "swamp" and s.ap[a] >= 3:
        return [Option.of("search-swamp", label="Search the swamp (3 AP; 1-3 a monster, 4-6 an item)", data={"ap": 3})]
    if kind == "bone-yard" and s.ap[a] >= 2:
        opts = [Option.of("bone-yard", "heal", label="Rest in the bone yard: cured and healed to full (2 AP, ends the turn)",
                          data={"ap": 2})]
        if len(s.kills[a]) >= 3:
            opts.append(Option.of("bone-yard", "item", label="Trade 3 kills at the bone yard for an item (2 AP, ends the turn)",
                                  data={"ap": 2, "kills": 3}))
        return opts
    return []


@handles("search-swamp")
def search_swamp(s: CursedForestState, a: int, args: list[str]) -> None:
    s.ap[a] -= 3
    p = here(s, a)
    s.tile_token[p] = False
    chance(s, a, "search the swamp", "swamp_result", p)


@steps.auto("swamp_result")
def swamp_result(s: CursedForestState, a: int, p: int) -> None:
    if s.last_roll <= 3:
        fight_drawn_monster(s, a, p)
    else:
        gain_item(s, a)


def gain_item(s: CursedForestState, a: int) -> None:
    i = draw_item(s)
    if i >= 0:
        s.push("stow_item", a, i, -1)


@handles("bone-yard")
def bone_yard(s: CursedForestState, a: int, args: list[str]) -> None:
    """CF-061: either rest (cure, full health) or give up 3 kills for an item; the yard closes."""
    s.ap[a] -= 2
    s.tile_token[here(s, a)] = False
    if args[0] == "heal":
        cure(s, a, "bone yard")
        s.emit("heal", adventurer=a, amount=s.max_health[a] - s.health[a], source="bone yard")
        s.health[a] = s.max_health[a]
    else:
        # our reading: the three lowest kills go, which keeps the best of the champion tally
        for _ in range(3):
            s.kills[a].remove(min(s.kills[a]))
        s.emit("kills_spent", adventurer=a, count=3)
        gain_item(s, a)
    s.turn_over = True


# ------------------------------------------------------------------ webs (CF-062..CF-064)
def spiders_kept_off(s: CursedForestState, p: int) -> bool:
    """CF-055: Liantë protects everyone on its bearer's tile; CF-069: after the Maiden Tree, none."""
    if s.phase == "hunt":
        return True
    liante = s.content.seed_by_power.get("no-spiders", -1)
    return any(s.pos[b] == s.place_pos[p] and liante in s.seeds[b] for b in range(s.n))


def enter_web(s: CursedForestState, a: int, p: int) -> None:
    """CF-062: an unoccupied web: roll; on 1-2 a die's worth of spiders drop and attack together."""
    others = any(b != a and s.pos[b] == s.place_pos[p] for b in range(s.n))
    if others or spiders_kept_off(s, p):
        return
    disarm_then(s, a, "web", "web_roll", p)


@steps.auto("web_roll")
def web_roll(s: CursedForestState, a: int, p: int) -> None:
    chance(s, a, "web", "web_result", p)


@steps.auto("web_result")
def web_result(s: CursedForestState, a: int, p: int) -> None:
    if s.last_roll >= 3:
        return
    chance(s, a, "how many spiders", "spiders_drop", p)


@steps.auto("spiders_drop")
def spiders_drop(s: CursedForestState, a: int, p: int) -> None:
    count = s.last_roll + sum(roll(s, a, "how many spiders") for _ in range(s.content.spiders.count_dice - 1))
    s.emit("spiders", adventurer=a, count=count)
    if on_the_way(s, a):   # C-16: they stop the partner; they fight it once this fight is over
        s.f_pending = [SPIDERS, a, p, count]
        return
    start_fight(s, a, "spiders", p, health=count)


# ------------------------------------------------------------------ the pit (CF-065, CF-105)
def pit_safe(s: CursedForestState, a: int, p: int) -> bool:
    """After the Maiden Tree (CF-069), with a rope carried or one left here (CF-105)."""
    if s.phase == "hunt":
        return True
    if any("cross_pit" in item(s, i).powers for i in carried(s, a) + s.tile_items[p]):
        return True
    return False


def enter_pit(s: CursedForestState, a: int, p: int) -> None:
    if pit_safe(s, a, p):
        return
    disarm_then(s, a, "pit", "pit_roll", p)


@steps.auto("pit_roll")
def pit_roll(s: CursedForestState, a: int, p: int) -> None:
    chance(s, a, "jump the pit", "pit_result", p)


@steps.auto("pit_result")
def pit_result(s: CursedForestState, a: int, p: int) -> None:
    if s.last_roll >= 3:
        return
    s.emit("fall", adventurer=a)
    if not s.pit_entered:
        s.pit_entered = True
        for _ in range(2):
            m, _side = draw_monster(s, a)
            if m >= 0:
                s.pit_monsters.append(m)
    if on_the_way(s, a):   # C-16: a tag partner is stopped; the pit's fight comes after this one
        s.f_pending = [PIT, a, p, 0]
        return
    s.turn_over = True   # CF-065: climb out and carry on next turn
    pit_fight(s, a, p)


def pit_fight(s: CursedForestState, a: int, p: int) -> None:
    """CF-065: the monsters in the pit, one after the other, with no escape; C-17: each on the
    side it was drawn on, whoever fell in now."""
    monsters = s.pit_monsters
    s.pit_monsters = []
    if monsters:
        start_fight(s, a, "monster", p, monsters[0], s.monster_side[monsters[0]], noescape=True)
        s.f_queue = monsters[1:]


def on_the_way(s: CursedForestState, a: int) -> bool:
    """Is ``a`` a tag partner walking to a fight under way (C-16)?  Nobody else meets a special
    tile while a fight goes on."""
    return bool(s.f_kind) and a != s.f_adv and a != s.f_partner


@steps.auto("pending_fight")
def pending_fight(s: CursedForestState) -> None:
    """C-16: the fight that stopped a tag partner on its way, once the fight it was called to is
    over (the engine keeps one fight at a time)."""
    kind, a, p, count = s.f_pending
    s.f_pending = []
    if s.pos[a] is None or s.pos[a] != s.place_pos[p]:
        return
    if kind == SPIDERS:
        start_fight(s, a, "spiders", p, health=count)
    else:
        pit_fight(s, a, p)
