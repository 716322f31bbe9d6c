"""Tanglewoods' table as HTML/SVG, from ``view(0)`` alone (docs/tanglewoods.md, "The view").

The 17 dice in their colours, by zone, with the faces of the committed ones; the map followed
with each direction it needs marked as covered or still missing; the tableau, drawn and revealed
cards as cards (day and night sides look different); items (upgraded ones look upgraded); the
decks (top face and bottom underside only: their order is hidden); bears aside and beaten.
"""
from __future__ import annotations

from typing import Any

from markupsafe import Markup

from .common import Describe, View, card, die_svg, esc, join, meter, section, tip_of, tipped

COLOURS = ("yellow", "green", "blue", "purple", "red")
ZONES = (("pool", "Pool"), ("committed", "Committed"), ("exhausted", "Exhausted"), ("banished", "Banished"))
ARROW = {"N": "↑", "S": "↓", "E": "→", "W": "←", "wild": "✦"}


def _direction(d: Any) -> Markup:
    if not d:
        return Markup('<span class="dir none" title="no direction">·</span>')
    return Markup('<span class="dir dir-{d}" title="direction {d}">{a} {d}</span>').format(d=d, a=ARROW.get(str(d), ""))


def _face_body(c: dict[str, Any]) -> Markup:
    bits: list[Markup] = []
    if "directions" in c:
        bits.append(Markup('<span class="needs">needs {}</span>').format(join(_direction(d) for d in c["directions"]) or "nothing"))
        if c.get("merchant"):
            bits.append(Markup('<span class="merchant" title="the merchant is here">⚖ merchant</span>'))
    elif "cost" in c:
        bits.append(Markup('<span class="cost">{} gold</span>').format(c["cost"]))
    else:
        if "direction" in c:
            bits.append(_direction(c.get("direction")))
        if c.get("health") is not None:
            bribe = "—" if c.get("bribe") is None else c["bribe"]
            bits.append(Markup('<span class="stats" title="♥ Health, ⚔ Damage, ¤ bribe (— cannot be bribed)">♥{} ⚔{} ¤{}</span>').format(
                c["health"], c.get("damage"), bribe))
    if c.get("text"):
        bits.append(Markup('<span class="text">{}</span>').format(c["text"]))
    return join(bits)


def face_card(c: dict[str, Any] | None, describe: Describe, extra: Markup | None = None, cls: str = "") -> Markup:
    if not c:
        return Markup('<div class="card empty">—</div>')
    tip = tip_of(describe, c.get("id"), c.get("text"))
    badge = "★" if c.get("side") == "upgraded" else ""
    return card(c.get("name", "?"), _face_body(c) + (extra or ""), tip=tip, kind=str(c.get("kind", "")),
                side=str(c.get("side", "")), extra_cls=cls, badge=badge)


def _header(v: View, describe: Describe) -> Markup:
    hero = v.get("hero")
    parts = [meter("Round", v.get("round")), meter("Phase", v.get("phase")), meter("Difficulty", v.get("difficulty"))]
    if hero and (v.get("round") or any(((v.get("decks") or {}).get(k) or {}).get("count") for k in ("forest", "map", "item"))):
        parts += [
            tipped("span", Markup('<span class="stat-die">{}</span> Health').format(v["health"]), "Health: below 1 you lose",
                   "stat health" + (" low" if v["health"] <= 2 else "")),
            tipped("span", Markup('<span class="stat-die">{}</span> Strategy').format(v["strategy"]),
                   "Strategy: how many passes the Strategy phase allows", "stat strategy"),
            tipped("span", Markup('<span class="stat-die">{}</span> Recovery').format(v["recovery"]),
                   "Recovery: dice that come back each round", "stat recovery"),
            meter("Gold", f"{v['gold']}/20", "gold"),
            meter("Bears beaten", f"{v['bears_defeated']}/3", "bears"),
        ]
    head = Markup('<div class="meters">{}</div>').format(join(parts))
    if hero:
        hc = card(hero.get("name", "?"), hero.get("text", ""), tip=tip_of(describe, hero.get("id")), kind="hero",
                  side=f"side {hero.get('side')}" if hero.get("side") else "")
        head += Markup('<div class="hero">{}</div>').format(hc)
    else:
        head += Markup('<p class="note">No hero chosen yet: stats and gold are set once you pick one.</p>')
    return section("20 Strong: Tanglewoods Gold", head, "tw-header")


