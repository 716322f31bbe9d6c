"""The full-screen terminal, tested the way Textual tests apps: ``App.run_test`` with a terminal
size, ``pilot.press`` for the keys, and the screen read back as text (what a capture shows)."""
from __future__ import annotations

import asyncio
import io
from typing import Any

import pytest
from rich.console import Console

import woodlands
from woodlands.engine.decision import Decision, Option
from woodlands.engine.presentation import Detail, Presentation
from woodlands.engine.registry import unregister_game
from woodlands.cli.autosave import Autosave
from woodlands.cli.play import PlaySession
from woodlands.cli.tui import PlayApp, screen_text

SIZES = [(80, 24), (160, 50)]
GAMES = [("tanglewoods", {}), ("storyfold", {}), ("cursed-forest", {"players": 2})]


@pytest.fixture
def toy():
    from tests.toy_game import DESCRIPTOR
    woodlands.register_game(DESCRIPTOR)
    game = woodlands.load_game("toy")
    yield game
    game.__dict__.pop("_presentation", None)      # a test's own words stay with that test
    unregister_game("toy")


def session_for(state: woodlands.GameState, autosave: bool = False) -> PlaySession:
    quiet = Console(file=io.StringIO(), width=100)
    return PlaySession(quiet, state, None, io.StringIO(), 0, Autosave.start(state, None) if autosave else None)


def drive(app: PlayApp, size: tuple[int, int], script: list[Any]) -> list[str]:
    """Run ``app`` at ``size``; ``script`` holds keys (str) and ``None`` (take a capture).
    Returns the captures (the last screen is always taken)."""
    shots: list[str] = []

    async def go() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            for step in script:
                if step is None:
                    await pilot.pause()
                    shots.append(screen_text(app))
                elif callable(step):
                    await pilot.pause()
                    await pilot.press(step(app))
                else:
                    await pilot.press(step)
                    await pilot.pause()
            await pilot.pause()
            shots.append(screen_text(app))
    asyncio.run(go())
    return shots


def first_entry(app: PlayApp) -> str:
    """The key of the first entry on screen (numbers stay put, so it need not be 1)."""
    entries = app.entries()
    return str(entries[0].number)[0] if entries else "enter"


def words(text: str) -> str:
    """The words of a capture, without box borders and line breaks."""
    return " ".join(text.replace("│", " ").split())


def fits(text: str, size: tuple[int, int]) -> bool:
    lines = text.split("\n")
    return len(lines) <= size[1] and all(len(line) <= size[0] for line in lines)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game_id,options", GAMES, ids=[g for g, _ in GAMES])
def test_each_game_plays_by_keys_and_fits(game_id, options, size):
    state = woodlands.load_game(game_id).new_game(seed=5, options=options)
    app = PlayApp(session_for(state))
    first = state.decision
    keys: list[Any] = [None]
    for _ in range(6):
        keys += [first_entry, "enter"]      # enter: passes a hot-seat handover; else ignored
    shots = drive(app, size, keys)
    assert first.prompt.split(":")[0][:30] in " ".join(shots[0].split())
    assert len(app.state.choices) >= 3, app.state.choices
    for shot in shots:
        assert fits(shot, size), shot
        assert "Traceback" not in shot
    last = shots[-1]
    assert "q quit" in last or "Pass to" in last or "Game over" in last
    if "q quit" in last and app.state.decision is not None:
        # nothing is cut off: the prompt's start and every entry (number and label) are on screen
        shown = words(last)
        assert " ".join(app.state.decision.prompt.split())[:20] in shown
        for e in app.entries():
            assert f"{e.number}. {' '.join(e.label.split())[:10]}" in shown, (e, last)


@pytest.mark.parametrize("steps", [40, 160])
def test_a_four_player_cursed_forest_shows_the_table_and_every_option_at_80x24(steps):
    """Four adventurers mid-game (a turn, a fight): the compact table heads the screen and the
    prompt and every entry are shown beside it, nothing cut off."""
    import random

    state = woodlands.load_game("cursed-forest").new_game(seed=4, options={"players": 4})
    rng = random.Random(4)
    for _ in range(steps):
        state.apply(rng.choice(state.decision.options).id)
    app = PlayApp(session_for(state))
    shot = drive(app, (80, 24), [])[-1]
    assert fits(shot, (80, 24)) and shot.startswith("The Cursed Forest:") and "q quit" in shot, shot
    shown = words(shot)
    assert " ".join(state.decision.prompt.split())[:20] in shown, shot
    assert len(app.entries()) >= 5
    for e in app.entries():
        assert f"{e.number}. {' '.join(e.label.split())[:10]}" in shown, (e, shot)


