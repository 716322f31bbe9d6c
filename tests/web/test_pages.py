"""The pages (woodlands/web/pages.py) through the app's test client: setting games up, the list
of this browser's games, uploads, refusals and what a seat's page may show."""
from __future__ import annotations

import html
import json
import re
from typing import Any

import woodlands

from .conftest import live_game


def _new(client: Any, game: str, **fields: str) -> str:
    data = {"game": game, **{f"{game}.{k}": v for k, v in fields.items()}}
    r = client.post("/new", data=data, follow_redirects=False)
    assert r.status_code == 303, r.text
    assert r.headers["location"].startswith("/games/"), r.headers["location"]
    return str(r.headers["location"])


def _at(html: str) -> int:
    m = re.search(r'data-at="(\d+)"', html)
    assert m, html[:500]
    return int(m.group(1))


def test_home_offers_every_game_and_says_packs_stay_in_the_terminal(client: Any) -> None:
    html = client.get("/").text
    for gid in woodlands.game_ids():
        assert f'value="{gid}"' in html
    assert "Thorn Warden" in html                      # heroes to pick from the content
    assert "Sirja the Hunter" in html                  # characters
    assert "content packs" in html and "terminal" in html
    assert "https://" not in html and "http://" not in html     # nothing from elsewhere


def test_a_game_made_here_is_listed_and_plays(client: Any) -> None:
    url = _new(client, "tanglewoods", difficulty="0", hero="thorn-warden")
    page = client.get(url).text
    assert 'class="table table-tanglewoods table-model"' in page and "Thorn Warden" in page
    option = re.search(r'name="option" class="option" value="([^"]+)"', page).group(1)
    r = client.post(url + "/choose", data={"option": option, "at": str(_at(page))}, headers={"HX-Request": "true"})
    assert r.status_code == 200 and _at(r.text) == _at(page) + 1 and 'id="game"' in r.text
    home = client.get("/").text
    assert url in home and "Resume" in home


def test_another_browser_sees_nothing_of_it(client: Any) -> None:
    url = _new(client, "storyfold")
    client.cookies.clear()                             # another browser: no seat cookie
    assert url not in client.get("/").text
    r = client.get(url)
    assert r.status_code == 403 and "invitation link" in r.text
    r = client.post(url + "/choose", data={"option": "x", "at": "0"})
    assert r.status_code == 403


def test_refusals_say_why_and_change_nothing(client: Any) -> None:
    url = _new(client, "tanglewoods", difficulty="0")
    page = client.get(url).text
    at = _at(page)
    r = client.post(url + "/choose", data={"option": "fly:away", "at": str(at)}, headers={"HX-Request": "true"})
    assert 'role="alert"' in r.text and "not one of the choices" in r.text and _at(r.text) == at
    r = client.post(url + "/choose", data={"option": "fly:away", "at": str(at + 5)}, headers={"HX-Request": "true"})
    assert "nothing was changed" in r.text and _at(r.text) == at
    r = client.post(url + "/choose", data={"option": "x", "at": "soon"})
    assert r.status_code == 400 and "reload" in r.text
    r = client.post(url + "/undo", data={"at": str(at)}, headers={"HX-Request": "true"})
    assert 'role="alert"' in r.text and "no choice to take back" in r.text
    assert _at(client.get(url).text) == at
    bad = client.post("/new", data={"game": "tanglewoods", "tanglewoods.difficulty": "eleven"}, follow_redirects=False)
    assert bad.status_code == 303 and "error=" in bad.headers["location"]
    assert "whole number" in client.get(bad.headers["location"]).text


def test_undo_takes_back_a_choice(client: Any) -> None:
    url = _new(client, "tanglewoods", difficulty="0")
    page = client.get(url).text
    at = _at(page)
    option = re.search(r'name="option" class="option" value="([^"]+)"', page).group(1)
    after = client.post(url + "/choose", data={"option": option, "at": str(at)}, headers={"HX-Request": "true"}).text
    assert "Undo my last choice" in after
    back = client.post(url + "/undo", data={"at": str(_at(after))}, headers={"HX-Request": "true"}).text
    assert 'role="alert"' not in back and _at(back) == _at(after) + 1     # the undo is an event of its own
    assert re.search(r'name="option" class="option" value="([^"]+)"', back).group(1) == option


