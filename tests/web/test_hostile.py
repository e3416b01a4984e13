"""Hostile WebSocket clients are dropped with a reason, and the host goes on serving."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import socket
import struct
import time
from collections.abc import Callable

import aiohttp
import pytest

from game.rules import Player
from net.framing import MAX_FRAME, FrameReader, pack
from net.host import HostHandle
from net.party_host import PartyConfig, PartyHost
from net.protocol import PROTOCOL_VERSION, SPECTATOR, Hello, Queue, Refused
from tests.net.conftest import between_read_and_dispatch
from tests.web.conftest import page_url


def _hello(name: str, **fields: object) -> str:
    hello = {"t": "hello", "version": PROTOCOL_VERSION, "role": "player", "name": name}
    return json.dumps({"seat": None, "token": None, **hello, **fields})


async def _bye(ws: aiohttp.ClientWebSocketResponse) -> str | None:
    """Read to the end: the reason of the Bye, if one came."""
    reason = None
    async for message in ws:
        if message.type is aiohttp.WSMsgType.TEXT:
            data = json.loads(message.data)
            if data["t"] == "bye":
                reason = data["reason"]
    return reason


async def _until(ws: aiohttp.ClientWebSocketResponse, tag: str) -> dict[str, object]:
    async for message in ws:
        data = json.loads(message.data)
        if data["t"] == tag:
            return data  # type: ignore[no-any-return]
    raise AssertionError(f"closed before a {tag}")


def test_hostile_sockets_are_dropped_with_a_reason(web_host: Callable[..., HostHandle]) -> None:
    handle = web_host("goff")
    url = page_url(handle) + "ws"

    async def attack() -> dict[str, str | None]:
        reasons: dict[str, str | None] = {}
        # A real player sits at X first and stays through everything below.
        async with aiohttp.ClientSession() as http, http.ws_connect(url) as ada:
            await ada.send_str(_hello("Ada"))
            welcome = await _until(ada, "welcome")
            assert welcome["seat"] == "X"
            attacks = {
                "garbage": "{not json",
                "oversized": json.dumps({"t": "ping", "pad": "x" * (MAX_FRAME + 1)}),
                "binary": b"\x81\xa1t\xa4ping",
                "long string": _hello("x" * 2000),
                "lone surrogate": _hello("\ud800"),  # escaped in the JSON, as a page may send
                "deep": "[" * 5000 + "]" * 5000,
                "no hello": json.dumps({"t": "ping"}),
                "wrong type": _hello("Bo", version="2"),
                "stolen seat": _hello("Mallory", token="not-the-token"),
            }
            for what, frame in attacks.items():
                async with http.ws_connect(url) as ws:
                    if isinstance(frame, bytes):
                        await ws.send_bytes(frame)
                    else:
                        await ws.send_str(frame)
                    reasons[what] = await _bye(ws)
            # A spectator may not move for X, nor claim to be X.
            async with http.ws_connect(url) as eve:
                await eve.send_str(_hello("Eve", role="spectator"))
                await _until(eve, "welcome")
                await eve.send_str(json.dumps({"t": "move", "side": "X", "ply": 0, "token": "1-2"}))
                reasons["spectator moves"] = str((await _until(eve, "refused"))["reason"])
            # Ada still plays: the host kept serving her through it all.
            await ada.send_str(json.dumps({"t": "move", "side": "O", "ply": 0, "token": "1-2"}))
            reasons["wrong seat"] = str((await _until(ada, "refused"))["reason"])
            await ada.send_str(json.dumps({"t": "ping"}))
            await _until(ada, "pong")
        return reasons

    reasons = asyncio.run(asyncio.wait_for(attack(), 30))
    assert "not a JSON frame" in str(reasons["garbage"])
    assert f"{MAX_FRAME} bytes" in str(reasons["oversized"])
    assert "JSON text frames, not binary" in str(reasons["binary"])
    assert "string over 1024" in str(reasons["long string"])
    assert "not Unicode text" in str(reasons["lone surrogate"])
    assert reasons["deep"] and ("deep" in reasons["deep"] or "JSON" in reasons["deep"])
    assert "first message must be hello" in str(reasons["no hello"])
    assert "hello.version must be an integer" in str(reasons["wrong type"])
    assert "no longer held" in str(reasons["stolen seat"])
    assert reasons["spectator moves"] == "spectators cannot move"
    assert reasons["wrong seat"] == "you play X, not O"
    seat = handle.host.table.seats[Player.X]
    assert seat is not None and seat.name == "Ada"
    assert handle.host.table.record.moves == []


def test_only_the_pages_own_files_are_served(web_host: Callable[..., HostHandle]) -> None:
    handle = web_host("goff", name="<b>Kitchen</b>")
    base = page_url(handle)

    async def fetch() -> dict[str, tuple[int, str]]:
        got = {}
        async with aiohttp.ClientSession() as http:
            for path in (
                "",
                "static/main.js",
                "static/",
                "static/../../net/host.py",
                "static/%2e%2e/%2e%2e/net/host.py",
                "net/host.py",
                "ws",
            ):
                async with http.get(base + path) as response:
                    got[path] = (response.status, await response.text())
            foreign = {"Origin": "http://evil.example"}
            async with http.get(base + "ws", headers=foreign) as response:
                got["foreign origin"] = (response.status, "")
        return got

    got = asyncio.run(fetch())
    assert got[""][0] == 200 and "Kitchen" in got[""][1]
    assert got["static/main.js"][0] == 200
    for path in (
        "static/",
        "static/../../net/host.py",
        "static/%2e%2e/%2e%2e/net/host.py",
        "net/host.py",
    ):
        assert got[path][0] in (403, 404), path
    assert got["ws"][0] == 400  # not a WebSocket handshake
    assert got["foreign origin"][0] == 403


def test_a_page_of_another_site_pointed_here_by_its_name_is_refused(
    web_host: Callable[..., HostHandle], caplog: pytest.LogCaptureFixture
) -> None:
    """DNS rebinding: a site's name made to point at this machine brings its page's socket
    here with its own name as both Host and Origin, so the origin check passes; the name is
    not one of this machine's, and the page and the socket are refused. By its address, as
    localhost or by the machine's own name, the page is served."""
    handle = web_host("goff", name="Kitchen")
    ours = socket.gethostname()
    asked = {
        f"{where} {path}": (
            f"GET {path} HTTP/1.1\r\nHost: {host}\r\nOrigin: http://{host}\r\n"
            "Connection: close\r\n\r\n"
        ).encode()
        for where, host in {
            "rebound": "evil.example:7780",
            "rebound, like ours": f"{ours}.evil.example:7780",
            "address": "127.0.0.1:7780",
            "localhost": "localhost:7780",
            "our name": f"{ours}.local:7780",
        }.items()
        for path in ("/", "/ws")
    }
    with caplog.at_level(logging.DEBUG):
        answers = _answers(handle, asked)
    status = {what: answer.split(b"\r\n", 1)[0] for what, answer in answers.items()}
    for what in ("rebound", "rebound, like ours"):
        assert status[f"{what} /"] == b"HTTP/1.1 421 Misdirected Request", what
        assert status[f"{what} /ws"] == b"HTTP/1.1 421 Misdirected Request", what
    for what in ("address", "localhost", "our name"):
        assert status[f"{what} /"] == b"HTTP/1.1 200 OK", what
        assert b"Kitchen" in answers[f"{what} /"]
        assert status[f"{what} /ws"] == b"HTTP/1.1 400 Bad Request", what  # no handshake
    assert _logged(caplog) == []


