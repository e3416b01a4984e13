"""Party messages on the wire, and what a party host says to a raw connection."""

from __future__ import annotations

import functools
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from random import Random

import pytest

from game.rules import Player, Position, make_variant
from net import party_host as party_host_module
from net.discovery import LobbyBrowser
from net.framing import pack
from net.host import HostHandle, new_table, start_host_thread
from net.party import GameResult
from net.party_host import PartyConfig, PartyHost
from net.protocol import (
    LEFT,
    PROTOCOL_VERSION,
    SPECTATOR,
    Bye,
    Emote,
    Emoted,
    Hello,
    Move,
    Notice,
    Party,
    Ping,
    Pong,
    Queue,
    Refused,
    Standing,
    Welcome,
)
from net.seats import SeatStore
from net.session import NetworkSession
from tests.net.conftest import LOOPBACK, Raw, Screen, between_read_and_dispatch, host_config

PARTY_EXAMPLES = [
    Queue(True),
    Emote("gg"),
    Party(
        "round-robin",
        "Ada (X) against Bo (O)",
        False,
        3,
        ("Ada", "Bo"),
        ("Cy",),
        (Standing("Ada", 3, 2, 1, 1, True, 1), Standing("Cy", 0, 0, 0, 0, False, 2)),
        15000,
        9876,
    ),
    Emoted("wow", "Cy"),
]


# What a newcomer to a party of {} players is told.
FULL = (
    "the party is full: {} players are here; you can watch, and join the queue once someone leaves"
)

# For guests who send nothing while the test goes on: never dropped for it, however busy.
SILENT_OK: dict[str, object] = {"idle_timeout": 120.0}


@pytest.fixture
def party_host(tmp_path: Path) -> Iterator[Callable[..., HostHandle]]:
    """Start party hosts on threads (``party_host(format=..., **party_config)``); all stopped."""
    handles: list[HostHandle] = []

    def start(
        name: str = "Party",
        advertise: bool = False,
        config: dict[str, object] | None = None,
        **party: object,
    ) -> HostHandle:
        table = new_table(make_variant("goff"), name, tmp_path)
        make = functools.partial(PartyHost, party=PartyConfig(**party))  # type: ignore[arg-type]
        config = host_config(tmp_path, advertise=advertise, **(config or {}))
        handles.append(start_host_thread(table, config, make))
        return handles[-1]

    yield start
    for handle in handles:
        handle.stop()


def test_a_player_queues_and_a_spectator_joins_and_leaves_the_queue(
    party_host: Callable[..., HostHandle],
) -> None:
    host = party_host(start_at=3)
    ada = Raw(host.address)
    assert ada.hello(name="Ada").seat is None  # a queue, not a seat
    party: Party = ada.expect(Party)
    assert party.queue == ("Ada",) and party.status == "waiting for 2 more players"
    watcher = Raw(host.address)
    watcher.hello(role=SPECTATOR, name="Bo")
    watcher.send(Queue(True))
    assert watcher.expect(Welcome).role == "player"
    assert watcher.expect(Party, lambda p: p.queue == ("Ada", "Bo"))
    watcher.send(Queue(False))
    assert watcher.expect(Welcome).role == SPECTATOR
    assert watcher.expect(Party, lambda p: p.queue == ("Ada",))
    watcher.send(Queue(False))
    assert watcher.expect(Refused).reason == "you are not in the queue"
    for conn in (ada, watcher):
        conn.close()


def test_emotes_reach_everyone_and_the_host_limits_their_rate(
    party_host: Callable[..., HostHandle],
) -> None:
    host = party_host(emote_burst=2, emote_every=60.0)
    ada, bo = Raw(host.address), Raw(host.address)
    ada.hello(name="Ada")
    bo.hello(role=SPECTATOR, name="Bo")
    for emote in ("wow", "gg"):
        ada.send(Emote(emote))
        assert bo.expect(Emoted) == Emoted(emote, "Ada")
    ada.send(Emote("haha"))  # a third at once: the burst is spent
    assert ada.expect(Refused).reason == "one emote every 60 s, please"
    bo.send(Emote("boo"))
    assert bo.expect(Refused).reason.startswith("there is no emote 'boo'; try bravo, wow")
    bo.send(Emote("bravo"))  # each connection has its own allowance
    assert ada.expect(Emoted, lambda m: m.by == "Bo") == Emoted("bravo", "Bo")
    for conn in (ada, bo):
        conn.close()


