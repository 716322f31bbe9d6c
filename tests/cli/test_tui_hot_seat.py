"""Hot-seat secrecy at the terminal: a three-player Cursed Forest game shared by one screen.

Whoever sits at the screen changes only at a handover ("Pass to Player N", then Enter).  No
screen ever shows a face-down item of another seat, whatever the keys: undo is only for the
seat's own last choice (before another player acts, as in the web app), and a load that brings
another seat to the screen passes through the handover first."""
from __future__ import annotations

import asyncio
import io
import re
from typing import Any

import pytest
from rich.console import Console

import woodlands
from woodlands.games.cursed_forest.bots.greedy import GreedyCursedForestBot
from woodlands.cli.autosave import Autosave
from woodlands.cli.play import PlaySession
from woodlands.cli.tui import HandoverScreen, PlayApp, screen_text
from .line_numbers import Typist

SEED = 2          # Player 2 keeps a Yew Shortbow face down; a few choices later Player 3 decides
SIZES = [(80, 24), (160, 50)]


@pytest.fixture(scope="module")
def game() -> woodlands.Game:
    return woodlands.load_game("cursed-forest")


def new_state(game: woodlands.Game) -> woodlands.GameState:
    return game.new_game(seed=SEED, options=game.options_for_simulation({"players": 3}))


def before_a_handover(game: woodlands.Game) -> tuple[woodlands.GameState, list[int], list[str]]:
    """The bots' game up to the choice that hands the screen over while the player who made it
    holds an item face down (undoing it would show that item): the position before that choice,
    the option numbers line mode shows for the choices (tests/cli/line_numbers.py) and their ids."""
    state = new_state(game)
    bots = [GreedyCursedForestBot(SEED + k) for k in range(3)]
    typist = Typist()
    numbers: list[int] = []
    ids: list[str] = []
    while True:
        d, before = state.decision, state.clone()
        choice = bots[d.player].choose(state.clone())
        numbers.append(typist.number(d, choice))
        ids.append(choice)
        state.apply(choice)
        if state.decision.player != d.player and state.can_undo() and secrets_of_others(before, state.decision.player):
            return before, numbers, ids


def _strings(value: Any) -> list[str]:
    if isinstance(value, dict):
        return [x for v in value.values() for x in _strings(v)]
    if isinstance(value, list):
        return [x for v in value for x in _strings(v)]
    return [value] if isinstance(value, str) else []


def secrets_of_others(state: woodlands.GameState, seat: int) -> set[str]:
    """Names of the items other seats hold face down, less any name ``seat`` may see anyway
    (a face-up copy, one of its own, one offered to it)."""
    items = state.game.content.items
    hidden = set()
    for b in range(state.n):
        if state.owner[b] == seat:
            continue
        for i in list(state.inv[b]) + list(state.extras[b]):
            if i >= 0 and i not in state.shown:
                hidden.add(items[i].name)
    visible = " ".join(_strings(state.view(seat)))
    d = state.decision
    if d is not None and d.player == seat:
        visible += " " + " ".join(o.label for o in d.options)
    return {name for name in hidden if name not in visible}


