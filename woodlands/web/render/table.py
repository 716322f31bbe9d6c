"""Any game's table model (:mod:`woodlands.kit.table`) as HTML/SVG: one drawing for every game.

Each element carries its id (``data-id``), a fingerprint of what it shows (``data-sig``, see
:func:`woodlands.kit.table.signature`) and its states as classes (``state-committed``), so the
page finds the same thing in two drawings and marks what changed (static/changes.js); each has words
for a screen reader (``aria-label``) and its tip on hover and focus (``title``/``data-tip``).

>>> from woodlands.kit.table import Die, Region, Table
>>> html = render_model(Table("toy", (Region("dice", "Dice", (Die("d1", "Die", face="white", value=3),)),)))
>>> 'data-id="d1"' in html and 'class="die die-white' in html and "Die, 3" in html
True
"""
from __future__ import annotations

from markupsafe import Markup

from ...kit.table import AnyElement, Card, Die, Fact, Outcome, Region, Table, Tile, Token, Track, signature
from .common import attrs, card, die_svg, join, tipped


def _cls(*parts: str) -> str:
    return " ".join(p for p in parts if p)


def _states(states: tuple[str, ...]) -> str:
    return " ".join(f"state-{s}" for s in states)


def _track(t: Track) -> Markup:
    high = f" of {t.high}" if t.high is not None else ""
    words = f"{t.name}: {t.value}{high}"
    bar = Markup("")
    if t.high is not None and t.high > t.low:
        share = max(0.0, min(1.0, (t.value - t.low) / (t.high - t.low)))
        bar = Markup('<svg class="model-bar" viewBox="0 0 100 8" width="100" height="8" aria-hidden="true">'
                     '<rect x="0" y="0" width="100" height="8" class="bar-back"/>'
                     '<rect x="0" y="0" width="{w:.0f}" height="8" class="bar-fill"/></svg>').format(w=share * 100)
    body = Markup('<span class="meter-label">{}</span> <span class="meter-value">{}{}</span>{}').format(
        t.name, t.value, high, bar)
    return tipped("span", body, t.tip or None, _cls("meter", "model-track", f"face-{t.face}" if t.face else "",
                                                    _states(t.state)), label=words, data_id=t.id, data_sig=signature(t))


def _tile_grid(tiles: list[Tile], title: str) -> Markup:
    """Tiles on a square grid as one SVG: each tile a labelled cell, turned by its rotation."""
    if not tiles:
        return Markup("")
    size = 60
    xs, ys = [t.x for t in tiles], [t.y for t in tiles]
    x0, y0 = min(xs), min(ys)
    w, h = (max(xs) - x0 + 1) * size, (max(ys) - y0 + 1) * size
    cells = []
    for t in tiles:
        x, y = (t.x - x0) * size, (t.y - y0) * size
        words = ", ".join(p for p in (t.name, *t.features) if p)
        cells.append(Markup(
            '<g class="{c}"{a}><title>{tip}</title>'
            '<rect x="{x}" y="{y}" width="{s}" height="{s}" rx="4" class="tile-body" transform="rotate({r} {cx} {cy})"/>'
            '<text x="{cx}" y="{cy}" class="tile-name">{n}</text></g>').format(
            c=_cls("tile", f"face-{t.face}" if t.face else "", _states(t.state)),
            a=attrs(data_id=t.id, data_sig=signature(t), tabindex=0 if t.tip else None, data_tip=t.tip or None, aria_label=words),
            tip=t.tip or words, x=x + 1, y=y + 1, s=size - 2, r=t.rotation, cx=x + size / 2, cy=y + size / 2,
            n=t.name[:8]))
    return Markup('<svg class="model-grid" viewBox="0 0 {w} {h}" role="group" aria-label="{l}">{c}</svg>').format(
        w=w, h=h, l=title, c=join(cells))


#: a compass map's square, and where each exit's path leaves it
CELL = 90
_EDGE = {"N": (CELL / 2, 0), "S": (CELL / 2, CELL), "E": (CELL, CELL / 2), "W": (0, CELL / 2)}


