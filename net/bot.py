"""A bot in a seat over the network: ``qttt join HOST:PORT --bot LEVEL --headless``.

The bot thinks on a worker thread, so the connection keeps answering the
host (pings, reconnects) however long a strong level takes.
"""

from __future__ import annotations

import asyncio
from random import Random
from typing import TypeVar

from game.ai import LEVELS, Bot, make_bot
from game.rules import Player, Position, Variant
from game.session import Event, Refused, Snapshot
from net.client import TableClient
from net.protocol import PLAYER, Rematch
from net.seats import SeatStore

E = TypeVar("E")


class BotGameError(RuntimeError):
    """The game could not be played to its end; the text says why, in one line."""


def bot_for(level: str, variant: Variant, rng: Random) -> Bot:
    """The bot of ``level`` for the host's variant, known only once it sends the game: a
    level that variant has not (perfect away from Goff's game) ends the bot's game, said."""
    try:
        return make_bot(level, variant, rng)
    except ValueError as exc:
        raise BotGameError(str(exc)) from None


async def next_event(events: asyncio.Queue[E], running: asyncio.Future[str]) -> E:
    """The client's next event; :class:`BotGameError` if it stops for good first.

    ``running`` is the client's ``run()``, whose result is why it stopped.
    """
    waiting = asyncio.ensure_future(events.get())
    await asyncio.wait({waiting, running}, return_when=asyncio.FIRST_COMPLETED)
    if not waiting.done():
        waiting.cancel()
        raise BotGameError(running.result())
    return waiting.result()


def bot_name(level: str) -> str:
    """The name a bot of ``level`` sits under unless told otherwise: "bot (beginner)"."""
    return f"bot ({level})"


def bot_level(name: str | None) -> str | None:
    """The level of a bot sitting under :func:`bot_name`'s name, else None."""
    return next((level for level in LEVELS if name == bot_name(level)), None)


async def play_bot(
    address: tuple[str, int],
    level: str,
    *,
    name: str | None = None,
    seat: Player | None = None,
    seed: int | None = None,
    reconnect_for: float = 60.0,
    seats: SeatStore | None = None,
    token: str | None = None,
    rematches: bool = False,
) -> Position:
    """Play one seat until the game is over; the final position as the host decided it.

    ``level`` is one of ``game.ai.LEVELS``; with ``seats`` the bot keeps its seat's token
    there, so the same bot started again after a crash takes its seat back; ``token``
    offers a seat's token known otherwise (a table continued from its record).
    ``rematches``: a window's own opponent accepts every rematch its player asks for and
    plays on, until it is stopped, instead of leaving after one game.
    :class:`BotGameError` if the connection ends for good first, or the host refuses the
    bot's moves.
    """
    events: asyncio.Queue[Event] = asyncio.Queue()
    client = TableClient(
        address,
        name or bot_name(level),
        events.put_nowait,
        role=PLAYER,
        seat=seat,
        reconnect_for=reconnect_for,
        seats=seats,
        token=token,
    )
    running = asyncio.ensure_future(client.run())
    rng = Random(seed)
    bot: Bot | None = None
    refusals = 0
    # Where our last move was sent from (the position, and which connection), until answered.
    asked: tuple[Position, int] | None = None
    rematch_asked = 0  # the number of the game whose rematch the bot accepted
    leave = True  # a bot done with its game, or unable to play it, frees its seat
    try:
        while True:
            event = await next_event(events, running)
            if isinstance(event, Refused):
                if running.done():  # the link ended for good: why, not what it refused since
                    raise BotGameError(running.result())
                # Only a stale move (after a reconnect) is refused for cause; then think again.
                refusals += 1
                if refusals > 3:
                    raise BotGameError(f"the host refuses the bot's moves: {event.reason}")
                asked = None
            elif isinstance(event, Snapshot):
                refusals = 0
            # Any event may be the one that makes it our move (the opponent sitting down is
            # a Notice), so look again after each.
            pos = client.position
            if pos is None:
                continue
            bot = bot or bot_for(level, pos.variant, rng)  # said at once if it cannot play
            if pos.is_over:
                if not rematches:
                    return pos
                table = client.table
                if table and table.rematch and table.game != rematch_asked:
                    rematch_asked = table.game  # the other player asked: the bot is game
                    client.send(Rematch())
                continue
            if pos.to_play is client.seat and client.full and asked != (pos, client.welcomes):
                action = await asyncio.to_thread(bot.choose, pos)
                if client.position is pos:
                    client.play(action)
                    asked = (pos, client.welcomes)
    except asyncio.CancelledError:
        leave = False  # stopped from outside (Ctrl-C): the same command started again sits back
        raise
    finally:
        await client.close(leave)
        await running
