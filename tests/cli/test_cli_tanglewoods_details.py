"""Tanglewoods under 100 columns: the compact table leaves out the deck faces a player may see
(rulings T-10, T-25) and the drawn cards' effects; both are one listed key away (p) at every
width, full screen and in line mode."""
from __future__ import annotations

import asyncio
import io
import random
import re

import pytest
from rich.console import Console

import woodlands
from woodlands.cli.play import PlaySession
from woodlands.cli.tui import PlayApp, screen_text

from .test_tui import session_for


def with_cards_drawn() -> woodlands.GameState:
    game = woodlands.load_game("tanglewoods")
    state, rng = game.new_game(seed=4), random.Random(4)
    while not state.view(0).get("drawn"):
        state.apply(state.decision.options[rng.randrange(len(state.decision.options))].id)
    return state


@pytest.mark.parametrize("size", [(80, 24), (160, 50)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_tanglewoods_decks_and_drawn_effects_are_one_listed_key_away(size):
    """The deck faces a player may see (T-10, T-25) and the drawn cards' effects: the compact
    table leaves them out, the p key (on the bottom line) shows them, at every width."""
    state = with_cards_drawn()
    view = state.view(0)
    drawn, decks = view["drawn"][0], view["decks"]
    app = PlayApp(session_for(state))
    seen: list[str] = []

    async def go() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            seen.append(screen_text(app))
            await pilot.press("p")
            await pilot.pause()
            seen.append(screen_text(app))
            seen.append(str(getattr(app.screen, "text", "")))      # all of it: the box scrolls
    asyncio.run(go())
    keys_line, detail, text = seen
    bottom = keys_line.rstrip().splitlines()[-1]
    assert re.search(r"(^|\s|/)p(/|\s)", bottom), bottom            # p is listed
    assert "Maps, cards and decks" in detail
    shown = " ".join(text.split())
    assert f"{drawn['name']} ({drawn['side']}): {' '.join(drawn['text'].split())[:30]}" in shown
    assert f"top: {decks['forest']['top']['name']}" in shown
    assert f"bottom card's underside: {decks['forest']['bottom_underside']['name']}" in shown
    assert f"bottom card's underside: {decks['map']['bottom_underside']['name']}" in shown
    assert "top: covered by the Merchant Card" in shown              # the Item Deck's top, unseen


def test_tanglewoods_decks_in_line_mode_at_80_columns():
    state = with_cards_drawn()
    out = io.StringIO()
    play = PlaySession(Console(file=out, width=80, force_terminal=True), state, None, io.StringIO("p\nq\n"))
    assert play.run() == 0
    text = " ".join(re.sub(r"\x1b\[[0-9;]*m", "", out.getvalue()).split())
    assert ", p Maps, cards and decks" in text                      # listed under the options
    assert "Decks (what anyone at the table sees):" in text
    assert f"top: {state.view(0)['decks']['forest']['top']['name']}" in text
