"""Readable contrast, measured in real Chromium: every visible text on the home page, the record
page, the error page and each game's page, at a desktop size and at 390x844, in the light and the dark colour
scheme (the app has one palette; the dark run checks that a browser set to dark does not break
it), has a WCAG 2.x contrast ratio of at least 4.5:1 against its effective background (3:1 for
large text).

Two measures, both must pass: tests/web/contrast.js (our own, from the computed styles: it
also measures SVG text, gradients and faded states, which axe leaves "incomplete") and
axe-core's color-contrast rule (vendored under tests/web/vendor/axe-core with its licence, so no
network at test time).  Before measuring, each game page gets specimens of the states the
renderers can give a card, a die, a track mark or an item slot (defeated, unusable, not yet,
night, upgraded, face down, spent dice...), so a colour that this short game happens not to
reach is measured too.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.web import test_browser as _browser_tests
from tests.web.test_browser import Server, Watched, click_first, start

#: the browser tests' fixtures: one server and one Chromium for this module
server = _browser_tests.server
browser = _browser_tests.browser
#: and, as there, any Content-Security-Policy violation fails the test
no_csp_violation = _browser_tests.no_csp_violation

HERE = Path(__file__).parent
CONTRAST_JS = (HERE / "contrast.js").read_text(encoding="utf-8")
AXE_JS = (HERE / "vendor" / "axe-core" / "axe.min.js").read_text(encoding="utf-8")
SIZES = [{"width": 1280, "height": 900}, {"width": 390, "height": 844}]

#: copies of shown elements with each state class the renderers give (measured like the rest)
SPECIMENS = """() => {
  const board = document.querySelector('.board') || document.querySelector('main');
  const box = document.createElement('div'); box.id = 'specimens'; box.className = 'cards';
  const card = document.querySelector('.card');
  if (card) for (const cls of ['defeated', 'unusable', 'not-yet', 'visited', 'side-night', 'side-day', 'side-upgraded',
                              'mine', 'stunned', 'kind-morna', 'kind-creature', 'empty', 'state-unusable', 'state-not-yet',
                              'state-visited', 'state-stunned', 'state-trauma', 'kind-location', 'state-defeated',
                              'kind-hero', 'kind-bear']) {
    const c = card.cloneNode(true); c.removeAttribute('id'); c.classList.add(cls); box.appendChild(c);
  }
  // and the states as they come together on one card (a night card defeated, an upgraded one
  // out of reach...): one class at a time missed a defeated night card's light text on light grey
  if (card) for (const cls of ['side-night defeated', 'side-night state-defeated', 'side-night unusable',
                              'side-night state-unusable', 'side-night not-yet', 'side-night state-not-yet',
                              'side-night stunned', 'side-night visited', 'side-night mine', 'side-day defeated',
                              'side-day unusable', 'side-upgraded defeated', 'side-upgraded unusable',
                              'side-upgraded not-yet', 'kind-bear defeated', 'kind-bear side-night defeated',
                              'kind-creature state-defeated', 'kind-creature state-stunned',
                              'state-trauma state-stunned', 'kind-hero state-unusable', 'kind-hero stunned',
                              'kind-morna state-defeated', 'kind-location state-visited', 'empty unusable']) {
    const c = card.cloneNode(true); c.removeAttribute('id'); c.classList.add(...cls.split(' ')); box.appendChild(c);
  }
  // the sides and states the Cursed Forest's table model gives its cards: Morna Gul, a poison token, face down
  const forest = document.querySelector('.table-cursed-forest .card');
  if (forest) for (const cls of ['side-morna', 'side-poison', 'side-face-down state-face-down', 'state-active', 'state-highlight',
                                'side-morna state-defeated', 'side-morna state-active', 'side-morna state-highlight',
                                'side-poison state-face-down', 'side-poison state-active', 'state-active state-highlight',
                                'side-face-down state-face-down state-highlight']) {
    const c = forest.cloneNode(true); c.removeAttribute('id'); c.classList.add(...cls.split(' ')); box.appendChild(c);
  }
  const die = document.querySelector('svg.die');
  if (die) for (const cls of ['zone-exhausted', 'used', 'zone-banished', 'applied', 'success', 'miss', 'state-exhausted',
                              'state-success', 'state-miss', 'state-banished', 'state-applied']) {
    const d = die.cloneNode(true); d.classList.add(cls); box.appendChild(d);
  }
  box.insertAdjacentHTML('beforeend', '<ul class="slots"><li><span class="space">back</span>' +
    '<span class="slot face-down">face down</span> <span class="slot poison">poison</span></li></ul>' +
    '<p class="refusal">refused</p><p class="error">error</p><span class="need missing">2 green</span>' +
    '<span class="need covered">1 blue</span><span class="stat low"><span class="stat-die">3</span></span>' +
    '<span class="token face-need state-missing">N missing</span><span class="token face-need state-covered">E covered</span>' +
    '<span class="meter model-track state-low"><span class="meter-label">Health</span> <span class="meter-value">2/6</span></span>');
  board.appendChild(box);
}"""


def measure(page: Any, where: str) -> list[str]:
    """The texts under their threshold (ours and axe's), described for the failure message.
    Measured as the page settles: a change mark's short motion (a card sliding in from faint) is
    played to its end first; the marks that stay (reduced motion) are measured by every_way."""
    page.evaluate("() => document.getAnimations().forEach(a => a.finish())")
    bad = [f"{where}: {r['where']} {r['text']!r} {r['ratio']}:1 < {r['need']}:1 (text {r['fg']} on {r['bg']})"
           for r in page.evaluate(CONTRAST_JS) if r["ratio"] < r["need"]]
    if not page.evaluate("() => !!window.axe"):
        # evaluated by the test's driver, not added as an inline <script>, which the pages'
        # Content-Security-Policy refuses
        page.evaluate("() => { const module = undefined, exports = undefined, define = undefined;\n"
                      + AXE_JS + "\n}")
    found = page.evaluate("""async () => {
        const r = await axe.run(document, {runOnly: ['color-contrast'], resultTypes: ['violations']});
        return r.violations.flatMap(v => v.nodes.map(n => n.target.join(' ') + ': ' + n.any.map(a => a.message).join('; ')));
    }""")
    return bad + [f"{where} (axe): {v}" for v in found]


def every_way(page: Any, name: str) -> list[str]:
    """Measure the page as it is at each size, light and dark."""
    bad: list[str] = []
    for size in SIZES:
        page.set_viewport_size(size)
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            bad += measure(page, f"{name} {size['width']}x{size['height']} {scheme}")
    page.emulate_media(color_scheme="light")
    page.set_viewport_size(SIZES[0])
    # with reduced motion a change mark does not fade: the text under it must stay readable
    page.emulate_media(reduced_motion="reduce")
    bad += measure(page, f"{name} {SIZES[0]['width']}x{SIZES[0]['height']} light, reduced motion")
    page.emulate_media(reduced_motion="no-preference")
    return bad


def test_every_text_has_readable_contrast(server: Server, browser: Any) -> None:
    context = browser.new_context(viewport=SIZES[0])
    try:
        w = Watched(context)
        page = w.page
        bad: list[str] = []
        page.goto(server.url + "/")
        bad += every_way(page, "home")
        page.goto(server.url + "/stats")
        bad += every_way(page, "record and ladder")
        page.goto(server.url + "/games/no-such-game")
        bad += every_way(page, "error page")
        w.errors.clear()             # the error page's own 403, asked for
        texts = 0
        for game, fields, clicks in (("tanglewoods", {"difficulty": "0"}, 14), ("storyfold", {}, 12),
                                     ("cursed-forest", {"players": "2", "extra": "turn_limit=3"}, 10)):
            start(w, server, game, **fields)
            for _ in range(clicks):
                if not click_first(page):
                    break
            texts += len(page.evaluate(CONTRAST_JS))
            page.evaluate(SPECIMENS)
            assert page.locator("#specimens .card").count() >= 10
            bad += every_way(page, game)
        assert texts > 300, f"only {texts} texts measured on the game pages"
        assert not bad, "text under the WCAG contrast minimum:\n" + "\n".join(bad[:40])
        w.check()
    finally:
        context.close()


def test_the_measure_catches_low_contrast(server: Server, browser: Any) -> None:
    """The measure itself: grey on grey, faded text, SVG text on a shape and text on a gradient
    are each caught, and large text is held to 3:1.  (Its specimens carry inline styles, which
    the pages' policy refuses: this context bypasses the policy; the pages are measured with it.)"""
    context = browser.new_context(viewport=SIZES[0], bypass_csp=True)
    try:
        page = context.new_page()
        page.goto(server.url + "/")
        page.evaluate("""() => document.querySelector('main').insertAdjacentHTML('afterbegin',
          '<p id="t1" style="color:#777;background:#fff">grey on white</p>' +
          '<p id="t2" style="opacity:.4">faded text</p>' +
          '<div style="background:linear-gradient(#fff,#333)"><span id="t3" style="color:#000">on a gradient</span></div>' +
          '<p id="t4" style="color:#949494;font-size:30px;background:#fff">large grey</p>' +
          '<svg width="200" height="40"><rect width="200" height="40" fill="#1f5fbf"/>' +
          '<text id="t5" x="5" y="25" fill="#1d1b16">dark on blue</text></svg>')""")
        rows = {r["text"]: r for r in page.evaluate(CONTRAST_JS)}
        assert rows["grey on white"]["ratio"] < 4.5
        assert rows["faded text"]["ratio"] < 4.5
        assert rows["on a gradient"]["ratio"] < 4.5 < rows["Play the Woodlands games"]["ratio"]
        assert rows["large grey"]["need"] == 3 and 3 < rows["large grey"]["ratio"] < 4.5
        assert rows["dark on blue"]["ratio"] < 4.5 and rows["dark on blue"]["bg"] == [31, 95, 191]
    finally:
        context.close()
