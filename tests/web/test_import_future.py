"""Nobody at a table knows the future: a table of several seats made from an uploaded record
starts with what no seat has seen drawn afresh from the server's secret randomness
(``GameService.upload``, ``state.redraw_unseen``), so the record's maker, who may have chosen its
seed, cannot tell what comes next; a solo import keeps its record's future.  The record is a
download at any time for a solo game, and only once the game is over for a table of several
seats."""
from __future__ import annotations

import json
import random
from typing import Any

import pytest

import woodlands
from woodlands.engine.game import load_game
from woodlands.web.store import REDRAW

from .conftest import auth, live_game, make_client

#: the seed a record's maker chose
KNOWN = 424242


def a_record(seed: int, options: dict[str, Any], choices: int = 10) -> woodlands.GameState:
    """A game made with a known seed and some random choices in, as its maker holds it."""
    state = load_game("cursed-forest").new_game(seed=seed, options=options)
    rng = random.Random(seed)
    for _ in range(choices):
        state.apply(rng.choice(state.decision.options).id)
    assert not state.is_over
    return state


def bodies(c: Any, game_id: str, tokens: list[str]) -> list[dict[str, Any]]:
    return [c.get(f"/api/games/{game_id}", headers=auth(t)).json() for t in tokens]


def seen_by_seats(bs: list[dict[str, Any]]) -> list[Any]:
    return [(b["view"], b["log"], b["decision"], b["deciding_seat"], b["over"]) for b in bs]


def predicted(prediction: woodlands.GameState, seats: int) -> list[Any]:
    """What each seat's body would hold if the table's future were the record's."""
    d = prediction.decision
    out = []
    for seat in range(seats):
        mine = d is not None and d.player == seat
        out.append((prediction.view(seat), prediction.log_for(seat),
                    None if not mine else [o.id for o in d.options], None if d is None else d.player,
                    prediction.is_over))
    return out


def as_predicted(bs: list[dict[str, Any]]) -> list[Any]:
    return [(b["view"], b["log"], None if b["decision"] is None else [o["id"] for o in b["decision"]["options"]],
             b["deciding_seat"], b["over"]) for b in bs]


def follow(c: Any, up: dict[str, Any], prediction: woodlands.GameState, steps: int, rng: random.Random) -> int:
    """Play ``steps`` random choices at the table and the same ones on the maker's replay of the
    record; the number of steps after which every seat's body was still what that replay
    predicts (``steps`` when the maker foresaw all of them)."""
    tokens = [s["token"] for s in up["seats"]]
    for step in range(steps):
        bs = bodies(c, up["id"], tokens)
        if as_predicted(bs) != predicted(prediction, len(tokens)):
            return step
        if bs[0]["over"]:
            return steps
        seat = bs[0]["deciding_seat"]
        option = rng.choice(bs[seat]["decision"]["options"])["id"]
        r = c.post(f"/api/games/{up['id']}/choices", headers=auth(tokens[seat]), json={"option": option, "at": bs[seat]["at"]})
        assert r.status_code == 200, r.text
        prediction.apply(option)            # legal there too while the two agree
    bs = bodies(c, up["id"], tokens)
    return steps if as_predicted(bs) == predicted(prediction, len(tokens)) else steps - 1


def test_a_table_of_several_seats_from_a_record_has_a_future_its_maker_cannot_foresee(client):
    foreseen = []
    for k in range(4):
        made = a_record(KNOWN + k, {"players": 2})
        record = made.record()
        r = client.post("/api/games/import", json={"record": record, "hotseat": True})
        assert r.status_code == 201, r.text
        up = r.json()
        tokens = [s["token"] for s in up["seats"]]
        # nothing any seat has seen changed: each seat's body is the record's, to the letter
        bs = bodies(client, up["id"], tokens)
        assert as_predicted(bs) == predicted(made, 2)
        # the redraw's seed is the server's: stored after the record's choices, never shown
        events = client.app.state.games.db.events(up["id"])
        assert [e.kind for e in events[:-1]] == ["choice"] * 10 and events[-1].kind == REDRAW
        assert int(events[-1].option) != KNOWN + k
        assert not any(str(events[-1].option) in str(b) for b in bs)
        foreseen.append(follow(client, up, woodlands.replay(record), 60, random.Random(k)))
    # the maker's replay of the known seed foretold none of the four tables for 60 steps
    assert max(foreseen) < 60, foreseen


def test_a_solo_import_keeps_its_records_future(client):
    made = a_record(KNOWN, {"players": 1, "adventurers": 2})
    record = made.record()
    up = client.post("/api/games/import", json={"record": record, "hotseat": True}).json()
    assert [e.kind for e in client.app.state.games.db.events(up["id"])] == ["choice"] * 10
    assert follow(client, up, woodlands.replay(record), 60, random.Random(1)) == 60
    mine = client.get(f"/api/games/{up['id']}/record", headers=auth(up["seats"][0]["token"])).json()
    assert mine["seed"] == KNOWN and "redraws" not in mine and mine["choices"][:10] == record["choices"]


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request, tmp_path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/store.sqlite3"
    return str(request.getfixturevalue("fresh_pg_url"))


