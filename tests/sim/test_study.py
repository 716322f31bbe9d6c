"""Studies streamed to Parquet: the rows, replaying a game from its row, resuming after an
interruption, the backend names and the mistakes a user can make (woodlands.sim.runner,
woodlands.sim.results, woodlands.cli.study)."""
from __future__ import annotations

import io
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from woodlands.cli.main import main
from woodlands.sim.results import ResultsError, ResultsFile, read_table, replay_row
from woodlands.sim.runner import SimConfig, run_sim, run_study

ROOT = Path(__file__).resolve().parents[2]


def cli(capsys, monkeypatch, *argv: str) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_study_rows_agree_with_plain_sim_and_replay(tmp_path):
    out = tmp_path / "r.parquet"
    configs = [SimConfig("tanglewoods", bot=b, options={"difficulty": d, "round_limit": 200})
               for b in ("random", "greedy") for d in (2, 9)]
    report = run_study(configs, games=6, seed=30, out=str(out))
    assert report.played == 24 and report.skipped == 0
    rows = read_table(out).to_pylist()
    assert len(rows) == 24 and not (tmp_path / "r.parquet.parts").exists()
    for config in configs:
        plain = run_sim(config, games=6, seed=30).rows
        mine = [r for r in rows if r["bot"] == config.bot and json.loads(r["options"])["difficulty"] == config.options["difficulty"]]
        assert [r["seed"] for r in mine] == list(range(30, 36))
        for p, r in zip(plain, mine):
            assert (p["result"], p["decisions"], p["rounds"], p["bears_defeated"]) == (
                r["result"], r["decisions"], r["rounds"], r["bears_defeated"])
            assert r["difficulty"] == config.options["difficulty"] and r["hero"] and r["digest"].startswith("sha256:")
    # any row replays to the same game: its seed, options and bot, checked by its digest
    row = next(r for r in rows if r["bot"] == "greedy")
    state = replay_row(row)
    assert state.outcome["result"] == row["result"]
    with pytest.raises(ResultsError, match="digest"):
        replay_row({**row, "digest": "sha256:" + "0" * 64})


def test_every_game_has_its_designer_columns(tmp_path):
    out = tmp_path / "all.parquet"
    run_study([SimConfig("storyfold", bot="random", options={"scene_limit": 200})], games=2, seed=1, out=str(out))
    run_study([SimConfig("cursed-forest", bot="greedy", options={"players": 2})], games=2, seed=1, out=str(out))
    run_study([SimConfig("tanglewoods", bot="random")], games=2, seed=1, out=str(out))
    table = read_table(out)
    rows = [r for r in table.to_pylist() if r["game"] != "tanglewoods"]
    assert sorted(set(table.column("game").to_pylist())) == ["cursed-forest", "storyfold", "tanglewoods"]
    # docs/simulation.md names every column a file can have
    documented = set(re.findall(r"^\| `([a-z_]+)` \|", (ROOT / "docs" / "simulation.md").read_text(encoding="utf-8"), re.M))
    assert set(table.column_names) <= documented, set(table.column_names) - documented
    for r in rows:
        if r["game"] == "storyfold":
            assert r["scenes"] and all(s["result"] in ("won", "lost", "unfinished") for s in r["scenes"])
            assert r["scenes_played"] == len(r["scenes"]) and r["fights"] is None
            assert len(r["restarts"]) == r["chapter_restarts"]
        else:
            assert r["players"] == 2 and len(r["characters"]) == 2 and r["scenes"] is None
            log = replay_row(r).log
            kills = [e for e in log if e["type"] == "kill"]
            assert 0 < sum(f["result"] == "won" for f in r["fights"]) <= len(kills)
            assert sum(f["result"] == "lost" for f in r["fights"]) <= r["deaths"]
            assert r["morna_kills"] <= r["deaths"] == sum(e["type"] == "death" for e in log)


