"""Server-rendered HTML/SVG for the web app's game page: pure functions of what a seat may see.

Every function here reads only ``state.view(seat)``, the seat's own decision (``None`` when it is
another seat's turn), ``state.log_for(seat)`` and the game's shared presentation
(:func:`woodlands.engine.presentation.presentation_for`: describe, details, help, narrate,
grouping, seat_name ...), which in turn reads only the public content.  So two positions that
differ only in what the seat cannot know render to the same HTML (tests/web/test_render.py).

>>> import woodlands
>>> game = woodlands.load_game("tanglewoods")
>>> state = game.new_game(seed=1, options={"difficulty": 0})
>>> html = render_table(game, state.view(0), 0)
>>> 'class="table table-tanglewoods' in html and 'data-id="die-red-0"' in html
True
>>> "<button" in render_decision(game, state.view(0), state.decision, 0, action="/x")
True
"""
from __future__ import annotations

from typing import Any, Callable

from markupsafe import Markup

from ...engine.decision import Decision, Option
from ...engine.presentation import Presentation, presentation_for
from .common import View, attrs, join, section, tip_of

Describe = Callable[[str], "str | None"]

#: keys the page keeps for itself (undo, help, log); never given to an option
RESERVED_KEYS = frozenset("uh?l")


def _describe(p: Presentation) -> Describe:
    return lambda ident: tip_of(p.describe, ident)


def _names(p: Presentation) -> Describe:
    """id -> printed name, from whatever the game's presentation offers (else the id tidied up)."""
    for attr in ("name", "_name_of"):
        fn = getattr(p, attr, None)
        if callable(fn):
            def named(ident: str, fn: Callable[[str], Any] = fn) -> str:
                try:
                    got = fn(ident)
                except Exception:
                    got = None
                return str(got) if got else ident.replace("-", " ").title()
            return named
    return lambda ident: ident.replace("-", " ").title()


def render_table(game: Any, view: View, seat: int, events: list[dict[str, Any]] | None = None) -> Markup:
    """The table as ``seat`` sees it (``view`` is ``state.view(seat)``), with the latest rolls'
    and fights' results that ``events`` (``state.log_for(seat)``) tell, where they happened."""
    from ...kit.table import model_for
    p = presentation_for(game)
    model = model_for(p, view, seat, events)
    if model is not None:
        from .table import render_model
        return render_model(model)
    # a game whose presentation builds no table model: its view, readable but undrawn
    import json
    return section("The table", Markup('<pre class="raw-view">{}</pre>').format(json.dumps(view, indent=1, default=str)), "raw")


def _button(p: Presentation, view: View, decision: Decision, o: Option, number: int | None, keys: dict[str, str]) -> Markup:
    letter = next((k for k, oid in keys.items() if oid == o.id), None)
    digit = str(number) if number is not None and number <= 9 else None
    hint = " ".join(k for k in (digit, letter) if k) or None
    warning = None
    try:
        warning = p.warning(view, decision, o)
    except Exception:
        warning = None
    tip = None
    verb, args = o.meaning()
    for a in args:
        if isinstance(a, str):
            tip = tip_of(p.describe, a)
            if tip:
                break
    return Markup('<button type="submit" name="option" class="option"{a}>{k}<span class="option-label">{l}</span></button>').format(
        a=attrs(value=o.id, data_key=digit, data_letter=letter, aria_keyshortcuts=hint, hx_confirm=warning, title=tip, data_tip=tip),
        k=join(Markup('<kbd>{}</kbd> ').format(k) for k in (digit, letter) if k), l=o.label)


def decision_groups(game: Any, decision: Decision) -> list[tuple[str, tuple[Option, ...]]]:
    """The decision in short steps: (label, options) per group, or one unlabelled group when flat."""
    p = presentation_for(game)
    try:
        depth = p.grouping(decision)
    except Exception:
        depth = 0
    if depth <= 0:
        return [("", tuple(decision.options))]
    return [(p.group_label(decision, g.key, g.options), g.options) for g in decision.groups(depth)]


