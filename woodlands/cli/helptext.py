"""What each kind of decision means, for the ``h`` command of ``woodlands play``.

Each game's texts live with the game (its presentation, :mod:`woodlands.engine.presentation`,
or its descriptor's ``help``); this module keeps the generic text, the command list and the
functions the terminal calls.
"""
from __future__ import annotations

from ..engine.decision import Decision

GENERIC = ("Choose one of the numbered options. Type its number, or 'u' to undo the last choice when "
           "nothing random has happened since.")
COMMANDS = ("Commands: a number chooses; h help; s [FILE] save; l FILE load; u undo; "
            "log recent events; q quit.")


def help_texts(game_id: str) -> dict[str, str]:
    """Decision kind -> explanation, for one game (its presentation's, else its descriptor's ``help``)."""
    from ..engine.errors import WoodlandsError
    from ..engine.registry import descriptor
    try:
        cls = descriptor(game_id).hook("presentation")
        texts = getattr(cls, "help_texts", None) if cls is not None else None
        if texts is None:
            texts = descriptor(game_id).hook("help")
    except (ImportError, AttributeError, WoodlandsError):
        return {}
    return texts if isinstance(texts, dict) else dict(texts or {})


def help_for(decision: Decision, game_id: str = "") -> str:
    """The explanation of ``decision`` in the game ``game_id``, with its rule reference and the
    command list (without a game, the general text)."""
    text = help_texts(game_id).get(decision.kind, GENERIC)
    rule = f"\nRule: {decision.step}" if decision.step else ""
    return f"[{decision.kind}] {text}{rule}\n{COMMANDS}"
