"""Every key a key bar offers does what the bar says, in each game, at full screen and in line
mode: the terminal's own keys, each detail's key (never one the terminal or an option takes:
Storyfold's Action cards and The Cursed Forest's adventurers are on ``a``, which full screen
keeps for forced moves) and the letters shown beside options."""
from __future__ import annotations

import asyncio
import io
import json
import re
from typing import Any

import pytest
from rich.console import Console

import woodlands
from woodlands.bots import get_bot
from woodlands.cli.play import PlaySession
from woodlands.cli.tui import AskScreen, PlayApp, TextScreen, screen_text
from woodlands.engine.presentation import presentation_for

GAMES = [("tanglewoods", {}), ("storyfold", {}), ("cursed-forest", {"players": 2})]
SIZES = [(80, 24), (160, 50)]


def letters_of(pres: Any, d: Any) -> dict[str, str]:
    """The game's letters for the options ``d`` offers (those the terminal does not keep)."""
    return {k: v for k, v in pres.fixed_keys(d).items() if v in d and k not in "hsluqgaL:?"}


def samples(game_id: str, options: dict[str, Any], most: int = 3) -> list[woodlands.GameState]:
    """Positions of a random game: first those where a detail's letter is one the terminal or
    an option of the decision takes, then others with option letters."""
    game = woodlands.load_game(game_id)
    pres = presentation_for(game)
    state = game.new_game(seed=4, options=options)
    bot = get_bot("random", 4, game_id)
    clashes, lettered, seen = [], [], set()
    for _ in range(400):
        if state.is_over:
            break
        d = state.decision
        keys = tuple(x.key for x in pres.details(state.view(d.player), d))
        letters = tuple(sorted(letters_of(pres, d)))
        sig = (d.kind, letters, keys)
        if sig not in seen:
            seen.add(sig)
            if set(keys) & (set("hsluqgaL:?") | set(letters)):
                clashes.append(state.clone())
            elif letters:
                lettered.append(state.clone())
        state.apply(bot.choose(state))
    # the clash with the most kinds of keys first (an option's letter and the terminal's)
    clashes.sort(key=lambda s: -len(set(x.key for x in pres.details(s.view(s.decision.player), s.decision))
                                     & set(letters_of(pres, s.decision))))
    return (clashes[:2] + lettered)[:most]


def bar_entries(bar: str) -> list[str]:
    """The key bar's entries ('h help', 'D/c/i/A/b/x details', 'a auto on' ...), on its one
    line or both (a small screen with many keys)."""
    return [e.strip() for e in re.split(r" · |  +|\n", bar.strip()) if e.strip()]


def session_for(state: woodlands.GameState) -> PlaySession:
    return PlaySession(Console(file=io.StringIO(), width=100), state, None, io.StringIO(), 0)


def letters_on_screen(text: str) -> list[str]:
    return re.findall(r"\[([A-Za-z])\]", text)


def check_full_screen(state: woodlands.GameState, size: tuple[int, int]) -> list[str]:
    """Press every key on the bar (and each option's letter) and check what it does; returns
    the keys checked."""
    checked: list[str] = []
    app = PlayApp(session_for(state.clone()), auto_forced=False)
    pres = presentation_for(state.game)
    titles = {x.title for x in pres.details(state.view(state.decision.player), state.decision)}

    async def opens(pilot: Any, key: str, title: str | None = None, ask: str | None = None) -> None:
        n = len(app.state.choices)
        await pilot.press(key)
        await pilot.pause()
        screen = app.screen
        if ask is not None:
            assert isinstance(screen, AskScreen) and screen.question.startswith(ask), (key, screen)
        else:
            assert isinstance(screen, TextScreen), (key, screen_text(app))
            assert screen.title_text == title if title else screen.title_text in titles, (key, screen.title_text)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is app.screen_stack[0] and len(app.state.choices) == n
        checked.append(key)

    async def go() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            text = screen_text(app)
            # the bar's lines are the screen's last (one, or two on a small screen)
            assert text.endswith(app.key_bar.split("\n")[-1].rstrip())
            entries = bar_entries(app.key_bar)
            assert entries and "q quit" in entries, entries
            letters = letters_on_screen(text)
            opened: set[str] = set()
            for entry in entries:
                key, _, what = entry.partition(" ")
                if entry in ("1-9 choose", "Esc back", "q quit", "u undo"):
                    continue                          # below, they change the game or leave it
                if key == "h":
                    await opens(pilot, "h", "Help")
                elif key == "g":
                    await opens(pilot, "g", "Glossary")
                elif key == "L":
                    await opens(pilot, "L", "The log")
                elif key == "s":
                    await opens(pilot, "s", ask="Save the game record")
                elif key == "a":
                    for _ in range(2):
                        was = app.auto_forced
                        await pilot.press("a")
                        await pilot.pause()
                        assert app.auto_forced is not was
                    checked.append("a")
                elif entry == "[ ] scroll":
                    box = app.query_one("#table-box")
                    top, n = box.scroll_y, len(app.state.choices)
                    await pilot.press("]")
                    await pilot.pause()
                    assert box.scroll_y > top and len(app.state.choices) == n, entry
                    await pilot.press("[")
                    await pilot.pause()
                    assert box.scroll_y == top
                    checked.append("]")
                elif entry == "⇧←↑↓→ pan":
                    n, moved = len(app.state.choices), set()
                    for k in ("shift+up", "shift+down", "shift+left", "shift+right", "left", "right"):
                        was = app.pan
                        await pilot.press(k)
                        await pilot.pause()
                        if app.pan != was:
                            moved.add(k)
                    assert moved and len(app.state.choices) == n, entry
                    checked.append("pan")
                elif what == "details":
                    for k in key.split("/"):
                        await opens(pilot, k)
                        opened.add(app.screen_stack[-1].__class__.__name__)
                else:       # a detail by its title (possibly cut short by the bar's width)
                    title = what.rstrip("…")
                    await opens(pilot, key, next(t for t in titles if t.startswith(title)))
                assert "no key here" not in screen_text(app), entry
            # u: undone, or refused with the reason; never "no key"
            n = len(app.state.choices)
            await pilot.press("u")
            await pilot.pause()
            said = " ".join(screen_text(app).split())
            assert len(app.state.choices) < n or "cannot be undone" in said or "own last choice" in said, said
            checked.append("u")
            await pilot.press("q")
            await pilot.pause()
            assert app.return_value == 0
            checked.append("q")
        # each letter beside an option takes that option (on a fresh screen each)
        for letter in letters:
            wanted = letters_of(pres, state.decision)[letter]
            fresh = PlayApp(session_for(state.clone()), auto_forced=False)
            async with fresh.run_test(size=size) as pilot:
                await pilot.pause()
                await pilot.press(letter)
                await pilot.pause()
                if fresh.pending is not None:
                    assert fresh.pending[1].id == wanted
                else:
                    assert fresh.state.choices[len(state.choices)] == wanted
            checked.append(letter)

    asyncio.run(go())
    return checked


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game_id,options", GAMES, ids=[g for g, _ in GAMES])
def test_full_screen_every_key_on_the_bar_does_what_it_says(game_id, options, size):
    checked: list[str] = []
    for state in samples(game_id, options, most=2):
        checked += check_full_screen(state, size)
    assert {"h", "g", "L", "s", "a", "u", "q"} <= set(checked)
    if game_id != "tanglewoods":
        assert "A" in checked              # the details on 'a' moved to a key that opens them


