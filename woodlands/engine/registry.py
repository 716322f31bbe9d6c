"""One descriptor per game, and the registry that finds them.

A :class:`GameDescriptor` bundles all that the rest of Woodlands needs of one game: the
:class:`~woodlands.engine.game.Game` class (rules and content loader), its view, its
presentation hooks (narrator, table, help texts), its bots, its options as a small schema (from
which the command line makes its flags) and its cases for the shared tests.  Nothing in
``engine/``, ``cli/``, ``bots/`` or ``sim/`` names a game: they ask the registry.

Games are found, on first use, in three places:

* the entry-point group ``woodlands.games`` of installed packages (each entry names a
  descriptor, ``"mypkg.mygame:DESCRIPTOR"``); Woodlands declares its own three games there, and
  the top-level package ``woodlands`` hands the same list to :func:`declare_built_in` for a
  checkout whose package metadata is missing (the engine names no game);
* :func:`register_game` called in this process (``woodlands.register_game(descriptor)``);
* modules named by ``woodlands --game-module MODULE`` or the environment variable
  ``WOODLANDS_GAME_MODULES`` (comma-separated), imported by :func:`load_game_modules`.

Presentation and bot hooks may be given as :class:`Lazy` references (``Lazy("mod:attr")``), so
that listing the games imports neither the terminal nor the bots.  Nothing here is on the
per-decision path: a client looks a descriptor up once per game.

>>> d = descriptor("tanglewoods")
>>> d.id, d.players, d.option("difficulty").range
('tanglewoods', (1, 1), (0, 10))
>>> d.limit_option, "greedy" in d.bots
('round_limit', True)
"""
from __future__ import annotations

import importlib
import os
import warnings
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping

from .errors import GameOptionError, brief

if TYPE_CHECKING:
    from .game import Game

#: the entry-point group installed packages declare their games in
ENTRY_POINT_GROUP = "woodlands.games"
#: the environment variable naming modules (comma-separated) that register games when imported
MODULES_ENV = "WOODLANDS_GAME_MODULES"


@dataclass(frozen=True)
class Lazy:
    """A reference ``"package.module:attribute"`` imported on first use, so a descriptor can name
    its narrator, table or bots without importing them (or the terminal library) when listed."""

    path: str

    def load(self) -> Any:
        module, _, attr = self.path.partition(":")
        obj: Any = importlib.import_module(module)
        for part in attr.split(".") if attr else ():
            obj = getattr(obj, part)
        return obj

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.load()(*args, **kwargs)


#: the entry-point group of the bots that play any game (random, the search bot): they live above
#: the games, so a game names them by their plug-in name (``generic_bots``), never by import path
BOT_GROUP = "woodlands.bots"


def resolve(hook: Any) -> Any:
    """The object a hook stands for: a :class:`Lazy` is imported, anything else is itself."""
    return hook.load() if isinstance(hook, Lazy) else hook


@dataclass(frozen=True)
class OptionSpec:
    """One game option as clients see it.  The game's ``check_options`` stays the judge; the
    schema is what menus, forms and the command line are made from.

    ``flag``: the command line gets ``--<name>`` for it (besides ``--option KEY=VALUE``, which
    takes any option), and the menu of ``woodlands play`` asks for it unless ``asked`` is False
    (the game asks the same at the table, with more to choose by: asking in the menu as well
    would ask twice).  A flag option's help says its default.  ``simulation``: the
    option exists only so that automatic play ends (round limits, caps; ruling C-15), not for
    people's games.  ``when``: (option, value) pairs; a menu asks for this option only when
    those options have those values (their defaults if not given; ``...``: any value but None).  ``menu_choices``: a hook
    ``(game) -> [(value, label), ...]`` listing the values a menu offers, read from the loaded
    game's content (a hero's id and name), for options whose values are not fixed ``choices``.
    ``label`` and ``choice_labels``: the option and its fixed values in a player's words, for
    forms people fill in (the web's home page), where ``help`` speaks the command line's
    language; empty: the form falls back to ``help`` and the values themselves.
    """

    name: str
    type: type
    default: Any = None
    help: str = ""
    choices: tuple[Any, ...] | None = None
    range: tuple[int, int] | None = None
    flag: bool = False
    asked: bool = True
    simulation: bool = False
    when: tuple[tuple[str, Any], ...] = ()
    menu_choices: Any = None
    label: str = ""
    choice_labels: tuple[tuple[Any, str], ...] = ()

    def describe(self) -> str:
        """'difficulty 0-10 (default 5)': the help with the allowed values, in one line."""
        return self.help or self.name

    def words(self) -> str:
        """The option in a player's words (its ``label``), else its help."""
        return self.label or self.describe()

    def choice_words(self, value: Any) -> str:
        """One of its values in a player's words (its entry of ``choice_labels``), else the value.

        >>> OptionSpec("side", str, choices=("a", "b"), choice_labels=(("a", "Side A"),)).choice_words("a")
        'Side A'
        """
        return next((words for v, words in self.choice_labels if v == value), str(value))