def test_a_crash_leaves_parts_that_the_next_run_resumes(tmp_path):
    out = tmp_path / "r.parquet"
    config = SimConfig("tanglewoods", bot="random", options={"round_limit": 200})
    whole = tmp_path / "whole.parquet"
    run_study([config], games=40, seed=3, out=str(whole))
    # a run killed after 15 games: its parts are on disk, the file is not there yet
    ResultsFile(out).write_batch(run_study([config], games=15, seed=3).rows)
    assert not out.exists() and len(list((tmp_path / "r.parquet.parts").glob("part-*.parquet"))) == 1
    again = run_study([config], games=40, seed=3, out=str(out))
    assert (again.skipped, again.played) == (15, 25)
    assert read_table(out).equals(read_table(whole))


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "kill"])
def test_ctrl_c_keeps_what_finished_and_the_same_command_resumes(tmp_path, stop):
    out = tmp_path / "r.parquet"
    argv = [sys.executable, "-m", "woodlands", "sim", "tanglewoods", "--bot", "random", "--games", "3000",
            "--seed", "7", "--out", str(out)]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(argv, cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    parts = tmp_path / "r.parquet.parts"
    deadline = time.monotonic() + 60
    while not (parts.exists() and any(parts.glob("part-*.parquet"))) and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    proc.send_signal(stop)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "interrupted" in err and "Traceback" not in err
    first = pq.read_table(out).num_rows          # what finished was merged into the file
    assert 0 < first < 3000
    done = subprocess.run(argv, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert f"resumed: {first} game(s)" in done.stdout
    rows = read_table(out)
    assert rows.num_rows == 3000 and sorted(rows.column("seed").to_pylist()) == list(range(7, 3007))
    # the same rows as an uninterrupted run of the games around the interruption
    ref = run_study([SimConfig("tanglewoods", bot="random", options={"round_limit": 200})], games=20, seed=first - 3).rows
    mine = {r["seed"]: r for r in rows.to_pylist()}
    assert all(mine[r["seed"]]["digest"] == r["digest"] for r in ref)


def test_backend_names_and_mistakes(tmp_path, capsys, monkeypatch):
    code, out, err = cli(capsys, monkeypatch, "sim", "tanglewoods", "--games", "3", "--backend", "local",
                         "--json", str(tmp_path / "a.json"))
    assert code == 0, err
    assert json.loads((tmp_path / "a.json").read_text())["backend"] == "processes"
    for argv, words in (
            (("--address", "127.0.0.1:6379"), "for the ray backend"),
            (("--vary", "difficulty"), "KEY=V1,V2"),
            (("--vary", "difficulty=3..1"), "range"),
            (("--vary", "hero=nobody"), "unknown hero"),
            (("--vary", "difficulty=0..10", "--vary", "hero=all", "--vary", "round_limit=1..100"), "combinations"),
            (("--vary", "difficulty=0..1000", "--vary", "round_limit=0..1000", "--vary", "seed_x=0..1000"),
             "1,003,003,001 combinations"),
            (("--bot", "random,clever"), "clever"),
            (("--out", str(tmp_path)), "folder"),
            (("--backend", "ray", "--address", "nowhere"), "HOST:PORT"),
            (("--backend", "ray", "--address", "127.0.0.1:1"), "no Ray cluster answers")):
        code, out, err = cli(capsys, monkeypatch, "sim", "tanglewoods", "--games", "2", *argv)
        assert code == 2, (argv, out, err)
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err and words in err, (argv, err)
    assert not list(tmp_path.glob("*.parquet*"))


def test_without_ray_the_processes_backend_still_works(tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)          # as if the extra were not installed
    code, _, err = cli(capsys, monkeypatch, "sim", "tanglewoods", "--games", "2", "--backend", "ray")
    assert code == 2 and "pip install 'woodlands[ray]'" in err
    code, out, err = cli(capsys, monkeypatch, "sim", "tanglewoods", "--games", "4", "--bot", "random,greedy",
                         "--out", str(tmp_path / "r.parquet"), "--jobs", "2")
    assert code == 0, err
    assert read_table(tmp_path / "r.parquet").num_rows == 8 and "processes" in out


def test_sim_study_command_prints_per_configuration(tmp_path, capsys, monkeypatch):
    out = tmp_path / "r.parquet"
    code, text, err = cli(capsys, monkeypatch, "sim", "tanglewoods", "--games", "5", "--bot", "greedy",
                          "--vary", "difficulty=4,10", "--out", str(out), "--json", str(tmp_path / "s.json"))
    assert code == 0, err
    summary = json.loads((tmp_path / "s.json").read_text())
    rows = read_table(out).to_pylist()
    assert len(summary["configs"]) == 2
    for s in summary["configs"]:
        # a row's options also name the hero its seed was given (every hero in turn)
        mine = [r for r in rows if {k: v for k, v in json.loads(r["options"]).items() if k != "hero"}
                == json.loads(s["options"])]
        assert s["games"] == len(mine) == 5 and s["wins"] == sum(r["result"] == "win" for r in mine)
        assert s["fingerprint"] == mine[0]["fingerprint"] and s["variant"] is None


def test_the_command_line_imports_no_heavy_library_until_asked():
    code = ("import sys, woodlands.cli.main, woodlands.cli.commands, woodlands.sim; "
            "print(sorted(m for m in ('ray', 'pyarrow', 'polars', 'altair', 'vl_convert') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                         capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "[]", out.stdout + out.stderr
