"""Bad input gets a clear error and changes nothing: illegal options, tampered records,
broken content packs, bad game options."""
from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest

import woodlands
from woodlands.games.tanglewoods.content_loader import DEFAULT_PACK


def snapshot(state) -> str:
    return json.dumps([state.view(0), state.log, state.choices, state.rng.state], sort_keys=True, default=str)


# ---------------------------------------------------------------- illegal options
def test_an_unknown_option_raises_and_changes_nothing(tanglewoods):
    state = tanglewoods.new_game(seed=3)
    before = snapshot(state)
    with pytest.raises(woodlands.IllegalAction) as err:
        state.apply("no-such-option:42")
    assert "no-such-option:42" in str(err.value) and "legal now" in str(err.value)
    assert snapshot(state) == before


def test_every_refusal_in_a_game_changes_nothing(tanglewoods):
    """Mid-game, ids that are legal elsewhere but not now are refused with the step named."""
    state = tanglewoods.new_game(seed=21)
    rng = random.Random(21)
    probes = ["draw", "roll", "done", "leave", "buy:nothing", "commit:red", "complete", "visit"]
    refused = 0
    while not state.is_over and refused < 40:
        legal = set(state.decision.ids)
        for probe in probes:
            if probe not in legal:
                before = snapshot(state)
                with pytest.raises(woodlands.IllegalAction) as err:
                    state.apply(probe)
                assert probe in str(err.value) and state.decision.step in str(err.value)
                assert snapshot(state) == before
                refused += 1
        state.apply(rng.choice(state.decision.options).id)
    assert refused >= 40


def test_no_choice_after_the_game_is_over(tanglewoods):
    state = tanglewoods.new_game(seed=4)
    rng = random.Random(4)
    while not state.is_over:
        state.apply(rng.choice(state.decision.options).id)
    with pytest.raises(woodlands.IllegalAction, match="over"):
        state.apply("draw")


@pytest.mark.parametrize("options, match", [
    ({"difficulty": 11}, "difficulty"),
    ({"difficulty": -1}, "difficulty"),
    ({"difficulty": "hard"}, "difficulty"),
    ({"difficulty_mode": "sideways"}, "difficulty_mode"),
    ({"hero": "nobody"}, "unknown hero"),
    ({"colour": "red"}, "unknown option"),
    ({"round_limit": 0}, "round_limit"),
])
def test_bad_game_options_are_refused(tanglewoods, options, match):
    with pytest.raises(woodlands.GameOptionError, match=match):
        tanglewoods.new_game(seed=1, options=options)


@pytest.mark.parametrize("seed", [-1, "7", 1.5, True])
def test_bad_seeds_are_refused(tanglewoods, seed):
    with pytest.raises(woodlands.GameOptionError, match="seed"):
        tanglewoods.new_game(seed=seed)


def test_unknown_game():
    with pytest.raises(woodlands.GameOptionError, match="unknown game"):
        woodlands.load_game("chess")


# ---------------------------------------------------------------- tampered records
@pytest.fixture()
def record(tanglewoods):
    state = tanglewoods.new_game(seed=9)
    rng = random.Random(9)
    for _ in range(25):
        state.apply(rng.choice(state.decision.options).id)
    return json.loads(json.dumps(state.record()))


def tamper(record, **changes):
    out = json.loads(json.dumps(record))
    for k, v in changes.items():
        if v is KeyError:
            del out[k]
        else:
            out[k] = v
    return out


@pytest.mark.parametrize("changes, match", [
    ({"format": "chess-pgn"}, "not a Woodlands record"),
    ({"version": 99}, "version"),
    ({"seed": "nine"}, "seed"),
    ({"seed": KeyError}, "seed"),
    ({"choices": "draw"}, "choices"),
    ({"choices": [1, 2]}, "choices"),
    ({"game": "chess"}, "unknown game"),
    ({"content": {"id": "someone-elses-pack", "version": "9"}}, "content"),
    ({"options": {"difficulty": 40}}, "options"),
])
def test_tampered_records_are_refused(record, changes, match):
    with pytest.raises(woodlands.RecordError, match=match):
        woodlands.replay(tamper(record, **changes))