@dataclass(frozen=True)
class GameTests:
    """What the shared whole-game tests (``tests/every_game.py``, ``tests/test_golden.py``)
    play of a game."""

    #: option sets the games of a batch cycle through
    option_sets: tuple[Mapping[str, Any], ...] = ({},)
    #: the "stop an endless game" option for bots that may dither, with its value
    limit: Mapping[str, Any] = field(default_factory=dict)
    #: ``check(state)``: raises AssertionError or returns a list of problems (empty: fine)
    invariants: Callable[..., Any] | Lazy | None = None
    #: golden playthroughs: (bot, seed, options), pinned in tests/golden/<game>-<bot>-<seed>.json
    golden: tuple[tuple[str, int, Mapping[str, Any]], ...] = ()


@dataclass(frozen=True)
class GameDescriptor:
    """Everything the rest of Woodlands needs of one game (see the module doc).

    Hooks (``narrator``, ``table``, ``help``, the bots, ``tests.invariants``) are the objects
    themselves or :class:`Lazy` references to them:

    * ``narrator``: a class built with the :class:`Game`, whose ``lines(events)`` tells events;
    * ``table``: ``render(view)`` returning what the terminal prints (a rich renderable);
    * ``help``: a mapping decision kind -> explanation;
    * ``presentation``: a :class:`~woodlands.engine.presentation.Presentation` subclass, the
      game's words for every client (narration, help, descriptions, details one key away, the
      two-step grouping of long decisions); when absent, the base class reads the three above;
    * ``bots``: the game's own bots, name -> factory taking a seed (the generic ones are named in
      ``generic_bots``).
    """

    game: type["Game"]
    #: ``view(state, seat)``: what one seat may see (the engine's ``GameState.view``: the envelope
    #: around the state class's ``game_view``)
    view: Callable[..., dict[str, Any]] | None = None
    narrator: Any = None
    table: Any = None
    help: Any = None
    presentation: Any = None
    #: teach mode's lessons, a :class:`woodlands.kit.teach.Teaching` (or a :class:`Lazy` to
    #: one): what each decision kind means, a tip and its rule id; None: the game teaches nothing
    teach: Any = None
    #: the game's own bots (name -> factory taking a seed), e.g. its greedy bot
    bots: Mapping[str, Any] = field(default_factory=dict)
    #: the generic bots (plug-ins of :data:`BOT_GROUP`) this game can be played by: ``random``
    #: plays anything; ``ismcts`` needs a state that can redraw what a seat cannot see
    generic_bots: tuple[str, ...] = ("random",)
    #: ``(state, seat) -> float``: how good a position looks to that seat, from what it may see
    #: (higher is better), for the search bot's ``heuristic`` leaf (:mod:`woodlands.bots.leaf`);
    #: None: that leaf plays random playouts instead
    position_value: Any = None
    #: how many raw units of ``position_value`` make one logistic unit (see ``leaf.squash``)
    value_scale: float = 4.0
    #: the game's own settings for the search bot (a mapping, or a :class:`Lazy` to one; None:
    #: the bot's defaults): see :func:`woodlands.bots.leaf.settings` for the keys
    search: Any = None
    options: tuple[OptionSpec, ...] = ()
    tests: GameTests = field(default_factory=GameTests)
    #: where the game stands in the menu of ``woodlands play`` (then by id)
    menu_order: int = 100
    #: the ``format`` of the save document this game writes at a resting point and continues
    #: from through its ``resume`` option (a save, not a record: the web app's upload hands such
    #: a document to the game it names); None: the game writes none
    save_format: str | None = None
    #: ``(game) -> [(options, words), ...]`` (or a :class:`Lazy` to it): the set-ups a daily
    #: challenge is drawn from, each with a few words that name it for a player
    #: (:mod:`woodlands.kit.daily`); None: the day's game is played as the game comes
    daily_setups: Any = None
    #: the view's numbers ``woodlands replay`` prints as the final position
    summary_keys: tuple[str, ...] = ()
    #: random-play decisions per second on one core that ``woodlands bench`` holds the game to,
    #: and who set it (None: the game has no such target)
    speed_target: tuple[int, str] | None = None
    # -- research
    #: ``(game, options) -> option ids``: the action grammar, every id the game can offer with
    #: its pack and (checked) options, in a fixed order (:mod:`woodlands.kit.spaces` numbers
    #: them); None: the game has no action space and no research environment
    action_ids: Any = None
    #: ``(game, options) -> (layout, writer)``: the observation encoding of one seat
    #: (:mod:`woodlands.kit.encoding`); None: no encoder and no research environment
    encoding: Any = None
    #: ``(options) -> bool``: whether the seats play each for itself with these options; None: never
    each_for_itself: Any = None
    #: ``(game, view) -> float``: the shaping potential of one seat's view, the weighted sum of
    #: its named terms (:mod:`woodlands.research.shaping`); None: the game has no shaped reward
    potential: Any = None
    #: ``{term: (weight, what it counts)}``: the terms of :attr:`potential`, for the docs
    shaping_terms: Any = None
    #: ``{name: options}``: easier set-ups a research environment may start from (curricula)
    curricula: Any = None
    #: ``(state) -> int``: how far a game is (its round), where curriculum starts are taken
    progress: Any = None
    #: the name in the game's Gymnasium id ``woodlands/<name>-v0`` (None: the id in CamelCase)
    gym_name: str | None = None
    #: the set-ups ``woodlands bench --env`` measures, ``(name, options)`` (empty: the game as
    #: it comes, under its id)
    research_cases: tuple[tuple[str, Mapping[str, Any]], ...] = ()

    @property
    def researchable(self) -> bool:
        """Whether the game has an action space and an encoder, so the research environments."""
        return self.action_ids is not None and self.encoding is not None

    @property
    def gym_id(self) -> str:
        """The game's Gymnasium id: ``woodlands/<gym_name>-v0`` (``cursed-forest`` makes
        ``CursedForest`` when the game gives no ``gym_name``)."""
        name = self.gym_name or "".join(part.title() for part in self.id.replace("_", "-").split("-"))
        return f"woodlands/{name}-v0"

    # -- bots and balance
    #: ``details(state) -> dict``: the designer's columns of one finished game (which cards,
    #: scenes or fights it had), read after the game is over for a results file
    #: (:mod:`woodlands.sim.details`); None: the game has none
    details: Any = None
    #: ``detail_fields() -> {column: pyarrow type}``: the Parquet type of each of those columns,
    #: so every batch of a results file has the same schema (pyarrow imported when called)
    detail_fields: Any = None
    #: ``report_section(df, tables, summary, min_support) -> str``: the game's section of the
    #: balance report (its HTML; :mod:`woodlands.sim.report` calls it with the game's rows, and
    #: :mod:`woodlands.kit.report` has what it is built with); None: a table of win rates
    report_section: Any = None
    #: ``{column: words}`` (or a :class:`Lazy` to it): the state-at-the-end columns of a lost game
    #: the report's "Why games are lost" counts losses by, besides ``loss_reason`` and
    #: ``loss_round``; ``words`` say a value, ``"{} bears beaten"`` (:mod:`woodlands.sim.losses`;
    #: columns named ``at_loss_...`` count without being named); None: none
    loss_columns: Any = None
    #: ``(column, ...)`` (or a :class:`Lazy` to it): the measures (a score, rounds...) a
    #: comparison of two packs tests pair by pair with the Wilcoxon signed-rank test, besides a
    #: ``reward`` column (:mod:`woodlands.sim.compare`); None: none
    paired_measures: Any = None
    # -- a person's record
    #: the game's :class:`woodlands.kit.career.CareerHooks` (or a :class:`Lazy` to it): its
    #: facts of one finished game for a person's record (variant, rounds, totals), and its
    #: ladder of set-ups from easiest to hardest; None: the record counts plain wins only
    career: Any = None
    # -- views
    #: the TypedDict of the game's whole view (the envelope and its own keys; see
    #: :mod:`woodlands.engine.views`), or a :class:`Lazy` to it: ``woodlands schema GAME``
    #: prints its JSON Schema and the tests check every view of seeded games against it (None:
    #: the game's view is not typed, and only its envelope is checked)
    view_type: Any = None
    #: event type -> the TypedDict of that event (or a :class:`Lazy` to the mapping): the events
    #: the game logs most; the tests check them in seeded games
    event_types: Any = None

    @property
    def id(self) -> str:
        return self.game.id

    @property
    def name(self) -> str:
        return self.game.name

    @property
    def players(self) -> tuple[int, int]:
        return self.game.players

    @property
    def package(self) -> str:
        """The module the Game class lives in (its content loader, invariants are beside it)."""
        return self.game.__module__

    @property
    def limit_option(self) -> str | None:
        return self.game.limit_option

    @property
    def limit_default(self) -> int:
        return self.game.limit_default

    @property
    def simulation_options(self) -> dict[str, Any]:
        return dict(self.game.simulation_options)

    def option(self, name: str) -> OptionSpec | None:
        return next((o for o in self.options if o.name == name), None)

    def hook(self, name: str) -> Any:
        """The ``presentation``, ``narrator``, ``table``, ``help`` or ``teach`` hook, imported (None if the game has none)."""
        return resolve(getattr(self, name))

    @property
    def bot_names(self) -> tuple[str, ...]:
        """Every bot that plays this game: the generic ones it takes, then its own."""
        return tuple(dict.fromkeys((*self.generic_bots, *self.bots)))

    def make_bot(self, name: str, seed: int) -> Any:
        """A fresh bot ``name`` for this game (its own first, then a generic one it takes);
        GameOptionError if it has none by that name."""
        make = self.bots.get(name)
        if make is None and name in self.generic_bots:
            ref = plugins(BOT_GROUP).get(name)
            make = Lazy(ref) if ref else None
        if make is None:
            raise GameOptionError(f"there is no {name} bot for {self.id!r}")
        return resolve(make)(seed)


