"""The full-screen terminal (Textual): the table always visible, the log beside it (wide) or below
it (narrow), the options in a fixed place at the bottom, and the keys on the last line.

``woodlands play`` uses it when standard input and output are both a terminal; otherwise the line
mode of :mod:`woodlands.cli.play` plays with the same keys.  It reads a game only through its
:class:`~woodlands.engine.presentation.Presentation` and the engine's state API (``view``,
``log_for``, ``decision``, ``why_not``, ``forced``), so every registered game plays here.

Keys (docs/terminal.md): 1-9 choose (two digits then Enter when there are more than 9 entries),
Esc back to the first step, the game's own letters for frequent options and details, h help,
g glossary, L the whole log, : type an option id, a forced moves on/off, u undo, s save, q quit
(Ctrl-C and Ctrl-Q too); PgUp/PgDn scroll a long list of options; [ and ] scroll the table when
it is taller than its box; Shift and an arrow (or ← →) pan a map shown in part.
"""
from __future__ import annotations

import io
from typing import Any, Callable

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.markup import escape
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, RichLog, Static

from ..engine.decision import Decision, Option
from ..engine.presentation import Detail, Presentation, plural, presentation_for
from ..engine.state import GameState
from ..kit.table import model_for
from .choose import Chooser, Entry
from .keys import TERMINAL_KEYS, detail_keys, option_letters
from .ending import AGAIN_KEY, STORY_KEY
from .narrate import outcome_words
from .paste import paste_safe_driver
from .play import PlaySession, deciding_seat, undo_refusal
from .table import Pan, pannable, table_for

#: below this many columns the log goes under the table instead of beside it
WIDE = 120
#: keys the terminal keeps for itself (a game's letters never take them)
COMMAND_KEYS = TERMINAL_KEYS
#: the rows of the options box (its content, under its top border), narrow and wide
OPTIONS_ROWS_NARROW = 9
OPTIONS_ROWS = 15
#: how many past events the log pane is filled with when it is (re)drawn for a seat
LOG_FILL = 200
#: keys that pan a map shown in part: squares east and north (the plain up and down arrows
#: scroll the options, so north and south need Shift)
PAN_KEYS = {"left": (-1, 0), "right": (1, 0), "shift+left": (-1, 0), "shift+right": (1, 0),
            "shift+up": (0, 1), "shift+down": (0, -1)}
#: the table box's keys: up and down, a few lines at a time
SCROLL_KEYS = {"[": -1, "]": 1}


class SeatLog(RichLog):
    """The log pane.  A RichLog keeps only the lines it wrapped at the width it had; this one
    also keeps what it was given, so that a new width (a resized terminal, the log moving beside
    the table) wraps everything again, hints and notes included, instead of cutting it."""

    #: how many entries are kept to wrap again (the pane is refilled from the game's log when
    #: the seat changes, so this only bounds a very long sitting)
    KEEP = 2000

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.kept: list[RenderableType] = []
        self.wrapped_at = 0

    def write(self, content: RenderableType | object, *args: Any, **kwargs: Any) -> "SeatLog":
        if isinstance(content, (Text, str)):
            self.kept.append(content)
            del self.kept[:-self.KEEP]
        super().write(content, *args, **kwargs)
        return self

    def clear(self) -> "SeatLog":
        self.kept = []
        super().clear()
        return self

    def on_resize(self, event: events.Resize) -> None:
        # RichLog's own handler runs too (Textual calls each class's); wrap again once laid out
        if event.size.width != self.wrapped_at:
            self.call_after_refresh(self.wrap_again)

    def wrap_again(self) -> None:
        width = self.scrollable_content_region.width
        if width == self.wrapped_at or not width:
            return
        self.wrapped_at = width
        kept = self.kept
        self.clear()
        for entry in kept:
            self.write(entry)


class TextScreen(ModalScreen[None]):
    """Help, glossary, a detail or the whole log: text in a scrolling box; Esc, Enter or q closes."""

    DEFAULT_CSS = """
    TextScreen { align: center middle; }
    TextScreen > VerticalScroll { width: 90%; height: 90%; border: round $accent; padding: 0 1;
                                  background: $surface; }
    """

    def __init__(self, title: str, text: str) -> None:
        super().__init__()
        self.title_text, self.text = title, text

    def compose(self) -> ComposeResult:
        box = VerticalScroll(Static(Text(self.text)), id="text")
        box.border_title = self.title_text
        box.border_subtitle = "Esc closes"
        yield box

    def on_key(self, event: events.Key) -> None:
        if event.key in ("escape", "enter", "q"):
            event.stop()
            self.dismiss(None)


