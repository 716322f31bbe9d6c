"""The Cursed Forest's table, drawn with rich from one player's view and nothing else.

:func:`render` gives, top to bottom: a header (round, phase, whose turn, whose decision, the
stack and the bags), the map of the laid tiles, the adventurers' cards, Morna Gûl and the fight
under way.  The map is cropped to the laid tiles; each tile is a small box whose walls have a
gap where a path leaves it, with its kind, what stands on it and who is there.  A forest too
wide for a 120-column terminal is drawn two characters a tile instead.

Other players' face-down items are never named: the view gives them as ``"face-down"`` and the
card shows only how many there are (ruling C-9).

>>> import io, woodlands
>>> from rich.console import Console
>>> state = woodlands.load_game("cursed-forest").new_game(seed=1, options={"players": 2})
>>> console = Console(width=120, record=True, file=io.StringIO())
>>> console.print(render(state.view(0)))
>>> text = console.export_text()
>>> "deciding: Player 1" in text and "x=0" in text and "St" in text
True
"""
from __future__ import annotations

import functools
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.text import Text

View = dict[str, Any]

MAX_WIDTH = 116        # characters the full map may take before the compact map is used
CELL_W = 7             # a tile's box: 7 characters wide ...
CELL_H = 4             # ... and 4 lines high
ADVENTURER_STYLE = ("bold yellow", "bold green", "bold cyan", "bold magenta")
SPACES = ("hand1", "hand2", "boots", "armour", "backpack")
SPACE_LABEL = {"hand1": "hand 1", "hand2": "hand 2", "boots": "boots", "armour": "armour", "backpack": "pack"}

#: tile kind -> (two-letter code on the map, style, legend word)
KINDS: dict[str, tuple[str, str, str]] = {
    "start": ("St", "bold white", "start"),
    "exit": ("Ex", "bold green", "exit (Maiden Tree)"),
    "path": ("..", "dim", "path"),
    "monster": ("Mo", "red", "monster tile"),
    "brood-seed": ("Sd", "bold green", "brood seed roots"),
    "red-vine": ("RV", "bold red", "red vines"),
    "web": ("Wb", "white", "web"),
    "pit": ("Pt", "bold blue", "pit"),
    "swamp": ("Sw", "cyan", "swamp"),
    "bone-yard": ("BY", "yellow", "bone yard"),
    "gateway": ("Gw", "magenta", "forest gateway"),
}
#: tile kind -> its letter on the compact map (one letter each, so no two kinds look alike)
COMPACT = {"start": "H", "exit": "X", "path": ".", "monster": "M", "brood-seed": "R", "red-vine": "V",
           "web": "W", "pit": "P", "swamp": "S", "bone-yard": "B", "gateway": "G"}
#: markers on a tile's second line
MARKS = (("G", "bold red", "Morna Gûl"), ("?", "red", "monster token"), ("*", "bold green", "seed in the roots"),
         ("+", "bold green", "seed laid on the vines"), ("s", "green", "dropped seed"), ("i", "yellow", "items lying here"),
         ("~", "cyan", "swamp token"), ("y", "yellow", "bone yard token"))


#: a decision kind in the header, in words
KIND_WORDS = {"choose_character": "choosing a character", "turn_action": "the turn", "lay_tile": "laying a tile",
              "lay_exit": "laying the Exit", "fight_round": "a fight", "reroll": "a re-roll", "tag_reply": "a call for help",
              "choose_partner": "a partner", "stow_item": "a new item", "poison_replace": "poison",
              "maiden_call": "the Maiden Tree", "flee_price": "the price of fleeing", "defend_round": "defending"}


# ------------------------------------------------------------------ names
@functools.lru_cache(maxsize=1)
def _default_names() -> dict[str, str]:
    """Item and seed names of the default pack, to show an id as its printed name."""
    try:
        import woodlands
        content: Any = woodlands.load_game("cursed-forest").content
    except Exception:   # no pack to read: ids are shown tidied up instead
        return {}
    names: dict[str, str] = {i.id: i.name for i in content.items}
    names.update({k.id: k.name for k in content.seeds})
    names.update({c.id: c.name for c in content.characters})
    names.update({f"tile:{t.id}": t.name for t in content.tiles})
    return names


def nice(item_id: Any) -> str:
    """An item, seed or character id as its printed name (or the id tidied up).

    >>> nice("healing-draught-2")
    'Healing Draught'
    >>> nice("no-such-thing-3")
    'No Such Thing 3'
    """
    text = str(item_id)
    names = _default_names()
    if text in names:
        return names[text]
    return text.replace("-", " ").title()


