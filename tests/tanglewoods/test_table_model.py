"""Tanglewoods' table model (present/table.py): built from a seat's view alone, with ids that
stay put from one position to the next, and drawn by the generic web and terminal code."""
from __future__ import annotations

import random
from typing import Any

import pytest
from rich.console import Console

import woodlands
from tests.support import position, visible_text
from woodlands.cli.table import table_for
from woodlands.engine.presentation import presentation_for
from woodlands.games.tanglewoods.present.table import ARROW
from woodlands.kit.table import Card, Die, Table, Token, Track, diff
from woodlands.web.render import render_table

GAME = woodlands.load_game("tanglewoods")
P = presentation_for(GAME)


def model(state: Any) -> Table:
    table = P.table_model(state.view(0), 0)
    assert isinstance(table, Table)
    return table


def _random_play(seed: int, steps: int, options: dict[str, Any] | None = None) -> Any:
    state = GAME.new_game(seed=seed, options=options or {"difficulty": 0})
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.decision.options).id)
    return state


def _middle_reversed(deck: list[int]) -> list[int]:
    """T-10: of a deck only the top card's face and the bottom card's underside are seen; the
    cards between them, in another order, are a fact hidden from the player."""
    return deck[:1] + deck[1:-1][::-1] + deck[-1:] if len(deck) > 3 else list(deck)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_positions_differing_only_in_hidden_order_make_the_same_model(seed: int) -> None:
    """The secrecy pattern of tests/test_hidden_facts.py, on the model: two positions with the
    same choices, one with the middle of every deck reordered, give equal models (and equal
    pages); the converse, a deck's top card changed, is seen."""
    played = _random_play(seed, 30 + 7 * seed)
    choices = list(played.choices)
    same = position(GAME, seed=seed, options={"difficulty": 0}, choices=choices)
    decks = {name: getattr(same, name) for name in ("forest_deck", "map_deck", "item_deck")}
    twin = position(GAME, seed=seed, options={"difficulty": 0}, choices=choices,
                    **{name: _middle_reversed(deck) for name, deck in decks.items()})
    assert any(getattr(twin, n) != d for n, d in decks.items()), "nothing hidden was changed"
    assert model(twin) == model(same)
    assert model(twin).as_dict() == model(same).as_dict()
    assert str(render_table(GAME, twin.view(0), 0)) == str(render_table(GAME, same.view(0), 0))
    # the test can fail: the forest deck's top face is seen, so swapping it in is told apart
    deck = decks["forest_deck"]
    assert len(deck) > 3 and deck[0] // 2 != deck[1] // 2
    shown = position(GAME, seed=seed, options={"difficulty": 0}, choices=choices,
                     forest_deck=[deck[1], deck[0]] + deck[2:])
    assert "forest-top" in diff(model(same), model(shown)).changed


def test_a_determinized_twin_makes_the_same_model() -> None:
    """Twins from ``state.determinize`` (everything the seat cannot know redrawn) at many
    points of a seeded game give the same model as the real state."""
    checked = 0
    for seed in (4, 5, 6):
        state = GAME.new_game(seed=seed, options={"difficulty": 5})
        rng = random.Random(seed)
        for step in range(300):
            if state.is_over:
                break
            if step % 6 == 3:
                assert model(state.determinize(0, step)) == model(state)
                checked += 1
            state.apply(rng.choice(state.decision.options).id)
    assert checked >= 8


def test_a_roll_changes_the_committed_dice_values_and_their_ids_stay() -> None:
    """Committing dice moves them from the pool to the committed zone under the same ids; the
    roll then changes only their values (and nothing is added or removed among the dice)."""
    state = GAME.new_game(seed=5, options={"difficulty": 0})
    rng = random.Random(2)
    before = None
    for _ in range(400):
        ids = [o.id for o in state.decision.options]
        if "roll" in ids and state.view(0)["committed_dice"]:
            before = model(state)
            state.apply("roll")
            break
        commit = next((i for i in ids if i.startswith("commit")), None)
        state.apply(commit or rng.choice(ids))
    assert before is not None, "no roll reached"
    after = model(state)
    change = diff(before, after)
    dice_before = {e.id: e for _, e in before.elements() if isinstance(e, Die)}
    dice_after = {e.id: e for _, e in after.elements() if isinstance(e, Die)}
    assert set(dice_before) == set(dice_after) and len(dice_after) == 17
    rolled = [i for i, d in dice_after.items() if "committed" in d.state]
    assert rolled and all(dice_before[i].value is None and dice_after[i].value is not None for i in rolled)
    assert all("value" in change.changed[i] for i in rolled)
    assert {i for i in change.changed if i.startswith("die-")} == set(rolled)


def test_committing_a_die_moves_it_under_its_id() -> None:
    state = GAME.new_game(seed=5, options={"difficulty": 0})
    rng = random.Random(2)
    for _ in range(400):
        ids = [o.id for o in state.decision.options]
        commit = next((i for i in ids if i.startswith("commit")), None)
        if commit:
            before = model(state)
            state.apply(commit)
            change = diff(before, model(state))
            moved = [i for i, fields in change.changed.items() if i.startswith("die-") and "region" in fields]
            assert len(moved) == 1 and not [i for i in change.added + change.removed if i.startswith("die-")]
            assert moved[0].startswith(f"die-{commit.split(':')[1]}-")
            return
        state.apply(rng.choice(ids))
    raise AssertionError("no commit reached")


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_every_id_is_unique_and_stable_over_a_whole_game(seed: int) -> None:
    """Over a whole random game, every model has each id once (diff raises otherwise), the 17
    dice are always there under the same ids, and a card keeps its card id wherever it lies."""
    state = GAME.new_game(seed=seed, options={"difficulty": seed % 11})
    rng = random.Random(seed)
    last = model(state)
    dice = {e.id for _, e in last.elements() if isinstance(e, Die)}
    assert len(dice) == 17
    seen_cards: dict[str, str] = {}
    positions = 0
    while not state.is_over:
        state.apply(rng.choice(state.decision.options).id)
        now = model(state)
        change = diff(last, now)          # raises on an id seen twice in a table
        assert not [i for i in change.added + change.removed if i.startswith("die-")]
        assert {e.id for _, e in now.elements() if isinstance(e, Die)} == dice
        for region, e in now.elements():
            if isinstance(e, Card) and region.id in ("tableau", "drawn", "items", "bears"):
                # a card id is always the same card: never another sort of card
                assert seen_cards.setdefault(e.id, e.family) == e.family
        last = now
        positions += 1
    assert positions > 50


