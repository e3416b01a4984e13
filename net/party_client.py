"""Party screens and party bots: a table client that also hears the queue, scoreboard and emotes.

:class:`PartyClient` is a :class:`~net.client.TableClient` that reports a
party host's :class:`~net.protocol.Party` and :class:`~net.protocol.Emoted`
messages as events too. :class:`PartySession` is the same for a window (the
big screen): a :class:`~net.session.NetworkSession` that can join or leave
the queue and send emotes. :func:`play_party_bot` is a headless bot that
queues, plays every game the host seats it in, and stays until the party
is over.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from random import Random
from typing import Any

from game.ai import Bot, make_bot
from game.rules import Position
from game.session import Event
from net import protocol
from net.bot import BotGameError, next_event
from net.client import TableClient
from net.protocol import SPECTATOR
from net.session import NetworkSession

# What a party client reports: the game's events, and the party's.
PartyEvent = Event | protocol.Party | protocol.Emoted


class PartyClient(TableClient):
    """A :class:`TableClient` whose ``on_event`` also gets Party and Emoted messages."""

    def __init__(
        self,
        address: tuple[str, int],
        name: str,
        on_event: Callable[[PartyEvent], None],
        **options: Any,
    ) -> None:
        super().__init__(address, name, on_event, **options)
        self.party: protocol.Party | None = None
        self._on_party_event = on_event
        self._handlers[protocol.Party] = self._on_party
        self._handlers[protocol.Emoted] = on_event

    def _on_party(self, party: protocol.Party) -> None:
        self.party = party
        self._on_party_event(party)


class PartySession(NetworkSession):
    """A window's place at a party (a spectator by default; ``join_queue`` to play)."""

    def __init__(self, address: tuple[str, int], name: str = "screen", role: str = SPECTATOR):
        super().__init__(address, name, role=role, client=PartyClient)

    @property
    def party(self) -> protocol.Party | None:
        """The host's last word on the queue, the scoreboard and the clock."""
        client = self._client
        return client.party if isinstance(client, PartyClient) else None

    def join_queue(self, join: bool = True) -> None:
        """Join the queue (or leave it, to watch)."""
        self._thread.call(self._client.send, protocol.Queue(join))

    def emote(self, emote: str) -> None:
        """Send one of ``net.party.EMOTES``; too many too fast come back refused."""
        self._thread.call(self._client.send, protocol.Emote(emote))


async def play_party_bot(
    address: tuple[str, int],
    level: str,
    *,
    name: str | None = None,
    seed: int | None = None,
    reconnect_for: float = 60.0,
) -> protocol.Party:
    """Queue at a party, play each game the host seats this bot in, say "gg" after each, and
    return the host's Party message once the party is over.

    :class:`~net.bot.BotGameError` if the connection ends for good first, or the table
    turns out not to be a party (its game ends with no word of a party).
    """
    events: asyncio.Queue[PartyEvent] = asyncio.Queue()
    client = PartyClient(
        address, name or f"bot ({level})", events.put_nowait, reconnect_for=reconnect_for
    )
    running = asyncio.ensure_future(client.run())
    rng = Random(seed)
    bot: Bot | None = None
    # Where our last move was sent from (the position, and which Welcome), until answered.
    asked: tuple[Position, int] | None = None
    # The game this bot played that it has not said "gg" after yet.
    playing: int | None = None
    try:
        while True:
            await next_event(events, running)
            party, pos, table = client.party, client.position, client.table
            if party is not None and party.finished:
                return party
            if pos is None or table is None:
                continue
            if pos.is_over:
                if party is None and playing == table.game:
                    # A party host sends its Party after every State, so by the end of a game
                    # this bot played there has been one: this is a plain table.
                    raise BotGameError("this table is not a party; join it without --party")
                if playing == table.game:
                    client.send(protocol.Emote("gg"))
                    playing = None
                continue
            mine = client.seat is not None and pos.to_play is client.seat
            if mine and client.full and asked != (pos, client.welcomes):
                playing = table.game
                bot = bot or make_bot(level, pos.variant, rng)
                action = await asyncio.to_thread(bot.choose, pos)
                if client.position is pos and client.seat is pos.to_play:
                    client.play(action)
                    asked = (pos, client.welcomes)
    finally:
        await client.close()
        await running
