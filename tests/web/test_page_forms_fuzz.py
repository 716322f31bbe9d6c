"""Every field of every form of the pages, filled by hypothesis: each answer is a page for a
person (HTML, or a redirect to one) and, when the form was refused, that page says why in an
alert; never a 5xx, never a JSON body.

The forms and their fields are read from the pages themselves (the home page's set-up forms of
each game, its upload form; a game page's choice, undo, hint and seat forms), so a field added
later is fuzzed too.  Deterministic (derandomize) and bounded (max_examples per form)."""
from __future__ import annotations

import json
import re
import warnings
from html.parser import HTMLParser
from typing import Any, Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import woodlands

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from woodlands.web.app import create_app
from woodlands.web.pages import _invites_cookie
from woodlands.web.settings import Settings

FUZZ = settings(max_examples=100, derandomize=True, database=None, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

#: values a person (or a tampered form) may type into any field
NASTY = ["", " ", "abc", "1e999", "[2]", "9" * 5000, "-1", "0", "1", "2", "4", "99", "null", "true", "{}", "NaN",
         "-0", "1.5", "0x10", "\x00", "<script>x</script>", '"x"', "[" * 3000, "𝔘𝔫𝔦", "1" + "0" * 400]


class _Forms(HTMLParser):
    """The forms of a page: action, method, enctype and each named field with the values the
    page offers for it (a select's options, a radio's or button's value)."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict[str, Any]] = []
        self._form: dict[str, Any] | None = None
        self._select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self._form = {"action": a.get("action", ""), "method": a.get("method", "get").lower(),
                          "multipart": a.get("enctype") == "multipart/form-data", "fields": {},
                          "class": a.get("class", "")}
            self.forms.append(self._form)
        elif self._form is None:
            return
        elif tag in ("input", "textarea", "select", "button") and a.get("name"):
            kind = "file" if a.get("type") == "file" else tag
            field = self._form["fields"].setdefault(a["name"], {"kind": kind, "values": []})
            if "value" in a:
                field["values"].append(a["value"])
            if tag == "select":
                self._select = a["name"]
        elif tag == "option" and self._select is not None:
            self._form["fields"][self._select]["values"].append(a.get("value", ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._form = None
        elif tag == "select":
            self._select = None


def forms_of(html: str) -> list[dict[str, Any]]:
    parser = _Forms()
    parser.feed(html)
    return parser.forms


@pytest.fixture(scope="module")
def fuzz_client(tmp_path_factory: Any) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("fuzz") / "web.sqlite3"
    app = create_app(Settings(db_url=f"sqlite:///{db}", allow_seed=True, games_per_client=10 ** 9,
                              hints_per_client=10 ** 9, search_processes=0, page_hint_seconds=0.05))
    with TestClient(app) as client:
        yield client


def _json_values() -> st.SearchStrategy[Any]:
    leaves = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20)
    return st.recursive(leaves, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner,
                                                                                            max_size=4), max_leaves=12)


def _mutated(doc: Any, data: st.DataObject) -> Any:
    """``doc`` with one value somewhere in it replaced (or a key dropped): a file that is almost
    a real record or save reaches the checks deep inside."""
    if isinstance(doc, dict) and doc:
        key = data.draw(st.sampled_from(sorted(doc)))
        how = data.draw(st.sampled_from(["deeper", "replace", "drop"]))
        out = dict(doc)
        if how == "drop":
            del out[key]
        elif how == "replace":
            out[key] = data.draw(_json_values())
        else:
            out[key] = _mutated(doc[key], data)
        return out
    if isinstance(doc, list) and doc:
        i = data.draw(st.integers(0, len(doc) - 1))
        out_list = list(doc)
        out_list[i] = _mutated(doc[i], data) if data.draw(st.booleans()) else data.draw(_json_values())
        return out_list
    return data.draw(_json_values())


def _real_files() -> list[Any]:
    """A terminal record of each game a few choices in, and a Storyfold scene save."""
    docs: list[Any] = []
    for gid in sorted(woodlands.game_ids()):
        state = woodlands.load_game(gid).new_game(seed=5)
        for _ in range(4):
            if state.decision is not None:
                state.apply(state.decision.options[0].id)
        docs.append(state.record())
    story = woodlands.load_game("storyfold").new_game(seed=1)
    while story.decision.kind != "scene_break":
        story.apply(story.decision.options[0].id)
    docs.append(story.save())
    return docs


REAL_FILES = _real_files()


def _file(data: st.DataObject) -> bytes:
    how = data.draw(st.sampled_from(["real", "mutated", "json", "bytes"]))
    if how == "bytes":
        return data.draw(st.binary(max_size=300))
    if how == "json":
        return json.dumps(data.draw(_json_values())).encode()
    doc = data.draw(st.sampled_from(REAL_FILES))
    return json.dumps(_mutated(doc, data) if how == "mutated" else doc).encode()


def _value(field: dict[str, Any], option_names: list[str], data: st.DataObject) -> str:
    offered = [v for v in field["values"] if isinstance(v, str)]
    choices = [st.sampled_from(NASTY), st.text(max_size=40), st.integers().map(str)]
    if offered:
        choices.append(st.sampled_from(offered))
        choices.append(st.sampled_from(offered))            # the page's own values, half of the time
    if field["kind"] == "textarea":                          # "Options by name": KEY=VALUE lines, mostly
        key = st.sampled_from(option_names) | st.sampled_from(["x", "", " players "])
        line = st.tuples(key, st.sampled_from(NASTY) | st.text(max_size=20)).map(lambda kv: f"{kv[0]}={kv[1]}")
        lines = st.lists(line, min_size=1, max_size=4) | st.lists(line | st.text(max_size=20), max_size=4)
        choices = [lines.map("\n".join)] * 4 + choices
    return str(data.draw(st.one_of(*choices)))


def _fill(form: dict[str, Any], option_names: list[str], data: st.DataObject) -> tuple[dict[str, str],
                                                                                       dict[str, Any]]:
    """Form fields and files: one to three fields fuzzed (or left out), the others as the page
    sends them untouched (a fuzzed field then meets its own check, not an earlier field's)."""
    names = sorted(form["fields"])
    if not names:          # a form of buttons only: it is sent empty, or with stray fields
        return data.draw(st.dictionaries(st.sampled_from(["withdraw", "bot", "option", "at"]),
                                         st.text(max_size=40), max_size=2)), {}
    fuzzed = data.draw(st.sets(st.sampled_from(names), min_size=1, max_size=min(3, len(names))))
    fields: dict[str, str] = {}
    files: dict[str, Any] = {}
    for name in names:
        field = form["fields"][name]
        if name not in fuzzed:
            if field["kind"] != "file":
                fields[name] = field["values"][0] if field["values"] else ""
            continue
        if data.draw(st.integers(0, 9)) == 0:               # now and then a field is left out
            continue
        if field["kind"] == "file":
            files[name] = ("save.json", _file(data), "application/json")
        else:
            fields[name] = _value(field, option_names, data)
    return fields, files


def assert_a_page_for_a_person(client: TestClient, r: Any, refused_ok: bool = True) -> None:
    """Not a 5xx; HTML (or a redirect to a page of this server); a refusal says why in an alert."""
    assert r.status_code < 500, r.text[:500]
    if r.status_code in (302, 303):
        where = r.headers["location"]
        if where.startswith("/games/"):
            return                                          # made, or acted: the game page
        assert where.startswith("/?error="), where
        r = client.get(where)
        assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/html"), (r.status_code, r.headers["content-type"], r.text[:300])
    assert not r.text.lstrip().startswith("{"), r.text[:300]
    if r.status_code >= 400 or "error=" in str(r.url):
        alert = re.search(r'role="alert">([^<]+)<', r.text)
        assert alert and alert.group(1).strip(), r.text[-1500:]


def _option_names(game_id: str) -> list[str]:
    from woodlands.engine.registry import descriptor
    return [o.name for o in descriptor(game_id).options]


_POSTED = [f for f in forms_of(TestClient(create_app(Settings(db_url="sqlite://"))).get("/").text)
           if f["method"] == "post"]
#: the ladder's "Play the next step" buttons post the same /new form as a game's card, with the
#: step's options as hidden fields: the cards' forms, which have every field, are the ones fuzzed
LADDER_FORMS = [f for f in _POSTED if "ladder-play" in f["class"].split()]
HOME_FORMS = [f for f in _POSTED if f not in LADDER_FORMS]


def test_the_home_page_has_the_forms_this_test_fuzzes() -> None:
    actions = sorted(f["action"] + ":" + next(iter(f["fields"]["game"]["values"]), "") if "game" in f["fields"]
                     else f["action"] for f in HOME_FORMS)
    assert actions == sorted([f"/new:{g}" for g in woodlands.game_ids()] + ["/upload"])
    cursed = next(f for f in HOME_FORMS if f["fields"].get("game", {}).get("values") == ["cursed-forest"])
    assert {"cursed-forest.extra", "cursed-forest.mode", "cursed-forest.character0"} <= set(cursed["fields"])
    assert LADDER_FORMS, "the home page shows the ladder"
    for f in LADDER_FORMS:
        (game,) = f["fields"]["game"]["values"]
        assert f["action"] == "/new" and f["fields"][f"{game}.play"]["values"] == ["alone"]
        assert set(f["fields"]) - {"game", f"{game}.play"} <= {f"{game}.{name}" for name in _option_names(game)}


@pytest.mark.parametrize("form", HOME_FORMS, ids=lambda f: f["action"] + "-" + "".join(f["fields"].get("game", {}).get(
    "values", [])))
@FUZZ
@given(data=st.data())
def test_every_home_page_form_answers_fuzz_with_a_page(fuzz_client: TestClient, form: dict[str, Any],
                                                        data: st.DataObject) -> None:
    game = next(iter(form["fields"].get("game", {}).get("values", [])), "")
    names = _option_names(game) if game else []
    fields, files = _fill(form, names, data)
    fuzz_client.cookies.clear()
    r = fuzz_client.post(form["action"], data=fields, files=files or None, follow_redirects=False)
    assert_a_page_for_a_person(fuzz_client, r)


def test_players_typed_in_other_options_is_refused_on_the_home_page(fuzz_client: TestClient) -> None:
    for value in ("abc", "1e999", "[2]", "9" * 5000):
        fuzz_client.cookies.clear()
        r = fuzz_client.post("/new", data={"game": "cursed-forest", "cursed-forest.extra": f"players={value}"},
                             follow_redirects=False)
        assert r.status_code == 303 and r.headers["location"].startswith("/?error=")
        assert "players" in fuzz_client.get(r.headers["location"]).text
        assert_a_page_for_a_person(fuzz_client, r)


def _table(client: TestClient, game: str, options: dict[str, Any], hotseat: bool) -> tuple[str, dict[str, str]]:
    """A table made through the API with a fixed seed, and the cookies of a browser that holds
    it: every seat (hot-seat) or seat 0 and the admin token (the creator of an online table)."""
    # as the set-up page makes it (an online table's creator holds seat 0 and the invitations)
    made = client.app.state.games.create(game, options, None, 11, hotseat=hotseat, keep=(0,))
    gid = made["id"]
    seats = made["seats"]
    cookies = {f"woodlands_seat_{gid}": seats[0]["token"], f"woodlands_admin_{gid}": made["admin_token"]}
    if len(seats) > 1 and hotseat:
        cookies[f"woodlands_hotseat_{gid}"] = ".".join(s["token"] for s in seats[1:])
    elif len(seats) > 1:
        cookies[f"woodlands_invites_{gid}"] = _invites_cookie({s["seat"]: s["invitation"] for s in seats[1:]})
    return gid, cookies


TABLES = [("tanglewoods", {"difficulty": 0}, True), ("storyfold", {}, True),
          ("cursed-forest", {"players": 2}, True), ("cursed-forest", {"players": 2}, False)]


@pytest.mark.parametrize("table", TABLES, ids=lambda t: f"{t[0]}-{'hotseat' if t[2] else 'online'}")
@FUZZ
@given(data=st.data())
def test_every_game_page_form_answers_fuzz_with_a_page(fuzz_client: TestClient, table: tuple[str, dict[str, Any], bool],
                                                       data: st.DataObject) -> None:
    game, options, hotseat = table
    gid, cookies = _table(fuzz_client, game, options, hotseat)     # a fresh table: the same forms each time
    fuzz_client.cookies.clear()
    fuzz_client.cookies.update(cookies)
    page = fuzz_client.get(f"/games/{gid}")
    assert page.status_code == 200
    forms = [f for f in forms_of(page.text) if f["action"].startswith(f"/games/{gid}/")]
    assert forms, page.text[:500]
    form = data.draw(st.sampled_from(forms))
    fields, _ = _fill(form, [], data)
    headers = {"HX-Request": "true"} if data.draw(st.booleans()) else {}
    if form["method"] == "get":
        r = fuzz_client.get(form["action"], params=fields, headers=headers, follow_redirects=False)
    else:
        r = fuzz_client.post(form["action"], data=fields, headers=headers, follow_redirects=False)
    assert_a_page_for_a_person(fuzz_client, r)