def _dice(v: View, describe: Describe) -> Markup:
    rows = []
    committed = list(v.get("committed_dice") or [])
    for zone, title in ZONES:
        counts = (v.get("dice") or {}).get(zone) or {}
        dice: list[Markup] = []
        if zone == "committed" and committed:
            for d in committed:
                face = d.get("face")
                label = f"{d['colour']} die, {face or 'not rolled yet'}{', applied' if d.get('applied') else ''}"
                dice.append(die_svg(d["colour"], face, cls="applied" if d.get("applied") else "",
                                    tip=tip_of(describe, d["colour"]), label=label))
        else:
            for colour in COLOURS:
                for _ in range(int(counts.get(colour, 0) or 0)):
                    dice.append(die_svg(colour, None if zone == "pool" else "blank", cls=f"zone-{zone}",
                                        tip=tip_of(describe, colour), label=f"{colour} die in the {zone}"))
        total = sum(int(n or 0) for n in counts.values())
        rows.append(Markup('<div class="dice-zone zone-{z}"><span class="zone-name">{t} ({n})</span><span class="dice">{d}</span></div>').format(
            z=zone, t=title, n=total, d=join(dice) or Markup('<span class="none">none</span>')))
    return section("Dice", join(rows), "tw-dice", "dice")


def _requirement(m: dict[str, Any]) -> Markup:
    """Each direction the map needs, marked covered or still missing."""
    missing = list(m.get("missing") or [])
    marks = []
    for d in m.get("directions") or []:
        if d in missing and not m.get("complete"):
            missing.remove(d)
            marks.append(Markup('<li class="need missing" aria-label="{d} missing">{a} {d}<span class="vh"> still missing</span></li>').format(
                d=d, a=ARROW.get(d, "")))
        else:
            marks.append(Markup('<li class="need covered" aria-label="{d} covered">{a} {d} ✓</li>').format(d=d, a=ARROW.get(d, "")))
    status = m.get("status") or ("complete" if m.get("complete") else "missing")
    words = {"complete": "complete", "covered": "covered: the check comes once the effect under way is over",
             "needs_wilds": "only wilds can finish it", "missing": "still missing: " + (" ".join(m.get("missing") or []) or "nothing")}
    return Markup('<div class="requirement status-{s}"><ul class="needs-list">{li}</ul><p>{w}</p></div>').format(
        s=status, li=join(marks), w=words.get(status, status))


def _map(v: View, describe: Describe) -> Markup:
    m = v.get("map")
    body: list[Markup] = []
    if m:
        body.append(Markup('<div class="map-active">{}{}</div>').format(face_card(m, describe, cls="map-card"), _requirement(m)))
    else:
        body.append(Markup('<p class="note">No active map.</p>'))
    choices = v.get("map_choices") or []
    if choices:
        body.append(Markup('<h4>Maps on offer</h4><div class="cards">{}</div>').format(join(face_card(c, describe) for c in choices)))
    return section("Map", join(body), "tw-map", "map")


