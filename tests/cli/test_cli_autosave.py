"""AUD-15: ``woodlands play`` autosaves the game's record after every decision, atomically, in
the user's data folder ($WOODLANDS_DATA_DIR here, a temporary folder), says where, and its menu
offers to continue the last unfinished game; q, the end of input and Ctrl-C lose nothing."""
from __future__ import annotations

import io
import json
import os
import shutil
import sys
from pathlib import Path

import pytest

import woodlands
from woodlands.cli import autosave
from woodlands.cli.main import main

from .line_numbers import Typist


def autosaves(data_dir: Path) -> list[tuple[dict, dict]]:
    """(record, description) of every autosave, the newest description first."""
    found = []
    for meta in sorted((data_dir / "autosave").glob("*.meta.json")):
        info = json.loads(meta.read_text())
        found.append((json.loads((meta.parent / info["record"]).read_text()), info))
    return sorted(found, key=lambda pair: pair[1]["saved_at"], reverse=True)


def typed(numbers: list[int]) -> str:
    return "".join(f"{n}\n" for n in numbers)


def typed_from(finished: woodlands.GameState, start: int, stop: int | None = None) -> str:
    """What a player types to make ``finished``'s choices start:stop in a session that begins
    after its first ``start`` choices (a continued game: the numbers start afresh)."""
    choices = finished.record()["choices"]
    state = finished.game.new_game(seed=finished.seed)
    for option_id in choices[:start]:
        state.apply(option_id)
    typist, numbers = Typist(), []
    for option_id in choices[start:stop]:
        numbers.append(typist.number(state.decision, option_id))
        state.apply(option_id)
    return typed(numbers)


@pytest.mark.rules("AUD-15")
@pytest.mark.parametrize("ending", ["q\n", "", "quit\n"])
def test_every_decision_is_autosaved_and_quitting_says_where(default_game, run_cli, random_game_choices,
                                                             data_dir, ending):
    numbers, _ = random_game_choices(default_game, seed=8)
    code, out, err = run_cli("play", "tanglewoods", "--seed", "8", stdin=typed(numbers[:15]) + ending)
    assert code == 0, err
    [(record, info)] = autosaves(data_dir)
    path = data_dir / "autosave" / info["record"]
    assert f"Autosave: {path} (written after every choice)." in out          # at the start
    assert f"Autosaved to {path} (15 choices)." in out                        # on the way out
    assert f"woodlands play --load {path}" in out
    assert len(record["choices"]) == 15 and info["choices"] == 15 and info["finished"] is False
    assert info["game"] == "tanglewoods" and info["content"] is None and info["progress"].startswith("round ")
    expected, typist = default_game.new_game(seed=8), Typist()
    for n in numbers[:15]:
        expected.apply(typist.option(expected.decision, n))
    assert woodlands.replay(record).view(0) == expected.view(0)
    assert not [p for p in (data_dir / "autosave").iterdir() if p.name.endswith(".tmp")]


@pytest.mark.rules("AUD-15")
def test_the_menu_offers_to_continue_the_last_game(default_game, run_cli, random_game_choices, data_dir):
    numbers, finished = random_game_choices(default_game, seed=8)
    run_cli("play", "tanglewoods", "--seed", "8", stdin=typed(numbers[:15]) + "q\n")
    code, out, err = run_cli("play", stdin="c\n" + typed_from(finished, 15, 20) + "q\n")
    assert code == 0, err
    assert "c. Continue the last game: 20 Strong: Tanglewoods Gold (tanglewoods), saved " in out
    assert ", 15 choices, round " in out
    assert "Continuing 20 Strong: Tanglewoods Gold: 15 choices replayed." in out
    [(record, info)] = autosaves(data_dir)               # the same autosave goes on
    assert len(record["choices"]) == 20 and info["choices"] == 20
    assert "Autosaved to" in out and "(20 choices)" in out

    # play it to the end: the finished game is marked so, and no longer offered
    code, out, _ = run_cli("play", stdin="c\n" + typed_from(finished, 20) + "q\n")
    assert code == 0 and "Game over: " + finished.outcome["result"].upper() in out
    [(record, info)] = autosaves(data_dir)
    assert info["finished"] is True and record["choices"] == finished.record()["choices"]
    assert "The finished game's record is in" in out
    code, out, _ = run_cli("play", stdin="c\nq\n")
    assert "Continue the last game" not in out and "Type 1 to 3, or q to quit." in out


@pytest.mark.rules("AUD-15")
def test_the_newest_unfinished_game_is_offered_and_each_game_has_its_own_file(run_cli, data_dir):
    run_cli("play", "tanglewoods", "--seed", "1", stdin="1\nq\n")
    run_cli("play", "cursed-forest", "--seed", "2", "--players", "2", stdin="1\n1\nq\n")
    run_cli("play", "storyfold", "--seed", "3", stdin="q\n")            # no choice made: nothing kept
    saves = autosaves(data_dir)
    assert [info["game"] for _, info in saves] == ["cursed-forest", "tanglewoods"]
    code, out, _ = run_cli("play", stdin="q\n")
    assert "Continue the last game: Bag of Dungeon 2: The Cursed Forest (cursed-forest)" in out
    assert "2 choices" in out


