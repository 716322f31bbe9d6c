"""docs/web.md tells the truth: its API examples (```py blocks) run, in order, against a test
server."""
from __future__ import annotations

import re
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "web.md"


def test_the_api_examples_in_docs_web_run(client):
    blocks = re.findall(r"```py\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)
    assert len(blocks) >= 7
    namespace = {"client": client, "__name__": "docs_web"}
    for block in blocks:
        exec(compile(block, str(DOC), "exec"), namespace)


def test_every_route_of_the_api_is_in_the_docs(client):
    text = DOC.read_text(encoding="utf-8")
    for path, methods in client.get("/openapi.json").json()["paths"].items():
        shown = re.sub(r"\{game_id\}", "{id}", path)
        assert shown in text, f"docs/web.md does not document {sorted(methods)} {path}"


def test_every_route_of_the_api_has_an_example_that_runs(client):
    """Each method of each path in /openapi.json is called by one of docs/web.md's examples."""
    called: set[tuple[str, str]] = set()
    client.event_hooks["request"].append(lambda request: called.add((request.method, request.url.path)))
    test_the_api_examples_in_docs_web_run(client)
    missing = []
    for path, methods in client.get("/openapi.json").json()["paths"].items():
        pattern = re.compile("^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(path)) + "$")
        for method in methods:
            if not any(m == method.upper() and pattern.match(p) for m, p in called):
                missing.append(f"{method.upper()} {path}")
    assert not missing, f"docs/web.md has no example calling {missing}"
