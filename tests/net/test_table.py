"""Seats, spectators, rematches and reconnects, through NetworkSession as a window would use it."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path

from game.records import Record, read_record
from game.rules import Goff, Place, Player, Position
from game.session import Refused, Snapshot
from net import protocol as wire
from net.framing import pack
from net.host import HostHandle
from net.party_host import party_file
from net.protocol import PROTOCOL_VERSION, SPECTATOR, TABLE_NAME_LIMIT, Hello
from net.seats import SeatStore
from net.session import NetworkSession
from net.table import Table
from tests.net.conftest import Raw, Screen, committed


def test_two_windows_play_and_a_spectator_watches(screens: Callable[..., Screen]) -> None:
    ada = screens("Ada", seat=Player.X)
    ada.snapshot(0)
    bo = screens("Bo")
    eve = screens("Eve", role=SPECTATOR)
    for screen in (ada, bo, eve):
        screen.snapshot(0)
    assert ada.session.local_sides == {Player.X}
    assert bo.session.local_sides == {Player.O}
    assert eve.session.local_sides == frozenset()
    ada.session.submit(Place(0, 1))
    for screen in (ada, bo, eve):
        assert screen.snapshot(1).moves == ("1-2",)
    bo.session.submit(Place(4, 4))
    assert "both halves in one cell" in bo.wait(lambda e: isinstance(e, Refused)).reason  # type: ignore[attr-defined]
    eve.session.submit(Place(4, 5))
    assert eve.wait(lambda e: isinstance(e, Refused)).reason == "spectators cannot move"  # type: ignore[attr-defined]
    table = eve.session.table
    assert table is not None
    assert [(s.side, s.name, s.connected) for s in table.seats] == [
        ("X", "Ada", True),
        ("O", "Bo", True),
    ]
    assert table.spectators == 1


def test_the_host_saves_every_applied_move(
    host: HostHandle, screens: Callable[..., Screen]
) -> None:
    ada, bo = screens("Ada", seat=Player.X), screens("Bo", seat=Player.O)
    ada.snapshot(0), bo.snapshot(0)
    ada.session.submit(Place(0, 1))
    bo.snapshot(1)
    bo.session.submit(Place(1, 4))
    ada.snapshot(2)
    saved = committed(host.host.table.path, 2)
    assert saved.moves == ["1-2", "2-5"]
    assert saved.extra["table"]["seats"]["X"]["name"] == "Ada"  # type: ignore[index]
    assert saved.players() == {Player.X: "Ada", Player.O: "Bo"}  # as the replay list says it


def test_a_spectator_takes_an_empty_seat(screens: Callable[..., Screen]) -> None:
    ada = screens("Ada")
    ada.snapshot(0)  # seated (at X) before Eve asks: else her Sit may come first
    assert ada.session.local_sides == {Player.X}
    eve = screens("Eve", role=SPECTATOR)
    eve.snapshot(0)
    eve.session.sit(Player.X)
    assert eve.wait(lambda e: isinstance(e, Refused)).reason == "seat X is taken"  # type: ignore[attr-defined]
    eve.session.sit(Player.O)
    ada.notice("Eve sits at O")
    # Eve hears of her seat on her own connection: it may come after Ada's notice.
    until(lambda: eve.session.local_sides == {Player.O}, timeout=30)


def test_the_spectator_limit(make_host: Callable[..., HostHandle]) -> None:
    # Idle limits far above any pause a busy machine makes: a watcher dropped for a late
    # ping would free its place for the late one, and the count would depend on scheduling.
    host = make_host(hello_timeout=30.0, idle_timeout=30.0)
    opened = [NetworkSession(host.address, name=f"w{i}", role=SPECTATOR) for i in range(4)]
    try:
        for watcher in opened:
            Screen(watcher).wait(lambda e: isinstance(e, Snapshot), timeout=30)
        late = NetworkSession(host.address, name="late", role=SPECTATOR)
        opened.append(late)
        Screen(late).notice("this table has its 4 spectators", timeout=30)
        assert late.ended and "4 spectators" in late.ended
    finally:
        for session in opened:
            session.close()


def test_a_full_table_turns_a_third_player_away(screens: Callable[..., Screen]) -> None:
    screens("Ada").snapshot(0)
    screens("Bo").snapshot(0)
    third = screens("Cy")
    third.notice("no seat is open at this table")


def test_a_seat_asked_for_is_not_held_until_the_host_gives_it(
    screens: Callable[..., Screen],
) -> None:
    screens("Ada", seat=Player.X).snapshot(0)
    screens("Bo", seat=Player.O).snapshot(0)
    # Cy asks for O, taken: from the first moment to the refusal, Cy is seated nowhere (a
    # screen that said "you play O" meanwhile would let its player act for a seat not theirs).
    cy = screens("Cy", seat=Player.O)
    assert cy.session.local_sides == set()
    cy.notice("seat O is taken at this table")
    assert cy.session.local_sides == set()


def until(condition: Callable[[], bool], timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.005)


def play_out(x: Screen, o: Screen) -> tuple[Snapshot, Position]:
    """Play the game at the table to its end, each side its first legal action: the first
    snapshot ``x`` saw, and the end."""
    o.snapshot(0)
    first = x.snapshot(0)
    pos = first.position
    sessions = {Player.X: x, Player.O: o}
    ply = 0
    while not pos.is_over:
        assert pos.to_play is not None
        mover = sessions[pos.to_play]
        mover.snapshot(ply)  # the mover's own screen is up to date before it moves
        mover.session.submit(pos.legal_actions()[0])
        ply += 1
        pos = mover.snapshot(ply).position
    return first, pos


def test_a_rematch_swaps_sides(screens: Callable[..., Screen]) -> None:
    ada, bo = screens("Ada", seat=Player.X), screens("Bo", seat=Player.O)
    first, _ = play_out(ada, bo)
    ada.session.rematch()
    until(lambda: bo.session.table is not None and bo.session.table.rematch == ("X",))
    bo.session.rematch()
    ada.notice("game 2: sides swapped")
    fresh = ada.wait(lambda e: isinstance(e, Snapshot) and not e.moves and e is not first)
    assert fresh.position == Position(fresh.variant)  # type: ignore[attr-defined]
    until(lambda: ada.session.local_sides == {Player.O})
    until(lambda: bo.session.local_sides == {Player.X})
    table = ada.session.table
    assert table is not None and table.game == 2
    assert [s.name for s in table.seats] == ["Bo", "Ada"]


def test_newcomers_at_a_table_its_players_left_play_a_new_game(
    screens: Callable[..., Screen],
) -> None:
    ada, bo = screens("Ada", seat=Player.X), screens("Bo", seat=Player.O)
    _, end = play_out(ada, bo)
    assert end.outcome is not None and end.outcome.winner is not None
    ada.session.close(leave=True)
    bo.session.close(leave=True)
    # Cy sits down where the winner sat: to a game of her own, not to the end of theirs.
    cy = screens("Cy", seat=end.outcome.winner)
    fresh = cy.snapshot(0)
    assert fresh.position == Position(fresh.variant) and fresh.game == 2
    table = cy.session.table
    assert table is not None and [s.wins for s in table.seats] == [0, 0]


def test_a_dropped_seat_is_held_then_opened(make_host: Callable[..., HostHandle]) -> None:
    host = make_host(idle_timeout=10.0)  # the raw sockets here do not ping
    ada, bo = Raw(host.address), Raw(host.address)
    ada.hello(name="Ada")
    bo.hello(name="Bo")
    ada.close()
    bo.expect(wire.Notice, lambda n: n.text == "Ada dropped; seat X is held for 2 s")  # type: ignore[attr-defined]
    # While held, the seat is not open to someone else...
    cy = Raw(host.address)
    cy.send(Hello(PROTOCOL_VERSION, "player", "Cy", "X"))
    said, _ = cy.closed_with()
    assert said == "seat X is taken at this table"
    # ...and after the grace period it is.
    bo.expect(wire.Notice, lambda n: n.text == "seat X (Ada) is open again")  # type: ignore[attr-defined]
    dee = Raw(host.address)
    assert dee.hello(name="Dee", seat="X").seat == "X"
    for conn in (bo, cy, dee):
        conn.close()


def test_a_newcomer_s_own_token_holds_its_seat(make_host: Callable[..., HostHandle]) -> None:
    # A phone's page makes its token before its hello: one that never heard its welcome comes
    # back to its own seat, not to the other one beside a ghost of itself.
    host = make_host(idle_timeout=10.0, reconnect_grace=60.0)
    own = "A" * 22
    ada = Raw(host.address)
    assert (ada.hello(name="Ada", seat="O", token=own).seat, ada.welcome.token) == ("O", own)
    ada.close()
    back = Raw(host.address)
    assert (back.hello(name="Ada", token=own).seat, back.welcome.token) == ("O", own)
    assert host.host.table.seats[Player.X] is None
    # To watch, a token of its own is no seat to reclaim; one too easy to guess is refused.
    assert Raw(host.address).hello(SPECTATOR, name="Bo", token="B" * 22).seat is None
    guess = Raw(host.address)
    guess.send(Hello(PROTOCOL_VERSION, "player", "Cy", None, "B" * 21))
    said, _ = guess.closed_with()
    assert said == "that seat is no longer held for you"


def test_a_player_who_leaves_frees_the_seat_at_once(
    make_host: Callable[..., HostHandle], tmp_path: Path
) -> None:
    host = make_host(reconnect_grace=60.0)
    seats = SeatStore(tmp_path / "seats.json")
    ada = Screen(NetworkSession(host.address, name="Ada", seat=Player.X, seats=seats))
    ada.notice("you sit at X")
    bo = Screen(NetworkSession(host.address, name="Bo", seat=Player.O))
    try:
        bo.notice("you sit at O")
        ada.session.submit(Place(0, 1))
        bo.snapshot(1)
        key = host.host.key
        assert seats.take(key, "Ada") is None  # held by Ada's live client
        assert "Ada" in (tmp_path / "seats.json").read_text()
        ada.session.close(leave=True)
        bo.notice("Ada left; seat X is open")
        table = bo.session.table
        assert table is not None and (table.seats[0].side, table.seats[0].name) == ("X", None)
        # Nobody waits out a grace period for it: someone else sits there now, mid-game...
        cy = Raw(host.address)
        assert cy.hello(name="Cy", seat="X").seat == "X"
        cy.close()
        # ...and Ada's token for the seat she gave up is gone from her file.
        assert seats.take(key, "Ada") is None
        assert "Ada" not in (tmp_path / "seats.json").read_text()
    finally:
        bo.session.close()


def test_a_player_who_leaves_hangs_up_once_the_host_heard_it(
    make_host: Callable[..., HostHandle],
) -> None:
    """Leaving waits for the host to hang up, the bye read: a client that closed at once, over
    the host's news not yet read (the other player leaving too), reset the connection, and the
    host lost the bye and held the seat a minute, as for a drop (two windows leaving the
    results together, or two bots at the end of their game: one in two)."""
    host = make_host(reconnect_grace=60.0)
    ada = Screen(NetworkSession(host.address, name="Ada", seat=Player.X))
    ada.notice("you sit at X")
    busy = threading.Event()
    host.call(lambda: (busy.set(), time.sleep(0.1)))  # the host is busy as Ada leaves
    busy.wait()
    ada.session.close(leave=True)
    assert host.host.table.seats[Player.X] is None  # freed before the window went on


def test_leaving_forgets_no_token_but_the_player_s_own(
    make_host: Callable[..., HostHandle], tmp_path: Path
) -> None:
    """Two windows of one name on one machine keep their tokens under one key: the one
    that leaves forgets its own, never the other's, which still brings that player back."""
    host = make_host(reconnect_grace=60.0)
    seats = SeatStore(tmp_path / "seats.json")
    first = Screen(NetworkSession(host.address, name="Ada", seat=Player.X, seats=seats))
    first.notice("you sit at X")
    second = Screen(NetworkSession(host.address, name="Ada", seat=Player.O, seats=seats))
    try:
        second.notice("you sit at O")
        first.session.close(leave=True)
        second.notice("Ada left; seat X is open")
        second.session.close()
        again = Screen(NetworkSession(host.address, name="Ada", seats=seats))
        again.notice("you are back at O")
        again.session.close()
    finally:
        second.session.close()


