"""T-25: the Merchant Card lies on the Item Deck all game, so its top card is nobody's to see.

Two games that differ only in which item lies on top of the Item Deck look the same to the
player everywhere: the view, the log, the options and their data, the observation."""
from __future__ import annotations

import json
import random

import pytest

import woodlands

OPTIONS = {"difficulty": 5, "hero": "thorn-warden", "side": "a"}


def _twins(seed: int):
    game = woodlands.load_game("tanglewoods")
    a = game.new_game(seed=seed, options=OPTIONS)
    b = a.clone()
    b.item_deck[0], b.item_deck[1] = b.item_deck[1], b.item_deck[0]
    assert a.item_deck[0] != b.item_deck[0] and a.item_deck[0] >> 1 != b.item_deck[0] >> 1
    return a, b


def _seen(state) -> str:
    d = state.decision
    options = [(o.id, o.label, o.data) for o in d.options] if d else None
    return json.dumps({"view": state.view(0), "log": state.log_for(0), "options": options,
                       "data": d.data if d else None}, sort_keys=True, default=str)


@pytest.mark.rules("T-25", "TG-008", "T-10")
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_item_decks_top_card_reaches_the_player_nowhere(seed):
    a, b = _twins(seed)
    deck = a.view(0)["decks"]["item"]
    assert deck["top"] is None and deck["covered_by"] == "merchant" and deck["bottom_underside"]
    from woodlands.kit.encoding import encoder
    enc = encoder("tanglewoods", OPTIONS)
    rng = random.Random(seed)
    for _ in range(40):              # both games take the same choices while the two items stay put
        if a.is_over or a.item_deck[:2] != b.item_deck[:2][::-1]:
            break
        assert _seen(a) == _seen(b)
        assert (enc.flat(a, 0) == enc.flat(b, 0)).all()
        choice = rng.choice(a.decision.options).id
        a.apply(choice)
        b.apply(choice)


@pytest.mark.rules("T-25")
def test_determinize_redraws_the_item_decks_top():
    a, _ = _twins(4)
    tops = {a.determinize(0, seed=k).item_deck[0] for k in range(30)}
    assert len(tops) > 1, "the covered top card must be re-drawn like the rest of the hidden deck"
    assert all(a.determinize(0, seed=k).item_deck[-1] == a.item_deck[-1] for k in range(5)), "the bottom is seen"
