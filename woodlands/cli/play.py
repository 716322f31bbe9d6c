"""``woodlands play``: a game in the terminal, one numbered decision at a time.

Reads commands line by line from standard input (a pipe works as well as a keyboard; end of
input quits), draws the table from the player's view, tells what happened since the last
choice, and offers the decision's options by number.  After every decision the game's record is
autosaved (:mod:`woodlands.cli.autosave`), so quitting, the end of input or Ctrl-C lose nothing.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from rich.console import Console
from rich.markup import escape

from ..engine.decision import Decision, Option
from ..engine.errors import IllegalAction, WoodlandsError
from ..engine.files import read_json, write_text
from ..engine.game import Game, replay
from ..engine.presentation import Presentation, plural, presentation_for
from ..engine.state import GameState
from ..kit.saves import load_record, scene_save_of
from .choose import Chooser
from .hinting import HINT_BUDGET
from .helptext import COMMANDS
from .keys import detail_keys, option_letters
from .narrate import narrator_for, outcome_words
from .table import Changes, table_for
from .terminal import digits_hint, is_ascii_number, read_number, short

if TYPE_CHECKING:
    from ..kit.teach import Tutor
    from .autosave import Autosave

LOG_LINES = 30
RECAP = 15      # events retold when a saved game is loaded
#: the terminal's own words; a game's letters (Presentation.fixed_keys, Detail.key) never take them
LINE_COMMANDS = frozenset({"h", "help", "?", "s", "save", "l", "load", "u", "undo", "log", "q", "quit", "exit", "g",
                           "hint", "teach"})
#: "3 2": group 3, its option 2 (two steps at once); "3x2": option 3, twice
_TWO = re.compile(r"^(\d{1,6})\s+(\d{1,6})$")
_TIMES = re.compile(r"^(\d{1,6})\s*[x*]\s*(\d{1,3})$")


def save_record(state: GameState, path: str | Path) -> Path:
    """Write the record; FileProblem (an OSError) with the reason if the path cannot be written."""
    record = state.record()
    may_write_over(path, record["format"])
    return write_text(path, json.dumps(record, indent=1) + "\n")


def may_write_over(path: str | Path, kind: Any) -> None:
    """FileProblem unless ``path`` is free or holds a document of the ``format`` about to be
    written there (a game record over a record, a scene save over a scene save): ``s NAME``
    must not turn a file the player typed by mistake (``s README.md``) into a save."""
    from ..engine.files import FileProblem
    target = Path(path)
    if not target.exists():
        return
    try:
        doc = read_json(target)
    except (OSError, WoodlandsError, ValueError):
        doc = None
    if not (isinstance(doc, dict) and doc.get("format") == kind):
        raise FileProblem(f"{path} already exists and is not a saved game; it was left as it was (save under "
                          "another name, or delete it first)")



class PlaySession:
    """One terminal game; :meth:`run` returns the process exit code."""

    def __init__(self, console: Console, state: GameState, content: str | None, stdin: IO[str],
                 seen: int = 0, autosave: "Autosave | None" = None, auto_forced: bool = False) -> None:
        self.console = console
        self.state = state.keep_undo()      # undo takes back the state kept, never a replay
        self.content = content
        self.stdin = stdin
        self.narrator = narrator_for(state.game)
        self.seen = seen       # log events already told
        self.autosave = autosave
        self.autosaved = False         # has the autosave file been written in this session?
        self.autosave_failed = False   # the last write failed (said once, until one works again)
        self.screen_seat: int | None = None   # the seat the screen was last shown to (hot-seat)
        self.auto_forced = auto_forced   # take a decision's lone option when its kind allows it
        self.hint_budget = HINT_BUDGET   # how long 'hint' samples (play --budget)
        self.chooser = Chooser(stable=True)   # numbers that stay with their options (choose.py)
        self.changes = Changes()         # each seat's table drawn last: what changed gets a mark
        self.bell = False                # ring the terminal bell when the turn passes (play --bell)
        # the game goes into the results file when it ends here (one that came in over already
        # was counted when it ended; an undo and a second ending count once)
        self.result_due = not state.is_over
        self.tutor: "Tutor | None" = None   # teach mode (woodlands.cli.teaching); None: no lessons

    @property
    def pres(self) -> Presentation:
        return presentation_for(self.state.game)

    # ------------------------------------------------------------------ output
    def say(self, text: str, style: str | None = None) -> None:
        self.console.print(escape(text), style=style, highlight=False, soft_wrap=True)

    @property
    def seat(self) -> int:
        """The player whose screen this is now: the one who decides (hot-seat play)."""
        return deciding_seat(self.state)

    def interactive(self) -> bool:
        """True when a person sits at a real terminal (stdin and stdout are TTYs)."""
        isatty = getattr(self.stdin, "isatty", None)
        return bool(self.console.is_terminal and callable(isatty) and isatty())

    def handover(self) -> None:
        """Hot-seat: the screen passes to another player.  At a real terminal the screen is
        cleared and the next player presses Enter; in line mode (pipes, tests) a handover line
        and a separator are printed and nothing waits.  Nothing shown after it comes from the
        last player's view."""
        seat, last = self.seat, self.screen_seat
        self.screen_seat = seat
        if last is None or last == seat or self.state.is_over or self.state.game.players[1] < 2:
            return
        name = seat_name(self.state, seat)
        self.ring()
        if self.interactive():
            self.console.clear()
            self.console.print(f"[bold reverse] Pass to {escape(name)} [/bold reverse]")
            self.console.print("[dim]Press Enter when they are ready (the others look away).[/dim]")
            self.stdin.readline()
            self.console.clear()
        else:
            self.console.rule(characters="═")
            self.say(f"Pass to {name}. Player {last + 1}'s screen ends here.", "bold")
            self.console.rule(characters="═")

    def ring(self) -> None:
        """The terminal bell (BEL), when the player asked for it: the turn is another player's.
        Written to the output itself: rich leaves control codes out of output that is not a
        terminal, and a player who asked for the bell in a pipe (a screen reader's) wants it."""
        if not self.bell:
            return
        out = self.console.file
        out.write("\a")
        out.flush()

    def table_width(self) -> int:
        """The width the table is laid out for: the terminal's at a terminal (``--line``); on a
        pipe (scripts, CI, screen readers) the full table, since nothing scrolls it away and a
        reader wants every number, not the compact 80x24 one."""
        width = self.console.width
        return width if self.console.is_terminal else max(width, 100)

    def show_turn(self) -> None:
        state = self.state
        self.handover()
        self.console.rule()
        self.console.print(table_for(self.pres, state.view(self.seat), self.seat, self.table_width(), None,
                                     self.changes, events=state.log_for(self.seat)))
        events = state.log_for(self.seat, self.seen)   # only what this seat may see (C-9)
        self.seen = state.log_length
        if events:
            self.console.print("[bold]What happened:[/bold]")
            for line in self.pres.narrate(events, self.seat):
                self.say("  " + line)
        if state.is_over:
            self.show_outcome()
        else:
            self.show_options()

    def show_options(self) -> None:
        d = self.state.decision
        assert d is not None
        if self.state.game.players[1] > 1:
            self.console.print(f"\n[bold reverse] {escape(seat_name(self.state, d.player))} decides [/bold reverse]")
        self.console.print(f"\n[bold]{escape(d.prompt)}[/bold]")   # the rule reference is in h (help), not in player text
        letters = {v: k for k, v in self.letters(d).items()}
        groups = self.groups(d)
        place = self.chooser.numbers(d)
        if groups:
            # every option keeps its number; the groups are headings ("3 2": group 3, option 2)
            for g, (label, options) in enumerate(groups, 1):
                self.say(f"  [{g}] {label}")
                for o in options:
                    self.say(f"     {place[o.id]:>2}. {o.label}" + (f"  [{letters[o.id]}]" if o.id in letters else ""))
        else:
            for o in d.options:
                self.say(f"  {place[o.id]:>2}. {o.label}" + (f"  [{letters[o.id]}]" if o.id in letters else ""))
        extra = "".join(f", {x.key} {x.title}" for x in detail_keys(self.pres, self.state.view(d.player), d))
        steps = ", or a group and its option ('2 1')" if groups else ""
        self.console.print(f"[dim]Type a number{escape(steps)}, or h for help{escape(extra)}, g glossary, "
                           f"s save, u undo, log, q quit.[/dim]")
        self.show_lesson(d)

    def show_lesson(self, d: Decision) -> None:
        """Teach mode: the lesson of a kind of decision met for the first time in this game."""
        from .teaching import lesson_lines
        lines = lesson_lines(self.tutor, d, self.state.view(d.player), len(self.state.choices))
        for line in lines:
            self.say("  " + line, "cyan")
        if lines:
            self.say("  ('teach off' stops these lessons.)", "dim")

    def letters(self, d: Decision) -> dict[str, str]:
        """The game's letters for frequent options of ``d`` (never the terminal's own)."""
        return option_letters(self.pres, d)

    def groups(self, d: Decision) -> list[tuple[str, tuple[Option, ...]]]:
        """The groups of a long decision (the presentation's grouping), [] when it is shown flat."""
        depth = self.pres.grouping(d)
        if depth <= 0:
            return []
        found = d.groups(depth)
        if len(found) < 2 or len(found) == len(d.options):
            return []
        return [(self.pres.group_label(d, g.key, g.options), g.options) for g in found]

    def show_outcome(self) -> None:
        """The end screen: the story told to the seat on screen, and what may follow."""
        from .ending import AGAIN_KEY, story_lines, story_of
        result, details = outcome_words(self.state.outcome)
        style = {"win": "bold green", "loss": "bold red"}.get(result, "bold yellow")
        self.say(f"\nGame over: {result.upper()}" + (f" ({details})" if details else ""), style)
        for line in story_lines(story_of(self.state, self.seat))[1:]:     # the story after its headline
            self.say(line)
        if self.autosave is not None and self.autosaved and not self.autosave_failed:
            self.say(f"The record of this game is in {self.autosave.record} (woodlands replay FILE shows it again).")
        self.console.print(f"[dim]{AGAIN_KEY} plays again (the same set-up, a new seed), s [FILE] saves the record, "
                           "l FILE loads another, log, q quits.[/dim]")

    def play_again(self) -> None:
        """A new game with the same set-up and a new seed, in place of the finished one."""
        from .ending import new_game_like
        self.state = new_game_like(self.state).keep_undo()
        self.narrator = narrator_for(self.state.game)
        self.chooser = Chooser(stable=True)
        self.changes.forget()
        self.seen = 0
        self.screen_seat = None
        self.switch_autosave()
        self.new_tutor()
        self.say(f"A new game with the same set-up: seed {self.state.seed}.", "green")

    # ------------------------------------------------------------------ input
    def read(self) -> str | None:
        self.console.print("> ", end="")
        line = self.stdin.readline()
        if not line:
            self.console.print()
            return None
        return line.strip()

    def run(self) -> int:
        """Play until q, the end of input or Ctrl-C (exit status 130); the game stays autosaved."""
        try:
            return self.loop()
        except KeyboardInterrupt:
            self.console.print()
            self.say("Interrupted: leaving the game.")
            self.tell_autosave()
            return 130

    def loop(self) -> int:
        if self.autosave is not None:
            if self.state.choices:       # a loaded or continued game: saved as it is now
                self.save_automatically()
            if not self.autosave_failed:
                self.say(f"Autosave: {self.autosave.record} (written after every choice).", "dim")
        self.take_forced()
        self.show_turn()
        while True:
            line = self.read()
            if line is None:
                self.say("End of input: leaving the game.")
                self.tell_autosave()
                return 0
            if not line:
                continue
            word, _, arg = line.partition(" ")
            word, arg = word.lower(), arg.strip()
            if word in ("q", "quit", "exit"):
                self.tell_autosave()
                self.say("Goodbye.")
                return 0
            if word in ("h", "help", "?"):
                self.help()
            elif word in ("s", "save"):
                self.save(arg)
            elif word in ("l", "load"):
                self.load(arg)
            elif word in ("u", "undo"):
                self.undo()
            elif word == "log":
                self.show_log()
            elif word == "hint":
                self.hint()
            elif word == "teach":
                self.teach(arg)
            elif word == "bell":
                self.bell = not self.bell
                self.say(f"The bell at each change of turn is {'on' if self.bell else 'off'}.")
            elif word == "g":
                self.glossary()
            elif word in ("p", "again") and self.state.is_over:
                self.play_again()
                self.take_forced()
                self.show_turn()
            elif self.detail(line):
                pass
            else:
                self.choose(line)

    # ------------------------------------------------------------------ commands
    def choose(self, text: str) -> None:
        d = self.state.decision
        if d is None:
            self.say("The game is over; p plays again, s saves it, l FILE loads another, q quits.", "yellow")
            return
        option_id = None
        times = 1
        two, many = _TWO.match(text), _TIMES.match(text)
        by_number = {n: i for i, n in self.chooser.numbers(d).items()}
        if is_ascii_number(text):       # not str.isdigit: '²' is a digit that int() refuses (AUD-8)
            n = read_number(text)
            if n is not None and n in by_number:
                option_id = by_number[n]
            else:
                self.say(f"There is no option {short(text, 12)}; choose {number_list(by_number)}.", "yellow")
                return
        elif two is not None:
            groups = self.groups(d)
            g, n = int(two.group(1)), int(two.group(2))
            if not 1 <= g <= len(groups):
                self.say(f"There is no group {g} here" + (f"; choose 1 to {len(groups)}." if groups else "."), "yellow")
                return
            options = groups[g - 1][1]
            if not 1 <= n <= len(options):
                self.say(f"Group {g} has options 1 to {len(options)}.", "yellow")
                return
            option_id = options[n - 1].id
        elif many is not None:
            n, times = int(many.group(1)), int(many.group(2))
            if n not in by_number:
                self.say(f"There is no option {n}; choose {number_list(by_number)}.", "yellow")
                return
            option_id = by_number[n]
            chosen = d.option(option_id)
            assert chosen is not None
            most = max(1, self.pres.repeatable(self.state.view(d.player), d, chosen))
            if not 1 <= times <= most:
                self.say(f"'{chosen.label}' can be taken 1 to {most} time(s) in one go.", "yellow")
                return
        elif d.option(text) is not None:
            option_id = text
        elif text in self.letters(d):
            option_id = self.letters(d)[text]
        elif ":" in text:
            refusal = self.state.why_not(text)
            assert refusal is not None
            rule = f"\nRule: {refusal.rule}" if refusal.rule else ""
            self.say(f"Not now: {refusal.reason}.{rule}", "yellow")
            return
        else:
            hint = digits_hint(text) or f"'{short(text)}' is not a command or an option number. "
            self.say(f"{hint}{COMMANDS}", "yellow")
            return
        option = d.option(option_id)
        assert option is not None
        warning = self.pres.warning(self.state.view(d.player), d, option)
        if warning and not self.confirm(warning, option.label):
            return
        for k in range(times):
            if k and (self.state.decision is None or option_id not in self.state.decision):
                break
            try:
                self.state.apply(option_id)
            except IllegalAction as e:
                self.say(str(e), "yellow")
                return
            self.save_automatically()
        self.take_forced()
        self.show_turn()

    def confirm(self, warning: str, label: str) -> bool:
        """Ask before an option the game warns about: at a terminal y/n; in line mode from a pipe
        the warning is printed and the option taken (a script already chose)."""
        self.say(f"Warning: {warning}", "bold yellow")
        if not self.interactive():
            return True
        self.console.print(f"Take '{escape(label)}'? y/n ", end="")
        answer = self.stdin.readline().strip().lower()
        if answer in ("y", "yes"):
            return True
        self.say("Not taken.", "yellow")
        return False

    def take_forced(self) -> None:
        """When forced moves are on: take each lone option its kind allows, and say so."""
        if not self.auto_forced:
            return
        while (option_id := self.state.forced()) is not None:
            d = self.state.decision
            option = d.option(option_id) if d is not None else None
            self.state.apply(option_id)
            self.save_automatically()
            self.say(f"Taken for you (the only choice): {option.label if option else option_id}", "dim")

    def glossary(self) -> None:
        terms = self.pres.glossary()
        if not terms:
            self.say("This game has no glossary yet.")
        for term, meaning in terms:
            self.say(f"  {term}: {meaning}")

    def detail(self, key: str) -> bool:
        """Show the detail bound to ``key`` (Presentation.details); False if there is none."""
        d = self.state.decision
        if d is None:
            return False
        for x in detail_keys(self.pres, self.state.view(d.player), d):
            if x.key == key:
                self.say(f"{x.title}:", "bold")
                for line in x.text.splitlines():
                    self.say("  " + line)
                return True
        return False

    # ------------------------------------------------------------------ autosave
    def save_automatically(self) -> None:
        """Write the autosave after a change; a failure is told once and the game goes on."""
        self.keep_result()
        if self.autosave is None:
            return
        problem = self.autosave.write(self.state)
        if problem is None:
            self.autosaved, self.autosave_failed = True, False
        elif not self.autosave_failed:
            self.autosave_failed = True
            self.say(f"Could not autosave to {self.autosave.record}: {problem}. The game goes on; "
                     "s FILE saves it by hand.", "yellow")

    def keep_result(self) -> None:
        """A game that has just ended adds its row to the person's results file (the record
        and ladder of ``woodlands stats``), once; a failure is said and the game goes on."""
        if not (self.result_due and self.state.is_over):
            return
        self.result_due = False
        from ..kit.career import append_result, result_row
        try:
            append_result(result_row(self.state, 0))
        except OSError as e:
            self.say(f"Could not add this game to your record: {e.strerror or e}.", "yellow")

    def tell_autosave(self) -> None:
        """Say where the game is kept, on the way out."""
        if self.autosave is None:
            return
        where = self.autosave.record
        if self.autosave_failed:
            self.say(f"The autosave could not be written ({where}); this game is not kept.", "yellow")
        elif not self.autosaved:
            self.say("Nothing was autosaved: no choice was made.")
        elif self.state.is_over:
            self.say(f"The finished game's record is in {where}.", "green")
        else:
            n = len(self.state.choices)
            self.say(f"Autosaved to {where} ({n} choice{'s' if n != 1 else ''}). Continue with "
                     f"'woodlands play' (its menu offers the last game) or "
                     f"'woodlands play --load {where}'.", "green")

    def teach(self, arg: str) -> None:
        """``teach off`` / ``teach on`` (``teach`` alone says which): teach mode for this game,
        and the default of the next games of its kind."""
        from ..kit.teach import Tutor, teaching_for
        from .teaching import remember
        game_id = self.state.game.id
        if self.tutor is None:
            self.tutor = Tutor(teaching_for(game_id), False)
        if arg.lower() in ("on", "off"):
            self.tutor.on = arg.lower() == "on"
            remember(game_id, self.tutor.on)
        elif arg:
            self.say("Say 'teach on' or 'teach off'.", "yellow")
            return
        if self.tutor.on:
            self.say("Teaching is on: each new kind of decision comes with a short lesson ('teach off' stops it).")
            d = self.state.decision
            if d is not None:
                self.show_lesson(d)
        else:
            self.say("Teaching is off ('teach on' brings the lessons back).")

    def new_tutor(self) -> None:
        """Another game on screen (played again or loaded): its own lessons, as a new game's."""
        if self.tutor is not None:
            from .teaching import tutor_for
            self.tutor = tutor_for(self.state.game.id, None, self.autosave.record if self.autosave else None)

    def hint(self) -> None:
        """The three best options for the deciding seat with their win chances (woodlands.bots.hints),
        computed in a thread on a copy of the position; Ctrl-C stops the wait."""
        from .hinting import hint_lines, start_hint
        d = self.state.decision
        if d is None:
            self.say("The game is over; there is nothing to hint.")
            return
        self.say("Thinking...", "dim")
        job = start_hint(self.state, self.hint_budget)
        job.join()
        for line in hint_lines(job):
            self.say(line, "cyan")

    def help(self) -> None:
        d = self.state.decision
        if d is None:
            self.say("The game is over. " + COMMANDS)
            return
        self.say(f"[{d.kind}] {self.pres.help(d)}\n{COMMANDS}", "cyan")

    def save(self, arg: str) -> None:
        scene_save = scene_save_of(self.state)
        if scene_save is not None:
            # Storyfold between two scenes: the box's own save (S-7), besides the full record
            path = arg or f"saves/{self.state.game.id}-{self.state.seed}-scene.json"
            try:
                may_write_over(path, scene_save.get("format"))
                target = write_text(path, json.dumps(scene_save, indent=1) + "\n")
            except OSError as e:
                self.say(f"Could not save to {path}: {e.strerror or e}", "yellow")
                return
            self.say(f"Saved the end of the scene to {target}; continue later with "
                     f"'woodlands play {self.state.game.id} --resume {target}'.", "green")
            # and the full record beside it, as at any other moment
            arg = str(target.with_name(target.stem + ".record.json")) if arg else ""
        path = arg or self.default_save_path()
        try:
            target = save_record(self.state, path)
        except OSError as e:
            self.say(f"Could not save to {path}: {e.strerror or e}", "yellow")
            return
        self.say(f"Saved the game record to {target} ({plural(len(self.state.choices), 'choice')}).", "green")

    def default_save_path(self) -> str:
        """Where ``s`` saves the record when no file is named (the full screen offers it too)."""
        return f"saves/{self.state.game.id}-{self.state.seed}.json"

    def load(self, arg: str) -> None:
        if not arg:
            self.say("Say which file: l FILE", "yellow")
            return
        try:
            state = replay(load_record(arg), self.content, keep_undo=True)
        except OSError as e:
            # the reason often names the file already ("x.json: no such file"): not twice
            self.say(f"Could not read {arg}: {str(e.strerror or e).removeprefix(f'{arg}: ')}", "yellow")
            return
        except WoodlandsError as e:
            self.say(f"Could not load {arg}: {e}", "yellow")
            return
        self.state = state
        self.narrator = narrator_for(state.game)
        self.chooser = Chooser(stable=True)      # another game: its numbers start afresh
        self.changes.forget()                    # and nothing of it is marked as changed
        self.seen = max(0, state.log_length - RECAP)
        self.switch_autosave()
        self.new_tutor()
        self.say(f"Loaded {arg}: seed {state.seed}, {plural(len(state.choices), 'choice')} replayed.", "green")
        self.show_turn()

    def undo(self) -> None:
        if not self.state.can_undo():
            self.say("Sorry, that cannot be undone: the last choice drew a card, rolled dice or "
                     "shuffled, and undoing it would let you peek at chance.", "yellow")
            return
        before = self.state.undo()
        refusal = undo_refusal(self.state, before)
        if refusal is not None:
            self.say(refusal, "yellow")
            return
        self.state = before
        self.seen = self.state.log_length
        self.save_automatically()
        self.say("Undone: back one choice.", "green")
        self.show_turn()

    def switch_autosave(self) -> None:
        """Another game was loaded: it gets its own autosave; the one before stays as it was."""
        self.result_due = not self.state.is_over
        if self.autosave is None:
            return
        from .autosave import Autosave
        self.autosave = Autosave.start(self.state, self.content)
        self.autosaved = self.autosave_failed = False
        self.save_automatically()
        if not self.autosave_failed:
            self.say(f"Autosave: {self.autosave.record}.", "dim")

    def show_log(self) -> None:
        events = self.state.log_for(self.seat)[-LOG_LINES:]
        self.console.print(f"[bold]The last {len(events)} events:[/bold]")
        for line in self.pres.narrate(events, self.seat):
            self.say("  " + line)


