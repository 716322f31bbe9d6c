"""Count to Ten: a toy game in one package, to prove that a game from outside Woodlands needs
nothing but its package and one registration (docs/engine.md, "Adding a game").

One or two players share a counter; on each turn the player adds 1 or 2, or rolls a die that
adds 1 to 3.  Landing exactly on the target (10 unless the ``target`` option says otherwise)
wins; going past it loses.

It is not registered when imported: ``woodlands.register_game(DESCRIPTOR)``, or
``woodlands --game-module tests.toy_game ...`` (which registers the module's descriptor), or an
entry point in the group ``woodlands.games`` makes it known.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from typing_extensions import TypedDict

from woodlands import ContentError, Game, GameDescriptor, GameOptionError, GameState, GameTests, Lazy, Option, OptionSpec
from woodlands.engine.rng import Rng
from woodlands.engine.steps import StepRegistry
from woodlands.engine.views import Envelope, Outcome, Result

STEPS = StepRegistry()


@dataclass(frozen=True)
class ToyContent:
    """The whole content of the toy: a name for the counter."""

    id: str = "toy-pack"
    version: str = "1"
    counter: str = "the acorn count"


class Squirrel(TypedDict):
    name: str


class ToyTable(TypedDict):
    """The toy's own part of the view; whose turn it is is the envelope's ``deciding``."""

    total: int
    target: int
    players: list[Squirrel]


class ToyOutcome(Outcome):
    total: int


class ToyView(Envelope, ToyTable):
    """``state.view(seat)``: the envelope every game shares and the toy's table."""

    outcome: ToyOutcome | None


class CountEvent(TypedDict):
    type: Literal["count"]
    seat: int
    added: int
    total: int


class RollEvent(TypedDict):
    type: Literal["roll"]
    seat: int
    face: int


class ToyGameOver(TypedDict):
    type: Literal["game_over"]
    result: Result
    total: int


#: the toy's events, typed (its "setup" event is left untyped: an Event with any fields)
EVENTS: dict[str, type] = {"count": CountEvent, "roll": RollEvent, "game_over": ToyGameOver}


class ToyState(GameState):
    __slots__ = ("total", "seats")
    SCALAR_FIELDS = ("total", "seats")

    def game_view(self, seat: int) -> ToyTable:
        return {"total": self.total, "target": self.options["target"],
                "players": [{"name": f"Squirrel {n + 1}"} for n in range(self.seats)]}

    def decider(self, step: tuple[Any, ...]) -> int:
        return int(step[1])

    def _redraw_unseen(self, rng: Rng) -> None:
        """Nothing lies face down: the die's future, the only hidden fact, is the engine's to redraw."""


class ToyGame(Game):
    """Options: ``players`` (1 or 2, default 1) and ``target`` (5-50, default 10)."""

    id = "toy"
    name = "Count to Ten"
    players = (1, 2)
    steps = STEPS

    @classmethod
    def load_content(cls, path: Path | None) -> ToyContent:
        if path is not None:
            raise ContentError(f"{path}: the toy game has no content packs")
        return ToyContent()

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        unknown = set(options) - {"players", "target"}
        if unknown:
            raise GameOptionError(f"unknown option(s) {sorted(unknown)}; toy takes ['players', 'target']")
        for name, low, high, default in (("players", 1, 2, 1), ("target", 5, 50, 10)):
            value = options.setdefault(name, default)
            if type(value) is not int or not low <= value <= high:
                raise GameOptionError(f"{name} must be a whole number from {low} to {high}, not {value!r}")
        return options

    def _start(self, seed: int, options: dict[str, Any]) -> ToyState:
        s = ToyState(self, seed, options)
        s.total, s.seats = 0, options["players"]
        s.emit("setup", players=s.seats, target=options["target"])
        s.push("turn", 0)
        return s


@STEPS.ask("turn", kind="count", rule="TOY-1")
def ask_turn(s: ToyState, seat: int) -> tuple[str, list[Option]]:
    options = [Option.of("add", n, label=f"Add {n} (to {s.total + n})", data={"to": s.total + n}) for n in (1, 2)]
    options.append(Option.of("roll", label="Roll the die (adds 1 to 3)"))
    return f"Squirrel {seat + 1}: the count is {s.total} of {s.options['target']}", options


@STEPS.answer("turn")
def answer_turn(s: ToyState, choice: str, seat: int) -> None:
    if choice == "roll":
        n = 1 + s.rng.below(3)
        s.emit("roll", seat=seat, face=n)
    else:
        n = int(choice.partition(":")[2])
    s.total += n
    s.emit("count", seat=seat, added=n, total=s.total)
    target = s.options["target"]
    if s.total >= target:
        s.end_game("win" if s.total == target else "loss", total=s.total)
    else:
        s.push("turn", (seat + 1) % s.seats)


STEPS.check_complete()


def check_invariants(s: GameState) -> list[str]:
    assert isinstance(s, ToyState)
    problems = [] if 0 <= s.total <= s.options["target"] + 3 else [f"total {s.total} out of range"]
    if s.is_over != (s.total >= s.options["target"]):
        problems.append("the game ends exactly when the target is reached")
    return problems


class GreedyToyBot:
    """Adds what lands on the target, else 1."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, state: GameState) -> str:
        view = state.view(state.decision.player if state.decision else 0)
        need = view["target"] - view["total"]
        return "add:2" if need == 2 else "add:1"


DESCRIPTOR = GameDescriptor(
    game=ToyGame,
    view=ToyState.view,
    view_type=ToyView,
    event_types=EVENTS,
    presentation=Lazy("tests.toy_game.present:ToyPresentation"),
    narrator=Lazy("tests.toy_game.present:ToyNarrator"),
    table=Lazy("tests.toy_game.present:render"),
    help=Lazy("tests.toy_game.present:HELP"),
    bots={"greedy": GreedyToyBot},
    options=(OptionSpec("players", int, 1, "squirrels, 1 or 2", range=(1, 2), flag=True, label="Squirrels"),
             OptionSpec("target", int, 10, "the count to land on, 5-50", range=(5, 50), flag=True,
                        label="The count to land on, 5 to 50")),
    tests=GameTests(option_sets=({"players": 1}, {"players": 2, "target": 40}, {"players": 2}),
                    invariants=check_invariants),
    summary_keys=("total", "target"),
    # -- research
    action_ids=Lazy("tests.toy_game.research:action_ids"),
    encoding=Lazy("tests.toy_game.research:encoding"),
)
TOY = DESCRIPTOR
