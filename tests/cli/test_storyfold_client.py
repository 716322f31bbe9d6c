"""``woodlands play storyfold``: a whole campaign through piped input, the table, the narrator, the
help texts for every decision kind, and the scene save with ``s`` and ``--resume``."""
from __future__ import annotations

import io
import json
import random

import pytest
from rich.console import Console

import woodlands
from woodlands.cli.narrate import narrator_for
from woodlands.cli.table import table_for
from woodlands.games.storyfold.present.words import StoryfoldNarrator
from woodlands.engine.presentation import presentation_for

from .line_numbers import Typist

GAME_ID = "storyfold"


@pytest.fixture(scope="module")
def game() -> woodlands.Game:
    return woodlands.load_game(GAME_ID)


def random_games(game: woodlands.Game, count: int = 20) -> list[woodlands.GameState]:
    games = []
    for seed in range(count):
        state = game.new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            state.apply(state.decision.options[rng.randrange(len(state.decision.options))].id)
        games.append(state)
    return games


@pytest.fixture(scope="module")
def twenty(game: woodlands.Game) -> list[woodlands.GameState]:
    return random_games(game)


def numbers_of(game: woodlands.Game, seed: int, stop: str | None = None) -> tuple[list[int], woodlands.GameState]:
    """The option numbers a player types for a random game with ``seed`` (stopping at the first
    decision of kind ``stop`` after the opening, if given) and the state reached."""
    state = game.new_game(seed=seed)
    rng = random.Random(seed)
    typist = Typist()
    numbers: list[int] = []
    while not state.is_over:
        if stop and state.decision.kind == stop and numbers:
            break
        n = rng.randrange(len(state.decision.options))
        numbers.append(typist.number(state.decision, state.decision.options[n].id))
        state.apply(state.decision.options[n].id)
    return numbers, state


def table_text(view: dict, width: int = 100) -> str:
    """The table as the terminal draws it (from the game's table model) at ``width`` columns."""
    console = Console(file=io.StringIO(), width=width, color_system=None)
    console.print(table_for(presentation_for(woodlands.load_game(GAME_ID)), view, 0, width))
    return console.file.getvalue()  # type: ignore[attr-defined]


# ------------------------------------------------------------------ the whole game at the terminal
def test_a_whole_campaign_through_piped_input(game, run_cli):
    numbers, finished = numbers_of(game, seed=5)
    code, out, err = run_cli("play", GAME_ID, "--seed", "5", stdin="\n".join(map(str, numbers)) + "\n")
    assert code == 0, err
    assert "Traceback" not in out + err
    assert "Game over: " + finished.outcome["result"].upper() in out
    assert "The story is over" in out                       # the narrator's game_over sentence
    assert finished.view(0)["scene_title"] in out


def test_the_table_shows_river_tracks_and_locations(game, run_cli):
    numbers, _ = numbers_of(game, seed=3)
    # line mode on a pipe draws the compact table (80 columns); what it leaves out is one key
    # away: t (the tracks and what ends a scene), b (Luma and Brom, Boons, Crystals)
    code, out, _ = run_cli("play", GAME_ID, "--seed", "3", stdin="\n".join(map(str, numbers[:40])) + "\nt\nb\nq\n")
    assert code == 0
    for part in ("3+", "4+", "5+", "6+", "The River", "Spirit", "Wildwoods", "Dice", "Crystals",
                 "Shadow prevails", "Luma", "Brom", "Boon", "Goal"):
        assert part in out, part
    assert "Locations" in out and "The Snagged Scarf" in out   # the second scene has locations
    assert "--- The Lantern at the Stile ---" in out          # the scene opens with its story


def test_the_river_cards_show_their_thresholds_in_order_in_100_columns(game):
    state = game.new_game(seed=1)
    view = state.view(0)
    text = table_text(view)
    assert max(len(line) for line in text.splitlines()) <= 100
    lines = text.splitlines()
    top = next(i for i, line in enumerate(lines) if "The River" in line)
    bottom = next(i for i in range(top, len(lines)) if lines[i].startswith("╰"))
    river = " ".join(line.strip("│ ") for line in lines[top + 1:bottom])      # the River's panel, unwrapped
    # each Action card with the threshold of its space, in the River's order
    marks = [river.index(m) for m in ("Light (3+)", "Help (4+)", "Explore (5+)", "Heal (6+)")]
    assert marks == sorted(marks)
    # the last three spaces give no threshold: the creature there and the two empty ones
    assert "Ash Moth (1✦ −1♥)" in river and river.count("empty") == 2 and "(–)" not in river
    # the scene's creature and the track's spaces
    assert "Ash Moth" in text and "middle" in text


def test_the_table_draws_every_position_of_a_game_and_survives_missing_keys(game, twenty):
    state = game.new_game(seed=2)
    rng = random.Random(2)
    while not state.is_over:
        if rng.random() < 0.2:
            text = table_text(state.view(0))
            assert max(len(line) for line in text.splitlines()) <= 100
        state.apply(rng.choice(state.decision.options).id)
    table_text(state.view(0))
    # a view from another engine version, with keys missing, still draws
    view = dict(game.new_game(seed=1).view(0))
    for key in ("track", "locations", "boons", "dice", "roll", "goals", "decks", "brom", "score"):
        view.pop(key, None)
    assert "3+" in table_text(view)


# ------------------------------------------------------------------ narrator and help
def test_the_narrator_tells_every_event_of_twenty_random_games(game, twenty):
    narrator = narrator_for(game)
    assert isinstance(narrator, StoryfoldNarrator)
    types: set[str] = set()
    untold: set[str] = set()
    for state in twenty:
        for e in state.log:
            types.add(e["type"])
            line = narrator.line(e)
            if line.startswith("[") or not line.strip():
                untold.add(e["type"])
    assert not untold, f"no sentence for event type(s) {sorted(untold)}"
    assert {"scene", "roll", "activate", "spirit", "scene_end", "game_over"} <= types


