"""The terminal's own words: the command list.

Each game's help texts live with the game: its presentation's ``help`` (which reads the
descriptor's ``help`` hook), :mod:`woodlands.engine.presentation`.
"""
from __future__ import annotations

COMMANDS = ("Commands: a number chooses; h help; s [FILE] save; l FILE load; u undo; "
            "log recent events; bell the bell at each change of turn; teach on|off lessons; q quit.")