def test_two_players_of_the_same_name_are_told_apart(
    party_host: Callable[..., HostHandle],
) -> None:
    host = party_host(start_at=4)
    first, second = Raw(host.address), Raw(host.address)
    first.hello(name="Ada")
    second.hello(name="  Ada ")
    assert second.expect(Party, lambda p: len(p.queue) == 2).queue == ("Ada", "Ada 2")
    second.send(Queue(True))
    assert second.expect(Refused).reason == "you are in the queue already"
    for conn in (first, second):
        conn.close()


def test_a_watcher_under_a_members_name_queues_as_someone_else(
    party_host: Callable[..., HostHandle],
) -> None:
    host = party_host(start_at=4)
    bo = Raw(host.address)
    token = bo.hello(name="Bo").token
    impostor = Raw(host.address)
    assert impostor.hello(role=SPECTATOR, name="Bo").name == "Bo 2"
    impostor.send(Queue(True))
    queued = impostor.expect(Welcome)
    assert (queued.name, queued.role) == ("Bo 2", "player") and queued.token != token
    impostor.close()  # and its leaving takes nobody else out of the queue
    assert bo.expect(Party, lambda p: p.queue == ("Bo",)).queue == ("Bo",)
    bo.close()


def test_a_seated_player_who_drops_reclaims_the_seat_under_the_party_name(
    party_host: Callable[..., HostHandle],
) -> None:
    host = party_host(start_at=2, stand_in=30.0)
    first, second = Raw(host.address), Raw(host.address)
    first.hello(name="Ada")
    second.hello(name="Ada")  # known to the party as "Ada 2"
    seated: Welcome = second.expect(Welcome, lambda w: w.seat is not None)
    assert seated.seat == "O"
    second.close()
    # While the seat waits for its player, nobody else may arrive under that name.
    namesake = Raw(host.address)
    namesake.hello(name="Ada 2")
    assert namesake.expect(Party, lambda p: len(p.queue) == 1).queue == ("Ada 2 2",)
    back = Raw(host.address)
    assert back.hello(name="Ada", token=seated.token).seat == "O"
    party: Party = back.expect(
        Party, lambda p: any(s.name == "Ada 2" and s.here for s in p.standings)
    )
    assert party.playing == ("Ada", "Ada 2") and len(party.standings) == 3
    for conn in (first, namesake, back):
        conn.close()


def test_a_watcher_who_queues_is_a_member_with_a_token_that_takes_their_seat_back(
    party_host: Callable[..., HostHandle],
) -> None:
    host = party_host(start_at=2, stand_in=30.0)
    ada, watcher = Raw(host.address), Raw(host.address)
    ada.hello(name="Ada")
    watcher.hello(role=SPECTATOR, name="Bo")
    watcher.send(Queue(True))
    seated: Welcome = watcher.expect(Welcome, lambda w: w.seat is not None)
    assert seated.token is not None
    watcher.close()
    # While Bo is away, the name (and Bo's seat, and row) is nobody else's.
    impostor = Raw(host.address)
    assert impostor.hello(name="Bo").name == "Bo 2"
    back = Raw(host.address)
    assert back.hello(name="Bo", token=seated.token).seat == seated.seat
    for conn in (ada, impostor, back):
        conn.close()


def test_a_member_who_watches_keeps_their_token_and_comes_back_as_themselves(
    party_host: Callable[..., HostHandle],
) -> None:
    # Out of the queue, Zed was welcomed with no token: the page and the window forgot his,
    # and a phone that slept came back as "Zed 2", a new row of no games; offering the token
    # to watch was told "that seat is no longer held for you".
    host = party_host(start_at=3)
    ada, zed = Raw(host.address), Raw(host.address)
    ada.hello(name="Ada")
    token = zed.hello(name="Zed").token
    zed.send(Queue(False))
    assert zed.expect(Welcome, lambda w: w.role == SPECTATOR).token == token
    zed.close()
    ada.expect(Notice, lambda n: n.text == "Zed stopped watching")
    back = Raw(host.address)
    welcome = back.hello(role=SPECTATOR, name="Zed", token=token)
    assert (welcome.role, welcome.name, welcome.token) == (SPECTATOR, "Zed", token)
    assert back.expect(Notice).text == "you are back, watching"  # type: ignore[attr-defined]
    back.send(Queue(True))
    queued: Welcome = back.expect(Welcome)
    assert (queued.role, queued.name, queued.token) == ("player", "Zed", token)
    party: Party = back.expect(Party, lambda p: "Zed" in p.queue)
    assert [s.name for s in party.standings] == ["Ada", "Zed"]
    # A token no longer anyone's (another evening's) lets a watcher in as anyone new.
    stranger = Raw(host.address)
    assert stranger.hello(role=SPECTATOR, name="Zed", token="gone").name == "Zed 2"
    for conn in (ada, back, stranger):
        conn.close()


