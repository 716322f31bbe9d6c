"""What a player meets when something is wrong on the pages: an HTML page with the reason in
words (never a JSON body, never a traceback), and players counted from 1 in every message."""
from __future__ import annotations

import re
from typing import Any

from .conftest import auth, live_game, new_game


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
    """A browser that posts an invitation that opens no seat (mistyped, or the admin token), an
    old link, or a game that does not exist: a page with the reason, never a JSON body, no cookie."""
    g = new_game(client, options={"players": 2}, seats=2)
    said = assert_error_page(client.post(f"/join/{g['id']}", data={"invitation": "not-a-seat-token-at-all"},
                                         follow_redirects=False), 403)
    assert "invitation" in said
    assert "woodlands_seat_" not in client.cookies.keys().__repr__()         # no cookie set
    said = assert_error_page(client.post(f"/join/{g['id']}", data={"invitation": g["admin_token"]},
                                         follow_redirects=False), 403)
    assert "invitation" in said
    said = assert_error_page(client.get(f"/join/{g['id']}/not-a-seat-token-at-all", follow_redirects=False), 410)
    assert "invitation" in said and "new" in said
    said = assert_error_page(client.post("/join/nosuchgame0000", data={"invitation": "abcdefghijkl"},
                                         follow_redirects=False), 404)
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


# ---------------------------------------------------------------------- players counted from 1
def _three_seats(client: Any) -> tuple[dict[str, Any], int, dict[str, Any]]:
    """A 3-player Cursed Forest table: its tokens, the deciding seat and a waiting seat's token."""
    g = new_game(client, options={"players": 3}, seats=3, seed=3)
    body = client.get(f"/api/games/{g['id']}", headers=auth(g["seats"][0]["token"])).json()
    return g, body["deciding_seat"], body


def test_a_refusal_names_players_as_the_page_does(client: Any) -> None:
    g, deciding, body = _three_seats(client)
    waiting = (deciding + 1) % 3
    url = f"/api/games/{g['id']}"
    option = client.get(url, headers=auth(g["seats"][deciding]["token"])).json()["decision"]["options"][0]["id"]
    r = client.post(url + "/choices", headers=auth(g["seats"][waiting]["token"]), json={"option": option, "at": body["at"]})
    assert r.status_code == 403
    assert r.json()["detail"] == f"it is Player {deciding + 1}'s decision, not Player {waiting + 1}'s"
    assert r.json()["deciding_seat"] == deciding                        # the data still counts from 0
    r = client.get(url + "/hint", headers=auth(g["seats"][waiting]["token"]), params={"iterations": 1})
    assert r.status_code == 403 and f"Player {deciding + 1}'s decision, not Player {waiting + 1}'s" in r.json()["detail"]
    # the waiting seat's page names the same players
    client.cookies.set(f"woodlands_seat_{g['id']}", g["seats"][waiting]["token"])   # this browser holds that seat
    page = client.post(f"/games/{g['id']}/choose", data={"option": option, "at": str(body["at"])},
                       headers={"HX-Request": "true"}).text
    said = _alert(page)
    assert f"Player {deciding + 1}&#39;s decision, not Player {waiting + 1}&#39;s" in said, said
    assert f"Player {waiting + 1}" in page and "seat 0" not in page


