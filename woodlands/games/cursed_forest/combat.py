"""6.–7. Combat (CF-021..CF-027; rulings C-2, C-4, C-5, C-6): starting a fight, the start of a
round (escape, tag, items), the fight roll, criticals, damage and armour, slugging it out.

One fight at a time is kept in the ``f_*`` fields of the state.  Kinds: ``monster`` (a monster
from the bag, on a tile or in the pit), ``spiders`` (CF-062), ``morna`` (CF-073) and ``pvp``
(section 21).
"""
from __future__ import annotations

from typing import Any

from ...engine.decision import Option
from ...engine.presentation import plural
from .actions import collect, dispatch, handles
from .forest import NO_ROOM, here, joined, room_beside
from .inventory import active_items, armour_of, item
from .model import EDGES, Effect
from .monsters import side_of
from .poison import poison
from .registry import steps
from .state import CursedForestState

SIDES = ("green", "purple")   # a monster card's two sides (CF-020, CF-084)


def start_fight(s: CursedForestState, a: int, kind: str, p: int, monster: int = -1, side: int = 0,
                health: int = 0, noescape: bool = False, partner: int = -1, opponent: int = -1) -> None:
    """Open a fight on placed tile ``p``; CF-021: no AP is needed to fight."""
    s.f_kind = kind
    s.f_adv = a
    s.f_partner = partner
    s.f_monster = monster
    s.f_side = side
    s.f_tile = p
    s.f_noescape = noescape
    s.f_crow = False
    s.f_enchant = -1
    s.f_opponent = opponent
    if kind == "monster":
        start = side_of(s, monster, side).health
        s.f_start = start
        s.f_health = health or start
    else:
        s.f_start = s.f_health = health
    s.emit("fight", adventurer=a, kind=kind, tile=list(s.place_pos[p]), health=s.f_health,
           monster=s.content.monsters[monster].id if monster >= 0 else None,
           side=SIDES[side] if kind == "monster" else None, partner=partner)
    s.push("fight_round", a)


def escape_ends_turn(s: CursedForestState) -> bool:
    """C-13: after an escape the turn goes on (7.1) unless the option ``escape_ends_turn`` (7.4)."""
    return bool(s.options.get("escape_ends_turn"))


def end_fight(s: CursedForestState, turn_ends: bool = True) -> None:
    """CF-027: the turn is over after a fight; after an escape only with ``escape_ends_turn`` (C-13)."""
    if s.f_enchant >= 0:
        from .inventory import discard
        owner = next((b for b in range(s.n) if s.f_enchant in s.inv[b]), -1)
        if owner >= 0:
            discard(s, owner, s.f_enchant, "enchanted weapon spent (CF-106)")
    s.emit("fight_over", kind=s.f_kind)
    s.f_kind = ""
    fighter = s.f_adv
    s.f_adv = s.f_partner = s.f_monster = s.f_opponent = -1
    s.f_queue = []
    s.f_enchant = -1
    if turn_ends and fighter == s.turn:   # a fight off one's turn (C-16, CF-035) ends nobody's turn
        s.turn_over = True


# ------------------------------------------------------------------ the start of a round
@steps.ask("fight_round", kind="fight_round", rule="7. Combat Steps, CF-021, CF-022")
def ask_round(s: CursedForestState, a: int) -> tuple[str, list[Option], dict[str, Any]] | None:
    if not s.f_kind or s.f_adv != a or s.pos[a] is None:
        return None
    fight = s.game.memo.get("fight")
    if fight is None:
        fight = s.game.memo["fight"] = Option.of("fight", label="Fight this round (roll)")
    opts: list[Option] = [fight]  # type: ignore[list-item]
    opts += escape_options(s, a)
    opts += collect(s, a, "fight")
    from .names import who
    return f"{who(s, a)} fights ({foe_summary(s)}). This round?", opts, fight_data(s, a)


def fight_data(s: CursedForestState, a: int) -> dict[str, Any]:
    """The facts of the fight for ``Decision.data`` (docs/cursed-forest.md, "Decisions as data")."""
    n, mod = foe_dice_and_modifier(s)
    d: dict[str, Any] = {"adventurer": a, "foe": s.f_kind, "foe_health": s.f_health, "foe_dice": n,
                         "foe_modifier": mod, "partner": s.f_partner if s.f_partner >= 0 else None,
                         "ap": s.ap[a], "health": s.health[a], "monster": None, "side": None}
    if s.f_kind == "monster":
        d["monster"] = s.content.monsters[s.f_monster].id
        d["side"] = "purple" if s.f_side else "green"
    elif s.f_kind == "morna":
        d["foe_health"] = s.morna_health
    elif s.f_kind == "pvp":
        d["opponent"] = s.f_opponent
        d["foe_health"] = s.health[s.f_opponent]
    return d


