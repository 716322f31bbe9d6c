"""Tanglewoods' table as a renderer-neutral model (:mod:`woodlands.kit.table`), from a seat's
view alone (docs/tanglewoods.md, "The view"): the web and the terminal draw it with their
generic code.

The 17 dice by zone (the pool, the committed ones with their faces, the exhausted and the
banished), the map with each direction it needs marked covered or missing, the maps on offer,
the drawn and held-up cards, the tableau, the damage its enemies have taken (a bar each), your
items and the shop, the bears, the modifiers in force and the decks (their top face and bottom
underside only: their order is hidden, T-10).  A direction is written with its arrow (``↓ S``)
and a card with a day and a night side says which it shows, as the printed cards do.

Ids stay the same from one position to the next: a card is its card id, a die its colour and
its number among the dice of that colour (counted over the zones in order, so a die that moves
keeps its id), a map's need its place in the map's list, a deck's faces their place on it, an
enemy's damage track its card id with ``-damage``.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

from ....kit.table import AnyElement, Card, Die, Fact, Outcome, Region, Table, Token, Track

View = dict[str, Any]
Words = Callable[[str], "str | None"]

TITLE = "20 Strong: Tanglewoods Gold"
COLOURS = ("yellow", "green", "blue", "purple", "red")
ZONES = (("pool", "Pool"), ("committed", "Committed"), ("exhausted", "Exhausted"), ("banished", "Banished"))
#: a direction with its arrow, as the cards print it (``wild``: stands for any direction)
ARROW = {"N": "↑", "S": "↓", "E": "→", "W": "←", "wild": "✦"}
STATUS = {"complete": "complete", "covered": "covered: the check comes once the effect under way is over",
          "needs_wilds": "only wilds can finish it"}


def arrow(direction: Any) -> str:
    """A direction as the card shows it: its arrow, then its letter.

    >>> arrow("N"), arrow("wild"), arrow("")
    ('↑ N', '✦ wild', '')
    """
    d = str(direction or "")
    return f"{ARROW[d]} {d}" if d in ARROW else d


def stats_set(v: View) -> bool:
    """Are the hero's stats and gold on the table yet?  They are set with the side, together
    with the decks (Setup 2 and 3), so before the decks exist they are placeholders."""
    decks = v.get("decks") or {}
    return bool(v.get("round")) or any((decks.get(k) or {}).get("count") for k in ("forest", "map", "item"))


class _Builder:
    """The pieces of the model, with the presentation's words for tips and names."""

    def __init__(self, describe: Words, name: Callable[[str], str]) -> None:
        self.describe = describe
        self.name = name

    def tip(self, ident: Any, fallback: str = "") -> str:
        if not isinstance(ident, str) or not ident:
            return fallback
        try:
            return self.describe(ident) or fallback
        except Exception:        # a description must never break the table
            return fallback

    # ------------------------------------------------------------------ cards
    @staticmethod
    def numbers(c: dict[str, Any]) -> str:
        """A card face's printed facts in a few characters (H D B as the glossary has them),
        after its side when it has a day and a night one (the compact terminal shows no card's
        face otherwise)."""
        bits: list[str] = []
        if "directions" in c:
            bits.append("needs " + (" ".join(arrow(d) for d in c["directions"]) or "nothing"))
            if c.get("merchant"):
                bits.append("merchant")
        elif "cost" in c:
            bits.append(f"{c['cost']} gold")
        else:
            if c.get("direction"):
                bits.append(f"dir {arrow(c['direction'])}")
            if c.get("health") is not None:
                bits.append(f"H{c['health']} D{c.get('damage')} B{'-' if c.get('bribe') is None else c['bribe']}")
            elif c.get("kind") == "fable":
                bits.append("fable")
        if c.get("side") in ("day", "night"):
            bits.insert(0, str(c["side"]))
        return ", ".join(bits)

    def card(self, c: dict[str, Any], ident: str | None = None, *, text: str | None = None, badge: str = "",
             state: tuple[str, ...] = (), tip_extra: str = "") -> Card:
        detail = str(c.get("text") or "")
        tip = self.tip(c.get("id"), detail)
        if badge == "" and c.get("side") == "upgraded":
            badge = "★"
        return Card(ident or str(c.get("id")), str(c.get("name", "?")), face=str(c.get("side") or ""), state=state,
                    tip=tip + tip_extra, text=self.numbers(c) if text is None else text, badge=badge,
                    family=str(c.get("kind") or ""), detail=detail)

    # ------------------------------------------------------------------ regions
    def header(self, v: View) -> Region:
        els: list[AnyElement] = [
            Track("round", "Round", value=int(v.get("round") or 0)),
            Fact("phase", "Phase", text=str(v.get("phase") or "")),
            Track("difficulty", "Difficulty", value=int(v.get("difficulty") or 0), high=10,
                  tip="Difficulty 0 to 10: 5 is the standard game."),
        ]
        hero = v.get("hero")
        if not hero:
            els.append(Fact("hero-note", "No hero chosen yet: stats and gold are set once you pick one."))
            return Region("header", TITLE, tuple(els))
        els.append(Card("hero", str(hero.get("name", "?")), badge=f"side {hero.get('side')}", family="hero",
                        text="universal hero" if hero.get("universal") else "", detail=str(hero.get("text") or ""),
                        tip=self.tip(hero.get("id"), str(hero.get("text") or ""))))
        if not stats_set(v):
            els.append(Fact("hero-note", "Hero chosen; now pick its starting side: stats and gold are set from it."))
            return Region("header", TITLE, tuple(els))
        health = int(v["health"])
        els += [
            Track("health", "Health", value=health, high=6, state=("low",) if health <= 2 else (),
                  tip="Health: below 1 you lose"),
            Track("strategy", "Strategy", value=int(v["strategy"]), high=6,
                  tip="Strategy: how many passes the Strategy phase allows"),
            Track("recovery", "Recovery", value=int(v["recovery"]), high=6,
                  tip="Recovery: dice that come back each round"),
            Track("gold", "Gold", value=int(v["gold"]), high=20, tip="Gold pays bribes and the merchant"),
            Track("bears-beaten", "Bears beaten", value=int(v["bears_defeated"]), high=3,
                  tip="Beat all three bears to win"),
        ]
        return Region("header", TITLE, tuple(els))

    def dice(self, v: View) -> list[Region]:
        """A region per zone that holds dice (the pool always).  A die's id is its colour and its number among that colour's dice,
        counted zone after zone, so that a die keeps its id as it moves on (pool, committed,
        exhausted, banished) while the dice before it stay."""
        counts = v.get("dice") or {}
        seen = dict.fromkeys(COLOURS, 0)
        out: list[Region] = []

        def next_id(colour: str) -> str:
            k = seen.get(colour, 0)
            seen[colour] = k + 1
            return f"die-{colour}-{k}"

        for zone, title in ZONES:
            dice: list[AnyElement] = []
            committed = list(v.get("committed_dice") or [])
            if zone == "committed" and committed:
                for d in committed:
                    applied = bool(d.get("applied"))
                    dice.append(Die(next_id(d["colour"]), f"{d['colour']} die (applied)" if applied else "",
                                    face=d["colour"], value=d.get("face"), tip=self.tip(d["colour"]),
                                    state=("committed", "applied") if applied else ("committed",)))
            else:
                zone_state = {"pool": (), "committed": ("committed",), "exhausted": ("exhausted",),
                              "banished": ("banished", "dim")}[zone]
                here = counts.get(zone) or {}
                for colour in COLOURS:
                    for _ in range(int(here.get(colour, 0) or 0)):
                        dice.append(Die(next_id(colour), face=colour, state=zone_state, tip=self.tip(colour)))
            if dice or zone == "pool":      # an empty zone is no line: every line counts at 80x24
                out.append(Region(f"dice-{zone}", f"{title} ({len(dice)})", tuple(dice), layout="line", tally=True))
        return out

    def map(self, v: View) -> list[Region]:
        m = v.get("map")
        els: list[AnyElement] = []
        if m:
            # the needs are drawn one by one below, so the card says only its side and the merchant
            said = (str(m.get("side") or ""), "merchant" if m.get("merchant") else "")
            els.append(self.card(m, text=", ".join(w for w in said if w)))
            missing = list(m.get("missing") or [])
            for i, d in enumerate(m.get("directions") or []):
                if d in missing and not m.get("complete"):
                    missing.remove(d)
                    els.append(Token(f"need-{i}", f"{arrow(d)} missing", face="need", state=("missing",),
                                     tip=f"The map still needs {d}: no card of the tableau covers it yet"))
                else:
                    els.append(Token(f"need-{i}", f"{arrow(d)} covered", face="need", state=("covered",),
                                     tip=f"A card of the tableau covers {d}"))
            status = m.get("status") or ("complete" if m.get("complete") else "missing")
            words = STATUS.get(status) or "still missing: " + (" ".join(m.get("missing") or []) or "nothing")
            els.append(Fact("map-status", words, state=("won",) if status == "complete" else ()))
        else:
            els.append(Fact("map-status", "No active map."))
        out = [Region("map", "Map", tuple(els), layout="line")]
        choices = v.get("map_choices") or []
        if choices:
            out.append(Region("map-choices", "Maps on offer", tuple(self.card(c) for c in choices), layout="line"))
        return out

    def drawn(self, v: View) -> list[Region]:
        # detailed: the cards a placing decision is about keep their effects on a small screen
        return [Region(key, title, tuple(self.card(c) for c in v.get(key) or []), layout="line", detailed=True)
                for key, title in (("drawn", "Drawn"), ("revealed", "Held up (Baby Bear)")) if v.get(key)]

    def tableau(self, v: View) -> list[Region]:
        """Each card with its direction (a wild one with what it stands for), and an enemy with
        its damage taken of its Health now, its Damage and bribe now (after modifiers) and its
        printed numbers among its words; then the damage each enemy has taken as a track (a bar
        on the web; a minor region, as the cards' words already say it on a small screen)."""
        cards: list[AnyElement] = []
        hurt: list[AnyElement] = []
        for e in v.get("tableau") or []:
            direction = arrow(e.get("direction"))
            if e.get("direction") == "wild" and e.get("wild_as"):
                direction = f"{direction}→{e['wild_as']}"
            bits = ["night"] if e.get("side") == "night" else []
            bits += [direction] if direction else []
            if "health_now" not in e:
                cards.append(self.card(e, text=" ".join(bits)))
                continue
            state: tuple[str, ...] = ()
            bribe = "-" if e.get("bribe_now") is None else str(e["bribe_now"])
            taken, health = int(e.get("damage_taken") or 0), int(e["health_now"])
            bits.append(f"{taken}/{health} D{e.get('damage_now')} B{bribe}")
            extra = (f"\nNow: Health {health}, Damage {e.get('damage_now')}, "
                     f"{'no bribe' if e.get('bribe_now') is None else 'bribe ' + bribe}; {taken} damage taken.")
            if e.get("defeated"):
                bits.append("defeated")
                state = ("defeated", "dim")
            card = self.card(e, text=" ".join(bits), state=state, tip_extra=extra)
            if e.get("health") is not None:
                # the printed numbers beside the ones in force: both are read off the card
                printed = (f"Printed: Health {e['health']}, Damage {e.get('damage')}, "
                           f"{'no bribe' if e.get('bribe') is None else 'bribe ' + str(e['bribe'])}.")
                card = replace(card, detail=f"{printed} {card.detail}".strip())
            cards.append(card)
            hurt.append(Track(f"{card.id}-damage", card.name, value=taken, high=health, state=state,
                              tip=f"{card.name}: {taken} damage taken of its Health {health}"))
        out = [Region("tableau", f"Tableau ({len(cards)})", tuple(cards), layout="line")]
        if hurt:
            out.append(Region("damage", "Damage taken", tuple(hurt), layout="line", minor=True))
        return out

    def belongings(self, v: View) -> list[Region]:
        inv = v.get("inventory") or []
        items: tuple[AnyElement, ...] = tuple(self.card(i) for i in inv) or (Fact("no-items", "none"),)
        out = [Region("items", "Your items", items, layout="line")]
        if v.get("shop"):
            out.append(Region("shop", "Shop", tuple(self.card(i) for i in v["shop"]), layout="line"))
        bears: list[AnyElement] = [Card(b, self.name(b) or b, badge="set aside", family="bear", tip=self.tip(b))
                                   for b in v.get("bears_aside") or []]
        bears += [self.card(b, text="", badge="beaten") for b in v.get("bears_won") or []]
        if not bears:
            bears.append(Fact("no-bears", "none"))
        out.append(Region("bears", "Bears", tuple(bears), layout="line"))
        return out

    def modifiers(self, v: View) -> Region:
        mods = v.get("modifiers") or {}
        return Region("modifiers", "Modifiers in force",
                      tuple(Fact(f"mod-{k}", k.replace("_", " "), text=f"{int(n):+d}") for k, n in mods.items()),
                      layout="list", minor=True)

    def decks(self, v: View) -> list[Region]:
        """Of each deck what anyone at the table sees (T-10): its size, its top card's face (the
        Item Deck's lies under the Merchant Card, T-25), its bottom card's underside, and its
        discard pile's size and top."""
        out = []
        for deck in ("forest", "map", "item"):
            d = (v.get("decks") or {}).get(deck) or {}
            disc = (v.get("discards") or {}).get(deck) or {}
            count = int(d.get("count") or 0)
            els: list[AnyElement] = [Fact(f"{deck}-count", "Cards", text=str(count))]
            if d.get("covered_by") == "merchant" and count:
                els.append(Card(f"{deck}-top", "Merchant Card", badge="top", family="merchant",
                                text="lies on the top card", tip="The Merchant Card hides this deck's top card."))
            elif d.get("top"):
                els.append(self.card(d["top"], f"{deck}-top", badge="top"))
            if d.get("bottom_underside"):
                els.append(self.card(d["bottom_underside"], f"{deck}-bottom", badge="bottom underside"))
            els.append(Fact(f"{deck}-discards", "Discards", text=str(int(disc.get("count") or 0))))
            if disc.get("top"):
                els.append(self.card(disc["top"], f"{deck}-discard-top", badge="discard top"))
            out.append(Region(f"deck-{deck}", f"{deck.capitalize()} deck", tuple(els), minor=True))
        return out


