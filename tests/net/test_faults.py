"""Hostile and broken peers against a live host on 127.0.0.1: they are refused or dropped,
and the game and every other player go on untouched."""

from __future__ import annotations

import select
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Callable

import msgpack
import pytest

from game.rules import Player, Position, make_variant
from game.session import Snapshot
from net.framing import MAX_FRAME, pack
from net.host import LOGGED_REFUSALS, HostHandle
from net.protocol import (
    BUSY,
    LEFT,
    PROTOCOL_VERSION,
    SPECTATOR,
    Bye,
    Hello,
    Move,
    Notice,
    Ping,
    Pong,
    Refused,
    Rematch,
    State,
    Welcome,
)
from net.session import NetworkSession
from tests.net.conftest import LOOPBACK, Raw, Screen, committed, report_of, spawn

Connect = Callable[..., Raw]


def seated(raw: Connect) -> tuple[Raw, Raw]:
    """X and O at the table, one move played (``1-2``)."""
    x, o = raw(), raw()
    assert x.hello(name="Ada", seat="X").seat == "X"
    assert o.hello(name="Bo", seat="O").seat == "O"
    x.move("X", 0, "1-2")
    x.state(moves=1)
    o.state(moves=1)
    return x, o


def game_goes_on(x: Raw, o: Raw) -> None:
    """The game is as it was (one token) and the next move reaches both players at once."""
    began = time.monotonic()
    o.move("O", 1, "2-5")
    for player in (x, o):
        assert player.state(moves=2).moves == ("1-2", "2-5")
    # Well under the 1 s a silent or trickling peer is given: none of them held this up.
    assert time.monotonic() - began < 0.9


