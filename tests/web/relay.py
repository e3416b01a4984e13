"""A TCP relay on 127.0.0.1 standing between phones and a host, as the Wi-Fi does: it passes
bytes, goes silent (bytes vanish and nothing closes, as when a phone walks out of range), or
refuses (as a host that is gone). Real sockets on both sides; only the air between is faked.
"""

from __future__ import annotations

import asyncio

from net.loopthread import LoopThread

PASS, SILENT, REFUSE = "pass", "silent", "refuse"


class Relay:
    """Listens on 127.0.0.1 (``port``) and relays each connection to ``target`` there."""

    def __init__(self, target: int) -> None:
        self.target = target
        self.mode = PASS
        self._thread = LoopThread("test-relay")
        # Every connection's two ends, and those the silence reached (dead once it ends).
        self._ends: dict[int, tuple[asyncio.StreamWriter, ...]] = {}
        self._dead: set[int] = set()
        self._next = 0
        self.port: int = self._thread.submit(self._listen()).result(5)

    async def _listen(self) -> int:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        return int(self._server.sockets[0].getsockname()[1])

    def go_silent(self) -> None:
        """From now on nothing gets through, and no connection is told."""
        self._thread.submit(self._set(SILENT)).result(5)

    def refuse(self) -> None:
        """Cut every connection now and every new one at once, as a host that is gone."""
        self._thread.submit(self._set(REFUSE)).result(5)

    def restore(self) -> None:
        """The link is back: connections the silence reached are reset (the host forgot them
        meanwhile, or the phone gave up on them), new ones pass."""
        self._thread.submit(self._set(PASS)).result(5)

    def close(self) -> None:
        self.refuse()
        self._server.close()
        self._thread.stop()

    async def _set(self, mode: str) -> None:
        if mode == SILENT:
            self._dead.update(self._ends)
        else:
            cut = set(self._ends) if mode == REFUSE else set(self._dead)
            for key in cut:
                for end in self._ends.pop(key, ()):
                    end.transport.abort()
            self._dead -= cut
        self.mode = mode

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        key, self._next = self._next, self._next + 1
        if self.mode == REFUSE:
            writer.transport.abort()
            return
        self._ends[key] = (writer,)
        if self.mode == SILENT:
            # The phone's knock is lost in the air: it hears nothing until it gives up.
            self._dead.add(key)
            return
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target)
        except OSError:
            writer.transport.abort()
            return
        self._ends[key] = (writer, up_writer)
        await asyncio.gather(self._pump(key, reader, up_writer), self._pump(key, up_reader, writer))

    async def _pump(
        self, key: int, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> None:
        try:
            while data := await reader.read(65536):
                if key not in self._dead:
                    writer.write(data)
                    await writer.drain()
        except ConnectionError:
            pass
        if key in self._dead:
            return  # a silent link carries no close either: restore() resets it
        for end in self._ends.pop(key, ()):
            end.transport.abort()
