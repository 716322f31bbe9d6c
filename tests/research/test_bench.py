"""``woodlands bench --env`` (issue 13, "Performance"): the table of each adapter's steps per
second against the raw engine's decisions per second, and its JSON."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from woodlands.cli.main import main
from woodlands.research import bench


def test_bench_env_prints_each_adapter_against_the_raw_engine(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench, "CASES", bench.CASES[:1] + bench.CASES[3:])   # one game per adapter, to stay short
    target = tmp_path / "env.json"
    assert main(["bench", "--env", "--seconds", "0.6", "--json", str(target)]) == 0
    out = capsys.readouterr().out
    assert "raw decisions" in out and "env steps" in out and "gymnasium" in out and "pettingzoo" in out
    assert "openspiel" in out
    rows = json.loads(target.read_text())
    assert {(r["case"], r["adapter"]) for r in rows} == {("tanglewoods", "gymnasium"), ("cursed-forest, 3 players", "pettingzoo"),
                                                       ("tanglewoods", "openspiel"), ("cursed-forest, 3 players", "openspiel")}
    for r in rows:
        assert r["env_steps_per_second"] > 0 and r["raw_decisions_per_second"] > 0 and r["target_ratio"] == 0.5
        assert r["ratio"] == pytest.approx(r["env_steps_per_second"] / r["raw_decisions_per_second"])


def test_bench_needs_a_game_or_env(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench"]) == 2
    assert "--env" in capsys.readouterr().err


def test_an_adapter_whose_library_is_missing_is_left_out(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(bench.ADAPTERS, "nothing", "woodlands.research.no_such_module:bench_steps")
    found = bench.adapters()
    assert "nothing" not in found and {"gymnasium", "pettingzoo", "openspiel"} <= set(found)
