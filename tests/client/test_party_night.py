"""A party night hosted from the game's own window: real pygame, a real party host on its
thread, couch players' and bots' connections over loopback.

From the title screen a round robin is hosted; two couch players sit down (one with a pad,
one with the mouse) and a beginner bot joins; every couch move is made with pad and mouse
events; the night ends on its results screen, whose standings are the sums of the records.
"""

from __future__ import annotations

import functools
import itertools
import json
import os
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from random import Random

import pygame
import pytest

from game.client.canvas import Canvas
from game.client.intents import KEYBOARD, Undo
from game.client.scene import SceneName
from game.client.scenes.party_results import podium
from game.client.scenes.party_setup import Evening
from game.paths import games_dir
from game.records import read_record
from game.rules import make_variant
from game.session import Snapshot
from net.host import HostConfig, new_table, start_host_thread
from net.loopthread import LoopThread
from net.party import ROUND_ROBIN, WINNER_STAYS, Party, Standing
from net.party_client import play_party_bot
from net.party_host import PartyConfig, PartyHost, party_file, party_record
from net.protocol import Party as PartyMessage
from net.session import NetworkSession
from tests.client.driver import Draws, Driver
from tests.client.test_lan import LOOPBACK
from tests.net.nights import party_game, write_night, x_wins

ANN_PAD = 1  # the pretend controller Ann holds (SDL instance id; the app's pad 1)
DEVICES = {"Ann": ("pad", ANN_PAD), "Bo": ("mouse", KEYBOARD)}


def sit_down(d: Driver, name: str, by_pad: bool) -> None:
    """From the host's open menu: Add a couch player, type ``name``, done (pad or keys)."""
    d.focus("Add a couch player")
    if by_pad:
        d.button(pygame.CONTROLLER_BUTTON_A, ANN_PAD)
    else:
        d.key(pygame.K_RETURN)
    assert d.scene.field is not None
    d.post(pygame.TEXTINPUT, text=name)
    if by_pad:
        d.button(pygame.CONTROLLER_BUTTON_START, ANN_PAD)
    else:
        d.key(pygame.K_RETURN)
        d.frames(1)
    assert d.scene.field is None and name in d.scene.couch.names()


def open_party(d: Driver) -> None:
    """Title -> Host a party as it is set up (winner stays), on loopback and with a short
    look at each finished board -> the party screen."""
    d.choose("Host a party")
    d.app.go(SceneName.PARTY_SETUP, bind=LOOPBACK, between=0.1)
    d.frames(1)
    d.choose("Start the party")
    d.until(lambda: d.name is SceneName.PARTY)


def host_round_robin(d: Driver) -> None:
    """Title -> Host a party -> a round robin without a clock -> the party screen; the host
    opens the menu, seats Ann (pad), Bo (keys) and a beginner bot, and closes it."""
    d.choose("Host a party")
    assert d.name is SceneName.PARTY_SETUP
    # The same screen, on loopback and with a short look at each finished board.
    d.app.go(SceneName.PARTY_SETUP, bind=LOOPBACK, between=0.1)
    d.frames(1)
    d.focus("Format")
    d.key(pygame.K_RIGHT)
    assert d.scene.format_item.value == "Round robin"
    d.focus("Move clock")
    d.key(pygame.K_LEFT)  # 60 s -> 30 s -> (wrapping) None
    d.key(pygame.K_LEFT)
    assert d.scene.clock_item.value == "None"
    d.choose("Start the party")
    d.until(lambda: d.name is SceneName.PARTY)
    d.key(pygame.K_RETURN)  # the host's menu
    assert d.scene.menu_open
    d.choose("Add a bot")
    sit_down(d, "Ann", by_pad=True)
    sit_down(d, "Bo", by_pad=False)
    d.choose("Back to the party")


