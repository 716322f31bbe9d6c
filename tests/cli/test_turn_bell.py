"""The terminal's your-turn signal: the bell (BEL) when the turn passes to another player at a
table of several, off unless the player asks for it (``play --bell``, or the command ``bell``)."""
from __future__ import annotations

import io

import pytest
from rich.console import Console

import woodlands
from woodlands.cli.play import PlaySession

from .test_cursed_forest_client import SEED, bot_game

BEL = "\a"


@pytest.fixture(scope="module")
def to_first_handover() -> str:
    """The typed option numbers of a two-player game up to the first change of turn, then q."""
    game = woodlands.load_game("cursed-forest")
    numbers, states = bot_game(game, SEED)
    first = states[0].decision.player
    k = next(i for i, s in enumerate(states) if s.decision is not None and s.decision.player != first)
    return "\n".join(map(str, numbers[:k])) + "\nq\n"


def test_the_bell_is_off_by_default(run_cli, to_first_handover) -> None:
    code, out, err = run_cli("play", "cursed-forest", "--players", "2", "--seed", str(SEED), "--line",
                             stdin=to_first_handover)
    assert code == 0, err
    assert "Pass to Player" in out and BEL not in out


def test_asked_for_the_bell_rings_at_the_change_of_turn(run_cli, to_first_handover) -> None:
    code, out, err = run_cli("play", "cursed-forest", "--players", "2", "--seed", str(SEED), "--line", "--bell",
                             stdin=to_first_handover)
    assert code == 0, err
    assert out.count(BEL) == 1
    # rung as the screen passes: before the handover's words, after the last player's screen
    assert out.index(BEL) < out.index("Pass to Player") and out.index(BEL) > out.index("decides")


def test_the_bell_command_switches_it(run_cli, to_first_handover) -> None:
    code, out, err = run_cli("play", "cursed-forest", "--players", "2", "--seed", str(SEED), "--line",
                             stdin="bell\n" + to_first_handover)
    assert code == 0, err
    assert "The bell at each change of turn is on." in out and out.count(BEL) == 1
    assert "bell" in run_cli("play", "--help")[1]


def test_a_session_rings_only_when_the_seat_changes() -> None:
    state = woodlands.load_game("cursed-forest").new_game(seed=SEED, options={"players": 2})
    file = io.StringIO()
    session = PlaySession(Console(file=file, width=100), state, None, io.StringIO(""))
    session.bell = True
    session.show_turn()
    first = state.decision.player
    state.apply(state.decision.options[0].id)
    if state.decision.player == first:
        session.show_turn()
        assert BEL not in file.getvalue()          # the same player goes on: no bell
    while state.decision.player == first:
        state.apply(state.decision.options[0].id)
    session.show_turn()
    assert file.getvalue().count(BEL) == 1


@pytest.mark.parametrize("bell", [False, True], ids=["off", "on"])
def test_full_screen_rings_at_the_handover_only_when_asked(bell: bool, tmp_path, monkeypatch) -> None:
    import asyncio

    from woodlands.cli.tui import HandoverScreen, PlayApp

    from .settle import until
    from .test_tui_hot_seat import Table, before_a_handover
    monkeypatch.chdir(tmp_path)
    state, _, _ = before_a_handover(woodlands.load_game("cursed-forest"))    # the next choice hands over
    session = PlaySession(Console(file=io.StringIO(), width=100), state, None, io.StringIO())
    session.bell = bell
    app = PlayApp(session)
    rung: list[int] = []
    monkeypatch.setattr(app, "bell", lambda: rung.append(1))

    async def go() -> None:
        async with app.run_test(size=(100, 40)) as pilot:
            table = Table(app, pilot)
            await table.look()
            assert rung == []
            await table.choose()
            assert await until(pilot, lambda: isinstance(app.screen, HandoverScreen))
    asyncio.run(go())
    assert len(rung) == (1 if bell else 0)          # once, as the screen passes to the next player
