"""The end of a game on the page: the story told to each seat from what it may know, the record
to download, and "Play again" (the same set-up, a new seed) for one browser in one click and,
at an online table, for the seats that agree, who keep their places."""
from __future__ import annotations

import random
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

import woodlands
from woodlands.web.render import render_story

from .conftest import live_game, make_client
from .test_pages import _new


@pytest.fixture
def client(sqlite_url: str) -> Any:
    """Whole games played out quickly: more moves a minute than a person's cap allows."""
    with make_client(sqlite_url, events_per_seat=100_000, events_per_game=100_000) as c:
        yield c


def _gid(url: str) -> str:
    return url.rsplit("/", 1)[1]


def _play_to_the_end(client: Any, gid: str, tokens: dict[int, str], limit: int = 5000) -> None:
    """Each deciding seat takes a seeded random option, through the service, to the end."""
    service = client.app.state.games
    rng = random.Random(7)
    for _ in range(limit):
        live = live_game(client, gid)
        decision = live.state.decision
        if decision is None:
            return
        option = rng.choice(decision.options).id
        client.portal.call(service.choose, gid, tokens[decision.player], option, live.number, 0, False)
    raise AssertionError("the game did not end")


def _seat_cookie(client: Any, gid: str) -> str:
    return str(client.cookies.get(f"woodlands_seat_{gid}"))


def test_a_solo_game_ends_with_its_story_the_record_and_play_again(client: Any) -> None:
    url = _new(client, "tanglewoods", difficulty="2", play="alone")
    gid = _gid(url)
    _play_to_the_end(client, gid, {0: _seat_cookie(client, gid)})
    page = client.get(url).text
    story = page[page.index('id="story"'):page.index("</section>", page.index('id="story"'))]
    assert "Game over: You" in story and "Key moments" in story
    assert re.search(r'<p class="story-reason">You (win|lose)', story)
    assert f'href="/api/games/{gid}/record"' in page and "Download the record" in page
    record = client.get(f"/api/games/{gid}/record")
    assert record.status_code == 200 and record.json()["game"] == "tanglewoods"
    old = live_game(client, gid)
    r = client.post(url + "/again", data={"answer": "yes"}, follow_redirects=False)
    assert r.status_code == 303, r.text
    new_gid = _gid(r.headers["location"])
    assert new_gid != gid
    new = live_game(client, new_gid)
    assert new.row.options == old.row.options and new.row.game == "tanglewoods"
    assert new.row.seed != old.row.seed and not new.state.is_over
    again = client.get(r.headers["location"])          # this browser holds the seat there
    assert again.status_code == 200 and 'class="option"' in again.text
    assert live_game(client, gid).next_table == new_gid


def test_a_hot_seat_table_plays_again_in_one_click_and_keeps_its_bots(client: Any) -> None:
    url = _new(client, "cursed-forest", players="2")
    gid = _gid(url)
    r = client.post(f"/games/{gid}/seats/1", data={"bot": "greedy"}, headers={"HX-Request": "true"})
    assert r.status_code == 200
    live = live_game(client, gid)
    # the bot plays its own seat: play seat 0 until the end
    service = client.app.state.games
    rng = random.Random(3)
    token = _seat_cookie(client, gid)
    for _ in range(20000):
        client.portal.call(service.get, gid, token)       # sets the bot going, as a page's request does
        live = live_game(client, gid)
        d = live.state.decision
        if d is None:
            break
        if d.player == 0:
            client.portal.call(service.choose, gid, token, rng.choice(d.options).id, live.number, 0, False)
    assert live_game(client, gid).state.is_over
    r = client.post(url + "/again", data={"answer": "yes"}, follow_redirects=False)
    assert r.status_code == 303, r.text
    new = live_game(client, _gid(r.headers["location"]))
    assert new.bots == {1: "greedy"} and new.row.options == live.row.options


def _online_table_played_out(client: Any) -> tuple[str, TestClient]:
    """An online Cursed Forest table of two seats, the second taken by another browser with its
    invitation, played to its end: the game's id and the other browser."""
    url = _new(client, "cursed-forest", players="2", mode="online")
    gid = _gid(url)
    invitation = re.search(r'value="http://[^"]+/join/[^"#]+#([^"]+)"', client.get(url).text)
    assert invitation
    other = TestClient(client.app)
    r = other.post(f"/join/{gid}", data={"invitation": invitation.group(1)}, follow_redirects=False)
    assert r.status_code == 303, r.text
    _play_to_the_end(client, gid, {0: _seat_cookie(client, gid), 1: _seat_cookie(other, gid)})
    return gid, other


