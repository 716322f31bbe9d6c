"""The terminal marks what a choice changed (``•`` before it, and underlined: colour is never the
only sign), from the difference of the seat's table models (kit.table.changed_ids): in line
mode and in the full-screen app, for every game from the same code."""
from __future__ import annotations

import io

import woodlands
from rich.console import Console

from woodlands.cli.play import PlaySession
from woodlands.cli.table import CHANGED_MARK, Changes, draw
from woodlands.cli.tui import PlayApp
from woodlands.engine.presentation import presentation_for
from woodlands.kit.table import Die, Region, Table, Track

from .test_tui import drive, session_for, toy, words  # noqa: F401  (toy: the fixture)


def screens(out: str) -> list[str]:
    """Line mode's output, one part per drawing of the table (each begins with a rule)."""
    return [part for part in out.split("─" * 100) if part.strip()]


def test_line_mode_marks_what_the_choice_changed_and_nothing_else(toy):  # noqa: F811
    out = io.StringIO()
    state = toy.new_game(seed=2, options={"target": 5})
    PlaySession(Console(file=out, width=100, color_system=None), state, None, io.StringIO("1\n2\nq\n"), 0, None).run()
    first, second, third = screens(out.getvalue())[:3]
    assert CHANGED_MARK not in first                           # a first drawing: nothing to compare
    assert "•Count to Ten: 1 of 5" in second and "•The count 1/5" in second
    assert "▶ Squirrel 1" in second and "•▶ Squirrel 1" not in second    # the squirrel did not change
    assert "•Count to Ten: 3 of 5" in third and "•The count 3/5" in third


def test_a_seat_sees_what_changed_since_its_own_last_drawing(toy):  # noqa: F811
    """Hot seat: each seat's marks compare with that seat's table drawn last, so the next
    player sees what the others did since (here the count), not what differs from the other
    seat's screen."""
    out = io.StringIO()
    state = toy.new_game(seed=2, options={"target": 9, "players": 2})
    PlaySession(Console(file=out, width=100, color_system=None), state, None, io.StringIO("1\n1\n1\nq\n"), 0, None).run()
    shots = [s for s in screens(out.getvalue()) if "Count to Ten:" in s]
    assert CHANGED_MARK not in shots[0] and CHANGED_MARK not in shots[1]       # each seat's first drawing
    assert "•Count to Ten: 2 of 9" in shots[2]                                 # seat 1 again: two adds since
    # its turn as when it last looked, the other squirrel idle as then: neither is marked
    assert "▶ Squirrel 1" in shots[2] and "•▶ Squirrel 1" not in shots[2] and "•Squirrel 2" not in shots[2]


def test_the_full_screen_app_marks_the_changes(toy):  # noqa: F811
    state = toy.new_game(seed=2, options={"target": 5})
    app = PlayApp(session_for(state))
    before, after = drive(app, (80, 24), [None, "1", None])[:2]
    assert CHANGED_MARK not in before
    assert "•Count to Ten: 1 of 5" in words(after) and "•The count 1/5" in words(after)
    assert "▶ Squirrel 1" in after and "•▶" not in after


def test_a_redrawing_keeps_the_marks_until_the_table_changes():
    """A resize draws the same table again: its marks stay; the next change replaces them."""
    table = lambda v, w: Table("toy", (Region("r", "R", (Die("a", "A", value=v), Track("t", "T", value=w))),))  # noqa: E731
    changes = Changes()
    assert changes.see(0, table(1, 1)) == frozenset()
    assert changes.see(0, table(2, 1)) == {"a"} == changes.see(0, table(2, 1))
    assert changes.see(0, table(2, 5)) == {"t"}
    changes.forget()
    assert changes.see(0, table(3, 3)) == frozenset()


def test_every_game_draws_its_marks_in_both_sizes():
    """Marks at 80 and at 160 columns for each game's first choices, never more than the
    elements that changed (equal dice tallied together take one)."""
    cases = [("tanglewoods", {"difficulty": 0}), ("storyfold", {}), ("cursed-forest", {"players": 2})]
    for game_id, options in cases:
        state = woodlands.load_game(game_id).new_game(seed=4, options=options)
        pres = presentation_for(state.game)
        seen = 0
        for _ in range(8):
            before = pres.table_model(state.view(0), 0)
            state.apply(state.decision.options[-1].id)
            if state.is_over:
                break
            after = pres.table_model(state.view(0), 0)
            new = Changes()
            new.see(0, before)
            marks = new.see(0, after)
            for width in (80, 160):
                console = Console(width=width, record=True, color_system=None, file=io.StringIO())
                console.print(draw(after, width, None, marks))
                shown = console.export_text()
                assert shown.count(CHANGED_MARK) <= len(marks), (game_id, shown)
                seen += shown.count(CHANGED_MARK)
        assert seen, game_id
