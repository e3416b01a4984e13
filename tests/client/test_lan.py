"""LAN games through the window: real hosts, real sockets and zeroconf, all on loopback."""

from __future__ import annotations

import ctypes
import dataclasses
import itertools
import socket
from collections.abc import Callable
from pathlib import Path
from random import Random

import pygame
import pytest

from game.client import theme
from game.client.canvas import Canvas
from game.client.scene import SceneName
from game.client.scenes import play_words
from game.client.still import Still
from game.paths import games_dir
from game.records import Record, read_record
from game.rules import Place, Player, Position, make_variant
from game.rules.playout import random_tokens
from game.session import Snapshot
from net.bot import play_bot
from net.client import parse_address, show_address
from net.host import HostConfig, new_table, start_host_thread
from net.loopthread import LoopThread
from net.seats import SeatStore
from net.session import NetworkSession
from net.table import Table, interrupted_tables, table_name
from tests.client.driver import Driver, heard
from tests.net.announce import announce, properties

LOOPBACK = "127.0.0.1"


def join_by_address(d: Driver, address: tuple[str, int]) -> None:
    """Type the table's address on the LAN screen and join it, to its board."""
    d.app.go(SceneName.LAN, mode="join", bind=LOOPBACK)
    d.frames(1)
    d.post(pygame.TEXTINPUT, text=f"{address[0]}:{address[1]}")
    d.key(pygame.K_RETURN)
    d.until(lambda: d.name is SceneName.PLAY)


def play_my_side_to_the_end(d: Driver, seed: int, land: bool = True) -> None:
    """Random moves for this window's side until the game is over; ``land``: and its last
    collapse has landed (the results open after it)."""
    rng = Random(seed)
    while not d.scene.pos.is_over:
        pos = d.scene.pos
        if pos.to_play in d.scene.session.local_sides:
            d.until(lambda: not d.scene.effects.busy)
            count = len(d.scene.moves)
            action = rng.choice(pos.legal_actions())
            d.play(d.scene.variant, d.scene.variant.token(action), "mouse")
            d.until(lambda count=count: len(d.scene.moves) > count)
        else:
            d.until(lambda pos=pos: d.scene.pos != pos or d.scene.pos.is_over)
    if land:
        d.ready()


def test_host_a_table_with_a_bot_and_play_it_to_the_results(driver: Driver, tmp_path: Path) -> None:
    d = driver
    d.app.go(SceneName.LAN, mode="host", bind=LOOPBACK)
    d.frames(1)
    d.key(pygame.K_UP)  # from "Start hosting" to "The other seat"
    d.key(pygame.K_RIGHT)  # a beginner bot
    assert d.scene.other_item.value == "Bot (beginner)"
    d.key(pygame.K_DOWN)
    d.key(pygame.K_RETURN)
    d.until(lambda: d.name is SceneName.PLAY)
    assert d.scene.session.local_sides == {Player.X}
    d.until(lambda: d.scene.seating.seat_name(Player.O) == "bot (beginner)")  # the bot has sat down
    play_my_side_to_the_end(d, seed=4)
    final = Record(d.scene.variant, list(d.scene.moves)).final()
    assert d.scene.pos == final
    d.key(pygame.K_RETURN)
    assert d.name is SceneName.RESULTS
    # The host kept the record: the same game, token for token. It renames each save into
    # place a moment after the move went out (net/table.py): once no staged one is left.
    games = tmp_path / "data" / "qttt" / "games"
    d.until(lambda: len(list(games.glob("*"))) == 1)
    assert [read_record(p).moves for p in games.glob("*")] == [list(d.scene.moves)]
    d.key(pygame.K_DOWN)
    d.key(pygame.K_DOWN)
    d.key(pygame.K_RETURN)  # "Back to menu" closes the session, the host and the bot
    assert d.name is SceneName.TITLE
    # Not saved from the window, the game is in Replays all the same: the host kept it.
    d.choose("Replays")
    d.until(lambda: d.scene.saved.entries is not None)
    [entry] = d.scene.saved.entries
    [kept] = games.glob("*")
    table = table_name(read_record(kept))
    assert table and entry.path == kept and entry.hosted
    assert entry.summary.startswith(f"{table} · ")
    d.key(pygame.K_RETURN)
    assert d.scene.record is not None and d.scene.positions[-1] == final


def test_a_window_s_bot_takes_the_rematch(driver: Driver) -> None:
    d = driver
    d.app.go(SceneName.LAN, mode="host", bind=LOOPBACK)
    d.frames(1)
    d.key(pygame.K_UP)
    d.key(pygame.K_RIGHT)  # a beginner bot in the other seat
    d.key(pygame.K_DOWN)
    d.key(pygame.K_RETURN)
    d.until(lambda: d.name is SceneName.PLAY)
    d.until(lambda: d.scene.seating.seat_name(Player.O) == "bot (beginner)")
    play_my_side_to_the_end(d, seed=6)
    d.key(pygame.K_RETURN)
    assert d.name is SceneName.RESULTS
    # The bot stays at the table and takes the rematch the window asks for.
    assert d.scene.menu.items[0].label.startswith("Rematch")
    d.key(pygame.K_RETURN)
    d.until(lambda: d.name is SceneName.PLAY and d.scene.session.local_sides == {Player.O})
    d.until(lambda: len(d.scene.moves) == 1)  # the bot opens game 2 as X
    assert d.scene.seating.seat_name(Player.X) == "bot (beginner)"
    d.app.go(SceneName.TITLE)


def test_a_player_who_leaves_for_the_menu_frees_the_seat(driver: Driver, tmp_path: Path) -> None:
    d = driver
    config = HostConfig(bind=LOOPBACK, advertise=False, save_dir=tmp_path / "host")
    host = start_host_thread(new_table(make_variant("goff"), "Den", config.save_dir), config)
    opponent = None
    try:
        join_by_address(d, host.address)
        opponent = Opponent(host.address, seed=2)
        d.until(lambda: d.scene.seating.seat_name(Player.O) == "Bo")
        d.app.go(SceneName.TITLE)  # the Menu button, or B twice
        d.frames(1)
        d.until(lambda: host.host.table.seats[Player.X] is None)  # not held for 60 s
        seen = opponent.session
        d.until(lambda: seen.table is not None and seen.table.seats[0].name is None)
    finally:
        if opponent is not None:
            opponent.session.close()
        host.stop()


