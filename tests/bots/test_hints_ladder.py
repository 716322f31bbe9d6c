"""Hints (woodlands/bots/hints.py, the terminal's 'hint') and the ladder (woodlands/bots/ladder.py,
`woodlands ladder`), with tiny budgets."""
from __future__ import annotations

import json

import pytest

from woodlands.bots.hints import hint
from woodlands.bots.ladder import read_rows, run_ladder, summarize
from woodlands.cli.main import main

from tests.bots.test_ismcts import SeatOnly, positions


def test_a_hint_names_up_to_three_options_in_the_games_words():
    state = positions("cursed-forest", {"players": 2}, 30)[0]
    seat = state.decision.player
    hints = hint(SeatOnly(state), seat, budget="15", seed=2)   # type: ignore[arg-type]
    labels = {o.id: o.label for o in state.decision.options}
    assert 1 <= len(hints) <= 3 and [h.share for h in hints] == sorted((h.share for h in hints), reverse=True)
    for h in hints:
        assert h.words == labels[h.option_id] and h.measure == "rating"
        assert h.text().startswith(labels[h.option_id].removesuffix(".") + ": picked in ")   # no ids, the label
    assert hint(state, seat + 1, budget="5") == []          # not that seat's decision
    story = positions("storyfold", {"scene_limit": 6}, 25)[0]
    assert hint(story, 0, budget="5")[0].measure == "rating"


def test_a_hint_calls_a_value_a_win_chance_only_where_it_is_one():
    """The Cursed Forest's and Storyfold's searches judge a sample by its position value against
    the position now (0.5 = as good as now), so their hints' values are ratings, not chances: at
    the start of a solo Cursed Forest game, which the greedy bot wins about one time in five,
    every option would otherwise read as a win chance far above that.  Tanglewoods' value is a
    fitted chance that the game is won from there: its hints say "win chance"."""
    forest = positions("cursed-forest", {"players": 1}, 10)[0]
    hints = hint(forest, forest.decision.player, budget="40", seed=3)
    assert hints and all(h.measure == "rating" for h in hints)
    assert all("rated" in h.text() and "(50% = as good as now)" in h.text() and "win chance" not in h.text()
               for h in hints)
    tangle = positions("tanglewoods", {"difficulty": 5, "round_limit": 40}, 10)[0]
    told = hint(tangle, tangle.decision.player, budget="10", seed=3)
    assert told and all(h.measure == "win chance" and "win chance about" in h.text() for h in told)


def test_a_first_hint_visited_less_than_another_says_why_it_comes_first(monkeypatch):
    """The search keeps the greedy bot's pick unless another option is clearly better, so its
    choice (the first hint) may have a smaller share than the second: its line says so."""
    from woodlands.bots import ismcts
    state = positions("tanglewoods", {"difficulty": 5, "round_limit": 40}, 10)[0]
    ids = [o.id for o in state.decision.options]
    assert len(ids) >= 2

    def kept_prior(self, position, seat):
        return ismcts.SearchResult(seat, (ismcts.OptionStat(ids[0], 30, 0.3, 0.55),
                                          ismcts.OptionStat(ids[1], 70, 0.7, 0.57)), 100, 0.1, 0.05, prior=ids[0])
    monkeypatch.setattr(ismcts.ISMCTSBot, "search", kept_prior)
    first, second = hint(state, state.decision.player, budget="10")
    assert first.kept and not second.kept
    assert first.text().endswith("; still the search's choice: no other option is clearly better")
    assert "still" not in second.text()

    def plain(self, position, seat):
        return ismcts.SearchResult(seat, (ismcts.OptionStat(ids[1], 70, 0.7, 0.57),
                                          ismcts.OptionStat(ids[0], 30, 0.3, 0.55)), 100, 0.1, 0.05, prior=ids[0])
    monkeypatch.setattr(ismcts.ISMCTSBot, "search", plain)
    assert not any(h.kept for h in hint(state, state.decision.player, budget="10"))


def test_a_hint_does_not_leak():
    """The hint for a seat is the same on two states that differ only in what it cannot see."""
    for game_id, options, every in (("tanglewoods", {"difficulty": 5, "round_limit": 40}, 10),
                                    ("cursed-forest", {"players": 2}, 30)):
        for state in positions(game_id, options, every, count=2):
            seat = state.decision.player
            twin = state.determinize(seat, 7)
            assert hint(state, seat, budget="10", seed=1) == hint(twin, seat, budget="10", seed=1)


def test_hint_in_line_mode(capsys, monkeypatch, tmp_path):
    import io
    monkeypatch.setenv("WOODLANDS_DATA_DIR", str(tmp_path))
    monkeypatch.setattr("sys.stdin", io.StringIO("hint\nq\n"))
    assert main(["play", "tanglewoods", "--seed", "3", "--line", "--no-autosave", "--hero", "thorn-warden",
                 "--difficulty", "5", "--budget", "8"]) == 0
    out = capsys.readouterr().out
    assert "The search played 8 games" in out and "1. " in out and "win chance about" in out
    assert main(["play", "tanglewoods", "--line", "--budget", "never"]) == 2


