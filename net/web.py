"""The phone page: HTTP and a WebSocket on the host's own event loop (aiohttp).

:class:`WebFront` serves ``assets/web`` (the page and its ES modules, from the
installed package: nothing is fetched from elsewhere) and a WebSocket at
``/ws``. A phone on that socket is a :class:`~net.connection.Connection` like a TCP
client: the host's :meth:`~net.host.Host.attend` serves it, so seats, tokens,
turn and legality checks, timeouts and limits are the host's own.

The socket speaks the protocol's messages as JSON text frames, the same maps
(``{"t": TAG, ...}``) msgpack carries on TCP: a browser parses JSON natively,
so the page needs no vendored decoder, and the protocol has no binary or
extension values that JSON could not carry. A frame the host sends is
transcoded once for every phone; after each ``state`` comes a ``view``
(:mod:`net.view`): what the page draws and may tap, computed with the rules
here. What a phone sends is held to the msgpack reader's limits (frame size,
string, list and map lengths) before :func:`net.protocol.decode` checks it.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import html
import ipaddress
import json
import logging
import socket
from collections import deque
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgpack
from aiohttp import WSMsgType, hdrs, web
from aiohttp.http_exceptions import HttpProcessingError

from net.connection import Connection
from net.framing import MAX_FRAME, MAX_LIST, MAX_MAP, OVER, FrameError
from net.party import EMOTES
from net.phones import DEFAULT_WEB_PORT, join_urls
from net.protocol import MAX_STR, PROTOCOL_VERSION, Message, decode
from net.view import view_of

if TYPE_CHECKING:
    from net.host import Host

PAGE_DIR = Path(str(resources.files("assets").joinpath("web")))
_TYPES = {".js": "text/javascript", ".css": "text/css"}  # of the files the page loads
# Frames up to this size get a Bye with the reason; aiohttp closes on larger ones by itself.
_HARD_LIMIT = 4 * MAX_FRAME
# How long a phone gets to take its last frames once the host is done with it.
_LINGER = 2.0
# What a phone's JSON may hold: net.framing's msgpack limits (and int64, as msgpack).
_MAX_DEPTH = 8
_INT64 = range(-(2**63), 2**64)
# Why a request naming another host (or none that reads as one) is refused.
_HERE_ONLY = "this table answers to its own address"
# The page and its files may come from here only; scripts and sockets from this host only.
_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; connect-src 'self'; "
        "frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-cache",
}


class WebFront:
    """The page and the socket for one host, on the host's loop, until :meth:`close`."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self._runner: web.AppRunner | None = None
        self._site: web.TCPSite | None = None
        self._transcoded: tuple[bytes, tuple[str, ...]] | None = None
        self._view: tuple[tuple[int, int, int], str] | None = None
        self._html: str | None = None
        self._urls: list[str] | None = None

    async def start(self, bind: str, port: int) -> None:
        names = await asyncio.to_thread(local_names)

        @web.middleware
        async def here_only(request: web.Request, handler: Any) -> web.StreamResponse:
            try:
                host = request.url.host
            except ValueError:  # a Host header that is no address (a port past 65535, bytes)
                raise web.HTTPBadRequest(text=f"{_HERE_ONLY}, and that names none") from None
            if not named_here(host, names):
                # Another site's page whose name was made to point here (DNS rebinding): its
                # socket would pass the origin check, and could fill the party with strangers.
                raise web.HTTPMisdirectedRequest(text=_HERE_ONLY)
            response: web.StreamResponse = await handler(request)
            return response

        app = web.Application(middlewares=[here_only, _headers])
        app.router.add_get("/", self._page)
        app.router.add_get("/ws", self._socket)
        app.router.add_get("/static/{name}", self._file)
        # A connection that sends no whole request (none at all, or one a byte at a time) is
        # closed as the game port closes a silent one, rather than held for an hour.
        runner = self._runner = web.AppRunner(
            app,
            access_log=None,
            handle_signals=False,
            shutdown_timeout=1.0,
            keepalive_timeout=self.host.config.hello_timeout,
            logger=_SERVER_LOG,
        )
        await runner.setup()
        try:
            self._site = web.TCPSite(runner, bind, port)
            await self._site.start()
        except OSError:
            if port != DEFAULT_WEB_PORT:
                raise
            # Another table on this machine has the usual port: any free one will do, since
            # phones come by the address shown on screen.
            self._site = web.TCPSite(runner, bind, 0)
            await self._site.start()

    async def close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def port(self) -> int:
        assert self._site is not None and self._site._server is not None, "start() first"
        sockets = self._site._server.sockets  # type: ignore[attr-defined]
        return int(sockets[0].getsockname()[1])

    def urls(self) -> list[str]:
        """Where phones open the page: each LAN address (the loopback one only if none)."""
        if self._urls is None:
            self._urls = join_urls(self.host.config.bind, self.port)
        return self._urls

    # -- HTTP ----------------------------------------------------------------------------

    async def _page(self, _: web.Request) -> web.Response:
        if self._html is None:
            # What the page cannot know by itself, escaped into its markup once.
            fill = {
                "{{PROTOCOL}}": str(PROTOCOL_VERSION),
                "{{EMOTES}}": html.escape(_json(EMOTES)),
                "{{TABLE}}": html.escape(self.host.table.name),
            }
            text = (PAGE_DIR / "index.html").read_text(encoding="utf-8")
            for key, value in fill.items():
                text = text.replace(key, value)
            self._html = text
        return web.Response(text=self._html, content_type="text/html")

    async def _file(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        files = _page_files()
        if name not in files:
            raise web.HTTPNotFound()
        kind = _TYPES[Path(name).suffix]
        return web.Response(body=files[name], content_type=kind, charset="utf-8")

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        origin = request.headers.get("Origin")
        if origin is not None and origin.split("://", 1)[-1] != request.host:
            # Another site's page in the guest's browser may not sit at this table.
            raise web.HTTPForbidden(text="this table's socket serves this table's page only")
        if hdrs.SEC_WEBSOCKET_PROTOCOL in request.headers:
            # The page asks for none; aiohttp would log a warning for each socket that does.
            raise web.HTTPBadRequest(text="this socket speaks no subprotocol")
        ws = web.WebSocketResponse(max_msg_size=_HARD_LIMIT, timeout=2.0, compress=False)
        try:
            await ws.prepare(request)
        except ConnectionError:
            # The phone left before the handshake's answer: nobody to serve, nothing to log.
            return web.Response()
        conn = WebConnection(self, ws, request)

        async def receive() -> Iterator[Message] | None:
            message = await ws.receive()
            if message.type is WSMsgType.TEXT:
                return _messages(message.data)
            if message.type is WSMsgType.BINARY:
                return _refuse("this socket takes JSON text frames, not binary ones")
            return None  # closed, closing, or an error aiohttp has closed on

        try:
            await self.host.attend(conn, receive)
        finally:
            await conn.finish()
        return ws

    # -- what phones are sent -------------------------------------------------------------

    def texts(self, frame: bytes) -> tuple[str, ...]:
        """The JSON frames a phone gets for one msgpack ``frame``: the same message, and
        after a state the view of its position. Transcoded once for every phone."""
        if self._transcoded is not None and self._transcoded[0] == frame:
            return self._transcoded[1]
        wire = msgpack.unpackb(frame, raw=False)
        texts: tuple[str, ...] = (_json(wire),)
        if wire.get("t") == "state":
            texts += (self._view_text(wire["game"], len(wire["moves"])),)
        self._transcoded = (frame, texts)
        return texts

    def _view_text(self, game: int, ply: int) -> str:
        table = self.host.table
        key = (id(table), game, ply)
        if self._view is None or self._view[0] != key:
            self._view = (key, _json(view_of(table.position, game, ply)))
        return self._view[1]


class WebConnection(Connection):
    """A phone on a WebSocket: frames are queued and written in order by a task of its own,
    so the host never waits on a phone; one that leaves too much unread is cut off."""

    def __init__(self, front: WebFront, ws: web.WebSocketResponse, request: web.Request) -> None:
        super().__init__(request.remote)
        self._front = front
        self._ws = ws
        self._transport = request.transport
        self._queue: deque[str] = deque()
        self._queued = 0  # characters waiting in the queue
        self._wake = asyncio.Event()
        self._writer = asyncio.ensure_future(self._send_queued())

    def _write(self, frame: bytes) -> None:
        for text in self._front.texts(frame):
            self._queue.append(text)
            self._queued += len(text)
        self._wake.set()

    def _backlog(self) -> int:
        return self._queued

    def _cut(self) -> None:
        if self._transport is not None:
            self._transport.abort()

    def _shut(self) -> None:
        self._wake.set()

    async def finish(self) -> None:
        """Once the host is done with the phone: send what is queued (the Bye among it),
        close the socket, end the writer."""
        if self._transport is not None:
            # A socket closed with frames buffered for it stays open until they are sent: for
            # a phone that stopped reading, without end. It gets this long to take them.
            asyncio.get_running_loop().call_later(2 * _LINGER, self._transport.abort)
        self.close()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(self._writer), _LINGER)
        self._writer.cancel()
        await self._ws.close()

    async def _send_queued(self) -> None:
        ws = self._ws
        with contextlib.suppress(ConnectionError, RuntimeError):
            while True:
                while self._queue:
                    text = self._queue.popleft()
                    self._queued -= len(text)
                    await ws.send_str(text)
                if self.closed:
                    break
                self._wake.clear()
                await self._wake.wait()
            # Ends the host's wait in receive() too, when the host is the one closing.
            await ws.close()


