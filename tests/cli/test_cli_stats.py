"""Your record and ladder in the terminal: a game that ends in ``woodlands play`` adds one line to
the results file of the data folder, ``woodlands stats --json`` counts it, and ``play --ladder``
starts the step it opened."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

import woodlands
from woodlands.engine.registry import descriptor
from woodlands.kit.career import RESULTS_FILE

from .line_numbers import Typist

LADDER_START = {"hero": "thorn-warden", "difficulty": 0, "side": "a"}


def greedy_numbers(game_id: str, seed: int, options: dict[str, Any]) -> tuple[list[int], woodlands.GameState]:
    """The numbers line mode shows for the greedy bot's choices of a whole game, and its end."""
    state = woodlands.load_game(game_id).new_game(seed=seed, options=options)
    bot = descriptor(game_id).make_bot("greedy", seed)
    typist = Typist()
    numbers = []
    while not state.is_over:
        option = bot.choose(state)
        numbers.append(typist.number(state.decision, option))
        state.apply(option)
    return numbers, state


def test_a_won_game_counts_in_stats_and_opens_the_next_ladder_step(run_cli: Callable[..., Any], data_dir: Path,
                                                                   tmp_path: Path) -> None:
    numbers, end = greedy_numbers("tanglewoods", 5, LADDER_START)
    assert end.outcome and end.outcome["result"] == "win"
    code, out, err = run_cli("play", "tanglewoods", "--ladder", "thorn-warden", "--side", "a", "--seed", "5", "--line",
                             stdin="\n".join(map(str, numbers)) + "\nq\n")
    assert code == 0, err
    assert "Ladder: Thorn Warden, difficulty 0, step 1 of 11." in out and "Game over: WIN" in out
    lines = (data_dir / RESULTS_FILE).read_text(encoding="utf-8").splitlines()
    assert len(lines) == 1
    row = json.loads(lines[0])
    assert row["game"] == "tanglewoods" and row["won"] is True and row["rounds"] == end.outcome["round"]
    assert row["variant"] == {"hero": "thorn-warden", "difficulty": 0, "difficulty_mode": "toward-5"}
    assert row["pack"] == "tanglewoods-standard" and "seed" not in row

    out_file = tmp_path / "stats.json"
    code, out, err = run_cli("stats", "--json", str(out_file))
    assert code == 0, err
    stats = json.loads(out_file.read_text(encoding="utf-8"))
    assert (stats["played"], stats["won"]) == (1, 1)
    tangle = next(g for g in stats["games"] if g["game"] == "tanglewoods")
    assert (tangle["played"], tangle["won"], tangle["streak"], tangle["best_rounds"]) == (1, 1, 1, end.outcome["round"])
    assert tangle["variants"][0]["words"] == "Thorn Warden, difficulty 0"
    track = next(t for lad in stats["ladders"] if lad["game"] == "tanglewoods" for t in lad["tracks"]
                 if t["key"] == "thorn-warden")
    assert (track["open"], track["step"], track["options"]) == (1, "difficulty 1", {"hero": "thorn-warden", "difficulty": 1})
    other = next(t for lad in stats["ladders"] if lad["game"] == "tanglewoods" for t in lad["tracks"]
                 if t["key"] == "hedge-witch")
    assert other["open"] == 0
    # the printed tables say the same
    assert "Your record: 1 game played, 1 won." in out
    assert "Thorn Warden, difficulty 0" in out and f"won in {end.outcome['round']} rounds" in out
    assert "Thorn Warden" in out and "difficulty 1" in out and "1 of 11" in out

    # --ladder without a track: the one played last, at its new step; quitting at once adds nothing
    code, out, err = run_cli("play", "tanglewoods", "--ladder", "--line", stdin="q\n")
    assert code == 0, err
    assert "Ladder: Thorn Warden, difficulty 1, step 2 of 11." in out
    assert len((data_dir / RESULTS_FILE).read_text(encoding="utf-8").splitlines()) == 1


