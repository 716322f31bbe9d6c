"""The Cursed Forest's table model (present/table.py): built from a seat's view alone, so two
positions differing only in what a seat cannot know give that seat the same model; its ids are
unique in every position and stable from one to the next, so ``kit.table.diff`` of consecutive
positions says what the move changed."""
from __future__ import annotations

import random
from typing import Any

import pytest

import woodlands
from woodlands.engine.presentation import presentation_for
from woodlands.kit.table import Card, Table, Tile, Token, Track, diff

GAME = woodlands.load_game("cursed-forest")
P = presentation_for(GAME)


def model(state: woodlands.GameState, seat: int) -> Table:
    table = P.table_model(state.view(seat), seat)
    assert isinstance(table, Table)
    return table


def element(table: Table, ident: str) -> Any:
    return next((e for _, e in table.elements() if e.id == ident), None)


def _hidden(state: Any, seat: int) -> list[tuple[int, int]]:
    """(adventurer, item) for every item another seat's adventurer keeps face down."""
    return [(b, i) for b in range(state.n) if state.owner[b] != seat
            for i in list(state.inv[b]) + list(state.extras[b]) if i >= 0 and i not in state.shown]


@pytest.mark.rules("C-9")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_positions_differing_only_in_hidden_facts_give_a_seat_the_same_model(players: int) -> None:
    """The secrecy pattern of tests/test_hidden_facts.py: ``determinize(seat)`` reshuffles what
    ``seat`` cannot see (others' face-down items, the stack, the bags); the seat's model is equal.
    Hot-seat draws each screen from the deciding seat's own model, so this holds there too."""
    checked = swapped = 0
    for seed in (1, 2):
        state = GAME.new_game(seed=seed, options={"players": players})
        rng = random.Random(seed)
        for step in range(300):
            if state.is_over:
                break
            if step % 15 == 4:
                for seat in range(players):
                    twin = state.determinize(seat, seed * 1000 + step)
                    assert model(twin, seat) == model(state, seat), (seed, step, seat)
                    checked += 1
                    swapped += any(list(twin.inv[b]) != list(state.inv[b]) for b in range(state.n))
            state.apply(rng.choice(state.decision.options).id)
    assert checked >= 20 and swapped > 0, (checked, swapped)


def test_another_seats_face_down_item_is_a_face_down_card_and_the_holder_sees_its_name() -> None:
    """The converse, so the equality above is not vacuous: the seat holding the item sees it by
    name; any other seat sees a face-down card in that space and never the name."""
    state = GAME.new_game(seed=2, options={"players": 2})
    rng = random.Random(2)
    for _ in range(600):
        if state.is_over or _hidden(state, 0):
            break
        state.apply(rng.choice(state.decision.options).id)
    hidden = _hidden(state, 0)
    assert hidden, "seat 1 should have kept an item face down"
    b, i = hidden[0]
    name = GAME.content.items[i].name
    space = ("hand1", "hand2", "boots", "armour", "backpack")[list(state.inv[b]).index(i)] if i in state.inv[b] else None
    mine, theirs = model(state, state.owner[b]), model(state, 0)
    if space is not None:
        card = element(theirs, f"item-{b}-{space}")
        assert isinstance(card, Card) and "face-down" in card.state and card.name == "face down"
        assert element(mine, f"item-{b}-{space}").name == name
    shown_elsewhere = {e.name for _, e in theirs.elements() if isinstance(e, Card) and "face-down" not in e.state}
    if name not in shown_elsewhere:    # another copy may lie face up
        assert name not in repr(theirs)


def _consecutive(seed: int, players: int) -> list[tuple[Table, Table, Any]]:
    """(model before, model after, the choice) for a whole seeded game with random choices,
    each pair drawn for the seat that made the choice."""
    state = GAME.new_game(seed=seed, options=GAME.options_for_simulation({"players": players, "pvp": players > 2}))
    rng = random.Random(seed)
    out = []
    while not state.is_over:
        seat = state.decision.player
        before = model(state, seat)
        choice = rng.choice(state.decision.options)
        state.apply(choice.id)
        out.append((before, model(state, seat), choice))
    return out


@pytest.mark.parametrize("seed, players", [(1, 1), (2, 2), (3, 4)])
def test_every_id_is_unique_in_every_position_of_a_whole_game(seed: int, players: int) -> None:
    """``diff`` raises on an id seen twice in one table: run it over every pair of consecutive
    positions of a whole game (3 seeds, 1, 2 and 4 players, random choices)."""
    pairs = _consecutive(seed, players)
    assert len(pairs) > 50
    for before, after, _ in pairs:
        diff(before, after)


