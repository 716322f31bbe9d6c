"""What each decision of The Cursed Forest asks, in our own words, for the ``h`` command of
``woodlands play cursed-forest``.

Keyed on ``Decision.kind`` (the kinds the engine in ``woodlands/games/cursed_forest/`` asks);
the presentation's ``help`` adds the rule reference on its own line.

>>> sorted(HELP)[:3]
['choose_character', 'choose_partner', 'defend_round']
"""
from __future__ import annotations

HELP: dict[str, str] = {
    "choose_character": (
        "Pick the hero this adventurer plays. Each card gives Health, action points (AP) per turn, "
        "combat dice with a modifier and perhaps a special skill. Many AP let you explore and race "
        "to the red vines; a high modifier wins fights. Everyone has three lives (one each when a "
        "single player sends several adventurers)."),
    "turn_action": (
        "Your turn: spend action points one action at a time. Drawing a tile and laying it beside "
        "you costs 1 AP, stepping to a joined tile 1 AP; items show their own cost. Moving gear "
        "between spaces, dropping, picking up and handing items over are free. Landing on a monster "
        "starts a fight, red vines poison you, webs may drop spiders and the pit may swallow you. "
        "Free a brood seed where its roots are, search swamps, rest at bone yards; in the endgame "
        "carry seeds to the Maiden Tree, then lay them on the red vines. Unused AP are lost when "
        "you end the turn."),
    "lay_tile": (
        "Put the drawn tile next to your tile, across one of your open edges, turned so that a path "
        "on it meets yours. The option says where the new tile lies and which of its edges are open "
        "afterwards: open edges pointing to empty ground are where the forest can keep growing."),
    "lay_exit": (
        "The stack is used up (or no open edge is left), so the Exit with the Maiden Tree comes out "
        "beside the last tile laid. Choose its square and turn; a spot near the seed bearers makes "
        "the gathering quicker."),
    "fight_round": (
        "A round of the fight is about to start. Fight rolls your dice against the foe's; the lower "
        "score loses health equal to the difference, and matching dice on your side double your "
        "roll before modifiers. Before rolling you may escape to a joined tile (1 AP, 1 damage that "
        "armour does not stop) or onto a freshly drawn tile (2 AP, 2 damage), call a friend who can "
        "reach you (1 AP; no escapes afterwards), drink a potion or use a fight item such as Dragon "
        "Scent or Enchant. Morna Gûl allows neither escape nor help."),
    "reroll": (
        "Dice are down and you may change them. In a fight the Crow makes the foe throw all its "
        "dice again once per fight, and the bearer of the Marta seed may throw one die again (its "
        "own or the foe's) once per turn. Marta also works on the single die thrown for a web, the "
        "number of spiders, the pit, freeing a seed, a swamp, a trap or the fishing rod. Keep the "
        "roll if it already suits you."),
    "tag_reply": (
        "A friend is in a fight and calls you. If you come, you walk there at once, the steps are "
        "taken off your next turn's AP, you add one die to their rolls and you take half of the "
        "wounds they take. Weigh your own health first: a weak partner can die in someone else's fight."),
    "choose_partner": (
        "A monster you shot at is charging your tile, where other adventurers stand. Pick the one "
        "who fights at your side as your partner."),
    "stow_item": (
        "You won or found an item. Put it in a free space: hand items work in a hand, two-handed "
        "ones need both hands, boots and armour only in their own spaces, potions and charms work "
        "from anywhere, the backpack holds anything. You may instead hand it to your fight partner "
        "or leave it lying on the tile. Others see only that you hold something face down."),
    "poison_replace": (
        "You were poisoned and every space of your inventory is taken, so one item must make room "
        "for the poison token. The item you pick is dropped on your tile; anyone may pick it up later."),
    "maiden_call": (
        "Morna Gûl has wounded you. The Maiden Tree can lift you out to a joined tile, ending the "
        "fight and your turn, or you can stand and keep fighting. There is no other way out of his "
        "fight."),
    "flee_price": (
        "You fled a fight against another adventurer. Pay for it: give them one of your kills (it "
        "counts for their champion tally) or take 4 damage that armour does not stop."),
    "defend_round": (
        "Another adventurer attacks you. Before the round you may use a healing item or a cure; the "
        "AP it costs come off your next turn. Otherwise just defend and let the dice fall."),
}
