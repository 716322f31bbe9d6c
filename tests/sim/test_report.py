"""``woodlands report``: built from a small study of every game, its numbers are checked against
the Parquet rows they come from, and the page is one offline file (woodlands.sim.report)."""
from __future__ import annotations

import io
import json
import re
import sys
from collections import Counter

import pytest

pytest.importorskip("polars", reason="the report extra is not installed")
pytest.importorskip("vl_convert", reason="the report extra is not installed")

from woodlands.cli.main import main  # noqa: E402
from woodlands.sim.report import build_report, monotone_flags, strongest_higher  # noqa: E402
from woodlands.sim.results import read_table  # noqa: E402
from woodlands.sim.runner import SimConfig, run_study  # noqa: E402
from woodlands.sim.stats import wilson_interval  # noqa: E402


@pytest.fixture(scope="module")
def study(tmp_path_factory):
    folder = tmp_path_factory.mktemp("report")
    tw, sf, cf = folder / "tw.parquet", folder / "sf.parquet", folder / "cf.parquet"
    run_study([SimConfig("tanglewoods", bot=b, options={"difficulty": d, "hero": h, "round_limit": 200})
               for b in ("random", "greedy") for d in (8, 9, 10) for h in ("thorn-warden", "hedge-witch")],
              games=12, seed=1, out=str(tw), jobs=2)
    run_study([SimConfig("storyfold", bot="random", options={"scene_limit": 200})], games=6, seed=1, out=str(sf))
    run_study([SimConfig("cursed-forest", bot=b, options={"players": p})
               for b in ("random", "greedy") for p in (1, 2)], games=8, seed=1, out=str(cf), jobs=2)
    rows = read_table(tw).to_pylist() + read_table(sf).to_pylist() + read_table(cf).to_pylist()
    return build_report([tw, sf, cf], min_support=5), rows, folder


def _wins(rows):
    return sum(r["result"] == "win" for r in rows), len(rows)


def test_tanglewoods_numbers_match_the_rows(study):
    report, rows, _ = study
    tw = [r for r in rows if r["game"] == "tanglewoods"]
    levels = report.tables["tanglewoods_win_by_level"]
    assert {(r["bot"], r["difficulty"]) for r in levels} == {(b, d) for b in ("random", "greedy") for d in (8, 9, 10)}
    for r in levels:
        wins, games = _wins([x for x in tw if x["bot"] == r["bot"] and x["difficulty"] == r["difficulty"]])
        assert (r["wins"], r["games"]) == (wins, games) == (r["wins"], 24)
        assert (r["win_lo"], r["win_hi"]) == pytest.approx(wilson_interval(wins, games))
    for r in report.tables["tanglewoods_win_by_level_hero"]:
        assert (r["wins"], r["games"]) == _wins([x for x in tw if (x["bot"], x["difficulty"], x["hero"]) == (r["bot"], r["difficulty"], r["hero"])])
    # the monotonicity flags are the level table's, level by level
    for f in report.tables["tanglewoods_monotonicity"]:
        if f["hero"] == "(all)":
            here = next(r for r in levels if (r["bot"], r["difficulty"]) == (f["bot"], f["difficulty"]))
            below = next(r for r in levels if (r["bot"], r["difficulty"]) == (f["bot"], f["difficulty"] - 1))
            assert f["win_rate"] == here["win_rate"] and f["below_rate"] == below["win_rate"]
            assert (f["flag"] == "not harder") == (here["win_rate"] >= below["win_rate"] and not (
                here["win_rate"] == below["win_rate"] and here["win_rate"] in (0.0, 1.0)))
    # rounds, and gold at the end of lost games
    for r in report.tables["tanglewoods_rounds"]:
        mine = [x["rounds"] for x in tw if (x["bot"], x["difficulty"], x["result"]) == (r["bot"], r["difficulty"], r["result"])]
        assert r["games"] == len(mine) and r["mean"] == pytest.approx(sum(mine) / len(mine)) and r["max"] == max(mine)
    for r in report.tables["tanglewoods_at_death"]:
        gold = [x["gold"] for x in tw if (x["bot"], x["difficulty"], x["result"]) == (r["bot"], r["difficulty"], "loss")]
        assert r["games"] == len(gold) and r["gold_mean"] == pytest.approx(sum(gold) / len(gold))
    # which cards matter (it took the place of the lift of the cards held at the end): every row's
    # games, wins and games without are the rows' own, counted from their events
    matter = [r for r in report.tables["cards_matter"] if r["game"] == "tanglewoods"]
    assert matter, "no card event was in 5 games of a bot with both wins and losses"
    for r in matter:
        games = [x for x in tw if x["bot"] == r["bot"]]
        having = [x for x in games if any((e["kind"], e["id"], e["event"]) == (r["kind"], r["id"], r["event"])
                                          for e in x["events"])]
        assert (r["wins"], r["games"]) == _wins(having)
        assert (r["wins_without"], r["games_without"]) == _wins([x for x in games if x not in having])
        assert (r["with_lo"], r["with_hi"]) == pytest.approx(wilson_interval(r["wins"], r["games"]))
        assert r["effect"] == pytest.approx(r["wins"] / r["games"] - r["wins_without"] / r["games_without"])


