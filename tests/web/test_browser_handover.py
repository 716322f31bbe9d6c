"""The hot-seat handover and the keyboard's way to the choices, in real Chromium (the fixtures of
tests/web/test_browser.py: `woodlands serve` on a free port, one browser), at 1280x900 and 390x844."""
from __future__ import annotations

import re
from typing import Any

import pytest

from tests.web import test_browser as _browser_tests
from tests.web.test_browser import Server, Watched, at, click_first, start, take_seat

server = _browser_tests.server
browser = _browser_tests.browser
no_csp_violation = _browser_tests.no_csp_violation

#: is the focus on one of the decision's choices (an option, or a group's summary)?
ON_CHOICE = ("() => { const a = document.activeElement; "
             "return !!a && a.matches('#game #decision button.option, #game #decision details.group > summary'); }")
IN_DECISION = "() => !!document.activeElement && !!document.activeElement.closest('#game #decision')"
#: where the focus is, in words (for the failure messages)
FOCUS = ("() => { const a = document.activeElement; if (!a || a === document.body) return 'body'; "
         "return a.tagName + (a.id ? '#' + a.id : '') + '.' + a.className; }")
SIZES = [{"width": 1280, "height": 900}, {"width": 390, "height": 844}]
IDS = ["1280x900", "390x844"]


def context_at(browser: Any, size: dict[str, int]) -> Any:
    phone = size["width"] < 500
    return browser.new_context(viewport=size, is_mobile=phone, has_touch=phone)


def ready(page: Any) -> None:
    """Wait until the page's scripts ran (htmx wires its forms): a form pressed before that posts
    as a whole page, which test_a_handover_posted_as_a_whole_page_comes_back_at_the_choices
    covers; the other tests here play through htmx."""
    page.wait_for_function("() => document.readyState === 'complete' && !!window.htmx")


def posted_as_pages(page: Any) -> list[str]:
    """The forms this page posts from now on as a whole page (not through htmx): a list that fills."""
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" and r.is_navigation_request() else None)
    return posts


def tabs_to_first_choice(page: Any, most: int = 60) -> int:
    """Tab presses from the top of the page until the focus is on a choice."""
    page.evaluate("() => { document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0); }")
    for n in range(1, most + 1):
        page.keyboard.press("Tab")
        if page.evaluate(ON_CHOICE):
            return n
    raise AssertionError(f"no choice within {most} Tabs")


def to_handover(page: Any) -> str:
    """Take first options until the screen is handed over; the next player's name."""
    for _ in range(60):
        if page.locator("#handover-button").count():
            break
        before = at(page)
        options = page.locator("#decision form.choose > .options button.option")
        if options.count() == 0:
            page.locator("#decision details.group > summary").first.click()
            options = page.locator("#decision details.group[open] button.option")
        options.first.click()
        page.wait_for_function("a => +document.getElementById('game').dataset.at !== a", arg=before)
    ready(page)
    heading = page.locator("#handover-h").inner_text()
    assert re.fullmatch(r"Pass to Player \d( \(.+\))?", heading), heading
    return heading.removeprefix("Pass to ")


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_hot_seat_passes_the_screen_with_enter(server: Server, browser: Any, size: dict[str, int]) -> None:
    context = context_at(browser, size)
    try:
        w = Watched(context)
        page = w.page
        start(w, server, "cursed-forest", players="2", mode="hotseat")
        ready(page)
        bare = posted_as_pages(page)
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
        _browser_tests.screenshot(page, f"handover-{size['width']}")   # with WOODLANDS_SCREENS: the docs' pictures
        # the button has the focus: Enter shows Player 2's table, and the focus is on its choices
        assert page.evaluate("() => document.activeElement.id") == "handover-button"
        page.keyboard.press("Enter")
        page.wait_for_selector("#game #decision")
        assert "you are Player 2" in page.locator("header .crumb").inner_text()
        assert page.evaluate(IN_DECISION), page.evaluate(FOCUS)
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
        assert page.evaluate(IN_DECISION), page.evaluate(FOCUS)
        assert "you are Player 1" in page.locator("header .crumb").inner_text()
        # every choice and handover went through htmx (a form posted as a whole page drops the focus)
        assert bare == []
        w.check()
    finally:
        context.close()


def test_a_handover_pressed_the_moment_it_is_drawn_is_sent_by_htmx(server: Server, browser: Any) -> None:
    """The cause of the focus once lost after a handover: htmx wired a swapped-in form only as
    the swap settled (20 ms later), and a press in between posted the form as a whole page.  Here
    the handover is re-drawn and its button pressed in the very next task after the swap."""
    context = context_at(browser, SIZES[0])
    try:
        w = Watched(context)
        page = w.page
        start(w, server, "cursed-forest", players="2", mode="hotseat")
        name = to_handover(page)
        bare = posted_as_pages(page)
        page.evaluate("""() => {
            document.body.addEventListener("htmx:afterSwap", function once() {
                document.body.removeEventListener("htmx:afterSwap", once);
                setTimeout(() => document.getElementById("handover-button").click(), 0);
            });
            htmx.trigger(document.getElementById("game"), "woodlands:stale");    // the handover, re-drawn
        }""")
        page.wait_for_selector("#game #decision")
        assert f"you are {name}" in page.locator("header .crumb").inner_text()
        assert page.evaluate(IN_DECISION), page.evaluate(FOCUS)
        assert bare == []
        w.check()
    finally:
        context.close()


