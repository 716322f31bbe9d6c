"""``state.determinize(seat, seed)`` (issue 10, "Per-seat information").

A determinized state is a full position the seat cannot tell from the real one: the same
``view(seat)``, ``log_for(seat)`` and decision, with the hidden orders (decks, the tile stack,
bags, other players' face-down items) drawn afresh and the generator reseeded.  From many
decisions of seeded random games of each game we check that, that it plays on legally, that it
is a function of ``(state, seat, seed)`` and that different seeds give different orders; a
chi-square test over many samples checks that the orders are drawn uniformly.
"""
from __future__ import annotations

import random
from collections import Counter
from typing import Any, Callable

import pytest

import woodlands
from woodlands.games.cursed_forest.inventory import carried

#: upper 0.1% points of the chi-square distribution, by degrees of freedom (scipy is not a
#: dependency; the values are the standard table's)
CHI2_999 = {1: 10.828, 2: 13.816, 3: 16.266, 4: 18.467, 5: 20.515, 6: 22.458, 7: 24.322, 8: 26.124,
            9: 27.877, 10: 29.588, 11: 31.264, 12: 32.909, 13: 34.528, 14: 36.123, 15: 37.697,
            16: 39.252, 17: 40.790, 18: 42.312, 19: 43.820, 20: 45.315, 21: 46.797, 22: 48.268,
            23: 49.728, 24: 51.179, 25: 52.620, 26: 54.052, 27: 55.476, 28: 56.892, 29: 58.301,
            30: 59.703}


def tanglewoods_hidden(s: Any, seat: int) -> tuple[Any, int]:
    decks = (s.forest_deck, s.map_deck, s.item_deck)
    return tuple(d[1:-1] for d in decks), max(len(d) - 2 for d in decks)


def storyfold_hidden(s: Any, seat: int) -> tuple[Any, int]:
    decks = (s.shadow_deck, s.explore_deck, s.creature_deck)
    return decks, max(len(d) for d in decks)


def cursed_forest_hidden(s: Any, seat: int) -> tuple[Any, int]:
    others = [carried(s, b) for b in range(s.n) if s.owner[b] != seat]
    lists = (s.tile_stack, s.monster_bag, s.item_bag)
    return (lists, others), max(len(x) for x in lists)


GAMES: list[tuple[str, list[dict[str, Any]], Callable[[Any, int], tuple[Any, int]], int]] = [
    ("tanglewoods", [{"difficulty": 0}, {"difficulty": 5}, {"difficulty": 10}], tanglewoods_hidden, 20),
    ("storyfold", [{}], storyfold_hidden, 4),
    ("cursed-forest", [{"players": 2}, {"players": 3}, {"players": 4, "pvp": True},
                       {"players": 1, "adventurers": 3}], cursed_forest_hidden, 4),
]
PARAMS = [pytest.param(*g, id=g[0]) for g in GAMES]


def seats(game: str, state: Any) -> list[int]:
    if game != "cursed-forest":
        return [0]
    owners = sorted(set(state.owner))
    return owners + [owners[-1] + 1]          # a spectator too


def positions(game: str, options: list[dict[str, Any]], games: int, every: int) -> Any:
    """Every ``every``-th position of ``games`` seeded random games, with the seats to try."""
    g = woodlands.load_game(game)
    for n in range(games):
        state = g.new_game(seed=500 + n, options=g.options_for_simulation(options[n % len(options)]))
        rng = random.Random(n)
        k = 0
        while not state.is_over and k < 300:
            if k % every == 0:
                for seat in seats(game, state):
                    yield state, seat
            state.apply(rng.choice(state.decision.options).id)
            k += 1