@steps.answer("fight_round")
def answer_round(s: CursedForestState, choice: str, a: int) -> None:
    s.push("fight_next")
    dispatch(s, a, choice)


@steps.auto("fight_next")
def fight_next(s: CursedForestState) -> None:
    if s.f_kind:
        s.push("fight_round", s.f_adv)
    elif s.f_pending:
        s.push("pending_fight")   # C-16: a tag partner stopped on its way fights there now


def foe_summary(s: CursedForestState) -> str:
    if s.f_kind == "monster":
        ms = side_of(s, s.f_monster, s.f_side)
        return f"{ms.name}, health {s.f_health}, {plural(ms.dice, 'die', 'dice')} +{ms.modifier}"
    if s.f_kind == "spiders":
        return f"{plural(s.f_health, 'spider')}, {plural(s.content.spiders.dice, 'die', 'dice')} +{s.f_health}"
    if s.f_kind == "morna":
        return f"{s.content.morna.name}, health {s.morna_health}, {plural(morna_dice(s), 'die', 'dice')} +{s.content.morna.modifier}"
    from .names import who
    return f"{who(s, s.f_opponent)}, health {s.health[s.f_opponent]}"


def morna_dice(s: CursedForestState) -> int:
    """CF-073: one die fewer for every seed laid on a red-vine tile."""
    return max(0, s.content.morna.dice - s.seeds_laid)


def escape_options(s: CursedForestState, a: int) -> list[Option]:
    """CF-022: 1 AP to an adjacent tile (1 direct damage) or 2 AP onto a newly drawn tile (2).
    Not in a tagged fight (CF-034), the pit (CF-065), from Morna Gûl (CF-074) or off your turn."""
    if s.f_noescape or s.f_partner >= 0 or s.f_kind not in ("monster", "spiders") or s.turn != a:
        return []
    p = here(s, a)
    opts: list[Option] = []
    if s.ap[a] >= 1:
        memo = s.game.memo
        for d in range(4):
            if joined(s, p, d) >= 0:
                o = memo.get(("escape", d))
                if o is None:
                    o = memo[("escape", d)] = Option.of("escape", EDGES[d], label=f"Escape {EDGES[d]} (1 AP, 1 direct damage)",
                                                        data={"ap": 1, "damage": 1})
                opts.append(o)  # type: ignore[arg-type]
    if s.ap[a] >= 2 and s.phase == "forest" and s.tile_stack:
        warn = "" if room_beside(s, p) else NO_ROOM.replace("the AP is", "the 2 AP are") + ", with no escape"
        opts.append(Option.of("escape-new", label=f"Draw a tile and escape onto it (2 AP, 2 direct damage){warn}",
                              data={"ap": 2, "damage": 2, "room": not warn}))
    return opts


@handles("escape")
def escape(s: CursedForestState, a: int, args: list[str]) -> None:
    s.ap[a] -= 1
    escape_to(s, a, joined(s, here(s, a), EDGES.index(args[0])), 1)


@handles("escape-new")
def escape_new(s: CursedForestState, a: int, args: list[str]) -> None:
    s.ap[a] -= 2
    from .forest import draw_for
    if not draw_for(s, a, "escape"):
        s.emit("escape_failed", adventurer=a, reason="lost: the tile fits nowhere here")


def escape_to(s: CursedForestState, a: int, q: int, damage: int) -> None:
    """Leave the fight: direct damage, then step onto tile ``q`` and carry on the turn (CF-022;
    C-13: or end it, with ``escape_ends_turn``)."""
    kind = s.f_kind
    if kind == "spiders":
        s.emit("spiders_leave", count=s.f_health)
    elif kind == "monster" and s.f_tile >= 0 and s.tile_monster[s.f_tile] == s.f_monster:
        s.tile_damage[s.f_tile] = s.f_start - s.f_health
    s.emit("escape", adventurer=a, to=list(s.place_pos[q]), damage=damage)
    end_fight(s, turn_ends=escape_ends_turn(s))
    lives = s.lives[a]
    hurt(s, a, damage, direct=True, source="escape")
    if s.lives[a] == lives:
        from .movement import land
        land(s, a, q, "escape")