def test_a_flood_of_queue_changes_leaves_the_phones_connected(
    web_host: Callable[..., HostHandle],
) -> None:
    """Each change of a party's queue goes to everyone: a thousand of them in one write are
    refused past the first few, rather than burying the phones in frames until they are cut."""
    party = PartyConfig(start_at=3)
    handle = web_host("goff", make=functools.partial(PartyHost, party=party), name="Party")

    async def flood() -> tuple[list[str], list[str]]:
        async with aiohttp.ClientSession() as http, http.ws_connect(page_url(handle) + "ws") as ada:
            await ada.send_str(_hello("Ada"))
            await _until(ada, "welcome")
            reader, writer = await asyncio.open_connection(*handle.address)
            toggles = (pack(Queue(True)) + pack(Queue(False))) * 500
            writer.write(pack(Hello(PROTOCOL_VERSION, SPECTATOR, "Mallory")) + toggles)
            frames, refused = FrameReader(), []
            while len(refused) < 996:  # four changes go through
                data = await reader.read(65536)
                assert data, "the host closed on Mallory"
                refused += [m.reason for m in frames.feed(data) if isinstance(m, Refused)]
            writer.close()
            await ada.send_str(json.dumps({"t": "ping"}))
            await _until(ada, "pong")  # Ada is still served, and still in the queue
            return refused, list(handle.host.party.present)

    refused, present = asyncio.run(asyncio.wait_for(flood(), 30))
    # Join, leave, join, leave; then each join is one too many, and each leave finds Mallory
    # out of the queue.
    assert refused[:2] == ["one change of the queue every 1 s, please", "you are not in the queue"]
    assert set(refused) == set(refused[:2])
    assert present == ["Ada"]


