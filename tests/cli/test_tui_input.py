"""What reaches the full-screen terminal besides plain keys: Ctrl-C and Ctrl-Q leave like q (with
the autosave line), control keys say nothing, and a paste never chooses, even one holding
escape sequences, in a real terminal (a pseudo-terminal running ``woodlands play``)."""
from __future__ import annotations

import asyncio
import fcntl
import io
import json
import os
import pty
import select
import struct
import subprocess
import sys
from typing import Any
import termios
import time
from pathlib import Path

import pytest
from rich.console import Console
from textual import events
from textual._xterm_parser import XTermParser

import woodlands
from woodlands.cli.autosave import Autosave
from woodlands.cli.play import PlaySession
from woodlands.cli.tui import HandoverScreen, PlayApp, TextScreen, screen_text

ROOT = Path(__file__).resolve().parents[2]
SIZES = [(80, 24), (160, 50)]


def session_for(state: woodlands.GameState) -> PlaySession:
    return PlaySession(Console(file=io.StringIO(), width=100), state, None, io.StringIO(), 0,
                       Autosave.start(state, None))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("key", ["ctrl+c", "ctrl+q"])
@pytest.mark.parametrize("where", ["table", "help", "handover"])
def test_ctrl_c_and_ctrl_q_leave_like_q(key, where, size):
    state = woodlands.load_game("cursed-forest").new_game(seed=5, options={"players": 2})
    session = session_for(state)
    app = PlayApp(session)

    async def go() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await pilot.press("1")              # a choice: the autosave has something to keep
            await pilot.pause()
            if where == "help":
                if isinstance(app.screen, HandoverScreen):
                    await pilot.press("enter")
                await pilot.press("h")
                await pilot.pause()
                assert isinstance(app.screen, TextScreen)
            elif where == "handover":
                while not isinstance(app.screen, HandoverScreen):
                    await pilot.press(str(app.entries()[0].number)[0])
                    await pilot.pause()
            else:
                if isinstance(app.screen, HandoverScreen):
                    await pilot.press("enter")
            await pilot.press(key)
            await pilot.pause()
            assert not app._notifications, [n.message for n in app._notifications]
            assert "no key here" not in screen_text(app)
            assert app.return_value == 0, f"{key} did not leave"
    asyncio.run(go())
    said = session.console.file.getvalue()
    assert "Autosaved to" in said and "choice" in said


def test_control_keys_do_nothing_and_say_nothing():
    """Ctrl-X, Ctrl-B ... as a terminal sends them (read by Textual's parser) change nothing and
    are not called "no key here" (the message showed the control character as '')."""
    state = woodlands.load_game("tanglewoods").new_game(seed=5)
    app = PlayApp(session_for(state))

    async def go() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            before = screen_text(app)
            for event in XTermParser().feed("\x18\x02\x14\x1f\x07"):
                assert isinstance(event, events.Key) and event.character
                app.post_message(event)
                await pilot.pause()
                text = screen_text(app)
                assert "no key here" not in text and text == before, event
            assert app.state.choices == []
    asyncio.run(go())


def in_a_terminal(tmp_path: Path, keys: list[bytes], size: tuple[int, int] = (80, 24),
                  timeout: float = 60.0) -> tuple[int | None, str]:
    """Run ``woodlands play tanglewoods`` full screen in a pseudo-terminal of ``size``; once its
    key bar shows, type each of ``keys`` (a second apart).  Returns the exit status (None if it
    did not leave within ``timeout``) and everything it wrote."""
    master, slave = pty.openpty()
    cols, rows = size
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    env = dict(os.environ, PYTHONPATH=str(ROOT), TERM="xterm-256color", COLUMNS=str(cols), LINES=str(rows),
               WOODLANDS_DATA_DIR=str(tmp_path / "data"))
    env.pop("TEXTUAL_DRIVER", None)
    proc = subprocess.Popen([sys.executable, "-m", "woodlands", "play", "tanglewoods", "--seed", "1"],
                            stdin=slave, stdout=slave, stderr=slave, env=env, cwd=tmp_path,
                            start_new_session=True)
    os.close(slave)
    out = b""
    deadline = time.monotonic() + timeout
    pending = list(keys)
    next_key = None
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(master, 65536)
                except OSError:           # the terminal closed: the program left
                    break
                if not chunk:
                    break
                out += chunk
            if next_key is None and b"q quit" in out:
                next_key = time.monotonic() + 1.0        # the screen is up: start typing
            if pending and next_key is not None and time.monotonic() >= next_key:
                os.write(master, pending.pop(0))
                next_key = time.monotonic() + 1.0
            if proc.poll() is not None and not ready:
                break
        code = proc.wait(timeout=5) if proc.poll() is not None or not pending else None
    except subprocess.TimeoutExpired:
        code = None
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)
    return code, out.decode("utf-8", "replace")


PASTE = b"\x1b[200~" + b"\x1b[31m3\x1b[0m 1\r\x1b[A2\x1b" + b"\x1b[201~"


def test_a_paste_never_chooses_and_ctrl_c_leaves_in_a_real_terminal(tmp_path):
    """A bracketed paste holding escape sequences, digits and Enter chooses nothing; then Ctrl-C
    leaves as q does, telling where the game is kept (here: nothing was chosen)."""
    code, out = in_a_terminal(tmp_path, [PASTE, b"\x03"])
    assert code == 0, out[-2000:]
    assert "Traceback" not in out
    assert "Nothing was autosaved: no choice was made." in out, out[-2000:]
    records = [json.loads(p.read_text()) for p in (tmp_path / "data").rglob("*.json") if ".meta." not in p.name]
    assert all(r.get("choices") == [] for r in records), records


@pytest.mark.parametrize("start", [(80, 24), (40, 24)], ids=["80x24", "40x24"])
def test_a_resize_wraps_the_log_again_and_keeps_hints(start):
    """From a narrow terminal to 160x50: the log beside the table is wrapped again at its new
    width (no sentence cut or left wrapped narrow) and keeps what was added to it (a hint)."""
    game = woodlands.load_game("cursed-forest")
    state = game.new_game(seed=5, options={"players": 1})
    session = session_for(state)
    session.hint_budget = "6"                    # samples: a quick hint
    app = PlayApp(session)
    shots: list[str] = []

    async def go() -> None:
        async with app.run_test(size=start) as pilot:
            await pilot.pause()
            await pilot.press("1")
            await pilot.pause()
            await pilot.press("?")
            for _ in range(100):
                await pilot.pause(0.1)
                if "Hint: in the log." in screen_text(app):
                    break
            await pilot.resize_terminal(160, 50)
            await pilot.pause()
            await pilot.pause()
            shots.append(screen_text(app))
            regions.append(app.query_one("#log").region)
    regions: list[Any] = []
    asyncio.run(go())
    # the log pane's own cells (its left border cut off): the table beside it draws borders too
    box = regions[0]
    rows = [line[box.x + 1:box.x + box.width] for line in shots[0].split("\n")[box.y:box.y + box.height]]
    log = " ".join(" ".join(rows).split())
    seat = app.state.decision.player
    told = app.pres.narrate(app.state.log_for(seat), seat)
    assert told
    for sentence in told:
        assert " ".join(sentence.split()) in log, sentence
    assert "sample games for each option" in log        # the hint is still there
    widest = max(len(row.rstrip()) for row in rows)
    assert widest > 40, f"the log is still wrapped narrow ({widest} columns)"