def table_model(view: View, describe: Words, name: Callable[[str], str]) -> Table:
    """The whole table as a seat sees it; ``describe`` gives a card's or die's words (its tip),
    ``name`` a card id's printed name (the bears set aside are listed by id in the view)."""
    b = _Builder(describe, name)
    regions = [b.header(view), *b.dice(view), *b.map(view), *b.drawn(view), *b.tableau(view), *b.belongings(view),
               b.modifiers(view), *b.decks(view)]
    return Table("tanglewoods", tuple(regions), title=TITLE)


#: the events that close a roll's results: what comes after them is another step
_AFTER_ROLL = frozenset({"roll", "strategy_pass", "strategy_end", "round"})


def _unhurt(view: View, faces: tuple[str, ...]) -> str:
    """What a roll that has hurt nobody yet came to: hits still to apply, or nothing."""
    if not faces:
        return "no dice"
    waiting = [d for d in view.get("committed_dice") or [] if not d.get("applied") and d.get("face") in ("hit", "crit")]
    return f"{len(waiting)} to apply: each goes to the enemy you choose" if waiting else "no enemy hurt"


def outcomes(view: View, events: list[dict[str, Any]], name: Callable[[str], str]) -> list[Outcome]:
    """This round's latest roll, on each enemy its dice hurt: the faces that hit it, the damage
    they dealt and what it has taken of its Health, and whether it fell; a roll that hurt no
    enemy, on the dice it rolled.  ``events`` is the seat's log; ``name`` names a card by id."""
    rounds = [k for k, e in enumerate(events) if e.get("type") == "round"]
    recent = events[rounds[-1] if rounds else 0:]
    rolls = [k for k, e in enumerate(recent) if e.get("type") == "roll"]
    if not rolls:
        return []
    roll = recent[rolls[-1]]
    hurt: dict[str, dict[str, Any]] = {}
    for e in recent[rolls[-1] + 1:]:
        if e.get("type") in _AFTER_ROLL:
            break
        if e.get("type") == "damage" and e.get("card"):
            got = hurt.setdefault(str(e["card"]), {"dice": [], "amount": 0, "defeated": False})
            why = str(e.get("why") or "")
            if why.split(" ")[-1] in ("hit", "crit"):
                got["dice"].append(why)
            got["amount"] += int(e.get("amount") or 0)
            got["total"], got["health"] = e.get("total"), e.get("health")
        elif e.get("type") == "defeat" and str(e.get("card")) in hurt:
            hurt[str(e["card"])]["defeated"] = True
    # named by the side it shows on the table (a night side has a name of its own)
    shown = {str(c.get("id")): str(c.get("name")) for c in view.get("tableau") or [] if c.get("name")}
    out = []
    for card, got in hurt.items():
        text = f"{got['amount']} damage: {got['total']} taken of its Health {got['health']}"
        out.append(Outcome(f"outcome-{card}", "Your roll", on=card, dice=tuple(got["dice"]), against=shown.get(card) or name(card),
                           text=text + ("; defeated" if got["defeated"] else ""),
                           state=("won",) if got["defeated"] else ()))
    faces = tuple(f"{d.get('colour')} {d.get('face')}" for d in roll.get("dice") or [])
    if not out or _unhurt(view, faces) not in ("no enemy hurt", "no dice"):
        # the whole roll on the dice: nothing hurt yet, or hits still to apply
        out.append(Outcome("outcome-roll", "Your roll", on="dice-committed" if view.get("committed_dice") else "dice-pool",
                           dice=faces, text=_unhurt(view, faces)))
    return out


__all__ = ["outcomes", "stats_set", "table_model"]
