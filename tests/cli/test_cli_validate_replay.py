"""``woodlands validate`` and ``woodlands replay``."""
from __future__ import annotations


import json
import shutil
from pathlib import Path

import pytest

import woodlands
from woodlands.games.tanglewoods.content_loader import DEFAULT_PACK



def test_validate_the_default_pack(default_game, run_cli):
    code, out, err = run_cli("validate", str(DEFAULT_PACK))
    assert code == 0, out + err
    c = default_game.content
    assert out.startswith(f"ok: {c.id} {c.version} (")
    assert "heroes" in out and "maps" in out
    assert f"\nfingerprint: {c.fingerprint}\n" in out and len(c.fingerprint) == 64


def test_validate_tells_an_edited_pack_by_its_fingerprint(default_game, tmp_path, run_cli):
    import shutil
    pack = tmp_path / "edited"
    shutil.copytree(DEFAULT_PACK, pack)
    bears = pack / "bears.toml"
    bears.write_text(bears.read_text(encoding="utf-8").replace("health = 7", "health = 9", 1), encoding="utf-8")
    code, out, err = run_cli("validate", str(pack), "--json", str(tmp_path / "v.json"))
    assert code == 0, out + err
    c = default_game.content
    edited = woodlands.load_game("tanglewoods", pack).content
    assert out.startswith(f"ok: {c.id} {c.version} (") and edited.fingerprint != c.fingerprint
    assert f"fingerprint: {edited.fingerprint}" in out
    written = json.loads((tmp_path / "v.json").read_text(encoding="utf-8"))
    assert written == {"id": c.id, "version": c.version, "game": "tanglewoods", "fingerprint": edited.fingerprint,
                       "problems": []}


def _broken_copy(tmp_path: Path) -> Path:
    pack = tmp_path / "pack"
    shutil.copytree(DEFAULT_PACK, pack)
    heroes = pack / "heroes.toml"
    text = heroes.read_text(encoding="utf-8")
    heroes.write_text(text.replace("health = ", "health = -", 1), encoding="utf-8")   # out of range
    maps = pack / "maps.toml"
    maps.write_text(maps.read_text(encoding="utf-8").replace('directions = [', 'directions = ["Q", ', 1),
                    encoding="utf-8")                                                   # no such direction
    return pack


def test_validate_reports_every_problem_of_a_broken_pack(default_game, run_cli, tmp_path):
    pack = _broken_copy(tmp_path)
    with pytest.raises(woodlands.ContentError) as caught:
        woodlands.load_game("tanglewoods", pack)
    problems = caught.value.problems
    assert len(problems) >= 2
    code, out, err = run_cli("validate", str(pack))
    assert code == 1, out + err
    assert f"{len(problems)} problem(s)" in out
    flat = " ".join(out.split())
    for p in problems:
        assert " ".join(p.split()) in flat
    assert "Traceback" not in out + err


def test_validate_a_pack_without_pack_toml(run_cli, tmp_path):
    (tmp_path / "maps.toml").write_text("", encoding="utf-8")
    code, out, _ = run_cli("validate", str(tmp_path))
    assert code == 1 and "pack.toml" in out
    code, out, _ = run_cli("validate", str(tmp_path), "--game", "tanglewoods")
    assert code == 1 and "pack.toml" in out


def test_validate_user_mistakes(run_cli, tmp_path):
    code, _, err = run_cli("validate", str(tmp_path / "nope"))
    assert code == 2 and "does not exist" in err
    code, _, err = run_cli("validate", str(DEFAULT_PACK), "--game", "chess")
    assert code == 2 and "unknown game 'chess'" in err


def test_replay_prints_the_outcome_and_final_stats(default_game, run_cli, tmp_path, random_game_choices, write_record):
    _, state = random_game_choices(default_game, seed=6)
    path = write_record(tmp_path / "r.json", state.record())
    code, out, err = run_cli("replay", str(path))
    assert code == 0, err
    assert f"outcome: {state.outcome['result']}" in out
    view = state.view(0)
    assert f"round {view['round']}" in out and f"gold {view['gold']}" in out
    code, out, _ = run_cli("replay", str(path), "--log")
    assert code == 0 and "--- Round 1 begins ---" in out


