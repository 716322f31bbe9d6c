"""A seat belongs to one person: invitations are claimed once (a browser's claim gives it a
cookie, a program's a bearer secret), the creator holds no other seat's secret, the admin moves
(new invitation) and withdraws seats, every request that sets or drops a cookie comes from this
server's own pages, and who is at the table decides when a seat may go to a bot (with a fake
clock), as does the table's turn timer."""
from __future__ import annotations

import threading
from typing import Any

import pytest

from .conftest import auth, live_game, make_client, store_at

HERE = "http://testserver"          # the TestClient's own origin


def online(client: Any, **extra: Any) -> dict[str, Any]:
    """A 2-player Cursed Forest table with an invitation per seat (the API's default)."""
    r = client.post("/api/games", json={"game": "cursed-forest", "options": {"players": 2}, "seed": 8, **extra})
    assert r.status_code == 201, r.text
    return dict(r.json())


def claim(client: Any, g: dict[str, Any], seat: int) -> str:
    r = client.post(f"/join/{g['id']}", json={"invitation": g["seats"][seat]["invitation"]})
    assert r.status_code == 200 and r.json()["seat"] == seat, r.text
    assert "set-cookie" not in r.headers and r.headers["cache-control"] == "no-store"
    return str(r.json()["token"])


def fake_clock(client: Any) -> list[float]:
    """The service's clock, moved on by hand: ``t[0] += seconds``."""
    service = client.app.state.games
    t = [service.clock()]
    service.clock = lambda: t[0]
    return t


def timers(client: Any) -> list[tuple[str, int]]:
    """One look of the turn timers (BotSeats.check_timers, a coroutine, on the client's loop)."""
    result: list[tuple[str, int]] = client.portal.call(client.app.state.games.bots.check_timers)
    return result


def deciding(client: Any, g: dict[str, Any], token: str) -> int:
    return int(client.get(f"/api/games/{g['id']}", headers=auth(token)).json()["deciding_seat"])


# ---------------------------------------------------------------------- claimed once
def test_an_invitation_is_claimed_once_and_the_creators_copy_is_worthless(client):
    g = online(client)
    url = f"/api/games/{g['id']}"
    invitation = g["seats"][1]["invitation"]
    assert all(s["token"] is None for s in g["seats"])                  # the creator holds no seat's secret
    r = client.get(url, headers=auth(invitation))                        # an invitation is no seat's token
    assert r.status_code == 403
    secret = claim(client, g, 1)
    assert secret != invitation and client.get(url, headers=auth(secret)).json()["seat"] == 1
    again = client.post(f"/join/{g['id']}", json={"invitation": invitation})
    assert again.status_code == 409 and "has been used" in again.json()["detail"]
    assert client.get(url, headers=auth(invitation)).status_code == 403   # the creator's copy: worthless
    wrong = client.post(f"/join/{g['id']}", json={"invitation": g["seats"][0]["invitation"][::-1]})
    assert wrong.status_code == 403 and "not an open invitation" in wrong.json()["detail"]
    assert client.post("/join/nosuchtable1", json={"invitation": invitation}).status_code == 404
    # the stored seat keeps only hashes
    assert secret not in str(client.app.state.games.db.seat_keys(g["id"]))


