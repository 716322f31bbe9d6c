"""Teach mode on the game's page (woodlands/web/teaching.py): a browser's first game of a kind
explains each new kind of decision once, beside the options, with its rule one click away; a
button turns it off, and it stays off; a browser with an earlier game of that kind starts off."""
from __future__ import annotations

import re
from typing import Any

from tests.support import visible_text
from woodlands.kit.teach import teaching_for

from .conftest import live_game


def _new(client: Any, game: str, **fields: str) -> str:
    data = {"game": game, **{f"{game}.{k}": v for k, v in fields.items()}}
    r = client.post("/new", data=data, follow_redirects=False)
    assert r.status_code == 303, r.text
    return str(r.headers["location"])


def _at(page: str) -> int:
    m = re.search(r'data-at="(\d+)"', page)
    assert m, page[:300]
    return int(m.group(1))


def _lesson(page: str) -> str | None:
    """The kind whose lesson the page shows, or None."""
    if 'id="teach"' not in page:
        return None
    m = re.search(r'<input type="hidden" name="kind" value="([a-z_]+)">', page)
    assert m, page
    return m.group(1)


def _kind(client: Any, url: str) -> str:
    live = live_game(client, url.rsplit("/", 1)[1])
    return str(live.state.decision.kind)


def _choose_first(client: Any, url: str, page: str) -> str:
    option = re.search(r'name="option" class="option" value="([^"]+)"', page)
    assert option, page[:500]
    r = client.post(url + "/choose", data={"option": option.group(1), "at": str(_at(page))},
                    headers={"HX-Request": "true"})
    assert r.status_code == 200
    return r.text


def test_the_first_game_shows_the_lesson_at_the_first_decision_and_keeps_it_there(client: Any) -> None:
    url = _new(client, "tanglewoods", difficulty="5")
    page = client.get(url).text
    lesson = teaching_for("tanglewoods").lesson(_kind(client, url))
    assert lesson is not None and _lesson(page) == lesson.kind
    text = visible_text(page)
    assert f"Learning: {lesson.title}" in text and lesson.tip in text and "Turn teaching off" in text
    assert f'href="/rules/{lesson.rule}"' in page
    # one cookie for the table: its setting, then the kinds taught and where
    game_id = url.rsplit("/", 1)[1]
    assert client.cookies.get(f"woodlands_teach_{game_id}").strip('"') == f"on.{lesson.kind}~{_at(page)}"
    # the same decision drawn again, as a reload and as the live update's fragment, keeps it
    assert _lesson(client.get(url).text) == lesson.kind
    fragment = client.get(url + "/table", headers={"HX-Request": "true"}).text
    assert _lesson(fragment) == lesson.kind
    # its rule's page: the id, the section and our words, not the rulebook's
    rule = client.get(f"/rules/{lesson.rule}")
    assert rule.status_code == 200
    assert lesson.rule in rule.text and lesson.section in rule.text and lesson.what in rule.text
    assert client.get("/rules/TG-999").status_code == 404


def test_a_second_decision_of_the_same_kind_shows_no_lesson(client: Any) -> None:
    url = _new(client, "tanglewoods", difficulty="5", hero="thorn-warden")
    page = client.get(url).text
    shown: list[str] = []
    met: list[str] = []
    for _ in range(40):
        if 'name="option"' not in page:
            break
        kind = _kind(client, url)
        lesson = _lesson(page)
        if kind in met:
            assert lesson is None, f"{kind} taught twice"
        else:
            assert lesson == kind, f"{kind}, met first, has no lesson"
            shown.append(kind)
        met.append(kind)
        page = _choose_first(client, url, page)     # the fragment answers with the next decision
    assert len(met) > len(set(met)), "no kind came twice in 40 decisions"
    assert len(shown) == len(set(shown)) >= 3


