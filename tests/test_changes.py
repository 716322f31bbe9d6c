"""What just changed, from two table models (kit.table.changed_ids and signature): the same
marks for every game, the terminal's and the web page's.

A seeded game is played and each choice's marks are checked against what the choice did; the
page's fingerprints (data-sig) are checked to name the same elements as the kit's diff, and to
tell nothing hidden: two positions that differ only in what a seat cannot know give that seat
the same fingerprints.
"""
from __future__ import annotations

import random
import re
from typing import Any

import pytest

import woodlands
from woodlands.engine.presentation import presentation_for
from woodlands.kit.table import Die, Table, changed_ids, diff, signature
from woodlands.web.render import render_table


def model(state: woodlands.GameState, seat: int) -> Table:
    table = presentation_for(state.game).table_model(state.view(seat), seat)
    assert table is not None
    return table


def test_rolling_dice_marks_exactly_the_dice() -> None:
    """Tanglewoods: committing a die marks that die; rolling the committed dice marks exactly
    the dice rolled (those whose face changed), nothing else on the table."""
    game = woodlands.load_game("tanglewoods")
    rolls = commits = 0
    for seed in (1, 2, 3):
        state = game.new_game(seed=seed, options={"difficulty": 0})
        rng = random.Random(seed)
        while not state.is_over and rolls < 3:
            before = model(state, 0)
            option = rng.choice(state.decision.options)
            state.apply(option.id)
            after = model(state, 0)
            marked = changed_ids(before, after)
            if option.label.startswith("Roll the"):
                faces = diff(before, after).changed
                rolled = {e.id for _, e in after.elements() if isinstance(e, Die) and "value" in faces.get(e.id, ())}
                assert rolled and marked == rolled, (option.label, sorted(marked))
                rolls += 1
            elif option.label.startswith("Commit a"):
                dice = {e.id for _, e in after.elements() if isinstance(e, Die)}
                assert len(marked) == 1 and marked <= dice, (option.label, sorted(marked))
                commits += 1
    assert rolls >= 3 and commits >= 3


def test_a_first_drawing_and_an_unchanged_one_mark_nothing() -> None:
    state = woodlands.load_game("storyfold").new_game(seed=1)
    assert changed_ids(None, model(state, 0)) == frozenset()
    assert changed_ids(model(state, 0), model(state, 0)) == frozenset()


def drawn(html: str) -> dict[str, str]:
    """What the page's script compares: each element's fingerprint and the region it stands in,
    by id (regions are not nested: each section runs to the next)."""
    out: dict[str, str] = {}
    for part in html.split('data-region="')[1:]:
        region = part[:part.index('"')]
        for ident, sig in re.findall(r'data-id="([^"]+)" data-sig="([0-9a-f]+)"', part):
            out[ident] = f"{sig}@{region}"
    return out


CASES = [("tanglewoods", {"difficulty": 0}, 1), ("storyfold", {}, 1), ("cursed-forest", {"players": 2}, 2)]


@pytest.mark.parametrize("game_id,options,seats", CASES)
def test_the_pages_fingerprints_mark_what_the_diff_marks(game_id: str, options: dict[str, Any], seats: int) -> None:
    """The page marks an element whose fingerprint or region differs from the drawing before
    (static/changes.js); over a seeded game these are the ids kit.table.changed_ids names, for
    every seat, choice after choice."""
    game = woodlands.load_game(game_id)
    state = game.new_game(seed=3, options=options)
    rng = random.Random(3)
    compared = 0
    for _ in range(60):
        if state.is_over:
            break
        befores = [(model(state, s), drawn(str(render_table(game, state.view(s), s)))) for s in range(seats)]
        state.apply(rng.choice(state.decision.options).id)
        for seat, (before, page_before) in enumerate(befores):
            after, page_after = model(state, seat), drawn(str(render_table(game, state.view(seat), seat)))
            assert set(page_after) == {e.id for _, e in after.elements()}        # every element has its fingerprint
            by_page = {i for i, sig in page_after.items() if page_before.get(i) != sig}
            assert by_page == changed_ids(before, after)
            compared += bool(by_page)
    assert compared > 20


def fingerprints(state: woodlands.GameState, seat: int) -> dict[str, str]:
    return {e.id: signature(e) for _, e in model(state, seat).elements()}


@pytest.mark.parametrize("game_id,options,seats", CASES + [("cursed-forest", {"players": 3}, 3)])
def test_fingerprints_tell_nothing_hidden(game_id: str, options: dict[str, Any], seats: int) -> None:
    """Two positions that differ only in what a seat cannot know (state.determinize) give that
    seat the same fingerprints, element by element, at many points of seeded random games."""
    checked = 0
    for seed in (1, 2):
        state = woodlands.load_game(game_id).new_game(seed=seed, options=options)
        rng = random.Random(seed)
        for step in range(160):
            if state.is_over:
                break
            if step % 20 == 7:
                for seat in range(seats):
                    twin = state.determinize(seat, seed * 1000 + step)
                    assert fingerprints(twin, seat) == fingerprints(state, seat)
                    checked += 1
            state.apply(rng.choice(state.decision.options).id)
    assert checked >= 4


def test_the_check_can_fail_a_fingerprint_follows_what_its_seat_sees() -> None:
    """The converse: a twin made for seat 0 reshuffles seat 1's face-down items, which seat 1
    sees, so seat 1's fingerprints tell that twin apart (the equality above is not vacuous)."""
    state = woodlands.load_game("cursed-forest").new_game(seed=2, options={"players": 2})
    rng = random.Random(2)
    for step in range(400):
        if state.is_over:
            break
        if state.view(0)["players"][1]["face_down"]:
            twin = state.determinize(0, step)
            if fingerprints(twin, 1) != fingerprints(state, 1):
                return
        state.apply(rng.choice(state.decision.options).id)
    pytest.fail("no twin told apart by seat 1's fingerprints")


def test_a_fingerprint_is_short_and_follows_the_content() -> None:
    a, b = Die("d", "Die", face="red", value=2), Die("d", "Die", face="red", value=3)
    assert re.fullmatch(r"[0-9a-f]{12}", signature(a))
    assert signature(a) == signature(Die("d", "Die", face="red", value=2)) != signature(b)
    assert signature(a) != signature(Die("d", "Die", face="red", value=2, state=("committed",)))