def play_the_night(d: Driver, seed: int) -> int:
    """Play every couch move until the night's results; the number of couch games seen."""
    rng = Random(seed)
    games: set[int] = set()
    while d.name is not SceneName.PARTY_RESULTS:
        scene = d.scene
        if d.name is SceneName.PLAY and not scene.paused and not scene.pos.is_over:
            pos = scene.pos
            holder = scene.session.holding(pos.to_play)
            if holder is not None and len(scene.moves) == len(d.app.table.snapshot.moves):
                games.add(d.app.table.game)
                count = len(scene.moves)
                device, pad = DEVICES[holder.name]
                token = scene.variant.token(rng.choice(pos.legal_actions()))
                d.play(scene.variant, token, device, pad)
                d.until(
                    lambda count=count: d.name is not SceneName.PLAY or len(d.scene.moves) > count
                )
                continue
        # Paced, as the app's loop is: a loop drawing frames without a pause holds the GIL
        # and starves the party host's thread (it answered 1-3% of the time, clients took it
        # for silent and reconnected, and the night stalled).
        d.frames(1)
        time.sleep(0.002)
    return len(games)


def standings_from_records(save_dir: Path) -> dict[str, tuple[float, int]]:
    """name -> (points, games), summed straight from the party's records."""
    sums: dict[str, tuple[float, int]] = {}
    for path in save_dir.glob("party-*-game*.json"):
        record = read_record(path)
        outcome = record.positions()[-1].outcome
        assert outcome is not None, f"{path.name} is unfinished"
        info = record.extra["party"]
        for name, got in ((info["x"], outcome.scores.x), (info["o"], outcome.scores.o)):
            points, played = sums.get(name, (0.0, 0))
            sums[name] = (points + got, played + 1)
    return sums


@pytest.fixture
def small(tmp_path: Path) -> Iterator[Driver]:
    """A small window: these tests draw a whole evening's frames, and what they check is the
    flow, not the look (pictures at TV sizes are taken under Xvfb)."""
    d = Driver(tmp_path, size=(640, 360))
    yield d
    d.close()


@pytest.mark.timeout(60)
def test_a_round_robin_on_the_couch_with_a_lan_player_joining_mid_evening(
    small: Driver,
) -> None:
    """Hosted from the title: Ann (pad) and Bo (mouse) on the couch and a beginner bot; once
    the first game is on, a bot on the LAN joins over TCP. Everyone meets everyone, every
    couch move is made with pad or mouse events, and the results are the records' sums."""
    d = small
    host_round_robin(d)
    d.until(lambda: d.app.table is not None and d.app.table.game == 1)
    address = d.app.table.session.address
    lan = LoopThread("test-lan-bot")
    try:
        lan.submit(play_party_bot(address, "beginner", name="Lan", seed=9))
        couch_games = play_the_night(d, seed=4)
    finally:
        lan.stop()
    sums = standings_from_records(games_dir())
    assert set(sums) == {"Ann", "Bo", "Beginner bot", "Lan"}
    assert all(played == 3 for _, played in sums.values())  # everyone met everyone
    assert couch_games == 5  # all six games but the two bots' own
    d.until(lambda: d.scene.reading is None)  # the records are read off the frame
    assert {s.name: (s.points, s.played) for s in d.scene.standings} == sums
    # The host serves on while the results show: the guests' phones show the end too (it
    # stopped as the night ended, and they lost the host instead). Leaving them stops it.
    assert d.app.table is not None and d.app.table.session.party.finished
    d.key(pygame.K_ESCAPE)
    d.until(lambda: d.name is SceneName.TITLE)
    assert d.app.table is None


def shown(d: Driver) -> list[str]:
    """The words the screen shows now."""
    canvas = Canvas(d.app.size)
    d.scene.draw(canvas, 0.0)
    return [t.words for t in canvas.visible_texts()]


def ranked(words: list[str]) -> list[str]:
    """The standings' rows among ``words``: "1.  Ada" and so on."""
    return [w for w in words if ".  " in w]


def night_results(
    tmp_path: Path, games: list[tuple[str, str]], size: tuple[int, int] = (1280, 720)
) -> Canvas:
    """The results of a night of ``games`` (each X's win), read and drawn on a canvas."""
    night = tmp_path / "night"
    night.mkdir()
    write_night(night, "Den", games, x_wins())
    d = Driver(tmp_path, size=size)
    try:
        d.app.go(SceneName.PARTY_RESULTS, party="Den", save_dir=night, format=ROUND_ROBIN)
        d.frames(1)
        d.until(lambda: bool(d.scene.standings))
        canvas = Canvas(d.app.size)
        d.scene.draw(canvas, 0.0)
        return canvas
    finally:
        d.close()