def test_a_handover_posted_as_a_whole_page_comes_back_at_the_choices(server: Server, browser: Any) -> None:
    """Without htmx (JavaScript off, or a press before the page's scripts ran) the handover's form
    posts as a page; the answer leads to the decision, and the page focuses its first choice."""
    context = context_at(browser, SIZES[1])
    try:
        w = Watched(context)
        page = w.page
        start(w, server, "cursed-forest", players="2", mode="hotseat")
        name = to_handover(page)
        url = page.url
        with page.expect_navigation():
            page.evaluate("() => document.querySelector('#handover form').submit()")     # no submit event: no htmx
        page.wait_for_selector("#game #decision")
        page.wait_for_function(IN_DECISION)
        assert f"you are {name}" in page.locator("header .crumb").inner_text()
        assert page.url == url                                   # "#decision" served its turn and went
        w.check()
    finally:
        context.close()


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_three_tabs_reach_the_first_choice_and_focus_stays_in_the_decision(server: Server, browser: Any,
                                                                             size: dict[str, int]) -> None:
    context = context_at(browser, size)
    try:
        w = Watched(context)
        page = w.page
        start(w, server, "cursed-forest", players="1")
        for _ in range(6):
            page.reload()
            ready(page)
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


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_focus_survives_a_live_update_and_a_turn_passing_online(server: Server, browser: Any,
                                                                size: dict[str, int]) -> None:
    """At an online table, the page of the seat that waits is re-drawn by live updates: the log,
    or the card of the table, that had its focus has it again.  A choice by keyboard that hands
    the turn to the other seat leaves the focus on the decision panel (which says who decides)."""
    a_ctx, b_ctx = context_at(browser, size), context_at(browser, size)
    try:
        a, b = Watched(a_ctx), Watched(b_ctx)
        start(a, server, "cursed-forest", players="2", mode="online")
        take_seat(b, a.page.locator(".invites input").first.input_value())
        a.page.wait_for_function("() => !document.querySelector('.invites')")
        ready(a.page)
        ready(b.page)
        choices = "#decision button.option, #decision details.group"
        kept = {"log": 0, "card": 0, "panel": 0}
        for _ in range(120):
            if min(kept.values()) >= 2:
                break
            mover, other = (a, b) if a.page.locator(choices).count() else (b, a)
            if not mover.page.locator(choices).count():
                mover.page.wait_for_timeout(100)
                continue
            # the waiting page: the focus on its log, or on a card of its table, by turns
            what = "log" if kept["log"] <= kept["card"] else "card"
            target = other.page.locator("#game ol.log" if what == "log" else "#game [data-id][tabindex='0']").first
            target.focus()
            held = target.evaluate("e => e.getAttribute('data-id') || 'log'")
            before_other, before_mover = at(other.page), at(mover.page)
            # the mover chooses by keyboard
            mover.page.locator("#decision button.option, #decision details.group > summary").first.focus()
            if mover.page.evaluate("() => document.activeElement.tagName === 'SUMMARY'"):
                mover.page.keyboard.press("Enter")
                mover.page.locator("#decision details.group[open] button.option").first.focus()
            mover.page.keyboard.press("Enter")
            mover.page.wait_for_function("a => +document.getElementById('game').dataset.at !== a", arg=before_mover)
            other.page.wait_for_function("a => +document.getElementById('game').dataset.at > a", arg=before_other)
            # the waiting page was re-drawn live: its focus is where it was
            now = other.page.evaluate("() => { const a = document.activeElement; return a.closest('#game') ? "
                                      "(a.getAttribute('data-id') || (a.matches('ol.log') ? 'log' : a.tagName)) : 'lost'; }")
            if what == "log" or other.page.locator(f"#game [data-id='{held}'][tabindex='0']").count():
                assert now == held, (what, held, now)
                kept[what] += 1
            else:
                assert now != "lost", other.page.evaluate(FOCUS)       # the card is gone: still in the game
            # the mover's page: its next choice, or (the other seat decides now) the decision panel
            assert mover.page.evaluate(IN_DECISION) or mover.page.evaluate("() => document.activeElement.id") == "decision", \
                mover.page.evaluate(FOCUS)
            if not mover.page.locator(choices).count():
                kept["panel"] += 1
        assert min(kept.values()) >= 2, kept
        a.check()
        b.check()
    finally:
        a_ctx.close()
        b_ctx.close()