def test_a_forged_choice_is_refused_with_its_position(record):
    forged = tamper(record, choices=record["choices"][:10] + ["buy:the-moon"] + record["choices"][10:])
    with pytest.raises(woodlands.RecordError, match=r"choice #11 \('buy:the-moon'\)"):
        woodlands.replay(forged)


def test_a_record_that_is_not_an_object():
    with pytest.raises(woodlands.RecordError):
        woodlands.replay(["not", "a", "record"])  # type: ignore[arg-type]


# ---------------------------------------------------------------- broken content packs
@pytest.fixture()
def pack(tmp_path, tanglewoods) -> Path:
    dst = tmp_path / "pack"
    shutil.copytree(tanglewoods.content_path or DEFAULT_PACK, dst)
    return dst


def append(path: Path, text: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + "\n" + text, encoding="utf-8")


MINION = '''
[[card]]
id = "{id}"
kind = "minion"
provenance = "stand-in"
[card.day]
name = "Test"
direction = "N"
health = {health}
damage = 1
{extra}
[card.night]
name = "Test"
direction = "N"
health = 2
damage = 1
'''


@pytest.mark.parametrize("file, text, expect", [
    ("forest.toml", MINION.format(id="x1", health=2, extra="speed = 3"), ["forest.toml", "'x1'", "speed"]),
    ("forest.toml", MINION.format(id="x2", health='"lots"', extra=""), ["forest.toml", "'x2'", "day.health"]),
    ("forest.toml", MINION.format(id="x3", health=99, extra=""), ["forest.toml", "'x3'", "day.health"]),
    ("forest.toml", MINION.format(id="x4", health=2, extra='effects = [{ when = "ambush", do = "summon_dragon" }]'),
     ["forest.toml", "'x4'", "do", "summon_dragon"]),
    ("forest.toml", MINION.format(id="x5", health=2, extra='effects = [{ when = "ambush", do = "lose_gold", amount = -3 }]'),
     ["forest.toml", "'x5'", "amount"]),
    ("forest.toml", MINION.format(id="x6", health=2, extra='effects = [{ when = "ongoing", do = "lose_gold", amount = 1 }]'),
     ["forest.toml", "'x6'", "when"]),
    ("forest.toml", MINION.format(id="x7", health=2, extra='effects = [{ when = "after", do = "gain_gold", amount = 1, if = "full_moon" }]'),
     ["forest.toml", "'x7'", "if", "full_moon"]),
    ("forest.toml", MINION.format(id="x8", health=2, extra='effects = [{ when = "ongoing", do = "modify", stat = "luck", amount = 1 }]'),
     ["forest.toml", "'x8'", "luck"]),
    ("forest.toml", MINION.format(id="x9", health=2, extra="direction = 'up'").replace('direction = "N"\nhealth = 2\ndamage = 1\ndirection', 'health = 2\ndamage = 1\ndirection', 1),
     ["forest.toml", "'x9'"]),
    ("forest.toml", '[[card]]\nid = "fable-x"\nkind = "fable"\nprovenance = "stand-in"\n[card.day]\nname = "F"\ndamage = 2\n[card.night]\nname = "F"\n',
     ["forest.toml", "'fable-x'", "fable"]),
    ("forest.toml", '[[card]]\nid = "Bad Id"\nkind = "minion"\nprovenance = "stand-in"\n', ["forest.toml", "id"]),
    ("forest.toml", '[[card]]\nid = "who-made-me"\nkind = "minion"\nprovenance = "found-it"\n', ["forest.toml", "provenance"]),
    ("items.toml", '[[item]]\nid = "no-window"\nprovenance = "stand-in"\n[item.ordinary]\nname = "N"\ncost = 1\n'
                   'effects = [{ when = "use", do = "reroll_die" }]\n[item.upgraded]\nname = "N"\ncost = 1\n'
                   'effects = [{ when = "use", window = "strategy", do = "reroll_die" }]\n', ["items.toml", "'no-window'", "window"]),
    ("maps.toml", '[[map]]\nid = "nowhere"\nprovenance = "stand-in"\n[map.day]\nname = "N"\ndirections = ["up"]\n[map.night]\nname = "N"\ndirections = []\n',
     ["maps.toml", "'nowhere'", "directions"]),
    ("maps.toml", '[[map]]\nid = "grabby-map"\nprovenance = "stand-in"\n[map.day]\nname = "G"\ndirections = ["N"]\n'
                  'effects = [{ when = "ambush", do = "add_to_tableau" }]\n[map.night]\nname = "G"\ndirections = ["N"]\n',
     ["maps.toml", "'grabby-map'", "add_to_tableau"]),
    ("heroes.toml", '[[hero]]\nid = "giant"\nprovenance = "stand-in"\n[hero.a]\nname = "G"\nhealth = 9\nstrategy = 1\nrecovery = 1\n'
                    '[hero.b]\nname = "G"\nhealth = 1\nstrategy = 1\nrecovery = 1\nflip = { when = "sunrise" }\n',
     ["heroes.toml", "'giant'", "health", "sunrise"]),
])
def test_broken_packs_name_file_entry_and_field(pack, file, text, expect):
    append(pack / file, text)
    with pytest.raises(woodlands.ContentError) as err:
        woodlands.load_game("tanglewoods", pack)
    for needle in expect:
        assert needle in str(err.value), (needle, str(err.value))


