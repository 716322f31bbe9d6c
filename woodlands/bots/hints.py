"""Hints for people: the search bot's three best options for a seat, in the game's words.

:func:`hint` runs :class:`~woodlands.bots.ismcts.ISMCTSBot` for about ``seconds`` from what
``seat`` may see (it reaches the rest of the state only through ``state.determinize(seat, ...)``)
and returns the options it visited most, each with its share of the visits and the seat's
estimated reward after it: a win chance in a win-or-lose game, a score from 0 to 1 in Storyfold.
The first hint is the option the search would take (``SearchResult.best``), the others follow
by visits.  The terminal calls it in a thread (``hint`` in line mode, the ``?`` key full screen:
docs/terminal.md); the web app calls it in a worker process for ``GET /api/games/{id}/hint`` and
the game page's Hint button (:meth:`woodlands.web.hints.Hints.hint`, docs/web.md).

>>> import woodlands
>>> state = woodlands.load_game("tanglewoods").new_game(seed=4, options={"hero": "thorn-warden", "round_limit": 40})
>>> hints = hint(state, 0, seconds=0.2, seed=1)
>>> 1 <= len(hints) <= 3 and all(h.option_id in state.decision for h in hints)
True
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .ismcts import Budget, ISMCTSBot

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.state import GameState


@dataclass(frozen=True)
class Hint:
    option_id: str
    words: str          #: the option in the game's words (``Presentation.option_words``)
    share: float        #: of the search's visits, 0..1
    value: float        #: the seat's estimated reward after it, 0..1 (see ``measure``)
    measure: str        #: what ``value`` is: "win chance", "score", or "rating" (:data:`RATING`)
    iterations: int     #: how many samples the search played
    #: the first hint, kept as the search's choice although another option was visited more: the
    #: search keeps the greedy bot's pick unless an option is clearly better (``ISMCTSBot.margin``)
    kept: bool = False

    def text(self) -> str:
        """One line for a person: ``Roll the dice: picked in 46% of the search, win chance about 62%``
        (a rating: ``..., rated 58% (50% = as good as now)``).  A first hint visited less than
        another says why it comes first, so that a smaller share above a larger one reads right."""
        # (an option's words may be whole sentences, a hero's ability: "... becomes 4.: picked"
        #  would read badly, so a closing full stop gives way to the colon)
        words = self.words[:-1] if self.words.endswith(".") and not self.words.endswith("..") else self.words
        if self.measure == RATING:
            line = f"{words}: picked in {self.share:.0%} of the search, rated {self.value:.0%} (50% = as good as now)"
        else:
            line = f"{words}: picked in {self.share:.0%} of the search, {self.measure} about {self.value:.0%}"
        if self.kept:
            line += "; still the search's choice: no other option is clearly better"
        return line


#: The measure of a hint whose value is not a chance or a score but a rating against the position
#: now: the search judges most samples by the game's position value compared with the root's
#: (``leaf.squash``: 0.5 = as good as now), as in The Cursed Forest and Storyfold.  Calling it a
#: win chance would mislead: at the start of a solo Cursed Forest game, where the greedy bot wins
#: about one game in five, the options are rated above 90%.
RATING = "rating"


def measure_of(game: "Game") -> str:
    """What a hint's ``value`` is for ``game``: its ``reward_measure`` ("win chance", "score")
    when the search's value of a position is one (a game's own calibrated value, ``absolute``
    in its search settings, like Tanglewoods' fitted chance that the greedy bot wins from
    there; or no position value, so that samples are played to their end), else :data:`RATING`.

    >>> import woodlands
    >>> measure_of(woodlands.load_game("tanglewoods")), measure_of(woodlands.load_game("cursed-forest"))
    ('win chance', 'rating')
    """
    from . import leaf as leaves
    if leaves.has_value(game.id) and not leaves.settings(game.id).get("absolute"):
        return RATING
    return game.reward_measure


def hint(state: "GameState", seat: int, seconds: float = 1.0, seed: int = 0, top: int = 3,
         budget: "str | int | Budget | None" = None) -> list[Hint]:
    """The ``top`` options the search likes best for ``seat`` at ``state``'s decision (empty when
    the game is over or another seat decides).  ``budget`` (iterations or seconds) overrides
    ``seconds``; with iterations the answer is reproducible for a seed."""
    decision = state.decision
    if decision is None or decision.player != seat:
        return []
    chosen = Budget.parse(budget) if budget is not None else Budget(seconds=max(0.001, seconds))
    bot = ISMCTSBot(seed=seed, budget=chosen)
    result = bot.search(state, seat)
    measure = measure_of(state.game)
    from ..engine.presentation import presentation_for
    words = presentation_for(state.game).option_words
    found = []
    most = max((stat.visits for stat in result.stats), default=0)
    for k, stat in enumerate(result.stats[:top]):
        option = decision.option(stat.option_id)
        assert option is not None
        found.append(Hint(stat.option_id, words(decision, option), stat.share, stat.value, measure, result.iterations,
                          kept=k == 0 and stat.visits < most))
    return found


__all__ = ["RATING", "Hint", "hint", "measure_of"]
