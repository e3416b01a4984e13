"""A headless party bot: :func:`play_party_bot` queues at a party, plays every game the host
seats it in, and stays until the party is over. (Windows and tests use the one table client,
:class:`net.client.TableClient`, which hears a party's messages too.)
"""

from __future__ import annotations

import asyncio
from random import Random

from game.ai import Bot
from game.rules import Position
from net import protocol
from net.bot import BotGameError, bot_for, bot_name, next_event
from net.client import TableClient, TableEvent
from net.seats import SeatStore

GG_AFTER = 2.0  # seconds after a game's end: a full collapse show's flight and more


async def play_party_bot(
    address: tuple[str, int],
    level: str,
    *,
    name: str | None = None,
    seed: int | None = None,
    reconnect_for: float = 60.0,
    seats: SeatStore | None = None,
) -> protocol.Party:
    """Queue at a party, play each game the host seats this bot in, say "gg" after each, and
    return the host's Party message once the party is over.

    :class:`~net.bot.BotGameError` if the connection ends for good first, or the table
    turns out not to be a party (its game ends with no word of a party).
    """
    events: asyncio.Queue[TableEvent] = asyncio.Queue()
    client = TableClient(
        address,
        name or bot_name(level),
        events.put_nowait,
        reconnect_for=reconnect_for,
        seats=seats,
    )
    running = asyncio.ensure_future(client.run())
    rng = Random(seed)
    bot: Bot | None = None
    # Where our last move was sent from (the position, and which Welcome), until answered.
    asked: tuple[Position, int] | None = None
    # The game this bot played that it has not said "gg" after yet.
    playing: int | None = None
    # Its "gg", said once the room has seen the game end (the deciding collapse fly home):
    # said at once, its bubble on the big screen told the room a game was over before the
    # board did.
    gg: asyncio.TimerHandle | None = None

    def say_gg() -> None:
        nonlocal gg
        gg = None
        client.send(protocol.Emote("gg"))

    try:
        while True:
            event = await next_event(events, running)
            # The Party in hand, not client.party: a read can bring a later one (someone leaving
            # after the end), and every bot should report the party as it ended.
            if isinstance(event, protocol.Party) and event.finished:
                if gg is not None:
                    gg.cancel()
                    say_gg()  # the night's last game's: before leaving
                return event
            party, pos, table = client.party, client.position, client.table
            if pos is None or table is None:
                continue
            bot = bot or bot_for(level, pos.variant, rng)  # said at once if it cannot play
            if pos.is_over:
                if party is None and playing == table.game:
                    # A party host sends its Party after every State, so by the end of a game
                    # this bot played there has been one: this is a plain table.
                    raise BotGameError("this table is not a party; join it without --party")
                if playing == table.game:
                    gg = asyncio.get_running_loop().call_later(GG_AFTER, say_gg)
                    playing = None
                continue
            mine = client.seat is not None and pos.to_play is client.seat
            if mine and client.full and asked != (pos, client.welcomes):
                playing = table.game
                action = await asyncio.to_thread(bot.choose, pos)
                if client.position is pos and client.seat is pos.to_play:
                    client.play(action)
                    asked = (pos, client.welcomes)
    finally:
        if gg is not None:
            gg.cancel()
        await client.close()
        await running
