"""Hints in the web app (issue 12): GET /api/games/{id}/hint and the game page's Hint button.
Tiny iteration budgets, so each test takes well under a few seconds."""
from __future__ import annotations

import random
import re
import threading
import time

from .conftest import auth, deciding_token, live_game, make_client, new_game
from .test_api import play, stored_events


def _hint(c, g, token, **params):
    return c.get(f"/api/games/{g['id']}/hint", headers=auth(token) if token else {}, params=params)


def _unchanged(c, g):
    """What a refused or answered hint must leave alone: the stored events and the live position."""
    live = live_game(c, g["id"])
    return (len(stored_events(c, g["id"])), live.number, list(live.state.choices), live.state.rng.state,
            repr(live.state.view(0)))


# ---------------------------------------------------------------------- the answer
def test_a_hint_names_up_to_three_options_of_the_decision_in_words(client):
    g = new_game(client, options={"players": 2}, seats=2, seed=5)
    play(client, g, 6, random.Random(5))
    token, body = deciding_token(client, g)
    before = _unchanged(client, g)
    r = _hint(client, g, token, samples=20)
    assert r.status_code == 200, r.text
    answer = r.json()
    assert set(answer) == {"at", "seat", "samples", "seconds", "measure", "assumes", "longer", "hints"}
    assert answer["at"] == body["at"] and answer["seat"] == body["seat"] and answer["samples"] == 20
    assert answer["assumes"] == "if you play on as the greedy bot would" and "square root" in answer["longer"]
    labels = {o["id"]: o["label"] for o in body["decision"]["options"]}
    hints = answer["hints"]
    assert 1 <= len(hints) <= min(3, len(labels))
    # best first: by value, each with its gap to the best and that gap's error
    assert [h["value"] for h in hints] == sorted((h["value"] for h in hints), reverse=True)
    assert hints[0]["gap"] == 0 and hints[0]["about_equal"]
    for k, h in enumerate(hints):
        assert h["option"] in labels and 0 <= h["value"] <= 1 and h["gap"] <= 0 and h["gap_error"] >= 0
        assert abs(h["gap"] - (h["value"] - hints[0]["value"])) < 1e-9
        # a win chance, said with what it assumes (The Cursed Forest's reward is a win)
        assert h["measure"] == "win chance" and h["text"].startswith(h["words"].removesuffix(".") + ": win chance about ")
        assert "if you play on as the greedy bot would" in h["text"]
        if k:
            assert ("about equal to the best" in h["text"]) == h["about_equal"]
            assert ("the best wins about" in h["text"]) == (not h["about_equal"])
    assert _unchanged(client, g) == before                  # the samples were played on a copy
    # reproducible with samples (or their older name, iterations): the seed comes from the game
    # id and the decision number
    assert _hint(client, g, token, samples=20).json()["hints"] == hints
    assert _hint(client, g, token, iterations=20).json()["hints"] == hints
    # a seconds budget samples about that long (at least one sample)
    timed = _hint(client, g, token, seconds=0.1).json()
    assert timed["samples"] >= 1 and timed["hints"][0]["option"] in labels
    # Storyfold's value is the expected score out of 100; Tanglewoods' a win chance
    story = new_game(client, "storyfold", {"scene_limit": 6})
    r = _hint(client, story, story["seats"][0]["token"], samples=3)
    assert r.status_code == 200 and r.json()["hints"][0]["measure"] == "score" and r.json()["measure"] == "score"
    assert "expected score about" in r.json()["hints"][0]["text"] and " of 100 " in r.json()["hints"][0]["text"]
    tangle = new_game(client, "tanglewoods", {"difficulty": 5, "hero": "thorn-warden"})
    r = _hint(client, tangle, tangle["seats"][0]["token"], samples=10)
    assert r.status_code == 200 and r.json()["hints"][0]["measure"] == "win chance"
    assert "win chance about" in r.json()["hints"][0]["text"]


