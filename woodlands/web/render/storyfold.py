"""Storyfold's table as HTML/SVG, from ``view(0)`` alone (docs/storyfold.md, "The view").

The scene (title, text, goal), the River's seven spaces with each Action card's threshold and
Crystals and each creature's icons, the Spirit track and the Wildwoods track with the Light and
Shadow markers, the dice and the roll under way, the locations, Luma and Brom, the boons, decks.
"""
from __future__ import annotations

from typing import Any

from markupsafe import Markup

from .common import Describe, View, card, die_svg, join, meter, section, tip_of, tipped, track

SPACE_LABELS = ("3+", "4+", "5+", "6+", "5", "6", "7")


def _scene(v: View) -> Markup:
    paras = [p for p in str(v.get("scene_text") or "").split("\n\n") if p.strip()]
    text = join(Markup("<p>{}</p>").format(p) for p in paras)
    goal = Markup('<p class="goal"><strong>Goal:</strong> {g}{ok}</p>').format(
        g=v.get("goal") or "", ok=Markup(' <span class="ok">(reached)</span>') if v.get("goal_holds") else "")
    head = Markup('<p class="where">{c} · {ch}</p><h2 class="scene-title">{t}</h2>').format(
        c=v.get("campaign") or "", ch=v.get("chapter_title") or "", t=v.get("scene_title") or "")
    meters = Markup('<div class="meters">{}</div>').format(join([
        meter("Phase", v.get("phase")), meter("Spirit", v.get("spirit"), "spirit"),
        meter("Scenes played", (v.get("score") or {}).get("scenes_played", 0))]))
    return section("Storyfold: Wildwoods", head + meters + Markup('<div class="scene-text">{}</div>').format(text) + goal,
                   "sf-scene", "scene")


def _river_card(i: int, e: dict[str, Any] | None, describe: Describe) -> Markup:
    label = Markup('<span class="space-label">{}</span>').format(SPACE_LABELS[i] if i < len(SPACE_LABELS) else i + 1)
    if not e:
        return Markup('<li class="river-space empty">{}<div class="card empty">—</div></li>').format(label)
    crystals = int(e.get("crystals") or 0)
    gems = Markup('<span class="crystals" aria-label="{n} crystals">{g}</span>').format(
        n=crystals, g=join(Markup('<i class="crystal"></i>') for _ in range(crystals)) or "no crystals")
    tip = tip_of(describe, e.get("card"), e.get("text"))
    if e.get("kind") == "action":
        th = e.get("threshold")
        badge = f"{th}+" if th is not None else "—"
        body = Markup('<span class="threshold" title="a die succeeds at {b}">{b}</span>{g}').format(b=badge, g=gems)
        c = card(e.get("name") or e.get("card", "?"), body, tip=tip, kind="action", extra_cls="unusable" if i >= 4 else "")
    else:
        body = Markup('<span class="icons" title="successes to blind or heal it">{ic}</span>'
                      '<span class="loss" title="Spirit it takes when it acts">−{sp}♥</span>'
                      '<span class="heals" title="crystals for healing it">heals +{hc}◆</span>{st}').format(
            ic="✦" * int(e.get("icons_needed") or e.get("icons") or 0), sp=e.get("spirit_loss", e.get("spirit", 0)),
            hc=e.get("heal_crystals", 0), st=Markup('<span class="stunned">stunned</span>') if e.get("stunned") else "")
        c = card(e.get("name") or e.get("card", "?"), body, tip=tip, kind="creature",
                 extra_cls="stunned" if e.get("stunned") else "")
    return Markup('<li class="river-space">{}{}</li>').format(label, c)


