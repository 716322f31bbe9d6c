"""Whose turn it is, on the game's page: the title and the banner for the seat that decides and
for a seat that waits, and the other seats' moves told in words after a live update (only what
the waiting seat may know: never another seat's face-down items)."""
from __future__ import annotations

import html
import random
import re
from typing import Any

from .conftest import auth, live_game, new_game

YOUR_TURN = "● Your turn — Woodlands"


def _title(page: str) -> str:
    m = re.search(r"<title>(.*?)</title>", page, re.S)
    assert m, page[:300]
    return html.unescape(m.group(1).strip())


def _banner(page: str) -> str:
    m = re.search(r'<p id="turn-banner"[^>]*>(.*?)</p>', page, re.S)
    assert m, "no banner"
    return html.unescape(m.group(1))


def _announced(fragment: str) -> str:
    m = re.search(r'<div id="announce" hx-swap-oob="innerHTML">(.*?)</div>', fragment, re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", m.group(1))) if m else ""


def _log_count(page: str) -> int:
    m = re.search(r'data-log="(\d+)"', page)
    assert m
    return int(m.group(1))


def _as(client: Any, gid: str, token: str) -> None:
    """This browser holds (only) the seat of ``token``."""
    client.cookies.set(f"woodlands_seat_{gid}", token)


def test_the_deciding_seat_sees_your_turn_and_the_waiting_seat_who_decides(client: Any) -> None:
    g = new_game(client, options={"players": 2}, seats=2, seed=8)
    gid = g["id"]
    deciding = client.get(f"/api/games/{gid}", headers=auth(g["seats"][0]["token"])).json()["deciding_seat"]
    waiting = 1 - deciding
    state = live_game(client, gid).state
    from woodlands.engine.presentation import presentation_for
    name = presentation_for(state.game).seat_name(state.view(waiting), deciding)

    _as(client, gid, g["seats"][deciding]["token"])
    page = client.get(f"/games/{gid}").text
    assert _title(page) == YOUR_TURN
    assert _banner(page).startswith("Your turn") and 'class="turn-banner mine"' in page
    assert 'data-turn="mine"' in page
    fragment = client.get(f"/games/{gid}/table").text        # a live update's re-drawing brings the title
    assert _title(fragment) == YOUR_TURN

    _as(client, gid, g["seats"][waiting]["token"])
    page = client.get(f"/games/{gid}").text
    assert _title(page) == f"{state.game.name} · Woodlands"
    assert _banner(page) == f"Waiting for {name}." and 'data-turn="waiting"' in page
    assert YOUR_TURN not in page
    assert _title(client.get(f"/games/{gid}/table").text) == f"{state.game.name} · Woodlands"
    # the sound and the notification: two boxes, neither ticked by the page (turn.js ticks what was chosen)
    assert re.search(r'<input type="checkbox" id="turn-sound">', page)
    assert re.search(r'<input type="checkbox" id="turn-notify">', page)


def test_a_hot_seat_table_is_always_the_browsers_turn(client: Any) -> None:
    from .test_pages import _new
    url = _new(client, "cursed-forest", players="2", mode="hotseat")
    page = client.get(url).text
    assert _title(page) == YOUR_TURN and _banner(page).startswith("Your turn, Player ")


def test_another_seats_moves_are_told_without_its_face_down_items(client: Any) -> None:
    """Seat 0's page re-drawn after seat 1's moves (``?since=`` its last log length, as a live
    update asks) tells them in the log's words; while seat 1 holds face-down items, no word of
    their names is in it (seat 0's twin, with those items swapped, would tell the same)."""
    g = new_game(client, options={"players": 2}, seats=2, seed=2)
    gid = g["id"]
    tokens = [s["token"] for s in g["seats"]]
    _as(client, gid, tokens[0])
    rng = random.Random(2)
    told, hidden_seen, checked = [], 0, 0
    for _ in range(900):
        live = live_game(client, gid)
        state = live.state
        if state.is_over:
            break
        seat = state.decision.player
        if seat == 0:
            option = rng.choice(state.decision.options).id
            r = client.post(f"/api/games/{gid}/choices", json={"option": option, "at": live.number}, headers=auth(tokens[0]))
            assert r.status_code == 200, r.text
            continue
        since = _log_count(client.get(f"/games/{gid}/table").text)
        option = rng.choice(state.decision.options).id
        r = client.post(f"/api/games/{gid}/choices", json={"option": option, "at": live.number}, headers=auth(tokens[1]))
        assert r.status_code == 200, r.text
        fragment = client.get(f"/games/{gid}/table", params={"since": since}).text
        words = _announced(fragment)
        if words:
            told.append(words)
        # seat 1's face-down items: their names as seat 1 knows them, which seat 0 cannot see
        now = live_game(client, gid).state
        secret = set()
        for slot, seen in now.view(0)["players"][1]["inventory"].items():
            item = now.view(1)["players"][1]["inventory"][slot]
            if seen == "face-down" and isinstance(item, str):
                secret.add(re.sub(r"-\d+$", "", item).replace("-", " "))      # its name, as the log would say it
        if secret:
            hidden_seen += 1
            assert not any(n in words.lower() for n in secret), (secret, words)
            checked += 1
        if hidden_seen >= 30:
            break
    assert len(told) >= 10 and any("Tamiel" in t for t in told), told[:5]
    assert checked >= 1, "seat 1 never held a face-down item"
    # no since (the page's own choice): nothing is announced
    assert _announced(client.get(f"/games/{gid}/table").text) == ""


def test_the_announcement_is_the_same_for_twins_that_differ_in_hidden_facts() -> None:
    """Two positions that differ only in what a seat cannot know (``state.determinize``: the
    other seats' face-down items, the bags' order) tell that seat the same words."""
    import woodlands
    from woodlands.web.pages import _announce
    game = woodlands.load_game("cursed-forest")
    checked = 0
    for players in (2, 3):
        state = game.new_game(seed=players, options={"players": players})
        rng = random.Random(players)
        for step in range(300):
            if state.is_over:
                break
            if step % 15 == 7:
                for seat in range(players):
                    twin = state.determinize(seat, 1000 + step)
                    log, twin_log = state.log_for(seat), twin.log_for(seat)
                    for since in range(max(0, len(log) - 8), len(log)):
                        assert _announce(game, twin_log, seat, since) == _announce(game, log, seat, since)
                    checked += 1
            state.apply(rng.choice(state.decision.options).id)
    assert checked >= 20