def test_the_nights_results_give_the_places_the_host_gives(tmp_path: Path) -> None:
    """Every game is the same X's win. Ada, Bo and Cy each beat one other: level, they share
    second place behind Eve (as many points in fewer games), as the host ranks them; the
    results screen numbered its rows itself (2, 3, 4), and its podium too."""
    games = [("Ada", "Bo"), ("Bo", "Cy"), ("Cy", "Ada"), ("Eve", "Dee")]
    words = [t.words for t in night_results(tmp_path, games).visible_texts()]
    assert ranked(words) == ["1.  Eve", "2.  Ada", "2.  Bo", "2.  Cy", "5.  Dee"]
    # The podium: Eve first in the middle, the three second round her, two on her left.
    assert [w for w in words if w.isdigit() and len(w) == 1][:4] == ["2", "2", "1", "2"]


@pytest.mark.parametrize("size", [(1280, 720), (1080, 1920)])
def test_a_long_nights_numbers_keep_the_standings_columns_apart(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """Bots on a big screen all evening: four digits in every column (the TV's scoreboard
    ran its numbers together). Each column stands clear of the next, its title too."""
    night = tmp_path / "night"
    night.mkdir()
    write_night(night, "Den", [("Ada", "Bo")], x_wins())
    d = Driver(tmp_path, size=size)
    try:
        d.app.go(SceneName.PARTY_RESULTS, party="Den", save_dir=night, format=ROUND_ROBIN)
        d.frames(1)
        d.until(lambda: bool(d.scene.standings))
        d.scene.standings = [
            Standing("Ada", 1133.5, 2263, 1102, 1063, 1),
            Standing("Bo", 1129.5, 2263, 1098, 1063, 2),
        ]
        canvas = Canvas(d.app.size)
        d.scene.draw(canvas, 0.0)
    finally:
        d.close()
    words = [t.words for t in canvas.texts]
    ada = words.index("1.  Ada")
    assert words[ada + 1 : ada + 6] == ["1133½", "2263", "1102", "1063", "98"]
    lines: dict[int, list[pygame.Rect]] = {}
    for text in canvas.texts:
        if text.words in ("PTS", "P", "W", "D", "L") or text.words[0].isdigit():
            lines.setdefault(text.rect.y, []).append(text.ink)
    for inks in lines.values():
        inks.sort(key=lambda ink: ink.x)
        assert all(a.right < b.left for a, b in itertools.pairwise(inks))


LONG_NAMES = [
    "Alexandrina Featherstonehaugh",
    "Anastasia Papadopoulou",
    "Bartholomew Okonkwo-Smith",
    "Christopherson Jr",
    "Guinevere Wolfeschlegel",
    "Maximilian Montgomery",
]


@pytest.mark.parametrize(
    ("names", "heading"),
    [
        (["Ann", "Ben"], "Two share the night"),
        (["Ann", "Ben", "Cat", "Dan"], "Four share the night"),
        (LONG_NAMES, "Six share the night"),
    ],
)
def test_everyone_level_at_the_top_of_the_night_stands_on_the_podium(
    tmp_path: Path, names: list[str], heading: str
) -> None:
    """Each beats the next, round a ring, and all beat Zed: level at the top (ranks 1, 1, 1,
    1, 5), every one of them has a highest step, side by side, and the line over the podium
    says they share the night (Zed is third after two, and has the third step). The podium
    held three: a fourth friend was left off it. Long names go on two lines rather than
    being cut, and no two words run into each other."""
    ring = [(name, names[(at + 1) % len(names)]) for at, name in enumerate(names)]
    canvas = night_results(tmp_path, ring + [(name, "Zed") for name in names], (1920, 1080))
    texts = canvas.visible_texts()
    [shared] = [t for t in texts if t.words == heading]
    [table] = [t for t in texts if t.words == "STANDINGS"]
    podium = [t for t in texts if t.ink.top > shared.ink.bottom and t.ink.bottom < table.ink.top]
    steps = [t.words for t in podium if t.words.isdigit()]
    lines = [t.words for t in podium if not t.words.isdigit() and " pt" not in t.words]
    third = ["Zed"] if len(names) == 2 else []
    assert steps == ["1"] * len(names) + ["3"] * len(third)
    assert " ".join(lines) == " ".join(names + third)  # whole, in the standings' order
    screen = canvas.get_rect()
    assert all(screen.contains(t.ink) for t in podium)
    for at, text in enumerate(podium):
        assert not any(text.ink.colliderect(other.ink) for other in podium[at + 1 :]), text.words


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_long_table_of_the_nights_results_leaves_the_words_under_it_clear(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """Ten players: the standings (as many rows as fit, then "and N more") stay above the
    line saying where the records are (seven rows already ran into it)."""
    names = [f"Guest {n}" for n in range(10)]
    canvas = night_results(tmp_path, list(zip(names[::2], names[1::2], strict=True)), size)
    texts = canvas.visible_texts()
    [where] = [t for t in texts if t.words.startswith("The records are kept in")]
    table = [t for t in texts if ".  " in t.words or t.words.startswith("and ")]
    assert table[-1].words.startswith("and ") and len(table) > 5
    assert all(t.ink.bottom <= where.ink.top for t in table), [t.words for t in table]


@pytest.mark.timeout(30)
def test_the_nights_results_are_read_off_the_frame(tmp_path: Path) -> None:
    """A long night's records take a while to replay (a thousand games, half a second): the
    window goes on meanwhile, saying what it does. Here a record still coming down a pipe
    holds the reading up (read on the window's thread, it held the window: no frame came)."""
    night = tmp_path / "night"
    night.mkdir()
    moves = x_wins()
    write_night(night, "Den", [("Ada", "Bo")], moves)
    second = party_record(night, "Den", 2)
    os.mkfifo(second)
    writer = os.open(second, os.O_RDWR)  # held open: the reader waits for its words
    d = Driver(tmp_path)
    try:
        d.app.go(SceneName.PARTY_RESULTS, party="Den", save_dir=night, format=ROUND_ROBIN)
        # Closed before the worker opens it, the pipe would leave that open waiting for ever
        # (seen once with both cores busy): the words go in once it reads.
        d.until(lambda: _opened_elsewhere(second, writer))
        assert "Reading the night's 2 games…" in shown(d) and not ranked(shown(d))
        record = party_game("Den", 2, "Bo", "Ada", moves)
        os.write(writer, record.to_json().encode())
        os.close(writer)
        writer = -1
        d.until(lambda: bool(d.scene.standings))
        words = shown(d)
        assert ranked(words) == ["1.  Ada", "1.  Bo"] and "Round robin · 2 games played" in words
    finally:
        if writer >= 0:
            os.close(writer)  # the worker's read ends, whatever failed
        d.close()


def _opened_elsewhere(path: Path, mine: int) -> bool:
    """Whether a descriptor of this process other than ``mine`` has ``path`` open."""
    fds = (int(fd) for fd in os.listdir("/proc/self/fd") if int(fd) != mine)
    return any(os.path.realpath(f"/proc/self/fd/{fd}") == str(path.resolve()) for fd in fds)


def test_a_host_started_again_offers_to_carry_on_the_evening(small: Driver) -> None:
    """The host stops mid-game (the window closed, the machine crashed); hosting again offers
    the evening, and its couch player and bot sit down again in the game they were playing."""
    d = small
    d.app.go(SceneName.PARTY_SETUP, bind=LOOPBACK)
    d.frames(1)
    d.choose("Start the party")
    d.until(lambda: d.name is SceneName.PARTY)
    d.scene.add_couch_player("Ann", KEYBOARD)
    d.key(pygame.K_RETURN)
    d.choose("Add a bot")
    d.choose("Back to the party")
    d.until(lambda: d.name is SceneName.PLAY and d.scene.session.local_sides)
    d.scene.handle(Undo())  # played on this screen, but it counts (no frame: no other news)
    assert d.scene.message.text == "No undo in a party game: it counts for the night"
    d.until(lambda: len(d.app.table.snapshot.moves) >= 1 or d.scene.seating.my_turn(d.scene.pos))
    moves = d.app.table.snapshot.moves
    d.app.table.host.stop()  # the host goes; the window goes back to the title
    d.app.go(SceneName.TITLE)
    d.frames(1)
    d.app.go(SceneName.PARTY_SETUP, bind=LOOPBACK)
    d.frames(1)
    d.choose("Carry on: Player's party (1 game)")
    d.until(lambda: d.name is SceneName.PLAY and d.scene.session.local_sides)
    assert d.app.table.game == 1 and d.app.table.snapshot.moves == moves
    # The party's standings come in a message of their own, after the seat and the board.
    d.until(lambda: d.app.table.party is not None)
    assert {s.name for s in d.app.table.party.standings} == {"Ann", "Beginner bot"}
    # Leaving the board (Escape twice) opens the host's menu; closing it goes back to it.
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_ESCAPE)
    assert d.name is SceneName.PARTY and d.scene.menu_open
    d.choose("Back to the party")
    d.until(lambda: d.name is SceneName.PLAY)


def test_two_couch_players_sharing_one_pad_both_play_with_it(small: Driver) -> None:
    """A hot seat with one pad: Ann and Cy were both seated with it, and on the second
    one's turn the pad was told "It is O's turn: X waits": the game could not go on."""
    d = small
    open_party(d)
    d.key(pygame.K_RETURN)  # the host's menu
    sit_down(d, "Ann", by_pad=True)
    sit_down(d, "Cy", by_pad=True)  # the same pad
    d.choose("Back to the party")
    d.until(lambda: d.name is SceneName.PLAY)

    def refused() -> bool:
        return d.scene.message is not None and d.scene.message.warning

    for token in ("1-2", "2-5"):  # X's move, then O's: the one pad, passed along the sofa
        count = len(d.scene.moves)
        d.ready()
        d.play(d.scene.variant, token, "pad", ANN_PAD)
        d.until(lambda count=count: len(d.scene.moves) > count or refused())
        assert not refused(), d.scene.message
    assert list(d.scene.moves) == ["1-2", "2-5"]


def test_the_hosts_menu_adds_only_bots_that_play_the_nights_game(small: Driver) -> None:
    # An Ultimate night offered a perfect bot: it joined, found it could not play, and left.
    d = small
    d.app.go(SceneName.PARTY_SETUP, bind=LOOPBACK)
    d.frames(1)
    d.focus("Variant")
    while d.scene.variants[d.scene.variant_item.index] != "ultimate":
        d.key(pygame.K_RIGHT)
    d.choose("Start the party")
    d.until(lambda: d.name is SceneName.PARTY)
    d.key(pygame.K_RETURN)  # the host's menu
    d.focus("Bot level")
    offered = list(d.scene.level_item.choices)
    assert offered == ["Beginner", "Easy", "Medium", "Hard", "Expert"]  # as the settings say
    d.key(pygame.K_LEFT)  # round to the strongest
    assert d.scene.level_item.value == "Expert"
    d.choose("Back to the party")


def heard_paused(phone: NetworkSession, upto: Callable[[object], bool]) -> list[bool]:
    """Whether the clock stood still, in every Party message ``phone`` heard until the first
    event for which ``upto`` holds (waited for)."""
    said: list[bool] = []
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        for event in phone.events():
            if upto(event):
                return said
            if isinstance(event, PartyMessage):
                said.append(event.paused)
        time.sleep(0.01)
    raise AssertionError("timed out")


@pytest.mark.timeout(60)
def test_the_hosts_menu_stops_the_clock_only_for_a_couch_player_to_move(small: Driver) -> None:
    """Ann (on the couch) against a phone's player, with a move clock. The host's menu over
    the board stops the clock while Ann is to move, not while the phone's player is (they
    see their board); it runs again as the menu closes, unless the host paused it there."""
    d = small
    d.app.go(SceneName.PARTY_SETUP, bind=LOOPBACK)
    d.frames(1)
    assert d.scene.clock_item.value == "60 s a move"
    d.choose("Start the party")
    d.until(lambda: d.name is SceneName.PARTY)
    d.scene.add_couch_player("Ann", KEYBOARD)
    phone = NetworkSession(d.scene.address, "Phone")
    try:
        d.until(lambda: d.name is SceneName.PLAY and bool(d.scene.session.local_sides))
        d.until(lambda: bool(phone.local_sides) and d.scene.pos == d.app.table.snapshot.position)
        if d.scene.pos.to_play in d.scene.session.local_sides:
            count = len(d.scene.moves)
            first = d.scene.variant.token(d.scene.pos.legal_actions()[0])
            d.play(d.scene.variant, first, "mouse", KEYBOARD)
            d.until(lambda: len(d.app.table.snapshot.moves) > count)
        # The phone's player to move: the menu opened over the board leaves their clock be.
        d.key(pygame.K_ESCAPE)
        d.key(pygame.K_ESCAPE)
        assert d.name is SceneName.PARTY and d.scene.menu_open
        d.frames(2)
        moves = len(d.app.table.snapshot.moves)
        pos = d.app.table.snapshot.position
        phone.submit(pos.legal_actions()[0], moves)
        said = heard_paused(phone, lambda e: isinstance(e, Snapshot) and len(e.moves) > moves)
        assert not any(said)
        # Ann to move, the menu still up: her clock stands still until it closes.
        d.until(lambda: d.app.table.party.paused)
        assert "Keep the clock paused" in [item.label for item in d.scene.menu.items]
        d.choose("Back to the party")
        d.until(lambda: d.name is SceneName.PLAY and not d.app.table.party.paused)
        # Paused from the menu, it stays paused as the menu closes, until resumed.
        d.key(pygame.K_ESCAPE)
        d.key(pygame.K_ESCAPE)
        d.until(lambda: d.app.table.party.paused)
        d.choose("Keep the clock paused")
        d.choose("Back to the party")
        d.until(lambda: d.name is SceneName.PLAY)
        d.frames(2)
        assert d.app.table.party.paused
        d.key(pygame.K_ESCAPE)
        d.key(pygame.K_ESCAPE)
        d.choose("Resume the clock")
        d.frames(2)
        assert d.app.table.party.paused  # the menu is still up over Ann's board
        d.choose("Back to the party")
        d.until(lambda: d.name is SceneName.PLAY and not d.app.table.party.paused)
    finally:
        phone.close()


def host_paused(d: Driver) -> bool:
    """Whether the party host has stopped its move clock, once what the window asked of it
    so far has run (on the host's thread, in the order asked)."""
    handle = d.app.table.host
    ran = threading.Event()
    handle.call(ran.set)
    assert ran.wait(5)
    return handle.host.paused


def test_the_hosts_menu_leaves_a_night_without_a_clock_be(small: Driver) -> None:
    """No move clock: the menu over Ann's board has no clock to stop, and says nothing of one
    to the phones (the host's news would tell them it paused a clock they never saw)."""
    d = small
    d.app.go(SceneName.PARTY_SETUP, bind=LOOPBACK)
    d.frames(1)
    d.focus("Move clock")
    d.key(pygame.K_LEFT)  # 60 s -> 30 s -> (wrapping) None
    d.key(pygame.K_LEFT)
    d.choose("Start the party")
    d.until(lambda: d.name is SceneName.PARTY)
    d.scene.add_couch_player("Ann", KEYBOARD)
    d.key(pygame.K_RETURN)
    d.choose("Add a bot")
    d.choose("Back to the party")
    d.until(lambda: d.name is SceneName.PLAY and d.scene.pos.to_play in d.scene.session.local_sides)
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_ESCAPE)
    assert d.name is SceneName.PARTY and d.scene.menu_open
    d.frames(2)
    assert not host_paused(d)
    # Nor does the menu offer to pause one.
    labels = [item.label for item in d.scene.menu.items]
    assert "End the night" in labels and not any("clock" in label for label in labels)