def test_a_hint_is_refused_to_anyone_but_the_deciding_seat_and_changes_nothing(client):
    g = new_game(client, options={"players": 2}, seats=2, seed=6)
    token, body = deciding_token(client, g)
    other = g["seats"][1 - body["seat"]]["token"]
    before = _unchanged(client, g)
    r = _hint(client, g, None, iterations=5)
    assert r.status_code == 401 and "Bearer" in r.json()["detail"]
    r = _hint(client, g, "not-a-token", iterations=5)
    assert r.status_code == 403 and "no seat" in r.json()["detail"]
    r = _hint(client, g, g["admin_token"], iterations=5)
    assert r.status_code == 403 and "admin" in r.json()["detail"]
    r = _hint(client, g, other, iterations=5)
    assert r.status_code == 403 and r.json()["deciding_seat"] == body["seat"]
    assert "a hint is advice for the seat that decides" in r.json()["detail"]
    assert r.json()["at"] == body["at"]
    r = _hint(client, g, token, iterations=5, at=body["at"] + 1)
    assert r.status_code == 409 and f"decision {body['at'] + 1}" in r.json()["detail"]
    r = client.get("/api/games/nosuchgame123/hint", headers=auth(token))
    assert r.status_code == 404
    for params, words in (({"seconds": 0.05}, "seconds"), ({"seconds": 9}, "seconds"), ({"seconds": "soon"}, "seconds"),
                          ({"seconds": "nan"}, "seconds"), ({"iterations": 0}, "iterations"),
                          ({"iterations": 201}, "iterations"), ({"samples": 0}, "samples"),
                          ({"samples": 201}, "samples"), ({"seconds": 1, "iterations": 5}, "not both"),
                          ({"seconds": 1, "samples": 5}, "not both"), ({"samples": 3, "iterations": 3}, "not both")):
        r = _hint(client, g, token, **params)
        assert r.status_code == 422 and words in r.json()["detail"], (params, r.text)
    assert _unchanged(client, g) == before


def test_a_finished_game_gets_no_hint(client):
    g = new_game(client, "cursed-forest", {"players": 1, "turn_limit": 2})
    token = g["seats"][0]["token"]
    body = play(client, g, 2000)
    assert body["over"]
    before = _unchanged(client, g)
    r = _hint(client, g, token, iterations=5)
    assert r.status_code == 409 and "over" in r.json()["detail"]
    assert _unchanged(client, g) == before


def test_a_bots_seat_gets_no_hint(client):
    """A seat handed to a bot is the bot's to play (the check alone: the seat is marked as a
    bot's in the live game, which stops the real bot task from moving first)."""
    g = new_game(client, "cursed-forest", {"players": 1}, seed=3)
    token = g["seats"][0]["token"]
    live = live_game(client, g["id"])
    with live.lock:
        live.bots[0] = "greedy"
    try:
        r = _hint(client, g, token, iterations=5)
    finally:
        with live.lock:
            live.bots.pop(0)
    assert r.status_code == 409 and "greedy bot" in r.json()["detail"]


# ---------------------------------------------------------------------- hidden facts
def test_a_hint_is_the_same_on_twins_that_differ_only_in_what_the_seat_cannot_see(sqlite_url):
    """The game's position is swapped for its determinized twin (the seat's view and decision
    the same, the hidden facts and the generator not): the hint is the same, option for option
    and figure for figure.  And the twins do differ, else this proves nothing.

    In a thread (``search_processes=0``): a worker process gets the position as its record,
    and a twin's record is the real game's, so there the swap would change nothing and prove
    nothing.  tests/web/test_searchpool.py shows that a worker's answer is exactly this one."""
    with make_client(sqlite_url, search_processes=0) as client:
        _twins(client)


def _twins(client):
    g = new_game(client, options={"players": 2, "characters": None}, seats=2, seed=21)
    rng = random.Random(21)
    compared = differed = 0
    for step in range(8):
        play(client, g, 5, rng)
        token, body = deciding_token(client, g)
        if body["over"]:
            break
        live = live_game(client, g["id"])
        real = live.state
        seat = real.decision.player
        twin = real.determinize(seat, 1000 + step)
        assert twin.view(seat) == real.view(seat) and twin.decision == real.decision
        first = _hint(client, g, token, iterations=12).json()
        with live.lock:
            live.state = twin
        try:
            second = _hint(client, g, token, iterations=12).json()
        finally:
            with live.lock:
                live.state = real
        assert first == {**second, "seconds": first["seconds"]}
        compared += 1
        differed += twin.rng.state != real.rng.state or twin.view(1 - seat) != real.view(1 - seat)
    assert compared >= 5 and differed >= 1


