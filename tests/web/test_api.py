"""The JSON API (issue 11, "A JSON API any program can use"): every endpoint, and every bad
request answered with a clear 4xx that changes nothing."""
from __future__ import annotations

import json
import random
import threading
import time
from typing import Any

import pytest

from woodlands.engine.game import load_game, replay
from woodlands.web.live import Live

from .conftest import auth, deciding_token, live_game, make_client, new_game

GET_KEYS = {"id", "game", "seat", "seats", "at", "deciding_seat", "view", "decision", "log", "log_from", "over",
            "outcome", "can_undo", "bots"}


def play(c, g, n, rng=None, stop_before_undoable=False):
    """n random choices by whichever seat decides; returns the last body."""
    rng = rng or random.Random(0)
    body = None
    for _ in range(n):
        token, body = deciding_token(c, g)
        if body["over"]:
            return body
        option = rng.choice(body["decision"]["options"])["id"]
        r = c.post(f"/api/games/{g['id']}/choices", headers=auth(token), json={"option": option, "at": body["at"]})
        assert r.status_code == 200, r.text
        body = r.json()
    return body


def wait_for(c, game_id, token, done, timeout=30.0):
    """GET the game until ``done(body)`` (the bots move in the background)."""
    deadline = time.monotonic() + timeout
    while True:
        body = c.get(f"/api/games/{game_id}", headers=auth(token)).json()
        if done(body) or time.monotonic() > deadline:
            return body
        time.sleep(0.01)


def stored_events(c, game_id):
    return c.app.state.games.db.events(game_id)


# ---------------------------------------------------------------------- creating tables
def test_create_gives_one_token_per_seat_and_an_admin_token(client):
    g = new_game(client, options={"players": 2}, seats=2)
    assert set(g) == {"id", "game", "admin_token", "seats"}
    assert [s["seat"] for s in g["seats"]] == [0, 1]
    tokens = {g["admin_token"], *(s["token"] for s in g["seats"])}
    assert len(tokens) == 3 and all(len(t) >= 32 for t in tokens)
    # a hot-seat table: this device holds every seat, so there is no invitation
    assert all(s["invitation"] is None and s["join"] is None for s in g["seats"])
    # an online table (the default with several seats): invitations, no seat's token for the creator
    online = new_game(client, options={"players": 2}, seats=2, hotseat=None)
    assert all(s["token"] is None and len(s["invitation"]) >= 32 for s in online["seats"])
    assert online["seats"][1]["join"] == f"/join/{online['id']}#{online['seats'][1]['invitation']}"
    # seats given alone sets the players; left out, a solo game has one seat
    assert len(new_game(client, seats=3)["seats"]) == 3
    assert len(new_game(client, "tanglewoods", {"difficulty": 0})["seats"]) == 1
    assert len(new_game(client, options={"players": 1, "adventurers": 3})["seats"]) == 1


@pytest.mark.parametrize("body, words", [
    ({"game": "chess"}, "there is no game 'chess'"),
    ({"game": "tanglewoods", "options": {"colour": "red"}}, "has no option 'colour'"),
    ({"game": "tanglewoods", "options": {"difficulty": "hard"}}, "difficulty takes a whole number"),
    ({"game": "tanglewoods", "options": {"difficulty": True}}, "difficulty takes a whole number"),
    ({"game": "tanglewoods", "options": {"difficulty": 11}}, "runs from 0 to 10"),
    ({"game": "tanglewoods", "options": {"side": "c"}}, "side is one of a, b"),
    ({"game": "tanglewoods", "options": {"hero": "nobody"}}, "hero"),
    ({"game": "tanglewoods", "seats": 2}, "played alone"),
    ({"game": "cursed-forest", "options": {"players": 3}, "seats": 2}, "has 3 seats, not 2"),
    ({"game": "cursed-forest", "seats": 0}, "seats"),
    ({"game": "cursed-forest", "options": [1]}, "options"),
    ({"game": "cursed-forest", "admin": True}, "admin is not a field"),
    ({"options": {}}, "game is missing"),
])
def test_a_bad_new_table_is_refused_with_its_reason(client, body, words):
    r = client.post("/api/games", json=body)
    assert r.status_code == 422, r.text
    assert words in r.json()["detail"]
    assert client.app.state.games.db.game_ids() == []