def test_join_a_table_the_lobby_found_and_play_it(driver: Driver, tmp_path: Path) -> None:
    d = driver
    variant = make_variant("goff")
    config = HostConfig(bind=LOOPBACK, save_dir=tmp_path / "host")
    host = start_host_thread(new_table(variant, "Kitchen", config.save_dir), config)
    bot = LoopThread("test-bot")
    try:
        bot.submit(play_bot(host.address, "beginner", seat=Player.X, seed=3))
        d.app.go(SceneName.LAN, mode="join", bind=LOOPBACK)
        d.until(lambda: any("Kitchen" in item.label for item in d.scene.menu.items))
        d.key(pygame.K_RETURN)  # the first item is the table
        d.until(lambda: d.name is SceneName.PLAY)
        assert d.scene.session.local_sides == {Player.O}
        play_my_side_to_the_end(d, seed=5)
        d.key(pygame.K_RETURN)
        assert d.name is SceneName.RESULTS
        assert d.scene.pos == Record(variant, list(d.scene.moves)).final()
    finally:
        d.app.go(SceneName.TITLE)
        d.frames(1)
        host.stop()
        bot.stop()


def test_a_table_the_lobby_found_opens_on_the_big_screen_and_comes_back(
    driver: Driver, tmp_path: Path
) -> None:
    d = driver
    d.app.apply_settings(dataclasses.replace(d.app.settings, player_name="Ada"))
    config = HostConfig(bind=LOOPBACK, save_dir=tmp_path / "host")
    host = start_host_thread(new_table(make_variant("goff"), "Kitchen", config.save_dir), config)
    try:
        d.app.go(SceneName.LAN, mode="join", bind=LOOPBACK)
        d.until(lambda: any(item.label == "Big screen: Kitchen" for item in d.scene.menu.items))
        labels = [item.label for item in d.scene.menu.items]
        assert labels[0].startswith("Kitchen · ") and labels[1] == "Big screen: Kitchen"
        # By mouse: a click on the row under the table's.
        d.click(d.scene.menu.rects(d.scene._menu_area())[1].center)
        assert d.name is SceneName.TV and d.scene.address == host.address
        d.until(lambda: d.scene.pos == Position(make_variant("goff")))  # the table's board
        d.until(lambda: any(text == "Ada is watching" for text, _ in d.scene.news.lines))
        assert d.scene.session.table.spectators == 1  # a spectator: both seats stay open
        # Escape twice comes back to the lobby, still browsing on loopback, which finds the
        # table again.
        d.key(pygame.K_ESCAPE)
        d.key(pygame.K_ESCAPE)
        assert d.name is SceneName.LAN and d.scene.mode == "join" and d.scene.bind == LOOPBACK
        d.until(lambda: any(item.label == "Big screen: Kitchen" for item in d.scene.menu.items))
        # By keys: down from the table's row, Enter; a pad's B button comes back.
        d.key(pygame.K_DOWN)
        d.key(pygame.K_RETURN)
        assert d.name is SceneName.TV and d.scene.address == host.address
        d.button(pygame.CONTROLLER_BUTTON_B)
        assert d.name is SceneName.TV and d.scene._hint_line() == "Press B again to leave"
        d.settle(3)  # the question lapses: one more press only asks again
        d.button(pygame.CONTROLLER_BUTTON_B)
        assert d.name is SceneName.TV
        d.button(pygame.CONTROLLER_BUTTON_B)
        assert d.name is SceneName.LAN
    finally:
        d.app.go(SceneName.TITLE)
        d.frames(1)
        host.stop()


def test_a_lobby_of_six_tables_fits_between_its_title_and_status_line(
    driver: Driver, tmp_path: Path
) -> None:
    """Fourteen rows (two a table): seen overlapping the title under Xvfb before rows shrank;
    now rows keep the button height and a page of them follows the focus."""
    d = driver
    names = ["Attic", "Den", "Garden", "Hall", "Kitchen", "Porch"]
    hosts = []
    try:
        for name in names:
            config = HostConfig(bind=LOOPBACK, save_dir=tmp_path / name)
            table = new_table(make_variant("goff"), name, config.save_dir)
            hosts.append(start_host_thread(table, config))
        d.app.go(SceneName.LAN, mode="join", bind=LOOPBACK)
        d.until(lambda: len(d.scene.menu.items) == 2 * len(names) + 2)
        area = d.scene._menu_area()
        rows = [r for r in d.scene.menu.rects(area) if r.width]  # a page of them, on the scale
        assert area.contains(rows[0].unionall(rows))
        assert all(a.bottom < b.top for a, b in itertools.pairwise(rows))
        d.scene.menu.focus = len(d.scene.menu.items) - 1
        assert d.scene.menu.rects(area)[-1].width  # the page follows the focus
        d.frames(1)  # and drawn
    finally:
        d.app.go(SceneName.TITLE)
        d.frames(1)
        for host in hosts:
            host.stop()


def test_a_typed_address_is_read_or_explained() -> None:
    assert parse_address("192.168.1.20:7777") == ("192.168.1.20", 7777)
    assert parse_address(" [::1]:80 ") == ("::1", 80)
    assert parse_address("[fe80::1%eth0]:7777") == ("fe80::1%eth0", 7777)
    for bad in ("", "kitchen", "host:", ":80", "host:99999", "host:port", "host:²", "[::1"):
        with pytest.raises(ValueError, match="is not HOST:PORT"):
            parse_address(bad)
    for bad in ("::1", "::1:7777", "10.0.0.1:7777:1"):
        with pytest.raises(ValueError, match=r"an IPv6 address goes in brackets: \[::1\]:7777"):
            parse_address(bad)


def test_an_address_is_shown_as_it_is_typed() -> None:
    for address in (("192.168.1.20", 7777), ("::1", 80), ("fe80::1%eth0", 7777)):
        assert parse_address(show_address(address)) == address
    assert show_address(("::1", 80, 0, 0)) == "[::1]:80"  # a v6 peer's four fields


