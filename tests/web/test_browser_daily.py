"""The daily challenge in real Chromium: /daily from the home page, today's results (two
attempts finished through the API), the challenge started with a name by clicking, a few
choices, and back on /daily the attempt to continue, with no seed on either page."""
from __future__ import annotations

import json
import random
import urllib.request
from typing import Any

from tests.web import test_browser as _browser_tests
from tests.web.test_axe import check
from tests.web.test_browser import Server, Watched, click_first, screenshot

server = _browser_tests.server
browser = _browser_tests.browser
ctx = _browser_tests.ctx
no_csp_violation = _browser_tests.no_csp_violation


def _call(server: Server, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
    request = urllib.request.Request(server.url + path, method=method,
                                     data=None if body is None else json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json",
                                              **({"Authorization": f"Bearer {token}"} if token else {})})
    with urllib.request.urlopen(request, timeout=30) as r:
        return json.loads(r.read())


def _finish(server: Server, game: str, name: str | None, seed: int) -> None:
    """Another player (a program, no cookies: another person) plays the day's game to its end."""
    g = _call(server, "POST", f"/api/daily/{game}", {"name": name} if name else None)
    body = _call(server, "GET", f"/api/games/{g['id']}", token=g["token"])
    rng = random.Random(seed)
    while not body["over"]:
        options = body["decision"]["options"]
        body = _call(server, "POST", f"/api/games/{g['id']}/choices",
                     {"option": options[rng.randrange(len(options))]["id"], "at": body["at"]}, g["token"])


def test_the_daily_page_starts_the_challenge_and_lists_the_day(server: Server, ctx: Any) -> None:
    _finish(server, "tanglewoods", "Rowan", 1)
    _finish(server, "tanglewoods", None, 2)
    w = Watched(ctx)
    page = w.page
    page.goto(server.url + "/")
    page.locator("#daily-home").click()
    page.wait_for_selector("#daily-tanglewoods")
    card = page.locator("#daily-tanglewoods")
    assert card.locator(".daily-setup").inner_text()
    rows = card.locator("table.daily-results tbody tr")
    assert rows.count() == 2 and "Rowan" in rows.nth(0).inner_text() and "anonymous" in rows.nth(1).inner_text()
    assert page.locator(".daily-seed").count() == 0                 # nobody here has finished
    assert not check(page, "the daily page")
    card.locator("input[name=name]").fill("Wren")
    card.locator("button[type=submit]").click()
    page.wait_for_selector("#game", state="attached")
    game_url = page.url
    assert page.locator("#daily-link").count() == 1
    for _ in range(3):
        assert click_first(page)
    page.locator("#daily-link").click()
    page.wait_for_selector("#daily-tanglewoods")
    card = page.locator("#daily-tanglewoods")
    continue_link = card.locator("a.button.primary")
    assert continue_link.inner_text() == "Continue your attempt"
    assert game_url.endswith(str(continue_link.get_attribute("href")))
    assert card.locator("form.daily-start").count() == 0 and page.locator(".daily-seed").count() == 0
    assert "Being played now: 1" in card.inner_text()
    # another game's card still offers its own start
    assert page.locator("#daily-storyfold form.daily-start").count() == 1
    screenshot(page, "daily")
    w.check()
    # the server's log (its access log: every request of this test) never names a day's seed
    import sqlite3

    from woodlands.kit.daily import daily_seed
    with sqlite3.connect(server.data / "web.sqlite3") as db:
        secret = db.execute("SELECT value FROM server_keys WHERE name = 'daily'").fetchone()[0]
        day = db.execute("SELECT day FROM daily_attempts LIMIT 1").fetchone()[0]
    log = "".join(p.read_text(errors="replace") for p in server.data.glob("server-*.log"))
    assert "GET /daily" in log or "/api/daily" in log
    for game in ("tanglewoods", "storyfold", "cursed-forest"):
        assert str(daily_seed(secret, day, game)) not in log