@pytest.mark.parametrize(("game", "options", "hidden", "games"), PARAMS)
def test_a_determinized_state_looks_the_same_to_its_seat_and_plays_on(
        game: str, options: list[dict[str, Any]], hidden: Callable[[Any, int], tuple[Any, int]], games: int) -> None:
    checked = varied = 0
    for k, (state, seat) in enumerate(positions(game, options, games, 5 if game == "cursed-forest" else 3)):
        before = (state.view(seat), state.log, state.rng.state, hidden(state, seat)[0])
        d = state.determinize(seat, k)
        assert type(d) is type(state) and d is not state
        assert d.view(seat) == state.view(seat)
        assert d.log_for(seat) == state.log_for(seat)
        assert d.decision == state.decision
        assert (state.view(seat), state.log, state.rng.state, hidden(state, seat)[0]) == before  # untouched
        # a function of (state, seat, seed); other seeds, other orders and other dice
        again = state.determinize(seat, k)
        assert hidden(again, seat)[0] == hidden(d, seat)[0] and again.rng.state == d.rng.state
        others = [state.determinize(seat, k + 1000 * j) for j in range(1, 8)]
        assert len({o.rng.state for o in others + [d]}) == 8
        if hidden(state, seat)[1] >= 3:
            varied += 1
            assert len({repr(hidden(o, seat)[0]) for o in others + [d]}) > 1
        # it plays on legally: random choices to the end, or 50 of them
        rng = random.Random(k)
        for _ in range(50):
            if d.is_over:
                break
            d.apply(rng.choice(d.decision.options).id)
        checked += 1
    assert checked > 100 and varied > 20


def chi_square(counts: Counter[Any], categories: list[Any]) -> float:
    total = sum(counts.values())
    expected = total / len(categories)
    return sum((counts[c] - expected) ** 2 / expected for c in categories)


def first_hidden(game: str, options: dict[str, Any], seed: int, moves: int, seat: int,
                 pick: Callable[[Any], Any], samples: int = 3000) -> tuple[Counter[Any], Any]:
    g = woodlands.load_game(game)
    state = g.new_game(seed=seed, options=g.options_for_simulation(options))
    rng = random.Random(seed)
    for _ in range(moves):
        state.apply(rng.choice(state.decision.options).id)
    return Counter(pick(state.determinize(seat, n)) for n in range(samples)), state


def test_the_chi_square_check_can_fail() -> None:
    """The converse: a sampler that gives one card of eight twice the chances of another is
    caught at 3,000 samples."""
    cats = list(range(8))
    fair = Counter({c: 375 for c in cats})
    skewed = Counter({c: 375 for c in cats}) + Counter({0: 125}) - Counter({7: 125})
    assert chi_square(fair, cats) < CHI2_999[7] < chi_square(skewed, cats)


def test_storyfold_decks_are_drawn_uniformly() -> None:
    counts, state = first_hidden("storyfold", {}, 3, 0, 0, lambda s: s.shadow_deck[-1])
    cats = sorted(set(state.shadow_deck))
    assert 3 <= len(cats) <= 31 and set(counts) == set(cats)
    assert chi_square(counts, cats) < CHI2_999[len(cats) - 1]


@pytest.mark.rules("T-10", "T-11")
def test_tanglewoods_middle_cards_are_drawn_uniformly() -> None:
    """The first hidden card of the Map Deck (below its visible top) is each middle card alike."""
    counts, state = first_hidden("tanglewoods", {"difficulty": 0}, 7, 3, 0, lambda s: s.map_deck[1])
    cats = sorted(set(state.map_deck[1:-1]))
    assert 3 <= len(cats) <= 31 and set(counts) == set(cats)
    assert chi_square(counts, cats) < CHI2_999[len(cats) - 1]


@pytest.mark.rules("C-9")
def test_cursed_forest_face_down_items_and_stack_are_drawn_uniformly() -> None:
    """Another player's face-down item is each item of its kind alike (from the bag or other
    hands); the tile stack's top is each tile alike."""
    g = woodlands.load_game("cursed-forest")
    for seed in range(40):
        state = g.new_game(seed=seed, options=g.options_for_simulation({"players": 2}))
        rng = random.Random(seed)
        for _ in range(400):
            if state.is_over:
                break
            held = [i for i in carried(state, 1) if i >= 0 and i not in state.shown]
            if held:
                break
            state.apply(rng.choice(state.decision.options).id)
        if held and not state.is_over:
            break
    else:
        pytest.fail("no position with a face-down item of another player")
    from woodlands.games.cursed_forest.hidden import named_items
    item = held[0]
    assert item not in named_items(state, 0)
    slot = state.content.items[item].slot
    cats = sorted(i for i in set(state.item_bag) | {item} if state.content.items[i].slot == slot)
    counts = Counter()
    stack = Counter()
    for n in range(3000):
        d = state.determinize(0, n)
        got = [i for i in carried(d, 1) if i >= 0 and state.content.items[i].slot == slot and i not in state.shown]
        counts[got[0]] += 1
        stack[d.tile_stack[-1]] += 1
    assert len(cats) >= 2 and set(counts) == set(cats)
    assert chi_square(counts, cats) < CHI2_999[min(len(cats) - 1, 30)]
    tiles = sorted(set(state.tile_stack))
    if 2 <= len(tiles) <= 31:
        assert chi_square(stack, tiles) < CHI2_999[len(tiles) - 1]


