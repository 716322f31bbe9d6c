"""``state.redraw_unseen(seed)``: every hidden fact that no seat has seen is drawn afresh, and
nothing any seat has seen changes; the record lists each redraw and replays it at its place.

A table made from a record whose maker chose its seed must not have a future that maker knows:
the web server redraws such a game (tests/web/test_import_future.py).  Here, for each game (the
toy game of tests/toy_game too), along seeded random games: every seat's view and log, the
decision and the full log stay as they were; the unseen parts (deck middles, bags, the tile
stack, the generator) change for most seeds, and so does what happens next; two positions that
differ only in unseen facts become the same position; and a record with redraws replays to its
digest.
"""
from __future__ import annotations

import json
import random
from typing import Any, Callable

import pytest

import woodlands
from woodlands.engine.errors import RecordError
from woodlands.games.cursed_forest.inventory import carried

from .every_game import CASES, fingerprint, harness_games_registered


@pytest.fixture(scope="module", autouse=True)
def _harness_games_registered():
    """The toy game is registered for this module's tests only (as in test_every_game.py)."""
    with harness_games_registered():
        yield


def tanglewoods_unseen(s: Any) -> Any:
    """Each deck but for its seen top face and bottom underside (T-10, T-11; the Item Deck's top
    lies under the Merchant Card, T-25)."""
    return [s.forest_deck[1:-1], s.map_deck[1:-1], s.item_deck[:-1]]


def storyfold_unseen(s: Any) -> Any:
    return [s.shadow_deck, s.explore_deck, s.creature_deck, s.chapter_deck]


def cursed_forest_unseen(s: Any) -> Any:
    """The stack, the monster bag, and the item bag with the drawn items that wait on the step
    stack to be stowed (no seat has seen them yet)."""
    return [s.tile_stack, s.monster_bag, s.item_bag + [step[2] for step in s.stack if step[0] == "stow_item"]]


def toy_unseen(s: Any) -> Any:
    return []


UNSEEN: dict[str, Callable[[Any], Any]] = {"tanglewoods": tanglewoods_unseen, "storyfold": storyfold_unseen,
                                           "cursed-forest": cursed_forest_unseen, "toy": toy_unseen}
#: option sets with several seats where the game has them
OPTIONS: dict[str, list[dict[str, Any]]] = {
    "tanglewoods": [{"difficulty": 0}, {"difficulty": 5}, {"difficulty": 10}],
    "storyfold": [{}],
    "cursed-forest": [{"players": 2}, {"players": 3}, {"players": 4, "pvp": True}, {"players": 1, "adventurers": 3}],
    "toy": [{"players": 2, "target": 50}, {"players": 1, "target": 40}],
}
GAMES = sorted(UNSEEN)


def test_every_game_of_the_harness_is_covered() -> None:
    assert set(GAMES) == set(CASES)


def seats_of(state: Any) -> list[int]:
    """Every seat of the game and one more (a spectator)."""
    players = state.options.get("players", 1)
    return list(range(players)) + [players]


def seen(state: Any) -> Any:
    """Everything any seat may know: each seat's view and log, the decision, the full log."""
    return json.dumps({"views": [state.view(k) for k in seats_of(state)],
                       "logs": [state.log_for(k) for k in seats_of(state)],
                       "decision": repr(state.decision), "log": state.log, "over": state.is_over},
                      sort_keys=True, default=str)


def positions(game_id: str, games: int, every: int) -> Any:
    """Every ``every``-th position of ``games`` seeded random games of ``game_id`` (four times as
    many of the toy game, whose games are short)."""
    g = woodlands.load_game(game_id)
    games *= 4 if game_id == "toy" else 1
    for n in range(games):
        options = OPTIONS[game_id][n % len(OPTIONS[game_id])]
        state = g.new_game(seed=424242 + n, options=g.options_for_simulation(options))
        rng = random.Random(n)
        k = 0
        while not state.is_over and k < 240:
            if k % every == 0:
                yield state
            state.apply(rng.choice(state.decision.options).id)
            k += 1


