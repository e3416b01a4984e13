"""Real hosts on 127.0.0.1 (port 0), raw sockets to attack them, and fixtures that close both."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from game.records import Record, RecordError, read_record
from game.rules import make_variant
from game.session import Event, Notice, Snapshot
from net.framing import FrameReader, pack
from net.host import HostConfig, HostHandle, new_table, start_host_thread
from net.protocol import PLAYER, PROTOCOL_VERSION, Hello, Message, Move, State, Welcome
from net.session import NetworkSession

LOOPBACK = "127.0.0.1"


def host_config(tmp_path: Path, **overrides: object) -> HostConfig:
    """A host for tests: loopback only, not announced, short timeouts."""
    fields: dict[str, object] = {
        "bind": LOOPBACK,
        "port": 0,
        "advertise": False,
        "save_dir": tmp_path,
        "hello_timeout": 1.0,
        "idle_timeout": 1.5,
        "reconnect_grace": 2.0,
        "spectator_limit": 4,
    }
    fields.update(overrides)
    return HostConfig(**fields)  # type: ignore[arg-type]


@pytest.fixture
def make_host(tmp_path: Path) -> Iterator[Callable[..., HostHandle]]:
    """Start hosts on threads (``make_host(variant="goff", options=None, **config)``); all
    stopped after."""
    handles: list[HostHandle] = []

    def start(
        variant: str = "goff",
        name: str = "Test table",
        options: dict[str, object] | None = None,
        **config: object,
    ) -> HostHandle:
        table = new_table(make_variant(variant, options), name, tmp_path)
        handle = start_host_thread(table, host_config(tmp_path, **config))
        handles.append(handle)
        return handle

    yield start
    for handle in handles:
        handle.stop()


@pytest.fixture
def host(make_host: Callable[..., HostHandle]) -> HostHandle:
    return make_host()


class Raw:
    """A blocking socket speaking (or breaking) the protocol by hand."""

    def __init__(
        self, address: tuple[str, int], timeout: float = 5.0, receive_buffer: int | None = None
    ) -> None:
        """``receive_buffer``: the socket's, fixed before it connects (no autotuning)."""
        self.sock = socket.socket()
        self.sock.settimeout(timeout)
        if receive_buffer is not None:
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
        self.sock.connect(address)
        self.frames = FrameReader()
        self.inbox: list[Message] = []

    def send_bytes(self, data: bytes) -> None:
        self.sock.sendall(data)

    def send(self, message: Message) -> None:
        self.sock.sendall(pack(message))

    def hello(self, role: str = PLAYER, name: str = "raw", **fields: object) -> Welcome:
        self.send(Hello(PROTOCOL_VERSION, role, name, **fields))  # type: ignore[arg-type]
        self.welcome: Welcome = self.expect(Welcome)  # type: ignore[assignment]
        return self.welcome

    def expect(self, kind: type[Message], where: Callable[[Message], bool] = lambda m: True):  # type: ignore[no-untyped-def]
        """The next message of ``kind`` satisfying ``where`` (others are kept in ``inbox``)."""
        deadline = time.monotonic() + 5.0
        while time.monotonic() < deadline:
            for i, message in enumerate(self.inbox):
                if isinstance(message, kind) and where(message):
                    return self.inbox.pop(i)
            data = self.sock.recv(65536)
            if not data:
                raise AssertionError(f"closed while waiting for {kind.TAG}: {self.inbox}")
            self.inbox.extend(self.frames.feed(data))
        raise AssertionError(f"no {kind.TAG} within 5 s: {self.inbox}")

    def state(self, moves: int | None = None) -> State:
        """The next State (with ``moves`` tokens, if given)."""
        return self.expect(State, lambda s: moves is None or len(s.moves) == moves)  # type: ignore[attr-defined,return-value]

    def closed_with(self) -> tuple[str | None, float]:
        """Read to the end: the Bye's reason (if one came) and how long the close took."""
        from net.protocol import Bye

        began = time.monotonic()
        reason = None
        while True:
            try:
                data = self.sock.recv(65536)
            except ConnectionResetError:
                break
            if not data:
                break
            for message in self.frames.feed(data):
                if isinstance(message, Bye):
                    reason = message.reason
        return reason, time.monotonic() - began

    def move(self, side: str, ply: int, token: str) -> None:
        self.send(Move(side, ply, token))

    def close(self) -> None:
        self.sock.close()