def test_turning_teaching_off_hides_it_and_it_stays_off(client: Any) -> None:
    url = _new(client, "tanglewoods", difficulty="5")
    page = client.get(url).text
    kind = _lesson(page)
    assert kind
    r = client.post(url + "/teach", data={"do": "off", "kind": kind}, headers={"HX-Request": "true"})
    assert r.status_code == 200 and _lesson(r.text) is None
    assert "Teach me" in r.text
    page = client.get(url).text
    assert _lesson(page) is None
    for _ in range(12):      # later decisions, new kinds among them: still nothing
        page = _choose_first(client, url, page)
        assert _lesson(page) is None
    # and on again: the next new kind is taught (the one put away stays away)
    r = client.post(url + "/teach", data={"do": "on"}, headers={"HX-Request": "true"})
    assert "Teaching is on" in r.text
    page = r.text
    for _ in range(20):
        if _lesson(page):
            break
        page = _choose_first(client, url, page)
    assert _lesson(page) not in (None, kind)


def test_got_it_puts_one_lesson_away(client: Any) -> None:
    url = _new(client, "tanglewoods", difficulty="5")
    kind = _lesson(client.get(url).text)
    assert kind
    r = client.post(url + "/teach", data={"do": "dismiss", "kind": kind}, follow_redirects=False)
    assert r.status_code == 303
    page = client.get(url).text
    assert _lesson(page) is None and "Teaching is on" in page


def test_a_browser_with_an_earlier_game_of_that_kind_is_not_taught_by_default(client: Any) -> None:
    first = _new(client, "tanglewoods", difficulty="5")
    assert _lesson(client.get(first).text)
    second = _new(client, "tanglewoods", difficulty="5")
    page = client.get(second).text
    assert _lesson(page) is None and "Teach me" in page
    # the first game stays taught: it was the first of its kind
    assert _lesson(client.get(first).text)
    # another kind of game is this browser's first of its kind
    other = _new(client, "cursed-forest")
    assert _lesson(client.get(other).text)


def test_turning_it_off_in_one_game_keeps_the_next_of_its_kind_off(client: Any) -> None:
    url = _new(client, "cursed-forest")
    kind = _lesson(client.get(url).text)
    client.post(url + "/teach", data={"do": "off", "kind": kind})
    client.post("/forget/" + url.rsplit("/", 1)[1])
    again = _new(client, "cursed-forest")
    assert _lesson(client.get(again).text) is None


def test_the_lesson_says_nothing_of_hidden_facts() -> None:
    """The lesson hangs on the decision's kind only: at many points of seeded games, a twin that
    differs only in what the seat cannot know (state.determinize) draws the same panel."""
    import random

    import woodlands
    from woodlands.kit.teach import Tutor
    from woodlands.web.pages import templates
    panel = templates.get_template("_teach.html")
    checked = 0
    for game_id, options in (("tanglewoods", {}), ("storyfold", {}), ("cursed-forest", {"players": 2})):
        state = woodlands.load_game(game_id).new_game(seed=4, options=options)
        rng = random.Random(4)
        for step in range(120):
            if state.is_over:
                break
            seat = state.decision.player
            if step % 10 == 3:
                twin = state.determinize(seat, step)
                drawn = [panel.render(game_id="g", lesson=Tutor(teaching_for(game_id), on=True).due(
                    s.decision, s.view(seat), step)) for s in (state, twin)]
                assert drawn[0] == drawn[1]
                checked += "Learning:" in drawn[0]
            state.apply(rng.choice(state.decision.options).id)
    assert checked >= 3


def test_storyfold_prologue_shows_no_lesson(client: Any) -> None:
    """The prologue teaches the game itself: a first Storyfold game shows no lesson there, while
    teach mode is on (its button says so) for what comes after it."""
    url = _new(client, "storyfold")
    page = client.get(url).text
    assert live_game(client, url.rsplit("/", 1)[1]).state.view(0)["chapter"] == "the-edge-of-the-wood"
    for _ in range(6):
        assert _lesson(page) is None
        assert "Teaching is on" in page
        page = _choose_first(client, url, page)