def test_undo_and_bot_refusals_name_players_from_1(client: Any) -> None:
    g, deciding, body = _three_seats(client)
    url = f"/api/games/{g['id']}"
    me = auth(g["seats"][deciding]["token"])
    mine = client.get(url, headers=me).json()
    while not mine["can_undo"] and mine["deciding_seat"] == deciding:
        mine = client.post(url + "/choices", headers=me, json={"option": mine["decision"]["options"][0]["id"],
                                                              "at": mine["at"]}).json()
    assert mine["can_undo"], "the deciding seat made a choice that may be taken back"
    other = (deciding + 1) % 3
    r = client.post(url + "/undo", headers=auth(g["seats"][other]["token"]), json={"at": mine["at"]})
    assert r.status_code == 409 and r.json()["detail"].startswith(f"the last choice was Player {deciding + 1}'s")
    boss = auth(g["admin_token"])
    r = client.delete(url + "/seats/2/bot", headers=boss)
    assert r.status_code == 409 and r.json()["detail"] == "Player 3 is not played by a bot"
    assert client.put(url + "/seats/2/bot", headers=boss, json={"bot": "greedy"}).status_code == 200
    r = client.put(url + "/seats/2/bot", headers=boss, json={"bot": "greedy"})
    assert r.status_code == 409 and r.json()["detail"] == "Player 3 is already played by the greedy bot"
    r = client.put(url + "/seats/3/bot", headers=boss, json={"bot": "greedy"})
    assert r.status_code == 404 and "(Player 1 to Player 3)" in r.json()["detail"]


def test_the_end_screen_names_players_from_1(client: Any) -> None:
    """The outcome's champion and tally name players as the page does (the data counts from 0)."""
    import woodlands
    from woodlands.web.render import render_outcome
    game = woodlands.load_game("cursed-forest")
    state = game.new_game(seed=2, options={"players": 2, "characters": ["sirja", "wren"]})
    view = state.view(1)
    html = str(render_outcome({"result": "win", "tally": [3, 5], "champion": 1, "champions": [1],
                               "survivors": [1]}, game, view))
    assert "<dt>champion</dt><dd>Player 2 (Wren)</dd>" in html, html
    assert "<dd>Player 1 (Sirja) 3, Player 2 (Wren) 5</dd>" in html and "<dt>champions</dt><dd>Player 2 (Wren)</dd>" in html
    assert "<dt>survivors</dt><dd>2. Wren" in html
    # and a finished table's page says so
    g = new_game(client, options={"players": 2, "turn_limit": 1}, seats=2, seed=4)
    url = f"/api/games/{g['id']}"
    for _ in range(400):
        body = client.get(url, headers=auth(g["seats"][0]["token"])).json()
        if body["over"]:
            break
        token = g["seats"][body["deciding_seat"]]["token"]
        decision = client.get(url, headers=auth(token)).json()["decision"]
        client.post(url + "/choices", headers=auth(token), json={"option": decision["options"][0]["id"], "at": body["at"]})
    assert body["over"] and body["outcome"]["tally"] == [0, 0]
    client.cookies.set(f"woodlands_seat_{g['id']}", g["seats"][1]["token"])          # this browser holds seat 1
    page = client.get(f"/games/{g['id']}").text
    assert re.search(r"<dt>tally</dt><dd>Player 1[^<]* 0, Player 2[^<]* 0</dd>", page), page[page.find("Outcome"):][:400]


