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
    assert 1 <= len(hints) <= 3 and [h.value for h in hints] == sorted((h.value for h in hints), reverse=True)
    for k, h in enumerate(hints, 1):
        assert h.words == labels[h.option_id] and h.measure == "win chance" and h.samples == 15
        assert h.text(k).startswith(labels[h.option_id].removesuffix(".") + ": win chance about ")   # no ids, the label
    assert hint(state, seat + 1, budget="5") == []          # not that seat's decision
    story = positions("storyfold", {"scene_limit": 6}, 25)[0]
    assert hint(story, 0, budget="5")[0].measure == "score"


def test_every_hint_says_what_its_number_assumes_in_the_games_measure():
    """A hint's value is the win chance (Storyfold: the expected score out of 100) if play goes on
    as the greedy bot would; every line says so, and a win chance is called one in every game
    whose reward is a win, because it is one (woodlands calibrate checks it)."""
    forest = positions("cursed-forest", {"players": 1}, 10)[0]
    hints = hint(forest, forest.decision.player, budget="6", seed=3)
    assert hints and all(h.measure == "win chance" for h in hints)
    assert all("win chance about" in h.text(k) and "if you play on as the greedy bot would" in h.text(k)
               for k, h in enumerate(hints, 1))
    tangle = positions("tanglewoods", {"difficulty": 5, "round_limit": 40}, 10)[0]
    told = hint(tangle, tangle.decision.player, budget="6", seed=3)
    assert told and all(h.measure == "win chance" and "win chance about" in h.text(k) for k, h in enumerate(told, 1))
    story = positions("storyfold", {"scene_limit": 6}, 25)[0]
    scored = hint(story, story.decision.player, budget="3", seed=3)
    assert scored and all("expected score about" in h.text(k) and " of 100 if you play on as the greedy bot would"
                          in h.text(k) for k, h in enumerate(scored, 1))


def _estimates(monkeypatch, state, values, errors):
    """option_values replaced by fixed values and gap errors for the decision's first options."""
    from woodlands.bots import estimate, hints as hints_module
    ids = [o.id for o in state.decision.options][:len(values)]
    best = max(values)
    found = estimate.Estimates(state.decision.player, tuple(
        estimate.OptionValue(i, v, v - best, e) for i, v, e in sorted(zip(ids, values, errors), key=lambda t: -t[1])),
        best, ids[0], 20, 1.5)
    monkeypatch.setattr(hints_module, "option_values", lambda *a, **k: found)
    return ids


def test_options_within_the_noise_are_about_equal_and_a_clear_gap_is_told_in_games(monkeypatch):
    """The first hint is the best by value; the next within 1.96 standard errors of its gap reads
    "about equal"; one clearly worse says by how much, in games won ("1 game in 5")."""
    state = next(p for p in positions("tanglewoods", {"difficulty": 5, "round_limit": 40}, 3, count=12)
                 if len(p.decision.options) >= 3)
    ids = _estimates(monkeypatch, state, [0.62, 0.58, 0.42], [0.0, 0.05, 0.04])
    first, second, third = hint(state, state.decision.player, budget="10")
    assert [first.option_id, second.option_id, third.option_id] == ids
    assert first.about_equal and second.about_equal and not third.about_equal
    assert first.text(1).endswith("win chance about 62% if you play on as the greedy bot would")
    assert second.text(2).endswith("win chance about 58% if you play on as the greedy bot would; "
                                   "about equal to the best (within the noise of the samples)")
    assert third.text(3).endswith("win chance about 42% if you play on as the greedy bot would; "
                                  "the best wins about 1 game in 5 more often")
    assert first.samples == 20 and first.seconds == 1.5


def test_a_gap_in_a_players_words():
    from woodlands.bots.hints import how_much
    assert how_much(0.2, "win chance") == "wins about 1 game in 5 more often"
    assert how_much(0.1, "win chance") == "wins about 1 game in 10 more often"
    assert how_much(0.26, "win chance") == "wins about 1 game in 4 more often"
    assert how_much(0.45, "win chance") == "wins about 45 more games in 100"
    assert how_much(0.06, "score") == "scores about 6 points more"


def test_a_hint_never_reads_hidden_truth():
    """Two positions that differ only in what the seat cannot know give the same hint (through a
    wrapper that refuses everything but the decision, the game and determinize)."""
    for game_id, options, every in (("tanglewoods", {"difficulty": 5, "round_limit": 40}, 10),
                                    ("cursed-forest", {"players": 2}, 30)):
        state = positions(game_id, options, every)[0]
        seat = state.decision.player
        twin = state.determinize(seat, 99)
        a = hint(SeatOnly(state), seat, budget="3", seed=5)   # type: ignore[arg-type]
        b = hint(SeatOnly(twin), seat, budget="3", seed=5)    # type: ignore[arg-type]
        assert [(h.option_id, h.value, h.gap, h.gap_error, h.text(k)) for k, h in enumerate(a, 1)] == \
            [(h.option_id, h.value, h.gap, h.gap_error, h.text(k)) for k, h in enumerate(b, 1)]


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
    assert "From 8 sample games for each option" in out and "1. " in out and "win chance about" in out
    assert "if you play on as the greedy bot would" in out and "Waiting longer buys more sample games" in out
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
    told = Hint(option_id="side:b", words="Bramble Knight: +1 Health and your Recovery becomes 4.", value=0.96, gap=0.0,
                gap_error=0.0, about_equal=True, measure="win chance", samples=15, seconds=1.0)
    assert told.text() == ("Bramble Knight: +1 Health and your Recovery becomes 4: "
                           "win chance about 96% if you play on as the greedy bot would")
    assert Hint(option_id="x", words="Wait...", value=0.5, gap=0.0, gap_error=0.0, about_equal=True,
                measure="win chance", samples=1, seconds=0.1).text().startswith("Wait...: ")


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