def test_a_window_that_watches_comes_back_watching_as_the_same_member(
    party_host: Callable[..., HostHandle], tmp_path: Path
) -> None:
    """The window kept a watcher's token no more than the page did (a welcome's null token
    wiped it from the seats file): its link dropped, it came back as "Vic 2"; started again,
    too."""
    host = party_host(start_at=3)
    seats = SeatStore(tmp_path / "seats.json")
    vic = Screen(NetworkSession(host.address, name="Vic", seats=seats))
    vic.notice("you are in the queue")
    vic.session.join_queue(False)
    vic.notice("you leave the queue to watch")
    assert isinstance(host.host, PartyHost)
    party = host.host
    # The host loses the link (a Wi-Fi gap): the window comes back, watching, as Vic.
    host.call(lambda: [c.abort() for c in list(party.connections) if c.name == "Vic"])
    vic.notice("reconnected")
    vic.notice("you are back, watching")
    assert vic.session.local_sides == frozenset() and "Vic" not in vic.session.party.queue  # type: ignore[union-attr]
    vic.session.close()
    again = Screen(NetworkSession(host.address, name="Vic", seats=seats))  # started again
    try:
        again.notice("you are back in the queue")
        assert [s.name for s in again.session.party.standings] == ["Vic"]  # type: ignore[union-attr]
    finally:
        again.session.close()


def seated_pair(host: HostHandle, x: str = "Ada", o: str = "Bo") -> tuple[Raw, Raw]:
    """``x`` and ``o`` at ``host``'s party (of two to start), seated in its first game; each
    Raw's ``welcome`` is the one that seated it."""
    first, second = Raw(host.address), Raw(host.address)
    first.hello(name=x)
    second.hello(name=o)
    for raw, side in ((first, "X"), (second, "O")):
        raw.welcome = raw.expect(Welcome, lambda w: w.seat is not None)
        assert raw.welcome.seat == side
    return first, second


def test_a_guest_waiting_in_the_queue_who_moves_is_told_why_in_a_partys_words(
    party_host: Callable[..., HostHandle],
) -> None:
    # A queued guest is no spectator: they were told "spectators cannot move".
    host = party_host(start_at=2, config=SILENT_OK)
    ada, bo = seated_pair(host)
    cy = Raw(host.address)
    cy.hello(name="Cy")
    cy.send(Move("X", 0, "1-2"))
    said = "you are not in this game: the queue says who plays next"
    assert cy.expect(Refused).reason == said
    for conn in (ada, bo, cy):
        conn.close()


def test_a_newcomer_after_the_party_is_over_is_not_said_to_join_a_queue(
    party_host: Callable[..., HostHandle],
) -> None:
    # "Cy joins the queue", they were announced, though no game was left.
    host = party_host(start_at=2, config=SILENT_OK)
    ada, bo = seated_pair(host)
    host.call(host.host.end_night)  # type: ignore[attr-defined]
    ada.expect(Party, lambda p: p.finished)
    cy = Raw(host.address)
    cy.hello(name="Cy")
    said = "Cy is here, but the party is over: no more games tonight"
    assert ada.expect(Notice, lambda n: n.text.startswith("Cy ")).text == said
    for conn in (ada, bo, cy):
        conn.close()


