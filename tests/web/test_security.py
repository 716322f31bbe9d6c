"""What every answer carries (docs/web.md, "Security": "Headers"), the token checked before a
game is replayed, and the caps on stored events and live streams ("Limits")."""
from __future__ import annotations

import re
from typing import Any

import pytest

from woodlands.web.security import CSP

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
            c.get(f"/join/{gid}/{token}", follow_redirects=False),                # sets the seat cookie
            c.get("/"),                                                           # the home page, with my games
            c.get(f"/games/{gid}"),                                               # the game page
            c.get(f"/games/{gid}/table"),
            c.get("/games/nosuchgame1"),                                          # the error page
            c.get("/docs"),
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
        pages = [c.get("/"), c.get(f"/join/{g['id']}/{g['seats'][0]['token']}")]
        assert "cf-map" in pages[-1].text
        for r in pages:
            assert not re.search(r"\sstyle=|<style|<script>|\son[a-z]+=|javascript:", r.text), r.text[:300]
            assert '"includeIndicatorStyles": false' in r.text


def test_the_docs_page_allows_its_own_script_by_hash_alone(sqlite_url: str) -> None:
    import base64
    import hashlib
    with make_client(sqlite_url) as c:
        r = c.get("/docs")
    script = re.search(r"<script>(.*?)</script>", r.text, re.S)
    assert script is not None
    digest = base64.b64encode(hashlib.sha256(script.group(1).encode()).digest()).decode()
    assert r.headers["content-security-policy"] == CSP + f"; script-src 'self' 'sha256-{digest}'"
