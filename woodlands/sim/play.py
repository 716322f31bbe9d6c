"""One simulated game and one chunk of them: what a backend's workers run (worker processes on
this machine, or Ray tasks), from a :class:`SimConfig` that pickles."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ..engine.game import Game, load_game
from ..engine.records import log_digest
from ..engine.variants import edits_text
from ..kit.bots import bot_for


#: one game of a batch: ``seed``, ``result``, ``decisions``, then the game's own measures
#: (:meth:`woodlands.Game.measures`, e.g. rounds and bears beaten in Tanglewoods)
GameRow = dict[str, Any]


@dataclass(frozen=True)
class SimConfig:
    """What every game of a batch shares.  Must pickle: it travels to worker processes."""

    game: str                        # a game id (woodlands.game_ids())
    bot: str = "random"
    options: dict[str, Any] = field(default_factory=dict)
    content: str | None = None       # a content pack folder; None: the game's default pack
    #: ``{"card.<id>.<field>": number}``: play a copy of the pack with these numbers changed, made
    #: in memory (:meth:`woodlands.Game.with_edits`).  The edits travel, not the pack: each
    #: worker process builds the variant again from them.
    edits: dict[str, Any] = field(default_factory=dict)
    #: the pack folder is one of several a study compares (``--vary content=DIR,DIR``): its rows
    #: name it in their ``variant`` column
    content_variant: bool = False

    def check(self) -> None:
        """Fail early, in the calling process, on an unknown game, bot, pack, edit or option."""
        game = _game(self)
        game.checked_options(game.options_for_seed(game.options_for_simulation(self.options), 0))
        bot_for(self.game, self.bot, 0)

    def variant(self, game: Game) -> str | None:
        """What the ``variant`` column of this configuration's rows holds: the canonical JSON of
        its edits (``{"card.papa-bear.health":9}``), with ``"content": "<id> <version>"`` for a
        pack folder of ``--vary content=``; None for the pack as loaded."""
        parts: dict[str, Any] = {}
        if self.content_variant:
            parts["content"] = f"{game.content.id} {game.content.version}"
        parts.update(self.edits)
        return edits_text(parts) if parts else None


_LOADED: dict[tuple[str, str | None, str], Game] = {}


def _game(config: SimConfig) -> Game:
    """Each worker process loads a pack (and makes each variant of it) once and keeps it."""
    key = (config.game, config.content, edits_text(config.edits))
    if key not in _LOADED:
        game = load_game(config.game, config.content)
        _LOADED[key] = game.with_edits(config.edits) if config.edits else game
    return _LOADED[key]


def options_text(options: dict[str, Any]) -> str:
    """The canonical JSON of a game's options, as a results file stores and compares them."""
    return json.dumps(options, sort_keys=True, separators=(",", ":"))


def game_options(game: Game, options: dict[str, Any], seed: int) -> dict[str, Any]:
    """The options the game of ``seed`` is played with: the configuration's, over the game's
    simulation caps, with what the game spreads over seeds (every hero in turn,
    :meth:`woodlands.Game.options_for_seed`).  A row's ``options`` column holds them."""
    return game.options_for_seed(game.options_for_simulation(options), seed)


def play_one(config: SimConfig, seed: int, detail: bool = False) -> GameRow:
    """Play one whole game with the configured bot.  ``detail`` adds what a results file keeps:
    the game, pack, bot, options, the log's digest and the game's designer columns
    (:mod:`woodlands.sim.details`), all read after the game is over."""
    game = _game(config)
    options = game_options(game, config.options, seed)   # C-15
    state = game.new_game(seed=seed, options=options)
    bot = bot_for(config.game, config.bot, seed)
    decisions = 0
    try:
        while not state.is_over:
            state.apply(bot.choose(state))
            decisions += 1
    except Exception as e:   # a rules or bot bug: say which game shows it
        raise RuntimeError(f"{config.game} seed {seed}, decision {decisions + 1}, bot {config.bot}: {e!r}") from e
    outcome = state.outcome or {}
    row: GameRow = {"seed": seed, "result": str(outcome.get("result", "unfinished")), "decisions": decisions}
    row.update(game.measures(state))
    if detail:
        from .details import details
        row.update({"game": config.game, "content_id": game.content.id, "content_version": game.content.version,
                    "fingerprint": game.content.fingerprint, "variant": config.variant(game),
                    "rules": game.rules_version, "bot": config.bot, "options": options_text(options),
                    "digest": log_digest(state.log)})
        row.update(details(state))
    return row


#: a unit of work: one configuration and the seeds to play with it
Task = tuple[SimConfig, list[int]]


def play_chunk(config: SimConfig, seeds: list[int], detail: bool = False) -> list[GameRow]:
    return [play_one(config, s, detail) for s in seeds]