def sdl_takes_text() -> bool:
    """Whether SDL turns the keys typed into text now (SDL_IsTextInputActive: pygame has no
    getter), from the SDL library this process runs."""
    maps = Path("/proc/self/maps").read_text().split()
    library = next(path for path in maps if "/libSDL2-2" in path)
    return bool(ctypes.CDLL(library).SDL_IsTextInputActive())


def test_the_join_screen_takes_typing_after_a_field_closed(tmp_path: Path) -> None:
    """Typing anywhere on the join screen types the address. A field closing (the name asked
    the first time, the address field left) had SDL stop making text of the keys: what a
    player typed next on that screen was lost."""
    d = Driver(tmp_path, again=True)  # no settings yet: the name is asked
    try:
        d.app.go(SceneName.LAN, mode="join", bind=LOOPBACK)
        d.frames(1)
        assert d.scene.prompt is not None
        d.key(pygame.K_RETURN)  # the system's user name, kept
        d.frames(1)
        assert d.scene.prompt is None and sdl_takes_text()
        d.choose("Type an address")
        d.key(pygame.K_ESCAPE)  # the field closes, nothing typed
        assert d.scene.address_field is None and sdl_takes_text()
        # Space activates a row, and makes a space of text too: that types nothing.
        d.key(pygame.K_DOWN)  # to "Back"
        d.post(pygame.TEXTINPUT, text=" ")
        assert d.scene.address_field is None
        d.app.go(SceneName.TITLE)
        d.frames(1)
        assert not sdl_takes_text()  # the title has nothing to type into
    finally:
        d.close()


def test_typing_an_address_and_enter_joins_it(driver: Driver, tmp_path: Path) -> None:
    d = driver
    config = HostConfig(bind=LOOPBACK, advertise=False, save_dir=tmp_path / "host")
    host = start_host_thread(new_table(make_variant("goff"), "Den", config.save_dir), config)
    try:
        d.app.go(SceneName.LAN, mode="join", bind=LOOPBACK)
        d.frames(1)
        d.post(pygame.TEXTINPUT, text=f"{host.address[0]}:{host.address[1]}x")
        d.key(pygame.K_BACKSPACE)
        assert d.scene.address_field.text == f"{host.address[0]}:{host.address[1]}"
        d.key(pygame.K_RETURN)
        d.until(lambda: d.name is SceneName.PLAY)
        assert d.scene.session.local_sides == {Player.X}  # the first open seat
    finally:
        d.app.go(SceneName.TITLE)
        d.frames(1)
        host.stop()


def test_a_window_started_again_is_back_in_its_seat_in_one_press(tmp_path: Path) -> None:
    """A window closed mid-game (a crash, a flat battery) and started again finds the table
    it joined by typing its address first on the LAN screen: one press, by pad too, takes
    its seat back while the host holds it. Typing the address again with a pad, a key at a
    time, took longer than the host's minute."""
    config = HostConfig(bind=LOOPBACK, advertise=False, save_dir=tmp_path / "host")
    host = start_host_thread(new_table(make_variant("goff"), "Den", config.save_dir), config)
    where = show_address(host.address)
    d = Driver(tmp_path)
    try:
        join_by_address(d, host.address)
        assert d.scene.session.local_sides == {Player.X}
        d.app.go(SceneName.TITLE)  # leaving by the menu frees the seat: no again-row then
        d.frames(1)
        d.app.go(SceneName.LAN, mode="join", bind=LOOPBACK)
        d.frames(1)
        assert d.scene.menu.items[0].label == f"Join {where} again"
        d.key(pygame.K_RETURN)
        d.until(lambda: d.name is SceneName.PLAY)
        assert d.scene.session.local_sides == {Player.X}
    finally:
        d.close()  # as a window closed: the host holds the seat
    d = Driver(tmp_path, again=True)
    try:
        d.app.go(SceneName.LAN, mode="join", bind=LOOPBACK)
        d.frames(1)
        first = d.scene.menu.items[0]
        assert first.label == f"Back to your seat at {where}" and d.scene.menu.focus == 0
        d.key(pygame.K_RETURN)
        d.until(lambda: d.name is SceneName.PLAY)
        assert d.scene.session.local_sides == {Player.X}
        assert [s.name for s in d.scene.session.table.seats] == ["Player", None]
    finally:
        d.app.go(SceneName.TITLE)
        d.frames(1)
        d.close()
        host.stop()


def test_a_window_started_again_takes_its_seat_back_from_the_lobby(tmp_path: Path) -> None:
    """The table a window joined from the lobby, its seat held since the window was killed,
    looks full to the lobby; its row takes this window back to its seat, not to watching
    it lapse."""
    config = HostConfig(bind=LOOPBACK, save_dir=tmp_path / "host")
    host = start_host_thread(new_table(make_variant("goff"), "Kitchen", config.save_dir), config)
    opponent = NetworkSession(host.address, name="Bo", seat=Player.O)
    d = Driver(tmp_path)
    try:
        d.app.go(SceneName.LAN, mode="join", bind=LOOPBACK)
        d.until(lambda: any("Kitchen" in item.label for item in d.scene.menu.items))
        d.choose("Kitchen")
        d.until(lambda: d.name is SceneName.PLAY)
        assert d.scene.session.local_sides == {Player.X}
    finally:
        d.close()  # as a window closed: the host holds the seat
    d = Driver(tmp_path, again=True)
    try:
        d.app.go(SceneName.LAN, mode="join", bind=LOOPBACK)
        d.until(lambda: any("Kitchen" in item.label for item in d.scene.menu.items))
        labels = [item.label for item in d.scene.menu.items]
        assert "Kitchen · Goff's · back to your seat" in labels
        d.choose("Kitchen")
        d.until(lambda: d.name is SceneName.PLAY)
        assert d.scene.session.local_sides == {Player.X}
    finally:
        d.app.go(SceneName.TITLE)
        d.frames(1)
        d.close()
        opponent.close()
        host.stop()