# ------------------------------------------------------------------ the fight roll (7.2)
@handles("fight")
def fight(s: CursedForestState, a: int, args: list[str]) -> None:
    s.push("resolve_round", a)
    s.push("after_roll", a)
    s.push("roll_round", a)
    if s.f_kind == "pvp":
        s.push("defend_round", s.f_opponent)


def player_dice(s: CursedForestState, a: int) -> int:
    n = s.content.characters[s.char[a]].dice + sum(item(s, i).combat_dice for i in active_items(s, a))
    return n + (1 if s.f_partner >= 0 else 0)   # CF-033: a tag partner adds one die


def player_modifier(s: CursedForestState, a: int, foe_undead: bool = False, foe_poison: bool = False,
                    foe_boss: bool = False) -> int:
    """Character modifier + active weapons and items (CF-023) + Enchant's bonus (CF-106)."""
    return sum(modifier_parts(s, a, foe_undead, foe_poison, foe_boss).values())


def modifier_parts(s: CursedForestState, a: int, foe_undead: bool = False, foe_poison: bool = False,
                   foe_boss: bool = False) -> dict[str, int]:
    """Where an adventurer's combat modifier comes from (AUD-3): ``character`` (its own, with
    its bonuses against this foe), ``weapon`` (active weapons, their bonuses and Enchant's,
    CF-106) and ``item`` (other active items)."""
    ch = s.content.characters[s.char[a]]
    parts = {"character": ch.modifier + _bonus(s, ch.abilities, foe_undead, foe_poison, foe_boss),
             "weapon": 0, "item": 0}
    for i in active_items(s, a):
        it = item(s, i)
        n = it.combat_modifier + _bonus(s, it.abilities, foe_undead, foe_poison, foe_boss)
        if i == s.f_enchant:
            n += s.f_enchant_bonus
        parts["weapon" if it.attack == "fight" or "weapon" in it.tags else "item"] += n
    return parts


def _bonus(s: CursedForestState, abilities: tuple[Effect, ...], foe_undead: bool, foe_poison: bool,
           foe_boss: bool) -> int:
    total = 0
    for e in abilities:
        if e.do != "combat_bonus":
            continue
        against = e.get("against")
        if (against == "any" or against == "undead" and foe_undead or against == "poison" and foe_poison
                or against == "boss" and foe_boss or against == "spiders" and s.f_kind == "spiders"):
            total += e.get("amount")
    return total


def foe_parts(s: CursedForestState) -> dict[str, int]:
    """Where the foe's modifier comes from (AUD-3): the monster's card side, the spiders' number,
    Morna Gûl's card, or the other adventurer's own parts."""
    if s.f_kind == "monster":
        return {"monster": side_of(s, s.f_monster, s.f_side).modifier}
    if s.f_kind == "spiders":
        return {"spiders": s.f_health}
    if s.f_kind == "morna":
        return {"morna": s.content.morna.modifier}
    return modifier_parts(s, s.f_opponent)


def foe_dice_and_modifier(s: CursedForestState) -> tuple[int, int]:
    if s.f_kind == "monster":
        ms = side_of(s, s.f_monster, s.f_side)
        return ms.dice, ms.modifier
    if s.f_kind == "spiders":   # CF-062: two dice plus their number
        return s.content.spiders.dice, s.f_health
    if s.f_kind == "morna":
        return morna_dice(s), s.content.morna.modifier
    b = s.f_opponent
    return s.content.characters[s.char[b]].dice, player_modifier(s, b)


@steps.auto("roll_round")
def roll_round(s: CursedForestState, a: int) -> None:
    """C-2: d6s; C-4: the engine rolls for the monster."""
    if not s.f_kind:
        return
    s.r_mine = [s.rng.below(6) + 1 for _ in range(player_dice(s, a))]
    n, _ = foe_dice_and_modifier(s)
    s.r_theirs = [s.rng.below(6) + 1 for _ in range(n)]
    s.emit("roll", adventurer=a, mine=s.r_mine[:], theirs=s.r_theirs[:])


