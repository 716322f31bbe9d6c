"""What a player sees when something is wrong, or the seat changes hands, in real Chromium
(the fixtures of tests/web/test_browser.py: `woodlands serve` on a free port, one browser)."""
from __future__ import annotations

import re
from typing import Any

from tests.web import test_browser as _browser_tests
from tests.web.test_browser import Server, Watched, click_first, pass_on, start

server = _browser_tests.server
browser = _browser_tests.browser
ctx = _browser_tests.ctx


def test_the_hot_seat_header_names_the_seat_that_decides(server: Server, ctx: Any) -> None:
    """A 2-player hot-seat table: after each click, the header's "you are ..." names the seat
    whose decision the page shows (it used to keep the first seat's name)."""
    w = Watched(ctx)
    page = w.page
    start(w, server, "cursed-forest", players="2", mode="hotseat")
    seen = set()
    for _ in range(60):
        if page.locator("#handover-button").count():
            # the screen passes to the next player first: the header names them, then their table
            heading = page.locator("#handover-h").inner_text().removeprefix("Pass to ")
            assert f"pass to {heading}" in page.locator("header .crumb").inner_text()
            assert pass_on(page)
        header = page.locator("header .crumb").inner_text()
        # the adventurer card of the deciding seat: "Player 2, you, their turn, deciding"
        deciding = page.locator('#game [data-id$="-who"] .card-name', has_text="deciding").first.inner_text()
        player = re.match(r"Player \d", deciding)
        assert player and f"you are {player.group(0)}" in header, (header, deciding)
        seen.add(player.group(0))
        if len(seen) == 2:
            break
        assert click_first(page)
    assert seen == {"Player 1", "Player 2"}
    assert page.locator("header .crumb").count() == 1
    w.check()


def test_a_wrong_invitation_link_shows_a_page(server: Server, ctx: Any, browser: Any) -> None:
    """Another person's browser opens a link whose invitation opens no seat and presses "Take this
    seat": a page with the reason and a way home, never a JSON body."""
    w = Watched(ctx)
    game = start(w, server, "cursed-forest", players="2", mode="online")
    game_id = game.rsplit("/", 1)[1]
    other = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        them = Watched(other)
        page = them.page
        page.goto(f"{server.url}/join/{game_id}#not-the-right-invitation")
        with page.expect_navigation() as went:
            page.get_by_role("button", name="Take this seat").click()
        assert went.value is not None and went.value.status == 403
        assert "invitation" in page.locator("[role=alert]").inner_text()
        assert page.locator("a[href='/']").count() >= 1
        assert '"detail"' not in page.content()
    finally:
        other.close()
