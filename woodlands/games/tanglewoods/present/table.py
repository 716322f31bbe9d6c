"""The Tanglewoods table, drawn with rich from a player's view and nothing else."""
from __future__ import annotations

from typing import Any, Callable

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

View = dict[str, Any]
COLOURS = ("yellow", "green", "blue", "purple", "red")
RICH_COLOUR = {"yellow": "yellow", "green": "green", "blue": "blue", "purple": "magenta", "red": "red"}
ZONES = ("pool", "committed", "exhausted", "banished")


Names = Callable[[str], str]


def render_tanglewoods(view: View, compact: bool = False, names: Names | None = None) -> RenderableType:
    """The whole table; ``compact`` (under 100 columns) leaves out the decks, the hero's and
    cards' texts (one key away in the details: p has the decks and the drawn cards' effects,
    c the hero) and shortens the dice to a line, so it fits
    80x24 beside the options.  ``names`` turns a card id into its printed name (the bears set
    aside are listed by id in the view)."""
    name: Names = names or (lambda i: i.replace("-", " ").title())
    if compact:
        parts = [_header(view, compact), _dice_line(view), _map(view, compact), _tableau_line(view), _drawn(view, compact),
                 _belongings(view, name, compact)]
        # nothing drawn is no line at all: every line counts at 24
        return Group(*(p for p in parts if not (isinstance(p, Text) and not p.plain)))
    return Group(_header(view), _dice(view), _map(view), _tableau(view), _drawn(view), _decks(view), _belongings(view, name))


def stats_set(v: View) -> bool:
    """Are the hero's stats and gold on the table yet?  They are set with the side, together
    with the decks (Setup 2 and 3), so before the decks exist they are placeholders."""
    decks = v.get("decks") or {}
    return bool(v.get("round")) or any((decks.get(k) or {}).get("count") for k in ("forest", "map", "item"))


# ------------------------------------------------------------------ pieces
def _face(card: dict[str, Any] | None) -> str:
    """One card face in a short line: name, side and the numbers that matter."""
    if not card:
        return "-"
    bits = [f"{card['name']} ({card['side']})"]
    if "directions" in card:
        bits.append("needs " + (" ".join(card["directions"]) or "nothing"))
        if card.get("merchant"):
            bits.append("merchant")
    elif "cost" in card:
        bits.append(f"cost {card['cost']}")
    else:
        if card.get("direction"):
            bits.append(f"dir {card['direction']}")
        if card.get("health") is not None:
            bits.append(f"H{card['health']} D{card['damage']} B{'-' if card.get('bribe') is None else card['bribe']}")
        elif card.get("kind") == "fable":
            bits.append("fable")
    return ", ".join(bits)


def _header(v: View, compact: bool = False) -> RenderableType:
    hero = v.get("hero")
    t = Text()
    t.append(f"Round {v['round']}", style="bold")
    t.append(f" · {v['phase']} phase · difficulty {v['difficulty']}\n")
    if not hero:
        t.append("No hero chosen yet: stats and gold are set once you pick one.")
        return Panel(t, title="20 Strong: Tanglewoods Gold", title_align="left")
    if not stats_set(v):
        t.append("Hero chosen; now pick its starting side: stats and gold are set from it.", style="bold cyan")
        return Panel(t, title="20 Strong: Tanglewoods Gold", title_align="left")
    t.append(f"{hero['name']}", style="bold cyan")
    if compact:
        t.append(f" (side {hero['side']})   ")
    else:
        t.append(f" (side {hero['side']}){' universal' if hero.get('universal') else ''}: {hero['text']}\n")
    t.append(f"Health {v['health']}", style="bold red" if v["health"] <= 2 else "bold")
    t.append(f"   Strategy {v['strategy']}   Recovery {v['recovery']}   ")
    t.append(f"Gold {v['gold']}", style="bold yellow")
    t.append(f"   Bears {v['bears_defeated']}/3" if compact else f"   Bears beaten {v['bears_defeated']}/3")
    return Panel(t, title="20 Strong: Tanglewoods Gold", title_align="left")


def _dice(v: View) -> RenderableType:
    table = Table(title="Dice", title_justify="left", show_edge=False, pad_edge=False)
    table.add_column("zone")
    for c in COLOURS:
        table.add_column(c, style=RICH_COLOUR[c], justify="right")
    table.add_column("total", justify="right")
    for zone in ZONES:
        counts = v["dice"][zone]
        table.add_row(zone, *[str(counts.get(c, 0) or "·") for c in COLOURS], str(sum(counts.values())))
    rolled = v.get("committed_dice") or []
    if not rolled:
        return table
    faces = Text("Committed: ")
    for i, d in enumerate(rolled):
        if i:
            faces.append(", ")
        face = d["face"] or "not rolled"
        faces.append(f"{d['colour']} {face}{' (applied)' if d['applied'] else ''}", style=RICH_COLOUR[d["colour"]])
    return Group(table, faces)


def _dice_line(v: View) -> RenderableType:
    """The dice in one or two lines: each zone's dice by colour initial."""
    t = Text()
    for zone in ZONES:
        counts = v["dice"][zone]
        if zone != "pool" and not sum(counts.values()):
            continue
        t.append(f"{zone}: ")
        for c in COLOURS:
            if counts.get(c):
                t.append(f"{counts[c]}{c[0].upper()} ", style=RICH_COLOUR[c])
        t.append(" ")
    rolled = v.get("committed_dice") or []
    if rolled:
        seen: dict[str, int] = {}
        for d in rolled:
            key = f"{d['colour']} {d['face'] or 'unrolled'}{' (applied)' if d['applied'] else ''}"
            seen[key] = seen.get(key, 0) + 1
        t.append("\nrolled: " + ", ".join(k if n == 1 else f"{n}x {k}" for k, n in seen.items()))
    return t