EVENING = Evening("Fun", ROUND_ROBIN, {"variant": "nxn", "size": 5}, 90.0, [("Ann", 1)], [])
DEEP = "[" * 100_000 + "]" * 100_000  # deeper than the JSON parser goes


def save_evening(save_dir: Path) -> tuple[Path, Path]:
    """An evening cut short, as the setup screen and the party host leave it: the screen's
    file and the party's."""
    EVENING.save(save_dir)
    party = Party(ROUND_ROBIN)
    party.join("Ann")
    party.save(party_file(save_dir, EVENING.name))
    return EVENING.path(save_dir), party_file(save_dir, EVENING.name)


def damage(path: Path, change: str | dict[str, object]) -> None:
    """Write ``change`` over the file at ``path``: its whole text, or some of its fields."""
    if isinstance(change, dict):
        change = json.dumps({**json.loads(path.read_text()), **change})
    path.write_text(change)


def test_a_new_evening_is_not_named_after_one_that_is_over(tmp_path: Path) -> None:
    # "Tonight's party" again, the week after: its host refused (or, before, showed last
    # week's standings to the new guests and never began a game).
    assert Evening.new_name(tmp_path, "Tonight's party") == "Tonight's party"
    for name in ("Tonight's party", "Tonight's party 2"):
        over = Party(ROUND_ROBIN)
        over.finished = True
        over.save(party_file(tmp_path, name))
    assert Evening.new_name(tmp_path, "Tonight's party") == "Tonight's party 3"
    save_evening(tmp_path)  # a night cut short is carried on under its own name
    assert Evening.new_name(tmp_path, EVENING.name) == EVENING.name


