"""Your record and ladder in real Chromium: a won Tanglewoods game (a record uploaded through the
home page, its last choices clicked) shows on /stats and opens the next step of its hero's
ladder on the home page, whose button starts it; the page passes axe and fits a phone."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import woodlands
from woodlands.engine.registry import descriptor

from tests.web import test_browser as _browser_tests
from tests.web.test_axe import check
from tests.web.test_browser import Server, Watched
from tests.web.test_browser_endgame import CLICKED, finish_uploaded

server = _browser_tests.server
browser = _browser_tests.browser
no_csp_violation = _browser_tests.no_csp_violation

OPTIONS = {"hero": "thorn-warden", "difficulty": 0, "side": "a"}


def _won_game() -> tuple[dict[str, Any], list[str], dict[str, Any]]:
    """The greedy bot's won game at difficulty 0: its record without its last CLICKED choices,
    every choice, and its outcome."""
    game = woodlands.load_game("tanglewoods")
    state = game.new_game(seed=5, options=OPTIONS)
    bot = descriptor("tanglewoods").make_bot("greedy", 5)
    while not state.is_over:
        state.apply(bot.choose(state))
    assert state.outcome and state.outcome["result"] == "win"
    choices = list(state.choices)
    start = game.new_game(seed=5, options=OPTIONS)
    for c in choices[:-CLICKED]:
        start.apply(c)
    return start.record(), choices, dict(state.outcome)


def test_a_won_game_shows_on_stats_and_opens_the_next_ladder_step(server: Server, browser: Any, tmp_path: Path) -> None:
    record, choices, outcome = _won_game()
    path = tmp_path / "won.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        w = Watched(context)
        page = w.page
        page.goto(server.url + "/")
        assert "0 of 11" in page.locator("#ladder-tanglewoods-thorn-warden").inner_text()
        finish_uploaded(page, path, choices)

        page.goto(server.url + "/")
        page.locator("a[href='/stats']").click()
        page.wait_for_url(server.url + "/stats")
        assert page.locator("#record-total").inner_text() == "1 game played, 1 won."
        record_text = page.locator("#record-tanglewoods").inner_text()
        assert "Thorn Warden, difficulty 0" in record_text and f"won in {outcome['round']} rounds" in record_text
        row = page.locator("#ladder #ladder-tanglewoods-thorn-warden").inner_text()
        assert "difficulty 1" in row and "1 of 11" in row
        _browser_tests.screenshot(page, "stats")          # with WOODLANDS_SCREENS: the docs' picture
        bad = check(page, "the record page")
        assert not bad, "\n".join(bad[:20])

        page.goto(server.url + "/")
        home_row = page.locator("#home-ladder #ladder-tanglewoods-thorn-warden")
        assert "difficulty 1" in home_row.inner_text()
        bad = check(page, "the home page with a ladder")
        assert not bad, "\n".join(bad[:20])
        home_row.get_by_role("button", name="Play the next step").click()
        page.wait_for_url(lambda url: "/games/" in url)
        page.wait_for_selector("#decision button.option, #decision details.group", state="attached")
        assert page.locator("#story").count() == 0
        w.check()

        phone = browser.new_context(viewport={"width": 390, "height": 844})
        try:
            p = Watched(phone).page
            p.goto(server.url + "/stats")
            assert "0 games played" in p.locator("#record-total").inner_text()   # another browser: nothing
            assert p.evaluate("document.documentElement.scrollWidth") <= 391
        finally:
            phone.close()
    finally:
        context.close()