def _river(v: View, describe: Describe) -> Markup:
    river = list(v.get("river") or [])
    river += [None] * (7 - len(river))
    cells = join(_river_card(i, e, describe) for i, e in enumerate(river[:7]))
    legend = Markup('<p class="legend">Spaces 3+ to 6+ are the thresholds an Action card gives there; ✦ successes to blind or'
                    ' heal a creature, ♥ Spirit it takes, ◆ Crystals.</p>')
    return section("The River", Markup('<ol class="river">{}</ol>').format(cells) + legend, "sf-river", "river")


def _tracks(v: View) -> Markup:
    spaces = int(v.get("spirit_spaces") or 12)
    at = int(v.get("spirit_space") or 1)
    spirit = track(spaces, {at: [("mark-spirit", "♥")]}, "spirit-track", f"Spirit marker on space {at}: {v.get('spirit')} Spirit left")
    t = v.get("track") or {}
    length = int(t.get("length") or 0)
    marks: dict[int, list[tuple[str, str]]] = {}
    if v.get("light"):
        marks.setdefault(int(v["light"]), []).append(("mark-light", "L"))
    if v.get("shadow"):
        marks.setdefault(int(v["shadow"]), []).append(("mark-shadow", "S"))
    notes: dict[int, str] = {}
    for x in t.get("icons") or []:
        notes[int(x.get("space", 0))] = "; ".join(f"{i}: {e}" for i, e in zip(x.get("icons") or [], x.get("effects") or []))
    if t.get("middle"):
        notes.setdefault(int(t["middle"]), "the middle space")
    wild = track(length, marks, "wild-track", f"Light on {v.get('light')}, Shadow on {v.get('shadow')}, middle {t.get('middle')}", notes)
    icons = join(Markup("<li>space {s}: {n}</li>").format(s=s, n=n) for s, n in sorted(notes.items()))
    body = Markup('<div class="track-row"><span class="track-name">Spirit ({s} left)</span>{sp}</div>'
                  '<div class="track-row"><span class="track-name">Wildwoods (L Light, S Shadow)</span>{w}</div>'
                  '<ul class="track-notes">{i}</ul>').format(s=v.get("spirit"), sp=spirit, w=wild, i=icons)
    return section("Tracks", body, "sf-tracks", "tracks")


def _dice(v: View, describe: Describe) -> Markup:
    dice = v.get("dice") or []
    pool = join(die_svg("sf", None, sides=int(d.get("size") or 8), cls=("used" if d.get("used") else "") + (" rolled" if d.get("rolled") else ""),
                        label=f"d{d.get('size')}{' used' if d.get('used') else ''}") for d in dice)
    crystals = v.get("crystals") or {}
    cry = join(Markup('<span class="cry">{a} <span class="crystals">{g}</span></span>').format(
        a=str(a).title(), g=join(Markup('<i class="crystal"></i>') for _ in range(int(n))) or "0") for a, n in crystals.items())
    body = Markup('<div class="dice">{p}</div><p>{n} of {t} dice available</p><p class="crystal-row">Crystals: {c}</p>').format(
        p=pool, n=v.get("dice_available", 0), t=len(dice), c=cry)
    roll = v.get("roll")
    if roll:
        th = roll.get("threshold")
        faces = []
        for d in roll.get("dice") or []:
            ok = isinstance(th, int) and int(d.get("face") or 0) >= th
            faces.append(die_svg("sf", str(d.get("face")), cls="success" if ok else "miss",
                                 label=f"d{d.get('size')} shows {d.get('face')}{': a success' if ok else ''}"))
        target = f" on {roll['target']}" if roll.get("target") else ""
        body += Markup('<div class="roll"><h4>Roll: {a} ({e}{t}), success on {th}+</h4><div class="dice">{f}</div>'
                       '<p>{s} successes ({n} from the dice, {b} added)</p></div>').format(
            a=str(roll.get("action") or "").title(), e=roll.get("effect"), t=target, th=th if th is not None else "—",
            f=join(faces) or "not rolled yet", s=roll.get("successes", 0), n=roll.get("natural_successes", 0),
            b=roll.get("bonus_successes", 0))
    return section("Dice and Crystals", body, "sf-dice", "dice")


