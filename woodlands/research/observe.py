"""The observation encoder, from its old place: :mod:`woodlands.kit.encoding` (kept for one
release).

A game's encoding now lives in its own package (``woodlands/games/<game>/observation.py``),
named by its descriptor's ``encoding``; the generic machinery is the kit's.
"""
from __future__ import annotations

from ..kit.encoding import (Encoder, Incremental, Layout, Memo, Segment, Writer, begin, decision_kinds, encoder,
                            onehot, packer)

__all__ = ["Encoder", "Incremental", "Layout", "Memo", "Segment", "Writer", "begin", "decision_kinds", "encoder",
           "onehot", "packer"]
