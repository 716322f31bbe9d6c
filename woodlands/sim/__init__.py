"""Batch simulation: many seeded games played by bots, on local processes (Ray later)."""
from __future__ import annotations

from .runner import BACKENDS, GameRow, LocalBackend, SimConfig, SimReport, play_one, run_sim
from .stats import summarise, wilson_interval

__all__ = ["BACKENDS", "GameRow", "LocalBackend", "SimConfig", "SimReport", "play_one", "run_sim",
           "summarise", "wilson_interval"]
