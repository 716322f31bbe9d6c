"""Difficulty Scaling (TG-110, TG-113..TG-123; rulings T-9, T-20).

The level is a game option fixed at setup (TG-110).  Under ruling T-9's default mode
("toward-5") a level applies every level between it and 5; ``difficulty_mode = "single"``
applies only the chosen level's own line.
"""
from __future__ import annotations

from ...engine.decision import Option
from ...engine.steps import Ask
from ...engine.steps import push_in_order
from . import dice as D
from .decks import to_side
from .effects import run_effects
from .gold import set_gold
from .model import NIGHT, STATS, Effect, forest_side_name
from .registry import steps
from .state import TanglewoodsState
from .stats import lower_stat, raise_stat


def levels_for(difficulty: int, mode: str) -> tuple[int, ...]:
    """T-9: the levels whose effects apply, in the order they are carried out.

    T-9 does not order them; we carry out level 5 (placing the two peeked cards) last, so that
    level 10's reshuffle cannot undo the player's choice.

    >>> levels_for(0, "toward-5"), levels_for(7, "toward-5"), levels_for(7, "single")
    ((0, 1, 2, 3, 4, 5), (6, 7, 5), (7,))
    """
    if mode == "single":
        return (difficulty,)
    if difficulty <= 5:
        return tuple(range(difficulty, 6))
    return tuple(range(6, difficulty + 1)) + (5,)


@steps.auto("difficulty")
def apply_difficulty(s: TanglewoodsState) -> None:
    s.levels = levels_for(s.difficulty, s.options["difficulty_mode"])
    s.emit("difficulty", level=s.difficulty, applies=list(s.levels))
    push_in_order(s.stack, [("difficulty_level", lv) for lv in s.levels])


@steps.auto("difficulty_level")
def difficulty_level(s: TanglewoodsState, level: int) -> None:
    if level == 0:
        s.push("level0_bear")
    elif level == 1:
        s.push("level1_stats", "")
    elif level == 2:                      # a random item, upgraded (T-20: seeded chance)
        run_effects(s, (Effect("special", "gain_item", {"upgraded": True, "random": True}, text="difficulty 2"),), ("hero", s.hero))
    elif level == 3:
        set_gold(s, 20, "difficulty 3")
    elif level == 4:
        raise_stat(s, "health", 1, "difficulty 4")
    elif level == 5:
        s.push("level5_peek", tuple(s.forest_deck[:2]))
    elif level == 6:
        s.push("level6_banish", "")
    elif level == 7:
        s.push("level7_stat")
    elif level == 8:
        set_gold(s, 0, "difficulty 8")
    elif level == 9:
        pass                              # read by the Map phase of round 1 (TG-122)
    elif level == 10:
        _level10(s)


@steps.ask("level0_bear", kind="difficulty_choice", rule="Difficulty 0, TG-113, ruling T-14")
def ask_level0(s: TanglewoodsState) -> Ask | None:
    opts = [Option.of("bear", s.content.forest[b].id, label=f"Defeat {s.content.forest[b].faces[0].name}") for b in s.bears_aside]
    return "Difficulty 0: choose a bear to count as defeated", opts, {"level": 0}


@steps.answer("level0_bear")
def answer_level0(s: TanglewoodsState, choice: str) -> None:
    from .bears import win_bear
    idx = s.content.forest_by_id[choice.split(":", 1)[1]]
    s.bears_aside.remove(idx)
    win_bear(s, idx)


@steps.ask("level1_stats", kind="difficulty_choice", rule="Difficulty 1, TG-114, ruling T-20")
def ask_level1(s: TanglewoodsState, first: str) -> Ask | None:
    """+1 to two different stats, if able: only stats below 6 are offered."""
    opts = [Option.of("stat", n, label=f"+1 {n} (now {getattr(s, n)})", data={"now": getattr(s, n)})
            for n in STATS if n != first and getattr(s, n) < 6]
    if not opts:
        return None
    return f"Difficulty 1: +1 to {'a second' if first else 'a'} stat", opts, {"level": 1, "change": 1}


