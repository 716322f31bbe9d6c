"""The Cursed Forest's table as a renderer-neutral model (:mod:`woodlands.kit.table`), built from
one seat's view and nothing else; the terminal and the web draw it with their generic code.

Top to bottom: the game (round, phase, whose turn, whose decision, the stack and the bags, the
tile drawn and waiting), the forest (each laid tile at its coordinates with its open edges, and
the adventurers, Morna Gûl, monsters, seeds and items standing on it), the adventurers (one
region each, then their items by space: a minor region, which a small terminal leaves to the
details), and the foes (Morna Gûl, the fight under way).

Ids stay put from one position to the next: a tile is ``tile@x,y`` (copies of a tile share its
content id, never a square), what stands on a tile is ``<what>@x,y``, an adventurer's figure
``figure-<n>``, its numbers ``adventurer-<n>-health`` ... and an inventory space
``item-<n>-hand1``.  Another player's face-down item is a face-down card: the view says only
``"face-down"`` (ruling C-9), so nothing here can name it.

>>> import woodlands
>>> from woodlands.engine.presentation import presentation_for
>>> game = woodlands.load_game("cursed-forest")
>>> state = game.new_game(seed=1, options={"players": 2})
>>> model = presentation_for(game).table_model(state.view(0), 0)
>>> [r.id for r in model.regions][:4]
['game', 'forest', 'adventurer-0', 'items-0']
>>> next(e for _, e in model.elements() if e.id == "tile@0,0").code
'H'
"""
from __future__ import annotations

from typing import Any, Callable

from ....kit.table import AnyElement, Card, Fact, Outcome, Region, Table, Tile, Token, Track

View = dict[str, Any]
Names = Callable[[str], str]
Describe = Callable[[str], "str | None"]

SPACES = (("hand1", "hand 1"), ("hand2", "hand 2"), ("boots", "boots"), ("armour", "armour"), ("backpack", "pack"))
#: tile kind -> (its letter on the map, its words, its word in the map's short key): one letter
#: each, so no two kinds look alike
KINDS: dict[str, tuple[str, str, str]] = {
    "start": ("H", "start", "start"), "exit": ("X", "exit (Maiden Tree)", "exit"), "path": (".", "path", "path"),
    "monster": ("M", "monster tile", "monster"), "brood-seed": ("R", "brood seed roots", "roots"),
    "red-vine": ("V", "red vines", "vines"), "web": ("W", "web", "web"), "pit": ("P", "pit", "pit"),
    "swamp": ("S", "swamp", "swamp"), "bone-yard": ("B", "bone yard", "bones"),
    "gateway": ("G", "forest gateway", "gateway"),
}
#: what may stand on a tile besides the adventurers: its sign on the map, its words, and its
#: words in the short key
SIGNS = (("&", "Morna Gûl", "Morna"), ("?", "a monster token", "monster token"),
         ("M<n>", "a monster and its health", "monster health"), ("*", "seed in the roots", "root seed"),
         ("+", "seed laid on the vines", "vine seed"), ("s", "dropped seed", "dropped seed"),
         ("i", "items lying here", "items"), ("~", "swamp token", "swamp"), ("y", "bone yard token", "bones"))
TOKEN_SIGN = {"swamp": "~", "bone-yard": "y"}
#: a decision kind, in words
KIND_WORDS = {"choose_character": "choosing a character", "turn_action": "the turn", "lay_tile": "laying a tile",
              "lay_exit": "laying the Exit", "fight_round": "a fight", "reroll": "a re-roll", "tag_reply": "a call for help",
              "choose_partner": "a partner", "stow_item": "a new item", "poison_replace": "poison",
              "maiden_call": "the Maiden Tree", "flee_price": "the price of fleeing", "defend_round": "defending"}


def _at(pos: Any) -> str:
    return f"{pos[0]},{pos[1]}"


def _who(p: dict[str, Any]) -> str:
    """'1. Hildra of the Old Watch': an adventurer's number and name."""
    return f"{int(p.get('adventurer', 0)) + 1}. {p.get('name') or p.get('character') or 'no character yet'}"


def _kind_words(kind: Any) -> str:
    return KINDS.get(str(kind), ("?", str(kind), ""))[1]


