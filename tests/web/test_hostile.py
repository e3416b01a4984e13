"""Hostile WebSocket clients are dropped with a reason, and the host goes on serving."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable

import aiohttp

from game.rules import Player
from net.host import HostHandle
from net.protocol import PROTOCOL_VERSION
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
                "oversized": json.dumps({"t": "ping", "pad": "x" * 20_000}),
                "binary": b"\x81\xa1t\xa4ping",
                "long string": _hello("x" * 2000),
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
    assert "16384 bytes" in str(reasons["oversized"])
    assert "JSON text frames, not binary" in str(reasons["binary"])
    assert "string over 1024" in str(reasons["long string"])
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
