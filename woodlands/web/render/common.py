"""Small HTML helpers shared by the table renderers: escaping, cards, tips, dice.

Everything here returns :class:`markupsafe.Markup` (jinja2's safe-string type), so templates
insert it as it is and any text from a view is escaped exactly once, here.  A "tip" is the card
text and rule shown on hover (the ``title`` attribute) and, for touch and keyboard, in the
page's details panel (``data-tip``, read by static/app.js when the element is focused or tapped).
"""
from __future__ import annotations

from typing import Any, Callable, Iterable

from markupsafe import Markup, escape

View = dict[str, Any]
Describe = Callable[[str], "str | None"]


def esc(value: Any) -> Markup:
    """``value`` as text, escaped."""
    return escape("" if value is None else str(value))


def attrs(**values: Any) -> Markup:
    """`` key="value"`` pairs (``class_`` -> ``class``, ``data_tip`` -> ``data-tip``); None and False are left out."""
    parts = []
    for key, value in values.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        parts.append(Markup(' {}="{}"').format(Markup(name), "" if value is True else str(value)))
    return Markup("").join(parts)


def join(items: Iterable[Any]) -> Markup:
    return Markup("").join(i if isinstance(i, Markup) else esc(i) for i in items)


def tipped(tag: str, body: Any, tip: str | None, cls: str = "", label: str | None = None, **extra: Any) -> Markup:
    """An element that shows ``tip`` on hover (title) and in the details panel on focus or tap."""
    focus = 0 if tip else None
    return Markup("<{tag}{a}>{body}</{tag}>").format(
        tag=Markup(tag), body=body if isinstance(body, Markup) else esc(body),
        a=attrs(class_=cls or None, title=tip or None, data_tip=tip or None, tabindex=focus,
                aria_label=label, **extra))


def card(name: str, body: Any = "", *, tip: str | None = None, kind: str = "", side: str = "",
         extra_cls: str = "", badge: str = "") -> Markup:
    """A card: its name on top, a body, the side written in its class (``side-day``, ``side-night``,
    ``side-upgraded`` ...) so each side looks different."""
    cls = " ".join(c for c in ("card", f"kind-{kind}" if kind else "", f"side-{side}" if side else "", extra_cls) if c)
    head = Markup('<span class="card-name">{}</span>').format(name)
    if badge:
        head += Markup('<span class="card-badge">{}</span>').format(badge)
    side_word = Markup('<span class="card-side">{}</span>').format(side) if side else Markup("")
    inner = Markup('<span class="card-head">{}</span>{}<span class="card-body">{}</span>').format(
        head, side_word, body if isinstance(body, Markup) else esc(body))
    return tipped("div", inner, tip, cls, label=f"{name}{' (' + side + ')' if side else ''}", role="group")


def section(title: str, body: Markup, cls: str = "", sid: str | None = None) -> Markup:
    return Markup('<section class="panel {cls}"{a}><h3>{t}</h3>{b}</section>').format(
        cls=cls, a=attrs(id=sid, aria_label=title), t=title, b=body)


def meter(label: str, value: Any, cls: str = "", tip: str | None = None) -> Markup:
    body = Markup('<span class="meter-label">{}</span> <span class="meter-value">{}</span>').format(label, esc(value))
    return tipped("span", body, tip, f"meter {cls}".strip())


def track(length: int, marks: dict[int, list[tuple[str, str]]], cls: str, label: str,
          notes: dict[int, str] | None = None, numbers: bool = True) -> Markup:
    """A row of ``length`` spaces (1-based) as an SVG strip; ``marks[space]`` = [(css class, letter)]."""
    w = 26
    cells = []
    for i in range(1, length + 1):
        x = (i - 1) * w
        note = (notes or {}).get(i)
        title = Markup("<title>{}</title>").format(f"space {i}" + (f": {note}" if note else ""))
        cells.append(Markup('<g>{t}<rect x="{x}" y="0" width="{w}" height="30" class="space{n}"/>').format(
            t=title, x=x + 1, w=w - 2, n=" noted" if note else ""))
        if numbers:
            cells.append(Markup('<text x="{}" y="10" class="space-no">{}</text>').format(x + w / 2, i))
        for k, (mcls, letter) in enumerate(marks.get(i, [])):
            cy = 20 if len(marks.get(i, [])) == 1 else 16 + 8 * k
            cells.append(Markup('<circle cx="{x}" cy="{y}" r="6" class="{c}"/><text x="{x}" y="{ty}" class="mark-letter">{l}</text>').format(
                x=x + w / 2, y=cy, ty=cy + 3.5, c=mcls, l=letter))
        cells.append(Markup("</g>"))
    return Markup('<svg class="track {cls}" viewBox="0 0 {vw} 30" role="img" aria-label="{label}">{cells}</svg>').format(
        cls=cls, vw=length * w, label=label, cells=join(cells))


def die_svg(colour: str, face: str | None, *, size: int = 34, cls: str = "", tip: str | None = None,
            label: str | None = None, sides: int | None = None) -> Markup:
    """One die as a small SVG: ``colour`` (a CSS class ``die-<colour>``) and its ``face``:
    ``blank``, ``hit`` (one burst), ``crit`` (two), ``None`` (not rolled: a plain face with a
    question mark shown faintly), or a number (Storyfold's d8/d10/d12)."""
    mark = Markup("")
    if face == "hit":
        mark = Markup('<path class="pip" d="M17 7 L20 14 L27 17 L20 20 L17 27 L14 20 L7 17 L14 14 Z"/>')
    elif face == "crit":
        mark = Markup('<path class="pip" d="M11 5 L13 10 L18 12 L13 14 L11 19 L9 14 L4 12 L9 10 Z"/>'
                      '<path class="pip" d="M23 15 L25 20 L30 22 L25 24 L23 29 L21 24 L16 22 L21 20 Z"/>')
    elif face == "blank":
        mark = Markup("")
    elif face is None:
        mark = Markup('<text x="17" y="22" class="unrolled">{}</text>').format(f"d{sides}" if sides else "")
    else:
        mark = Markup('<text x="17" y="23" class="face-no">{}</text>').format(face)
    words = label or f"{colour} die, {face or 'not rolled'}"
    return Markup('<svg class="die die-{c} {x}" width="{s}" height="{s}" viewBox="0 0 34 34" role="img" aria-label="{l}"{t}>'
                  '<title>{tt}</title><rect x="1.5" y="1.5" width="31" height="31" rx="6" class="die-body"/>{m}</svg>').format(
        c=colour, x=cls, s=size, l=words, t=attrs(tabindex=0 if tip else None, data_tip=tip), tt=tip or words, m=mark)


def tip_of(describe: Describe, ident: Any, fallback: str | None = None) -> str | None:
    """The presentation's description of ``ident`` (None when it knows nothing of it)."""
    if not isinstance(ident, str) or not ident:
        return fallback
    try:
        return describe(ident) or fallback
    except Exception:   # a description must never break a page
        return fallback
