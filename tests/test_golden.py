"""Golden playthroughs: whole games pinned decision by decision, with a digest of the final
state, so that any change to the rules or the default pack shows up as a diff here.

After an intended change, regenerate with ``WOODLANDS_REGEN_GOLDEN=1 pytest tests/test_golden.py``
and review the diff of tests/golden/ like any other change.
"""
from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest

import woodlands
from woodlands.bots import get_bot
from woodlands.engine.registry import descriptors

GOLDEN = Path(__file__).parent / "golden"
#: each game's golden games (its descriptor's ``tests.golden``): (game, bot, seed, options)
CASES = [(d.id, bot, seed, dict(options)) for d in descriptors() for bot, seed, options in d.tests.golden]


def limit(game_id: str) -> dict:
    """The game's own "end an endless game" option at its default, so a golden game can never
    run away."""
    game = woodlands.load_game(game_id)
    return {game.limit_option: game.limit_default} if game.limit_option else {}


def digest(state: woodlands.GameState) -> str:
    blob = json.dumps({"view": state.view(0), "log": state.log}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode()).hexdigest()


def play(game_id: str, bot_name: str, seed: int, options: dict) -> woodlands.GameState:
    game = woodlands.load_game(game_id)
    # bots play with the game's simulation options (C-15), under the limit and the case's options
    state = game.new_game(seed=seed, options=game.options_for_simulation(dict(options, **limit(game_id))))
    bot = get_bot(bot_name, seed=seed)
    while not state.is_over:
        state.apply(bot.choose(state))
    return state


@pytest.mark.parametrize("game_id, bot_name, seed, options", CASES, ids=[f"{g}-{b}-{s}" for g, b, s, _ in CASES])
def test_golden_playthrough(game_id, bot_name, seed, options):
    path = GOLDEN / f"{game_id}-{bot_name}-{seed}.json"
    state = play(game_id, bot_name, seed, options)
    now = {"record": state.record(), "decisions": len(state.choices), "outcome": state.outcome, "digest": digest(state)}
    if os.environ.get("WOODLANDS_REGEN_GOLDEN"):
        path.write_text(json.dumps(now, indent=1) + "\n", encoding="utf-8")
    pinned = json.loads(path.read_text(encoding="utf-8"))
    # the pinned choices still replay to the pinned end ...
    again = woodlands.replay(pinned["record"])
    assert again.outcome == pinned["outcome"]
    assert digest(again) == pinned["digest"]
    # ... and the same bot still makes the same choices
    assert now["record"]["choices"] == pinned["record"]["choices"]
    assert now["digest"] == pinned["digest"]


def test_bots_do_not_depend_on_string_hashing():
    """Golden games must not depend on PYTHONHASHSEED (set order of strings differs between
    processes); two processes with different hash seeds make the same choices."""
    import subprocess
    import sys
    script = ("import woodlands, hashlib; from woodlands.bots import get_bot\n"
              "for seed in (1, 3):\n"
              "    s = woodlands.load_game('tanglewoods').new_game(seed=seed, options={'round_limit': 200})\n"
              "    b = get_bot('greedy', seed)\n"
              "    while not s.is_over: s.apply(b.choose(s))\n"
              "    print(hashlib.sha256(' '.join(s.choices).encode()).hexdigest())\n")
    outs = {subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300,
                           env={**os.environ, "PYTHONHASHSEED": h}).stdout for h in ("1", "2", "99")}
    assert len(outs) == 1 and len(next(iter(outs)).split()) == 2, outs
