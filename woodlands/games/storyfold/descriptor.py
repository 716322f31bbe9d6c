"""Storyfold as the rest of Woodlands sees it (:class:`~woodlands.engine.registry.GameDescriptor`)."""
from __future__ import annotations

from ...engine.registry import GameDescriptor, GameTests, Lazy, OptionSpec
from . import StoryfoldGame
from .invariants import check_invariants
from .save import SAVE_FORMAT
from .setup import SCENE_LIMIT_MAX
from .state import StoryfoldState
from .views import EVENTS, StoryfoldView

def daily_setups(_game: object) -> list[tuple[dict[str, object], str]]:
    """The daily challenge is the whole campaign, from its first scene, for everyone."""
    return [({}, "the whole campaign, from its first scene")]


DESCRIPTOR = GameDescriptor(
    game=StoryfoldGame,
    view=StoryfoldState.view,
    view_type=StoryfoldView,
    event_types=EVENTS,
    narrator=Lazy("woodlands.games.storyfold.present.words:StoryfoldNarrator"),
    help=Lazy("woodlands.games.storyfold.present.helptext:HELP"),
    teach=Lazy("woodlands.games.storyfold.present.teach:TEACHING"),
    presentation=Lazy("woodlands.games.storyfold.present:StoryfoldPresentation"),
    bots={"greedy": Lazy("woodlands.games.storyfold.bots.greedy:GreedyStoryfoldBot")},
    generic_bots=("random", "ismcts"),
    position_value=Lazy("woodlands.games.storyfold.bots.value:position_value"),
    value_scale=3.0,
    details=Lazy("woodlands.games.storyfold.balance:details"),
    detail_fields=Lazy("woodlands.games.storyfold.balance:detail_fields"),
    report_section=Lazy("woodlands.games.storyfold.balance:report_section"),
    loss_columns=Lazy("woodlands.games.storyfold.balance:LOSS_COLUMNS"),
    paired_measures=Lazy("woodlands.games.storyfold.balance:PAIRED_MEASURES"),
    career=Lazy("woodlands.games.storyfold.career:CAREER"),
    options=(
        OptionSpec("resume", dict, None, "a save made at the end of a scene (woodlands play --resume FILE)"),
        OptionSpec("scene_limit", int, None, "scenes", range=(1, SCENE_LIMIT_MAX), simulation=True),
    ),
    tests=GameTests(limit={"scene_limit": 200}, invariants=check_invariants,
                    golden=(("greedy", 1, {}), ("greedy", 2, {}), ("random", 3, {}))),
    menu_order=2,
    save_format=SAVE_FORMAT,
    daily_setups=daily_setups,
    # -- research
    action_ids=Lazy("woodlands.games.storyfold.grammar:action_ids"),
    encoding=Lazy("woodlands.games.storyfold.observation:build"),
    potential=Lazy("woodlands.games.storyfold.reward:potential"),
    shaping_terms=Lazy("woodlands.games.storyfold.reward:SHAPING_TERMS"),
    curricula=Lazy("woodlands.games.storyfold.reward:CURRICULA"),
    progress=Lazy("woodlands.games.storyfold.reward:progress"),
)
