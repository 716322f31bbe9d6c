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

from ..kit.table import AnyElement, Card, Die, Fact, Outcome, Region, Table, Tile, Token, Track, changed_ids, model_for

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
    elif isinstance(e, Outcome):
        # the web's words, on one line: the roll, then its result
        words = lead + " — ".join(e.lines())
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
#: a flat tile box (walls, its code and what stands on it, walls): a big map's whole forest on a big screen
FLAT_H = 3
#: a compact map's words go beside it when that leaves them this many columns, after this gap
SIDE_MIN, SIDE_GAP = 30, 2
#: rows of tile boxes a compact screen's map shows around its focus (the table's box scrolls, so
#: the focus stays in its first screenful); a taller screen shows more
COMPACT_ROWS = 2
#: lines of a table around its map, kept for the rest when a map's rows are fitted to a height
AROUND_MAP = 10
Pan = tuple[int, int]


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


def _fill(tokens: list[Token], new: Ids, room: list[int]) -> list[Text]:
    """The pieces' signs poured into lines of the given widths, a sign never cut in two; when
    they do not all fit, the last line ends with ``…`` (the words beside the map name them all)."""
    lines = [Text() for _ in room]
    k = 0
    for token in tokens:
        sign = _signs([token], new)
        while k < len(room) and lines[k].cell_len + sign.cell_len > room[k]:
            k += 1
        if k == len(room):
            last = lines[-1]
            last.truncate(max(0, room[-1] - 1))
            last.append("…")
            break
        lines[k].append_text(sign)
    for line, width in zip(lines, room):
        line.truncate(width, pad=True)
    return lines


def _box(t: Tile, tokens: list[Token], new: Ids = frozenset(), flat: bool = False) -> list[Text]:
    """One tile's box: its walls open where its exits are, its code (after ``•`` when it just
    changed), then what stands on it: after the code and on the next line (``flat``: after the
    code only)."""
    inner = BOX_W - 2
    wall = "bold" if t.state else "dim"

    def across(edge: str) -> Text:
        gap = inner // 2
        return Text("+" + "─" * gap + (" " if edge in t.exits else "─") + "─" * (inner - gap - 1) + "+", style=wall)

    west, east = (" " if "W" in t.exits else "|"), (" " if "E" in t.exits else "|")
    code = (CHANGED_MARK if t.id in new else "") + (t.code or t.name[:2])
    code = code[:inner - 1] + " " if len(code) < inner else code[:inner]
    # the pieces on the line under the code, and those that do not fit there after the code
    rows = _fill(tokens, new, [inner - len(code)] if flat else [inner, inner - len(code)])
    first = Text(west, style=wall)
    first.append(code, style="bold " + _CHANGED_STYLE if t.id in new else "bold")
    first.append_text(rows[-1])
    first.append(east, style=wall)
    if flat:
        return [across("N"), first, across("S")]
    second = Text(west, style=wall)
    second.append_text(rows[0])
    second.append(east, style=wall)
    return [across("N"), first, second, across("S")]


def _axes(tiles: list[Tile], shown: tuple[int, int, int, int] | None = None) -> str:
    """Which way the axes run, and, for a view of part of the map, which part it shows."""
    xs, ys = [t.x for t in tiles], [t.y for t in tiles]
    whole = (min(xs), max(xs), min(ys), max(ys))
    if shown is not None and shown != whole:
        x0, x1, y0, y1 = shown
        across = f"x {x0}..{x1}" + (f" of {whole[0]}..{whole[1]}" if (x0, x1) != whole[:2] else "")
        down = f"y {y1}..{y0}" + (f" of {whole[3]}..{whole[2]}" if (y0, y1) != whole[2:] else "")
        return f"{across}, {down}"
    return f"x {min(xs)}..{max(xs)} left to right, y {max(ys)}..{min(ys)} top to bottom"


def _window(low: int, high: int, size: int, first: int) -> tuple[int, int]:
    """``size`` coordinates of ``low..high`` from ``first``, kept inside (all of them when they fit)."""
    if high - low + 1 <= size:
        return low, high
    first = max(low, min(first, high - size + 1))
    return first, first + size - 1


def focus_of(region: Region) -> tuple[int, int] | None:
    """The square a view of part of a compass ``region`` centres on: its ``focus`` element's (a
    tile, or a piece standing on one), else the first element marked ``active``'s; None: neither."""
    tiles, on, _ = _on_tiles(region)
    at = {t.id: t for t in tiles}
    for token_list in on.values():
        for k in token_list:
            at.setdefault(k.id, at[k.at])
    wanted = [region.focus] if region.focus else []
    wanted += [e.id for e in region.elements if "active" in e.state and e.id in at]
    return next(((at[i].x, at[i].y) for i in wanted if i in at), None)