def test_a_phone_back_while_its_old_socket_lingers_takes_its_place(
    web_host: Callable[..., HostHandle],
) -> None:
    """A queued phone that slept or reloaded says hello again with its token before the host
    has noticed the old socket is dead: the old one is told why and closed, the new one kept."""
    party = PartyConfig(start_at=3)
    handle = web_host("goff", make=functools.partial(PartyHost, party=party), name="Party")
    url = page_url(handle) + "ws"

    async def rejoin() -> tuple[str | None, dict[str, object]]:
        async with aiohttp.ClientSession() as http, http.ws_connect(url) as old:
            await old.send_str(_hello("Ada"))
            token = (await _until(old, "welcome"))["token"]
            async with http.ws_connect(url) as new:
                await new.send_str(_hello("Ada", token=token))
                welcome = await _until(new, "welcome")
                said = await _bye(old)
                await new.send_str(json.dumps({"t": "ping"}))
                await _until(new, "pong")
                while len(handle.host.connections) > 1:  # the old one's end, seen by the host
                    await asyncio.sleep(0.01)
                return said, welcome

    said, welcome = asyncio.run(asyncio.wait_for(rejoin(), 30))
    assert said == "you joined again from another connection"
    assert welcome["role"] == "player"


def test_a_connection_to_the_page_that_asks_nothing_is_closed(
    web_host: Callable[..., HostHandle],
) -> None:
    """As the game port does with a silent peer: one that sends no request, or sends it a byte
    at a time, is closed after the hello timeout rather than held for an hour."""
    handle = web_host("goff", hello_timeout=0.5)

    async def idle() -> tuple[float, int]:
        port = handle.host.web.port  # type: ignore[union-attr]
        silent, _ = await asyncio.open_connection("127.0.0.1", port)
        slow, trickle = await asyncio.open_connection("127.0.0.1", port)
        began = time.monotonic()
        request = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"  # 4 s at a byte every 0.1 s
        sent = 0
        with contextlib.suppress(ConnectionError):
            while sent < len(request) and not slow.at_eof():
                trickle.write(request[sent : sent + 1])
                sent += 1
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(slow.read(), 0.1)
        assert await asyncio.wait_for(silent.read(), 5.0) == b""  # closed, and the trickle too
        return time.monotonic() - began, sent

    waited, sent = asyncio.run(idle())
    assert waited < 3.0 and sent < 30


_HANDSHAKE = (
    b"GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
)


def _answers(handle: HostHandle, requests: dict[str, bytes]) -> dict[str, bytes]:
    """What the page's port answers to each raw request, read until it closes."""
    port = handle.host.web.port  # type: ignore[union-attr]

    async def send(request: bytes) -> bytes:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(request)
        answer = await reader.read()
        writer.close()
        return answer

    async def send_all() -> dict[str, bytes]:
        return {what: await send(request) for what, request in requests.items()}

    return asyncio.run(asyncio.wait_for(send_all(), 30))


