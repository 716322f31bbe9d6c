"""The audit's reproductions (issue 9), replayed on the default pack from tests/repros/.

Each file holds a game, a seed, options and the choices that reach the wrong situation; the
last choice is where the audit saw it.  We replay all but that last choice and look at the
position the rulings describe."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import woodlands

REPROS = Path(__file__).resolve().parents[1] / "repros"


def replay_up_to_last(name: str) -> tuple[Any, str]:
    """The repro's game just before its last choice, and that choice."""
    r = json.loads((REPROS / name).read_text(encoding="utf-8"))
    s = woodlands.load_game(r["game"]).new_game(seed=r["seed"], options=r["options"])
    for c in r["choices"][:-1]:
        s.apply(c)
    return s, r["choices"][-1]


@pytest.mark.rules("CF-084", "C-17")
def test_repro_pit_guardians_drawn_by_the_ring_bearer_stay_purple():
    """The ring bearer fell in the pit, drew two purple guardians and died there; the next
    adventurer to fall meets them still purple."""
    s, last = replay_up_to_last("cursed-forest-CF-084.json")
    assert last == "fight" and s.f_kind == "monster" and s.f_adv == 1 and s.ring == 0
    assert s.f_side == 1, "the pit's guardian came back on its green side"
    m = s.content.monsters[s.f_monster]
    assert s.f_health == m.sides[1].health
    fight = [e for e in s.log if e["type"] == "fight"][-1]
    assert fight["side"] == "purple"


@pytest.mark.rules("CF-068", "C-18")
def test_repro_the_exit_goes_beside_the_last_tile_laid_when_it_has_empty_neighbours():
    """The last tile laid (open E and S, both taken) has empty squares N and W: the Exit goes
    there, the Maiden Tree's roots opening the edge, not beside an older tile."""
    s, last = replay_up_to_last("cursed-forest-CF-068.json")
    assert s.decision.kind == "lay_exit"
    from woodlands.games.cursed_forest.forest import joined, neighbour
    xy = s.place_pos[s.last_laid]
    empty = {neighbour(xy, d) for d in range(4) if neighbour(xy, d) not in s.grid}
    assert empty == {(-5, 1), (-6, 0)}
    offered = {(int(o.id.split(":")[1]), int(o.id.split(":")[2])) for o in s.decision.options}
    assert offered == empty
    s.apply(s.decision.options[0].id)
    assert any(joined(s, s.exit_at, d) == s.last_laid for d in range(4)), "the roots join it to the last tile"
