"""What one player may see (C-9): everything on the table, its own adventurers' items, and of
the others only the items turned face up (the rest as a count).  The stack's order and the
bags' contents are never shown, only their sizes.  The log as one player may see it is
:func:`observer`'s."""
from __future__ import annotations

from typing import Any, Literal, cast

from ...engine.state import Observer, hide
from .combat import foe_summary
from .model import EDGES
from .state import EMPTY, POISON, SPACES, TOKEN, CursedForestState
from .views import Adventurer, CursedForestTable, Fight, Inventory, MonsterOnTile, Morna, Tile


def build_view(s: CursedForestState, player: int) -> CursedForestTable:
    """The game's own part of ``player``'s view (the engine adds the envelope)."""
    c = s.content
    players: list[Adventurer] = []
    for a in range(s.n):
        mine = s.owner[a] == player
        ch = c.characters[s.char[a]] if s.char[a] >= 0 else None
        inventory: dict[str, str | None] = {}
        hidden = 0
        for k, x in enumerate(s.inv[a]):
            if x == EMPTY:
                inventory[SPACES[k]] = None
            elif x == POISON:
                inventory[SPACES[k]] = "poison"
            elif mine or x in s.shown:
                inventory[SPACES[k]] = c.items[x].id
            else:
                inventory[SPACES[k]] = "face-down"
                hidden += 1
        two = s.inv[a][0] >= 0 and s.inv[a][0] == s.inv[a][1] and inventory["hand1"] == "face-down"
        extras = [c.items[i].id for i in s.extras[a] if mine or i in s.shown]
        players.append({
            "adventurer": a, "player": s.owner[a],
            "character": ch.id if ch else None, "name": ch.name if ch else None,
            "health": s.health[a], "max_health": s.max_health[a], "lives": s.lives[a],
            "ap": s.ap[a], "max_ap": s.max_ap[a],
            "position": None if s.pos[a] is None else [s.pos[a][0], s.pos[a][1]],  # type: ignore[index]
            "out": s.pos[a] is None and s.char[a] >= 0,
            "seeds": [c.seeds[k].id for k in s.seeds[a]],
            "inventory": cast(Inventory, inventory),     # one entry per space of SPACES
            "face_down": hidden - (1 if two else 0),
            "extras": extras + ["face-down"] * (len(s.extras[a]) - len(extras)),
            "poison": s.inv[a].count(POISON),
            "kills": len(s.kills[a]), "tally": sum(s.kills[a]),
            "tag_debt": s.tag_debt[a],
        })
    roots: dict[int, str] = {}   # C-18: the edge the Maiden Tree's roots opened, on both tiles
    if s.exit_link >= 0:
        for d in range(4):
            if s.links[4 * s.exit_link + d] == s.exit_at:
                roots = {s.exit_link: EDGES[d], s.exit_at: EDGES[(d + 2) % 4]}
    tiles: list[Tile] = []
    for p, t in enumerate(s.placed):
        tile = c.tiles[t]
        m = s.tile_monster[p]
        monster: MonsterOnTile | Literal["token"] | None = None
        if m == TOKEN:
            monster = "token"
        elif m >= 0:
            side = c.monsters[m].sides[s.tile_side[p]]
            monster = {"id": c.monsters[m].id, "name": side.name, "side": ("green", "purple")[s.tile_side[p]],
                       "health": side.health - s.tile_damage[p], "dice": side.dice, "modifier": side.modifier}
        tokens = []
        if s.tile_token[p]:
            tokens.append(tile.kind)
        if m == TOKEN:
            tokens.append("monster")
        tiles.append({
            "id": tile.id, "kind": tile.kind, "name": tile.name, "position": list(s.place_pos[p]),
            "rotation": s.place_rot[p], "open": [EDGES[e] for e in range(4) if tile.open_at(e, s.place_rot[p])],
            "roots": [roots[p]] if p in roots else [],
            "tokens": tokens, "monster": monster,
            "items": [c.items[i].id for i in s.tile_items[p]],
            "seeds": [c.seeds[k].id for k in s.tile_seeds[p]],
            "root_seed": c.seeds[s.tile_root[p]].id if s.tile_root[p] >= 0 else None,
            "vine_seed": c.seeds[s.tile_vine[p]].id if s.tile_vine[p] >= 0 else None,
        })
    morna: Morna | None = None
    if s.morna_at >= 0:
        morna = {"position": list(s.place_pos[s.morna_at]), "health": s.morna_health,
                 "dice": max(0, c.morna.dice - s.seeds_laid), "modifier": c.morna.modifier}
    fight: Fight | None = None
    if s.f_kind:
        fight = {"kind": s.f_kind, "adventurer": s.f_adv, "partner": s.f_partner, "foe": foe_summary(s),
                 "foe_health": s.morna_health if s.f_kind == "morna" else s.f_health if s.f_kind != "pvp" else s.health[s.f_opponent]}
    return {
        "players": players, "tiles": tiles,
        "stack_size": len(s.tile_stack),
        "drawn_tile": None if s.drawn < 0 else {"id": c.tiles[s.drawn].id, "kind": c.tiles[s.drawn].kind,
                                                "open": [EDGES[e] for e in range(4) if c.tiles[s.drawn].open[e]]}, "monsters_in_bag": len(s.monster_bag), "items_in_bag": len(s.item_bag),
        "turn": s.turn, "round": s.round_no, "phase": s.phase, "morna": morna, "morna_gul": morna,
        "seeds_laid": s.seeds_laid, "fight": fight, "pit_monsters": len(s.pit_monsters),
        "decision_kind": None if s.decision is None else s.decision.kind,
    }


