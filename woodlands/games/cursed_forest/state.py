"""The Cursed Forest position: plain lists, ints and one dict, cloned field by field.

Adventurers are numbered 0..n-1 in clockwise order (ruling C-8); ``owner[a]`` is the player who
controls adventurer ``a`` (in the solo game of section 20 one player controls them all).
Tiles in play are numbered in the order they were laid ("placed tiles"); ``grid`` maps a square
``(x, y)`` to its placed number.  The stack, the bags and the discards are lists of content
indices; the top of the stack and of each bag is the *end* of its list.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.rng import Rng
from ...engine.state import GameState, Observer
from .model import CursedForestContent
from .views import CursedForestTable

if TYPE_CHECKING:
    from . import CursedForestGame

# inventory spaces (CF-040..CF-046); an entry is an item copy index, EMPTY or POISON
HAND1, HAND2, BOOTS, ARMOUR, BACKPACK = 0, 1, 2, 3, 4
SPACES = ("hand1", "hand2", "boots", "armour", "backpack")
EMPTY, POISON = -1, -2
# what stands on a placed tile
NO_MONSTER, TOKEN = -1, -2

_NESTED = ("inv", "extras", "seeds", "kills", "tile_items", "tile_seeds")
_LISTS = ("owner", "char", "health", "max_health", "lives", "ap", "max_ap", "pos", "poisoned_on", "tag_debt",
          "shown", "placed", "place_pos", "place_rot", "place_open", "links", "tile_monster", "tile_side", "tile_damage", "tile_token",
          "tile_root", "tile_vine", "tile_stack", "monster_bag", "item_bag", "monster_gone", "item_gone",
          "pit_monsters", "monster_side", "f_queue", "f_pending", "r_mine", "r_theirs")
_SCALARS = ("content", "n", "turn", "turn_no", "round_no", "phase", "turn_over", "free_actions", "jumped",
            "marta_used", "seed_tried", "drawn", "last_laid", "pit_entered", "morna_at", "morna_health",
            "seeds_laid", "ring", "exit_at", "exit_link", "open_ends", "last_roll", "f_kind", "f_adv", "f_partner", "f_monster", "f_side", "f_health", "f_start",
            "f_tile", "f_noescape", "f_crow", "f_enchant", "f_enchant_bonus", "f_opponent")


class CursedForestState(GameState):
    __slots__ = _NESTED + _LISTS + _SCALARS + ("grid",)
    NESTED_FIELDS, LIST_FIELDS, SCALAR_FIELDS = _NESTED, _LISTS, _SCALARS
    #: the events that reveal something hidden or use chance (undo stops at them): a tile, monster
    #: or item drawn, dice rolled, the stack and bags shuffled
    REVEALING = frozenset({"draw", "roll", "shuffle"})

    game: "CursedForestGame"

    def __init__(self, game: "CursedForestGame", seed: int, options: dict[str, Any]) -> None:
        super().__init__(game, seed, options)
        self.content: CursedForestContent = game.content
        players = options.get("players", 1)
        n = players if players > 1 else options.get("adventurers", 1)
        self.n = n
        # C-8: one adventurer per player, or in the solo game (CF-091) all of them the one player's
        self.owner: list[int] = list(range(n)) if players > 1 else [0] * n
        self.char = [-1] * n
        self.health = [0] * n
        self.max_health = [0] * n
        self.lives = [3 if players > 1 else 1] * n   # CF-006: 3 lives; CF-091: one each in the solo game
        self.ap = [0] * n
        self.max_ap = [0] * n
        self.pos: list[tuple[int, int] | None] = [None] * n
        self.poisoned_on = [-1] * n          # the turn number an adventurer was last poisoned (CF-038)
        self.tag_debt = [0] * n              # APs promised from the next turn (CF-033, CF-095)
        self.shown: list[int] = []           # item copies turned face up (C-9): everyone may see them
        self.inv: list[list[int]] = [[EMPTY] * 5 for _ in range(n)]
        self.extras: list[list[int]] = [[] for _ in range(n)]   # items that take no space (the Crow)
        self.seeds: list[list[int]] = [[] for _ in range(n)]
        self.kills: list[list[int]] = [[] for _ in range(n)]    # starting health of each monster killed
        self.grid: dict[tuple[int, int], int] = {}
        self.placed: list[int] = []
        self.place_pos: list[tuple[int, int]] = []
        self.place_rot: list[int] = []
        self.place_open: list[tuple[bool, bool, bool, bool]] = []   # edges after rotation
        self.links: list[int] = []           # 4 per placed tile: the tile joined across each edge, or -1 (C-10)
        self.tile_monster: list[int] = []
        self.tile_side: list[int] = []
        self.tile_damage: list[int] = []     # damage a monster has taken this turn (CF-032: healed at turn end)
        self.tile_token: list[bool] = []     # swamp / bone yard token still there
        self.tile_root: list[int] = []       # brood seed still bound in the roots, or -1
        self.tile_vine: list[int] = []       # seed placed on a red-vine tile, or -1
        self.tile_items: list[list[int]] = []
        self.tile_seeds: list[list[int]] = []
        self.tile_stack: list[int] = []
        self.monster_bag: list[int] = []
        self.item_bag: list[int] = []
        self.monster_gone: list[int] = []    # killed monsters
        self.item_gone: list[int] = []       # used up, broken or destroyed items
        self.pit_monsters: list[int] = []    # monsters left in the pit (CF-065)
        # C-17: the side (0 green, 1 purple) each monster was drawn on; it keeps it while in play
        self.monster_side = [0] * len(self.content.monsters)
        self.pit_entered = False
        self.turn = 0
        self.turn_no = 0
        self.round_no = 0
        self.phase = "setup"                 # setup, forest, maiden, hunt
        self.turn_over = False
        self.free_actions = 0
        self.jumped = False
        self.marta_used = False
        self.seed_tried = False
        self.drawn = -1                      # a tile drawn and not yet laid
        self.last_laid = -1
        self.morna_at = -1                   # placed tile where Morna Gûl stands
        self.morna_health = 0
        self.seeds_laid = 0
        self.last_roll = 0                   # a special tile's roll, waiting for Marta's offer (CF-056)
        self.open_ends = 0                   # open edges facing an empty square: can the forest grow?
        self.exit_at = -1                    # placed number of the Exit once laid
        self.exit_link = -1                  # a closed forest: the tile the Exit is joined to anyway
        self.ring: int = options.get("ring_bearer", -1) if options.get("ring_bearer") is not None else -1
        # the fight under way (f_kind "" when none)
        self.f_kind = ""
        self.f_adv = -1
        self.f_partner = -1
        self.f_monster = -1
        self.f_side = 0
        self.f_health = 0
        self.f_start = 0
        self.f_tile = -1
        self.f_noescape = False
        self.f_crow = False
        self.f_enchant = -1                  # the weapon an Enchant spell holds this fight (CF-106)
        self.f_enchant_bonus = 0
        self.f_opponent = -1                 # the other adventurer in a fight between adventurers
        self.f_queue: list[int] = []         # monsters still to fight (the pit)
        self.f_pending: list[int] = []       # C-16: [kind, adventurer, tile, count]: a fight that stopped a tag partner
        self.r_mine: list[int] = []          # the round's dice
        self.r_theirs: list[int] = []

    def _clone_into(self, twin: GameState) -> None:
        super()._clone_into(twin)
        twin.grid = self.grid.copy()  # type: ignore[attr-defined]

    def decider(self, step: tuple[Any, ...]) -> int:
        """Every asking step carries the adventurer who decides as its first argument, so the
        tag partner answers a tag call and the defender of a fight decides its own rounds."""
        if len(step) > 1 and isinstance(step[1], int) and 0 <= step[1] < self.n:
            return self.owner[step[1]]
        return 0

    def game_view(self, seat: int) -> CursedForestTable:
        from .view import build_view
        return build_view(self, seat)

    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        """C-9: the stack, the bags and other players' face-down items (see :mod:`.hidden`)."""
        from .hidden import resample_hidden
        resample_hidden(self, seat, rng)

    def _censor(self, seat: int, data: dict[str, Any]) -> None:
        """What :meth:`_resample_hidden` re-draws, left out of a seat's position (see :mod:`.hidden`)."""
        from .hidden import censor
        censor(self, seat, data)

    def _redraw_unseen(self, rng: Rng) -> None:
        """The stack and the bags; every face-down item stays, its holder's player has seen it
        (see :mod:`.hidden`)."""
        from .hidden import redraw_unseen
        redraw_unseen(self, rng)

    def observer(self, seat: int) -> Observer | None:
        """C-9: other players' face-down items are hidden in the log too (see :mod:`.view`)."""
        from .view import observer
        return observer(self, seat)
