"""Saving at the end of a scene and resuming (SW-081..SW-098, SW-114; ruling S-7), records and
refusals."""
from __future__ import annotations

import copy
import json
import random
import re

import pytest

import woodlands
from woodlands.engine.errors import GameOptionError

from .helpers import GAME, cid, ids, kind, rig, situation, snapshot

L, H, E, X = "light", "help", "explore", "heal"


def to_break(seed: int, breaks: int = 1) -> tuple[woodlands.GameState, random.Random]:
    """A random campaign played to its ``breaks``-th scene break."""
    s = GAME.new_game(seed=seed)
    r = random.Random(seed)
    seen = 0
    while not s.is_over:
        if kind(s) == "scene_break":
            seen += 1
            if seen == breaks:
                return s, r
        s.apply(r.choice(ids(s)))
    raise AssertionError("the campaign ended before that scene break")


def continuation(s: woodlands.GameState, r: random.Random) -> list[str]:
    out = []
    while not s.is_over:
        s.apply(r.choice(ids(s)))
        out.append(json.dumps(s.view(0), sort_keys=True))
    out.append(json.dumps(s.outcome, sort_keys=True))
    return out


@pytest.mark.rules("S-7", "SW-081", "SW-114", "SW-092", "SW-093", "SW-094", "SW-095", "SW-096", "SW-097", "SW-098")
@pytest.mark.parametrize("seed, breaks", [(1, 1), (2, 2), (5, 1), (8, 3)])
def test_a_resumed_game_continues_exactly_as_the_unsaved_one(seed, breaks):
    s, r = to_break(seed, breaks)
    doc = json.loads(json.dumps(s.save()))                 # JSON-able
    resumed = GAME.new_game(seed=999, options={"resume": doc})
    assert kind(resumed) == "scene_break" and ids(resumed) == ids(s)
    before = s.view(0)
    after = resumed.view(0)
    for key in ("river", "crystals", "spirit", "boons", "luma", "brom", "decks", "discards", "next_scene"):
        assert after[key] == before[key], key
    # SW-088, SW-098: the dice you have come back (all of them are taken back at the next Luma Phase anyway)
    assert [d["size"] for d in after["dice"]] == [d["size"] for d in before["dice"]]
    r2 = copy.deepcopy(r)
    assert continuation(resumed, r2) == continuation(s, r)
    # and the resumed game's own record replays
    again = woodlands.replay(json.loads(json.dumps(resumed.record())), None)
    assert again.view(0) == resumed.view(0)


@pytest.mark.rules("SW-082", "SW-083", "SW-084", "SW-085", "SW-086", "SW-087", "SW-088", "S-7")
def test_the_save_lays_the_game_out_like_the_save_tray():
    s = situation(scene="scene-light-goal", shadow=5, river=(H, X, L, E), crystals={"light": 2, "heal": 1},
                  spirit_pos=7, boons=[cid("boon-reroll"), cid("trauma-max-dice")], brom_side=1,
                  shadow_deck=[cid("shadow-light-back")], shadow_discard=[cid("shadow-lose-spirit")],
                  explore_deck=[cid("boon-gain-spirit")], explore_discard=[cid("bane-shadow")],
                  creature_deck=[cid("creature-plain")], creature_discard=[cid("creature-space-2")],
                  chapter_deck=[cid("story-keep")], dice=[8] * 5 + [12], dice_used=[False] * 6, faces=[0] * 6)
    s.apply("end")
    assert kind(s) == "scene_break"
    doc = s.save()
    assert doc["decks"]["shadow"] == {"face_down": ["shadow-light-back"], "face_up": ["shadow-lose-spirit"]}
    assert doc["decks"]["explore"] == {"face_down": ["boon-gain-spirit"], "face_up": ["bane-shadow"]}
    assert doc["decks"]["creature"] == {"face_down": ["creature-plain"], "face_up": ["creature-space-2"]}
    assert doc["decks"]["chapter"] == {"face_down": ["story-keep"],
                                       "face_up": [{"card": "luma", "side": "luma-and-brom"},
                                                   {"card": "brom", "side": "tend"},
                                                   {"card": "boon-reroll"}, {"card": "trauma-max-dice"}]}
    assert doc["actions"] == {"3+": "help", "4+": "heal", "5+": "light", "6+": "explore"}
    assert doc["crystals"] == {"3+": 0, "4+": 1, "5+": 2, "6+": 0}
    assert doc["spirit"] == 7 and doc["dice"] == [12]
    assert doc["next_scene"] == "scene-light-goal" and doc["mode"] == "restart"
    # Brom not on his space: he is not saved with the Chapter deck
    s2 = situation(scene="scene-light-goal", shadow=5, brom_present=False)
    s2.apply("end")
    assert s2.save()["decks"]["chapter"]["face_up"] == [{"card": "luma", "side": "luma-and-brom"}]
    resumed = GAME.new_game(seed=1, options={"resume": doc})
    assert resumed.river[:4] == s.river[:4] and resumed.crystals == s.crystals and resumed.brom_side == 1
    assert resumed.dice == [8] * 5 + [12] and resumed.spirit_pos == 7


@pytest.mark.rules("S-7", "SW-081")
def test_saving_is_only_possible_between_scenes():
    s = GAME.new_game(seed=1)
    with pytest.raises(woodlands.IllegalAction, match="end of a scene"):
        s.save()


