"""What each kind of Tanglewoods decision means, in our own words (the ``h`` command of the
terminal, and any other client's help).

Keyed on ``Decision.kind``; the rule reference (``Decision.step``) is shown beside it so a
player can look the rule up in the rulebook.
"""
from __future__ import annotations

HELP: dict[str, str] = {
    "choose_hero": (
        "Pick the hero you will play. Each hero card has two sides with their own Health, Strategy "
        "and Recovery and a special ability. Your starting gold is 20 less the three starting stats, "
        "so a sturdy hero starts poorer."),
    "choose_side": (
        "This hero lets you pick which of its two sides starts face up. Compare the stats and "
        "abilities of the two sides; the card turns over later when its flip trigger happens."),
    "difficulty_choice": (
        "A choice asked by the difficulty level you set. Levels below 5 hand you help (extra stats, "
        "a bear counted as beaten), levels above 5 take something away (a stat, two dice of "
        "different colours). Pick what you can best spare, or what helps you most."),
    "peek_forest": (
        "Difficulty 5 lets you look at the two cards on top of the Forest Deck and put each back on "
        "the top or at the bottom. Forest cards are drawn from the bottom, so a card put at the "
        "bottom comes up soon and a card left on top stays away for a while."),
    "choose_map": (
        "Map phase. You drew as many maps as your Strategy; keep one for this round and the others "
        "are discarded. A map lists the direction icons your tableau must show before you fight. "
        "Fewer icons mean fewer forest cards to take on. A map with the merchant icon lets you shop "
        "after the fight, and night sides are usually harsher than day sides."),
    "order_effects": (
        "Several effects came due at the same moment (for example the ambushes of all the maps you "
        "just drew). You decide which one is carried out first; the others follow, one per choice."),
    "draw_or_place": (
        "Forest phase. Cards come from the bottom of the Forest Deck one at a time. After each draw "
        "you either put one of the cards you hold into the tableau, or draw once more to widen your "
        "pick, up to your Strategy in draws. Every draw risks an ambush. The cards you do not place "
        "go to the discard showing the side they were drawn with. The phase ends as soon as the "
        "tableau covers every icon of the map."),
    "assign_wilds": (
        "Wild (leaf) icons in your tableau can stand in for the directions the map still lacks. "
        "Completing now ends the Forest phase; or you may point the wilds elsewhere and keep adding "
        "cards, for instance to fish for rewards."),
    "bribe": (
        "Bribery phase. Pay an enemy's Bribe in gold and it leaves the tableau for the discard, "
        "turned to its night side. A bribed enemy is not defeated: it gives no reward and does not "
        "count as a defeat. Bribe the ones you cannot beat or cannot afford to be hit by."),
    "commit_dice": (
        "Strategy phase, commit. Move dice from your pool to the fight one at a time, then roll the "
        "committed dice that have not been spent yet. Every committed die is exhausted at the end of "
        "the round whether it helped or not, so commit what the enemies need and no more. You get as "
        "many passes as your Strategy; dice left unapplied are rolled again on the next pass. "
        "Colours differ: yellow scores least often, then green, blue, purple, and red nearly always."),
    "apply_die": (
        "Strategy phase, apply. Each die showing a hit (1 damage) or a crit (2 damage) goes entirely "
        "to one enemy. An enemy whose damage reaches its Health is defeated and pays its reward at "
        "once. Dice you leave unapplied roll again on the next pass, if you have one."),
    "deal_damage": (
        "An effect deals damage: pick the enemy that takes it. It counts like dice damage and can "
        "defeat the enemy."),
    "reroll_die": "An effect lets you roll one committed, unspent die again: pick which one.",
    "recover_dice": (
        "Resolve phase, recover. You may bring back up to your Recovery in exhausted dice to the "
        "pool for the next round. Strong colours are worth bringing back first."),
    "pick_dice": (
        "An effect moves dice between your pool, the exhausted area and the banished area: choose "
        "the colours. Banished dice never come back; exhausted ones return through Recover, Mend or "
        "card effects."),
    "visit_merchant": (
        "Your completed map showed the merchant icon, so you may visit. The shop shows three item "
        "cards; you may also leave without spending anything."),
    "merchant_action": (
        "At the merchant. Mend (2 gold) returns one exhausted die; Forge (4) turns an item to its "
        "upgraded side; Bait (5) shuffles a set-aside bear into the Forest Deck - the only way to "
        "meet the bears you must beat to win; Buy takes a shop item at its price (three at most); "
        "Forest Blessing raises a stat by 1 for three times its current value. Repeat actions as "
        "long as your gold lasts, then leave."),
    "pay_or": "An effect asks for gold. Pay it, or refuse and take the other consequence instead.",
    "choose_stat": (
        "An effect raises or lowers a stat of your choice. Strategy and Recovery never fall below 1, "
        "and no stat rises above 6; Health below 1 loses the game."),
    "baby_bear_enemy": (
        "Baby Bear tumbled cards out of the forest. For each enemy among them, either let it join "
        "the tableau (its own ambush does not fire) or lose 1 from a stat of your choice."),
    "discard_item": "An effect makes you give up an item: choose which.",
    "item_limit": "You may hold as many items as your Strategy. Choose one to discard.",
    "upgrade_item": "An effect upgrades an item for free: choose which one turns to its upgraded side.",
}