def test_a_closed_window_keeps_its_seat_held(make_host: Callable[..., HostHandle]) -> None:
    host = make_host(reconnect_grace=60.0)
    ada = Screen(NetworkSession(host.address, name="Ada", seat=Player.X))
    ada.notice("you sit at X")
    bo = Screen(NetworkSession(host.address, name="Bo", seat=Player.O))
    try:
        bo.notice("you sit at O")
        ada.session.close()  # not leaving: the window closed, and the player may be back
        bo.notice("Ada dropped; seat X is held for 60 s")
    finally:
        bo.session.close()


def test_what_follows_a_bye_is_not_read_and_a_bye_first_is_no_hello(
    make_host: Callable[..., HostHandle],
) -> None:
    host = make_host(reconnect_grace=60.0)
    ada, bo = Raw(host.address), Raw(host.address)
    ada.hello(name="Ada")
    bo.hello(name="Bo")
    ada.send_bytes(pack(wire.Bye(wire.LEFT)) + b"\xc1 not a frame")
    bo.expect(wire.Notice, lambda n: n.text == "Ada left; seat X is open")  # type: ignore[attr-defined]
    said, _ = ada.closed_with()
    assert said is None  # no complaint about the garbage: nobody was listening any more
    cy = Raw(host.address)
    cy.send(wire.Bye(wire.LEFT))
    said, _ = cy.closed_with()
    assert said == "the first message must be hello, not bye"
    dee = Raw(host.address)
    assert dee.hello(name="Dee").seat == "X"  # the host took neither in its stride
    for conn in (bo, cy, dee):
        conn.close()