def map_view(region: Region, width: int, height: int | None, pan: Pan = (0, 0),
             compact: bool = False) -> tuple[tuple[int, int, int, int], bool, Pan]:
    """The part of a compass ``region``'s map drawn in ``width`` columns, ``height`` lines: its
    corners ``(x0, x1, y0, y1)``, whether its boxes are flat, and the pan that reaches it (``pan``
    kept inside the map, so a key pressed at an edge is not remembered).  The view centres on the
    focus (:func:`focus_of`), moved ``pan`` squares east and north; a map that fits is drawn whole."""
    tiles = [e for e in region.elements if isinstance(e, Tile)]
    xs, ys = [t.x for t in tiles], [t.y for t in tiles]
    lo_x, hi_x, lo_y, hi_y = min(xs), max(xs), min(ys), max(ys)
    cols = max(1, (width - 5) // BOX_W)
    flat = False
    if height is None:
        rows = hi_y - lo_y + 1
    elif compact:
        rows = COMPACT_ROWS if height < 30 else max(COMPACT_ROWS, (height - AROUND_MAP - 4) // BOX_H)
    else:
        rows = max(1, (height - AROUND_MAP) // BOX_H)
        if hi_y - lo_y + 1 > rows and hi_y - lo_y + 1 <= (height - AROUND_MAP) // FLAT_H:
            rows, flat = hi_y - lo_y + 1, True       # the whole forest, one line less a tile
    cx, cy = focus_of(region) or ((lo_x + hi_x) // 2, (lo_y + hi_y) // 2)
    # a compact map's focus on its first row, in the table box's first screenful, even at the
    # forest's southern edge (empty squares below it then)
    y_first = cy - rows + 1 if compact else cy - rows // 2
    lo_y = min(lo_y, y_first) if compact and hi_y - lo_y + 1 > rows else lo_y
    # the pan moves from the view the focus gives (kept inside), so every press moves it
    base_x = _window(lo_x, hi_x, cols, cx - (cols - 1) // 2)[0]
    base_y = _window(lo_y, hi_y, rows, y_first)[0]
    x0, x1 = _window(lo_x, hi_x, cols, base_x + pan[0])
    y0, y1 = _window(lo_y, hi_y, rows, base_y + pan[1])
    return (x0, x1, y0, y1), flat, (x0 - base_x, y0 - base_y)


def _compass_map(tiles: list[Tile], on: dict[str, list[Token]], width: int, new: Ids = frozenset(),
                 shown: tuple[int, int, int, int] | None = None, flat: bool = False) -> Text:
    """Tiles on a compass grid, north (growing y) up: a box each with its exits open when the
    width holds them (``shown``: only the boxes of that part of the map), else two characters a
    tile (its code, then the first thing on it), under a line saying which way the axes run
    (width 0: no such line, the caller says it)."""
    xs, ys = [t.x for t in tiles], [t.y for t in tiles]
    x0, x1, y0, y1 = shown or (min(xs), max(xs), min(ys), max(ys))
    at = {(t.x, t.y): t for t in tiles}
    out = Text()
    if shown is None and (x1 - x0 + 1) * BOX_W + 5 > width:
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
    high = FLAT_H if flat else BOX_H
    out.append("     ")
    for x in range(x0, x1 + 1):
        out.append(f"{'x=' + str(x):^{BOX_W}}", style="dim")
    for y in range(y1, y0 - 1, -1):
        rows: list[list[Text]] = [[] for _ in range(high)]
        for x in range(x0, x1 + 1):
            t = at.get((x, y))
            lines = _box(t, on.get(t.id, []), new, flat) if t else [Text(" " * BOX_W)] * high
            for k in range(high):
                rows[k].append(lines[k])
        for k in range(high):
            out.append("\n" + f"{'y=' + str(y) if k == 1 else '':>4} ", style="dim")
            for part in rows[k]:
                out.append_text(part)
    return out


def _compass_view(region: Region, width: int, height: int | None, pan: Pan,
                  small: bool) -> tuple[tuple[int, int, int, int], bool, Pan] | None:
    """The part of a compass map to draw in boxes, whether they are flat and the pan that
    reaches it (:func:`map_view`), or None: the whole map as it always was (no height to fit:
    line mode; its two characters a tile where the boxes do not fit)."""
    if height is None or not any(isinstance(e, Tile) for e in region.elements):
        return None
    if small:
        # a compact map leaves room for its key beside it when that still shows a few columns
        beside = 5 + (width - SIDE_GAP - SIDE_MIN - 5) // BOX_W * BOX_W
        width = beside if beside >= 5 + 4 * BOX_W else width
        if width < 5 + 3 * BOX_W:
            return None
    return map_view(region, width, height, pan, compact=small)


def pannable(table: Table, width: int, height: int | None, pan: Pan = (0, 0)) -> Pan | None:
    """For a screen's keys: the pan of ``table``'s first compass map that :func:`draw` at this
    size really shows (``pan`` kept inside the map), or None when it shows the whole map (or
    there is none): nothing to pan."""
    for region in table.regions:
        if region.layout != "compass" or (width < 100 and region.minor):
            continue
        view = _compass_view(region, width if width < 100 else width - 4, height, pan, width < 100)
        if view is None:
            return None
        tiles = [e for e in region.elements if isinstance(e, Tile)]
        xs, ys = [t.x for t in tiles], [t.y for t in tiles]
        if view[0] == (min(xs), max(xs), min(ys), max(ys)):
            return None
        return view[2]
    return None


def _region_body(region: Region, width: int, full: bool = False, small: bool = False, new: Ids = frozenset(),
                 height: int | None = None, pan: Pan = (0, 0)) -> Any:
    if region.layout == "compass":
        tiles, on, others = _on_tiles(region)
        texts = [element_text(e, new=new) for e in others if full or not e.minor]
        if not tiles:
            return Group(*texts)
        view = _compass_view(region, width, height, pan, small)
        if view is None:
            drawn = _compass_map(tiles, on, 0 if small else width, new)
        else:
            drawn = _compass_map(tiles, on, width, new, view[0], view[1])
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


def draw(table: Table, width: int = 100, height: int | None = None, new: Ids = frozenset(),
         pan: Pan = (0, 0)) -> Any:
    """The table as a rich renderable: each region a panel, or, under 100 columns, a bold title
    line and its elements (no borders, so 80x24 holds it; a ``line`` region's elements on its
    title's line, its tiles by their names, a ``minor`` region or element left out, a region's
    ``short`` title for its title; a ``detailed`` region's cards with their longer words, one a
    line).  The elements whose ids are in ``new`` (what just changed) are marked ``•`` and
    underlined (a piece on a map: reversed).  Given a ``height`` (a screen's box), a compass map
    is drawn in boxes, as much of it as fits around its focus (:func:`map_view`), moved ``pan``
    squares east and north.

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
        if compact and region.detailed and _is_long(region, True):
            # the cards the decision is about: their effects too, one a line (the first on the
            # title's line: one line less)
            rows = _long_rows(region, new)
            head = _compact_title(region, ":")
            head.append(" " if rows[0].plain.startswith(CHANGED_MARK) else "  ")
            head.append_text(rows[0])
            head.overflow = "fold"
            parts.extend([head, *rows[1:]])
            continue
        if compact and region.layout == "line":
            parts.append(_line(region, new))
            continue
        if compact:
            tiles = [e for e in region.elements if isinstance(e, Tile)]
            view = _compass_view(region, width, height, pan, True) if region.layout == "compass" else None
            # the axes on the title's line: one line less
            axes = f" · {_axes(tiles, view[0] if view else None)}" if region.layout == "compass" and tiles else ""
            parts.append(_compact_title(region, axes))
            parts.append(_region_body(region, width, small=True, new=new, height=height, pan=pan))
        else:
            # the title as Text: words from a content pack are never read as markup
            body = _region_body(region, width - 4, full=True, new=new, height=height, pan=pan)
            parts.append(Panel(body, title=Text(region.title), title_align="left",
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
              changes: Changes | None = None, pan: Pan = (0, 0), events: list[dict[str, Any]] | None = None) -> Any:
    """What the terminal shows for ``seat``: the game's table model drawn here when it has one
    (with what changed since ``changes`` saw it last marked, and the latest rolls' and fights'
    results that ``events``, the seat's own log, tell: :func:`woodlands.kit.table.model_for`),
    else the game's own drawing (``pres.table``)."""
    model = model_for(pres, view, seat, events)
    if model is not None:
        return draw(model, width, height, changes.see(seat, model) if changes is not None else frozenset(), pan)
    return pres.table(view, width, height)


__all__ = ["CHANGED_MARK", "Changes", "draw", "element_text", "focus_of", "map_view", "pannable", "table_for"]