def test_the_story_is_told_and_names_are_looked_up(game):
    narrator = StoryfoldNarrator(game)
    scene = game.content.scenes[0]
    line = narrator.line({"type": "scene", "scene": scene.id, "title": scene.title, "text": scene.text,
                          "goal": scene.goal_text, "track_length": 11, "light": 1, "shadow": 11})
    assert scene.title in line and scene.text in line and scene.goal_text in line
    assert narrator.line({"type": "healed", "card": "ash-moth", "crystals": 1}).startswith("Ash Moth is healed")
    # an unknown event still shows its fields rather than failing
    assert narrator.line({"type": "no-such-event", "x": 1}) == "[no-such-event] x=1"


def test_every_decision_kind_met_in_twenty_random_games_has_help(game, twenty):
    shown = presentation_for(game)
    texts = shown.help_texts
    kinds: set[str] = set()
    for state in twenty:
        replayed = game.new_game(seed=state.seed)
        for choice in state.choices:
            kinds.add(replayed.decision.kind)
            replayed.apply(choice)
    assert {"luma_phase", "roll", "scene_break"} <= kinds
    missing = sorted(kinds - set(texts))
    assert not missing, f"no help text for decision kind(s) {missing}"
    state = game.new_game(seed=1)
    assert texts["luma_phase"] in shown.help(state.decision)


def test_help_at_the_terminal(game, run_cli):
    code, out, _ = run_cli("play", GAME_ID, "--seed", "1", stdin="h\nq\n")
    assert code == 0
    assert "[luma_phase]" in out and "SW-101" in out and "Commands:" in out


# ------------------------------------------------------------------ the scene save
def test_s_at_a_scene_break_writes_the_save_and_resume_continues(game, run_cli, tmp_path):
    numbers, at_break = numbers_of(game, seed=4, stop="scene_break")
    assert at_break.decision.kind == "scene_break"
    save = tmp_path / "scene.json"
    stdin = "\n".join(map(str, numbers)) + f"\ns {save}\nq\n"
    code, out, err = run_cli("play", GAME_ID, "--seed", "4", stdin=stdin)
    assert code == 0, err
    assert "Saved the end of the scene" in out and "--resume" in out
    document = json.loads(save.read_text(encoding="utf-8"))
    assert document == json.loads(json.dumps(at_break.save()))
    # the full record is written beside it (the autosave of every choice, S-7's software extra)
    record = json.loads((tmp_path / "scene.record.json").read_text(encoding="utf-8"))
    assert record["choices"] == at_break.choices
    assert document.get("next_scene") == at_break.view(0)["next_scene"]

    # resumed from the file, the same choices play on exactly as the unsaved game
    expected = game.new_game(seed=4, options={"resume": document})
    assert expected.decision.kind == "scene_break"
    rng = random.Random(99)
    more = []
    typist = Typist()          # a new session: its numbers start afresh
    twin = at_break.clone() if hasattr(at_break, "clone") else None
    for _ in range(30):
        if expected.is_over:
            break
        n = rng.randrange(len(expected.decision.options))
        more.append(typist.number(expected.decision, expected.decision.options[n].id))
        expected.apply(expected.decision.options[n].id)
        if twin is not None:
            twin.apply(twin.decision.options[n].id)
    if twin is not None:
        assert twin.view(0) == expected.view(0)
    code, out, err = run_cli("play", GAME_ID, "--resume", str(save), stdin="\n".join(map(str, more)) + "\nq\n")
    assert code == 0, err
    assert "Traceback" not in out + err
    assert f"--- {game.content.scenes[game.content.scene_by_id[document['next_scene']]].title} ---" in out
    assert expected.decision.prompt in out


def test_s_elsewhere_saves_the_full_record(game, run_cli, tmp_path):
    path = tmp_path / "record.json"
    code, out, _ = run_cli("play", GAME_ID, "--seed", "2", stdin=f"s {path}\nq\n")
    assert code == 0 and "Saved the game record" in out
    assert json.loads(path.read_text(encoding="utf-8"))["game"] == GAME_ID


def test_between_scenes_the_table_shows_what_carries_over(game):
    _, at_break = numbers_of(game, seed=4, stop="scene_break")
    text = table_text(at_break.view(0))
    assert "3+" in text and "Spirit" in text and "Crystals" in text and "Next scene" in text
    flat = " ".join(text.replace("│", " ").split())             # the words, whatever the wrapping
    assert "laid out when the next scene opens" in flat and "Locations" not in text


@pytest.mark.rules("AUD-6", "AUD-13", "S-11")
@pytest.mark.parametrize("path, value, says", [
    (("next_scene",), ["x"], "field 'next_scene'"),
    (("dice",), [10.0], "field 'dice[0]'"),
    (("version",), True, "field 'version'"),
    (("ours", "light"), {"a": 1}, "field 'ours.light'"),
    (("version",), 1, "cannot be resumed exactly"),
])
def test_a_tampered_or_old_save_is_refused_at_the_command_line(game, run_cli, tmp_path, path, value, says):
    _, at_break = numbers_of(game, seed=4, stop="scene_break")
    doc = json.loads(json.dumps(at_break.save()))
    d = doc
    for k in path[:-1]:
        d = d[k]
    d[path[-1]] = value
    save = tmp_path / "bad.json"
    save.write_text(json.dumps(doc), encoding="utf-8")
    code, out, err = run_cli("play", GAME_ID, "--resume", str(save), stdin="q\n")
    assert code != 0
    assert says in out + err and "Traceback" not in out + err
