"""What a player meets when something is wrong on the pages: an HTML page with the reason in
words (never a JSON body, never a traceback), and players counted from 1 in every message."""
from __future__ import annotations

import re
from typing import Any

from .conftest import auth, new_game


def _alert(text: str) -> str:
    m = re.search(r'role="alert">([^<]+)<', text)
    assert m, text[-800:]
    return m.group(1)


def assert_error_page(r: Any, status: int) -> str:
    assert r.status_code == status, (r.status_code, r.text[:300])
    assert r.headers["content-type"].startswith("text/html"), r.headers["content-type"]
    assert '"detail"' not in r.text and "Traceback" not in r.text
    assert 'href="/"' in r.text                                     # a way back
    return _alert(r.text)


def test_a_wrong_invitation_link_is_a_page(client: Any) -> None:
    g = new_game(client, options={"players": 2}, seats=2)
    said = assert_error_page(client.get(f"/join/{g['id']}/not-a-seat-token-at-all", follow_redirects=False), 403)
    assert "invitation" in said and "new one" in said
    assert "woodlands_seat_" not in client.cookies.keys().__repr__()         # no cookie set
    said = assert_error_page(client.get(f"/join/{g['id']}/{g['admin_token']}", follow_redirects=False), 403)
    assert "invitation" in said
    said = assert_error_page(client.get("/join/nosuchgame0000/abcdefghijkl", follow_redirects=False), 404)
    assert "no game" in said


def test_every_page_refusal_is_a_page(client: Any) -> None:
    g = new_game(client, options={"players": 2}, seats=2)
    assert "no such page" in assert_error_page(client.get("/no/such/page"), 404)
    assert "could not be read" in assert_error_page(client.post(f"/games/{g['id']}/seats/two", data={"bot": "greedy"}),
                                                    422)
    assert "could not be read" in assert_error_page(client.post("/upload"), 422)
    r = client.get("/new")
    assert_error_page(r, 405)
    assert "POST" in r.headers["allow"]
    # the JSON API keeps its JSON answers
    r = client.get("/api/no/such/route")
    assert r.status_code == 404 and r.json() == {"detail": "Not Found"}
    r = client.get(f"/api/games/{g['id']}", headers=auth("not-a-token-here"))
    assert r.status_code == 403 and r.headers["content-type"] == "application/json"