def test_the_map_needs_are_marked_covered_or_missing() -> None:
    state = _random_play(3, 40)
    view = state.view(0)
    m = view["map"]
    assert m
    needs = [e for _, e in model(state).elements() if isinstance(e, Token) and e.face == "need"]
    assert [e.id for e in needs] == [f"need-{i}" for i in range(len(m["directions"]))]
    # each need reads "<arrow> <direction> missing|covered", as the card prints it
    missing = [e.name.split()[-2] for e in needs if "missing" in e.state]
    assert sorted(missing) == sorted(m["missing"])
    assert [e.name.split()[:2] for e in needs] == [[ARROW[d], d] for d in m["directions"]]


@pytest.mark.parametrize("seed, steps", [(3, 40), (3, 85), (2, 106)])   # 85, 106: rolled dice, some exhausted
def test_both_screens_draw_the_model_with_every_number(seed: int, steps: int) -> None:
    """The web draws every element with its id; the terminal, wide and compact, the numbers a
    decision needs: stats, the dice zones, the map's needs, the tableau's creatures."""
    state = _random_play(seed, steps)
    view = state.view(0)
    table = model(state)
    html = str(render_table(GAME, view, 0))
    assert 'class="table table-tanglewoods table-model"' in html
    for _, e in table.elements():
        assert f'data-id="{e.id}"' in html
    for width in (80, 160):
        console = Console(width=width, record=True, color_system=None)
        console.print(table_for(P, view, 0, width, 24))
        text = " ".join(console.export_text().split())
        for stat in ("health", "strategy", "recovery", "gold"):
            assert f"{stat.capitalize()} {view[stat]}/" in text
        assert f"Pool ({sum(view['dice']['pool'].values())})" in text
        for zone, counts in view["dice"].items():       # every zone that holds dice, with how many
            assert (f"{zone.capitalize()} ({sum(counts.values())})" in text) == bool(sum(counts.values()))
        for d in (view["map"] or {}).get("missing") or []:
            assert f"{d} missing" in text
        for d in view["committed_dice"]:
            assert f"{d['colour']} [{d['face'] or '-'}]" in text or f"{d['colour']} die (applied) [{d['face']}]" in text
        for e in view["tableau"]:
            if "health_now" in e:
                assert f"{e['damage_taken']}/{e['health_now']} D{e['damage_now']}" in text
        assert ("Forest deck" in text) == (width >= 100)       # the decks: one key away when compact


@pytest.mark.parametrize("seed, steps", [(2, 30), (3, 90), (3, 40)])
def test_the_cards_show_their_numbers_and_directions_without_hovering(seed: int, steps: int) -> None:
    """What the cards print is on the page, not only in a tip: each direction with its arrow
    (a tableau card's, a drawn card's, each need of the map), an enemy's numbers now and as
    printed, and a bar of the damage it has taken of its Health; the compact terminal says a
    drawn card's and the map's side."""
    state = _random_play(seed, steps)
    view = state.view(0)
    table = model(state)
    html = str(render_table(GAME, view, 0))
    words = visible_text(html)
    enemies = 0
    for e in view["tableau"]:
        if e.get("direction") and e["direction"] != "wild":
            assert f"{ARROW[e['direction']]} {e['direction']}" in words
        if "health_now" not in e:
            continue
        enemies += 1
        bribe = "-" if e["bribe_now"] is None else e["bribe_now"]
        assert f"{e['damage_taken']}/{e['health_now']} D{e['damage_now']} B{bribe}" in words
        printed = "no bribe" if e["bribe"] is None else f"bribe {e['bribe']}"
        assert f"Printed: Health {e['health']}, Damage {e['damage']}, {printed}." in words
        bar = next(x for _, x in table.elements() if x.id == f"{e['id']}-damage")
        assert isinstance(bar, Track) and (bar.value, bar.high) == (e["damage_taken"], e["health_now"])
        assert f"{e['name']} {e['damage_taken']} of {e['health_now']}" in words
        # the bar is drawn in the track's own element: its label, its value, then the bar
        own = html.split(f'data-id="{bar.id}"', 1)[1].split("</span>")[:3]
        assert 'class="model-bar"' in own[2]
    assert html.count('class="model-bar"') >= enemies + 5      # the header's tracks and one per enemy
    for c in view.get("drawn") or []:
        if c.get("direction"):
            assert f"dir {ARROW[c['direction']]} {c['direction']}" in words
    m = view["map"]
    if m:
        for d in m["directions"]:
            assert f"{ARROW[d]} {d} " in words
    console = Console(width=80, record=True, color_system=None)
    console.print(table_for(P, view, 0, 80, 24))
    compact = " ".join(console.export_text().split())
    for c in [*(view.get("drawn") or []), *([m] if m else [])]:
        assert f"{c['name']}: {c['side']}" in compact
    assert enemies and (view.get("drawn") or seed == 3)
