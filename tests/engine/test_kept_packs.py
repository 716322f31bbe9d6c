"""Kept content packs (engine/packs.py): a record made on an older version of a game's default
pack replays against the kept copy of that version; one naming a version Woodlands does not
have is refused, naming the version it needs and the ones there are, and nothing changes."""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

import woodlands
from woodlands.engine import game as game_module
from woodlands.engine import packs
from woodlands.engine.errors import IllegalAction, RecordError
from woodlands.engine.records import log_digest
from woodlands.sim.results import ResultsError, replay_row

#: a golden playthrough pinned on pack 0.1.0 (difficulty 10) before the retune, kept as it was
OLD = Path(__file__).parent / "records" / "tanglewoods-standard-0.1.0-greedy-3.json"


def _another_game_today(record: dict) -> bool:
    """The record's choices, played on today's default pack, are not its game: one of them is
    illegal there, or they end with another log."""
    new = woodlands.load_game("tanglewoods").new_game(seed=record["seed"], options=record["options"])
    try:
        for choice in record["choices"]:
            new.apply(choice)
    except IllegalAction:
        return True
    return log_digest(new.log) != record["digest"]


@pytest.fixture(scope="module")
def old() -> dict:
    return json.loads(OLD.read_text(encoding="utf-8"))


def test_the_default_pack_moved_on_and_the_old_one_is_kept():
    default = woodlands.load_game("tanglewoods").content
    assert (default.id, default.version) == ("tanglewoods-standard", "0.3.0")
    assert {("tanglewoods-standard", "0.1.0"), ("tanglewoods-standard", "0.2.0")} <= set(packs.kept_packs("tanglewoods"))
    # every kept pack loads and is what its folder name says
    for (pack_id, version), folder in packs.kept_packs("tanglewoods").items():
        assert folder.name == f"{pack_id}-{version}"
        assert packs.game_for("tanglewoods", pack_id, version).content.version == version


def test_a_real_record_made_on_the_old_pack_replays_exactly(old):
    record = old["record"]
    assert record["content"] == {"id": "tanglewoods-standard", "version": "0.1.0"}
    state = woodlands.replay(record)
    assert state.game.content.version == "0.1.0"
    assert state.outcome == old["outcome"] and log_digest(state.log) == record["digest"]
    assert len(state.choices) == old["decisions"]
    # and the kept pack is what makes it so: its choices on today's pack are another game
    assert _another_game_today(record)


#: a golden playthrough pinned on pack 0.2.0 before the hero retune of 0.3.0: a random game with
#: the Ashwood Woodcutter, one of the three heroes whose stats 0.3.0 changed
OLD_020 = Path(__file__).parent / "records" / "tanglewoods-standard-0.2.0-random-5.json"


def test_a_record_made_on_pack_0_2_0_replays_on_it_and_is_another_game_today():
    kept = json.loads(OLD_020.read_text(encoding="utf-8"))
    record = kept["record"]
    assert record["content"] == {"id": "tanglewoods-standard", "version": "0.2.0"}
    assert record["choices"][0] == "hero:ashwood-woodcutter"
    state = woodlands.replay(record)
    assert state.game.content.version == "0.2.0"
    assert state.outcome == kept["outcome"] and log_digest(state.log) == record["digest"]
    hero = state.game.content.heroes[state.hero].sides[0]
    assert (hero.strategy, hero.recovery) == (3, 3)          # the Woodcutter as 0.2.0 printed him
    today = woodlands.load_game("tanglewoods").content
    woodcutter = today.heroes[[h.id for h in today.heroes].index("ashwood-woodcutter")].sides[0]
    assert (woodcutter.strategy, woodcutter.recovery) == (2, 4)
    assert _another_game_today(record)


def test_a_record_can_go_on_from_the_old_pack(old):
    """A part-played record on the old pack (a terminal save) continues on that pack, and its
    own record still names it."""
    record = old["record"]
    state = packs.game_for("tanglewoods", "tanglewoods-standard", "0.1.0").new_game(
        seed=record["seed"], options=record["options"])
    for choice in record["choices"][:60]:
        state.apply(choice)
    saved = json.loads(json.dumps(state.record()))
    assert saved["content"]["version"] == "0.1.0"
    again = woodlands.replay(saved)
    assert again.view(0) == state.view(0) and again.decision.options == state.decision.options


@pytest.mark.parametrize("version", ["0.0.9", "9.9.9", "0.1.0 ", "\x1b[2J"])
def test_a_version_we_do_not_have_is_refused_and_changes_nothing(old, version):
    record = copy.deepcopy(old["record"])
    record["content"]["version"] = version
    kept_before = dict(packs.kept_packs("tanglewoods"))
    known_before = dict(game_module._KNOWN_PACKS)
    loaded_before = dict(packs._LOADED)
    default = woodlands.load_game("tanglewoods")
    with pytest.raises(RecordError) as err:
        woodlands.replay(record)
    message = str(err.value)
    assert "tanglewoods-standard 0.3.0, the default pack" in message
    assert "tanglewoods-standard 0.1.0, kept for old records" in message
    assert "tanglewoods-standard 0.2.0, kept for old records" in message
    assert (version if version.isprintable() and " " not in version else repr(version)[:10]) in message
    assert "\x1b" not in message and "\n" not in message
    assert packs.kept_packs("tanglewoods") == kept_before and game_module._KNOWN_PACKS == known_before
    assert packs._LOADED == loaded_before and woodlands.load_game("tanglewoods") is default
    assert default.content.version == "0.3.0"