def test_storyfold_and_cursed_forest_numbers_match_the_rows(study):
    report, rows, _ = study
    sf = [r for r in rows if r["game"] == "storyfold"]
    first: Counter[str] = Counter()
    first_won: Counter[str] = Counter()
    for r in sf:
        for s in r["scenes"]:
            if s["attempt"] == 1:
                first[s["scene"]] += 1
                first_won[s["scene"]] += s["result"] == "won"
    scenes = report.tables["storyfold_scenes"]
    assert {s["scene"] for s in scenes} == set(first)
    for s in scenes:
        assert (s["first_tries"], s["first_wins"]) == (first[s["scene"]], first_won[s["scene"]])
    restarts = Counter(c for r in sf for c in r["restarts"])
    assert {r["chapter"]: r["restarts_total"] for r in report.tables["storyfold_restarts"]} == dict(restarts)
    spread = {r["measure"]: r for r in report.tables["storyfold_score_spread"]}
    assert spread["shadow_cards"]["mean"] == pytest.approx(sum(r["shadow_cards"] for r in sf) / len(sf))

    cf = [r for r in rows if r["game"] == "cursed-forest"]
    for r in report.tables["cursed_forest_win_by_players"]:
        assert (r["wins"], r["games"]) == _wins([x for x in cf if (x["bot"], x["players"]) == (r["bot"], r["players"])])
    for r in report.tables["cursed_forest_win_by_character"]:
        assert (r["wins"], r["games"]) == _wins([x for x in cf if x["bot"] == r["bot"] and r["character"] in x["characters"]])
    fights = [(x["bot"], f) for x in cf for f in x["fights"]]
    for m in report.tables["cursed_forest_monsters"]:
        mine = [f for b, f in fights if b == m["bot"] and f["monster"] == m["monster"]]
        assert (m["fights"], m["won"], m["lost"]) == (len(mine), sum(f["result"] == "won" for f in mine),
                                                      sum(f["result"] == "lost" for f in mine))
    grid = Counter((x["bot"], x["seeds_laid"], x["morna_kills"]) for x in cf)
    assert {(r["bot"], r["seeds_laid"], r["morna_kills"]): r["games"] for r in report.tables["cursed_forest_seeds_vs_morna"]} == dict(grid)


def test_the_page_is_one_offline_file_with_a_computed_summary(study):
    report, rows, _ = study
    page = report.html
    assert report.rows == len(rows)
    assert page.count("<svg") >= 8                             # the plots are drawn into the page
    assert not re.search(r"<script[^>]+src|<link|@import|<iframe|<img[^>]+src=.http", page, re.I)
    # the only addresses are SVG's namespace names, which no browser fetches
    assert {u for u in re.findall(r"https?://[^\s\"'<>)]+", page)} <= {"http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink"}
    data = re.search(r"<script type='application/json' id='woodlands-report-data'>(.*?)</script>", page, re.S)
    assert data and json.loads(data.group(1).replace("<\\/", "</"))["tanglewoods_win_by_level"] == json.loads(
        json.dumps(report.tables["tanglewoods_win_by_level"], default=str))
    for sentence in report.summary:
        assert sentence.replace("'", "&#x27;") in page
    # the summary's first sentence for a bot is the table's numbers
    greedy = [r for r in report.tables["tanglewoods_win_by_level"] if r["bot"] == "greedy"]
    line = next(s for s in report.summary if s.startswith("Tanglewoods, greedy bot: won"))
    assert f"{100 * greedy[0]['win_rate']:.1f}% at difficulty 8" in line and f"{100 * greedy[-1]['win_rate']:.1f}% at difficulty 10" in line


