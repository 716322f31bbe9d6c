"""The end of a game in real Chromium, at 1280x900 and at 390x844: a short seeded Tanglewoods
game (a record uploaded through the home page, its last choices clicked) ends on its story and
the record to download, passes axe, and "Play again" starts the same set-up with a new seed in
one click; at an online table the waiting seat learns of the next table through the live
updates, without reloading."""
from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import woodlands

from tests.web import test_browser as _browser_tests
from tests.web.test_axe import check
from tests.web.test_browser import Server, Watched, at, start, take_seat

server = _browser_tests.server
browser = _browser_tests.browser
no_csp_violation = _browser_tests.no_csp_violation

SIZES = ({"width": 1280, "height": 900}, {"width": 390, "height": 844})
#: clicked on the page: the game's last choices (the rest come in the uploaded record)
CLICKED = 6


def _short_game() -> tuple[dict[str, Any], list[str]]:
    """A seeded Tanglewoods game that ends in a few dozen choices: its record without its last
    CLICKED choices, and every choice."""
    game = woodlands.load_game("tanglewoods")
    state = game.new_game(seed=4, options={"difficulty": 2})
    rng = random.Random(4)
    while not state.is_over:
        state.apply(rng.choice(state.decision.options).id)
    choices = list(state.choices)
    start_ = game.new_game(seed=4, options={"difficulty": 2})
    for c in choices[:-CLICKED]:
        start_.apply(c)
    return start_.record(), choices


def _click(page: Any, option: str) -> None:
    """Take ``option`` on the page (opening its group first when it is in one)."""
    before = at(page)
    button = page.locator(f"#decision button.option[value='{option}']")
    if not button.is_visible():
        group = page.locator("#decision details.group", has=page.locator(f"button.option[value='{option}']"))
        group.locator("summary").first.click()
    button.click()
    page.wait_for_function("a => { const g = document.getElementById('game'); return g && +g.dataset.at !== a }",
                           arg=before)



def finish_uploaded(page: Any, path: Path, choices: list[str]) -> None:
    """Upload the record at ``path`` through the home page, then click the game's remaining
    ``choices`` (all of the game's choices, in order) until its end screen shows."""
    page.set_input_files("#upload-file", str(path))
    page.locator("form[action='/upload'] button[type=submit]").click()
    page.wait_for_selector("#game", state="attached")
    while page.locator("#story").count() == 0:
        n = at(page)
        assert n < len(choices), "the record's choices ran out before the end"
        _click(page, choices[n])

def test_a_short_game_ends_on_its_story_and_plays_again(server: Server, browser: Any, tmp_path: Path) -> None:
    record, choices = _short_game()
    path = tmp_path / "short.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    for size in SIZES:
        context = browser.new_context(viewport=size, accept_downloads=True)
        try:
            w = Watched(context)
            page = w.page
            page.goto(server.url + "/")
            finish_uploaded(page, path, choices)
            story = page.locator("#story")
            assert re.match(r"Game over: You (win|lose)", story.locator("h2").inner_text())
            assert story.locator(".story-reason").inner_text()
            assert story.locator(".story-moments li").count() >= 1
            assert page.locator("#decision button.option").count() == 0
            assert page.evaluate("document.documentElement.scrollWidth") <= size["width"] + 1
            # the story is the first thing under the page's title, on a phone too
            assert page.evaluate("() => document.getElementById('story').getBoundingClientRect().top"
                                 " <= document.querySelector('#game .side').getBoundingClientRect().top")
            if size is SIZES[0]:
                _browser_tests.screenshot(page, "end-screen")   # with WOODLANDS_SCREENS: the docs' picture
            bad = check(page, f"the end screen at {size['width']}")
            assert not bad, "\n".join(bad[:20])
            with page.expect_download() as got:
                page.locator("#record-link").click()
            saved = json.loads(Path(got.value.path()).read_text(encoding="utf-8"))
            assert saved["choices"] == choices and got.value.suggested_filename.endswith("-record.json")
            old = page.url
            page.locator("#again-button").click()
            page.wait_for_url(lambda url, old=old: "/games/" in url and url != old)
            page.wait_for_selector("#decision button.option, #decision details.group", state="attached")
            assert page.locator("#story").count() == 0
            w.check()
        finally:
            context.close()


def test_online_the_waiting_seat_is_told_of_the_next_table(server: Server, browser: Any) -> None:
    """Two browsers at a Cursed Forest table with a turn limit: both answer "Play again?"; the
    first, waiting, sees the next table appear through the live updates and goes there."""
    contexts = [browser.new_context(viewport=SIZES[0]), browser.new_context(viewport=SIZES[1])]
    try:
        a, b = Watched(contexts[0]), Watched(contexts[1])
        url = start(a, server, "cursed-forest", players="2", mode="online", extra="turn_limit=1")
        link = a.page.locator(".invites input").first.input_value()
        take_seat(b, link)
        a.page.goto(url)
        for _ in range(400):
            if a.page.locator("#story").count() and b.page.locator("#story").count():
                break
            for w in (a, b):
                if w.page.locator("#story").count() == 0 and w.page.locator("#decision button.option").count():
                    _browser_tests.click_first(w.page)
            a.page.wait_for_timeout(50)
        b.page.wait_for_selector("#story")
        a.page.wait_for_selector("#story")
        a.page.locator("#again-button").click()
        a.page.wait_for_selector("text=You agreed. Waiting for the others")
        b.page.wait_for_selector("#again-seat-0:has-text('will play again')")
        bad = check(b.page, "the online end screen")
        assert not bad, "\n".join(bad[:20])
        b.page.locator("#again-button").click()
        b.page.wait_for_url(lambda u: "/games/" in u and u != url)
        a.page.wait_for_selector("#again-go")            # told by the live update, no reload
        a.page.locator("#again-go").click()
        a.page.wait_for_url(lambda u: u == b.page.url)
        a.page.wait_for_selector("#game", state="attached")
        assert "Player 1" in a.page.locator("header").inner_text()
        a.check()
        b.check()
    finally:
        for c in contexts:
            c.close()
