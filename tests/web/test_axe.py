"""Every rule of axe-core, not only contrast, in real Chromium: no serious or critical violation
on the home page, the open tables page, each game's page at its start, after twenty choices and
at its end, and the hot-seat handover, at 1280x900 and at 390x844; and each of those pages has
exactly one ``h1``.

axe-core is vendored under tests/web/vendor/axe-core (no network at test time); it is evaluated
by the test's driver, as the pages' Content-Security-Policy refuses an inline script.
"""
from __future__ import annotations

from typing import Any

from tests.web import test_browser as _browser_tests
from tests.web.test_browser import Server, Watched, click_first, start
from tests.web.test_browser_handover import to_handover
from tests.web.test_contrast import AXE_JS, SIZES

#: the browser tests' fixtures: one server and one Chromium for this module
server = _browser_tests.server
browser = _browser_tests.browser
#: and, as there, any Content-Security-Policy violation fails the test
no_csp_violation = _browser_tests.no_csp_violation

#: each game, its set-up on the home page (the Storyfold and the Cursed Forest with a limit, so
#: they end)
GAMES = (("tanglewoods", {"difficulty": "0"}), ("storyfold", {"extra": "scene_limit=1"}),
         ("cursed-forest", {"players": "2", "extra": "turn_limit=3"}))
#: a game that has not ended after this many choices fails the test
MOST_CHOICES = 600


def violations(page: Any, where: str) -> list[str]:
    """axe's serious and critical violations of the page as it is, at each size, described."""
    page.evaluate("() => document.getAnimations().forEach(a => a.finish())")
    if not page.evaluate("() => !!window.axe"):
        page.evaluate("() => { const module = undefined, exports = undefined, define = undefined;\n"
                      + AXE_JS + "\n}")
    bad: list[str] = []
    for size in SIZES:
        page.set_viewport_size(size)
        found = page.evaluate("""async () => {
            const r = await axe.run(document, {resultTypes: ['violations']});
            return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
              .flatMap(v => v.nodes.map(n => v.id + ' (' + v.impact + ') ' + n.target.join(' ') + ': '
                                               + n.failureSummary.replace(/\\s+/g, ' ').slice(0, 200)));
        }""")
        bad += [f"{where} {size['width']}x{size['height']}: {v}" for v in found]
    page.set_viewport_size(SIZES[0])
    return bad


def one_h1(page: Any, where: str) -> list[str]:
    """A page has one top heading."""
    n = page.locator("h1").count()
    return [] if n == 1 else [f"{where}: {n} h1 elements"]


def check(page: Any, where: str) -> list[str]:
    return violations(page, where) + one_h1(page, where)


def test_home_and_open_tables_pass_axe(server: Server, browser: Any) -> None:
    context = browser.new_context(viewport=SIZES[0])
    try:
        w = Watched(context)
        bad: list[str] = []
        w.page.goto(server.url + "/")
        bad += check(w.page, "home")
        w.page.goto(server.url + "/tables")
        bad += check(w.page, "open tables")
        w.page.goto(server.url + "/stats")
        bad += check(w.page, "record and ladder")
        assert not bad, "\n".join(bad[:40])
        w.check()
    finally:
        context.close()


def test_each_game_passes_axe_at_its_start_after_twenty_choices_and_at_its_end(server: Server, browser: Any) -> None:
    context = browser.new_context(viewport=SIZES[0])
    try:
        w = Watched(context)
        page = w.page
        bad: list[str] = []
        for game, fields in GAMES:
            start(w, server, game, **fields)
            bad += check(page, f"{game} at its start")
            played = 0
            while played < 20 and click_first(page):
                played += 1
            assert played == 20, f"{game} ended after {played} choices"
            bad += check(page, f"{game} after twenty choices")
            while played < MOST_CHOICES and click_first(page):
                played += 1
            assert played < MOST_CHOICES, f"{game} has not ended after {played} choices"
            bad += check(page, f"{game} at its end")
        assert not bad, "\n".join(bad[:60])
        w.check()
    finally:
        context.close()


def test_the_hot_seat_handover_passes_axe(server: Server, browser: Any) -> None:
    """The screen handed to the next player: as htmx draws it after a choice, and as a whole page
    (a reload keeps it covered)."""
    context = browser.new_context(viewport=SIZES[0])
    try:
        w = Watched(context)
        page = w.page
        start(w, server, "cursed-forest", players="2", mode="hotseat")
        to_handover(page)
        bad = check(page, "handover")
        page.reload()
        page.wait_for_selector("#handover-button")
        bad += check(page, "handover, reloaded")
        assert not bad, "\n".join(bad[:40])
        w.check()
    finally:
        context.close()