def test_a_player_leaving_the_queue_mid_game_finishes_it_then_watches(
    party_host: Callable[..., HostHandle],
) -> None:
    # A clock of 20 ms plays every move for two players who never move themselves.
    host = party_host(start_at=2, clock=0.02, between=0.02)
    ada, bo = seated_pair(host)
    bo.send(Queue(False))
    assert bo.expect(Notice, lambda n: "will watch" in n.text).text == (
        "you will watch after this game"
    )
    assert bo.expect(Welcome, lambda w: w.role == SPECTATOR).seat is None
    final: Party = bo.expect(Party, lambda p: p.games == 1 and not p.playing)
    # Ada waits for a challenger: in the queue, unless she won and keeps the seat.
    won = next(s.wins for s in final.standings if s.name == "Ada")
    assert final.queue == (() if won else ("Ada",)) and final.status == "waiting for players"
    for conn in (ada, bo):
        conn.close()


def test_a_player_who_asks_to_watch_after_their_game_ended_watches_and_may_queue_again(
    party_host: Callable[..., HostHandle],
) -> None:
    # Asked from the results screen ("Watch the board"), after the game but before the next:
    # still seated in the finished game, Bo was left a player out of the queue, told "you
    # are in the queue already" when asking back in, and the party waited for players.
    host = party_host(start_at=2, clock=0.02, between=600.0)
    ada, bo = seated_pair(host)
    bo.expect(Party, lambda p: p.games == 1 and not p.playing)  # the clock played it out
    bo.send(Queue(False))
    assert bo.expect(Welcome).role == SPECTATOR
    assert bo.expect(Notice, lambda n: "watch" in n.text).text == "you leave the queue to watch"
    assert "Bo" not in bo.expect(Party, lambda p: "Bo" not in p.queue).queue
    bo.send(Queue(False))
    assert bo.expect(Refused).reason == "you are not in the queue"
    time.sleep(party_host_module.QUEUE_EVERY)  # the queue's changes are rate limited
    bo.send(Queue(True))
    assert bo.expect(Welcome).role == "player"
    assert bo.expect(Party, lambda p: "Bo" in p.queue)
    for conn in (ada, bo):
        conn.close()


def test_a_player_who_asked_to_watch_mid_game_may_change_their_mind(
    party_host: Callable[..., HostHandle],
) -> None:
    host = party_host(start_at=2, clock=30.0, between=600.0)
    ada, bo = seated_pair(host)
    bo.send(Queue(False))
    assert bo.expect(Notice, lambda n: "watch" in n.text).text == "you will watch after this game"
    bo.send(Queue(True))  # not "in the queue already": Bo had left it
    assert bo.expect(Welcome).seat == "O"  # still playing the game in hand
    assert bo.expect(Notice).text == "you are in the queue"
    assert ada.expect(Notice, lambda n: "Bo joins" in n.text).text == "Bo joins the queue"
    bo.send(Queue(True))
    assert bo.expect(Refused).reason == "you are in the queue already"
    for conn in (ada, bo):
        conn.close()


@pytest.mark.skipif(
    os.environ.get("QTTT_PRIVATE_NETNS") != "1",
    reason="mDNS is only sent inside a private network namespace (run pytest as root)",
)
def test_lobbies_list_a_party_as_open_to_players_while_a_game_is_on(
    party_host: Callable[..., HostHandle],
) -> None:
    lobby = LobbyBrowser(LOOPBACK)
    host = party_host(advertise=True, start_at=2, stand_in=30.0)
    ada, bo = Raw(host.address), Raw(host.address)
    try:
        ada.hello(name="Ada")
        bo.hello(name="Bo")
        assert bo.expect(Welcome, lambda w: w.seat is not None).seat == "O"
        ada.send(Move("X", 0, "1-2"))
        deadline = time.monotonic() + 10
        found = None
        while not (found and found.running) and time.monotonic() < deadline:
            found = next((t for t in lobby.tables() if t.port == host.address[1]), None)
            time.sleep(0.01)
        assert found is not None and found.running and found.open_seats == ("X", "O")
    finally:
        for conn in (ada, bo):
            conn.close()
        lobby.close()


def a_game_that_o_ends(seed: int = 0) -> list[tuple[str, str]]:
    """(side, token) of a whole Goff game whose last action is O's."""
    rng = Random(seed)
    while True:
        pos, moves = Position(make_variant("goff")), []
        while not pos.is_over:
            action = rng.choice(pos.legal_actions())
            assert pos.to_play is not None
            moves.append((pos.to_play.value, pos.variant.token(action)))
            pos = pos.play(action)
        if moves[-1][0] == "O":
            return moves


