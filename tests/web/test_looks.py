"""A game's look travels with its package: its presentation names a stylesheet in the game's
package (``Presentation.stylesheet``), the app serves it at ``/static/games/<game id>.css`` like
the other static files, and only that game's pages link it, after the generic stylesheet.  The
toy game of tests/toy_game, registered here and not installed, shows that a game from outside
Woodlands needs nothing more than its own file (docs/web.md, "Pages")."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterator

import pytest

import woodlands
from tests.every_game import harness_games_registered
from tests.web.test_security import check_headers
from woodlands.engine.presentation import Presentation, presentation_for
from woodlands.games import BUILTIN

TOY_LOOK = Path(__file__).resolve().parents[1] / "toy_game" / "look.css"


@pytest.fixture(scope="module", autouse=True)
def _toy_registered() -> Iterator[None]:
    with harness_games_registered():
        yield


def _head(client: Any, game: str, **fields: str) -> str:
    """The <head> of a new table's page of ``game``, made through the home page's form."""
    r = client.post("/new", data={"game": game, **{f"{game}.{k}": v for k, v in fields.items()}},
                    follow_redirects=False)
    assert r.status_code == 303, r.text[:500]
    page = client.get(str(r.headers["location"]))
    assert page.status_code == 200
    head = re.search(r"<head>(.*?)</head>", page.text, re.S)
    assert head, page.text[:500]
    return head.group(1)


def _sheets(head: str) -> list[str]:
    return re.findall(r'<link rel="stylesheet" href="([^"]+)">', head)


def test_a_game_page_links_its_own_stylesheet_after_the_generic_one(client: Any) -> None:
    assert _sheets(_head(client, "toy", players="2")) == ["/static/woodlands.css", "/static/games/toy.css"]
    # another game's page links its own, never the toy's
    assert _sheets(_head(client, "storyfold")) == ["/static/woodlands.css", "/static/games/storyfold.css"]
    # the home page draws no table: the generic look alone
    home = re.search(r"<head>(.*?)</head>", client.get("/").text, re.S)
    assert home and _sheets(home.group(1)) == ["/static/woodlands.css"]


def test_the_stylesheet_is_served_like_the_other_static_files(client: Any) -> None:
    r = client.get("/static/games/toy.css")
    assert r.status_code == 200 and r.headers["content-type"] == "text/css; charset=utf-8"
    assert r.text == TOY_LOOK.read_text(encoding="utf-8")
    check_headers(r, private=False)               # the policy and the rest, and cacheable
    etag = r.headers["etag"]
    again = client.get("/static/games/toy.css", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.content == b"" and again.headers["etag"] == etag
    check_headers(again, private=False)
    for game in BUILTIN:                           # each built-in game's own, from its package
        r = client.get(f"/static/games/{game}.css")
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/css"), game
        assert r.text == presentation_for(woodlands.load_game(game)).look()
        assert r.headers["etag"] != etag
    for path in ("/static/games/no-such-game.css", "/static/games/toy.js", "/static/games/.css"):
        missing = client.get(path)
        assert missing.status_code == 404, path
        check_headers(missing, private=False)


def test_a_game_without_a_stylesheet_has_no_link_and_no_address(client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.toy_game.present import ToyPresentation
    monkeypatch.setattr(ToyPresentation, "stylesheet", None)
    assert _sheets(_head(client, "toy", players="2")) == ["/static/woodlands.css"]
    assert client.get("/static/games/toy.css").status_code == 404


def test_the_look_is_found_beside_the_class_that_names_it() -> None:
    toy = presentation_for(woodlands.load_game("toy"))
    assert toy.look() == TOY_LOOK.read_text(encoding="utf-8")
    # the base presentation has none; a subclass defined here keeps its parent's file
    assert Presentation(woodlands.load_game("toy")).look() is None
    child = type("Child", (type(toy),), {"__module__": __name__})
    assert child(woodlands.load_game("toy")).look() == toy.look()
    for game in BUILTIN:
        look = presentation_for(woodlands.load_game(game)).look()
        assert look and "{" in look, game