def diverges(a: Any, b: Any, rng: random.Random, steps: int = 40) -> bool:
    """Do ``a`` and ``b`` (changed in place) part ways when the same choices are made in both?"""
    for _ in range(steps):
        if a.log != b.log or a.is_over != b.is_over or repr(a.decision) != repr(b.decision):
            return True
        if a.is_over:
            return False
        choice = rng.choice(a.decision.options).id
        a.apply(choice)
        b.apply(choice)
    return a.log != b.log


@pytest.mark.parametrize("game_id", GAMES)
def test_a_redraw_keeps_what_any_seat_has_seen_and_changes_the_future(game_id: str) -> None:
    unseen = UNSEEN[game_id]
    checked = changed = futures = parted = 0
    for k, state in enumerate(positions(game_id, 6, 7)):
        before = (seen(state), repr(unseen(state)), state.rng.state, state.record())
        twin = state.clone()
        twin.redraw_unseen(1000 + k)
        assert seen(twin) == before[0]
        assert (seen(state), repr(unseen(state)), state.rng.state, state.record()) == before   # the clone's alone
        if game_id == "cursed-forest":           # every face-down item stays where it was
            assert [carried(twin, b) for b in range(twin.n)] == [carried(state, b) for b in range(state.n)]
            assert [step for step in twin.stack if step[0] != "stow_item"] == \
                [step for step in state.stack if step[0] != "stow_item"]
        assert sorted(map(sorted, unseen(twin))) == sorted(map(sorted, unseen(state)))   # the same cards
        assert twin.rng.state != state.rng.state
        if any(len(part) >= 3 for part in unseen(state)):
            changed += unseen(twin) != unseen(state)
            checked += 1
        if not state.is_over:
            futures += 1
            parted += diverges(state.clone(), twin, random.Random(k))
    if game_id != "toy":
        assert checked > 20 and changed >= 0.9 * checked, (changed, checked)
    assert futures > 20 and parted >= 0.6 * futures, (parted, futures)


@pytest.mark.parametrize("game_id", GAMES)
def test_positions_that_differ_only_in_unseen_facts_are_one_position_after_a_redraw(game_id: str) -> None:
    """The redraw owes nothing to the order it found: whoever knew it learns nothing of the new
    one.  Two positions that differ only in what no seat has seen look the same to every seat,
    before the redraw and after it; with one seed they become the same position, unlike the
    position before it."""
    unseen = UNSEEN[game_id]
    differed = 0
    for k, state in enumerate(positions(game_id, 4, 11)):
        other = state.clone()
        other.redraw_unseen(7_000 + k)           # the same game as far as any seat knows
        assert seen(other) == seen(state)
        differed += unseen(other) != unseen(state) or other.rng.state != state.rng.state
        a, b = state.clone(), other.clone()
        a.redraw_unseen(99)
        b.redraw_unseen(99)
        assert seen(a) == seen(b) == seen(state)
        assert unseen(a) == unseen(b) and a.rng.state == b.rng.state
        assert fingerprint(a) == fingerprint(b)
    assert differed > 10


@pytest.mark.parametrize("game_id", GAMES)
def test_a_record_with_redraws_replays_to_its_digest(game_id: str) -> None:
    g = woodlands.load_game(game_id)
    for n in range(4):
        options = OPTIONS[game_id][n % len(OPTIONS[game_id])]
        state = g.new_game(seed=424242 + n, options=g.options_for_simulation(options))
        rng = random.Random(n)
        plain = state.record()
        # no redraw: no redraws field; every record now names its pack's fingerprint (version 3)
        assert plain["version"] == 3 and "redraws" not in plain
        assert plain["content"]["fingerprint"] == g.content.fingerprint
        for step in range(120):
            if state.is_over:
                break
            if step in (0, 10, 11, 50):
                state.redraw_unseen(rng.getrandbits(64))
            state.apply(rng.choice(state.decision.options).id)
        state.redraw_unseen(5)                   # one after the last choice too
        record = json.loads(json.dumps(state.record()))
        assert record["version"] == 3
        assert [r["at"] for r in record["redraws"]] == [*(a for a in (0, 10, 11, 50) if a < len(record["choices"])),
                                                        len(record["choices"])]
        again = woodlands.replay(record)
        assert fingerprint(again) == fingerprint(state)
        assert again.record() == record and again.redraws == state.redraws
        # the same record as a version 2 one (made before packs had fingerprints) replays too
        older = {**record, "version": 2, "content": {k: v for k, v in record["content"].items() if k != "fingerprint"}}
        assert fingerprint(woodlands.replay(older)) == fingerprint(state)
        # the digest holds the redraws to their places: without them, or moved, the same
        # choices lead elsewhere (or nowhere), and the record is refused
        if game_id != "toy":
            for forged in ({k: v for k, v in record.items() if k != "redraws"},
                           dict(record, redraws=[dict(r, seed=r["seed"] ^ 1) for r in record["redraws"]])):
                with pytest.raises(RecordError):
                    woodlands.replay(forged)


