"""OpenSpiel's own IS-MCTS bot plays the three Woodlands games (one JSON line per game).

    PYTHONPATH=. python examples/research/openspiel_ismcts.py --episodes 3 --simulations 20
    PYTHONPATH=. python examples/research/openspiel_ismcts.py --episodes 1 --small   # what CI runs
    PYTHONPATH=. python examples/research/openspiel_ismcts.py --bot random           # the baseline

Needs the research extra (``pip install woodlands[research]``). The bot samples the worlds it
searches with ``resample_from_infostate`` (the engine's ``determinize``) and evaluates a leaf by
one random rollout; every game plays with the simulation limits on, so it always ends. The
Cursed Forest is played by two seats, each searching for itself.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

import numpy as np


def play(game_id: str, params: dict[str, Any], bot_name: str, simulations: int, seed: int) -> dict[str, Any]:
    from open_spiel.python.algorithms import ismcts, mcts

    import woodlands.research.openspiel as wo

    game = wo.load(game_id, seed=seed, **params)
    rs = np.random.RandomState(seed)
    bot = None
    if bot_name == "ismcts":
        bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs), uct_c=2.0,
                               max_simulations=simulations, random_state=rs)
        bot.set_resampler(wo.resampler(seed))
    state = game.new_initial_state()
    start = time.perf_counter()
    moves = 0
    while not state.is_terminal():
        actions = state.legal_actions()
        action = bot.step(state) if bot is not None else actions[rs.randint(len(actions))]
        state.apply_action(action)
        moves += 1
    outcome = state.engine_state.outcome or {"result": "cut"}
    return {"game": game_id, "bot": bot_name, "seed": seed, "moves": moves, "return": state.returns()[0],
            "result": outcome["result"], "seconds": round(time.perf_counter() - start, 2),
            "outcome": {k: v for k, v in outcome.items() if isinstance(v, (int, float, list)) and k != "result"}}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=3, help="games per game (default 3)")
    parser.add_argument("--simulations", type=int, default=20, help="IS-MCTS simulations per move (default 20)")
    parser.add_argument("--small", action="store_true", help="tiny limits and budget: a CI smoke run")
    parser.add_argument("--bot", choices=("ismcts", "random"), default="ismcts")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.episodes < 1 or args.simulations < 1:
        parser.error("--episodes and --simulations must be at least 1")
    try:
        import woodlands.research.openspiel  # noqa: F401  (registers the games)
    except ImportError as err:
        print(f"this example needs the research extra (pip install 'woodlands[research]'): {err}", file=sys.stderr)
        return 2
    if args.small:
        games = [("tanglewoods", {"round_limit": 2}), ("storyfold", {"scene_limit": 1}),
                 ("cursed-forest", {"players": 2, "turn_limit": 3})]
        simulations = min(args.simulations, 4)
    else:
        games = [("tanglewoods", {"round_limit": 20}), ("storyfold", {"scene_limit": 4}),
                 ("cursed-forest", {"players": 2, "turn_limit": 15})]
        simulations = args.simulations
    for game_id, params in games:
        lines = []
        for episode in range(args.episodes):
            lines.append(play(game_id, params, args.bot, simulations, args.seed + episode))
            print(json.dumps(lines[-1]), flush=True)
        means = {k: sum(line["outcome"][k] for line in lines) / len(lines) for k, v in lines[0]["outcome"].items()
                 if not isinstance(v, list) and all(k in line["outcome"] for line in lines)}
        shown = ", ".join(f"{k} {v:.2f}" for k, v in {"return": sum(line["return"] for line in lines) / len(lines),
                                                      "moves": sum(line["moves"] for line in lines) / len(lines),
                                                      **means}.items())
        print(f"# {game_id} ({args.bot}, {len(lines)} games, {params}): mean {shown}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
