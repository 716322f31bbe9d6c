"""The toy game of tests/toy_game played from the home page to its outcome in real Chromium (the
fixtures of tests/web/test_browser.py): a game from outside Woodlands needs nothing of the web
app but its registration, here ``WOODLANDS_GAME_MODULES=tests.toy_game`` in the environment of
this module's own ``woodlands serve``."""
from __future__ import annotations

from typing import Any, Iterator

import pytest

from tests.web import test_browser as _browser_tests
from tests.web.test_browser import Server, Watched, at, click_first, pass_on, start

browser = _browser_tests.browser
ctx = _browser_tests.ctx


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server that registers the toy game when it starts (the other browser tests' server
    knows only the installed games)."""
    srv = Server(tmp_path_factory.mktemp("web-toy"), env={"WOODLANDS_GAME_MODULES": "tests.toy_game"})
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


def active_squirrels(page: Any) -> list[str]:
    return [str(t.get_attribute("data-id")) for t in page.locator(".table-toy .token.state-active").all()]


def test_the_toy_is_played_by_clicking_to_its_outcome(server: Server, ctx: Any) -> None:
    w = Watched(ctx)
    start(w, server, "toy", players="2")
    page = w.page
    # a drawn table, not data: the toy's model as regions and elements with their ids
    table = page.locator("#game .table.table-toy")
    assert table.count() == 1
    assert [r.get_attribute("data-region") for r in table.locator("[data-region]").all()] == ["count", "squirrels"]
    for element in ("count-words", "total", "squirrel-0", "squirrel-1"):
        assert table.locator(f"[data-id='{element}']").count() == 1, element
    assert "0 of 10" in table.locator("[data-id='total']").inner_text()
    # its own look, tests/toy_game/look.css, which its page links: the count a little larger
    assert table.locator("[data-id='count-words'] .fact-text").evaluate("e => getComputedStyle(e).fontSize") == "20px"
    assert active_squirrels(page) == ["squirrel-0"]
    # the die once (by its button), then the first option (add 1) until the count lands on 10
    before = at(page)
    page.locator("#decision button.option[value='roll']").click()
    page.wait_for_function("a => +document.getElementById('game').dataset.at !== a", arg=before)
    assert pass_on(page), "two squirrels in one browser: the screen is handed to the next one"
    assert "rolls a" in page.locator("ol.log").inner_text()
    clicks = 1
    while page.locator(".outcome").count() == 0:
        pass_on(page)
        assert active_squirrels(page) == [f"squirrel-{clicks % 2}"]       # the deciding squirrel is marked
        assert click_first(page)
        clicks += 1
        assert clicks <= 10, "the game did not end by the count of 10"
    outcome = page.locator(".outcome")
    assert "Game over: You win" in outcome.inner_text()      # the story's headline
    assert "10 of 10" in page.locator(".table-toy [data-id='total']").inner_text()
    assert page.locator("#decision button.option").count() == 0 and active_squirrels(page) == []
    w.check()