def test_the_toy_plays_to_its_end(toy):
    state = toy.new_game(seed=2, options={"target": 5})
    app = PlayApp(session_for(state))
    shots = drive(app, (80, 24), [None] + ["1"] * 5)
    assert "Count to Ten: 0 of 5" in shots[0] and "Add 1" in shots[0]
    assert app.state.is_over and "Game over: WIN" in shots[-1]


def test_handover_hides_the_last_seat(toy):
    state = toy.new_game(seed=2, options={"players": 2})
    app = PlayApp(session_for(state))
    shots = drive(app, (80, 24), ["1", None, "1", None, "enter", None])
    handover, ignored, after = shots[:3]
    assert "Pass to Player 2 (Squirrel 2)" in words(handover)
    # nothing but the handover box: no table, no log, no options of Squirrel 1
    shown = words(handover)
    assert "Count to Ten" not in shown and "Squirrel 1" not in shown and "Add 1" not in shown
    assert ignored == handover and len(app.state.choices) == 1     # keys wait for Enter
    assert "Squirrel 2: the count is 1" in " ".join(after.split())
    session = session_for(toy.new_game(seed=2, options={"players": 2}), autosave=True)
    drive(PlayApp(session), (80, 24), ["1", "q"])      # q leaves from the handover too
    assert "Autosaved to" in session.console.file.getvalue()


class ToyWords(Presentation):
    """A presentation with every hook a client reads, for the toy."""

    def warning(self, view: dict[str, Any], decision: Decision, option: Option) -> str | None:
        return "Rolling may overshoot the target." if option.id == "roll" else None

    def fixed_keys(self, decision: Decision) -> dict[str, str]:
        return {"r": "roll", "q": "add:1"}          # q is the terminal's: never taken

    def repeatable(self, view: dict[str, Any], decision: Decision, option: Option) -> int:
        return 3 if option.id == "add:1" else 0

    def details(self, view: dict[str, Any], decision: Decision | None) -> list[Detail]:
        return [Detail("d", "the die", "Faces 1, 2, 3: each one chance in three.")]

    def glossary(self) -> list[tuple[str, str]]:
        return [("count", "the acorns so far")]


@pytest.fixture
def worded_toy(toy):
    toy._presentation = ToyWords(toy)
    return toy


def test_a_warning_asks_before_taking(worded_toy):
    state = worded_toy.new_game(seed=2)
    app = PlayApp(session_for(state))
    shots = drive(app, (80, 24), ["r", None, "n", None, "3", "y", None])
    asking, refused, taken = shots[:3]
    assert "Rolling may overshoot the target." in asking and "y yes, n no" in asking
    assert "Not taken." in refused
    assert app.state.choices == ["roll"]
    assert "[r]" in refused                          # the letter is shown beside its option


def test_a_count_takes_an_option_several_times(worded_toy):
    state = worded_toy.new_game(seed=2)
    app = PlayApp(session_for(state))
    shots = drive(app, (80, 24), ["1", None, "3", None])
    assert "how many times? 1-3" in shots[0]
    assert app.state.choices == ["add:1"] * 3 and "Count to Ten: 3 of 10" in shots[1]


def test_detail_help_and_glossary_are_one_key_away(worded_toy):
    state = worded_toy.new_game(seed=2)
    app = PlayApp(session_for(state))
    shots = drive(app, (80, 24), [None, "d", None, "escape", "h", None, "escape", "g", None, "escape", "L", None])
    keys, detail, help_, glossary, log = shots[:5]
    assert "d the die" in keys
    assert "Faces 1, 2, 3" in detail
    assert "Land exactly on the target" in words(help_) and "Rule: TOY-1" in help_
    assert "count: the acorns so far" in glossary
    assert "count to 10" in log
    assert app.state.choices == []


def test_a_refused_id_says_why_with_its_rule(toy):
    state = toy.new_game(seed=2)
    app = PlayApp(session_for(state))
    shots = drive(app, (80, 24), [":", *"add:7", "enter", None])
    text = shots[0]
    assert "Not now:" in text and "Rule: TOY-1" in text
    assert app.state.choices == []


