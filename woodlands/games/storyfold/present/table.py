"""The Storyfold table, drawn with rich from the player's view alone.

Top to bottom: the scene (title, goal, the opening of its text: the whole story is told by the
narrator when a scene opens), the River as seven boxes under their numbers, the Spirit and
Wildwoods tracks, dice and the current roll, the locations, Luma & Brom and the Boon spaces,
then the decks.  Every key is read with ``.get`` so that a view from a slightly different engine
version still draws.

>>> import io, woodlands
>>> from rich.console import Console
>>> state = woodlands.load_game("storyfold").new_game(seed=1)
>>> console = Console(file=io.StringIO(), width=100)
>>> console.print(render(state.view(0)))
>>> "3+" in console.file.getvalue() and "Wildwoods" in console.file.getvalue()
True
"""
from __future__ import annotations

from contextvars import ContextVar
from typing import Any, Callable

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

View = dict[str, Any]

SPACE_LABELS = ("3+", "4+", "5+", "6+", "–", "–", "–")
SHORT_TEXT = 170          # characters of the scene text shown every turn


#: printed names of the ids the view gives without a name (the roll's target, the next scene,
#: the top of a discard pile), set by the presentation, which knows the content
_NAMES: ContextVar[Callable[[Any], str | None] | None] = ContextVar("storyfold_names", default=None)


def render(view: View, width: int = 100, names: Callable[[Any], str | None] | None = None) -> RenderableType:
    """The whole Storyfold table for one view; under 100 columns a compact one (no scene text,
    no Shadow-mark texts, no Boon texts, no decks: those are one key away).  ``names`` gives the
    printed name of an id (a card, location or scene); without it ids are shown capitalised."""
    token = _NAMES.set(names)
    try:
        return _render(view, width)
    finally:
        _NAMES.reset(token)


def _render(view: View, width: int) -> RenderableType:
    if width < 100:
        return _compact(view)
    if view.get("phase") in ("end", "break"):
        # between scenes the track and the locations belong to a scene that is over: what goes on
        # with Luma (River, Crystals, Spirit, dice, Boons, decks) is what matters
        pause = Text("The Wildwoods track and the locations are laid out when the next scene opens.",
                     style="dim")
        return Group(_scene(view), _river(view), _spirit(view), pause, _dice(view), _companions(view),
                     _decks(view))
    return Group(_scene(view), _river(view), _tracks(view), _dice(view), _locations(view),
                 _companions(view), _decks(view))


def pretty(ident: Any) -> str:
    """A card id as a name when the view gives no name: ``"ash-moth"`` -> ``"Ash Moth"``.

    >>> pretty("omas-lullaby")
    'Omas Lullaby'
    """
    names = _NAMES.get()
    known = names(ident) if names is not None and ident else None
    if known:
        return known
    return " ".join(w.capitalize() for w in str(ident).split("-")) if ident else "-"


def _short(text: str, limit: int = SHORT_TEXT) -> str:
    """The opening of a text, cut at a word.

    >>> _short("one two three", 8)
    'one two…'
    """
    text = " ".join(str(text).split())
    if len(text) <= limit:
        return text
    return text[:limit].rsplit(" ", 1)[0] + "…"


# ------------------------------------------------------------------ the scene
def _scene(v: View) -> RenderableType:
    t = Text()
    t.append(str(v.get("chapter_title") or pretty(v.get("chapter"))), style="bold")
    t.append("  ·  ")
    t.append(str(v.get("scene_title") or pretty(v.get("scene"))), style="bold cyan")
    phase = v.get("phase")
    phase_name = {"setup": "setting up", "luma": "Luma Phase", "shadow": "Shadow Phase",
                  "end": "the scene has ended", "break": "between scenes"}.get(str(phase), str(phase or "?"))
    t.append(f"  ·  {phase_name}\n", style="dim")
    if v.get("scene_text"):
        t.append(_short(v["scene_text"]) + "\n", style="italic")
    goals = v.get("goals") or {}
    t.append("Luma prevails: ", style="bold green")
    t.append(str(goals.get("luma_prevails") or v.get("goal") or "?") + "\n")
    t.append("Shadow prevails: ", style="bold red")
    t.append(str(goals.get("shadow_prevails") or "the Shadow marker reaches the middle"))
    if v.get("next_scene") and phase in ("end", "break"):
        t.append(f"\nNext scene: {pretty(v['next_scene'])}", style="yellow")
    score = v.get("score") or {}
    title = str(v.get("campaign") or "Storyfold: Wildwoods")
    subtitle = (f"scenes {score.get('scenes_played', '?')} · restarts {score.get('chapter_restarts', '?')} · "
                f"Shadow cards {score.get('shadow_cards', '?')}") if score else None
    return Panel(t, title=Text(title), title_align="left", subtitle=subtitle, subtitle_align="right")


