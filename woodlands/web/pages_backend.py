"""What the pages ask of the games service, in one place.

The pages never touch the store or a token's hash: they hand the seat tokens the browser holds
to :class:`woodlands.web.service.GameService` and its parts (the same calls the JSON API makes;
the routes get the service as a FastAPI dependency, :mod:`woodlands.web.depends`) and get back
the live game and state for one seat.  What reads or changes a game runs on the event loop, as
the API's routes do; starting a table and listing a browser's games block on the database, so
they run in a worker thread.  A refusal comes back as :class:`PageError` with the service's
status and reason in player words.
"""
from __future__ import annotations

import asyncio
from typing import Any, Awaitable, Callable, TypeVar

from .errors import NO_SEAT as NO_SEAT  # the kind of PageError the pages tell apart (re-exported)
from .errors import Conflict, Forbidden, Refused
from .live import Live
from .service import GameService
from .store import DAILY_ORIGIN

T = TypeVar("T")


class PageError(Exception):
    """A request a page refuses: ``status``, a reason in player words, and the refusal's ``kind``
    when a page tells it apart from others of its status (:data:`NO_SEAT`: this browser holds
    no seat at the game)."""

    def __init__(self, status: int, reason: str, kind: str | None = None) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason
        self.kind = kind


def _page_error(err: Refused) -> PageError:
    """The service's refusal as a page says it (a sentence, capitalised, with its full stop)."""
    reason = err.detail[:1].upper() + err.detail[1:]
    return PageError(err.status, reason if reason.endswith(".") else reason + ".", err.kind)


async def _call(fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)``, which blocks, in a worker thread; a refusal as a page says it."""
    try:
        return await asyncio.to_thread(fn, *args)
    except Refused as err:
        raise _page_error(err) from None


async def _page(work: Awaitable[T]) -> T:
    """``work`` awaited; a refusal as a page says it."""
    try:
        return await work
    except Refused as err:
        raise _page_error(err) from None


async def create(service: GameService, game_id: str, options: dict[str, Any], seats: int | None,
                 hotseat: bool | None = None, keep: tuple[int, ...] = (), turn_seconds: int | None = None
                 ) -> dict[str, Any]:
    """A new table: ``{"id", "admin_token", "seats": [{"seat", "token", "invitation", "join"}]}``
    (a seat this browser holds has its ``token``, any other its ``invitation``)."""
    return await _call(lambda: service.create(game_id, options, seats, hotseat=hotseat, keep=keep,
                                              turn_seconds=turn_seconds))


async def create_from_upload(service: GameService, doc: Any) -> dict[str, Any]:
    """A new table that continues a record or a game's own save made in the terminal: a
    hot-seat table, as the terminal's was, whose seats this browser holds."""
    return await _call(lambda: service.upload(doc, None, hotseat=True))


async def mine(service: GameService, cookies: dict[str, str]) -> list[dict[str, Any]]:
    """The games this browser's seat cookies hold a seat in (the service checks each token)."""
    return await _call(service.mine, cookies)


def _held_seats(service: GameService, live: Live, tokens: list[str]) -> dict[int, str]:
    """The seats these tokens hold in ``live`` (seat -> token); 403 when they hold none."""
    seats: dict[int, str] = {}
    problem: Refused | None = None
    for token in tokens:
        try:
            seats.setdefault(service.seating.seat_of(live, token), token)
        except Refused as err:
            problem = err
    if not seats:
        raise problem or Forbidden("this browser holds no seat at that game", kind=NO_SEAT)
    return seats


#: at most this many lone options are taken for a browser in one go
FORCED_BURST = 200


