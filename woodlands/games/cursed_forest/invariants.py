"""Invariants that must hold after every decision; the tests check them in many seeded games."""
from __future__ import annotations

from collections import Counter

from .state import EMPTY, NO_MONSTER, POISON, CursedForestState


def check_invariants(s: CursedForestState) -> None:
    """Raise AssertionError naming the first broken invariant."""
    c = s.content
    # every tile in exactly one place: the table, the stack, the drawn hand, or (Exit) aside
    tiles = Counter(s.placed + s.tile_stack + ([s.drawn] if s.drawn >= 0 else []))
    exit_aside = 0 if c.exit in s.placed else 1
    assert sum(tiles.values()) + exit_aside == len(c.tiles), f"tiles: {sum(tiles.values())} + {exit_aside} != {len(c.tiles)}"
    assert all(n == 1 for n in tiles.values()), f"a tile in two places: {[t for t, n in tiles.items() if n > 1]}"
    assert len(s.grid) == len(s.placed) and all(s.grid[xy] == p for p, xy in enumerate(s.place_pos)), "grid out of step"
    # every monster in exactly one place
    on_tiles = [m for m in s.tile_monster if m >= 0]
    fighting = [s.f_monster] if s.f_kind == "monster" and s.f_monster >= 0 and s.f_monster not in on_tiles else []
    monsters = Counter(s.monster_bag + s.monster_gone + on_tiles + s.pit_monsters + fighting + s.f_queue)
    assert sorted(monsters) == list(range(len(c.monsters))) and all(n == 1 for n in monsters.values()), \
        f"monsters misplaced: {dict(monsters)}"
    # every item in exactly one place (a two-handed item fills two spaces of one inventory)
    held = []
    for a in range(s.n):
        seen = [x for x in s.inv[a] if x >= 0]
        held += list(dict.fromkeys(seen)) + s.extras[a]
        for x in set(seen):
            assert seen.count(x) == 1 or seen.count(x) == 2 and s.inv[a][0] == s.inv[a][1] == x, f"item {x} spread oddly"
    steps = s.stack + ([s.pending] if s.pending else [])
    stowing = [st[2] for st in steps if st[0] == "stow_item"]   # drawn, waiting for a space
    items = Counter(s.item_bag + s.item_gone + held + [i for lst in s.tile_items for i in lst] + stowing)
    assert sorted(items) == list(range(len(c.items))) and all(n == 1 for n in items.values()), \
        f"items misplaced: missing {set(range(len(c.items))) - set(items)}, doubled {[i for i, n in items.items() if n > 1]}"
    # seeds: in roots, carried, dropped or on a vine, each once
    unlaid = s.tile_stack + ([s.drawn] if s.drawn >= 0 else [])
    seeds = Counter([c.tiles[t].seed for t in unlaid if c.tiles[t].seed >= 0] + [k for k in s.tile_root if k >= 0] + [k for a in range(s.n) for k in s.seeds[a]]
                    + [k for lst in s.tile_seeds for k in lst] + [k for k in s.tile_vine if k >= 0])
    assert sorted(seeds) == list(range(len(c.seeds))), f"seeds misplaced: {dict(seeds)}"
    assert s.seeds_laid == sum(1 for k in s.tile_vine if k >= 0)
    # tracks
    for a in range(s.n):
        if s.char[a] < 0:
            continue
        assert 0 <= s.lives[a] <= 3, f"adventurer {a}: lives {s.lives[a]}"
        assert 0 <= s.ap[a] <= s.max_ap[a], f"adventurer {a}: AP {s.ap[a]} of {s.max_ap[a]}"
        if s.pos[a] is None:
            assert s.lives[a] == 0, f"adventurer {a} off the table with {s.lives[a]} lives"
            assert all(x == EMPTY for x in s.inv[a]) and not s.seeds[a] and not s.extras[a], \
                f"adventurer {a} is out but still holds things"
        else:
            assert 1 <= s.health[a] <= s.max_health[a], f"adventurer {a}: health {s.health[a]} of {s.max_health[a]}"
            assert s.pos[a] in s.grid, f"adventurer {a} off the forest"
        assert s.inv[a].count(POISON) <= 5
    for p, m in enumerate(s.tile_monster):
        if m == NO_MONSTER:
            assert s.tile_damage[p] == 0 or s.f_kind, f"damage on an empty tile {p}"
    if s.over and s.outcome and s.outcome["result"] == "win":
        assert any(p is not None for p in s.pos), "a win with nobody alive"
