"""Storyfold's own bots, named in its descriptor: ``greedy`` (:mod:`.greedy`, a heuristic
player that answers each decision kind by its own handler) and the position value the search
bot's ``heuristic`` leaf reads (:mod:`.value`).  They build on :mod:`woodlands.kit.bots`."""