async def take_forced(service: GameService, live: Live, seats: dict[int, str]) -> list[tuple[int, str]]:
    """Take for the seats this browser holds each lone option the engine marks safe to take
    unasked (``state.forced()``: the step's kind is registered ``auto``, so taking it rolls no
    dice and reveals nothing), as the terminal does: each one an ordinary stored choice, so the
    record, the log and undo see it.  Returns ``(seat, label)`` of each, for the seat's page to
    say what was taken for it (the label comes from that seat's own decision; a seat this
    browser does not hold is never played, so another browser's lone options wait for it)."""
    taken: list[tuple[int, str]] = []
    # The game's lock is a plain one (not re-entrant: see live.GameLock), and service.choose
    # takes it itself, so it is held only to read the position; a request that moves in between
    # makes our choice's number stale, which the service refuses with 409 and we look again.
    for _ in range(FORCED_BURST):
        async with live.lock:
            await service.catch_up(live)
            state = live.state
            decision = state.decision
            option_id = state.forced()
            number = live.number
        if decision is None or option_id is None or decision.player not in seats or decision.player in live.bots:
            break
        option = decision.option(option_id)
        try:
            await service.choose(live.row.id, seats[decision.player], option_id, number, 0, False)
        except Refused as err:
            if isinstance(err, Conflict):           # another request moved first: look again
                continue
            raise
        taken.append((decision.player, option.label if option is not None else option_id))
    return taken


def undo_reaches_a_choice(live: Live, seats: dict[int, str]) -> bool:
    """May this browser's undo go back to a decision it would be asked (not one whose lone
    option :func:`take_forced` would take again at once)?  It undoes its seats' choices one by
    one, never a bot's, never past a roll, a draw or a reveal (the service's rules), until it
    stands before a decision that is not forced."""
    state, n, k = live.state, len(live.history), len(live.choosers)
    while n and k and state.can_undo():
        who, by_bot = live.choosers[k - 1]
        if by_bot or who not in seats:
            return False
        state, n, k = live.history[n - 1], n - 1, k - 1
        if state.forced() is None:
            return True
    return False


def _first_undo_allowed(live: Live, seats: dict[int, str]) -> bool:
    """Would the service take back the last choice for one of these seats?"""
    if not live.history or not live.choosers or not live.state.can_undo():
        return False
    who, by_bot = live.choosers[-1]
    return not by_bot and who in seats


def handover_due(held: list[int], bots: dict[int, str], shown: int | None, seat: int, deciding: int | None,
                 over: bool) -> bool:
    """Hot-seat: must the screen pass to another player before ``seat``'s table is drawn?  So
    when this browser holds several seats, last showed one of them (``shown``), and another held
    seat, played by a person, now decides; never once the game is over (as the terminal)."""
    return (len(held) > 1 and not over and shown in held and seat != shown and deciding == seat
            and seat not in bots)


async def _snapshot(service: GameService, game_id: str, tokens: list[str], shown: int | None) -> dict[str, Any]:
    live = await service.live(game_id, tokens)
    seats = _held_seats(service, live, tokens)
    # take_forced takes the game's (plain, not re-entrant) lock itself, so it runs before ours
    taken = await take_forced(service, live, seats)     # catches up with the store; the bots have moved
    async with live.lock:
        await service.catch_up(live)
        state = live.state
        first = next(iter(seats))
        deciding = None if state.decision is None else state.decision.player
        seat = deciding if deciding in seats else first
        body = service.body(live, seat)
        handover = handover_due(sorted(seats), dict(live.bots), shown, seat, deciding, state.is_over)
        return {"handover": handover, "game": _game(live.row.game), "state": state, "seat": seat, "view": body["view"], "log": body["log"],
                "seats": live.row.seats, "at": body["at"], "can_undo": undo_reaches_a_choice(live, seats),
                "bots": dict(live.bots), "held": sorted(seats), "bot_names": sorted(_bots(live.row.game)),
                "seat_rows": service.seating.seat_rows(live), "turn_seconds": live.row.turn_seconds,
                "forced": [label for who, label in taken if who == seat],
                "again": service.again.status(live, sorted(seats)) if state.is_over else None,
                "daily": live.row.origin == DAILY_ORIGIN}


def _game(game_id: str) -> Any:
    from ..engine.game import load_game
    return load_game(game_id)


