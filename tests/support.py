"""Helpers shared by the whole-game tests."""
from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any, Callable, Iterable

import woodlands
from woodlands.engine.position import codec
from woodlands.engine.rng import Rng

#: the audit's reproductions: a game, a seed, options and the choices that reach what was wrong
REPROS = Path(__file__).resolve().parent / "repros"


def play_random(state: woodlands.GameState, rng: random.Random,
                each: Callable[[woodlands.GameState], None] | None = None, limit: int = 100_000) -> int:
    """Random legal choices to the end; ``each`` runs after every decision."""
    n = 0
    while not state.is_over:
        state.apply(rng.choice(state.decision.options).id)
        n += 1
        if each:
            each(state)
        assert n < limit, "game did not end"
    return n


class ViewOnly:
    """Everything a fair bot may look at, and nothing else: the decision, a player's view and the
    game (its rules and printed cards, public like the box on the table).  Touching deck order,
    the RNG or any other part of the real state raises AttributeError."""

    __slots__ = ("_state",)

    def __init__(self, state: woodlands.GameState) -> None:
        object.__setattr__(self, "_state", state)

    @property
    def game(self) -> woodlands.Game:
        return self._state.game

    @property
    def decision(self) -> woodlands.Decision | None:
        return self._state.decision

    def view(self, player: int = 0) -> dict[str, Any]:
        return self._state.view(player)


class ScriptedRng(Rng):
    """The state's generator, except that rolls of the die ``sizes`` follow ``script``: faces
    counted from ``first`` (1 for faces 1..n; 0 for Tanglewoods' face indexes).  Shuffles and
    other draws still come from the seeded generator."""

    __slots__ = ("script", "sizes", "first")

    def __init__(self, state: int, script: list[int], sizes: frozenset[int] = frozenset({6}),
                 first: int = 1) -> None:
        super().__init__(state)
        self.script = script
        self.sizes = sizes
        self.first = first

    def below(self, n: int) -> int:
        if n in self.sizes and self.script:
            face = self.script.pop(0) - self.first
            assert 0 <= face < n, f"a d{n} cannot show {face + self.first}"
            return face
        return super().below(n)

    def copy(self) -> "ScriptedRng":
        return ScriptedRng(self.state, list(self.script), self.sizes, self.first)


def position(game: str | woodlands.Game, *, seed: int = 0, options: dict[str, Any] | None = None,
             choices: Iterable[str] = (), steps: Iterable[tuple[Any, ...]] | None = None,
             log: list[dict[str, Any]] | None = None, strict: bool = True, **facts: Any) -> woodlands.GameState:
    """An exact situation of ``game``, built as a position (docs/engine.md, "Positions"): the
    game started with ``seed`` and ``options``, ``choices`` made, and then each of ``facts`` (a
    field of the game's state and its value, as the state holds it) written into its position,
    which is read back.  Reading checks the facts as it checks any position: a field the state
    does not have, a value of the wrong type, or one that breaks the game's invariants (a card in
    two places) fails here, not somewhere in the rules.

    ``steps``: the position waits for no decision and has these steps to run, in this order
    (reading runs them up to the next decision); ``log``: the log so far (``[]``: the log starts
    with the situation); ``strict=False``: a hand-made situation that need not keep the game's
    invariants (see ``Game.from_position``)."""
    if isinstance(game, str):
        game = woodlands.load_game(game)
    state = game.new_game(seed=seed, options=options)
    for choice in choices:
        state.apply(choice)
    data = state.position()
    written = codec(game)
    for name, value in facts.items():
        if name not in data["state"]:
            raise KeyError(f"a {game.id} state has no field {name!r}")
        data["state"][name] = written.encode(value, name)
    if steps is not None:
        data["stack"] = [written.step(step, "stack") for step in reversed(list(steps))]
        data["pending"] = data["decision"] = None
    if log is not None:
        data["log"] = log
    return game.from_position(json.loads(json.dumps(data)), strict=strict)


def repro(name: str, game: woodlands.Game | None = None, *, before_last: bool = True,
          **facts: Any) -> tuple[woodlands.GameState, str, dict[str, Any]]:
    """The audit's reproduction ``name`` (a file of tests/repros) as a position: its game (or
    ``game``, for a pack it was found on) just before its last choice (``before_last=False``:
    after every choice), with ``facts`` as :func:`position` takes them; the last choice; and the
    repro itself (its ``rule``, what was ``wrong``)."""
    r = json.loads((REPROS / name).read_text(encoding="utf-8"))
    choices = r["choices"][:-1] if before_last else r["choices"]
    state = position(game or r["game"], seed=r["seed"], options=r["options"], choices=choices, **facts)
    return state, r["choices"][-1], r


def visible_text(html: str) -> str:
    """The words of a page a player reads without hovering: its text outside any ``<title>``
    (an SVG's tip), never an attribute (``title``, ``data-tip``, ``aria-label``), with runs of
    white space as one space.

    >>> visible_text('<div title="tip" data-tip="tip"><svg><title>hid</title></svg><b>A</b>  b</div>')
    'A b'
    """
    from html.parser import HTMLParser

    class Words(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.words: list[str] = []
            self.hidden = 0

        def handle_starttag(self, tag: str, attrs: Any) -> None:
            self.hidden += tag == "title"
            self.words.append(" ")

        def handle_endtag(self, tag: str) -> None:
            self.hidden -= tag == "title"
            self.words.append(" ")

        def handle_data(self, data: str) -> None:
            if not self.hidden:
                self.words.append(data)

    parser = Words()
    parser.feed(html)
    return " ".join("".join(parser.words).split())