def _map(v: View, compact: bool = False) -> RenderableType:
    lines = Text()
    m = v.get("map")
    if m:
        lines.append("Active map: ", style="bold")
        lines.append(_face(m) + "\n")
        if m.get("text") and not compact:
            lines.append(f"  {m['text']}\n", style="italic")
        if m["complete"]:
            lines.append("  complete\n", style="green")
        else:
            missing = " ".join(m["missing"]) or "nothing (wilds can finish it)"
            lines.append(f"  still missing: {missing}\n", style="yellow")
    else:
        lines.append("No active map.\n")
    for choice in v.get("map_choices") or []:
        text = f" - {choice['text']}" if choice.get("text") and not compact else ""
        lines.append(f"  on offer: {_face(choice)}{text}\n")
    lines.rstrip()
    return lines


def _direction(e: dict[str, Any]) -> str:
    """A tableau card's direction ("" for none); a wild one with what it stands for, if chosen."""
    direction = e.get("direction") or ""
    if direction == "wild":
        return f"wild→{e['wild_as']}" if e.get("wild_as") else "wild"
    return str(direction)


def _tableau(v: View) -> RenderableType:
    if not v["tableau"]:
        return Text("Tableau: empty")
    table = Table(title="Tableau", title_justify="left", show_edge=False, pad_edge=False)
    for col in ("card", "side", "dir", "damage taken", "dmg", "bribe", "state"):
        table.add_column(col)
    for e in v["tableau"]:
        direction = _direction(e) or "-"
        if "health_now" in e:
            state = "defeated" if e["defeated"] else "active"
            bribe = "-" if e.get("bribe_now") is None else str(e["bribe_now"])
            table.add_row(escape(e["name"]), e["side"], direction, f"{e['damage_taken']}/{e['health_now']}",
                          str(e["damage_now"]), bribe, state, style="dim" if e["defeated"] else None)
        else:
            table.add_row(escape(e["name"]), e["side"], direction, "", "", "", "fable")
    return table


def _tableau_line(v: View) -> RenderableType:
    """The tableau as running text for the compact table, so that a full tableau (over a dozen
    cards) takes a few lines at 80 columns instead of a row each and the table stays within
    24 lines beside the options.  Creatures first, each with its direction, damage taken /
    health, damage and bribe (a defeated one dimmed); then the fables only counted with their
    directions, since all they bring to a decision is the map's requirement, which the map line
    already states (their names are one key away, in the details)."""
    t = Text()
    t.append(f"Tableau ({len(v['tableau'])}): ", style="bold")
    if not v["tableau"]:
        t.append("empty")
        return t
    fables: list[str] = []
    first = True
    for e in v["tableau"]:
        direction = _direction(e)
        if "health_now" not in e:
            fables.append(direction or "-")
            continue
        if not first:
            t.append(" · ")
        first = False
        bribe = "-" if e.get("bribe_now") is None else str(e["bribe_now"])
        bits = [e["name"] + (" (night)" if e.get("side") == "night" else "")] + ([direction] if direction else []) + [f"{e['damage_taken']}/{e['health_now']} D{e['damage_now']} B{bribe}"]
        if e["defeated"]:
            bits.append("defeated")
        t.append(" ".join(bits), style="dim" if e["defeated"] else None)
    if fables:
        t.append(("" if first else " · ") + f"{len(fables)} fable{'s' if len(fables) != 1 else ''} ({' '.join(fables)})")
    return t


def _drawn(v: View, compact: bool = False) -> RenderableType:
    parts = []
    for label, key in (("Drawn", "drawn"), ("Held up (Baby Bear)", "revealed")):
        cards = v.get(key) or []
        if cards:
            t = Text(f"{label}:\n", style="bold")
            for card in cards:
                text = f" - {card['text']}" if card.get("text") and not compact else ""
                t.append(f"  {_face(card)}{text}\n")
            t.rstrip()
            parts.append(t)
    return Group(*parts) if parts else Text("")


def _decks(v: View) -> RenderableType:
    table = Table(title="Decks (top face / bottom underside)", title_justify="left", show_edge=False, pad_edge=False)
    for col in ("deck", "cards", "top", "bottom underside", "discard top"):
        table.add_column(col)
    for name in ("forest", "map", "item"):
        d = v["decks"][name]
        disc = v["discards"][name]
        top = "Merchant Card" if d.get("covered_by") == "merchant" and d["count"] else _face(d["top"])
        table.add_row(name, str(d["count"]), escape(top), escape(_face(d["bottom_underside"])),
                      escape(f"{_face(disc['top'])} ({disc['count']})"))
    return table


def _belongings(v: View, name: Names, compact: bool = False) -> RenderableType:
    t = Text()
    inv = v.get("inventory") or []
    t.append("Inventory: ", style="bold")
    if compact:
        t.append(", ".join(f"{i['name']}{'+' if i['side'] == 'upgraded' else ''}" for i in inv) or "empty")
    else:
        t.append("; ".join(f"{i['name']} ({i['side']}): {i['text']}" for i in inv) or "empty")
    shop = v.get("shop") or []
    if shop:
        t.append("\nShop: ", style="bold")
        if compact:
            t.append(", ".join(f"{i['name']} ({i['cost']})" for i in shop))
        else:
            t.append("; ".join(f"{i['name']} for {i['cost']}: {i['text']}" for i in shop))
    t.append("\nBears set aside: ", style="bold")
    t.append(", ".join(name(b) for b in v.get("bears_aside") or []) or "none")
    t.append("   Beaten: ", style="bold")
    t.append(", ".join(b["name"] for b in v.get("bears_won") or []) or "none")
    return t