def nice_tile(tile_id: Any) -> str:
    """A tile id as its printed name when the default pack knows it."""
    return _default_names().get(f"tile:{tile_id}", str(tile_id).replace("-", " ").title())


def _who(p: dict[str, Any]) -> str:
    name = p.get("name") or p.get("character") or "no character yet"
    return f"{p.get('adventurer', 0) + 1} {name}"


# ------------------------------------------------------------------ header
def _header(v: View) -> RenderableType:
    players = v.get("players") or []
    t = Text()
    t.append("The Cursed Forest", style="bold")
    t.append(f"  round {v.get('round', '?')} · phase {v.get('phase', '?')}")
    turn = v.get("turn")
    if isinstance(turn, int) and 0 <= turn < len(players):
        t.append("  · turn: ")
        t.append(f"adventurer {_who(players[turn])}", style=ADVENTURER_STYLE[turn % 4])
    deciding = v.get("deciding")
    if deciding is not None:
        kind = str(v.get("decision_kind") or "")
        t.append(f"  · deciding: Player {deciding + 1} ({KIND_WORDS.get(kind, kind.replace('_', ' '))})",
                 style="bold")
    t.append("\n")
    t.append(f"Stack {v.get('stack_size', '?')} tiles · monsters bag {v.get('monsters_in_bag', '?')} · "
             f"items bag {v.get('items_in_bag', '?')} · seeds on the vines {v.get('seeds_laid', 0)}")
    if v.get("pit_monsters"):
        t.append(f" · monsters waiting in the pit {v['pit_monsters']}")
    drawn = v.get("drawn_tile")
    if isinstance(drawn, dict):
        code, style, word = KINDS.get(str(drawn.get("kind")), ("??", "", str(drawn.get("kind"))))
        t.append("\nDrawn, waiting to be laid: ", style="bold")
        t.append(f"{nice_tile(drawn.get('id'))} [{code}] {word}, printed open {''.join(drawn.get('open') or []) or 'nowhere'}",
                 style=style)
    if v.get("over"):
        outcome = v.get("outcome") or {}
        t.append(f"\nGame over: {outcome.get('result', '?')}", style="bold")
        if outcome.get("how") or outcome.get("reason"):
            t.append(f" ({outcome.get('how') or outcome.get('reason')})")
    return t


# ------------------------------------------------------------------ the map
def _who_is_where(v: View) -> dict[tuple[int, int], list[int]]:
    where: dict[tuple[int, int], list[int]] = {}
    for p in v.get("players") or []:
        pos = p.get("position")
        if pos is not None:
            where.setdefault((pos[0], pos[1]), []).append(int(p.get("adventurer", 0)))
    return where


def _morna_at(v: View) -> tuple[int, int] | None:
    morna = v.get("morna") or v.get("morna_gul")
    if not morna or morna.get("position") is None:
        return None
    return morna["position"][0], morna["position"][1]


def _monster_text(tile: dict[str, Any]) -> str:
    m = tile.get("monster")
    if m == "token":
        return "?"
    if isinstance(m, dict):
        return f"M{m.get('health', '')}"
    return ""


def _marks(tile: dict[str, Any], morna_here: bool) -> list[tuple[str, str]]:
    out = []
    if morna_here:
        out.append(MARKS[0][:2])
    if tile.get("monster") == "token":
        out.append(MARKS[1][:2])
    if tile.get("root_seed"):
        out.append(MARKS[2][:2])
    if tile.get("vine_seed"):
        out.append(MARKS[3][:2])
    if tile.get("seeds"):
        out.append(MARKS[4][:2])
    if tile.get("items"):
        out.append(MARKS[5][:2])
    tokens = tile.get("tokens") or []
    if "swamp" in tokens:
        out.append(MARKS[6][:2])
    if "bone-yard" in tokens:
        out.append(MARKS[7][:2])
    return out


