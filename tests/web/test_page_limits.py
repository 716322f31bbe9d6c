"""A form posted from a page with a body over the server's limit (``Settings.max_body``) comes
back to the home page with the reason in words, as every other upload refusal does, instead of
the JSON API's 413 body; the JSON API keeps its 413. Nothing is stored either way."""
from __future__ import annotations

import html
from typing import Any
from urllib.parse import parse_qs, urlsplit


def test_an_upload_over_the_limit_is_refused_on_the_home_page(client: Any) -> None:
    limit = client.app.state.settings.max_body
    big = b"{" + b" " * (limit + 10) + b"}"
    r = client.post("/upload", files={"file": ("record.json", big, "application/json")}, follow_redirects=False)
    assert r.status_code == 303, r.text[:200]
    where = urlsplit(r.headers["location"])
    assert where.path == "/"
    reason = parse_qs(where.query)["error"][0]
    assert "too big" in reason and f"{limit // 1024} KB" in reason
    assert html.escape(reason) in client.get(r.headers["location"]).text
    assert client.app.state.games.db.game_ids() == []


def test_the_api_still_answers_413_in_json(client: Any) -> None:
    limit = client.app.state.settings.max_body
    r = client.post("/api/games/import", content=b'{"record": "' + b"a" * limit + b'"}',
                    headers={"content-type": "application/json"})
    assert r.status_code == 413 and "larger than" in r.json()["detail"]
    assert client.app.state.games.db.game_ids() == []
