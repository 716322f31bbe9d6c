"""The home page (woodlands/web/templates/home.html) through the app's test client: each game
with its own picture and line, the quick buttons and what they set up, the rest under "More
options", and only player words in what the page shows (no raw ids, rule ids or bot names).
The toy game of tests/toy_game, registered here, shows that a game from outside Woodlands
brings its picture and words in its own package."""
from __future__ import annotations

import re
from typing import Any, Iterator

import pytest

import woodlands
from tests.every_game import harness_games_registered
from tests.support import visible_text
from woodlands.engine.presentation import presentation_for
from woodlands.engine.registry import descriptor, resolve


@pytest.fixture(scope="module", autouse=True)
def _toy_registered() -> Iterator[None]:
    with harness_games_registered():
        yield


def card(html: str, game: str) -> str:
    """The section of the home page for ``game``."""
    m = re.search(rf'<section class="panel game-card" aria-labelledby="g-{re.escape(game)}">(.*?)</section>', html, re.S)
    assert m, f"no card for {game}"
    return m.group(1)


def quick_buttons(section: str, game: str) -> dict[str, str]:
    """value -> words of the card's buttons named ``<game>.play``."""
    return {v: visible_text(w) for v, w in
            re.findall(rf'<button[^>]*name="{re.escape(game)}\.play" value="([^"]+)">(.*?)</button>', section, re.S)}


def test_each_game_has_its_own_picture_and_line(client: Any) -> None:
    html = client.get("/").text
    games = woodlands.game_ids()
    assert "toy" in games
    for game in games:
        section = card(html, game)
        p = presentation_for(woodlands.load_game(game))
        src = re.search(r'<img class="game-picture" src="([^"]+)" alt=""', section)
        assert src and src.group(1) == f"/static/games/{game}.svg", game
        r = client.get(src.group(1))
        assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml"), game
        assert r.text == p.picture_svg() and r.text.lstrip().startswith("<svg"), game
        again = client.get(src.group(1), headers={"If-None-Match": r.headers["etag"]})
        assert again.status_code == 304, game
        assert p.tagline and p.tagline in visible_text(section), game
    # each its own: no two games share a picture or a line
    pictures = [presentation_for(woodlands.load_game(g)).picture_svg() for g in games]
    lines = [presentation_for(woodlands.load_game(g)).tagline for g in games]
    assert len(set(pictures)) == len(games) and len(set(lines)) == len(games)


def test_a_game_without_a_picture_gets_the_placeholder(client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.toy_game.present import ToyPresentation
    monkeypatch.setattr(ToyPresentation, "picture", None)
    src = re.search(r'<img class="game-picture" src="([^"]+)"', card(client.get("/").text, "toy"))
    assert src and src.group(1) == "/static/game-picture.svg"
    assert client.get("/static/game-picture.svg").status_code == 200
    assert client.get("/static/games/toy.svg").status_code == 404
    assert client.get("/static/games/no-such-game.svg").status_code == 404


def test_quick_buttons_and_more_options(client: Any) -> None:
    html = client.get("/").text
    for game in woodlands.game_ids():
        low, high = descriptor(game).players
        section = card(html, game)
        buttons = quick_buttons(section, game)
        if high == 1:
            assert buttons == {"alone": "Play", "options": "Start with these options"}, game
        else:
            assert buttons == {"alone": "Play alone", "friends": "Play with friends",
                               "options": "Start with these options"}, game
        # the quick buttons come first; the set-up fields and the expert box under "More options"
        more = re.search(r'<details class="more">\s*<summary>More options</summary>(.*)</details>', section, re.S)
        assert more, game
        assert section.index('value="alone"') < section.index('<details class="more">')
        for spec in descriptor(game).options:
            if spec.flag:
                assert f'name="{game}.{spec.name}"' in more.group(1), (game, spec.name)
        assert f'name="{game}.extra"' in more.group(1)


def _words_not_shown(game: str) -> list[str]:
    """Raw ids a player must not read: option names, option values and menu values (a hero's id)."""
    d = descriptor(game)
    loaded = woodlands.load_game(game)
    raw = [o.name for o in d.options if "_" in o.name]
    for spec in d.options:
        if spec.menu_choices is not None:
            raw += [str(v) for v, _ in resolve(spec.menu_choices)(loaded)]
        raw += [str(v) for v in spec.choices or () if len(str(v)) > 1]
    raw += [cid for cid, _ in presentation_for(loaded).characters()]
    return raw


def test_the_home_page_speaks_player_words(client: Any) -> None:
    text = visible_text(client.get("/").text)
    for word in ("ismcts", "hero id", "character ids", "(default", "ruling", "section "):
        assert word not in text.lower(), word
    assert not re.search(r"\b[A-Z]{1,3}-\d+", text), re.findall(r"\b[A-Z]{1,3}-\d+", text)   # rule ids
    assert not re.search(r"\b[A-Z]{2,}(?:-[A-Z]{2,})+\b", text), re.findall(r"\b[A-Z]{2,}(?:-[A-Z]{2,})+\b", text)
    for game in woodlands.game_ids():
        for raw in _words_not_shown(game):
            assert not re.search(rf"(?<![\w-]){re.escape(raw)}(?![\w-])", text), (game, raw)
        # every field a newcomer may open has the game's own player-facing label
        for spec in descriptor(game).options:
            if spec.flag:
                assert spec.label and spec.label in text, (game, spec.name)
    # fixed values in player words: the starting side is "Side A", not "a"
    assert "Side A" in text and "Side B" in text


def _post(client: Any, game: str, **fields: str) -> str:
    r = client.post("/new", data={"game": game, **{f"{game}.{k}": v for k, v in fields.items()}},
                    follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].startswith("/games/"), r.headers.get("location")
    return str(r.headers["location"])


def _seats(client: Any, url: str) -> int:
    gid = url.rsplit("/", 1)[1]
    r = client.get(f"/api/games/{gid}")
    return int(r.json()["seats"]) if r.status_code == 200 else -1


def test_what_the_quick_buttons_set_up(client: Any) -> None:
    # the page's own posts: the card's fields as they stand, and the button's name and value
    alone = client.get(_post(client, "cursed-forest", players="1", play="alone")).text
    assert "Invite the other players" not in alone and 'name="option"' in alone
    # alone is one seat, even when "More options" asked for more
    three = client.get(_post(client, "cursed-forest", players="3", play="alone")).text
    assert "Player 2" not in three and "Invite the other players" not in three
    # with friends: an online table of two, an invitation for the other seat
    friends = client.get(_post(client, "cursed-forest", players="1", play="friends")).text
    assert "Invite the other players" in friends
    assert len(re.findall(r'value="(http://[^"]+/join/[^"]+)"', friends)) == 1
    # ... of more when "More options" asks for more, still online whatever the radio says
    more = client.get(_post(client, "cursed-forest", players="3", mode="hotseat", play="friends")).text
    assert len(re.findall(r'value="(http://[^"]+/join/[^"]+)"', more)) == 2
    # the options' own button: the form as it stands (three at this screen)
    hot = client.get(_post(client, "cursed-forest", players="3", mode="hotseat", play="options")).text
    assert "Invite the other players" not in hot and re.search(r"you are Player \d", hot)
    # a game played alone has only "Play", and it starts it
    solo = client.get(_post(client, "tanglewoods", difficulty="5", play="alone")).text
    assert 'class="table table-tanglewoods table-model"' in solo
    toy = client.get(_post(client, "toy", players="1", target="10", play="friends")).text
    assert "Invite the other players" in toy