def render_decision(game: Any, view: View, decision: Decision | None, at: int, *, action: str,
                    refusal: str | None = None, deciding: str | None = None, target: str = "#game") -> Markup:
    """The seat's decision as buttons in a form that posts ``option`` and ``at`` to ``action``.

    A long decision comes in two short steps: each group (the die, the item ...) is a
    ``<details>`` whose summary is the first step and whose buttons are the second.  Keys 1-9
    take the options (or open the groups) in order; the presentation's fixed keys (``r`` roll)
    are shown on their buttons.  ``refusal`` (why the last choice was refused) is shown above.
    With no decision for this seat, says who is deciding (``deciding``).
    """
    p = presentation_for(game)
    parts: list[Markup] = []
    if refusal:
        parts.append(Markup('<p class="refusal" role="alert">{}</p>').format(refusal))
    if decision is None:
        who = deciding or "Nobody"
        parts.append(Markup('<p class="waiting" aria-live="polite">{} is deciding…</p>').format(who))
        return Markup('<section class="decision waiting-panel" id="decision" aria-label="Decision">{}</section>').format(join(parts))
    try:
        keys = {k: v for k, v in p.fixed_keys(decision).items() if k not in RESERVED_KEYS and not k.isdigit()}
    except Exception:
        keys = {}
    groups = decision_groups(game, decision)
    body: list[Markup] = []
    if len(groups) == 1:
        body.append(Markup('<div class="options">{}</div>').format(
            join(_button(p, view, decision, o, i + 1, keys) for i, o in enumerate(groups[0][1]))))
    else:
        for gi, (label, options) in enumerate(groups):
            n = gi + 1
            if len(options) == 1:
                body.append(Markup('<div class="options single">{}</div>').format(_button(p, view, decision, options[0], n, keys)))
                continue
            inner = join(_button(p, view, decision, o, None, keys) for o in options)
            body.append(Markup('<details class="group"{a}><summary>{k}{l}</summary><div class="options">{i}</div></details>').format(
                a=attrs(data_key=str(n) if n <= 9 else None), k=Markup("<kbd>{}</kbd> ").format(n) if n <= 9 else "", l=label, i=inner))
    try:
        help_text = p.help(decision)
    except Exception:
        help_text = ""
    help_html = Markup('<details class="help"><summary>Help for this step <kbd>h</kbd></summary>{}</details>').format(
        join(Markup("<p>{}</p>").format(line) for line in help_text.splitlines() if line.strip()))
    form = Markup('<form class="choose" method="post" action="{a}" hx-post="{a}" hx-target="{t}" hx-swap="outerHTML">'
                  '<input type="hidden" name="at" value="{at}">{b}</form>').format(a=action, t=target, at=at, b=join(body))
    parts.append(Markup('<h2 class="prompt" id="prompt">{}</h2>').format(decision.prompt))
    parts.append(form)
    parts.append(help_html)
    return Markup('<section class="decision" id="decision" aria-labelledby="prompt">{}</section>').format(join(parts))


def render_details(game: Any, view: View, decision: Decision | None) -> Markup:
    """The presentation's details (dice odds, bears, items ...) as collapsible panels, and the glossary."""
    p = presentation_for(game)
    try:
        details = p.details(view, decision)
    except Exception:
        details = []
    out = [Markup('<details class="detail"><summary>{t}</summary>{b}</details>').format(
        t=d.title, b=join(Markup("<p>{}</p>").format(line) for line in d.text.splitlines() if line.strip())) for d in details]
    try:
        glossary = p.glossary()
    except Exception:
        glossary = []
    if glossary:
        out.append(Markup('<details class="detail glossary"><summary>Glossary</summary><dl>{}</dl></details>').format(
            join(Markup("<dt>{}</dt><dd>{}</dd>").format(t, m) for t, m in glossary)))
    return Markup('<section class="details" aria-label="Details">{}</section>').format(join(out))


def render_log(game: Any, events: list[dict[str, Any]], seat: int, last: int = 60) -> Markup:
    """The narrated log of ``events`` (``state.log_for(seat)``), newest last, the last ``last`` lines."""
    p = presentation_for(game)
    lines = [line for line in p.narrate(events, seat) if line]
    shown = lines[-last:]
    # focusable: the box scrolls, and a keyboard must be able to scroll it
    return Markup('<ol class="log" aria-live="polite" aria-label="What happened" tabindex="0" start="{s}">{li}</ol>').format(
        s=len(lines) - len(shown) + 1, li=join(Markup("<li>{}</li>").format(line) for line in shown))


