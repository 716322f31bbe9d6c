"""Forced moves on the pages: a decision with one option that the engine marks safe to take
unasked (``state.forced()``, as ``woodlands play`` takes them) is taken by the page for the seat
this browser holds; the narrated log still tells it, undo goes back past it to the last
decision the player was asked, hidden facts stay hidden, and the JSON API takes nothing by
itself."""
from __future__ import annotations

import re
from typing import Any

import woodlands

from .conftest import live_game

#: Storyfold, seed 1, always the first option: decision 125 is a blind creature choice with a
#: lone option that state.forced() allows (found by tests below, so a change of content shows)
SEED, FORCED_AT = 1, 125


def _state_before_forced() -> Any:
    state = woodlands.load_game("storyfold").new_game(seed=SEED)
    for _ in range(FORCED_AT):
        state.apply(state.decision.options[0].id)
    return state


def _upload(client: Any, record: dict[str, Any]) -> tuple[str, str]:
    r = client.post("/api/games/import", json={"record": record})
    assert r.status_code == 201, r.text
    made = r.json()
    client.cookies.set(f"woodlands_seat_{made['id']}", made["seats"][0]["token"])     # this browser holds the seat
    return f"/games/{made['id']}", made["seats"][0]["token"]


def _at(page: str) -> int:
    m = re.search(r'data-at="(\d+)"', page)
    assert m
    return int(m.group(1))


def _section(page: str, start: str, end: str) -> str:
    return page[page.index(start):page.index(end, page.index(start))]


def test_the_page_takes_a_lone_safe_option_and_says_so(client: Any) -> None:
    state = _state_before_forced()
    lone = state.forced()
    assert lone is not None and len(state.decision.options) == 1
    label = state.decision.options[0].label
    url, token = _upload(client, state.record())
    api = client.get(f"/api/games/{url.rsplit('/', 1)[1]}", headers={"Authorization": f"Bearer {token}"}).json()
    assert api["at"] == FORCED_AT and api["decision"]["options"][0]["id"] == lone     # the API asks
    page = client.get(url).text
    assert _at(page) == FORCED_AT + 1                                # the page took it
    assert "Taken for you, the only choice: " + label in page
    after = state.clone()
    after.apply(lone)
    assert after.forced() is None
    # the page now asks the next decision, and the log narrates what was taken
    body = client.get(f"/api/games/{url.rsplit('/', 1)[1]}", headers={"Authorization": f"Bearer {token}"}).json()
    assert body["view"] == after.view(0) and body["log"] == after.log_for(0)
    assert after.decision.options[0].label in page
    assert "Thorn-bound Fox" in _section(page, 'id="log-h"', "</section>")
    # the record holds the taken option as an ordinary choice
    assert len(after.record()["choices"]) == FORCED_AT + 1


def test_undo_goes_back_past_the_taken_option_to_the_last_question(client: Any) -> None:
    state = _state_before_forced()
    url, token = _upload(client, state.record())
    page = client.get(url).text
    assert 'id="undo-button"' in page
    r = client.post(url + "/undo", data={"at": str(_at(page))}, headers={"HX-Request": "true"})
    assert r.status_code == 200 and "refusal" not in r.text
    before = woodlands.load_game("storyfold").new_game(seed=SEED)
    for _ in range(FORCED_AT - 1):
        before.apply(before.decision.options[0].id)
    assert before.forced() is None
    body = client.get(f"/api/games/{url.rsplit('/', 1)[1]}", headers={"Authorization": f"Bearer {token}"}).json()
    assert body["view"] == before.view(0)             # two undos: the taken option and the choice before it
    assert body["decision"]["options"] == client.get(f"/api/games/{url.rsplit('/', 1)[1]}",
                                                     headers={"Authorization": f"Bearer {token}"}).json()["decision"]["options"]
    assert _at(r.text) == FORCED_AT + 3                # choice, choice taken for you, undo, undo: numbers grow
    # choosing again leads to the lone option, taken again
    option = before.decision.options[0].id
    r = client.post(url + "/choose", data={"option": option, "at": str(_at(r.text))}, headers={"HX-Request": "true"})
    assert "Taken for you, the only choice" in r.text


def test_what_was_taken_shows_no_hidden_fact(client: Any) -> None:
    """Two games that differ only in facts hidden from the seat (state.determinize makes the
    twin, swapped into the service's live game) give the same page once the lone option is
    taken: the note, the table, the decision and the log."""
    import pickle
    state = _state_before_forced()
    twin = state.determinize(0, 99)
    assert pickle.dumps(twin) != pickle.dumps(state) and twin.view(0) == state.view(0)
    pages = []
    for s in (state, twin):
        # each game this browser's first of its kind, so that teach mode (a browser's first game
        # of each game teaches) is the same on both pages: only the hidden facts differ
        client.cookies.clear()
        url, _ = _upload(client, state.record())
        live = live_game(client, url.rsplit("/", 1)[1])
        with live.lock:
            live.state = s.clone()
        page = client.get(url).text
        pages.append(re.sub(r"/games/[\w-]+|/api/games/[\w-]+", "", _section(page, '<div id="game"', '</main>')))
    assert "Taken for you" in pages[0]
    assert pages[0] == pages[1]