def test_a_lost_game_counts_played_not_won_and_breaks_no_ladder(run_cli: Callable[..., Any], data_dir: Path,
                                                                random_game_choices: Callable[..., Any]) -> None:
    game = woodlands.load_game("tanglewoods")
    numbers, end = random_game_choices(game, 3)
    assert end.outcome and end.outcome["result"] != "win"
    code, out, err = run_cli("play", "tanglewoods", "--seed", "3", "--line", stdin="\n".join(map(str, numbers)) + "\nq\n")
    assert code == 0, err
    code, out, err = run_cli("stats", "--json", str(data_dir / "s.json"))
    stats = json.loads((data_dir / "s.json").read_text(encoding="utf-8"))
    tangle = stats["games"][0]
    assert (tangle["played"], tangle["won"], tangle["streak"], tangle["best_rounds"]) == (1, 0, 0, None)
    assert all(t["open"] == 0 for lad in stats["ladders"] for t in lad["tracks"])


def test_no_ladder_and_unknown_tracks_are_refused_in_one_line(run_cli: Callable[..., Any]) -> None:
    code, out, err = run_cli("play", "storyfold", "--ladder", "--line", stdin="q\n")
    assert code == 2 and "has no ladder" in err
    code, out, err = run_cli("play", "tanglewoods", "--ladder", "nobody", "--line", stdin="q\n")
    assert code == 2 and "no ladder track 'nobody'" in err and "thorn-warden" in err


def test_stats_with_no_results_yet(run_cli: Callable[..., Any]) -> None:
    code, out, err = run_cli("stats")
    assert code == 0, err
    assert "Your record: 0 games played, 0 won." in out and "Storyfold" in out and "no ladder" in out


def _one_before_the_end() -> tuple[woodlands.GameState, str]:
    _, end = greedy_numbers("tanglewoods", 5, LADDER_START)
    before = woodlands.load_game("tanglewoods").new_game(seed=5, options=LADDER_START)
    for c in end.choices[:-1]:
        before.apply(c)
    return before, end.choices[-1]


def test_the_full_screen_adds_the_game_that_ends_there(data_dir: Path) -> None:
    import asyncio
    import io

    from rich.console import Console

    from woodlands.cli.play import PlaySession
    from woodlands.cli.tui import PlayApp
    from woodlands.kit.career import read_results

    from .settle import until

    before, last = _one_before_the_end()
    app = PlayApp(PlaySession(Console(file=io.StringIO(), width=100), before, None, io.StringIO()))

    async def go() -> None:
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            decision = app.state.decision
            if decision is not None:              # (unless the app took it as a forced move)
                option = decision.option(last)
                assert option is not None
                app.apply(option, 1)
            await until(pilot, lambda: app.state.is_over)
    asyncio.run(go())
    (row,) = read_results(data_dir / RESULTS_FILE)
    assert row["won"] is True and row["variant"]["hero"] == "thorn-warden"


def test_a_game_counts_once_and_one_loaded_over_counts_no_more(data_dir: Path) -> None:
    import io

    from rich.console import Console

    from woodlands.cli.play import PlaySession
    from woodlands.kit.career import read_results

    before, last = _one_before_the_end()
    out = io.StringIO()
    session = PlaySession(Console(file=out, width=120), before, None, io.StringIO())
    session.state.apply(last)
    session.save_automatically()
    session.save_automatically()                 # (every change writes the autosave: the result once)
    assert len(read_results(data_dir / RESULTS_FILE)) == 1
    if session.state.can_undo():                 # undone and finished again: still one game
        session.state = session.state.undo()
        session.save_automatically()
        session.state.apply(last)
        session.save_automatically()
    assert len(read_results(data_dir / RESULTS_FILE)) == 1
    finished = session.state
    again = PlaySession(Console(file=io.StringIO(), width=120), finished, None, io.StringIO("q\n"))
    assert again.run() == 0
    assert len(read_results(data_dir / RESULTS_FILE)) == 1


def test_a_hero_given_picks_its_own_ladder_track(run_cli: Callable[..., Any]) -> None:
    code, out, err = run_cli("play", "tanglewoods", "--ladder", "--hero", "hedge-witch", "--line", stdin="q\n")
    assert code == 0, err
    assert "Ladder: Hedge Witch, difficulty 0, step 1 of 11." in out
