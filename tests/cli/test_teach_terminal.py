"""Teach mode in the terminal (woodlands/cli/teaching.py): line mode shows each kind's lesson
once, ``--no-teach`` none; the first game of a kind in the data folder is taught by default and
the next is not; ``teach off`` turns it off and the next game of that kind starts off; the full
screen shows the lesson in its log and F2 turns it off."""
from __future__ import annotations

import asyncio
import io
import re

import woodlands
from rich.console import Console

from woodlands.cli.play import PlaySession
from woodlands.cli.teaching import starts_taught, tutor_for
from woodlands.cli.tui import PlayApp, screen_text
from woodlands.kit.teach import teaching_for

from .line_numbers import Typist

TEACHING = teaching_for("tanglewoods")


def _choices(seed: int, n: int) -> tuple[list[int], list[str], list[str]]:
    """The numbers typed for the first ``n`` decisions of a Tanglewoods game that always takes
    the lowest number line mode shows, their kinds, and the kinds met first, in order."""
    state = woodlands.load_game("tanglewoods").new_game(seed=seed)
    typist = Typist()
    numbers, kinds, first = [], [], []
    for _ in range(n):
        d = state.decision
        number, option_id = typist.lowest(d)
        numbers.append(number)
        kinds.append(d.kind)
        if d.kind not in first:
            first.append(d.kind)
        state.apply(option_id)
    return numbers, kinds, first


def test_line_mode_shows_each_lesson_once(run_cli):
    numbers, kinds, first = _choices(7, 12)
    assert len(kinds) > len(first)          # some kind comes back in these decisions
    stdin = "".join(f"{n}\n" for n in numbers[:-1]) + "q\n"
    code, out, err = run_cli("play", "tanglewoods", "--seed", "7", "--line", "--teach", stdin=stdin)
    assert code == 0, err
    for kind in first:
        lesson = TEACHING.lesson(kind)
        assert out.count(f"Learning: {lesson.title}") == 1, kind
        assert f"Rule {lesson.rule} ({lesson.section})" in out
    assert out.count("Learning: ") == len(first)


def test_no_teach_shows_none(run_cli):
    code, out, _ = run_cli("play", "tanglewoods", "--seed", "7", "--line", "--no-teach", stdin="1\n" * 11 + "q\n")
    assert code == 0 and "Learning: " not in out and "teach off" not in out


def test_the_first_game_of_a_kind_is_taught_and_the_next_is_not(run_cli, data_dir):
    code, out, _ = run_cli("play", "tanglewoods", "--seed", "7", "--line", stdin="1\nq\n")
    assert code == 0 and "Learning: Picking your hero" in out
    code, out, _ = run_cli("play", "tanglewoods", "--seed", "8", "--line", stdin="1\nq\n")
    assert code == 0 and "Learning: " not in out
    # another game is the first of its kind here
    code, out, _ = run_cli("play", "cursed-forest", "--seed", "8", "--line", stdin="q\n")
    assert code == 0 and "Learning: " in out
    # an earlier autosave of a game counts even without the list of games started
    (data_dir / "teach.txt").unlink()
    assert not starts_taught("tanglewoods") and starts_taught("storyfold")


def test_teach_off_stops_the_lessons_and_is_kept(run_cli):
    code, out, _ = run_cli("play", "tanglewoods", "--seed", "7", "--line", stdin="teach off\n" + "1\n" * 8 + "q\n")
    assert code == 0
    assert out.count("Learning: ") == 1 and "Teaching is off" in out     # only the lesson before 'teach off'
    code, out, _ = run_cli("play", "tanglewoods", "--seed", "9", "--line", stdin="teach\nteach on\n1\nq\n")
    assert "Teaching is off" in out and "Teaching is on" in out
    assert "Learning: Picking your hero" in out and "Learning: Which side starts face up" in out


def test_storyfold_prologue_teaches_itself_in_line_mode(run_cli):
    code, out, _ = run_cli("play", "storyfold", "--seed", "3", "--line", "--teach", stdin="1\n1\n1\nq\n")
    assert code == 0 and "Learning: " not in out and "Prologue" in out


def _drive(app: PlayApp, keys: list[str], size: tuple[int, int] = (160, 50)) -> list[str]:
    shots: list[str] = []

    async def go() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            shots.append(screen_text(app))
            for key in keys:
                await pilot.press(key)
                await pilot.pause()
                shots.append(screen_text(app))
    asyncio.run(go())
    return shots


def _session(seed: int, on: bool) -> PlaySession:
    state = woodlands.load_game("tanglewoods").new_game(seed=seed)
    session = PlaySession(Console(file=io.StringIO(), width=100), state, None, io.StringIO(), 0, None)
    session.tutor = tutor_for("tanglewoods", on)
    return session


def _flat(shot: str) -> str:
    return re.sub(r"\s+", " ", shot)


def test_full_screen_shows_the_lesson_once_and_f2_turns_it_off():
    hero, side = TEACHING.lesson("choose_hero"), TEACHING.lesson("choose_side")
    shots = _drive(PlayApp(_session(7, True), auto_forced=False), ["1", "f2", "1"])
    first, chosen, off, later = map(_flat, shots)
    assert f"Learning: {hero.title}" in first and "F2 turns teaching off" in first
    assert f"Learning: {side.title}" in chosen            # the next kind, in the log pane
    assert chosen.count(f"Learning: {hero.title}") == 1   # the first one is not told again
    assert "Teaching is off" in off
    # the decision after the side is another new kind: no lesson comes with it now
    titles = {x.title for x in TEACHING.lessons.values()}
    assert {t for t in titles if f"Learning: {t}" in later} == {hero.title, side.title}
    assert "see the log" not in later


def test_full_screen_without_teaching_shows_none():
    shots = _drive(PlayApp(_session(7, False), auto_forced=False), ["1", "1"])
    assert all("Learning: " not in shot for shot in shots)


def test_full_screen_at_80x24_says_where_the_lesson_is():
    """On the smallest screen the log pane is short: the line under the options names the
    lesson and the key that turns teaching off, and the screen still fits."""
    hero = TEACHING.lesson("choose_hero")
    (first,) = _drive(PlayApp(_session(7, True), auto_forced=False), [], size=(80, 24))
    assert f"Learning: {hero.title}: see the log" in _flat(first) and "F2" in first
    assert len(first.split("\n")) <= 24 and all(len(line) <= 80 for line in first.split("\n"))


def test_the_daily_challenge_takes_the_same_flags(run_cli):
    """A first game in the data folder would be taught: --no-teach keeps it quiet; --teach
    teaches another game's daily challenge."""
    code, out, _ = run_cli("daily", "tanglewoods", "--line", "--no-teach", stdin="q\n")
    assert code == 0 and "challenge" in out and "Learning: " not in out
    code, out, _ = run_cli("daily", "cursed-forest", "--line", "--teach", stdin="q\n")
    assert code == 0 and "Learning: " in out
