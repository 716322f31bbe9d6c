"""``woodlands play``: a terminal game driven through piped standard input."""
from __future__ import annotations

import json
import random

import woodlands



def test_a_whole_game_to_its_outcome(default_game, run_cli, random_game_choices):
    numbers, finished = random_game_choices(default_game, seed=11)
    stdin = "\n".join(map(str, numbers)) + "\n"
    code, out, err = run_cli("play", "tanglewoods", "--seed", "11", stdin=stdin)
    assert code == 0, err
    assert "Game over: " + finished.outcome["result"].upper() in out
    assert "Traceback" not in out + err


def test_table_shows_the_view_and_narrates_events(default_game, run_cli, random_game_choices):
    numbers, _ = random_game_choices(default_game, seed=4)
    stdin = "\n".join(map(str, numbers[:25])) + "\nq\n"
    code, out, _ = run_cli("play", "tanglewoods", "--seed", "4", stdin=stdin)
    assert code == 0
    for part in ("Health", "Strategy", "Recovery", "Gold", "Pool (",
                 "Forest deck", "Map deck", "Item deck", "(top)", "(bottom underside)", "Your items", "(set aside)"):
        assert part in out
    # each zone of dice is shown whenever it holds dice: replay the same choices to know when
    state, rng = default_game.new_game(seed=4), random.Random(4)
    zones = set()
    for _ in range(26):
        zones |= {zone for zone, counts in state.view(0)["dice"].items() if sum(counts.values())}
        if state.is_over:
            break
        options = state.decision.options
        state.apply(options[rng.randrange(len(options))].id)
    assert "pool" in zones
    for zone in zones:
        assert f"{zone.capitalize()} (" in out
    assert "--- Round 1 begins ---" in out
    assert "You draw" in out


def test_quit_and_end_of_input_leave_cleanly(default_game, run_cli):
    code, out, _ = run_cli("play", "tanglewoods", "--seed", "1", stdin="q\n")
    assert code == 0 and "Goodbye" in out
    code, out, _ = run_cli("play", "tanglewoods", "--seed", "1", stdin="")
    assert code == 0 and "End of input" in out


def test_bad_input_is_answered_not_fatal(default_game, run_cli):
    code, out, err = run_cli("play", "tanglewoods", "--seed", "1", stdin="zz\n99\n0\n\nl\nl /no/such/file.json\nq\n")
    assert code == 0, err
    assert "'zz' is not a command" in out
    assert "There is no option 99" in out
    assert "There is no option 0" in out
    assert "Say which file" in out
    assert "Could not read /no/such/file.json" in out


def test_help_explains_the_step_with_its_rule(default_game, run_cli):
    code, out, _ = run_cli("play", "tanglewoods", "--seed", "1", stdin="h\nq\n")
    assert code == 0
    assert "[choose_hero]" in out and "TG-005" in out and "Commands:" in out


def test_save_then_load_continues_the_same_game(default_game, run_cli, tmp_path, random_game_choices):
    numbers, _ = random_game_choices(default_game, seed=8)
    save = tmp_path / "game.json"
    stdin = "\n".join(map(str, numbers[:20])) + f"\ns {save}\nq\n"
    code, out, _ = run_cli("play", "tanglewoods", "--seed", "8", stdin=stdin)
    assert code == 0 and "Saved the game record" in out
    record = json.loads(save.read_text())
    assert record["seed"] == 8 and len(record["choices"]) == 20
    expected = woodlands.replay(record)

    # continue from the command line with --load ...
    code, out, _ = run_cli("play", "tanglewoods", "--load", str(save), stdin="q\n")
    assert code == 0
    assert expected.decision.prompt in out
    # (a seed or an option beside --load would be dropped without a word: refused instead)
    for extra in (["--seed", "5"], ["--difficulty", "9"], ["--option", "round_limit=3"]):
        code, _, err = run_cli("play", "tanglewoods", "--load", str(save), *extra, stdin="q\n")
        assert code == 2 and "--load continues the game its record holds" in err and len(err.strip().splitlines()) == 1

    # ... or with the l command during another game
    code, out, _ = run_cli("play", "tanglewoods", "--seed", "1", stdin=f"l {save}\nq\n")
    assert code == 0 and f"Loaded {save}" in out and "20 choices replayed" in out


