"""A finished game's analysis in real Chromium: a short seeded Tanglewoods game (three rounds;
its record uploaded through the home page, its last choices clicked) ends; "Analyse the game"
opens the analysis, which the page follows until it is done (the server weighs each decision
on 2 samples: ``$WOODLANDS_ANALYSIS_SAMPLES``); the biggest loss's link opens the replay board
at that position, where the arrow keys step one choice back and on.  Both pages pass axe."""
from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any, Iterator

import pytest

import woodlands
from woodlands.bots.analysis import DEFAULT_SAMPLES

from tests.web import test_browser as _browser_tests
from tests.web.test_axe import check
from tests.web.test_browser import Server, Watched
from tests.web.test_browser_endgame import finish_uploaded

browser = _browser_tests.browser
no_csp_violation = _browser_tests.no_csp_violation

#: a three-round game at difficulty 0 whose analysis (2 samples a decision, seed 0) finds a clear
#: loss: 99 choices, about 10 s of one worker here
OPTIONS = {"difficulty": 0, "hero": "thorn-warden", "side": "a", "round_limit": 3}
SEED = 4
#: clicked on the page: the game's last choices (the rest come in the uploaded record)
CLICKED = 4


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    # the docs' pictures (WOODLANDS_SCREENS) show the server's default samples, the test 2 (faster)
    samples = str(DEFAULT_SAMPLES) if _browser_tests.SCREENS else "2"
    srv = Server(tmp_path_factory.mktemp("web-analysis"), env={"WOODLANDS_ANALYSIS_SAMPLES": samples})
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


def _game() -> tuple[dict[str, Any], list[str]]:
    """The seeded game: its record without its last CLICKED choices, and every choice."""
    game = woodlands.load_game("tanglewoods")
    state = game.new_game(seed=SEED, options=OPTIONS)
    rng = random.Random(SEED)
    while not state.is_over:
        state.apply(rng.choice(state.decision.options).id)
    choices = list(state.choices)
    start = game.new_game(seed=SEED, options=OPTIONS)
    for c in choices[:-CLICKED]:
        start.apply(c)
    return start.record(), choices


def _where(page: Any) -> int:
    found = re.match(r"After (\d+) of", page.locator("#replay-where").inner_text())
    assert found is not None
    return int(found.group(1))


def test_a_short_game_is_analysed_and_its_biggest_loss_opens_on_the_replay_board(
        server: Server, browser: Any, tmp_path: Path) -> None:
    record, choices = _game()
    path = tmp_path / "short.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        w = Watched(context)
        page = w.page
        page.goto(server.url + "/")
        finish_uploaded(page, path, choices)
        # the end screen's button; the page follows the analysis until it is done
        page.locator("#analyse-link").click()
        page.wait_for_url(re.compile(r"/games/[^/]+/analysis"))
        page.wait_for_selector("#analysis-summary", timeout=180_000)
        assert "decisions were about as good as the best option found" in page.locator("#analysis-summary").inner_text()
        graph = page.locator("svg#analysis-graph")
        assert graph.count() == 1 and graph.locator("title").text_content() == "The win chance over the game"
        assert page.locator("table.analysis-table tbody tr").count() > 10
        loss = page.locator("#loss-1")
        assert "you chose" in loss.inner_text() and "best was" in loss.inner_text() and "lost" in loss.inner_text()
        _browser_tests.screenshot(page, "analysis")
        bad = check(page, "the analysis")
        assert not bad, "\n".join(bad[:20])
        # one click from the biggest loss to its position
        href = page.locator("#loss-link-1").get_attribute("href")
        target = int(re.search(r"at=(\d+)", href or "").group(1))   # type: ignore[union-attr]
        page.locator("#loss-link-1").click()
        page.wait_for_selector("#replay-where")
        assert _where(page) == target and f"at={target}" in page.url
        assert page.locator("#replay-options li.chosen").count() == 1
        assert "You lost" in page.locator("#replay-analysis").inner_text()
        assert page.locator("main form, main button").count() == 0          # read-only
        assert page.locator("#replay .board svg, #replay .board [data-region]").count() >= 1
        _browser_tests.screenshot(page, "replay")
        bad = check(page, "the replay board")
        assert not bad, "\n".join(bad[:20])
        # the arrow keys step back and on, one choice at a time
        page.keyboard.press("ArrowLeft")
        page.wait_for_url(re.compile(rf"at={target - 1}\b"))
        assert _where(page) == target - 1
        page.keyboard.press("ArrowRight")
        page.wait_for_url(re.compile(rf"at={target}\b"))
        assert _where(page) == target
        page.locator("#replay-forward").click()
        page.wait_for_url(re.compile(rf"at={target + 1}\b"))
        assert _where(page) == target + 1
        w.check()
    finally:
        context.close()