# ------------------------------------------------------------------ the River
def _river_cell(entry: dict[str, Any] | None, usable: bool) -> Text:
    if not entry:
        return Text("·", style="dim", justify="center")
    t = Text(justify="center")
    if entry.get("kind") == "action":
        t.append(str(entry.get("name") or pretty(entry.get("card"))), style="bold" if usable else "dim")
        t.append("\n" + ("◆" * int(entry.get("crystals") or 0) or "no ◆"), style="cyan")
        if not usable:
            t.append("\nunusable", style="dim")
        return t
    t.append(str(entry.get("name") or pretty(entry.get("card"))), style="bold red")
    t.append(f"\n{'✦' * int(entry.get('icons') or 0)}", style="yellow")
    t.append(f" -{entry.get('spirit', 0)}♥", style="red")
    t.append(f"\nheals +{entry.get('heal_crystals', 0)}◆", style="cyan")
    if entry.get("stunned"):
        t.append("\nSTUNNED", style="bold magenta")
    return t


def _river(v: View) -> RenderableType:
    river = list(v.get("river") or [])
    river += [None] * (7 - len(river))
    table = Table(title="The River (✦ successes to blind or heal, ♥ Spirit it takes, ◆ Crystals)",
                  title_justify="left", expand=True, show_lines=False, padding=(0, 0))
    for i, label in enumerate(SPACE_LABELS):
        table.add_column(label, justify="center", ratio=1, style=None if i < 4 else "dim")
    table.add_row(*[_river_cell(e, i < 4) for i, e in enumerate(river[:7])])
    return table


# ------------------------------------------------------------------ the tracks
def _spirit(v: View) -> Text:
    spaces = int(v.get("spirit_spaces") or 12)
    at = int(v.get("spirit_space") or 1)
    spirit = v.get("spirit", spaces - at)
    t = Text("Spirit    ", style="bold")
    for space in range(1, spaces + 1):
        t.append("[♥]" if space == at else " · ", style="bold red" if space == at else "dim")
    t.append(f"  {spirit} left", style="bold red" if isinstance(spirit, int) and spirit <= 3 else "bold")
    return t


def _wildwoods(v: View) -> Text:
    track = v.get("track") or {}
    length = int(track.get("length") or 0)
    middle = int(track.get("middle") or 0)
    light, shadow = v.get("light"), v.get("shadow")
    icons = {int(x.get("space", 0)): x for x in track.get("icons") or []}
    top = Text("          ")
    row = Text("Wildwoods ", style="bold")
    for space in range(1, length + 1):
        here = icons.get(space)
        names = (here or {}).get("icons", [])
        mark = str(names[0])[:4] if len(names) == 1 else "+".join(str(i)[:1] for i in names)
        top.append(f"{mark[:5]:^5}", style="yellow")
        if space == light and space == shadow:
            cell, style = "L+S", "bold magenta"
        elif space == light:
            cell, style = "L", "bold yellow"
        elif space == shadow:
            cell, style = "S", "bold blue"
        elif space == middle:
            cell, style = "◎", "bold"
        else:
            cell, style = "·", "dim"
        row.append(f"[{cell:^3}]" if space == middle else f" {cell:^3} ", style=style)
    legend = Text(f"\n          Light on {light}, Shadow on {shadow}, middle {middle} (L Light, S Shadow, ◎ middle)",
                  style="dim")
    seen: set[str] = set()
    for space in sorted(icons):
        for icon, text in zip(icons[space].get("icons", []), icons[space].get("effects", [])):
            if icon not in seen:
                seen.add(icon)
                legend.append(f"\n          {icon}: {text}", style="dim")
    return Text.assemble(top, "\n", row, legend)


def _tracks(v: View) -> RenderableType:
    return Group(_spirit(v), _wildwoods(v))