def _game(v: View, seat_name: Callable[[int], str], tile_name: Names, describe: Describe) -> Region:
    players = v.get("players") or []
    out: list[AnyElement] = [Track("round", "Round", value=int(v.get("round") or 0)),
                             Fact("phase", "Phase", text=str(v.get("phase", "?")))]
    turn = v.get("turn")
    if isinstance(turn, int) and 0 <= turn < len(players):
        # the number and first name: the full name heads the adventurer's own region
        who = players[turn]
        # minor: where room is short the adventurer's own line carries the turn's sign
        out.append(Fact("turn", "Turn", text=f"{int(who.get('adventurer', turn)) + 1}. "
                        f"{str(who.get('name') or who.get('character') or 'no character yet').split()[0]}",
                        state=("active",), tip=_who(who), minor=True))
    deciding = v.get("deciding")
    if deciding is not None:
        kind = str(v.get("decision_kind") or "")
        out.append(Fact("deciding", "Deciding", text=f"{seat_name(int(deciding))} "
                        f"({KIND_WORDS.get(kind, kind.replace('_', ' '))})"))
    # counts as tracks: "Stack 31" is short enough for a small terminal's two header lines
    out += [Track("stack", "Stack", value=int(v.get("stack_size") or 0), tip="forest tiles left to draw"),
            Track("monsters-in-bag", "Monster bag", value=int(v.get("monsters_in_bag") or 0),
                  tip="monsters left in the bag"),
            Track("items-in-bag", "Item bag", value=int(v.get("items_in_bag") or 0), tip="items left in the bag"),
            Track("seeds-laid", "Seeds laid", value=int(v.get("seeds_laid") or 0), tip="brood seeds laid on the vines")]
    if v.get("pit_monsters"):
        out.append(Track("pit-monsters", "Pit monsters", value=int(v["pit_monsters"]),
                         tip="monsters waiting in the pit"))
    drawn = v.get("drawn_tile")
    if isinstance(drawn, dict):
        out.append(Card("drawn-tile", str(drawn.get("name") or tile_name(str(drawn.get("id")))), face=str(drawn.get("kind") or "path"),
                        text=f"Drawn, waiting to be laid: {_kind_words(drawn.get('kind'))}, printed open "
                             f"{''.join(drawn.get('open') or []) or 'nowhere'}",
                        badge=KINDS.get(str(drawn.get("kind")), ("?", "", ""))[0], tip=describe(str(drawn.get("id"))) or ""))
    if v.get("over"):
        outcome = v.get("outcome") or {}
        how = outcome.get("how") or outcome.get("reason")
        out.append(Fact("over", "Game over", text=f"{outcome.get('result', '?')}" + (f" ({how})" if how else ""),
                        state=("highlight",)))
    return Region("game", "The Cursed Forest", tuple(out), layout="line")


