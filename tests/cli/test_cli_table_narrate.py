"""The table picture and the narration hold up over whole games, for every event the engine logs."""
from __future__ import annotations

import io

import pytest
from rich.console import Console

from woodlands.bots import get_bot
from woodlands.games.tanglewoods.present.help import HELP
from woodlands.cli.narrate import narrator_for
from woodlands.cli.table import table_for
from woodlands.engine.presentation import presentation_for


@pytest.mark.parametrize("bot_name, seed, difficulty", [("random", 1, 0), ("random", 2, 10), ("greedy", 3, 5),
                                                        ("greedy", 4, 0), ("greedy", 5, 8)])
def test_every_position_renders_and_every_event_is_told(default_game, bot_name, seed, difficulty):
    state = default_game.new_game(seed=seed, options={"difficulty": difficulty, "round_limit": 40})
    bot = get_bot(bot_name, seed)
    console = Console(file=io.StringIO(), width=100)
    narrator = narrator_for(default_game)
    shown = presentation_for(default_game)
    kinds: set[str] = set()
    while not state.is_over:
        if state.decision.kind not in kinds or len(state.choices) % 9 == 0:
            console.print(table_for(shown, state.view(0), 0))
        kinds.add(state.decision.kind)
        assert shown.help(state.decision)
        state.apply(bot.choose(state))
    console.print(table_for(shown, state.view(0), 0))
    untold = sorted({e["type"] for e in state.log if narrator.line(e).startswith("[")})
    assert not untold, f"no sentence for event type(s) {untold}"
    unexplained = sorted(kinds - set(HELP))
    assert not unexplained, f"no help text for decision kind(s) {unexplained}"
