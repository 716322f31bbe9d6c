"""``woodlands analyse RECORD``: the table, the graph and the summary; ``--json``; and every bad
input a clear one-line error with exit status 2."""
from __future__ import annotations

import json

import woodlands
from woodlands.bots import get_bot


def lost_game() -> woodlands.GameState:
    """A Tanglewoods game the random bot loses in 16 choices."""
    state = woodlands.load_game("tanglewoods").new_game(
        seed=22, options={"hero": "thorn-warden", "side": "a", "difficulty": 10})
    bot = get_bot("random", 22, game="tanglewoods")
    while not state.is_over:
        state.apply(bot.choose(state))
    return state


def test_analyse_prints_the_losses_the_graph_and_the_summary(run_cli, tmp_path, write_record):
    state = lost_game()
    path = write_record(tmp_path / "game.json", state.record())
    out_json = tmp_path / "analysis.json"
    code, out, err = run_cli("analyse", str(path), "--samples", "2", "--json", str(out_json))
    assert code == 0, err
    words = " ".join(out.split())             # the text is wrapped to the console's width
    found = json.loads(out_json.read_text(encoding="utf-8"))
    decisions = found["decisions"]
    assert found["game"] == "tanglewoods" and found["samples"] == 2 and len(decisions) == found["summary"]["decisions"]
    assert f"{state.game.name} ({state.game.content.id} {state.game.content.version})" in words
    assert f"{len(decisions)} decisions with a choice analysed, 2 samples each" in words
    assert "win chance if you play on as the greedy bot would" in words
    assert f"Outcome: loss (reason {state.outcome['reason']}" in words
    assert "The win chance before each decision" in words and "choices  1-10" in out
    assert " ".join(found["summary"]["text"].split()) in words
    worse = [d for d in decisions if not d["about_equal"] and d["loss"] > 0]
    if worse:
        top = max(worse, key=lambda d: d["loss"])
        assert "lost most" in words and f"-{round(top['loss'] * 100)}" in out
    else:
        assert "No decision was clearly worse" in words
    assert f"{len(decisions)}/{len(decisions)} decisions" in err          # the progress line
    # the same analysis as the library's, for the same samples and seed
    from woodlands.bots.analysis import analyse
    assert found == analyse(state.record(), samples=2)


def test_analyse_one_seat_of_two(run_cli, tmp_path, write_record):
    state = woodlands.load_game("cursed-forest").new_game(seed=3, options={"players": 2, "turn_limit": 3})
    bots = {s: get_bot("random", 3 + s, game="cursed-forest") for s in (0, 1)}
    while not state.is_over:
        state.apply(bots[state.decision.player].choose(state))
    path = write_record(tmp_path / "game.json", state.record())
    out_json = tmp_path / "a.json"
    code, out, err = run_cli("analyse", str(path), "--samples", "2", "--seat", "2", "--json", str(out_json))
    assert code == 0, err
    found = json.loads(out_json.read_text(encoding="utf-8"))
    assert found["seats"] == [1] and {d["seat"] for d in found["decisions"]} == {1}
    code, _, err = run_cli("analyse", str(path), "--samples", "2", "--seat", "7")
    assert code == 2 and "seat 6 made no choice" in err and "Traceback" not in err


def test_analyse_refuses_bad_input_in_one_line(run_cli, tmp_path, write_record):
    state = lost_game()
    good = state.record()
    tampered = dict(good, choices=good["choices"][:3] + ["apply:red:crit:papa-bear"] + good["choices"][4:])
    edited = dict(good, choices=good["choices"][:-1])                     # the digest no longer matches
    unfinished = dict(good, choices=good["choices"][:-1])
    unfinished.pop("digest")
    files = {name: write_record(tmp_path / f"{name}.json", r)
             for name, r in (("tampered", tampered), ("edited", edited), ("unfinished", unfinished))}
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "woodlands-record", ', encoding="utf-8")
    expected = {files["tampered"]: "choice #4", files["edited"]: "digest", files["unfinished"]: "not over",
                broken: "JSON", tmp_path / "missing.json": "missing.json", tmp_path / "a\0b.json": "a"}
    for path, words in expected.items():
        code, out, err = run_cli("analyse", str(path), "--samples", "2")
        assert code == 2, (path, out, err)
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err and words in err, err
    good_path = write_record(tmp_path / "good.json", good)
    for argv in (["--samples", "1"], ["--samples", "x"], ["--seat", "0"], ["--json", str(good_path)],
                 ["--json", str(tmp_path)], ["--json", "a\0b.json"], ["--content", str(tmp_path / "none")]):
        code, _, err = run_cli("analyse", str(good_path), *argv)
        assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err, (argv, err)
    assert json.loads(good_path.read_text(encoding="utf-8")) == good        # --json never overwrites the record