def test_at_an_online_table_every_seat_is_asked_and_those_who_agree_keep_their_places(client: Any) -> None:
    gid, other = _online_table_played_out(client)
    url = f"/games/{gid}"
    page = client.get(url).text
    assert "Play again?" in page and page.count("has not answered yet") == 2
    assert 'id="again-button"' in page and 'id="again-decline"' in page
    r = client.post(url + "/again", data={"answer": "yes"}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == url        # the other seat is still asked
    assert live_game(client, gid).next_table is None
    theirs = other.get(url).text
    assert "will play again" in theirs and "has not answered yet" in theirs
    mine = client.get(url).text
    assert "You agreed. Waiting for the others" in mine and 'id="again-start"' in mine   # the creator may start
    number = live_game(client, gid).number
    r = other.post(url + "/again", data={"answer": "yes"}, follow_redirects=False)
    assert r.status_code == 303, r.text
    new_url = r.headers["location"]
    new_gid = _gid(new_url)
    new = live_game(client, new_gid)
    assert new.row.options == live_game(client, gid).row.options and not new.state.is_over
    # the answers and the new table are events of the old game: the live updates tell the waiting seat
    assert live_game(client, gid).number > number
    fragment = client.get(url + "/table").text          # what a live update re-draws
    assert "The next table is ready" in fragment and 'id="again-go"' in fragment
    r = client.post(url + "/again/go", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == new_url
    service = client.app.state.games
    assert client.portal.call(service.seating.seat_for, new_gid, _seat_cookie(client, new_gid)) == 0
    assert client.portal.call(service.seating.seat_for, new_gid, _seat_cookie(other, new_gid)) == 1
    assert new.claimed == {1}                           # the invited seat keeps its standing
    assert "Hand to the greedy bot" in client.get(new_url).text       # the creator's admin token carried over
    assert "Hand to the greedy bot" not in other.get(new_url).text


def test_a_seat_that_declines_leaves_its_place_free_when_the_creator_starts(client: Any) -> None:
    gid, other = _online_table_played_out(client)
    url = f"/games/{gid}"
    r = other.post(url + "/again", data={"answer": "no"}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == url
    assert "will not play again" in client.get(url).text
    stranger = TestClient(client.app)
    assert stranger.post(url + "/again", data={"answer": "yes", "start": "1"}).status_code == 403
    r = client.post(url + "/again", data={"answer": "yes", "start": "1"}, follow_redirects=False)
    assert r.status_code == 303, r.text
    new_gid = _gid(r.headers["location"])
    new = live_game(client, new_gid)
    assert new.row.seat_hashes[0] and not new.row.seat_hashes[1]        # the declined seat is free
    refused = other.post(url + "/again/go", follow_redirects=False)
    assert refused.status_code == 403 and "did not agree" in refused.text
    page = client.get(r.headers["location"]).text
    assert "New invitation" in page                     # the creator invites someone to the free seat


def test_play_again_waits_for_the_end(client: Any) -> None:
    url = _new(client, "tanglewoods", difficulty="0", play="alone")
    r = client.post(url + "/again", data={"answer": "yes"}, follow_redirects=False)
    assert r.status_code == 409 and "not over yet" in r.text
    r = client.post(url + "/again", data={"answer": "yes"}, headers={"Origin": "https://elsewhere.example"})
    assert r.status_code == 403


@pytest.mark.parametrize("game_id, options, seats", [("tanglewoods", {"difficulty": 2}, 1), ("storyfold", {}, 1),
                                                    ("cursed-forest", {"players": 2}, 2)])
def test_the_story_tells_a_seat_only_what_it_may_know(game_id: str, options: dict[str, Any], seats: int) -> None:
    """Two positions that differ only in facts hidden from the seat (``determinize``) give that
    seat the same end screen."""
    game = woodlands.load_game(game_id)
    state = game.new_game(seed=5, options=options)
    rng = random.Random(2)
    while not state.is_over:
        state.apply(rng.choice(state.decision.options).id)
    for seat in range(seats):
        html = str(render_story(game, state.view(seat), state.log_for(seat), seat))
        assert "Game over" in html and "Key moments" in html
        for k in range(3):
            twin = state.determinize(seat, 100 + k)
            assert str(render_story(game, twin.view(seat), twin.log_for(seat), seat)) == html


def test_the_cursed_forest_story_has_each_adventurers_figures() -> None:
    game = woodlands.load_game("cursed-forest")
    state = game.new_game(seed=3, options={"players": 2})
    rng = random.Random(1)
    while not state.is_over:
        state.apply(rng.choice(state.decision.options).id)
    html = str(render_story(game, state.view(0), state.log_for(0), 0))
    assert "The fight that decided it:" in html and "takes up the brood seed" in html
    heads = re.findall(r'<th scope="col">(.*?)</th>', html)
    assert heads[:3] == ["Adventurer", "Monsters beaten", "Damage dealt"] and "Seeds laid" in heads
    assert len(re.findall(r'<th scope="row">', html)) == 2


def test_a_table_played_by_bots_alone_plays_again_with_the_same_bots(client: Any) -> None:
    """Every seat handed to a bot: nobody is asked, and one click makes the next table, whose
    seats this browser still holds and the same bots play."""
    url = _new(client, "cursed-forest", players="2")
    gid = _gid(url)
    for seat in (0, 1):
        assert client.post(f"/games/{gid}/seats/{seat}", data={"bot": "greedy"}).status_code in (200, 303)
    service = client.app.state.games
    token = _seat_cookie(client, gid)
    for _ in range(20000):
        client.portal.call(service.get, gid, token)
        if live_game(client, gid).state.is_over:
            break
    assert live_game(client, gid).state.is_over
    assert "Play again" in client.get(url).text
    r = client.post(url + "/again", data={"answer": "yes"}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] != url, r.text
    new = live_game(client, _gid(r.headers["location"]))
    assert new.bots == {0: "greedy", 1: "greedy"} and all(new.row.seat_hashes)


def test_a_program_at_the_table_answers_through_the_json_api(client: Any) -> None:
    """A seat played by a program answers "Play again?" with its bearer token and learns its
    secret at the next table."""
    gid, other = _online_table_played_out(client)
    theirs = {"Authorization": f"Bearer {_seat_cookie(other, gid)}"}
    assert client.get(f"/api/games/{gid}/again", headers=theirs).json() == {
        "answers": {"0": None, "1": None}, "next": None, "agreed": False, "declined": False}
    assert client.post(f"/api/games/{gid}/again/next", headers=theirs).status_code == 409
    assert client.post(f"/api/games/{gid}/again", headers=theirs, json={"play_again": "yes"}).status_code == 422
    said = client.post(f"/api/games/{gid}/again", headers=theirs, json={"play_again": True})
    assert said.status_code == 200 and said.json()["answers"] == {"0": None, "1": "yes"} and said.json()["agreed"]
    assert client.post(f"/games/{gid}/again", data={"answer": "yes"}, follow_redirects=False).status_code == 303
    status = client.get(f"/api/games/{gid}/again", headers=theirs).json()
    assert status["next"] and status["answers"] == {"0": "yes", "1": "yes"}
    place = client.post(f"/api/games/{gid}/again/next", headers=theirs)
    assert place.status_code == 200 and place.headers["Cache-Control"] == "no-store"
    body = place.json()
    assert body["id"] == status["next"] and body["seat"] == 1
    game = client.get(f"/api/games/{body['id']}", headers={"Authorization": f"Bearer {body['token']}"})
    assert game.status_code == 200 and game.json()["seat"] == 1
    assert TestClient(client.app).get(f"/api/games/{gid}/again").status_code == 401      # no token: no answer


def test_the_answers_cross_server_processes_over_postgresql(fresh_pg_url: str) -> None:
    """Two server processes over one PostgreSQL: a seat answering on one, the next table made
    there, and the other process's page telling its seat and taking it there."""
    quick = {"events_per_seat": 100_000, "events_per_game": 100_000}
    with make_client(fresh_pg_url, **quick) as a, make_client(fresh_pg_url, **quick) as elsewhere:
        gid, other = _online_table_played_out(a)
        url = f"/games/{gid}"
        b = TestClient(elsewhere.app)                   # seat 1's browser, served by the other process
        b.cookies.set(f"woodlands_seat_{gid}", _seat_cookie(other, gid))
        assert a.post(url + "/again", data={"answer": "yes"}, follow_redirects=False).headers["location"] == url
        assert "will play again" in b.get(url).text
        r = b.post(url + "/again", data={"answer": "yes"}, follow_redirects=False)
        assert r.status_code == 303 and r.headers["location"] != url, r.text
        new_url = r.headers["location"]
        assert 'id="again-go"' in a.get(url + "/table").text        # this process read the answers from the store
        assert a.post(url + "/again/go", follow_redirects=False).headers["location"] == new_url
        assert a.get(new_url).status_code == 200 and b.get(new_url).status_code == 200
