"""The end of a game on the page: the result as a headline and the outcome's other facts in
words, not the outcome dict's raw keys, None values and empty lists."""
from __future__ import annotations

import re

from woodlands.web.render import render_outcome


def test_the_outcome_reads_as_words() -> None:
    html = str(render_outcome({"result": "unfinished", "reason": "round limit 2 reached", "tally": [0],
                               "champion": None, "champions": []}))
    assert "Game over: unfinished" in html
    assert "round limit 2 reached" in html
    assert "None" not in html and "[]" not in html and "champion" not in html    # nothing empty is shown
    html = str(render_outcome({"result": "win", "round": 8, "bears_defeated": 3, "survivors": [0, 1]}))
    labels = re.findall(r"<dt>(.*?)</dt>", html)
    assert labels == ["round", "bears defeated", "survivors"]
    assert "<dd>0, 1</dd>" in html and "Game over: win" in html


def test_text_in_an_outcome_is_escaped() -> None:
    html = str(render_outcome({"result": "<b>x</b>", "reason": ["<i>", "y"]}))
    assert "<b>" not in html and "<i>" not in html and "&lt;b&gt;" in html
