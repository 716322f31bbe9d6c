"""The end of a game in the terminal: the story told to a seat (the game's
:meth:`~woodlands.engine.presentation.Presentation.story`, from its view and its log alone) as
lines of text, and a new game with the same set-up for "play again"."""
from __future__ import annotations

from ..engine.presentation import Story, presentation_for
from ..engine.state import GameState

#: the end screen's keys (the full screen's; line mode prints the story whole): play again, and
#: the whole story in a scrolling box
AGAIN_KEY = "p"
STORY_KEY = "e"


def story_of(state: GameState, seat: int) -> Story:
    """The finished game told to ``seat``."""
    return presentation_for(state.game).story(state.view(seat), state.log_for(seat), seat)


def figure_lines(figures: tuple[tuple[str, ...], ...]) -> list[str]:
    """Per-player figures as aligned columns (the first row the headings).

    >>> figure_lines((("Name", "Kills"), ("Hildra", "5")))
    ['Name    Kills', 'Hildra  5']
    """
    if len(figures) < 2:
        return []
    widths = [max(len(row[i]) for row in figures) for i in range(len(figures[0]))]
    return ["  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in figures]


def story_lines(story: Story) -> list[str]:
    """The story as plain lines: the headline, why, the key moments, each player's figures."""
    lines = [f"Game over: {story.result}"]
    if story.reason:
        lines.append(story.reason)
    if story.moments:
        lines.append("Key moments:")
        lines += [f"  - {m}" for m in story.moments]
    figures = figure_lines(story.figures)
    if figures:
        lines.append("Each player:")
        lines += ["  " + f for f in figures]
    return lines


def new_game_like(state: GameState) -> GameState:
    """A new game with the same game, pack and options as ``state``, and a new seed."""
    return state.game.new_game(seed=None, options=state.options)


__all__ = ["AGAIN_KEY", "STORY_KEY", "figure_lines", "new_game_like", "story_lines", "story_of"]