def test_the_seed_is_the_servers_unless_it_is_started_to_allow_it(sqlite_url):
    with make_client(sqlite_url, allow_seed=False) as c:
        r = c.post("/api/games", json={"game": "tanglewoods", "seed": 5})
        assert r.status_code == 422 and "seed" in r.json()["detail"]
        assert c.post("/api/games", json={"game": "tanglewoods"}).status_code == 201


def test_game_types_lists_every_game_with_its_options(client):
    types = {t["id"]: t for t in client.get("/api/game-types").json()}
    assert set(types) == {"tanglewoods", "storyfold", "cursed-forest"}
    assert {o["name"] for o in types["cursed-forest"]["options"]} >= {"players", "turn_limit"}
    assert "greedy" in types["tanglewoods"]["bots"]


# ---------------------------------------------------------------------- reading a game
def test_get_answers_with_the_contract_and_only_the_deciding_seat_has_a_decision(client):
    g = new_game(client, options={"players": 2}, seats=2)
    bodies = [client.get(f"/api/games/{g['id']}", headers=auth(s["token"])).json() for s in g["seats"]]
    for seat, body in enumerate(bodies):
        assert set(body) == GET_KEYS
        assert body["seat"] == seat and body["at"] == 0 and not body["over"] and body["outcome"] is None
        # the view's envelope says the same as the body around it
        view = body["view"]
        assert (view["game"], view["seat"], view["over"], view["outcome"], view["deciding"]) == \
            (body["game"], seat, False, None, body["deciding_seat"])
    deciding = bodies[0]["deciding_seat"]
    assert bodies[deciding]["decision"]["options"] and bodies[1 - deciding]["decision"] is None
    d = bodies[deciding]["decision"]
    assert set(d) == {"kind", "prompt", "rule", "data", "options"}
    assert all({"id", "label", "verb", "args"} <= set(o) for o in d["options"])
    # the log, from an index on
    full = bodies[0]["log"]
    part = client.get(f"/api/games/{g['id']}?log_from=1", headers=auth(g["seats"][0]["token"])).json()
    assert part["log"] == full[1:] and part["log_from"] == 1


def test_tokens_are_checked(client):
    g = new_game(client, options={"players": 2}, seats=2)
    other = new_game(client, options={"players": 2}, seats=2, seed=2)
    url = f"/api/games/{g['id']}"
    r = client.get(url)
    assert r.status_code == 401 and "Bearer" in r.json()["detail"]
    assert client.get(url, headers={"Authorization": "Basic abc"}).status_code == 401
    assert client.get(url, headers={"Authorization": "Bearer "}).status_code == 401
    r = client.get(url, headers=auth("not-a-token"))
    assert r.status_code == 403 and "no seat" in r.json()["detail"]
    r = client.get(url, headers=auth(other["seats"][0]["token"]))       # another game's token
    assert r.status_code == 403
    r = client.get(url, headers=auth(g["admin_token"]))
    assert r.status_code == 403 and "admin" in r.json()["detail"]
    for bad in ("nosuchgame123", "x", "a" * 40, "%2E%2E"):
        r = client.get(f"/api/games/{bad}", headers=auth(g["seats"][0]["token"]))
        assert r.status_code == 404 and "no game" in r.json()["detail"]
    assert client.get("/api/games/a/b/c", headers=auth(g["seats"][0]["token"])).status_code == 404
    # another game's id with this game's token
    r = client.post(f"/api/games/{other['id']}/choices", headers=auth(g["seats"][0]["token"]),
                    json={"option": "x", "at": 0})
    assert r.status_code == 403
    assert stored_events(client, other["id"]) == []