# ------------------------------------------------------------------ dice and the roll
def _dice(v: View) -> RenderableType:
    t = Text("Dice      ", style="bold")
    dice = v.get("dice") or []
    for d in dice:
        style = "dim strike" if d.get("used") else ("bold cyan" if d.get("rolled") else "bold")
        t.append(f"d{d.get('size', '?')} ", style=style)
    t.append(f"  {v.get('dice_available', sum(1 for d in dice if not d.get('used')))} of {len(dice)} available")
    crystals = v.get("crystals") or {}
    if crystals:
        t.append("\nCrystals  ", style="bold")
        t.append(" · ".join(f"{pretty(a)} {'◆' * int(n) or '0'}" for a, n in crystals.items()), style="cyan")
    roll = v.get("roll")
    if not roll:
        return t
    t.append("\nRoll      ", style="bold")
    what = f"{pretty(roll.get('action'))} ({roll.get('effect')}"
    what += f": {pretty(roll['target'])})" if roll.get("target") else ")"
    threshold = roll.get("threshold")
    t.append(f"{what}, a success on {threshold}+: ")
    rolled = roll.get("dice") or []
    if not rolled:
        t.append("not rolled yet", style="dim")
    for d in rolled:
        ok = isinstance(threshold, int) and d.get("face", 0) >= threshold
        t.append(f"d{d.get('size')}:{d.get('face')}{'✓' if ok else '✗'} ", style="bold green" if ok else "red")
    if rolled:
        n = int(roll.get("successes", 0))
        t.append(f"→ {n} success{'' if n == 1 else 'es'}", style="bold")
    return t


# ------------------------------------------------------------------ locations
def _locations(v: View) -> RenderableType:
    locs = v.get("locations") or []
    if not locs:
        return Text("Locations: none in this scene", style="dim")
    table = Table(title="Locations (☀ only with the Light on the middle; a line is followed left to right)",
                  title_justify="left", show_edge=False, pad_edge=False, expand=True)
    for col in ("location", "card", "dots", "line", "condition", "state"):
        table.add_column(col)
    for loc in locs:
        if loc.get("visited"):
            state, style = "visited ✓", "green"
        elif loc.get("can_visit"):
            state, style = "can visit", "bold"
        else:
            state, style = "not yet", "dim"
        name = str(loc.get("name") or pretty(loc.get("id")))
        if loc.get("progress"):
            name += " ☀"
        # pack text goes in as Text, never read as markup (a name like '[/]' must not break the table)
        table.add_row(Text(name), Text(str(loc.get("kind") or "?").title()), "●" * int(loc.get("dots") or 0),
                      Text(str(loc.get("chain") or "")), Text(str(loc.get("condition") or "")), state, style=style)
    return table


# ------------------------------------------------------------------ Luma & Brom, Boons
def _companions(v: View) -> RenderableType:
    t = Text()
    luma = v.get("luma") or {}
    brom = v.get("brom") or {}
    t.append("Luma: ", style="bold")
    t.append(str(luma.get("name") or pretty(luma.get("side"))))
    t.append("   Brom: ", style="bold")
    if brom.get("present", True):
        t.append(str(brom.get("name") or pretty(brom.get("side"))).removeprefix("Brom: "))
    else:
        t.append("gone (on the Shadow discard pile)", style="red")
    boons = v.get("boons") or []
    t.append(f"\nBoon spaces ({len(boons)} of 3): ", style="bold")
    if not boons:
        t.append("empty", style="dim")
    for b in boons:
        kind = str(b.get("kind") or "")
        style = "red" if kind == "trauma" else "green"
        when = f", {str(b['window']).replace('_', ' ')}" if b.get("window") else ""
        t.append(f"\n  {b.get('name') or pretty(b.get('card'))} ({kind}{when})", style=style)
        if b.get("text"):
            t.append(f": {b['text']}", style="dim")
    drawn = v.get("explore_drawn") or []
    if drawn:
        t.append("\nDrawn by Explore: ", style="bold")
        t.append(", ".join(pretty(x) for x in drawn))
    return t


