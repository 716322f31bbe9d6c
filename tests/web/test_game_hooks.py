"""What the web app asks of a game through its descriptor and presentation instead of naming it:
the save format a game continues from (an upload of such a save starts that game), the
characters a player may pick at set-up (the home page's form), and the game a bench or drill
plays when told none."""
from __future__ import annotations

import dataclasses

import pytest

import woodlands
from woodlands.engine.presentation import Presentation, presentation_for
from woodlands.engine.registry import descriptor, descriptors, register_game, unregister_game
from woodlands.games.storyfold.save import SAVE_FORMAT
from woodlands.web.errors import Invalid
from woodlands.web.service import _resumed_by
from woodlands.web.settings import most_players_game

from tests.toy_game import TOY


def test_a_game_that_saves_names_its_save_format_and_the_others_none():
    assert descriptor("storyfold").save_format == SAVE_FORMAT
    assert [d.id for d in descriptors() if d.save_format is not None] == ["storyfold"]


def test_an_upload_goes_to_the_game_whose_save_format_it_carries():
    assert _resumed_by(SAVE_FORMAT) == "storyfold"
    for other in ("a-record", None, 3, ["storyfold-save"]):
        assert _resumed_by(other) is None


def test_a_registered_game_s_save_format_is_read_from_its_descriptor(client):
    """A game from outside the package gets an upload of its save the same way: the service
    hands the document to the game's ``resume`` option (the toy game has none, so the game's
    own check refuses it, naming the toy game: the upload reached it)."""
    register_game(dataclasses.replace(TOY, save_format="toy-save"))
    try:
        assert _resumed_by("toy-save") == TOY.id
        with pytest.raises(Invalid, match=f"{TOY.id} has no option 'resume'"):
            client.app.state.games.upload({"format": "toy-save"}, None)
    finally:
        unregister_game(TOY.id)
    assert _resumed_by("toy-save") is None


def test_the_characters_to_pick_come_from_the_game_s_presentation(client):
    forest = woodlands.load_game("cursed-forest")
    assert presentation_for(forest).characters() == [(c.id, c.name) for c in forest.content.characters]
    assert presentation_for(forest).characters()
    for gid in ("tanglewoods", "storyfold"):
        assert presentation_for(woodlands.load_game(gid)).characters() == []
    assert Presentation(woodlands.load_game("tanglewoods")).characters() == []
    # the home page offers each pick by its id, with its name, in the forest's form only
    page = client.get("/").text
    for ident, name in presentation_for(forest).characters():
        assert f'<option value="{ident}">{name}</option>' in page
    assert 'id="cursed-forest-character0"' in page and 'id="tanglewoods-character0"' not in page


def test_the_default_game_of_a_bench_is_the_one_for_the_most_players():
    most = max(d.players[1] for d in descriptors())
    assert descriptor(most_players_game()).players[1] == most
