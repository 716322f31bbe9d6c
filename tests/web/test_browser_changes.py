"""What just changed, in real Chromium: after a choice (and a live re-draw) the page marks the
elements whose fingerprint or region changed (class ``changed``), and only those; a die rolls
while reduced motion keeps the mark without the motion; the log opens at its newest line.

Fixtures and helpers are tests/web/test_browser.py's (its own server and browser per module).
"""
from __future__ import annotations

import re
from typing import Any

from tests.web import test_browser as _browser_tests
from tests.web.test_browser import Server, Watched, at, click_first, start

server = _browser_tests.server
browser = _browser_tests.browser
ctx = _browser_tests.ctx
no_csp_violation = _browser_tests.no_csp_violation

#: the ids marked changed, and every element's fingerprint@region, as the page has them now
STATE = """() => {
  const marked = [...document.querySelectorAll('#game .changed[data-id]')].map(e => e.dataset.id).sort();
  const all = {};
  document.querySelectorAll('#game [data-id][data-sig]').forEach(e => {
    const r = e.closest('[data-region]');
    all[e.dataset.id] = e.dataset.sig + '@' + (r ? r.dataset.region : '');
  });
  return [marked, all];
}"""


def option(page: Any, words: str) -> Any:
    """The first option button with ``words`` in its label, case and all (its group opened
    first), or None."""
    button = page.locator("#decision button.option", has_text=re.compile(re.escape(words)))
    if button.count() == 0:
        return None
    group = button.first.locator("xpath=ancestor::details[1]")
    if group.count() and not group.evaluate("d => d.open"):
        group.locator("summary").click()
    return button.first


def take(page: Any, button: Any) -> None:
    before = at(page)
    button.click()
    page.wait_for_function("a => +document.getElementById('game').dataset.at !== a", arg=before)


def play_until(page: Any, words: str, most: int = 80) -> Any:
    """The option with ``words``, reached by taking first options; None when the game ended
    first (the server deals each new game its own seed: a game may be lost early)."""
    for _ in range(most):
        button = option(page, words)
        if button is not None:
            return button
        if not click_first(page):
            return None
    raise AssertionError(f"no option {words!r} within {most} choices")


def new_game_until(w: Any, server: Server, words: str, games: int = 8) -> Any:
    """The option with ``words`` in the first of up to ``games`` new games that reaches it."""
    for _ in range(games):
        start(w, server, "tanglewoods", difficulty="0")
        button = play_until(w.page, words)
        if button is not None:
            return button
    raise AssertionError(f"no game of {games} reached an option {words!r}")


def test_a_choice_marks_what_changed_and_only_that(server: Server, ctx: Any) -> None:
    w = Watched(ctx)
    start(w, server, "tanglewoods", difficulty="0")
    page = w.page
    assert page.evaluate(STATE)[0] == []                   # the first drawing: nothing marked
    commit = play_until(page, "Commit a") or new_game_until(w, server, "Commit a")
    old = page.evaluate(STATE)[1]
    take(page, commit)
    marked, new = page.evaluate(STATE)
    expected = sorted(i for i in new if old.get(i) != new[i])
    assert marked == expected and len(marked) == 1 and marked[0].startswith("die-"), marked   # the committed die
    assert len(new) > 20                                      # and nothing else of the table
    die = page.locator(f"#game [data-id='{marked[0]}']")
    assert die.evaluate("e => getComputedStyle(e).outlineStyle") == "solid"
    assert die.locator("svg.die").evaluate("e => getComputedStyle(e).animationName") == "wl-roll"
    # rolling the committed dice marks the dice rolled
    roll = play_until(page, "Roll the")
    assert roll is not None, "the committed dice are always rolled before the game can end"
    take(page, roll)
    marked, _ = page.evaluate(STATE)
    # the dice rolled, and the roll's result note beside them (or on the enemy it hurt): nothing else
    assert any(i.startswith("die-") for i in marked), marked
    assert all(i.startswith("die-") or i.startswith("outcome-") for i in marked), marked
    # a card laid on the table slides to its place (in a new game if this one was lost first)
    place = play_until(page, "Place ") or new_game_until(w, server, "Place ")
    take(page, place)
    marked, _ = page.evaluate(STATE)
    cards = page.locator("#game .model-el.changed > .card")
    assert cards.count() >= 1, marked
    assert cards.first.evaluate("e => getComputedStyle(e).animationName") == "wl-slide"
    # a live re-draw of the same table (what the event stream asks for): nothing changed since
    page.evaluate("() => { const g = document.getElementById('game'); g.dataset.old = '1'; htmx.trigger(g, 'woodlands:stale'); }")
    page.wait_for_function("() => !document.getElementById('game').dataset.old")
    assert page.evaluate(STATE)[0] == []
    w.check()


def test_reduced_motion_keeps_the_mark_without_the_motion(server: Server, ctx: Any) -> None:
    w = Watched(ctx)
    page = w.page
    page.emulate_media(reduced_motion="reduce")
    start(w, server, "tanglewoods", difficulty="0")
    take(page, play_until(page, "Commit a") or new_game_until(w, server, "Commit a"))
    marked, _ = page.evaluate(STATE)
    assert len(marked) == 1
    die = page.locator(f"#game [data-id='{marked[0]}']")
    assert "changed" in (die.get_attribute("class") or "")
    assert die.evaluate("e => getComputedStyle(e).outlineStyle") == "solid"      # the mark stays
    assert die.evaluate("e => getComputedStyle(e).animationName") == "none"      # no fading
    assert die.locator("svg.die").evaluate("e => getComputedStyle(e).animationName") == "none"   # no roll
    w.check()


def test_the_log_opens_at_its_newest_line(server: Server, ctx: Any) -> None:
    w = Watched(ctx)
    url = start(w, server, "tanglewoods", difficulty="0")
    page = w.page
    at_end = "() => { const l = document.querySelector('#game ol.log'); return [l.scrollHeight > l.clientHeight, " \
             "l.scrollTop + l.clientHeight >= l.scrollHeight - 2]; }"
    for _ in range(120):
        longer, end = page.evaluate(at_end)
        assert end
        if longer:
            break
        assert click_first(page)
    assert longer, "the log never outgrew its box"
    page.goto(url)                                           # a fresh page too
    page.wait_for_selector("#game ol.log li")
    assert page.evaluate(at_end) == [True, True]
    w.check()


def test_a_tile_laid_on_the_map_appears_marked(server: Server, ctx: Any) -> None:
    """The Cursed Forest (hot seat): the tile just laid is marked and fades in; the tiles that
    were there already are not marked."""
    w = Watched(ctx)
    start(w, server, "cursed-forest", players="2", mode="hotseat")
    page = w.page
    take(page, play_until(page, "Lay "))
    tiles = page.locator("#game g.tile.changed")
    assert tiles.count() == 1, page.evaluate(STATE)[0]
    assert "wl-appear" in tiles.first.evaluate("e => getComputedStyle(e).animationName")
    assert page.locator("#game g.tile:not(.changed)").count() >= 1       # the start, at least
    w.check()
