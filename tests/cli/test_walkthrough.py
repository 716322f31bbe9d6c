"""A newcomer's first session with each game, scripted through the terminal: the menu, the set-up
defaults, help, a detail, a dozen choices, save, quit, and coming back to the autosaved game.
Line mode (piped standard input) for every game, and the same path full-screen through Textual;
then line mode's own ways to choose (two steps at once, letters, counts, warnings, refusals)."""
from __future__ import annotations

import asyncio
import io
import json
import pytest
from rich.console import Console

import woodlands
from woodlands.cli.autosave import Autosave, last_unfinished
from woodlands.cli.play import PlaySession
from woodlands.cli.tui import PlayApp, screen_text
from woodlands.engine.presentation import presentation_for
from woodlands.engine.registry import descriptors, unregister_game

from .line_numbers import Typist
from .test_tui import ToyWords, words

GAMES = ["tanglewoods", "storyfold", "cursed-forest"]
CHOICES = 12


def menu_number(game_id: str) -> int:
    return [d.id for d in descriptors()].index(game_id) + 1


@pytest.mark.parametrize("game_id", GAMES)
def test_a_newcomer_plays_saves_quits_and_continues(game_id, run_cli, tmp_path):
    game = woodlands.load_game(game_id)
    players = "2\n" if game.players[1] > 1 else ""
    save = tmp_path / "first.json"
    # the menu, the number of players, Enter for every set-up default (blank lines at a decision
    # are ignored), help, then a dozen first options, save, quit
    first = game.new_game(seed=7, options={"players": 2} if players else {})
    shown = presentation_for(game).details(first.view(0), first.decision)   # the game's detail keys
    detail = f"{shown[0].key}\n" if shown else ""
    # each time the first number on the menu (numbers stay with their options, so not always 1)
    typist, state, first_numbers = Typist(), first.clone(), []
    for _ in range(CHOICES):
        number, option_id = typist.lowest(state.decision)
        first_numbers.append(f"{number}\n")
        state.apply(option_id)
    stdin = (f"{menu_number(game_id)}\n{players}" + "\n" * 6 + "h\n" + detail + "".join(first_numbers)
             + f"s {save}\nq\n")
    code, out, err = run_cli("play", "--seed", "7", stdin=stdin)
    assert code == 0, err
    assert "which game shall we play?" in out and game.name in out
    if players:
        assert "How many players" in out and "Hot-seat" in out
    assert "What happened:" in out                            # the log, told as it happens
    assert "Rule:" in out and "Commands:" in out              # help names the rule on its own line
    assert "Type a number" in out
    if shown:
        assert f"{shown[0].title}:" in out
    record = json.loads(save.read_text())
    assert len(record["choices"]) >= CHOICES                 # every choice kept (forced ones too)
    assert "Autosaved to" in out and "Goodbye" in out and "Traceback" not in out + err
    # the menu offers the game back; c continues it where it stopped
    assert last_unfinished() is not None
    code, out, err = run_cli("play", stdin="c\nh\nq\n")
    assert code == 0, err
    assert "c. Continue the last game" in out and f"Continuing {game.name}" in out
    assert f"{len(record['choices'])} choices replayed" in out
    assert "Rule:" in out


