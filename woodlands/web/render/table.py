"""Any game's table model (:mod:`woodlands.kit.table`) as HTML/SVG: one drawing for every game.

Each element carries its id (``data-id``) and its states as classes (``state-committed``), so
the page (and a later change highlight) finds the same thing in two drawings; each has words
for a screen reader (``aria-label``) and its tip on hover and focus (``title``/``data-tip``).

>>> from woodlands.kit.table import Die, Region, Table
>>> html = render_model(Table("toy", (Region("dice", "Dice", (Die("d1", "Die", face="white", value=3),)),)))
>>> 'data-id="d1"' in html and 'class="die die-white' in html and "Die, 3" in html
True
"""
from __future__ import annotations

from markupsafe import Markup

from ...kit.table import AnyElement, Card, Die, Fact, Region, Table, Tile, Token, Track
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
                                                    _states(t.state)), label=words, data_id=t.id)


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
            a=attrs(data_id=t.id, tabindex=0 if t.tip else None, data_tip=t.tip or None, aria_label=words),
            tip=t.tip or words, x=x + 1, y=y + 1, s=size - 2, r=t.rotation, cx=x + size / 2, cy=y + size / 2,
            n=t.name[:8]))
    return Markup('<svg class="model-grid" viewBox="0 0 {w} {h}" role="group" aria-label="{l}">{c}</svg>').format(
        w=w, h=h, l=title, c=join(cells))


def render_element(e: AnyElement) -> Markup:
    """One element, by its kind."""
    states = _states(e.state)
    if isinstance(e, Card):
        side = "face-down" if "face-down" in e.state else e.face
        body: Markup | str = e.text
        if e.detail:
            body = Markup('<span class="card-text">{}</span><span class="text">{}</span>').format(e.text, e.detail) \
                if e.text else Markup('<span class="text">{}</span>').format(e.detail)
        return Markup('<div class="model-el"{}>{}</div>').format(attrs(data_id=e.id), card(
            e.name, body, tip=e.tip or None, kind=e.family, side=side, extra_cls=states, badge=e.badge))
    if isinstance(e, Die):
        face = None if e.value is None else str(e.value)
        label = f"{e.name or (e.face + ' die')}, {face or 'not rolled'}"
        return Markup('<span class="model-el"{}>{}</span>').format(attrs(data_id=e.id), die_svg(
            e.face or "plain", face, cls=states, tip=e.tip or None, label=label, sides=e.sides))
    if isinstance(e, Track):
        return _track(e)
    if isinstance(e, Token):
        count = f" ×{e.count}" if e.count != 1 else ""
        where = f" at {e.at}" if e.at else ""
        return tipped("span", f"{e.name}{count}", e.tip or None,
                      _cls("token", f"face-{e.face}" if e.face else "", states),
                      label=f"{e.name}{count}{where}", data_id=e.id)
    if isinstance(e, Tile):
        return _tile_grid([e], e.name)
    assert isinstance(e, Fact)
    body = Markup('<span class="fact-name">{}</span> <span class="fact-text">{}</span>').format(e.name, e.text)
    return tipped("span", body, e.tip or None, _cls("fact", states), data_id=e.id)


def render_region(region: Region) -> Markup:
    tiles = [e for e in region.elements if isinstance(e, Tile)]
    rest = [e for e in region.elements if not isinstance(e, Tile)]
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