@pytest.mark.rules("TG-118", "T-10", "T-11")
def test_tanglewoods_cards_placed_by_difficulty_5_stay_where_the_player_put_them() -> None:
    """Both lifted cards sent to the bottom: the player knows the last two cards of the Forest
    Deck (and, waiting, the two it holds), so no sample moves them."""
    from tests.tanglewoods.helpers import ids, kind, new_game, play
    s = new_game(difficulty=5, mode="toward-5", seed=4)
    while kind(s) != "peek_forest":
        play(s, ids(s)[0])
    lifted = s.forest_deck[:2]
    waiting = [s.determinize(0, n).forest_deck[:2] for n in range(30)]
    assert all(w == lifted for w in waiting)
    play(s, [o for o in ids(s) if o.startswith("bottom:")][0])
    play(s, [o for o in ids(s) if o.startswith("bottom:")][0])
    assert kind(s) != "peek_forest" and sorted(s.forest_deck[-2:]) == sorted(lifted)
    samples = [s.determinize(0, n).forest_deck for n in range(30)]
    assert all(d[-2:] == s.forest_deck[-2:] and d[0] == s.forest_deck[0] for d in samples)
    assert len({tuple(d) for d in samples}) > 1


@pytest.mark.rules("C-1")
def test_cursed_forest_a_tile_seen_going_under_the_stack_stays_there() -> None:
    g = woodlands.load_game("cursed-forest")
    for seed in range(20):
        s = g.new_game(seed=seed, options=g.options_for_simulation({"players": 2}))
        rng = random.Random(seed)
        while not s.is_over and not any(e["type"] == "lost" for e in s.log):
            s.apply(rng.choice(s.decision.options).id)
        if not s.is_over:
            break
    else:
        pytest.fail("no tile went under the stack")
    under = s.tile_stack[0]
    assert s.content.tiles[under].id == [e for e in s.log if e["type"] == "lost"][-1]["tile"]
    samples = [s.determinize(seat, n) for seat in (0, 1, 2) for n in range(10)]
    assert all(d.tile_stack[0] == under and d.pit_monsters == s.pit_monsters for d in samples)
    assert len({tuple(d.tile_stack) for d in samples}) > 1


@pytest.mark.rules("C-9")
def test_cursed_forest_a_drawn_item_waiting_to_be_stowed_is_re_drawn() -> None:
    """Two items won at once: the second waits on the stack, not yet named to anyone, so it is
    any hidden item; the one being stowed is named by the decision and stays."""
    g = woodlands.load_game("cursed-forest")
    for seed in range(60):
        s = g.new_game(seed=seed, options=g.options_for_simulation({"players": 2}))
        rng = random.Random(seed)
        while not s.is_over and not any(step[0] == "stow_item" for step in s.stack):
            s.apply(rng.choice(s.decision.options).id)
        if not s.is_over:
            break
    else:
        pytest.fail("no item waited to be stowed")
    waiting = [step[2] for step in s.stack if step[0] == "stow_item"]
    samples = [s.determinize(0, n) for n in range(20)]
    got = {tuple(step[2] for step in d.stack if step[0] == "stow_item") for d in samples}
    assert len(got) > 1 and all(len(w) == len(waiting) for w in got)
    for d in samples:
        assert d.decision == s.decision and d.pending == s.pending
        everywhere = [x.item_bag + [step[2] for step in x.stack if step[0] == "stow_item"]
                      + [i for b in range(x.n) for i in carried(x, b)] for x in (d, s)]
        assert sorted(everywhere[0]) == sorted(everywhere[1])
        while not d.is_over and any(step[0] == "stow_item" for step in d.stack + [d.pending or ("",)]):
            d.apply(d.decision.options[0].id)


def test_a_game_that_does_not_say_what_is_hidden_cannot_be_determinized() -> None:
    from woodlands.engine.state import GameState

    class Bare(GameState):
        pass
    state = woodlands.load_game("storyfold").new_game(seed=1)
    bare = object.__new__(Bare)
    bare.game, bare._choices, bare.rng = state.game, state._choices, state.rng
    bare.clone = lambda: bare  # type: ignore[method-assign]
    with pytest.raises(NotImplementedError, match="_resample_hidden"):
        bare.determinize(0, 1)