def test_no_move_until_both_seats_are_taken(make_host: Callable[..., HostHandle]) -> None:
    host = make_host()
    ada = Raw(host.address)
    ada.hello(name="Ada", seat="X")
    ada.move("X", 0, "1-2")
    assert ada.expect(wire.Refused).reason == "waiting for a player at O"  # type: ignore[attr-defined]
    bo = Raw(host.address)
    bo.hello(name="Bo")
    ada.move("X", 0, "1-2")
    assert bo.state(moves=1).moves == ("1-2",)
    ada.close()
    bo.close()


def test_an_emote_at_a_plain_table_is_refused_and_the_connection_stays(
    screens: Callable[..., Screen],
) -> None:
    eve = screens("Eve", role=SPECTATOR)
    eve.snapshot(0)
    eve.session.emote("gg")
    refused = eve.wait(lambda e: isinstance(e, Refused))
    assert refused.reason == "this table is not a party: it takes no emote"  # type: ignore[attr-defined]
    ada = screens("Ada", seat=Player.X)
    ada.snapshot(0)
    # Still connected: Eve hears Ada sit down after the refusal.
    eve.notice("Ada sits at X")
    assert eve.session.connected and eve.session.ended is None


def test_a_table_with_a_very_long_name_still_saves_its_games(tmp_path: Path) -> None:
    # A 300-character name made a file name past NAME_MAX: every game went on unsaved. (A
    # table's name has a limit now, but a party's file is named from anything a record says.)
    table = Table("x" * TABLE_NAME_LIMIT, Record(Goff()), tmp_path)
    table.save()
    table.close()  # the rename is done on a thread of its own
    assert table.unsaved is None and read_record(table.path).moves == []
    assert party_file(tmp_path, "Ådne's " + "y" * 300).name == f"party-dne-s-{'y' * 53}.json"
