"""Whose turn it is, in real Chromium (the fixtures of tests/web/test_browser.py): two browsers
at one Cursed Forest table; when the first seat's moves hand the decision to the second, the
second's title becomes "● Your turn — Woodlands" and its page tells the moves in words; the
sound and the notification are off until ticked, remembered after a reload, and the
notification's permission is asked only on ticking."""
from __future__ import annotations

from typing import Any

from tests.web import test_browser as _browser_tests
from tests.web.test_browser import Server, Watched, click_first, start, take_seat

browser = _browser_tests.browser
server = _browser_tests.server
no_csp_violation = _browser_tests.no_csp_violation

YOUR_TURN = "● Your turn — Woodlands"

#: a stand-in for the browser's notifications and sound, counting what the page asks of them (the
#: permission kept in localStorage, as a browser keeps it across reloads)
FAKES = """
window.__turn = {asked: 0, shown: [], beeps: 0};
(function () {
  function Fake(title, options) { window.__turn.shown.push(title); }
  Object.defineProperty(Fake, "permission", {get: function () { return localStorage.getItem("fake.permission") || "default"; }});
  Fake.requestPermission = function () { window.__turn.asked++; localStorage.setItem("fake.permission", "granted");
                                         return Promise.resolve("granted"); };
  window.Notification = Fake;
  var Real = window.AudioContext;
  window.AudioContext = function () {
    var c = new Real(), make = c.createOscillator.bind(c);
    c.createOscillator = function () { window.__turn.beeps++; return make(); };
    return c;
  };
})();
"""


def deciding(w: Watched) -> bool:
    return w.page.get_attribute("#game", "data-turn") == "mine"


def test_two_browsers_the_turn_passes_and_the_moves_are_told(server: Server, browser: Any) -> None:
    a_ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    b_ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    b_ctx.add_init_script(FAKES)
    try:
        a, b = Watched(a_ctx), Watched(b_ctx)
        start(a, server, "cursed-forest", players="2", mode="online", extra="turn_limit=3")
        take_seat(b, a.page.locator(".invites input").first.input_value())
        page = b.page
        # the boxes: shown, off by default; the permission not asked yet
        page.wait_for_selector(".turn-alerts:not([hidden])")
        assert not page.locator("#turn-sound").is_checked() and not page.locator("#turn-notify").is_checked()
        assert page.evaluate("window.__turn.asked") == 0
        page.locator("#turn-sound").check()
        page.locator("#turn-notify").check()
        page.wait_for_function("() => window.__turn.asked === 1 && document.getElementById('turn-notify').checked")
        page.reload()
        page.wait_for_selector(".turn-alerts:not([hidden])")
        assert page.locator("#turn-sound").is_checked() and page.locator("#turn-notify").is_checked()
        assert page.evaluate("window.__turn.asked") == 0, "a reload asks nothing"
        # b waits for a, then a's moves hand the decision over
        for _ in range(60):
            if deciding(b):
                page.wait_for_timeout(200)
                if deciding(b):             # b chooses until the decision is a's
                    assert click_first(page)
                continue
            if not deciding(a):
                a.page.wait_for_timeout(100)
                continue
            break
        assert deciding(a) and not deciding(b)
        assert page.title() != YOUR_TURN and "Waiting for Player 1" in page.locator("#turn-banner").inner_text()
        assert a.page.title() == YOUR_TURN and "Your turn" in a.page.locator("#turn-banner").inner_text()
        beeps = page.evaluate("window.__turn.beeps")
        for _ in range(80):
            assert click_first(a.page)
            a.page.wait_for_timeout(50)
            if not deciding(a):
                break
        page.wait_for_function("t => document.title === t", arg=YOUR_TURN)
        assert "Your turn" in page.locator("#turn-banner").inner_text()
        assert a.page.title() != YOUR_TURN
        # a's last moves, told on b's page in the log's words (and shown a moment as a toast)
        page.wait_for_function("() => document.getElementById('announce').textContent.trim() !== ''")
        told = page.locator("#announce").inner_text().strip()
        log = page.locator("ol.log").inner_text()
        first = told.split(". ")[0].rstrip(".")
        assert first and first in log, (told, log[-500:])
        assert page.locator("#announce.shown").count() == 1
        # the sound and the notification, as the turn came
        page.wait_for_function("b => window.__turn.beeps > b && window.__turn.shown.length === 1", arg=beeps)
        assert page.evaluate("window.__turn.shown") == [YOUR_TURN]
        a.check()
        b.check()
    finally:
        a_ctx.close()
        b_ctx.close()


def test_on_a_phone_the_banner_comes_first(server: Server, browser: Any) -> None:
    """At 390x844 the banner sits above the decision (which comes before the table), on screen."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        w = Watched(context)
        start(w, server, "tanglewoods", difficulty="0")
        page = w.page
        assert page.title() == YOUR_TURN
        banner = page.locator("#turn-banner").bounding_box()
        decision = page.locator("#decision").bounding_box()
        assert banner and decision and banner["y"] + banner["height"] <= decision["y"]
        assert 0 <= banner["y"] < 844 and banner["x"] >= 0 and banner["x"] + banner["width"] <= 390
        assert click_first(page)
        assert page.title() == YOUR_TURN and page.locator("#turn-banner").count() == 1    # a solo game: always yours
        w.check()
    finally:
        context.close()
