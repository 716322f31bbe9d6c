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


@pytest.fixture(scope="session", autouse=True)
def _strict_greedy_bots():
    """A greedy bot that meets a decision it has no judgement for raises here instead of taking
    the first option (woodlands.bots.base.STRICT_ENV), so that a gap fails the tests; the
    environment carries it to the programs the tests start, too."""
    from woodlands.bots.base import STRICT_ENV
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv(STRICT_ENV, "1")
        yield


@pytest.fixture(scope="session", autouse=True)
def _checked_web_answers():
    """Every game answer of the web app is checked against the GameOut it documents before it
    is sent (woodlands.web.api.CHECK_ANSWERS_ENV; a server outside the tests does not check)."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("WOODLANDS_CHECK_ANSWERS", "1")
        yield


@pytest.fixture(scope="session")
def tanglewoods() -> woodlands.Game:
    return woodlands.load_game("tanglewoods", os.environ.get("WOODLANDS_TEST_PACK") or None)


# The longest tests run first, so that neither xdist worker is left alone with minutes of them
# at the end of the run.  (xdist's default hands each worker a quarter of the run up front, in
# collection order: the worker whose share held test_every_game.py's fuzz ran it alone.)
# Measured with `pytest -n 2 --durations=60` on 2026-12-01: each greedy block of the thousands-of-games fuzz takes 35-180 s, its random blocks
# 5-30 s, the tests named below 25-100 s; everything else stays in collection order.  Only the
# order changes: every worker sorts the same collection the same way, as xdist requires.
_LONG_TESTS = (
    "test_twins_that_differ_only_in_hidden_facts_look_the_same",
    "test_determinized_twins_look_the_same",
    "test_property_at_every_scene_break_save_json_resume_is_indistinguishable",
    "test_a_whole_campaign_through_piped_input",
    "test_ctrl_c_keeps_what_finished_and_the_same_command_resumes",
    "test_a_determinized_state_looks_the_same_to_its_seat_and_plays_on",
    "test_why_not_and_can_apply_on_every_decision_kind",
    "test_greedy_beats_random_clearly",
    "test_clearly_better_than_random",
)


#: in the fuzz, the games from the longest to play to the shortest (a greedy Storyfold block took
#: 75-180 s, Cursed Forest 33-80 s, Tanglewoods 13-42 s)
_GAME_LENGTH = ("storyfold", "cursed-forest", "tanglewoods")


def _expected_length(item: pytest.Item) -> tuple[int, int]:
    """A sort key, longest first: (group, rank).  The group is 0 for the fuzz's greedy blocks,
    1 for its random blocks and the other slow tests, 2 for the long tests named above, 3 for the
    rest; the rank orders the fuzz's games by length.  The Makefile runs xdist with
    ``--maxschedchunk 1``, which hands tests out one at a time as a worker frees up, so this is
    longest-first scheduling."""
    if item.get_closest_marker("slow") is not None:
        params = getattr(getattr(item, "callspec", None), "params", {})
        game = params.get("game_id")
        rank = _GAME_LENGTH.index(game) if game in _GAME_LENGTH else len(_GAME_LENGTH)
        return (0 if params.get("bot_name") == "greedy" else 1, rank)
    return (2 if getattr(item, "originalname", item.name) in _LONG_TESTS else 3, 0)


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    items.sort(key=_expected_length)     # stable: the order within each group is kept
