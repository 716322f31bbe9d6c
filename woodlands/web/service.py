"""Live games over the store (being written: see docs/web.md)."""
from __future__ import annotations

from .settings import Settings


class GameService:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    async def start(self) -> None:
        pass

    async def stop(self) -> None:
        pass
