"""Tanglewoods as the rest of Woodlands sees it (:class:`~woodlands.engine.registry.GameDescriptor`)."""
from __future__ import annotations

from ...engine.registry import GameDescriptor, GameTests, Lazy, OptionSpec
from . import TanglewoodsGame
from .invariants import check_invariants
from .state import TanglewoodsState
from .views import EVENTS, TanglewoodsView


def hero_choices(game: TanglewoodsGame) -> list[tuple[str, str]]:
    """The heroes a menu offers: (id, name) from the loaded content."""
    return [(h.id, h.sides[0].name) for h in game.content.heroes]


#: the difficulties a daily challenge is drawn from: a fair fight, neither a stroll nor a wall
DAILY_DIFFICULTIES = range(3, 8)


def daily_setups(game: TanglewoodsGame) -> list[tuple[dict[str, object], str]]:
    """The daily challenge's set-ups: every hero at every difficulty of :data:`DAILY_DIFFICULTIES`
    (the hero's side is still the player's choice at the table)."""
    return [({"hero": hero, "difficulty": level}, f"{name}, difficulty {level}")
            for hero, name in hero_choices(game) for level in DAILY_DIFFICULTIES]


DESCRIPTOR = GameDescriptor(
    game=TanglewoodsGame,
    view=TanglewoodsState.view,
    view_type=TanglewoodsView,
    event_types=EVENTS,
    narrator=Lazy("woodlands.games.tanglewoods.present.words:TanglewoodsNarrator"),
    help=Lazy("woodlands.games.tanglewoods.present.help:HELP"),
    teach=Lazy("woodlands.games.tanglewoods.present.teach:TEACHING"),
    presentation=Lazy("woodlands.games.tanglewoods.present:TanglewoodsPresentation"),
    bots={"greedy": Lazy("woodlands.games.tanglewoods.bots.greedy:GreedyTanglewoodsBot")},
    generic_bots=("random", "ismcts"),
    position_value=Lazy("woodlands.games.tanglewoods.bots.value:position_value"),
    value_scale=1.0,
    search=Lazy("woodlands.games.tanglewoods.bots.value:SEARCH"),
    # issue 2's target for the first kernel, when Tanglewoods was the only game; the rules have
    # grown since (the audit's fixes, every card's effect), so `woodlands bench` shows it as that
    # issue's, below it (docs/engine.md "Speed")
    speed_target=(50_000, "issue 2, first kernel"),
    details=Lazy("woodlands.games.tanglewoods.balance:details"),
    detail_fields=Lazy("woodlands.games.tanglewoods.balance:detail_fields"),
    report_section=Lazy("woodlands.games.tanglewoods.balance:report_section"),
    loss_columns=Lazy("woodlands.games.tanglewoods.balance:LOSS_COLUMNS"),
    paired_measures=Lazy("woodlands.games.tanglewoods.balance:PAIRED_MEASURES"),
    daily_setups=daily_setups,
    career=Lazy("woodlands.games.tanglewoods.career:CAREER"),
    options=(
        OptionSpec("difficulty", int, 5, "difficulty 0-10 (default 5)", range=(0, 10), flag=True,
                   label="Difficulty, from 0 to 10"),
        OptionSpec("hero", str, None, "hero id (default: you choose at the table)", flag=True,
                   menu_choices=Lazy("woodlands.games.tanglewoods.descriptor:hero_choices"), label="Your hero"),
        # asked at the table, where each side's numbers and text are shown (not in the menu too)
        OptionSpec("side", str, None, "starting side of the hero, a or b (default: you choose at the table)",
                   choices=("a", "b"), flag=True, asked=False,
                   when=(("hero", ...),), label="Your hero's starting side",
                   choice_labels=(("a", "Side A"), ("b", "Side B"))),
        OptionSpec("difficulty_mode", str, "toward-5", "how the difficulty applies (ruling T-9)",
                   choices=("toward-5", "single")),
        OptionSpec("round_limit", int, None, "rounds", range=(1, 1 << 62), simulation=True),
    ),
    tests=GameTests(
        # every difficulty, and the "single" difficulty mode every 7th game
        option_sets=tuple({"difficulty": k % 11, "difficulty_mode": "single" if k % 7 == 0 else "toward-5"}
                          for k in range(77)),
        limit={"round_limit": 150},
        invariants=check_invariants,
        golden=(("greedy", 1, {"difficulty": 5}), ("greedy", 2, {"difficulty": 0}), ("greedy", 3, {"difficulty": 10}),
                ("greedy", 4, {"difficulty": 7, "difficulty_mode": "single"}), ("random", 5, {"difficulty": 5}),
                ("random", 6, {"difficulty": 2})),
    ),
    menu_order=1,
    summary_keys=("round", "health", "strategy", "recovery", "gold", "bears_defeated"),
    # -- research
    action_ids=Lazy("woodlands.games.tanglewoods.grammar:action_ids"),
    encoding=Lazy("woodlands.games.tanglewoods.observation:build"),
    potential=Lazy("woodlands.games.tanglewoods.reward:potential"),
    shaping_terms=Lazy("woodlands.games.tanglewoods.reward:SHAPING_TERMS"),
    curricula=Lazy("woodlands.games.tanglewoods.reward:CURRICULA"),
    progress=Lazy("woodlands.games.tanglewoods.reward:progress"),
)
