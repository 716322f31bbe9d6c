"""What the full-screen terminal keeps in view on a small screen and a large one: The Cursed
Forest's map in boxes around the adventurer whose player decides (panned with Shift and the
arrows), the whole forest at 160x50, Tanglewoods' tableau and drawn cards with a table that
scrolls, and Storyfold's story one key away at 80x24."""
from __future__ import annotations

import asyncio
import io
import random
import re
from typing import Any

from rich.console import Console

import woodlands
from woodlands.cli.play import PlaySession
from woodlands.cli.table import BOX_W, table_for
from woodlands.cli.tui import PlayApp, TextScreen, screen_text
from woodlands.engine.presentation import presentation_for
from woodlands.kit.table import Tile, Token

from .settle import steady_screen, until


def played(game_id: str, seed: int, steps: int, options: dict[str, Any]) -> woodlands.GameState:
    """A game ``steps`` random choices in (a long game: a big forest, a full tableau)."""
    state = woodlands.load_game(game_id).new_game(seed=seed, options=options)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.decision.options).id)
    return state


def app_for(state: woodlands.GameState) -> PlayApp:
    return PlayApp(PlaySession(Console(file=io.StringIO(), width=100), state, None, io.StringIO(), 0),
                   auto_forced=False)


def forest(app: PlayApp) -> tuple[list[Tile], dict[str, list[Token]], Any]:
    """The forest as the deciding seat's model has it: its tiles, what stands on each, the region."""
    seat = app.seat()
    model = presentation_for(app.state.game).table_model(app.state.view(seat), seat)
    region = next(r for r in model.regions if r.layout == "compass")
    tiles = [e for e in region.elements if isinstance(e, Tile)]
    on: dict[str, list[Token]] = {}
    for e in region.elements:
        if isinstance(e, Token) and e.at:
            on.setdefault(e.at, []).append(e)
    return tiles, on, region


def box_on_screen(text: str, x: int, y: int) -> str | None:
    """The inside of the box of square (x, y) as drawn on ``text`` (its code's line and the line
    under it, walls cut off), found by the map's ``x=`` header and ``y=`` labels; None: not shown."""
    lines = text.split("\n")
    for top, line in enumerate(lines):
        heads = [int(m.group(1)) for m in re.finditer(r"x=(-?\d+)", line)]
        if not heads:
            continue
        base = line.find(f"{'x=' + str(heads[0]):^{BOX_W}}")     # the first column's box starts here
        if x not in heads:
            return None
        col = base + (x - heads[0]) * BOX_W
        for row in range(top + 1, len(lines)):
            if lines[row][max(0, base - 5):base].strip() == f"y={y}":
                below = lines[row + 1] if row + 1 < len(lines) else ""
                return lines[row][col + 1:col + BOX_W - 1] + "|" + below[col + 1:col + BOX_W - 1]
        return None
    return None


# ------------------------------------------------------------------ The Cursed Forest
def test_a_long_cursed_forest_game_at_80x24_shows_the_deciders_square_and_pans():
    state = played("cursed-forest", 1, 1500, {"players": 2})
    app = app_for(state)

    async def go() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            text = await steady_screen(pilot, app, lambda t: "The forest, north up" in t)
            tiles, on, region = forest(app)
            xs, ys = [t.x for t in tiles], [t.y for t in tiles]
            assert max(ys) - min(ys) > 2 and max(xs) - min(xs) > 5    # more forest than 80x24 holds
            figure = next(e for e in region.elements if e.id == region.focus)
            deciding = app.state.view(app.seat())["deciding"]
            mine = [p for p in app.state.view(app.seat())["players"] if p["player"] == deciding]
            assert figure.id in {f"figure-{p['adventurer']}" for p in mine}
            square = next(t for t in tiles if t.id == figure.at)
            box = box_on_screen(text, square.x, square.y)
            assert box is not None, text
            # its code and every piece standing on it (the walls' openings: tests of the drawing)
            assert box.startswith(square.code), box
            for token in on.get(square.id, []):
                assert token.mark in box, (token, box)
            title = next(line for line in text.split("\n") if line.startswith("The forest, north up"))
            assert " of " in title                                    # a part of the forest, said so
            bar = app.key_bar
            assert "⇧←↑↓→ pan" in bar and "q quit" in bar and text.rstrip().endswith(bar.split("\n")[-1].rstrip())
            # Shift and the arrows pan the view (no choice is made); each way that has forest
            n, seen = len(app.state.choices), {title}
            for key in ("shift+up", "shift+down", "shift+left", "shift+right", "shift+right", "left"):
                was = app.pan
                await pilot.press(key)
                await until(pilot, lambda was=was: app.pan != was or "no further" in screen_text(app))
                shot = await steady_screen(pilot, app, lambda t: "The forest, north up" in t)
                seen.add(next(line for line in shot.split("\n") if line.startswith("The forest, north up")))
            assert len(seen) >= 3 and len(app.state.choices) == n, seen
            # a choice: the view follows the decider again
            app.pan = (5, 5)
            app.draw_table()
            await pilot.press(str(app.entries()[0].number))
            await until(pilot, lambda: len(app.state.choices) > n or app.screen is not app.screen_stack[0])
            assert app.pan == (0, 0) or app.screen is not app.screen_stack[0]

    asyncio.run(go())