def _locations(v: View, describe: Describe) -> Markup:
    cards = []
    for loc in v.get("locations") or []:
        state = "visited" if loc.get("visited") else ("can-visit" if loc.get("can_visit") else "not-yet")
        dots = join(Markup('<i class="dot{}"></i>').format(" filled" if loc.get("visited") else "") for _ in range(int(loc.get("dots") or 0)))
        body = Markup('<span class="loc-kind">{k}</span> <span class="dots" aria-label="{n} successes needed">{d}</span>'
                      '{ch}{co}<span class="text">{t}</span><span class="loc-state">{s}</span>').format(
            k=str(loc.get("kind") or "").title(), n=loc.get("dots"), d=dots,
            ch=Markup('<span class="chain">line: {}</span>').format(loc["chain"]) if loc.get("chain") else "",
            co=Markup('<span class="cond">{}</span>').format(loc["condition"]) if loc.get("condition") else "",
            t=loc.get("text") or "", s={"visited": "visited ✓", "can-visit": "can visit", "not-yet": "not yet"}[state])
        cards.append(card(loc.get("name") or loc.get("id", "?"), body, tip=tip_of(describe, loc.get("id"), loc.get("text")),
                          kind="location", extra_cls=state))
    body = Markup('<div class="cards">{}</div>').format(join(cards)) if cards else Markup('<p class="note">No locations in this scene.</p>')
    return section("Locations", body, "sf-locations", "locations")


def _companions(v: View, describe: Describe) -> Markup:
    out = []
    for who in ("luma", "brom"):
        c = v.get(who) or {}
        if not c or (who == "brom" and c.get("present") is False):
            if who == "brom":
                out.append(Markup('<div class="card empty">Brom is gone</div>'))
            continue
        uses = join(Markup('<li class="{s}">{t}{c}</li>').format(s="spent" if u.get("spent") else "", t=u.get("text", ""),
                                                               c=f" ({u['cost']}◆)" if u.get("cost") else "") for u in c.get("uses") or [])
        out.append(card(c.get("name") or who.title(), Markup("<ul>{}</ul>").format(uses), tip=tip_of(describe, who), kind="companion",
                        side=str(c.get("side") or "")))
    for b in v.get("boons") or []:
        out.append(card(b.get("name", "?"), b.get("text", ""), tip=tip_of(describe, b.get("card"), b.get("text")), kind="boon"))
    for e in v.get("explore_drawn") or []:
        name = e if isinstance(e, str) else e.get("name") or e.get("card")
        ident = e if isinstance(e, str) else e.get("card")
        out.append(card(str(name), "drawn by Explore", tip=tip_of(describe, ident), kind="explore"))
    return section("Luma, Brom and the boons", Markup('<div class="cards">{}</div>').format(join(out)), "sf-companions", "companions")


def _decks(v: View, describe: Describe) -> Markup:
    decks = v.get("decks") or {}
    discards = v.get("discards") or {}
    items = []
    for k in ("shadow", "explore", "creature", "chapter"):
        pile = discards.get(k) or []
        top = pile[-1] if pile else None
        items.append(Markup("<li>{k}: {n} face down{d}</li>").format(
            k=k.title(), n=decks.get(k, 0),
            d=Markup("; discards {n}, top {t}").format(n=len(pile), t=tipped("span", str(top), tip_of(describe, top), "card-ref"))
            if top else ""))
    return section("Decks", Markup('<ul class="decks">{}</ul>').format(join(items)), "sf-decks", "decks")


def render(view: View, describe: Describe, name: Describe) -> Markup:
    """The whole Storyfold table."""
    return Markup('<div class="table table-storyfold">{}</div>').format(join([
        _scene(view), _river(view, describe), _tracks(view), _dice(view, describe), _locations(view, describe),
        _companions(view, describe), _decks(view, describe)]))


__all__ = ["render"]
