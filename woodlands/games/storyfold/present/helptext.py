"""What each decision of Storyfold: Wildwoods asks, in our own words, for the ``h`` command of
``woodlands play storyfold``.

Keyed on ``Decision.kind`` (the kinds the engine in ``woodlands/games/storyfold/`` asks);
the presentation's ``help`` adds the rule reference on its own line.

>>> sorted(HELP)[:3]
['after_roll', 'choose_action_card', 'choose_creature']
"""
from __future__ import annotations

HELP: dict[str, str] = {
    "luma_phase": (
        "Luma's turn: pick one of the Action cards lying on the four numbered River spaces, and "
        "either its upper effect on a target (blind or heal a creature, visit a location; it needs "
        "as many successes as the target shows icons or dots) or its lower effect, which pays one "
        "step per success. Each die that shows at least the number above the card's space is a "
        "success, so a card on 3+ is far more reliable than one on 6+. A used card moves to the end "
        "of the River and the cards behind it slide forward. Boons and Luma & Brom's uses are "
        "offered here too. End the phase when your dice are spent or nothing left is worth doing: "
        "then the creatures bite and the Shadow moves one space closer to the middle."),
    "roll": (
        "How many of your unused dice to throw for this action. More dice make the needed "
        "successes likelier, but every die thrown is gone until the next Luma Phase, so keep some "
        "for later actions when a small effect will do. The d10 and d12, when you have them, "
        "succeed more often than a d8, especially on the high-numbered spaces."),
    "after_roll": (
        "The dice are down. Before the effect happens you may add to it: each Crystal on the card "
        "you are using turns into one more success (only once at least one die succeeded), some "
        "Boons add successes or let you throw dice again, and Luma can pay a Crystal for a reroll. "
        "Spend only when it makes the upper effect work or is worth the Crystal; then carry out "
        "the effect."),
    "reroll": (
        "Choose a die to throw again; its new face counts instead. Pick one that missed, ideally "
        "a bigger die, which has the better chance on a new throw. Say 'done' to keep the rest."),
    "fallback": (
        "Too few successes for the upper effect you aimed at. You may still use the lower effect "
        "with the successes you have (Light, Crystals, Explore cards or Spirit, one per success), or "
        "let the action pass without effect. The card moves to the end of the River either way."),
    "place_crystal": (
        "A Crystal to put on one Action card (three at most on each). Crystals stay on their card "
        "from scene to scene and can only be spent for successes when that card is used, so put "
        "them where you will need many successes at once: usually Heal, for the big creatures, or "
        "the card that visits the locations your goal needs."),
    "lose_crystal": (
        "You must give up a Crystal: choose the card it comes off. Take it from the card you expect "
        "to need least."),
    "pay_crystal": (
        "A use of Luma or Brom costs Crystals that may come from any Action card: choose which card "
        "pays. Keep the Crystals on the card you are saving them for."),
    "keep_explore": (
        "Exploring turned up several cards you could keep. Keep one; the rest go to the Explore "
        "discard pile. Companions stay and help for as long as they are with you; Boons are one-off "
        "helps used at the moment they name."),
    "make_room": (
        "All three Boon spaces are taken and a new card wants one. Use a card now (if it can be "
        "used now) or discard one to free its space; the new card may be the one you let go. A "
        "Trauma can only be removed by healing it."),
    "choose_creature": (
        "An effect asks you to pick a creature in the River. When blinding, choose the one that "
        "would cost you most Spirit when it activates: it moves to the end of the River with a Stun "
        "token and takes no Spirit next time. When discarding, remove the one that hurts most or "
        "would be hardest to heal (a discarded creature gives no Crystals)."),
    "choose_action_card": (
        "An effect moves one of your Action cards. Sent to the end of the River, the card furthest "
        "back loses least; moved one space to the left, bring forward the card you most want on a "
        "low number."),
    "shadow_boon": (
        "Before the creatures activate, a Boon that works in the Shadow Phase may be used, for "
        "example to push the Shadow marker back. It is often best saved for the round in which the "
        "Shadow would otherwise reach the middle and end the scene."),
    "last_shadow": (
        "This is the chapter's last Shadow card. Luma may send Brom away instead of drawing it: his "
        "card goes on the Shadow discard pile, you lose his Protect and Tend until he comes back, "
        "and Luma turns to her alone side (rerolls paid from the card in use). Or draw the card and "
        "face what it does."),
    "scene_break": (
        "The scene is over and the next one waits. This is the moment the box lets you save: type "
        "'s' (or 's FILE') to write the save, and continue another time with 'woodlands play "
        "storyfold --resume FILE'. Choose the option to open the next scene."),
}
