"""The Cursed Forest's table as HTML/SVG, from ``view(seat)`` alone (docs/cursed-forest.md).

The laid tiles as an SVG map, north up: each tile a square coloured by kind with its paths drawn
from the centre to its open edges, tokens, monsters (a token while unseen), seeds, items lying
there, the adventurers as numbered discs and Morna Gûl; then each adventurer's card with its
items by space (another player's face-down items stay face down: the view says only
``"face-down"``), the fight under way and Morna Gûl.
"""
from __future__ import annotations

from typing import Any

from markupsafe import Markup

from .common import Describe, View, card, esc, join, meter, section, tip_of, tipped

CELL = 90
HALF = CELL / 2
KIND_WORDS = {"start": "start", "exit": "exit (Maiden Tree)", "path": "path", "monster": "monster tile",
              "brood-seed": "brood seed roots", "red-vine": "red vines", "web": "web", "pit": "pit", "swamp": "swamp",
              "bone-yard": "bone yard", "gateway": "forest gateway"}
EDGE = {"N": (HALF, 0), "S": (HALF, CELL), "E": (CELL, HALF), "W": (0, HALF)}
SPACES = (("hand1", "hand 1"), ("hand2", "hand 2"), ("boots", "boots"), ("armour", "armour"), ("backpack", "pack"))
KIND_DECISION = {"choose_character": "choosing a character", "turn_action": "the turn", "lay_tile": "laying a tile",
                 "lay_exit": "laying the Exit", "fight_round": "a fight", "reroll": "a re-roll", "tag_reply": "a call for help",
                 "choose_partner": "a partner", "stow_item": "a new item", "poison_replace": "poison",
                 "maiden_call": "the Maiden Tree", "flee_price": "the price of fleeing", "defend_round": "defending"}


