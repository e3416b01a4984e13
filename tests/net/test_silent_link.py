"""A link that goes silent mid-move: the move arrives exactly once, or the player is told.

A small TCP relay stands between a client and the host; the test stops it forwarding
(both ways, the sockets left open: a half-dead link, as a Wi-Fi drop makes), then lets
it forward again for new connections.
"""

from __future__ import annotations

import contextlib
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.rules import Place, Player
from game.session import Notice, Refused
from net.host import HostHandle
from net.seats import SeatStore
from net.session import NetworkSession
from tests.net.conftest import LOOPBACK, Screen, committed


class Relay:
    """Forwards every connection to ``target`` until :meth:`stall`; new connections made
    after :meth:`resume` are forwarded again."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.listener = socket.create_server((LOOPBACK, 0))
        self.address = self.listener.getsockname()[:2]
        self.forwarding = threading.Event()
        self.forwarding.set()
        self.cutting = False
        self._sockets: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def stall(self) -> None:
        self.forwarding.clear()

    def cut(self) -> None:
        """Drop every connection now, and every new one at once, until :meth:`resume`."""
        self.cutting = True
        for sock in self._sockets:
            sock.close()

    def resume(self) -> None:
        self.cutting = False
        self.forwarding.set()

    def close(self) -> None:
        """Nothing listens at :attr:`address` any more (a shutdown ends a blocked accept)."""
        with contextlib.suppress(OSError):
            self.listener.shutdown(socket.SHUT_RDWR)
        self.listener.close()
        for sock in self._sockets:
            sock.close()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            if self.cutting:
                client.close()
                continue
            upstream = socket.create_connection(self.target)
            self._sockets += [client, upstream]
            born = self.forwarding.is_set()
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b, born), daemon=True).start()

    def _pipe(self, source: socket.socket, sink: socket.socket, born: bool) -> None:
        # A connection made while stalled is a dead one from the start.
        try:
            while data := source.recv(65536):
                if born and self.forwarding.is_set():
                    sink.sendall(data)
                else:
                    born = False  # this connection's link stays dead, as a dropped Wi-Fi's
        except OSError:
            pass


@pytest.fixture
def relay(host: HostHandle) -> Iterator[Relay]:
    r = Relay(host.address)
    yield r
    r.close()


def test_a_move_swallowed_by_a_silent_link_arrives_exactly_once(
    host: HostHandle, relay: Relay, tmp_path: Path
) -> None:
    ada = Screen(NetworkSession(relay.address, name="Ada", seat=Player.X, silence=1.0))
    bo = Screen(NetworkSession(host.address, name="Bo", seat=Player.O))
    try:
        ada.snapshot(0)
        bo.notice("you sit at O")
        relay.stall()
        ada.session.submit(Place(0, 1))  # written into a link that no longer carries anything
        ada.notice("; reconnecting", timeout=10)
        relay.resume()
        ada.notice("reconnected", timeout=10)
        # Sent again once the seat was back, and played once: Bo sees one move.
        assert bo.snapshot(1).moves == ("1-2",)
        assert ada.snapshot(1).moves == ("1-2",)
        record = committed(next(tmp_path.glob("*.json")), 1)
        assert record.moves == ["1-2"]
        bo.session.submit(Place(4, 5))
        assert ada.snapshot(2).moves == ("1-2", "5-6")
        assert not [e for e in ada.seen if isinstance(e, Refused)]
    finally:
        ada.session.close()
        bo.session.close()


def test_a_move_made_while_the_link_is_down_goes_once_it_is_back(
    host: HostHandle, relay: Relay, tmp_path: Path
) -> None:
    ada = Screen(NetworkSession(relay.address, name="Ada", seat=Player.X, silence=1.0))
    bo = Screen(NetworkSession(host.address, name="Bo", seat=Player.O))
    try:
        ada.snapshot(0)
        bo.notice("you sit at O")
        relay.stall()
        ada.notice("; reconnecting", timeout=10)
        ada.session.submit(Place(0, 1))
        said = ada.wait(lambda e: isinstance(e, Notice | Refused) and "move" in str(e))
        assert isinstance(said, Notice) and "goes when it is back" in said.text
        relay.resume()
        assert bo.snapshot(1).moves == ("1-2",)
        assert committed(next(tmp_path.glob("*.json")), 1).moves == ["1-2"]
    finally:
        ada.session.close()
        bo.session.close()


def test_a_host_that_never_comes_back_ends_the_session_with_a_plain_reason(
    host: HostHandle, relay: Relay
) -> None:
    ada = Screen(NetworkSession(relay.address, name="Ada", seat=Player.X, reconnect_for=0.5))
    try:
        ada.snapshot(0)
        relay.close()  # the host's machine gone: nothing listens at its address any more
        ada.notice("the host has not come back in 0.5 s (nobody listens there)", timeout=10)
        assert ada.session.ended == "the host has not come back in 0.5 s (nobody listens there)"
    finally:
        ada.session.close()


def test_a_player_who_leaves_while_the_link_is_down_can_take_the_seat_back(
    host: HostHandle, relay: Relay, tmp_path: Path
) -> None:
    """The goodbye goes nowhere, so the host holds the seat: the token stays kept, and the
    lobby brings the player back to it rather than to a table with no seat open."""
    seats = SeatStore(tmp_path / "seats.json")
    ada = Screen(NetworkSession(relay.address, name="Ada", seat=Player.X, silence=1.0, seats=seats))
    bo = Screen(NetworkSession(host.address, name="Bo", seat=Player.O))
    back = None
    try:
        ada.snapshot(0)
        bo.notice("you sit at O")
        relay.stall()
        ada.notice("; reconnecting", timeout=10)
        ada.session.close(leave=True)
        relay.resume()
        back = Screen(NetworkSession(relay.address, name="Ada", seats=seats))
        bo.notice("Ada is back at X")
        back.snapshot(0)  # Bo may hear the news before Ada's window reads its welcome
        assert back.session.local_sides == {Player.X}
    finally:
        for screen in (ada, bo, back):
            if screen is not None:
                screen.session.close()
