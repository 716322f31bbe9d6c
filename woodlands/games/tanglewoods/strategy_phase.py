"""Engagement: Strategy Phase (TG-056, TG-057; rulings T-4, T-6, T-14).

A pass is Commit (one die at a time, or none), Roll (every committed die not yet applied),
Apply (one die to one enemy at a time, then done).  Up to Strategy passes; the player may end
the phase sooner, and it ends by itself once no undefeated enemy is left.
"""
from __future__ import annotations

from ...engine.decision import Option
from ...engine.steps import Ask
from . import dice as D
from .bears import win_bear
from .effects import run_effects
from .gold import gain_gold
from .model import COLOURS, CRIT, DIE_COLOUR, HIT
from .modifiers import enemy_codes, enemy_health, health_bonus, is_boss, modifier
from .registry import steps
from .state import TanglewoodsState
from .stats import check_flip
from .uses import apply_use, use_options


END = Option.of("end", label="End the Strategy phase now")
COMMIT = {c: Option.of("commit", c, label=f"Commit a {c} die") for c in COLOURS}
DONE = Option.of("done", label="Leave the other dice unapplied (they roll again next pass)")


def undefeated_enemies(s: TanglewoodsState) -> list[int]:
    """The tableau slots of the enemies not defeated yet (ruling T-4)."""
    enemies, defeated = enemy_codes(s), s.defeated   # is_enemy of each card, looked up: asked several times a decision
    return [i for i, code in enumerate(s.tableau) if code in enemies and not defeated[i]]


def passes_allowed(s: TanglewoodsState) -> int:
    return max(1, s.strategy + modifier(s, "strategy_passes"))


@steps.auto("strategy_phase")
def strategy_phase(s: TanglewoodsState) -> None:
    s.phase = "strategy"
    s.passes = 0
    s.push("strategy_pass")


@steps.auto("strategy_pass")
def strategy_pass(s: TanglewoodsState) -> None:
    allowed = passes_allowed(s)
    if not undefeated_enemies(s):
        end_by_itself(s)
        return
    if s.passes >= allowed:
        s.emit("strategy_end", passes=s.passes, why="passes_used")
        return
    s.passes += 1
    s.emit("strategy_pass", number=s.passes, of=allowed)
    s.push("commit")


def end_by_itself(s: TanglewoodsState) -> None:
    """T-4: no undefeated enemy is left, so the Strategy phase ends at once, whatever is pending."""
    s.emit("strategy_end", passes=s.passes, why="no_enemies")


def _unapplied(s: TanglewoodsState) -> list[int]:
    return [d for d, z in enumerate(s.dice_zone) if z == D.COMMITTED and not s.dice_applied[d]]


@steps.ask("commit", kind="commit_dice", rule="Strategy Phase: Commit Dice, TG-057, ruling T-4")
def ask_commit(s: TanglewoodsState) -> Ask | None:
    if not undefeated_enemies(s):    # the last one fell to an item or ability during Commit (T-4)
        end_by_itself(s)
        return None
    # one pass over the 17 dice for everything this decision shows (asked some 14 times a game)
    zones, applied = s.dice_zone, s.dice_applied
    pool: list[str] = []          # the colour of each die in the pool
    waiting: list[int] = []       # the committed dice not applied yet (as _unapplied)
    for d, z in enumerate(zones):
        if z == D.POOL:
            pool.append(DIE_COLOUR[d])
        elif z == D.COMMITTED and not applied[d]:
            waiting.append(d)
    opts = [COMMIT[c] for c in dict.fromkeys(pool)]   # each colour once, in colour order (as colours_in)
    if waiting:
        opts.append(Option("roll", f"Roll the {len(waiting)} committed {'die' if len(waiting) == 1 else 'dice'}", "roll", (),
                           {"dice": len(waiting)}))
    opts += use_options(s, "strategy")
    if not opts:
        s.emit("strategy_end", passes=s.passes, why="nothing_to_commit")
        return None   # nothing to commit or roll: the phase ends (T-7)
    opts.append(END)
    allowed = passes_allowed(s)
    return (f"Strategy pass {s.passes} of {allowed}: commit dice, then roll", opts,
            {"pass": s.passes, "passes": allowed, "committed": [DIE_COLOUR[d] for d in waiting], "pool": pool})


@steps.explain("commit")
def explain_commit(s: TanglewoodsState, choice: str) -> str | None:
    if choice.startswith("commit:"):
        return f"there is no {choice.split(':', 1)[1]} die in your pool"
    if choice == "roll":
        return "no committed die is waiting to be rolled"
    return None