class HandoverScreen(Screen[None]):
    """Hot-seat: a blank screen that names the next player; nothing of the last seat is on it."""

    DEFAULT_CSS = """
    HandoverScreen { align: center middle; }
    HandoverScreen > Static { width: auto; padding: 1 4; border: heavy $accent; }
    """

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name_text = name

    def compose(self) -> ComposeResult:
        yield Static(Text.assemble((f"Pass to {self.name_text}\n\n", "bold"),
                                   "The others look away. Press Enter when ready."), id="handover")

    def on_key(self, event: events.Key) -> None:
        event.stop()
        if event.key == "enter":
            self.dismiss(None)
        elif event.character == "q" and isinstance(self.app, PlayApp):
            self.app.quit()           # leaving is allowed; the game stays autosaved


class AskScreen(ModalScreen[str | None]):
    """One line of text (a file name, an option id); Enter gives it, Esc cancels."""

    DEFAULT_CSS = """
    AskScreen { align: center bottom; }
    AskScreen > Vertical { height: auto; border: round $accent; background: $surface; }
    """

    def __init__(self, question: str, value: str = "") -> None:
        super().__init__()
        self.question, self.value = question, value

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question)
            yield Input(value=self.value, id="answer")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip())

    def on_key(self, event: events.Key) -> None:
        if event.key == "escape":
            event.stop()
            self.dismiss(None)


