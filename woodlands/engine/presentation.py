"""A game's player-facing words, shared by every client (terminal, web, replays, bots' logs).

Each game gives its descriptor a ``presentation``: a :class:`Presentation` subclass, built once
per loaded game, that turns log events, decisions and views into words.  The terminal uses it
now and the web app will; nothing in it draws (only :meth:`Presentation.table` returns a
terminal picture, built with rich, imported when called).

Everything here is a pure function of its arguments and the game's content (the card list,
which everybody may read): narration depends only on the event and the seat it is told to
(events come from ``state.log_for(seat)``), so a loaded game and a live one tell the same
story.  No internal ids (``oakheart-shield``) and no rule ids appear in player text; rule ids go
in :meth:`Presentation.help`, on a line of their own.

>>> import woodlands
>>> p = presentation_for(woodlands.load_game("tanglewoods"))
>>> isinstance(p, Presentation), isinstance(p.narrator, Narrator)
(True, True)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Mapping

from .decision import Decision, Option

if TYPE_CHECKING:
    from .game import Game

Event = dict[str, Any]
View = dict[str, Any]


def plural(n: int, word: str, many: str | None = None) -> str:
    """``'1 pass'``, ``'3 passes'``, ``'0 dice'``: a count with its noun in the right number.

    >>> plural(1, "pass"), plural(3, "pass"), plural(2, "die", "dice"), plural(1, "gold", "gold")
    ('1 pass', '3 passes', '2 dice', '1 gold')
    """
    if n == 1:
        return f"{n} {word}"
    if many is None:
        many = word + ("es" if word.endswith(("s", "x", "ch", "sh")) else "s")
    return f"{n} {many}"


def gain(n: int, what: str, now: int | None = None, cap: int | None = None) -> str:
    """A change told with its cap: ``'+1 Health'``, ``'+1 Health (already at 6)'``, ``'-2 Gold'``.

    ``now`` is the value after the change; when a gain was capped (``now == cap`` and nothing or
    less than asked was added) the words say so.

    >>> gain(1, "Health"), gain(0, "Health", 6, 6), gain(-2, "Gold")
    ('+1 Health', '+0 Health (already at 6)', '-2 Gold')
    """
    text = f"{n:+d} {what}"
    if cap is not None and now is not None and now >= cap and n <= 0:
        text += f" (already at {cap})"
    return text


class Narrator:
    """Turns the event dicts of one game into sentences: ``_<type>(event)`` methods, and the
    raw fields for any event without one.  ``seat`` is the seat the events are told to (``None``:
    the full log, for servers and analysis)."""

    def __init__(self, game: "Game") -> None:
        self.game = game
        self.content: Any = game.content

    def line(self, e: Event, seat: int | None = None) -> str:
        """One sentence for one event (unknown events are shown as their raw fields)."""
        handler: Callable[[Event], str] | None = getattr(self, "_" + str(e.get("type", "")), None)
        if handler is not None:
            try:
                return handler(e)
            except (KeyError, IndexError, TypeError, AttributeError, ValueError):
                pass
        fields = ", ".join(f"{k}={v}" for k, v in e.items() if k != "type")
        return f"[{e.get('type', '?')}] {fields}"

    def lines(self, events: list[Event], seat: int | None = None) -> list[str]:
        return [self.line(e, seat) for e in events]


@dataclass(frozen=True)
class Detail:
    """Information one key away from a decision: ``key`` (a letter the terminal binds, or a web
    tab), ``title``, and ``text`` (plain lines)."""

    key: str
    title: str
    text: str


@dataclass(frozen=True)
class Story:
    """How a finished game went, told to one seat (:meth:`Presentation.story`): the ``result``
    as a headline, ``reason`` (why it ended so), the key ``moments`` in order, and per-player
    ``figures`` (the first row the headings, then one row per player; empty: none)."""

    result: str
    reason: str
    moments: tuple[str, ...] = ()
    figures: tuple[tuple[str, ...], ...] = ()


@dataclass(frozen=True)
class Moment:
    """Where in a game a decision came, as a person tells it (:meth:`Presentation.moment`):
    ``phase`` (the part of a round, ``"Strategy phase"``; empty when the game has none worth
    naming), ``within`` (a larger part around the unit, ``"chapter 2"``; empty: none), ``unit``
    and ``number`` (``"round"``, 3).  An analysis names its decisions with :attr:`where` and
    groups its summary by phase and ``within``.

    >>> Moment("round", 3, phase="Strategy phase").where, Moment("scene", 4, within="chapter 2").where
    ('Strategy phase, round 3', 'chapter 2, scene 4')
    """

    unit: str
    number: int
    phase: str = ""
    within: str = ""

    @property
    def where(self) -> str:
        unit = f"{self.unit} {self.number}" if self.unit else ""     # no unit: before the first
        return ", ".join(part for part in (self.phase, self.within, unit) if part)


def _ending_line(line: str) -> str:
    """A narrated game-over line without its stars: ``*** You win! ***`` -> ``You win!``."""
    return " ".join(part.strip() for part in line.split("***") if part.strip())


class Presentation:
    """The words of one game (subclass per game; this base reads the descriptor's older
    ``narrator``/``table``/``help`` hooks, so a game with only those still works).

    Hooks a game overrides, all pure functions of their arguments and the content:

    * :meth:`narrate` (via :attr:`narrator`): events -> sentences, for one seat;
    * :meth:`help`: what a decision kind means, with the rule reference on its own line;
    * :meth:`glossary`: (term, meaning) for the icons and words of the game;
    * :meth:`characters`: the characters a player may pick at set-up;
    * :meth:`describe`: a card, tile, item, hero or location by id, in plain words (or None);
    * :meth:`details`: the numbers one key away while deciding (dice odds, a bear's stats ...);
    * :meth:`grouping` and :meth:`group_label`: how a long decision is shown in two steps;
    * :meth:`warning`: a question to confirm before an option (ending a phase with dice unrolled);
    * :meth:`repeatable`: how many times an option may be taken in one go (N dice of a colour);
    * :meth:`fixed_keys`: letters for frequent options (``r``: roll);
    * :meth:`seat_name`: how the table calls a seat;
    * :meth:`moment`: where in the game a view stands (phase and round, chapter and scene);
    * :meth:`story`: the end of a game told to one seat (result, why, key moments, figures);
    * :meth:`table_model`: the table as a renderer-neutral model (:mod:`woodlands.kit.table`)
      that the terminal and the web draw alike, built from the seat's view only;
    * :meth:`outcomes`: the latest rolls' and fights' results from the seat's log, as notes
      placed beside what they concern in the table model;
    * :meth:`table`: the picture of the table for the terminal (a rich renderable), compact
      when ``width`` is small (a game with a table model needs none);
    * :attr:`stylesheet` and :meth:`look`: the game's own look for the web pages, a CSS file in
      its package; :attr:`picture` and :meth:`picture_svg`: its picture (an SVG file there too)
      and :attr:`tagline`, a line about it, for the home page.
    """

    #: the narrator class (a :class:`Narrator`); ``None``: the descriptor's ``narrator`` hook
    narrator_class: type[Narrator] | None = None
    #: decision kind -> explanation; ``None``: the descriptor's ``help`` hook
    help_texts: Mapping[str, str] | None = None
    #: the game's own stylesheet for the web pages (``"look.css"``): a file in the package of the
    #: module that sets this attribute, shipped as package data; ``None``: the generic look only
    stylesheet: str | None = None
    #: the game's picture on the home page (``"picture.svg"``): an SVG file found as the
    #: stylesheet is; ``None``: a neutral placeholder stands in for it
    picture: str | None = None
    #: one line about the game for the home page, in the game's own words ("" : none)
    tagline: str = ""

    def __init__(self, game: "Game") -> None:
        self.game = game
        self.content: Any = game.content
        cls = self.narrator_class or self._hook("narrator") or Narrator
        self.narrator: Narrator = cls(game)
        if self.help_texts is None:
            texts = self._hook("help")
            self.help_texts = dict(texts) if texts else {}

    def _hook(self, name: str) -> Any:
        from .errors import WoodlandsError
        from .registry import descriptor
        try:
            return descriptor(self.game.id).hook(name)
        except (ImportError, AttributeError, WoodlandsError):
            return None

    # ------------------------------------------------------------------ words
    def narrate(self, events: list[Event], seat: int | None = None) -> list[str]:
        """One sentence per event, as ``seat`` may be told them (pass ``state.log_for(seat)``)."""
        return self.narrator.lines(events, seat)

    def help(self, decision: Decision) -> str:
        """What the decision means and how to judge it; the rule reference on its own last line."""
        assert self.help_texts is not None
        text = self.help_texts.get(decision.kind) or "Choose one of the options."
        return f"{text}\nRule: {decision.step}" if decision.step else text

    def glossary(self) -> list[tuple[str, str]]:
        """(term, meaning) pairs: the icons, stats and words a newcomer meets."""
        return []

    def characters(self) -> list[tuple[str, str]]:
        """(id, name) of each character a player may pick when a table is set up (the game's
        ``characters`` option takes the ids), in the pack's order; empty: no such pick."""
        return []

    def describe(self, ident: str) -> str | None:
        """A card, tile, item, hero, creature or location of the content, by id, in plain words."""
        return None

    def details(self, view: View, decision: Decision | None) -> list[Detail]:
        """The numbers needed to decide that the table has no room for, one key away each."""
        return []

    # ------------------------------------------------------------------ choosing
    def grouping(self, decision: Decision) -> int:
        """How deep to group ``decision`` (:meth:`Decision.groups`) when it is long: 0 shows it
        flat; 1 by verb; 2 by verb and first argument.  The default groups long lists by verb."""
        return 1 if len(decision.options) > 9 else 0

    def group_label(self, decision: Decision, key: tuple[Any, ...], options: tuple[Option, ...]) -> str:
        """The words for one group of a two-step choice (by default its parts, or its lone label)."""
        if len(options) == 1:
            return options[0].label
        return " ".join(str(k).replace("-", " ") for k in key).capitalize() + f" ({len(options)})"

    def option_words(self, decision: Decision, option: Option) -> str:
        """How a client names ``option`` outside the list of options (a hint, a summary): by
        default the words the list shows."""
        return option.label

    def moment(self, view: View) -> Moment | None:
        """Where the game stands in ``view`` (a seat's view), for an analysis of its decisions:
        by default the view's ``round`` when it has one (None: the game cannot say)."""
        number = view.get("round")
        if isinstance(number, int) and not isinstance(number, bool):
            return Moment("round", number)
        return None

    def warning(self, view: View, decision: Decision, option: Option) -> str | None:
        """A question to confirm before taking ``option`` (None: take it at once)."""
        return None

    def repeatable(self, view: View, decision: Decision, option: Option) -> int:
        """How many times in a row a client may take ``option`` in one go (commit 3 red dice):
        0 or 1 for once; the client applies it again only while the next decision still offers
        the same id, so no rule is bypassed."""
        return 0

    def fixed_keys(self, decision: Decision) -> dict[str, str]:
        """Letter -> option id for the frequent options of this decision (``{"r": "roll"}``);
        never ``h s l u q`` (the terminal's commands)."""
        return {}

    def seat_name(self, view: View, seat: int) -> str:
        """'Player 2 (Sirja)': a seat as the table calls it, from what everyone can see."""
        seats = view.get("players")
        if isinstance(seats, list) and 0 <= seat < len(seats) and isinstance(seats[seat], dict):
            who = seats[seat].get("name") or seats[seat].get("character")
            if who:
                return f"Player {seat + 1} ({who})"
        return f"Player {seat + 1}"

    def story(self, view: View, log: list[Event], seat: int) -> Story:
        """The finished game told to ``seat`` from what it may know: its view (``state.view(seat)``)
        and its log (``state.log_for(seat)``), never anything hidden.  The base tells the result
        and the narrated end; a game adds its key moments and figures."""
        outcome = view.get("outcome") or {}
        result = str(outcome.get("result") or "over") if isinstance(outcome, Mapping) else "over"
        ending = next((e for e in reversed(log) if e.get("type") == "game_over"), None)
        reason = _ending_line(self.narrator.line(ending, seat)) if ending is not None else ""
        if not reason and isinstance(outcome, Mapping):
            reason = ", ".join(f"{str(k).replace('_', ' ')} {v}" for k, v in outcome.items()
                               if k != "result" and v not in (None, "", [], {}))
        return Story(RESULT_WORDS.get(result, result.capitalize()), reason)

    # ------------------------------------------------------------------ the table
    def look(self) -> str | None:
        """The text of the game's stylesheet (:attr:`stylesheet`), or ``None`` when the game has
        none.  The file is found beside the class that names it, so a subclass defined elsewhere
        keeps its parent's look until it names its own.

        >>> import woodlands
        >>> presentation_for(woodlands.load_game("storyfold")).look().startswith("/*")
        True
        """
        return self._packaged("stylesheet")

    def picture_svg(self) -> str | None:
        """The text of the game's picture (:attr:`picture`, an SVG file found as the stylesheet
        is), or ``None`` when the game has none.

        >>> import woodlands
        >>> presentation_for(woodlands.load_game("tanglewoods")).picture_svg().lstrip().startswith("<svg")
        True
        """
        return self._packaged("picture")

    def _packaged(self, attribute: str) -> str | None:
        """The text of the file that ``attribute`` names, in the package of the class that
        sets it (the nearest in the class's lineage); ``None`` when it names none."""
        for cls in type(self).__mro__:
            if attribute not in vars(cls):
                continue
            name = vars(cls)[attribute]
            if name is None:
                return None
            import importlib.resources
            import sys
            module = sys.modules[cls.__module__]
            package = module.__name__ if hasattr(module, "__path__") else (module.__package__ or "")
            return importlib.resources.files(package).joinpath(str(name)).read_text(encoding="utf-8")
        return None

    def table_model(self, view: View, seat: int) -> Any:
        """The table as ``seat`` sees it, a :class:`woodlands.kit.table.Table` built from
        ``view`` (``state.view(seat)``) alone, so hidden facts never enter it; ``None`` when the
        game draws its table itself (:meth:`table`).  Typed ``Any`` here because the model lives
        in the kit, a layer above the engine."""
        return None

    def outcomes(self, view: View, events: list[Event], seat: int) -> list[Any]:
        """The results of the latest rolls and fights, as :class:`woodlands.kit.table.Outcome`
        notes, each naming the element of :meth:`table_model` it concerns (the card the dice
        hit, the tile of the fight), so that a client shows them where they happened
        (:func:`woodlands.kit.table.model_for`).  ``events`` is the seat's own log
        (``state.log_for(seat)``), ``view`` its view: nothing hidden from it enters.  The
        base: none."""
        return []

    def table(self, view: View, width: int = 100, height: int | None = None) -> Any:
        """The table as a rich renderable, fitted to ``width`` x ``height`` (compact below 100
        columns).  The base draws the descriptor's ``table`` hook, or the view as JSON."""
        render = self._hook("table")
        if render is not None:
            return render(view)
        import json

        from rich.markup import escape
        from rich.panel import Panel
        return Panel(escape(json.dumps(view, indent=1, default=str)), title="table")


#: a result as a headline says it
RESULT_WORDS = {"win": "You win", "loss": "You lose", "unfinished": "Unfinished"}


def presentation_for(game: "Game") -> Presentation:
    """The presentation of a loaded game, from its descriptor's ``presentation`` hook (the base
    :class:`Presentation` when it has none).  Built once per game object and kept on it."""
    cached = getattr(game, "_presentation", None)
    if isinstance(cached, Presentation):
        return cached
    from .errors import WoodlandsError
    from .registry import descriptor
    try:
        cls = descriptor(game.id).hook("presentation")
    except (ImportError, AttributeError, WoodlandsError):
        cls = None
    made: Presentation = (cls or Presentation)(game)
    try:
        game._presentation = made         # type: ignore[attr-defined]
    except AttributeError:
        pass
    return made


__all__ = ["Detail", "Event", "Moment", "Narrator", "Presentation", "RESULT_WORDS", "Story", "View", "gain",
           "plural", "presentation_for"]
