"""Storyfold's table model (woodlands/games/storyfold/present/table.py): built from the view
alone, ids that stay with what they name, what changes from one position to the next, and the
compact terminal drawing within 80x24."""
from __future__ import annotations

import copy
import io
import random
import re
from typing import Any

import pytest
from rich.console import Console

import woodlands
from tests.support import visible_text
from woodlands.cli.table import table_for
from woodlands.engine.presentation import presentation_for
from woodlands.kit.table import Card, Die, Table, Tile, diff
from woodlands.web.render import render_table
from woodlands.web.render.table import render_model

GAME = woodlands.load_game("storyfold")
PRES = presentation_for(GAME)
ROLL_DIE = re.compile(r"roll-\d+")


def model(state: Any) -> Table:
    table = PRES.table_model(state.view(0), 0)
    assert isinstance(table, Table)
    return table


def positions(seed: int, every: int = 1) -> Any:
    """The states of a random game with ``seed``, one after each ``every`` choices, to its end."""
    state = GAME.new_game(seed=seed)
    rng = random.Random(seed)
    n = 0
    while True:
        if n % every == 0:
            yield state
        if state.is_over:
            return
        state.apply(rng.choice(state.decision.options).id)
        n += 1


def test_positions_that_differ_only_in_hidden_facts_give_the_same_model() -> None:
    """The face-down decks (their order, the generator) are all Storyfold hides: a twin with
    them redrawn (state.determinize, as tests/test_hidden_facts.py) has the same table model."""
    checked = hidden = 0
    for seed in (1, 2, 3):
        for n, state in enumerate(positions(seed, every=7)):
            if n > 40:
                break
            twin = state.determinize(0, seed * 1000 + n)
            decks = ("shadow_deck", "explore_deck", "creature_deck")
            hidden += [getattr(twin, d) for d in decks] != [getattr(state, d) for d in decks]
            assert model(twin).as_dict() == model(state).as_dict()
            checked += 1
    assert checked >= 60 and hidden >= 30          # the twins do differ, in what is hidden


def test_every_id_is_unique_and_consecutive_tables_diff() -> None:
    """kit.table.diff raises on an id seen twice in one table: run over three whole random
    games, position after position, it never does, and something changes at most steps."""
    steps = changed = 0
    for seed in (4, 5, 6):
        before = None
        for state in positions(seed):
            now = model(state)
            if before is not None:
                changed += bool(diff(before, now))
                steps += 1
            before = now
    assert steps > 300 and changed > steps // 2


def test_a_roll_changes_die_values_and_a_card_keeps_its_id_as_it_moves() -> None:
    rolled = moved = badged = False
    for seed in (1, 2):
        before = None
        for state in positions(seed):
            now = model(state)
            if before is not None:
                d = diff(before, now)
                old = {e.id: e for _, e in before.elements()}
                new = {e.id: e for _, e in now.elements()}
                # a die of the roll changes its value, not its id; a die never moves to another id
                for ident, fields in d.changed.items():
                    if ROLL_DIE.fullmatch(ident) and "value" in fields:
                        assert isinstance(new[ident], Die) and old[ident].value != new[ident].value
                        rolled = True
                # a River card that moves to the end keeps its id: its threshold badge changes
                river = [e.id for e in now.regions[[r.id for r in now.regions].index("river")].elements]
                was = [e.id for e in before.regions[[r.id for r in before.regions].index("river")].elements]
                for ident in set(river) & set(was):
                    if ident.startswith("card-") and river.index(ident) != was.index(ident):
                        assert ident not in d.added and ident not in d.removed
                        moved = True
                        card, earlier = new[ident], old[ident]
                        assert isinstance(card, Card) and isinstance(earlier, Card)
                        # another space, another threshold (unless an effect moved every threshold by as much)
                        assert ("badge" in d.changed.get(ident, ())) == (card.badge != earlier.badge)
                        if card.badge != earlier.badge:
                            badged = True
                added_rolls = [i for i in d.added if ROLL_DIE.fullmatch(i)]
                if added_rolls:
                    assert all(isinstance(new[i], Die) and new[i].value is not None for i in added_rolls)
            before = now
    assert rolled and moved and badged