@pytest.mark.rules("AUD-15")
def test_ctrl_c_quits_with_the_game_autosaved_and_no_traceback(default_game, random_game_choices, data_dir,
                                                               monkeypatch, capsys):
    numbers, _ = random_game_choices(default_game, seed=5)

    class Keyboard(io.StringIO):
        def readline(self, *args) -> str:          # type: ignore[override]
            line = super().readline(*args)
            if not line:
                raise KeyboardInterrupt
            return line

    monkeypatch.setattr(sys, "stdin", Keyboard(typed(numbers[:7])))
    code = main(["play", "tanglewoods", "--seed", "5"])
    out, err = capsys.readouterr()
    assert code == 130 and "Traceback" not in out + err
    assert "Interrupted: leaving the game." in out and "Autosaved to" in out and "(7 choices)" in out
    [(record, _)] = autosaves(data_dir)
    assert len(record["choices"]) == 7


@pytest.mark.rules("AUD-15")
def test_load_undo_and_a_loaded_game_are_autosaved(default_game, run_cli, random_game_choices, data_dir, tmp_path):
    numbers, _ = random_game_choices(default_game, seed=2)
    save = tmp_path / "mine.json"
    code, out, _ = run_cli("play", "tanglewoods", "--seed", "2", stdin=f"1\nu\n1\ns {save}\nq\n")
    assert code == 0 and "Undone" in out
    [(record, _)] = autosaves(data_dir)
    assert len(record["choices"]) == 1
    # a game loaded with l gets its own autosave; the one before stays
    code, out, _ = run_cli("play", "tanglewoods", "--seed", "9", stdin=f"1\nl {save}\nq\n")
    assert code == 0
    assert sorted(len(r["choices"]) for r, _ in autosaves(data_dir)) == [1, 1, 1]
    assert {r["seed"] for r, _ in autosaves(data_dir)} == {2, 9}
    # --load: the record is autosaved at once, under a new name, the player's file untouched
    before = save.read_bytes()
    code, out, _ = run_cli("play", "--load", str(save), stdin="q\n")
    assert code == 0 and save.read_bytes() == before and len(autosaves(data_dir)) == 4


@pytest.mark.rules("AUD-15")
def test_a_content_pack_game_remembers_its_pack(default_game, run_cli, random_game_choices, data_dir, tmp_path):
    pack = tmp_path / "my pack"
    shutil.copytree(Path(woodlands.__file__).parent / "games" / "tanglewoods" / "content", pack)
    toml = (pack / "pack.toml").read_text(encoding="utf-8")
    (pack / "pack.toml").write_text(toml.replace('id = "tanglewoods-standard"', 'id = "my-own-pack"', 1), encoding="utf-8")
    numbers, _ = random_game_choices(default_game, seed=4)
    code, _, err = run_cli("play", "tanglewoods", "--seed", "4", "--content", str(pack), stdin=typed(numbers[:6]) + "q\n")
    assert code == 0, err
    [(record, info)] = autosaves(data_dir)
    assert info["content"] == str(pack.resolve()) and record["content"]["id"] == "my-own-pack"
    code, out, err = run_cli("play", stdin="c\n" + typed(numbers[6:8]) + "q\n")
    assert code == 0, err
    assert f"pack {pack.resolve()}" in out and "(8 choices)" in out
    # the pack is gone: a clear line, the autosave kept
    shutil.rmtree(pack)
    code, out, err = run_cli("play", stdin="c\n")
    assert code == 2 and "content pack" in err and "which is gone" in err and "Traceback" not in err
    assert len(autosaves(data_dir)) == 1


