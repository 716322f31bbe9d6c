"""A game from outside the package, through the command line: the toy game of tests/toy_game is
loaded by module name (``--game-module``, ``$WOODLANDS_GAME_MODULES``) and played with
``woodlands play`` from scripted input, its flags made from its option schema."""
from __future__ import annotations

import json
import os

import pytest

import woodlands
from woodlands.engine.registry import MODULES_ENV, unregister_game

TOY_MODULE = "tests.toy_game"


@pytest.fixture(autouse=True)
def forget_the_toy(monkeypatch):
    """Whatever a test loads, the toy is unknown again after it."""
    monkeypatch.delenv(MODULES_ENV, raising=False)
    yield
    monkeypatch.delenv(MODULES_ENV, raising=False)
    unregister_game("toy")


def test_the_toy_is_not_known_unless_loaded(run_cli):
    code, _, err = run_cli("play", "toy", stdin="q\n")
    assert code == 2 and "unknown game 'toy'" in err and len(err.strip().splitlines()) == 1


def test_play_the_toy_loaded_by_module_name(run_cli):
    # two squirrels count to 5 by ones: the fifth choice lands on the target
    code, out, err = run_cli("--game-module", TOY_MODULE, "play", "toy", "--seed", "3", "--players", "2",
                             "--target", "5", stdin="1\n1\nh\n1\n1\n1\nq\n", )
    assert code == 0, err
    assert "Count to Ten: 0 of 5" in out                      # its table
    assert "Player 2 (Squirrel 2) decides" in out          # hot-seat: the second seat's turn
    assert "Squirrel 1 adds 1: the count is 1." in out        # its narrator
    assert "Land exactly on the target to win." in out        # its help for the decision kind
    assert "Game over: WIN" in out


def test_the_menu_offers_a_game_named_in_the_environment(run_cli, monkeypatch):
    monkeypatch.setenv(MODULES_ENV, TOY_MODULE)
    n = len(woodlands.game_ids())
    assert "toy" in woodlands.game_ids()
    code, out, err = run_cli("play", "--seed", "1", stdin=f"{n}\n1\n\n2\n2\n2\n2\n2\nq\n")
    assert code == 0, err
    assert f"{n}. Count to Ten  (toy, 1-2 players)" in out
    assert "How many players (1-2)?" in out
    assert "Game over: WIN" in out and "Squirrel 1 adds 2: the count is 10." in out


def test_its_flags_come_from_its_option_schema(run_cli, capsys):
    code, out, _ = run_cli("play", "--help")
    assert code == 0 and "--target" not in out
    code, out, _ = run_cli("--game-module", TOY_MODULE, "play", "--help")
    assert code == 0 and "--target TARGET" in out and "toy: the count to land on, 5-50" in out
    assert "cursed-forest: number of players, 1-4 (default 1); toy: squirrels, 1 or 2" in " ".join(out.split())
    code, _, err = run_cli("--game-module", TOY_MODULE, "play", "toy", "--target", "99", stdin="q\n")
    assert code == 2 and "target must be a whole number from 5 to 50" in err


def test_sim_and_replay_run_the_toy(run_cli, tmp_path):
    code, out, err = run_cli("--game-module", TOY_MODULE, "sim", "toy", "--games", "6", "--bot", "greedy",
                             "--players", "2", "--json", str(tmp_path / "sim.json"))
    assert code == 0, err
    assert json.loads((tmp_path / "sim.json").read_text())["outcomes"]["win"] == 6
    state = woodlands.load_game("toy").new_game(seed=4, options={"target": 7})
    while not state.is_over:
        state.apply(state.decision.options[0].id)
    (tmp_path / "toy.json").write_text(json.dumps(state.record()))
    code, out, err = run_cli("--game-module", TOY_MODULE, "replay", str(tmp_path / "toy.json"), "--log")
    assert code == 0, err
    assert "Squirrel 1 adds 1: the count is 7." in out and "final: total 7, target 7" in out


def test_the_toy_s_study_makes_a_report(run_cli, tmp_path):
    """A game from outside the package gets a results file and a balance report with no line of
    its own in woodlands.sim: its section is the report's generic one (win rates by bot)."""
    pytest.importorskip("polars")
    results, page = tmp_path / "toy.parquet", tmp_path / "report.html"
    code, out, err = run_cli("--game-module", TOY_MODULE, "sim", "toy", "--games", "8", "--bot", "random,greedy",
                             "--players", "2", "--out", str(results))
    assert code == 0, err
    code, out, err = run_cli("--game-module", TOY_MODULE, "report", str(results), "-o", str(page))
    assert code == 0, err
    html = page.read_text()
    assert ">toy</h2>" in html                       # its own section, with its win rates by bot
    assert "16 games: toy with the greedy bot 8; toy with the random bot 8." in html
    assert '"game":"toy","bot":"greedy","games":8' in html


