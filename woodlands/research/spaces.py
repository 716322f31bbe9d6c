"""The action space, from its old place: :mod:`woodlands.kit.spaces` (kept for one release).

A game's action grammar now lives in its own package (``woodlands/games/<game>/grammar.py``),
named by its descriptor's ``action_ids``; the generic machinery is the kit's.
"""
from __future__ import annotations

from ..kit.spaces import ActionSpace, action_space, cache_key, episode_mode, per_game, take, verb_ids

__all__ = ["ActionSpace", "action_space", "cache_key", "episode_mode", "per_game", "take", "verb_ids"]