@pytest.mark.parametrize("game_id", GAMES)
def test_a_newcomer_full_screen(game_id, tmp_path, monkeypatch):
    """The same path full-screen: the prompt and the keys are on screen, help opens and closes,
    a dozen choices by number keys (the handover passed with Enter), save, quit; the autosave
    holds the game."""
    monkeypatch.chdir(tmp_path)
    game = woodlands.load_game(game_id)
    options = {"players": 2} if game.players[1] > 1 else {}
    state = game.new_game(seed=7, options=options)
    session = PlaySession(Console(file=io.StringIO()), state, None, io.StringIO(), 0, Autosave.start(state, None))
    app = PlayApp(session)
    shots: list[str] = []

    async def go() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            shots.append(screen_text(app))
            await pilot.press("h")
            await pilot.pause()
            shots.append(screen_text(app))
            await pilot.press("escape")
            for _ in range(CHOICES * 4):   # a group takes two keys, a warning its answer
                if len(app.state.choices) >= CHOICES or app.state.is_over:
                    break
                entries = app.entries()
                if app.pending is not None:           # a warning or a count: Enter takes it
                    await pilot.press("enter")
                else:
                    await pilot.press(str(entries[0].number)[0] if entries and app.screen is app.screen_stack[0] else "enter")
                await pilot.pause()
            shots.append(screen_text(app))
            await pilot.press("s")
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            shots.append(screen_text(app))
            await pilot.press("q")
    asyncio.run(go())
    start, help_, played, saved = shots
    assert "q quit" in start and "h help" in start
    assert "Help" in help_ and "Rule:" in help_
    assert len(app.state.choices) >= CHOICES
    assert "Saved the game record" in words(saved) or "Pass to" in saved
    assert (tmp_path / "saves").exists() or "Pass to" in saved
    assert session.autosaved and last_unfinished() is not None


@pytest.fixture
def worded_toy():
    from tests.toy_game import DESCRIPTOR
    woodlands.register_game(DESCRIPTOR)
    game = woodlands.load_game("toy")
    game._presentation = ToyWords(game)
    yield game
    game.__dict__.pop("_presentation", None)
    unregister_game("toy")


def test_line_mode_letters_counts_warnings_details_and_refusals(worded_toy, run_cli):
    assert isinstance(presentation_for(worded_toy), ToyWords)
    stdin = "d\ng\n1x3\nadd:9\n1x9\nr\nq\n"
    code, out, err = run_cli("play", "toy", "--seed", "2", "--no-autosave", stdin=stdin)
    assert code == 0, err
    assert "Roll the die (adds 1 to 3)  [r]" in out and "d the die" in out
    assert "the die:" in out and "Faces 1, 2, 3" in out              # d: the detail
    assert "count: the acorns so far" in out                         # g: the glossary
    assert "the count is 3" in out                                   # 1x3: add 1 three times
    assert "Not now:" in out and "\nRule: TOY-1" in out              # a refused id, its rule
    assert "can be taken 1 to 3 time(s)" in out
    assert "Warning: Rolling may overshoot the target." in out       # piped: told, then taken
    assert "rolls a" in out


def test_line_mode_two_steps_at_once(run_cli, monkeypatch):
    from tests.toy_game import DESCRIPTOR

    from .test_tui import GroupedToy
    woodlands.register_game(DESCRIPTOR)
    game = woodlands.load_game("toy")
    game._presentation = GroupedToy(game)
    try:
        code, out, err = run_cli("play", "toy", "--seed", "2", "--no-autosave", stdin="1 2\n3 1\n1 9\nq\n")
    finally:
        game.__dict__.pop("_presentation", None)
        unregister_game("toy")
    assert code == 0, err
    assert "[1] Add (2)" in out and "[2] Roll the die" in out
    assert "Squirrel 1 adds 2: the count is 2." in out               # group 1, its option 2
    assert "There is no group 3 here" in out and "Group 1 has options 1 to 2." in out



class _TerminalInput(io.StringIO):
    """Keys typed at a terminal: what the line mode reads when a person sits at one."""

    def isatty(self) -> bool:
        return True


def test_line_mode_at_a_terminal_asks_y_or_n_before_a_warned_option(worded_toy):
    """At a terminal (stdin and stdout TTYs) line mode asks before an option the game warns
    about: 'n' leaves the game unchanged, 'y' takes it (on pipes it is told and taken, above)."""
    state = worded_toy.new_game(seed=2)
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, color_system=None, width=100)
    session = PlaySession(console, state, None, _TerminalInput("n\ny\n"))
    assert session.interactive()
    session.choose("r")                      # asks; the next line says n
    assert state.choices == [] and "Not taken." in out.getvalue()
    session.choose("r")                      # asks again; y takes it
    assert state.choices == ["roll"]
    assert out.getvalue().count("Warning: Rolling may overshoot the target.") == 2
    assert out.getvalue().count("Take 'Roll the die") == 2
