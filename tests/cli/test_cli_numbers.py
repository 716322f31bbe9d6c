"""Numbers that keep their meaning: an option keeps its number while it is offered, a new option
takes a free number, in both terminals.  The Tanglewoods merchant is the case a player met
(after buying, the key that opened "Bait a bear" forged an item); then seeded games of every
game, full screen through Textual and line mode through a pipe."""
from __future__ import annotations

import asyncio
import io
import json
import random
import re
from typing import Any

import pytest
from rich.console import Console

import woodlands
from woodlands.cli.play import PlaySession
from woodlands.cli.tui import PlayApp
from woodlands.engine.presentation import presentation_for

from .settle import steady_screen, until

SIZES = [(80, 24), (160, 50)]


def merchant_after_a_buy() -> tuple[woodlands.GameState, str, str]:
    """A seeded Tanglewoods game at the merchant, long enough to be offered in groups, where
    buying an item leaves a short menu in which the first bait option has moved (a Forge option
    comes before it): the state, the buy and the bait."""
    game = woodlands.load_game("tanglewoods")
    for seed in range(60):
        state, rng = game.new_game(seed=seed), random.Random(seed)
        while state.decision is not None and len(state.choices) < 400:
            d = state.decision
            if d.kind == "merchant_action" and len(d.options) > 6:
                baits = [i for i in d.ids if i.startswith("bait:")]
                for buy in (i for i in d.ids if i.startswith("buy:")):
                    after = state.clone()
                    after.apply(buy)
                    e = after.decision
                    if (baits and e is not None and e.kind == "merchant_action" and len(e.options) <= 6
                            and baits[0] in e and e.ids.index(baits[0]) != d.ids.index(baits[0])):
                        return state, buy, baits[0]
            state.apply(d.options[rng.randrange(len(d.options))].id)
    pytest.fail("no seeded game reaches a merchant where a buy moves the bait options")


def session(state: woodlands.GameState, stdin: str = "") -> tuple[PlaySession, io.StringIO]:
    out = io.StringIO()
    return PlaySession(Console(file=out, width=100), state, None, io.StringIO(stdin)), out


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_full_screen_the_bait_key_still_baits_after_a_buy(size):
    state, buy, bait = merchant_after_a_buy()
    app = PlayApp(session(state)[0])
    moves = len(state.choices)                    # the app plays on this state: its count goes up
    seen: dict[str, Any] = {}

    def number_of(key: tuple[Any, ...]) -> str:
        return str(next(e.number for e in app.entries() if e.key == key))

    def bait_shown(text: str) -> bool:
        return f"{seen['bait']}. Bait a bear" in text

    async def go() -> None:
        # each key is followed by a wait for what it does (the app's state, then a steady screen)
        async with app.run_test(size=size) as pilot:
            seen["bait"] = number_of(("group", ("bait",)))
            seen["before"] = await steady_screen(pilot, app, bait_shown)
            await pilot.press(*number_of(("group", ("buy",))))
            await until(pilot, lambda: app.chooser.group == ("buy",))
            await pilot.press(*number_of(("option", buy)))
            await until(pilot, lambda: len(app.state.choices) > moves)
            assert app.state.choices[-1] == buy
            seen["after"] = await steady_screen(pilot, app, lambda text: text != seen["before"])
            await pilot.press("escape")           # back to the first step, if a group is open
            await until(pilot, lambda: app.chooser.group is None)
            seen["top"] = await steady_screen(pilot, app, lambda text: bait_shown(text) and "Forge" in text)
            await pilot.press(*seen["bait"])
            await until(pilot, lambda: app.chooser.group is not None or len(app.state.choices) > moves + 1)
            seen["pressed"] = await steady_screen(pilot, app, lambda text: text != seen["top"])
    asyncio.run(go())
    # the key pressed for "Bait a bear" before the buy opens the bait options after it: nothing forged
    assert app.state.choices[-1] == buy, app.state.choices[-3:]
    assert app.chooser.group == ("bait",), seen["pressed"]
    assert f"{seen['bait']}. Bait a bear" in seen["before"] and f"{seen['bait']}. Bait a bear" in seen["top"]
    assert "Forge" in seen["top"]                  # the new option is there, under another number


def test_line_mode_the_bait_number_still_baits_after_a_buy(run_cli, tmp_path):
    """Through a pipe: type the numbers the merchant's menu shows for a buy and for a bait; the
    bait's number still baits after the buy although a Forge option now comes first."""
    state, buy, bait = merchant_after_a_buy()
    path = "".join(f"{c}\n" for c in state.choices)          # option ids reach the merchant
    code, out, err = run_cli("play", "tanglewoods", "--seed", str(state.seed), stdin=path + "q\n")
    assert code == 0, err
    menu = out.rsplit("Visit the merchant", 1)[-1]
    shown = {label: n for n, label in re.findall(r"^ +(\d+)\. (.+)$", menu, re.M)}
    bait_label, buy_label = state.decision.option(bait).label, state.decision.option(buy).label
    bait_n, buy_n = shown[bait_label], shown[buy_label]
    save = tmp_path / "after.json"
    code, out, err = run_cli("play", "tanglewoods", "--seed", str(state.seed),
                             stdin=path + f"{buy_n}\n{bait_n}\ns {save}\nq\n")
    assert code == 0, err
    assert json.loads(save.read_text())["choices"][-2:] == [buy, bait]
    assert out.count(f"  {bait_n:>2}. {bait_label}") >= 2        # the same number on both menus