@steps.ask("after_roll", kind="reroll", rule="Glossary: Crow, CF-102; Marta, CF-056")
def ask_after_roll(s: CursedForestState, a: int) -> tuple[str, list[Option], dict[str, Any]] | None:
    if not s.f_kind:
        return None
    opts = []
    if not s.f_crow and s.f_kind != "pvp" and s.r_theirs and any(
            "reroll_monster_dice" in item(s, i).powers for i in s.extras[a] + active_items(s, a)):
        opts.append(Option.of("crow", label=f"Send the Crow: re-roll the foe's dice {dice_words(s.r_theirs)} (once per fight)"))
    marta = s.content.seed_by_power.get("reroll-one-die", -1)
    if marta in s.seeds[a] and not s.marta_used:
        for k, v in enumerate(s.r_mine):
            opts.append(Option.of("marta", "mine", k, label=f"Marta: re-roll your die #{k + 1} (showing {v})",
                                  data={"value": v}))
        for k, v in enumerate(s.r_theirs):
            opts.append(Option.of("marta", "theirs", k, label=f"Marta: re-roll the foe's die #{k + 1} (showing {v})",
                                  data={"value": v}))
    if not opts:
        return None
    opts.insert(0, Option.of("keep-roll", label=f"Keep the roll: yours {dice_words(s.r_mine)}, the foe's {dice_words(s.r_theirs)}"))
    return "Re-roll anything?", opts, {"adventurer": a, "mine": s.r_mine[:], "theirs": s.r_theirs[:], "why": "fight"}


def dice_words(dice: list[int]) -> str:
    """``[3, 5]`` -> ``"3 and 5"`` (no brackets in player text)."""
    if not dice:
        return "none"
    return ", ".join(map(str, dice[:-1])) + (" and " if len(dice) > 1 else "") + str(dice[-1])


@steps.answer("after_roll")
def answer_after_roll(s: CursedForestState, choice: str, a: int) -> None:
    if choice == "keep-roll":
        return
    if choice == "crow":
        s.f_crow = True
        from .items import turn_face_up
        crow = next(i for i in s.extras[a] + active_items(s, a) if "reroll_monster_dice" in item(s, i).powers)
        turn_face_up(s, a, crow)
        s.r_theirs = [s.rng.below(6) + 1 for _ in s.r_theirs]
    else:
        _, whose, k = choice.split(":")
        s.marta_used = True
        dice = s.r_mine if whose == "mine" else s.r_theirs
        dice[int(k)] = s.rng.below(6) + 1
    s.emit("roll", adventurer=a, mine=s.r_mine[:], theirs=s.r_theirs[:], reroll=choice)
    s.push("after_roll", a)


def is_critical(dice: list[int]) -> bool:
    """C-5: two or more dice, all showing the same number."""
    return len(dice) >= 2 and all(d == dice[0] for d in dice)


def player_score(dice: list[int], modifier: int) -> tuple[int, bool]:
    """C-5, CF-026: a critical doubles the dice, then the modifiers are added."""
    crit = is_critical(dice)
    return sum(dice) * (2 if crit else 1) + modifier, crit