# ---------------------------------------------------------------------- off the event loop, and the limits
def test_the_game_goes_on_while_a_hint_searches(client):
    """While a hint searches (in a worker process, on a copy), the game answers and takes a choice; the
    hint then says which decision it was for."""
    g = new_game(client, "cursed-forest", {"players": 1}, seed=2)
    token, body = deciding_token(client, g)
    limit = client.app.state.games.hints.limit
    answers = []
    t = threading.Thread(target=lambda: answers.append(_hint(client, g, token, seconds=1.5)))
    t.start()
    deadline = time.monotonic() + 10
    while not limit._running and time.monotonic() < deadline:
        time.sleep(0.005)
    assert limit._running                                           # the search has started
    now = client.get(f"/api/games/{g['id']}", headers=auth(token))
    option = body["decision"]["options"][0]["id"]
    moved = client.post(f"/api/games/{g['id']}/choices", headers=auth(token), json={"option": option, "at": body["at"]})
    still = bool(limit._running)                                    # answered before the search ended
    t.join()
    assert now.status_code == 200 and moved.status_code == 200 and still
    assert answers[0].status_code == 200 and answers[0].json()["at"] == body["at"] < moved.json()["at"]


def test_hints_are_limited_per_client_and_on_the_whole_server(sqlite_url):
    with make_client(sqlite_url, hints_per_client=2, hint_slots=1) as c:
        g = new_game(c, "cursed-forest", {"players": 1}, seed=3)
        token = g["seats"][0]["token"]
        limit = c.app.state.games.hints.limit
        with limit.slot("someone else"):                            # the one slot is taken
            r = _hint(c, g, token, iterations=3)
            assert r.status_code == 429 and "busy" in r.json()["detail"] and r.headers["retry-after"]
        with limit.slot("testclient"):                              # this client's own search runs
            r = _hint(c, g, token, iterations=3)
            assert r.status_code == 429 and "already being searched" in r.json()["detail"]
        # that slot counted as one hint; one more, then the cap
        assert _hint(c, g, token, iterations=3).status_code == 200
        r = _hint(c, g, token, iterations=3)
        assert r.status_code == 429 and "2 hints" in r.json()["detail"] and int(r.headers["retry-after"]) >= 1
        # refusals of the seat come first and do not count
        assert _hint(c, g, None, iterations=3).status_code == 401


def test_the_hint_is_in_the_openapi_document(client):
    op = client.get("/openapi.json").json()["paths"]["/api/games/{game_id}/hint"]["get"]
    assert op["tags"] == ["play"] and {"200", "401", "403", "409", "422", "429"} <= set(op["responses"])
    names = {p["name"] for p in op["parameters"]}
    assert {"seconds", "samples", "iterations", "at"} <= names
    shape = client.get("/openapi.json").json()["components"]["schemas"]["HintOut"]["properties"]
    for field in ("value", "gap", "gap_error", "about_equal", "measure"):    # each field says what it means
        assert shape[field].get("description"), field
    answer = client.get("/openapi.json").json()["components"]["schemas"]["HintsOut"]["properties"]
    for field in ("assumes", "samples", "seconds", "longer"):
        assert answer[field].get("description"), field


# ---------------------------------------------------------------------- the page
def _new_page(client, game: str, **fields: str) -> str:
    data = {"game": game, **{f"{game}.{k}": v for k, v in fields.items()}}
    r = client.post("/new", data=data, follow_redirects=False)
    assert r.status_code == 303, r.text
    return str(r.headers["location"])


def _at(html: str) -> int:
    m = re.search(r'data-at="(\d+)"', html)
    assert m
    return int(m.group(1))