class GroupedToy(Presentation):
    def grouping(self, decision: Decision) -> int:
        return 1


def test_two_steps_and_back(toy):
    toy._presentation = GroupedToy(toy)
    state = toy.new_game(seed=2)
    app = PlayApp(session_for(state))
    shots = drive(app, (80, 24), [None, "1", None, "escape", None, "1", "2", None])
    groups, inside, back = shots[:3]
    assert "1. Add (2) …" in groups and "2. Roll the die" in groups and "Add 2" not in groups
    assert "Add 2 (to 2)" in inside and "Esc: back" in inside
    assert back == groups
    assert app.state.choices == ["add:2"]


def test_forced_moves_are_taken_and_told(toy, monkeypatch):
    """A decision the game declares forced (state.forced()) is taken full-screen when the toggle
    is on, told in the log, and kept in the record; with a (off) it waits for the player."""
    from tests.toy_game import ToyState

    def forced(self: ToyState) -> str | None:        # the toy declares none: pretend below 2
        return "add:1" if self.decision is not None and self.total < 2 else None
    monkeypatch.setattr(ToyState, "forced", forced)
    app = PlayApp(session_for(toy.new_game(seed=2)))
    shots = drive(app, (160, 50), [None])
    assert app.state.choices == ["add:1", "add:1"]
    assert "Taken for you (the only choice): Add 1" in shots[0]
    app = PlayApp(session_for(toy.new_game(seed=2)), auto_forced=False)
    shots = drive(app, (160, 50), [None])
    assert app.state.choices == [] and "a auto off" in shots[0]


def test_save_undo_and_quit(tmp_path, toy, monkeypatch):
    monkeypatch.chdir(tmp_path)
    state = toy.new_game(seed=2)
    session = session_for(state, autosave=True)
    app = PlayApp(session)
    shots = drive(app, (80, 24), ["1", "2", None, "u", None, "s", "enter", None, "q"])
    assert "Saved the game record to saves/toy-2.json" in shots[-1]
    assert app.state.choices == ["add:1"]            # 2 (add 2) was undone
    assert (tmp_path / "saves" / "toy-2.json").exists() and app.code == 0
    assert session.autosaved


def test_more_than_nine_entries_take_two_digits(toy, monkeypatch):
    """Twelve options: '1' waits (10, 11, 12 may follow), '2' then takes 12; '5' is taken at once;
    '1' and Enter takes 1."""
    import dataclasses

    from tests.toy_game import STEPS

    def ask(s: Any, seat: int) -> tuple[str, list[Option]]:
        return f"Count {s.total}", [Option(f"add:{n}", f"Add {n}") for n in range(1, 13)]
    monkeypatch.setitem(STEPS.specs, "turn", dataclasses.replace(STEPS.specs["turn"], ask=ask))
    app = PlayApp(session_for(toy.new_game(seed=2, options={"target": 50})))
    shots = drive(app, (80, 24), ["1", None, "2", "5", "1", "enter"])
    assert "Typed: 1 (Enter takes it)" in shots[0] and app.state.choices == ["add:12", "add:5", "add:1"]
    assert all(f"{n}. Add {n}" in shots[0] for n in range(1, 13))      # the whole menu is on screen


def test_a_resize_moves_the_log_beside_the_table(toy):
    """80 columns: the log under the table; 160: beside it, the table redrawn for its new width."""
    app = PlayApp(session_for(toy.new_game(seed=2)))
    shots: list[str] = []

    async def go() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("1")
            await pilot.pause()
            shots.append(screen_text(app))
            narrow = app.has_class("narrow")
            await pilot.resize_terminal(160, 50)
            await pilot.pause()
            await pilot.pause()
            shots.append(screen_text(app))
            assert narrow and not app.has_class("narrow")
    asyncio.run(go())
    small, big = shots
    table_row = next(line for line in small.split("\n") if "Count to Ten" in line)
    assert "count to 10" not in table_row                 # the log is on other rows
    table_row = next(line for line in big.split("\n") if "Count to Ten" in line)
    assert "count to 10" in table_row                     # the log's first line beside the table
    assert len(big.split("\n")) == 50 and "Squirrel 1 adds 1" in big