def test_a_module_that_cannot_be_imported_is_one_line(run_cli):
    code, _, err = run_cli("--game-module", "no_such_package.games", "play", "toy", stdin="q\n")
    assert code == 2 and "cannot import the game module 'no_such_package.games'" in err
    assert len(err.strip().splitlines()) == 1


def test_schema_prints_the_toy_s_view_schema(run_cli):
    code, out, err = run_cli("--game-module", TOY_MODULE, "schema", "toy")
    assert code == 0, err
    schema = json.loads(out)
    assert schema["title"] == "toy view" and schema["additionalProperties"] is False
    assert {"game", "seat", "over", "outcome", "deciding", "total", "target", "players"} == set(schema["required"])
    code, out, err = run_cli("--game-module", TOY_MODULE, "schema", "toy", "--events")
    assert code == 0, err
    assert sorted(json.loads(out)) == ["count", "game_over", "roll"]


def test_the_toy_table_is_drawn_from_its_model_on_both_screens():
    """The toy builds a table model from the seat's view; the terminal and the web draw it with
    their generic code (its elements, not the view as JSON)."""
    from rich.console import Console

    from woodlands.cli.table import table_for
    from woodlands.engine.presentation import presentation_for
    from woodlands.engine.registry import register_game
    from woodlands.web.render import render_table

    from tests.toy_game import DESCRIPTOR
    register_game(DESCRIPTOR)
    game = woodlands.load_game("toy")
    state = game.new_game(seed=2, options={"players": 2, "target": 7})
    state.apply(state.decision.options[0].id)
    view = state.view(1)
    model = presentation_for(game).table_model(view, 1)
    ids = [e.id for _, e in model.elements()]
    assert ids == ["count-words", "total", "squirrel-0", "squirrel-1"]
    html = str(render_table(game, view, 1))
    assert all(f'data-id="{i}"' in html for i in ids)
    assert "raw-view" not in html and '"total":' not in html and "The count: 1 of 7" in html
    assert 'class="token face-squirrel state-active"' in html
    for width in (80, 120):
        console = Console(width=width, record=True, color_system=None)
        console.print(table_for(presentation_for(game), view, 1, width, None))
        text = console.export_text()
        assert "Count to Ten: 1 of 7" in text and "▶ Squirrel 2" in text and "{" not in text


def test_one_entry_point_is_all_an_installed_game_needs(tmp_path):
    """An installed distribution that declares the toy in the ``woodlands.games`` entry-point
    group (a real ``*.dist-info`` on the path, found by importlib.metadata in a fresh process:
    no module flag, no environment variable) is a game like the built-in ones: listed, played
    in the terminal, simulated, and offered its bots, generic and its own."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    info = tmp_path / "woodlands_toy-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: woodlands-toy\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[woodlands.games]\ntoy = tests.toy_game:DESCRIPTOR\n")
    env = {k: v for k, v in os.environ.items() if k != MODULES_ENV}
    env["PYTHONPATH"] = os.pathsep.join([str(tmp_path), str(root)])

    def woodlands_cli(*argv: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "woodlands", *argv], input=stdin, capture_output=True,
                              text=True, env=env, cwd=tmp_path, timeout=300)

    listed = woodlands_cli("play", stdin="q\n")                      # the menu of games
    assert "Count to Ten" in listed.stdout, listed.stdout + listed.stderr
    played = woodlands_cli("play", "toy", "--seed", "3", "--players", "2", "--target", "5", stdin="1\n1\n1\n1\n1\nq\n")
    assert played.returncode == 0 and "Game over: WIN" in played.stdout, played.stdout + played.stderr
    simmed = woodlands_cli("sim", "toy", "--games", "4", "--bot", "greedy", "--players", "2",
                           "--json", str(tmp_path / "sim.json"))
    assert simmed.returncode == 0, simmed.stderr
    assert json.loads((tmp_path / "sim.json").read_text())["outcomes"]["win"] == 4
    script = "from woodlands.engine.registry import descriptor; print(descriptor('toy').bot_names)"
    bots = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, cwd=tmp_path,
                          timeout=120)
    assert bots.stdout.strip() == "('random', 'greedy')", bots.stdout + bots.stderr
