"""The hot-seat handover in the browser (as the terminal's "Pass to ..."): when another seat this
browser holds comes to decide, the page names the next player and draws nothing of any seat's
table until they say they are ready (a form button, so it works without JavaScript too)."""
from __future__ import annotations

import random
import re
from typing import Any

import woodlands

from .conftest import live_game, new_game

HANDOVER = 'id="handover"'


def hot_seat(c: Any, seed: int, players: int = 2) -> str:
    """A Cursed Forest hot-seat table whose every seat this client's cookies hold; its id."""
    g = new_game(c, options={"players": players}, seats=players, seed=seed)
    tokens = [s["token"] for s in g["seats"]]
    c.cookies.set("woodlands_seat_" + g["id"], tokens[0])
    c.cookies.set("woodlands_hotseat_" + g["id"], ".".join(tokens[1:]))
    return str(g["id"])


def options_of(html: str) -> list[str]:
    return re.findall(r'name="option" class="option" value="([^"]+)"', html)


def at_of(html: str) -> str:
    found = re.search(r'id="game"[^>]*data-at="(\d+)"', html)
    assert found, html[:400]
    return found.group(1)


def pass_on(c: Any, gid: str, html: str, htmx: bool = True) -> str:
    """Press the handover's button; the page that follows."""
    seat = re.search(r'name="seat" value="(\d+)"', html)
    assert seat
    headers = {"HX-Request": "true"} if htmx else {}
    r = c.post(f"/games/{gid}/handover", data={"seat": seat.group(1)}, headers=headers, follow_redirects=not htmx)
    assert r.status_code == 200
    return r.text


def play_to_handover(c: Any, gid: str, rng: random.Random, most: int = 80) -> str:
    """Random choices on the page until a handover shows; its HTML."""
    for _ in range(most):
        html = c.get(f"/games/{gid}").text
        if HANDOVER in html:
            return html
        c.post(f"/games/{gid}/choose", data={"option": rng.choice(options_of(html)), "at": at_of(html)})
    raise AssertionError("no handover")


def test_the_screen_passes_to_the_next_player_with_nothing_of_the_last(client: Any) -> None:
    gid = hot_seat(client, seed=2)
    first = client.get(f"/games/{gid}").text
    assert HANDOVER not in first and "you are Player 1" in first        # the first drawing: no handover
    html = play_to_handover(client, gid, random.Random(1))
    name = re.search(r'<h2 id="handover-h">Pass to (Player 2[^<]*)</h2>', html)
    assert name, html
    assert f"<title>Pass to {name.group(1)} · Woodlands</title>" in html
    assert "pass to " + name.group(1) in html                           # the header too
    # nothing of a seat's table, decision, log or details; a form button that works without JavaScript
    for part in ('data-region=', 'id="decision"', 'class="log"', 'class="details"', 'button.option', "data-tip"):
        assert part not in html, part
    assert re.search(r'<form method="post" action="/games/[^"]+/handover"', html)
    assert 'id="handover-button" type="submit" autofocus' in html
    # reloading keeps it covered; the button (no JavaScript: a redirect) shows Player 2's table
    assert HANDOVER in client.get(f"/games/{gid}").text
    after = pass_on(client, gid, html, htmx=False)
    assert HANDOVER not in after and "you are Player 2" in after and 'id="decision"' in after
    assert options_of(after)
    assert HANDOVER not in client.get(f"/games/{gid}").text                  # and it stays shown


def test_the_handover_after_a_choice_by_htmx_and_back(client: Any) -> None:
    gid = hot_seat(client, seed=3)
    rng = random.Random(3)
    seen = []
    html = client.get(f"/games/{gid}").text
    for _ in range(80):
        if HANDOVER in html:
            seen.append(re.search(r'Pass to (Player \d)', html).group(1))    # type: ignore[union-attr]
            html = pass_on(client, gid, html)
            assert f"you are {seen[-1]}" in html
            if len(seen) == 3:
                break
            continue
        html = client.post(f"/games/{gid}/choose", data={"option": rng.choice(options_of(html)), "at": at_of(html)},
                           headers={"HX-Request": "true"}).text
    assert seen == ["Player 2", "Player 1", "Player 2"]


