"""Storyfold's words and pictures for every client (issue 10): the narrator (:mod:`.words`), the
help per decision kind (:mod:`.helptext`), the table model (:mod:`.table`), and the hooks of
:class:`~woodlands.engine.presentation.Presentation` (:mod:`.hooks`)."""
from __future__ import annotations

from .hooks import StoryfoldPresentation

__all__ = ["StoryfoldPresentation"]
