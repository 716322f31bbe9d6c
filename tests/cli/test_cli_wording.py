"""Words on the terminal that read wrong: a back key with nothing to go back to, a price said
twice, a story flag's id, a file named twice, hint ranks that look like option numbers, two
different counts under one letter."""
from __future__ import annotations

import dataclasses
import io
import random
import re
from typing import Any

import pytest
from rich.console import Console

import woodlands
from woodlands.cli.play import PlaySession
from woodlands.cli.tui import PlayApp
from woodlands.engine.decision import Option

from .test_tui import GroupedToy, drive, session_for, toy  # noqa: F401  (toy: a fixture)


def line_session(state: woodlands.GameState, stdin: str) -> tuple[PlaySession, io.StringIO]:
    out = io.StringIO()
    return PlaySession(Console(file=out, width=100), state, None, io.StringIO(stdin)), out


def test_esc_back_only_where_there_is_a_first_step(toy, monkeypatch):  # noqa: F811
    """Add opened, Add 1 taken: the next decision offers only the Add options, so the open group
    is all there is; '(Esc: back)' would promise a step that does not exist."""
    from tests.toy_game import STEPS

    def ask(s: Any, seat: int) -> tuple[str, list[Option]]:
        adds = [Option(f"add:{n}", f"Add {n}") for n in (1, 2)]
        return f"Count {s.total}", adds + ([Option("roll", "Roll the die")] if s.total == 0 else [])
    monkeypatch.setitem(STEPS.specs, "turn", dataclasses.replace(STEPS.specs["turn"], ask=ask))
    toy._presentation = GroupedToy(toy)
    app = PlayApp(session_for(toy.new_game(seed=2, options={"target": 50})))
    shots = drive(app, (80, 24), [None, "1", None, "1", None, "escape", None])
    first, inside, only_adds, after_esc = shots[:4]
    assert "1. Add (2) …" in first and "(Esc: back)" in inside
    assert app.state.choices == ["add:1"]
    assert "Add 2" in only_adds and "(Esc: back)" not in only_adds
    assert "Add 2" in after_esc and app.chooser.group == ("add",)



def test_the_wide_key_bar_offers_esc_only_on_a_second_step(toy, monkeypatch):  # noqa: F811
    """At 160 columns the bottom line lists Esc only while a group is open: on the groups
    themselves, or a flat decision, Esc has nowhere to go back to."""
    toy._presentation = GroupedToy(toy)
    app = PlayApp(session_for(toy.new_game(seed=2, options={"target": 50})))
    first, inside = drive(app, (160, 50), [None, "1", None])[:2]
    bar = [line for line in first.splitlines() if "h help" in line]
    assert bar and "Esc back" not in bar[-1]
    bar = [line for line in inside.splitlines() if "h help" in line]
    assert bar and "Esc back" in bar[-1]

def test_a_companion_use_says_its_price_once():
    """Storyfold: a use whose text already says 'Spend 1 Crystal' is not followed by 'for 1 Crystal'."""
    game = woodlands.load_game("storyfold")
    for seed in range(10):
        state, rng, typed = game.new_game(seed=seed), random.Random(seed), []
        while state.decision is not None and len(typed) < 400:
            d = state.decision
            if d.kind == "after_roll" and any("Crystal" in o.label for o in d.options):
                break
            option = d.options[rng.randrange(len(d.options))]
            typed.append(option.id)
            state.apply(option.id)
        else:
            continue
        play, out = line_session(game.new_game(seed=seed), "".join(f"{t}\n" for t in typed) + "q\n")
        assert play.run() == 0
        menu = out.getvalue().rsplit("Type a number", 2)[-2]
        uses = [line for line in menu.splitlines() if "Crystal" in line]
        assert uses, menu
        for line in uses:
            assert line.count("Crystal") == 1 and ". for" not in line, line
        return
    pytest.fail("no seeded Storyfold game reached a roll with a use that costs Crystals")


def test_a_story_flag_is_told_in_words_not_by_its_id():
    """The scene's words for what the story remembers, not 'found omas letter'."""
    from woodlands.games.storyfold.effects import run_effect
    game = woodlands.load_game("storyfold")
    [effect] = [e for scene in game.content.scenes for e in scene.luma_prevails.effects
                if e.do == "set_flag" and e.get("flag") == "found-omas-letter"]
    state = game.new_game(seed=1)
    run_effect(state, effect, -1)       # the effect as the scene's end runs it
    play, out = line_session(state, "log\nq\n")
    assert play.run() == 0
    text = out.getvalue()
    assert "Luma keeps Oma's letter" in text
    assert "omas letter" not in text and "found-omas-letter" not in text


def test_a_missing_file_is_named_once(run_cli):
    code, out, _ = run_cli("play", "tanglewoods", "--seed", "1", stdin="l saves/x.json\nq\n")
    assert code == 0
    assert "Could not read saves/x.json: no such file" in out and out.count("x.json") == 1


def test_hint_ranks_do_not_look_like_option_numbers(run_cli):
    code, out, err = run_cli("play", "tanglewoods", "--seed", "1", "--budget", "30", stdin="hint\nq\n")
    assert code == 0, err
    hints = out.split("sample games for each option", 1)[1].split("Goodbye", 1)[0]
    assert "Best: " in hints and "2nd best: " in hints
    assert not re.search(r"^\s*\d+\. ", hints, re.M), hints


@pytest.mark.parametrize("size", [(80, 24)], ids=["80x24"])
def test_storyfold_crystals_by_action_name(size):
    """The 80-column table counted Crystals by initial, 'L0 H0 E0 H0': help and heal both H."""
    game = woodlands.load_game("storyfold")
    state, rng = game.new_game(seed=3), random.Random(3)
    while not any((state.view(0).get("crystals") or {}).values()):
        state.apply(state.decision.options[rng.randrange(len(state.decision.options))].id)
    app = PlayApp(session_for(state))
    [shot] = drive(app, size, [])
    # the River's Action cards carry their Crystals, each card by its whole name
    river = " ".join(row for row in shot.split("The River", 1)[1].split("The Wildwoods", 1)[0].splitlines())
    held = {k: n for k, n in state.view(0)["crystals"].items() if n}
    assert held
    for action, n in held.items():
        assert re.search(rf"{action.title()} \([^)]*\): {'◆' * n}(?!◆)", river), river
    assert not re.search(r"◆ [A-Z]\d", shot), shot

