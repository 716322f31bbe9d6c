"""The routes get the games service and its parts as FastAPI dependencies (woodlands.web.depends),
so a part can be swapped under a route, and the parts the app hands out are the service's own."""
from __future__ import annotations

from typing import Any

from woodlands.web import depends
from woodlands.web.botseats import BotSeats
from woodlands.web.hints import Hints
from woodlands.web.seats import Seating

from .conftest import auth, deciding_token, new_game


def test_the_parts_are_the_service_s_own(client):
    service = client.app.state.games
    assert isinstance(service.seating, Seating) and isinstance(service.bots, BotSeats)
    assert isinstance(service.hints, Hints)
    assert service.seating.games is service.bots.games is service.hints.games is service


def test_a_route_uses_the_part_its_dependency_gives(client):
    """The hint route asks its Hints part: with the dependency overridden, the answer is the
    stand-in's (and the arguments it got are the request's)."""
    g = new_game(client, "cursed-forest", {"players": 1}, seed=3)
    token, body = deciding_token(client, g)
    asked: list[tuple[Any, ...]] = []

    class StandIn:
        async def hint(self, *args: Any) -> dict[str, Any]:
            asked.append(args)
            return {"at": body["at"], "seat": 0, "samples": 7, "seconds": 0.0, "measure": "win chance",
                    "assumes": "if you play on as the greedy bot would", "longer": "", "hints": []}

    client.app.dependency_overrides[depends.hints] = lambda: StandIn()
    try:
        r = client.get(f"/api/games/{g['id']}/hint?iterations=7", headers=auth(token))
    finally:
        client.app.dependency_overrides.clear()
    assert r.status_code == 200 and r.json()["samples"] == 7
    assert asked == [(g["id"], token, None, 7, None, "testclient")]
    # and without the override, the service's own part answers again
    real = client.get(f"/api/games/{g['id']}/hint?iterations=5", headers=auth(token))
    assert real.status_code == 200 and real.json()["samples"] >= 1
