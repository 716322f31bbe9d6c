"""The web app played by clicking, in real headless Chromium (Debian's ``chromium``, driven by
Playwright for Python; ``make test`` runs scripts/setup-chromium.sh first).

A missing browser or Playwright FAILS these tests (they never skip).  Each module run starts its
own ``woodlands serve`` on a free 127.0.0.1 port over SQLite in a temporary data folder
(``WOODLANDS_DATA_DIR``), so the user's data folder is never touched, and one browser.  Every
page is watched for console errors and failed requests.  ``WOODLANDS_SCREENS=docs/screens``
saves each game's page as ``web-<game>.png`` there (how the README's pictures were made).
"""
from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any, Iterator

import pytest

CHROMIUM = os.environ.get("WOODLANDS_CHROMIUM", "/usr/bin/chromium")
#: the flags this machine's closed network needs (no background connections, no sandbox as root)
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]
ROOT = Path(__file__).resolve().parents[2]
SCREENS = os.environ.get("WOODLANDS_SCREENS")


class Server:
    """``woodlands serve`` in a subprocess, restartable over the same database."""

    def __init__(self, data: Path, env: dict[str, str] | None = None) -> None:
        self.data = data
        #: more environment for the server (``WOODLANDS_GAME_MODULES``: games it registers)
        self.env = dict(env or {})
        self.proc: subprocess.Popen[bytes] | None = None
        self.port = 0

    def start(self) -> None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        env = {**os.environ, **self.env, "WOODLANDS_DATA_DIR": str(self.data), "PYTHONPATH": str(ROOT)}
        env.pop("WOODLANDS_DB", None)
        self.log = open(self.data / f"server-{self.port}.log", "wb")
        self.proc = subprocess.Popen([sys.executable, "-m", "woodlands", "serve", "--port", str(self.port),
                                      "--db", f"sqlite:///{self.data / 'web.sqlite3'}"],
                                     env=env, cwd=ROOT, stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise AssertionError("woodlands serve stopped: " + (self.data / f"server-{self.port}.log").read_text()[-2000:])
            try:
                with urllib.request.urlopen(self.url + "/api/health", timeout=1) as r:
                    if r.status == 200:
                        return
            except OSError:
                time.sleep(0.1)
        raise AssertionError("woodlands serve did not answer within 30 s")

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait(10)
            self.proc = None
            self.log.close()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(tmp_path_factory.mktemp("web-data"))
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


#: the Content-Security-Policy violations reported in any page of the current test
CSP_VIOLATIONS: list[str] = []
#: what Chromium writes to the console when the policy refuses something
_CSP_WORDS = re.compile(r"Content Security Policy|CSP violation", re.I)
#: every page reports a violation itself too (a script run before the page's own, outside its policy)
_REPORT_VIOLATIONS = ("document.addEventListener('securitypolicyviolation', e => console.error("
                      "'CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI + ' ' + e.sourceFile + ':' + e.lineNumber))")


def watch_csp(context: Any) -> Any:
    """Collect ``context``'s policy violations in :data:`CSP_VIOLATIONS` (the autouse fixture
    below fails the test on any)."""
    context.add_init_script(_REPORT_VIOLATIONS)
    context.on("console", lambda m: CSP_VIOLATIONS.append(f"{m.type}: {m.text}") if _CSP_WORDS.search(m.text) else None)
    return context


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    assert Path(CHROMIUM).exists(), f"{CHROMIUM} is missing: run scripts/setup-chromium.sh (make test does)"
    from playwright.sync_api import sync_playwright   # a missing Playwright fails here, never skips
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        new_context = b.new_context
        b.new_context = lambda **kw: watch_csp(new_context(**kw))      # every context of every test is watched
        try:
            yield b
        finally:
            b.close()


@pytest.fixture(autouse=True)
def no_csp_violation() -> Iterator[None]:
    """Any test fails when a page broke the server's Content-Security-Policy (an inline style or
    script, something from elsewhere): the policy would have broken that part of the page."""
    CSP_VIOLATIONS.clear()
    yield
    found, CSP_VIOLATIONS[:] = list(CSP_VIOLATIONS), []
    assert not found, f"Content-Security-Policy violations: {found}"


def _path(url: str) -> str:
    """A request's path, without its query (a live update's re-draw asks ``/table?since=N``)."""
    from urllib.parse import urlsplit
    return urlsplit(url).path


class Watched:
    """A page whose console errors, page errors and failed requests are collected."""

    def __init__(self, context: Any) -> None:
        self.page = context.new_page()
        self.errors: list[str] = []
        self.page.on("console", lambda m: self.errors.append(f"console: {m.text}") if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(f"page error: {e}"))
        # Aborted on purpose, not failures: the event stream when the page goes, a page's deferred
        # scripts when the test moves on before they arrived (a missing one is a 404, still counted), and a live
        # update's /table fetch that the answer to the player's own choice overtook (htmx drops
        # the request of the element that answer swapped out); any other failed request counts.
        self.page.on("requestfailed", lambda r: self.errors.append(f"failed: {r.url} {r.failure}")
                     if not (("/events" in r.url or _path(r.url).endswith("/table") or _path(r.url).startswith("/static/"))
                             and "ERR_ABORTED" in str(r.failure))
                     else None)
        self.page.on("dialog", lambda d: d.accept())
        self.page.set_default_timeout(15000)

    def check(self) -> None:
        assert not self.errors, self.errors


@pytest.fixture()
def ctx(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        yield context
    finally:
        context.close()


def start(w: Watched, server: Server, game: str, **fields: str) -> str:
    """Set a game up on the home page by clicking; returns the game page's URL."""
    page = w.page
    page.goto(server.url + "/")
    form = page.locator(f"section[aria-labelledby='g-{game}'] form")
    if fields:                   # set up under "More options", started by its own button
        form.locator("details.more > summary").click()
    for name, value in fields.items():
        el = form.locator(f"[name='{game}.{name}']")
        if name == "mode":
            form.locator(f"input[name='{game}.mode'][value='{value}']").check()
        elif el.evaluate("e => e.tagName") == "SELECT":
            el.select_option(value)
        else:
            if el.evaluate("e => e.closest('details') && !e.closest('details').open"):
                form.locator("details.expert > summary").click()
            el.fill(value)
    # no fields: the first quick button ("Play", or "Play alone")
    form.locator(f"button[name='{game}.play'][value='{'options' if fields else 'alone'}']:not([hidden])").click()
    page.wait_for_selector("#game", state="attached")
    return str(page.url)


def take_seat(w: Watched, link: str) -> None:
    """Open an invitation link and take its seat with the page's button."""
    w.page.goto(link)
    w.page.locator("#take-seat").click()
    w.page.wait_for_selector("#game", state="attached")


def at(page: Any) -> int:
    return int(page.get_attribute("#game", "data-at"))


def pass_on(page: Any) -> bool:
    """At a hot-seat handover ("Pass to ..."), press its button and wait for the next player's
    table; False when there is no handover."""
    if page.locator("#handover-button").count() == 0:
        return False
    page.locator("#handover-button").click()
    page.wait_for_selector("#game #decision", state="attached")
    return True


def click_first(page: Any) -> bool:
    """Take the first option shown (opening its group first); False when there is none.  At a
    hot-seat handover, the next player first says they are ready (its button)."""
    pass_on(page)
    before = at(page)
    options = page.locator("#decision form.choose > .options button.option")
    if options.count() == 0:
        summary = page.locator("#decision details.group > summary")
        if summary.count() == 0:
            return False
        summary.first.click()
        options = page.locator("#decision details.group[open] button.option")
    options.first.click()
    page.wait_for_function("a => { const g = document.getElementById('game'); return g && +g.dataset.at !== a }", arg=before)
    return True


def screenshot(page: Any, game: str) -> None:
    if SCREENS:
        Path(SCREENS).mkdir(parents=True, exist_ok=True)
        # the page as it settles: the last choice's change marks played out, not caught mid-motion
        page.evaluate("() => document.getAnimations().forEach(a => a.finish())")
        page.screenshot(path=str(Path(SCREENS) / f"web-{game}.png"), full_page=True, caret="initial")


# ------------------------------------------------------------------ whole games by clicking
def test_tanglewoods_whole_game_at_difficulty_0(server: Server, ctx: Any) -> None:
    w = Watched(ctx)
    start(w, server, "tanglewoods", difficulty="0")
    page = w.page
    for n in range(900):
        if page.locator(".outcome").count():
            break
        if n == 40:
            screenshot(page, "tanglewoods")
            # the table: 17 dice in their colours, the map and what it still needs, cards as cards
            assert page.locator("svg.die").count() >= 17
            assert page.locator('[data-region="map"]').count() == 1 and page.locator('[data-region="tableau"]').count() == 1
        assert click_first(page)
    assert page.locator(".outcome").count() == 1, "the game did not end within 900 clicks"
    assert "Game over" in page.locator(".outcome").inner_text()
    assert page.locator("#decision button.option").count() == 0
    w.check()


def test_storyfold_prologue_first_scenes(server: Server, ctx: Any) -> None:
    w = Watched(ctx)
    start(w, server, "storyfold")
    page = w.page
    scene_title = ".table-storyfold .region-scene > h3"
    titles = [page.locator(scene_title).inner_text()]
    for _ in range(400):
        title = page.locator(scene_title).inner_text()
        if title != titles[-1]:
            titles.append(title)
            if len(titles) == 2:
                screenshot(page, "storyfold")
            if len(titles) == 3:
                break
        if page.locator(".outcome").count():
            break
        assert click_first(page)
    assert len(titles) >= 3, f"scenes seen: {titles}"
    # the River's seven spaces, the Spirit track and the Wildwoods track, space by space
    assert page.locator(".region-river .model-el").count() == 7 and page.locator('[data-id="spirit"]').count() == 1
    assert page.locator('.region-wildwoods g.tile[data-id^="wild-"]').count() >= 9
    assert "Prologue" in page.locator('[data-id="chapter"]').first.inner_text()
    # the game's own look (games/storyfold/present/look.css), linked after the generic sheet: the
    # River's seven spaces in one row of columns
    river = page.locator(".table-storyfold .region-river .region-body")
    assert river.evaluate("e => [getComputedStyle(e).display, getComputedStyle(e).gridTemplateColumns.split(' ').length]") \
        == ["grid", 7]
    w.check()


def test_cursed_forest_two_browsers_each_see_only_their_seat(server: Server, browser: Any) -> None:
    a_ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    b_ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        a, b = Watched(a_ctx), Watched(b_ctx)
        start(a, server, "cursed-forest", players="2", mode="online", extra="turn_limit=3")
        link = a.page.locator(".invites input").first.input_value()
        assert re.search(r"/join/[\w-]+#[\w-]{16,}$", link)
        take_seat(b, link)
        assert "you are Player 2" in b.page.locator("header").inner_text()
        assert "you are Player 1" in a.page.locator("header").inner_text()
        # the taken seat's invitation leaves the creator's page (a live update), and b has none
        a.page.wait_for_function("() => !document.querySelector('.invites')")
        assert b.page.locator(".invites").count() == 0
        clicks = 0
        for _ in range(400):
            if a.page.locator(".outcome").count() and b.page.locator(".outcome").count():
                break
            mover, other = (a, b) if a.page.locator("#decision button.option, #decision details.group").count() else (b, a)
            if not mover.page.locator("#decision button.option, #decision details.group").count():
                mover.page.wait_for_timeout(200)
                continue
            # the other browser waits, and says who is deciding
            assert other.page.locator("#decision button.option").count() == 0
            assert "is deciding" in other.page.locator("#decision").inner_text()
            before = at(other.page)
            assert click_first(mover.page)
            clicks += 1
            # the other browser is updated live, without reloading
            other.page.wait_for_function("a => +document.getElementById('game').dataset.at > a", arg=before)
            if clicks == 12:
                screenshot(mover.page, "cursed-forest")
        assert a.page.locator(".outcome").count() == 1 and b.page.locator(".outcome").count() == 1
        assert clicks >= 4
        # each page drew its own seat's view: the deciding marks and "you" differ
        mine = '.region.state-mine[data-region^="adventurer-"]'     # the seat's own adventurer's panel
        assert a.page.locator(mine).count() == 1
        assert b.page.locator(mine).count() == 1
        assert a.page.locator(f"{mine} h3").inner_text() != b.page.locator(f"{mine} h3").inner_text()
        a.check()
        b.check()
    finally:
        a_ctx.close()
        b_ctx.close()


# ------------------------------------------------------------------ saved, refused, keyboard, phone
def test_save_restart_the_server_and_resume(server: Server, ctx: Any) -> None:
    w = Watched(ctx)
    url = start(w, server, "tanglewoods", difficulty="0")
    page = w.page
    for _ in range(6):
        assert click_first(page)
    where = at(page)
    table = page.locator(".board").inner_text()
    page.goto(server.url + "/")      # leave the page (its stream closes) before the server goes
    server.stop()
    server.start()
    page.goto(server.url + "/")
    row = page.locator("table.mine tr", has_text="Tanglewoods")
    assert row.count() == 1
    row.locator("a", has_text="Resume").click()
    page.wait_for_selector("#game", state="attached")
    assert page.url.endswith(url.rsplit("/", 1)[1])
    assert at(page) == where and page.locator(".board").inner_text() == table
    assert click_first(page)
    w.check()


def test_a_refused_choice_shows_its_reason_and_changes_nothing(server: Server, ctx: Any) -> None:
    w = Watched(ctx)
    url = start(w, server, "tanglewoods", difficulty="0")
    page = w.page
    assert click_first(page)
    where = at(page)
    board = page.locator(".board").inner_text()
    # a stale page (or a replayed request): its form carries an older decision number
    page.evaluate("document.querySelector('#decision input[name=at]').value = '0'")
    page.locator("#decision button.option").first.click()
    alert = page.locator("#decision .refusal")
    alert.wait_for()
    assert "decision 0" in alert.inner_text() and "nothing was changed" in alert.inner_text()
    assert at(page) == where and page.locator(".board").inner_text() == board
    # an option that is not on offer: the game's own reason (why_not)
    page.evaluate("document.querySelector('#decision button.option').value = 'fly:away'")
    page.locator("#decision button.option").first.click()
    page.wait_for_function("() => !document.querySelector('#decision .refusal') || "
                           "!document.querySelector('#decision .refusal').textContent.includes('decision 0')")
    alert = page.locator("#decision .refusal")
    assert alert.count() == 1 and "not one of the choices" in alert.inner_text() or "the game asks" in alert.inner_text()
    page.goto(url)
    assert at(page) == where and page.locator(".board").inner_text() == board     # nothing changed
    w.check()


def test_a_live_update_waits_for_the_answer_to_the_pages_own_choice(server: Server, ctx: Any) -> None:
    """A live update that re-drew #game while the answer to this page's own choice was on its way
    took the form and its target out of the page (htmx:targetError, seen in whole games by
    clicking).  Now a stream event that comes while a form waits is held: the answer lands, and a
    stream number newer than the answer's table fetches the table once more afterwards."""
    w = Watched(ctx)
    start(w, server, "tanglewoods", difficulty="0")
    page = w.page
    tables: list[str] = []
    page.on("request", lambda r: tables.append(r.url) if _path(r.url).endswith("/table") else None)
    before = at(page)
    options = page.locator("#decision form.choose > .options button.option")
    if options.count() == 0:
        page.locator("#decision details.group > summary").first.click()
        options = page.locator("#decision details.group[open] button.option")
    # send the choice and, while it waits, a stream event from further ahead (another seat's move)
    held = options.first.evaluate("""(b, ahead) => {
        b.click();
        const waiting = !!document.querySelector("#game form.htmx-request");
        const game = document.getElementById("game");
        htmx.trigger(game, "sse:state", {data: JSON.stringify({at: ahead})});
        return waiting;
    }""", before + 5)
    assert held, "the form was not waiting for its answer"
    page.wait_for_function("a => +document.getElementById('game').dataset.at !== a", arg=before)
    page.wait_for_function("() => !document.querySelector('#game.htmx-request')")
    page.wait_for_timeout(300)
    assert len(tables) == 1, tables        # no re-draw while waiting; one afterwards (the stream was ahead)
    assert at(page) == before + 1 or at(page) > before
    assert click_first(page)               # the page goes on playing
    w.check()


def test_a_hint_thinks_then_names_and_marks_its_options(server: Server, ctx: Any) -> None:
    """The Hint button (key !): "thinking" while it searches, then the options in words, marked
    among the choice buttons; nothing changes.  A choice taken while a hint thinks goes through,
    and the late hint lands nowhere visible and raises no error."""
    w = Watched(ctx)
    start(w, server, "cursed-forest", players="1")
    page = w.page
    before = at(page)
    page.locator("body").press("!")
    page.locator("#hint-thinking").wait_for(state="visible")
    assert page.locator("#hint-button").is_disabled()
    page.locator("#hint li").first.wait_for()
    assert page.locator("#hint-thinking").is_hidden() and not page.locator("#hint-button").is_disabled()
    lines = page.locator("#hint li").all_inner_texts()
    assert 1 <= len(lines) <= 3 and all("win chance about" in line and "if you play on as the greedy bot would" in line
                                        for line in lines)
    marked = page.locator("#decision button.option[data-hint-rank]")
    assert marked.count() >= 1 and "hint 1" in page.locator("#decision [data-hint-rank='1']").first.inner_text()
    assert at(page) == before
    screenshot(page, "hint")
    with page.expect_response(lambda r: "/hint?" in r.url, timeout=15000):
        page.locator("#hint-button").click()
        page.locator("#hint-thinking").wait_for(state="visible")
        assert click_first(page)                              # the page is usable while it thinks
    page.wait_for_timeout(200)                                # the late hint is in: give htmx its swap
    assert at(page) > before and page.locator("#decision [data-hint-rank]").count() == 0
    w.check()


def test_keyboard_alone_plays(server: Server, ctx: Any) -> None:
    w = Watched(ctx)
    start(w, server, "cursed-forest", players="1")
    page = w.page
    for _ in range(5):
        before = at(page)
        page.locator("body").press("1")
        page.wait_for_function("a => +document.getElementById('game').dataset.at !== a", arg=before)
    # Tab reaches the options, and Enter takes one
    page.keyboard.press("Tab")
    for _ in range(6):
        if page.evaluate("document.activeElement && document.activeElement.matches('button.option')"):
            break
        page.keyboard.press("Tab")
    before = at(page)
    if page.evaluate("document.activeElement && document.activeElement.matches('button.option')"):
        page.keyboard.press("Enter")
        page.wait_for_function("a => +document.getElementById('game').dataset.at !== a", arg=before)
    # focus on a card shows its text in the details panel
    page.locator(".card[data-tip]").first.focus()
    assert page.locator("#info").inner_text() == page.locator(".card[data-tip]").first.get_attribute("data-tip")
    w.check()


def test_phone_sized_screen(server: Server, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        w = Watched(context)
        start(w, server, "storyfold")
        page = w.page
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390 + 1, f"the page is {width}px wide on a 390px screen"
        button = page.locator("#decision button.option").first
        box = button.bounding_box()
        assert box and box["width"] >= 200 and box["height"] >= 40
        before = at(page)
        button.tap()
        page.wait_for_function("a => +document.getElementById('game').dataset.at !== a", arg=before)
        page.goto(server.url + "/")
        assert page.evaluate("document.documentElement.scrollWidth") <= 391
        w.check()
    finally:
        context.close()


def test_nothing_is_loaded_from_elsewhere(server: Server, ctx: Any) -> None:
    w = Watched(ctx)
    hosts: set[str] = set()
    w.page.on("request", lambda r: hosts.add(r.url.split("/")[2]))
    start(w, server, "cursed-forest", players="2")
    w.page.goto(server.url + "/docs")
    w.page.wait_for_selector(".swagger-ui", state="attached")
    assert hosts == {f"127.0.0.1:{server.port}"}
    w.check()


def test_an_invitation_seats_one_browser_only(server: Server, browser: Any) -> None:
    """Two browsers (contexts) open one invitation: the first to take the seat holds it, the
    second is told it has been used and holds nothing; the creator's page shows the player here.
    The invitation never reaches the server's log, and opening the link changes nothing."""
    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(3)]
    try:
        a, b, c = (Watched(x) for x in contexts)
        start(a, server, "cursed-forest", players="2", mode="online")
        link = a.page.locator(".invites input").first.input_value()
        invitation = link.split("#", 1)[1]
        for w in (b, c):                                   # both open it: nothing is taken yet
            w.page.goto(link)
            assert w.page.locator("#invitation").input_value() == invitation
            assert "#" not in w.page.url                   # the script took it out of the address bar
        assert b.page.context.cookies() == [] and c.page.context.cookies() == []
        b.page.locator("#take-seat").click()
        b.page.wait_for_selector("#game", state="attached")
        assert "you are Player 2" in b.page.locator("header").inner_text()
        c.page.locator("#take-seat").click()
        c.page.wait_for_selector(".refusal")
        assert "has been used" in c.page.locator(".refusal").inner_text()
        assert not [k for k in c.page.context.cookies() if k["name"].startswith("woodlands_seat_")]
        c.page.goto(a.page.url)                            # the game page: no seat there
        assert c.page.locator("#game").count() == 0
        a.page.reload()
        row = a.page.locator(".seats li", has_text="Player 2")
        assert "here" in row.inner_text() and a.page.locator(".invites").count() == 0
        a.check()
        b.check()
        text = "".join(p.read_text(errors="replace") for p in server.data.glob("server-*.log"))
        assert invitation not in text and "POST /join/" in text
    finally:
        for x in contexts:
            x.close()


def test_an_open_table_is_listed_and_a_stranger_takes_its_seat_in_one_click(server: Server, browser: Any) -> None:
    """The creator lists an online table from its page; a stranger, on a phone-sized screen,
    follows the home page's link to the open tables and takes the free seat with one click:
    the game opens as that seat, and the full table leaves the list."""
    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}),
                browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)]
    try:
        a, b = (Watched(x) for x in contexts)
        start(a, server, "cursed-forest", players="2", mode="online")
        a.page.locator("#listing-name").fill("Browser forest night")
        a.page.locator("form.listing button[type=submit]").click()
        a.page.wait_for_selector("#listed")
        assert "Browser forest night" in a.page.locator("#listed").inner_text()
        b.page.goto(server.url + "/")
        b.page.locator("a[href='/tables']").click()
        b.page.wait_for_url("**/tables")
        table = b.page.locator(".open-table", has_text="Browser forest night")
        assert "1 free seat" in table.inner_text()
        table.get_by_role("button", name="Take Player 2's seat").click()
        b.page.wait_for_selector("#game", state="attached")
        assert "you are Player 2" in b.page.locator("header").inner_text()
        assert [k for k in b.page.context.cookies() if k["name"].startswith("woodlands_seat_")]
        b.page.wait_for_load_state("load")     # its scripts in: leaving sooner would abort them
        b.page.goto(server.url + "/tables")
        assert b.page.locator(".open-table", has_text="Browser forest night").count() == 0
        a.page.wait_for_load_state("load")
        a.page.reload()
        assert a.page.locator("#listed").count() == 0           # full: off the list
        a.check()
        b.check()
    finally:
        for x in contexts:
            x.close()


