"""``qttt bench net [--json]``: how fast a move reaches every screen, and a table the lobby.

- Latency: a host process on loopback, 2 players and 16 spectators (all
  ``net.client.TableClient``, as windows use) in this process. For each move,
  the time from the intent being sent to the last of the 18 clients holding
  the new position; games follow each other by rematch. p50 and p99.
- The same with phones: half the clients (O and 8 spectators) are the phone
  page's WebSocket (``--web``), each done when the move's ``view`` arrives.
- Discovery: from starting a host process to its table showing in this
  process's lobby (zeroconf on loopback). This part runs inside a private
  network namespace holding only loopback, so no mDNS leaves the machine.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from random import Random

import aiohttp

from game.commands.arguments import described, whole
from game.rules import Player
from game.session import Event, Snapshot
from net.client import TableClient
from net.discovery import LobbyBrowser
from net.protocol import PLAYER, PROTOCOL_VERSION, SPECTATOR, Rematch

LOOPBACK = "127.0.0.1"
WAIT = 10.0  # seconds every client is given to show a move (or the table to fill)


def _qttt(*args: str) -> list[str]:
    return [sys.executable, "-m", "game.cli", *args]


class _HostProcess:
    """``qttt host --headless`` on loopback, printing to a file (a full pipe would stall it)."""

    def __init__(self, *args: str) -> None:
        self.dir = tempfile.TemporaryDirectory(prefix="qttt-bench-")
        self.log = Path(self.dir.name) / "host.log"
        with self.log.open("w") as out:
            self.process = subprocess.Popen(
                _qttt(
                    "host",
                    "--headless",
                    "--bind",
                    LOOPBACK,
                    "--port",
                    "0",
                    "--save-dir",
                    self.dir.name,
                    *args,
                ),
                stdout=out,
                stderr=subprocess.STDOUT,
                env={**os.environ, "PYTHONUNBUFFERED": "1"},
            )

    def port(self, timeout: float = 15.0, web: bool = False) -> int:
        """The table's port (or, with ``web``, the phone page's) once the host says it."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in self.log.read_text().splitlines():
                if line.startswith("phones join at" if web else "hosting"):
                    return int(line.split()[3 if web else -1].rsplit(":", 1)[1].strip("/"))
            if self.process.poll() is not None:
                break
            time.sleep(0.01)
        raise RuntimeError(f"the host did not start: {self.log.read_text().strip()}")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.dir.cleanup()


