"""The Tanglewoods position: plain lists and ints, cloned field by field.

Decks are lists of card codes with index 0 the *top* and the last element the *bottom*
(forest cards and shop items are drawn from the bottom, maps from the top: ruling T-10).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.rng import Rng
from ...engine.state import GameState, blank_places, reshuffle_places
from .model import DIE_COLOUR, TanglewoodsContent
from .views import TanglewoodsTable

if TYPE_CHECKING:
    from . import TanglewoodsGame

POOL, COMMITTED, EXHAUSTED, BANISHED = 0, 1, 2, 3
ZONE_NAMES = ("pool", "committed", "exhausted", "banished")

_LISTS = ("dice_zone", "dice_face", "dice_applied", "forest_deck", "forest_discard", "drawn",
          "tableau", "damage", "defeated", "wilds", "map_deck", "map_discard", "map_drawn",
          "item_deck", "item_discard", "inventory", "shop", "bears_aside", "bears_won",
          "round_mods", "used", "revealed")
_SCALARS = ("hero", "hero_side", "grimm", "health", "strategy", "recovery", "gold", "difficulty",
            "levels", "round", "active_map", "map_complete", "merchant_ok", "buys", "day_drawn",
            "passes", "cycle_draws", "forced_added", "content", "ambush_depth", "defeats_this_round", "phase",
            "checked_tableau", "visit_map")


class TanglewoodsState(GameState):
    __slots__ = _LISTS + _SCALARS
    LIST_FIELDS, SCALAR_FIELDS = _LISTS, _SCALARS
    #: the events that reveal a card or use chance (undo stops at them): a card drawn, dice rolled,
    #: a deck reshuffled, the shop filled from the item deck, an item gained from it (which shows
    #: the underside of the card beneath, T-10)
    REVEALING = frozenset({"draw", "roll", "reshuffle", "shop", "gain_item"})

    game: "TanglewoodsGame"

    def __init__(self, game: "TanglewoodsGame", seed: int, options: dict[str, Any]) -> None:
        super().__init__(game, seed, options)
        self.content: TanglewoodsContent = game.content   # a shared, immutable reference
        self.hero = -1
        self.hero_side = 0
        self.grimm = False
        self.health = self.strategy = self.recovery = 1
        self.gold = 0
        self.difficulty: int = options["difficulty"]
        self.levels: tuple[int, ...] = ()
        self.round = 0
        self.phase = "setup"
        self.dice_zone = [POOL] * len(DIE_COLOUR)
        self.dice_face = [-1] * len(DIE_COLOUR)
        self.dice_applied = [False] * len(DIE_COLOUR)
        self.forest_deck: list[int] = []
        self.forest_discard: list[int] = []
        self.drawn: list[int] = []
        self.tableau: list[int] = []
        self.damage: list[int] = []
        self.defeated: list[bool] = []
        self.wilds: list[str | None] = []
        self.map_deck: list[int] = []
        self.map_discard: list[int] = []
        self.map_drawn: list[int] = []
        self.active_map = -1
        self.map_complete = False
        self.checked_tableau: tuple[int, ...] = ()   # the tableau as the map was last checked (T-23)
        self.merchant_ok = False
        self.visit_map = -1          # the completed map whose merchant visit is due (T-24)
        self.item_deck: list[int] = []
        self.item_discard: list[int] = []
        self.inventory: list[int] = []
        self.shop: list[int] = []
        self.buys = 0
        self.bears_aside: list[int] = []
        self.bears_won: list[int] = []
        self.round_mods: list[tuple[str, int, int]] = []   # (kind, target card index or -1, amount)
        self.used: list[str] = []                         # once-per-round uses this round
        self.revealed: list[int] = []                     # forest cards an effect holds up (Baby Bear)
        self.day_drawn = False
        self.passes = 0
        self.forced_added = False
        self.cycle_draws = 0
        self.ambush_depth = 0
        self.defeats_this_round = 0

    def game_view(self, seat: int) -> TanglewoodsTable:
        from .view import build_view
        return build_view(self)

    def _redraw_unseen(self, rng: Rng) -> None:
        """For ``GameState.redraw_unseen``: the game has one seat, so what no seat has seen is
        what that one has not (:meth:`_resample_hidden`)."""
        self._resample_hidden(0, rng)

    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        """T-10, T-11: of each deck the player sees the top card's face and the bottom card's
        underside, so only the cards between them are re-drawn, each keeping its side (and the
        Item Deck's top, which the Merchant Card covers: T-25).  Cards
        the player knows the place of stay: the two lifted by Difficulty 5 while they wait (and
        while that step waits on the stack, which names them), and each card it placed
        (``peek_place``) until that deck is next reshuffled."""
        reshuffle_places(self, self._hidden_places(), rng)

    def _censor(self, seat: int, data: dict[str, Any]) -> None:
        """A seat's position: the cards :meth:`_resample_hidden` re-draws are ``None``."""
        blank_places(data, self._hidden_places())

    def _hidden_places(self) -> list[tuple[str, list[int]]]:
        """Each deck whose order is hidden, with the places in it of the cards the player cannot
        know (see :meth:`_resample_hidden`)."""
        known: set[int] = set()
        for step in ([self.pending] if self.pending else []) + self.stack:
            if step[0] == "level5_peek":
                known.update(step[1])
        placed: set[str] = set()
        for event in self.events():
            if event["type"] == "peek_place":
                placed.add(event["card"])
            elif event["type"] == "reshuffle" and event["deck"] == "forest":
                placed.clear()
        forest = self.content.forest
        known.update(c for c in self.forest_deck if forest[c >> 1].id in placed)
        # the Item Deck's top lies under the Merchant Card (T-25): it is re-drawn too
        out: list[tuple[str, list[int]]] = []
        for name, first in (("forest_deck", 1), ("map_deck", 1), ("item_deck", 0)):
            deck = getattr(self, name)
            out.append((name, [k for k in range(first, len(deck) - 1) if deck[k] not in known]))
        return out