def _bots(game_id: str) -> list[str]:
    from ..engine.registry import descriptor
    return list(descriptor(game_id).bot_names)


async def snapshot(service: GameService, game_id: str, tokens: list[str], shown: int | None = None
                   ) -> dict[str, Any]:
    """The game as the held seat sees it: the seat whose decision it is when this browser holds
    it (hot-seat), else the first held seat.  ``state`` is the live state: a page reads only
    ``view(seat)``, ``log_for(seat)`` and the seat's own decision from it.  ``shown``: the held
    seat whose table this browser showed last; ``handover`` is True when the screen must pass
    from it to ``seat`` first (:func:`handover_due`), and the page then draws nothing of either."""
    return await _page(_snapshot(service, game_id, tokens, shown))


async def _token_of(service: GameService, game_id: str, tokens: list[str],
                    seat_of: Callable[[Live], int | None]) -> str:
    """The held token of the seat ``seat_of`` names once the game is caught up (else the first:
    the service then says why not)."""
    live = await service.live(game_id, tokens)
    async with live.lock:
        service.seating.seat_of(live, tokens[0])
        await service.catch_up(live)
        wanted = seat_of(live)
        for token in tokens:
            try:
                if service.seating.seat_of(live, token) == wanted:
                    return token
            except Refused:
                continue
    return tokens[0]


def _deciding(live: Live) -> int | None:
    decision = live.state.decision
    return None if decision is None else decision.player


def _last_chooser(live: Live) -> int | None:
    return live.choosers[-1][0] if live.choosers else None


async def choose(service: GameService, game_id: str, tokens: list[str], option: str, at: int) -> None:
    token = await _page(_token_of(service, game_id, tokens, _deciding))
    await _page(service.choose(game_id, token, option, at, 0, False))        # False: no JSON body wanted


async def _undo(service: GameService, game_id: str, tokens: list[str], at: int) -> None:
    """Undo this browser's last choice, and before it the lone options taken for it since (else
    the page would take them again at once): back to the last decision it was asked."""
    live = await service.live(game_id, tokens)
    seats = _held_seats(service, live, tokens)
    # the lock only while reading: service.undo takes the (plain, not re-entrant) lock itself,
    # and refuses a stale number with 409 if another request moved in between
    async with live.lock:
        await service.catch_up(live)
        if at == live.number and not undo_reaches_a_choice(live, seats) and _first_undo_allowed(live, seats):
            raise Conflict("the last choices were the only ones on offer, taken for you, and before them "
                           "came a roll, a draw or a reveal (or another seat's choice): there is nothing to take back")
    first = True
    while True:
        async with live.lock:
            if not first and not (live.state.forced() is not None and undo_reaches_a_choice(live, seats)):
                break
            last = _last_chooser(live)
            number = at if first else live.number
        token = seats.get(last, tokens[0]) if last is not None else tokens[0]
        await service.undo(game_id, token, number, 0, False)
        first = False


async def undo(service: GameService, game_id: str, tokens: list[str], at: int) -> None:
    await _page(_undo(service, game_id, tokens, at))


async def hint(service: GameService, game_id: str, tokens: list[str], at: int, client: str,
               longer: bool = False) -> dict[str, Any]:
    """A hint for the held seat that decides at decision ``at`` (:meth:`woodlands.web.hints.Hints.hint`:
    it samples ``Settings.page_hint_seconds``, or ``page_hint_longer`` when asked to think longer, in a
    worker process; the answer's ``hints`` each have ``option``, ``words``, ``value``, ``gap``,
    ``gap_error``, ``about_equal``, ``measure`` and ``text``)."""
    token = await _page(_token_of(service, game_id, tokens, _deciding))
    settings = service.settings
    seconds = settings.page_hint_longer if longer else settings.page_hint_seconds
    return await _page(service.hints.hint(game_id, token, seconds, None, at, client))


