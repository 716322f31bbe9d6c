"""The toy game of tests/toy_game played to its end through the web pages alone (the app's test
client, no browser): a game from outside Woodlands, registered in the test process, is offered
on the home page, drawn from its table model and played by posting the pages' own forms.
tests/web/test_browser_toy.py plays it by clicking in Chromium."""
from __future__ import annotations

import html
import re
from typing import Any, Iterator

import pytest

from tests.every_game import harness_games_registered


@pytest.fixture(scope="module", autouse=True)
def _toy_registered() -> Iterator[None]:
    # module scope: registered before the app of each test is made, forgotten after the module
    with harness_games_registered():
        yield


def _at(page: str) -> int:
    m = re.search(r'data-at="(\d+)"', page)
    assert m, page[:500]
    return int(m.group(1))


def _options(page: str) -> list[str]:
    return re.findall(r'name="option" class="option" value="([^"]+)"', page)


def _active_squirrels(page: str) -> list[str]:
    return re.findall(r'class="token face-squirrel state-active"[^>]*data-id="(squirrel-\d)"', page)


def test_the_toy_is_played_to_its_end_through_the_pages(client: Any) -> None:
    home = client.get("/").text
    assert 'aria-labelledby="g-toy"' in home and 'name="toy.players"' in home and "Count to Ten" in home
    r = client.post("/new", data={"game": "toy", "toy.players": "2"}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].startswith("/games/"), r.text
    url = str(r.headers["location"])
    got = client.get(url)
    assert got.status_code == 200 and got.headers["content-type"].startswith("text/html")
    page = got.text
    # the table is drawn from the toy's model: its regions and elements with their ids
    assert 'class="table table-toy table-model"' in page
    for region in ("count", "squirrels"):
        assert f'data-region="{region}"' in page
    for element in ("count-words", "total", "squirrel-0", "squirrel-1"):
        assert f'data-id="{element}"' in page
    assert "0 of 10" in page and _active_squirrels(page) == ["squirrel-0"]
    assert _options(page) == ["add:1", "add:2", "roll"]
    # the die once, then 1 at a time: the count never passes 10, so the game ends on it, won
    choices = 0
    while _options(page):
        at = _at(page)
        choice = "roll" if choices == 0 else "add:1"
        page = client.post(url + "/choose", data={"option": choice, "at": str(at)}, headers={"HX-Request": "true"}).text
        choices += 1
        assert _at(page) == at + 1, "the choice was not taken"
        handover = re.search(r'name="seat" value="(\d)"', page)
        if handover:             # hot-seat: the screen passes to the other squirrel's player first
            assert handover.group(1) == str(choices % 2) and "data-region" not in page
            page = client.post(url + "/handover", data={"seat": handover.group(1)}, headers={"HX-Request": "true"}).text
        if _options(page):       # the other squirrel decides next (both seats are this browser's)
            assert _active_squirrels(page) == [f"squirrel-{choices % 2}"]
        assert choices <= 10
    assert 8 <= choices <= 10
    page = client.get(url).text
    outcome = re.search(r'<section class="outcome[^"]*"[^>]*>(.*?)</section>', page, re.S)
    assert outcome and "Game over: You win" in html.unescape(outcome.group(1)), page[:3000]      # the story's headline
    assert "10 of 10" in page and _active_squirrels(page) == [] and _options(page) == []
    assert "rolls a" in page and "the count is 10" in page          # the narrator's words in the log