def test_a_redrawn_table_replays_exactly_after_a_restart_and_its_record_to_its_digest(url):
    made = a_record(KNOWN, {"players": 2, "turn_limit": 3})
    with make_client(url) as c:
        up = c.post("/api/games/import", json={"record": made.record(), "hotseat": True}).json()
        tokens = [s["token"] for s in up["seats"]]
        follow(c, up, made.clone(), 25, random.Random(5))
        before = seen_by_seats(bodies(c, up["id"], tokens))
        full = live_game(c, up["id"]).state
        fingerprint = (full.log, full.rng.state, full.tile_stack, full.item_bag, full.monster_bag)
    with make_client(url) as c:                 # a new server over the same database
        assert seen_by_seats(bodies(c, up["id"], tokens)) == before
        again = live_game(c, up["id"]).state
        assert (again.log, again.rng.state, again.tile_stack, again.item_bag, again.monster_bag) == fingerprint
        # played to its end, its record lists the redraw and replays to its digest
        rng = random.Random(6)
        body = bodies(c, up["id"], tokens)[0]
        while not body["over"]:
            seat = body["deciding_seat"]
            mine = c.get(f"/api/games/{up['id']}", headers=auth(tokens[seat])).json()
            option = rng.choice(mine["decision"]["options"])["id"]
            body = c.post(f"/api/games/{up['id']}/choices", headers=auth(tokens[seat]),
                          json={"option": option, "at": mine["at"]}).json()
        record = c.get(f"/api/games/{up['id']}/record", headers=auth(tokens[1])).json()
        assert record["version"] == 3 and record["seed"] == KNOWN   # 3: it names its pack's fingerprint
        assert record["redraws"][0]["at"] == 10 and len(record["redraws"]) == 1
        replayed = woodlands.replay(record)         # (checked against its digest)
        assert replayed.view(1) == live_game(c, up["id"]).state.view(1)


def test_a_records_own_redraws_are_kept_at_their_places(client):
    """A record downloaded from a redrawn table continues as it was, solo (its redraws and
    nothing more) or at a table of several seats (one more redraw after them)."""
    state = a_record(KNOWN, {"players": 2}, choices=6)
    state.redraw_unseen(12345)
    rng = random.Random(3)
    for _ in range(6):
        state.apply(rng.choice(state.decision.options).id)
    record = state.record()
    up = client.post("/api/games/import", json={"record": record, "hotseat": True}).json()
    events = client.app.state.games.db.events(up["id"])
    assert [e.kind for e in events] == ["choice"] * 6 + [REDRAW] + ["choice"] * 6 + [REDRAW]
    assert events[6].option == "12345"
    live = live_game(client, up["id"]).state
    assert live.redraws[0] == (6, 12345) and len(live.redraws) == 2 and live.view(0) == state.view(0)
    client.app.state.games.forget(up["id"])         # rebuilt from the store: the same position
    again = live_game(client, up["id"]).state
    assert again.redraws == live.redraws and again.rng.state == live.rng.state and again.log == live.log


def test_the_record_is_a_download_at_any_time_for_a_solo_game(client):
    r = client.post("/api/games", json={"game": "cursed-forest", "options": {"players": 1}})
    g = r.json()
    token = g["seats"][0]["token"]
    r = client.get(f"/api/games/{g['id']}/record", headers=auth(token))
    assert r.status_code == 200, r.text
    body = client.get(f"/api/games/{g['id']}", headers=auth(token)).json()
    client.post(f"/api/games/{g['id']}/choices", headers=auth(token),
                json={"option": body["decision"]["options"][0]["id"], "at": body["at"]})
    record = client.get(f"/api/games/{g['id']}/record", headers=auth(token)).json()
    assert len(record["choices"]) == 1
    assert woodlands.replay(record).view(0) == client.get(f"/api/games/{g['id']}", headers=auth(token)).json()["view"]


def test_a_table_of_several_seats_gives_its_record_only_once_over(client):
    r = client.post("/api/games", json={"game": "cursed-forest", "options": {"players": 2}, "hotseat": True})
    g = r.json()
    for s in g["seats"]:
        r = client.get(f"/api/games/{g['id']}/record", headers=auth(s["token"]))
        assert r.status_code == 409 and "once the game is over" in r.json()["detail"]
    up = client.post("/api/games/import", json={"record": a_record(KNOWN, {"players": 2}).record(), "hotseat": True}).json()
    r = client.get(f"/api/games/{up['id']}/record", headers=auth(up["seats"][1]["token"]))
    assert r.status_code == 409 and "seed" not in r.json()


def test_a_record_of_several_players_uploaded_on_the_home_page_is_redrawn_too(client):
    made = a_record(KNOWN, {"players": 3})
    r = client.post("/upload", files={"file": ("t.json", json.dumps(made.record()).encode(), "application/json")},
                    follow_redirects=False)
    assert r.status_code == 303 and "error=" not in r.headers["location"]
    (game_id,) = client.app.state.games.db.game_ids()
    events = client.app.state.games.db.events(game_id)
    assert [e.kind for e in events] == ["choice"] * 10 + [REDRAW]
    state = live_game(client, game_id).state
    assert all(state.view(k) == made.view(k) and state.log_for(k) == made.log_for(k) for k in range(4))
    assert (state.tile_stack, state.monster_bag, state.item_bag) != (made.tile_stack, made.monster_bag, made.item_bag)
