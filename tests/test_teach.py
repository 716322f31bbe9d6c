"""Teach mode's texts (woodlands.kit.teach): every kind of decision a game asks has a lesson in
our own words with a real rule id, and the tutor shows each lesson once per game."""
from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

import woodlands
from woodlands.engine.registry import descriptor
from woodlands.kit.teach import PUT_AWAY, Tutor, rule_lessons, teaching_for

from tests.every_game import CASES
from tests.support import position

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
GAMES = ("tanglewoods", "storyfold", "cursed-forest")


def kinds_met(game_id: str, games: int = 12) -> set[str]:
    """The decision kinds of seeded random and greedy games of ``game_id``, over the option
    sets its descriptor's tests cycle through (every difficulty of Tanglewoods ...)."""
    case, d = CASES[game_id], descriptor(game_id)
    kinds: set[str] = set()
    for i in range(games):
        for bot_name in ("random", "greedy"):
            state = woodlands.load_game(game_id).new_game(seed=i, options=case.options(i))
            bot = d.make_bot(bot_name, i) if bot_name != "random" else None
            rng = random.Random(i)
            for _ in range(3000):
                if state.is_over:
                    break
                decision = state.decision
                kinds.add(decision.kind)
                state.apply(bot.choose(state) if bot else rng.choice(decision.options).id)
    return kinds


@pytest.mark.parametrize("game_id", GAMES)
def test_every_kind_met_in_play_has_a_lesson(game_id):
    teaching = teaching_for(game_id)
    assert teaching is not None, f"{game_id} has no teach hook"
    met = kinds_met(game_id)
    missing = sorted(met - set(teaching.lessons))
    assert not missing, f"{game_id}: no teach text for the decision kind(s) {missing}"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_kind_the_greedy_bot_handles_has_a_lesson(game_id):
    """The greedy bot's table lists the kinds too rare to meet in a dozen games (an item lost to
    an effect, a fight between two adventurers)."""
    bot = descriptor(game_id).make_bot("greedy", 0)
    handled = set(getattr(bot, "_handlers"))
    teaching = teaching_for(game_id)
    assert teaching is not None
    missing = sorted(handled - set(teaching.lessons))
    assert not missing, f"{game_id}: no teach text for the decision kind(s) {missing}"
    # and no lesson for a kind the game never asks
    assert not sorted(set(teaching.lessons) - handled)


def rule_index() -> dict[str, str]:
    """Rule-index id -> its section heading, from the shared design folder."""
    found = {}
    for path in (SHARED / "design" / "rule-index").glob("*.md"):
        for m in re.finditer(r"^\| ([A-Z]{2}-\d{3}) \| \w+ \| ([^|]+?) \|", path.read_text(encoding="utf-8"), re.M):
            found[m.group(1)] = m.group(2)
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_each_lesson_names_a_rule_of_the_index_and_is_short(game_id):
    if not (SHARED / "design" / "rule-index").is_dir():
        pytest.skip("the shared design folder is not beside the checkout")
    index = rule_index()
    prefix = {"tanglewoods": "TG-", "storyfold": "SW-", "cursed-forest": "CF-"}[game_id]
    teaching = teaching_for(game_id)
    assert teaching is not None
    for lesson in teaching.lessons.values():
        assert lesson.rule.startswith(prefix) and lesson.rule in index, (lesson.kind, lesson.rule)
        assert index[lesson.rule] == lesson.section, (lesson.kind, lesson.rule, index[lesson.rule])
        sentences = [s for s in re.split(r"(?<=[.!?])\s+", lesson.tip) if s]
        assert 1 <= len(sentences) <= 3, (lesson.kind, lesson.tip)
        assert lesson.title and lesson.what and len(lesson.what) < 240
        assert (game_id, lesson) in rule_lessons(lesson.rule)      # its rule page finds it


def test_the_texts_repeat_no_rulebook_sentence():
    tool = SHARED / "tools" / "verbatim_check.py"
    if not tool.is_file():
        pytest.skip("the shared tools are not beside the checkout")
    out = subprocess.run([sys.executable, str(tool), str(ROOT)], capture_output=True, text=True, timeout=300).stdout
    assert not [line for line in out.splitlines() if "teach" in line], out


def test_a_lesson_shows_at_the_first_decision_of_its_kind_only():
    state = woodlands.load_game("tanglewoods").new_game(seed=3)
    tutor = Tutor(teaching_for("tanglewoods"), on=True)
    shown: list[tuple[int, str]] = []
    rng = random.Random(3)
    for at in range(60):
        d = state.decision
        lesson = tutor.due(d, state.view(d.player), at)
        again = tutor.due(d, state.view(d.player), at)     # the same decision drawn again
        assert again == lesson
        if lesson is not None:
            shown.append((at, lesson.kind))
        state.apply(rng.choice(d.options).id)
    kinds = [k for _, k in shown]
    assert kinds and len(kinds) == len(set(kinds))
    assert kinds[0] == "choose_hero"


def test_off_shows_nothing_and_a_lesson_put_away_stays_away():
    state = woodlands.load_game("tanglewoods").new_game(seed=3)
    d = state.decision
    off = Tutor(teaching_for("tanglewoods"), on=False)
    assert off.due(d, state.view(0), 0) is None and off.taught == {}
    tutor = Tutor(teaching_for("tanglewoods"), on=True)
    assert tutor.due(d, state.view(0), 0) is not None
    tutor.put_away(d.kind)
    assert tutor.taught[d.kind] == PUT_AWAY and tutor.due(d, state.view(0), 0) is None


def test_storyfold_prologue_keeps_its_own_teaching():
    """In the prologue (the first chapter) nothing shows and the kinds met count as taught; in
    chapter 1 a new kind gets its lesson."""
    teaching = teaching_for("storyfold")
    assert teaching is not None
    state = woodlands.load_game("storyfold").new_game(seed=2)
    assert state.view(0)["chapter"] == "the-edge-of-the-wood"
    tutor = Tutor(teaching, on=True)
    d = state.decision
    assert tutor.due(d, state.view(0), 0) is None
    assert tutor.taught == {d.kind: PUT_AWAY}
    later = position("storyfold", seed=2, chapter=1)
    assert later.view(0)["chapter"] != "the-edge-of-the-wood"
    fresh = Tutor(teaching, on=True)
    lesson = fresh.due(later.decision, later.view(0), 0)
    assert lesson is not None and lesson.kind == later.decision.kind


def test_a_game_without_lessons_teaches_nothing():
    tutor = Tutor(None, on=True)
    state = woodlands.load_game("tanglewoods").new_game(seed=1)
    assert tutor.due(state.decision, state.view(0), 0) is None
