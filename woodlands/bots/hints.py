"""Hints for people: the three best options for a seat, each with a number a person can check.

:func:`hint` reads :func:`woodlands.bots.estimate.option_values`: in each *sample* (a position
the seat cannot tell from the real one, drawn by ``state.determinize(seat, ...)``: nothing else of
the real state is read) every option is taken and the game played to its end by the greedy bot.
An option's value is then the win chance (Storyfold: the expected score, out of 100) **if you play
on as the greedy bot would**; every hint says so, because that is what the number means and what
``woodlands calibrate`` checks against play (docs/bots.md, "Hints you can trust").

Options are compared on the same samples.  One whose gap to the best is within the samples'
noise (:data:`~woodlands.bots.estimate.APART` standard errors) is *about equal* to it; one clearly
worse says by how much in a player's words (:func:`how_much`: "wins about 1 game in 5 more
often", Storyfold "scores about 6 points more").  Waiting longer buys more samples: the gaps'
error shrinks as one over the square root of the samples, so options about equal now may be told
apart (:data:`LONGER`).

The terminal calls it in a thread (``hint`` in line mode, the ``?`` key full screen, ``--budget``:
docs/terminal.md); the web app in a worker process for ``GET /api/games/{id}/hint`` and the game
page's Hint and Think longer buttons (:meth:`woodlands.web.hints.Hints.hint`, docs/web.md).

>>> import woodlands
>>> state = woodlands.load_game("tanglewoods").new_game(seed=4, options={"hero": "thorn-warden", "round_limit": 40})
>>> hints = hint(state, 0, budget=4, seed=1)
>>> 1 <= len(hints) <= 3 and all(h.option_id in state.decision for h in hints), hints[0].samples
(True, 4)
>>> "if you play on as the greedy bot would" in hints[0].text()
True
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .estimate import APART, ASSUMES, option_values
from ..kit.bots import Budget

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.state import GameState

#: how long a hint samples by default, in seconds: the whole answer (a worker's start, the
#: words) stays within 2 s on this project's reference machine (docs/bots.md, "Hints you can trust")
SECONDS = 1.6

#: the fewest samples a timed hint takes.  One: a sample of a decision with many options can take
#: a second of a slow game, and a second one would break the 2 s promise; with one sample no
#: gap has an error, so every option reads "about equal" (true: nothing tells them apart yet)
LEAST = 1

#: what waiting longer buys, in words for a person
LONGER = ("Waiting longer buys more sample games: the error of each difference shrinks as one over "
          "the square root of their number (four times the games, half the error), so options about "
          "equal now may be told apart.")

#: the friendly "1 game in N" a win-chance gap is rounded to
_ONE_IN = (2, 3, 4, 5, 6, 7, 8, 10, 12, 15, 20, 25, 30, 40, 50, 100, 200, 500, 1000)


@dataclass(frozen=True)
class Hint:
    """One option of a hint: its value (0..1, see ``measure``), its gap to the best option (0 for
    the best, else negative) with that gap's standard error, whether it is about equal to the best
    (within the noise), and what the whole hint rests on: samples and seconds."""

    option_id: str
    words: str          #: the option in the game's words (``Presentation.option_words``)
    value: float        #: the seat's mean reward after it, 0..1 (see ``measure``), played on as ``assumes``
    gap: float          #: ``value`` less the best option's (0 for the best)
    gap_error: float    #: the standard error of ``gap``, from the paired samples
    about_equal: bool   #: cannot be told from the best within the noise (the best itself: True)
    measure: str        #: what ``value`` is: "win chance", or "score" (Storyfold: out of 100)
    samples: int        #: how many sample games each option was played on
    #: how long the sampling took (not part of a hint's equality: the same samples give the same hint)
    seconds: float = field(default=0.0, compare=False)
    greedy: bool = False    #: the option the greedy bot takes (what ``assumes`` plays)
    assumes: str = ASSUMES

    def value_words(self) -> str:
        """``win chance about 62%``; a score: ``expected score about 87 of 100``."""
        return value_words(self.value, self.measure)

    def text(self, rank: int = 1) -> str:
        """One line for a person: ``Roll the dice: win chance about 62% if you play on as the
        greedy bot would``, then for the others ``..., about equal to the best`` or ``...; the
        best wins about 1 game in 5 more often``.  ``rank`` 1 is the best option."""
        # (an option's words may be whole sentences, a hero's ability: "... becomes 4.: win"
        #  would read badly, so a closing full stop gives way to the colon)
        words = self.words[:-1] if self.words.endswith(".") and not self.words.endswith("..") else self.words
        line = f"{words}: {self.value_words()} {self.assumes}"
        if rank > 1 or self.gap < 0:
            if self.about_equal:
                line += "; about equal to the best (within the noise of the samples)"
            else:
                line += f"; the best {how_much(-self.gap, self.measure)}"
        return line


def value_words(value: float, measure: str) -> str:
    """A value in a player's words.

    >>> value_words(0.623, "win chance"), value_words(0.871, "score")
    ('win chance about 62%', 'expected score about 87 of 100')
    """
    if measure == "score":
        return f"expected score about {100 * value:.0f} of 100"
    return f"{measure} about {100 * value:.0f}%"


def how_much(gap: float, measure: str) -> str:
    """How much better the better of two options is, for a gap ``gap`` > 0 in the reward (0..1).

    >>> how_much(0.2, "win chance"), how_much(0.45, "win chance"), how_much(0.012, "win chance")
    ('wins about 1 game in 5 more often', 'wins about 45 more games in 100', 'wins about 1 game in 100 more often')
    >>> how_much(0.06, "score"), how_much(0.004, "score")
    ('scores about 6 points more', 'scores about 0.4 points more')
    """
    if measure == "score":
        points = 100 * gap
        return f"scores about {points:.0f} points more" if points >= 1 else f"scores about {points:.1f} points more"
    if gap >= 0.3:
        return f"wins about {100 * gap:.0f} more games in 100"
    if gap <= 0:
        return "wins as often"
    n = min(_ONE_IN, key=lambda k: abs(math.log(k) - math.log(1 / gap)))
    return f"wins about 1 game in {n} more often"


def measure_of(game: "Game") -> str:
    """What a hint's ``value`` is for ``game``: its ``reward_measure`` ("win chance", or "score"
    for a game whose reward grades a finished game, Storyfold).

    >>> import woodlands
    >>> measure_of(woodlands.load_game("tanglewoods")), measure_of(woodlands.load_game("storyfold"))
    ('win chance', 'score')
    """
    return game.reward_measure


def hint(state: "GameState", seat: int, seconds: float = SECONDS, seed: int = 0, top: int = 3,
         budget: "str | int | Budget | None" = None) -> list[Hint]:
    """The ``top`` best options for ``seat`` at ``state``'s decision, best first (empty when the
    game is over or another seat decides).  It samples for about ``seconds``; ``budget`` overrides
    that: seconds (``"3s"``) or a number of samples (``16``, then the answer is the same for a
    seed).  It reads the state only through ``state.determinize(seat, ...)`` and the decision."""
    decision = state.decision
    if decision is None or decision.player != seat:
        return []
    chosen = Budget.parse(budget) if budget is not None else Budget(seconds=max(0.001, seconds))
    if chosen.iterations is not None:
        found = option_values(state, seat, samples=chosen.iterations, seed=seed)
    else:
        # a ceiling, not a start line: no sample is begun that would end past the time
        found = option_values(state, seat, seconds=chosen.seconds, seed=seed, least=LEAST, within=True)
    measure = measure_of(state.game)
    from ..engine.presentation import presentation_for
    words = presentation_for(state.game).option_words
    out = []
    for o in found.options[:top]:
        option = decision.option(o.option_id)
        assert option is not None
        error = o.gap_error if math.isfinite(o.gap_error) else 1.0
        out.append(Hint(o.option_id, words(decision, option), o.value, o.gap, error, o.about_equal, measure,
                        found.samples, found.seconds, greedy=o.option_id == found.greedy))
    return out


__all__ = ["APART", "ASSUMES", "LEAST", "LONGER", "SECONDS", "Hint", "hint", "how_much", "measure_of", "value_words"]
