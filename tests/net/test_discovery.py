"""Zeroconf for real, bound to loopback inside the private network namespace pytest runs in."""

from __future__ import annotations

import json
import os
import subprocess
import time
from collections.abc import Callable

import pytest

from game.rules import Place, Player
from net.discovery import FoundTable, LobbyBrowser
from net.host import HostHandle
from net.protocol import SPECTATOR
from net.session import NetworkSession
from tests.net.announce import announce, properties
from tests.net.conftest import LOOPBACK, qttt, spawn

pytestmark = pytest.mark.skipif(
    os.environ.get("QTTT_PRIVATE_NETNS") != "1",
    reason="mDNS is only sent inside a private network namespace (run pytest as root)",
)


def wait_for(
    lobby: LobbyBrowser,
    port: int,
    found: Callable[[FoundTable | None], bool],
    timeout: float = 10.0,
) -> FoundTable | None:
    """The table at ``port`` (or ``None``) once ``found`` holds of it. Other tables (another
    test's host, still announced) are not this test's business."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        table = next((t for t in lobby.tables() if t.port == port), None)
        if found(table):
            return table
        time.sleep(0.01)
    raise AssertionError(f"the lobby shows {lobby.tables()}")


def present(table: FoundTable | None) -> bool:
    return table is not None


def gone(table: FoundTable | None) -> bool:
    return table is None


def test_the_lobby_follows_a_table_from_start_to_stop(
    make_host: Callable[..., HostHandle],
) -> None:
    lobby = LobbyBrowser(LOOPBACK)
    try:
        host = make_host(variant="ultimate", name="Kitchen", advertise=True, idle_timeout=10.0)
        port = host.address[1]
        table = wait_for(lobby, port, present)
        assert table is not None
        assert (table.name, table.variant, table.address) == ("Kitchen", "ultimate", host.address)
        assert table.key == host.host.key  # what a seat kept for this table is filed under
        assert (table.open_seats, table.spectators, table.running) == (("X", "O"), 0, False)
        assert table.spectator_limit == 4

        ada = NetworkSession(host.address, name="Ada", seat=Player.X)
        eve = NetworkSession(host.address, name="Eve", role=SPECTATOR)
        try:
            wait_for(lobby, port, lambda t: t and t.open_seats == ("O",) and t.spectators == 1)
            bo = NetworkSession(host.address, name="Bo", seat=Player.O)
            wait_for(lobby, port, lambda t: t and t.open_seats == ())
            ada.submit(Place(0, 1))
            wait_for(lobby, port, lambda t: t and t.running)
            bo.close()
        finally:
            ada.close()
            eve.close()
        host.stop()
        wait_for(lobby, port, gone)
    finally:
        lobby.close()


def test_an_nxn_table_tells_the_lobby_its_size(make_host: Callable[..., HostHandle]) -> None:
    # Without it a lobby could only say "n×n bonus": a 3×3 and a 6×6 table read the same.
    lobby = LobbyBrowser(LOOPBACK)
    try:
        nxn = make_host(variant="nxn", options={"size": 5}, name="Big", advertise=True)
        goff = make_host(name="Small", advertise=True)
        table = wait_for(lobby, nxn.address[1], present)
        assert table is not None and (table.variant, table.size) == ("nxn", 5)
        table = wait_for(lobby, goff.address[1], present)
        assert table is not None and table.size is None
    finally:
        lobby.close()


def test_another_process_lists_the_tables(make_host: Callable[..., HostHandle]) -> None:
    lobby = LobbyBrowser(LOOPBACK)
    try:
        first = make_host(name="Den", advertise=True)
        # A clash is seen only once the first is announced (python-zeroconf answers no probe
        # before it has registered): two that probe at once would both keep the name.
        wait_for(lobby, first.address[1], present, timeout=30)
        second = make_host(name="Den", advertise=True)  # the same name: the second is renamed
        long = make_host(name="Café " + "🍰" * 59, advertise=True)  # longer than a label holds
        ports = {first.address[1], second.address[1], long.address[1]}
        # Probing and announcing take their time (the renamed one probes twice), more on a
        # busy machine: the other process lists once all three are announced, as this one hears.
        for port in ports:
            wait_for(lobby, port, present, timeout=30)
    finally:
        lobby.close()
    # A busy machine may still answer the new process's questions late: list again, a few
    # times at most, until all three are there.
    for _ in range(4):
        listed = subprocess.run(
            qttt("lobby", "--list", "--json", "--bind", LOOPBACK, "--timeout", "3"),
            capture_output=True,
            text=True,
            timeout=30,
            check=True,
        )
        found = json.loads(listed.stdout)
        if ports <= {t["port"] for t in found}:
            break
    (cafe,) = [t for t in found if t["port"] == long.address[1]]
    assert cafe["name"] == "Café " + "🍰" * 48  # cut to what a TXT string holds, whole letters
    ports = {first.address[1], second.address[1]}
    tables = [t for t in found if t["port"] in ports]
    assert len(tables) == 2
    assert {t["name"] for t in tables} == {"Den"}
    assert len({t["service"] for t in tables}) == 2
    assert all(t["host"] == LOOPBACK and t["open_seats"] == ["X", "O"] for t in tables)


def test_a_host_process_shows_in_the_lobby_and_leaves_it(tmp_path: object) -> None:
    lobby = LobbyBrowser(LOOPBACK)
    host = spawn(
        "host",
        "--headless",
        "--bind",
        LOOPBACK,
        "--port",
        "0",
        "--name",
        "Attic",
        "--save-dir",
        str(tmp_path),
    )
    try:
        assert host.stdout is not None
        port = int(host.stdout.readline().rsplit(":", 1)[1])  # "hosting 'Attic' (goff) on …"
        table = wait_for(lobby, port, present)
        assert table is not None
        assert (table.name, table.variant, table.open_seats) == ("Attic", "goff", ("X", "O"))
        host.terminate()  # a clean stop withdraws the table at once
        host.communicate(timeout=10)
        wait_for(lobby, port, gone)
    finally:
        if host.poll() is None:
            host.kill()
        lobby.close()


def test_lobby_list_says_when_it_finds_nothing() -> None:
    # In a namespace of its own: no other test's table can be heard there.
    alone = ["unshare", "--net", "sh", "-c", 'ip link set lo up && exec "$@"', "sh"]
    listed = subprocess.run(
        [*alone, *qttt("lobby", "--list", "--bind", LOOPBACK, "--timeout", "0.3")],
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    )
    assert listed.stdout == "no tables found\n"


def test_what_a_stranger_announces_is_tidied_or_left_out() -> None:
    lobby = LobbyBrowser(LOOPBACK)
    told = properties(name="Den\x1b[2J\nEvil  goff 1.2.3.4:9\a\u202e", open="X,X,O,O,Z")
    stranger = announce(
        [
            {"name": "tidied", "port": 7901, "properties": told},
            {"name": "chess", "port": 7902, "properties": properties(variant="\x1b[5mchess")},
            {"name": "minus", "port": 7903, "properties": properties(spectators="-1")},
            {"name": "lots", "port": 7904, "properties": properties(limit=str(10**30))},
            {"name": "key", "port": 7905, "properties": properties(key="../../seats")},
            {"name": "unnamed", "port": 7906, "properties": properties(name="\x07\x1b")},
            {"name": "portless", "port": 0, "properties": properties()},
            {"name": "huge", "port": 7907, "properties": properties(variant="nxn", size="99")},
            {"name": "sized", "port": 7908, "properties": properties(size="5")},
            {"name": "wordy", "port": 7909, "properties": properties(variant="nxn", size="five")},
        ]
    )
    try:
        table = wait_for(lobby, 7901, present)
        assert table is not None
        # Nothing that could move a terminal's cursor or turn text around, and seats once each.
        assert (table.name, table.open_seats) == ("Den[2J Evil goff 1.2.3.4:9", ("X", "O"))
        time.sleep(2)  # the others were heard at the same moment: none is listed
        assert {t.port for t in lobby.tables()} & {0, *range(7902, 7910)} == set()
    finally:
        stranger.kill()
        stranger.wait()
        lobby.close()


def test_a_table_whose_host_died_without_a_word_leaves_the_lobby() -> None:
    # A host killed (or unplugged) says no goodbye; its pointer record lives 75 minutes, its
    # address records (here) 2 seconds.
    lobby = LobbyBrowser(LOOPBACK, recheck=0.5)
    stranger = announce(
        [{"name": "Pantry", "port": 7911, "properties": properties(), "host_ttl": 2}]
    )
    try:
        wait_for(lobby, 7911, present)
        time.sleep(3)  # past its records' 2 s: a live host answers each look again, and stays
        assert wait_for(lobby, 7911, present, timeout=0.1)
        stranger.kill()
        stranger.wait()
        wait_for(lobby, 7911, gone, timeout=30)
    finally:
        stranger.kill()
        lobby.close()
