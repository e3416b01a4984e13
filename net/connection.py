"""A peer of a host, whatever carries its frames, and the TCP stream that carries most.

The host (:mod:`net.host`) decides everything from a connection's fields; a subclass only
carries frames: :class:`StreamConnection` a TCP stream, ``net.web.WebConnection`` a phone's
WebSocket.
"""

from __future__ import annotations

import asyncio

from game.rules import Player
from net.framing import pack
from net.protocol import Message

# A peer that leaves this much of our output unread is not keeping up: drop it
# rather than buffer without end.
MAX_BACKLOG = 256 * 1024


class Connection:
    """One peer: what it is at the table, and a way to send it frames.

    The host decides everything from these fields; a subclass only carries
    frames (a TCP stream below, a phone's WebSocket in :mod:`net.web`).
    """

    def __init__(self, peer: object) -> None:
        self.peer = peer
        self.role: str | None = None  # None until its Hello is accepted
        self.name = "?"
        self.seat: Player | None = None
        # A token the peer made itself and offered in its hello, kept for later (a party's
        # watcher becomes a member by it on joining the queue: net.party_host.OWN_TOKEN).
        self.own_token: str | None = None
        self.task: asyncio.Task[None] | None = None
        self.left = False  # it said bye: the player is leaving, so no seat is held for it
        self.refused = 0  # moves the rules refused it (the host logs the first few)
        # The host is done with it (a bye either way, a removal, a protocol error, a backlog):
        # nothing more is sent to it, and nothing more it sent is handled, not even frames
        # read before it closed (a removed guest's hello would seat them again).
        self.closed = False
        self.cut_off: str | None = None  # why the connection was cut, when it was

    def send_frame(self, frame: bytes) -> None:
        """Queue one msgpack frame for the peer without waiting for it; none once closed.
        A peer that leaves more than MAX_BACKLOG unread is cut off at once."""
        if self.closed:
            return
        self._write(frame)
        if self._backlog() > MAX_BACKLOG:
            self.cut_off = f"more than {MAX_BACKLOG >> 10} KB of messages left unread"
            self.abort()

    def close(self) -> None:
        """Close the connection once what is queued is sent; its serving task then ends."""
        self.closed = True
        self._shut()

    def abort(self) -> None:
        """Cut the connection at once, sending nothing more: the host then sees it end."""
        self.closed = True
        self._cut()

    def send(self, message: Message) -> None:
        self.send_frame(pack(message))

    def _write(self, frame: bytes) -> None:
        raise NotImplementedError

    def _backlog(self) -> int:
        """How much of what was written the peer has not taken yet."""
        raise NotImplementedError

    def _cut(self) -> None:
        """Drop the transport at once."""
        raise NotImplementedError

    def _shut(self) -> None:
        """Let the transport go once it has sent what is queued."""
        raise NotImplementedError


class StreamConnection(Connection):
    """A peer on a TCP stream."""

    def __init__(self, writer: asyncio.StreamWriter) -> None:
        super().__init__(writer.get_extra_info("peername"))
        self.writer = writer

    def _write(self, frame: bytes) -> None:
        if not self.writer.is_closing():  # the peer went: asyncio would warn of each write
            self.writer.write(frame)

    def _backlog(self) -> int:
        return self.writer.transport.get_write_buffer_size()

    def _cut(self) -> None:
        self.writer.transport.abort()

    def _shut(self) -> None:
        self.writer.close()
