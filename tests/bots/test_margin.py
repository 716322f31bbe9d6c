"""The margin by which the search must beat the greedy bot's choice, as a game may set it per
position (woodlands/bots/leaf.py ``settings``; the Cursed Forest's grows with the team:
docs/results/bots.md "The Cursed Forest with four players")."""
from __future__ import annotations

import pytest

import woodlands
from woodlands.bots import ismcts, leaf
from woodlands.games.cursed_forest.bots import value as vcf
from woodlands.bots.ismcts import ISMCTSBot

from .test_ismcts import positions


def test_the_cursed_forest_margin_grows_with_the_team():
    game = woodlands.load_game("cursed-forest")
    assert leaf.settings("cursed-forest")["margin"] is vcf.margin
    assert vcf.MARGIN_FEW == ismcts.MARGIN      # one or two adventurers: the common margin
    for options, team in (({"players": 1}, 1), ({"players": 1, "adventurers": 2}, 2), ({"players": 2}, 2),
                          ({"players": 1, "adventurers": 3}, 3), ({"players": 3}, 3), ({"players": 4}, 4),
                          ({"players": 4, "pvp": True}, 4), ({"players": 1, "adventurers": 4}, 4)):
        expected = vcf.MARGIN_MANY if team >= 3 else vcf.MARGIN_FEW
        assert vcf.margin(game.new_game(seed=0, options=options)) == expected, options


def _margins_used(monkeypatch, state, **bot_args) -> list[float]:
    used: list[float] = []
    real = ISMCTSBot._keep_prior

    def spy(stats, prior, margin):
        used.append(margin)
        return real(stats, prior, margin)

    monkeypatch.setattr(ISMCTSBot, "_keep_prior", staticmethod(spy))
    ISMCTSBot(seed=2, budget="20", **bot_args).search(state)
    return used


@pytest.mark.parametrize("players, expected", [(1, vcf.MARGIN_FEW), (4, vcf.MARGIN_MANY)])
def test_the_search_applies_the_games_margin_for_the_position(monkeypatch, players, expected):
    state = next(s for s in positions("cursed-forest", {"players": players}, 40) if len(s.decision.options) > 1)
    assert _margins_used(monkeypatch, state) == [expected]
    # a bot built with a margin of its own keeps it, whatever the game's
    assert _margins_used(monkeypatch, state, margin=0.3) == [0.3]


def test_a_larger_margin_keeps_the_greedy_choice_where_the_common_one_leaves_it():
    """The same search results, read with each margin: an option ahead of greedy's by 0.1 is
    taken at the common margin and not at the team's."""
    stats = [ismcts.OptionStat("fight", 40, 0.4, 0.50), ismcts.OptionStat("end-turn", 60, 0.6, 0.60)]
    assert ISMCTSBot._keep_prior(list(stats), "fight", vcf.MARGIN_FEW)[0].option_id == "end-turn"
    assert ISMCTSBot._keep_prior(list(stats), "fight", vcf.MARGIN_MANY)[0].option_id == "fight"
