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
    cases = bench.all_cases()
    monkeypatch.setattr(bench, "all_cases", lambda: cases[:1] + cases[3:])   # one game per adapter, to stay short
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


def test_each_row_is_the_median_of_paired_blocks_with_their_spread() -> None:
    """The ratio is the median of the blocks' ratios (raw time / adapter time on the same new
    games), given with their quartiles and range; the warm state frozen for the run is unfrozen."""
    import gc
    import statistics
    frozen = gc.get_freeze_count()
    rows = bench.run_env_bench(0.3, cases=bench.all_cases()[:1])
    assert gc.get_freeze_count() == frozen
    assert {r.adapter for r in rows} == {"gymnasium", "openspiel"}
    for r in rows:
        assert len(r.ratios) >= bench.MIN_BLOCKS and all(x > 0 for x in r.ratios)
        assert r.ratio == pytest.approx(statistics.median(r.ratios))
        low, q1, q3, high = r.spread
        assert low == min(r.ratios) and high == max(r.ratios) and low <= q1 <= r.ratio <= q3 <= high
        row = r.to_json()
        assert (row["ratio_min"], row["ratio_q1"], row["ratio_q3"], row["ratio_max"], row["blocks"]) == (low, q1, q3, high, len(r.ratios))
        assert row["adapter_steps_per_second_pooled"] > 0


def test_bench_env_of_one_game_measures_only_its_set_ups(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the game argument was ignored with --env: every set-up ran
    target = tmp_path / "env.json"
    assert main(["bench", "--env", "storyfold", "--seconds", "0.3", "--json", str(target)]) == 0
    assert {(r["case"], r["adapter"]) for r in json.loads(target.read_text())} == {
        ("storyfold", "gymnasium"), ("storyfold", "openspiel")}
    assert main(["bench", "--env", "nogame"]) == 2
    assert "unknown game 'nogame'" in capsys.readouterr().err
