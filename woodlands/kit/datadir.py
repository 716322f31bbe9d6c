"""The user's data folder for Woodlands, shared by every client: the terminal keeps its
autosaves there (``autosave/``) and the web app its SQLite database (``web.sqlite3``).

Where: ``$WOODLANDS_DATA_DIR`` when that variable is set (tests point it at a temporary folder),
else the platform's data folder for ``woodlands`` (``platformdirs.user_data_dir``;
``~/.local/share/woodlands`` on Linux).  It lives below both clients so that neither imports the
other to find it.
"""
from __future__ import annotations

import os
from pathlib import Path

import platformdirs

#: the environment variable that moves the data folder
ENV = "WOODLANDS_DATA_DIR"


def data_dir() -> Path:
    """The user's data folder for Woodlands (``$WOODLANDS_DATA_DIR`` if set)."""
    override = os.environ.get(ENV)
    if override:
        return Path(override).expanduser()
    return Path(platformdirs.user_data_dir("woodlands", appauthor=False))