def test_try_again_while_the_host_is_down_leaves_one_press_to_try_once_more(
    driver: Driver, tmp_path: Path
) -> None:
    """The host of a table joined by address closed it mid-game; "Try again" before it is
    continued finds nobody there. The LAN screen keeps the way back to the seat as its first
    row, focused: the table once up again is one press away, not an address typed anew."""
    d = driver
    config = HostConfig(bind=LOOPBACK, advertise=False, save_dir=tmp_path / "host")
    host = start_host_thread(new_table(make_variant("goff"), "Den", config.save_dir), config)
    try:
        join_by_address(d, host.address)
        assert d.scene.session.local_sides == {Player.X}
        path = host.host.table.path
        host.stop()  # the host's window left the game
        d.until(lambda: d.scene.session.ended is not None)
        d.key(pygame.K_RIGHT)  # from "Back to menu" to "Try again"
        d.key(pygame.K_RETURN)
        d.until(lambda: d.name is SceneName.LAN and d.scene.status.startswith("The connection"))
        where = show_address(host.address)
        assert d.scene.menu.items[0].label == f"Back to your seat at {where}"
        assert d.scene.menu.focus == 0
        # The table continued where it was: the window sits down again at its own seat.
        config = dataclasses.replace(config, port=host.address[1])
        host = start_host_thread(Table.resume(path, None), config)
        d.key(pygame.K_RETURN)
        d.until(lambda: d.name is SceneName.PLAY)
        assert d.scene.session.local_sides == {Player.X}
    finally:
        d.app.go(SceneName.TITLE)
        d.frames(1)
        host.stop()


def test_try_again_brings_a_watcher_back_to_watch_not_to_a_seat(
    driver: Driver, tmp_path: Path
) -> None:
    """A window watching a full table whose host went away pressed "Try again": it joined
    as a player, and took a seat at the table started again there."""
    d = driver
    config = HostConfig(bind=LOOPBACK, advertise=False, save_dir=tmp_path / "host")
    host = start_host_thread(new_table(make_variant("goff"), "Den", config.save_dir), config)
    players = [
        NetworkSession(host.address, name=n, seat=s) for n, s in zip("AB", Player, strict=True)
    ]
    try:
        for player in players:
            d.until(lambda player=player: bool(player.local_sides))
        d.app.go(SceneName.LAN, mode="join", address=host.address)
        d.until(lambda: d.name is SceneName.PLAY)
        assert d.scene.session.local_sides == set()  # watching: both seats are taken
        host.stop()
        d.until(lambda: d.scene.session.ended is not None)
        d.key(pygame.K_RIGHT)  # from "Back to menu" to "Try again"
        d.key(pygame.K_RETURN)
        d.until(lambda: d.name is SceneName.LAN and d.scene.status.startswith("The connection"))
        assert d.scene.menu.items[0].label == f"Watch {show_address(host.address)} again"
        # A new game there, its seats open: the window watches it, as it did.
        config = dataclasses.replace(config, port=host.address[1])
        host = start_host_thread(new_table(make_variant("goff"), "Den", config.save_dir), config)
        d.key(pygame.K_RETURN)
        d.until(lambda: d.name is SceneName.PLAY and d.scene.session.table is not None)
        assert d.scene.session.local_sides == set()
    finally:
        for player in players:
            player.close()
        d.app.go(SceneName.TITLE)
        d.frames(1)
        host.stop()


class Opponent:
    """A second player at the table, played by the test through its own NetworkSession."""

    def __init__(self, address: tuple[str, int], seed: int, seats: SeatStore | None = None) -> None:
        self.session = NetworkSession(address, name="Bo", seats=seats)
        self.rng = Random(seed)
        self.pos: Position | None = None

    def act(self) -> None:
        """Play a random action whenever it is this seat's turn."""
        for event in self.session.events():
            if isinstance(event, Snapshot):
                self.pos = event.position
                if self.pos.to_play in self.session.local_sides:
                    self.session.submit(self.rng.choice(self.pos.legal_actions()))


def play_x(d: Driver, opponent: Opponent, rng: Random, done: Callable[[], bool]) -> None:
    """The window plays X at random with the mouse and Bo answers, until ``done()``."""
    while not done():
        pos = d.scene.pos
        if pos.to_play is Player.X:
            d.until(lambda: not d.scene.effects.busy)
            d.play(d.scene.variant, d.scene.variant.token(rng.choice(pos.legal_actions())), "mouse")
        d.until(lambda pos=pos: (opponent.act(), d.scene.pos != pos)[1])


def test_a_full_table_joined_by_address_is_watched(driver: Driver, tmp_path: Path) -> None:
    d = driver
    config = HostConfig(bind=LOOPBACK, advertise=False, save_dir=tmp_path / "host")
    host = start_host_thread(new_table(make_variant("goff"), "Den", config.save_dir), config)
    players = [
        NetworkSession(host.address, name=n, seat=s)
        for n, s in zip(("Ann", "Ben"), Player, strict=True)
    ]
    try:
        for player in players:
            d.until(lambda player=player: bool(player.local_sides))
        d.app.go(SceneName.LAN, mode="join", address=host.address)
        # Refused a seat, the window comes back to watch: it does not end at the LAN screen.
        d.until(lambda: d.name is SceneName.PLAY)
        assert d.scene.session.local_sides == set()
        assert d.scene._status(d.scene.pos) == "You are watching this game"
        d.until(lambda: [d.scene.seating.seat_name(side) for side in Player] == ["Ann", "Ben"])
        d.until(lambda: players[0].table is not None)  # Ann's board, to move on
        # A move wakes the window asleep over its still board (no frame is drawn here).
        d.app._woken.clear()
        players[0].submit(Place(0, 1))
        assert d.app._woken.wait(10), "the window slept through the move"
    finally:
        for player in players:
            player.close()
        d.app.go(SceneName.TITLE)
        d.frames(1)
        host.stop()


