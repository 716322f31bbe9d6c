"""Hidden facts stay hidden (issue 10, "Per-seat information").

Two positions that differ only in facts hidden from a seat must look the same to that seat:
equal ``view(seat)``, equal ``log_for(seat)`` and, when that seat decides, the same decision
(prompt, option labels, the options' meaning and data, the decision's data).  From many decisions of seeded random games of
each game we make such a twin with ``clone()`` and change what the seat cannot know: the hidden
order of decks, the tile stack and bags (Tanglewoods keeps each deck's two visible faces, T-10,
and every card its side, T-11), the Cursed Forest's other players' face-down items (swapped
with items of the same kind from the bag or from each other, C-9), and the generator's state
(future dice are hidden too).  The two are compared there, and then played on with the same
choices (an item's id in a choice follows the swap) for as long as nothing is revealed: no
event of the game's ``REVEALING`` kinds, no use of chance, no item turned face up.  So the
log's redaction is tested on the events of the play that follows, for instance another player
moving or handing over a face-down item.

The same comparison runs with the twins ``state.determinize(seat, seed)`` makes
(tests/test_determinize.py checks the rest of it).

The converse checks show the test can fail: a leaking variant (the full ``state.log``, or a
view with the hidden order in it) tells the twins apart.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, Callable

import pytest

import woodlands
from woodlands.engine.rng import Rng
from woodlands.games.cursed_forest.inventory import needs_both_hands
from woodlands.games.cursed_forest.state import EMPTY, POISON

FORWARD = 10    # choices played on from each twin pair, at most


# ------------------------------------------------------------------ making twins
def shuffled(rng: random.Random, cards: list[int]) -> list[int]:
    out = cards[:]
    rng.shuffle(out)
    return out


def tanglewoods_twin(s: Any, seat: int, rng: random.Random) -> dict[str, str]:
    """T-10: of a deck only its top card's face and its bottom card's underside are seen, so
    only the cards between them are reordered (with their sides, T-11), and not the cards the
    player is looking at (Difficulty 5's two lifted cards, named in the pending step)."""
    seen = {y for x in (s.pending or ())[1:] for y in (x if isinstance(x, tuple) else (x,)) if isinstance(y, int)}
    for name in ("forest_deck", "map_deck", "item_deck"):
        deck = getattr(s, name)
        at = [k for k in range(1, len(deck) - 1) if deck[k] not in seen]
        for k, code in zip(at, shuffled(rng, [deck[k] for k in at])):
            deck[k] = code
    return {}


def storyfold_twin(s: Any, seat: int, rng: random.Random) -> dict[str, str]:
    """The face-down decks show only their size."""
    for name in ("shadow_deck", "explore_deck", "creature_deck", "chapter_deck"):
        setattr(s, name, shuffled(rng, getattr(s, name)))
    return {}


def cursed_forest_twin(s: Any, seat: int, rng: random.Random) -> dict[str, str]:
    """C-9: each face-down item of another player's adventurer is swapped with a hidden item of
    the same kind (same slot, held in one or both hands alike): one from the bag or another
    such face-down item.  Returns the swaps by item id, both ways, for the choices that follow."""
    items = s.content.items
    swaps: dict[str, str] = {}
    hidden: list[tuple[int, int]] = []      # (adventurer, item)
    for b in range(s.n):
        if s.owner[b] == seat:
            continue
        for i in dict.fromkeys(list(s.inv[b]) + list(s.extras[b])):
            if i not in (EMPTY, POISON) and i not in s.shown and i != s.f_enchant:
                hidden.append((b, i))
    pool = [(-1, i) for i in s.item_bag] + hidden
    done: set[int] = set()
    for b, i in hidden:
        if i in done:
            continue
        kin = [(c, j) for c, j in pool if j != i and j not in done and items[j].slot == items[i].slot
               and needs_both_hands(s, b, items[j]) == needs_both_hands(s, b, items[i])
               and (c < 0 or needs_both_hands(s, c, items[i]) == needs_both_hands(s, c, items[j]))]
        if not kin:
            continue
        c, j = rng.choice(kin)
        _exchange(s, b, i, c, j)
        done.update((i, j))
        swaps[items[i].id], swaps[items[j].id] = items[j].id, items[i].id
    s.tile_stack = shuffled(rng, s.tile_stack)
    s.monster_bag = shuffled(rng, s.monster_bag)
    s.item_bag = shuffled(rng, s.item_bag)
    s.pit_monsters = shuffled(rng, s.pit_monsters)
    return swaps


def _exchange(s: Any, b: int, i: int, c: int, j: int) -> None:
    """Item ``i`` held by adventurer ``b`` and item ``j`` held by ``c`` (the bag if ``c < 0``)
    change places."""
    def where(a: int) -> list[list[int]]:
        return [s.item_bag] if a < 0 else [s.inv[a], s.extras[a]]
    for lst in where(b):
        lst[:] = [-99 if x == i else x for x in lst]
    for lst in where(c):
        lst[:] = [i if x == j else x for x in lst]
    for lst in where(b):
        lst[:] = [j if x == -99 else x for x in lst]


@dataclass(frozen=True)
class Case:
    game: str
    options: list[dict[str, Any]]
    twin: Callable[[Any, int, random.Random], dict[str, str]]
    #: the hidden order a leaking view would show
    secret: Callable[[Any], Any]
    #: what a step may show the seat besides the events of REVEALING (an item turned face up
    #: or handed to the seat): the play stops comparing when it changes
    turned_up: Callable[[Any, int], Any] = lambda s, seat: None
    #: random games played (short games need more)
    games: int = 6

    def seats(self, state: woodlands.GameState) -> list[int]:
        """Every player, and one seat more: a spectator sees only what all may see."""
        view = state.view(0)
        players = view.get("players")
        owners = {p["player"] for p in players} if isinstance(players, list) else {0}
        return sorted(owners) + [max(owners) + 1] if self.game == "cursed-forest" else [0]


CASES = [
    pytest.param(Case("tanglewoods", [{"difficulty": 0}, {"difficulty": 5}, {"difficulty": 10}], tanglewoods_twin,
                      lambda s: (s.forest_deck, s.map_deck, s.item_deck, s.rng.state), games=20),
                 marks=pytest.mark.rules("T-10", "T-11"), id="tanglewoods"),
    pytest.param(Case("storyfold", [{}], storyfold_twin,
                      lambda s: (s.shadow_deck, s.explore_deck, s.creature_deck, s.rng.state)), id="storyfold"),
    pytest.param(Case("cursed-forest", [{"players": 2}, {"players": 3}, {"players": 4, "pvp": True},
                                        {"players": 1, "adventurers": 3}],
                      cursed_forest_twin, lambda s: (s.tile_stack, s.item_bag, s.inv, s.rng.state),
                      turned_up=lambda s, seat: (len(s.shown), sorted(
                          i for b in range(s.n) if s.owner[b] == seat for i in s.inv[b] + s.extras[b]))),
                 marks=pytest.mark.rules("C-9"), id="cursed-forest"),
]


# ------------------------------------------------------------------ playing twins on
def follow(choice: str, swaps: dict[str, str]) -> str:
    return ":".join(swaps.get(part, part) for part in choice.split(":"))


def quiet_step(case: Case, s: Any, seat: int, choice: str) -> bool:
    """Apply ``choice``; True when the step revealed nothing to ``seat`` (no REVEALING event,
    no chance, nothing turned face up or handed to it)."""
    n, rng, up = s.log_length, s.rng.state, case.turned_up(s, seat)
    s.apply(choice)
    return (s.rng.state == rng and case.turned_up(s, seat) == up
            and not any(e["type"] in s.REVEALING for e in s.log_since(n)))


def twins_seen(case: Case, seed: int, facts: Callable[[Any, int, int], Any],
               every: int = 2, games: int = 0) -> tuple[int, int]:
    """Play ``games`` random games (the case's number by default); at every ``every``-th decision make twins for each seat and
    compare ``facts(state, seat, branch)`` of the two there and along the quiet play after.
    Returns (comparisons, differences)."""
    game = woodlands.load_game(case.game)
    compared = differed = 0
    for g in range(games or case.games):
        options = game.options_for_simulation(case.options[g % len(case.options)])
        state = game.new_game(seed=seed + g, options=options)
        rng = random.Random(seed + g)
        k = 0
        while not state.is_over and k < 400:
            if k % every == 0:
                for seat in case.seats(state):
                    branch = state.log_length
                    a, b = state.clone(), state.clone()
                    swaps = case.twin(b, seat, rng)
                    b.rng = Rng(rng.getrandbits(64))
                    plays = random.Random(k)
                    for _ in range(FORWARD + 1):
                        compared += 1
                        differed += facts(a, seat, branch) != facts(b, seat, branch)
                        if a.is_over or b.is_over:
                            break
                        choice = plays.choice(a.decision.options).id
                        mirrored = follow(choice, swaps)
                        if b.decision is None or mirrored not in b.decision.ids:
                            break
                        quiet = quiet_step(case, a, seat, choice)
                        if not (quiet_step(case, b, seat, mirrored) and quiet):
                            break
            state.apply(rng.choice(state.decision.options).id)
            k += 1
    return compared, differed


def seen_by(s: Any, seat: int, branch: int) -> Any:
    """What ``seat`` sees: its view, its log, and, when it is the one deciding, the decision
    as a client shows it (prompt, labels, each option's meaning and data, the decision's data)."""
    d = s.decision
    asked = None
    if d is not None and d.player == seat:
        asked = (d.kind, d.prompt, d.data, [(o.label, o.meaning(), o.data) for o in d.options])
    return s.view(seat), s.log_for(seat), s.log_for(seat, branch), asked


@pytest.mark.parametrize("case", CASES)
def test_twins_that_differ_only_in_hidden_facts_look_the_same(case: Case) -> None:
    compared, differed = twins_seen(case, 100, seen_by)
    assert compared > 200
    assert differed == 0


def determinized_twin(s: Any, seat: int, rng: random.Random) -> dict[str, str]:
    """The twin ``state.determinize(seat, seed)`` makes (tests/test_determinize.py), put in
    place of ``s``; returns what each of another player's items became, by item id."""
    d = s.determinize(seat, rng.getrandbits(32))
    swaps: dict[str, str] = {}
    if hasattr(s, "inv"):
        items = s.content.items
        for b in range(s.n):
            for x, y in zip(s.inv[b] + s.extras[b], d.inv[b] + d.extras[b]):
                if x != y and x >= 0:
                    swaps[items[x].id] = items[y].id
    d._clone_into(s)
    s.rng = d.rng
    return swaps


@pytest.mark.parametrize("case", CASES)
def test_determinized_twins_look_the_same(case: Case) -> None:
    """The same, with the twin ``determinize`` makes in place of the hand-made one."""
    compared, differed = twins_seen(replace(case, twin=determinized_twin), 200, seen_by, every=4,
                                   games=3 if case.game == "cursed-forest" else 0)
    assert compared > 150
    assert differed == 0


@pytest.mark.parametrize("case", CASES)
def test_a_leaking_view_tells_the_twins_apart(case: Case) -> None:
    """The converse: with the hidden order added to the view, the same twins differ, so the
    test above compares positions that really are different."""
    compared, differed = twins_seen(case, 100, lambda s, seat, branch: (seen_by(s, seat, branch), case.secret(s)),
                                    games=1)
    assert differed > compared // 2


@pytest.mark.rules("C-9")
def test_the_full_log_tells_the_cursed_forest_twins_apart() -> None:
    """The converse for the log: ``state.log`` names the swapped face-down items when their
    holders move or hand them over; ``log_for`` of another seat does not (the test above)."""
    case = CASES[2].values[0]
    compared, differed = twins_seen(case, 100, lambda s, seat, branch: (s.view(seat), s.log_since(branch)))
    assert compared > 200 and differed > 0