def tamper(doc: dict, path: str, value: object) -> dict:
    bad = copy.deepcopy(doc)
    keys = path.split(".")
    d = bad
    for k in keys[:-1]:
        d = d[k]
    d[keys[-1]] = value
    return bad


@pytest.mark.rules("S-7")
@pytest.mark.parametrize("path, value, field", [
    ("format", "chess", "format"),
    ("content", {"id": "other", "version": "1"}, "content"),
    ("spirit", 13, "spirit"),
    ("spirit", "full", "spirit"),
    ("crystals.3+", 4, "crystals.3+"),
    ("actions.3+", "light", "actions"),
    ("dice", [10, 10], "dice"),
    ("next_scene", "nowhere", "next_scene"),
    ("decks.shadow.face_down", ["no-such-card"], "decks.shadow.face_down"),
    ("decks.explore.face_down", ["creature-plain"], "decks.explore.face_down"),
    ("ours.rng", -1, "ours.rng"),
    ("mode", "sideways", "mode"),
])
def test_a_tampered_save_is_refused_naming_the_field(path, value, field):
    s, _ = to_break(1)
    doc = json.loads(json.dumps(s.save()))
    with pytest.raises(GameOptionError, match=re.escape(f"field '{field}'")):
        GAME.new_game(seed=1, options={"resume": tamper(doc, path, value)})


@pytest.mark.rules("S-7")
def test_a_save_that_puts_one_card_in_two_places_is_refused():
    s, _ = to_break(2)
    doc = json.loads(json.dumps(s.save()))
    deck = doc["decks"]["creature"]
    card = (deck["face_down"] + deck["face_up"])[0]
    bad = tamper(doc, "decks.creature.face_up", deck["face_up"] + [card])
    with pytest.raises(GameOptionError, match="two places"):
        GAME.new_game(seed=1, options={"resume": bad})


def test_an_illegal_option_id_is_refused_and_changes_nothing():
    s = situation(river=("creature-plain", L, H, E, X))
    before = snapshot(s)
    for bad in ("act:heal:top:creature-plain", "act:light:top:nobody", "roll:9:0:0", "", "end:now"):
        with pytest.raises(woodlands.IllegalAction, match="legal now"):
            s.apply(bad)
        assert snapshot(s) == before
    with pytest.raises(woodlands.IllegalAction, match="SW-045"):
        s.apply("act:heal:top:creature-plain")


def test_records_replay_to_the_same_position():
    s = GAME.new_game(seed=4)
    r = random.Random(4)
    for _ in range(150):
        if s.is_over:
            break
        s.apply(r.choice(ids(s)))
    again = woodlands.replay(json.loads(json.dumps(s.record())))
    assert again.view(0) == s.view(0) and again.log == s.log


@pytest.mark.rules("SW-052", "SW-068", "SW-069")
def test_refusals_say_which_rule_forbids_them():
    s = situation()
    s.apply("act:light:bottom")
    with pytest.raises(woodlands.IllegalAction, match="SW-052"):
        s.apply("roll:0:0:0")
    with pytest.raises(woodlands.IllegalAction, match="not available"):
        s.apply("roll:3:1:0")
    rig(s, 1)
    s.apply("roll:1:0:0")
    s = situation(crystals={"light": 1})
    s.apply("act:light:bottom")
    rig(s, 1)
    s.apply("roll:1:0:0")
    with pytest.raises(woodlands.IllegalAction, match="SW-068"):
        s.apply("crystal")
    s = situation(crystals={"light": 3})
    s.apply("act:help:bottom")
    rig(s, 6)
    s.apply("roll:1:0:0")
    s.apply("resolve")
    with pytest.raises(woodlands.IllegalAction, match="SW-069"):
        s.apply("crystal:light")


@pytest.mark.rules("S-7")
def test_a_save_names_its_packs_fingerprint_and_an_edited_pack_of_the_same_version_refuses_it(tmp_path):
    import shutil
    s, _ = to_break(2)
    doc = json.loads(json.dumps(s.save()))
    c = GAME.content
    assert doc["version"] == 3 and doc["content"] == {"id": c.id, "version": c.version, "fingerprint": c.fingerprint}
    # a format 2 save (no fingerprint) still resumes, as before
    older = {**doc, "version": 2, "content": {"id": c.id, "version": c.version}}
    assert ids(GAME.new_game(seed=9, options={"resume": older})) == ids(s)
    # the same pack with one number changed and its version kept: the save is refused, naming both
    pack = tmp_path / "pack"
    shutil.copytree(GAME.content_path, pack)
    creatures = pack / "creatures.toml"
    text = creatures.read_text(encoding="utf-8")
    changed = text.replace("icons = 1", "icons = 2", 1)
    assert changed != text
    creatures.write_text(changed, encoding="utf-8")
    edited = woodlands.load_game("storyfold", pack)
    assert (edited.content.id, edited.content.version) == (c.id, c.version)
    assert edited.content.fingerprint != c.fingerprint
    with pytest.raises(GameOptionError) as err:
        edited.new_game(seed=9, options={"resume": doc})
    assert c.fingerprint[:10] in str(err.value) and edited.content.fingerprint[:10] in str(err.value)
