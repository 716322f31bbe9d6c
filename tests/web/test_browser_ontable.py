"""In real Chromium: a roll's or a fight's result stands where it happened, and a tapped card's
or tile's text appears right beside it on a phone (390x844), where the "Card and rule" panel is
a long scroll away.

The positions are seeded games (random choices drawn with ``random.Random(seed)``) saved as
records and uploaded through the home page, as a game saved in the terminal is."""
from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any, Callable

import woodlands

from tests.web import test_browser as _browser_tests
from tests.web.test_browser import Server, Watched, screenshot

server = _browser_tests.server
browser = _browser_tests.browser
no_csp_violation = _browser_tests.no_csp_violation

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
#: how far (px, between the two boxes) the text may stand from what was tapped
NEAR = 200

#: the distance between two boxes on the page (0 when they touch or overlap)
GAP = """([a, b]) => {
  const r = document.querySelector(a).getBoundingClientRect(), s = document.querySelector(b).getBoundingClientRect();
  const dx = Math.max(0, s.left - r.right, r.left - s.right), dy = Math.max(0, s.top - r.bottom, r.top - s.bottom);
  return Math.hypot(dx, dy);
}"""


def _record(tmp_path: Path, game_id: str, seed: int, until: Callable[[Any], bool], options: dict[str, Any] | None = None) -> Path:
    state = woodlands.load_game(game_id).new_game(seed=seed, options=options)
    rng = random.Random(seed)
    for _ in range(800):
        if until(state):
            break
        state.apply(rng.choice(state.decision.options).id)
    assert until(state)
    path = tmp_path / f"{game_id}.json"
    path.write_text(json.dumps(state.record()), encoding="utf-8")
    return path


def _upload(w: Watched, server: Server, record: Path) -> None:
    page = w.page
    page.goto(server.url + "/")
    page.set_input_files("#upload-file", str(record))
    page.locator("form[action='/upload'] button[type=submit]").click()
    page.wait_for_selector("#game", state="attached")
    # the page's scripts have run (static/app.js binds taps and focus): a tap before that is lost,
    # as a finger's would be on a page still loading, and the bubble never comes
    page.wait_for_function("() => document.readyState === 'complete' && !!window.htmx")


def _steps(n: int) -> Callable[[Any], bool]:
    return lambda state: len(state.choices) >= n


def _fight_with_damage(state: Any) -> bool:
    view = state.view(0)
    fight = view.get("fight")
    if not fight or fight["kind"] != "monster":
        return False
    at = view["players"][fight["adventurer"]]["position"]
    tile = next(t for t in view["tiles"] if t["position"] == at)
    return isinstance(tile["monster"], dict) and tile["monster"]["health"] != fight["foe_health"]


def test_a_tapped_cards_text_appears_beside_it_on_a_phone_and_the_roll_beside_its_card(
        server: Server, browser: Any, tmp_path: Path) -> None:
    # Tanglewoods, seed 1 after 66 choices: a purple hit has just hurt the Cinder Kobold
    record = _record(tmp_path, "tanglewoods", 1, _steps(66))
    context = browser.new_context(**PHONE)
    try:
        w = Watched(context)
        _upload(w, server, record)
        page = w.page
        note = page.locator('.outcome-note[data-for="cinder-kobold"]')
        assert note.is_visible()
        assert "1 damage: 1 taken of its Health 2" in note.inner_text()
        assert page.evaluate(GAP, ['[data-id="cinder-kobold"]', '[data-id="outcome-cinder-kobold"]']) <= NEAR
        card = page.locator('[data-id="cinder-kobold"] .card[data-tip]')
        card.tap()
        bubble = page.locator("#tip-near")
        bubble.wait_for(state="visible")
        assert bubble.inner_text().strip() == card.get_attribute("data-tip").strip()
        gap = page.evaluate(GAP, ['[data-id="cinder-kobold"] .card', "#tip-near"])
        assert gap <= NEAR, f"the text stands {gap:.0f} px from the card"
        screenshot(page, "tanglewoods-phone-tap")      # with WOODLANDS_SCREENS: the picture in the docs
        # the panel far below says the same (and a screen reader hears it there)
        assert page.locator("#info").inner_text() == card.get_attribute("data-tip")
        far = page.evaluate(GAP, ['[data-id="cinder-kobold"] .card', "#info"])
        assert far > NEAR, far                          # the reason for the bubble: the panel is far away
        # the bubble fits the screen, and a tap elsewhere closes it
        box = bubble.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390 + 1
        page.locator("h1").tap()
        bubble.wait_for(state="hidden")
        # an option's button says what it does: focusing one shows no bubble over the next
        page.locator("#decision button.option").first.focus()
        assert bubble.is_hidden()
        assert page.evaluate("document.documentElement.scrollWidth") <= 390 + 1
        w.check()
    finally:
        context.close()


def test_a_tapped_tile_tells_what_stands_on_it_beside_it_and_the_fight_stands_on_its_tile(
        server: Server, browser: Any, tmp_path: Path) -> None:
    record = _record(tmp_path, "cursed-forest", 1, _fight_with_damage)
    for kw in (PHONE, {"viewport": {"width": 1280, "height": 900}}):
        context = browser.new_context(**kw)
        try:
            w = Watched(context)
            _upload(w, server, record)
            page = w.page
            # the fight's round over its tile on the map, with the health the panel says
            note = page.locator('svg.model-map g.outcome-note[data-for="tile@3,-2"]')
            assert note.count() == 1 and "foe health 5" in note.get_attribute("aria-label")
            assert page.evaluate(GAP, ['g.tile[data-id="tile@3,-2"]', 'g.outcome-note[data-id="outcome@3,-2"]']) == 0
            assert "foe health 5" in page.locator('[data-id="fight"]').inner_text()
            assert page.locator('g.token-mark[data-id="monster@3,-2"] text').text_content() == "M5"
            if kw is not PHONE:
                screenshot(page, "cursed-forest-fight")
            # every note's text on the map is at least 11 px on screen
            px = page.evaluate("""() => Array.from(document.querySelectorAll('g.outcome-note text')).map(t => {
                const m = t.getScreenCTM(); return parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b); })""")
            assert px and min(px) >= 11, px
            # a tile tapped (or clicked) shows what stands on it beside it
            tile = page.locator('g.tile[data-id="tile@3,-2"]')
            # the map's box scrolls: the tile whole in view first (a finger would scroll it there)
            tile.evaluate("g => g.scrollIntoView({block: 'center', inline: 'center'})")
            if kw is PHONE:
                tile.tap()
            else:
                tile.click()
            bubble = page.locator("#tip-near")
            bubble.wait_for(state="visible")
            words = bubble.inner_text()
            assert "here:" in words and "Thalenor" in words and "Barrow Wight" in words, words
            gap = page.evaluate(GAP, ['g.tile[data-id="tile@3,-2"]', "#tip-near"])
            assert gap <= NEAR, f"{kw}: the text stands {gap:.0f} px from the tile"
            page.keyboard.press("Escape")
            bubble.wait_for(state="hidden")
            w.check()
        finally:
            context.close()