def test_report_command(study, tmp_path, capsys, monkeypatch):
    _, _, folder = study
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    target = tmp_path / "out" / "report.html"
    assert main(["report", str(folder / "tw.parquet"), "-o", str(target)]) == 0
    out, _ = capsys.readouterr()
    assert target.read_text(encoding="utf-8").startswith("<!DOCTYPE html>") and "Tanglewoods" in out
    assert main(["report", str(tmp_path / "missing.parquet"), "-o", str(tmp_path / "r.html")]) == 2
    _, err = capsys.readouterr()
    assert "no such results file" in err and len(err.strip().splitlines()) == 1
    (tmp_path / "bad.parquet").write_text("not parquet")
    assert main(["report", str(tmp_path / "bad.parquet"), "-o", str(tmp_path / "r.html")]) == 2
    _, err = capsys.readouterr()
    assert "not a readable results file" in err and not (tmp_path / "r.html").exists()
    # a Parquet file of another program reads, but is refused by name, not by polars' traceback
    import pyarrow as pa
    import pyarrow.parquet as pq
    pq.write_table(pa.table({"a": [1, 2]}), tmp_path / "other.parquet")
    assert main(["report", str(tmp_path / "other.parquet"), "-o", str(tmp_path / "r.html")]) == 2
    _, err = capsys.readouterr()
    assert "not a Woodlands results file (no 'game'" in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "r.html").exists()


def test_monotone_flags_on_made_up_levels():
    rows = monotone_flags([{"difficulty": d, "games": 1000, "wins": w} for d, w in enumerate([900, 850, 870, 400, 400])])
    assert [(r["difficulty"], r["flag"], r["significant"], r["cliff"]) for r in rows] == [
        (1, "", False, False), (2, "not harder", False, False), (3, "", False, True), (4, "not harder", False, False)]


def test_strongest_higher_names_each_bots_first_flagged_row():
    lift = [{"bot": "greedy", "id": "a", "flag": ""}, {"bot": "greedy", "id": "b", "flag": "higher"},
            {"bot": "greedy", "id": "c", "flag": "higher"}, {"bot": "random", "id": "d", "flag": "lower"},
            {"bot": "alpha", "id": "e", "flag": "higher"}]
    assert [(r["bot"], r["id"]) for r in strongest_higher(lift)] == [("alpha", "e"), ("greedy", "b")]


def test_a_game_in_two_files_counts_once(study, tmp_path):
    # the same file given twice, or two studies that overlap, must not double the games (and
    # narrow every interval as if there were twice as many)
    first, rows, folder = study
    tw = folder / "tw.parquet"
    once, twice = build_report([tw], min_support=5), build_report([tw, tw], min_support=5)
    assert twice.rows == once.rows and twice.tables == once.tables and twice.summary == once.summary
    copy = tmp_path / "copy.parquet"
    copy.write_bytes(tw.read_bytes())
    assert build_report([tw, copy], min_support=5).tables == once.tables


def test_games_of_two_packs_are_never_counted_together(study, tmp_path):
    """A study resumed after a retune (``sim --out`` plays the seeds again on the new pack and
    appends them) holds the same games on two packs: each bot is reported per pack, so neither
    pack's win rate is the average of both."""
    import polars as pl
    first, rows, folder = study
    tw = folder / "tw.parquet"
    old = tmp_path / "old.parquet"
    frame = pl.read_parquet(tw)
    version = frame.get_column("content_version")[0]
    frame.with_columns(pl.lit("0.0.1").alias("content_version")).write_parquet(old)
    once = build_report([tw], min_support=5).tables["tanglewoods_win_by_level"]
    both = build_report([old, tw], min_support=5)
    levels = both.tables["tanglewoods_win_by_level"]
    assert {r["bot"] for r in levels} == {f"{b} (pack {v})" for b in ("random", "greedy") for v in ("0.0.1", version)}
    for r in levels:
        bot, pack = r["bot"].split(" (pack ")
        same = next(x for x in once if (x["bot"], x["difficulty"]) == (bot, r["difficulty"]))
        assert (r["wins"], r["games"], r["win_rate"]) == (same["wins"], same["games"], same["win_rate"]) == (
            same["wins"], 24, same["win_rate"])
    assert any(f"2 content packs (tanglewoods-standard 0.0.1, tanglewoods-standard {version})" in s for s in both.summary)
    assert any(s.startswith(f"Tanglewoods, greedy (pack {version}) bot: won") for s in both.summary)
    # one pack alone: the bots keep their plain names and no note is added
    assert not any("content packs" in s for s in build_report([tw], min_support=5).summary)