def _outcome_value(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return ", ".join(_outcome_value(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{str(k).replace('_', ' ')} {_outcome_value(v)}" for k, v in value.items())
    return str(value)


#: outcome facts that name players by seat number (one, or a list), and that give one number per player
_SEAT_FACTS = frozenset({"champion", "champions"})
_PER_SEAT_FACTS = frozenset({"tally"})


def _outcome_words(game: Any, view: View | None) -> Callable[[str, Any], str]:
    """How the page words each outcome fact: a fact that names players by their seat number (the
    data counts from 0) names them as the page does, "Player 2 (Sirja)"; survivors (adventurer
    numbers) by their number and name, as the adventurers' cards do."""
    if game is None or view is None:
        return lambda _key, value: _outcome_value(value)
    p = presentation_for(game)

    def seat(x: Any) -> str:
        return p.seat_name(view, x) if isinstance(x, int) and not isinstance(x, bool) else _outcome_value(x)

    adventurers = {int(a["adventurer"]): a.get("name") for a in view.get("players") or []
                   if isinstance(a, dict) and isinstance(a.get("adventurer"), int)}

    def words(key: str, value: Any) -> str:
        if key in _SEAT_FACTS:
            return ", ".join(seat(x) for x in (value if isinstance(value, list) else [value]))
        if key in _PER_SEAT_FACTS and isinstance(value, list):
            return ", ".join(f"{seat(i)} {_outcome_value(v)}" for i, v in enumerate(value))
        if key == "survivors" and isinstance(value, list) and adventurers:
            return ", ".join(f"{a + 1}. {adventurers.get(a) or 'adventurer'}" if isinstance(a, int) else str(a)
                             for a in value)
        return _outcome_value(value)
    return words


def render_outcome(outcome: Any, game: Any = None, view: View | None = None) -> Markup:
    """The end of the game: its result as the headline, then the outcome's other facts with
    their names in words; a fact with no value (None, an empty list) is left out.  With the game
    and the seat's view, players are named as the page names them (counted from 1)."""
    if not outcome:
        return Markup("")
    if isinstance(outcome, dict):
        result = outcome.get("result")
        title = f"Game over: {result}" if result not in (None, "") else "Game over"
        words = _outcome_words(game, view)
        rows = join(Markup("<dt>{}</dt><dd>{}</dd>").format(str(k).replace("_", " "), words(str(k), v))
                    for k, v in outcome.items() if k != "result" and v is not None and v != [] and v != {} and v != "")
        return Markup('<section class="outcome panel" aria-label="Outcome"><h2>{}</h2><dl>{}</dl></section>').format(title, rows)
    return Markup('<section class="outcome panel"><h2>Game over</h2><p>{}</p></section>').format(outcome)


def render_story(game: Any, view: View, log: list[dict[str, Any]], seat: int) -> Markup:
    """The end screen's story, told to ``seat`` from its view and its log alone
    (:meth:`~woodlands.engine.presentation.Presentation.story`): the result as the headline,
    why, the key moments in order, each player's figures, and the outcome's facts below."""
    story = presentation_for(game).story(view, log, seat)
    parts = [Markup('<h2 id="story-h">Game over: {}</h2>').format(story.result)]
    if story.reason:
        parts.append(Markup('<p class="story-reason">{}</p>').format(story.reason))
    if story.moments:
        items = join(Markup("<li>{}</li>").format(m) for m in story.moments)
        parts.append(Markup('<h3>Key moments</h3><ol class="story-moments">{}</ol>').format(items))
    if len(story.figures) > 1:
        head, *rows = story.figures
        heads = join(Markup('<th scope="col">{}</th>').format(h) for h in head)
        body = join(Markup("<tr><th scope=\"row\">{}</th>{}</tr>").format(
            r[0], join(Markup("<td>{}</td>").format(c) for c in r[1:])) for r in rows)
        parts.append(Markup('<h3>Each player</h3><div class="story-figures" tabindex="0" role="region" aria-label="The figures of each player"><table><thead><tr>{}</tr></thead>'
                            '<tbody>{}</tbody></table></div>').format(heads, body))
    outcome = view.get("outcome")
    if isinstance(outcome, dict):
        words = _outcome_words(game, view)
        rows_ = join(Markup("<dt>{}</dt><dd>{}</dd>").format(str(k).replace("_", " "), words(str(k), v))
                     for k, v in outcome.items() if k != "result" and v is not None and v != [] and v != {} and v != "")
        if rows_:
            parts.append(Markup('<details class="story-facts"><summary>The numbers</summary><dl>{}</dl></details>')
                         .format(rows_))
    return Markup('<section class="outcome story panel" id="story" aria-labelledby="story-h">{}</section>').format(
        join(parts))


__all__ = ["decision_groups", "render_decision", "render_details", "render_log", "render_outcome", "render_story",
           "render_table"]