def test_a_watcher_on_the_results_is_told_of_a_rematch_asked_and_of_the_players_leaving(
    driver: Driver, tmp_path: Path
) -> None:
    d = driver
    config = HostConfig(bind=LOOPBACK, advertise=False, save_dir=tmp_path / "host")
    host = start_host_thread(new_table(make_variant("goff"), "Den", config.save_dir), config)
    goff = make_variant("goff")
    ann, ben = (
        NetworkSession(host.address, name=n, seat=s)
        for n, s in zip(("Ann", "Ben"), Player, strict=True)
    )
    try:
        d.until(lambda: bool(ann.local_sides and ben.local_sides) and heard(0, ann, ben))
        d.app.go(SceneName.LAN, mode="join", address=host.address)  # full: it watches
        d.until(lambda: d.name is SceneName.PLAY and d.scene.pos is not None)
        for ply, token in enumerate(random_tokens(Position(goff), Random(3))):
            (ann if d.scene.pos.to_play is Player.X else ben).submit(goff.parse_token(token))
            d.until(lambda ply=ply: len(d.scene.moves) == ply + 1 and heard(ply + 1, ann, ben))
        d.ready()
        d.key(pygame.K_RETURN)
        assert d.name is SceneName.RESULTS

        def told() -> str:
            canvas = Canvas(d.app.size)
            d.scene.draw(canvas, 0.0)
            return " ".join(t.words for t in canvas.visible_texts())

        assert "A rematch starts once both players ask for it" in told()
        ann.rematch()  # the watcher hears who asked, and who is to answer
        d.until(lambda: "Ann asks for a rematch: waiting for Ben" in told())
        ann.close(leave=True)
        ben.close(leave=True)
        d.until(
            lambda: "Both players have left: the next two to sit down play a new game" in told()
        )
        assert d.name is SceneName.RESULTS
    finally:
        ann.close()
        ben.close()
        d.app.go(SceneName.TITLE)
        d.frames(1)
        host.stop()


@pytest.mark.parametrize("device", ["mouse", "pad"])
def test_a_watcher_takes_a_seat_its_player_left_from_the_board(
    driver: Driver, tmp_path: Path, device: str
) -> None:
    # Nothing in the window asked for a seat once watching: a table its player left stood
    # still, its watcher told only "you are watching this game".
    d = driver
    config = HostConfig(bind=LOOPBACK, advertise=False, save_dir=tmp_path / "host")
    host = start_host_thread(new_table(make_variant("goff"), "Den", config.save_dir), config)
    ann, ben = (
        NetworkSession(host.address, name=n, seat=s)
        for n, s in zip(("Ann", "Ben"), Player, strict=True)
    )
    try:
        # Seated (a Welcome) and shown the table (a State, after it): a move asked for before
        # the State has no board to be played on, and is refused.
        d.until(lambda: ann.table is not None and bool(ann.local_sides and ben.local_sides))
        ann.submit(Place(0, 1))
        d.app.go(SceneName.LAN, mode="join", address=host.address)
        d.until(lambda: d.name is SceneName.PLAY and d.scene.pos.move_number == 2)
        ben.close(leave=True)  # O, to move, leaves the table
        d.until(lambda: d.scene.seating.seat_to_take() is Player.O)
        assert d.scene._status(d.scene.pos) == "Seat O is open: pick a cell to sit down"
        d.pick(4, device)
        d.until(lambda: d.scene.session.local_sides == {Player.O})
        d.play(d.scene.variant, "5-9", device)  # and plays on, as O
        d.until(lambda: d.scene.pos.move_number == 3)
    finally:
        ann.close()
        d.app.go(SceneName.TITLE)
        d.frames(1)
        host.stop()


def test_a_lan_rematch_swaps_the_sides(driver: Driver, tmp_path: Path) -> None:
    d = driver
    config = HostConfig(bind=LOOPBACK, advertise=False, save_dir=tmp_path / "host")
    host = start_host_thread(new_table(make_variant("goff"), "Den", config.save_dir), config)
    opponent = None
    try:
        join_by_address(d, host.address)
        assert d.scene.session.local_sides == {Player.X}
        opponent = Opponent(host.address, seed=8)
        d.until(lambda: d.scene.seating.seat_name(Player.O) == "Bo")
        play_x(d, opponent, Random(9), lambda: d.scene.pos.is_over)
        d.ready()
        d.key(pygame.K_RETURN)
        assert d.name is SceneName.RESULTS
        # Named bare ("Player wins"), not as the seat rows tag them ("Player, you wins").
        assert d.scene.names == {Player.X: "Player", Player.O: "Bo"}
        d.key(pygame.K_RETURN)  # "Rematch, sides swapped": asked of the host
        d.until(lambda: d.scene.menu.items[0].label == "Rematch asked: waiting for Bo…")
        assert d.name is SceneName.RESULTS
        opponent.session.rematch()
        # The results screen hears the new game start and the board comes back by itself.
        d.until(lambda: (opponent.act(), d.name is SceneName.PLAY)[1])
        # The new seat (a Welcome) and the new table (a State) are two messages: wait for both.
        d.until(
            lambda: (
                opponent.act(),
                d.scene.session.local_sides == {Player.O}
                and d.scene.seating.seat_name(Player.X) == "Bo",
            )[1]
        )
        # Bo opens the new game as X, and the window shows that game, not the last one.
        d.until(lambda: (opponent.act(), len(d.scene.moves) == 1)[1])
        assert d.scene.pos == Record(d.scene.variant, list(d.scene.moves)).final()
        assert d.scene.pos.to_play is Player.O
    finally:
        if opponent is not None:
            opponent.session.close()
        d.app.go(SceneName.TITLE)
        d.frames(1)
        host.stop()


