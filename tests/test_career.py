"""A person's record and ladder (woodlands.kit.career) from exact result rows: the counts per
game and set-up, the runs of wins, the best results, the games' own totals and the rules that
open a ladder's steps; and the rows the games make of finished games."""
from __future__ import annotations

import random
from typing import Any

import pytest

import woodlands
from woodlands.kit.career import (LadderStep, append_result, climb, ladder_of, next_step, read_results, result_row,
                                  summarize)

from .support import play_random


def tw(day: int, won: bool, rounds: int, hero: str = "thorn-warden", difficulty: int = 0,
       mode: str = "toward-5", pack: str = "tanglewoods-standard", bears: int = 3) -> dict[str, Any]:
    return {"game": "tanglewoods", "pack": pack, "won": won, "rounds": rounds, "score": 1.0 if won else 0.0,
            "date": f"2026-12-{day:02d}T10:00:00+00:00",
            "variant": {"hero": hero, "difficulty": difficulty, "difficulty_mode": mode},
            "variant_words": f"{hero} {difficulty}", "facts": {"bears_defeated": bears}}


def test_counts_streaks_and_best_results_per_game_and_set_up() -> None:
    rows = [tw(1, True, 9), tw(2, True, 6), tw(3, False, 4, bears=1), tw(4, True, 8, difficulty=1),
            tw(5, True, 5, hero="hedge-witch"), tw(6, True, 7)]
    stats = summarize(list(reversed(rows)))         # any order: sorted by date
    assert (stats["played"], stats["won"]) == (6, 5)
    (g,) = stats["games"]
    assert (g["played"], g["won"], g["streak"], g["best_streak"], g["best_rounds"]) == (6, 5, 3, 3, 5)
    by = {(v["variant"]["hero"], v["variant"]["difficulty"]): v for v in g["variants"]}
    assert {k: (v["played"], v["won"], v["best_rounds"], v["streak"]) for k, v in by.items()} == {
        ("thorn-warden", 0): (4, 3, 6, 1), ("thorn-warden", 1): (1, 1, 8, 1), ("hedge-witch", 0): (1, 1, 5, 1)}
    assert g["totals"] == [{"key": "bears_defeated", "words": "bears beaten", "value": 3 * 5 + 1}]
    assert g["best_by"] == "rounds" and g["name"] == woodlands.load_game("tanglewoods").name


def test_a_loss_last_ends_the_current_streak_not_the_best() -> None:
    rows = [tw(1, True, 9), tw(2, True, 9), tw(3, True, 9), tw(4, False, 2)]
    (g,) = summarize(rows)["games"]
    assert (g["streak"], g["best_streak"]) == (0, 3)


def test_storyfold_best_is_its_score_and_its_progress_the_furthest_chapter() -> None:
    def sf(day: int, won: bool, score: float, chapter: int) -> dict[str, Any]:
        return {"game": "storyfold", "won": won, "score": score, "rounds": 12, "date": f"2026-12-0{day}",
                "variant": {"campaign": "c"}, "facts": {"chapter": chapter, "scenes": 12, "finished": int(won),
                                                        "restarts": 0}}
    stats = summarize([sf(1, False, 0.0, 2), sf(2, True, 0.61, 3), sf(3, True, 0.83, 3)], ladders=True)
    (g,) = stats["games"]
    assert (g["best_by"], g["best_score"], g["rounds_words"]) == ("score", 0.83, "scenes")
    assert {f["key"]: f["value"] for f in g["totals"]} == {"finished": 2, "scenes": 36, "restarts": 0}
    assert g["furthest"] == [{"key": "chapter", "words": "furthest chapter reached", "value": 3}]
    story = next(lad for lad in stats["ladders"] if lad["game"] == "storyfold")
    assert story["tracks"] == [] and "stands in" in story["no_ladder"]


def test_a_win_at_the_highest_open_step_opens_the_next_and_nothing_else_does() -> None:
    steps = [LadderStep({"level": k}, {"level": k}, f"level {k}") for k in range(3)]

    def row(level: int, won: bool = True, pack: str = "p") -> dict[str, Any]:
        return {"won": won, "variant": {"level": level, "other": 1}, "pack": pack}
    assert climb(steps, [], "p") == 0
    assert climb(steps, [row(1), row(2)], "p") == 0               # free play above the open step
    assert climb(steps, [row(0, won=False)], "p") == 0
    assert climb(steps, [row(0, pack="mine")], "p") == 0          # another pack's win
    assert climb(steps, [row(0), row(0), row(1)], "p") == 2        # a second win below moves nothing
    assert climb(steps, [row(0), row(1), row(2), row(2)], "p") == 3