def test_consecutive_positions_give_a_sensible_diff() -> None:
    """A step moves the adventurer's figure (``at`` changes, same id) and spends AP (the AP
    track's value, its top too when the most AP changes); a laid tile is added under its square's id and stays; nothing that stays
    on the table changes id."""
    moved = laid = spent = 0
    for seed, players in ((2, 2), (3, 4)):
        seen_tiles: set[str] = set()
        for before, after, choice in _consecutive(seed, players):
            d = diff(before, after)
            tiles = {e.id for _, e in after.elements() if isinstance(e, Tile)}
            assert seen_tiles <= tiles, "a laid tile left the forest"
            new = tiles - seen_tiles
            assert set(d.added) >= new - {e.id for _, e in before.elements()}
            seen_tiles |= tiles
            laid += bool(new & set(d.added))
            if choice.verb == "move":
                figures = [i for i, fields in d.changed.items() if i.startswith("figure-") and "at" in fields]
                moved += bool(figures)
                for i in figures:
                    assert isinstance(element(after, i), Token) and element(before, i).at != element(after, i).at
            for i, fields in d.changed.items():
                if i.endswith("-ap"):
                    assert set(fields) <= {"value", "high"} and isinstance(element(after, i), Track)
                    spent += 1
            assert not (set(d.added) & set(d.removed))
    assert moved > 5 and laid > 5 and spent > 5, (moved, laid, spent)


def test_the_model_shows_what_the_old_drawings_showed() -> None:
    """Every number and name of the view is in the model: the header counts, each tile with its
    exits and kind, each adventurer's numbers and items, the fight and Morna Gûl."""
    state = GAME.new_game(seed=3, options={"players": 2})
    rng = random.Random(1)
    for _ in range(200):
        if state.is_over or (state.view(0).get("fight") and state.view(0)["players"][0]["position"]):
            break
        state.apply(rng.choice(state.decision.options).id)
    view = state.view(0)
    table = model(state, 0)
    words = repr(table)
    for key, ident in (("stack_size", "stack"), ("monsters_in_bag", "monsters-in-bag"), ("items_in_bag", "items-in-bag"),
                       ("seeds_laid", "seeds-laid"), ("round", "round")):
        assert element(table, ident).value == view[key]
    for t in view["tiles"]:
        tile = element(table, f"tile@{t['position'][0]},{t['position'][1]}")
        assert tile.exits == tuple(t["open"]) and tile.face == t["kind"] and tile.name == t["name"]
    for p in view["players"]:
        a = p["adventurer"]
        assert element(table, f"adventurer-{a}-health").value == p["health"]
        assert element(table, f"adventurer-{a}-health").high == p["max_health"]
        assert element(table, f"adventurer-{a}-ap").value == p["ap"] and element(table, f"adventurer-{a}-lives").value == p["lives"]
        assert element(table, f"adventurer-{a}-kills").value == p["kills"]
        assert element(table, f"adventurer-{a}-tally").value == p["tally"]
        assert p["name"] in words
    if view.get("fight"):
        assert f"foe health {view['fight']['foe_health']}" in element(table, "fight").text
    assert element(table, "deciding").text.startswith(P.seat_name(view, view["deciding"]))
    morna = dict(view, morna={"position": view["tiles"][0]["position"], "health": 20, "dice": 3, "modifier": 2})
    with_morna = P.table_model(morna, 0)
    assert "health 20, 3 dice +2" in element(with_morna, "morna").text
    assert element(with_morna, "figure-morna").at == "tile@{},{}".format(*view["tiles"][0]["position"])


def _mid_fight(seed: int = 1) -> woodlands.GameState:
    """Seed 1's game, random choices (seeded) up to a fight with a monster that has already taken
    damage in it: the tile's number in the view lags behind the fight's (it catches up when the
    fight is over)."""
    state = GAME.new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(800):
        view = state.view(0)
        fight = view.get("fight")
        if fight and fight["kind"] == "monster":
            at = view["players"][fight["adventurer"]]["position"]
            tile = next(t for t in view["tiles"] if t["position"] == at)
            if isinstance(tile["monster"], dict) and tile["monster"]["health"] != fight["foe_health"]:
                return state
        state.apply(rng.choice(state.decision.options).id)
    raise AssertionError("no fight with damage taken")


def test_the_foes_disc_on_the_map_says_the_fights_health_as_the_fight_panel_does() -> None:
    """A disc read 12 while the fight panel said health 6: the disc showed the tile's number,
    the health the monster had when the fight began.  Now both say the health left in the fight,
    each with its label (``M<n>``: the map's key says "monster health"; "foe health n")."""
    state = _mid_fight()
    view = state.view(0)
    fight = view["fight"]
    x, y = view["players"][fight["adventurer"]]["position"]
    on_tile = next(t for t in view["tiles"] if t["position"] == [x, y])["monster"]["health"]
    table = model(state, 0)
    disc, panel = element(table, f"monster@{x},{y}"), element(table, "fight")
    left = fight["foe_health"]
    assert on_tile != left         # the situation of the report: the two numbers differ in the view
    assert disc.mark == f"M{left}" and f"health {left}," in disc.name
    assert f"foe health {left}" in panel.text and f"health {left}," in panel.text
    assert "M<n>=monster health" in element(table, "key").text
    # another monster, in no fight, keeps its own number
    others = [t for t in view["tiles"] if isinstance(t["monster"], dict) and t["position"] != [x, y]]
    for t in others:
        assert element(table, "monster@{},{}".format(*t["position"])).mark == f"M{t['monster']['health']}"