def test_an_evening_cut_short_is_offered_as_it_was_saved(tmp_path: Path) -> None:
    save_evening(tmp_path)
    assert Evening.unfinished(tmp_path) == [(EVENING, 0)]


@pytest.mark.parametrize(
    "change",
    [
        DEEP,
        "5",
        {"variant": "goff"},
        {"variant": {"variant": "bogus"}},
        {"variant": {"variant": "nxn", "size": 99}},
        {"variant": {}},
        {"format": "swiss"},
        {"clock": "soon"},
        {"clock": 1e308},
        {"clock": float("inf")},
        {"clock": -5},
        {"clock": True},
        {"couch": [["Ann", "1"]]},
        {"couch": [["Ann", 1, 2]]},
        {"couch": "Ann"},
        {"bots": [["Easy bot", 3]]},
        {"bots": [["Easy bot", "godlike"]]},
    ],
)
def test_an_evening_whose_screen_file_is_damaged_is_not_offered(
    tmp_path: Path, change: str | dict[str, object]
) -> None:
    """Carrying it on would crash the screen, or start a party its host cannot serve."""
    screen, _ = save_evening(tmp_path)
    damage(screen, change)
    assert Evening.unfinished(tmp_path) == []


@pytest.mark.parametrize(
    "change",
    [DEEP, "5", {"present": 5}, {"roster": 7}, {"members": ["Ann"]}, {"playing": ["Ann"]}],
)
def test_an_evening_whose_partys_file_is_damaged_is_not_offered(
    tmp_path: Path, change: str | dict[str, object]
) -> None:
    _, party = save_evening(tmp_path)
    damage(party, change)
    assert Evening.unfinished(tmp_path) == []