@steps.answer("commit")
def answer_commit(s: TanglewoodsState, choice: str) -> None:
    if choice.startswith("commit:"):
        colour = choice.split(":", 1)[1]
        D.move_colour(s, colour, D.POOL, D.COMMITTED, "commit")
        s.push("commit")
    elif choice == "roll":
        rolled = []
        for d in _unapplied(s):
            face = D.roll(s, d)
            rolled.append({"colour": DIE_COLOUR[d], "face": D.face_name(face)})
        s.emit("roll", dice=rolled)
        s.push("apply_dice")
    elif choice == "end":
        s.emit("strategy_end", passes=s.passes, why="player")
    else:
        s.push("commit")
        apply_use(s, choice, "strategy")


def _ready_groups(s: TanglewoodsState) -> list[tuple[str, int]]:
    seen: list[tuple[str, int]] = []
    for d in _unapplied(s):
        face = s.dice_face[d]
        if face >= HIT and (DIE_COLOUR[d], face) not in seen:
            seen.append((DIE_COLOUR[d], face))
    return seen


@steps.ask("apply_dice", kind="apply_die", rule="Strategy Phase: Apply Dice, TG-057, ruling T-4", auto=True)
def ask_apply(s: TanglewoodsState) -> Ask | None:
    groups = _ready_groups(s)
    enemies = undefeated_enemies(s)
    if not groups or not enemies:
        s.push("strategy_pass")
        return None
    c = s.content
    opts = []
    bonus = health_bonus(s)
    targets = [(c.forest[s.tableau[i] >> 1].id, c.forest_face(s.tableau[i]).name, s.damage[i], enemy_health(s, i, bonus))
               for i in enemies]
    crit = max(0, 2 + modifier(s, "crit_damage"))
    for colour, face in groups:
        fname = D.face_name(face)
        amount = crit if face == CRIT else 1
        for card_id, name, taken, health in targets:
            opts.append(Option(f"apply:{colour}:{fname}:{card_id}", f"{colour} {fname} -> {name} ({taken}/{health})",
                               "apply", (colour, fname, card_id), {"damage": amount, "taken": taken, "health": health}))
    opts += use_options(s, "strategy")
    opts.append(DONE)
    return ("Apply dice: each hit or crit goes wholly to one enemy", opts,
            {"dice": [[colour, D.face_name(face)] for colour, face in groups], "crit_damage": crit,
             "enemies": [t[0] for t in targets]})


@steps.answer("apply_dice")
def answer_apply(s: TanglewoodsState, choice: str) -> None:
    if choice == "done":
        s.push("strategy_pass")
        return
    if not choice.startswith("apply:"):
        s.push("apply_dice")
        apply_use(s, choice, "strategy")
        return
    _, colour, face_name, card_id = choice.split(":", 3)
    face = CRIT if face_name == "crit" else HIT
    die = next(d for d in _unapplied(s) if DIE_COLOUR[d] == colour and s.dice_face[d] == face)
    s.dice_applied[die] = True
    idx = s.content.forest_by_id[card_id]
    slot = next(i for i, c in enumerate(s.tableau) if c >> 1 == idx)
    amount = 2 + modifier(s, "crit_damage") if face == CRIT else 1
    s.push("apply_dice")
    damage_enemy(s, slot, max(0, amount), f"{colour} {face_name}")


def damage_enemy(s: TanglewoodsState, slot: int, amount: int, why: str) -> None:
    """Damage stays on the enemy this round; at its Health it is defeated (T-4)."""
    s.damage[slot] += amount
    code = s.tableau[slot]
    card = s.content.forest[code >> 1]
    need = enemy_health(s, slot)
    s.emit("damage", card=card.id, amount=amount, total=s.damage[slot], health=need, why=why)
    if s.damage[slot] >= need:
        defeat(s, slot)


def defeat(s: TanglewoodsState, slot: int) -> None:
    """T-6: the reward comes at once.  A bear goes beside the hero instead (TG-093)."""
    code = s.tableau[slot]
    card = s.content.forest[code >> 1]
    s.defeated[slot] = True
    s.defeats_this_round += 1
    s.emit("defeat", card=card.id, side=code & 1)
    if is_boss(s, code):
        from .bribery_phase import remove_from_tableau
        s.push("settle_defeats")      # a bonus its enemy side gave is gone (ruling T-22)
        remove_from_tableau(s, slot)
        win_bear(s, card.index)
        check_flip(s, "enemies_defeated")   # a bear is an enemy defeated this round too
        return
    s.push("settle_defeats")
    bonus = modifier(s, "reward_gold")
    if bonus:
        gain_gold(s, bonus, "reward bonus")
    run_effects(s, s.content.forest_face(code).reward, ("forest", code))
    check_flip(s, "enemies_defeated")


@steps.auto("settle_defeats")
def settle_defeats(s: TanglewoodsState) -> None:
    """An enemy whose Health falls to the damage already on it (an ongoing bonus ended with the
    card that gave it) is defeated then and there (T-4: defeated once damage reaches Health)."""
    bonus = health_bonus(s)
    for i in undefeated_enemies(s):
        if s.damage[i] and s.damage[i] >= enemy_health(s, i, bonus):
            defeat(s, i)
            return   # defeat() pushes another settle_defeats, which looks again