# ---------------------------------------------------------------------- choosing
def test_a_choice_is_stored_before_the_answer_and_a_replay_of_it_changes_nothing(client):
    g = new_game(client, "tanglewoods", {"difficulty": 0})
    token = g["seats"][0]["token"]
    body = client.get(f"/api/games/{g['id']}", headers=auth(token)).json()
    option = body["decision"]["options"][0]["id"]
    request = {"option": option, "at": 0}
    r = client.post(f"/api/games/{g['id']}/choices", headers=auth(token), json=request)
    assert r.status_code == 200 and r.json()["at"] == 1
    assert set(r.json()) == GET_KEYS
    assert [(e.number, e.kind, e.option) for e in stored_events(client, g["id"])] == [(0, "choice", option)]
    before = client.get(f"/api/games/{g['id']}", headers=auth(token)).json()
    again = client.post(f"/api/games/{g['id']}/choices", headers=auth(token), json=request)
    assert again.status_code == 409 and again.json()["at"] == 1 and "nothing was changed" in again.json()["detail"]
    ahead = client.post(f"/api/games/{g['id']}/choices", headers=auth(token), json={"option": option, "at": 7})
    assert ahead.status_code == 409
    assert client.get(f"/api/games/{g['id']}", headers=auth(token)).json() == before
    assert len(stored_events(client, g["id"])) == 1


def test_an_illegal_option_is_refused_with_why_not(client):
    g = new_game(client, "tanglewoods", {"difficulty": 0})
    token = g["seats"][0]["token"]
    r = client.post(f"/api/games/{g['id']}/choices", headers=auth(token), json={"option": "fly:away", "at": 0})
    assert r.status_code == 422
    state = load_game("tanglewoods").new_game(seed=1, options={"difficulty": 0})
    refusal = state.why_not("fly:away")
    assert r.json()["detail"] == refusal.reason and r.json()["rule"] == refusal.rule
    assert stored_events(client, g["id"]) == []


def test_only_the_deciding_seat_may_choose(client):
    g = new_game(client, options={"players": 2}, seats=2)
    token, body = deciding_token(client, g)
    other = next(s["token"] for s in g["seats"] if s["token"] != token)
    option = body["decision"]["options"][0]["id"]
    r = client.post(f"/api/games/{g['id']}/choices", headers=auth(other), json={"option": option, "at": 0})
    assert r.status_code == 403 and r.json()["deciding_seat"] == body["seat"]
    assert stored_events(client, g["id"]) == []


def test_a_seat_that_does_not_decide_never_hears_why_the_deciders_options_are_refused(client):
    """why_not speaks of the decider's options (in Cursed Forest they can name its face-down
    items): another seat's post is refused for the turn alone, and its page shows no options."""
    g = new_game(client, options={"players": 2}, seats=2, seed=8)
    token, body = deciding_token(client, g)
    other = next(s["token"] for s in g["seats"] if s["token"] != token)
    state = live_game(client, g["id"]).state
    for option in ("fly:away", body["decision"]["options"][0]["id"]):
        r = client.post(f"/api/games/{g['id']}/choices", headers=auth(other), json={"option": option, "at": body["at"]})
        assert r.status_code == 403 and set(r.json()) == {"detail", "at", "deciding_seat"}
        refusal = state.why_not(option)
        assert refusal is None or refusal.reason not in r.text
    seen = client.get(f"/api/games/{g['id']}", headers=auth(other)).json()
    assert seen["decision"] is None and seen["deciding_seat"] == body["seat"]
    assert stored_events(client, g["id"]) == []


@pytest.mark.parametrize("content, words", [
    (b"{not json", "not valid JSON"),
    (b"[1, 2]", "JSON object"),
    (b'{"option": "x"}', "at is missing"),
    (b'{"option": "x", "at": "0"}', "at"),
    (b'{"option": 3, "at": 0}', "option"),
    (b'{"option": "x", "at": -1}', "at"),
    (b'{"option": "x", "at": 0, "seat": 1}', "seat is not a field"),
    (json.dumps({"option": "x" * 1000, "at": 0}).encode(), "option"),
])
def test_a_malformed_body_is_refused(client, content, words):
    g = new_game(client, "tanglewoods")
    r = client.post(f"/api/games/{g['id']}/choices", headers={**auth(g["seats"][0]["token"]),
                                                              "Content-Type": "application/json"}, content=content)
    assert r.status_code == 422, r.text
    assert words in r.json()["detail"]
    assert stored_events(client, g["id"]) == []


