"""The renderer-neutral table model (woodlands/kit/table.py): JSON-able, frozen, and the diff of
two models lists exactly what was added, removed and changed, matched by id."""
from __future__ import annotations

import dataclasses
import json

import pytest

from woodlands.kit.table import Card, Die, Fact, Region, Table, Tile, Token, Track, diff


def table(*regions: Region) -> Table:
    return Table("toy", regions)


def test_the_model_is_frozen_and_json_able() -> None:
    t = table(Region("hand", "Hand", (Card("c1", "Oak", face="day", text="Gain 1", state=("committed",)),
                                      Die("d1", "Die", face="red", value=4), Track("hp", "Health", value=3, high=5),
                                      Tile("t1", "Glade", x=1, y=2, rotation=90, features=("exit N",)),
                                      Token("hero", "Hero", at="t1"), Fact("turn", "Turn", text="3"))))
    data = json.loads(json.dumps(t.as_dict()))
    kinds = [e["kind"] for e in data["regions"][0]["elements"]]
    assert kinds == ["card", "die", "track", "tile", "token", "fact"]
    assert data["regions"][0]["elements"][0]["state"] == ["committed"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        t.regions[0].elements[1].value = 5  # type: ignore[misc]


def test_diff_lists_added_removed_and_changed_fields() -> None:
    before = table(Region("dice", "Dice", (Die("d1", face="red", value=None), Die("d2", face="red", value=2))),
                   Region("hand", "Hand", (Card("c1", "Oak"),)))
    after = table(Region("dice", "Dice", (Die("d1", face="red", value=6), Die("d3", face="blue", value=1))),
                  Region("played", "Played", (Card("c1", "Oak", state=("committed",)),)))
    d = diff(before, after)
    assert d.added == ("d3",) and d.removed == ("d2",)
    assert d.changed == {"d1": ("value",), "c1": ("state", "region")}
    assert not diff(after, after) and diff(before, after)


def test_an_id_twice_in_one_table_is_refused() -> None:
    twice = table(Region("a", "A", (Fact("x", "X"), Fact("x", "Y"))))
    with pytest.raises(ValueError, match="'x' appears twice"):
        diff(twice, twice)
