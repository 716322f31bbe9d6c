"""Any game's table model (:mod:`woodlands.kit.table`) drawn with rich: one drawing for every
game in the line terminal and the full-screen one.  Under 100 columns it is compact (regions
one after another, no borders) so an 80x24 screen still holds the table and the options.

>>> from rich.console import Console
>>> from woodlands.kit.table import Die, Region, Table, Track
>>> t = Table("toy", (Region("count", "The count", (Track("total", "Count", value=3, high=10), Die("d", "Die", value=2))),))
>>> Console(width=80, color_system=None).print(draw(t, 80))
The count
Count 3/10  Die [2]
"""
from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table as Grid
from rich.text import Text

from ..kit.table import AnyElement, Card, Die, Fact, Region, Table, Tile, Token, Track, changed_ids

#: how each state is marked in the terminal (colour is never the only sign: a word or a sign too)
_STATE_STYLE = {"active": "bold", "committed": "cyan", "exhausted": "dim", "face-down": "dim",
                "highlight": "reverse", "dim": "dim", "won": "green", "lost": "red"}
_STATE_MARK = {"committed": "✓", "exhausted": "×", "face-down": "?", "active": "▶", "locked": "🔒"}


#: what just changed (:func:`woodlands.kit.table.changed_ids`): this sign before it, and underlined
CHANGED_MARK, _CHANGED_STYLE = "•", "underline"
Ids = frozenset[str]


def _style(e: AnyElement | Region, new: Ids = frozenset()) -> str:
    style = " ".join(_STATE_STYLE[s] for s in e.state if s in _STATE_STYLE)
    return f"{style} {_CHANGED_STYLE}".strip() if e.id in new else style


def _marks(e: AnyElement, new: Ids = frozenset()) -> str:
    return (CHANGED_MARK if e.id in new else "") + "".join(_STATE_MARK[s] for s in e.state if s in _STATE_MARK)


def element_text(e: AnyElement, full: bool = False, new: Ids = frozenset()) -> Text:
    """One element as a short line of text (the same words the web shows); ``full`` (room to
    spare) adds a card's longer words, its ``detail``; an element whose id is in ``new`` (it just
    changed) gets the sign ``•`` before it and is underlined.

    >>> element_text(Die("d", "Die", value=4), new=frozenset({"d"})).plain
    '•Die [4]'
    """
    mark = _marks(e, new)
    # the change sign sticks to the words, and takes a space of the gap before them (_run): a
    # marked line is no longer than an unmarked one, so the compact table keeps its size
    lead = "" if not mark else mark if mark == CHANGED_MARK else f"{mark} "
    if isinstance(e, Die):
        words = f"{lead}{e.name or e.face} [{'-' if e.value is None else e.value}]"
    elif isinstance(e, Track):
        words = f"{lead}{e.name} {e.value}" + (f"/{e.high}" if e.high is not None else "")
    elif isinstance(e, Card):
        body = "face down" if "face-down" in e.state and not e.text else e.text
        if full and e.detail:
            body = f"{body} · {e.detail}" if body else e.detail
        words = f"{lead}{e.name}" + (f" ({e.badge})" if e.badge else "") + (f": {body}" if body else "")
    elif isinstance(e, Token):
        words = f"{lead}{e.name}" + (f" ×{e.count}" if e.count != 1 else "") + (f" at {e.at}" if e.at else "")
    elif isinstance(e, Tile):
        words = f"{lead}{e.name} ({e.x},{e.y})" + (f": {', '.join(e.features)}" if e.features else "")
    else:
        assert isinstance(e, Fact)
        words = f"{lead}{e.name}: {e.text}" if e.text else f"{lead}{e.name}"
    return Text(words, style=_style(e, new))


def _run(texts: list[Text]) -> Text:
    """Elements on one line, two spaces apart; one before an element marked as changed (its
    ``•`` takes the other).

    >>> _run([Text("a"), Text("•b"), Text("c")]).plain
    'a •b  c'
    """
    out = Text()
    for k, text in enumerate(texts):
        if k:
            out.append(" " if text.plain.startswith(CHANGED_MARK) else "  ")
        out.append_text(text)
    return out