# ------------------------------------------------------------------ the registry
class _Installed:
    """The installed games' entry points, each descriptor imported when first asked for (so
    ``load_game("tanglewoods")`` imports that game only)."""

    def __init__(self, refs: dict[str, str]) -> None:
        self.refs = refs
        self.loaded: dict[str, GameDescriptor] = {}
        self.broken: dict[str, str] = {}

    def ids(self) -> list[str]:
        return sorted(n for n in self.refs if n not in self.broken)

    def get(self, name: str) -> GameDescriptor | None:
        d = self.loaded.get(name)
        if d is not None or name not in self.refs or name in self.broken:
            return d
        ref = self.refs[name]
        try:
            found = Lazy(ref).load()
        except Exception as e:          # a broken plug-in must not take the other games down
            self._broken(name, f"the game {name!r} ({ref}) cannot be loaded: {e!r}")
            return None
        if not isinstance(found, GameDescriptor) or found.id != name:
            self._broken(name, f"the entry point {name!r} ({ref}) is not the GameDescriptor of a game with that id")
            return None
        self.loaded[name] = found
        return found

    def _broken(self, name: str, problem: str) -> None:
        self.broken[name] = problem
        warnings.warn(f"woodlands: {problem}", stacklevel=4)


_REGISTERED: dict[str, GameDescriptor] = {}
_DISCOVERED: _Installed | None = None


