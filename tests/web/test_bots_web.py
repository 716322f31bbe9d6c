"""Bots move outside the request that hands them the turn (issue 11): the person's answer comes
back at once, the bot's moves follow from the game's bot task (each one announced to the live
streams), and a server restarted while a bot was to move sets it moving again."""
from __future__ import annotations

import time

import pytest

from woodlands.bots.base import get_bot
from woodlands.engine.game import load_game
from woodlands.web.botseats import bot_seed
from woodlands.web.store import BOT, CHOICE, EventRow, Store

from .conftest import auth, make_client, new_game


def _until(check, timeout=30.0):
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def test_the_answer_does_not_wait_for_the_bot_and_its_moves_are_announced(client):
    g = new_game(client, options={"players": 2, "turn_limit": 3}, seats=2, seed=5)
    t0 = g["seats"][0]["token"]
    svc = client.app.state.games
    assert client.put(f"/api/games/{g['id']}/seats/1/bot", headers=auth(g["admin_token"]),
                      json={"bot": "greedy"}).status_code == 200
    heard: list[int] = []

    async def listen() -> None:                     # the live updates of this process
        queue = svc.hub.subscribe(g["id"])
        try:
            while True:
                heard.append(await queue.get())
        finally:
            svc.hub.unsubscribe(g["id"], queue)

    listener = client.portal.start_task_soon(listen)
    url = f"/api/games/{g['id']}"
    for _ in range(200):
        _until(lambda: client.get(url, headers=auth(t0)).json()["deciding_seat"] in (0, None))
        body = client.get(url, headers=auth(t0)).json()
        assert not body["over"]
        answer = client.post(url + "/choices", headers=auth(t0),
                             json={"option": body["decision"]["options"][0]["id"], "at": body["at"]}).json()
        assert answer["at"] == body["at"] + 1       # only the person's choice: no chain of bot moves in it
        if answer["deciding_seat"] == 1:
            break
    else:
        raise AssertionError("the turn never passed to the bot")
    _until(lambda: client.get(url, headers=auth(t0)).json()["at"] > answer["at"])
    _until(lambda: not svc.bots.running)
    stored = svc.db.events(g["id"])
    bot_moves = [e.number for e in stored if e.by_bot]
    assert bot_moves and bot_moves[0] == answer["at"]
    _until(lambda: set(n + 1 for n in bot_moves) <= set(heard))     # each bot move was announced
    listener.cancel()


def test_a_restarted_server_sets_a_waiting_bot_moving(tmp_path):
    """The process died after a person's choice handed the turn to a bot, before the bot moved:
    the next server moves the bot without any request."""
    url = f"sqlite:///{tmp_path}/bots.sqlite3"
    with make_client(url) as c:
        g = new_game(c, options={"players": 2, "turn_limit": 3}, seats=2, seed=5)
    state = load_game("cursed-forest").new_game(seed=5, options={"players": 2, "turn_limit": 3})
    store = Store(url)
    try:
        assert store.append(g["id"], EventRow(0, BOT, "greedy", 1, False))
        n = 1
        while state.decision is not None and state.decision.player == 0:
            option = state.decision.options[0].id
            assert store.append(g["id"], EventRow(n, CHOICE, option, 0, False))
            state.apply(option)
            n += 1
        assert state.decision is not None and state.decision.player == 1
    finally:
        store.close()
    with make_client(url) as c:                     # no request at all: the start resumes the bot
        svc = c.app.state.games
        _until(lambda: any(e.by_bot for e in svc.db.events(g["id"])))
        c.portal.call(svc.bots.wait)
        assert [e.number for e in svc.db.events(g["id"])] == list(range(len(svc.db.events(g["id"]))))




def _play_against_a_random_bot(url: str, restarts: set[int]) -> tuple[str, list[EventRow], list[int]]:
    """A 2-player game whose seat 1 is the random bot; the person at seat 0 always takes the
    first option, and the server is stopped and started again (the live game made anew from the
    database) after each of the person's moves numbered in ``restarts``.  Returns the game's id,
    its stored events and the number of the next event at each restart."""
    c = make_client(url).__enter__()
    try:
        g = new_game(c, options={"players": 2, "turn_limit": 3}, seats=2, seed=11)
        t0, game = g["seats"][0]["token"], f"/api/games/{g['id']}"
        assert c.put(game + "/seats/1/bot", headers=auth(g["admin_token"]), json={"bot": "random"}).status_code == 200
        moves, restarted_at = 0, []
        while True:
            c.portal.call(c.app.state.games.bots.wait)
            body = c.get(game, headers=auth(t0)).json()
            if body["over"]:
                return g["id"], c.app.state.games.db.events(g["id"]), restarted_at
            assert body["deciding_seat"] == 0
            answer = c.post(game + "/choices", headers=auth(t0),
                            json={"option": body["decision"]["options"][0]["id"], "at": body["at"]})
            assert answer.status_code == 200
            moves += 1
            if moves in restarts:
                restarted_at.append(answer.json()["at"])
                c.__exit__(None, None, None)
                c = make_client(url).__enter__()
    finally:
        c.__exit__(None, None, None)


@pytest.mark.parametrize("restarts", [set(), {1, 3, 4}])
def test_a_bot_seat_plays_the_same_moves_across_a_restart(tmp_path, restarts):
    """Each move of a bot seat is a function of public, stable facts alone: the game's id, the
    seat, the move's number (botseats.bot_seed) and the position. So it is the move a bot made
    for that move alone would make, whether the server ran straight through or was restarted
    between the bot's moves (the seed used to be taken from the decision number at the bot's
    first move in each process, and a restarted server's random bot then chose differently)."""
    game_id, events, restarted_at = _play_against_a_random_bot(f"sqlite:///{tmp_path}/bots.sqlite3", restarts)
    state = load_game("cursed-forest").new_game(seed=11, options={"players": 2, "turn_limit": 3})
    by_bot = []
    for e in events:
        if e.kind != CHOICE:
            continue
        if e.by_bot:
            alone = get_bot("random", seed=bot_seed(game_id, e.seat, e.number), game="cursed-forest")
            assert alone.choose(state) == e.option, f"move {e.number}"
            by_bot.append(e.number)
        state.apply(e.option)
    # (the game's id is new on every run, and with it the bot's moves: how many there are varies)
    assert state.is_over and len(by_bot) >= 2
    if restarts:   # the bot moved in a server started after the person's first restart point
        assert restarted_at and max(by_bot) >= restarted_at[0]
