"""The JSON API against its own OpenAPI document, with schemathesis: every operation of
``/openapi.json`` gets schema-made requests (valid and invalid), and each answer must be one
the document names (status, content type, body schema, headers), never a 5xx, and a valid
request is not refused as malformed.

Deterministic and bounded: a fixed seed, schemathesis' deterministic generation and
hypothesis' derandomize, at most ``MAX_EXAMPLES`` per operation and phase.  The requests carry a
real table's id and a seat token, so most of them get past the token check and reach the game.
`make test` runs it with the rest of the suite."""
from __future__ import annotations

from typing import Any, Iterator

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.config import SchemathesisConfig

from woodlands.web.app import create_app
from woodlands.web.settings import Settings

MAX_EXAMPLES = 15
SEED = 20240601

# the document as the app publishes it (made without a database: only the routes are read)
CONFIG = SchemathesisConfig.from_dict({
    "seed": SEED,
    "generation": {"max-examples": MAX_EXAMPLES, "deterministic": True, "database": "none"},
    "phases": {"stateful": {"enabled": False}},
    # A request the document calls valid may still be one the game refuses with 422, as the
    # document says for these: an option id that is not legal now, a hint asked with both
    # seconds and iterations, options or seats that the game does not take, a record that
    # does not replay, a bot this game does not have.  Anywhere else a 422 on a valid request
    # fails the run.
    "operations": [
        {"include-path": path, "include-method": method,
         "checks": {"positive_data_acceptance": {"expected-statuses": ["2xx", "401", "403", "404", "409", "422"]}}}
        for method, path in [("POST", "/api/games"), ("POST", "/api/games/import"),
                             ("POST", "/api/games/{game_id}/choices"), ("GET", "/api/games/{game_id}/hint"),
                             ("PUT", "/api/games/{game_id}/seats/{seat}/bot")]
    ],
})
schema = schemathesis.openapi.from_dict(create_app(Settings(db_url="sqlite://")).openapi(), config=CONFIG)


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """The app over a fresh SQLite file (schemathesis' ASGI transport starts its lifespan), and
    a 2-seat Cursed Forest table on it whose id and seat 0's token the requests carry."""
    from schemathesis.python import asgi
    tmp = tmp_path_factory.mktemp("schemathesis")
    app = create_app(Settings(db_url=f"sqlite:///{tmp}/web.sqlite3", games_per_client=10 ** 9,
                              hints_per_client=10 ** 9, search_processes=0, allow_seed=True))
    with asgi.get_client(app, max_stream_events=1) as client:      # an event stream: its first event
        made = client.post("/api/games", json={"game": "cursed-forest", "options": {"players": 2}, "seed": 7}).json()
        yield {"client": client, "id": made["id"], "token": made["seats"][0]["token"]}


@schema.parametrize()
@settings(max_examples=MAX_EXAMPLES, derandomize=True, database=None, deadline=None,
          suppress_health_check=list(HealthCheck))
def test_the_api_answers_as_its_openapi_document_says(case: Any, table: dict[str, Any]) -> None:
    if case.path_parameters and "game_id" in case.path_parameters:
        case.path_parameters["game_id"] = table["id"]
    case.headers = {**(case.headers or {}), "Authorization": f"Bearer {table['token']}"}
    case.call_and_validate(session=table["client"])