class Table:
    """Drives a PlayApp the way three people would: the bots choose, by typing option ids."""

    def __init__(self, app: PlayApp, pilot: Any) -> None:
        self.app, self.pilot = app, pilot
        self.bots = [GreedyCursedForestBot(SEED + k) for k in range(3)]
        self.sitting: int | None = None      # who sits at the screen (changes only at a handover)
        self.checked = 0                     # screens checked that had secrets to keep
        self.refused_undo = 0

    async def look(self) -> str:
        await self.pilot.pause()
        text = screen_text(self.app)
        if isinstance(self.app.screen, HandoverScreen):
            assert "Pass to" in text
            return text
        if self.sitting is None:
            self.sitting = self.app.state.decision.player
        secrets = secrets_of_others(self.app.state, self.sitting)
        self.checked += bool(secrets)
        for name in secrets:
            assert name not in " ".join(text.split()), (self.sitting, name, text)
        return text

    async def pass_over(self) -> None:
        """Enter at a handover: the named player sits down."""
        text = await self.look()
        seat = int(re.search(r"Pass to Player (\d)", text).group(1)) - 1
        await self.pilot.press("enter")
        self.sitting = seat
        await self.look()

    async def choose(self) -> None:
        """The deciding seat's bot chooses; its option is taken by number (a group first)."""
        state = self.app.state
        d, n = state.decision, len(state.choices)
        choice = self.bots[d.player].choose(state.clone())
        groups = {g.key: {o.id for o in g.options} for g in d.groups(max(1, self.app.pres.grouping(d)))}
        for _ in range(2):
            entries = self.app.entries()
            e = next(e for e in entries if (e.option is not None and e.option.id == choice)
                     or (e.group is not None and choice in groups.get(e.group, ())))
            longer = any(str(x.number).startswith(str(e.number)) and x.number != e.number for x in entries)
            await self.pilot.press(*str(e.number), *(["enter"] if longer else []))
            await self.pilot.pause()
            if e.option is not None:
                break
        if self.app.pending is not None:
            await self.pilot.press("y" if self.app.pending[0] == "confirm" else "enter")
        assert len(self.app.state.choices) > n

    async def undo(self) -> str:
        before = list(self.app.state.choices)
        await self.pilot.press("u")
        text = await self.look()
        if self.app.state.choices == before:
            self.refused_undo += 1
        return text


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_screen_shows_another_seats_face_down_items(game, size, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    state, _, _ = before_a_handover(game)      # the next choice hands over: the undo is tried then
    session = PlaySession(Console(file=io.StringIO(), width=100), state, None, io.StringIO(), 0,
                          Autosave.start(state, None))
    app = PlayApp(session)

    async def go() -> None:
        async with app.run_test(size=size) as pilot:
            table = Table(app, pilot)
            await table.look()
            saved_seat: int | None = None
            loaded = False
            undone: set[int] = set()
            not_theirs = 0
            for _ in range(80):
                if app.state.is_over:
                    break
                if isinstance(app.screen, HandoverScreen):
                    await table.pass_over()
                    # the new player tries to take back the last player's move: refused
                    refused = table.refused_undo
                    text = " ".join((await table.undo()).split())
                    assert table.refused_undo == refused + 1
                    assert "own last choice" in text or "cannot be undone" in text, text
                    not_theirs += "own last choice" in text
                    if saved_seat is None and secrets_of_others(app.state, table.sitting):
                        await pilot.press("s", "enter")
                        saved_seat = table.sitting
                    elif saved_seat is not None and not loaded and app.state.decision.player != saved_seat:
                        # load the game saved on another seat's turn: a handover comes first
                        await pilot.press("l", *"saves/cursed-forest-2.json", "enter")
                        await pilot.pause()
                        assert isinstance(app.screen, HandoverScreen), screen_text(app)
                        await table.pass_over()
                        assert table.sitting == saved_seat
                        loaded = True
                    continue
                seat = app.state.decision.player
                await table.choose()
                await table.look()
                n = len(app.state.choices)
                if not isinstance(app.screen, HandoverScreen) and app.state.decision.player == seat \
                        and app.state.can_undo() and n not in undone:
                    # a player's own last choice, before anyone else acted: undone
                    undone.add(n)
                    await table.undo()
                    assert len(app.state.choices) < n
            assert table.refused_undo >= 3 and not_theirs >= 1 and loaded
            assert table.checked > 20, "the game should have had face-down items to keep"
    asyncio.run(go())


def test_line_mode_refuses_to_undo_another_players_move(game, run_cli):
    """Line mode: after the handover to Player 3, u does not bring back Player 2's screen."""
    state, numbers, ids = before_a_handover(game)
    state.keep_undo().apply(ids[-1])
    player = state.decision.player
    code, out, err = run_cli("play", "cursed-forest", "--players", "3", "--seed", str(SEED),
                             stdin="\n".join(map(str, numbers)) + "\nu\nq\n")
    assert code == 0, err
    after = out.rsplit(f"Pass to Player {player + 1}", 1)[1]
    assert "own last choice" in after and "Undone" not in after
    for name in secrets_of_others(state.undo(), player) | secrets_of_others(state, player):
        assert name not in after, name
    assert f"({len(numbers)} choices)" in after             # the autosave kept every choice
