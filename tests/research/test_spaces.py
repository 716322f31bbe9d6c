"""The fixed action spaces (issue 13, "A fixed action space"): every id a seeded random game
offers has an index, the mask is exactly the decision's options, and the enumeration is the
same on every run (pinned by size and digest for the default packs)."""
from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import woodlands
from woodlands.games.cursed_forest.grammar import reach, squares
from woodlands.kit.spaces import action_space

CASES: list[tuple[str, dict[str, Any]]] = [
    ("tanglewoods", {}), ("tanglewoods", {"difficulty": 10}), ("tanglewoods", {"difficulty": 0}),
    ("tanglewoods", {"difficulty": 5, "hero": "thorn-warden"}), ("tanglewoods", {"difficulty": 7}),
    ("storyfold", {}),
    ("cursed-forest", {"players": 1}), ("cursed-forest", {"players": 1, "adventurers": 3}),
    ("cursed-forest", {"players": 2}), ("cursed-forest", {"players": 3, "pvp": True}),
    ("cursed-forest", {"players": 4}), ("cursed-forest", {"players": 2, "pvp": True}),
]

#: sizes and digests of the default packs' spaces: a change here changes every trained agent's
#: action numbering, so it must be deliberate (and said in docs/research.md)
PINNED = {
    ("tanglewoods", 1): (951, "1358c70ce4263553"),
    ("storyfold", 1): (478, "84dedb6cdf52a377"),
    ("cursed-forest", 1): (29038, "c64a97b2d79d551f"),
    ("cursed-forest", 4): (29170, "d5a96abc99c86835"),
}


def play(game_id: str, options: dict[str, Any], seed: int, limit: int = 40) -> int:
    game = woodlands.load_game(game_id)
    opts = game.options_for_simulation(dict(options))
    if game.limit_option:
        opts.setdefault(game.limit_option, limit)
    space = action_space(game_id, opts)
    state = game.new_game(seed=seed, options=opts)
    rng = random.Random(seed)
    steps = 0
    while not state.is_over:
        offered = [o.id for o in state.decision.options]
        mask = space.mask(state)
        assert mask.dtype == np.int8 and mask.shape == (space.size,)
        legal = np.flatnonzero(mask)
        assert sorted(space.index(i) for i in offered) == legal.tolist()
        assert [space.id_at(i) for i in space.legal(state)] == offered
        state.apply(offered[rng.randrange(len(offered))])
        steps += 1
    assert not space.mask(state).any() and space.legal(state) == []
    return steps


@pytest.mark.parametrize("game_id,options", CASES, ids=[f"{g}-{o}" for g, o in CASES])
def test_every_offered_id_has_an_index_and_the_mask_is_the_options(game_id: str, options: dict[str, Any]) -> None:
    runs = {"tanglewoods": 12, "storyfold": 2, "cursed-forest": 4}[game_id]
    assert sum(play(game_id, options, seed) for seed in range(runs)) > 100


def test_the_spaces_are_pinned() -> None:
    for (game_id, players), (size, digest) in PINNED.items():
        space = action_space(game_id, {"players": players} if game_id == "cursed-forest" else None)
        assert (space.size, space.digest[:16]) == (size, digest), game_id
        assert len(set(space.ids)) == space.size
        assert all(space.index(i) == k for k, i in enumerate(space.ids))


