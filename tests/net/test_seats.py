"""Seats outlive the program: clients SIGKILLed mid-game and started again with the same
data folder take the same seat (and at a party stay one row of the standings)."""

from __future__ import annotations

import functools
import json
import os
import signal
import socket
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from random import Random

import pytest

from game.rules import Place, Player, make_variant
from game.session import Notice, Snapshot
from net.framing import FrameReader, pack
from net.host import HostHandle, new_table, start_host_thread
from net.loopthread import LoopThread
from net.party import WINNER_STAYS
from net.party_client import play_party_bot
from net.party_host import PartyConfig, PartyHost
from net.processes import running_elsewhere
from net.protocol import SPECTATOR, Bye, Hello, Party, State
from net.seats import SeatStore
from net.session import NetworkSession
from tests.net.conftest import LOOPBACK, Screen, host_config, qttt, report_of


@pytest.fixture
def processes() -> Iterator[list[subprocess.Popen[str]]]:
    started: list[subprocess.Popen[str]] = []
    yield started
    for process in started:
        if process.poll() is None:
            process.kill()
        process.communicate()


def start(
    started: list[subprocess.Popen[str]], data: Path, *args: str, **env: str
) -> subprocess.Popen[str]:
    """``qttt ARGS`` with its own data folder, as a user would run it again and again."""
    environ = {**os.environ, "PYTHONUNBUFFERED": "1", "XDG_DATA_HOME": str(data), **env}
    process = subprocess.Popen(
        qttt(*args), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=environ
    )
    started.append(process)
    return process


def sigkill(process: subprocess.Popen[str]) -> None:
    process.send_signal(signal.SIGKILL)
    process.wait()  # reaped: its pid no longer counts as alive


def test_the_store_hands_a_token_to_one_client_at_a_time(tmp_path: Path) -> None:
    store = SeatStore(tmp_path / "seats.json")
    table = "5eed"  # a table's key, as its Welcome and the lobby say it
    assert store.take(table, "Ada") is None and store.table_at((LOOPBACK, 7777)) is None
    assert not store.kept((LOOPBACK, 7777), "Ada")
    store.keep(table, "Ada", "secret", (LOOPBACK, 7777))
    assert store.take(table, "Ada") is None  # held by this client right now
    assert not store.kept((LOOPBACK, 7777), "Ada")  # so not one to take back
    store.release(table, "Ada")
    assert store.kept((LOOPBACK, 7777), "Ada")  # a window started again may take it
    assert not store.kept((LOOPBACK, 7778), "Ada") and not store.kept((LOOPBACK, 7777), "Bo")
    # The lobby's view: by the key it announces, from the machine it was seen on only.
    assert store.kept_at(table, LOOPBACK, "Ada") and not store.kept_at(table, "10.0.0.9", "Ada")
    assert not store.kept_at(table, LOOPBACK, "Bo") and not store.kept_at("other", LOOPBACK, "Ada")
    assert store.table_at((LOOPBACK, 7777)) == table  # found again by its address...
    assert store.take(table, "Ada") == "secret"  # ... or by its key, wherever it is now
    assert store.take(table, "Bo") is None and store.take("other", "Ada") is None
    assert oct((tmp_path / "seats.json").stat().st_mode & 0o777) == "0o600"
    (tmp_path / "seats.json").write_text("{not json")
    assert SeatStore(tmp_path / "seats.json").take(table, "Cy") is None  # read as empty
    (tmp_path / "seats.json").write_text('{"Ada@127.0.0.1:7777": {"token": "old"}}')
    assert SeatStore(tmp_path / "seats.json").table_at((LOOPBACK, 7777)) is None  # before keys
    (tmp_path / "seats.json").write_text("[" * 100_000)  # too deep for the JSON reader
    assert SeatStore(tmp_path / "seats.json").take(table, "Cy") is None  # read as empty


@pytest.mark.parametrize("pid", [2**31, 2**70, -(2**70), 0, "1", None])
def test_a_pid_that_names_no_other_process_is_not_running(pid: object) -> None:
    # Written by hand, damaged, or from another system: past any pid, os.kill overflows.
    assert not running_elsewhere(pid)
    assert not running_elsewhere(os.getpid())  # this very process is not another