async def _hand_over(service: GameService, game_id: str, tokens: list[str], admin_token: str, seat: int,
                     bot: str | None) -> None:
    """As the seat itself when one of ``tokens`` holds it, else as the table's admin."""
    live = await service.live(game_id)
    own = next((t for t in tokens if _holds(service, live, t) == seat), None)
    if own is None and not admin_token:
        raise Forbidden("only the browser that made this table, or the seat's own player, may hand the seat "
                        "to a bot or take it back")
    await service.seating.hand_over(game_id, own or admin_token, seat, bot)


def _holds(service: GameService, live: Live, token: str) -> int | None:
    try:
        return service.seating.seat_of(live, token)
    except Refused:
        return None


async def hand_over(service: GameService, game_id: str, tokens: list[str], admin_token: str, seat: int,
                    bot: str | None) -> None:
    await _page(_hand_over(service, game_id, tokens, admin_token, seat, bot))


async def invite(service: GameService, game_id: str, admin_token: str, seat: int, new: bool) -> dict[str, Any]:
    """A new invitation for ``seat`` (``new``), or none: ``{"seat", "invitation", "join"}``."""
    return await _page(service.seating.invite(game_id, admin_token, seat, new))


async def open_tables(service: GameService) -> list[dict[str, Any]]:
    """The open tables (woodlands.web.tables): id, name, game, game_name, players, free_seats, present."""
    return await _page(service.tables.open_tables())


async def take_free_seat(service: GameService, game_id: str, seat: int, client: str) -> dict[str, Any]:
    """Take a free seat of an open table for ``client`` (its address): ``{"id", "seat", "token"}``."""
    return await _page(service.tables.take(game_id, seat, client))


async def listing(service: GameService, game_id: str, admin_token: str) -> str | None:
    """The name the table is listed under (None: not listed), for its admin; None for anyone else."""
    try:
        name = (await service.tables.listing(game_id, admin_token))["name"]
    except Refused:
        return None
    return None if name is None else str(name)


async def set_listing(service: GameService, game_id: str, admin_token: str, name: str | None) -> None:
    """The admin lists the table under ``name``, or with None takes it off the list."""
    if name is None:
        await _page(service.tables.unlist_table(game_id, admin_token))
    else:
        await _page(service.tables.list_table(game_id, admin_token, name))


async def play_again(service: GameService, game_id: str, tokens: list[str], admin_token: str, yes: bool,
                     start: bool = False) -> dict[str, Any]:
    """This browser's seats answer "Play again?" (woodlands.web.again); ``start``: the creator
    starts the next table with the seats that agreed so far."""
    return await _page(service.again.answer(game_id, tokens, admin_token or None, yes, start))


async def next_table(service: GameService, game_id: str, tokens: list[str], admin_token: str
                     ) -> tuple[str, list[str], str | None]:
    """The next table's id and this browser's secrets there (and the creator's admin token)."""
    return await _page(service.again.follow(game_id, tokens, admin_token or None))


async def _scene_save(service: GameService, game_id: str, tokens: list[str]) -> tuple[str, dict[str, Any]]:
    """The game's id and the save the terminal's ``s`` writes between two scenes (Storyfold),
    for a table of one seat this browser holds; 409 at any other moment.  A save holds the decks' order, so it is
    offered only where the one player is the whole table, as in the terminal."""
    from ..kit.saves import scene_save_of
    live = await service.live(game_id)
    seats = _held_seats(service, live, tokens)
    async with live.lock:
        await service.catch_up(live)
        decision = live.state.decision
        if live.row.origin == DAILY_ORIGIN:     # a save holds the decks' order: the day's game for everyone
            raise Forbidden("a daily challenge makes no scene save: play it on to its end (it is kept here "
                            "after every choice)")
        save = scene_save_of(live.state) if live.row.seats == 1 and decision is not None and decision.player in seats else None
        if save is None:
            raise Conflict("a scene save is made between two scenes, when the game asks whether to save; "
                           "this game is not there now")
        return live.row.game, save


async def scene_save(service: GameService, game_id: str, tokens: list[str]) -> tuple[str, dict[str, Any]]:
    return await _page(_scene_save(service, game_id, tokens))