def test_a_long_cursed_forest_game_at_160x50_shows_every_square():
    state = played("cursed-forest", 1, 1500, {"players": 2})
    app = app_for(state)

    async def go() -> None:
        async with app.run_test(size=(160, 50)) as pilot:
            text = await steady_screen(pilot, app, lambda t: "The forest, north up" in t)
            tiles, on, _ = forest(app)
            assert len(tiles) > 30 and max(t.y for t in tiles) - min(t.y for t in tiles) >= 8
            for t in tiles:
                box = box_on_screen(text, t.x, t.y)
                assert box is not None and box.startswith(t.code), (t.id, box, text)
                # the pieces on the code's line (a flat box), those that fit
                signs = box.split("|")[0][len(t.code):].strip()
                if signs and not signs.endswith("…"):
                    assert signs == "".join(k.mark for k in on.get(t.id, [])), (t.id, box)
            assert "pan" not in app.key_bar                         # nothing to pan: it is all there

    asyncio.run(go())


# ------------------------------------------------------------------ Tanglewoods
def tanglewoods_with_drawn_cards() -> woodlands.GameState:
    """A Tanglewoods game late enough for a long tableau, at a decision with cards drawn."""
    for seed in range(40):
        state = woodlands.load_game("tanglewoods").new_game(seed=seed, options={"difficulty": 3})
        rng = random.Random(seed)
        while not state.is_over:
            v = state.view(0)
            if len(v.get("tableau") or []) >= 6 and len(v.get("drawn") or []) >= 2:
                return state
            state.apply(rng.choice(state.decision.options).id)
    raise AssertionError("no such position")


def test_tanglewoods_at_80x24_keeps_the_tableau_and_the_drawn_cards_in_view_and_scrolls():
    state = tanglewoods_with_drawn_cards()
    view = state.view(0)
    app = app_for(state)

    async def go() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            text = await steady_screen(pilot, app, lambda t: "Drawn:" in t)
            flat = " ".join(text.split())
            for card in view["drawn"]:
                assert card["name"] in flat
            model = presentation_for(app.state.game).table_model(view, 0)
            drawn = next(r for r in model.regions if r.id == "drawn")
            effects = [e.detail for e in drawn.elements if getattr(e, "detail", "")]
            assert effects and " ".join(effects[0].split()[:4]) in flat    # a drawn card's effect, not its name alone
            box = app.query_one("#table-box")
            assert box.max_scroll_y > 0                          # taller than its box: the keys scroll it
            if box.max_scroll_y > 0:
                assert "[ ] scroll" in app.key_bar
                await pilot.press("]")
                await until(pilot, lambda: box.scroll_y > 0)
                lower = await steady_screen(pilot, app)
                assert box.scroll_y > 0 and lower != text
                await pilot.press("[")
                await until(pilot, lambda: box.scroll_y == 0)
                assert box.scroll_y == 0
            else:
                assert "scroll" not in app.key_bar
            # the tableau's line is in the first screenful or the next, and every card of it in the table
            if "Tableau (" not in text:
                await pilot.press("]")
                assert "Tableau (" in await steady_screen(pilot, app, lambda t: "Tableau (" in t)
            console = Console(width=app.table_size()[0], record=True, file=io.StringIO(), color_system=None)
            console.print(table_for(app.pres, view, 0, *app.table_size()))
            drawn_text = " ".join(console.export_text().split())
            for card in view["tableau"]:
                assert card["name"].split()[0] in drawn_text, card["name"]

    asyncio.run(go())


# ------------------------------------------------------------------ Storyfold
def test_storyfold_at_80x24_keeps_the_story_one_key_away():
    state = played("storyfold", 7, 6, {})
    story = state.view(state.decision.player)["scene_text"]
    app = app_for(state)

    async def go() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            text = await steady_screen(pilot, app, lambda t: "q quit" in t)
            first = " ".join(story.split()[:6])
            assert first not in " ".join(text.split())              # left out of the small table ...
            key = next(x.key for x in app.details() if x.title == "The story")
            assert f"{key} The story" in app.key_bar or f"/{key} details" in app.key_bar
            await pilot.press(key)                                  # ... and one key away
            await until(pilot, lambda: isinstance(app.screen, TextScreen))
            assert isinstance(app.screen, TextScreen) and app.screen.title_text == "The story"
            shown = await steady_screen(pilot, app, lambda t: "The story" in t)
            assert first in " ".join(shown.split())
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is app.screen_stack[0])
            assert len(app.state.choices) == len(state.choices)

    asyncio.run(go())



# ------------------------------------------------------------------ hidden facts
def test_twins_differing_in_hidden_facts_see_the_same_small_map_and_story():
    """The map's view (its focus, a pan) and the story's detail come from the seat's view only:
    positions that differ only in what the seat cannot know (the tile stack, the bags, another
    player's face-down items; Storyfold's deck order) draw the same."""
    from tests.test_hidden_facts import cursed_forest_twin, storyfold_twin

    def shot(state: woodlands.GameState, seat: int, pan: tuple[int, int]) -> str:
        console = Console(width=78, record=True, file=io.StringIO(), color_system=None)
        console.print(table_for(presentation_for(state.game), state.view(seat), seat, 78, 8, None, pan))
        return console.export_text()

    base = played("cursed-forest", 1, 1500, {"players": 2})
    checked = 0
    for seat in (0, 1):
        a, b = base.clone(), base.clone()
        cursed_forest_twin(b, seat, random.Random(seat))
        assert a.view(seat) == b.view(seat)
        for pan in ((0, 0), (1, 1), (-2, 0)):
            assert shot(a, seat, pan) == shot(b, seat, pan)
            checked += 1
    story = played("storyfold", 7, 6, {})
    a, b = story.clone(), story.clone()
    storyfold_twin(b, 0, random.Random(1))
    pres = presentation_for(story.game)
    told = [{x.key: x.text for x in pres.details(s.view(0), s.decision)}["T"] for s in (a, b)]
    assert told[0] == told[1] and checked == 6
