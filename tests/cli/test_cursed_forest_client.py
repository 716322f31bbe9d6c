"""The Cursed Forest in the terminal: a whole hot-seat game through ``woodlands play``, the
table (map, cards, hidden items), the narrator and the help texts."""
from __future__ import annotations

import io
import json
import random
import re
from typing import Any

import pytest
from rich.console import Console

import woodlands
from woodlands.games.cursed_forest.bots.greedy import GreedyCursedForestBot
from woodlands.games.cursed_forest.present.helptext import HELP
from woodlands.cli.narrate import narrator_for
from woodlands.games.cursed_forest.present.words import CursedForestNarrator
from woodlands.engine.presentation import presentation_for
from woodlands.games.cursed_forest.present.table import KIND_WORDS, KINDS
from woodlands.cli.table import BOX_H, BOX_W, draw, table_for
from woodlands.kit.table import Table

from .line_numbers import Typist

SEED = 5   # a 2-player game the greedy bots play to its end, with items won and kept face down


@pytest.fixture(scope="module")
def game() -> woodlands.Game:
    return woodlands.load_game("cursed-forest")


def bot_game(game: woodlands.Game, seed: int, players: int = 2) -> tuple[list[int], list[woodlands.GameState]]:
    """Option numbers a greedy table would type for a whole game, and the state before each."""
    state = game.new_game(seed=seed, options=game.options_for_simulation({"players": players}))   # C-15
    bots = [GreedyCursedForestBot(seed + k) for k in range(players)]
    numbers, states, typist = [], [], Typist()
    while not state.is_over:
        states.append(state.clone())
        choice = bots[state.decision.player].choose(state)
        numbers.append(typist.number(state.decision, choice))
        state.apply(choice)
    states.append(state)
    return numbers, states


def random_games(game: woodlands.Game, count: int = 20) -> list[woodlands.GameState]:
    out = []
    for seed in range(count):
        players = (1, 2, 4)[seed % 3]
        state = game.new_game(seed=seed, options=game.options_for_simulation({"players": players, "pvp": seed % 4 == 0 and players > 1}))
        rng = random.Random(seed)
        while not state.is_over:
            state.apply(state.decision.options[rng.randrange(len(state.decision.options))].id)
        out.append(state)
    return out


@pytest.fixture(scope="module")
def played(game):
    return bot_game(game, SEED)


@pytest.fixture(scope="module")
def randoms(game):
    return random_games(game)


def screens(out: str) -> list[str]:
    """The output cut at each rule line: screen k shows the game after k choices."""
    parts: list[list[str]] = []
    for line in out.splitlines():
        bare = line.removeprefix("> ").strip()    # the prompt is not followed by the piped input
        if bare and set(bare) == {"─"}:
            parts.append([])
        elif parts:
            parts[-1].append(line)
    return ["\n".join(p) for p in parts]


# ------------------------------------------------------------------ the whole game
def test_a_whole_two_player_game_through_the_terminal(game, run_cli, played):
    numbers, states = played
    final = states[-1]
    assert final.is_over
    stdin = "\n".join(map(str, numbers)) + "\n"
    code, out, err = run_cli("play", "cursed-forest", "--players", "2", "--seed", str(SEED), stdin=stdin)
    assert code == 0, err
    assert "Traceback" not in out + err
    assert "Game over: " + final.outcome["result"].upper() in out
    assert "is not a command" not in out and "There is no option" not in out
    shown = screens(out)
    assert len(shown) == len(numbers) + 1
    # every screen names the player who decides, the banner and the header agree with the game
    for k, screen in enumerate(shown[:-1]):
        state = states[k]
        player = state.decision.player
        name = state.view(player)["players"][player]["name"]
        banner = f"Player {player + 1} ({name}) decides" if name else f"Player {player + 1} decides"
        assert banner in screen, (k, screen[-600:])
        deciding = f"Deciding: {presentation_for(game).seat_name(state.view(player), player)}"
        flat = " ".join(screen.replace("│", " ").split())          # the words, wherever a panel wraps them
        assert f"{deciding} ({KIND_WORDS[state.decision.kind]})" in flat   # words, not kind ids
    # both seats were asked, and the narrator's sentences reached the screen
    assert "Player 1 (" in out and "Player 2 (" in out
    assert "--- Round 1:" in out and "draws a forest tile" in out
    assert not re.search(r"^\s+\[[a-z_]+\] ", out, re.M), "an event fell back to its raw fields"