# -- what phones send ----------------------------------------------------------------------


def _messages(text: str) -> Iterator[Message]:
    """The one message a text frame holds; raising where it breaks a limit, as framing does."""
    if len(text) > MAX_FRAME or len(text.encode()) > MAX_FRAME:
        raise FrameError(f"a frame over {MAX_FRAME} bytes")
    try:
        value = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError) as exc:
        raise FrameError(f"not a JSON frame ({exc})"[:200]) from None
    _check_limits(value, 0)
    yield decode(value)


def _refuse(reason: str) -> Iterator[Message]:
    raise FrameError(reason)
    yield  # a generator: raises where the host iterates it


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a value of this protocol")


def _check_limits(value: object, depth: int) -> None:
    if depth > _MAX_DEPTH:
        raise FrameError("a frame nested too deep")
    if isinstance(value, str):
        try:
            size = len(value.encode())
        except UnicodeEncodeError:  # a lone surrogate, escaped: msgpack's UTF-8 refuses it too
            raise FrameError("a string that is not Unicode text") from None
        if size > MAX_STR:
            raise FrameError(OVER["str"])
    elif isinstance(value, bool):
        pass
    elif isinstance(value, int):
        if value not in _INT64:
            raise FrameError("an integer beyond 64 bits")
    elif isinstance(value, list):
        if len(value) > MAX_LIST:
            raise FrameError(OVER["array"])
        for item in value:
            _check_limits(item, depth + 1)
    elif isinstance(value, dict):
        if len(value) > MAX_MAP:
            raise FrameError(OVER["map"])
        for key, item in value.items():
            _check_limits(key, depth + 1)
            _check_limits(item, depth + 1)