def _logged(caplog: pytest.LogCaptureFixture) -> list[str]:
    """What would reach the host's terminal: warnings, errors, and any traceback."""
    return [r.getMessage() for r in caplog.records if r.exc_info or r.levelno >= logging.WARNING]


def test_a_request_too_long_or_not_http_gets_a_400_and_leaves_no_traceback(
    web_host: Callable[..., HostHandle], caplog: pytest.LogCaptureFixture
) -> None:
    """A broken browser or a scanner is the peer's fault: it is answered, not logged."""
    handle = web_host("goff")
    with caplog.at_level(logging.DEBUG):
        answers = _answers(
            handle,
            {
                "long url": b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
                "long header": b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX: "
                + b"a" * 9000
                + b"\r\n\r\n",
                "bad version": b"GET / HTTP/9.9\r\nHost: 127.0.0.1\r\n\r\n",
            },
        )
    for what, answer in answers.items():
        assert answer.startswith(b"HTTP/1.0 400"), what
    assert _logged(caplog) == []


def test_a_host_header_that_names_no_address_gets_a_400_and_leaves_no_traceback(
    web_host: Callable[..., HostHandle], caplog: pytest.LogCaptureFixture
) -> None:
    # yarl refused to read these as a URL's host, deep in the check of the name: a 500, and
    # 25 lines of traceback in the host's terminal for each.
    handle = web_host("goff")
    hosts = {
        "port": b"127.0.0.1:99999",
        "letters": b"x:abc",
        "colons": b":::",
        "bytes": b"\xff\xfe",
    }
    asked = {
        f"{what} {path}": b"GET "
        + path
        + b" HTTP/1.1\r\nHost: "
        + host
        + b"\r\nConnection: close\r\n\r\n"
        for what, host in hosts.items()
        for path in (b"/", b"/ws", b"/static/main.js")
    }
    with caplog.at_level(logging.DEBUG):
        answers = _answers(handle, asked)
    for what, answer in answers.items():
        head, _, body = answer.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 400 Bad Request"), (what, answer)
        assert body == b"this table answers to its own address, and that names none", what
    assert _logged(caplog) == []


def test_a_file_name_too_long_for_the_disk_is_not_found(
    web_host: Callable[..., HostHandle], caplog: pytest.LogCaptureFixture
) -> None:
    """Not a server error with a traceback: only the page's own files are looked up at all."""
    handle = web_host("goff")
    request = (
        b"GET /static/" + b"a" * 300 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    )
    with caplog.at_level(logging.DEBUG):
        answer = _answers(handle, {"long name": request})["long name"]
    assert answer.startswith(b"HTTP/1.1 404")
    assert _logged(caplog) == []


def test_a_socket_asking_for_a_subprotocol_is_refused_without_a_warning(
    web_host: Callable[..., HostHandle], caplog: pytest.LogCaptureFixture
) -> None:
    handle = web_host("goff")
    request = _HANDSHAKE + b"Sec-WebSocket-Protocol: chat\r\n\r\n"
    with caplog.at_level(logging.DEBUG):
        answer = _answers(handle, {"subprotocol": request})["subprotocol"]
    assert answer.startswith(b"HTTP/1.1 400") and b"no subprotocol" in answer
    assert _logged(caplog) == []


def test_phones_gone_as_the_handshake_is_answered_leave_no_traceback(
    web_host: Callable[..., HostHandle], caplog: pytest.LogCaptureFixture
) -> None:
    """A tab closed (or a phone asleep) while its socket connects: the host has nobody to
    answer, and that is no error of its own."""
    handle = web_host("goff")
    port = handle.host.web.port  # type: ignore[union-attr]

    async def knock_and_leave() -> None:
        for _ in range(100):
            _, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(_HANDSHAKE + b"\r\n")
            writer.close()
        while handle.host.web._runner.server.connections:  # type: ignore[union-attr]
            await asyncio.sleep(0.05)

    with caplog.at_level(logging.DEBUG):
        asyncio.run(asyncio.wait_for(knock_and_leave(), 30))
    assert _logged(caplog) == []


