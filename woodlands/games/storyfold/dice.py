"""Dice (SW-050..SW-055; rulings S-1, S-3).

You have five d8 and, when an effect grants them, the d10 and the d12 until the end of the
chapter.  A die is a success when it shows at least the number of the River space the Action
card sits on (S-1), changed by ongoing ``threshold`` effects.  Used dice are set aside until the
next Luma Phase (SW-100).
"""
from __future__ import annotations

from typing import cast

from ...engine.decision import Option
from ...engine.presentation import plural
from ...engine.steps import Ask
from .model import START_DICE, THRESHOLDS
from .ongoing import max_dice, modifier
from .registry import steps
from .state import StoryfoldState


def threshold(s: StoryfoldState) -> int:
    """What a die must show to be a success for the Action card being carried out: the number of
    the space it lay on when the action was chosen (an effect may move it meanwhile: our reading)."""
    return THRESHOLDS[s.action_space - 1] + modifier(s, "threshold")     # S-1


def count_successes(s: StoryfoldState, t: int | None = None) -> int:
    """Dice of the current roll showing at least the threshold ``t`` (default: the current one)."""
    if not s.rolled:
        return 0
    if t is None:
        t = threshold(s)
    faces = s.faces
    n = 0
    for d in s.rolled:
        if faces[d] >= t:
            n += 1
    return n


def counted_successes(s: StoryfoldState, t: int | None = None) -> int:
    """The successes an effect would be carried out with now (S-12, SW-055, SW-068): the dice's
    and those added by Crystals and cards, but none at all while no die shows a success, since a
    reroll may take away the success the added ones were bought on."""
    natural = count_successes(s, t)
    return natural + s.bonus_successes if natural else 0


def available(s: StoryfoldState) -> list[int]:
    return [d for d, used in enumerate(s.dice_used) if not used]


def describe(sizes: list[int]) -> str:
    d8 = sizes.count(8)
    parts = [f"{d8} d8"] if d8 else []
    parts += [f"the d{z}" for z in (10, 12) if z in sizes]
    return " and ".join(parts) or "no dice"


def roll_options(s: StoryfoldState) -> tuple[Option, ...]:
    """SW-052, SW-101 b: roll any number (at least 1) of the available dice, at most the ongoing
    ``max_dice`` limit.  Dice of one size are alike, so an option says how many d8 and which of
    the d10/d12: ``roll:<d8 count>:<d10 0/1>:<d12 0/1>``."""
    limit = max_dice(s)
    key = ("roll_options", tuple(s.dice), tuple(s.dice_used), limit)
    memo = s.game.memo
    opts = memo.get(key)
    if opts is None:
        opts = memo[key] = _roll_options(tuple(s.dice[d] for d in available(s)), limit)
    return cast("tuple[Option, ...]", opts)


def _roll_options(free: tuple[int, ...], limit: int) -> tuple[Option, ...]:
    n8 = free.count(8)
    opts = []
    for k10 in ((0, 1) if 10 in free else (0,)):
        for k12 in ((0, 1) if 12 in free else (0,)):
            for k8 in range(n8 + 1):
                n = k8 + k10 + k12
                if 1 <= n <= limit:
                    sizes = [8] * k8 + [10] * k10 + [12] * k12
                    opts.append(Option.of("roll", k8, k10, k12, label=f"Roll {describe(sizes)}",
                                          data={"d8": k8, "d10": k10, "d12": k12, "dice": n}))
    return tuple(opts)


def roll(s: StoryfoldState, k8: int, k10: int, k12: int, t: int | None = None) -> None:
    """Roll the first ``k8`` unused d8 and, if asked, the unused d10 / d12 (dice of one size are
    alike, so which ones does not matter; taking them in order keeps replays exact)."""
    dice, used, faces = s.dice, s.dice_used, s.faces
    rolled = []
    for d, size in enumerate(dice):
        if used[d]:
            continue
        if size == 8:
            if k8:
                k8 -= 1
                rolled.append(d)
        elif size == 10:
            if k10:
                k10 -= 1
                rolled.append(d)
        elif k12:
            k12 -= 1
            rolled.append(d)
    s.rolled = rolled
    below = s.rng.below
    for d in rolled:
        faces[d] = 1 + below(dice[d])
    if t is None:
        t = threshold(s)
    shown = [faces[d] for d in rolled]
    s.emit("roll", action=s.content.card_ids[s.action], dice=[dice[d] for d in rolled],
           faces=shown, threshold=t, successes=count_successes(s, t), bonus=s.bonus_successes)


def reroll(s: StoryfoldState, die: int) -> None:
    """SW-053: a rerolled die shows its new result."""
    old = s.faces[die]
    s.faces[die] = 1 + s.rng.below(s.dice[die])
    s.emit("roll", action=s.content.cards[s.action].id, reroll=True, die=s.dice[die], was=old,
           faces=[s.faces[d] for d in s.rolled],
           dice=[s.dice[d] for d in s.rolled], threshold=(t := threshold(s)), successes=count_successes(s, t),
           bonus=s.bonus_successes)


def set_aside(s: StoryfoldState) -> None:
    """SW-101 e: the dice just rolled are used until the next Luma Phase."""
    for d in s.rolled:
        s.dice_used[d] = True
    s.rolled = []


def take_back(s: StoryfoldState) -> None:
    """SW-100: take back all used dice."""
    s.dice_used = [False] * len(s.dice)


REROLL_DONE = Option.of("done", label="Reroll no more")


@steps.ask("reroll_die", kind="reroll", rule="Dice, SW-053")
def ask_reroll(s: StoryfoldState, left: int) -> Ask | None:
    if left <= 0 or not s.rolled:
        return None
    t = threshold(s)
    memo = s.game.memo
    opts = []
    for i, d in enumerate(s.rolled):
        key = ("reroll", i, s.dice[d], s.faces[d], t)     # built once per die, face and threshold
        o = memo.get(key)
        if o is None:
            o = memo[key] = Option.of("die", i, label=f"Reroll the d{s.dice[d]} showing {s.faces[d]}",
                                      data={"size": s.dice[d], "face": s.faces[d], "success": s.faces[d] >= t})
        opts.append(cast(Option, o))
    opts.append(REROLL_DONE)
    return (f"Reroll which die? ({plural(left, 'reroll')} left)", opts,
            {"left": left, "threshold": t, "dice": [s.dice[d] for d in s.rolled],
             "faces": [s.faces[d] for d in s.rolled], "successes": counted_successes(s, t)})


@steps.answer("reroll_die")
def answer_reroll(s: StoryfoldState, choice: str, left: int) -> None:
    if choice == "done":
        return
    reroll(s, s.rolled[int(choice.split(":")[1])])
    s.push("reroll_die", left - 1)


@steps.auto("grant_die")
def grant_die(s: StoryfoldState, size: int) -> None:
    """SW-051: the d10 / d12 until the end of the chapter (one of each at most, S-3)."""
    if size in s.dice:
        s.emit("die_granted", size=size, already=True)
        return
    s.dice.append(size)
    s.dice_used.append(False)
    s.faces.append(0)
    s.emit("die_granted", size=size)


def reset_for_chapter(s: StoryfoldState) -> None:
    """The d10 and d12 go back at the end of the chapter (SW-051)."""
    if len(s.dice) != len(START_DICE):
        s.emit("dice_returned", sizes=[z for z in s.dice if z != 8])
    s.dice = list(START_DICE)
    s.dice_used = [False] * len(START_DICE)
    s.faces = [0] * len(START_DICE)
    s.rolled = []