def _decks(v: View) -> RenderableType:
    decks = v.get("decks") or {}
    discards = v.get("discards") or {}
    t = Text("Decks     ", style="bold")
    t.append(" · ".join(f"{pretty(k)} {n}" for k, n in decks.items()))
    t.append("\nDiscards  ", style="bold")
    parts = []
    for name in ("shadow", "explore", "creature"):
        pile = discards.get(name) or []
        top = f", top {pretty(pile[-1])}" if pile else ""
        parts.append(f"{pretty(name)} {len(pile)}{top}")
    t.append(" · ".join(parts))
    if v.get("chapter_restarts"):
        n = int(v["chapter_restarts"])
        t.append(f"\nThis chapter has started over {'once' if n == 1 else f'{n} times'}.", style="yellow")
    return t


# ------------------------------------------------------------------ 80 columns
def _compact(v: View) -> RenderableType:
    """The table in about 14 lines of 80 columns: title and goal, the River, tracks, dice, locations."""
    head = Text()
    head.append(str(v.get("scene_title") or pretty(v.get("scene"))), style="bold cyan")
    phase = {"luma": "Luma Phase", "shadow": "Shadow Phase", "break": "between scenes",
             "end": "scene over", "setup": "setting up"}.get(str(v.get("phase")), "")
    head.append(f" · {phase}", style="dim")
    goals = v.get("goals") or {}
    head.append("\nGoal: ", style="bold green")
    head.append(_short(str(goals.get("luma_prevails") or v.get("goal") or "?"), 70))
    river = list(v.get("river") or []) + [None] * 7
    table = Table(expand=True, show_lines=False, padding=(0, 0), show_edge=False)
    for i, label in enumerate(SPACE_LABELS):
        table.add_column(label, justify="center", ratio=1, style=None if i < 4 else "dim", no_wrap=True)
    cells = []
    for i, e in enumerate(river[:7]):
        if not e:
            cells.append(Text("·", style="dim", justify="center"))
        elif e.get("kind") == "action":
            cells.append(Text(f"{str(e.get('name'))[:9]}\n{'◆' * int(e.get('crystals') or 0) or '-'}",
                              style="bold" if i < 4 else "dim", justify="center"))
        else:
            stun = " z" if e.get("stunned") else ""
            cells.append(Text(f"{str(e.get('name'))[:9]}\n{e.get('icons_needed', e.get('icons'))}✦ "
                              f"-{e.get('spirit_loss', e.get('spirit'))}♥{stun}", style="red", justify="center"))
    table.add_row(*cells)
    line = Text()
    line.append(f"Spirit {v.get('spirit', '?')}", style="bold red")
    line.append(f" · Light {v.get('light', '?')} · Shadow {v.get('shadow', '?')} · middle "
                f"{(v.get('track') or {}).get('middle', '?')}")
    dice = v.get("dice") or []
    line.append(f" · dice {sum(1 for d in dice if not d.get('used'))}/{len(dice)}")
    # the Action cards' Crystals by name (first letters clashed: help and heal were both H), the
    # empty ones left out to keep the line within 80 columns
    held = [f"{k} {n}" for k, n in (v.get("crystals") or {}).items() if n]
    line.append(" · ◆ " + (" ".join(held) or "none"), style="cyan")
    rows: list[RenderableType] = [head, table, line]
    roll = v.get("roll")
    if roll and roll.get("dice"):
        threshold = roll.get("threshold")
        r = Text(f"Roll {threshold}+: ")
        for d in roll["dice"]:
            ok = isinstance(threshold, int) and d.get("face", 0) >= threshold
            r.append(f"d{d.get('size')}:{d.get('face')}{'✓' if ok else '✗'} ", style="green" if ok else "red")
        n = int(roll.get("successes", 0))
        r.append(f"→ {n} success{'' if n == 1 else 'es'}", style="bold")
        rows.append(r)
    if v.get("phase") not in ("end", "break"):
        locs = Text("Places: ", style="bold")
        for loc in v.get("locations") or []:
            mark = "✓" if loc.get("visited") else ("•" if loc.get("can_visit") else "-")
            locs.append(f"{mark}{str(loc.get('name'))[:16]}({str(loc.get('kind'))[:1].upper()}{loc.get('dots')}) ",
                        style="green" if loc.get("visited") else ("bold" if loc.get("can_visit") else "dim"))
        rows.append(locs)
    boons = v.get("boons") or []
    if boons:
        rows.append(Text("Boons: " + ", ".join(str(b.get("name")) for b in boons), style="green"))
    return Group(*rows)
