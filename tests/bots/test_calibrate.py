"""``woodlands calibrate``: positions of mixed skill, the stated win chance against the one reached
by playing on as the greedy bot would, binned (woodlands/bots/calibrate.py)."""
from __future__ import annotations

import json
import math
import random

import pytest

import woodlands
from woodlands.bots.calibrate import MIN_BIN, Point, bins, calibrate, setup, table
from woodlands.kit.stats import wilson_interval as wilson
from woodlands.cli.main import main


def test_a_small_run_writes_its_table_and_the_arithmetic_holds(tmp_path, capsys):
    out = tmp_path / "cal.json"
    assert main(["calibrate", "tanglewoods", "--positions", "40", "--samples", "4", "--workers", "1",
                 "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    doc = json.loads(out.read_text())
    assert {"game", "positions", "samples", "mean_error", "noise_floor", "rows", "points", "assumes"} <= set(doc)
    assert (doc["game"], doc["positions"], doc["samples"], len(doc["points"])) == ("tanglewoods", 40, 4, 40)
    assert doc["assumes"] == "if you play on as the greedy bot would" and doc["measure"] == "win chance"
    rows = doc["rows"]
    assert sum(r["positions"] for r in rows) == 40
    # the bins tile 0..100 in order
    assert rows[0]["low"] == 0 and rows[-1]["high"] == 100
    assert all(a["high"] == b["low"] for a, b in zip(rows, rows[1:]))
    for r in rows:
        inside = [p for p in doc["points"] if r["low"] <= 100 * p["stated"] < r["high"]
                  or (r["high"] == 100 and p["stated"] == 1.0)]
        assert len(inside) == r["positions"]
        assert r["stated"] == pytest.approx(100 * sum(p["stated"] for p in inside) / len(inside), abs=0.01)
        assert r["reached"] == pytest.approx(100 * sum(p["reached"] for p in inside) / len(inside), abs=0.01)
        assert r["error"] == pytest.approx(r["reached"] - r["stated"], abs=0.02)
        assert r["reached_low"] <= r["reached"] <= r["reached_high"]
    # mean_error: the size-weighted mean of the bins' distances
    again = sum(r["positions"] * abs(r["error"]) for r in rows) / 40
    assert doc["mean_error"] == pytest.approx(again, abs=0.02)
    assert all(p["reached"] in (0.0, 1.0) and 0 <= p["stated"] <= 1 for p in doc["points"])
    assert {p["player"] for p in doc["points"]} <= {"random", "greedy", "search", "mix"}
    assert f"**{doc['mean_error']:.1f} points**" in printed and "| stated range |" in printed


def test_the_same_seed_gives_the_same_positions_with_any_number_of_workers():
    one = calibrate("tanglewoods", 3, samples=2, seed=4, workers=1)
    two = calibrate("tanglewoods", 3, samples=2, seed=4, workers=2)
    assert one["points"] == two["points"] and one["rows"] == two["rows"]


def test_a_stopped_run_goes_on_where_it_stopped(tmp_path):
    keep = tmp_path / "points.jsonl"
    first = calibrate("tanglewoods", 2, samples=2, seed=1, keep=keep)
    assert len(keep.read_text().splitlines()) == 2
    whole = calibrate("tanglewoods", 3, samples=2, seed=1, keep=keep)
    assert whole["points"][:2] == first["points"] and len(keep.read_text().splitlines()) == 3
    # another sample count is another run: its positions are not taken from the file
    other = calibrate("tanglewoods", 1, samples=3, seed=1, keep=keep)
    assert other["samples"] == 3 and len(keep.read_text().splitlines()) == 4


def test_bins_merge_neighbours_until_each_holds_enough():
    two = bins([0.05] * 30 + [0.95] * 30)                       # the empty bins between go to a neighbour
    assert len(two) == 2 and two[0][0] == 0 and two[0][1] == two[1][0] and two[1][1] == 100
    spread = [k / 100 for k in range(100)] * 4                 # 40 in each 10-point bin
    assert bins(spread) == [(10 * k, 10 * k + 10) for k in range(10)]
    lopsided = [0.99] * 200 + [0.55] * 31 + [0.12] * 5 + [0.03] * 3
    found = bins(lopsided)
    counts = [sum(1 for s in lopsided if lo <= 100 * s < hi or (hi == 100 and s == 1)) for lo, hi in found]
    assert all(c >= MIN_BIN for c in counts) and sum(counts) == len(lopsided)
    assert found[0][0] == 0 and found[-1][1] == 100 and all(a[1] == b[0] for a, b in zip(found, found[1:]))
    assert bins([0.5] * 5) == [(0, 100)]                       # too few for two bins: one


def test_wins_get_wilson_intervals_and_scores_t_intervals():
    lo, hi = wilson(0, 30)
    assert lo == 0 and 0.1 < hi < 0.13                          # never a zero-width interval at 0 of 30
    pts = [Point(i, i, {}, "random", 0, 0, 0.7, 1.0 if i % 10 < 7 else 0.0) for i in range(40)]
    doc = table(pts, wins=True)
    (row,) = doc["rows"]
    assert row["stated"] == 70 and row["reached"] == 70 and doc["mean_error"] == 0
    # a calibrated estimate still shows some error by chance: the floor says how much
    assert doc["noise_floor"] == pytest.approx(100 * math.sqrt(0.7 * 0.3 / 40) * math.sqrt(2 / math.pi), abs=0.01)
    scores = [Point(i, i, {}, "greedy", 0, 0, 0.8, 0.7 + 0.01 * (i % 5)) for i in range(40)]
    s = table(scores, wins=False)["rows"][0]
    assert s["reached_low"] < s["reached"] < s["reached_high"] and s["error"] == pytest.approx(-8.0)


def test_set_ups_come_from_the_games_own_options():
    tangle = woodlands.load_game("tanglewoods")
    seen = [setup(tangle, random.Random(k)) for k in range(40)]
    assert {s["difficulty"] for s in seen} <= set(range(11)) and len({s["difficulty"] for s in seen}) > 5
    assert len({s["hero"] for s in seen}) > 1
    forest = woodlands.load_game("cursed-forest")
    drawn = [setup(forest, random.Random(k)) for k in range(40)]
    assert {d["players"] for d in drawn} == {1, 2, 3, 4}
    assert all(("adventurers" in d) == (d["players"] == 1) for d in drawn)   # asked only when alone
    assert setup(woodlands.load_game("storyfold"), random.Random(1)) == {}


def test_bad_input_gets_one_clear_line(capsys):
    assert main(["calibrate", "no-such-game", "--positions", "2"]) == 2
    assert "unknown game 'no-such-game'" in capsys.readouterr().err
    assert main(["calibrate", "tanglewoods", "--positions", "0"]) == 2
    assert "--positions" in capsys.readouterr().err
    assert main(["calibrate", "tanglewoods", "--samples", "0"]) == 2
    assert "--samples" in capsys.readouterr().err
    with pytest.raises(woodlands.GameOptionError):
        calibrate("tanglewoods", 0)
