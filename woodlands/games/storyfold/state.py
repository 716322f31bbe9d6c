"""The Storyfold position: plain lists and ints, cloned field by field.

Cards are indices into ``content.cards``.  Decks are lists whose *last* element is the top card
(drawing is ``pop()``); discard piles likewise have their top card last.  The River is a list of
7 entries, ``-1`` for an empty space.  A card that is in no list is in the box.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.rng import Rng
from ...engine.state import GameState, blank_places, reshuffle_places
from .model import RIVER_SPACES, START_DICE, StoryfoldContent
from .views import StoryfoldTable

if TYPE_CHECKING:
    from . import StoryfoldGame

_LISTS = ("river", "crystals", "stunned", "visited", "boons", "dice", "dice_used", "faces", "rolled",
          "shadow_deck", "shadow_discard", "explore_deck", "explore_discard", "creature_deck",
          "creature_discard", "chapter_deck", "drawn", "flags", "uses_this_chapter", "scene_plays")
_SCALARS = ("content", "spirit_pos", "light", "shadow", "chapter", "scene", "healed", "luma_side",
            "brom_side", "brom_present", "phase", "action", "action_space", "effect", "target", "bonus_successes",
            "chapter_restarts", "restarts_total", "scenes_played", "shadow_drawn", "next_scene",
            "scene_done", "campaign_won")
# the lists that hold cards (a card is in at most one of them; in none: in the box)
CARD_ZONES = ("river", "boons", "shadow_deck", "shadow_discard", "explore_deck", "explore_discard",
              "creature_deck", "creature_discard", "chapter_deck", "drawn")


class StoryfoldState(GameState):
    __slots__ = _LISTS + _SCALARS
    LIST_FIELDS, SCALAR_FIELDS = _LISTS, _SCALARS
    #: the events that reveal a card or use chance (undo stops at them): a card drawn, dice rolled,
    #: a deck shuffled or reshuffled
    REVEALING = frozenset({"draw", "roll", "reshuffle", "shuffle"})

    game: "StoryfoldGame"
    content: StoryfoldContent
    spirit_pos: int
    light: int
    shadow: int
    chapter: int
    scene: int
    healed: int
    luma_side: int
    brom_side: int
    brom_present: bool
    phase: str
    action: int
    action_space: int
    effect: str
    target: str
    bonus_successes: int
    chapter_restarts: int
    restarts_total: int
    scenes_played: int
    shadow_drawn: int
    next_scene: int
    scene_done: bool
    campaign_won: bool

    def __init__(self, game: "StoryfoldGame", seed: int, options: dict[str, Any]) -> None:
        super().__init__(game, seed, options)
        c: StoryfoldContent = game.content
        self.content = c
        self.river: list[int] = [-1] * RIVER_SPACES
        self.crystals: list[int] = [0] * 4          # per Action card, in ACTIONS order (travel with it)
        self.stunned: list[int] = []                # creatures with a Stun token
        self.visited: list[bool] = []               # per location of the current scene
        self.boons: list[int] = []                  # cards on the 3 Boon spaces
        self.dice: list[int] = list(START_DICE)     # sizes of the dice you have
        self.dice_used: list[bool] = [False] * len(START_DICE)
        self.faces: list[int] = [0] * len(START_DICE)   # result of each die in the current roll
        self.rolled: list[int] = []                 # dice rolled for the current action
        self.shadow_deck: list[int] = []
        self.shadow_discard: list[int] = []
        self.explore_deck: list[int] = []
        self.explore_discard: list[int] = []
        self.creature_deck: list[int] = []
        self.creature_discard: list[int] = []
        self.chapter_deck: list[int] = []
        self.drawn: list[int] = []                  # Explore cards drawn by the Explore action, before keeping 1
        self.flags: list[str] = []
        self.uses_this_chapter: list[str] = []      # once-per-chapter uses already made
        self.scene_plays: list[int] = [0] * len(c.scenes)
        self.spirit_pos = 1                         # S-4: the left end is full Spirit
        self.light = 1
        self.shadow = 1
        self.chapter = 0
        self.scene = 0
        self.healed = 0
        self.luma_side = 0
        self.brom_side = 0
        self.brom_present = True
        self.phase = "setup"
        self.action = -1                            # the Action card being carried out
        self.action_space = 0                       # the River space it was chosen on (1..4)
        self.effect = ""                            # "top" | "bottom"
        self.target = ""                            # creature id, location id, trauma id or ""
        self.bonus_successes = 0
        self.chapter_restarts = 0
        self.restarts_total = 0
        self.scenes_played = 0
        self.shadow_drawn = 0
        self.next_scene = -1
        self.scene_done = False
        self.campaign_won = False

    # ------------------------------------------------------------------ small readings
    def spirit_left(self) -> int:
        """Spirit you still have: 11 on the leftmost space, 0 on the last (S-4)."""
        return 12 - self.spirit_pos

    def creatures_in_river(self) -> list[int]:
        creatures = self.content.creature_cards
        return [c for c in self.river if c in creatures]

    def river_len(self) -> int:
        return sum(1 for c in self.river if c >= 0)

    def successes(self) -> int:
        """The successes an effect would be carried out with now (none while no die shows one)."""
        from .dice import counted_successes
        return counted_successes(self)

    def save(self) -> dict[str, Any]:
        """The save document (only at a ``scene_break`` decision; ruling S-7, docs/storyfold.md)."""
        from .save import save
        return save(self)

    def game_view(self, seat: int) -> StoryfoldTable:
        from .view import build_view
        return build_view(self)

    def _redraw_unseen(self, rng: Rng) -> None:
        """For ``GameState.redraw_unseen``: the game has one seat, so what no seat has seen is
        what that one has not (:meth:`_resample_hidden`)."""
        self._resample_hidden(0, rng)

    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        """The face-down decks show only their size: each is re-drawn whole, but for the cards
        the player saw put on top of the Explore deck (``explore_added`` with ``on_top``) since
        it was last shuffled, which stay where they are."""
        reshuffle_places(self, self._hidden_places(), rng)

    def _censor(self, seat: int, data: dict[str, Any]) -> None:
        """A seat's position: the cards :meth:`_resample_hidden` re-draws are ``None``."""
        blank_places(data, self._hidden_places())

    def _hidden_places(self) -> list[tuple[str, list[int]]]:
        """Each face-down deck, with the places in it of the cards the player cannot know (see
        :meth:`_resample_hidden`)."""
        on_top: set[str] = set()
        for event in self.events():
            kind = event["type"]
            if kind == "explore_added" and event.get("on_top"):
                on_top.add(event["card"])
            elif kind in ("shuffle", "reshuffle") and event.get("deck") == "explore":
                on_top.clear()
        cards = self.content.cards
        return [(name, [k for k, c in enumerate(getattr(self, name)) if name != "explore_deck" or cards[c].id not in on_top])
                for name in ("shadow_deck", "explore_deck", "creature_deck", "chapter_deck")]