def _tableau(v: View, describe: Describe) -> Markup:
    cards = []
    for e in v.get("tableau") or []:
        extra = Markup("")
        if e.get("direction") == "wild" and e.get("wild_as"):
            extra += Markup('<span class="wild-as">wild as {}</span>').format(e["wild_as"])
        if "health_now" in e:
            hp = int(e.get("health_now") or 0)
            taken = int(e.get("damage_taken") or 0)
            bar = Markup('<span class="hpbar" role="img" aria-label="{t} of {h} damage taken">{cells}</span>').format(
                t=taken, h=hp, cells=join(Markup('<i class="{}"></i>').format("hurt" if i < taken else "ok") for i in range(max(hp, 1))))
            bribe = "—" if e.get("bribe_now") is None else e["bribe_now"]
            extra += Markup('<span class="now" title="after modifiers: Health, Damage, bribe; damage taken">now ♥{h} ⚔{d} ¤{b} · taken {t}</span>{bar}').format(
                h=hp, d=e.get("damage_now"), b=bribe, t=taken, bar=bar)
        cards.append(face_card(e, describe, extra, "defeated" if e.get("defeated") else ""))
    body = Markup('<div class="cards">{}</div>').format(join(cards)) if cards else Markup('<p class="note">The tableau is empty.</p>')
    return section(f"Tableau ({len(cards)})", body, "tw-tableau", "tableau")


def _drawn(v: View, describe: Describe) -> Markup:
    out = []
    for key, title in (("drawn", "Drawn"), ("revealed", "Held up")):
        cards = v.get(key) or []
        if cards:
            out.append(section(title, Markup('<div class="cards">{}</div>').format(join(face_card(c, describe) for c in cards)),
                               f"tw-{key}", key))
    return join(out)


def _items(v: View, describe: Describe) -> Markup:
    inv = v.get("inventory") or []
    body = Markup('<div class="cards">{}</div>').format(join(face_card(i, describe, cls="item") for i in inv)) if inv else Markup(
        '<p class="note">No items.</p>')
    out = section("Your items", body, "tw-items", "items")
    shop = v.get("shop") or []
    if shop:
        out += section("Shop", Markup('<div class="cards">{}</div>').format(join(face_card(i, describe, cls="item") for i in shop)),
                       "tw-shop", "shop")
    return out


def _decks(v: View, describe: Describe, name: Describe) -> Markup:
    rows = []
    for deck in ("forest", "map", "item"):
        d = (v.get("decks") or {}).get(deck) or {}
        disc = (v.get("discards") or {}).get(deck) or {}
        rows.append(Markup('<div class="deck"><h4>{n} deck · {c} cards</h4><div class="cards small">'
                           '<figure><figcaption>top</figcaption>{t}</figure>'
                           '<figure><figcaption>bottom underside</figcaption>{b}</figure>'
                           '<figure><figcaption>discards ({dc})</figcaption>{dt}</figure></div></div>').format(
            n=deck.capitalize(), c=d.get("count", 0), t=face_card(d.get("top"), describe), b=face_card(d.get("bottom_underside"), describe),
            dc=disc.get("count", 0), dt=face_card(disc.get("top"), describe)))
    aside = v.get("bears_aside") or []
    won = v.get("bears_won") or []
    bears = Markup('<div class="bears"><h4>Bears</h4><p>Set aside: {a}</p><div class="cards small">{w}</div></div>').format(
        a=join(Markup("{}{}").format(Markup(", ") if i else "", tipped("span", name(b) or b, tip_of(describe, b), "bear"))
               for i, b in enumerate(aside)) or "none",
        w=join(face_card(b, describe) for b in won))
    return section("Decks and bears", join(rows) + bears, "tw-decks", "decks")


def render(view: View, describe: Describe, name: Describe) -> Markup:
    """The whole Tanglewoods table."""
    modifiers = view.get("modifiers") or {}
    mods = Markup("")
    if modifiers:
        mods = section("Modifiers in force", Markup('<ul class="mods">{}</ul>').format(
            join(Markup("<li>{}: {:+d}</li>").format(k.replace("_", " "), int(n)) for k, n in modifiers.items())), "tw-mods")
    return Markup('<div class="table table-tanglewoods">{}</div>').format(join([
        _header(view, describe), _dice(view, describe), _map(view, describe), _drawn(view, describe),
        _tableau(view, describe), _items(view, describe), mods, _decks(view, describe, name)]))


__all__ = ["render", "face_card", "esc"]
