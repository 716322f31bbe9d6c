"""The JSON API (being written: see docs/web.md)."""
from __future__ import annotations

from fastapi import FastAPI


def install(app: FastAPI) -> None:
    pass