def test_a_guest_from_the_lobby_waits_on_the_party_screen(small: Driver, tmp_path: Path) -> None:
    """Joined by address while the party waits for more players: the queue and scoreboard,
    not an empty board."""
    d = small
    config = HostConfig(bind=LOOPBACK, advertise=False, save_dir=tmp_path / "host")
    party = functools.partial(PartyHost, party=PartyConfig(WINNER_STAYS, start_at=3))
    host = start_host_thread(new_table(make_variant("goff"), "Den", config.save_dir), config, party)
    try:
        d.app.go(SceneName.LAN, mode="join", address=host.address)
        d.until(lambda: d.name is SceneName.PARTY and d.scene.party is not None)
        assert d.scene._waiting() and d.scene.party.queue == ("Player",)
        assert d.scene.party.status == "waiting for 2 more players"
        # With a pad in hand, the guest is told its button (it read "Enter: join the queue").
        d.button(pygame.CONTROLLER_BUTTON_DPAD_DOWN)
        words = " ".join(shown(d))
        assert "A: join the queue, or just watch." in words and "Enter" not in words
    finally:
        d.app.go(SceneName.TITLE)
        d.frames(1)
        host.stop()


def test_a_guests_game_takes_over_from_their_menu(small: Driver, tmp_path: Path) -> None:
    """A guest has their menu open as the queue reaches them: their board comes up, for
    their move clock has started, and nothing on their side can stop the host's."""
    d = small
    config = HostConfig(bind=LOOPBACK, advertise=False, save_dir=tmp_path / "host")
    party = functools.partial(PartyHost, party=PartyConfig(WINNER_STAYS))
    host = start_host_thread(new_table(make_variant("goff"), "Den", config.save_dir), config, party)
    lan = LoopThread("test-lan-bot")
    try:
        d.app.go(SceneName.LAN, mode="join", address=host.address)
        d.until(lambda: d.name is SceneName.PARTY and d.scene.party is not None)
        d.key(pygame.K_RETURN)
        assert d.scene.menu_open
        lan.submit(play_party_bot(host.address, "beginner", name="Bot", seed=1))
        d.until(lambda: d.name is SceneName.PLAY)
    finally:
        lan.stop()
        d.app.go(SceneName.TITLE)
        d.frames(1)
        host.stop()


