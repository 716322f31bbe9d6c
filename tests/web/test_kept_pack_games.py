"""Web games on an older, kept version of a game's pack (engine/packs.py): a record from before a
retune is imported and goes on on the pack it was played with, also once the server has
forgotten it; a stored game naming a pack this server does not have is refused in words."""
from __future__ import annotations

import json
from pathlib import Path

import sqlalchemy as sa

from woodlands.engine.packs import game_for

from .conftest import auth, make_client

OLD = Path(__file__).parents[1] / "engine" / "records" / "tanglewoods-standard-0.1.0-greedy-3.json"


def _part_played(n: int):
    record = json.loads(OLD.read_text(encoding="utf-8"))["record"]
    state = game_for("tanglewoods", "tanglewoods-standard", "0.1.0").new_game(seed=record["seed"],
                                                                            options=record["options"])
    for choice in record["choices"][:n]:
        state.apply(choice)
    return state


def test_an_old_record_goes_on_on_its_own_pack(sqlite_url):
    state = _part_played(60)
    with make_client(sqlite_url) as client:
        r = client.post("/api/games/import", json={"record": state.record()})
        assert r.status_code == 201, r.text
        g = r.json()
        token = g["seats"][0]["token"]
        body = client.get(f"/api/games/{g['id']}", headers=auth(token)).json()
        assert body["view"] == state.view(0) and body["at"] == 60
        assert client.app.state.games.db.game(g["id"]).content == {"id": "tanglewoods-standard", "version": "0.1.0",
                                                                 "rules": state.game.rules_version,
                                                                 "fingerprint": state.game.content.fingerprint}
    # a fresh server process rebuilds the game from the database, on the same old pack
    with make_client(sqlite_url) as client:
        body = client.get(f"/api/games/{g['id']}", headers=auth(token)).json()
        assert body["view"] == state.view(0) and body["at"] == 60


def test_a_stored_game_on_a_pack_we_do_not_have_is_refused(sqlite_url):
    state = _part_played(10)
    with make_client(sqlite_url) as client:
        g = client.post("/api/games/import", json={"record": state.record()}).json()
    engine = sa.create_engine(sqlite_url)
    with engine.begin() as conn:
        conn.execute(sa.text("UPDATE games SET content = :c WHERE id = :i"),
                     {"c": json.dumps({"id": "tanglewoods-standard", "version": "0.0.3"}), "i": g["id"]})
    engine.dispose()
    with make_client(sqlite_url) as client:
        r = client.get(f"/api/games/{g['id']}", headers=auth(g["seats"][0]["token"]))
        assert r.status_code == 409
        detail = r.json()["detail"]
        assert "0.0.3" in detail and "0.3.0" in detail and "0.2.0" in detail and "0.1.0" in detail
        assert "Traceback" not in r.text


def test_a_stored_game_that_a_rules_fix_made_illegal_is_refused_in_words(sqlite_url):
    """A rules fix can make a stored choice illegal (the game's rules version went up since the
    game was stored): the server answers 409 naming the choice and what changed, never a 500."""
    with make_client(sqlite_url) as client:
        g = client.post("/api/games", json={"game": "tanglewoods", "options": {"difficulty": 5}, "seed": 3}).json()
        token = g["seats"][0]["token"]
        url = f"/api/games/{g['id']}"
        for _ in range(3):
            body = client.get(url, headers=auth(token)).json()
            client.post(url + "/choices", headers=auth(token),
                        json={"option": body["decision"]["options"][0]["id"], "at": body["at"]})
        row = client.app.state.games.db.game(g["id"])
        assert row.content["rules"] == game_for("tanglewoods", row.content["id"], row.content["version"]).rules_version
    # as if a corrected rule no longer offered the second stored choice
    engine = sa.create_engine(sqlite_url)
    with engine.begin() as conn:
        conn.execute(sa.text("UPDATE events SET option = 'no-such-option' WHERE game_id = :i AND number = 1"),
                     {"i": g["id"]})
        conn.execute(sa.text("UPDATE games SET content = :c WHERE id = :i"),
                     {"c": json.dumps({**row.content, "rules": 1}), "i": g["id"]})
    engine.dispose()
    with make_client(sqlite_url) as client:
        r = client.get(f"/api/games/{g['id']}", headers=auth(token))
        assert r.status_code == 409, r.text
        detail = r.json()["detail"]
        assert "rules version 1" in detail and "choice 2 (no-such-option)" in detail and "What changed" in detail
        assert "Traceback" not in r.text