def test_a_duplicate_id_is_named(pack, tanglewoods):
    first_id = tanglewoods.content.forest[0].id
    append(pack / "forest.toml", MINION.format(id=first_id, health=2, extra=""))
    with pytest.raises(woodlands.ContentError, match=f"'{first_id}' is already used"):
        woodlands.load_game("tanglewoods", pack)


def test_every_problem_is_reported_at_once(pack):
    append(pack / "forest.toml", MINION.format(id="bad-one", health=0, extra="") + MINION.format(id="bad-two", health=0, extra=""))
    with pytest.raises(woodlands.ContentError) as err:
        woodlands.load_game("tanglewoods", pack)
    assert len(err.value.problems) >= 2 and "'bad-one'" in str(err.value) and "'bad-two'" in str(err.value)


def test_not_toml(pack):
    (pack / "maps.toml").write_text("this is = = not toml", encoding="utf-8")
    with pytest.raises(woodlands.ContentError, match="maps.toml: not valid TOML"):
        woodlands.load_game("tanglewoods", pack)


def test_a_missing_file(pack):
    (pack / "items.toml").unlink()
    with pytest.raises(woodlands.ContentError, match="items.toml: file is missing"):
        woodlands.load_game("tanglewoods", pack)


def test_a_pack_for_another_game(pack):
    text = (pack / "pack.toml").read_text(encoding="utf-8").replace('game = "tanglewoods"', 'game = "storyfold"')
    (pack / "pack.toml").write_text(text, encoding="utf-8")
    with pytest.raises(woodlands.ContentError, match="this pack is for 'storyfold'"):
        woodlands.load_game("tanglewoods", pack)
    # the whole answer: a real Storyfold pack given to Tanglewoods gave 21 more problems (its
    # missing forest.toml, bears.toml ...) that only hid that one
    storyfold_pack = Path(woodlands.__file__).parent / "games" / "storyfold" / "content"
    with pytest.raises(woodlands.ContentError) as refused:
        woodlands.load_game("tanglewoods", storyfold_pack)
    assert refused.value.problems == ["pack.toml: entry (pack): field 'game': this pack is for 'storyfold', not 'tanglewoods'"]


def test_four_bears_are_refused(pack):
    text = (pack / "bears.toml").read_text(encoding="utf-8")
    extra = text[text.rindex("[[bear]]"):].replace('id = "mama-bear"', 'id = "grandpa-bear"')
    append(pack / "bears.toml", extra)
    with pytest.raises(woodlands.ContentError, match="exactly 3 bears"):
        woodlands.load_game("tanglewoods", pack)


def test_not_a_folder(tmp_path):
    with pytest.raises(woodlands.ContentError, match="not a folder"):
        woodlands.load_game("tanglewoods", tmp_path / "nowhere")
