"""A game whose engine runs on a host, behind the same interface as ``game.session.LocalSession``.

:class:`NetworkSession` runs a :class:`~net.client.TableClient` on an asyncio
loop in a thread of its own. The pygame loop calls :meth:`submit` (returns at
once) and drains :meth:`events` once a frame (never blocks): the two threads
meet only through a queue, and :attr:`NetworkSession.wake`, called as news arrives
(a window asleep over a still board wakes to draw it at once). It is the one
client session of a window, at a plain table and at a party alike: a party's
scoreboard and emotes come as events too, and :meth:`join_queue` and
:meth:`emote` speak to a party host.
"""

from __future__ import annotations

import contextlib
import queue
from collections.abc import Callable
from concurrent.futures import Future

from game.rules import Action, Player
from net import protocol
from net.client import TableClient, TableEvent
from net.loopthread import LoopThread
from net.protocol import PLAYER
from net.seats import SeatStore


class NetworkSession:
    """A seat (``role="player"``) or a view (``role="spectator"``) at a table on the network.

    ``seat`` asks for a side; without it a player takes any open one. The
    first events are a Snapshot of the game as it stands (or a Notice saying
    why the host would not seat us). ``seats`` keeps the seat's token between runs
    (under ``table_key``, where the lobby told it); ``token`` offers one known otherwise
    (see ``TableClient``).
    """

    def __init__(
        self,
        address: tuple[str, int],
        name: str = "player",
        role: str = PLAYER,
        seat: Player | None = None,
        reconnect_for: float = 60.0,
        seats: SeatStore | None = None,
        silence: float = 10.0,
        token: str | None = None,
        table_key: str | None = None,
    ) -> None:
        self.address = address
        self._events: queue.SimpleQueue[TableEvent] = queue.SimpleQueue()
        # Called on the network thread once an event is queued: the app's wake-up.
        self.wake: Callable[[], None] = lambda: None
        self._client = TableClient(
            address,
            name,
            self._heard,
            role=role,
            seat=seat,
            reconnect_for=reconnect_for,
            seats=seats,
            silence=silence,
            token=token,
            table_key=table_key,
        )
        self._thread = LoopThread("qttt-net")
        self._done: Future[str] = self._thread.submit(self._client.run())

    # -- the Session protocol ------------------------------------------------------------

    @property
    def local_sides(self) -> frozenset[Player]:
        """The side this screen plays (it changes when a rematch swaps sides)."""
        seat = self._client.seat if self._client.role == PLAYER else None
        return frozenset((seat,)) if seat else frozenset()

    def submit(self, action: Action, ply: int | None = None) -> None:
        """Ask for ``action`` (after ``ply`` moves, if this screen saw the game elsewhere)."""
        self._thread.call(self._client.play, action, ply)

    def _heard(self, event: TableEvent) -> None:
        self._events.put(event)
        self.wake()

    def events(self) -> list[TableEvent]:
        drained: list[TableEvent] = []
        while True:
            try:
                drained.append(self._events.get_nowait())
            except queue.Empty:
                return drained

    def close(self, leave: bool = False) -> None:
        """Hang up; ``leave`` frees the seat at once (:meth:`TableClient.close`)."""
        if not self._done.done():
            self._thread.submit(self._client.close(leave))
            # Closing must never fail a window's exit, whatever the connection did.
            with contextlib.suppress(Exception):
                self._done.result(2.0)
        self._thread.stop()

    # -- what a table screen adds ----------------------------------------------------------

    def sit(self, side: Player) -> None:
        """As a spectator, ask for the empty seat ``side``."""
        self._thread.call(self._client.send, protocol.Sit(side.value))

    def rematch(self) -> None:
        """Once the game is over: ask for another, sides swapped (it starts when both ask)."""
        self._thread.call(self._client.send, protocol.Rematch())

    def join_queue(self, join: bool = True) -> None:
        """At a party: join the queue (or leave it, to watch)."""
        self._thread.call(self._client.send, protocol.Queue(join))

    def emote(self, emote: str) -> None:
        """At a party: send one of ``net.party.EMOTES``; too many too fast come back refused."""
        self._thread.call(self._client.send, protocol.Emote(emote))

    @property
    def party(self) -> protocol.Party | None:
        """A party host's last word on the queue, the scoreboard and the clock (else None)."""
        return self._client.party

    @property
    def table(self) -> protocol.State | None:
        """The host's last word on seats (names, connected), spectators and rematch wishes."""
        return self._client.table

    @property
    def connected(self) -> bool:
        return self._client.connected

    @property
    def reconnecting(self) -> bool:
        """The link dropped and is being tried again (the seat is held meanwhile); a move
        made now is sent once it is back, if the game still waits for it."""
        return self._client.reconnecting

    @property
    def reconnect_for(self) -> float:
        """How long a dropped link is tried again (``math.inf``: for as long as it runs)."""
        return self._client.reconnect_for

    @property
    def table_name(self) -> str | None:
        """What the host calls its table (known from its first Welcome)."""
        return self._client.table_name

    @property
    def join_url(self) -> str | None:
        """Where phones open the table's page (for a QR code on screen), if the host serves it."""
        return self._client.join_url

    @property
    def ended(self) -> str | None:
        """Why the connection ended for good (the host said bye, or gave up reconnecting)."""
        return self._client.ended