def test_another_site_cannot_frame_the_game_page(server: Server, browser: Any, tmp_path: Path) -> None:
    """A page served from another port (another origin) that frames the live game page gets
    nothing: the browser refuses the frame (frame-ancestors 'none', X-Frame-Options DENY), so
    the game's buttons cannot be laid under the other page's own."""
    import http.server
    import threading
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        w = Watched(context)
        game_url = start(w, server, "cursed-forest")
        assert w.page.locator("#decision button.option, #decision details.group").count() > 0
        (tmp_path / "index.html").write_text(f'<!doctype html><title>elsewhere</title><iframe src="{game_url}" '
                                             'width="900" height="700"></iframe>')
        handler = lambda *a: http.server.SimpleHTTPRequestHandler(*a, directory=str(tmp_path))  # noqa: E731
        other = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=other.serve_forever, daemon=True).start()
        try:
            page = context.new_page()
            page.goto(f"http://127.0.0.1:{other.server_address[1]}/index.html")
            page.wait_for_timeout(1000)
            frames = [f for f in page.frames if f is not page.main_frame]
            assert frames, "the iframe is missing"
            assert page.frame_locator("iframe").locator("#game, button").count() == 0, "the game page was framed"
            assert not frames[0].url.startswith(server.url), frames[0].url
        finally:
            other.shutdown()
            other.server_close()
        # the refusal is reported as a violation of frame-ancestors: expected here, and nothing else
        assert CSP_VIOLATIONS and all("frame-ancestors" in v for v in CSP_VIOLATIONS), CSP_VIOLATIONS
        CSP_VIOLATIONS.clear()
    finally:
        context.close()