def register_game(d: GameDescriptor, replace: bool = False) -> GameDescriptor:
    """Make the game ``d`` known in this process (``woodlands.register_game``).  Registering the
    same descriptor again does nothing; another one under a known id needs ``replace=True``."""
    if not isinstance(d, GameDescriptor):
        raise TypeError(f"register_game takes a GameDescriptor, not {brief(d)}")
    if not d.id or not isinstance(d.id, str):
        raise ValueError("a game needs a non-empty text id (its Game class's `id`)")
    old = _REGISTERED.get(d.id) or _discover().get(d.id)
    if old is not None and old is not d and not replace:
        raise ValueError(f"a game {d.id!r} is already registered ({old.package}); pass replace=True to replace it")
    _REGISTERED[d.id] = d
    return d


def unregister_game(game_id: str) -> None:
    """Forget a game registered in this process (tests use it to leave no trace)."""
    _REGISTERED.pop(game_id, None)


def load_game_modules(names: Iterable[str]) -> list[GameDescriptor]:
    """Import modules that register games (``--game-module``, ``WOODLANDS_GAME_MODULES``).  A
    module registers with :func:`register_game` when imported; every :class:`GameDescriptor` at
    its top level is registered too (so naming a module already imported works as well).
    ImportError (as a :class:`GameOptionError`) if a module cannot be imported."""
    found: list[GameDescriptor] = []
    for name in names:
        name = name.strip()
        if not name:
            continue
        try:
            module = importlib.import_module(name)
        except ImportError as e:
            raise GameOptionError(f"cannot import the game module {brief(name)}: {e}") from None
        for value in list(vars(module).values()):
            if isinstance(value, GameDescriptor):
                try:
                    found.append(register_game(value, replace=value.id in _REGISTERED))
                except ValueError as e:
                    raise GameOptionError(f"the game module {brief(name)}: {e}") from None
    return found


