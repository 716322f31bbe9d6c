"""A Storyfold scene save made in the terminal (`woodlands play storyfold`, `s FILE` at the
scene break) uploaded through the home page and continued in the browser (real Chromium): the
page stands at the same scene with the same state as the terminal's game, and plays on."""
from __future__ import annotations

import io
import json
import random
import sys
from pathlib import Path
from typing import Any

import woodlands
from woodlands.cli.main import main

from tests.cli.line_numbers import Typist

from tests.web import test_browser as _browser_tests
from tests.web.test_browser import Server, Watched, at

server = _browser_tests.server
browser = _browser_tests.browser


def _terminal_save(tmp: Path, seed: int = 4) -> tuple[Path, Any]:
    """Play Storyfold in the terminal (typed option numbers) to the first scene break, save there."""
    game = woodlands.load_game("storyfold")
    state = game.new_game(seed=seed)
    rng = random.Random(seed)
    numbers: list[int] = []
    typist = Typist()
    while not (state.decision.kind == "scene_break" and numbers):
        n = rng.randrange(len(state.decision.options))
        numbers.append(typist.number(state.decision, state.decision.options[n].id))
        state.apply(state.decision.options[n].id)
    save = tmp / "scene.json"
    old = sys.stdin, sys.stdout
    sys.stdin, sys.stdout = io.StringIO("\n".join(map(str, numbers)) + f"\ns {save}\nq\n"), io.StringIO()
    try:
        code = main(["play", "storyfold", "--seed", str(seed), "--no-auto-forced"])
        out = sys.stdout.getvalue()
    finally:
        sys.stdin, sys.stdout = old
    assert code == 0 and "Saved the end of the scene" in out, out[-2000:]
    return save, state


def test_a_terminal_storyfold_save_continues_in_the_browser(server: Server, browser: Any, tmp_path: Path) -> None:
    save, at_break = _terminal_save(tmp_path)
    document = json.loads(save.read_text(encoding="utf-8"))
    resumed = woodlands.load_game("storyfold").new_game(seed=0, options={"resume": document})
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        w = Watched(context)
        page = w.page
        page.goto(server.url + "/")
        page.set_input_files("#upload-file", str(save))
        page.locator("form[action='/upload'] button[type=submit]").click()
        page.wait_for_selector("#game", state="attached")
        game_id = page.url.rsplit("/", 1)[1]
        body = page.request.get(f"{server.url}/api/games/{game_id}").json()       # the seat's cookie
        # the same scene and state as the terminal's game at its scene break
        assert body["view"] == resumed.view(0)
        assert body["view"]["next_scene"] == at_break.view(0)["next_scene"] == document["next_scene"]
        assert body["decision"]["kind"] == at_break.decision.kind == "scene_break"
        content = woodlands.load_game("storyfold").content
        title = content.scenes[content.scene_by_id[document["next_scene"]]].title
        assert title in page.locator("#game").inner_text()
        # and it plays on in the browser, exactly as the resumed game does
        for _ in range(3):
            before = at(page)
            option = page.locator("#decision button.option").first
            chosen = option.get_attribute("value")
            option.click()
            page.wait_for_function("a => +document.getElementById('game').dataset.at !== a", arg=before)
            resumed.apply(chosen)
            while resumed.forced() is not None:       # the page takes lone safe options itself
                resumed.apply(resumed.forced())
        assert page.request.get(f"{server.url}/api/games/{game_id}").json()["view"] == resumed.view(0)
        w.check()
    finally:
        context.close()
