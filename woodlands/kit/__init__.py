"""What a game package builds on besides the engine: the pieces every game fills in the same
way (its bots' protocol, its action grammar and observation helpers, its report sections).

The kit sits beside :mod:`woodlands.engine`, below the games: it imports the engine and
nothing above it, so a game imports only downward (docs/engine.md, "Layers").
"""
