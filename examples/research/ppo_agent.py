"""A trained MaskablePPO policy as an outside agent for ``woodlands ladder``.

    WOODLANDS_PPO_MODEL=runs/ppo-storyfold-s0/model.zip \\
        woodlands ladder storyfold --bots random,greedy,examples.research.ppo_agent:make --games 100

``make`` is the factory the ladder calls once per game (docs/research.md, "Outside agents on the
ladder"): it returns a policy over the observation and the mask, as the Gymnasium environment
gives them, which samples the trained network's masked distribution (torch seeded by the game's
seed, so a ladder row repeats).  The model is the one ``train_maskable_ppo.py`` saves.
"""
from __future__ import annotations

import os
from typing import Any, Callable

import numpy as np

_LOADED: dict[str, Any] = {}


def make(seed: int, path: str | None = None) -> Callable[[np.ndarray, np.ndarray], int]:
    import torch
    from sb3_contrib import MaskablePPO
    path = path or os.environ.get("WOODLANDS_PPO_MODEL")
    if not path:
        raise ValueError("set WOODLANDS_PPO_MODEL to a model.zip that train_maskable_ppo.py saved")
    if path not in _LOADED:
        torch.set_num_threads(1)
        _LOADED[path] = MaskablePPO.load(path, device="cpu")
    model = _LOADED[path]
    torch.manual_seed(seed)

    def policy(observation: np.ndarray, mask: np.ndarray) -> int:
        action, _ = model.predict(observation, action_masks=mask.astype(bool), deterministic=False)
        return int(action)
    return policy