def test_qttt_join_by_address_goes_straight_to_the_table(driver: Driver, tmp_path: Path) -> None:
    from game.client import settings
    from game.client.name_prompt import system_name

    d = driver
    d.app.apply_settings(dataclasses.replace(d.app.settings, player_name=""))  # a first run
    config = HostConfig(bind=LOOPBACK, advertise=False, save_dir=tmp_path / "host")
    host = start_host_thread(new_table(make_variant("goff"), "Den", config.save_dir), config)
    try:
        d.app.go(SceneName.LAN, mode="join", address=host.address)
        d.frames(1)
        # No name yet: it is asked first, the system's user name in the field.
        assert d.scene.prompt is not None and d.scene.prompt.field.text == system_name()
        for _ in system_name():
            d.key(pygame.K_BACKSPACE)
        d.post(pygame.TEXTINPUT, text="Ada")
        d.button(pygame.CONTROLLER_BUTTON_START)  # a pad keeps it
        d.until(lambda: d.name is SceneName.PLAY)
        assert d.scene.session.local_sides == {Player.X}
        d.until(lambda: d.scene.seating.seat_name(Player.X) == "Ada, you")
        assert settings.load(tmp_path / "settings.json").player_name == "Ada"
    finally:
        d.app.go(SceneName.TITLE)
        d.frames(1)
        host.stop()


def test_qttt_host_hosts_the_table_its_options_made(driver: Driver, tmp_path: Path) -> None:
    d = driver
    with socket.socket() as probe:  # a free port, as `qttt host --port P` would name one
        probe.bind((LOOPBACK, 0))
        port = probe.getsockname()[1]
    config = HostConfig(bind=LOOPBACK, port=port, advertise=False, save_dir=tmp_path / "host")
    table = new_table(make_variant("nxn", {"size": 5}), "Attic", config.save_dir)
    d.app.go(SceneName.LAN, mode="host", bind=LOOPBACK, table=table, config=config)
    d.until(lambda: d.name is SceneName.PLAY)
    assert d.scene.variant == make_variant("nxn", {"size": 5})
    # While the other seat is open the screen says where to join (this table is not announced).
    assert d.scene._status(d.scene.pos) == (
        f"Hosting at {LOOPBACK}:{port} (not announced on the LAN: join by address): "
        "waiting for a player"
    )
    guest = NetworkSession((LOOPBACK, port), name="Bo")
    try:
        d.until(lambda: d.scene.seating.seat_name(Player.O) == "Bo")
    finally:
        guest.close()
        d.app.go(SceneName.TITLE)
        d.frames(1)


def test_qttt_host_names_its_table_after_the_player(driver: Driver, tmp_path: Path) -> None:
    import argparse

    from game.commands.host import _table

    d = driver
    options = argparse.Namespace(
        resume=None, variant="goff", size=None, name=None, save_dir=tmp_path
    )
    table = _table(options, hostname_default=False)  # as `qttt host` makes it for a window
    config = HostConfig(bind=LOOPBACK, port=0, advertise=False, save_dir=tmp_path)
    d.app.go(SceneName.LAN, mode="host", bind=LOOPBACK, table=table, config=config)
    d.until(lambda: d.name is SceneName.PLAY)
    try:
        assert d.scene.session.table_name == "Player's table"  # the name the window goes by
    finally:
        d.app.go(SceneName.TITLE)
        d.frames(1)


def test_the_second_player_accepts_a_rematch_and_the_series_counts(
    driver: Driver, tmp_path: Path
) -> None:
    from game.client.at_table import series

    d = driver
    config = HostConfig(bind=LOOPBACK, advertise=False, save_dir=tmp_path / "host")
    host = start_host_thread(new_table(make_variant("goff"), "Den", config.save_dir), config)
    opponent = None
    try:
        d.app.go(SceneName.LAN, mode="join", address=host.address)
        d.until(lambda: d.name is SceneName.PLAY)
        opponent = Opponent(host.address, seed=8)
        d.until(lambda: d.scene.seating.seat_name(Player.O) == "Bo")
        wins = {"Player": 0, "Bo": 0}
        for game in (1, 2):
            rng = Random(game)
            while not d.scene.pos.is_over:
                pos = d.scene.pos
                if pos.to_play in d.scene.session.local_sides:
                    d.until(lambda: not d.scene.paused)
                    token = d.scene.variant.token(rng.choice(pos.legal_actions()))
                    d.play(d.scene.variant, token, "mouse")
                d.until(lambda pos=pos: (opponent.act(), d.scene.pos != pos)[1])
            winner = d.scene.pos.outcome.winner
            if winner is not None:
                wins["Player" if winner in d.scene.session.local_sides else "Bo"] += 1
            d.until(lambda: d.scene.session.table.moves == tuple(d.scene.moves))
            state = d.scene.session.table
            x, o = (s.name for s in state.seats)
            expected = f"{x} {wins[x]} – {wins[o]} {o}" if any(wins.values()) else None
            assert series(state) == expected
            if game == 2:
                break
            opponent.session.rematch()  # Bo asks first: the window sees it and accepts
            d.until(lambda: d.scene._status(d.scene.pos).startswith("Bo wants a rematch: "))
            d.ready()  # the last collapse has landed: the board takes input again
            # The panel shows the series as large as the names, for the sofa (once the
            # collapse banner over its top has gone).
            d.until(lambda: not d.scene.show.showing(d.scene.ctx.time))
            canvas = Canvas(d.app.size)
            d.scene.draw(canvas, 0.0)
            shown = {t.words: t.size for t in canvas.visible_texts()}
            assert shown[f"Series: {expected}"] == shown["Bo"]
            d.key(pygame.K_RETURN)
            d.until(lambda: (opponent.act(), d.scene.game == 2)[1])
    finally:
        if opponent is not None:
            opponent.session.close()
        d.app.go(SceneName.TITLE)
        d.frames(1)
        host.stop()