def test_the_page_offers_a_hint_and_its_fragment_names_the_options(sqlite_url):
    with make_client(sqlite_url, page_hint_seconds=0.1) as c:
        url = _new_page(c, "cursed-forest", players="1")
        page = c.get(url).text
        at = _at(page)
        form = re.search(r'<form class="hint-form"[^>]*>', page).group(0)
        assert f'hx-get="{url}/hint"' in form and 'hx-target="#hint"' in form and 'hx-indicator="#hint-thinking"' in form
        assert f'name="at" value="{at}"' in page and 'id="hint-button"' in page and 'aria-keyshortcuts="!"' in page
        assert 'id="hint" aria-live="polite"' in page and 'id="hint-thinking"' in page
        buttons = set(re.findall(r'name="option" class="option" value="([^"]+)"', page))
        game_id = url.rsplit("/", 1)[1]
        before = _unchanged(c, {"id": game_id})
        r = c.get(f"{url}/hint", params={"at": at}, headers={"HX-Request": "true"})
        assert r.status_code == 200 and "<html" not in r.text
        named = re.findall(r'<li id="hint-(\d)" data-option="([^"]+)" data-rank="\1" data-about-equal="(?:true|false)">'
                           r'([^<]+)</li>', r.text)
        assert 1 <= len(named) <= 3 and {o for _, o, _ in named} <= buttons
        assert all("win chance about" in text and "if you play on as the greedy bot would" in text
                   for _, _, text in named)
        assert re.search(r"From \d+ sample games? for each option", r.text) and "Waiting longer buys" in r.text
        # without JavaScript the form gives the whole page, the hint in it
        full = c.get(f"{url}/hint", params={"at": at})
        assert full.status_code == 200 and 'id="game"' in full.text and "win chance about" in full.text
        # Think longer: the same form, more samples (Settings.page_hint_longer)
        assert 'id="hint-longer"' in page and 'name="longer" value="1"' in page
        longer = c.get(f"{url}/hint", params={"at": at, "longer": "1"}, headers={"HX-Request": "true"})
        assert longer.status_code == 200 and "win chance about" in longer.text
        # asked for a decision the game has left: said so, nothing searched or changed
        stale = c.get(f"{url}/hint", params={"at": at + 5}, headers={"HX-Request": "true"})
        assert stale.status_code == 200 and "moved on" in stale.text and 'role="alert"' in stale.text
        assert _unchanged(c, {"id": game_id}) == before
        # a browser whose cookie holds no seat of this game (another game's token): the error
        # page, told apart by the refusal's kind (NO_SEAT), not by its words
        c.cookies.clear()
        c.cookies.set(f"woodlands_seat_{game_id}", "x" * 32)
        r = c.get(f"{url}/hint", params={"at": at}, headers={"HX-Request": "true"})
        assert r.status_code == 403 and "win chance about" not in r.text and "holds no seat" in r.text
        # another browser holds no seat
        c.cookies.clear()
        r = c.get(f"{url}/hint", params={"at": at}, headers={"HX-Request": "true"})
        assert r.status_code == 403 and "win chance about" not in r.text


def test_a_refusal_carries_its_kind_from_the_service_to_the_page():
    from woodlands.web.pages_backend import _page_error
    from woodlands.web.errors import NO_SEAT, Forbidden
    no_seat = _page_error(Forbidden("that token holds no seat in this game", kind=NO_SEAT))
    assert (no_seat.status, no_seat.kind, no_seat.reason) == (403, NO_SEAT, "That token holds no seat in this game.")
    other = _page_error(Forbidden("it is seat 1's decision, not seat 0's", deciding_seat=1))
    assert other.kind is None


def test_the_hint_button_is_only_for_the_seat_that_decides(sqlite_url):
    """An online table: this browser holds one seat; while the other seat decides, its page has
    no Hint button, and asking anyway is refused in words."""
    with make_client(sqlite_url, page_hint_seconds=0.1) as c:
        url = _new_page(c, "cursed-forest", players="2", mode="online")
        for _ in range(40):
            page = c.get(url).text
            if 'id="hint-button"' not in page:
                break
            option = re.search(r'name="option" class="option" value="([^"]+)"', page).group(1)
            c.post(url + "/choose", data={"option": option, "at": str(_at(page))}, headers={"HX-Request": "true"})
        else:
            raise AssertionError("the other seat never decided")
        assert "is deciding" in page and 'class="hint-form"' not in page
        r = c.get(f"{url}/hint", params={"at": _at(page)}, headers={"HX-Request": "true"})
        assert r.status_code == 200 and 'role="alert"' in r.text and "advice for the seat that decides" in r.text