def test_save_defaults_to_the_saves_folder(default_game, run_cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, _ = run_cli("play", "tanglewoods", "--seed", "5", stdin="s\nq\n")
    assert code == 0
    assert (tmp_path / "saves" / "tanglewoods-5.json").exists()


def test_undo_goes_back_a_choice_and_refuses_past_chance(default_game, run_cli):
    state = default_game.new_game(seed=2)
    assert state.decision.kind == "choose_hero"
    state.apply(state.decision.options[0].id)
    assert state.can_undo(), "choosing a hero involves no chance"
    code, out, _ = run_cli("play", "tanglewoods", "--seed", "2", stdin="1\nu\nq\n")
    assert code == 0
    assert "Undone: back one choice." in out
    assert out.count("Choose your hero") == 2

    code, out, _ = run_cli("play", "tanglewoods", "--seed", "2", stdin="u\nq\n")
    assert "cannot be undone" in out


def test_an_option_id_may_be_typed_instead_of_its_number(default_game, run_cli):
    state = default_game.new_game(seed=2)
    first = state.decision.options[-1]
    code, out, _ = run_cli("play", "tanglewoods", "--seed", "2", stdin=f"{first.id}\nlog\nq\n")
    assert code == 0
    assert "The last" in out


def test_user_mistakes_are_one_line_and_exit_2(default_game, run_cli, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    tampered = default_game.new_game(seed=3).record()
    tampered["choices"] = ["hero:nobody"]
    forged = tmp_path / "forged.json"
    forged.write_text(json.dumps(tampered), encoding="utf-8")
    cases = [
        ("play", "nowhere"),
        ("play", "tanglewoods", "--difficulty", "42"),
        ("play", "tanglewoods", "--difficulty", "hard"),
        ("play", "tanglewoods", "--hero", "nobody"),
        ("play", "tanglewoods", "--seed", "-3"),
        ("play", "tanglewoods", "--load", str(tmp_path / "missing.json")),
        ("play", "tanglewoods", "--load", str(bad)),
        ("play", "tanglewoods", "--load", str(forged)),
        ("play", "tanglewoods", "--content", str(tmp_path / "no-pack")),
        ("play", "tanglewoods", "--content", str(tmp_path)),
    ]
    code, _, err = run_cli("play", "tanglewoods", "--resume", str(forged))   # a scene save is Storyfold's alone
    assert code == 2 and "--resume continues a scene save, which" in err and "use --load" not in err
    for argv in cases:
        code, out, err = run_cli(*argv)
        assert code == 2, (argv, out, err)
        assert len(err.strip().splitlines()) == 1, (argv, err)
        assert "Traceback" not in err, argv


def test_game_options_from_flags_and_option_pairs(default_game, run_cli):
    """``--option KEY=VALUE`` reaches the game as JSON (or text); the game checks every option."""
    code, out, err = run_cli("play", "tanglewoods", "--seed", "2", "--option", "difficulty=0",
                             "--option", "hero=thorn-warden", stdin="q\n")
    assert code == 0, err
    code, _, err = run_cli("play", "tanglewoods", "--players", "2", stdin="q\n")
    assert code == 2 and "unknown option" in err and "players" in err and "Traceback" not in err
    code, _, err = run_cli("play", "tanglewoods", "--option", "difficulty", stdin="q\n")
    assert code == 2 and "KEY=VALUE" in err
    code, _, err = run_cli("play", "tanglewoods", "--option", "difficulty=eleven", stdin="q\n")
    assert code == 2 and "difficulty" in err


def test_play_without_a_game_offers_a_menu(default_game, run_cli):
    """What ``make play`` starts: a menu of the games, then the chosen game."""
    code, out, err = run_cli("play", "--seed", "3", stdin="9\nx\n1\n\n\nq\n")
    assert code == 0, err
    assert "which game" in out and "Tanglewoods" in out and "Type 1 to 3" in out
    assert "Health" in out     # the Tanglewoods table came up
    code, out, _ = run_cli("play", stdin="")
    assert code == 0