def _tile_lines(tile: dict[str, Any], here: list[int], morna_here: bool) -> list[Text]:
    """The four lines of one tile's box."""
    opened = set(tile.get("open") or [])
    inner = CELL_W - 2
    gap = inner // 2
    wall = "bold green" if tile.get("kind") in ("start", "exit") else "dim"

    def horizontal(edge: str) -> Text:
        mid = " " if edge in opened else "─"
        return Text("+" + "─" * gap + mid + "─" * (inner - gap - 1) + "+", style=wall)

    side_w = " " if "W" in opened else "|"
    side_e = " " if "E" in opened else "|"
    code, style, _ = KINDS.get(str(tile.get("kind")), ("??", "", ""))
    first = Text(side_w, style=wall)
    first.append(code, style=style)
    mon = _monster_text(tile)
    first.append(f"{mon:>{inner - 2}}"[: inner - 2], style="bold red" if mon else "")
    first.append(side_e, style=wall)
    second = Text(side_w, style=wall)
    used = 0
    for a in here:
        if used < inner:
            second.append(str(a + 1), style=ADVENTURER_STYLE[a % 4])
            used += 1
    for ch, st in _marks(tile, morna_here):
        if used < inner:
            second.append(ch, style=st)
            used += 1
    second.append(" " * (inner - used))
    second.append(side_e, style=wall)
    return [horizontal("N"), first, second, horizontal("S")]


def _bounds(tiles: list[dict[str, Any]]) -> tuple[int, int, int, int]:
    xs = [t["position"][0] for t in tiles]
    ys = [t["position"][1] for t in tiles]
    return min(xs), max(xs), min(ys), max(ys)


def render_map(v: View, width: int = MAX_WIDTH) -> RenderableType:
    """The laid tiles on their grid, north up, cropped to the tiles laid; compact when wide."""
    tiles = [t for t in v.get("tiles") or [] if t.get("position") is not None]
    if not tiles:
        return Text("No tile is laid yet.")
    x0, x1, y0, y1 = _bounds(tiles)
    cols = x1 - x0 + 1
    grid = {(t["position"][0], t["position"][1]): t for t in tiles}
    where = _who_is_where(v)
    morna = _morna_at(v)
    if cols * CELL_W + 5 > width:
        return _compact_map(grid, where, morna, x0, x1, y0, y1)
    out = Text()
    out.append("     ")
    for x in range(x0, x1 + 1):
        out.append(f"{'x=' + str(x):^{CELL_W}}", style="dim")
    out.append("\n")
    blank = Text(" " * CELL_W)
    for y in range(y1, y0 - 1, -1):
        rows = [[] for _ in range(CELL_H)]  # type: list[list[Text]]
        for x in range(x0, x1 + 1):
            tile = grid.get((x, y))
            lines = _tile_lines(tile, where.get((x, y), []), morna == (x, y)) if tile else [blank] * CELL_H
            for k in range(CELL_H):
                rows[k].append(lines[k])
        for k in range(CELL_H):
            label = f"y={y}" if k == 1 else ""
            out.append(f"{label:>4} ", style="dim")
            for part in rows[k]:
                out.append_text(part)
            out.append("\n")
    out.append_text(_legend(tiles))
    return out


def _compact_rows(out: Text, grid: dict[tuple[int, int], dict[str, Any]], where: dict[tuple[int, int], list[int]],
                  morna: tuple[int, int] | None, x0: int, x1: int, y0: int, y1: int, label: int) -> None:
    """Append the tile rows, two characters a tile: its kind letter, then who or what is on it
    (an adventurer's number, & Morna Gûl, ! a monster or its token, else the tile's first mark)."""
    for y in range(y1, y0 - 1, -1):
        out.append(f"{y:>{label}} ", style="dim")
        for x in range(x0, x1 + 1):
            tile = grid.get((x, y))
            if tile is None:
                out.append("  ")
                continue
            kind = str(tile.get("kind"))
            out.append(COMPACT.get(kind, "?"), style=KINDS.get(kind, ("", "", ""))[1])
            here = where.get((x, y), [])
            if here:
                out.append(str(here[0] + 1), style=ADVENTURER_STYLE[here[0] % 4])
            elif morna == (x, y):
                out.append("&", style="bold red")
            elif tile.get("monster"):
                out.append("!", style="bold red")
            else:
                marks = _marks(tile, False)
                out.append(marks[0][0] if marks else " ", style=marks[0][1] if marks else "")
        out.append("\n")


def _compact_map(grid: dict[tuple[int, int], dict[str, Any]], where: dict[tuple[int, int], list[int]],
                 morna: tuple[int, int] | None, x0: int, x1: int, y0: int, y1: int) -> RenderableType:
    """Two characters a tile: its kind letter, then who or what is on it."""
    out = Text(f"Compact map, x {x0}..{x1} left to right, y {y1}..{y0} top to bottom\n", style="dim")
    _compact_rows(out, grid, where, morna, x0, x1, y0, y1, 4)
    kinds = [k for k in COMPACT if any(t.get("kind") == k for t in grid.values())]
    legend = Text("Tile letters: " + ", ".join(f"{COMPACT[k]} {KINDS[k][2]}" for k in kinds), style="dim")
    legend.append("\nAfter the letter: 1-4 an adventurer, & Morna Gûl, ! a monster or its token, then "
                  + ", ".join(f"{ch} {word}" for ch, _, word in MARKS[2:]), style="dim")
    out.append_text(legend)
    return out