def _tile_map(tiles: list[Tile], new: Ids = frozenset()) -> Grid:
    """Tiles on their grid: one cell per position, its name (and marks) in it."""
    xs, ys = [t.x for t in tiles], [t.y for t in tiles]
    grid = Grid(show_header=False, box=None, padding=(0, 1))
    for _ in range(min(xs), max(xs) + 1):
        grid.add_column()
    at = {(t.x, t.y): t for t in tiles}
    for y in range(min(ys), max(ys) + 1):
        row: list[Any] = []
        for x in range(min(xs), max(xs) + 1):
            t = at.get((x, y))
            row.append(Text(f"{_marks(t, new)}{t.name}", style=_style(t, new)) if t else Text("·", style="dim"))
        grid.add_row(*row)
    return grid


def _tallied(texts: list[Text]) -> list[Text]:
    """Equal texts once each, in their first order, with their count when over one; a group
    with one just changed among them is marked as changed (four blue dice, one rerolled:
    ``•blue [-] ×4``, not ``blue [-] ×3 •blue [-]``).

    >>> [t.plain for t in _tallied([Text("b"), Text("•b", style="underline"), Text("c")])]
    ['•b ×2', 'c']
    """
    counts: dict[tuple[str, str], int] = {}
    marked: set[tuple[str, str]] = set()
    for t in texts:
        new = t.plain.startswith(CHANGED_MARK)
        style = " ".join(w for w in str(t.style).split() if w != _CHANGED_STYLE) if new else str(t.style)
        key = (t.plain.removeprefix(CHANGED_MARK), style)
        counts[key] = counts.get(key, 0) + 1
        if new:
            marked.add(key)
    return [Text((CHANGED_MARK if key in marked else "") + plain + (f" ×{n}" if n > 1 else ""),
                 style=f"{style} {_CHANGED_STYLE}".strip() if key in marked else style)
            for key in counts for plain, style in [key] for n in [counts[key]]]


def _texts(region: Region, full: bool = False, new: Ids = frozenset()) -> list[Text]:
    # a minor element is left out where room is short, as a minor region is
    texts = [element_text(e, full, new) for e in region.elements if not isinstance(e, Tile) and (full or not e.minor)]
    return _tallied(texts) if region.tally else texts


def _long_rows(region: Region, new: Ids = frozenset()) -> list[Text]:
    """At full width, each card with its longer words on a line of its own, the elements
    between them run together on a line."""
    rows: list[Text] = []
    run: list[Text] = []
    for e in region.elements:
        if isinstance(e, Tile):
            continue
        if isinstance(e, Card) and e.detail:
            if run:
                rows.append(_run(run))
                run = []
            rows.append(element_text(e, True, new))
        else:
            run.append(element_text(e, True, new))
    if run:
        rows.append(_run(run))
    return rows


def _is_long(region: Region, full: bool) -> bool:
    return full and any(isinstance(e, Card) and e.detail for e in region.elements)


def _compact_title(region: Region, end: str = "") -> Text:
    """A region's title where room is short: its short form, after its state's sign (whose turn
    it is: colour is never the only sign)."""
    mark = "".join(_STATE_MARK[s] for s in region.state if s in _STATE_MARK)
    return Text((f"{mark} " if mark else "") + (region.short or region.title) + end, style="bold " + _style(region))


def _line(region: Region, new: Ids = frozenset()) -> Text:
    """A ``line`` region in a compact terminal: its bold title, then its elements, folded.

    >>> from rich.console import Console
    >>> dice = (Die("a", face="red"), Die("b", face="red"), Die("c", face="blue", value=3))
    >>> Console(width=80, color_system=None).print(_line(Region("pool", "Pool", dice, layout="line", tally=True)))
    Pool:  red [-] ×2  blue [3]
    """
    line = _compact_title(region, ":")
    # a tile by its sign alone: a row of them reads as a track
    texts = [Text(f"{_marks(e, new)}{e.name}", style=_style(e, new)) if isinstance(e, Tile)
             else element_text(e, new=new) for e in region.elements if not e.minor]
    for text in _tallied(texts) if region.tally else texts:
        line.append(" " if text.plain.startswith(CHANGED_MARK) else "  ")
        line.append_text(text)
    line.overflow = "fold"
    return line


#: a compass map's tile box: 7 characters wide and 4 lines high (walls, its code, what stands on it, walls)
BOX_W, BOX_H = 7, 4
#: a compact map's words go beside it when that leaves them this many columns, after this gap
SIDE_MIN, SIDE_GAP = 30, 2


def _on_tiles(region: Region) -> tuple[list[Tile], dict[str, list[Token]], list[AnyElement]]:
    """A compass region's tiles, the tokens standing on each (by tile id), and everything else."""
    tiles = [e for e in region.elements if isinstance(e, Tile)]
    ids = {t.id for t in tiles}
    on: dict[str, list[Token]] = {}
    rest: list[AnyElement] = []
    for e in region.elements:
        if isinstance(e, Token) and e.at in ids:
            on.setdefault(e.at, []).append(e)
        elif not isinstance(e, Tile):
            rest.append(e)
    return tiles, on, rest