def test_a_socket_that_stops_reading_is_cut_once_the_host_is_done_with_it(
    web_host: Callable[..., HostHandle],
) -> None:
    """It floods pings and reads none of the pongs: the host drops it (no whole message while
    its pongs cannot be written), and the socket is cut rather than kept open without end
    with the pongs and the Bye it will never read buffered for it."""
    handle = web_host("goff")
    port = handle.host.web.port  # type: ignore[union-attr]
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
    sock.settimeout(10)
    sock.connect(("127.0.0.1", port))
    sock.sendall(_HANDSHAKE + b"\r\n")
    assert sock.recv(4096).startswith(b"HTTP/1.1 101")
    ping = bytes([0x89, 0x80 | 125]) + bytes(4) + b"p" * 125  # masked (with zeros), 125 bytes
    sock.sendall(_masked_text(_hello("Mallory", role="spectator")))
    sock.setblocking(False)
    deadline = time.monotonic() + 60
    cut = False
    while not cut and time.monotonic() < deadline:
        try:
            sock.send(ping * 100)
        except BlockingIOError:
            time.sleep(0.05)  # its buffers are full too: it keeps knocking
        except ConnectionError:
            cut = True
    sock.close()
    assert cut, "the socket was never cut"


def _masked_text(text: str) -> bytes:
    """A client's text frame (masked with zeros, so the payload reads as is), under 64 KiB."""
    data = text.encode()
    return bytes([0x81, 0x80 | 126]) + len(data).to_bytes(2, "big") + bytes(4) + data


def test_phones_gone_while_the_page_loads_leave_no_traceback(
    web_host: Callable[..., HostHandle], caplog: pytest.LogCaptureFixture
) -> None:
    """A tab closed as the page's script comes (the connection reset, a moment after asking):
    nobody to send the rest to, and no error of the host's."""
    handle = web_host("goff")
    port = handle.host.web.port  # type: ignore[union-attr]
    with caplog.at_level(logging.DEBUG):
        for i in range(400):
            sock = socket.create_connection(("127.0.0.1", port))
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            sock.sendall(b"GET /static/main.js HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            time.sleep(i % 5 / 1000)  # gone at one moment or another of the answer
            sock.close()
        deadline = time.monotonic() + 30
        while handle.host.web._runner.server.connections:  # type: ignore[union-attr]
            assert time.monotonic() < deadline, "connections left open"
            time.sleep(0.05)
    assert _logged(caplog) == []


def test_a_phone_removed_is_done_with_what_the_host_had_read_of_it(
    web_host: Callable[..., HostHandle],
) -> None:
    """As on the game's port: Ada's hello (with her token) and an emote were already read
    when the host removed her, and handled after it they let her back in."""
    party = PartyConfig(start_at=3)
    handle = web_host("goff", make=functools.partial(PartyHost, party=party), name="Party")
    url = page_url(handle) + "ws"
    host = handle.host
    assert isinstance(host, PartyHost)

    async def removed() -> tuple[str | None, list[str], list[str]]:
        async with (
            aiohttp.ClientSession() as http,
            http.ws_connect(url) as ada,
            http.ws_connect(url) as bo,
        ):
            await ada.send_str(_hello("Ada"))
            token = (await _until(ada, "welcome"))["token"]
            await bo.send_str(_hello("Bo"))
            while (await _until(bo, "notice"))["text"] != "you are in the queue":
                pass
            with between_read_and_dispatch(handle, functools.partial(host.kick, "Ada")):
                await ada.send_str(_hello("Ada", token=token))
                await ada.send_str(json.dumps({"t": "emote", "emote": "gg"}))
            said = await _bye(ada)
            await bo.send_str(json.dumps({"t": "ping"}))
            told = []
            async for message in bo:
                data = json.loads(message.data)
                if data["t"] == "pong":
                    return said, told, list(host.party.present)
                if data["t"] in ("notice", "emoted"):
                    told.append(str(data.get("text", data)))
            raise AssertionError("Bo's socket closed")

    said, told, present = asyncio.run(asyncio.wait_for(removed(), 30))
    assert said == "the host removed you from the party"
    assert told == ["the host removed Ada from the party"]
    assert present == ["Bo"]