def _legend(tiles: list[dict[str, Any]]) -> Text:
    kinds = []
    for tile in tiles:
        k = str(tile.get("kind"))
        if k in KINDS and k not in kinds:
            kinds.append(k)
    t = Text("Tiles: ", style="dim")
    t.append(", ".join(f"{KINDS[k][0]} {KINDS[k][2]}" for k in kinds), style="dim")
    t.append("\nOn a tile: 1-4 adventurers, M<n> a monster and its health, ", style="dim")
    t.append(", ".join(f"{ch} {word}" for ch, _, word in MARKS), style="dim")
    return t


# ------------------------------------------------------------------ adventurers
def _inventory(p: dict[str, Any], mine: bool) -> str:
    inv = p.get("inventory") or {}
    parts = []
    shown_two = None
    for space in SPACES:
        x = inv.get(space)
        if x == "face-down" and not mine:
            continue
        if space == "hand2" and x is not None and x == inv.get("hand1") and x != "face-down":
            shown_two = x
            continue
        label = SPACE_LABEL[space]
        if x is None:
            parts.append(f"{label} -")
        elif x == "poison":
            parts.append(f"{label} POISON")
        else:
            parts.append(f"{label} {nice(x)}")
    if shown_two is not None:
        parts = [s.replace(f"hand 1 {nice(shown_two)}", f"both hands {nice(shown_two)}") for s in parts]
    extras = [nice(x) for x in p.get("extras") or [] if x != "face-down"]
    if extras:
        parts.append("beside " + ", ".join(extras))
    hidden = int(p.get("face_down") or 0) + sum(1 for x in p.get("extras") or [] if x == "face-down")
    if hidden and not mine:
        parts.append(f"{hidden} face down")
    return "; ".join(parts)


def _players(v: View) -> RenderableType:
    """One card per adventurer: a line of numbers, then the inventory by space."""
    seat = v.get("seat", 0)
    deciding = v.get("deciding")
    t = Text("Adventurers", style="bold underline")
    t.append("  (> whose turn it is, * who decides now)\n", style="dim")
    for p in v.get("players") or []:
        a = int(p.get("adventurer", 0))
        mine = p.get("player") == seat
        flags = (">" if v.get("turn") == a else " ") + ("*" if deciding is not None and deciding == p.get("player") else " ")
        pos = p.get("position")
        at = "out of the game" if p.get("out") else ("not placed" if pos is None else f"at ({pos[0]}, {pos[1]})")
        t.append(flags + " ", style="bold")
        t.append(_who(p), style=ADVENTURER_STYLE[a % 4])
        t.append(f" (Player {int(p.get('player', 0)) + 1}{', you' if mine else ''})", style="dim")
        low = isinstance(p.get("health"), int) and isinstance(p.get("max_health"), int) and p["health"] * 3 <= p["max_health"]
        t.append("  Health ")
        t.append(f"{p.get('health', '?')}/{p.get('max_health', '?')}", style="bold red" if low else "bold")
        t.append(f"  Lives {p.get('lives', '?')}  AP {p.get('ap', '?')}/{p.get('max_ap', '?')}")
        if p.get("tag_debt"):
            t.append(f" (owes {p['tag_debt']} to a fight)")
        if p.get("poison"):
            t.append(f"  Poison {p['poison']}", style="bold magenta")
        seeds = ", ".join(nice(x) for x in p.get("seeds") or [])
        if seeds:
            t.append(f"  Seeds {seeds}", style="bold green")
        t.append(f"  Kills {p.get('kills', 0)} (tally {p.get('tally', 0)})  {at}\n")
        t.append("     " + _inventory(p, mine) + "\n", style="" if mine else "dim")
    t.rstrip()
    return t