# ---------------------------------------------------------------------- the hot-seat header
def test_a_hot_seat_redraw_brings_the_header_of_the_seat_that_decides(client: Any) -> None:
    """The header's "you are Player N" sits outside #game: each re-drawn #game (a choice's
    answer, a live update's /table) brings it along as an out-of-band swap, so the header names
    the seat now deciding, not the one that decided before."""
    r = client.post("/new", data={"game": "cursed-forest", "cursed-forest.players": "2",
                                  "cursed-forest.mode": "hotseat"}, follow_redirects=False)
    url = r.headers["location"]
    page = client.get(url).text
    names = set()
    for _ in range(60):
        you = re.search(r'id="crumb"[^>]*>[^<]* · you are (Player \d[^<]*)</span>', page)
        assert you, page[:600]
        m = re.search(r'name="option" class="option" value="([^"]+)"', page)
        at = re.search(r'data-at="(\d+)"', page)
        assert m and at
        page = client.post(url + "/choose", data={"option": m.group(1), "at": at.group(1)},
                           headers={"HX-Request": "true"}).text
        handover = re.search(r'name="seat" value="(\d)"', page)
        if handover:        # the screen passes to the next player: the header names them, then their table
            assert re.search(r'<span class="crumb" id="crumb" hx-swap-oob="true">[^<]* · pass to Player '
                             + str(int(handover.group(1)) + 1), page), page[-400:]
            page = client.post(url + "/handover", data={"seat": handover.group(1)}, headers={"HX-Request": "true"}).text
        crumb = re.search(r'<span class="crumb" id="crumb" hx-swap-oob="true">[^<]* · you are (Player \d[^<]*)</span>',
                          page)
        assert crumb, page[-400:]
        deciding = re.search(r'data-id="deciding" data-sig="[0-9a-f]{12}"><span class="fact-name">Deciding</span> <span class="fact-text">Player (\d)',
                             page)
        assert deciding and crumb.group(1).startswith(f"Player {deciding.group(1)}"), page[-3000:]
        names.add(crumb.group(1)[:8])
        table = client.get(url + "/table").text
        assert crumb.group(0) in table                          # a live update's re-draw brings it too
        if len(names) == 2:
            break
    assert names == {"Player 1", "Player 2"}, names
    assert 'hx-swap-oob' not in client.get(url).text           # the whole page has it in the header once


# ---------------------------------------------------------------------- Storyfold: save between scenes
def test_between_scenes_the_page_offers_the_scene_save_and_the_terminal_resumes_it(client: Any, tmp_path: Any,
                                                                                      capsys: Any) -> None:
    """"Between scenes: you may save now": the page offers the scene save as a download, the
    same document as the terminal's `s`, and `woodlands play storyfold --resume FILE` goes on
    from it at the same point (and so does the home page's Continue-a-campaign field)."""
    import io
    import sys

    import woodlands
    from woodlands.cli.main import main
    g = new_game(client, game="storyfold", seed=4)
    me = auth(g["seats"][0]["token"])
    url = f"/api/games/{g['id']}"
    client.cookies.set(f"woodlands_seat_{g['id']}", g["seats"][0]["token"])
    body = client.get(url, headers=me).json()
    assert "scene-save" not in client.get(f"/games/{g['id']}").text              # not in the middle of a scene
    assert "between two scenes" in assert_error_page(client.get(f"/games/{g['id']}/scene-save"), 409)
    while body["decision"]["kind"] != "scene_break":
        body = client.post(url + "/choices", headers=me, json={"option": body["decision"]["options"][0]["id"],
                                                               "at": body["at"]}).json()
    page = client.get(f"/games/{g['id']}").text
    assert "Between scenes: you may save now" in page
    assert "<code>woodlands play storyfold --resume FILE</code>" in page        # the game's id, from the template
    link = re.search(r'<a id="scene-save"[^>]*href="([^"]+)"[^>]*download', page)
    assert link, page
    r = client.get(link.group(1))
    assert r.status_code == 200 and r.headers["content-disposition"].startswith("attachment; filename=")
    assert r.headers["cache-control"] == "no-store"
    doc = r.json()
    state = live_game(client, g["id"]).state
    assert doc == state.save()                                                  # the terminal's document
    assert woodlands.load_game("storyfold").new_game(seed=0, options={"resume": doc}).view(0) == body["view"]
    save = tmp_path / "downloaded.json"
    save.write_bytes(r.content)
    capsys.readouterr()
    old = sys.stdin
    sys.stdin = io.StringIO("q\n")
    try:
        code = main(["play", "storyfold", "--resume", str(save), "--no-auto-forced"])
    finally:
        sys.stdin = old
    out = capsys.readouterr().out
    assert code == 0 and "The saved game is laid out again" in out and "Between scenes" in out, out[-800:]
    # and the home page continues it too
    r = client.post("/new", data={"game": "storyfold"}, files={"storyfold.resume": ("s.json", r.content, "application/json")},
                    follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].startswith("/games/")
    assert f'value="open:{doc["next_scene"]}"' in client.get(r.headers["location"]).text
