"""A party hosted on this screen: the big screen's view, and the players on the couch.

Everyone at a party joins its host the same way, over a socket: a phone, a
window across the room, and the people sitting in front of this screen too.
:class:`CouchSession` is the one session the app holds for a party this
window hosts (``AtTable.session``): a spectator connection for the big
screen, whose events are the screen's, plus one player connection per couch
player, each with the device they play with. Its ``local_sides`` are the
sides couch players hold in the game on the table, and a move made on this
screen goes through the connection of whoever holds the side to play, so
two couch players can play each other (hot seat, or a pad each). The host
listens on loopback as well as the LAN, so a couch-only party needs no
network at all.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.rules import Action, Player, Position
from game.session import Notice, Refused, Snapshot
from net import protocol
from net.client import TableEvent
from net.protocol import PLAYER, SPECTATOR
from net.session import NetworkSession


@dataclass
class CouchPlayer:
    """Someone playing on this screen: their name, their connection, the pad they hold
    (``game.client.intents.KEYBOARD`` for the keyboard and mouse)."""

    name: str
    session: NetworkSession
    pad: int


class CouchSession:
    """The big screen at a party it hosts, and its couch players (see the module)."""

    def __init__(self, address: tuple[str, int], screen: str = "big screen") -> None:
        self.address = address
        # Called on a network thread when any of this screen's sessions hears news.
        self.wake: Callable[[], None] = lambda: None
        self.screen = self._session(screen, SPECTATOR)
        self.players: list[CouchPlayer] = []
        self.position: Position | None = None  # the game on the table, as last reported
        self.moves = 0  # ... and how many moves it has
        # What the party screen keeps about the evening while it runs (scenes.party.Night).
        self.night: Any = None

    # -- couch players -----------------------------------------------------------------

    def add(self, name: str, pad: int) -> None:
        """Seat ``name`` on the couch with ``pad``: they join the party's queue like anyone."""
        self.players.append(CouchPlayer(name, self._session(name, PLAYER), pad))

    def _session(self, name: str, role: str) -> NetworkSession:
        session = NetworkSession(self.address, name, role=role)
        session.wake = lambda: self.wake()  # whatever wakes this screen when it is set
        return session

    def names(self) -> list[str]:
        return [p.name for p in self.players]

    def holding(self, side: Player) -> CouchPlayer | None:
        """The couch player who plays ``side`` of the game on the table, if one does."""
        return next((p for p in self.players if side in p.session.local_sides), None)

    def side_of(self, pad: int) -> Player | None:
        """The side the couch player holding ``pad`` plays now (None: nobody, or not seated).
        Two couch players seated with one pad share it, a hot seat: it plays the side to
        move (the first one's alone, the other's turn was refused and the game stood still)."""
        sides = {side for p in self.players if p.pad == pad for side in p.session.local_sides}
        if len(sides) > 1:
            return self.position.to_play if self.position else None
        return next(iter(sides), None)

    # -- the Session protocol ----------------------------------------------------------

    @property
    def local_sides(self) -> frozenset[Player]:
        return frozenset(side for p in self.players for side in p.session.local_sides)

    def submit(self, action: Action) -> None:
        side = self.position.to_play if self.position else None
        player = self.holding(side) if side else None
        if player is None:
            return  # not this screen's move: the board never offers one
        # As the move after the game this screen shows: the player's own connection may not
        # have heard of the last move yet.
        player.session.submit(action, self.moves)

    def events(self) -> list[TableEvent]:
        """The big screen's events, and what concerns a couch player alone: a refusal of their
        intent, and why their connection ended (they leave the couch then)."""
        drained = self.screen.events()
        for event in drained:
            if isinstance(event, Snapshot):
                self.position, self.moves = event.position, len(event.moves)
        for player in list(self.players):
            for event in player.session.events():
                if isinstance(event, Refused):
                    drained.append(Refused(f"{player.name}: {event.reason}"))
            if player.session.ended is not None:
                self.players.remove(player)
                player.session.close()
                drained.append(Notice(f"{player.name} left the couch: {player.session.ended}"))
        return drained

    def close(self, leave: bool = False) -> None:
        for player in self.players:
            player.session.close(leave)
        self.screen.close(leave)

    # -- the table, as the big screen hears it -----------------------------------------------

    @property
    def party(self) -> protocol.Party | None:
        return self.screen.party

    @property
    def table(self) -> protocol.State | None:
        return self.screen.table

    @property
    def connected(self) -> bool:
        return self.screen.connected

    @property
    def ended(self) -> str | None:
        return self.screen.ended

    @property
    def reconnecting(self) -> bool:
        return self.screen.reconnecting

    @property
    def table_name(self) -> str | None:
        return self.screen.table_name

    @property
    def join_url(self) -> str | None:
        return self.screen.join_url

    def emote(self, emote: str) -> None:
        self.screen.emote(emote)