def _tile(t: dict[str, Any], x: float, y: float, who: list[dict[str, Any]], morna: bool, describe: Describe) -> Markup:
    kind = str(t.get("kind") or "path")
    tip = tip_of(describe, t.get("id"), t.get("name"))
    bits = [Markup('<rect class="tile-bg" x="1" y="1" width="{w}" height="{w}" rx="4"/>').format(w=CELL - 2)]
    for edge in t.get("open") or []:
        if edge in EDGE:
            ex, ey = EDGE[edge]
            bits.append(Markup('<line class="path" x1="{c}" y1="{c}" x2="{x}" y2="{y}"/>').format(c=HALF, x=ex, y=ey))
    for edge in t.get("roots") or []:
        if edge in EDGE:
            ex, ey = EDGE[edge]
            bits.append(Markup('<line class="roots" x1="{c}" y1="{c}" x2="{x}" y2="{y}"/>').format(c=HALF, x=ex, y=ey))
    bits.append(Markup('<circle class="hub" cx="{c}" cy="{c}" r="9"/>').format(c=HALF))
    name = str(t.get("name") or "")[:16]
    if name:        # a light label under the name: a path drawn across it would leave it unreadable
        bits.append(Markup('<rect class="name-bg" x="2" y="4" width="{}" height="11" rx="2"/>').format(
            min(CELL - 4, round(4.9 * len(name) + 4))))
    bits.append(Markup('<text class="tile-name" x="4" y="12">{}</text>').format(name))
    marks: list[tuple[str, str, str]] = []
    m = t.get("monster")
    if m == "token":
        marks.append(("monster-token", "?", "a monster token: unseen monster"))
    elif isinstance(m, dict):
        marks.append(("monster", str(m.get("health", "")), f"{m.get('name')} ({m.get('side')}): health {m.get('health')}, "
                      f"{m.get('dice')} dice +{m.get('modifier')}"))
    for tok in t.get("tokens") or []:
        if tok != "monster":
            marks.append((f"token-{tok}", "~" if tok == "swamp" else "y", f"{tok.replace('-', ' ')} token"))
    if t.get("root_seed"):
        marks.append(("seed", "*", "a brood seed in the roots"))
    if t.get("vine_seed"):
        marks.append(("seed-laid", "+", "a seed laid on the vines"))
    if t.get("seeds"):
        marks.append(("seed-dropped", "s", f"{len(t['seeds'])} dropped seed(s)"))
    if t.get("items"):
        marks.append(("items", "i", f"{len(t['items'])} item(s) lying here"))
    for k, (cls, letter, words) in enumerate(marks):
        mx, my = 12 + 17 * k, CELL - 12
        bits.append(Markup('<g class="mark {c}"><title>{w}</title><circle cx="{x}" cy="{y}" r="7.5"/>'
                           '<text x="{x}" y="{ty}">{l}</text></g>').format(c=cls, w=words, x=mx, y=my, ty=my + 3.5, l=letter))
    for k, p in enumerate(who):
        a = int(p.get("adventurer", 0))
        px, py = HALF - 14 + 16 * (k % 3), HALF - 8 + 16 * (k // 3)
        bits.append(Markup('<g class="adventurer a{a}"><title>{n}</title><circle cx="{x}" cy="{y}" r="8"/>'
                           '<text x="{x}" y="{ty}">{l}</text></g>').format(a=a % 4, n=p.get("name") or f"adventurer {a + 1}",
                                                                          x=px, y=py, ty=py + 4, l=a + 1))
    if morna:
        bits.append(Markup('<g class="morna"><title>Morna Gûl</title><path d="M{x} {y} l10 20 h-20 z"/>'
                           '<text x="{x}" y="{ty}">G</text></g>').format(x=CELL - 20, y=16, ty=31))
    label = f"{t.get('name')}: {KIND_WORDS.get(kind, kind)}, open {''.join(t.get('open') or []) or 'nowhere'}"
    return Markup('<g class="tile kind-{k}" transform="translate({x} {y})" tabindex="0" role="img" aria-label="{l}"{tip}>'
                  '<title>{tt}</title>{b}</g>').format(k=kind, x=x, y=y, l=label, tip=Markup(' data-tip="{}"').format(tip) if tip else "",
                                                       tt=tip or label, b=join(bits))


def render_map(v: View, describe: Describe) -> Markup:
    tiles = [t for t in v.get("tiles") or [] if t.get("position") is not None]
    if not tiles:
        return Markup('<p class="note">No tile is laid yet.</p>')
    xs = [t["position"][0] for t in tiles]
    ys = [t["position"][1] for t in tiles]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    where: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for p in v.get("players") or []:
        pos = p.get("position")
        if pos is not None:
            where.setdefault((pos[0], pos[1]), []).append(p)
    morna = v.get("morna") or v.get("morna_gul") or {}
    mpos = morna.get("position") if isinstance(morna, dict) else None
    at = (mpos[0], mpos[1]) if mpos else None
    body = []
    for t in tiles:
        x, y = t["position"][0], t["position"][1]
        body.append(_tile(t, (x - x0) * CELL, (y1 - y) * CELL, where.get((x, y), []), at == (x, y), describe))
    w, h = (x1 - x0 + 1) * CELL, (y1 - y0 + 1) * CELL
    kinds = sorted({str(t.get("kind")) for t in tiles})
    legend = join(Markup('<li><span class="swatch kind-{k}"></span>{w}</li>').format(k=k, w=KIND_WORDS.get(k, k)) for k in kinds)
    return Markup('<div class="forest-map"><svg class="cf-map" viewBox="0 0 {w} {h}" width="{width}" role="group" '
                  'aria-label="The forest, north up">{b}</svg></div><ul class="legend kinds">{l}</ul>'
                  '<p class="legend">Discs: adventurers; ? an unseen monster, a number a monster\'s health; * seed in the roots, '
                  '+ seed on the vines, s dropped seed, i items, ~ swamp, y bone yard; ▲ G Morna Gûl.</p>').format(
        # the width as an attribute, not an inline style: the pages' policy allows no inline style
        w=w, h=h, width=(x1 - x0 + 1) * 120, b=join(body), l=legend)


def _item(x: Any, describe: Describe, names: Describe) -> Markup:
    if x is None:
        return Markup('<span class="slot empty">—</span>')
    if x == "face-down":
        return Markup('<span class="slot face-down" title="a face-down item">▒ face down</span>')
    if x == "poison":
        return Markup('<span class="slot poison" title="a poison token fills this space">☠ poison</span>')
    return tipped("span", names(str(x)) or str(x), tip_of(describe, str(x)), "slot item")


def _players(v: View, describe: Describe, names: Describe) -> Markup:
    seat = v.get("seat")
    deciding = v.get("deciding")
    out = []
    for p in v.get("players") or []:
        a = int(p.get("adventurer", 0))
        inv = p.get("inventory") or {}
        slots = join(Markup('<li><span class="space">{l}</span> {i}</li>').format(l=label, i=_item(inv.get(space), describe, names))
                     for space, label in SPACES)
        extras = join(_item(x, describe, names) for x in p.get("extras") or [])
        flags = []
        if v.get("turn") == a:
            flags.append("their turn")
        if deciding is not None and deciding == p.get("player"):
            flags.append("deciding")
        if p.get("player") == seat:
            flags.append("you")
        pos = p.get("position")
        at = "out of the game" if p.get("out") else ("not placed" if pos is None else f"at ({pos[0]}, {pos[1]})")
        stats = Markup('<div class="meters">{}</div>').format(join([
            meter("Health", f"{p.get('health')}/{p.get('max_health')}", "health"), meter("Lives", p.get("lives")),
            meter("AP", f"{p.get('ap')}/{p.get('max_ap')}"), meter("Kills", p.get("kills", 0)),
            meter("Poison", p.get("poison")) if p.get("poison") else Markup(""),
            meter("Seeds", ", ".join(names(str(s)) or str(s) for s in p.get("seeds") or [])) if p.get("seeds") else Markup("")]))
        body = Markup('{s}<p class="where">Player {pl} · {at}{f}</p><ul class="slots">{sl}</ul>{ex}').format(
            s=stats, pl=int(p.get("player", 0)) + 1, at=at, f=(" · " + ", ".join(flags)) if flags else "", sl=slots,
            ex=Markup('<p>Beside: {}</p>').format(extras) if extras else "")
        out.append(card(f"{a + 1}. {p.get('name') or p.get('character') or 'no character yet'}", body,
                        tip=tip_of(describe, p.get("character")), kind="adventurer", extra_cls=f"a{a % 4}" + (" mine" if p.get("player") == seat else "")))
    return section("Adventurers", Markup('<div class="cards">{}</div>').format(join(out)), "cf-players", "players")


def _foes(v: View, describe: Describe) -> Markup:
    parts = []
    morna = v.get("morna") or v.get("morna_gul")
    if isinstance(morna, dict):
        pos = morna.get("position") or ["?", "?"]
        parts.append(card("Morna Gûl", f"at ({pos[0]}, {pos[1]}): health {morna.get('health')}, {morna.get('dice')} dice "
                          f"+{morna.get('modifier')}", tip=tip_of(describe, "morna-gul"), kind="morna"))
    fight = v.get("fight")
    if isinstance(fight, dict):
        players = v.get("players") or []
        a = fight.get("adventurer", -1)
        who = players[a].get("name") if isinstance(a, int) and 0 <= a < len(players) else "?"
        partner = fight.get("partner", -1)
        helper = players[partner].get("name") if isinstance(partner, int) and 0 <= partner < len(players) else None
        parts.append(card("Fight", f"{who} against {fight.get('foe')}; foe health {fight.get('foe_health')}"
                          + (f"; {helper} helps" if helper else ""), kind="fight"))
    if not parts:
        return Markup("")
    return section("Foes", Markup('<div class="cards">{}</div>').format(join(parts)), "cf-foes", "foes")


def _header(v: View, seat_name: Describe) -> Markup:
    deciding = v.get("deciding")
    players = v.get("players") or []
    turn = v.get("turn")
    bits = [meter("Round", v.get("round")), meter("Phase", v.get("phase"))]
    if isinstance(turn, int) and 0 <= turn < len(players):
        bits.append(meter("Turn", f"{turn + 1}. {players[turn].get('name') or ''}"))
    if deciding is not None:
        kind = str(v.get("decision_kind") or "")
        bits.append(meter("Deciding", f"{seat_name(str(deciding))} ({KIND_DECISION.get(kind, kind.replace('_', ' '))})",
                          "deciding"))
    bits += [meter("Stack", v.get("stack_size")), meter("Monsters in bag", v.get("monsters_in_bag")),
             meter("Items in bag", v.get("items_in_bag")), meter("Seeds on the vines", v.get("seeds_laid", 0))]
    drawn = v.get("drawn_tile")
    extra = Markup("")
    if isinstance(drawn, dict):
        extra = Markup('<p class="drawn-tile">Drawn, waiting to be laid: <strong>{n}</strong> ({k}), printed open {o}</p>').format(
            n=drawn.get("name") or drawn.get("id"), k=KIND_WORDS.get(str(drawn.get("kind")), drawn.get("kind")),
            o="".join(drawn.get("open") or []) or "nowhere")
    if v.get("over"):
        out = v.get("outcome") or {}
        extra += Markup('<p class="over">Game over: {}</p>').format(esc(out.get("result")))
    return section("The Cursed Forest", Markup('<div class="meters">{}</div>').format(join(bits)) + extra, "cf-header")


def render(view: View, describe: Describe, name: Describe, seat_name: Describe) -> Markup:
    """The whole Cursed Forest table as one seat sees it."""
    return Markup('<div class="table table-cursed-forest">{}</div>').format(join([
        _header(view, seat_name), section("The forest", render_map(view, describe), "cf-forest", "forest"),
        _foes(view, describe), _players(view, describe, name)]))


__all__ = ["render", "render_map"]