def number_list(numbers: Any) -> str:
    """The option numbers on offer, for a refusal: '1 to 4', or '1 to 3, 5, 8' when some are
    missing (numbers stay with their options, so gaps happen).

    >>> number_list([1, 2, 3, 5, 8]), number_list([2, 1])
    ('1 to 3, 5, 8', '1 to 2')
    """
    runs: list[list[int]] = []
    for n in sorted(numbers):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(f"{r[0]} to {r[-1]}" if len(r) > 1 else str(r[0]) for r in runs)


def deciding_seat(state: GameState) -> int:
    """The seat a screen is for: the one deciding now (hot-seat play), the first once the game
    is over.  The terminal narrates ``state.log_for(deciding_seat(state))``, never the full log."""
    d = state.decision
    return d.player if d is not None else 0


def undo_refusal(state: GameState, before: GameState) -> str | None:
    """Why the seat at the screen may not go back from ``state`` to ``before`` (one choice
    back), or None.  As in the web app, a seat takes back only its own last choice, before
    another player acts: undoing another player's choice would bring that player's screen, with
    their face-down items, back in front of whoever sits here now."""
    seat, chooser = deciding_seat(state), deciding_seat(before)
    if chooser == seat:
        return None
    return (f"Only {seat_name(before, chooser)} could take that back: a player may undo only their own "
            "last choice, before another player acts.")


def seat_name(state: GameState, player: int) -> str:
    """'Player 2 (Sirja the Hunter)': the seat and its full name, from what that seat may see.
    Line mode keeps the base wording (full names; scripts read it), not a game's shorter one."""
    return Presentation.seat_name(presentation_for(state.game), state.view(player), player)


def start_state(game: Game, seed: int | None, options: dict[str, Any], load: str | None,
                content: str | None, resume: str | None = None) -> GameState:
    """A new game, the one a saved record describes, or (Storyfold) one resumed from the save
    made at the end of a scene."""
    if load:
        return replay(load_record(load), content, keep_undo=True)
    if resume:
        return game.new_game(seed=seed, options=dict(options, resume=load_record(resume)))
    return game.new_game(seed=seed, options=options)