def test_the_enumeration_is_the_same_in_another_process() -> None:
    code = ("from woodlands.kit.spaces import action_space as a;"
            "print(a('cursed-forest', {'players': 3}).digest, a('storyfold').digest)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"PYTHONHASHSEED": "123", "PATH": ""}, cwd=".").stdout.split()
    assert out == [action_space("cursed-forest", {"players": 3}).digest, action_space("storyfold").digest]


def test_options_that_do_not_change_the_grammar_give_the_same_space() -> None:
    plain = action_space("cursed-forest", {"players": 2})
    assert action_space("cursed-forest", {"players": 2, "pvp": True, "turn_limit": 9}).ids == plain.ids
    assert action_space("tanglewoods", {"difficulty": 9}).ids == action_space("tanglewoods").ids
    assert action_space("cursed-forest", {"players": 3}).size > plain.size   # one more adventurer


def test_cursed_forest_coordinates_are_bounded_by_the_tiles() -> None:
    game = woodlands.load_game("cursed-forest")
    r = reach(game)
    assert r == len(game.content.tiles) - 1 == 44
    cells = squares(r)
    assert len(cells) == 2 * r * (r + 1) + 1 == 3961 and (0, 0) in cells and (r, 0) in cells
    space = action_space("cursed-forest")
    assert f"exit:0:{r}:3" in space and f"exit:0:{r + 1}:0" not in space and "jump:-44:0" in space


def test_unknown_ids_and_indexes_are_clear_errors() -> None:
    space = action_space("tanglewoods")
    with pytest.raises(KeyError, match="not an option id of tanglewoods"):
        space.index("fly:away")
    with pytest.raises(KeyError, match="not an option id"):
        space.index(["a list"])  # type: ignore[arg-type]
    with pytest.raises(IndexError, match="not an action index"):
        space.id_at(space.size)
    with pytest.raises(IndexError):
        space.id_at(-1)
    with pytest.raises(woodlands.GameOptionError, match="players"):
        action_space("cursed-forest", {"players": 9})
    with pytest.raises(woodlands.GameOptionError):
        action_space("no-such-game")


@pytest.mark.parametrize("game_id, options", [("tanglewoods", {}), ("storyfold", {}),
                                              ("cursed-forest", {"players": 3, "pvp": True})])
def test_take_by_position_is_apply(game_id: str, options: dict[str, Any]) -> None:
    """The adapters' ``take(state, position)`` plays as ``apply(id)``: same records, logs, undo
    floors and decisions, game after game."""
    from woodlands.kit.spaces import take
    game = woodlands.load_game(game_id)
    opts = game.options_for_simulation(options)
    if game.limit_option:
        opts[game.limit_option] = 40
    for seed in range(3):
        a, b = game.new_game(seed=seed, options=dict(opts)), game.new_game(seed=seed, options=dict(opts))
        rng = random.Random(seed)
        while not a.is_over:
            k = rng.randrange(len(a.decision.options))
            a.apply(a.decision.options[k].id)
            take(b, k)
            assert (b.chance_floor, b.can_undo(), b.decision, b.log_length) == (a.chance_floor, a.can_undo(), a.decision, a.log_length)
        assert b.is_over and b.record() == a.record() and b.outcome == a.outcome


def test_a_loaded_game_gives_its_own_packs_space(tmp_path) -> None:
    """``action_space(game, options)`` of a loaded game is the space of its own pack and those
    options: the default pack's for a default game, the pack folder's for a game loaded from one."""
    import shutil

    default = woodlands.load_game("cursed-forest")
    assert action_space(default, {"players": 4}) is action_space("cursed-forest", {"players": 4})
    assert action_space(default).size != action_space(default, {"players": 4}).size
    pack = tmp_path / "my-pack"
    shutil.copytree(Path(woodlands.__file__).parent / "games" / "tanglewoods" / "content", pack)
    toml = (pack / "pack.toml").read_text()
    (pack / "pack.toml").write_text(toml.replace('id = "tanglewoods-standard"', 'id = "my-pack"', 1))
    mine = action_space(woodlands.load_game("tanglewoods", pack))
    assert mine.content_id == "my-pack" and mine is action_space("tanglewoods", None, str(pack))
    assert mine.ids == action_space(woodlands.load_game("tanglewoods")).ids   # the same cards
    with pytest.raises(woodlands.GameOptionError):
        action_space(default, {"players": 9})
    with pytest.raises(woodlands.GameOptionError, match="its own content pack"):
        action_space(default, None, str(pack))   # a loaded game's pack is the one it was loaded with
