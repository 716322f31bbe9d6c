"""What every answer carries (docs/web.md, "Security": "Headers"), the token checked before a
game is replayed, and the caps on stored events and live streams ("Limits")."""
from __future__ import annotations

import re
import time
from typing import Any

import pytest

from .conftest import auth, make_client, new_game

ALWAYS = {"content-security-policy", "x-frame-options", "referrer-policy", "x-content-type-options"}


def check_headers(r: Any, private: bool = True) -> None:
    h = r.headers
    where = f"{r.request.method} {r.request.url.path} ({r.status_code})"
    assert ALWAYS <= {k.lower() for k in h.keys()}, f"{where}: {dict(h)}"
    csp = h["content-security-policy"]
    assert "frame-ancestors 'none'" in csp and "default-src 'self'" in csp, where
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp, where
    assert h["x-frame-options"] == "DENY" and h["referrer-policy"] == "no-referrer", where
    assert h["x-content-type-options"] == "nosniff", where
    if private:
        assert h.get("cache-control") == "no-store", f"{where}: {h.get('cache-control')}"
    else:
        assert "no-store" not in h.get("cache-control", ""), where


def test_every_answer_carries_the_headers(sqlite_url: str) -> None:
    with make_client(sqlite_url, max_body=1000, games_per_client=2) as c:
        g = new_game(c, "cursed-forest", {"players": 2}, seats=2)
        gid, token = g["id"], g["seats"][0]["token"]

        def seated() -> Any:
            c.cookies.set(f"woodlands_seat_{gid}", token)
            return c.get(f"/join/{gid}")
        answers = [
            c.get("/api/health"), c.get("/api/game-types"), c.get("/openapi.json"),
            c.post("/api/games", json={"game": "storyfold"}),                     # tokens
            c.get(f"/api/games/{gid}", headers=auth(token)),                      # a seat's view
            c.get(f"/api/games/{gid}/record", headers=auth(token)),               # 409
            c.get(f"/api/games/{gid}"),                                           # 401
            c.get(f"/api/games/{gid}", headers=auth("x" * 30)),                   # 403
            c.get("/api/games/nosuchgame1"),                                      # 404
            c.post(f"/api/games/{gid}/choices", json={"at": "x"}, headers=auth(token)),  # 422
            c.post(f"/api/games/{gid}/undo", content=b"x" * 2000, headers={"content-type": "application/json"}),  # 413
            c.post("/api/games", json={"game": "storyfold"}),                     # 429 (two per client)
            c.delete("/api/health"),                                              # 405
            seated(),                                                             # the invitation page; this browser holds seat 0
            c.get("/"),                                                           # the home page, with my games
            c.get(f"/games/{gid}"),                                               # the game page
            c.get(f"/games/{gid}/table"),
            c.get("/games/nosuchgame1"),                                          # the error page
            c.get("/docs"),
            c.post(f"/forget/{gid}", headers={"Sec-Fetch-Site": "same-origin"}, follow_redirects=False),  # 303 home
        ]
        statuses = {r.status_code for r in answers}
        assert {200, 201, 303, 401, 403, 404, 405, 409, 413, 422, 429} <= statuses, statuses
        for r in answers:
            check_headers(r)
        # the static files may be cached (they hold nothing of anyone's), the rest of the headers stay
        for path in ("/static/woodlands.css", "/static/app.js", "/static/vendor/htmx/htmx.min.js"):
            r = c.get(path)
            assert r.status_code == 200
            check_headers(r, private=False)
        check_headers(c.get("/static/nothing.css"), private=False)       # 404 from the static files


