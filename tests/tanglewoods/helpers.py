"""Building exact Tanglewoods situations for the rules tests.

Every test uses the small pack in ``tests/tanglewoods/pack`` (its card ids say what each card
is for), never the default pack.  A *situation* is a started game whose position we overwrite
by hand (decks, tableau, stats, dice ...) and whose step stack we replace with the steps we
want to run, e.g. "the rest of the round from the Forest phase on".
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable

import pytest

import woodlands
from tests.support import ScriptedRng, position
from woodlands.games.tanglewoods import state as S
from woodlands.games.tanglewoods.model import DIE_COLOUR

PACK = Path(__file__).resolve().parent / "pack"
GAME = woodlands.load_game("tanglewoods", content=PACK)
C = GAME.content

POOL, COMMITTED, EXHAUSTED, BANISHED = S.POOL, S.COMMITTED, S.EXHAUSTED, S.BANISHED

ROUND = ("map_phase", "forest_phase", "bribery_phase", "activation_end", "strategy_phase",
         "resolve_phase", "round_start")
RESOLVE = ("suffer_damage", "after_effects", "exhaust_dice", ("recover_dice", -1), "cleanup", "merchant_offer")
# A step that always waits for a choice: put it after the steps under test to stop there and
# look (it asks "+1 to which stat?" and is never answered by the tests).
HALT = ("choose_stat", "raise", 1, "halt")
# maps with no effect at all: what the next round draws unless a test says otherwise
QUIET_MAPS = ("map-e", "map-w", "map-s", "map-n", "map-nsw", "map-ns-merchant")


# ------------------------------------------------------------------ card codes
def fc(card_id: str, side: str = "day") -> int:
    """A forest (or bear) card code; side day/night, or enemy/modifier for bears."""
    return C.forest_by_id[card_id] * 2 + (side in ("night", "modifier"))


def mc(map_id: str, side: str = "day") -> int:
    return C.map_by_id[map_id] * 2 + (side == "night")


def ic(item_id: str, side: str = "ordinary") -> int:
    return C.item_by_id[item_id] * 2 + (side == "upgraded")


def bear(card_id: str) -> int:
    """A bear's index (as stored in ``bears_aside``/``bears_won``)."""
    return C.forest_by_id[card_id]


def names(codes: Iterable[int], table: str = "forest") -> list[str]:
    """Card ids of codes, with ':night' (or ':upgraded') on flipped ones."""
    cards = {"forest": C.forest, "map": C.maps, "item": C.items}[table]
    return [cards[c >> 1].id + (":night" if c & 1 and table != "item" else ":upgraded" if c & 1 else "")
            for c in codes]


# ------------------------------------------------------------------ starting games
def new_game(hero: str | None = "plain-hero", side: str | None = "a", difficulty: int = 3,
             mode: str = "single", seed: int = 1, game: woodlands.Game | None = None,
             **options: Any) -> woodlands.GameState:
    opts: dict[str, Any] = {"difficulty": difficulty, "difficulty_mode": mode, **options}
    if hero is not None:
        opts["hero"] = hero
    if side is not None:
        opts["side"] = side
    return (game or GAME).new_game(seed=seed, options=opts)


LIST_DEFAULTS = ("forest_deck", "forest_discard", "drawn", "map_discard", "map_drawn", "item_deck",
                 "item_discard", "inventory", "shop", "bears_won", "round_mods", "used", "revealed")