class _Phone:
    """The phone page as the bench sees it: a WebSocket speaking JSON that notes each view."""

    def __init__(self, port: int, name: str, role: str, on_view: Callable[[int, int], None]):
        self.url = f"http://{LOOPBACK}:{port}/ws"
        self.hello = {"t": "hello", "version": PROTOCOL_VERSION, "role": role, "name": name}
        self.on_view = on_view
        self.seat: Player | None = None
        self._ws: aiohttp.ClientWebSocketResponse | None = None
        self._task: asyncio.Future[None] | None = None

    def start(self, http: aiohttp.ClientSession) -> asyncio.Future[None]:
        self._task = asyncio.ensure_future(self._run(http))
        return self._task

    async def _run(self, http: aiohttp.ClientSession) -> None:
        async with http.ws_connect(self.url) as ws:
            self._ws = ws
            await ws.send_str(json.dumps({**self.hello, "seat": None, "token": None}))
            pinging = asyncio.ensure_future(self._ping(ws))
            try:
                async for frame in ws:
                    message = json.loads(frame.data)
                    if message["t"] == "welcome":
                        self.seat = Player(message["seat"]) if message["seat"] else None
                    elif message["t"] == "view":
                        self.on_view(message["game"], message["ply"])
            finally:
                pinging.cancel()

    async def _ping(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        while True:
            await asyncio.sleep(5)
            await ws.send_str('{"t":"ping"}')

    async def send(self, message: dict[str, object]) -> None:
        assert self._ws is not None
        await self._ws.send_str(json.dumps(message))

    async def close(self) -> None:
        if self._ws is not None:
            await self._ws.close()
        elif self._task is not None:  # still opening: it would sit down after the run
            self._task.cancel()


async def _latencies(
    port: int, moves: int, spectators: int, seed: int, web_port: int | None = None
) -> list[float]:
    """Milliseconds from each move sent to every client updated (with ``web_port``, half of
    them phones: O and every other spectator)."""
    arrived: asyncio.Queue[None] = asyncio.Queue()
    seen: dict[int, tuple[int, int]] = {}  # client -> (game, tokens) of its last snapshot

    def watcher(i: int) -> Callable[[Event], None]:
        def on_event(event: Event) -> None:
            table = tcp[i].table
            if isinstance(event, Snapshot) and table:
                seen[i] = (table.game, len(event.moves))
                arrived.put_nowait(None)

        return on_event

    def phone_watcher(i: int) -> Callable[[int, int], None]:
        def on_view(game: int, tokens: int) -> None:
            seen[i] = (game, tokens)
            arrived.put_nowait(None)

        return on_view

    roles = [(PLAYER, Player.X), (PLAYER, Player.O)] + [(SPECTATOR, None)] * spectators
    tcp: dict[int, TableClient] = {}
    phones: dict[int, _Phone] = {}
    # Every phone holds its socket for the whole run: aiohttp's default of 100 connections
    # at once would leave the rest waiting for one to close.
    http = aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0))
    running = []
    for i, (role, seat) in enumerate(roles):
        if web_port is not None and i % 2:
            phones[i] = _Phone(web_port, f"phone {i}", role, phone_watcher(i))
            running.append(phones[i].start(http))
            # The phone takes any open seat: let it have O before the next player comes.
            while i == 1 and phones[i].seat is None:
                await asyncio.sleep(0.001)
        else:
            tcp[i] = TableClient((LOOPBACK, port), f"bench {i}", watcher(i), role, seat)
            running.append(asyncio.ensure_future(tcp[i].run()))
    reference = tcp[0]  # X, a window's client: the position every move is chosen in
    screens = len(roles)

    def behind(game: int, tokens: int) -> int:
        return sum(1 for i in range(screens) if seen.get(i) != (game, tokens))

    async def all_at(game: int, tokens: int) -> None:
        while behind(game, tokens):
            await arrived.get()

    async def everyone_at(game: int, tokens: int, what: str) -> None:
        """Until every client holds ``tokens`` of game ``game``; a RuntimeError saying
        ``what`` did not happen if they do not within WAIT seconds."""
        try:
            await asyncio.wait_for(all_at(game, tokens), WAIT)
        except TimeoutError:  # an OSError with no words of its own
            late = behind(game, tokens)
            raise RuntimeError(
                f"{what} in {WAIT:g} s: {late} of {screens} clients did not get there"
            ) from None

    rng = Random(seed)
    samples: list[float] = []
    try:
        await everyone_at(1, 0, "the table did not fill")
        game = 1
        while len(samples) < moves:
            pos = reference.position
            assert pos is not None
            if pos.is_over:
                for i in (0, 1):
                    if i in phones:
                        await phones[i].send({"t": "rematch"})
                    else:
                        tcp[i].send(Rematch())
                game += 1
                await everyone_at(game, 0, f"the rematch (game {game}) did not reach every client")
                continue
            action = rng.choice(pos.legal_actions())
            mover = 0 if reference.seat is pos.to_play else 1
            began = time.perf_counter()
            if mover in phones:
                ply, token = len(reference.moves), pos.variant.token(action)
                await phones[mover].send(
                    {"t": "move", "side": str(pos.to_play), "ply": ply, "token": token}
                )
            else:
                tcp[mover].play(action)
            ply = len(reference.moves) + 1
            await everyone_at(game, ply, f"ply {ply} of game {game} did not reach every client")
            samples.append((time.perf_counter() - began) * 1000)
    finally:
        for c in tcp.values():
            await c.close()
        for phone in phones.values():
            await phone.close()
        await asyncio.gather(*running, return_exceptions=True)
        await http.close()
    return samples


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def measure_latency(
    moves: int, spectators: int, seed: int, phones: bool = False
) -> dict[str, object]:
    web = ("--web", "0") if phones else ()
    host = _HostProcess("--spectators", str(spectators), "--no-announce", *web)
    try:
        web_port = host.port(web=True) if phones else None
        samples = asyncio.run(_latencies(host.port(), moves, spectators, seed, web_port))
    finally:
        host.stop()
    return {
        "players": 2,
        "spectators": spectators,
        "phones": (1 + spectators // 2) if phones else 0,
        "moves": len(samples),
        "p50_ms": round(_percentile(samples, 0.50), 3),
        "p99_ms": round(_percentile(samples, 0.99), 3),
        "max_ms": round(max(samples), 3),
    }


def measure_discovery(runs: int) -> list[float]:
    """Seconds from a host process starting to its table in this process's lobby."""
    lobby = LobbyBrowser(LOOPBACK)
    times = []
    try:
        for run in range(runs):
            name = f"bench table {run}"
            began = time.perf_counter()
            host = _HostProcess("--name", name)
            try:
                while not any(t.name == name for t in lobby.tables()):
                    if time.perf_counter() - began > 30:
                        raise RuntimeError("the table never showed in the lobby")
                    time.sleep(0.002)
                times.append(time.perf_counter() - began)
            finally:
                host.stop()
            while lobby.tables():  # the next run starts from an empty lobby
                time.sleep(0.01)
    finally:
        lobby.close()
    return times


def _discovery_in_private_netns(runs: int) -> list[float]:
    """Run the discovery part in a network namespace of its own (loopback only)."""
    if os.environ.get("QTTT_PRIVATE_NETNS") == "1":
        return measure_discovery(runs)
    unshare = ["unshare", "--net"] if os.geteuid() == 0 else ["unshare", "-rn"]
    script = 'ip link set lo up && QTTT_PRIVATE_NETNS=1 exec "$@"'
    done = subprocess.run(
        [
            *unshare,
            "sh",
            "-c",
            script,
            "sh",
            *_qttt("bench", "net", "--discovery-only", "--runs", str(runs)),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    if done.returncode != 0:
        raise RuntimeError(f"no private network namespace: {done.stderr.strip()[-300:]}")
    return json.loads(done.stdout)["discovery_s_runs"]  # type: ignore[no-any-return]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="qttt bench net",
        description=described(__doc__),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--moves", type=whole(1), default=1000, help="moves to time")
    parser.add_argument("--spectators", type=whole(0), default=16)
    parser.add_argument(
        "--runs", type=whole(1), default=3, help="host starts to time for discovery"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--discovery-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.discovery_only:
        print(json.dumps({"discovery_s_runs": measure_discovery(args.runs)}))
        return 0
    try:
        result = measure_latency(args.moves, args.spectators, args.seed)
        with_phones = measure_latency(args.moves, args.spectators, args.seed, phones=True)
        runs = _discovery_in_private_netns(args.runs)
    except (RuntimeError, OSError) as exc:
        print(f"qttt bench net: {str(exc) or repr(exc)}", file=sys.stderr)  # never an empty line
        return 1
    result["with_phones"] = with_phones
    result["discovery_s"] = round(statistics.median(runs), 3)
    result["discovery_s_runs"] = [round(r, 3) for r in runs]
    if args.json:
        print(json.dumps(result))
    else:
        print(
            f"move to all {2 + args.spectators} clients ({result['moves']} moves, "
            f"host process, loopback): "
            f"p50 {result['p50_ms']} ms, p99 {result['p99_ms']} ms, "
            f"max {result['max_ms']} ms\n"
            f"the same, {with_phones['phones']} of them phones on the page's WebSocket: "
            f"p50 {with_phones['p50_ms']} ms, p99 {with_phones['p99_ms']} ms, "
            f"max {with_phones['max_ms']} ms\n"
            f"host start to its table in another process's lobby: {result['discovery_s']} s "
            f"median (runs: {', '.join(f'{r:.3f}' for r in runs)})"
        )
    return 0
