"""Toy outside agents for the ladder's tests (tests/research/test_outside_agents.py), named as
``tests.research.toy_agents:<factory>``."""
from __future__ import annotations

from typing import Any

import numpy as np


def first_legal(game: str, seed: int) -> Any:
    """A policy over the observation and mask: the first legal action (it reads the observation
    only to check it is the environment's flat float32 array)."""
    def policy(observation: np.ndarray, mask: np.ndarray) -> int:
        assert observation.dtype == np.float32 and observation.ndim == 1
        return int(np.flatnonzero(mask)[0])
    return policy


class LastOption:
    """A bot over the engine's decision: the last option offered."""

    name = "last-option"

    def choose(self, state: Any) -> str:
        return str(state.decision.options[-1].id)


def make_bot(**kwargs: Any) -> LastOption:
    """Takes whatever keywords the ladder gives (game, seed, options)."""
    assert {"game", "seed", "options"} <= set(kwargs)
    return LastOption()


def neither() -> int:
    return 42


def illegal(game: str) -> Any:
    return lambda observation, mask: int(np.flatnonzero(mask == 0)[0])


NOT_CALLABLE = 3