@steps.auto("resolve_round")
def resolve_round(s: CursedForestState, a: int) -> None:
    """7.3 Damage: the lower score takes the difference (CF-024); ties do nothing (C-6)."""
    if not s.f_kind:
        return
    undead = poisonous = boss = False
    if s.f_kind == "monster":
        ms = side_of(s, s.f_monster, s.f_side)
        undead, poisonous, boss = ms.undead, ms.poison, ms.boss
    boss = boss or s.f_kind == "morna"
    mod = player_modifier(s, a, undead, poisonous, boss)
    mine, crit = player_score(s.r_mine, mod)
    _, foe_mod = foe_dice_and_modifier(s)
    theirs = sum(s.r_theirs) + foe_mod
    if s.f_kind == "pvp":
        theirs_score, their_crit = player_score(s.r_theirs, foe_mod)
        theirs = theirs_score
    else:
        their_crit = False
    monster = side_of(s, s.f_monster, s.f_side) if s.f_kind == "monster" else None
    event = {"adventurer": a, "kind": s.f_kind, "partner": s.f_partner, "dice": s.r_mine[:],
             "modifier": mod, "modifier_parts": modifier_parts(s, a, undead, poisonous, boss), "score": mine,
             "critical": crit, "armour": armour_of(s, a), "foe_dice": s.r_theirs[:], "foe_modifier": foe_mod,
             "foe_modifier_parts": foe_parts(s), "foe_score": theirs, "foe_critical": their_crit,
             "foe_side": SIDES[s.f_side] if monster else None,
             "foe_armour": monster.armour if monster else armour_of(s, s.f_opponent) if s.f_kind == "pvp" else 0,
             "foe_extra_damage": monster.extra_damage if monster else 0}
    if crit and a == s.ring and s.f_kind in ("monster", "spiders") and not boss:
        event.update(winner="adventurer", damage_to_foe=s.f_health, damage_to_adventurer=0, deadly_critical=True)
        s.emit("combat_round", **event)
        s.f_health = 0   # CF-086: the ring makes a critical deadly
        from .fight_end import win_fight
        win_fight(s, a)
        return
    if mine > theirs:
        dmg = mine - theirs
        if s.f_kind == "monster":
            dmg = max(0, dmg - side_of(s, s.f_monster, s.f_side).armour)
        if s.f_kind == "pvp":   # the defender's armour counts as the attacker's does (CF-025)
            dmg = max(0, dmg - armour_of(s, s.f_opponent))
            event.update(winner="adventurer", damage_to_foe=dmg, damage_to_adventurer=0)
            s.emit("combat_round", **event)
            hurt(s, s.f_opponent, dmg, direct=False, source="adventurer", armour=armour_of(s, s.f_opponent))
            return
        event.update(winner="adventurer", damage_to_foe=dmg, damage_to_adventurer=0)
        s.emit("combat_round", **event)
        damage_foe(s, a, dmg)
    elif theirs > mine:
        dmg = theirs - mine
        if s.f_kind == "monster":
            dmg += side_of(s, s.f_monster, s.f_side).extra_damage
        taken = max(0, dmg - armour_of(s, a))
        partner = s.f_partner
        half = taken // 2 if partner >= 0 else 0
        event.update(winner="foe", damage_to_foe=0, damage_to_adventurer=taken, damage_to_partner=half)
        s.emit("combat_round", **event)
        foe_hits(s, a, taken, partner, half)
    else:
        event.update(winner="tie", damage_to_foe=0, damage_to_adventurer=0)
        s.emit("combat_round", **event)


def damage_foe(s: CursedForestState, a: int, dmg: int) -> None:
    if s.f_kind == "morna":
        s.morna_health -= dmg
        if s.morna_health <= 0:
            from .endgame import morna_slain
            morna_slain(s, a)
        return
    s.f_health -= dmg
    if s.f_health <= 0:
        from .fight_end import win_fight
        win_fight(s, a)


def foe_hits(s: CursedForestState, a: int, taken: int, partner: int, half: int) -> None:
    """The foe wins the round: damage after armour (CF-025), half to the partner (CF-034),
    poison from spiders and poisonous monsters (CF-036, CF-063), the Maiden Tree's call (CF-075)."""
    kind = s.f_kind
    poisonous = kind == "spiders" or kind == "monster" and side_of(s, s.f_monster, s.f_side).poison
    source = {"monster": "monster", "spiders": "spiders", "morna": "morna"}.get(kind, "adventurer")
    if kind == "monster" and taken > 0:
        heal = side_of(s, s.f_monster, s.f_side).heal_on_hit
        s.f_health = min(s.f_start, s.f_health + heal)
    if partner >= 0 and half > 0:   # half of the damage after the active adventurer's armour
        partner_lives = s.lives[partner]
        hurt(s, partner, half, direct=False, source=source, armour=0)
        if poisonous and s.lives[partner] == partner_lives:   # a fallen partner is cured, not poisoned
            poison(s, partner, source)
    if taken > 0:
        was_alive_lives = s.lives[a]
        hurt(s, a, taken, direct=False, source=source, armour=armour_of(s, a))
        if poisonous and s.lives[a] == was_alive_lives and s.pos[a] is not None:
            poison(s, a, source)
        if kind == "morna" and s.lives[a] == was_alive_lives and s.pos[a] is not None and s.f_kind:
            s.push("maiden_call", a)


def hurt(s: CursedForestState, a: int, amount: int, direct: bool, source: str, armour: int | None = None) -> None:
    """Lose health; armour reduces only damage that is not direct (CF-025).  ``armour``: the
    armour the caller has already taken off (combat rounds), else this takes it off here.
    At 0 a life is lost."""
    if s.pos[a] is None:
        return
    if direct:
        armour = 0
    elif armour is None:
        armour = armour_of(s, a)
        amount = max(0, amount - armour)
    if amount <= 0:
        return
    s.health[a] = max(0, s.health[a] - amount)
    s.emit("damage", adventurer=a, amount=amount, direct=direct, armour=armour, source=source, health=s.health[a])
    if s.health[a] == 0:
        from .fight_end import lose_life
        lose_life(s, a, source)
