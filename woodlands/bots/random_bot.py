"""The baseline: every legal option equally likely."""
from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..engine.state import GameState


class RandomBot:
    """Picks uniformly among the current options, from its own seeded generator.

    >>> import woodlands
    >>> state = woodlands.load_game("tanglewoods").new_game(seed=1)
    >>> RandomBot(5).choose(state) in state.decision.ids
    True
    """

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: "GameState") -> str:
        decision = state.decision
        if decision is None:
            raise ValueError("the game is over; there is nothing to choose")
        options = decision.options
        return options[self.rng.randrange(len(options))].id