def modules_from_env() -> list[str]:
    return [m for m in os.environ.get(MODULES_ENV, "").split(",") if m.strip()]


def entry_points(group: str) -> Any:
    """The installed entry points of ``group`` (importlib.metadata, imported only when needed)."""
    from importlib.metadata import entry_points as installed
    return installed(group=group)


#: entry-point group -> {name: "module:attr"}: what the Woodlands distribution itself declares
#: in pyproject.toml, for a checkout run without package metadata
_BUILT_IN: dict[str, dict[str, str]] = {}


def declare_built_in(group: str, refs: Mapping[str, str]) -> None:
    """Declare the plug-ins of entry-point ``group`` that this distribution brings, for when its
    package metadata is missing (a checkout on ``PYTHONPATH``).  The top-level package
    ``woodlands`` calls it when imported, which happens before any of its modules runs, so the
    engine finds the built-in games without naming them."""
    _BUILT_IN.setdefault(group, {}).update(refs)


def plugins(group: str) -> dict[str, str]:
    """name -> ``"module:attr"`` of every plug-in of entry-point ``group``: the installed entry
    points over the built-in ones (:func:`declare_built_in`)."""
    refs = dict(_BUILT_IN.get(group, {}))
    for ep in entry_points(group=group):
        refs[ep.name] = ep.value
    return refs


def _discover() -> _Installed:
    """The installed games: entry points of ``woodlands.games``, over the built-in ones (which a
    checkout without package metadata still has)."""
    global _DISCOVERED
    if _DISCOVERED is None:
        _DISCOVERED = _Installed(plugins(ENTRY_POINT_GROUP))
    return _DISCOVERED


def _env_modules() -> None:
    env = modules_from_env()
    if env:             # imported once; later calls only look their descriptors up again
        load_game_modules(env)


def game_ids() -> list[str]:
    """The ids of every known game, sorted (an installed game whose descriptor turns out not to
    load is dropped, with a warning, once something asks for it)."""
    _env_modules()
    return sorted({*_discover().ids(), *_REGISTERED})


def installed_game_ids() -> list[str]:
    """The games found through entry points (or the built-in ones), not those registered in
    this process."""
    return _discover().ids()


def descriptors() -> list[GameDescriptor]:
    """Every known game's descriptor, in menu order."""
    _env_modules()
    installed = _discover()
    found = {n: d for n in installed.ids() if (d := installed.get(n)) is not None}
    found.update(_REGISTERED)
    return sorted(found.values(), key=lambda d: (d.menu_order, d.id))


def descriptor(game_id: str) -> GameDescriptor:
    """The descriptor of ``game_id``; GameOptionError naming the known games if there is none."""
    _env_modules()
    d = (_REGISTERED.get(game_id) or _discover().get(game_id)) if isinstance(game_id, str) else None
    if d is None:
        problem = _discover().broken.get(game_id) if isinstance(game_id, str) else None
        if problem:
            raise GameOptionError(problem)
        raise GameOptionError(f"unknown game {brief(game_id)}; the games are: {', '.join(game_ids())}")
    return d
