"""The Cursed Forest's log told in plain English, for every client (terminal, replays, web).

A pure function of the event and the content: events carry ids (tiles, monsters and their
side, item copies, seeds) and ``cast``, the character id of every adventurer, so each sentence
names the right character and monster whatever was told before it (after a load, in ``log``,
for a tail of the log).  Adventurers are called by their character's first name
(``Adventurer N`` before they have one).  A monster on its purple side is named by its purple
name.

Narrate ``state.log_for(seat)``: its events come annotated with what was told before them
(``cast``, a fight's foe: see :data:`woodlands.games.cursed_forest.view.ANNOTATIONS`), and an
item another player keeps face down reaches that seat as ``None``, told as "an item" (ruling
C-9); the full log (servers, analysis) names it.

>>> import woodlands
>>> n = CursedForestNarrator(woodlands.load_game("cursed-forest"))
>>> n.line({"type": "character", "adventurer": 0, "character": "sirja", "health": 10, "ap": 5, "lives": 3})
'Adventurer 1 is Sirja the Hunter: Health 10, 5 AP, 3 lives.'
>>> n.line({"type": "seed", "adventurer": 0, "seed": "marta", "cast": ["sirja"]})
'Sirja takes up the brood seed Marta: it is bound to Sirja now.'
>>> n.line({"type": "stow", "adventurer": 0, "item": None, "space": "backpack", "cast": ["sirja"]})
'Sirja keeps an item in the backpack.'
"""
from __future__ import annotations

from typing import Any

from ....engine.game import Game
from ....engine.presentation import Event, Narrator
from ....engine.presentation import plural as _plural

SPACE_NAMES = {"hand1": "hand 1", "hand2": "hand 2", "hands": "both hands", "boots": "the boots space",
               "armour": "the armour space", "backpack": "the backpack", "beside": "beside the card",
               "beside the card": "beside the card"}
HOW = {"move": "walks", "web-walk": "walks the webs", "jump": "leaps with the Elven Boots",
       "escape": "scrambles", "jump-over": "leaps", "flee": "flees"}
SOURCES = {"monster": "the monster", "spiders": "the spiders", "morna": "Morna Gûl", "escape": "the escape",
           "red vines": "the red vines", "black flame": "the Black Flame", "flight": "the price of fleeing",
           "adventurer": "an adventurer's blow", "ring": "the Ring", "bone yard": "the bone yard",
           "death": "death", "the Maiden Tree": "the Maiden Tree", "no space": "poison"}


#: why an item left the game (the log's ``item_gone`` ``why``), in player words
GONE = {"used": "used up", "enchanted weapon spent (CF-106)": "the enchantment burnt it out",
        "the crossbow broke on its killer shot (CF-101)": "it broke on its killer shot"}


def without_rule_ids(text: str) -> str:
    """Player text never shows rule ids: ``"spent (CF-106)"`` -> ``"spent"``.

    >>> without_rule_ids("the crossbow broke (CF-101)")
    'the crossbow broke'
    """
    import re
    return re.sub(r"\s*\((?:CF|C|AUD)-\d+(?:, *(?:CF|C|AUD)-\d+)*\)", "", text)


def _at(xy: Any) -> str:
    """'(1, -2)' for a position list."""
    return f"({xy[0]}, {xy[1]})"


def _dice(dice: list[int]) -> str:
    return "+".join(str(d) for d in dice) if dice else "no dice"


