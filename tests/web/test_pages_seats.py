"""The creator's page hands a seat of an online table to a bot and takes it back; no other
browser may, and each handing is stored as an event of its own."""
from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from .conftest import live_game
from .test_pages import _new


def test_the_creator_hands_a_seat_to_a_bot_and_takes_it_back_on_the_page(client: Any) -> None:
    url = _new(client, "cursed-forest", players="2", mode="online")
    gid = url.rsplit("/", 1)[1]
    service = client.app.state.games
    handed = client.post(f"/games/{gid}/seats/1", data={"bot": "greedy"}, headers={"HX-Request": "true"})
    assert handed.status_code == 200 and "played by the greedy bot" in handed.text
    assert live_game(client, gid).bots == {1: "greedy"}
    stranger = TestClient(client.app)                        # another browser: no admin cookie (no lifespan of its own)
    r = stranger.post(f"/games/{gid}/seats/1", data={"bot": ""}, headers={"HX-Request": "true"})
    assert r.status_code == 403 and "Only the browser that made this table" in r.text
    assert live_game(client, gid).bots == {1: "greedy"}           # nothing changed
    back = client.post(f"/games/{gid}/seats/1", data={"bot": ""}, headers={"HX-Request": "true"})
    assert back.status_code == 200 and "played by the greedy bot" not in back.text
    assert "Hand to the greedy bot" in back.text and live_game(client, gid).bots == {}
    kinds = [e.kind for e in service.db.events(gid)]
    assert kinds.count("bot") == 1 and kinds.count("human") == 1      # each handing is an event of its own
