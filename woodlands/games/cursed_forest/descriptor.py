"""The Cursed Forest as the rest of Woodlands sees it (:class:`~woodlands.engine.registry.GameDescriptor`)."""
from __future__ import annotations

from ...engine.registry import GameDescriptor, GameTests, Lazy, OptionSpec
from . import CursedForestGame
from .invariants import check_invariants
from .state import CursedForestState
from .views import EVENTS, CursedForestView

#: the daily challenge's set-ups: played alone, leading one adventurer or two
DAILY_SETUPS = (({"players": 1, "adventurers": 1}, "alone, with one adventurer"),
                ({"players": 1, "adventurers": 2}, "alone, leading two adventurers"))


def daily_setups(_game: object) -> list[tuple[dict[str, object], str]]:
    return [(dict(options), words) for options, words in DAILY_SETUPS]


DESCRIPTOR = GameDescriptor(
    game=CursedForestGame,
    view=CursedForestState.view,
    view_type=CursedForestView,
    event_types=EVENTS,
    narrator=Lazy("woodlands.games.cursed_forest.present.words:CursedForestNarrator"),
    help=Lazy("woodlands.games.cursed_forest.present.helptext:HELP"),
    teach=Lazy("woodlands.games.cursed_forest.present.teach:TEACHING"),
    presentation=Lazy("woodlands.games.cursed_forest.present:CursedForestPresentation"),
    bots={"greedy": Lazy("woodlands.games.cursed_forest.bots.greedy:GreedyCursedForestBot")},
    generic_bots=("random", "ismcts"),
    position_value=Lazy("woodlands.games.cursed_forest.bots.value:position_value"),
    value_scale=4.0,
    search=Lazy("woodlands.games.cursed_forest.bots.value:SEARCH"),
    details=Lazy("woodlands.games.cursed_forest.balance:details"),
    detail_fields=Lazy("woodlands.games.cursed_forest.balance:detail_fields"),
    report_section=Lazy("woodlands.games.cursed_forest.balance:report_section"),
    loss_columns=Lazy("woodlands.games.cursed_forest.balance:LOSS_COLUMNS"),
    paired_measures=Lazy("woodlands.games.cursed_forest.balance:PAIRED_MEASURES"),
    daily_setups=daily_setups,
    career=Lazy("woodlands.games.cursed_forest.career:CAREER"),
    options=(
        OptionSpec("players", int, 1, "number of players, 1-4 (default 1)", range=(1, 4), flag=True,
                   label="Players"),
        OptionSpec("adventurers", int, None, "solo game only: adventurers to lead, 1-4 (default 1, CF-091)", range=(1, 4),
                   flag=True, when=(("players", 1),), label="Adventurers you lead when you play alone"),
        OptionSpec("characters", list, None, "character ids, one per adventurer (default: each is chosen)"),
        OptionSpec("pvp", bool, False, "players may fight each other (section 21)"),
        OptionSpec("ring_bearer", int, None, "the adventurer number carrying the Ring (section 18)", range=(0, 3)),
        OptionSpec("escape_ends_turn", bool, None, "the turn ends after an escape (C-13)"),
        OptionSpec("free_actions_at_zero_ap", bool, None, "the turn stays open at 0 AP until ended (C-14)"),
        OptionSpec("turn_limit", int, None, "turns", range=(1, 1 << 62), simulation=True),
        OptionSpec("free_actions_per_turn", int, None, "a cap on zero-AP inventory actions in one turn (C-15)",
                   range=(1, 1 << 62), simulation=True),
    ),
    tests=GameTests(
        option_sets=({"players": 1}, {"players": 2}, {"players": 3}, {"players": 4},
                     {"players": 1, "adventurers": 4}, {"players": 2, "pvp": True},
                     {"players": 1, "ring_bearer": 0}, {"players": 3, "ring_bearer": 2}),
        invariants=check_invariants,
        golden=(("greedy", 1, {"players": 1}), ("greedy", 2, {"players": 2}), ("greedy", 3, {"players": 4}),
                ("random", 4, {"players": 3})),
    ),
    menu_order=3,
    summary_keys=("round",),
    # -- research
    action_ids=Lazy("woodlands.games.cursed_forest.grammar:action_ids"),
    encoding=Lazy("woodlands.games.cursed_forest.observation:build"),
    potential=Lazy("woodlands.games.cursed_forest.reward:potential"),
    shaping_terms=Lazy("woodlands.games.cursed_forest.reward:SHAPING_TERMS"),
    curricula=Lazy("woodlands.games.cursed_forest.reward:CURRICULA"),
    progress=Lazy("woodlands.games.cursed_forest.reward:progress"),
    each_for_itself=Lazy("woodlands.games.cursed_forest.reward:each_for_itself"),
    # its one-agent environment is the solo game (several players: PettingZoo's)
    gym_name="CursedForestSolo",
    research_cases=(("cursed-forest solo, 2 adventurers", {"players": 1, "adventurers": 2}),
                    ("cursed-forest, 3 players", {"players": 3})),
)