def test_a_retune_is_compared_set_up_by_set_up(study, tmp_path):
    """Before and after: every set-up played on two packs gets both win rates and a 95% test,
    and the summary counts the set-ups that changed significantly, from those numbers."""
    import polars as pl
    from woodlands.sim.report import significantly_different
    first, rows, folder = study
    tw = folder / "tw.parquet"
    old = tmp_path / "old.parquet"
    frame = pl.read_parquet(tw)
    version = frame.get_column("content_version")[0]
    # the "old pack": the same games, but its greedy bot lost every one
    (frame.with_columns(pl.lit("0.0.1").alias("content_version"),
                        pl.when(pl.col("bot") == "greedy").then(pl.lit("loss")).otherwise(pl.col("result")).alias("result"))
     .write_parquet(old))
    report = build_report([tw, old], min_support=5)
    compared = report.tables["packs_compared"]
    tw_rows = [r for r in rows if r["game"] == "tanglewoods"]
    assert {(r["bot"], r["options"]) for r in compared} == {(r["bot"], r["options"]) for r in tw_rows}
    assert {(r["pack_before"], r["pack_after"]) for r in compared} == {("0.0.1", version)}   # in version order
    for r in compared:
        mine = [x for x in tw_rows if (x["bot"], x["options"]) == (r["bot"], r["options"])]
        wins, games = _wins(mine)
        before = 0 if r["bot"] == "greedy" else wins
        assert (r["games_before"], r["games_after"]) == (games, games) == (12, 12)
        assert (r["before_win_rate"], r["after_win_rate"]) == (before / games, wins / games)
        assert r["unpaired_significant"] == significantly_different(before, games, wins, games)
        # the same seeds on both packs, so the paired test decides.  Greedy lost every game on
        # the old pack: each of its wins now is a pair won on the new pack only, and McNemar's
        # exact p is 2 x 0.5^wins; random played the very same games (p = 1)
        discordant = wins - before
        assert (r["pairs"], r["before_only"], r["after_only"]) == (games, 0, discordant)
        assert r["identical"] == games - discordant
        assert r["mcnemar_p"] == pytest.approx(min(1.0, 2 * 0.5 ** discordant))
        assert r["test"] == "McNemar (paired)" and r["significant"] == (r["mcnemar_p"] < 0.05)
    for bot in ("greedy", "random"):
        mine = [r for r in compared if r["bot"] == bot]
        up = sum(r["significant"] and r["change"] > 0 for r in mine)
        sentence = next(s for s in report.summary if s.startswith(f"tanglewoods, {bot} bot, pack 0.0.1 to {version}:"))
        assert f"of {len(mine)} set-ups played on both, {up} won significantly more often and 0 less" in sentence
    assert up == 0 and any(r["significant"] for r in compared)        # random: the same games on both
    assert "<h2>Packs compared</h2>" in report.html
    assert "packs_compared" not in build_report([tw], min_support=5).tables
    # a pack of another id is kept apart but is no version of this one: nothing is compared with it
    mine = tmp_path / "mine.parquet"
    frame.with_columns(pl.lit("a-pack-of-my-own").alias("content_id")).write_parquet(mine)
    three = build_report([tw, old, mine], min_support=5)
    assert {(r["pack_before"], r["pack_after"]) for r in three.tables["packs_compared"]} == {
        ("tanglewoods-standard 0.0.1", f"tanglewoods-standard {version}")}
    assert any("a-pack-of-my-own" in s and "3 content packs" in s for s in three.summary)


def test_a_title_keeps_no_control_characters(study):
    _, _, folder = study
    page = build_report([folder / "tw.parquet"], title="Study\x1b[2J of\tMay\x00", min_support=5).html
    assert "<title>Study [2J of May</title>" in page and "\x1b" not in page and "\x00" not in page
    assert "<title>Woodlands balance report</title>" in build_report([folder / "tw.parquet"], title="\x07",
                                                                    min_support=5).html