def situation(steps: Iterable[str | tuple[Any, ...]] = (), *, hero: str | None = "plain-hero", side: str | None = "a",
              round_limit: int | None = 1, dice: dict[int, int] | None = None,
              game: woodlands.Game | None = None, **fields: Any) -> Any:
    """A game positioned by hand, then advanced through ``steps``: a position (tests/support.py)
    of a started game with these facts, whose steps are ``steps``.

    ``fields`` set state fields (``tableau=[fc(...)]`` also sizes damage/defeated/wilds).
    Unless given: every deck and pile is empty apart from a map deck of quiet maps, all 17
    dice are in the pool, the three bears are set aside, round 1, Health 5, Strategy 3,
    Recovery 3 and 10 gold.  The log holds only what happened from the situation on.
    With ``round_limit=1`` (the default) the game stops as "unfinished" when the next round
    would start, which is a clean place to look at the result of a round.  The position leaves
    most cards out of the game, so the game's invariants are not asked of it.
    """
    opts: dict[str, Any] = {"difficulty": 3, "difficulty_mode": "single"}
    if hero is not None:
        opts["hero"] = hero
    if side is not None:
        opts["side"] = side
    if round_limit is not None:
        opts["round_limit"] = round_limit
    facts: dict[str, Any] = {name: [] for name in LIST_DEFAULTS}
    facts.update(map_deck=[mc(m) for m in QUIET_MAPS],
                 bears_aside=[bear("papa-bear"), bear("baby-bear"), bear("mama-bear")],
                 tableau=[], damage=[], defeated=[], wilds=[], dice_zone=[POOL] * len(DIE_COLOUR),
                 dice_face=[-1] * len(DIE_COLOUR), dice_applied=[False] * len(DIE_COLOUR), active_map=-1,
                 map_complete=False, merchant_ok=False, round=1, health=5, strategy=3, recovery=3, gold=10)
    tableau = fields.pop("tableau", None)
    facts.update(fields)
    if tableau is not None:
        n = len(tableau)
        facts.update(tableau=list(tableau), damage=fields.get("damage", [0] * n),
                     defeated=fields.get("defeated", [False] * n), wilds=fields.get("wilds", [None] * n))
    for die, zone in (dice or {}).items():
        facts["dice_zone"][die] = zone
    return position(game or GAME, seed=1, options=opts, steps=[st if isinstance(st, tuple) else (st,) for st in steps],
                    log=[], strict=False, **facts)


def rest_of_round(first: str) -> list[str]:
    """The round's steps from ``first`` on (round_start included)."""
    return list(ROUND[ROUND.index(first):])


# ------------------------------------------------------------------ dice
def dice_of(colour: str) -> list[int]:
    return [d for d, c in enumerate(DIE_COLOUR) if c == colour]


def die(colour: str, n: int = 0) -> int:
    return dice_of(colour)[n]


FACE_INDEX = {"crit": 5, "hit": 4, "blank": 0}   # index 0 is a hit on the red die (ruling T-1)


def rig_rolls(s: Any, *faces: str) -> None:
    """The next rolls (in die order) land on these faces: 'crit', 'hit' or 'blank'."""
    s.rng = ScriptedRng(s.rng.state, [FACE_INDEX[f] for f in faces], first=0)


# ------------------------------------------------------------------ looking at a state
def ids(s: Any) -> list[str]:
    return [] if s.decision is None else [o.id for o in s.decision.options]


def halted(s: Any) -> bool:
    """The situation ran through its steps and stopped at ``HALT``."""
    return s.decision is not None and s.decision.kind == "choose_stat" and s.decision.prompt.startswith("halt")


def kind(s: Any) -> str | None:
    return None if s.decision is None else s.decision.kind


def events(s: Any, type_: str | None = None, since: int = 0) -> list[dict[str, Any]]:
    return [e for e in s.log_since(since) if type_ is None or e["type"] == type_]


def snapshot(s: Any) -> dict[str, Any]:
    """Everything that makes up a position, for 'nothing changed' checks."""
    snap = {name: getattr(s, name) for name in S._LISTS + S._SCALARS}
    snap = {k: (list(v) if isinstance(v, list) else v) for k, v in snap.items()}
    snap.update(stack=list(s.stack), pending=s.pending, decision=s.decision, rng=s.rng.state,
                log=s.log_length, choices=s.choices, over=s.is_over)
    return snap


def assert_illegal(s: Any, option_id: str, *must_mention: str) -> str:
    """``option_id`` is refused with an IllegalAction naming it (and ``must_mention``), and
    the position is exactly as before."""
    before = snapshot(s)
    with pytest.raises(woodlands.IllegalAction) as err:
        s.apply(option_id)
    msg = str(err.value)
    assert option_id in msg, msg
    for word in must_mention:
        assert word in msg, f"{word!r} not in {msg!r}"
    assert snapshot(s) == before
    return msg


def play(s: Any, *option_ids: str) -> None:
    for o in option_ids:
        s.apply(o)


def peek_at_level_10(first: str) -> tuple[Any, str]:
    """A difficulty 10 game (toward 5) played by first options to level 5's peek; the first
    card offered with ``first`` ("top:" or "bottom:") goes there, then the first "top:" one.
    Returns the game and the first option taken."""
    s = new_game(difficulty=10, mode="toward-5", seed=4)
    while kind(s) != "peek_forest":
        play(s, ids(s)[0])
    chosen = [o for o in ids(s) if o.startswith(first)][0]
    play(s, chosen)
    play(s, [o for o in ids(s) if o.startswith("top:")][0])
    return s, chosen