def _signs(tokens: list[Token], new: Ids = frozenset()) -> Text:
    # a piece that just moved here: reversed (in a box of 5 there is no room for a sign beside it;
    # reverse video is no colour, so colour is still not the only sign)
    out = Text()
    for k in tokens:
        out.append(k.mark or k.name[:1], style=_style(k) + (" reverse" if k.id in new else ""))
    return out


def _box(t: Tile, tokens: list[Token], new: Ids = frozenset()) -> list[Text]:
    """One tile's box: its walls open where its exits are, its code (after ``•`` when it just
    changed), then what stands on it."""
    inner = BOX_W - 2
    wall = "bold" if t.state else "dim"

    def across(edge: str) -> Text:
        gap = inner // 2
        return Text("+" + "─" * gap + (" " if edge in t.exits else "─") + "─" * (inner - gap - 1) + "+", style=wall)

    west, east = (" " if "W" in t.exits else "|"), (" " if "E" in t.exits else "|")
    first = Text(west, style=wall)
    code = (CHANGED_MARK if t.id in new else "") + (t.code or t.name[:2])
    first.append(f"{code[:inner]:<{inner}}", style="bold " + _CHANGED_STYLE if t.id in new else "bold")
    first.append(east, style=wall)
    second = Text(west, style=wall)
    signs = _signs(tokens, new)
    signs.truncate(inner, pad=True)
    second.append_text(signs)
    second.append(east, style=wall)
    return [across("N"), first, second, across("S")]


def _axes(tiles: list[Tile]) -> str:
    xs, ys = [t.x for t in tiles], [t.y for t in tiles]
    return f"x {min(xs)}..{max(xs)} left to right, y {max(ys)}..{min(ys)} top to bottom"


def _compass_map(tiles: list[Tile], on: dict[str, list[Token]], width: int, new: Ids = frozenset()) -> Text:
    """Tiles on a compass grid, north (growing y) up: a box each with its exits open when the
    width holds them, else two characters a tile (its code, then the first thing on it), under
    a line saying which way the axes run (width 0: no such line, the caller says it)."""
    xs, ys = [t.x for t in tiles], [t.y for t in tiles]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    at = {(t.x, t.y): t for t in tiles}
    out = Text()
    if (x1 - x0 + 1) * BOX_W + 5 > width:
        if width:
            out.append(_axes(tiles) + "\n", style="dim")
        for y in range(y1, y0 - 1, -1):
            out.append(f"{y:>3} " if y == y1 else f"\n{y:>3} ", style="dim")
            for x in range(x0, x1 + 1):
                t = at.get((x, y))
                if t is None:
                    out.append("  ")
                    continue
                out.append((t.code or t.name)[:1], style="bold reverse" if t.id in new else "bold")
                signs = _signs(on.get(t.id, []), new)
                out.append_text(signs[:1] if signs.plain else Text(" "))
        return out
    out.append("     ")
    for x in range(x0, x1 + 1):
        out.append(f"{'x=' + str(x):^{BOX_W}}", style="dim")
    for y in range(y1, y0 - 1, -1):
        rows: list[list[Text]] = [[] for _ in range(BOX_H)]
        for x in range(x0, x1 + 1):
            t = at.get((x, y))
            lines = _box(t, on.get(t.id, []), new) if t else [Text(" " * BOX_W)] * BOX_H
            for k in range(BOX_H):
                rows[k].append(lines[k])
        for k in range(BOX_H):
            out.append("\n" + f"{'y=' + str(y) if k == 1 else '':>4} ", style="dim")
            for part in rows[k]:
                out.append_text(part)
    return out