HOSTILE_FIRST_FRAMES = {
    "garbage bytes": (b"\xc1\xff\x00garbage", "not a msgpack frame"),
    "an oversize frame": (
        b"\xdc\x01\x00" + msgpack.packb("z" * 1000) * (MAX_FRAME // 1000 + 5),
        f"a frame over {MAX_FRAME} bytes",
    ),
    # Whole, within the limits of every string and list in it: it was read, and answered
    # with the field it should not have had.
    "a whole frame just over the limit": (
        msgpack.packb({"t": "hello", "pad": ["z" * 130] * 512}),
        f"a frame over {MAX_FRAME} bytes",
    ),
    "msgpack that is not a message": (msgpack.packb([1, 2, 3]), "a message is a map"),
    "a map with no type": (msgpack.packb({"hello": 1}), "unknown message type"),
    "an unknown type": (msgpack.packb({"t": "shutdown"}), "unknown message type 'shutdown'"),
    # Within msgpack's depth, past Python's repr's: the reason used to raise RecursionError,
    # a traceback in the host's log and no reason for the sender.
    "a type nested a thousand deep": (
        b"\x81\xa1t" + b"\x91" * 1010 + b"\x90",
        "unknown message type a list",
    ),
    "a move before hello": (pack(Move("X", 1, "2-5")), "the first message must be hello"),
    "a hello with a wrong field type": (
        msgpack.packb(
            {
                "t": "hello",
                "version": "1",
                "role": "player",
                "name": "m",
                "seat": None,
                "token": None,
            }
        ),
        "hello.version must be an integer",
    ),
    "an unknown protocol version": (
        pack(Hello(PROTOCOL_VERSION + 1, "player", "m")),
        f"protocol version {PROTOCOL_VERSION + 1} is not spoken here",
    ),
    "an unknown role": (pack(Hello(PROTOCOL_VERSION, "referee", "m")), "hello.role must be"),
    "a seat that does not exist": (
        pack(Hello(PROTOCOL_VERSION, "player", "m", "Z")),
        "there is no seat 'Z'",
    ),
    "a token no seat has": (
        pack(Hello(PROTOCOL_VERSION, "player", "m", None, "forged")),
        "that seat is no longer held",
    ),
}


@pytest.mark.parametrize("frame,reason", HOSTILE_FIRST_FRAMES.values(), ids=HOSTILE_FIRST_FRAMES)
def test_a_hostile_first_frame_gets_a_reason_and_is_closed(
    raw: Connect, frame: bytes, reason: str
) -> None:
    x, o = seated(raw)
    attacker = raw()
    attacker.send_bytes(frame)
    said, _ = attacker.closed_with()
    assert said is not None and reason in said
    game_goes_on(x, o)


# Keys a sender chose, holding a terminal's escape sequences (clear the screen, retitle it).
ESCAPES = "\x1b[2J\x1b]0;owned\x07\u202e"
ESCAPING_FRAMES = {
    "an unknown key": msgpack.packb({"t": "ping", ESCAPES: 1}),
    "a map's key": msgpack.packb(
        {"t": "state", "game": 1, "variant": {ESCAPES: []}, "moves": [], "seats": []}
        | {"spectators": 0, "rematch": []}
    ),
    "thirty long keys": msgpack.packb({"t": "ping"} | {f"{ESCAPES}{i}" * 40: i for i in range(30)}),
}


@pytest.mark.parametrize("frame", ESCAPING_FRAMES.values(), ids=ESCAPING_FRAMES)
def test_a_reason_quotes_what_the_sender_wrote(
    host: HostHandle, raw: Connect, frame: bytes
) -> None:
    """The reason for closing reaches the operator's terminal (the host's log) and the
    sender's screen: it never carries the sender's control characters raw, and it fits in
    a frame a client reads (a string of at most 1 KiB)."""
    logged: list[str] = []
    host.call(setattr, host.host, "log", logged.append)
    x, o = seated(raw)
    attacker = raw()
    attacker.send_bytes(frame)
    said, _ = attacker.closed_with()
    assert said is not None and said.isprintable() and len(said.encode()) <= 1024, said
    game_goes_on(x, o)
    assert logged and all(line.isprintable() for line in logged), logged


HOSTILE_LATER_FRAMES = {
    "garbage after hello": (b"\xc1\x00", "not a msgpack frame"),
    "a host's message": (pack(State(1, {}, (), (), 0, (), {})), "a client does not send state"),
    "a second hello": (pack(Hello(PROTOCOL_VERSION, "player", "m")), "a client does not send"),
    "a move with a wrong field type": (
        msgpack.packb({"t": "move", "side": "X", "ply": 1.0, "token": "2-5"}),
        "move.ply must be an integer",
    ),
}


@pytest.mark.parametrize("frame,reason", HOSTILE_LATER_FRAMES.values(), ids=HOSTILE_LATER_FRAMES)
def test_a_spectator_turning_hostile_is_closed_alone(
    raw: Connect, frame: bytes, reason: str
) -> None:
    x, o = seated(raw)
    attacker = raw()
    attacker.hello(role=SPECTATOR, name="mallory")
    attacker.send_bytes(frame)
    said, _ = attacker.closed_with()
    assert said is not None and reason in said
    game_goes_on(x, o)


def test_a_seated_player_turning_hostile_can_reconnect_to_its_held_seat(raw: Connect) -> None:
    x, o = seated(raw)
    x.send_bytes(b"\xc1")
    said, _ = x.closed_with()
    assert said and "not a msgpack frame" in said
    o.expect(Notice, lambda n: "Ada dropped; seat X is held" in n.text)  # type: ignore[attr-defined]
    back = raw()
    assert back.hello(name="Ada", token=x.welcome.token).seat == "X"
    assert back.state().moves == ("1-2",)
    game_goes_on(back, o)


ENDS_BEFORE_A_MOVE = {
    "a bye": (pack(Bye(LEFT)), "Bo left; seat O is open"),
    "garbage": (b"\xc1", "Bo dropped; seat O is held"),
    "a protocol error": (pack(Move("W", 1, "2-5")), "Bo dropped; seat O is held"),
}


@pytest.mark.parametrize("end,notice", ENDS_BEFORE_A_MOVE.values(), ids=ENDS_BEFORE_A_MOVE)
def test_a_move_written_after_the_end_of_a_connection_is_not_played(
    host: HostHandle, raw: Connect, end: bytes, notice: str
) -> None:
    """What follows a bye or a frame that ends the connection, in the same write, is not read."""
    x, o = seated(raw)
    o.send_bytes(end + pack(Move("O", 1, "2-5")))
    x.expect(Notice, lambda n: notice in n.text)  # type: ignore[attr-defined]
    x.send(Ping())
    x.expect(Pong)
    assert host.host.table.record.moves == ["1-2"]


ILLEGAL = "both halves in one cell only on move 9 into the last open cell"
REFUSED_MOVES = {
    "a move for the other seat": ("X", "O", 1, "2-5", "you play X, not O"),
    "a move out of turn": ("X", "X", 1, "2-5", "it is O's turn"),
    "a stale move": ("O", "O", 0, "2-5", "stale move: 1 tokens are played"),
    "a move from the future": ("O", "O", 5, "2-5", "stale move"),
    "an illegal move": ("O", "O", 1, "1-1", ILLEGAL),
    "a token of no board": ("O", "O", 1, "5.5-1", "there is no cell 5.5"),
    "a cell off the board": ("O", "O", 1, "1-10", "there is no cell 10"),
    "an unknown seat": ("O", "W", 1, "2-5", "there is no seat 'W'"),
}


@pytest.mark.parametrize("who,side,ply,token,reason", REFUSED_MOVES.values(), ids=REFUSED_MOVES)
def test_refused_moves_get_their_reason_and_change_nothing(
    raw: Connect, who: str, side: str, ply: int, token: str, reason: str
) -> None:
    x, o = seated(raw)
    mover = x if who == "X" else o
    mover.move(side, ply, token)
    if side == "W":  # not a seat at all: a protocol error, the connection goes
        said, _ = mover.closed_with()
        assert said and reason in said
        return
    assert reason in mover.expect(Refused).reason  # type: ignore[attr-defined]
    game_goes_on(x, o)


def test_a_flood_of_refused_moves_is_answered_each_time_but_logged_a_few_times(
    host: HostHandle, raw: Connect
) -> None:
    """Bo sends an illegal move a thousand times: each is refused with its reason, and the
    host's log holds the first few, then one line with the count once Bo is gone."""
    logged: list[str] = []
    host.call(setattr, host.host, "log", logged.append)
    x, o = seated(raw)
    o.send_bytes(pack(Move("O", 1, "1-1")) * 1000)
    for _ in range(1000):
        assert o.expect(Refused).reason == ILLEGAL  # type: ignore[attr-defined]
    game_goes_on(x, o)
    o.close()
    x.expect(Notice, lambda n: "Bo dropped" in n.text)  # type: ignore[attr-defined]
    refusals = [line for line in logged if "refused" in line]
    assert refusals == [
        *[f"refused Bo's '1-1': {ILLEGAL}"] * LOGGED_REFUSALS,
        f"refused {1000 - LOGGED_REFUSALS} more moves of Bo's, not logged one by one",
    ]


def test_a_player_who_reads_nothing_is_cut_off_and_the_game_goes_on(
    make_host: Callable[..., HostHandle],
) -> None:
    """Bo floods moves the rules refuse and reads none of the refusals: once more than
    MAX_BACKLOG of them waits at the host, Bo is cut off (not buffered for without end),
    Bo's seat is held as for any drop, and the game goes on when Bo is back."""
    host = make_host(idle_timeout=30.0)  # Ada reads but sends nothing meanwhile
    logged: list[str] = []
    host.call(setattr, host.host, "log", logged.append)
    x = Raw(host.address)
    o = Raw(host.address, receive_buffer=4096)  # a window that stays small: nothing is read
    assert x.hello(name="Ada", seat="X").seat == "X"
    token = o.hello(name="Bo", seat="O").token
    x.move("X", 0, "1-2")
    x.state(moves=1)
    o.sock.setblocking(False)
    # Each refusal is longer than the move: the host's kernel buffers fill (a few MB on
    # loopback), then its own, until the cut.
    flood = pack(Move("O", 1, "1-1")) * 1000
    unsent, cut = memoryview(b""), False
    deadline = time.monotonic() + 60
    while not _told(x, "Bo dropped") and time.monotonic() < deadline:
        if cut:  # the table says so
            time.sleep(0.01)
            continue
        unsent = unsent or memoryview(flood)
        try:
            unsent = unsent[o.sock.send(unsent) :]  # whole moves: a cut one is not a move
        except BlockingIOError:
            time.sleep(0.01)
        except (ConnectionResetError, BrokenPipeError):
            cut = True
    assert _told(x, "Bo dropped"), "Bo was never cut off"
    port = o.sock.getsockname()[1]  # the host's operator reads why
    assert f"cut off 127.0.0.1:{port}: more than 256 KB of messages left unread" in logged
    o.close()
    back = Raw(host.address)
    assert back.hello(name="Bo", token=token).seat == "O"
    assert back.state(moves=1).moves == ("1-2",)
    game_goes_on(x, back)
    x.close()
    back.close()


def _told(player: Raw, words: str) -> bool:
    """Whether a Notice with ``words`` has reached ``player`` (reading what is there now)."""
    while select.select([player.sock], [], [], 0)[0]:
        data = player.sock.recv(65536)
        if not data:
            break
        player.inbox.extend(player.frames.feed(data))
    return any(isinstance(m, Notice) and words in m.text for m in player.inbox)


def test_a_spectator_cannot_move(raw: Connect) -> None:
    x, o = seated(raw)
    watcher = raw()
    watcher.hello(role=SPECTATOR, name="eve")
    watcher.move("O", 1, "2-5")
    assert watcher.expect(Refused).reason == "spectators cannot move"  # type: ignore[attr-defined]
    game_goes_on(x, o)
    assert watcher.state(moves=2)


def test_a_repeated_move_is_refused_as_stale(raw: Connect) -> None:
    x, o = seated(raw)
    o.move("O", 1, "2-5")
    o.move("O", 1, "2-5")
    assert o.state(moves=2).moves == ("1-2", "2-5")
    assert "stale move" in o.expect(Refused).reason  # type: ignore[attr-defined]
    x.move("X", 2, "5-9")
    assert o.state(moves=3).moves == ("1-2", "2-5", "5-9")


def test_a_rematch_before_the_end_is_refused(raw: Connect) -> None:
    x, _ = seated(raw)
    x.send(Rematch())
    assert x.expect(Refused).reason == "the game is not over yet"  # type: ignore[attr-defined]


def test_a_rematch_asked_twice_is_refused_and_tells_no_one(raw: Connect) -> None:
    x, o = raw(), raw()
    x.hello(name="Ada", seat="X")
    o.hello(name="Bo", seat="O")
    variant, pos, ply = make_variant("goff"), Position(make_variant("goff")), 0
    while not pos.is_over:  # the first legal action each time, to the end
        action = pos.legal_actions()[0]
        assert pos.to_play is not None
        (x if pos.to_play is Player.X else o).move(pos.to_play.value, ply, variant.token(action))
        pos, ply = pos.play(action), ply + 1
        o.state(moves=ply)
    x.send(Rematch())
    o.expect(State, lambda s: s.rematch == ("X",))  # type: ignore[attr-defined]
    o.inbox.clear()
    x.send(Rematch())
    x.send(Ping())
    assert x.expect(Refused).reason == "you have asked for a rematch already"  # type: ignore[attr-defined]
    x.expect(Pong)
    o.send(Ping())
    o.expect(Pong)
    assert not any(isinstance(m, State) for m in o.inbox)  # nothing changed: nothing sent


def test_a_name_keeps_its_printable_characters_only(raw: Connect) -> None:
    # Escapes that would clear the host's terminal, a right-to-left override, a zero-width
    # space, a bell: gone; the words stay apart.
    x = raw()
    x.hello(name="\x1b[2JAda\u202e\u200b \t Lovelace\x07", seat="X")
    assert x.state().seats[0].name == "[2JAda Lovelace"  # type: ignore[attr-defined]
    o = raw()
    o.hello(name="\U0001f469\u200d\U0001f4bb Bo", seat="O")  # one emoji, joined: kept whole
    assert o.state().seats[1].name == "\U0001f469\u200d\U0001f4bb Bo"  # type: ignore[attr-defined]


def test_a_silent_client_is_dropped_after_the_hello_timeout(host: HostHandle, raw: Connect) -> None:
    x, o = seated(raw)
    silent = raw()
    game_goes_on(x, o)  # not delayed by the silent one
    said, waited = silent.closed_with()
    assert said == "no whole message for 1 s"
    assert waited < 2.0


def test_a_client_trickling_one_byte_at_a_time_is_dropped(raw: Connect) -> None:
    x, o = seated(raw)
    slow = raw()
    frame = pack(Hello(PROTOCOL_VERSION, SPECTATOR, "slowloris"))
    sent = 0
    for byte in frame:
        # A byte every 0.25 s, until the host hangs up (the hello would take over 5 s).
        if select.select([slow.sock], [], [], 0.25)[0]:
            break
        slow.send_bytes(bytes([byte]))
        sent += 1
        if sent == 2:
            game_goes_on(x, o)  # not delayed meanwhile
    said, _ = slow.closed_with()
    assert said == "no whole message for 1 s"
    assert sent < len(frame)


def test_a_seated_client_that_stops_pinging_is_dropped_and_its_seat_held(raw: Connect) -> None:
    x, o = seated(raw)
    began = time.monotonic()
    while time.monotonic() - began < 2.5:  # O keeps pinging, X falls silent
        o.send(Ping())
        o.expect(Pong)
        time.sleep(0.3)
    said, _ = x.closed_with()
    assert said == "no whole message for 1.5 s"
    o.expect(Notice, lambda n: "Ada dropped; seat X is held" in n.text)  # type: ignore[attr-defined]


def test_a_player_whose_machine_slept_past_the_hosts_patience_is_back_on_waking(
    make_host: Callable[..., HostHandle],
) -> None:
    """Ada's process is stopped (a laptop's lid closed) until the host has given up on it
    and said so: on waking Ada reads that bye, comes back to the seat held for her with
    her token and plays the game to its end, as after any drop. (Her own patience, 10 s,
    has not run out: the host's bye is the first she hears of it.)"""
    host = make_host(idle_timeout=1.5, reconnect_grace=30.0)
    logged: list[str] = []
    host.call(setattr, host.host, "log", logged.append)
    where = f"{LOOPBACK}:{host.address[1]}"
    seat = ("join", where, "--bot", "beginner", "--headless", "--seat")
    ada = spawn(*seat, "X", "--name", "Ada", "--seed", "1")
    bo: subprocess.Popen[str] | None = None
    try:
        _until(lambda: "Ada sits at X" in logged)
        ada.send_signal(signal.SIGSTOP)
        bo = spawn(*seat, "O", "--name", "Bo", "--seed", "2")
        _until(lambda: any("no whole message for 1.5 s" in line for line in logged))
        ada.send_signal(signal.SIGCONT)
        out, err = ada.communicate(timeout=60)
        assert ada.returncode == 0, err
        assert report_of(out) == report_of(bo.communicate(timeout=60)[0])
        assert report_of(out)["over"] is True
        assert "Ada is back at X" in logged
    finally:
        for process in (ada, bo):
            if process is not None and process.poll() is None:
                process.send_signal(signal.SIGCONT)
                process.kill()
                process.communicate()


def test_a_window_that_slept_is_told_so_in_words_and_is_back_in_its_seat(
    make_host: Callable[..., HostHandle],
) -> None:
    """The window's own session, its network thread held still (the machine asleep) until
    the host has closed it: on waking the player reads what happened from their side, not
    the host's log line, and the seat is theirs again."""
    # Patience enough for Ben's pings (every second) on a busy machine: only Ann sleeps.
    host = make_host(idle_timeout=3.0, reconnect_grace=30.0)
    # Seats asked for: two sessions started together race for X, and Ann moves first.
    ann = Screen(NetworkSession(host.address, name="Ann", seat=Player.X))
    ben = Screen(NetworkSession(host.address, name="Ben", seat=Player.O))
    try:
        ann.wait(lambda e: isinstance(e, Snapshot))
        ben.wait(lambda e: isinstance(e, Snapshot))
        # Both seated, as Ann's screen knows it (Ben may have sat first, before her notices).
        ann.wait(lambda e: isinstance(e, State) and all(seat.connected for seat in e.seats))
        ann.session._thread.call(time.sleep, 4.5)  # the loop and its pings stand still
        told = ann.notice("; reconnecting", timeout=15)
        assert told.text == "the host heard nothing from here for 3 s; reconnecting"
        ben.notice("Ann is back", timeout=10)
        ann.session.submit(make_variant("goff").parse_token("1-2"))
        assert ben.snapshot(1).moves == ("1-2",)
    finally:
        ann.session.close()
        ben.session.close()


def _until(done: Callable[[], bool], timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, "not within 20 s"
        time.sleep(0.02)


def flood(host: HostHandle, raw: Connect) -> list[Raw]:
    """As many silent connections as the host lets wait for a hello, once it holds them all."""
    before = len(host.host.connections)
    silent = [raw() for _ in range(host.host.stranger_limit)]
    deadline = time.monotonic() + 5
    while len(host.host.connections) < before + len(silent):
        assert time.monotonic() < deadline
        time.sleep(0.01)
    return silent


def test_a_flood_of_silent_connections_is_turned_away(host: HostHandle, raw: Connect) -> None:
    x, o = seated(raw)
    silent = flood(host, raw)
    late = raw()
    said, waited = late.closed_with()
    assert said == BUSY
    assert waited < 0.5
    game_goes_on(x, o)
    del silent


def test_a_flood_turned_away_is_logged_by_the_second_not_line_by_line(
    host: HostHandle, raw: Connect
) -> None:
    said: list[str] = []
    host.host.log = said.append
    silent = flood(host, raw)
    for _ in range(30):
        assert raw().closed_with()[0] == BUSY
    _until(lambda: sum(int(line.split()[2]) for line in said if BUSY in line) == 30)
    busy = [line for line in said if BUSY in line]
    assert len(busy) <= 3 and busy[0].startswith("turned away "), busy
    del silent


def test_everyone_a_full_table_holds_may_knock_at_once(
    make_host: Callable[..., HostHandle],
) -> None:
    # Two players and a hundred spectators, all before any says hello (a host restarted under
    # a full room, every screen coming back at once): none is turned away as a flood.
    # (Hellos given time: on a busy machine 102 of them, one after another, take a while.)
    host = make_host(spectator_limit=100, hello_timeout=30.0)
    everyone = [Raw(host.address) for _ in range(102)]
    try:
        for i, peer in enumerate(everyone):
            seat = {"seat": "XO"[i]} if i < 2 else {}
            peer.send(Hello(PROTOCOL_VERSION, "player" if i < 2 else SPECTATOR, f"P{i}", **seat))
        for i, peer in enumerate(everyone):
            welcome = peer.expect(Welcome)
            wanted = ("XO"[i], "player") if i < 2 else (None, SPECTATOR)
            assert (welcome.seat, welcome.role) == wanted
    finally:
        for peer in everyone:
            peer.close()


def test_a_window_turned_away_while_the_host_is_busy_knocks_again(
    host: HostHandle, raw: Connect, screens: Callable[..., Screen]
) -> None:
    silent = flood(host, raw)
    ada = screens("Ada", seat=Player.X)
    ada.notice(BUSY)
    for peer in silent:  # the flood ends (as the hello timeout would end it)
        peer.sock.close()
    ada.snapshot(0)
    assert ada.session.local_sides == {Player.X}


def test_a_disk_that_refuses_the_record_leaves_the_game_going_and_says_so(
    host: HostHandle, raw: Connect
) -> None:
    x, o = seated(raw)
    table = host.host.table
    folder = table.path.parent
    committed(table.path, 1)  # every rename so far has landed
    shutil.rmtree(folder)
    folder.write_text("not a folder")  # as a full disk or a pulled drive refuses the save
    o.move("O", 1, "2-5")
    for player in (x, o):  # the move goes out, and everyone is told once, plainly
        assert player.state(moves=2).moves == ("1-2", "2-5")
        said = player.expect(Notice, lambda n: "cannot save" in n.text)  # type: ignore[attr-defined]
        assert said.text.startswith("the host cannot save this game (")  # type: ignore[attr-defined]
        assert said.text.endswith("): it goes on unsaved")  # type: ignore[attr-defined]
    x.move("X", 2, "3-6")
    for player in (x, o):  # no second notice for the same trouble: the next Notice is the news
        assert player.state(moves=3).moves == ("1-2", "2-5", "3-6")
    eve = raw()  # a spectator arriving now is told on arrival, once
    eve.hello(role=SPECTATOR, name="Eve")
    said = eve.expect(Notice, lambda n: "cannot save" in n.text)  # type: ignore[attr-defined]
    assert said.text.endswith("): it goes on unsaved")  # type: ignore[attr-defined]
    first = table.unsaved
    folder.unlink()
    folder.mkdir()
    # Other trouble, another reason: a folder stands where each next save would be written.
    blocked = [table.path.with_name(f".{table.path.name}.staged-{n}") for n in range(100)]
    for path in blocked:
        path.mkdir()
    for side, ply, token in (("O", 3, "4-7"), ("X", 4, "5-8")):  # the save is done by the next
        (o if side == "O" else x).move(side, ply, token)
        for player in (x, o, eve):
            assert player.state(moves=ply + 1).moves[-1] == token
    assert table.unsaved not in (first, None)  # the reason did change
    for path in blocked:
        path.rmdir()  # the disk is back: the next save writes the whole game
    o.move("O", 5, "6-9")
    for player in (x, o):
        player.state(moves=6)
        player.expect(Notice, lambda n: n.text == "the host saves the game again")  # type: ignore[attr-defined]
    assert committed(table.path, 6).moves == ["1-2", "2-5", "3-6", "4-7", "5-8", "6-9"]
    everyone = (*x.inbox, *o.inbox, *eve.inbox)
    assert not [m for m in everyone if isinstance(m, Notice) and "cannot" in m.text]


def test_a_server_that_trickles_bytes_but_never_welcomes_is_not_a_table(
    screens: Callable[..., Screen],
) -> None:
    # One byte every 0.2 s (a frame that never ends) would reset any silence limit.
    with socket.create_server((LOOPBACK, 0)) as slow:
        slow.settimeout(10)
        ada = Screen(NetworkSession(slow.getsockname()[:2], name="Ada", silence=1.0))
        try:
            peer, _ = slow.accept()
            with peer:
                began = time.monotonic()
                peer.sendall(b"\x92\xda\x01\x00")  # an array whose string is 256 bytes long…
                while ada.session.ended is None and time.monotonic() - began < 10:
                    peer.sendall(b"a")  # …that come one at a time
                    time.sleep(0.2)
                    ada.seen.extend(ada.session.events())
            assert ada.session.ended == "no welcome from the host in 1 s"
            assert time.monotonic() - began < 3  # ended, not retried for a minute
        finally:
            ada.session.close()