def test_a_player_back_after_their_game_ended_without_them_is_in_the_next_game(
    party_host: Callable[..., HostHandle],
) -> None:
    # Ann drops on Ben's turn, and Ben's move ends the game: Ann's token, offered by her
    # program started again, must bring her to the next game, not to the seat of the last.
    host = party_host(games=2, start_at=2, stand_in=60.0, between=0.02)
    ann, ben = Raw(host.address), Raw(host.address)
    ann.hello(name="Ann")
    ben.hello(name="Ben")
    token = ann.expect(Welcome, lambda w: w.seat == "X").token
    ben.expect(Welcome, lambda w: w.seat == "O")
    moves = a_game_that_o_ends()
    for ply, (side, move) in enumerate(moves[:-1]):
        (ann if side == "X" else ben).move(side, ply, move)
        ben.state(ply + 1)
    ann.close()
    ben.expect(Notice, lambda n: n.text.startswith("Ann dropped"))
    ben.move("O", len(moves) - 1, moves[-1][1])
    ben.expect(Notice, lambda n: n.text.startswith("game 1: "))
    time.sleep(0.3)  # past the pause between games: the party looked for a pair, found none
    back = Raw(host.address)
    back.hello(name="Ann", token=token)
    # Both are in game 2 (which side each takes is the format's business).
    assert back.expect(Notice, lambda n: n.text.startswith("game 2: ")).text in (
        "game 2: Ann (X) against Ben (O)",
        "game 2: Ben (X) against Ann (O)",
    )
    assert back.expect(Welcome, lambda w: w.seat is not None).seat in ("X", "O")
    for conn in (ben, back):
        conn.close()


def test_a_player_who_leaves_mid_game_is_said_to_have_left(
    party_host: Callable[..., HostHandle],
) -> None:
    host = party_host(games=2, start_at=2, stand_in=60.0)
    ann, ben = Raw(host.address), Raw(host.address)
    ann.hello(name="Ann")
    ben.hello(name="Ben")
    ann.expect(Welcome, lambda w: w.seat == "X")
    ann.send(Bye(LEFT))
    # A party frees no seat in a game (the stand-in plays it out), but Ben is told the truth.
    ben.expect(Notice, lambda n: n.text == "Ann left; a stand-in plays for them")
    ben.close()


def test_a_guest_who_leaves_for_the_menus_comes_back_under_their_name(
    party_host: Callable[..., HostHandle], tmp_path: Path
) -> None:
    """At a party the token is a place in the standings, not only a seat: a window that
    leaves for its menus keeps it, so the lobby brings the player back as the same row."""
    host = party_host(start_at=3)
    seats = SeatStore(tmp_path / "seats.json")
    ann = Screen(NetworkSession(host.address, name="Ann", seats=seats))
    ann.notice("you are in the queue")
    ann.session.close(leave=True)
    back = Screen(NetworkSession(host.address, name="Ann", seats=seats))
    try:
        back.notice("you are back in the queue")
        party = back.session.party
        assert party is not None and [s.name for s in party.standings] == ["Ann"]
    finally:
        back.session.close()


def test_a_guest_whose_phone_sleeps_keeps_their_place_in_the_queue(
    party_host: Callable[..., HostHandle],
) -> None:
    """A phone that slept (or a page reloaded) used to send its guest to the back of the
    queue: their place is kept through the reconnect grace, the games going on meanwhile."""
    host = party_host(start_at=2, config={**SILENT_OK, "reconnect_grace": 30.0})
    ann, ben, cy, di = (Raw(host.address) for _ in range(4))
    for conn, name in ((ann, "Ann"), (ben, "Ben"), (cy, "Cy"), (di, "Di")):
        conn.hello(name=name)
    ann.expect(Party, lambda p: p.queue == ("Cy", "Di"))
    token = cy.welcome.token
    cy.close()
    ann.expect(Notice, lambda n: n.text == "Cy dropped; their place in the queue is kept for 30 s")
    party: Party = ann.expect(Party, lambda p: p.away == ("Cy",))
    assert party.queue == ("Cy", "Di")
    back = Raw(host.address)
    assert back.hello(name="Cy", token=token).name == "Cy"
    party = back.expect(Party, lambda p: not p.away)
    assert party.queue == ("Cy", "Di")
    for conn in (ann, ben, back, di):
        conn.close()