def test_the_model_holds_what_the_view_shows() -> None:
    """Every number and name the old drawings showed: River cards with threshold or icons and
    Spirit cost, Crystals, Spirit, markers, each track space, dice, the roll, locations, Luma,
    Brom, Boons, decks."""
    seen_roll = seen_boon = seen_location = False
    for seed in (1, 7):
        for state in positions(seed, every=5):
            v = state.view(0)
            table = model(state)
            ids = {e.id: e for _, e in table.elements()}
            regions = {r.id: r for r in table.regions}
            assert regions["scene"].title == v["scene_title"]
            assert v["goal"] in ids["goal"].text                                       # type: ignore[union-attr]
            river = regions["river"].elements
            assert len(river) == 7
            for space, e in enumerate(v["river"]):
                card = river[space]
                assert isinstance(card, Card)
                if not e:
                    assert card.family == "empty"
                    continue
                assert card.id == f"card-{e['card']}" and card.name == e["name"]
                if e["kind"] == "action":
                    assert card.badge == (f"{e['threshold']}+" if space < 4 and e["threshold"] is not None else "–")
                    assert card.text == ("◆" * e["crystals"] or "no ◆")
                else:
                    assert card.badge == f"{e['icons_needed']}✦ −{e['spirit_loss']}♥"
                    assert f"+{e['heal_crystals']}◆" in card.text and ("stunned" in card.state) == e["stunned"]
            assert ids["spirit"].value == v["spirit"]                                   # type: ignore[union-attr]
            for action, n in v["crystals"].items():
                assert ids[f"crystals-{action}"].value == n                              # type: ignore[union-attr]
            dice = [e for e in regions["dice"].elements if e.id.startswith("die-")]
            assert [d.sides for d in dice] == [d["size"] for d in v["dice"]]           # type: ignore[union-attr]
            assert [("exhausted" in d.state) for d in dice] == [d["used"] for d in v["dice"]]
            if v["phase"] not in ("end", "break"):
                spaces = [e for e in regions["wildwoods"].elements if isinstance(e, Tile)]
                assert len(spaces) == v["track"]["length"]
                assert "light" in spaces[v["light"] - 1].state and "shadow" in spaces[v["shadow"] - 1].state
                assert "middle" in spaces[v["track"]["middle"] - 1].state
                for loc in v["locations"]:
                    place = ids[f"place-{loc['id']}"]
                    assert isinstance(place, Card) and loc["name"] in place.name
                    # a dot for each success it needs, filled once visited
                    dots = ("●" if loc["visited"] else "○") * loc["dots"]
                    assert place.badge.endswith(dots) and ("visited" in place.state) == loc["visited"]
                    seen_location = True
            else:
                assert "locations" not in regions and "wildwoods" not in regions
            if v["roll"] and v["roll"]["dice"]:
                faces = [ids[f"roll-{i}"].value for i in range(len(v["roll"]["dice"]))]   # type: ignore[union-attr]
                assert faces == [d["face"] for d in v["roll"]["dice"]]
                assert ids["roll-successes"].text == (                                    # type: ignore[union-attr]
                    f"{v['roll']['successes']} ({v['roll']['natural_successes']} from the dice, "
                    f"{v['roll']['bonus_successes']} added)")
                seen_roll = True
            for b in v["boons"]:
                assert ids[f"card-{b['card']}"].name == b["name"]
                seen_boon = True
            assert ("brom" in ids) and ids["luma"].name == v["luma"]["name"]
            for k, n in v["decks"].items():
                assert ids[f"deck-{k}"].text.startswith(f"{n} face down")              # type: ignore[union-attr]
    assert seen_roll and seen_boon and seen_location


def test_the_story_text_and_card_texts_are_in_the_model() -> None:
    state = GAME.new_game(seed=1)
    table = model(state)
    ids = {e.id: e for _, e in table.elements()}
    assert ids["story-text"].text == state.view(0)["scene_text"]                        # type: ignore[union-attr]
    assert "Ash Moth (creature)" in ids["card-ash-moth"].tip
    assert ids["card-light"].tip.startswith("Light (Action card)")


@pytest.mark.parametrize("seed", [0, 3, 5])
def test_the_compact_table_fits_80_columns_and_stays_short(seed: int) -> None:
    """Issue 10's limit for the terminal: under 100 columns the table leaves the story, the
    decks and the legend one key away, and takes at most 17 lines of 78 columns at every
    position of a whole game (the options take the rest of 24 lines)."""
    longest = 0
    for state in positions(seed, every=3):
        console = Console(width=78, record=True, color_system=None, file=io.StringIO())
        console.print(table_for(PRES, state.view(0), 0, 78, 24))
        text = console.export_text()
        lines = text.rstrip("\n").split("\n")
        assert all(len(line) <= 78 for line in lines)
        assert "Story:" not in text and "face down" not in text
        longest = max(longest, len(lines))
    assert 8 <= longest <= 17


def _after(seed: int, steps: int) -> Any:
    state = GAME.new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        state.apply(rng.choice(state.decision.options).id)
    return state


# 18: a Boon and a roll; 175: a Trauma, Brom gone; 328: cards drawn by Explore; 120: places visited
@pytest.mark.parametrize("seed, steps", [(1, 18), (1, 175), (1, 328), (5, 120)])
def test_the_cards_show_their_words_and_states_without_hovering(seed: int, steps: int) -> None:
    """What the old drawing showed on the cards is on the page, outside any tip: a location's
    kind, its dots (filled once visited), its line, condition, state and text; a Boon's text;
    Luma's and Brom's uses with their cost; the cards drawn by Explore."""
    view = _after(seed, steps).view(0)
    words = visible_text(str(render_table(GAME, view, 0)))
    for loc in view["locations"] if view["phase"] not in ("end", "break") else []:
        dots = ("●" if loc["visited"] else "○") * loc["dots"]
        said = "visited ✓" if loc["visited"] else "can visit" if loc["can_visit"] else "not yet"
        assert f"{loc['kind'].title()} {dots}" in words and said in words and loc["text"] in words
        for part in (f"line: {loc['chain']}" if loc["chain"] else "", loc["condition"] or ""):
            assert part in words
    assert view["boons"] or seed != 1
    for b in view["boons"]:
        assert " ".join(b["text"].split()) in words
    for who in ("luma", "brom"):
        if view[who].get("present", True):
            for u in view[who]["uses"]:
                cost = f" ({u['cost']}◆)" if u["cost"] else ""
                assert " ".join(u["text"].split()) + cost in words
    for ident in view["explore_drawn"]:
        assert f"{PRES.name(ident)} drawn by Explore" in words
    assert view["explore_drawn"] or steps != 328


def test_a_spent_use_says_so_on_the_card() -> None:
    """A use spent this chapter (Brom's once-a-chapter stand) is marked on the card's line and
    in its words: the same view with it spent, drawn, reads so outside any tip."""
    view = copy.deepcopy(_after(1, 18).view(0))
    use = next(u for u in view["luma"]["uses"] if u["once_per_chapter"])
    use["spent"] = True
    model_ = PRES.table_model(view, 0)
    assert isinstance(model_, Table)
    words = visible_text(str(render_model(model_)))
    assert f"{' '.join(use['text'].split())} (used this chapter)" in words
    assert "Brom Stays Behind (once, used)" in words
