"""The games.  Each subpackage is one game: its rules, its content pack, its view and its
descriptor (``descriptor.py``, :class:`woodlands.engine.registry.GameDescriptor`).

Installed games are found through the entry-point group ``woodlands.games`` (pyproject.toml
declares these three there); :data:`BUILTIN` is the same list for a checkout whose package
metadata is missing.
"""

#: game id -> its descriptor, as an entry-point value
BUILTIN = {
    "cursed-forest": "woodlands.games.cursed_forest.descriptor:DESCRIPTOR",
    "storyfold": "woodlands.games.storyfold.descriptor:DESCRIPTOR",
    "tanglewoods": "woodlands.games.tanglewoods.descriptor:DESCRIPTOR",
}