def test_a_guest_gone_before_their_welcome_comes_back_by_the_token_they_made(
    party_host: Callable[..., HostHandle],
) -> None:
    """A phone that slept (or reloaded) between its hello and the welcome had no token to come
    back with: it came back as "Ann 2", a ghost "Ann" kept in the queue. A newcomer's own
    token, as hard to guess as the host's, is kept as theirs; any other, the host replaces."""
    host = party_host(start_at=3, config={**SILENT_OK, "reconnect_grace": 30.0})
    own = "A" * 21 + "_"
    gone = Raw(host.address)
    gone.send(Hello(PROTOCOL_VERSION, "player", "Ann", token=own))
    gone.expect(Welcome)  # the welcome came, but the phone slept before its page read it
    gone.close()
    back = Raw(host.address)
    welcome = back.hello(name="Ann", token=own)
    assert (welcome.name, welcome.token) == ("Ann", own)
    assert back.expect(Party, lambda p: not p.away).queue == ("Ann",)
    for weak in ("bo", "B" * 21, "B" * 21 + "!"):
        ben = Raw(host.address)
        assert ben.hello(name="Ben", token=weak).token not in (None, weak)
        ben.close()
    back.close()


def test_a_guest_away_past_the_grace_leaves_the_queue_and_the_next_game_goes_on(
    party_host: Callable[..., HostHandle],
) -> None:
    host = party_host(start_at=2, config={**SILENT_OK, "reconnect_grace": 0.5})
    ann, ben = Raw(host.address), Raw(host.address)
    ann.hello(name="Ann")
    ann.send(Queue(False))  # Ann watches: Ben waits alone, then drops
    ann.expect(Welcome, lambda w: w.role == SPECTATOR)
    ben.hello(name="Ben")
    ben.close()
    ann.expect(Party, lambda p: p.away == ("Ben",))
    ann.expect(Notice, lambda n: n.text == "Ben did not come back and leaves the queue")
    assert isinstance(host.host, PartyHost)
    assert (host.host.party.queue, host.host.party.away) == ([], [])  # said after it was done
    ann.close()


