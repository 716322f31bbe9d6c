"""The home page in real Chromium (the fixtures of tests/web/test_browser.py), at a desktop
size and at 390x844: every game's picture is drawn, "Play alone" (or "Play") starts a game in one
click, "Play with friends" an online table with an invitation, and "More options" opens to show
the set-up fields."""
from __future__ import annotations

from typing import Any

import pytest

from tests.web import test_browser as _browser_tests
from tests.web.test_browser import Server, Watched

server = _browser_tests.server
browser = _browser_tests.browser
no_csp_violation = _browser_tests.no_csp_violation

SIZES = [{"width": 1280, "height": 900}, {"width": 390, "height": 844}]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s['width']}x{s['height']}")
def test_one_click_starts_a_game_and_more_options_opens(server: Server, browser: Any, size: dict[str, int]) -> None:
    context = browser.new_context(viewport=size)
    try:
        w = Watched(context)
        page = w.page
        page.wait_for_load_state("load")     # its scripts in: leaving sooner would abort them
        page.goto(server.url + "/")
        # each game's picture has loaded (a broken image has no natural width)
        pictures = page.locator("section.game-card img.game-picture")
        assert pictures.count() >= 3
        page.wait_for_function("() => [...document.querySelectorAll('img.game-picture')].every(i => i.complete)")
        for i in range(pictures.count()):
            assert pictures.nth(i).evaluate("i => i.naturalWidth") > 0
            box = pictures.nth(i).bounding_box()
            assert box and box["width"] <= size["width"]
        # nothing wider than the screen on the phone
        assert page.evaluate("() => document.documentElement.scrollWidth") <= size["width"]
        # "More options": closed at first, its fields hidden; one click opens it
        card = page.locator("section[aria-labelledby='g-cursed-forest']")
        players = card.locator("[name='cursed-forest.players']")
        assert not players.is_visible()
        card.locator("details.more > summary").click()
        assert card.locator("details.more").evaluate("d => d.open") and players.is_visible()
        # one click on "Play alone": the game's page, this browser's seat deciding
        card.locator("button", has_text="Play alone").click()
        page.wait_for_selector("#game", state="attached")
        assert page.locator("#decision button.option, #decision details.group").count() > 0
        assert "Invite the other players" not in page.content()
        # a game played alone has one button, "Play"
        page.wait_for_load_state("load")     # its scripts in: leaving sooner would abort them
        page.goto(server.url + "/")
        solo = page.locator("section[aria-labelledby='g-tanglewoods'] form")
        assert solo.locator("button", has_text="Play alone").count() == 0
        solo.locator("button", has_text="Play").first.click()
        page.wait_for_selector("#game.game, #game", state="attached")
        assert page.locator(".table-tanglewoods").count() == 1
        # "Play with friends": an online table, the other seat's invitation to send
        page.wait_for_load_state("load")     # its scripts in: leaving sooner would abort them
        page.goto(server.url + "/")
        page.locator("section[aria-labelledby='g-cursed-forest'] button", has_text="Play with friends").click()
        page.wait_for_selector("#game", state="attached")
        assert "Invite the other players" in page.content()
        w.check()
    finally:
        context.close()


def test_enter_in_a_field_starts_the_game_as_the_form_stands(server: Server, browser: Any) -> None:
    """Enter in a "More options" field submits the options as typed: never through "Play alone",
    which would make a three-adventurer game a one-seat one."""
    context = browser.new_context(viewport=SIZES[0])
    try:
        w = Watched(context)
        page = w.page
        page.wait_for_load_state("load")     # its scripts in: leaving sooner would abort them
        page.goto(server.url + "/")
        card = page.locator("section[aria-labelledby='g-cursed-forest']")
        card.locator("details.more > summary").click()
        players = card.locator("[name='cursed-forest.players']")
        players.fill("3")
        players.press("Enter")
        page.wait_for_selector("#game", state="attached")
        assert page.locator("[data-id='adventurer-2-health']").count() == 1, "not the three adventurers asked for"
        assert page.locator("[data-id='adventurer-3-health']").count() == 0
        w.check()
    finally:
        context.close()