@functools.cache
def _page_files() -> dict[str, bytes]:
    """The files the page loads, by name: a request names one of these or gets a 404, so no
    path a phone sends ever reaches the file system. Read once (when the first is asked for,
    not on import) and sent as one write: aiohttp's sendfile raises (a traceback in the log)
    when a phone goes while a file is on its way."""
    return {p.name: p.read_bytes() for p in PAGE_DIR.iterdir() if p.suffix in _TYPES}


def _json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


class _PeerFaults(logging.Filter):
    """Drops aiohttp's report of a request it could not parse (a line or header too long, not
    HTTP): the peer's fault, answered with a 400, not the host's to log with a traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not (record.exc_info and isinstance(record.exc_info[1], HttpProcessingError))


_SERVER_LOG = logging.getLogger(__name__)
_SERVER_LOG.addFilter(_PeerFaults())


def local_names() -> frozenset[str]:
    """The names this machine answers to besides its addresses: localhost, its own name,
    with ``.local`` (mDNS), and its full name in the network's domain (may ask the DNS)."""
    name = socket.gethostname().lower().rstrip(".")
    return frozenset({"localhost", name, f"{name}.local", socket.getfqdn().lower().rstrip(".")})


def named_here(host: str | None, names: frozenset[str]) -> bool:
    """Whether a request's Host names this machine as a guest reaches it: by an address (the
    join code's) or one of ``names`` (:func:`local_names`); a request without one (not a
    browser's) too."""
    if not host:
        return True
    with contextlib.suppress(ValueError):
        ipaddress.ip_address(host.strip("[]"))
        return True
    return host.lower().rstrip(".") in names


@web.middleware
async def _headers(request: web.Request, handler: Any) -> web.StreamResponse:
    response: web.StreamResponse = await handler(request)
    if not response.prepared:
        response.headers.update(_HEADERS)
    return response
