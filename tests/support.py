"""Helpers shared by the whole-game tests."""
from __future__ import annotations

import random
from typing import Any, Callable

import woodlands
from woodlands.engine.rng import Rng


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
