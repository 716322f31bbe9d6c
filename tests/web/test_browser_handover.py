"""The hot-seat handover and the keyboard's way to the choices, in real Chromium (the fixtures of
tests/web/test_browser.py: `woodlands serve` on a free port, one browser)."""
from __future__ import annotations

import re
from typing import Any

import pytest

from tests.web import test_browser as _browser_tests
from tests.web.test_browser import Server, Watched, at, click_first, start

server = _browser_tests.server
browser = _browser_tests.browser
no_csp_violation = _browser_tests.no_csp_violation

#: is the focus on one of the decision's choices (an option, or a group's summary)?
ON_CHOICE = ("() => { const a = document.activeElement; "
             "return !!a && a.matches('#game #decision button.option, #game #decision details.group > summary'); }")
IN_DECISION = "() => !!document.activeElement && !!document.activeElement.closest('#game #decision')"
SIZES = [{"width": 1280, "height": 900}, {"width": 390, "height": 844}]


def tabs_to_first_choice(page: Any, most: int = 60) -> int:
    """Tab presses from the top of the page until the focus is on a choice."""
    page.evaluate("() => { document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0); }")
    for n in range(1, most + 1):
        page.keyboard.press("Tab")
        if page.evaluate(ON_CHOICE):
            return n
    raise AssertionError(f"no choice within {most} Tabs")


def test_hot_seat_passes_the_screen_with_enter(server: Server, browser: Any) -> None:
    context = browser.new_context(viewport=SIZES[0])
    try:
        w = Watched(context)
        page = w.page
        start(w, server, "cursed-forest", players="2", mode="hotseat")
        for _ in range(60):
            if page.locator("#handover-button").count():
                break
            before = at(page)
            page.locator("#decision button.option, #decision details.group > summary").first.focus()
            if page.evaluate("() => document.activeElement.tagName === 'SUMMARY'"):
                page.keyboard.press("Enter")                       # opens the group
                page.locator("#decision details.group[open] button.option").first.focus()
            page.keyboard.press("Enter")
            page.wait_for_function("a => +document.getElementById('game').dataset.at !== a", arg=before)
        heading = page.locator("#handover-h").inner_text()
        assert re.fullmatch(r"Pass to Player 2( \(.+\))?", heading), heading
        name = heading.removeprefix("Pass to ")
        # nothing of either seat on the screen; the title and the header say whose it is next
        assert page.locator("#game [data-region], #game #decision, #game ol.log").count() == 0
        assert page.title() == f"Pass to {name} · Woodlands"
        assert f"pass to {name}" in page.locator("header .crumb").inner_text()
        # the button has the focus: Enter shows Player 2's table, and the focus is on its choices
        assert page.evaluate("() => document.activeElement.id") == "handover-button"
        page.keyboard.press("Enter")
        page.wait_for_selector("#game #decision")
        assert "you are Player 2" in page.locator("header .crumb").inner_text()
        assert page.evaluate(IN_DECISION)
        # at the next handover (back to Player 1), Enter with the focus nowhere passes too (the
        # button's click is what click_first does in the other tests)
        for _ in range(60):
            if page.locator("#handover-button").count():
                break
            assert click_first(page)
        assert page.locator("#handover-h").inner_text().startswith("Pass to Player 1")
        page.evaluate("() => document.activeElement.blur()")
        page.keyboard.press("Enter")
        page.wait_for_selector("#game #decision")
        assert page.evaluate(IN_DECISION)
        assert "you are Player 1" in page.locator("header .crumb").inner_text()
        w.check()
    finally:
        context.close()


@pytest.mark.parametrize("size", SIZES, ids=["1280x900", "390x844"])
def test_three_tabs_reach_the_first_choice_and_focus_stays_in_the_decision(server: Server, browser: Any,
                                                                             size: dict[str, int]) -> None:
    context = browser.new_context(viewport=size, is_mobile=size["width"] < 500, has_touch=size["width"] < 500)
    try:
        w = Watched(context)
        page = w.page
        start(w, server, "cursed-forest", players="1")
        for _ in range(6):
            page.reload()
            page.wait_for_selector("#game #decision")
            assert tabs_to_first_choice(page) <= 3
            # a choice by keyboard: the next decision keeps the focus (never <body>)
            before = at(page)
            if page.evaluate("() => document.activeElement.tagName === 'SUMMARY'"):
                page.keyboard.press("Enter")
                page.keyboard.press("Tab")
            page.keyboard.press("Enter")
            page.wait_for_function("a => +document.getElementById('game').dataset.at !== a", arg=before)
            page.wait_for_function(IN_DECISION)
        # the skip link's words are there for a screen reader's list of links too
        assert page.locator("a.skip").count() == 1
        w.check()
    finally:
        context.close()
