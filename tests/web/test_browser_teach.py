"""Teach mode in real Chromium: a browser's first Tanglewoods game shows the lesson of its first
decision beside the options (screenshot ``web-teach``), the next kind's lesson comes with the
next decision through htmx, the panel passes axe, its rule is one click away, and "Turn
teaching off" hides it for the rest of the game."""
from __future__ import annotations

from typing import Any

from tests.web import test_browser as _browser_tests
from tests.web.test_axe import check
from tests.web.test_browser import Server, Watched, click_first, screenshot, start
from woodlands.kit.teach import teaching_for

server = _browser_tests.server
browser = _browser_tests.browser
ctx = _browser_tests.ctx
no_csp_violation = _browser_tests.no_csp_violation


def test_the_first_game_teaches_and_one_click_turns_it_off(server: Server, ctx: Any) -> None:
    teaching = teaching_for("tanglewoods")
    assert teaching is not None
    hero, side = teaching.lesson("choose_hero"), teaching.lesson("choose_side")
    w = Watched(ctx)
    start(w, server, "tanglewoods")
    page = w.page
    panel = page.locator("#teach")
    assert panel.is_visible()
    assert f"Learning: {hero.title}" in panel.inner_text() and hero.tip in panel.inner_text()
    # near the options: it comes right after the decision in the side column
    assert page.evaluate("() => document.getElementById('decision').nextElementSibling.id") == "teach"
    assert not check(page, "the game page with a lesson")
    screenshot(page, "teach")
    rule = panel.locator("#teach-rule")
    assert rule.get_attribute("href") == f"/rules/{hero.rule}"
    # the next decision is a new kind: its lesson comes with it, through htmx
    assert click_first(page)
    page.wait_for_selector(f"#teach h3:has-text('{side.title}')")
    # one click turns it off, and it stays off at the next decisions
    page.locator("#teach-off").click()
    page.wait_for_selector("#teach", state="detached")
    assert "Teach me" in page.locator("#teach-toggle").inner_text()
    for _ in range(4):
        assert click_first(page)
        assert page.locator("#teach").count() == 0
    page.reload()
    assert page.locator("#teach").count() == 0
    # the rule's page: its id, its section and our words
    page.goto(server.url + f"/rules/{hero.rule}")
    body = page.locator("main").inner_text()
    assert hero.rule in body and hero.section in body and hero.what in body
    w.check()
