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


def test_the_generic_renderers_draw_every_kind_with_its_id_state_and_words_escaped() -> None:
    from rich.console import Console

    from woodlands.cli.table import draw
    from woodlands.web.render.table import render_model

    evil = "<script>x</script>"
    t = table(Region("all", "All", (Card("c1", evil, face="night", text="Gain 1", state=("exhausted",), tip=evil),
                                    Die("d1", "red die", face="red", value="hit", state=("committed",)),
                                    Track("hp", "Health", value=2, high=6), Token("hero", "Hero", at="Glade", count=2),
                                    Fact("turn", "Turn", text="3")), layout="list"),
              Region("map", "Map", (Tile("t1", "Glade", x=0, y=0, features=("exit N",)),
                                    Tile("t2", "Bog", x=1, y=1, state=("highlight",))), layout="map"))
    html = str(render_model(t))
    assert "<script>" not in html and "&lt;script&gt;" in html
    for ident in ("c1", "d1", "hp", "hero", "turn", "t1", "t2"):
        assert f'data-id="{ident}"' in html
    assert "state-exhausted" in html and "side-night" in html and "red die, hit" in html and 'class="pip"' in html
    assert 'aria-label="Health: 2 of 6"' in html and 'aria-label="Glade, exit N"' in html and "state-highlight" in html
    for width in (80, 140):
        console = Console(width=width, record=True, color_system=None)
        console.print(draw(t, width))
        text = console.export_text()
        assert all(len(line) <= width for line in text.splitlines())
        assert "× <script>x</script>: Gain 1" in text and "✓ red die [hit]" in text and "Health 2/6" in text
        assert "Hero ×2 at Glade" in text and "Turn: 3" in text and "Glade" in text and "Bog" in text


def test_a_small_terminal_leaves_minor_elements_out_and_takes_the_short_title() -> None:
    """``minor`` on an element and ``short`` on a region are for where room is short: the
    compact terminal draws the short title (after the region's state sign) and leaves the minor
    element out; the full drawing and the web keep both, and the model's dict says them only
    when set."""
    from rich.console import Console

    from woodlands.cli.table import draw
    from woodlands.web.render.table import render_model

    t = table(Region("hero", "Hero of the Long Road", (Track("hp", "Health", value=2, high=6),
                                                       Fact("seat", "Seat", text="Player 2, at the gate", minor=True)),
                     layout="line", state=("active",), short="Hero (you)"))
    text = {}
    for width in (80, 140):
        console = Console(width=width, record=True, color_system=None)
        console.print(draw(t, width))
        text[width] = console.export_text()
    assert text[80].strip() == "▶ Hero (you):  Health 2/6"
    assert "Hero of the Long Road" in text[140] and "Seat: Player 2, at the gate" in text[140]
    html = str(render_model(t))
    assert 'data-id="seat"' in html and "Hero of the Long Road" in html
    data = t.as_dict()["regions"][0]
    assert data["short"] == "Hero (you)" and data["elements"][1]["minor"] is True and "minor" not in data["elements"][0]
    assert "short" not in table(Region("r", "R")).as_dict()["regions"][0]


def test_a_small_compass_map_has_its_words_beside_it() -> None:
    """A compact compass map two characters a tile leaves most of each line empty: its other
    elements (a key) go beside it, every tile row and every word still there."""
    from rich.console import Console

    from woodlands.cli.table import draw

    tiles = tuple(Tile(f"t{y}", f"Glade {y}", x=0, y=y, code="G", exits=("N", "S")) for y in range(4))
    key = Fact("key", "Key", text="G=glade 1=the hero " * 5)
    t = table(Region("map", "The map", tiles + (Token("hero", "Hero", at="t2", mark="1"), key), layout="compass"))
    console = Console(width=80, record=True, color_system=None)
    console.print(draw(t, 80))
    lines = console.export_text().rstrip("\n").split("\n")
    assert lines[0].startswith("The map · x 0..0")
    assert lines[1].startswith("  3 G ") and "Key: G=glade" in lines[1]
    assert lines[2].startswith("  2 G1")
    assert len(lines) == 5 and all(len(line) <= 80 for line in lines)
    words = " ".join(" ".join(line[6:].split()) for line in lines[1:])
    assert " ".join(("Key: " + key.text).split()) in words
