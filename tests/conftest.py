"""Shared fixtures.  WOODLANDS_TEST_PACK points the whole-game tests at another pack (a
developer convenience; CI uses the default pack)."""
from __future__ import annotations

import os
import pytest

import woodlands


@pytest.fixture(scope="session", autouse=True)
def _data_dir_of_the_tests(tmp_path_factory):
    """``woodlands play`` autosaves into the user's data folder: never the real one in tests."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("WOODLANDS_DATA_DIR", str(tmp_path_factory.mktemp("woodlands-data")))
        yield


@pytest.fixture(scope="session")
def tanglewoods() -> woodlands.Game:
    return woodlands.load_game("tanglewoods", os.environ.get("WOODLANDS_TEST_PACK") or None)