@pytest.fixture
def raw(host: HostHandle) -> Iterator[Callable[..., Raw]]:
    """Open raw connections to ``host`` (``raw()``); all closed after."""
    opened: list[Raw] = []

    def connect(address: tuple[str, int] | None = None) -> Raw:
        conn = Raw(address or host.address)
        opened.append(conn)
        return conn

    yield connect
    for conn in opened:
        conn.close()


@contextlib.contextmanager
def between_read_and_dispatch(handle: HostHandle, then: Callable[[], object]) -> Iterator[None]:
    """Hold the host's loop while the block writes to it; on leaving, ``then`` runs on the
    host's thread after the host has read what was written but before it handles it.

    The loop's next turn reads the bytes waiting at each socket into its connection's buffer
    and wakes the task that handles them for the turn after: ``then`` goes in between (the
    host closing a connection whose frames it had already read)."""
    held, go = threading.Event(), threading.Event()

    def hold() -> None:
        held.set()
        go.wait(5.0)
        loop = asyncio.get_running_loop()
        loop.call_soon(loop.call_soon, then)

    handle.call(hold)
    assert held.wait(5.0), "the host's loop did not come to hold"
    try:
        yield
        time.sleep(0.05)  # what was written has reached the host's socket
    finally:
        go.set()


def qttt(*args: str) -> list[str]:
    """The command line of ``qttt`` in this interpreter."""
    return [sys.executable, "-m", "game.cli", *args]


def spawn(*args: str, **kwargs: object) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen(  # type: ignore[call-overload,no-any-return]
        qttt(*args), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, **kwargs
    )


def report_of(out: str) -> dict[str, object]:
    return json.loads(out.strip().splitlines()[-1])  # type: ignore[no-any-return]


def committed(path: Path, tokens: int, timeout: float = 5.0) -> Record:
    """The record at ``path`` once it holds ``tokens`` tokens: the host renames it into place
    right after sending the move, so a client may see the move a moment before the file."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            record = read_record(path)
        except RecordError:  # not renamed into place for the first time yet
            if time.monotonic() > deadline:
                raise
        else:
            if len(record.moves) >= tokens or time.monotonic() > deadline:
                return record
        time.sleep(0.005)


class Screen:
    """A NetworkSession and every event it produced, drained as a frame loop would."""

    def __init__(self, session: NetworkSession) -> None:
        self.session = session
        self.seen: list[Event] = []

    def wait(self, what: Callable[[Event], bool], timeout: float = 5.0) -> Event:
        deadline = time.monotonic() + timeout
        checked = 0
        while time.monotonic() < deadline:
            began = time.perf_counter()
            self.seen.extend(self.session.events())
            # Generous: a busy machine may preempt a call; one that waits on the network takes
            # seconds.
            assert time.perf_counter() - began < 0.5, "events() must never block"
            for event in self.seen[checked:]:
                if what(event):
                    return event
            checked = len(self.seen)
            time.sleep(0.005)
        raise AssertionError(f"nothing matched within {timeout} s: {self.seen}")

    def snapshot(self, moves: int) -> Snapshot:
        return self.wait(lambda e: isinstance(e, Snapshot) and len(e.moves) == moves)  # type: ignore[return-value]

    def notice(self, text: str, timeout: float = 5.0) -> Notice:
        return self.wait(lambda e: isinstance(e, Notice) and text in e.text, timeout)  # type: ignore[return-value]


@pytest.fixture
def screens(host: HostHandle) -> Iterator[Callable[..., Screen]]:
    opened: list[Screen] = []

    def open_(name: str, **kwargs: object) -> Screen:
        screen = Screen(NetworkSession(host.address, name=name, reconnect_for=3.0, **kwargs))  # type: ignore[arg-type]
        opened.append(screen)
        return screen

    yield open_
    for screen in opened:
        screen.session.close()