def test_places_kept_for_guests_away_make_room_for_a_newcomer_at_a_full_party(
    party_host: Callable[..., HostHandle], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Kept places count against the party's size (every name goes to every screen), so a
    guest here takes the one kept longest: peers dropping can never fill the party."""
    monkeypatch.setattr(party_host_module, "PARTY_GUESTS", 3)
    host = party_host(start_at=1000, config={**SILENT_OK, "reconnect_grace": 60.0})
    ada = Raw(host.address)
    ada.hello(name="Ada")
    for name in ("Bo", "Cy"):
        guest = Raw(host.address)
        guest.hello(name=name)
        guest.close()
        ada.expect(Party, lambda p, name=name: name in p.away)  # type: ignore[misc]
    di = Raw(host.address)
    assert di.hello(name="Di").role == "player"
    party: Party = di.expect(Party, lambda p: "Di" in p.queue)
    assert party.queue == ("Ada", "Cy", "Di") and party.away == ("Cy",)
    for conn in (ada, di):
        conn.close()


def came_and_went(address: tuple[str, int], guests: int) -> None:
    """``guests`` players came to the party at ``address`` and left (phones in private tabs
    keep no token): each keeps a row of the standings, and sorts before "zed" by name."""
    for i in range(guests):
        guest = Raw(address)
        guest.hello(name=f"guest {i:03d}")
        guest.close()


def test_a_stream_of_passers_by_leaves_the_party_no_bigger(
    party_host: Callable[..., HostHandle], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A peer coming and going under new names without end used to grow the party's
    members, its roster and its file (written on every change) for good: each change took
    longer, until the table hung. Only the latest few who never played are remembered."""
    monkeypatch.setattr(party_host_module, "PASSERS_BY", 3)
    # Places kept for those who drop are bounded apart (the test above): none kept here.
    host = party_host(start_at=1000, config={**SILENT_OK, "reconnect_grace": 0.0})
    assert isinstance(host.host, PartyHost)
    party = host.host.party
    ada = Raw(host.address)
    ada.hello(name="Ada")
    came_and_went(host.address, 30)
    came_and_went(host.address, 30)  # the same names again: numbered no further
    # The host hears the last guest leave a moment after the socket closes.
    kept = ["Ada", "guest 027", "guest 028", "guest 029"]
    deadline = time.monotonic() + 10.0
    while party.roster != kept and time.monotonic() < deadline:
        time.sleep(0.01)
    assert party.roster == kept and sorted(party.members) == kept
    ada.close()


def test_an_evening_of_many_names_still_fits_every_screens_message(
    party_host: Callable[..., HostHandle],
) -> None:
    # The scoreboard of every name once passed the reader's 512 rows, and every window was
    # cut off.
    host = party_host(start_at=1000)
    came_and_went(host.address, 520)
    zed = Raw(host.address)
    zed.hello(name="zed")  # last of all by name: his row comes as he is here
    party = zed.expect(Party, lambda p: "zed" in p.queue)
    names = [row.name for row in party.standings]
    assert len(names) == party_host_module.STANDINGS_SENT + 1 and names[-1] == "zed"
    zed.close()


def played_apart(host: HostHandle, guests: int) -> None:
    """The ``guests`` who came and went (:func:`came_and_went`, an even number) have played,
    each to a place of their own: guest 0 beat guest 1 by ``guests`` to ``guests - 1``, guest
    2 beat guest 3 by 2 points less, and so on; but the last two drew without a point."""
    names = [f"guest {n:03d}" for n in range(guests)]
    games = [
        GameResult(names[n], names[n + 1], guests - n, guests - n - 1)
        for n in range(0, guests - 2, 2)
    ]
    games.append(GameResult(names[-2], names[-1], 0, 0))
    assert isinstance(host.host, PartyHost)
    host.call(setattr, host.host.party, "results", games)


def test_a_guest_here_beyond_the_best_100_is_sent_their_own_rank(
    party_host: Callable[..., HostHandle],
) -> None:
    """Zed has not played, and the 120 who came before him have: he is 121st, after all of
    them, and his row, which follows the best 100, says 121, not 101, the row's place in the
    list. The last two drew without a point: he used to come before them, with fewer games."""
    host = party_host(start_at=1000)
    came_and_went(host.address, 120)
    played_apart(host, 120)
    zed = Raw(host.address)
    zed.hello(name="zed")
    party = zed.expect(Party, lambda p: "zed" in p.queue)
    ranks = [(row.rank, row.name) for row in party.standings]
    best = [(n, f"guest {n - 1:03d}") for n in range(1, party_host_module.STANDINGS_SENT + 1)]
    assert ranks == [*best, (121, "zed")]
    zed.close()


def test_a_full_party_sends_a_newcomer_to_watch(
    party_host: Callable[..., HostHandle], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(party_host_module, "PARTY_GUESTS", 2)
    host = party_host(start_at=5)
    here = [Raw(host.address) for _ in range(2)]
    for i, guest in enumerate(here):
        guest.hello(name=f"P{i}")
    late = Raw(host.address)
    late.send(Hello(PROTOCOL_VERSION, "player", "Cy", None, None))
    assert late.closed_with()[0] == FULL.format(2)
    watcher = Raw(host.address)
    watcher.hello(role=SPECTATOR, name="Di")
    watcher.send(Queue(True))
    said = "the party is full: 2 players are here; join the queue once someone leaves"
    assert watcher.expect(Refused).reason == said  # type: ignore[attr-defined]
    for conn in (*here, watcher):
        conn.close()


def test_a_newcomer_sent_away_is_done_with_whatever_else_it_wrote(
    party_host: Callable[..., HostHandle], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The door closes on Cy's hello; the hello to watch that came in the same write, read
    with it, once let the closed connection in all the same, and everyone read "Cy is
    watching"."""
    monkeypatch.setattr(party_host_module, "PARTY_GUESTS", 2)
    host = party_host(start_at=5)
    here = [Raw(host.address) for _ in range(2)]
    for i, guest in enumerate(here):
        guest.hello(name=f"P{i}")
    here[0].expect(Notice, lambda n: n.text == "P1 joins the queue")  # type: ignore[attr-defined]
    here[0].inbox.clear()
    late = Raw(host.address)
    play, watch = (Hello(PROTOCOL_VERSION, role, "Cy") for role in ("player", SPECTATOR))
    late.send_bytes(pack(play) + pack(watch) + pack(Emote("gg")))
    assert late.closed_with()[0] == FULL.format(2)
    here[0].send(Ping())
    here[0].expect(Pong)
    assert not [m for m in here[0].inbox if isinstance(m, (Notice, Emoted))], here[0].inbox
    for conn in here:
        conn.close()


def test_a_guest_removed_mid_game_comes_back_only_as_someone_new(
    party_host: Callable[..., HostHandle],
) -> None:
    # Kicked, Ann came straight back with her token and sat down again in the very seat she
    # was removed from ("Ann is back at X"): the host's removal undone by a reconnect.
    host = party_host(start_at=2, stand_in=600.0)
    ann, ben = seated_pair(host, "Ann", "Ben")
    token = ann.welcome.token
    party = host.host
    assert isinstance(party, PartyHost)
    host.call(party.kick, "Ann")
    assert ann.closed_with()[0] == "the host removed you from the party"
    ben.expect(Notice, lambda n: n.text == "the host removed Ann from the party")
    # With her token or by her name alone, she is someone new in the queue: her row, her name
    # and her seat are no longer hers. (To watch, too.)
    for offered in (token, None):
        again = Raw(host.address)
        welcome = again.hello(name="Ann", token=offered)
        assert welcome.name.startswith("Ann ") and welcome.seat is None, welcome
        # (Her old token may be kept as the newcomer's own: it is no longer Ann's.)
        assert welcome.token is not None and party.party.members["Ann"] != token
        again.close()
    watch = Raw(host.address)
    assert watch.hello(role=SPECTATOR, name="Ann", token=token).name.startswith("Ann ")
    seats = ben.expect(Party, lambda p: p.playing == ("Ann", "Ben"))
    assert seats.playing == ("Ann", "Ben")  # the stand-in plays her game out
    assert not party.table.seats[Player.X].connected  # type: ignore[union-attr]
    for conn in (ben, watch):
        conn.close()
    host.stop()
    # Nor does the game's record give her seat back once the host starts again.
    again = Raw(party_host(start_at=2, stand_in=600.0).address)
    assert again.hello(name="Ann", token=token).seat is None
    again.close()


def test_a_guest_removed_is_done_with_what_the_host_had_read_of_theirs(
    party_host: Callable[..., HostHandle],
) -> None:
    """Ada's hello (with her token) and an emote were already read when the host removed her:
    handled after the removal, the hello let her straight back in, and the emote went out."""
    host = party_host(start_at=5)
    ada, bo = Raw(host.address), Raw(host.address)
    token = ada.hello(name="Ada").token
    bo.hello(name="Bo")
    bo.expect(Notice, lambda n: n.text == "you are in the queue")  # type: ignore[attr-defined]
    bo.inbox.clear()
    party = host.host
    assert isinstance(party, PartyHost)
    with between_read_and_dispatch(host, functools.partial(party.kick, "Ada")):
        again = Hello(PROTOCOL_VERSION, "player", "Ada", None, token)
        ada.send_bytes(pack(again) + pack(Emote("gg")))
    assert ada.closed_with()[0] == "the host removed you from the party"
    bo.expect(Notice, lambda n: n.text == "the host removed Ada from the party")  # type: ignore[attr-defined]
    bo.send(Ping())
    bo.expect(Pong)
    assert not [m for m in bo.inbox if isinstance(m, (Notice, Emoted))], bo.inbox
    assert party.party.present == ["Bo"]
    for conn in (ada, bo):
        conn.close()


def test_players_who_leave_the_queue_to_watch_do_not_open_the_door_without_end(
    party_host: Callable[..., HostHandle], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A player who leaves the queue watches, past the spectators' limit (4 here), so a peer
    joining and then leaving the queue, again and again, held connections without end, each
    sent every change of the party. The door closes on the party's players and spectators
    together."""
    monkeypatch.setattr(party_host_module, "PARTY_GUESTS", 3)
    host = party_host(start_at=1000, config={**SILENT_OK, "spectator_limit": 4})
    watching = []
    for i in range(3 + 4):
        guest = Raw(host.address)
        guest.hello(name=f"P{i}")
        guest.send(Queue(False))
        assert guest.expect(Welcome).role == SPECTATOR
        watching.append(guest)
    late = Raw(host.address)
    late.send(Hello(PROTOCOL_VERSION, "player", "Cy", None, None))
    assert late.closed_with()[0] == "the party is full: 7 people are here; try again later"
    watching[0].send(Queue(True))  # one of the watchers may still join the queue
    assert watching[0].expect(Welcome).role == "player"
    for conn in watching:
        conn.close()