class PlayApp(App[int]):
    """One game at a full-screen terminal; ``run()`` returns the exit status."""

    # Ctrl-C and Ctrl-Q leave like q (the autosave line included), from any screen; the
    # framework's own Ctrl-C only shows a toast about Ctrl-Q, and its Ctrl-Q leaves silently
    BINDINGS = [Binding("ctrl+c", "leave", show=False, priority=True),
                Binding("ctrl+q", "leave", show=False, priority=True)]

    CSS = """
    Screen { layout: vertical; }
    #main { height: 1fr; }
    #table-box { width: 2fr; height: 1fr; }
    #log { width: 1fr; height: 1fr; border-left: solid $accent; }
    #options { height: auto; max-height: 16; border-top: solid $accent; padding: 0 1; }
    #keys { height: 1; background: $boost; color: $text-muted; padding: 0 1; }
    .narrow #main { layout: vertical; }
    .narrow #table-box { width: 1fr; height: 1fr; }
    .narrow #log { width: 1fr; height: 5; border-left: none; border-top: solid $accent; }
    .narrow #options { max-height: 10; }
    """

    def __init__(self, session: PlaySession, auto_forced: bool = True) -> None:
        super().__init__(driver_class=paste_safe_driver())   # pasted text never chooses
        self.session = session
        self.chooser = Chooser(stable=True)
        self.auto_forced = auto_forced
        self.typed = ""                     # digits typed so far (more than 9 entries)
        self.pending: tuple[str, Option, int] | None = None   # ("confirm"|"count", option, most)
        self.message = ""                   # the last answer to the player (refusal, saved ...)
        self.shown_seat: int | None = None  # the seat the screen shows now
        self.seen = session.seen            # events already in the log pane
        self.code = 0
        self.menu_top = 0                   # the first row of options shown (a long menu scrolls)
        self.menu_rows = 1                  # how many rows of options the box shows
        self.menu_key: tuple[Any, ...] | None = None   # the decision and group the window is for
        self.pan: Pan = (0, 0)              # a map shown in part: moved this many squares E and N
        self.pan_for: tuple[int, int] | None = None     # the position and seat the pan is for
        self.key_bar = ""                   # the key bar's words, as shown
        self.lesson_at: int | None = None   # the decision whose lesson the log pane holds already

    # ------------------------------------------------------------------ layout
    @property
    def state(self) -> GameState:
        return self.session.state

    @property
    def pres(self) -> Presentation:
        return presentation_for(self.state.game)

    def compose(self) -> ComposeResult:
        with Horizontal(id="main"):
            # not focusable: the arrows and PgUp/PgDn go to the options box (the table is
            # drawn to fit its box; the mouse wheel still scrolls it)
            with VerticalScroll(id="table-box", can_focus=False):
                yield Static(id="table")
            yield SeatLog(id="log", wrap=True, markup=False, auto_scroll=True, min_width=20)
        yield Static(id="options")
        yield Static(id="keys")

    def on_mount(self) -> None:
        self.title = self.state.game.name
        self.set_class(self.size.width < WIDE, "narrow")
        said = self.session_said()
        # after the first layout, so the log wraps at its real width
        self.call_after_refresh(self.start, said)

    def start(self, said: str) -> None:
        self.after_change(first=True)
        self.log_line(said, "dim")

    def on_resize(self, event: events.Resize) -> None:
        self.set_class(event.size.width < WIDE, "narrow")
        if self.shown_seat is not None and self.screen is self.screen_stack[0]:
            self.call_after_refresh(self.redraw)

    def redraw(self) -> None:
        """A new terminal size: the table and the options fitted to it (the log pane wraps
        itself again, keeping everything in it)."""
        if self.shown_seat is not None and self.screen is self.screen_stack[0]:
            self.draw_table()
            self.draw_options()

    # ------------------------------------------------------------------ drawing
    def hot_seat(self) -> bool:
        """More than one person shares this screen."""
        seats = self.state.view(self.seat()).get("players")
        return len(seats) > 1 if isinstance(seats, list) else self.state.game.players[1] > 1

    def seat(self) -> int:
        return deciding_seat(self.state)

    def table_size(self) -> tuple[int, int]:
        w, h = self.size
        if w < WIDE:
            return max(20, w - 2), max(5, h - 16)
        return max(20, w * 2 // 3 - 2), max(5, h - 12)

    def draw_table(self) -> None:
        seat = self.seat()
        w, h = self.table_size()
        if self.pan_for != (len(self.state.choices), seat):
            # a new position: the map follows the one deciding again
            self.pan, self.pan_for = (0, 0), (len(self.state.choices), seat)
        self.query_one("#table", Static).update(table_for(self.pres, self.state.view(seat), seat, w, h,
                                                          self.session.changes, self.pan,
                                                          events=self.state.log_for(seat)))
        # whether the table is taller than its box is known once it is laid out
        self.call_after_refresh(self.draw_keys)

    def map_pan(self) -> Pan | None:
        """The pan of the table's map as drawn now; None: no map shown in part."""
        seat = self.seat()
        model = model_for(self.pres, self.state.view(seat), seat, self.state.log_for(seat))
        w, h = self.table_size()
        return pannable(model, w, h, self.pan) if model is not None else None

    def pan_map(self, east: int, north: int) -> None:
        """Move the map's view a square (kept inside the forest; an edge says so)."""
        if self.map_pan() is None:
            self.message = "The whole table is in view: there is no map to pan."
            self.draw_options()
            return
        seat = self.seat()
        model = model_for(self.pres, self.state.view(seat), seat, self.state.log_for(seat))
        w, h = self.table_size()
        moved = pannable(model, w, h, (self.pan[0] + east, self.pan[1] + north)) if model is not None else None
        if moved is None or moved == self.pan:
            self.message = "The map goes no further that way."
            self.draw_options()
            return
        self.pan, self.message = moved, ""
        self.draw_table()
        self.draw_options()

    def table_overflows(self) -> bool:
        box = self.query_one("#table-box", VerticalScroll)
        return box.max_scroll_y > 0

    def scroll_table(self, step: int) -> None:
        box = self.query_one("#table-box", VerticalScroll)
        box.scroll_to(y=box.scroll_y + step * max(1, box.size.height - 2), animate=False)

    def log_line(self, text: str, style: str = "") -> None:
        if text:
            self.query_one("#log", RichLog).write(Text(text, style=style))

    def fill_log(self, seat: int) -> None:
        """The log pane, redrawn for ``seat``: only what that seat may see."""
        log = self.query_one("#log", RichLog)
        log.clear()
        events_ = self.state.log_for(seat)
        for line in self.pres.narrate(events_[-LOG_FILL:], seat):
            log.write(Text(line))
        self.seen = self.state.log_length

    def add_new_events(self) -> None:
        seat = self.seat()
        events_ = self.state.log_for(seat, self.seen)
        self.seen = self.state.log_length
        for line in self.pres.narrate(events_, seat):
            self.log_line(line)

    def entries(self) -> list[Entry]:
        d = self.state.decision
        return self.chooser.entries(d, self.pres) if d is not None else []

    def draw_options(self) -> None:
        d = self.state.decision
        out = Text()
        if d is None:
            from .ending import story_lines, story_of
            result, details = outcome_words(self.state.outcome)
            out.append(f"Game over: {result.upper()}", style="bold")
            out.append(f" ({details})" if details else "")
            out.append(f"\n{AGAIN_KEY} plays again (the same set-up, a new seed), {STORY_KEY} shows the whole story, "
                       "s saves the record, q quits.")
            # the story told to the seat on screen, as much as the box holds (STORY_KEY: all of it)
            for line in story_lines(story_of(self.state, self.seat()))[1:]:
                out.append("\n" + line, style="bold" if line.endswith(":") and not line.startswith(" ") else "")
        elif self.pending is not None:
            what, option, most = self.pending
            if what == "confirm":
                warning = self.pres.warning(self.state.view(d.player), d, option) or ""
                out.append(f"{warning}\n", style="bold yellow")
                out.append(f"Take '{option.label}'? y yes, n no")
            else:
                out.append(f"{option.label}: how many times? 1-{min(most, 9)} (Enter: once, Esc: cancel)")
        else:
            if self.hot_seat():
                out.append(f"{self.pres.seat_name(self.state.view(d.player), d.player)} decides. ", style="bold reverse")
            out.append(d.prompt, style="bold")
            self.entries()                      # brings the chooser up to this decision
            if self.chooser.can_go_back:
                out.append("  (Esc: back)", style="dim")
            # what was typed and the last answer come first: a long menu must not hide them
            if self.typed:
                out.append(f"\nTyped: {self.typed} (Enter takes it)", style="bold")
            if self.message:
                out.append(f"\n{self.message}", style="yellow")
            self.query_one("#options", Static).update(Group(out, self.menu(d, out)))
            self.draw_keys()
            return
        self.query_one("#options", Static).update(out)
        self.draw_keys()

    def menu(self, d: Decision, head: Text) -> RenderableType:
        """The entries in as many columns as the options box needs; when they still take more
        rows than it has (long labels wrap), a window of them that PgUp/PgDn (or the arrows)
        move, with a last line that says how many entries are above and below."""
        letters = {v: k for k, v in option_letters(self.pres, d).items()}
        cells: list[Text] = []
        for e in self.entries():
            cell = Text(f"{e.number:>2}. ")
            cell.append(e.label + (" …" if e.group is not None else ""))
            if e.option is not None and e.option.id in letters:
                cell.append(f"  [{letters[e.option.id]}]", style="bold cyan")
            cells.append(cell)
        width = max(20, self.size.width - 2)
        head_rows = sum(len(line.wrap(self.console, width)) for line in head.split("\n"))
        rows = max(2, (OPTIONS_ROWS_NARROW if self.size.width < WIDE else OPTIONS_ROWS) - head_rows)
        # as many columns as the box needs, but only as many as keep every label whole (a long
        # label gets a column of its own and wraps; the box then scrolls)
        most = min(max(1, width // 18), max(1, -(-len(cells) // rows)))
        columns = next((c for c in range(most, 1, -1)
                        if all(cell.cell_len <= (width - (c - 1)) // c for cell in cells)), 1)
        per = -(-len(cells) // columns) if cells else 0

        def row_cells(r: int) -> list[Text]:
            return [cells[c * per + r] if c * per + r < len(cells) else Text("") for c in range(columns)]

        def grid(which: range) -> Table:
            table = Table.grid(expand=True, padding=(0, 1))
            for _ in range(columns):
                table.add_column(ratio=1, no_wrap=columns > 1, overflow="ellipsis")
            for r in which:
                table.add_row(*row_cells(r))
            return table

        options = self.console.options.update_width(width)
        heights = [len(self.console.render_lines(grid(range(r, r + 1)), options)) for r in range(per)]
        key = (id(d), self.chooser.group)
        if key != self.menu_key:
            self.menu_key, self.menu_top = key, 0
        if sum(heights) <= rows:
            self.menu_top = 0
            return grid(range(per))
        room = rows - 1                 # the last line tells what is out of sight
        # the lowest first row that still fills the box, so PgDn stops at the end
        last_top = per - 1
        while last_top > 0 and sum(heights[last_top - 1:]) <= room:
            last_top -= 1
        self.menu_top = top = max(0, min(self.menu_top, last_top))
        end, used = top, 0
        while end < per and (end == top or used + heights[end] <= room):
            used += heights[end]
            end += 1
        self.menu_rows = max(1, end - top)

        def count(which: range) -> int:
            return sum(1 for r in which for c in range(columns) if c * per + r < len(cells))
        above, below = count(range(0, top)), count(range(end, per))
        parts = ([f"▲ {above} above (PgUp)"] if above else []) + ([f"▼ {below} more below (PgDn)"] if below else [])
        return Group(grid(range(top, end)), Text("  ·  ".join(parts), style="bold yellow"))

    def scroll_menu(self, key: str) -> None:
        """PgUp/PgDn (a box's worth) and the arrows (one row) move the options' window."""
        step = self.menu_rows if key in ("pageup", "pagedown") else 1
        self.menu_top = max(0, self.menu_top + (step if key in ("pagedown", "down") else -step))
        self.draw_options()

    def draw_keys(self) -> None:
        width = self.size.width
        narrow = width < WIDE
        details = self.details()
        auto = "a auto" + ("" if narrow else f" {'on' if self.auto_forced else 'off'}")
        # the terminal's own keys first, so q and h never fall off the line; then the game's
        # detail keys with their titles, or by their letters alone when the titles do not fit
        # (h lists them with their titles)
        # Esc is offered only where it does something: on a group's second step
        back = ["Esc back"] if self.state.decision is not None and self.chooser.can_go_back else []
        commands = ([] if narrow else ["1-9 choose", *back]) + [
            "h help", "g glossary", "L log", auto, "u undo", "s save", "q quit"]
        # the view's keys, where they do something: a map shown in part, a table taller than its box
        view = (["[ ] scroll"] if self.shown_seat is not None and self.table_overflows() else []) + (
            ["⇧←↑↓→ pan"] if self.shown_seat is not None and self.map_pan() is not None else [])
        sep = "  " if narrow else " · "
        shown = [f"{x.key} {x.title}" for x in details]
        line = sep.join(commands + view + shown)
        if len(line) > width - 2 and details:
            shown = ["/".join(x.key for x in details) + " details"]
            line = sep.join(commands + view + shown)
        if len(line) > width - 2:
            # a small screen (a map to pan, a table to scroll, many details): the bar takes
            # two lines rather than leave a key out or cut one short
            line = sep.join(commands) + "\n" + sep.join(view + shown)
        keys = self.query_one("#keys", Static)
        keys.styles.height = line.count("\n") + 1
        self.key_bar = line
        keys.update(Text(line, no_wrap=True, overflow="ellipsis"))

    def details(self) -> list[Detail]:
        """The decision's details, on the keys that open them now (woodlands.cli.keys)."""
        d = self.state.decision
        return detail_keys(self.pres, self.state.view(d.player), d) if d is not None else []

    def refresh_all(self) -> None:
        self.draw_table()
        self.add_new_events()
        self.teach()
        self.draw_options()

    def teach(self) -> None:
        """Teach mode: the lesson of a kind of decision met for the first time in this game, in
        the log pane (once per decision), and a word about it under the options."""
        from .teaching import lesson_lines
        d = self.state.decision
        at = len(self.state.choices)
        if d is None or self.lesson_at == at:
            return
        lines = lesson_lines(self.session.tutor, d, self.state.view(d.player), at)
        if not lines:
            return
        self.lesson_at = at
        for line in lines:
            self.log_line(line, "cyan")
        self.message = f"{lines[0]}: see the log (F2 turns teaching off)."

    # ------------------------------------------------------------------ after each change
    def after_change(self, first: bool = False) -> None:
        """Forced moves (when on), then the handover if another seat decides, then redraw."""
        taken = self.take_forced() if self.auto_forced else []
        seat = self.seat()
        last = self.shown_seat
        if last is not None and last != seat and not self.state.is_over and self.hot_seat():
            self.blank()
            if self.session.bell:       # the turn passes to another player (play --bell)
                self.bell()
            name = self.pres.seat_name(self.state.view(seat), seat)
            self.push_screen(HandoverScreen(name), lambda _: self.show_seat(seat, taken))
            return
        if first or last != seat:
            self.show_seat(seat, taken)
        else:
            self.refresh_all()
            self.tell_taken(taken)

    def tell_taken(self, taken: list[str]) -> None:
        for label in taken:
            self.log_line(f"Taken for you (the only choice): {label}", "dim")

    def show_seat(self, seat: int, taken: list[str] | None = None) -> None:
        self.shown_seat = seat
        self.fill_log(seat)
        self.tell_taken(taken or [])
        self.teach()
        self.draw_table()
        self.draw_options()

    def blank(self) -> None:
        """Nothing of the last seat stays on screen (the handover covers it, and it is cleared)."""
        self.query_one("#table", Static).update("")
        self.query_one("#log", RichLog).clear()
        self.query_one("#options", Static).update("")
        self.message = ""

    def take_forced(self) -> list[str]:
        """Apply the forced options (the record keeps them); their labels, to tell the player.
        Labels of another seat's forced moves are not told (they could name its secrets)."""
        taken: list[str] = []
        seat = self.seat()
        while True:
            d = self.state.decision
            option_id = self.state.forced()
            if d is None or option_id is None:
                return taken
            option = d.option(option_id)
            if d.player == seat:
                taken.append(option.label if option else option_id)
            self.state.apply(option_id)
            self.session.save_automatically()

    # ------------------------------------------------------------------ keys
    def on_key(self, event: events.Key) -> None:
        if self.screen is not self.screen_stack[0]:
            return
        event.stop()
        key, char = event.key, event.character or ""
        if self.pending is not None:
            self.answer_pending(key, char)
            return
        if char.isdigit() and char.isascii():
            self.digit(char)
            return
        if key == "enter":
            if self.typed:
                number, self.typed = int(self.typed), ""
                self.pick(number)
            return
        if key in ("escape", "backspace"):
            if self.typed:
                self.typed = self.typed[:-1] if key == "backspace" else ""
            elif not self.chooser.back():
                self.message = ""
            self.draw_options()
            return
        if key in ("pageup", "pagedown", "up", "down"):
            self.scroll_menu(key)
            return
        if key in PAN_KEYS:
            self.pan_map(*PAN_KEYS[key])
            return
        if key == "f2":
            self.switch_teaching("off" if self.session.tutor is not None and self.session.tutor.on else "on")
            return
        if char in SCROLL_KEYS:
            self.scroll_table(SCROLL_KEYS[char])
            return
        self.letter(char)

    def hint(self) -> None:
        """The three best options with their win chances (woodlands.bots.hints), from sample games
        played in a thread on a copy of the position; the screen stays live and shows them in the log when they come, if
        the game has not moved on."""
        from .hinting import start_hint
        if self.state.decision is None:
            self.message = "The game is over; there is nothing to hint."
            self.draw_options()
            return
        self.message = "Thinking about a hint..."
        self.draw_options()
        start_hint(self.state, self.session.hint_budget, lambda job: self.call_from_thread(self.show_hint, job))

    def show_hint(self, job: Any) -> None:
        from .hinting import hint_lines
        if job.moves != len(self.state.choices):
            return          # the game went on: that hint is for a position left behind
        for line in hint_lines(job):
            self.log_line(line, "cyan")
        self.message = "Hint: in the log."
        self.draw_options()

    def digit(self, char: str) -> None:
        self.message = ""
        numbers = [e.number for e in self.entries()]
        typed = self.typed + char
        if not numbers:
            return
        longer = any(str(n).startswith(typed) and str(n) != typed for n in numbers)
        if longer:
            self.typed = typed       # more digits may follow (Enter takes what is typed)
            self.draw_options()
            return
        self.typed = ""
        self.pick(int(typed))

    def pick(self, number: int) -> None:
        for e in self.entries():
            if e.number == number:
                if e.option is not None:
                    self.take(e.option)
                else:
                    assert e.group is not None
                    self.chooser.open(e.group)
                    self.draw_options()
                return
        self.message = f"There is no {number} here."
        self.draw_options()

    def letter(self, char: str) -> None:
        d = self.state.decision
        self.message = ""
        if d is not None and char not in COMMAND_KEYS:
            fixed = option_letters(self.pres, d)
            if char in fixed:
                option = d.option(fixed[char])
                assert option is not None
                self.take(option)
                return
            for detail in self.details():
                if detail.key == char:
                    self.push_screen(TextScreen(detail.title, detail.text))
                    return
        if char == "q":
            self.quit()
        elif char == "h":
            text = self.pres.help(d) if d is not None else "The game is over."
            details = self.details()
            listed = "".join(f"\n{x.key}  {x.title}" for x in details)
            self.push_screen(TextScreen("Help", text + "\n\n" + KEYS_HELP + ("\n\nDetails:" + listed if listed else "")))
        elif char == "g":
            terms = self.pres.glossary()
            text = "\n".join(f"{term}: {meaning}" for term, meaning in terms) or "This game has no glossary yet."
            self.push_screen(TextScreen("Glossary", text))
        elif char == "L":
            seat = self.seat()
            self.push_screen(TextScreen("The log", "\n".join(self.pres.narrate(self.state.log_for(seat), seat))))
        elif char == "a":
            self.auto_forced = not self.auto_forced
            self.log_line(f"Forced moves are now taken {'for you' if self.auto_forced else 'by hand'}.", "dim")
            if self.auto_forced:
                self.after_change()
            else:
                self.draw_options()
        elif char == "u":
            self.undo()
        elif char == "s":
            self.push_screen(AskScreen("Save the game record to (Enter):", self.default_save()), self.save)
        elif char == "l":
            self.push_screen(AskScreen("Load a game record from:"), self.load)
        elif char == ":":
            self.push_screen(AskScreen("Type an option id:"), self.typed_id)
        elif char == AGAIN_KEY and d is None:
            self.play_again()
        elif char == STORY_KEY and d is None:
            from .ending import story_lines, story_of
            self.push_screen(TextScreen("How it ended", "\n".join(story_lines(story_of(self.state, self.seat())))))
        elif char == "?":
            self.hint()
        elif char.isprintable() and char:     # control keys (Ctrl-X ...) do nothing, silently
            self.message = f"'{char}' is no key here; h shows the keys."
            self.draw_options()

    def action_leave(self) -> None:
        self.quit()

    def quit(self) -> None:
        """Leave; the autosave's whereabouts are told once the screen is given back."""
        self.session.tell_autosave()
        self.code = 0
        self.exit(0)

    def answer_pending(self, key: str, char: str) -> None:
        assert self.pending is not None
        what, option, most = self.pending
        if what == "confirm":
            if char in ("y", "Y") or key == "enter":
                self.pending = None
                self.take(option, confirmed=True)
            elif char in ("n", "N") or key == "escape":
                self.pending = None
                self.message = "Not taken."
                self.draw_options()
            return
        if key == "escape":
            self.pending = None
            self.draw_options()
            return
        times = 1 if key == "enter" else int(char) if char.isdigit() and char.isascii() else 0
        if 1 <= times <= most:
            self.pending = None
            self.apply(option, times)

    # ------------------------------------------------------------------ taking options
    def take(self, option: Option, confirmed: bool = False) -> None:
        d = self.state.decision
        if d is None:
            return
        view = self.state.view(d.player)
        if not confirmed and self.pres.warning(view, d, option):
            self.pending = ("confirm", option, 1)
            self.draw_options()
            return
        most = self.pres.repeatable(view, d, option)
        if most > 1:
            self.pending = ("count", option, most)
            self.draw_options()
            return
        self.apply(option, 1)

    def apply(self, option: Option, times: int) -> None:
        self.message = ""
        self.add_new_events()
        for n in range(times):
            if n and (self.state.decision is None or option.id not in self.state.decision):
                break
            self.state.apply(option.id)
            self.session.save_automatically()
        self.log_line(self.session_said(), "yellow")
        self.after_change()

    def typed_id(self, text: str | None) -> None:
        if not text:
            return
        if text.strip().lower() in ("teach off", "teach on"):
            self.switch_teaching(text.strip().lower()[6:])
            return
        refusal = self.state.why_not(text)
        if refusal is None:
            d = self.state.decision
            option = d.option(text) if d is not None else None
            if option is not None:
                self.take(option)
            return
        self.message = f"Not now: {refusal.reason}" + (f"\nRule: {refusal.rule}" if refusal.rule else "")
        self.draw_options()

    def switch_teaching(self, word: str) -> None:
        """Teach mode on or off (F2, or ': teach off'), kept as this game's default too."""
        from ..kit.teach import Tutor, teaching_for
        from .teaching import remember
        game_id = self.state.game.id
        if self.session.tutor is None:
            self.session.tutor = Tutor(teaching_for(game_id), False)
        self.session.tutor.on = word == "on"
        remember(game_id, self.session.tutor.on)
        self.log_line("Teaching is on: each new kind of decision comes with a short lesson." if self.session.tutor.on
                      else "Teaching is off (F2 brings the lessons back).", "dim")
        self.message = ""
        if self.session.tutor.on:
            self.lesson_at = None
            self.teach()
        self.draw_options()

    def undo(self) -> None:
        if not self.state.can_undo():
            self.message = ("That cannot be undone: the last choice drew, rolled or shuffled, and "
                            "undoing it would let you peek at chance.")
            self.draw_options()
            return
        before = self.state.undo()
        refusal = undo_refusal(self.state, before)
        if refusal is not None:
            self.message = refusal
            self.draw_options()
            return
        self.session.state = before
        self.session.save_automatically()
        self.change_seat(lambda: self.log_line("Undone: back one choice.", "green"))

    def default_save(self) -> str:
        return self.session.default_save_path()

    def save(self, path: str | None) -> None:
        if path is None:
            return
        self.session.save(path)
        self.message = self.session_said()
        self.draw_options()

    def load(self, path: str | None) -> None:
        if not path:
            return
        before = self.state
        self.session.load(path)
        said = self.session_said()
        if self.state is before:
            self.message = said.strip().splitlines()[-1] if said.strip() else ""
            self.draw_options()
            return
        self.chooser = Chooser(stable=True)
        self.lesson_at = None
        loaded = f"Loaded {path}: {plural(len(self.state.choices), 'choice')} replayed."
        self.change_seat(lambda: self.log_line(loaded, "green"))

    def play_again(self) -> None:
        """The end screen's key: a new game with the same set-up and a new seed."""
        self.session.play_again()
        said = self.session_said()
        self.chooser = Chooser(stable=True)
        self.lesson_at = None
        self.seen = 0
        self.shown_seat = None          # a new game: drawn afresh for the seat that decides first
        self.after_change(first=True)
        self.log_line(said, "green")

    def change_seat(self, then: Callable[[], None]) -> None:
        """Show the position now (after an undo or a load) to the seat that decides, through the
        handover when that is not the seat on screen; ``then`` runs once it is shown."""
        seat, last = self.seat(), self.shown_seat
        self.shown_seat = None

        def show(_: object = None) -> None:
            self.show_seat(seat)
            then()
        if last is not None and last != seat and not self.state.is_over and self.hot_seat():
            self.blank()
            if self.session.bell:       # the turn passes to another player (play --bell)
                self.bell()
            self.push_screen(HandoverScreen(self.pres.seat_name(self.state.view(seat), seat)), show)
        else:
            show()

    def session_said(self) -> str:
        """What the line-mode session printed (autosave notes, save answers), taken from its buffer."""
        out = self.session.console.file
        if not isinstance(out, io.StringIO):
            return ""
        text = out.getvalue()
        out.seek(0)
        out.truncate()
        return text.strip()


KEYS_HELP = """Keys:
1-9 choose (with more than 9 entries type the digits, then Enter); Esc goes back a step.
PgUp/PgDn (or the arrows) scroll the options when they do not all fit.
[ and ] scroll the table when it is taller than its box; Shift and an arrow (or ← →) pan a map
shown in part (it follows the one deciding again after each choice).
Letters shown beside an option take it; the game's detail keys are on the bottom line.
: type an option id (or teach off / teach on); F2 teaching on/off; a takes forced moves for
you (on/off); u undo; s save; l load;
h help; g glossary; L the whole log; ? a hint (your three best options); q quit (the game stays autosaved)."""


def run_full_screen(session: PlaySession, auto_forced: bool = True) -> int:
    """Play ``session``'s game full-screen; returns the exit status."""
    loud = session.console
    session.console = Console(file=io.StringIO(), width=100, force_terminal=False, color_system=None)
    app = PlayApp(session, auto_forced)
    app.run()
    said = app.session_said()           # the autosave's whereabouts, told on the way out
    session.console = loud
    if said:
        loud.print(escape(said), soft_wrap=True, highlight=False)
    return app.code


def screen_text(app: App[Any]) -> str:
    """The screen as plain text, one line per row (what a text capture of the terminal shows)."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system=None, record=True, legacy_windows=False, safe_box=False)
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    console.print(update)
    lines = console.export_text(styles=False).split("\n")[:height]
    return "\n".join(line.rstrip() for line in lines)


__all__ = ["PlayApp", "run_full_screen", "screen_text", "escape"]