def test_two_browsers_claiming_one_invitation_at_once_one_wins(client):
    g = online(client)
    statuses: list[int] = []
    barrier = threading.Barrier(6)

    def go() -> None:
        barrier.wait()
        statuses.append(client.post(f"/join/{g['id']}", json={"invitation": g["seats"][0]["invitation"]}).status_code)
    threads = [threading.Thread(target=go) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(statuses) == [200] + [409] * 5
    assert [e.kind for e in client.app.state.games.db.events(g["id"])] == ["seat"]


def test_a_bot_program_claims_with_json_and_plays_with_its_bearer_secret(client):
    g = online(client)
    tokens = [claim(client, g, 0), claim(client, g, 1)]
    body = client.get(f"/api/games/{g['id']}", headers=auth(tokens[0])).json()
    token = tokens[body["deciding_seat"]]
    body = client.get(f"/api/games/{g['id']}", headers=auth(token)).json()
    r = client.post(f"/api/games/{g['id']}/choices", headers=auth(token),
                    json={"option": body["decision"]["options"][0]["id"], "at": body["at"]})
    assert r.status_code == 200 and r.json()["at"] == body["at"] + 1
    bad = client.post(f"/join/{g['id']}", content=b"invitation=x", headers={"Content-Type": "text/plain"})
    assert bad.status_code == 422 and "invitation" in bad.json()["detail"]


# ---------------------------------------------------------------------- moved and withdrawn
def test_a_new_invitation_revokes_the_seats_secret_and_its_old_invitation(client):
    g = online(client)
    url = f"/api/games/{g['id']}"
    old = claim(client, g, 1)
    boss = auth(g["admin_token"])
    assert client.post(url + "/seats/1/invitation", headers=auth(old)).status_code == 403    # the admin's alone
    assert client.post(url + "/seats/5/invitation", headers=boss).status_code == 404
    moved = client.post(url + "/seats/1/invitation", headers=boss)
    assert moved.status_code == 200 and moved.headers["cache-control"] == "no-store"
    new_invitation = moved.json()["invitation"]
    assert client.get(url, headers=auth(old)).status_code == 403                              # the old secret
    r = client.post(f"/join/{g['id']}", json={"invitation": g["seats"][1]["invitation"]})    # the old invitation
    assert r.status_code == 403
    newer = client.post(f"/join/{g['id']}", json={"invitation": new_invitation}).json()["token"]
    assert client.get(url, headers=auth(newer)).json()["seat"] == 1
    # the store rebuilt from its events agrees (a restart, or another process)
    assert client.app.state.games._rebuild(g["id"]).row.seat_hashes == live_game(client, g["id"]).row.seat_hashes


def test_delete_withdraws_a_seat_without_a_new_invitation(client):
    g = online(client)
    url = f"/api/games/{g['id']}"
    secret = claim(client, g, 1)
    r = client.delete(url + "/seats/1/invitation", headers=auth(g["admin_token"]))
    assert r.status_code == 200 and r.json() == {"seat": 1, "invitation": None, "join": None}
    assert client.get(url, headers=auth(secret)).status_code == 403
    assert client.post(f"/join/{g['id']}", json={"invitation": g["seats"][1]["invitation"]}).status_code == 403
    seats = client.get(url + "/seats", headers=auth(g["admin_token"])).json()["seats"]
    assert seats[1]["held"] is False and seats[1]["claimed"] is False
    # nobody holds it: the admin hands it to a bot at once
    assert client.put(url + "/seats/1/bot", headers=auth(g["admin_token"]), json={"bot": "greedy"}).status_code == 200


def test_a_withdrawn_secret_holds_nothing_in_another_process_over_postgresql(pg_url):
    with make_client(pg_url) as a, make_client(pg_url) as b:
        g = online(a)
        secret = claim(a, g, 1)
        url = f"/api/games/{g['id']}"
        assert b.get(url, headers=auth(secret)).json()["seat"] == 1         # b holds the game in memory now
        assert a.post(url + "/seats/1/invitation", headers=auth(g["admin_token"])).status_code == 200
        assert b.get(url, headers=auth(secret)).status_code == 403          # b learns it from the store
        with b.stream("GET", url + "/events", headers=auth(secret)) as r:
            assert r.status_code == 403


# ---------------------------------------------------------------------- the user's own requests
def test_opening_an_invitation_sets_no_cookie_and_a_claim_from_elsewhere_is_refused(client):
    g = online(client)
    invitation = g["seats"][1]["invitation"]
    page = client.get(g["seats"][1]["join"].split("#")[0])
    assert page.status_code == 200 and "Take this seat" in page.text and "set-cookie" not in page.headers
    assert invitation not in page.text
    old = client.get(f"/join/{g['id']}/{invitation}")                   # a link of the old kind opens nothing
    assert old.status_code == 410 and "set-cookie" not in old.headers and invitation not in old.text
    for headers in ({"Origin": "http://evil.example"}, {"Origin": "http://testserver:8001"},
                    {"Origin": "null"}, {"Sec-Fetch-Site": "same-site", "Origin": HERE},
                    {"Sec-Fetch-Site": "cross-site"}):
        r = client.post(f"/join/{g['id']}", data={"invitation": invitation}, headers=headers, follow_redirects=False)
        assert r.status_code == 403 and "set-cookie" not in r.headers, headers
        assert "another site" in r.text and "<html" in r.text                 # a page, for a browser
    r = client.post(f"/join/{g['id']}", json={"invitation": invitation}, headers={"Origin": "http://evil.example"})
    assert r.status_code == 403
    assert client.get("/api/my-games").json() == []
    # the invitation is still open: taken from this server's own page
    r = client.post(f"/join/{g['id']}", data={"invitation": invitation},
                    headers={"Origin": HERE, "Sec-Fetch-Site": "same-origin"}, follow_redirects=False)
    assert r.status_code == 303 and f"woodlands_seat_{g['id']}=" in r.headers["set-cookie"]
    cookie = r.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=lax" in cookie and invitation.lower() not in cookie
    assert client.get(f"/api/games/{g['id']}").json()["seat"] == 1
    # this browser holds a seat: another invitation of the table is for another browser
    r = client.post(f"/join/{g['id']}", data={"invitation": g["seats"][0]["invitation"]}, follow_redirects=False)
    assert r.status_code == 409 and "set-cookie" not in r.headers and "holds Player 2" in r.text
    assert client.post(f"/join/{g['id']}", json={"invitation": g["seats"][0]["invitation"]}).status_code == 200


def test_forget_drops_cookies_only_for_a_form_of_this_server(client):
    r = client.post("/new", data={"game": "cursed-forest", "cursed-forest.players": "2",
                                  "cursed-forest.mode": "online"}, follow_redirects=False)
    gid = r.headers["location"].rsplit("/", 1)[1]
    for headers in ({"Origin": "http://localhost:9999"}, {"Origin": "null"}, {"Sec-Fetch-Site": "same-site"}):
        r = client.post(f"/forget/{gid}", headers=headers, follow_redirects=False)
        assert r.status_code == 403 and "set-cookie" not in r.headers, headers
    assert [g["id"] for g in client.get("/api/my-games").json()] == [gid]
    r = client.post(f"/forget/{gid}", headers={"Origin": HERE, "Sec-Fetch-Site": "same-origin"}, follow_redirects=False)
    assert r.status_code == 303 and f'woodlands_admin_{gid}=""' in r.headers.get("set-cookie", "")
    assert client.get("/api/my-games").json() == []


def test_a_cookie_request_from_another_port_of_this_host_changes_nothing(client):
    url = "/games/" + client.post("/new", data={"game": "tanglewoods"}, follow_redirects=False).headers["location"].rsplit("/", 1)[1]
    gid = url.rsplit("/", 1)[1]
    page = client.get(url).text
    import re
    option = re.search(r'name="option" class="option" value="([^"]+)"', page).group(1)
    at = re.search(r'data-at="(\d+)"', page).group(1)
    r = client.post(url + "/choose", data={"option": option, "at": at}, headers={"Sec-Fetch-Site": "same-site"})
    assert r.status_code == 403
    r = client.post(f"/api/games/{gid}/choices", json={"option": option, "at": int(at)}, headers={"Origin": "null"})
    assert r.status_code == 403
    assert live_game(client, gid).number == int(at)


# ---------------------------------------------------------------------- presence and bots
def test_the_admin_may_not_hand_a_present_players_seat_to_a_bot(client):
    g = online(client)
    tokens = [claim(client, g, 0), claim(client, g, 1)]
    t = fake_clock(client)
    url = f"/api/games/{g['id']}"
    boss = auth(g["admin_token"])
    seat = deciding(client, g, tokens[0])
    client.get(url, headers=auth(tokens[seat]))                           # the deciding seat is here
    r = client.put(url + f"/seats/{seat}/bot", headers=boss, json={"bot": "greedy"})
    assert r.status_code == 409 and r.json()["here"] is True
    assert "at the table now" in r.json()["detail"] and "2 minutes" in r.json()["detail"]
    t[0] += 45                                                            # away 45 s: not yet
    r = client.put(url + f"/seats/{seat}/bot", headers=boss, json={"bot": "greedy"})
    assert r.status_code == 409 and "away for only 45 seconds" in r.json()["detail"]
    assert r.headers["retry-after"] == "75"
    seats = client.get(url + "/seats", headers=boss).json()["seats"]
    assert seats[seat]["here"] is False and seats[seat]["away_seconds"] == 45
    assert live_game(client, g["id"]).bots == {}
    t[0] += 75                                                            # away 2 minutes
    r = client.put(url + f"/seats/{seat}/bot", headers=boss, json={"bot": "greedy"})
    assert r.status_code == 200 and r.json()["bots"] == {str(seat): "greedy"}
    # the player comes back and takes the seat back with its own token
    r = client.delete(url + f"/seats/{seat}/bot", headers=auth(tokens[seat]))
    assert r.status_code == 200 and r.json()["bots"] == {}


def test_a_seat_hands_itself_to_a_bot_and_a_seat_nobody_took_goes_at_once(client):
    g = online(client)
    url = f"/api/games/{g['id']}"
    boss = auth(g["admin_token"])
    # seat 1's invitation is not taken yet: a bot opponent from the start
    assert client.put(url + "/seats/1/bot", headers=boss, json={"bot": "greedy"}).status_code == 200
    assert client.delete(url + "/seats/1/bot", headers=boss).status_code == 200
    me = claim(client, g, 0)
    fake_clock(client)
    client.get(url, headers=auth(me))
    assert client.put(url + "/seats/1/bot", headers=auth(me), json={"bot": "greedy"}).status_code == 403
    r = client.put(url + "/seats/0/bot", headers=auth(me), json={"bot": "greedy"})     # here, and asking itself
    assert r.status_code == 200 and r.json()["bots"] == {"0": "greedy"}
    assert client.delete(url + "/seats/0/bot", headers=auth(me)).json()["bots"] == {}


def test_an_open_event_stream_keeps_a_seat_here(client):
    g = online(client)
    tokens = [claim(client, g, 0), claim(client, g, 1)]
    t = fake_clock(client)
    url = f"/api/games/{g['id']}"
    boss = auth(g["admin_token"])
    with client.stream("GET", url + "/events", headers=auth(tokens[1])) as stream:
        for line in stream.iter_lines():
            if line.startswith("data: "):
                break
        t[0] += 600
        seats = client.get(url + "/seats", headers=boss).json()["seats"]
        assert seats[1]["here"] is True and seats[0]["here"] is False
        assert client.put(url + "/seats/1/bot", headers=boss, json={"bot": "greedy"}).status_code == 409
        assert client.put(url + "/seats/0/bot", headers=boss, json={"bot": "greedy"}).status_code == 200


@pytest.fixture
def timed(sqlite_url):
    """A client whose server looks at the turn timers only when the test asks (check_timers)."""
    with make_client(sqlite_url, timer_every=3600.0) as c:
        yield c


def test_the_turn_timer_hands_an_absent_deciding_seat_to_a_bot(timed):
    client = timed
    g = online(client, turn_seconds=30)
    tokens = [claim(client, g, 0), claim(client, g, 1)]
    t = fake_clock(client)
    url = f"/api/games/{g['id']}"
    seat = deciding(client, g, tokens[0])
    client.get(url, headers=auth(tokens[seat]))
    assert timers(client) == []                                           # the timer starts
    t[0] += 25
    client.get(url, headers=auth(tokens[seat]))                           # still here at 25 s
    t[0] += 6
    assert timers(client) == []                                           # 31 s, but here: never timed out
    t[0] += 30
    assert timers(client) == [(g["id"], seat)]                            # 61 s, away 36 s
    assert live_game(client, g["id"]).bots == {seat: "greedy"}
    # one click on return: the player takes the seat back
    r = client.delete(url + f"/seats/{seat}/bot", headers=auth(tokens[seat]))
    assert r.status_code == 200 and r.json()["bots"] == {}
    assert client.get(url + "/seats", headers=auth(tokens[0])).json()["turn_seconds"] == 30


def test_without_a_timer_no_seat_is_timed_out(client):
    g = online(client)
    claim(client, g, 0)
    claim(client, g, 1)
    t = fake_clock(client)
    live_game(client, g["id"])
    assert timers(client) == []
    t[0] += 10_000
    assert timers(client) == [] and live_game(client, g["id"]).bots == {}


def test_a_turn_timer_is_set_from_10_seconds_to_a_day(client):
    for value in (5, 100_000, True, "60", 9):
        r = client.post("/api/games", json={"game": "cursed-forest", "options": {"players": 2}, "turn_seconds": value})
        assert r.status_code == 422 and "turn_seconds" in r.json()["detail"]
    assert client.app.state.games.db.game_ids() == []
    for value in (10, 86400):
        assert online(client, turn_seconds=value)["id"]
    with pytest.raises(Exception, match="turn_seconds"):
        client.app.state.games.create("cursed-forest", {"players": 2}, None, turn_seconds=3)


def test_the_set_up_form_sets_the_turn_timer(client):
    r = client.post("/new", data={"game": "cursed-forest", "cursed-forest.players": "2", "cursed-forest.mode": "online",
                                  "cursed-forest.turn_timer": "90"}, follow_redirects=False)
    gid = r.headers["location"].rsplit("/", 1)[1]
    assert live_game(client, gid).row.turn_seconds == 90
    assert "Turn timer" in client.get(f"/games/{gid}").text and "1 minute 30 seconds" in client.get(f"/games/{gid}").text
    bad = client.post("/new", data={"game": "cursed-forest", "cursed-forest.players": "2",
                                    "cursed-forest.turn_timer": "soon"}, follow_redirects=False)
    assert bad.status_code == 303 and "Turn+timer" in bad.headers["location"]
    assert len(client.app.state.games.db.game_ids()) == 1


# ---------------------------------------------------------------------- the store
@pytest.mark.parametrize("db", ["sqlite", "postgresql"])
def test_the_migration_keeps_the_seats_of_tables_made_before_it(db, tmp_path, request):
    """A table made before seats were claimed once: its seats' tokens keep holding them, and
    no invitation is open for them."""
    import sqlalchemy as sa

    from woodlands.web.store import HEAD, Store, migrate, token_hash
    url = f"sqlite:///{tmp_path}/old.sqlite3" if db == "sqlite" else str(request.getfixturevalue("fresh_pg_url"))
    engine = store_at(url, "0001")
    with engine.begin() as conn:
        conn.execute(sa.text("INSERT INTO games VALUES ('oldtable01', 'tanglewoods', '{}', '1', '{}', 2, :a, 'new', 0)"),
                     {"a": token_hash("admin")})
        for seat in (0, 1):
            conn.execute(sa.text("INSERT INTO seats VALUES ('oldtable01', :s, :h)"), {"s": seat, "h": token_hash(f"t{seat}")})
    engine.dispose()
    migrate(url)
    s = Store(url)
    try:
        row = s.game("oldtable01")
        assert row is not None and row.seat_hashes == (token_hash("t0"), token_hash("t1")) and row.turn_seconds is None
        assert s.seat_keys("oldtable01") == [(0, token_hash("t0"), None), (1, token_hash("t1"), None)]
    finally:
        s.close()
    assert HEAD == "0006"


# ---------------------------------------------------------------------- no secret in a log line
def test_no_invitation_secret_or_admin_token_reaches_the_access_log(tmp_path):
    """`woodlands serve` on 127.0.0.1 with its access log on: a table made, its invitations'
    page opened, both seats taken (a browser's form and a program), played, a seat moved and
    withdrawn; no invitation, seat secret or admin token appears in any line it printed."""
    import os
    import signal
    import subprocess
    import sys
    import time
    from pathlib import Path

    import httpx

    from woodlands.web.bench import free_port
    root = Path(__file__).resolve().parents[2]
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = open(tmp_path / "serve.log", "wb")
    env = dict(os.environ, PYTHONPATH=str(root), WOODLANDS_DATA_DIR=str(tmp_path))
    proc = subprocess.Popen([sys.executable, "-m", "woodlands", "serve", "--port", str(port), "--db",
                             f"sqlite:///{tmp_path}/log.sqlite3"], stdout=log, stderr=subprocess.STDOUT, env=env, cwd=root)
    secrets: list[str] = []
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(base + "/api/health", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                assert time.monotonic() < deadline and proc.poll() is None, (tmp_path / "serve.log").read_text()
                time.sleep(0.1)
        with httpx.Client(base_url=base, timeout=10) as c:
            g = c.post("/api/games", json={"game": "cursed-forest", "options": {"players": 2}}).json()
            secrets += [g["admin_token"], *(s["invitation"] for s in g["seats"])]
            boss = auth(g["admin_token"])
            page = c.get(g["seats"][1]["join"])           # the fragment is never sent
            assert page.status_code == 200 and "Take this seat" in page.text
            r = c.post(f"/join/{g['id']}", data={"invitation": g["seats"][1]["invitation"]},
                       headers={"Origin": base, "Sec-Fetch-Site": "same-origin"}, follow_redirects=False)
            assert r.status_code == 303
            secrets.append(c.cookies[f"woodlands_seat_{g['id']}"])
            assert c.get(f"/games/{g['id']}").status_code == 200                 # the page, with the cookie
            assert c.get(f"/api/games/{g['id']}").json()["seat"] == 1
            t0 = c.post(f"/join/{g['id']}", json={"invitation": g["seats"][0]["invitation"]}).json()["token"]
            secrets.append(t0)
            body = c.get(f"/api/games/{g['id']}", headers=auth(t0)).json()
            if body["deciding_seat"] == 0:
                assert c.post(f"/api/games/{g['id']}/choices", headers=auth(t0),
                              json={"option": body["decision"]["options"][0]["id"], "at": body["at"]}).status_code == 200
            moved = c.post(f"/api/games/{g['id']}/seats/1/invitation", headers=boss).json()
            secrets.append(moved["invitation"])
            assert c.get(f"/api/games/{g['id']}/seats", headers=boss).status_code == 200
            assert c.delete(f"/api/games/{g['id']}/seats/1/invitation", headers=boss).status_code == 200
            assert c.put(f"/api/games/{g['id']}/seats/1/bot", headers=boss, json={"bot": "greedy"}).status_code == 200
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(20)
        log.close()
    lines = (tmp_path / "serve.log").read_text(errors="replace").splitlines()
    requests = [line for line in lines if '"GET ' in line or '"POST ' in line or '"PUT ' in line or '"DELETE ' in line]
    assert any('"POST /join/' in line for line in requests) and any('"GET /join/' in line for line in requests)
    assert len(requests) >= 12, lines
    for secret in secrets:
        assert len(secret) >= 32
        leaked = [line for line in lines if secret in line]
        assert not leaked, leaked


# ---------------------------------------------------------------------- the game page
def test_the_game_page_shows_who_is_here_and_its_creator_moves_and_withdraws_seats(client):
    import re

    from fastapi.testclient import TestClient
    r = client.post("/new", data={"game": "cursed-forest", "cursed-forest.players": "2", "cursed-forest.mode": "online"},
                    follow_redirects=False)
    url = r.headers["location"]
    gid = url.rsplit("/", 1)[1]
    hx = {"HX-Request": "true"}
    page = client.get(url).text
    assert "nobody has taken this seat" in page and "Let the greedy bot play for me" in page
    first = re.search(r'value="http://[^"]+/join/' + gid + r'#([\w-]+)"', page).group(1)
    player = TestClient(client.app)                       # another browser
    r = player.post(f"/join/{gid}", data={"invitation": first}, follow_redirects=False)
    assert r.status_code == 303 and player.get(url).status_code == 200
    page = client.get(url).text
    assert re.search(r'id="seat-1">Player 2: <span class="presence">here</span>', page)
    assert first not in page and "Invite the other players" not in page
    # the creator moves seat 1 to a new invitation: the player's browser holds nothing now
    page = client.post(f"{url}/seats/1/invitation", headers=hx).text
    second = re.search(r'value="http://[^"]+/join/' + gid + r'#([\w-]+)"', page).group(1)
    assert second != first and player.get(url).status_code == 403
    assert "nobody has taken this seat" in page
    page = client.post(f"{url}/seats/1/invitation", data={"withdraw": "1"}, headers=hx).text
    assert "Invite the other players" not in page                          # nothing to send now
    assert player.post(f"/join/{gid}", data={"invitation": second}).status_code == 403
    # a stranger may not invite
    r = TestClient(client.app).post(f"{url}/seats/1/invitation", headers=hx)
    assert r.status_code == 403 and "Only the browser that made this table" in r.text
    # the creator's own seat: to a bot and back, one click each
    page = client.post(f"{url}/seats/0", data={"bot": "greedy"}, headers=hx).text
    assert "I am back: take my seat back" in page
    page = client.post(f"{url}/seats/0", data={"bot": ""}, headers=hx).text
    assert "Let the greedy bot play for me" in page and live_game(client, gid).bots == {}