def test_face_down_items_never_reach_another_players_screen(game, run_cli, played):
    numbers, states = played
    stdin = "\n".join(map(str, numbers)) + "\n"
    _, out, _ = run_cli("play", "cursed-forest", "--players", "2", "--seed", str(SEED), stdin=stdin)
    shown = screens(out)
    items = game.content.items
    checked = 0
    for k, screen in enumerate(shown[:-1]):
        s = states[k]
        seat = s.decision.player
        view = s.view(seat)
        hidden = set()
        for b in range(s.n):
            if s.owner[b] == seat:
                continue
            for i in list(s.inv[b]) + list(s.extras[b]):
                if i >= 0 and i not in s.shown:
                    hidden.add(items[i].name)
        # a name may still show for another copy that is face up, or one the seat holds or is offered
        visible = " ".join(str(x) for x in _strings(view)) + " " + " ".join(o.label for o in s.decision.options)
        names_in_view = {it.name for it in items if it.id in visible.split() or it.name in visible}
        for name in sorted(hidden - names_in_view):
            assert name not in screen, (k, seat, name)
            checked += 1
    assert checked > 20, "the game should have had face-down items to hide"


@pytest.mark.rules("C-9")
def test_the_narrator_is_told_only_what_the_deciding_seat_may_see(game, run_cli, played, monkeypatch, tmp_path):
    """Hot-seat narration reads ``log_for(the seat deciding)``: the narrator is handed other
    players' face-down items as "an item" (``hidden``), never the full log; ``replay --log``
    likewise tells the log as the first seat sees it once the game is over."""
    told: list[dict[str, Any]] = []
    original = CursedForestNarrator.lines

    def lines(self: CursedForestNarrator, events: list[dict[str, Any]], seat: int | None = None) -> list[str]:
        told.extend(events)
        return original(self, events, seat)
    monkeypatch.setattr(CursedForestNarrator, "lines", lines)
    numbers, states = played
    stdin = "\n".join(map(str, numbers)) + "\n"
    run_cli("play", "cursed-forest", "--players", "2", "--seed", str(SEED), "--no-autosave", stdin=stdin)
    redacted = [e for e in told if "hidden" in e]
    assert redacted and all(e["item"] is None for e in redacted if e["type"] in ("stow", "equip", "give"))
    final = states[-1]
    assert final.is_over and final.log_for(0) != final.log
    record = tmp_path / "game.json"
    record.write_text(json.dumps(final.record()), encoding="utf-8")
    told.clear()
    code, _, _ = run_cli("replay", str(record), "--log")
    assert code == 0 and told == final.log_for(0)


def _strings(value: Any) -> list[str]:
    if isinstance(value, dict):
        return [x for v in value.values() for x in _strings(v)]
    if isinstance(value, list):
        return [x for v in value for x in _strings(v)]
    return [value] if isinstance(value, str) else []


# ------------------------------------------------------------------ the map
def _text(renderable: Any, width: int = 120) -> str:
    console = Console(width=width, record=True, file=io.StringIO(), color_system=None)
    console.print(renderable)
    return console.export_text()


def _forest(game: woodlands.Game, view: dict[str, Any], seat: int) -> Table:
    """The table model's forest alone, to draw it as the terminal does."""
    model = presentation_for(game).table_model(view, seat)
    return Table(model.game, tuple(r for r in model.regions if r.id == "forest"))