def test_the_ladder_resumes_and_summarizes(tmp_path, capsys):
    path = tmp_path / "ladder.jsonl"
    lines: list[str] = []
    rows = run_ladder(path, "tanglewoods", {"difficulty": 3}, ["random", "greedy"], 3, "200", say=lines.append)
    assert len(rows) == 6 and len(lines) == 6
    assert run_ladder(path, "tanglewoods", {"difficulty": 3}, ["random", "greedy"], 3, "200", say=lines.append) == []
    twice = run_ladder(tmp_path / "twice.jsonl", "tanglewoods", {"difficulty": 3}, ["random", "random"], 1, "200",
                       say=[].append)
    assert len(twice) == 1 == len(read_rows(tmp_path / "twice.jsonl"))     # a bot named twice plays once
    more = run_ladder(path, "tanglewoods", {"difficulty": 3}, ["random", "greedy"], 4, "200", say=lines.append)
    assert [(r["bot"], r["seed"]) for r in more] == [("random", 3), ("greedy", 3)]
    with path.open("a") as f:
        f.write('{"format": "woodlands-ladder", "cut sh')         # an interrupted write is skipped
    stored = read_rows(path)
    assert len(stored) == 8 and {r["options"]["round_limit"] for r in stored} == {200}
    text = summarize(stored)
    assert "| random | 4 |" in text and "greedy over random" in text
    summary = tmp_path / "summary.md"
    assert main(["ladder", "tanglewoods", "--difficulty", "3", "--bots", "random,greedy", "--games", "4",
                 "--out", str(path), "--summary", str(summary)]) == 0
    assert summary.read_text().strip() == text.strip()
    assert main(["ladder", "tanglewoods", "--bots", "random,oracle", "--out", str(path)]) == 2
    assert main(["ladder", "tanglewoods", "--budget", "soon", "--out", str(path)]) == 2
    assert len(read_rows(path)) == 8 and json.loads(path.read_text().splitlines()[0])["bot"] == "random"


def test_ladder_rows_keep_the_search_a_game_got(tmp_path):
    """An ismcts row says how many searches its game made and their iterations, so rows played
    under a seconds budget on machines (or days) of different speeds can be compared; the
    summary shows the mean per search, and rows of bots that do not search leave it blank."""
    path = tmp_path / "ladder.jsonl"
    rows = run_ladder(path, "tanglewoods", {"difficulty": 3}, ["greedy", "ismcts"], 1, "6", say=[].append)
    greedy, ismcts = rows
    assert "search" not in greedy
    told = ismcts["search"]
    assert told["searches"] >= 1 and told["iterations"] == 6 * told["searches"]   # an iteration budget is exact
    assert told["searches"] <= ismcts["choices"]     # only decisions with a choice are searched
    text = summarize(read_rows(path))
    assert "| iterations / search |" in text
    assert [line.split("|")[-2].strip() for line in text.splitlines() if line.startswith("| ismcts")] == ["6"]
    assert [line.split("|")[-2].strip() for line in text.splitlines() if line.startswith("| greedy")] == [""]
    timed = run_ladder(tmp_path / "timed.jsonl", "tanglewoods", {"difficulty": 3}, ["ismcts"], 1, "5ms",
                       say=[].append)[0]["search"]
    assert timed["iterations"] >= timed["searches"] >= 1     # a seconds budget: at least one iteration each


@pytest.mark.parametrize("content", [b"PAR1\x15\x04\xb5\x00binary", b'{"game": "tanglewoods", "choices": []}\n', b"hello\n"])
def test_the_ladder_refuses_a_file_that_is_not_its_own_and_leaves_it_alone(tmp_path, capsys, content):
    # a study's Parquet file or a record given to --out by mistake: a clear error, the file as it was
    path = tmp_path / "results.parquet"
    path.write_bytes(content)
    assert main(["ladder", "tanglewoods", "--bots", "random", "--games", "1", "--out", str(path)]) == 2
    err = capsys.readouterr().err
    assert "not a ladder results file" in err and "Traceback" not in err
    assert path.read_bytes() == content


def test_a_hint_whose_words_end_a_sentence_reads_without_a_stray_full_stop():
    from woodlands.bots.hints import Hint
    told = Hint(option_id="side:b", words="Bramble Knight: +1 Health and your Recovery becomes 4.", share=0.47, iterations=15,
                value=0.96, measure="win chance")
    assert told.text() == ("Bramble Knight: +1 Health and your Recovery becomes 4: picked in 47% of the search, "
                           "win chance about 96%")
    assert Hint(option_id="x", words="Wait...", share=0.5, value=0.5, measure="win chance", iterations=1).text().startswith("Wait...: ")


def test_the_summary_is_never_written_over_the_results(tmp_path, capsys, monkeypatch):
    # --summary naming the results file would have replaced hours of rows by their summary
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "rows.jsonl"
    assert main(["ladder", "tanglewoods", "--bots", "random", "--games", "1", "--out", str(path)]) == 0
    rows = path.read_bytes()
    assert main(["ladder", "tanglewoods", "--bots", "random", "--games", "2", "--out", str(path),
                 "--summary", "./rows.jsonl"]) == 2
    assert "--summary ./rows.jsonl is also" in capsys.readouterr().err and path.read_bytes() == rows


def test_stop_after_zero_plays_nothing_and_rewrites_the_summary(tmp_path):
    # (0.001 s still let the next game start, so "rewrite the summary without playing" played one)
    path, summary = tmp_path / "rows.jsonl", tmp_path / "summary.md"
    assert main(["ladder", "tanglewoods", "--bots", "random", "--games", "1", "--out", str(path)]) == 0
    rows = path.read_bytes()
    assert main(["ladder", "tanglewoods", "--bots", "random", "--games", "5", "--out", str(path),
                 "--summary", str(summary), "--stop-after", "0"]) == 0
    assert path.read_bytes() == rows and "| random | 1 |" in summary.read_text()
    assert main(["ladder", "tanglewoods", "--bots", "random", "--stop-after", "-1", "--out", str(path)]) == 2