def test_the_command_line_replays_the_old_record_and_refuses_a_tampered_one(old, tmp_path, capsys):
    from woodlands.cli.main import main
    good = tmp_path / "old.json"
    good.write_text(json.dumps(old["record"]), encoding="utf-8")
    assert main(["replay", str(good)]) == 0
    assert "Traceback" not in capsys.readouterr().err
    bad = tmp_path / "tampered.json"
    bad.write_text(json.dumps(dict(old["record"], content={"id": "tanglewoods-standard", "version": "0.0.9"})),
                   encoding="utf-8")
    assert main(["replay", str(bad)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert "0.0.9" in err and "0.3.0" in err and "0.2.0" in err and "0.1.0" in err


def test_a_results_row_from_the_old_pack_replays_on_it(old):
    record = old["record"]
    row = {"game": "tanglewoods", "content_id": "tanglewoods-standard", "content_version": "0.1.0",
           "seed": record["seed"], "options": json.dumps(record["options"]), "bot": "greedy",
           "digest": record["digest"]}
    assert replay_row(row).outcome == old["outcome"]
    with pytest.raises(ResultsError, match="0.0.7"):
        replay_row(dict(row, content_version="0.0.7"))


def test_ladder_rows_name_their_pack_and_the_old_rows_play_again_on_it():
    """docs/results/ladder rows were played on pack 0.1.0: a greedy row (the bot's play depends only on
    the seed) plays again to the same game on the kept pack; new rows name the pack, and a
    resumed ladder does not count rows of another pack as done."""
    from woodlands.bots.ladder import pack_label, play_game, read_rows
    rows = read_rows(Path(__file__).parents[2] / "docs" / "results" / "ladder" / "results.jsonl")
    old = [r for r in rows if r["game"] == "tanglewoods" and r["bot"] == "greedy"][:2]
    assert old and all(pack_label(r) == "tanglewoods-standard 0.1.0" for r in old)
    for r in old:
        again = play_game(r["game"], r["options"], r["bot"], r["seed"], r["budget"], r["leaf"], pack=r["content"])
        assert (again["result"], again["decisions"], again["measures"]) == (r["result"], r["decisions"], r["measures"])


def test_a_resumed_ladder_replays_the_seeds_of_another_pack(tmp_path):
    from woodlands.bots.ladder import read_rows, run_ladder, summarize
    path = tmp_path / "ladder.jsonl"
    first = run_ladder(path, "tanglewoods", {"difficulty": 3}, ["random"], 2, "200", say=[].append)
    today = woodlands.load_game("tanglewoods").content.fingerprint
    assert [r["content"] for r in first] == [{"id": "tanglewoods-standard", "version": "0.3.0", "fingerprint": today}] * 2
    # rows from the old pack (as docs/results/ladder's are) do not count as played on today's pack
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    path.write_text("".join(json.dumps(dict(r, content={"id": "tanglewoods-standard", "version": "0.1.0"})) + "\n"
                            for r in rows), encoding="utf-8")
    again = run_ladder(path, "tanglewoods", {"difficulty": 3}, ["random"], 2, "200", say=[].append)
    assert len(again) == 2 and len(read_rows(path)) == 4
    text = summarize(read_rows(path))
    assert "pack tanglewoods-standard 0.1.0" in text and "pack tanglewoods-standard 0.3.0" in text


def test_a_ladder_keeps_apart_rows_of_another_content_with_the_same_version(tmp_path):
    """Ladder rows carry their pack's fingerprint: rows of an edit that kept the version, or from
    before rows kept it, are not counted as played on today's pack, and are summed apart."""
    from woodlands.bots.ladder import pack_label, play_game, read_rows, run_ladder, summarize
    path = tmp_path / "ladder.jsonl"
    first = run_ladder(path, "tanglewoods", {"difficulty": 3}, ["random"], 2, "200", say=[].append)
    today = woodlands.load_game("tanglewoods").content.fingerprint
    assert {pack_label(r) for r in first} == {f"tanglewoods-standard 0.3.0 (fingerprint {today[:10]})"}
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    edited = dict(rows[0]["content"], fingerprint="f" * 64)
    before = {"id": "tanglewoods-standard", "version": "0.3.0"}
    path.write_text(json.dumps(dict(rows[0], content=edited)) + "\n" + json.dumps(dict(rows[1], content=before)) + "\n",
                    encoding="utf-8")
    again = run_ladder(path, "tanglewoods", {"difficulty": 3}, ["random"], 2, "200", say=[].append)
    assert sorted(r["seed"] for r in again) == [0, 1] and len(read_rows(path)) == 4
    text = summarize(read_rows(path))
    assert f"pack tanglewoods-standard 0.3.0 (fingerprint {today[:10]})" in text
    assert "pack tanglewoods-standard 0.3.0 (fingerprint ffffffffff)" in text
    assert "pack tanglewoods-standard 0.3.0\n" in text
    # a row of other content is not played again on today's pack as if it were its game
    with pytest.raises(RecordError, match="ffffffffff"):
        play_game("tanglewoods", rows[0]["options"], "random", 0, "200", "heuristic", pack=edited)