def test_undo_never_goes_back_past_a_redraw() -> None:
    """Taking back the choice before a redraw would bring the old future back."""
    undone = 0
    for k, state in enumerate(positions("cursed-forest", 3, 5)):
        if state.is_over:
            continue
        state = state.clone()
        state.redraw_unseen(k)
        assert not state.can_undo()
        # a choice that draws and rolls nothing may be taken back after it; the redraw stays
        for option in state.decision.options:
            twin = state.clone().keep_undo()
            twin.apply(option.id)
            if twin.can_undo():
                back = twin.undo()
                assert fingerprint(back) == fingerprint(state) and back.redraws == state.redraws
                assert not back.can_undo()
                undone += 1
                break
    assert undone > 5

@pytest.mark.parametrize("bad", [-1, 1 << 64, True, 1.0, "7", None])
def test_a_bad_seed_is_refused_and_changes_nothing(bad: Any) -> None:
    state = woodlands.load_game("cursed-forest").new_game(seed=1, options={"players": 2})
    before = fingerprint(state)
    with pytest.raises(ValueError, match="seed"):
        state.redraw_unseen(bad)
    assert fingerprint(state) == before and state.redraws == ()


def a_record_with_redraws() -> dict[str, Any]:
    state = woodlands.load_game("cursed-forest").new_game(seed=424242, options={"players": 2})
    rng = random.Random(2)
    for _ in range(12):
        state.apply(rng.choice(state.decision.options).id)
    state.redraw_unseen(77)
    state.apply(state.decision.options[0].id)
    return state.record()


@pytest.mark.parametrize(("change", "message"), [
    ({"version": 1}, "needs record version 2"),
    ({"version": 4}, "version 4 is not supported"),
    ({"redraws": {"at": 12, "seed": 77}}, "must be a list"),
    ({"redraws": [[12, 77]]}, "exactly 'at' and 'seed'"),
    ({"redraws": [{"at": 12, "seed": 77, "by": "me"}]}, "exactly 'at' and 'seed'"),
    ({"redraws": [{"at": 99, "seed": 77}]}, "'at' must be a number of choices made, from 0 to 13"),
    ({"redraws": [{"at": -1, "seed": 77}]}, "'at' must be"),
    ({"redraws": [{"at": True, "seed": 77}]}, "'at' must be"),
    ({"redraws": [{"at": 12, "seed": 1 << 64}]}, "'seed' must be"),
    ({"redraws": [{"at": 12, "seed": "77"}]}, "'seed' must be"),
    ({"redraws": [{"at": 12, "seed": 77}, {"at": 3, "seed": 1}]}, "in the order they were made"),
])
def test_a_malformed_redraw_is_refused_in_words(change: dict[str, Any], message: str) -> None:
    record = a_record_with_redraws()
    woodlands.replay(record)                        # (the record itself is good)
    with pytest.raises(RecordError, match=message):
        woodlands.replay(dict(record, **change))


def test_a_version_2_record_without_redraws_loads() -> None:
    state = woodlands.load_game("storyfold").new_game(seed=4)
    state.apply(state.decision.options[0].id)
    record = dict(state.record(), version=2)
    assert fingerprint(woodlands.replay(record)) == fingerprint(state)


def test_a_game_that_does_not_say_what_is_unseen_cannot_redraw() -> None:
    from woodlands.engine.state import GameState

    class Bare(GameState):
        pass
    state = woodlands.load_game("storyfold").new_game(seed=1)
    bare = object.__new__(Bare)
    bare.game, bare._choices, bare.rng = state.game, state._choices, state.rng
    with pytest.raises(NotImplementedError, match="_redraw_unseen"):
        bare.redraw_unseen(1)