#: the characters a line of a tile's name holds (9 user units a letter's height, the cell 90 wide)
NAME_CHARS = 15
#: the screen pixels per user unit of a compass map at its smallest: the SVG never shrinks below
#: this (its box scrolls instead), so its 9-unit names are 12 px on screen
MAP_SCALE = 4 / 3


def _wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` characters, broken between words (a longer word
    has a line of its own)."""
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _compass_tile(t: Tile, tokens: list[Token], x: float, y: float) -> Markup:
    """One tile of a compass map: its square, a path from the centre to each exit, its name
    on a light label (a path under it would leave it unreadable), and the tokens on it as
    small discs with their marks."""
    half = CELL / 2
    bits = [Markup('<rect class="tile-body" x="1" y="1" width="{w}" height="{w}" rx="4"/>').format(w=CELL - 2)]
    for edge in t.exits:
        if edge in _EDGE:
            ex, ey = _EDGE[edge]
            bits.append(Markup('<line class="path" x1="{c}" y1="{c}" x2="{x}" y2="{y}"/>').format(c=half, x=ex, y=ey))
    if t.exits:
        bits.append(Markup('<circle class="hub" cx="{c}" cy="{c}" r="9"/>').format(c=half))
    lines = _wrap(t.name, NAME_CHARS)
    if lines:
        bits.append(Markup('<rect class="name-bg" x="2" y="3" width="{w}" height="{h}" rx="2"/>').format(
            w=min(CELL - 4, round(5.6 * max(len(line) for line in lines) + 4)), h=10 * len(lines) + 3))
        # the whole name, a line per tspan: a cut name ("Start: the Waysi") tells nothing
        bits.append(Markup('<text class="tile-name" x="4" y="12">{}</text>').format(join(
            Markup('<tspan x="4" dy="{d}">{l}</tspan>').format(d=0 if k == 0 else 10, l=line)
            for k, line in enumerate(lines))))
    for k, tok in enumerate(tokens):
        tx, ty = 12 + 17 * (k % 5), CELL - 12 - 18 * (k // 5)
        count = f" ×{tok.count}" if tok.count != 1 else ""
        bits.append(Markup('<g class="{c}"{a}><title>{n}</title><circle cx="{x}" cy="{y}" r="8"/>'
                           '<text x="{x}" y="{ty}">{m}</text></g>').format(
            c=_cls("token-mark", f"face-{tok.face}" if tok.face else "", _states(tok.state)),
            a=attrs(data_id=tok.id, data_sig=signature(tok), data_tip=tok.tip or None, aria_label=f"{tok.name}{count}"),
            n=f"{tok.name}{count}" + (f": {tok.tip}" if tok.tip else ""), x=tx, y=ty, ty=ty + 3.5,
            m=tok.mark or tok.name[:1]))
    words = ", ".join(p for p in (t.name, *t.features) if p)
    on = "; ".join(f"{tok.name}" + (f" ×{tok.count}" if tok.count != 1 else "") for tok in tokens)
    label = words + (f"; here: {on}" if on else "")
    return Markup('<g class="{c}" transform="translate({x} {y})" role="img"{a}><title>{tt}</title>{b}</g>').format(
        c=_cls("tile", f"face-{t.face}" if t.face else "", _states(t.state)), x=x, y=y,
        # a tap or focus shows what stands here too (static/app.js puts it beside the tile), not only the card text
        a=attrs(data_id=t.id, data_sig=signature(t), tabindex=0, data_tip=(t.tip + "\n" + label) if t.tip else label,
                aria_label=label),
        tt=(t.tip + "\n" + label) if t.tip else label, b=join(bits))


#: a note's line on a map: 10 user units apart, a letter about 5.6 wide (9-unit text)
NOTE_LINE, NOTE_CHAR = 10, 5.6


#: the lines a map's note has between a tile's name and the pieces along its foot
NOTE_LINES = 4


def _map_note(o: Outcome, x: float, y: float, width: float, height: float) -> Markup:
    """An outcome on a compass map: a framed note across the middle of the tile at (``x``,
    ``y``), up to three squares wide (kept inside the map's ``width`` and ``height``), its lines
    wrapped to fit.  It leaves the pieces along the tile's foot in sight (the fighters); a
    note of more lines than fit grows upward over the name."""
    wide = min(3 * CELL, width) - 4
    left = max(2.0, min(x + 2, width - wide - 2))
    lines = [part for line in o.lines() for part in _wrap(line, int((wide - 8) / NOTE_CHAR))]
    tall = NOTE_LINE * len(lines) + 6
    top = max(2.0, min(y + 24 - NOTE_LINE * max(0, len(lines) - NOTE_LINES), height - tall - 2))
    return Markup('<g class="{c}" role="img"{a}><title>{t}</title>'
                  '<rect class="note-body" x="{x}" y="{y}" width="{w}" height="{h}" rx="3"/>'
                  '<text class="note-text" x="{tx}" y="{ty}">{ls}</text></g>').format(
        c=_cls("outcome-note", _states(o.state)), a=attrs(data_id=o.id, data_sig=signature(o), data_for=o.on,
                                                         aria_label=" ".join(o.lines())),
        t="\n".join(o.lines()), x=left, y=top, w=wide, h=tall, tx=left + 4, ty=top + 11,
        ls=join(Markup('<tspan x="{x}" dy="{d}">{l}</tspan>').format(x=left + 4, d=0 if k == 0 else NOTE_LINE, l=line)
                for k, line in enumerate(lines)))


def _compass_map(tiles: list[Tile], on: dict[str, list[Token]], title: str,
                 notes: dict[str, list[Outcome]] | None = None) -> Markup:
    """Tiles on a compass grid as one SVG, north (growing y) up, with their exits' paths, the
    tokens standing on them and, over everything, the ``notes`` (outcomes) by the tile they
    concern."""
    xs, ys = [t.x for t in tiles], [t.y for t in tiles]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    body = join(_compass_tile(t, on.get(t.id, []), (t.x - x0) * CELL, (y1 - t.y) * CELL) for t in tiles)
    body += join(_map_note(o, (t.x - x0) * CELL, (y1 - t.y) * CELL, (x1 - x0 + 1) * CELL,
                          (y1 - y0 + 1) * CELL)
                 for t in tiles for o in (notes or {}).get(t.id, []))
    # the width as an attribute, not an inline style: the pages' policy allows no inline style
    # its box scrolls (and static/zoom.js zooms it) rather than the map shrinking to fit: a
    # late-game map fitted to a phone had 4 px names
    return Markup('<div class="compass-map" tabindex="0" role="region" aria-label="{l} (scrolls)">'
                  '<svg class="model-map" viewBox="0 0 {w} {h}" width="{width}" height="{height}" role="group" '
                  'aria-label="{l}">{b}</svg></div>').format(
        w=(x1 - x0 + 1) * CELL, h=(y1 - y0 + 1) * CELL, width=round((x1 - x0 + 1) * CELL * MAP_SCALE),
        height=round((y1 - y0 + 1) * CELL * MAP_SCALE), l=title, b=body)


def _outcome(o: Outcome) -> Markup:
    """An outcome beside what it concerns: the faces rolled as small dice, what is added, the
    total and what it was measured against, then the result in words."""
    faces = join(Markup('<span class="face">{}</span>').format(d) for d in o.dice)
    roll = Markup("")
    if o.dice or o.total is not None:
        roll = Markup('<span class="outcome-dice">{f}</span>{m}{t}').format(
            f=faces, m=Markup(' <span class="outcome-mod">{:+d}</span>').format(o.modifier) if o.modifier else "",
            t=Markup(' = <b class="outcome-total">{}</b>').format(o.total) if o.total is not None else "")
    against = Markup(' <span class="outcome-against">against {}</span>').format(o.against) if o.against else ""
    text = Markup('<span class="outcome-text">{}</span>').format(o.text) if o.text else ""
    return Markup('<div class="{c}"{a}><span class="outcome-name">{n}</span> {r}{g}{x}</div>').format(
        c=_cls("outcome-note", _states(o.state)), a=attrs(data_id=o.id, data_sig=signature(o), data_for=o.on or None,
                                                         role="group", aria_label=" ".join(o.lines())),
        n=o.name, r=roll, g=against, x=text)


def render_element(e: AnyElement) -> Markup:
    """One element, by its kind."""
    states = _states(e.state)
    if isinstance(e, Outcome):
        return _outcome(e)
    if isinstance(e, Card):
        side = "face-down" if "face-down" in e.state else e.face
        body: Markup | str = e.text
        if e.detail:
            body = Markup('<span class="card-text">{}</span><span class="text">{}</span>').format(e.text, e.detail) \
                if e.text else Markup('<span class="text">{}</span>').format(e.detail)
        return Markup('<div class="model-el"{}>{}</div>').format(attrs(data_id=e.id, data_sig=signature(e)), card(
            e.name, body, tip=e.tip or None, kind=e.family, side=side, extra_cls=states, badge=e.badge))
    if isinstance(e, Die):
        face = None if e.value is None else str(e.value)
        label = f"{e.name or (e.face + ' die')}, {face or 'not rolled'}"
        return Markup('<span class="model-el"{}>{}</span>').format(attrs(data_id=e.id, data_sig=signature(e)), die_svg(
            e.face or "plain", face, cls=states, tip=e.tip or None, label=label, sides=e.sides))
    if isinstance(e, Track):
        return _track(e)
    if isinstance(e, Token):
        count = f" ×{e.count}" if e.count != 1 else ""
        where = f" at {e.at}" if e.at else ""
        return tipped("span", f"{e.name}{count}", e.tip or None,
                      _cls("token", f"face-{e.face}" if e.face else "", states),
                      label=f"{e.name}{count}{where}", data_id=e.id, data_sig=signature(e))
    if isinstance(e, Tile):
        return _tile_grid([e], e.name)
    assert isinstance(e, Fact)
    body = Markup('<span class="fact-name">{}</span> <span class="fact-text">{}</span>').format(e.name, e.text)
    return tipped("span", body, e.tip or None, _cls("fact", states), data_id=e.id, data_sig=signature(e))


def render_region(region: Region) -> Markup:
    tiles = [e for e in region.elements if isinstance(e, Tile)]
    rest = [e for e in region.elements if not isinstance(e, Tile)]
    if region.layout == "compass" and tiles:
        ids = {t.id for t in tiles}
        on: dict[str, list[Token]] = {}
        for e in rest:
            if isinstance(e, Token) and e.at in ids:
                on.setdefault(e.at, []).append(e)
        # an outcome on a tile (or on a piece standing there) is drawn on the map, over that tile
        where = {e.id: e.at for e in rest if isinstance(e, Token) and e.at in ids} | {i: i for i in ids}
        notes: dict[str, list[Outcome]] = {}
        for e in rest:
            if isinstance(e, Outcome) and e.on in where:
                notes.setdefault(where[e.on], []).append(e)
        rest = [e for e in rest if not (isinstance(e, Token) and e.at in ids)
                and not (isinstance(e, Outcome) and e.on in where)]
        inner = _compass_map(tiles, on, region.title, notes) + join(render_element(e) for e in rest)
    else:
        inner = _tile_grid(tiles, region.title) + join(render_element(e) for e in rest)
    body = Markup('<div class="{c}">{b}</div>').format(c=_cls("region-body", f"layout-{region.layout}"), b=inner)
    return Markup('<section class="{c}"{a}><h3>{t}</h3>{b}</section>').format(
        c=_cls("panel", "region", f"region-{region.id}", _states(region.state)),
        a=attrs(aria_label=region.title, data_region=region.id), t=region.title, b=body)


def render_model(table: Table) -> Markup:
    """The whole table, its regions in order, in the game's look (``table-<game>``)."""
    return Markup('<div class="table table-{g} table-model" role="group" aria-label="{t}">{r}</div>').format(
        g=table.game, t=table.title, r=join(render_region(r) for r in table.regions))


__all__ = ["render_element", "render_model", "render_region"]
