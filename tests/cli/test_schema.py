"""``woodlands schema GAME``: the JSON Schema of a game's view, or of its typed events."""
from __future__ import annotations

import json

import pytest

from woodlands.engine.views import ENVELOPE_KEYS


@pytest.mark.parametrize("game_id", ["tanglewoods", "storyfold", "cursed-forest"])
def test_schema_prints_the_view_schema(run_cli, game_id):
    code, out, err = run_cli("schema", game_id)
    assert code == 0, err
    schema = json.loads(out)
    assert schema["title"] == f"{game_id} view" and schema["type"] == "object"
    assert set(ENVELOPE_KEYS) <= set(schema["required"]) and schema["additionalProperties"] is False
    code, out, err = run_cli("schema", game_id, "--events")
    assert code == 0, err
    events = json.loads(out)
    assert events["game_over"]["properties"]["type"]["const"] == "game_over"


def test_schema_of_an_unknown_game(run_cli):
    code, _, err = run_cli("schema", "chess")
    assert code == 2 and "unknown game 'chess'" in err