def _region_body(region: Region, width: int, full: bool = False, small: bool = False, new: Ids = frozenset()) -> Any:
    if region.layout == "compass":
        tiles, on, others = _on_tiles(region)
        texts = [element_text(e, new=new) for e in others if full or not e.minor]
        if not tiles:
            return Group(*texts)
        drawn = _compass_map(tiles, on, 0 if small else width, new)
        wide = max(len(line) for line in drawn.plain.split("\n"))
        room = width - wide - SIDE_GAP
        if small and texts and room >= SIDE_MIN:
            # a small map leaves most of its lines empty: its key and the rest beside it, not under it
            side = Grid(show_header=False, box=None, padding=(0, 0, 0, SIDE_GAP), pad_edge=False)
            side.add_column(width=wide, no_wrap=True)
            side.add_column(max_width=room, overflow="fold")
            side.add_row(drawn, Group(*texts))
            return side
        return Group(drawn, *texts)
    tiles = [e for e in region.elements if isinstance(e, Tile)]
    parts: list[Any] = [_tile_map(tiles, new)] if tiles else []
    texts = _texts(region, full, new)
    if _is_long(region, full) and region.layout in ("row", "line"):
        # with their longer words cards read better one a line than run together
        parts.extend(_long_rows(region, new))
    elif region.layout in ("row", "line") and texts:
        line = _run(texts)
        line.overflow = "fold"
        parts.append(line)
    else:
        parts.extend(texts)
    return Group(*parts)


def draw(table: Table, width: int = 100, height: int | None = None, new: Ids = frozenset()) -> Any:
    """The table as a rich renderable: each region a panel, or, under 100 columns, a bold title
    line and its elements (no borders, so 80x24 holds it; a ``line`` region's elements on its
    title's line, its tiles by their names, a ``minor`` region or element left out, a region's
    ``short`` title for its title).  The elements whose ids are in ``new`` (what just changed)
    are marked ``•`` and underlined (a piece on a map: reversed).

    >>> from rich.console import Console
    >>> dice = (Die("d", "d8", value=5, sides=8), Track("rolls", "Rolls", value=9, minor=True))
    >>> t = Table("toy", (Region("dice", "The dice on the table", dice, layout="line", short="Dice"),
    ...                   Region("legend", "Signs", (Fact("f", "d8", text="eight faces"),), minor=True)))
    >>> Console(width=80, color_system=None).print(draw(t, 80))
    Dice:  d8 [5]
    """
    compact = width < 100
    parts: list[Any] = []
    for region in table.regions:
        if compact and region.minor:
            continue        # the story's text, the decks, a legend: one key away on a small screen
        if compact and region.layout == "line":
            parts.append(_line(region, new))
            continue
        if compact:
            tiles = [e for e in region.elements if isinstance(e, Tile)]
            axes = f" · {_axes(tiles)}" if region.layout == "compass" and tiles else ""   # one line less
            parts.append(_compact_title(region, axes))
            parts.append(_region_body(region, width, small=True, new=new))
        else:
            # the title as Text: words from a content pack are never read as markup
            parts.append(Panel(_region_body(region, width - 4, full=True, new=new), title=Text(region.title), title_align="left",
                               border_style=_style(region) or "none", width=width))
    return Group(*parts)


class Changes:
    """What changed since a seat's table was last drawn, for the marks: the model drawn last for
    each seat, and the ids marked then.  Drawn again unchanged (a resize, a help screen closed),
    the same marks stay; a new model is compared with the one drawn before it
    (:func:`woodlands.kit.table.changed_ids`).  Each seat's models are its own, so another
    seat's hidden things never enter a comparison.

    >>> from woodlands.kit.table import Die, Region, Table
    >>> t = lambda v: Table("toy", (Region("r", "R", (Die("a", value=v), Die("b", value=1))),))
    >>> c = Changes()
    >>> c.see(0, t(1)), c.see(0, t(4)), c.see(0, t(4)), c.see(1, t(4))
    (frozenset(), frozenset({'a'}), frozenset({'a'}), frozenset())
    """

    def __init__(self) -> None:
        self.shown: dict[int, tuple[Table, Ids]] = {}

    def see(self, seat: int, model: Table) -> Ids:
        """The ids to mark in ``model``, now drawn for ``seat``."""
        last = self.shown.get(seat)
        if last is not None and last[0] == model:
            return last[1]
        new = changed_ids(last[0] if last else None, model)
        self.shown[seat] = (model, new)
        return new

    def forget(self) -> None:
        """Another game: nothing to compare with."""
        self.shown.clear()


def table_for(pres: Any, view: Any, seat: int, width: int = 100, height: int | None = None,
              changes: Changes | None = None) -> Any:
    """What the terminal shows for ``seat``: the game's table model drawn here when it has one
    (with what changed since ``changes`` saw it last marked), else the game's own drawing
    (``pres.table``)."""
    model = pres.table_model(view, seat)
    if model is not None:
        return draw(model, width, height, changes.see(seat, model) if changes is not None else frozenset())
    return pres.table(view, width, height)


__all__ = ["CHANGED_MARK", "Changes", "draw", "element_text", "table_for"]