# ---------------------------------------------------------------------------- seeded games
GAMES = [("tanglewoods", {}), ("storyfold", {}), ("cursed-forest", {"players": 2})]
MOVES = 60


def family(d: Any) -> tuple[Any, ...]:
    return (d.player, d.kind, d.step)


def check_kept(menus: list[tuple[tuple[Any, ...], dict[Any, int]]]) -> int:
    """Each menu against the last one shown for the same decision kind, seat and step: every
    entry offered in both has the same number, and no two entries share one.  Returns how many
    entries were compared (a test that compares nothing proves nothing)."""
    last: dict[tuple[Any, ...], dict[Any, int]] = {}
    compared = 0
    for context, numbers in menus:
        assert len(set(numbers.values())) == len(numbers), (context, numbers)
        before = last.get(context, {})
        for key, n in numbers.items():
            if key in before:
                compared += 1
                assert before[key] == n, (context, key, before[key], n)
        last[context] = numbers
    return compared


def play_by_keys(app: PlayApp, rng: random.Random) -> list[tuple[tuple[Any, ...], dict[Any, int]]]:
    """Random options taken by their keys at 80x24 (opening groups, going back with Esc when the
    open group does not hold the option); every menu shown, with its kind, seat, step and group."""
    menus: list[tuple[tuple[Any, ...], dict[Any, int]]] = []

    async def go() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            while app.state.decision is not None and len(app.state.choices) < MOVES:
                if len(app.screen_stack) > 1:
                    await pilot.press("enter")            # a hot-seat handover
                    continue
                d = app.state.decision
                target = d.options[rng.randrange(len(d.options))]
                moves = len(app.state.choices)
                for _ in range(3):
                    entries = app.entries()
                    menus.append(((*family(d), app.chooser.group), {e.key: e.number for e in entries}))
                    entry = next((e for e in entries if e.option is not None and e.option.id == target.id), None)
                    if entry is None:
                        entry = next((e for e in entries if e.group is not None
                                      and target.id in {o.id for g in d.groups(len(e.group))
                                                        if g.key == e.group for o in g.options}), None)
                    if entry is None:
                        await pilot.press("escape")       # the open group does not hold it
                        continue
                    await pilot.press(*str(entry.number))
                    if any(str(e.number).startswith(str(entry.number)) and e.number != entry.number for e in entries):
                        await pilot.press("enter")        # a longer number could follow
                    if len(app.state.choices) > moves or app.pending is not None:
                        break
                if app.pending is not None:
                    await pilot.press("enter")            # a warning (yes) or a count (once)
                assert len(app.state.choices) > moves, (d, target, app.entries())
    asyncio.run(go())
    return menus


@pytest.mark.parametrize("game_id,options", GAMES, ids=[g for g, _ in GAMES])
def test_full_screen_numbers_stay_over_seeded_games(game_id, options):
    """Each menu on screen against the last one of the same kind and step."""
    state = woodlands.load_game(game_id).new_game(seed=0, options=options)
    menus = play_by_keys(PlayApp(session(state)[0], auto_forced=False), random.Random(0))
    assert check_kept(menus) > 30


def printed_menus(out: str, decisions: list[Any], pres: Any) -> list[tuple[tuple[Any, ...], dict[Any, int]]]:
    """The menus line mode printed, read back: the numbered lines above each 'Type a number',
    matched to the decisions' options in the order line mode prints them."""
    blocks = []
    lines = out.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("Type a number"):
            numbers: list[int] = []
            k = i - 1
            while k >= 0 and re.match(r"^ +(\d+\.|\[\d+\]) ", lines[k]):
                m = re.match(r"^ +(\d+)\. ", lines[k])
                if m:
                    numbers.insert(0, int(m.group(1)))
                k -= 1
            blocks.append(numbers)
    assert len(blocks) == len(decisions), (len(blocks), len(decisions))
    menus = []
    for d, numbers in zip(decisions, blocks):
        depth = pres.grouping(d)
        groups = d.groups(depth) if depth > 0 else []
        grouped = 1 < len(groups) < len(d.options)
        order = [o.id for g in groups for o in g.options] if grouped else d.ids
        assert len(order) == len(numbers), (d, numbers)
        menus.append((family(d), dict(zip(order, numbers))))
    return menus


@pytest.mark.parametrize("game_id,options", GAMES, ids=[g for g, _ in GAMES])
def test_line_mode_numbers_stay_over_seeded_games(game_id, options):
    """Random options typed by id through a pipe; every printed menu is read back and compared
    with the last one of the same kind."""
    compared = 0
    game = woodlands.load_game(game_id)
    for seed in range(3):
        state = game.new_game(seed=seed, options=options)
        twin, rng, typed, decisions = state.clone(), random.Random(seed), [], []
        while twin.decision is not None and len(typed) < MOVES * 2:
            d = twin.decision
            decisions.append(d)
            option = d.options[rng.randrange(len(d.options))]
            typed.append(option.id)
            twin.apply(option.id)
        if twin.decision is not None:
            decisions.append(twin.decision)          # the menu shown before q
        play, out = session(state, "".join(f"{t}\n" for t in typed) + "q\n")
        assert play.run() == 0
        compared += check_kept(printed_menus(out.getvalue(), decisions, presentation_for(game)))
    assert compared > 50
