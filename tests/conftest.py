"""Shared fixtures.  WOODLANDS_TEST_PACK points the whole-game tests at another pack (a
developer convenience; CI uses the default pack)."""
from __future__ import annotations

import os
import pytest

import woodlands


@pytest.fixture(scope="session")
def tanglewoods() -> woodlands.Game:
    return woodlands.load_game("tanglewoods", os.environ.get("WOODLANDS_TEST_PACK") or None)


