"""A save is untrusted input (AUD-6, AUD-13, AUD-7 for its messages): every field is checked before
anything is built, and a bad one gives a GameOptionError naming the field, never a TypeError."""
from __future__ import annotations

import copy
import json
import re
from typing import Any, Iterator

import pytest

import woodlands
from woodlands.engine.errors import GameOptionError

from .test_save import to_break
from .helpers import GAME


def good_save() -> dict[str, Any]:
    s, _ = to_break(8, 3)
    return json.loads(json.dumps(s.save()))


GOOD = good_save()


def leaves(doc: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Every value of the document with its path (containers too, the root excepted)."""
    if path:
        yield path, doc
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from leaves(v, path + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from leaves(v, path + (i,))


def tampered(path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    bad = copy.deepcopy(GOOD)
    d = bad
    for k in path[:-1]:
        d = d[k]
    d[path[-1]] = value
    return bad


def field_name(path: tuple[Any, ...]) -> str:
    return ".".join(str(k) for k in path)


def refused(doc: Any) -> GameOptionError:
    with pytest.raises(GameOptionError) as err:
        GAME.new_game(seed=1, options={"resume": doc})
    return err.value


SCALARS = [(p, v) for p, v in leaves(GOOD) if not isinstance(v, (dict, list))]
INTS = [(p, v) for p, v in SCALARS if type(v) is int]


def test_the_good_save_resumes():
    assert GAME.new_game(seed=1, options={"resume": GOOD}).decision.kind == "scene_break"
    assert len(SCALARS) > 30 and len(INTS) > 10


@pytest.mark.rules("AUD-6")
@pytest.mark.parametrize("path", [p for p, _ in SCALARS], ids=field_name)
@pytest.mark.parametrize("value", [["x"], {"x": 1}, [], None], ids=["list", "dict", "empty", "null"])
def test_a_list_or_dict_where_a_scalar_belongs_is_refused_naming_the_field(path, value):
    err = refused(tampered(path, value))
    top = str(path[0])
    assert f"field '{top}" in str(err) or "field '(save)'" in str(err), str(err)


@pytest.mark.rules("AUD-6")
def test_the_audit_case_next_scene_list():
    err = refused(tampered(("next_scene",), ["x"]))
    assert "field 'next_scene'" in str(err) and "['x']" in str(err)


@pytest.mark.rules("AUD-13")
@pytest.mark.parametrize("path", [p for p, _ in INTS], ids=field_name)
def test_true_and_floats_are_not_whole_numbers(path):
    value = dict(INTS)[path]
    for fake in (True, False, float(value), float(value) + 0.5, str(value)):
        err = refused(tampered(path, fake))
        assert f"field '{path[0]}" in str(err), (fake, str(err))


@pytest.mark.rules("AUD-13")
def test_the_audit_cases_dice_as_floats_and_version_true():
    doc = tampered(("dice",), [10.0])
    assert "field 'dice[0]'" in str(refused(doc))
    assert "field 'version'" in str(refused(tampered(("version",), True)))


@pytest.mark.rules("AUD-6")
@pytest.mark.parametrize("path", [p for p, v in leaves(GOOD) if isinstance(p[-1], str)], ids=field_name)
def test_a_missing_field_is_refused(path):
    bad = copy.deepcopy(GOOD)
    d = bad
    for k in path[:-1]:
        d = d[k]
    del d[path[-1]]
    refused(bad)


@pytest.mark.rules("AUD-6")
@pytest.mark.parametrize("where", [(), ("ours",), ("decks",), ("decks", "shadow"), ("crystals",), ("actions",)])
def test_an_unknown_field_is_refused(where):
    bad = copy.deepcopy(GOOD)
    d = bad
    for k in where:
        d = d[k]
    d["cheat"] = 1
    assert "cheat" in str(refused(bad))


@pytest.mark.rules("AUD-6", "S-11")
@pytest.mark.parametrize("path, value, field", [
    (("ours", "flags"), ["no-such-flag"], "ours.flags"),
    (("ours", "uses_this_chapter"), ["luma:no-such-use"], "ours.uses_this_chapter"),
    (("ours", "scene"), "nowhere", "ours.scene"),
    (("ours", "chapter"), "nowhere", "ours.chapter"),
    (("ours", "dice_used"), [False] * 4, "ours.dice_used"),
    (("ours", "light"), 0, "ours.light"),
    (("ours", "shadow"), 99, "ours.shadow"),
    (("ours", "scenes_played"), 10 ** 9 + 1, "ours.scenes_played"),
    (("ours", "rng"), 1 << 64, "ours.rng"),
    (("dice",), [12, 10, 12], "dice"),
    (("dice",), [8], "dice[0]"),
    (("mode",), "restart", "next_scene"),
    (("decks", "chapter", "face_up"), [], "decks.chapter.face_up"),
    (("decks", "chapter", "face_up", 0), {"card": "brom", "side": "x"}, "decks.chapter.face_up[0]"),
])
def test_values_of_the_right_type_but_unknown_to_the_pack_or_out_of_range_are_refused(path, value, field):
    assert f"field '{field}'" in str(refused(tampered(path, value)))


@pytest.mark.rules("AUD-7", "AUD-6")
@pytest.mark.parametrize("value", [
    "x" * 100_000,
    10 ** 5000,
    ["x"] * 100_000,
    {f"k{i}": i for i in range(10_000)},
], ids=["long-string", "huge-int", "long-list", "big-dict"])
def test_messages_quote_untrusted_values_briefly(value):
    for path in (("next_scene",), ("spirit",), ("ours", "chapter"), ("decks", "shadow", "face_down", 0)):
        err = refused(tampered(path, value))
        assert len(str(err)) < 400, (path, len(str(err)))


@pytest.mark.rules("AUD-7", "AUD-6")
def test_deep_nesting_gives_a_clear_error_not_a_recursion_error():
    deep: Any = "x"
    for _ in range(100_000):
        deep = [deep]
    for path in (("next_scene",), ("ours", "flags"), ("mode",)):
        err = refused(tampered(path, deep))
        assert len(str(err)) < 400


@pytest.mark.rules("AUD-6", "AUD-13")
def test_a_refused_save_builds_nothing_and_the_good_one_still_resumes():
    before = json.dumps(GOOD, sort_keys=True)
    for path, _ in SCALARS[:20]:
        refused(tampered(path, ["x"]))
    assert json.dumps(GOOD, sort_keys=True) == before
    s = GAME.new_game(seed=1, options={"resume": GOOD})
    assert [e["type"] for e in s.log] == ["resumed"]


@pytest.mark.rules("S-11")
def test_a_version_1_save_is_refused_saying_why():
    old = tampered(("version",), 1)
    err = refused(old)
    assert re.search(r"version.*format 1.*cannot be resumed exactly", str(err)), str(err)


@pytest.mark.rules("AUD-6")
def test_a_record_carrying_a_tampered_save_is_refused_clearly():
    s = GAME.new_game(seed=1, options={"resume": GOOD})
    rec = json.loads(json.dumps(s.record()))
    rec["options"]["resume"]["next_scene"] = ["x"]
    with pytest.raises(woodlands.WoodlandsError):
        woodlands.replay(rec)


@pytest.mark.rules("AUD-6", "AUD-7", "AUD-13")
@pytest.mark.parametrize("value", [["x"], {"a": 1}, True, 3.0, 10 ** 5000, "x" * 100_000],
                         ids=["list", "dict", "true", "float", "huge-int", "long-string"])
def test_the_scene_limit_option_is_refused_briefly(value):
    with pytest.raises(GameOptionError, match="scene_limit") as err:
        GAME.new_game(seed=1, options={"scene_limit": value})
    assert len(str(err.value)) < 300
    deep: Any = 1
    for _ in range(100_000):
        deep = [deep]
    with pytest.raises(GameOptionError, match="scene_limit"):
        GAME.new_game(seed=1, options={"scene_limit": deep})
    with pytest.raises(GameOptionError, match="unknown option") as err:
        GAME.new_game(seed=1, options={"x" * 100_000: 1})
    assert len(str(err.value)) < 300