def _forest(v: View, names: Names, describe: Describe) -> Region:
    tiles = [t for t in v.get("tiles") or [] if t.get("position") is not None]
    if not tiles:
        return Region("forest", "The forest, north up", (Fact("no-tiles", "No tile is laid yet."),), layout="compass")
    out: list[AnyElement] = []
    standing: list[AnyElement] = []
    turn = v.get("turn")
    for p in v.get("players") or []:
        pos = p.get("position")
        if pos is not None:
            a = int(p.get("adventurer", 0))
            standing.append(Token(f"figure-{a}", _who(p), face=f"adventurer-{a % 4}", at=f"tile@{_at(pos)}",
                                  mark=str(a + 1), state=("active",) if turn == a else ()))
    morna = v.get("morna") or v.get("morna_gul")
    if isinstance(morna, dict) and morna.get("position") is not None:
        standing.append(Token("figure-morna", "Morna Gûl", face="morna", at=f"tile@{_at(morna['position'])}", mark="&",
                              tip=describe("morna-gul") or ""))
    fought = _fought(v)
    for t in tiles:
        here = _at(t["position"])
        kind = str(t.get("kind") or "path")
        opened = tuple(e for e in t.get("open") or [] if e in "NESW")
        features = [_kind_words(kind), f"at ({t['position'][0]}, {t['position'][1]})",
                    f"open {''.join(opened) or 'nowhere'}"]
        if t.get("roots"):
            features.append(f"roots toward {''.join(t['roots'])}")
        out.append(Tile(f"tile@{here}", str(t.get("name") or names(str(t.get("id")))), face=kind,
                        tip=describe(str(t.get("id"))) or "", x=int(t["position"][0]), y=int(t["position"][1]),
                        rotation=90 * int(t.get("rotation") or 0), features=tuple(features), exits=opened,
                        code=KINDS.get(kind, ("?", "", ""))[0]))
        m = t.get("monster")
        if m == "token":
            standing.append(Token(f"monster@{here}", "a monster token: unseen monster", face="monster-token",
                                  at=f"tile@{here}", mark="?"))
        elif isinstance(m, dict):
            # in a fight here the monster's health is the fight's, as the Foes panel says it (the
            # tile's number lags behind until the fight is over: a disc said 12, the panel 6)
            health = fought.get(here, m.get("health", ""))
            standing.append(Token(f"monster@{here}", f"{m.get('name')} ({m.get('side')}): health {health}, "
                                  f"{m.get('dice')} dice +{m.get('modifier')}", face="monster", at=f"tile@{here}",
                                  mark=f"M{health}", tip=describe(str(m.get("id"))) or ""))
        for tok in t.get("tokens") or []:
            if tok in TOKEN_SIGN:
                standing.append(Token(f"{tok}@{here}", f"{tok.replace('-', ' ')} token", face=f"token-{tok}",
                                      at=f"tile@{here}", mark=TOKEN_SIGN[tok]))
        if t.get("root_seed"):
            standing.append(Token(f"root-seed@{here}", f"a brood seed in the roots: {names(str(t['root_seed']))}",
                                  face="seed", at=f"tile@{here}", mark="*"))
        if t.get("vine_seed"):
            standing.append(Token(f"vine-seed@{here}", f"a seed laid on the vines: {names(str(t['vine_seed']))}",
                                  face="seed-laid", at=f"tile@{here}", mark="+"))
        # named (they lie face up, in everyone's view): a screen reader hears what lies here
        if t.get("seeds"):
            standing.append(Token(f"seeds@{here}", ("dropped seeds" if len(t["seeds"]) > 1 else "dropped seed") + ": " + ", ".join(names(str(k)) for k in t["seeds"]),
                                  face="seed-dropped", at=f"tile@{here}", mark="s", count=len(t["seeds"])))
        if t.get("items"):
            standing.append(Token(f"items@{here}", ("items" if len(t["items"]) > 1 else "item") + " lying here: " + ", ".join(names(str(i)) for i in t["items"]),
                                  face="items", at=f"tile@{here}", mark="i", count=len(t["items"])))
    # the key names only the kinds and signs on the map, so a small terminal gives it a line or two
    # (short words on the map's line, the full words on hover)
    kinds = [k for k in KINDS if any(t.get("kind") == k for t in tiles)]
    marks = {k.mark[:1] for k in standing if isinstance(k, Token)}
    signs = [(s, w, short) for s, w, short in SIGNS if s[:1] in marks]
    key = Fact("key", "Key", text=" ".join(f"{KINDS[k][0]}={KINDS[k][2]}" for k in kinds) + "; "
               + " ".join(["1-4=adventurers", *(f"{s}={short}" for s, _, short in signs)]),
               tip="; ".join([", ".join(f"{KINDS[k][0]} {KINDS[k][1]}" for k in kinds),
                              ", ".join(["1-4 adventurers", *(f"{s} {w}" for s, w, _ in signs)])]))
    # a small screen's map centres on the adventurer whose player decides (the turn's when theirs)
    deciding = v.get("deciding")
    mine = [int(p.get("adventurer", 0)) for p in v.get("players") or []
            if deciding is not None and p.get("player") == deciding and p.get("position") is not None]
    focus = f"figure-{turn if turn in mine else mine[0]}" if mine else ""
    return Region("forest", "The forest, north up", tuple(out + standing) + (key,), layout="compass", focus=focus)


def _fought(v: View) -> dict[str, Any]:
    """The square of a fight with a monster under way (where its adventurer stands) and the
    monster's health in it, as the fight counts it."""
    fight = v.get("fight")
    players = v.get("players") or []
    if not isinstance(fight, dict) or fight.get("kind") != "monster":
        return {}
    a = fight.get("adventurer")
    if not isinstance(a, int) or not 0 <= a < len(players) or players[a].get("position") is None:
        return {}
    return {_at(players[a]["position"]): fight.get("foe_health", "?")}


def _item(ident: str, x: Any, space: str, names: Names, describe: Describe) -> Card:
    if x is None:
        return Card(ident, "—", face="empty", text=space, state=("dim",))
    if x == "face-down":
        return Card(ident, "face down", face="face-down", text=space, state=("face-down",), tip="a face-down item")
    if x == "poison":
        return Card(ident, "poison", face="poison", text=space, tip="a poison token fills this space")
    return Card(ident, names(str(x)), face="item", text=space, tip=describe(str(x)) or "")