def test_a_seat_held_by_a_damaged_pid_is_handed_out(tmp_path: Path) -> None:
    path = tmp_path / "seats.json"
    path.write_text(json.dumps({"seats": {"Ada@d4m4g3d": {"token": "secret", "pid": 2**70}}}))
    assert SeatStore(path).take("d4m4g3d", "Ada") == "secret"


def play_x_to_the_end(ada: Screen, seed: int) -> None:
    """Ada plays X with random legal moves until the game is over."""
    rng = Random(seed)
    known = 0  # tokens in the game when Ada last moved, and hers
    while True:
        snap: Snapshot = ada.wait(  # type: ignore[assignment]
            lambda e, known=known: (
                isinstance(e, Snapshot)
                and len(e.moves) >= known
                and (e.position.is_over or e.position.to_play is Player.X)
            ),
            timeout=30,
        )
        if snap.position.is_over:
            return
        ada.session.submit(rng.choice(snap.position.legal_actions()))
        known = len(snap.moves) + 1


def test_a_headless_bot_killed_mid_game_takes_its_seat_back(
    make_host: Callable[..., HostHandle], tmp_path: Path, processes: list[subprocess.Popen[str]]
) -> None:
    host = make_host(reconnect_grace=60.0)
    address = f"{host.address[0]}:{host.address[1]}"
    ada = Screen(NetworkSession(host.address, name="Ada", seat=Player.X))
    command = ("join", address, "--bot", "beginner", "--headless", "--seat", "O")
    try:
        bot = start(processes, tmp_path / "bot", *command)
        ada.notice("bot (beginner) sits at O")
        snap: Snapshot = ada.wait(lambda e: isinstance(e, Snapshot))  # type: ignore[assignment]
        ada.session.submit(Random(1).choice(snap.position.legal_actions()))
        ada.wait(lambda e: isinstance(e, Snapshot) and len(e.moves) == 2, timeout=30)  # O moved
        sigkill(bot)
        ada.notice("bot (beginner) dropped; seat O is held")
        bot = start(processes, tmp_path / "bot", *command)  # the very same command
        ada.notice("bot (beginner) is back at O", timeout=30)
        play_x_to_the_end(ada, seed=2)
        out, err = bot.communicate(timeout=60)
        assert bot.returncode == 0, err
        assert report_of(out)["over"] is True
        ada.notice("bot (beginner) left; seat O is open")  # its game done, the seat is free
        notices = [e.text for e in ada.seen if isinstance(e, Notice)]
        assert sum("sits at O" in text for text in notices) == 1  # sat once, came back once
    finally:
        ada.session.close()


def test_a_party_bot_killed_mid_game_is_one_row_of_the_standings(
    tmp_path: Path, processes: list[subprocess.Popen[str]]
) -> None:
    # No stand-in for a long while: the game waits for Ann to come back to her own seat.
    party = PartyConfig(WINNER_STAYS, games=2, stand_in=60.0, between=0.05, seed=3)
    config = host_config(tmp_path / "host", reconnect_grace=60.0)
    make = functools.partial(PartyHost, party=party)
    table = new_table(make_variant("goff"), "Den", config.save_dir)
    host = start_host_thread(table, config, make)
    address = f"{host.address[0]}:{host.address[1]}"
    eye = Screen(NetworkSession(host.address, name="eye", role=SPECTATOR))
    ben = LoopThread("test-ben")
    command = ("join", address, "--bot", "beginner", "--headless", "--party", "--name", "Ann")
    try:
        ann = start(processes, tmp_path / "ann", *command)
        eye.notice("Ann joins the queue")
        ben.submit(play_party_bot(host.address, "beginner", name="Ben", seed=4))
        eye.wait(lambda e: isinstance(e, Snapshot) and len(e.moves) >= 2, timeout=30)
        sigkill(ann)
        eye.notice("Ann dropped")
        ann = start(processes, tmp_path / "ann", *command)
        eye.notice("Ann is back at", timeout=30)  # her seat in the game on, by her token
        out, err = ann.communicate(timeout=60)
        assert ann.returncode == 0, err
        final = report_of(out)
        assert sorted(row["name"] for row in final["standings"]) == ["Ann", "Ben"]  # type: ignore[index]
        assert final["games"] == 2
        parties = [e for e in eye.seen if isinstance(e, Party)]
        assert all(s.name in ("Ann", "Ben") for p in parties for s in p.standings)
        saved = json.loads((tmp_path / "ann" / "qttt" / "seats.json").read_text())
        assert list(saved["seats"]) == [f"Ann@{saved['at'][address]}"]  # one, the evening's
    finally:
        eye.session.close()
        host.stop()
        ben.stop()