def test_the_map_draws_every_laid_tile_and_adventurer_in_its_square(game, played):
    _, states = played
    for state in (states[len(states) // 3], states[len(states) // 2]):
        seat = state.decision.player
        view = state.view(seat)
        tiles = view["tiles"]
        xs = [t["position"][0] for t in tiles]
        ys = [t["position"][1] for t in tiles]
        x0, y1 = min(xs), max(ys)
        if (max(xs) - x0 + 1) * BOX_W + 5 > 116:
            continue
        # the panel's body, its border and padding cut off
        lines = [line[2:-2] for line in _text(draw(_forest(game, view, seat), 120)).splitlines()[1:-1]]
        assert f"x={x0}" in lines[0] and f"x={max(xs)}" in lines[0]
        for t in tiles:
            x, y = t["position"]
            top = 1 + (y1 - y) * BOX_H
            col = 5 + (x - x0) * BOX_W
            box = [line[col:col + BOX_W] for line in lines[top:top + BOX_H]]
            assert box[0].startswith("+") and box[3].startswith("+"), (t, box)
            assert box[1][1] == KINDS[t["kind"]][0], (t, box)
            # the box's walls are open exactly where the tile's paths are
            assert (box[0][3] == " ") == ("N" in t["open"]) and (box[3][3] == " ") == ("S" in t["open"])
            assert (box[1][0] == " ") == ("W" in t["open"]) and (box[1][6] == " ") == ("E" in t["open"])
            for p in view["players"]:
                if p["position"] == [x, y]:
                    assert str(p["adventurer"] + 1) in box[2], (p, box)
        assert f"y={y1}" in lines[2]


def test_a_wide_forest_is_drawn_compact(game, played):
    _, states = played
    view = states[len(states) // 2].view(0)
    text = _text(draw(_forest(game, view, 0), 60), width=60)
    assert text.startswith("The forest, north up · x ") and "left to right" in text.split("\n")[0] + text.split("\n")[1]
    assert any(line.strip().startswith("0") and "H" in line for line in text.splitlines())   # the Start, row y=0
    # a forest wider than a full-size panel holds in boxes is drawn two characters a tile there too
    wide = dict(view, tiles=[dict(view["tiles"][0], position=[x, 0]) for x in range(16)])
    full = _text(draw(_forest(game, wide, 0), 110), width=110)
    row = next(line for line in full.splitlines() if line.strip("│ ").startswith("0 "))
    assert "x 0..15 left to right" in full and "+──" not in full and row.count("H") == 16


def test_the_table_has_cards_header_and_fight(game, played):
    _, states = played
    fighting = next(s for s in states if s.decision is not None and s.decision.kind == "fight_round")
    seat = fighting.decision.player
    view = fighting.view(seat)
    text = " ".join(_text(table_for(presentation_for(game), view, seat, 120, 50)).replace("│", " ").split())
    for part in ("The Cursed Forest", "Round", "Stack", "Monster bag", "Item bag", "Health",
                 "Lives", "AP", "Kills", "tally", "Fight", "foe health", "Deciding: Player"):
        assert part in text, part
    for p in fighting.view(0)["players"]:
        assert p["name"] in text
    for n in range(len(view["players"])):                    # each adventurer's panel, then its items by space
        assert f"{n + 1}. {view['players'][n]['name']}" in text
    assert "hand 1" in text and "pack" in text


def test_the_table_survives_missing_fields(game):
    view = game.new_game(seed=1, options={"players": 2}).view(0)
    for key in ("morna", "fight", "decision", "stack_size", "pit_monsters", "outcome"):
        view.pop(key, None)
    view["players"][0].pop("inventory")
    view["tiles"][0].pop("open")
    assert "The Cursed Forest" in _text(table_for(presentation_for(game), view, 0))
    assert "The Cursed Forest" in _text(table_for(presentation_for(game), view, 0, 80, 24))


# ------------------------------------------------------------------ narrator and help
def test_every_event_of_twenty_random_games_is_a_sentence(game, randoms):
    assert isinstance(narrator_for(game), CursedForestNarrator)
    seen = set()
    for state in randoms:
        narrator = CursedForestNarrator(game)
        for event in state.log:
            line = narrator.line(event)
            seen.add(event["type"])
            assert not line.startswith("["), (event, line)
            assert line[-1] in ".!-*", (event, line)
            assert "None" not in line, (event, line)
    assert {"lay", "move", "fight", "combat_round", "damage", "death", "game_over"} <= seen


def test_a_combat_round_tells_both_sides(game):
    # each event names its adventurers (``cast``) and its foe (``monster``): nothing told before counts
    n = CursedForestNarrator(game)
    line = n.line({"type": "combat_round", "adventurer": 0, "kind": "monster", "monster": "thornhide-boar",
                   "foe_side": "green", "partner": -1, "dice": [4, 4],
                   "modifier": 2, "score": 18, "critical": True, "foe_dice": [3, 5], "foe_modifier": 1,
                   "foe_score": 9, "foe_critical": False, "winner": "adventurer", "damage_to_foe": 9,
                   "damage_to_adventurer": 0, "cast": ["sirja"]})
    for part in ("Sirja", "4+4", "critical", "+2", "18", "Thornhide Boar", "3+5", "+1", "9 damage"):
        assert part in line, part


def test_stowing_and_moving_items_names_them_only_to_who_may_see_them(game):
    # narration tells ``log_for(seat)``: another player's face-down item reaches it as None (C-9)
    n = CursedForestNarrator(game)
    for event in ({"type": "stow", "adventurer": 0, "item": None, "space": "hand1"},
                  {"type": "equip", "adventurer": 0, "item": None, "space": "hand2"},
                  {"type": "give", "adventurer": 0, "to": 1, "item": None},
                  {"type": "pickup", "adventurer": 0, "item": None, "space": "backpack"},
                  {"type": "enchant", "adventurer": 0, "weapon": "thornblade", "bonus": 5}):
        line = n.line(dict(event, cast=["sirja", "wren"]), 1)
        assert "Thornblade" not in line and "None" not in line
        assert "an item" in line or event["type"] == "enchant"
        if event["type"] != "enchant":   # the holder's own seat (or the full log) sees the name
            assert "Thornblade" in n.line(dict(event, item="thornblade", cast=["sirja", "wren"]), 0)
    assert "Thornblade" in n.line({"type": "drop", "adventurer": 0, "item": "thornblade"})


def test_every_decision_of_twenty_random_games_has_help(game, randoms, played):
    kinds = set()
    for state in randoms + [played[1][-1]]:
        # replay the choices to see every decision kind the game asked
        replay = game.new_game(seed=state.seed, options=dict(state.options))
        for choice in state.choices:
            kinds.add(replay.decision.kind)
            replay.apply(choice)
    assert {"choose_character", "turn_action", "lay_tile", "fight_round"} <= kinds
    for kind in sorted(kinds):
        assert kind in HELP and len(HELP[kind]) > 60, kind


def _engine_source() -> str:
    from pathlib import Path

    import woodlands.games.cursed_forest as engine
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(Path(engine.__file__).parent.glob("*.py")))


def test_every_event_the_engine_can_emit_has_a_sentence():
    types = set(re.findall(r'emit\("([a-z_]+)"', _engine_source())) | {"game_over"}
    assert len(types) > 40
    missing = sorted(t for t in types if not callable(getattr(CursedForestNarrator, "_" + t, None)))
    assert not missing, missing


def test_every_decision_kind_the_engine_can_ask_has_help():
    kinds = set(re.findall(r'kind="([a-z_]+)"', _engine_source()))
    assert {"turn_action", "fight_round", "maiden_call"} <= kinds
    assert sorted(kinds - set(HELP)) == []


# ------------------------------------------------------------------ hot-seat handover
def test_the_handover_hides_the_last_players_face_down_items(game, run_cli, played):
    """Line mode: after 'Pass to Player 2' nothing names an item Player 1 keeps face down
    (it was named on Player 1's own screen just before), until the screen passes back."""
    numbers, states = played
    stdin = "\n".join(map(str, numbers)) + "\n"
    _, out, _ = run_cli("play", "cursed-forest", "--players", "2", "--seed", str(SEED), stdin=stdin)
    parts = re.split(r"^Pass to .*$", out, flags=re.M)
    items = game.content.items
    handovers = [k for k in range(1, len(states) - 1)
                 if states[k - 1].decision.player == 0 and states[k].decision.player == 1]
    assert len(parts) - 1 >= len(handovers) > 0
    checked = 0
    for h, k in enumerate(handovers):
        s = states[k]
        secret = {items[i].name for a in range(s.n) if s.owner[a] == 0
                  for i in list(s.inv[a]) + list(s.extras[a]) if i >= 0 and i not in s.shown}
        view = s.view(1)
        visible = json.dumps(view) + " ".join(o.label for o in s.decision.options)
        before, after = parts[2 * h], parts[2 * h + 1]     # seat 0's screens, then seat 1's
        for name in sorted(secret):
            if name in visible or name not in before:
                continue
            assert name not in after, (k, name)
            checked += 1
    assert checked > 0, "seat 0 should have kept a face-down item it saw on its own screen"


class _Keyboard(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_handover_at_a_terminal_clears_the_screen_and_waits_for_enter(game):
    from woodlands.cli.play import PlaySession
    state = game.new_game(seed=SEED, options={"players": 2})
    file = io.StringIO()
    console = Console(file=file, force_terminal=True, width=100)
    keys = _Keyboard("\n")
    session = PlaySession(console, state, None, keys)
    session.show_turn()
    first = state.decision.player
    assert "Pass to" not in file.getvalue()
    while state.decision.player == first:
        state.apply(state.decision.options[0].id)
    file.seek(0), file.truncate()
    session.show_turn()
    screen = file.getvalue()
    assert "Pass to Player" in screen
    assert screen.count("\x1b[2J") == 2, "cleared before the handover and again after Enter"
    assert keys.tell() == 1, "it waited for the Enter key"
    assert screen.index("Pass to") < screen.rindex("\x1b[2J") < screen.index("decides")
