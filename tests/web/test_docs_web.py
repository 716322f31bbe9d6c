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