def test_replay_of_an_unfinished_game(default_game, run_cli, tmp_path, write_record):
    state = default_game.new_game(seed=6)
    path = write_record(tmp_path / "r.json", state.record())
    code, out, _ = run_cli("replay", str(path))
    assert code == 0 and "not finished" in out


def test_replay_refuses_tampered_and_broken_records(default_game, run_cli, tmp_path, random_game_choices, write_record):
    _, state = random_game_choices(default_game, seed=7)
    good = state.record()
    tampered = dict(good, choices=good["choices"][:5] + ["apply:red:crit:papa-bear"] + good["choices"][6:])
    other_pack = dict(good, content={"id": good["content"]["id"], "version": "9.9.9"})
    not_a_record = {"hello": "world"}
    files = [write_record(tmp_path / f"{i}.json", r) for i, r in enumerate([tampered, other_pack, not_a_record])]
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "woodlands-record", ', encoding="utf-8")
    listing = tmp_path / "list.json"
    listing.write_text("[1, 2]", encoding="utf-8")
    for path in files + [broken, listing, tmp_path / "missing.json"]:
        code, out, err = run_cli("replay", str(path))
        assert code == 2, (path, out, err)
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    code, _, err = run_cli("replay", str(files[0]))
    assert "choice #6" in err


@pytest.mark.parametrize("game_id", ["tanglewoods", "storyfold", "cursed-forest"])
def test_every_default_pack_validates(run_cli, game_id):
    import importlib
    from woodlands.engine.registry import descriptor
    loader = importlib.import_module(descriptor(game_id).package + ".content_loader")
    code, out, err = run_cli("validate", str(loader.DEFAULT_PACK))
    assert code == 0, out + err
    assert out.startswith("ok: ")


def _old_tanglewoods_record(n: int) -> dict:
    """A record as Woodlands wrote it before records named their rules (rules version 1, no digest)."""
    state = woodlands.load_game("tanglewoods").new_game(seed=5, options={"hero": "thorn-warden", "side": "a"})
    for _ in range(n):
        state.apply(state.decision.options[0].id)
    record = state.record(digest=False)
    del record["rules"]
    return record


def test_replay_refuses_an_old_record_naming_the_changes_and_accepts_it_on_request(run_cli, tmp_path):
    """Issue 9, records across rules fixes: an old record is never replayed silently into a
    different game; the command says what changed, and --accept-rules-change replays it anyway."""
    path = tmp_path / "old.json"
    path.write_text(json.dumps(_old_tanglewoods_record(12)), encoding="utf-8")
    code, out, err = run_cli("replay", str(path))
    assert code == 2 and "Traceback" not in out + err
    assert "rules version 1" in err and "T-23" in err and "--accept-rules-change" in err
    code, out, err = run_cli("replay", str(path), "--accept-rules-change")
    assert code == 0, err
    assert "12 choices" in out


@pytest.mark.rules("T-23", "TG-040")
def test_the_tg040_repro_as_an_old_record_is_refused_naming_t23(run_cli, tmp_path):
    """The audit's TG-040 repro, saved as a record of the old rules: its 'draw' after the map was
    complete (which the old rules allowed) is no longer legal, so it is refused naming the change (and no flag can force it)."""
    repro = json.loads((Path(__file__).resolve().parents[1] / "repros" / "tanglewoods-TG040-draw-after-complete.json")
                       .read_text(encoding="utf-8"))
    game = woodlands.load_game("tanglewoods")
    record = {"format": "woodlands-record", "version": 1, "game": "tanglewoods",
              "content": {"id": game.content.id, "version": game.content.version},
              "options": repro["options"], "seed": repro["seed"], "choices": repro["choices"] + ["draw"]}
    with pytest.raises(woodlands.RecordError, match="T-23") as err:
        woodlands.replay(record, accept_rules_change=True)
    assert "no longer legal" in str(err.value) and "accept_rules_change" not in str(err.value)
    path = tmp_path / "tg040.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    code, out, err_text = run_cli("replay", str(path))
    assert code == 2 and "T-23" in err_text and "Traceback" not in out + err_text