def test_the_tanglewoods_ladder_is_per_hero_and_counts_the_usual_mode_only() -> None:
    rows = [tw(1, True, 5), tw(2, True, 5, difficulty=1), tw(3, True, 5, difficulty=2, mode="single"),
            tw(4, True, 5, hero="hedge-witch", difficulty=3)]
    tracks = {t["key"]: t for t in ladder_of("tanglewoods", rows)}
    assert len(tracks) == len(woodlands.load_game("tanglewoods").content.heroes)
    assert (tracks["thorn-warden"]["open"], tracks["thorn-warden"]["step"]) == (2, "difficulty 2")
    assert tracks["thorn-warden"]["options"] == {"hero": "thorn-warden", "difficulty": 2}
    assert tracks["hedge-witch"]["open"] == 0 and not tracks["hedge-witch"]["done"]
    # the last track played is the one --ladder goes on with
    assert next_step("tanglewoods", rows)["key"] == "hedge-witch"  # type: ignore[index]
    assert next_step("tanglewoods", rows, "thorn-warden")["open"] == 2  # type: ignore[index]
    assert next_step("tanglewoods", rows, "nobody") is None
    # a hero given on the command line picks its own track
    assert next_step("tanglewoods", rows, given={"hero": "thorn-warden", "difficulty": 7})["key"] == "thorn-warden"  # type: ignore[index]
    every = [tw(k + 1, True, 5, difficulty=k) for k in range(11)]
    top = {t["key"]: t for t in ladder_of("tanglewoods", every)}["thorn-warden"]
    assert top["done"] and top["open"] == 10 and top["step"] == "difficulty 10"


def test_the_cursed_forest_ladder_goes_from_four_adventurers_to_one_then_harder() -> None:
    (track,) = ladder_of("cursed-forest", [])
    assert (track["key"], track["steps"], track["step"]) == ("solo", 5, "alone, 4 adventurers")
    assert track["options"] == {"players": 1, "adventurers": 4}
    base = {"players": 1, "escape_ends_turn": False, "free_actions_at_zero_ap": False, "pvp": False}
    won = [{"game": "cursed-forest", "pack": "cursed-forest-standard", "won": True,
            "variant": dict(base, adventurers=n)} for n in (4, 3, 2, 1)]
    (track,) = ladder_of("cursed-forest", won)
    assert track["open"] == 4 and track["options"] == {"players": 1, "adventurers": 1, "escape_ends_turn": True}


@pytest.mark.parametrize("game_id, options", [
    ("tanglewoods", {"difficulty": 3, "hero": "hedge-witch"}),
    ("storyfold", {"scene_limit": 3}),
    ("cursed-forest", {"players": 2, "turn_limit": 6}),
])
def test_each_game_makes_a_row_of_a_finished_game_with_no_seed(game_id: str, options: dict[str, Any], tmp_path: Any) -> None:
    state = woodlands.load_game(game_id).new_game(seed=4, options=options)
    play_random(state, random.Random(4))
    row = result_row(state, 0)
    assert row["game"] == game_id and row["result"] in ("win", "loss", "unfinished")
    assert "seed" not in row
    assert row["variant"] and row["variant_words"] and isinstance(row["rounds"], int)
    path = tmp_path / "results.jsonl"
    append_result(row, path)
    append_result(row, path)
    with path.open("a", encoding="utf-8") as f:
        f.write('{"cut short\n')                   # a broken line is passed over
    assert read_results(path) == [row, row]


def test_a_seat_counts_its_own_adventurers_only() -> None:
    state = woodlands.load_game("cursed-forest").new_game(seed=2, options={"players": 2, "turn_limit": 8})
    play_random(state, random.Random(2))
    rows = [result_row(state, seat) for seat in (0, 1)]
    for seat, row in enumerate(rows):
        mine = [a for a in state.view(seat)["players"] if a["player"] == seat]
        assert row["facts"]["kills"] == sum(a["kills"] for a in mine) and row["seat"] == seat
    assert rows[0]["variant"] == rows[1]["variant"] == {"players": 2, "adventurers": 2, "escape_ends_turn": False,
                                                        "free_actions_at_zero_ap": False, "pvp": False}


@pytest.mark.parametrize("game_id, options, twin_name", [
    ("tanglewoods", {"difficulty": 2}, "tanglewoods_twin"),
    ("storyfold", {"scene_limit": 4}, "storyfold_twin"),
    ("cursed-forest", {"players": 2, "turn_limit": 10}, "cursed_forest_twin"),
])
def test_finished_twins_that_differ_only_in_hidden_facts_make_the_same_row(game_id: str, options: dict[str, Any],
                                                                          twin_name: str) -> None:
    """A person's record is made of what their seat could know: two finished games that differ
    only in what a seat cannot see (deck and bag order, another player's face-down items, the
    generator) give that seat the same row."""
    from datetime import datetime, timezone

    from . import test_hidden_facts
    twin_of = getattr(test_hidden_facts, twin_name)
    when = datetime(2026, 12, 6, tzinfo=timezone.utc)
    differed = 0
    for seed in range(3):
        state = woodlands.load_game(game_id).new_game(seed=seed, options=options)
        play_random(state, random.Random(seed))
        for seat in range(int(options.get("players", 1))):
            twin = state.clone()
            twin_of(twin, seat, random.Random(seed + 100))
            differed += twin.position()["state"] != state.position()["state"]
            assert twin.view(seat) == state.view(seat)
            assert result_row(twin, seat, when) == result_row(state, seat, when)
    assert differed, "the twins differ in some hidden fact"