# ------------------------------------------------------------------ Morna Gûl and the fight
def _foes(v: View) -> RenderableType:
    t = Text()
    morna = v.get("morna") or v.get("morna_gul")
    if morna:
        pos = morna.get("position") or ["?", "?"]
        t.append("Morna Gûl", style="bold red")
        t.append(f" at ({pos[0]}, {pos[1]}): health {morna.get('health', '?')}, "
                 f"{morna.get('dice', '?')} {'die' if morna.get('dice') == 1 else 'dice'} +{morna.get('modifier', '?')}\n")
    fight = v.get("fight")
    if fight:
        players = v.get("players") or []
        a = fight.get("adventurer", -1)
        who = _who(players[a]) if isinstance(a, int) and 0 <= a < len(players) else "?"
        t.append("Fight: ", style="bold red")
        t.append(f"adventurer {who} against {fight.get('foe', '?')} ({fight.get('kind', '?')}); "
                 f"foe health {fight.get('foe_health', '?')}")
        partner = fight.get("partner", -1)
        if isinstance(partner, int) and 0 <= partner < len(players):
            t.append(f"; tag partner {_who(players[partner])}")
        t.append("\n")
    t.rstrip()
    return t


class _Map:
    """The map, drawn for the width the console has (compact when the full map does not fit)."""

    def __init__(self, view: View) -> None:
        self.view = view

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield render_map(self.view, min(MAX_WIDTH, options.max_width))


def render(view: View) -> RenderableType:
    """The whole table for one player's view of The Cursed Forest."""
    return Group(_header(view), _Map(view), _players(view), _foes(view))


def render_compact(view: View) -> RenderableType:
    """The table for a small terminal (80 columns, a few lines of 24): a two-line header, the
    compact map (two characters a tile) with a one-line key, one line per adventurer and the
    fight; inventories and the long legend are one key away (the presentation's details)."""
    players = view.get("players") or []
    head = Text()
    head.append("The Cursed Forest", style="bold")
    head.append(f" · round {view.get('round', '?')} · {view.get('phase', '?')}")
    turn = view.get("turn")
    if isinstance(turn, int) and 0 <= turn < len(players):
        head.append(" · turn: ")
        head.append(_short(players[turn]), style=ADVENTURER_STYLE[turn % 4])
    deciding = view.get("deciding")
    if deciding is not None:
        head.append(f" · Player {deciding + 1} decides", style="bold")
    head.append(f"\nStack {view.get('stack_size', '?')} · monster bag {view.get('monsters_in_bag', '?')} · "
                f"item bag {view.get('items_in_bag', '?')} · seeds laid {view.get('seeds_laid', 0)}")
    drawn = view.get("drawn_tile")
    if isinstance(drawn, dict):
        code, style, word = KINDS.get(str(drawn.get("kind")), ("??", "", str(drawn.get("kind"))))
        head.append(f"\nTo lay: {nice_tile(drawn.get('id'))} ({word})", style=style or "bold")
    parts: list[RenderableType] = [head]
    tiles = [tl for tl in view.get("tiles") or [] if tl.get("position") is not None]
    if tiles:
        x0, x1, y0, y1 = _bounds(tiles)
        grid = {(tl["position"][0], tl["position"][1]): tl for tl in tiles}
        where, morna = _who_is_where(view), _morna_at(view)
        body = Text()
        _compact_rows(body, grid, where, morna, x0, x1, y0, y1, 3)
        body.append(f"x {x0}..{x1}; " + " ".join(f"{COMPACT[k]}={KINDS[k][2].split()[0]}" for k in COMPACT
                                                 if any(tl.get("kind") == k for tl in tiles))
                    + "; 1-4 adventurers, & Morna, ! monster", style="dim")
        parts.append(body)
    seat = view.get("seat", 0)
    people = Text()
    for k, pl in enumerate(players):
        a = int(pl.get("adventurer", k))
        mark = ">" if view.get("turn") == a else " "
        people.append(mark + " ")
        people.append(_short(pl), style=ADVENTURER_STYLE[a % 4])
        people.append(f" H{pl.get('health', '?')}/{pl.get('max_health', '?')} L{pl.get('lives', '?')}"
                      f" AP{pl.get('ap', '?')}/{pl.get('max_ap', '?')} K{pl.get('kills', 0)}")
        if pl.get("poison"):
            people.append(f" poison {pl['poison']}", style="bold magenta")
        if pl.get("seeds"):
            people.append(f" seeds {len(pl['seeds'])}", style="bold green")
        people.append(" (you)" if pl.get("player") == seat else "", style="dim")
        people.append("\n")
    people.rstrip()
    parts.append(people)
    foes = _foes(view)
    if isinstance(foes, Text) and foes.plain:
        parts.append(foes)
    return Group(*parts)


def _short(p: dict[str, Any]) -> str:
    """'1 Hildra': an adventurer's number and first name."""
    name = p.get("name") or p.get("character")
    number = p.get("adventurer", 0) + 1
    return f"{number} {str(name).split()[0]}" if name else f"adventurer {number} (no character yet)"