def hint_entries(out: str, titles: list[str]) -> list[str]:
    """The keys line mode offers under the options ('h for help', 'A Action cards', 'log' ...);
    ``titles``: the game's detail titles (a title may hold a comma)."""
    start = out.rindex("Type a number")
    line = " ".join(out[start:out.index("q quit.", start) + len("q quit.")].split())
    head, _, rest = line.partition("h for help")
    middle, _, tail = rest.partition(", g glossary")
    found = [(middle.index(f"{m.group(1)} {t}"), f"{m.group(1)} {t}") for t in titles
             for m in [re.search(r"(?:^|, )(\S) " + re.escape(t) + r"(?=,|$)", middle)] if m]
    details = [entry for _, entry in sorted(found)]
    assert ", ".join(details) == middle.removeprefix(", "), (middle, details)
    return ["h for help", *details, *(e.strip().rstrip(".") for e in ("g glossary" + tail).split(", "))]


@pytest.mark.parametrize("game_id,options", GAMES, ids=[g for g, _ in GAMES])
def test_line_mode_every_key_offered_does_what_it_says(game_id, options, run_cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    pres = presentation_for(woodlands.load_game(game_id))
    checked: set[str] = set()
    for k, state in enumerate(samples(game_id, options)):
        record = tmp_path / f"at-{k}.json"
        record.write_text(json.dumps(state.record()), encoding="utf-8")
        d = state.decision
        details = {x.title: x for x in pres.details(state.view(d.player), d)}

        def run(key: str, record: Any = record) -> str:
            code, out, err = run_cli("play", "--load", str(record), "--no-autosave", stdin=f"{key}\nq\n")
            assert code == 0 and "Traceback" not in out + err, err
            return out

        first = run("q")
        entries = hint_entries(first, list(details))
        assert "h for help" in entries and "q quit" in entries, entries
        for entry in entries:
            key, _, what = entry.partition(" ")
            after = run(key).split(first.split("Type a number")[0][-40:], 1)[-1]
            after = after.split("Type a number", 1)[1]         # what the key printed
            if key == "h":
                assert "Commands:" in after
            elif key == "g":
                term = pres.glossary()[0][0] if pres.glossary() else "no glossary"
                assert term in after
            elif key == "s":
                assert "Saved the game record to" in after
            elif key == "u":
                assert "Undone" in after or "cannot be undone" in after or "own last choice" in after, after
            elif key == "log":
                assert "The last " in after
            elif key == "q":
                assert "Goodbye" in after
            else:
                assert what in details, (entry, sorted(details))
                assert f"{what}:" in after and "is not a command" not in after, (entry, after[:300])
            checked.add(key)
        for letter in letters_on_screen(first.split("What happened:")[-1]):
            wanted = letters_of(pres, d)[letter]
            out = run(letter)
            assert "is not a command" not in out
            saved = tmp_path / "after.json"
            code, _, _ = run_cli("play", "--load", str(record), "--no-autosave", stdin=f"{letter}\ns {saved}\nq\n")
            assert json.loads(saved.read_text())["choices"][len(state.choices)] == wanted
            checked.add(letter)
    assert {"h", "g", "s", "u", "log", "q"} <= checked
    if game_id != "tanglewoods":
        assert "A" in checked