#: C-9 in the log: the events that name an item an adventurer may keep face down, each with the
#: fields naming the item and the fields naming the adventurers whose players see it (the one who
#: holds it, and the giver or receiver of a gift).  Everyone else sees "an item" (the field
#: ``None``, see :func:`woodlands.engine.state.hide`) unless the item is face up by then.
PRIVATE_EVENTS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "stow": (("item",), ("adventurer", "given_by")),
    "equip": (("item",), ("adventurer",)),
    "give": (("item",), ("adventurer", "to")),
    "pickup": (("item",), ("adventurer",)),
    "enchant": (("weapon",), ("adventurer",)),
}
#: the events after which an item lies face up for good (dropped on a tile, shown, used up or
#: gone, left by a dead adventurer), with the field that names it: the log's own record of ``shown``
FACE_UP_EVENTS = {"drop": "item", "show": "item", "item_gone": "item", "use": "item", "poisoned": "dropped"}


def observer(s: CursedForestState, seat: int | None) -> Observer | None:
    """The log as ``seat`` sees it: :data:`PRIVATE_EVENTS` of other players' adventurers lose
    the name of any item not yet face up (nothing is hidden from a seat that holds every
    adventurer, the solo game's player); and every event comes annotated (:data:`ANNOTATIONS`)
    with what was told before it, so that each event alone can be narrated: ``cast`` (each
    adventurer's character id, None until chosen), a fight's ``roll`` and ``combat_round`` with
    their foe (``foe``, ``monster``, ``side``), ``ranged_hit`` and ``runs_at`` with the monster's
    ``side``.  A pure function of the events before (it never looks at the position), so what a
    client was told once stays true; :func:`plain` takes the annotations off again."""
    owner = s.owner[:]
    everything = seat is None or all(o == seat for o in owner)   # None: the full log, annotated
    face_up: set[str] = set()
    private, revealing = PRIVATE_EVENTS, FACE_UP_EVENTS
    told: dict[str, Any] = {"cast": [None] * len(owner)}   # a new list for each change: events share it
    fight: dict[str, Any] = {"foe": None, "monster": None, "side": None}
    sides: dict[str, str] = {}       # the side each monster was drawn on (C-17: it keeps it in play)

    def hidden(event: dict[str, Any], kind: str) -> dict[str, Any]:
        rule = private.get(kind)
        if rule is None:
            name = revealing.get(kind)
            if name is not None and event.get(name) is not None:
                face_up.add(event[name])
            elif kind == "death":
                face_up.update(event["items"])
            return event
        if everything:
            return event
        fields, holders = rule
        for who in holders:
            a = event.get(who)
            if a is not None and owner[a] == seat:
                return event
        if all(event[f] in face_up for f in fields):
            return event
        return hide(event, fields)

    def see(event: dict[str, Any]) -> dict[str, Any]:
        nonlocal fight
        kind = event["type"]
        if kind == "character":
            cast = list(told["cast"])
            if 0 <= event["adventurer"] < len(cast):
                cast[event["adventurer"]] = event["character"]
            told["cast"] = cast
        elif kind == "fight":
            fight = {"foe": event["kind"], "monster": event.get("monster"), "side": event.get("side")}
            if event.get("monster"):
                sides[event["monster"]] = event.get("side") or "green"
        elif kind == "draw" and event.get("what") == "monster":
            sides[event["monster"]] = event.get("side") or "green"
        seen = {**hidden(event, kind), "cast": told["cast"]}
        if kind == "combat_round" or kind == "roll" and "mine" in event:
            seen.update(fight)
        elif kind in ("ranged_hit", "runs_at"):
            seen["side"] = sides.get(str(event.get("monster")), "green")
        return seen
    return see


#: the fields :func:`observer` adds to events (by event type; ``"*"``: every event), never
#: fields of the log itself: narration reads them, the log and records' digests never see them
ANNOTATIONS: dict[str, tuple[str, ...]] = {"*": ("cast",), "roll": ("foe", "monster", "side"),
                                          "combat_round": ("foe", "monster", "side"),
                                          "ranged_hit": ("side",), "runs_at": ("side",)}


def annotated_log(s: CursedForestState) -> list[dict[str, Any]]:
    """The full log (nothing hidden: servers, analysis, a finished game's story) with the
    :data:`ANNOTATIONS` each event needs to be narrated alone."""
    see = observer(s, None)
    assert see is not None
    return [see(e) for e in s.log]


def plain(event: dict[str, Any]) -> dict[str, Any]:
    """An event of ``log_for`` without :data:`ANNOTATIONS`: as the log has it (hidden fields stay
    hidden)."""
    drop = ANNOTATIONS["*"] + ANNOTATIONS.get(event["type"], ())
    return {k: v for k, v in event.items() if k not in drop}