@pytest.mark.parametrize("how", ["Leave", "closed again"])
def test_a_window_hosted_table_left_mid_game_is_continued_from_the_lan_screen(
    tmp_path: Path, how: str
) -> None:
    d = Driver(tmp_path)
    bo_seats = SeatStore(tmp_path / "bo" / "seats.json")  # the guest's own data folder
    opponent = None
    try:
        d.app.go(SceneName.LAN, mode="host", bind=LOOPBACK)
        d.frames(1)
        d.key(pygame.K_RETURN)  # "Start hosting", the other seat for a player on the LAN
        d.until(lambda: d.name is SceneName.PLAY)
        assert d.app.table is not None and d.app.table.host is not None
        address = d.app.table.host.address
        d.until(lambda: d.scene.session.table is not None)
        assert play_words.headline(d.scene.pos, d.scene.seating) == ("Waiting for a player", None)
        opponent = Opponent(address, seed=8, seats=bo_seats)
        d.until(lambda: d.scene.seating.seat_name(Player.O) == "Bo")
        rng = Random(2)
        # Bo waits for X's move after the third.
        play_x(
            d, opponent, rng, lambda: len(d.scene.moves) >= 3 and d.scene.pos.to_play is Player.X
        )
        moves = len(d.scene.moves)
        # Mid-game, the window's close button asks first; Escape keeps playing.
        d.post(pygame.QUIT)
        assert d.app.running and d.app._asking is not None
        assert "Bo's game stops here" in d.app._asking.words
        d.key(pygame.K_ESCAPE)
        assert d.app._asking is None and d.name is SceneName.PLAY
        # The Menu button, clicked twice (as any game asks), asks as well; the pad's B keeps
        # playing.
        menu = d.scene.panel.menu.rects(d.scene.panel.menu_area(d.scene._areas()[1]))[-1]
        d.click(menu.center)
        assert d.app._asking is None
        d.click(menu.center)
        assert d.app._asking is not None and d.name is SceneName.PLAY
        d.button(pygame.CONTROLLER_BUTTON_B)
        assert d.app._asking is None and d.name is SceneName.PLAY
        # Closed again, and "Leave" clicked, or closed once more: the table closes, the
        # window too. (The system's SIGTERM closes it without asking: test_loop.py.)
        d.post(pygame.QUIT)
        question = d.app._asking
        assert question is not None
        if how == "Leave":
            menu = question.question.menu
            d.click(menu.rects(question.question.menu_area(d.app.size))[1].center)
        else:
            d.post(pygame.QUIT)
        assert not d.app.running
        d.until(lambda: opponent.session.ended is not None)
        opponent.session.close()
        d.close()
        # The window again: the LAN screen's host menu offers to continue the table.
        d = Driver(tmp_path)
        d.app.go(SceneName.LAN, mode="host", bind=LOOPBACK)
        d.until(lambda: any(i.label.startswith("Continue") for i in d.scene.menu.items))
        assert f"Continue Player's table vs Bo (Goff's, move {moves + 1})" in [
            i.label for i in d.scene.menu.items
        ]
        d.choose("Continue")
        d.until(lambda: d.name is SceneName.PLAY)
        # This window is back at X; O is held for Bo, who rejoins with the token he kept.
        assert d.scene.session.local_sides == {Player.X}
        d.until(lambda: d.scene.seating.seat_name(Player.O) == "Bo, away")
        assert d.scene._status(d.scene.pos).endswith("waiting for Bo to come back")
        assert len(d.scene.moves) == moves
        opponent = Opponent(address, seed=9, seats=bo_seats)
        d.until(lambda: d.scene.seating.seat_name(Player.O) == "Bo")
        d.until(lambda: opponent.session.local_sides == {Player.O})  # its Welcome, on its thread
        play_x(d, opponent, rng, lambda: d.scene.pos.is_over)
        assert d.scene.pos == Record(d.scene.variant, list(d.scene.moves)).final()
        # Over: nothing left to continue, and leaving asks nothing. The host renames the
        # record into place right after sending the last move (net/table.py), so the window
        # may see the game end a moment before the file does.
        d.until(lambda: interrupted_tables(games_dir()) == [])
        d.app.go(SceneName.TITLE)
        d.frames(1)
        assert d.name is SceneName.TITLE and d.app.table is None
    finally:
        if opponent is not None:
            opponent.session.close()
        d.close()


def test_no_window_host_outlives_a_refused_resume_nor_starts_twice(
    driver: Driver, tmp_path: Path
) -> None:
    import threading

    from net.table import Table

    def hosts() -> list[str]:
        return [t.name for t in threading.enumerate() if t.name.startswith("qttt-host")]

    d = driver
    # A headless host's record: both seats held for their players, none of them this window.
    table = new_table(make_variant("goff"), "Attic", tmp_path / "host")
    table.sit("Ann", Player.X)
    table.sit("Ben", Player.O)
    table.close()
    with socket.socket() as probe:
        probe.bind((LOOPBACK, 0))
        port = probe.getsockname()[1]
    config = HostConfig(bind=LOOPBACK, port=port, advertise=False, save_dir=tmp_path / "host")
    resumed = Table.resume(table.path, None)
    d.app.go(SceneName.LAN, mode="host", bind=LOOPBACK, table=resumed, config=config)
    d.frames(1)
    d.until(lambda: d.scene.status.startswith("The connection ended"))
    assert "no seat is open" in d.scene.status
    # The host went with the refused session: nothing listens, no host thread is left.
    d.until(lambda: not hosts())
    with socket.create_server((LOOPBACK, port)):
        pass
    # "Start hosting" pressed twice as fast as a player can: one host.
    d.app.go(SceneName.LAN, mode="host", bind=LOOPBACK)
    d.frames(1)
    d.key(pygame.K_RETURN)
    d.key(pygame.K_RETURN)
    d.until(lambda: d.name is SceneName.PLAY)
    assert len(hosts()) == 1
    d.app.go(SceneName.TITLE)
    d.frames(1)
    d.until(lambda: not hosts())


