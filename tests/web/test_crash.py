"""The crash drill (issue 11, "Storage"): scripted players on 127.0.0.1 while the server is
killed with SIGKILL at random moments (seeded) and restarted.  Afterwards every decision a
player saw accepted is in the store and every game resumes.  A longer drill:
``python -m woodlands.web.crash 120 8`` (docs/web.md)."""
from __future__ import annotations

from woodlands.web.crash import run_crash


def test_killing_the_server_loses_no_accepted_decision():
    result = run_crash(seconds=3.0, games=3, seed=11, kill_every=(0.3, 1.2))
    print(result)
    assert result["kills_during_play"] >= 2
    assert result["accepted"] > 0
    assert result["lost"] == 0, result["lost_list"]
    assert result["not_resumed"] == []
    # nothing stored that nobody asked for: each stored event is an accepted choice or one whose
    # answer the kill cut off
    assert result["accepted"] <= result["stored_events"] <= result["accepted"] + result["interrupted_requests"]
