"""A browser's own record and ladder: ``GET /api/stats``, the ``/stats`` page and the ladder on
the home page count the finished games this browser holds a seat in, each for its own seat; a
second browser sees nothing of them; a game still being played counts nowhere and shows no seed."""
from __future__ import annotations

import random
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from woodlands.engine.registry import descriptor

from ..support import visible_text
from .conftest import live_game, make_client

START = {"hero": "thorn-warden", "difficulty": 0, "side": "a"}


@pytest.fixture
def url(sqlite_url: str) -> str:
    return sqlite_url


def _browser(url: str) -> TestClient:
    """One browser on the app (its own cookies); whole games played out quickly."""
    return make_client(url, events_per_seat=100_000, events_per_game=100_000)


def _sit(client: Any, game: str, options: dict[str, Any], seed: int, seats: int | None = None) -> tuple[str, dict[int, str]]:
    """A new table made by this browser, which holds every seat (its seat cookie: the first)."""
    made = client.app.state.games.create(game, options, seats, seed=seed, hotseat=True)
    tokens = {int(s["seat"]): str(s["token"]) for s in made["seats"]}
    client.cookies.set(f"woodlands_seat_{made['id']}", tokens[0])
    return str(made["id"]), tokens


def _play(client: Any, gid: str, tokens: dict[int, str], bot: str = "greedy", seed: int = 5) -> Any:
    """Each deciding seat takes the bot's choice, through the service, to the end."""
    service = client.app.state.games
    live = live_game(client, gid)
    player = descriptor(live.row.game).make_bot(bot, seed) if bot != "random" else None
    rng = random.Random(seed)
    for _ in range(5000):
        live = live_game(client, gid)
        decision = live.state.decision
        if decision is None:
            return live.state
        option = player.choose(live.state) if player is not None else rng.choice(decision.options).id
        client.portal.call(service.choose, gid, tokens[decision.player], option, live.number, 0, False)
    raise AssertionError("the game did not end")


def test_a_finished_game_counts_for_its_browser_and_for_nobody_else(url: str) -> None:
    with _browser(url) as me, _browser(url) as other:
        assert me.get("/api/stats").json()["played"] == 0
        gid, tokens = _sit(me, "tanglewoods", START, seed=5)
        end = _play(me, gid, tokens)
        assert end.outcome["result"] == "win"
        _sit(me, "tanglewoods", {"difficulty": 4, "hero": "hedge-witch"}, seed=987654321)

        stats = me.get("/api/stats").json()
        assert (stats["played"], stats["won"]) == (1, 1)          # the game still played does not count
        (tangle,) = stats["games"]
        assert (tangle["game"], tangle["played"], tangle["won"], tangle["streak"]) == ("tanglewoods", 1, 1, 1)
        assert tangle["best_rounds"] == end.outcome["round"]
        assert tangle["variants"][0]["variant"] == {"hero": "thorn-warden", "difficulty": 0, "difficulty_mode": "toward-5"}
        lad = next(g for g in stats["ladders"] if g["game"] == "tanglewoods")
        track = next(t for t in lad["tracks"] if t["key"] == "thorn-warden")
        assert (track["open"], track["step"], track["options"]) == (1, "difficulty 1", {"hero": "thorn-warden", "difficulty": 1})
        assert all(t["open"] == 0 for t in lad["tracks"] if t["key"] != "thorn-warden")
        assert "987654321" not in me.get("/api/stats").text and "hedge-witch" not in str(stats["games"])

        page = me.get("/stats")
        assert page.status_code == 200
        text = visible_text(page.text)
        assert "1 game played, 1 won." in text and "Thorn Warden, difficulty 0" in text
        assert f"won in {end.outcome['round']} rounds" in text and "987654321" not in page.text
        row = page.text[page.text.index('id="ladder-tanglewoods-thorn-warden"'):]
        row = row[:row.index("</tr>")]
        assert "difficulty 1" in row and "1 of 11" in row
        assert 'name="tanglewoods.hero" value="thorn-warden"' in row and 'name="tanglewoods.difficulty" value="1"' in row

        home = me.get("/").text
        ladder = home[home.index('id="home-ladder"'):]
        assert 'id="ladder-tanglewoods-thorn-warden"' in ladder and "Play the next step" in ladder
        first = ladder[ladder.index('id="ladder-tanglewoods-thorn-warden"'):]
        assert "difficulty 1" in first[:first.index("</tr>")]

        # another browser: nothing of it, its own ladder at the bottom step
        theirs = other.get("/api/stats").json()
        assert (theirs["played"], theirs["won"], theirs["games"]) == (0, 0, [])
        assert all(t["open"] == 0 for g in theirs["ladders"] for t in g["tracks"])
        assert "Thorn Warden, difficulty 0" not in visible_text(other.get("/stats").text)
        # nor when it sends the game's cookie name with a secret of its own making
        other.cookies.set(f"woodlands_seat_{gid}", "x" * 43)
        assert other.get("/api/stats").json()["played"] == 0


def test_the_ladder_button_starts_the_open_step(url: str) -> None:
    with _browser(url) as me:
        gid, tokens = _sit(me, "tanglewoods", START, seed=5)
        _play(me, gid, tokens)
        page = me.get("/").text
        row = page[page.index('id="ladder-tanglewoods-thorn-warden"'):]
        form = row[row.index("<form"):row.index("</form>")]
        fields = dict(re.findall(r'name="([^"]+)" value="([^"]*)"', form))
        r = me.post("/new", data=fields, follow_redirects=False)
        assert r.status_code == 303, r.text
        new = live_game(me, r.headers["location"].rsplit("/", 1)[1])
        assert new.row.game == "tanglewoods" and new.row.options["hero"] == "thorn-warden"
        assert new.row.options["difficulty"] == 1 and not new.state.is_over


def test_a_seat_at_a_table_of_several_counts_its_own_adventurers(url: str) -> None:
    with _browser(url) as me:
        gid, tokens = _sit(me, "cursed-forest", {"players": 2, "turn_limit": 4}, seed=3, seats=2)
        end = _play(me, gid, tokens, bot="random", seed=3)
        (forest,) = me.get("/api/stats").json()["games"]
        mine = [a for a in end.view(0)["players"] if a["player"] == 0]
        totals = {f["key"]: f["value"] for f in forest["totals"]}
        assert forest["played"] == 1 and totals["kills"] == sum(a["kills"] for a in mine)
        assert forest["variants"][0]["words"] == "2 players"
