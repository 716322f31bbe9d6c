"""Two packs compared pair by pair, packs known by their fingerprint, why games are lost and
what a swept number does: the report's numbers checked against small hand-made results files
(woodlands.sim.report, woodlands.sim.compare, woodlands.sim.losses, woodlands.sim.sweeps)."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

pytest.importorskip("polars", reason="the report extra is not installed")
pytest.importorskip("scipy", reason="the report extra is not installed")
pytest.importorskip("vl_convert", reason="the report extra is not installed")

import polars as pl  # noqa: E402

from woodlands.cli.main import main  # noqa: E402
from woodlands.kit.report import chart, svg, table  # noqa: E402
from woodlands.sim.compare import mcnemar_p, pack_changes, wilcoxon_p  # noqa: E402
from woodlands.sim.report import build_report  # noqa: E402
from woodlands.sim.stats import wilson_interval  # noqa: E402

A, B = "a" * 64, "b" * 64


def _row(seed, result, fingerprint=A, reward=0.0, bot="random", options="{}", variant=None, game="a-test-game", **extra):
    return {"game": game, "content_id": "my-pack", "content_version": "1.0", "rules": 1, "bot": bot, "options": options,
            "seed": seed, "result": result, "decisions": 10, "digest": f"sha256:{seed}-{result}-{reward}",
            "fingerprint": fingerprint, "variant": variant, "reward": reward, **extra}


def _write(path, rows):
    pl.DataFrame(rows, schema_overrides={"seed": pl.UInt64, "fingerprint": pl.String, "variant": pl.String},
                 infer_schema_length=None).write_parquet(path)
    return path


@pytest.fixture
def two_packs(tmp_path):
    """Ten seeds on pack A and on pack B (same id and version, other content). Seed 1 is won on
    A only, seeds 2-8 on B only, seeds 9 and 10 lost on both alike; the reward differs by 1, 2,
    3, -4, 5 on seeds 1-5 and not at all on the others."""
    diffs = [1, 2, 3, -4, 5, 0, 0, 0, 0, 0]
    a = [_row(s, "win" if s == 1 else "loss", A, reward=10.0) for s in range(1, 11)]
    b = [_row(s, "win" if 2 <= s <= 8 else "loss", B, reward=10.0 + diffs[s - 1]) for s in range(1, 11)]
    return _write(tmp_path / "a.parquet", a), _write(tmp_path / "b.parquet", b)


def test_the_paired_tests_match_a_hand_computation():
    # McNemar, exact: 1 pair won on the first pack only, 7 on the second only; under "no
    # change" each of the 8 goes either way with probability 1/2: P(X <= 1) = (1 + 8) / 2^8,
    # two-sided 18/256
    assert mcnemar_p(1, 7) == pytest.approx(18 / 256) == mcnemar_p(7, 1)
    assert mcnemar_p(0, 6) == pytest.approx(2 / 64) and mcnemar_p(0, 0) == 1.0
    # Wilcoxon: 1, 2, 3, -4, 5 rank 1..5, the negative ranks sum to 4; of the 2^5 sign patterns
    # {}, {1}, {2}, {3}, {4}, {1,2}, {1,3} have a sum of at most 4: p = 2 x 7/32
    assert wilcoxon_p([1, 2, 3, -4, 5, 0, 0]) == pytest.approx(14 / 32)
    assert wilcoxon_p([3, 1, 2]) == pytest.approx(2 / 8)       # all one way: 2 x 1/2^3
    assert wilcoxon_p([0, 0]) == 1.0


def test_two_fingerprints_of_one_version_are_compared_pair_by_pair(two_packs):
    report = build_report(list(two_packs))
    wins = report.tables["a-test-game_win"]
    # never pooled: one row per pack, each with its own ten games
    assert {(r["bot"], r["games"], r["wins"]) for r in wins} == {
        ("random (pack 1.0 aaaaaaaaaa)", 10, 1), ("random (pack 1.0 bbbbbbbbbb)", 10, 7)}
    cell, = report.tables["packs_compared"]
    assert (cell["pack_before"], cell["pack_after"]) == ("1.0 aaaaaaaaaa", "1.0 bbbbbbbbbb")
    assert (cell["pairs"], cell["both_won"], cell["before_only"], cell["after_only"], cell["identical"]) == (10, 0, 1, 7, 2)
    assert cell["mcnemar_p"] == pytest.approx(18 / 256) and not cell["significant"] and cell["test"] == "McNemar (paired)"
    assert (cell["before_win_rate"], cell["after_win_rate"]) == (0.1, 0.7)
    reward = next(r for r in report.tables["packs_compared_measures"] if r["measure"] == "reward" and r["options"] == "{}")
    assert (reward["pairs"], reward["pairs_differing"], reward["mean_difference"]) == (10, 5, pytest.approx(0.7))
    assert reward["wilcoxon_p"] == pytest.approx(14 / 32)
    line = next(s for s in report.summary if "games played on both" in s)
    assert "of 10 games played on both from the same seeds, 2 ended identically, 7 were won on 1.0 bbbbbbbbbb only" in line
    assert "McNemar's exact test, p = 0.0703: within chance" in line
    # no content given: the page says how to see what changed
    assert "give --pack DIR,DIR to see what changed" in report.html


def test_rows_without_a_fingerprint_are_unknown_and_never_pooled(two_packs, tmp_path):
    old = _write(tmp_path / "old.parquet", [_row(s, "win", None, reward=10.0) for s in range(1, 11)])
    report = build_report([*two_packs, old])
    assert {(r["bot"], r["games"], r["wins"]) for r in report.tables["a-test-game_win"]} == {
        ("random (pack 1.0 unknown)", 10, 10), ("random (pack 1.0 aaaaaaaaaa)", 10, 1), ("random (pack 1.0 bbbbbbbbbb)", 10, 7)}
    assert any("3 content packs (my-pack 1.0 unknown, my-pack 1.0 aaaaaaaaaa, my-pack 1.0 bbbbbbbbbb)" in s
               and "never pooled with a known one" in s for s in report.summary)


@pytest.fixture(scope="module")
def tanglewoods_file(tmp_path_factory):
    from woodlands.sim.runner import SimConfig, run_study
    out = tmp_path_factory.mktemp("tw") / "tw.parquet"
    run_study([SimConfig("tanglewoods", bot="random", options={"difficulty": 10, "round_limit": 200})], games=12, seed=1,
              out=str(out))
    return out


def test_a_copy_with_its_own_id_is_compared_and_what_changed_is_listed(tanglewoods_file, tmp_path, capsys):
    from woodlands.games import tanglewoods
    source = Path(tanglewoods.__file__).parent / "content"
    copy = tmp_path / "my-copy"
    shutil.copytree(source, copy)
    bears = (copy / "bears.toml").read_text(encoding="utf-8")
    (copy / "bears.toml").write_text(bears.replace("health = 7\n", "health = 9\n", 1), encoding="utf-8")
    pack = (copy / "pack.toml").read_text(encoding="utf-8")
    (copy / "pack.toml").write_text(pack.replace('id = "tanglewoods-standard"', 'id = "my-copy"'), encoding="utf-8")
    changes = pack_changes(source, copy)
    assert {(c["field"], c["before"], c["after"]) for c in changes} == {
        ("bears.toml: bear[papa-bear].enemy.health", "7", "9"), ("pack.toml: id", "tanglewoods-standard", "my-copy")}
    # the copy's results, as docs/content-packs.md's advice gives them: its own id, the same
    # seeds; here it won every game (and its rows carry no fingerprint: made before them)
    frame = pl.read_parquet(tanglewoods_file)
    original = frame.to_dicts()
    copied = tmp_path / "copy.parquet"
    frame.with_columns(pl.lit("my-copy").alias("content_id"), pl.lit("win").alias("result"),
                       pl.lit(None, dtype=pl.String).alias("fingerprint")).write_parquet(copied)
    target = tmp_path / "r.html"
    assert main(["report", str(tanglewoods_file), str(copied), "--pack", f"{source},{copy}", "-o", str(target)]) == 0
    page = target.read_text(encoding="utf-8")
    data = json.loads(re.search(r"id='woodlands-report-data'>(.*?)</script>", page, re.S).group(1).replace("<\\/", "</"))
    version = original[0]["content_version"]
    # the study gave every hero its turn (seed i plays the (i mod n)-th hero, named in the row's
    # options), so each hero's games are a set-up of their own: one cell per hero, 12 pairs in all
    cells = data["packs_compared"]
    assert len(cells) == len({json.loads(r["options"])["hero"] for r in original}) > 1
    for cell in cells:
        assert (cell["pack_before"], cell["pack_after"]) == (f"my-copy {version}", f"tanglewoods-standard {version}")
    lost = sum(r["result"] != "win" for r in original)
    assert tuple(sum(c[k] for c in cells) for k in ("pairs", "before_only", "after_only", "both_won")) == (
        12, lost, 0, 12 - lost)
    assert {(c["field"], c["before"], c["after"]) for c in data["packs_changed"]} == {
        ("bears.toml: bear[papa-bear].enemy.health", "9", "7"), ("pack.toml: id", "my-copy", "tanglewoods-standard")}
    assert "give --pack" not in page
    capsys.readouterr()
    assert main(["report", str(copied), "--pack", str(tmp_path / "nowhere"), "-o", str(tmp_path / "x.html")]) == 2
    assert "no such folder" in capsys.readouterr().err


def test_why_games_are_lost(tmp_path):
    """126 losses of the greedy bot, 81 of them with two bears beaten (the issue's example)."""
    rows = []
    seed = 0
    for bears, reason, n in ((2, "health", 60), (2, "time", 21), (1, "health", 30), (0, "time", 15)):
        for i in range(n):
            seed += 1
            rows.append(_row(seed, "loss", bot="greedy", loss_reason=reason, loss_round=3 + i % 4, at_loss_bears_beaten=bears))
    for _ in range(20):
        seed += 1
        rows.append(_row(seed, "win", bot="greedy", loss_reason=None, loss_round=None, at_loss_bears_beaten=3))
    report = build_report([_write(tmp_path / "l.parquet", rows)])
    reasons = {r["reason"]: r for r in report.tables["a_test_game_loss_reasons"]}
    assert {k: r["losses"] for k, r in reasons.items()} == {"health": 90, "time": 36}
    assert reasons["health"]["share"] == pytest.approx(90 / 126)
    assert (reasons["health"]["share_lo"], reasons["health"]["share_hi"]) == pytest.approx(wilson_interval(90, 126))
    state = {r["value"]: r["losses"] for r in report.tables["a_test_game_loss_state"]}
    assert state == {2: 81, 1: 30, 0: 15}                     # the wins' 3 bears are no loss
    by_round: dict[int, int] = {}
    for r in report.tables["a_test_game_loss_rounds"]:
        by_round[r["loss_round"]] = by_round.get(r["loss_round"], 0) + r["losses"]
    assert sum(by_round.values()) == 126 and by_round[3] == max(by_round.values())
    assert "a-test-game, greedy bot: 81 of 126 losses ended with bears beaten 2 (64.3%, the commonest at_loss_bears_beaten at a loss)." in report.summary
    assert "a-test-game, greedy bot: of 126 losses, 90 (71.4%) were health; the most (33) in round 3." in report.summary
    assert "Why a-test-game games are lost" in report.html


def test_losses_without_reasons_count_as_unknown_by_the_games_own_columns(tanglewoods_file, tmp_path):
    # a Tanglewoods file made before loss reasons and at_end_ columns: its older state columns
    # (balance.LOSS_COLUMNS names them after the newer ones)
    from woodlands.sim.results import read_table
    frame = pl.read_parquet(tanglewoods_file)
    old = tmp_path / "old.parquet"
    frame.drop([c for c in frame.columns if c in ("loss_reason", "loss_round") or c.startswith("at_end_")]).write_parquet(old)
    rows = read_table(old).to_pylist()
    report = build_report([old], min_support=5)
    lost = [r for r in rows if r["result"] == "loss"]
    assert lost, "random play at difficulty 10 loses"
    assert report.tables["tanglewoods_loss_reasons"] == [{
        "bot": "random", "reason": "unknown", "losses": len(lost), "share": 1.0, "share_lo": pytest.approx(wilson_interval(len(lost), len(lost))[0]),
        "share_hi": 1.0, "bot_losses": len(lost)}]
    counted = {(r["column"], r["value"]): r["losses"] for r in report.tables["tanglewoods_loss_state"]}
    assert {c for c, _ in counted} == {"bears_defeated", "health", "gold"}
    for column in ("bears_defeated", "health", "gold"):
        for value in {r[column] for r in lost}:
            assert counted[(column, value)] == sum(r[column] == value for r in lost)


def test_losses_by_the_reasons_the_rows_give(tanglewoods_file):
    from collections import Counter
    from woodlands.sim.results import read_table
    rows = read_table(tanglewoods_file).to_pylist()
    if "loss_reason" not in rows[0]:
        pytest.skip("the rows carry no loss_reason in this Woodlands")
    report = build_report([tanglewoods_file], min_support=5)
    lost = [r for r in rows if r["result"] == "loss"]
    reasons = Counter(r["loss_reason"] for r in lost)
    assert {r["reason"]: r["losses"] for r in report.tables["tanglewoods_loss_reasons"]} == dict(reasons)
    rounds = Counter((r["loss_reason"], r["loss_round"]) for r in lost)
    assert {(r["reason"], r["loss_round"]): r["losses"] for r in report.tables["tanglewoods_loss_rounds"]} == dict(rounds)


def test_a_sweep_is_plotted_and_ranked(tmp_path):
    rows = []
    # card.wolf.health: the win rate falls from 90% at 3 to 30% at 6; card.owl.gold barely moves it
    for value, wins in ((3, 18), (4, 14), (5, 10), (6, 6)):
        for s in range(20):
            rows.append(_row(s, "win" if s < wins else "loss", fingerprint=f"{value:x}" * 64,
                             variant=json.dumps({"card.wolf.health": value}, separators=(",", ":"))))
    for value, wins in ((1, 10), (2, 11)):
        for s in range(20):
            rows.append(_row(s, "win" if s < wins else "loss", fingerprint=f"e{value}" * 32,
                             variant=json.dumps({"card.owl.gold": value}, separators=(",", ":"))))
    report = build_report([_write(tmp_path / "s.parquet", rows)])
    sweep = report.tables["a_test_game_sweep"]
    assert [(r["field"], r["value"], r["wins"], r["games"]) for r in sweep] == [
        ("card.owl.gold", 1, 10, 20), ("card.owl.gold", 2, 11, 20),
        ("card.wolf.health", 3, 18, 20), ("card.wolf.health", 4, 14, 20), ("card.wolf.health", 5, 10, 20),
        ("card.wolf.health", 6, 6, 20)]
    ranked = report.tables["a_test_game_sensitivity"]
    assert [r["field"] for r in ranked] == ["card.wolf.health", "card.owl.gold"]
    wolf = ranked[0]
    assert (wolf["lowest_at"], wolf["highest_at"], wolf["range"]) == (6, 3, pytest.approx(0.6))
    assert 0 < wolf["range_lo"] < 0.6 < wolf["range_hi"]
    assert ranked[1]["range_lo"] == 0.0                          # 50% against 55%: within chance
    assert any(s.startswith("a-test-game, random bot: of the 2 field(s) varied, card.wolf.health moves the win rate most: "
                            "30.0% at 6 to 90.0% at 3") for s in report.summary)
    assert "Win rate against card.wolf.health" in report.html
    # the title is drawn on two lines, so a long field's name does not run past the drawing
    assert "<tspan>Win rate against card.wolf.health</tspan>" in report.html
    assert re.search(r"<tspan [^>]*dy=[^>]*>\(95% intervals\)</tspan>", report.html)
    # and each variant is a pack of its own, never pooled with the others
    assert len(report.tables["a-test-game_win"]) == 6
    # each variant is compared with the next (all in the tables); the summary keeps the
    # significant changes only
    assert len({(r["pack_before"], r["pack_after"]) for r in report.tables["packs_compared_pooled"]}) == 5
    compared = [s for s in report.summary if "games played on both" in s]
    assert all("a significant change" in s for s in compared)
    assert any(r["significant"] for r in report.tables["packs_compared_pooled"]) == bool(compared)


def test_lifts_print_as_numbers_and_levels_as_numbers(tmp_path):
    page = table([{"bot": "greedy", "id": "papa-bear", "lift": 17.46, "lift_lo": 16.259, "lift_hi": 17.46}],
                 [("bot", "bot"), ("id", "card"), ("lift", "lift"), ("lift_lo", "low"), ("lift_hi", "high")])
    assert "<td>17.46</td><td>16.26</td><td>17.46</td>" in page and "%" not in page
    rows = [_row(s, "win", options=json.dumps({"difficulty": d}, separators=(",", ":"))) for d in (1, 10, 2) for s in range(3)]
    report = build_report([_write(tmp_path / "d.parquet", rows)])
    assert [json.loads(r["options"])["difficulty"] for r in report.tables["a-test-game_win"]] == [1, 2, 10]
    assert "nearest-rank" in report.html and "never an average of two values" in report.html


def test_legend_labels_are_not_cut_short():
    label = "greedy (pack tanglewoods-standard 0.3.0 card.papa-bear.health=9)"
    drawn = svg(chart([{"x": 1, "y": 0.5, "bot": label}, {"x": 2, "y": 0.6, "bot": label}]).mark_line().encode(
        x="x:Q", y="y:Q", color="bot:N"))
    assert label in drawn.replace("&quot;", '"') and "…" not in drawn


def test_the_pack_itself_is_not_labelled_as_a_variant_of_itself():
    """Rows of the unedited pack reached through --vary content=DIR (a variant naming a folder
    only) or a sweep value equal to the pack's own (the same fingerprint) are the pack itself:
    labelled and ordered as the unedited pack, before the variants it is compared with."""
    import polars as pl

    from woodlands.sim.report import _pairs_to_compare, split_packs
    same, other = "a" * 64, "b" * 64
    df = pl.DataFrame({"game": ["tw"] * 3, "content_id": ["tw"] * 3, "content_version": ["0.3.0"] * 3,
                       "fingerprint": [same, same, other], "bot": ["greedy"] * 3,
                       "variant": ['{"content":"tw 0.3.0"}', '{"card.x.health":7}', '{"card.x.health":9}']})
    split, notes = split_packs(df)
    labels = dict(zip(split["fingerprint"], split["pack"]))
    assert labels == {same: "0.3.0 aaaaaaaaaa", other: "0.3.0 card.x.health=9"}
    assert _pairs_to_compare(split) == [("tw", "0.3.0 aaaaaaaaaa", "0.3.0 card.x.health=9")]
    assert "content=" not in " ".join(notes)


def test_pooled_both_packs_count_the_same_seeds_of_each_setup():
    """A set-up played on more seeds on one pack (a sweep's file given beside a comparison's)
    does not weigh more on that side of the pooled rates: pooled, a set-up counts with the seeds
    both packs played. By hand: the easy set-up has seeds 1-2 on both (all won); the hard one
    seeds 1-2 on both (won on neither) and seeds 3-6 on the second pack only (won on 3 and 4)."""
    from woodlands.sim.compare import compare_two
    rows = []
    for pack, seeds in (("A", (1, 2)), ("B", (1, 2, 3, 4, 5, 6))):
        rows += [{"pack": pack, "options": "easy", "seed": s, "result": "win"} for s in seeds[:2]]
        rows += [{"pack": pack, "options": "hard", "seed": s, "result": "win" if s in (3, 4) else "loss"} for s in seeds]
    df = pl.DataFrame([{**r, "game": "g", "base_bot": "greedy", "bot": "greedy"} for r in rows])
    cells, pooled, _ = compare_two(df, "g", "A", "B", [])
    hard = next(c for c in cells if c["options"] == "hard")
    assert (hard["games_before"], hard["games_after"], hard["wins_after"]) == (2, 6, 2)   # a cell keeps every game
    (row,) = pooled
    assert (row["games_before"], row["wins_before"], row["games_after"], row["wins_after"]) == (4, 2, 4, 2)
    assert row["pairs"] == 4 and row["change"] == 0.0


def test_one_game_reached_by_a_sweep_and_by_the_pack_keeps_both_names(tmp_path):
    """A sweep value equal to the pack's own (Health 7) plays the pack's own games: given beside
    a study of the unedited pack from the same seeds, each game counts once, for the pack and at
    its value of the sweep (before, the first file's row won and the value 7 lost those games)."""
    from woodlands.sim.report import load
    from woodlands.sim.runner import SimConfig, run_study
    plain, swept = tmp_path / "plain.parquet", tmp_path / "swept.parquet"
    run_study([SimConfig("tanglewoods", bot="random", options={"difficulty": 3})], games=2, seed=1, out=str(plain))
    run_study([SimConfig("tanglewoods", bot="random", options={"difficulty": 3}, edits={"card.papa-bear.health": h})
               for h in (7, 8)], games=2, seed=1, out=str(swept))
    df = load([plain, swept])
    assert df.height == 4             # seeds 1 and 2 once on the pack as it is, and twice at Health 8
    assert sorted(df.get_column("variant").to_list()) == ['{"card.papa-bear.health":7}'] * 2 + ['{"card.papa-bear.health":8}'] * 2