def test_the_lobby_keeps_the_focus_on_its_table_and_tells_tables_apart(driver: Driver) -> None:
    d = driver
    long = "The kitchen table by the window, next to the fridge, under the clock"
    first = [
        {"name": "Kitchen", "port": 7921, "properties": properties(name="Kitchen", key="k1")},
        {"name": "Twin", "port": 7922, "properties": properties(name="Twin", key="t1")},
        {"name": "Twin 2", "port": 7923, "properties": properties(name="Twin", key="t2")},
        {"name": "Long", "port": 7924, "properties": properties(name=long, key="l1")},
        {
            "name": "Loft",
            "port": 7926,
            "properties": properties(name="Loft", variant="nxn", size="6", key="b1"),
        },
    ]
    strangers = [announce(first)]
    try:
        d.app.go(SceneName.LAN, mode="join", bind=LOOPBACK)
        d.until(lambda: d.name is SceneName.LAN and len(d.scene.menu.items) == 2 * len(first) + 2)
        labels = [item.label for item in d.scene.menu.items]
        # Two tables of one name say where they are; a long name leaves room for the rest.
        assert "Twin (127.0.0.1:7922) · Goff's · nobody yet: join to play" in labels
        assert "Big screen: Twin (127.0.0.1:7923)" in labels
        assert f"{long[:39]}… · Goff's · nobody yet: join to play" in labels
        assert "Loft · 6×6 bonus · nobody yet: join to play" in labels
        d.key(pygame.K_DOWN)
        d.key(pygame.K_UP)  # on the Kitchen's row, the first
        assert d.scene.menu.items[d.scene.menu.focus].label.startswith("Kitchen · ")
        # A table opens whose name comes first: the focus stays on the Kitchen's row.
        cellar = {"name": "Cellar", "port": 7925, "properties": properties(name="Cellar")}
        strangers.append(announce([cellar]))
        d.until(lambda: d.scene.menu.items[0].label.startswith("Cellar · "))
        assert d.scene.menu.items[d.scene.menu.focus].label.startswith("Kitchen · ")
    finally:
        for stranger in strangers:
            stranger.kill()
            stranger.wait()


def test_page_keys_and_the_wheel_scroll_a_long_lobby(driver: Driver) -> None:
    d = driver
    many = [
        {"name": f"T{i:02}", "port": 7930 + i, "properties": properties(name=f"T{i:02}")}
        for i in range(10)
    ]
    stranger = announce(many)
    try:
        d.app.go(SceneName.LAN, mode="join", bind=LOOPBACK)
        # (A table another test left announced may be listed too.)
        d.until(lambda: d.name is SceneName.LAN and len(d.scene.menu.items) >= 22)
        d.frames(40)  # until the list is still
        # More rows below than the page shows: the last row shown says so with a mark.
        last = max(
            (r for r in d.scene.menu.rects(d.scene._menu_area()) if r.width), key=lambda r: r.y
        )
        mark = (round(last.right - last.height * 0.6), last.centery)
        assert pygame.display.get_surface().get_at(mark)[:3] == d.app.palette.accent
        top = d.scene.menu.focus
        d.key(pygame.K_PAGEDOWN)
        page = len([r for r in d.scene.menu.rects(d.scene._menu_area()) if r.width])
        assert d.scene.menu.focus == top + page and page < 22  # a page on
        d.post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)  # the wheel down: another page
        d.frames(1)
        assert d.scene.menu.focus == min(top + 2 * page, len(d.scene.menu.items) - 1)
        for _ in range(3):
            d.key(pygame.K_PAGEUP)
        assert d.scene.menu.focus == 0  # and back, stopping at the top
    finally:
        stranger.kill()
        stranger.wait()


@pytest.mark.parametrize(
    "moves",
    [
        ["1-5", "5-9", "1-9"],  # a cycle awaiting its collapse: the previews' place
        ["1-2", "2-3", "3-4", "4-5", "5-6", "6-7", "7-8"],  # a list down to the buttons
    ],
)
def test_an_open_seats_invitation_has_its_place_in_the_panel_to_itself(
    tmp_path: Path, moves: list[str]
) -> None:
    """A table continued with its other seat open shows how to join it from a phone where
    the collapse previews go. The previews of a cycle awaiting its collapse were drawn under
    it, and a long move list ran through it."""
    d = Driver(tmp_path, size=(1920, 1080))
    # The window's own way of hosting, the phone page with it, on free ports.
    config = HostConfig(
        bind=LOOPBACK, port=0, web_port=0, advertise=False, save_dir=tmp_path / "host"
    )
    table = Table("Den", Record(make_variant("goff"), moves), config.save_dir)
    try:
        d.app.go(SceneName.LAN, mode="host", bind=LOOPBACK, table=table, config=config)
        d.until(lambda: d.name is SceneName.PLAY and d.scene.seating.invitation() is not None)
        d.until(lambda: len(d.scene.moves) == len(moves))
        scene = d.scene
        scene.still = Still()
        canvas = Canvas(d.app.size)
        scene.draw(canvas, 0.0)
        first, second = scene.panel.preview_rects(scene._areas()[1], scene._words())
        place = first.union(second)
        place.height += 2 * theme.font(theme.scale(d.app.size).body).get_linesize()  # labels
        # Every text drawn there, hidden under the invitation's card or not.
        texts = [t for t in canvas.drawn if t.kind == "text" and t.ink.colliderect(place)]
        assert any(t.words == "Play on your phone" for t in texts)
        intruders = [t.words for t in texts if "&" in t.words or " in cell " in t.words]
        assert not intruders, intruders
    finally:
        d.app.go(SceneName.TITLE)
        d.frames(1)
        d.close()


def test_a_host_window_leaving_its_table_does_not_open_its_seat_to_the_guests(
    tmp_path: Path,
) -> None:
    """Leaving its own table, the hosting window freed its seat before the host stopped:
    for that moment its guest read "Ada left; seat X is open" (with the open seat's screen),
    not that the table closed, to be continued."""
    from game.client.at_table import AtTable
    from game.session import Notice
    from tests.net.conftest import Screen, host_config
    from tests.net.test_table import until

    table = Table("Ada's table", Record(make_variant("goff")), tmp_path)
    table.owner = Player.X  # hosted from Ada's window
    host = start_host_thread(table, host_config(tmp_path))
    ada = NetworkSession(host.address, name="Ada", seat=Player.X)
    bo = Screen(NetworkSession(host.address, name="Bo", seat=Player.O))
    try:
        bo.notice("you sit at O")
        until(lambda: ada.table is not None)  # Ada's board, to move on
        ada.submit(Place(0, 1))
        bo.snapshot(1)
        AtTable(ada, host=host).close(leave=True)  # the window goes back to its menus
        until(lambda: bo.session.ended is not None)
        bo.seen.extend(bo.session.events())
        said = [e.text for e in bo.seen if isinstance(e, Notice)]
        assert not any("is open" in text for text in said), said
        assert bo.session.ended.startswith("the host closed the table mid-game")
    finally:
        bo.session.close()
        host.stop()