def test_a_window_killed_mid_game_takes_its_seat_back(
    make_host: Callable[..., HostHandle], tmp_path: Path, processes: list[subprocess.Popen[str]]
) -> None:
    host = make_host(reconnect_grace=60.0)
    address = f"{host.address[0]}:{host.address[1]}"
    bo = Screen(NetworkSession(host.address, name="Bo", seat=Player.O))
    window = {
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
    }
    try:
        first = start(processes, tmp_path / "data", "join", address, "--name", "Ann", **window)
        bo.notice("sits at X", timeout=30)
        table = bo.session.table
        assert table is not None
        name = table.seats[0].name
        # The window keeps the token it was welcomed with (a moment after the host says so).
        kept = tmp_path / "data" / "qttt" / "seats.json"
        deadline = time.monotonic() + 10
        while not (
            kept.exists() and f"{name}@" in kept.read_text() and address in kept.read_text()
        ):
            assert time.monotonic() < deadline, "the window kept no token"
            time.sleep(0.01)
        sigkill(first)
        bo.notice(f"{name} dropped; seat X is held")
        start(processes, tmp_path / "data", "join", address, "--name", "Ann", **window)
        bo.notice(f"{name} is back at X", timeout=30)
    finally:
        bo.session.close()


def test_a_table_continued_at_another_address_still_knows_its_players(tmp_path: Path) -> None:
    from net.table import Table

    store = SeatStore(tmp_path / "ada" / "seats.json")
    table = new_table(make_variant("goff"), "Den", tmp_path / "host")
    first = start_host_thread(table, host_config(tmp_path / "host"))
    ada = Screen(NetworkSession(first.address, name="Ada", seat=Player.X, seats=store))
    bo = Screen(NetworkSession(first.address, name="Bo", seat=Player.O))
    try:
        # Both seated (Bo may sit first, before Ada could hear it said): the table says so.
        ada.wait(lambda e: isinstance(e, State) and all(s.name for s in e.seats), timeout=30)
        ada.session.submit(Place(0, 1))
        ada.wait(lambda e: isinstance(e, Snapshot) and len(e.moves) == 1, timeout=30)
    finally:
        ada.session.close()
        bo.session.close()
        first.stop()
    # The host comes back on another port (its own was taken, or its address changed): the
    # lobby's announcement names the table, and Ada's kept token takes her seat again.
    with socket.create_server(first.address):  # its old port is someone else's now
        again = start_host_thread(Table.resume(table.path, None), host_config(tmp_path / "host"))
    assert store.table_at(again.address) is None  # an address this player never saw
    ada = Screen(NetworkSession(again.address, name="Ada", seats=store, table_key=again.host.key))
    try:
        ada.notice("you are back at X", timeout=30)
        assert ada.session.local_sides == {Player.X} and ada.snapshot(1).moves == ("1-2",)
    finally:
        ada.session.close()
        again.stop()


def test_a_token_is_never_offered_to_a_machine_its_table_was_never_seen_on(
    tmp_path: Path,
) -> None:
    # Ada sat at the Den on another machine; a stranger here announces the Den's key (anyone
    # on the LAN can: it is in every announcement) and waits for her hello.
    store = SeatStore(tmp_path / "seats.json")
    store.keep("den-key", "Ada", "ada-secret", ("10.9.9.9", 7777))
    store.release("den-key", "Ada")
    with socket.create_server((LOOPBACK, 0)) as rogue:
        rogue.settimeout(10)
        ada = NetworkSession(rogue.getsockname()[:2], name="Ada", seats=store, table_key="den-key")
        try:
            peer, _ = rogue.accept()
            with peer:
                peer.settimeout(10)
                frames = FrameReader()
                hellos: list[Hello] = []
                while not hellos:
                    hellos = [m for m in frames.feed(peer.recv(65536)) if isinstance(m, Hello)]
                peer.sendall(pack(Bye("seat X is taken at this table")))
        finally:
            ada.close()
    assert hellos[0].token is None
    assert store.take("den-key", "Ada") == "ada-secret"  # and it is not forgotten either
