"""A compass map late in a long game, in real Chromium: the Cursed Forest's forest keeps its
size and scrolls (zoom buttons from static/zoom.js) instead of shrinking, so at 1280x900 and at
390x844 every text on the map is at least 11 px on screen and each tile's name is drawn whole.

The long game is a seeded record (random choices until many tiles are laid) uploaded through
the home page, as a game saved in the terminal is."""
from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import woodlands
from woodlands.engine.presentation import presentation_for

from tests.web import test_browser as _browser_tests
from tests.web.test_browser import Server, Watched, click_first

server = _browser_tests.server
browser = _browser_tests.browser
no_csp_violation = _browser_tests.no_csp_violation

#: a map this many tiles large, at least (today's fitted drawing made its names 4 px)
TILES = 22


def _long_game() -> tuple[Any, Any]:
    """A seeded two-player game played at random until TILES tiles are laid (not over)."""
    game = woodlands.load_game("cursed-forest")
    for seed in range(1, 40):
        state = game.new_game(seed=seed, options={"players": 2})
        rng = random.Random(seed)
        for _ in range(4000):
            if state.is_over:
                break
            if sum(t.get("position") is not None for t in state.view(0)["tiles"]) >= TILES:
                return game, state
            state.apply(rng.choice(state.decision.options).id)
    raise AssertionError(f"no seeded game laid {TILES} tiles")


#: every text of the map: its size on screen (its font size times the SVG's scale), its words
TEXTS = """() => Array.from(document.querySelectorAll('svg.model-map text')).map(t => {
  const m = t.getScreenCTM();
  return {px: parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b), words: t.textContent,
          height: t.getBoundingClientRect().height};
})"""
#: each tile's id and its drawn name (its lines joined)
NAMES = """() => Array.from(document.querySelectorAll('svg.model-map g.tile')).map(g => {
  const t = g.querySelector('text.tile-name');
  return [g.dataset.id, t ? Array.from(t.querySelectorAll('tspan')).map(s => s.textContent).join(' ') : ''];
})"""

#: the map's width on screen
WIDTH = "() => document.querySelector('svg.model-map').getBoundingClientRect().width"


def test_a_late_forest_map_has_no_small_and_no_cut_text(server: Server, browser: Any, tmp_path: Path) -> None:
    game, state = _long_game()
    names = {e.id: e.name for r in presentation_for(game).table_model(state.view(0), 0).regions
             for e in r.elements if e.id.startswith("tile@")}
    assert len(names) >= TILES
    record = tmp_path / "long.json"
    record.write_text(json.dumps(state.record()), encoding="utf-8")
    for size in ({"width": 1280, "height": 900}, {"width": 390, "height": 844}):
        context = browser.new_context(viewport=size)
        try:
            w = Watched(context)
            page = w.page
            page.goto(server.url + "/")
            page.set_input_files("#upload-file", str(record))
            page.locator("form[action='/upload'] button[type=submit]").click()
            page.wait_for_selector("svg.model-map")
            texts = page.evaluate(TEXTS)
            assert len(texts) > TILES
            small = [t for t in texts if t["px"] < 11 or (t["words"].strip() and t["height"] < 11)]
            assert not small, f"{size}: text under 11 px: {small[:5]}"
            drawn = dict(page.evaluate(NAMES))
            assert drawn == names, f"{size}: names cut or changed"
            # the map scrolls in its box rather than shrinking; zooming in makes it larger, and back
            box = page.locator(".compass-map")
            before = page.evaluate(WIDTH)
            page.get_by_role("button", name="Zoom the map in").click()
            after = page.evaluate(WIDTH)
            assert after > before * 1.4
            assert click_first(page)                                          # a redraw keeps the zoom
            page.wait_for_selector("svg.model-map")
            page.wait_for_function("a => (" + WIDTH + ")() === a", arg=after, timeout=5000)   # zoom.js re-applies it on load
            page.get_by_role("button", name="Zoom the map out").click()
            page.get_by_role("button", name="Zoom the map out").click()      # never below its drawn size
            assert page.evaluate(WIDTH) == before
            assert box.evaluate("b => b.scrollWidth > b.clientWidth || b.scrollHeight > b.clientHeight") or size["width"] > 1000
            assert page.evaluate("document.documentElement.scrollWidth") <= size["width"] + 1, page.evaluate(
                "() => Array.from(document.querySelectorAll('body *')).filter(e => e.getBoundingClientRect().right > innerWidth + 1)"
                ".slice(0, 8).map(e => e.tagName + '.' + (e.className.baseVal ?? e.className) + ' ' + e.getBoundingClientRect().width)")
            w.check()
        finally:
            context.close()