def test_upload_a_terminal_record_and_a_bad_file(client: Any) -> None:
    state = woodlands.load_game("tanglewoods").new_game(seed=4, options={"difficulty": 0})
    for _ in range(5):
        state.apply(state.decision.options[0].id)
    record = json.dumps(state.record()).encode()
    r = client.post("/upload", files={"file": ("t.json", record, "application/json")}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].startswith("/games/")
    page = client.get(r.headers["location"]).text
    assert _at(page) == 5
    r = client.post("/upload", files={"file": ("t.json", b"\xff\xfe nonsense", "application/json")}, follow_redirects=False)
    assert "error=" in r.headers["location"]
    assert "not UTF-8" in client.get(r.headers["location"]).text
    r = client.post("/upload", files={"file": ("t.json", b'{"format": "woodlands-record"}', "application/json")},
                    follow_redirects=False)
    assert "error=" in r.headers["location"]


def test_hot_seat_plays_each_seat_and_online_gives_links(client: Any) -> None:
    url = _new(client, "cursed-forest", players="2", mode="hotseat")
    page = client.get(url).text
    assert "Invite the other players" not in page
    seen = set()
    for _ in range(6):
        handover = re.search(r'Pass to (Player \d).*?name="seat" value="(\d)"', page, re.S)
        if handover:            # the screen passes to the next player first: then their table
            page = client.post(url + "/handover", data={"seat": handover.group(2)}, headers={"HX-Request": "true"}).text
            assert f"you are {handover.group(1)}" in page
        m = re.search(r'you are (Player \d)', page)
        seen.add(m.group(1) if m else "")
        option = re.search(r'name="option" class="option" value="([^"]+)"', page)
        assert option, "a hot-seat browser always holds the deciding seat"
        page = client.post(url + "/choose", data={"option": option.group(1), "at": str(_at(page))},
                           headers={"HX-Request": "true"}).text
    online = _new(client, "cursed-forest", players="2", mode="online")
    page = client.get(online).text
    link = re.search(r'value="(http://[^"]+/join/[^"]+)"', page)
    assert link and "Invite the other players" in page
    assert "Hand to the greedy bot" in page
    gid = online.rsplit("/", 1)[1]
    r = client.post(f"/games/{gid}/seats/1", data={"bot": "greedy"}, headers={"HX-Request": "true"})
    assert "played by the greedy bot" in r.text


def test_continue_a_storyfold_campaign_from_a_scene_save(client: Any) -> None:
    state = woodlands.load_game("storyfold").new_game(seed=1)
    while state.decision.kind != "scene_break":
        state.apply(state.decision.options[0].id)
    save = json.dumps(state.save()).encode()
    r = client.post("/new", data={"game": "storyfold"}, files={"storyfold.resume": ("scene.json", save, "application/json")},
                    follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].startswith("/games/"), r.headers["location"]
    page = client.get(r.headers["location"]).text
    assert 'value="open:omas-trail"' in page
    r = client.post("/new", data={"game": "storyfold"}, files={"storyfold.resume": ("scene.json", b'{"format": 1}', "application/json")},
                    follow_redirects=False)
    assert "error=" in r.headers["location"] and "resume" in client.get(r.headers["location"]).text


def test_a_form_posted_from_another_site_changes_nothing(client: Any) -> None:
    url = _new(client, "tanglewoods", difficulty="0")
    page = client.get(url).text
    option = re.search(r'name="option" class="option" value="([^"]+)"', page).group(1)
    r = client.post(url + "/choose", data={"option": option, "at": str(_at(page))}, headers={"Origin": "https://elsewhere.example"})
    assert r.status_code == 403 and "another site" in r.text
    assert _at(client.get(url).text) == _at(page)


def test_a_seat_that_does_not_decide_sees_no_options_and_no_refusal_of_them(client: Any) -> None:
    """The page of a seat waiting for another shows no option of the decider's, and a post from it
    is refused for the turn alone, never with why_not's words about the decider's options."""
    from .conftest import auth, new_game
    g = new_game(client, options={"players": 2}, seats=2, seed=8)
    deciding = client.get(f"/api/games/{g['id']}", headers=auth(g["seats"][0]["token"])).json()["deciding_seat"]
    waiting = g["seats"][1 - deciding]
    client.cookies.set(f"woodlands_seat_{g['id']}", waiting["token"])     # this browser holds the waiting seat
    url = f"/games/{g['id']}"
    page = client.get(url).text
    assert 'name="option"' not in page and "is deciding" in page
    state = live_game(client, g["id"]).state
    for option in ("fly:away", state.decision.options[0].id):
        for headers in ({}, {"HX-Request": "true"}):
            r = client.post(url + "/choose", data={"option": option, "at": str(_at(page))}, headers=headers)
            refusal = state.why_not(option)
            assert refusal is None or html.escape(refusal.reason[1:]) not in r.text     # pages capitalise it
            assert 'name="option"' not in r.text
    assert live_game(client, g["id"]).number == _at(page)