def _adventurer(v: View, p: dict[str, Any], names: Names, describe: Describe) -> tuple[Region, Region]:
    a = int(p.get("adventurer", 0))
    seat, deciding = v.get("seat"), v.get("deciding")
    mine = p.get("player") == seat
    flags = [f"Player {int(p.get('player', 0)) + 1}"]
    state: list[str] = []
    if mine:
        flags.append("you")
    if v.get("turn") == a:
        flags.append("their turn")
        state.append("active")
    if deciding is not None and deciding == p.get("player"):
        flags.append("deciding")
    pos = p.get("position")
    where = "out of the game" if p.get("out") else ("not placed" if pos is None else f"at ({pos[0]}, {pos[1]})")
    me = f"adventurer-{a}"
    health, top = p.get("health"), p.get("max_health")
    low = isinstance(health, int) and isinstance(top, int) and health * 3 <= top
    # the compact terminal gives an adventurer one line: its short title (with "you"), its
    # numbers, and no minor element (the seat and place, on the map; the tally, a running total)
    out: list[AnyElement] = [
        # a card, named by its seat, with the character's text to hover or focus
        Card(f"{me}-who", ", ".join(flags), face="adventurer", text=where, tip=describe(str(p.get("character"))) or "",
             state=tuple(state), minor=True),
        Track(f"{me}-health", "Health", value=int(health or 0), high=top if isinstance(top, int) else None,
              face="health", state=("highlight",) if low else ()),
        Track(f"{me}-lives", "Lives", value=int(p.get("lives") or 0), face="lives"),
        Track(f"{me}-ap", "AP", value=int(p.get("ap") or 0), high=p.get("max_ap") if isinstance(p.get("max_ap"), int) else None,
              face="ap"),
        Track(f"{me}-kills", "Kills", value=int(p.get("kills") or 0), face="kills"),
        Track(f"{me}-tally", "Kill tally", value=int(p.get("tally") or 0), face="tally", minor=True,
              tip="the kills' points: the highest tally wins")]
    if p.get("tag_debt"):
        out.append(Fact(f"{me}-tag-debt", "Owes a fight", text=str(p["tag_debt"]), minor=True))
    if p.get("poison"):
        out.append(Track(f"{me}-poison", "Poison", value=int(p["poison"]), face="poison"))
    if p.get("seeds"):
        # the count on the line, as the names would not fit beside the numbers; the names with the items
        out.append(Track(f"{me}-seeds", "Seeds", value=len(p["seeds"]), face="seeds",
                         tip=", ".join(names(str(s)) for s in p["seeds"])))
    inv = p.get("inventory") or {}
    both = inv.get("hand1") is not None and inv.get("hand1") == inv.get("hand2") and inv.get("hand1") not in ("face-down", "poison")
    items: list[AnyElement] = [_item(f"item-{a}-{space}", inv.get(space), "both hands" if both and space.startswith("hand") else label,
                   names, describe) for space, label in SPACES]
    items += [_item(f"item-{a}-beside-{k}", x, "beside the card", names, describe)
              for k, x in enumerate(p.get("extras") or [])]
    if p.get("face_down") and not mine:
        items.append(Fact(f"item-{a}-face-down", "Face down", text=str(p["face_down"])))
    if p.get("seeds"):
        items.append(Fact(f"item-{a}-seeds", "Seeds carried", text=", ".join(names(str(s)) for s in p["seeds"])))
    title = _who(p)
    short = f"{a + 1}. {str(p.get('name') or p.get('character') or 'no character yet').split()[0]}" + (" (you)" if mine else "")
    return (Region(me, title, tuple(out), layout="line", state=tuple(state) + (("mine",) if mine else ()), short=short),
            Region(f"items-{a}", f"{title.split(' ')[0]} {str(p.get('name') or 'adventurer').split()[0]}'s items",
                   tuple(items), minor=True, state=("mine",) if mine else ()))


def _foes(v: View, describe: Describe) -> Region | None:
    out: list[AnyElement] = []
    morna = v.get("morna") or v.get("morna_gul")
    if isinstance(morna, dict):
        pos = morna.get("position") or ["?", "?"]
        dice = morna.get("dice", "?")
        out.append(Card("morna", "Morna Gûl", face="morna", tip=describe("morna-gul") or "",
                        text=f"at ({pos[0]}, {pos[1]}): health {morna.get('health', '?')}, "
                             f"{dice} {'die' if dice == 1 else 'dice'} +{morna.get('modifier', '?')}"))
    fight = v.get("fight")
    if isinstance(fight, dict):
        players = v.get("players") or []
        a, partner = fight.get("adventurer", -1), fight.get("partner", -1)
        who = _who(players[a]) if isinstance(a, int) and 0 <= a < len(players) else "?"
        helper = _who(players[partner]) if isinstance(partner, int) and 0 <= partner < len(players) else None
        # "health N", as the foe's disc on the map says it (M<N>)
        out.append(Card("fight", "Fight", face="fight", state=("active",),
                        text=f"{who} against {fight.get('foe', '?')} ({fight.get('kind', '?')}); foe health "
                             f"{fight.get('foe_health', '?')}" + (f"; tag partner {helper}" if helper else "")))
    return Region("foes", "Foes", tuple(out), layout="line") if out else None