@steps.answer("level1_stats")
def answer_level1(s: TanglewoodsState, choice: str, first: str) -> None:
    name = choice.split(":", 1)[1]
    raise_stat(s, name, 1, "difficulty 1")
    if not first:
        s.push("level1_stats", name)


@steps.ask("level5_peek", kind="peek_forest", rule="Difficulty 5, TG-118, ruling T-20")
def ask_level5(s: TanglewoodsState, cards: tuple[int, ...]) -> Ask | None:
    """The two top cards are lifted off; each goes back on top or to the bottom, in the order
    the player places them (a card placed later on top ends above the earlier one)."""
    waiting = [c for c in cards if c in s.forest_deck]
    if not waiting:
        return None
    opts = []
    for c in waiting:
        f = s.content.forest_face(c)
        card = s.content.forest[c >> 1]
        card_id = card.id
        side = {"side": forest_side_name(card.kind, c)}
        opts.append(Option.of("top", card_id, label=f"Put {f.name} ({side['side']}) on top", data=side))
        opts.append(Option.of("bottom", card_id, label=f"Put {f.name} ({side['side']}) at the bottom", data=side))
    names = ", ".join(s.content.forest_face(c).name for c in waiting)
    them = "them" if len(waiting) > 1 else "it"
    return (f"Difficulty 5: you look at the top of the Forest Deck ({names}); place {them}", opts,
            {"level": 5, "cards": [s.content.forest[c >> 1].id for c in waiting]})


@steps.answer("level5_peek")
def answer_level5(s: TanglewoodsState, choice: str, cards: tuple[int, ...]) -> None:
    where, card_id = choice.split(":", 1)
    code = next(c for c in cards if s.content.forest[c >> 1].id == card_id)
    s.forest_deck.remove(code)
    if where == "top":
        s.forest_deck.insert(0, code)
    else:
        s.forest_deck.append(code)
    s.emit("peek_place", card=card_id, where=where)
    rest = tuple(c for c in cards if c != code)
    if rest:
        s.push("level5_peek", rest)


@steps.ask("level6_banish", kind="difficulty_choice", rule="Difficulty 6, TG-119, ruling T-20")
def ask_level6(s: TanglewoodsState, first: str) -> Ask | None:
    opts = [Option.of("banish", c, label=f"Banish a {c} die") for c in D.colours_in(s, D.POOL) if c != first]
    return (f"Difficulty 6: banish {'a second' if first else 'a'} die (two different colours)", opts, {"level": 6}) if opts else None


@steps.answer("level6_banish")
def answer_level6(s: TanglewoodsState, choice: str, first: str) -> None:
    colour = choice.split(":", 1)[1]
    D.move_colour(s, colour, D.POOL, D.BANISHED, "difficulty 6")
    if not first:
        s.push("level6_banish", colour)


@steps.ask("level7_stat", kind="difficulty_choice", rule="Difficulty 7, TG-120, ruling T-20")
def ask_level7(s: TanglewoodsState) -> Ask:
    return ("Difficulty 7: -1 to which stat?",
            [Option.of("stat", n, label=f"-1 {n} (now {getattr(s, n)})", data={"now": getattr(s, n)}) for n in STATS],
            {"level": 7, "change": -1})


@steps.answer("level7_stat")
def answer_level7(s: TanglewoodsState, choice: str) -> None:
    lower_stat(s, choice.split(":", 1)[1], 1, "difficulty 7")


def _level10(s: TanglewoodsState) -> None:
    """TG-123: 20 random forest cards turn to night, then the deck is shuffled."""
    n = min(20, len(s.forest_deck))
    picks = set(s.rng.sample(list(range(len(s.forest_deck))), n))
    for i in picks:
        s.forest_deck[i] = to_side(s.forest_deck[i], NIGHT)
    # AUD-2: which cards turned, sorted by id so that the list tells nothing of the deck order
    flipped = sorted(s.content.forest[s.forest_deck[i] >> 1].id for i in picks)
    s.rng.shuffle(s.forest_deck)
    s.emit("night_falls", cards=n, why="difficulty 10", flipped=flipped)


__all__ = ["levels_for"]