def test_a_stale_handover_button_shows_the_handover_of_the_seat_that_decides(client: Any) -> None:
    gid = hot_seat(client, seed=2)
    html = play_to_handover(client, gid, random.Random(1))
    seat = re.search(r'name="seat" value="(\d+)"', html).group(1)       # type: ignore[union-attr]
    other = str(1 - int(seat))
    again = client.post(f"/games/{gid}/handover", data={"seat": other}, headers={"HX-Request": "true"}).text
    assert HANDOVER in again and f'name="seat" value="{seat}"' in again


def test_a_handover_post_from_another_site_changes_nothing(client: Any) -> None:
    gid = hot_seat(client, seed=2)
    html = play_to_handover(client, gid, random.Random(1))
    seat = re.search(r'name="seat" value="(\d+)"', html).group(1)       # type: ignore[union-attr]
    r = client.post(f"/games/{gid}/handover", data={"seat": seat}, headers={"Origin": "https://elsewhere.example"})
    assert r.status_code == 403
    assert HANDOVER in client.get(f"/games/{gid}").text


def test_no_handover_at_a_table_of_one_seat_per_browser(client: Any) -> None:
    """A browser that holds one seat of two (as an invited player's) is never handed a screen."""
    g = new_game(client, options={"players": 2}, seats=2, seed=2)
    client.cookies.set("woodlands_seat_" + g["id"], g["seats"][0]["token"])        # seat 1 is another browser's
    html = client.get(f"/games/{g['id']}").text
    rng = random.Random(1)
    for _ in range(20):
        assert HANDOVER not in html
        if not options_of(html):
            break                   # the other browser's seat decides: this one waits
        client.post(f"/games/{g['id']}/choose", data={"option": rng.choice(options_of(html)), "at": at_of(html)})
        html = client.get(f"/games/{g['id']}").text
    assert HANDOVER not in html and "Player 2" in html and "is deciding" in html


def test_the_handover_tells_nothing_of_the_seats_hidden_items(client: Any) -> None:
    """Two positions that differ only in hidden facts (a seat's face-down items, reshuffled by
    ``determinize`` for the other seat) give the same handover page, byte for byte; while the
    seats' own pages do tell them apart (the check is not vacuous)."""
    from .test_render import page
    game = woodlands.load_game("cursed-forest")
    gid = hot_seat(client, seed=2)
    rng = random.Random(5)
    checked = told_apart = 0
    for _ in range(150):
        html = play_to_handover(client, gid, rng)
        live = live_game(client, gid)
        real: woodlands.GameState = live.state
        # (a seat's view counts the other seat's face-down items; its own it names)
        if any(real.view(1 - s)["players"][s]["face_down"] for s in (0, 1)):
            for seat in (0, 1):
                twin = real.determinize(seat, checked)
                live.state = twin
                try:
                    assert client.get(f"/games/{gid}").text == html
                finally:
                    live.state = real
                told_apart += page(game, twin, 1 - seat) != page(game, real, 1 - seat)
            checked += 1
            if checked >= 2 and told_apart:
                break
        html = pass_on(client, gid, html)
        client.post(f"/games/{gid}/choose", data={"option": rng.choice(options_of(html)), "at": at_of(html)})
    assert checked >= 2 and told_apart


def test_a_form_posted_as_a_whole_page_leads_back_to_the_decision(client: Any) -> None:
    """Without htmx (no JavaScript, or a press before the page's scripts ran) the handover's and
    a choice's answers send the browser to the page's decision, which static/app.js focuses."""
    gid = hot_seat(client, seed=2)
    html = play_to_handover(client, gid, random.Random(1))
    seat = re.search(r'name="seat" value="(\d+)"', html).group(1)       # type: ignore[union-attr]
    r = client.post(f"/games/{gid}/handover", data={"seat": seat}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == f"/games/{gid}#decision"
    html = client.get(f"/games/{gid}").text
    r = client.post(f"/games/{gid}/choose", data={"option": options_of(html)[0], "at": at_of(html)},
                    follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == f"/games/{gid}#decision"
    assert int(at_of(client.get(f"/games/{gid}").text)) > int(at_of(html))      # the choice was taken