def test_the_party_screen_waits_drawn_again_only_where_it_moves(tmp_path: Path) -> None:
    """The big screen of a party waiting for its players (all evening, on a TV) is drawn
    again only where its backdrop's marks drift, the host's menu and the couch keyboard over
    it too (their rings breathe, a caret blinks, in place). Each time, the window is the
    screen painted whole."""
    d = Driver(tmp_path, size=(1920, 1080))
    try:
        d.app.go(SceneName.PARTY_SETUP, bind=LOOPBACK)
        d.frames(1)
        d.choose("Start the party")
        d.until(lambda: d.name is SceneName.PARTY and d.scene.party is not None)
        d.until(lambda: d.scene.session.join_url is not None)  # its QR code is on screen
        d.settle(1)
        draws = Draws(d)
        for _ in range(3):
            draws.in_parts(20, 1920 * 1080 // 8)  # a few marks' places
        d.key(pygame.K_RETURN)  # the host's menu
        assert d.scene.menu_open and draws.sent[-1] == [[0, 0, 1920, 1080]]
        d.key(pygame.K_DOWN)
        for _ in range(3):  # its focus ring breathes
            draws.in_parts(20, 1920 * 1080 // 4)
        d.choose("Add a couch player")
        assert d.scene.field is not None
        for _ in range(3):  # the keyboard's ring and caret
            draws.in_parts(20, 1920 * 1080 // 4)
        d.key(pygame.K_ESCAPE)  # no one sits down after all
        d.choose("Back to the party")
        assert not d.scene.menu_open and d.scene.field is None
        draws.in_parts(20, 1920 * 1080 // 8)
    finally:
        d.close()


def test_a_party_hosted_over_a_disk_that_refuses_its_files_still_starts(small: Driver) -> None:
    """The save folder is not a folder (a full or read-only disk refuses it the same way):
    the party screen opens all the same, and the evening goes on unsaved."""
    folder = games_dir()
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.write_text("not a folder")
    d = small
    open_party(d)
    assert d.app.table is not None and folder.is_file()


@pytest.mark.parametrize(
    ("ranks", "left_to_right"),
    [
        ((1, 2, 3, 4), "b a c"),  # second, first, third
        ((1, 2, 2, 2), "b c a d"),  # the first stays in the middle
        ((1, 2, 2), "b a c"),
        ((1, 1, 3), "a b c"),  # two share the top, the third on its side
        ((1, 3, 3), "b a c"),
        ((1, 1, 1, 1, 5), "a b c d"),  # level players in the standings' order
        ((1, 2), "b a"),
        ((1,), "a"),
    ],
)
def test_the_podium_keeps_the_first_in_the_middle(
    ranks: tuple[int, ...], left_to_right: str
) -> None:
    rows = [Standing(name, rank=rank) for name, rank in zip("abcde", ranks, strict=False)]
    assert " ".join(row.name for row in podium(rows)) == left_to_right