class CursedForestNarrator(Narrator):
    """One sentence per event of ``woodlands/games/cursed_forest`` (see docs/cursed-forest.md)."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        c = self.content
        self._tiles: dict[str, str] = {t.id: t.name for t in c.tiles}
        self._items: dict[str, str] = {i.id: i.name for i in c.items}
        self._monsters: dict[str, tuple[str, str]] = {m.id: (m.sides[0].name, m.sides[1].name) for m in c.monsters}
        self._seeds: dict[str, str] = {k.id: k.name for k in c.seeds}
        self._chars: dict[str, str] = {ch.id: ch.name for ch in c.characters}
        self._first: dict[str, str] = {ch.id: ch.name.split()[0] for ch in c.characters}
        self._health: dict[str, int] = {ch.id: ch.health for ch in c.characters}
        self._heal_items: dict[str, int | None] = {}
        for i in c.items:
            e = i.ability("heal")
            if e is not None and e.get("amount"):
                self._heal_items[i.id] = int(e.get("amount"))
        self._cast: Any = ()     # the cast of the event being told (set by :meth:`line` for each event)

    def line(self, e: Event, seat: int | None = None) -> str:
        """One sentence for ``e``: it depends on nothing but ``e`` (and the content)."""
        self._cast = e.get("cast") or ()
        return super().line(e, seat)

    # ------------------------------------------------------------------ names
    def who(self, a: Any) -> str:
        """An adventurer by its character's first name, from the event's ``cast``."""
        if not isinstance(a, int):
            return "Someone"
        cast = self._cast
        if 0 <= a < len(cast) and cast[a] in self._first:
            return self._first[cast[a]]
        return f"Adventurer {a + 1}"

    def thing(self, item_id: Any) -> str:
        """An item the seat may not see (``None``) is "an item"."""
        return "an item" if item_id is None else self.item(item_id)

    def foe(self, e: Event) -> str:
        """The foe of the fight an event belongs to (its ``kind`` or ``foe``, ``monster``, side)."""
        kind = e.get("foe") or e.get("kind")
        if kind == "monster":
            return self.monster(e.get("monster"), None, e.get("foe_side") or e.get("side"))
        if kind == "spiders":
            return "the spiders"
        if kind == "morna":
            return str(self.content.morna.name)
        if kind == "pvp":
            opponent = e.get("opponent")
            return self.who(opponent) if isinstance(opponent, int) else "the defender"
        return "the foe"

    def tile(self, tile_id: Any) -> str:
        return self._tiles.get(str(tile_id), "a tile")

    def item(self, item_id: Any) -> str:
        return self._items.get(str(item_id), "an item")

    def monster(self, monster_id: Any, name: Any = None, side: Any = None) -> str:
        if name:
            return str(name)
        if monster_id == "morna-gul":
            return str(self.content.morna.name)
        names = self._monsters.get(str(monster_id))
        if names is None:
            return "a monster"
        return names[1] if side == "purple" else names[0]

    def seed(self, seed_id: Any) -> str:
        return self._seeds.get(str(seed_id), "a seed")

    def source(self, src: Any) -> str:
        text = str(src)
        if text in SOURCES:
            return SOURCES[text]
        if text in self._items:
            return self.item(text)
        return self._chars.get(text, text)

    # ------------------------------------------------------------------ set-up and turns
    def _shuffle(self, e: Event) -> str:
        return (f"The forest is shuffled: {e['tiles']} tiles in the stack, {e['monsters']} monsters and "
                f"{e['items']} items in their bags.")

    def _character(self, e: Event) -> str:
        a = e["adventurer"]
        full = str(self._chars.get(e["character"], e["character"]))
        return (f"Adventurer {a + 1} is {full}: Health {e['health']}, {e['ap']} AP, "
                f"{e['lives']} {'life' if e['lives'] == 1 else 'lives'}.")

    def _turn(self, e: Event) -> str:
        return f"--- Round {e['round']}: {self.who(e['adventurer'])}'s turn, {e['ap']} AP ---"

    def _turn_end(self, e: Event) -> str:
        return f"{self.who(e['adventurer'])}'s turn ends."

    # ------------------------------------------------------------------ the forest
    def _draw(self, e: Event) -> str:
        what = e.get("what")
        if what == "tile":
            return f"{self.who(e['adventurer'])} draws a forest tile: {self.tile(e['tile'])}."
        if what == "monster":
            side = " (guardian side)" if e.get("side") == "purple" else ""
            return (f"A monster comes out of the bag for {self.who(e['adventurer'])}: {self.monster(e['monster'], e.get('name'))}"
                    f"{side}, Health {e['health']}, {_plural(e['dice'], 'die', 'dice')} +{e['modifier']}.")
        if what == "item":
            return "An item is drawn from the Items bag."
        raise KeyError("what")

    def _lay(self, e: Event) -> str:
        if e.get("kind") == "start":
            return f"{self.tile(e['tile'])} lies at {_at(e['position'])}: every adventurer starts here."
        return (f"{self.tile(e['tile'])} is laid at {_at(e['position'])}, open to "
                f"{' '.join(e['open']) or 'nowhere'}.")

    def _lost(self, e: Event) -> str:
        return (f"{self.tile(e['tile'])} fits nowhere beside {self.who(e['adventurer'])}: lost! "
                "It goes under the stack.")

    def _move(self, e: Event) -> str:
        how = HOW.get(str(e.get("how")), "moves")
        return f"{self.who(e['adventurer'])} {how} to {self.tile(e['tile'])} at {_at(e['to'])}."

    def _forest_complete(self, e: Event) -> str:
        left = e.get("stack_left", 0)
        why = "the last tile is down" if not left else f"no path can grow any more ({left} tiles never used)"
        return f"The forest is complete: {why}. The Exit and the Maiden Tree come out."

    # ------------------------------------------------------------------ fights
    def _fight(self, e: Event) -> str:
        kind = e["kind"]
        who = self.who(e["adventurer"])
        partner = e.get("partner", -1)
        help_ = f", with {self.who(partner)} at the side" if isinstance(partner, int) and partner >= 0 else ""
        if kind == "monster":
            return f"{who} fights {self.foe(e)} (Health {e['health']}) at {_at(e['tile'])}{help_}."
        if kind == "spiders":
            return f"{who} fights {_plural(e['health'], 'spider')} at {_at(e['tile'])}."
        if kind == "morna":
            return f"{who} faces {self.foe(e)} (Health {e['health']}) at {_at(e['tile'])}: no help, no escape."
        opponent = e.get("opponent")
        whom = self.who(opponent) if isinstance(opponent, int) else "another adventurer"
        return f"{who} attacks {whom} at {_at(e['tile'])}."

    def _roll(self, e: Event) -> str:
        who = self.who(e.get("adventurer"))
        if "mine" in e:
            again = " again" if e.get("reroll") else ""
            name = self.foe(e)
            foe = name[0].upper() + name[1:]
            return f"{who} rolls{again} {_dice(e['mine'])}; {foe} rolls {_dice(e['theirs'])}."
        why = str(e.get("why", "a roll"))
        value = e["value"]
        if why == "Morna Gûl moves":
            return f"{self.content.morna.name} rolls {value} for his hunt."
        if why == "ranged damage":
            killer = f", a killer shot worth {e['damage']}" if e.get("damage", value) != value else ""
            return f"{who} rolls {value} for damage{killer}."
        if why == "web":
            return f"{who} rolls {value} on entering the web (spiders drop on a 1 or 2)."
        if why == "how many spiders":
            return f"{who} rolls {value}: that many spiders."
        if why == "solo tag":
            return f"{who} rolls {value} to answer the call (3 or more: coming)."
        if why == "struck by a running monster":
            return f"{who} is in the charging monster's way: {value} on the die."
        return f"{who} rolls {value} to {why}." if why.split()[0] in (
            "free", "search", "fish", "disarm", "jump") else f"{who} rolls {value} ({why})."

    def _combat_round(self, e: Event) -> str:
        who = self.who(e["adventurer"])
        foe = self.foe(e)
        crit = " critical: doubled" if e.get("critical") else ""
        fcrit = " critical: doubled" if e.get("foe_critical") else ""
        partner = e.get("partner", -1)
        helped = f" (with {self.who(partner)}'s die)" if isinstance(partner, int) and partner >= 0 else ""
        mine = f"{who}{helped} {_dice(e['dice'])}{crit} {e['modifier']:+d} = {e['score']}"
        theirs = f"{foe} {_dice(e['foe_dice'])}{fcrit} {e['foe_modifier']:+d} = {e['foe_score']}"
        winner = e.get("winner")
        if e.get("deadly_critical"):
            result = "the Ring makes the critical deadly: the foe dies at once"
        elif winner == "adventurer":
            result = f"{who} wins the round: {e['damage_to_foe']} damage to {foe}"
        elif winner == "foe":
            armour = f" after {e['armour']} armour" if e.get("armour") else ""
            half = e.get("damage_to_partner") or 0
            share = f", {half} to {self.who(partner)}" if half and isinstance(partner, int) and partner >= 0 else ""
            verb = "win" if foe == "the spiders" else "wins"
            result = f"{foe} {verb} the round: {e['damage_to_adventurer']} damage to {who}{armour}{share}"
        else:
            result = "a tie: nobody is hurt"
        return f"Combat: {mine} against {theirs}; {result}."

    def _damage(self, e: Event) -> str:
        kind = "direct damage" if e.get("direct") else "damage"
        return (f"{self.who(e['adventurer'])} takes {e['amount']} {kind} from {self.source(e.get('source'))}; "
                f"Health {e['health']}.")

    def _kill(self, e: Event) -> str:
        return (f"{self.who(e['adventurer'])} kills {self.monster(e.get('monster'), e.get('name'))} "
                f"(Health {e['health']}); tally {e['tally']}.")

    def _death(self, e: Event) -> str:
        who = self.who(e["adventurer"])
        left = [self.item(i) for i in e.get("items") or []] + [f"the seed {self.seed(k)}" for k in e.get("seeds") or []]
        dropped = f" Left at {_at(e['tile'])}: {', '.join(left)}." if left else ""
        if e.get("out"):
            return f"{who} falls to {self.source(e.get('source'))} with no life left: out of the game.{dropped}"
        return (f"{who} falls to {self.source(e.get('source'))} and loses a life ({e['lives']} left); "
                f"back at the Start, healed.{dropped}")

    def _escape(self, e: Event) -> str:
        cost = f", taking {e['damage']} direct damage" if e.get("damage") else ""
        return f"{self.who(e['adventurer'])} escapes to {_at(e['to'])}{cost}."

    def _escape_failed(self, e: Event) -> str:
        return f"{self.who(e['adventurer'])} tries to escape onto a new tile, but {e.get('reason', 'it fails')}."

    def _fight_over(self, e: Event) -> str:
        return {"spiders": "The fight with the spiders is over.", "morna": f"The fight with {self.content.morna.name} is over.",
                "pvp": "The fight between adventurers is over."}.get(str(e.get("kind")), "The fight is over.")

    def _spiders(self, e: Event) -> str:
        count = e["count"]
        many = "a single spider" if count == 1 else f"{count} of them"
        return f"Spiders drop from the trees onto {self.who(e['adventurer'])}: {many}!"

    def _spiders_leave(self, e: Event) -> str:
        return f"The {_plural(e['count'], 'spider')} left scuttle back into the branches."

    def _spiders_beaten(self, e: Event) -> str:
        return f"{self.who(e['adventurer'])} crushes the last spider."

    def _partner_takes_over(self, e: Event) -> str:
        return f"{self.who(e['adventurer'])} fights on alone for the fallen friend (no escape, no help)."

    def _pit_keeps(self, e: Event) -> str:
        return f"The pit keeps its {_plural(e['monsters'], 'monster')} for the next to fall in."

    def _fall(self, e: Event) -> str:
        return f"{self.who(e['adventurer'])} falls into the pit! The turn is over."

    def _disarmed(self, e: Event) -> str:
        return f"{self.who(e['adventurer'])} slips past the {e['what']} untouched."

    # ------------------------------------------------------------------ ranged and items
    def _ranged_hit(self, e: Event) -> str:
        return (f"{self.who(e['adventurer'])} hits {self.monster(e.get('monster'), None, e.get('side'))} at {_at(e['tile'])} for "
                f"{e['damage']}; it has {e['health']} Health left.")

    def _runs_at(self, e: Event) -> str:
        return f"{self.monster(e.get('monster'), None, e.get('side'))} charges from {_at(e['source'])} to {_at(e['to'])}!"

    def _black_flame(self, e: Event) -> str:
        tiles = ", ".join(_at(t) for t in e.get("tiles") or []) or "nowhere"
        return f"{self.who(e['adventurer'])} casts the Black Flame: it burns along {tiles}."

    def _dragon_scent(self, e: Event) -> str:
        return f"Dragon Scent! The foe's Health drops from {e['health_before']} to {e['health']}."

    def _enchant(self, e: Event) -> str:
        # the weapon may still be face down (it turns up only when it crumbles): not named
        return (f"{self.who(e['adventurer'])} enchants a weapon: +{e['bonus']} for this fight, "
                "and it crumbles after.")

    def _use(self, e: Event) -> str:
        name = e.get("name") or self.item(e.get("item"))
        return f"{self.who(e['adventurer'])} uses {name}."

    def _item_gone(self, e: Event) -> str:
        why = str(e.get("why", ""))
        reason = GONE.get(why) or without_rule_ids(why)
        return f"{self.who(e['adventurer'])}'s {self.item(e['item'])} is gone ({reason})."

    def _item_breaks(self, e: Event) -> str:
        return f"{self.item(e['item'])} snaps in {self.who(e['adventurer'])}'s hands."

    def _heal(self, e: Event) -> str:
        """A heal that reached the character's most Health says so (what each source gives is
        in the content: an item's heal, the Ring's 2; a bone yard heals to full)."""
        who, source, amount = self.who(e["adventurer"]), self.source(e.get("source")), e["amount"]
        top = self._max_health(e["adventurer"])
        most = f" ({top})" if top else ""
        if not amount:
            return f"{who} is already at full Health{most} ({source})."
        asked = self._heal_amount(e.get("source"))
        if asked is not None and asked > amount:
            return f"{who} regains {amount} Health of {asked}: back to full{most} ({source})."
        return f"{who} regains {amount} Health ({source})."

    def _max_health(self, a: Any) -> int | None:
        cast = self._cast
        if isinstance(a, int) and 0 <= a < len(cast) and cast[a] in self._health:
            return self._health[cast[a]]
        return None

    def _heal_amount(self, source: Any) -> int | None:
        if source == "ring":
            return 2
        it = self._heal_items.get(str(source))
        return it

    def _bag_empty(self, e: Event) -> str:
        return f"The {e['bag']} bag is empty: nothing comes out."

    # ------------------------------------------------------------------ inventory (C-9: no hidden names)
    def _stow(self, e: Event) -> str:
        space = SPACE_NAMES.get(str(e.get("space")), str(e.get("space")))
        giver = e.get("given_by")
        if isinstance(giver, int):
            return f"{self.who(giver)} rewards {self.who(e['adventurer'])} with {self.thing(e.get('item'))}; it goes to {space}."
        return f"{self.who(e['adventurer'])} keeps {self.thing(e.get('item'))} {'' if space.startswith('beside') else 'in '}{space}."

    def _equip(self, e: Event) -> str:
        space = SPACE_NAMES.get(str(e.get("space")), str(e.get("space")))
        return f"{self.who(e['adventurer'])} moves {self.thing(e.get('item'))} to {space}."

    def _give(self, e: Event) -> str:
        return f"{self.who(e['adventurer'])} hands {self.thing(e.get('item'))} to {self.who(e['to'])}."

    def _show(self, e: Event) -> str:
        return f"{self.who(e['adventurer'])} turns {self.item(e['item'])} face up for all to see."

    def _drop(self, e: Event) -> str:
        return f"{self.who(e['adventurer'])} leaves {self.item(e['item'])} on the tile."

    def _pickup(self, e: Event) -> str:
        space = SPACE_NAMES.get(str(e.get("space")), str(e.get("space")))
        return f"{self.who(e['adventurer'])} picks up {self.thing(e.get('item'))} into {space}."

    def _shift_poison(self, e: Event) -> str:
        return (f"{self.who(e['adventurer'])} shifts a poison token from {SPACE_NAMES.get(e['source'], e['source'])} "
                f"to {SPACE_NAMES.get(e['target'], e['target'])}.")

    def _poisoned(self, e: Event) -> str:
        who = self.who(e["adventurer"])
        if e.get("dropped"):
            return (f"{who} has no room for the poison: {self.item(e['dropped'])} is dropped "
                    f"({_plural(e['tokens'], 'poison token')} now).")
        full = " (every space is already poisoned)" if e.get("note") else ""
        return f"{who} is poisoned by {self.source(e.get('source'))}: {_plural(e['tokens'], 'poison token')}{full}."

    def _cured(self, e: Event) -> str:
        return (f"{self.who(e['adventurer'])} is cured of {_plural(e['tokens'], 'poison token')} "
                f"({self.source(e.get('source'))}).")

    # ------------------------------------------------------------------ tagging
    def _tag_call(self, e: Event) -> str:
        return f"{self.who(e['adventurer'])} calls {self.who(e['partner'])} into the fight (1 AP)."

    def _tag_joined(self, e: Event) -> str:
        steps = e.get("steps") or 0
        walk = f" after {_plural(steps, 'step')} (off the next turn's AP)" if steps else ""
        return f"{self.who(e['partner'])} joins {self.who(e['adventurer'])}'s fight{walk}: one more die."

    def _tag_stopped(self, e: Event) -> str:
        what = {"spiders": "spiders drop on", "pit": "the pit swallows", "death": "the way kills",
                "fight over": "the fight is over before the arrival of"}.get(str(e.get("by")), "something stops")
        return (f"On the way to {self.who(e['adventurer'])}'s fight, {what} {self.who(e['partner'])} "
                f"after {_plural(e.get('steps') or 0, 'step')}: no help this fight.")

    def _tag_refused(self, e: Event) -> str:
        return f"{self.who(e['partner'])} does not come to {self.who(e['adventurer'])}'s fight."

    # ------------------------------------------------------------------ seeds, swamps, bone yards
    def _seed(self, e: Event) -> str:
        who = self.who(e["adventurer"])
        return f"{who} takes up the brood seed {self.seed(e['seed'])}: it is bound to {who} now."

    def _seed_laid(self, e: Event) -> str:
        return (f"{self.who(e['adventurer'])} lays {self.seed(e['seed'])} on the red vines at {_at(e['tile'])}: "
                f"{e['laid']} of {len(self.content.seeds)} seeds home; {self.content.morna.name} loses a combat die.")

    def _kills_spent(self, e: Event) -> str:
        return f"{self.who(e['adventurer'])} trades {_plural(e['count'], 'kill')} at the bone yard for an item."

    def _kill_given(self, e: Event) -> str:
        return f"{self.who(e['source'])} hands a kill (Health {e['health']}) to {self.who(e['to'])}."

    # ------------------------------------------------------------------ the endgame
    def _exit_laid(self, e: Event) -> str:
        if e.get("roots"):
            return (f"The Maiden Tree's roots open a way from the Exit at {_at(e['position'])} "
                    f"to the tile at {_at(e['beside'])}.")
        return f"The Exit stands at {_at(e['position'])}, beside the tile at {_at(e['beside'])}."

    def _maiden_tree(self, e: Event) -> str:
        gone = e["monsters_removed"]
        return (f"The Maiden Tree wakes: {_plural(gone, 'monster')} {'vanishes' if gone == 1 else 'vanish'}, "
                "all poison is cured, and webs and the pit fall quiet.")

    def _morna_appears(self, e: Event) -> str:
        return f"{self.content.morna.name} rises on the Start at {_at(e['tile'])} with {e['health']} Health."

    def _morna_moves(self, e: Event) -> str:
        name = self.content.morna.name
        attack = e.get("attacks")
        hunt = f" and falls on {self.who(attack)}" if isinstance(attack, int) else ""
        return f"{name} stalks {_plural(e['steps'], 'step')} to {_at(e['to'])}{hunt}."

    def _morna_waits(self, e: Event) -> str:
        return f"{self.content.morna.name} finds nobody to hunt and waits."

    def _morna_regenerates(self, e: Event) -> str:
        return f"{self.content.morna.name} feeds on the kill: +{e['amount']} Health, now {e['health']}."

    def _maiden_rescue(self, e: Event) -> str:
        return f"The Maiden Tree's roots lift {self.who(e['adventurer'])} away to {_at(e['to'])}."

    def _game_over(self, e: Event) -> str:
        result = e.get("result")
        tally = e.get("tally")
        score = f" Tally by player: {', '.join(str(t) for t in tally)}." if isinstance(tally, list) else ""
        champ = e.get("champion")
        champion = f" Forest Champion: player {champ + 1}." if isinstance(champ, int) else ""
        if result == "win":
            how = {"seeds": "all four brood seeds lie on the red vines",
                   "morna": f"{self.content.morna.name} is dead"}.get(str(e.get("how")), str(e.get("how")))
            return f"*** The curse is lifted: {how}! ***{score}{champion}"
        if result == "loss":
            return f"*** The forest wins: {e.get('reason', 'nobody is left')}. ***{score}{champion}"
        return f"*** The game stops unfinished: {e.get('reason', '')}. ***{score}{champion}"