def table_model(view: View, seat: int, names: Names, describe: Describe,
                seat_name: Callable[[int], str]) -> Table:
    """The table ``seat`` sees: ``view`` is ``state.view(seat)``; ``names`` gives an item's,
    seed's or tile's printed name, ``describe`` its card text, ``seat_name`` a seat's words."""
    regions = [_game(view, seat_name, names, describe), _forest(view, names, describe)]
    for p in view.get("players") or []:
        regions.extend(_adventurer(view, p, names, describe))
    foes = _foes(view, describe)
    if foes is not None:
        regions.append(foes)
    return Table("cursed-forest", tuple(regions), title="The Cursed Forest")


#: what ends a fight, after its last round, in words (``{who}``: the adventurer, ``{foe}``: the foe)
ENDINGS = {"kill": "{foe} is killed", "spiders_beaten": "the last spider is crushed", "death": "{who} falls",
           "escape": "{who} escapes", "spiders_leave": "the spiders scuttle away"}


def outcomes(view: View, events: list[dict[str, Any]], monster: Callable[[Any, Any], str]) -> list[Outcome]:
    """The latest fight's last round, on the tile where it was fought: each side's dice, what
    is added and the total, who won and the damage, and how the fight ended or the foe's health
    left.  Only a fight of this turn or the one before (``events`` since the turn before this
    one began); ``events`` is the seat's log, ``monster`` names a monster by its id and side."""
    turns = [k for k, e in enumerate(events) if e.get("type") == "turn"]
    recent = events[turns[-2] if len(turns) > 1 else 0:]
    starts = [k for k, e in enumerate(recent) if e.get("type") == "fight"]
    if not starts:
        return []
    fight = recent[starts[-1]]
    after = recent[starts[-1] + 1:]
    rounds = [e for e in after if e.get("type") == "combat_round"]
    if not rounds or not isinstance(fight.get("tile"), list):
        return []
    last = rounds[-1]
    players = view.get("players") or []

    def who(a: Any) -> str:
        # the number and first name: the note stands on a tile, where room is short
        if not isinstance(a, int) or not 0 <= a < len(players):
            return "an adventurer"
        return f"{a + 1}. {str(players[a].get('name') or players[a].get('character') or 'adventurer').split()[0]}"

    kind = fight.get("kind")
    foe = {"spiders": "the spiders", "morna": "Morna Gûl"}.get(str(kind)) or (
        who(fight.get("opponent")) if kind == "pvp" else monster(fight.get("monster"), fight.get("side")))
    me = who(fight.get("adventurer"))
    if last.get("deadly_critical"):
        result = "a deadly critical: the foe dies at once"
    elif last.get("winner") == "adventurer":
        result = f"{me} wins the round: {last.get('damage_to_foe', 0)} damage to {foe}"
    elif last.get("winner") == "foe":
        result = f"{foe[:1].upper() + foe[1:]} wins the round: {last.get('damage_to_adventurer', 0)} damage to {me}"
    else:
        result = "a tie: no damage"
    crit = [w for w, on in (("critical", last.get("critical")), ("the foe's critical", last.get("foe_critical"))) if on]
    if crit:
        result += f" ({' and '.join(crit)}: doubled)"
    end = next((e for e in after if e.get("type") in ENDINGS), None) if any(
        e.get("type") == "fight_over" for e in after) else None
    live = view.get("fight")
    if end is not None:
        result += "; " + ENDINGS[str(end["type"])].format(who=who(end.get("adventurer")), foe=foe)
    elif isinstance(live, dict) and live.get("adventurer") == fight.get("adventurer"):
        result += f"; foe health {live.get('foe_health', '?')}"
    foe_roll = " ".join(str(d) for d in last.get("foe_dice") or [])
    at = _at(fight["tile"])
    return [Outcome(f"outcome@{at}", f"Fight at ({at.replace(',', ', ')}), round {len(rounds)}", on=f"tile@{at}",
                    dice=tuple(last.get("dice") or ()), modifier=int(last.get("modifier") or 0),
                    total=last.get("score"), against=f"{foe_roll} {int(last.get('foe_modifier') or 0):+d} = "
                    f"{last.get('foe_score')}".strip(), text=result)]


__all__ = ["ENDINGS", "KINDS", "KIND_WORDS", "SIGNS", "outcomes", "table_model"]