@pytest.mark.rules("AUD-15")
def test_an_unwritable_data_folder_is_said_once_and_the_game_goes_on(run_cli, monkeypatch, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("WOODLANDS_DATA_DIR", str(blocker))
    code, out, err = run_cli("play", "tanglewoods", "--seed", "1", stdin="1\n1\n1\nq\n")
    assert code == 0, err
    assert out.count("Could not autosave to") == 1
    assert "this game is not kept" in out and "Goodbye" in out
    code, out, _ = run_cli("play", stdin="q\n")          # the menu still comes up
    assert code == 0 and "which game" in out


@pytest.mark.rules("AUD-15")
def test_no_autosave_flag_and_broken_autosaves_are_ignored(run_cli, data_dir):
    code, out, _ = run_cli("play", "tanglewoods", "--seed", "1", "--no-autosave", stdin="1\nq\n")
    assert code == 0 and "Autosave" not in out and not (data_dir / "autosave").exists()
    folder = data_dir / "autosave"
    folder.mkdir(parents=True)
    (folder / "x.meta.json").write_text("{not json")
    (folder / "y.meta.json").write_text(json.dumps({"format": "woodlands-autosave", "version": 1, "record": "../../etc/passwd",
                                                    "game": "tanglewoods", "saved_at": "2026-01-01T00:00:00+00:00",
                                                    "choices": 1, "progress": "", "finished": False, "content": None}))
    (folder / "z.meta.json").write_text(json.dumps({"format": "woodlands-autosave", "version": 1, "record": "z.json",
                                                    "game": "tanglewoods", "saved_at": "2026-01-01T00:00:00+00:00",
                                                    "choices": 1, "progress": "", "finished": False, "content": None}))
    code, out, _ = run_cli("play", stdin="q\n")
    assert code == 0 and "Continue" not in out          # none of them names a record beside it
    (folder / "z.json").write_text("{not json")
    code, out, _ = run_cli("play", stdin="c\n")
    assert "Continue the last game" in out
    assert code == 2                                     # a broken record: one line, no traceback


@pytest.mark.rules("AUD-15")
def test_writes_are_atomic_and_old_autosaves_are_pruned(default_game, data_dir, monkeypatch):
    state = default_game.new_game(seed=1)
    saver = autosave.Autosave.start(state, None)
    state.apply(state.decision.options[0].id)
    assert saver.write(state) is None
    before = saver.record.read_bytes()
    state.apply(state.decision.options[0].id)

    def power_cut(src, dst):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "replace", power_cut)
    assert "No space left on device" in (saver.write(state) or "")
    monkeypatch.undo()
    assert saver.record.read_bytes() == before, "the old autosave is whole"
    assert not [p for p in saver.record.parent.iterdir() if p.name.endswith(".tmp")]

    monkeypatch.setenv("WOODLANDS_DATA_DIR", str(data_dir))
    for _ in range(autosave.KEEP + 5):
        assert autosave.Autosave.start(state, None).write(state) is None
    assert len(autosave.saved_games()) == autosave.KEEP


@pytest.mark.rules("AUD-15")
def test_the_data_folder_is_the_platforms_unless_overridden(monkeypatch, tmp_path):
    import platformdirs
    monkeypatch.delenv("WOODLANDS_DATA_DIR", raising=False)
    assert autosave.data_dir() == Path(platformdirs.user_data_dir("woodlands", appauthor=False))
    monkeypatch.setenv("WOODLANDS_DATA_DIR", str(tmp_path))
    assert autosave.autosave_dir() == tmp_path / "autosave"


@pytest.mark.rules("AUD-15")
def test_a_resumed_storyfold_game_is_autosaved_and_its_scene_saves_stay(run_cli, data_dir, tmp_path):
    game = woodlands.load_game("storyfold")
    state, numbers, typist = game.new_game(seed=4), [], Typist()
    while state.decision.kind != "scene_break" or not numbers:
        numbers.append(typist.number(state.decision, state.decision.options[0].id))
        state.apply(state.decision.options[0].id)
    save = tmp_path / "scene.json"
    code, out, _ = run_cli("play", "storyfold", "--seed", "4", stdin=typed(numbers) + f"s {save}\nq\n")
    assert code == 0 and "Saved the end of the scene" in out and save.exists()
    code, out, err = run_cli("play", "storyfold", "--resume", str(save), stdin="1\n1\nq\n")
    assert code == 0, err
    resumed = [(r, i) for r, i in autosaves(data_dir) if "resume" in r["options"]]
    assert len(resumed) == 1 and len(resumed[0][0]["choices"]) == 2
    code, out, err = run_cli("play", stdin="c\n1\nq\n")
    assert code == 0, err
    assert "Continuing Storyfold: Wildwoods: 2 choices replayed." in out and "(3 choices)" in out


def test_saving_never_turns_another_file_into_a_record(default_game, run_cli, data_dir, tmp_path):
    # `s README.md` overwrote the file with a game record; a save of ours may be written again
    notes = tmp_path / "README.md"
    notes.write_text("# my notes\n", encoding="utf-8")
    mine = tmp_path / "mine.json"
    code, out, err = run_cli("play", "tanglewoods", "--seed", "8",
                             stdin=f"s {notes}\ns {mine}\n1\ns {mine}\nq\n")
    assert code == 0, err
    assert notes.read_text(encoding="utf-8") == "# my notes\n"
    assert f"Could not save to {notes}: {notes} already exists and is not a saved game" in out
    assert f"Saved the game record to {mine} (1 choice)." in out
    assert len(json.loads(mine.read_text())["choices"]) == 1


@pytest.mark.rules("AUD-15")
def test_the_autosave_name_carries_the_whole_seed(run_cli, data_dir):
    """A seed past twelve digits (random seeds reach fifteen) is named whole, not cut short."""
    seed = 123_456_789_012_345_678
    code, out, err = run_cli("play", "tanglewoods", "--seed", str(seed), stdin="1\nq\n")
    assert code == 0, err
    [(record, info)] = autosaves(data_dir)
    assert record["seed"] == seed
    assert f"-{seed}-" in info["record"] and f"-{seed}-" in out