def test_an_unexpected_error_carries_the_headers_too(sqlite_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from fastapi.testclient import TestClient

    from woodlands.web.app import create_app
    from woodlands.web.settings import Settings
    app = create_app(Settings(db_url=sqlite_url))

    def broken(*_a: Any) -> Any:
        raise RuntimeError("a bug")
    with TestClient(app, raise_server_exceptions=False) as c:
        monkeypatch.setattr(app.state.games, "mine", broken)
        r = c.get("/api/my-games")
        assert r.status_code == 500
        check_headers(r)
        assert "a bug" not in r.text


def test_the_live_stream_is_not_stored(sqlite_url: str) -> None:
    with make_client(sqlite_url) as c:
        g = new_game(c, "storyfold")
        with c.stream("GET", f"/api/games/{g['id']}/events", headers=auth(g["seats"][0]["token"])) as r:
            assert r.status_code == 200
            check_headers(r)


def test_the_pages_hold_no_inline_style_or_script(sqlite_url: str) -> None:
    """The policy allows no inline style or script: the pages carry none (the map's width is an
    attribute, htmx is told not to add its indicator style); the browser tests fail on any
    violation the policy reports."""
    with make_client(sqlite_url) as c:
        g = new_game(c, "cursed-forest", {"players": 1})
        pages = [c.get(f"/join/{g['id']}")]
        c.cookies.set(f"woodlands_seat_{g['id']}", g["seats"][0]["token"])
        pages += [c.get("/"), c.get(f"/games/{g['id']}")]
        assert "model-map" in pages[-1].text        # the map (its width an attribute) is on the page
        for r in pages:
            assert not re.search(r"\sstyle=|<style|<script>|\son[a-z]+=|javascript:", r.text), r.text[:300]
            assert '"includeIndicatorStyles": false' in r.text


def test_the_docs_page_allows_its_own_script_by_hash_alone(sqlite_url: str) -> None:
    import base64
    import hashlib

    from woodlands.web.security import CSP
    with make_client(sqlite_url) as c:
        r = c.get("/docs")
    script = re.search(r"<script>(.*?)</script>", r.text, re.S)
    assert script is not None
    digest = base64.b64encode(hashlib.sha256(script.group(1).encode()).digest()).decode()
    assert r.headers["content-security-policy"] == CSP + f"; script-src 'self' 'sha256-{digest}'"


# ---------------------------------------------------------------------- the token before any replay
def test_a_request_without_a_valid_token_never_replays_a_game(sqlite_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game not in memory is rebuilt from its events (a replay, the costliest thing a request
    can ask); a request whose token holds no seat in it is refused before that."""
    with make_client(sqlite_url) as c:
        g = new_game(c, "cursed-forest", {"players": 2}, seats=2)
        gid, seat0, admin = g["id"], g["seats"][0]["token"], g["admin_token"]
        service = c.app.state.games                  # type: ignore[attr-defined]
        replays: list[str] = []
        rebuild = service._rebuild
        monkeypatch.setattr(service, "_rebuild", lambda game_id, *a: replays.append(game_id) or rebuild(game_id, *a))
        bad = auth("x" * 32)

        def page() -> Any:
            c.cookies.set(f"woodlands_seat_{gid}", "z" * 32)
            try:
                return c.get(f"/games/{gid}")
            finally:
                c.cookies.clear()
        asks = [
            lambda: c.get(f"/api/games/{gid}"), lambda: c.get(f"/api/games/{gid}", headers=bad),
            lambda: c.get(f"/api/games/{gid}", headers=auth(admin)),                 # the admin plays no seat
            lambda: c.post(f"/api/games/{gid}/choices", json={"option": "x", "at": 0}, headers=bad),
            lambda: c.post(f"/api/games/{gid}/undo", json={"at": 0}, headers=bad),
            lambda: c.get(f"/api/games/{gid}/hint", headers=bad), lambda: c.get(f"/api/games/{gid}/record", headers=bad),
            lambda: c.get(f"/api/games/{gid}/events", headers=bad),
            lambda: c.put(f"/api/games/{gid}/seats/1/bot", json={"bot": "random"}, headers=bad),   # neither admin nor seat
            lambda: c.post(f"/join/{gid}", json={"invitation": "y" * 32}),          # an invitation that opens nothing
            page,
        ]
        refused = []
        for ask in asks:
            service.forget(gid)                      # out of memory, as after a restart or an eviction
            refused.append(ask())
        assert [r.status_code for r in refused] == [401] + [403] * 10, [(r.status_code, r.text[:80]) for r in refused]
        assert replays == [], f"{len(replays)} replays for requests that hold no seat"
        assert c.get(f"/api/games/{gid}", headers=auth(seat0)).status_code == 200
        assert replays == [gid]                      # a seat's request rebuilds it, once


# ---------------------------------------------------------------------- stored events per minute
def _first_option(c: Any, gid: str, token: str) -> tuple[str, int]:
    body = c.get(f"/api/games/{gid}", headers=auth(token)).json()
    return body["decision"]["options"][0]["id"], body["at"]


def test_a_seat_stores_at_most_so_many_events_a_minute(sqlite_url: str) -> None:
    """An undo/choose loop (each a stored event) stops at the seat's cap, with a 429 that says
    when to try again and stores nothing; once the window has passed, it may go on."""
    with make_client(sqlite_url, events_per_seat=5, events_per_game=100, event_window=1.5) as c:
        g = new_game(c, "tanglewoods")
        gid, token = g["id"], g["seats"][0]["token"]
        option, at = _first_option(c, gid, token)          # its first choice may be taken back
        # (each stored event, an undo too, moves the game's number on)
        loop = [("choices" if n % 2 == 0 else "undo", {"option": option, "at": at + n} if n % 2 == 0 else {"at": at + n})
                for n in range(6)]
        answers = [c.post(f"/api/games/{gid}/{route}", json=body, headers=auth(token)) for route, body in loop]
        assert [r.status_code for r in answers] == [200] * 5 + [429], [r.text[:100] for r in answers]
        refused = answers[-1]
        assert 1 <= int(refused.headers["retry-after"]) <= 2
        assert "Player 1 has made 5 moves" in refused.json()["detail"]
        assert c.get(f"/api/games/{gid}", headers=auth(token)).json()["at"] == at + 5     # the undo was not stored
        # the API's document says so for every route that stores a move or opens a stream
        paths = c.get("/openapi.json").json()["paths"]
        for path, method in [("choices", "post"), ("undo", "post"), ("seats/{seat}/bot", "put"),
                             ("seats/{seat}/bot", "delete"), ("events", "get")]:
            answers_doc = paths[f"/api/games/{{game_id}}/{path}"][method]["responses"]
            assert "429" in answers_doc and "Retry-After" in answers_doc["429"]["headers"], (path, method)
        # the page says so too, and changes nothing
        c.cookies.set(f"woodlands_seat_{gid}", token)
        page = c.post(f"/games/{gid}/undo", data={"at": str(at + 5)})
        assert "has made 5 moves" in page.text
        assert c.get(f"/api/games/{gid}", headers=auth(token)).json()["at"] == at + 5
        time.sleep(1.6)                              # the window has passed
        assert c.post(f"/api/games/{gid}/undo", json={"at": at + 5}, headers=auth(token)).status_code == 200


def test_a_table_stores_at_most_so_many_events_a_minute(sqlite_url: str) -> None:
    with make_client(sqlite_url, events_per_seat=100, events_per_game=3) as c:
        g = new_game(c, "cursed-forest", {"players": 2}, seats=2)
        gid, admin = g["id"], g["admin_token"]
        hand = [c.put(f"/api/games/{gid}/seats/1/bot", json={"bot": "random"}, headers=auth(admin)),
                c.delete(f"/api/games/{gid}/seats/1/bot", headers=auth(admin))]
        assert [r.status_code for r in hand] == [200, 200]
        first = c.get(f"/api/games/{gid}", headers=auth(g["seats"][0]["token"])).json()
        token = g["seats"][first["deciding_seat"]]["token"]
        option, at = _first_option(c, gid, token)
        assert c.post(f"/api/games/{gid}/choices", json={"option": option, "at": at}, headers=auth(token)).status_code == 200
        r = c.put(f"/api/games/{gid}/seats/1/bot", json={"bot": "random"}, headers=auth(admin))
        assert r.status_code == 429 and "this table has made 3 moves" in r.json()["detail"] and r.headers["retry-after"]


# ---------------------------------------------------------------------- the limits' settings
def test_every_limit_is_read_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    from woodlands.web.settings import Settings
    for name, value in (("HEADER_TIMEOUT", "2.5"), ("CONNECTIONS_PER_CLIENT", "7"), ("SECURE_COOKIES", "yes"),
                        ("EVENTS_PER_SEAT", "9")):
        monkeypatch.setenv(f"WOODLANDS_{name}", value)
    s = Settings.from_env(events_per_seat=3)                 # what is given wins over the environment
    assert (s.header_timeout, s.connections_per_client, s.secure_cookies, s.events_per_seat) == (2.5, 7, True, 3)
    assert Settings().header_timeout == 10.0                 # Settings() alone never reads it
    monkeypatch.setenv("WOODLANDS_MAX_STREAMS", "lots")
    with pytest.raises(ValueError, match=r"\$WOODLANDS_MAX_STREAMS is a whole number, not 'lots'"):
        Settings.from_env()
    monkeypatch.setenv("WOODLANDS_MAX_STREAMS", "0")
    with pytest.raises(ValueError, match="more than 0"):
        Settings.from_env()
    monkeypatch.delenv("WOODLANDS_MAX_STREAMS")
    monkeypatch.setenv("WOODLANDS_IDLE_TIMEOUT", "nan")
    with pytest.raises(ValueError, match="is a number, not 'nan'"):
        Settings.from_env()
    monkeypatch.setenv("WOODLANDS_IDLE_TIMEOUT", "3")
    monkeypatch.setenv("WOODLANDS_BOT_PAUSE", "0")          # 0 is a pause (none), not a limit
    assert Settings.from_env().bot_pause == 0.0


def test_serve_says_which_variable_is_wrong(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    from woodlands.web.serve import ServeError, serve
    monkeypatch.setenv("WOODLANDS_BODY_TIMEOUT", "soon")
    with pytest.raises(ServeError, match=r"^\$WOODLANDS_BODY_TIMEOUT is a number, not 'soon'$"):
        serve("127.0.0.1", 0, f"sqlite:///{tmp_path}/w.sqlite3", quiet=True)


def test_counting_events_stays_cheap_with_thousands_of_tables() -> None:
    """Counting a move costs the same with 5,000 tables in the window as with 5 (a sweep over
    every table at each move cost about 0.65 ms a move past 1,000 tables, more than the move)."""
    from woodlands.web.limits import EventLimit
    from woodlands.web.settings import Settings
    from woodlands.web.errors import TooMany       # (imported before the clock starts)
    limit = EventLimit(Settings())
    assert TooMany
    started = time.perf_counter()
    for i in range(20_000):
        limit.take(f"game{i % 5000}", i % 2)
    took = time.perf_counter() - started
    assert took < 1.0, f"20,000 moves over 5,000 tables took {took:.2f} s to count"