def test_an_oversized_body_is_refused_before_it_is_read(client):
    g = new_game(client, "tanglewoods")
    big = json.dumps({"option": "x", "at": 0, "pad": "y" * 300_000}).encode()
    r = client.post(f"/api/games/{g['id']}/choices", headers={**auth(g["seats"][0]["token"]),
                                                              "Content-Type": "application/json"}, content=big)
    assert r.status_code == 413 and "larger than" in r.json()["detail"]

    def chunks():                   # no Content-Length: counted as it arrives
        for _ in range(40):
            yield b"y" * 10_000
    r = client.post(f"/api/games/{g['id']}/choices", headers={**auth(g["seats"][0]["token"]),
                                                              "Content-Type": "application/json"}, content=chunks())
    assert r.status_code == 413
    assert stored_events(client, g["id"]) == []


def test_concurrent_choices_for_one_decision_exactly_one_wins(client):
    g = new_game(client, "tanglewoods", {"difficulty": 0})
    token = g["seats"][0]["token"]
    options = [o["id"] for o in client.get(f"/api/games/{g['id']}", headers=auth(token)).json()["decision"]["options"]]
    statuses: list[int] = []
    barrier = threading.Barrier(6)

    def go(k):
        barrier.wait()
        r = client.post(f"/api/games/{g['id']}/choices", headers=auth(token),
                        json={"option": options[k % len(options)], "at": 0})
        statuses.append(r.status_code)
    threads = [threading.Thread(target=go, args=(k,)) for k in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(statuses) == [200] + [409] * 5
    assert len(stored_events(client, g["id"])) == 1


def test_choices_play_a_game_to_its_end_and_then_the_record_is_given(client):
    """A table of several seats gives its record only once the game is over (a solo game's is
    a download at any time: test_import_future.py)."""
    g = new_game(client, "cursed-forest", {"players": 2, "turn_limit": 2})
    token = g["seats"][0]["token"]
    r = client.get(f"/api/games/{g['id']}/record", headers=auth(token))
    assert r.status_code == 409 and "record" in r.json()["detail"]
    body = play(client, g, 2000)
    assert body["over"] and body["outcome"] and body["decision"] is None and body["deciding_seat"] is None
    r = client.post(f"/api/games/{g['id']}/choices", headers=auth(token), json={"option": "x", "at": body["at"]})
    assert r.status_code == 409 and "over" in r.json()["detail"]
    record = client.get(f"/api/games/{g['id']}/record", headers=auth(token)).json()
    from woodlands import replay
    assert all(replay(record).view(k) == live_game(client, g["id"]).state.view(k) for k in (0, 1))


# ---------------------------------------------------------------------- undo
def test_undo_takes_back_the_last_choice_as_an_event_of_its_own(client):
    g = new_game(client, "tanglewoods", {"difficulty": 0, "hero": "thorn-warden", "side": "a"}, seed=4)
    token = g["seats"][0]["token"]
    url = f"/api/games/{g['id']}"
    rng = random.Random(3)
    undone = 0
    for _ in range(60):
        body = client.get(url, headers=auth(token)).json()
        if body["over"]:
            break
        option = rng.choice(body["decision"]["options"])["id"]
        after = client.post(url + "/choices", headers=auth(token), json={"option": option, "at": body["at"]}).json()
        if after["can_undo"]:
            back = client.post(url + "/undo", headers=auth(token), json={"at": after["at"]})
            assert back.status_code == 200
            assert back.json()["view"] == body["view"] and back.json()["decision"] == body["decision"]
            assert back.json()["at"] == after["at"] + 1        # numbers only grow: the undo is an event
            undone += 1
            client.post(url + "/choices", headers=auth(token), json={"option": option, "at": back.json()["at"]})
        elif after["at"] > 0 and not after["over"]:
            r = client.post(url + "/undo", headers=auth(token), json={"at": after["at"]})
            assert r.status_code == 409 and r.json()["detail"]
    assert undone >= 3
    kinds = [e.kind for e in stored_events(client, g["id"])]
    assert kinds.count("undo") == undone
    # the store replays to the same game
    live = client.app.state.games._rebuild(g["id"])
    assert live.state.view(0) == client.get(url, headers=auth(token)).json()["view"]
    # a stale undo changes nothing
    at = client.get(url, headers=auth(token)).json()["at"]
    assert client.post(url + "/undo", headers=auth(token), json={"at": at - 1}).status_code == 409


def test_undo_stops_at_the_last_chance_event_like_the_engine(client):
    """The server's undo (states kept in memory) agrees with a replay of the record without its
    last choice."""
    g = new_game(client, "cursed-forest", {"players": 1}, seed=9)
    token = g["seats"][0]["token"]
    rng = random.Random(5)
    for _ in range(80):
        body = play(client, g, 1, rng)
        if body["over"]:
            break
        live = live_game(client, g["id"])
        assert body["can_undo"] == live.state.can_undo()
        if body["can_undo"] and rng.random() < 0.3:
            record = live.state.record(digest=False)
            expected = replay({**record, "choices": record["choices"][:-1]})
            after = client.post(f"/api/games/{g['id']}/undo", headers=auth(token), json={"at": body["at"]}).json()
            assert after["view"] == expected.view(0) and after["log"] == expected.log_for(0)


def test_in_a_shared_game_a_seat_undoes_only_its_own_last_choice(client):
    g = new_game(client, options={"players": 2}, seats=2, seed=3)
    rng = random.Random(1)
    seen_refusal = seen_undo = False
    for _ in range(200):
        token, body = deciding_token(client, g)
        if body["over"]:
            break
        option = rng.choice(body["decision"]["options"])["id"]
        after = client.post(f"/api/games/{g['id']}/choices", headers=auth(token),
                            json={"option": option, "at": body["at"]}).json()
        me, other = after["seat"], 1 - after["seat"]
        other_token = g["seats"][other]["token"]
        mine_back = client.get(f"/api/games/{g['id']}", headers=auth(other_token)).json()
        assert not mine_back["can_undo"]
        if live_game(client, g["id"]).state.can_undo():
            r = client.post(f"/api/games/{g['id']}/undo", headers=auth(other_token), json={"at": after["at"]})
            assert r.status_code == 409 and f"Player {me + 1}'s" in r.json()["detail"]
            seen_refusal = True
            if after["deciding_seat"] == other and not seen_undo:
                r = client.post(f"/api/games/{g['id']}/undo", headers=auth(token), json={"at": after["at"]})
                assert r.status_code == 200 and r.json()["deciding_seat"] == me
                seen_undo = True
        if seen_refusal and seen_undo:
            break
    assert seen_refusal and seen_undo


# ---------------------------------------------------------------------- bots
def test_the_admin_hands_a_seat_to_a_bot_and_takes_it_back(client):
    g = new_game(client, options={"players": 2, "turn_limit": 3}, seats=2, seed=5)
    url = f"/api/games/{g['id']}/seats/1/bot"
    t0, t1 = g["seats"][0]["token"], g["seats"][1]["token"]
    assert client.put(url, json={"bot": "greedy"}).status_code == 401
    r = client.put(url, headers=auth(t0), json={"bot": "greedy"})     # another seat's token
    assert r.status_code == 403 and "admin" in r.json()["detail"]
    assert client.put(url, headers=auth(g["admin_token"]), json={"bot": "clever"}).status_code == 422
    r = client.put(f"/api/games/{g['id']}/seats/2/bot", headers=auth(g["admin_token"]), json={"bot": "greedy"})
    assert r.status_code == 404
    assert client.delete(url, headers=auth(g["admin_token"])).status_code == 409       # not a bot's yet
    assert stored_events(client, g["id"]) == []
    r = client.put(url, headers=auth(g["admin_token"]), json={"bot": "greedy"})
    assert r.status_code == 200 and r.json()["bots"] == {"1": "greedy"}
    # seat 0 plays; seat 1's decisions are the bot's, made by the game's bot task once seat 0's
    # answer has gone (the answer never waits for them)
    rng = random.Random(2)
    bot_moved = False
    for _ in range(400):
        body = wait_for(client, g["id"], t0, lambda b: b["deciding_seat"] == 0 or b["over"])
        if body["over"]:
            break
        after = client.post(f"/api/games/{g['id']}/choices", headers=auth(t0),
                            json={"option": rng.choice(body["decision"]["options"])["id"], "at": body["at"]}).json()
        assert after["at"] == body["at"] + 1
        if after["deciding_seat"] == 1:
            later = wait_for(client, g["id"], t0, lambda b, at=after["at"]: b["at"] > at)
            bot_moved = True
            if not later["over"]:
                break
    assert bot_moved
    assert any(e.by_bot for e in stored_events(client, g["id"]))
    seat1 = client.get(f"/api/games/{g['id']}", headers=auth(t1)).json()
    assert seat1["decision"] is None and seat1["bots"] == {"1": "greedy"}
    r = client.delete(url, headers=auth(g["admin_token"]))
    assert r.status_code == 200 and r.json()["bots"] == {}


# ---------------------------------------------------------------------- uploads
def test_a_record_from_the_terminal_continues_here(client):
    state = load_game("cursed-forest").new_game(seed=12, options={"players": 1})
    rng = random.Random(12)
    for _ in range(25):
        state.apply(rng.choice(state.decision.options).id)
    r = client.post("/api/games/import", json={"record": state.record()})
    assert r.status_code == 201, r.text
    g = r.json()
    body = client.get(f"/api/games/{g['id']}", headers=auth(g["seats"][0]["token"])).json()
    assert body["view"] == state.view(0) and body["at"] == 25 and body["log"] == state.log_for(0)
    bad = dict(state.record(), choices=state.choices[:-1] + ["nonsense"])
    r = client.post("/api/games/import", json={"record": bad})
    assert r.status_code == 422 and "cannot be continued" in r.json()["detail"]
    assert client.post("/api/games/import", json={"record": {"format": "x"}}).status_code == 422
    assert client.post("/api/games/import", json={"record": state.record(), "seats": 2}).status_code == 422
    assert len(client.app.state.games.db.game_ids()) == 1


# ---------------------------------------------------------------------- invitation links and cookies
def test_claiming_an_invitation_sets_the_seat_cookie(client):
    g = new_game(client, options={"players": 2}, seats=2, hotseat=False)
    r = client.post(f"/join/{g['id']}", data={"invitation": g["seats"][1]["invitation"]}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == f"/games/{g['id']}"
    cookie = r.headers["set-cookie"]
    assert f"woodlands_seat_{g['id']}=" in cookie and "HttpOnly" in cookie and "samesite=lax" in cookie.lower()
    body = client.get(f"/api/games/{g['id']}").json()           # the cookie, no header
    assert body["seat"] == 1
    assert [m["id"] for m in client.get("/api/my-games").json()] == [g["id"]]
    # a cross-site post does not ride on the cookie
    r = client.post(f"/api/games/{g['id']}/choices", headers={"Origin": "http://evil.example"},
                    json={"option": "x", "at": 0})
    assert r.status_code == 403 and "another site" in r.json()["detail"]
    client.cookies.clear()
    r = client.post(f"/join/{g['id']}", data={"invitation": "wrong-token"}, follow_redirects=False)
    assert r.status_code == 403 and "set-cookie" not in r.headers
    assert client.get("/api/my-games").json() == []


# ---------------------------------------------------------------------- hidden facts
def test_two_seats_never_see_each_others_hidden_facts(client):
    """Two positions that differ only in facts hidden from a seat give that seat the same
    answer (state.determinize makes the twin); and the twins do differ, for the other seat."""
    g = new_game(client, options={"players": 2, "characters": None}, seats=2, seed=21)
    svc = client.app.state.games
    rng = random.Random(21)
    compared = differed = 0
    for step in range(120):
        body = play(client, g, 1, rng)
        if body["over"]:
            break
        live = live_game(client, g["id"])
        for seat in (0, 1):
            twin = Live(live.row, live.state.determinize(seat, step), live.number, [], list(live.choosers), dict(live.bots))
            twin.history = live.history        # undo is judged on the real game: only the position differs
            assert svc.body(twin, seat) == svc.body(live, seat)
            compared += 1
            other = 1 - seat
            differed += twin.state.view(other) != live.state.view(other)
    assert compared > 100 and differed > 0


def test_no_answer_carries_the_seed_the_full_log_or_the_record(client):
    seed = 987654321012345
    g = new_game(client, options={"players": 2}, seats=2, seed=seed)
    texts = []
    rng = random.Random(4)
    for _ in range(40):
        token, body = deciding_token(client, g)
        option = rng.choice(body["decision"]["options"])["id"]
        r = client.post(f"/api/games/{g['id']}/choices", headers=auth(token), json={"option": option, "at": body["at"]})
        texts.append(r.text)
        for s in g["seats"]:
            texts.append(client.get(f"/api/games/{g['id']}", headers=auth(s["token"])).text)
    state = live_game(client, g["id"]).state
    for text in texts:
        assert str(seed) not in text
        body = json.loads(text)
        assert "seed" not in body and "choices" not in body and "record" not in body
        assert body["log"] == state.log_for(body["seat"]) or body["at"] < len(state.choices)
    assert any(json.loads(t)["log"] != state.log for t in texts[-2:])     # the full log has hidden facts


# ---------------------------------------------------------------------- docs
def test_openapi_and_docs_load_nothing_from_the_internet(client):
    spec = client.get("/openapi.json").json()
    assert {"/api/games", "/api/games/{game_id}", "/api/games/{game_id}/choices", "/api/games/{game_id}/events",
            "/api/games/{game_id}/undo", "/api/games/import", "/join/{game_id}"} <= set(spec["paths"])
    html = client.get("/docs").text
    assert "swagger-ui-bundle.js" in html and "http://" not in html and "https://" not in html.replace(
        "https://swagger.io", "")
    for asset in ("swagger-ui-bundle.js", "swagger-ui.css", "favicon-32x32.png", "LICENSE"):
        assert client.get(f"/static/vendor/swagger-ui/{asset}").status_code == 200


def test_a_storyfold_scene_save_is_checked_by_the_game(client):
    r = client.post("/api/games/import", json={"record": {"format": "storyfold-save", "version": 1}})
    assert r.status_code == 422 and "resume" in r.json()["detail"]
    assert client.app.state.games.db.game_ids() == []


def test_a_seats_game_is_checked_against_its_model_on_every_answer(sqlite_url: str, monkeypatch: Any) -> None:
    """GET, a choice and an undo answer with the body GameOut documents (written by orjson after
    the check, as the model would write it); under the tests (WOODLANDS_CHECK_ANSWERS, which
    tests/conftest.py sets) a body that breaks the model is a 500, never sent."""
    from fastapi.testclient import TestClient

    from woodlands.web.api import GameOut
    from woodlands.web.app import create_app
    from woodlands.web.settings import Settings
    app = create_app(Settings(db_url=sqlite_url, allow_seed=True))
    with TestClient(app, raise_server_exceptions=False) as c:
        g = c.post("/api/games", json={"game": "tanglewoods", "seed": 3}).json()
        url, head = f"/api/games/{g['id']}", auth(g["seats"][0]["token"])
        body = c.get(url, headers=head).json()
        assert body == GameOut.model_validate(body).model_dump(mode="json")
        after = c.post(url + "/choices", headers=head, json={"option": body["decision"]["options"][0]["id"],
                                                             "at": body["at"]}).json()
        assert after == GameOut.model_validate(after).model_dump(mode="json") and after["at"] == body["at"] + 1
        service = app.state.games
        real = service.get

        async def broken(*a: Any) -> Any:
            answer = dict(await real(*a))
            answer["at"] = "not a number"
            return answer
        monkeypatch.setattr(service, "get", broken)
        r = c.get(url, headers=head)
        assert r.status_code == 500 and "not a number" not in r.text

        async def extra(*a: Any) -> Any:
            return dict(await real(*a), secret="x")
        monkeypatch.setattr(service, "get", extra)
        r = c.get(url, headers=head)
        assert r.status_code == 500 and "secret" not in r.text


def test_a_server_outside_the_tests_does_not_check_its_answers_again(monkeypatch: Any) -> None:
    """The check costs more than writing the answer: a server checks only when told to
    (WOODLANDS_CHECK_ANSWERS), as the tests do; otherwise the body is written as it is."""
    import orjson
    from pydantic import ValidationError

    from woodlands.web.api import CHECK_ANSWERS_ENV, _game_answer
    odd = {"at": "not a number"}
    monkeypatch.setenv(CHECK_ANSWERS_ENV, "1")
    with pytest.raises(ValidationError):
        _game_answer(odd)
    monkeypatch.setenv(CHECK_ANSWERS_ENV, "0")
    assert orjson.loads(_game_answer(odd).body) == odd
