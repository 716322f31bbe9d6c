"""``woodlands daily``: the day's challenge in the terminal, from a secret in the data folder;
one attempt a day, resumed when the command runs again, its seed shown only once it has ended."""
from __future__ import annotations

import json
import random

import woodlands
from woodlands.kit import daily as kit_daily
from woodlands.kit.daily import daily_seed, daily_setup

from .line_numbers import Typist

DAY = "2026-12-06"


def _numbers(game: str, secret: str, day: str, seed: int) -> tuple[list[int], woodlands.GameState]:
    """The option numbers of a whole random game of the day, as line mode shows them."""
    options, _ = daily_setup(secret, day, game)
    state = woodlands.load_game(game).new_game(seed=daily_seed(secret, day, game), options=options)
    rng, typist, numbers = random.Random(seed), Typist(), []
    while not state.is_over:
        option = state.decision.options[rng.randrange(len(state.decision.options))]
        numbers.append(typist.number(state.decision, option.id))
        state.apply(option.id)
    return numbers, state


def test_the_days_game_is_one_attempt_resumed_and_its_seed_shown_at_its_end(run_cli, data_dir, tmp_path,
                                                                            monkeypatch):
    monkeypatch.setattr(kit_daily, "today", lambda now=None: DAY)
    monkeypatch.chdir(tmp_path)
    # the first run makes the secret and counts the attempt; saving or loading is refused meanwhile
    code, out, err = run_cli("daily", "tanglewoods", stdin="s\nl other.json\nq\n")
    assert code == 0, err
    secret = (data_dir / "daily" / "secret").read_text().strip()
    seed = daily_seed(secret, DAY, "tanglewoods")
    options, words = daily_setup(secret, DAY, "tanglewoods")
    assert words in out and "One attempt" in out and str(seed) not in out
    assert "its record (with the day's seed) is yours once it has ended" in out
    assert "This is the day's challenge" in out and not (tmp_path / "saves").exists()
    attempt = json.loads((data_dir / "daily" / f"{DAY}-tanglewoods.json").read_text())
    assert attempt["choices"] == [] and attempt["options"]["hero"] == options["hero"]
    assert str(seed) not in json.dumps(attempt)
    # the second run resumes it and plays it to its end: then the seed and the record
    numbers, finished = _numbers("tanglewoods", secret, DAY, 7)
    code, out, err = run_cli("daily", "tanglewoods", stdin="\n".join(map(str, numbers)) + "\nq\n")
    assert code == 0, err
    assert "Resumed where you left it" in out
    over = out.index("Game over: " + finished.outcome["result"].upper())
    assert out.index(str(seed)) > over and f"Its seed was {seed}" in out
    record = json.loads((data_dir / "daily" / f"{DAY}-tanglewoods.record.json").read_text())
    assert record["seed"] == seed and record["choices"] == finished.choices
    # a third run that day plays nothing: the day's attempt is done, and says how it ended
    code, out, err = run_cli("daily", "tanglewoods", stdin="1\n")
    assert code == 0, err
    assert "is done: one attempt a day" in out and finished.outcome["result"].upper() in out and str(seed) in out
    kept = json.loads((data_dir / "daily" / f"{DAY}-tanglewoods.json").read_text())
    assert kept["choices"] == finished.choices and kept["result"] == finished.outcome["result"]
    # the list of the day
    code, out, err = run_cli("daily")
    assert code == 0, err
    assert f"seed {seed}" in out and "not played yet: woodlands daily storyfold" in out
    # the next day: a new game from the same secret, with another seed
    monkeypatch.setattr(kit_daily, "today", lambda now=None: "2026-12-07")
    code, out, err = run_cli("daily", "tanglewoods", stdin="q\n")
    assert code == 0 and "One attempt" in out and "is done" not in out
    assert daily_seed(secret, "2026-12-07", "tanglewoods") != seed


def test_two_data_folders_have_two_secrets_and_a_quit_attempt_is_kept(run_cli, data_dir, tmp_path, monkeypatch):
    monkeypatch.setattr(kit_daily, "today", lambda now=None: DAY)
    code, out, _ = run_cli("daily", "cursed-forest", stdin="1\nq\n")
    assert code == 0 and "resumes it today" in out
    first = (data_dir / "daily" / "secret").read_text().strip()
    assert oct((data_dir / "daily" / "secret").stat().st_mode & 0o777) == "0o600"
    attempt = json.loads((data_dir / "daily" / f"{DAY}-cursed-forest.json").read_text())
    assert len(attempt["choices"]) == 1
    code, out, _ = run_cli("daily", "cursed-forest", stdin="q\n")
    assert "Resumed where you left it" in out
    assert json.loads((data_dir / "daily" / f"{DAY}-cursed-forest.json").read_text())["choices"] == attempt["choices"]
    monkeypatch.setenv("WOODLANDS_DATA_DIR", str(tmp_path / "elsewhere"))
    code, out, _ = run_cli("daily", "cursed-forest", stdin="q\n")
    second = (tmp_path / "elsewhere" / "daily" / "secret").read_text().strip()
    assert code == 0 and second != first
    assert daily_seed(first, DAY, "cursed-forest") != daily_seed(second, DAY, "cursed-forest")


def test_a_bad_game_or_a_damaged_attempt_is_one_line(run_cli, data_dir, monkeypatch):
    monkeypatch.setattr(kit_daily, "today", lambda now=None: DAY)
    code, _, err = run_cli("daily", "nosuchgame")
    assert code == 2 and "no game 'nosuchgame'" in err and "Traceback" not in err
    (data_dir / "daily").mkdir(parents=True)
    (data_dir / "daily" / f"{DAY}-storyfold.json").write_text("{not json")
    code, _, err = run_cli("daily", "storyfold", stdin="q\n")
    assert code == 2 and "cannot be read" in err
    code, out, err = run_cli("daily", "--help")
    assert code == 0 and "one attempt a day" in out.lower()


def test_the_full_screen_shows_no_seed_until_the_end(data_dir, monkeypatch):
    """The daily game on the full screen: its save prompt offers no file name with the seed, and
    saving or loading is refused while it goes on; the screen never shows the seed."""
    import io

    from rich.console import Console

    from tests.cli.test_tui import drive
    from woodlands.cli.daily import DailyKeeper, DailySession
    from woodlands.cli.tui import PlayApp
    seed = 987654321987654321
    options, words = daily_setup(kit_daily.new_secret(), DAY, "tanglewoods")
    state = woodlands.load_game("tanglewoods").new_game(seed=seed, options=options)
    out = io.StringIO()
    session = DailySession(Console(file=out, width=100), state, None, io.StringIO(), 0,
                           DailyKeeper(DAY, "tanglewoods", words, "now"))
    assert str(seed) not in session.default_save_path()
    app = PlayApp(session)
    assert app.default_save() == session.default_save_path()
    shots = drive(app, (100, 40), ["s", None, "enter", None, "l", "x", "enter", None])
    assert all(str(seed) not in shot for shot in shots)
    assert "its record (with the day's seed) is yours once it has ended" in " ".join(" ".join(shots).split())
    assert not session.state.is_over and str(seed) not in out.getvalue()
