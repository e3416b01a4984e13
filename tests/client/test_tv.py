"""The big screen in a real (dummy-driver) window, watching a real party host on 127.0.0.1."""

from __future__ import annotations

import asyncio
import functools
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from random import Random

import numpy as np
import pygame
import pytest

from game.client.canvas import Canvas, Drawn
from game.client.link import ENDED, LIVE
from game.client.prose import sentence
from game.client.scene import COUNTING_FPS, FPS_CAP, SceneName, make_scene
from game.client.scenes.tv_column import ColumnView
from game.client.scenes.tv_emotes import EMOTE_TIME
from game.client.scenes.tv_layout import areas_at
from game.client.scenes.tv_news import NewsLine
from game.client.still import Still, on_columns_of_16
from game.client.theme import LEAST_BODY, drift_frame_rate, scale
from game.records import Record, read_record
from game.rules import Player, Position, Variant, make_variant
from game.rules.playout import random_tokens
from game.session import Notice, Snapshot
from net.host import Host, HostConfig, HostHandle, new_table, start_host_thread
from net.party_client import play_party_bot
from net.party_host import PartyConfig, PartyHost
from net.protocol import Emote, Emoted, Party, Standing
from net.session import NetworkSession
from tests.client.driver import FRAME_NS, Draws, Driver, heard
from tests.net.conftest import Raw

LOOPBACK = "127.0.0.1"


@pytest.fixture
def driver(tmp_path: Path) -> Iterator[Driver]:
    d = Driver(tmp_path, size=(1920, 1080))
    yield d
    d.close()


def start(tmp_path: Path, party: PartyConfig | None, port: int = 0) -> HostHandle:
    config = HostConfig(bind=LOOPBACK, port=port, advertise=False, save_dir=tmp_path / "games")
    table = new_table(make_variant("goff"), "Den", config.save_dir)
    make = functools.partial(PartyHost, party=party) if party else Host
    return start_host_thread(table, config, make)


def bots(address: tuple[str, int], names: list[str]) -> threading.Thread:
    async def party() -> None:
        await asyncio.gather(*(play_party_bot(address, "beginner", name=n) for n in names))

    thread = threading.Thread(target=asyncio.run, args=(party(),))
    thread.start()
    return thread


def test_the_big_screen_follows_a_party_to_its_end(driver: Driver, tmp_path: Path) -> None:
    d = driver
    host = start(tmp_path, PartyConfig("round-robin", start_at=3, between=0.3))
    try:
        d.app.go(SceneName.TV, address=host.address, viewer="tv")
        d.frames(1)
        d.until(lambda: d.scene.party is not None)
        assert d.scene.party.status == "waiting for 3 more players"
        playing = bots(host.address, ["ann", "ben", "cat"])
        # The first game's end: the final board sweeps its row and fireworks go up.
        d.until(lambda: d.scene.pos is not None and d.scene.pos.is_over)
        effects = d.scene.effects
        assert effects.fireworks_left > 0 or effects.particle_count > 0
        d.until(lambda: d.scene.party.finished)
        playing.join(10)
        party = d.scene.party
        assert party.games == 3 and party.status.endswith(("wins the night", "share the night"))
        # What the screen shows is the records' story: the last game's final position.
        last = sorted((tmp_path / "games").glob("party-den-game*.json"))[-1]
        d.until(lambda: d.scene.pos == read_record(last).positions()[-1])
        assert {row.name for row in party.standings} == {"ann", "ben", "cat"}
        # The night's end is told once the last game's marks have landed (not before the
        # board shows who won), at 1920×1080: no error, nothing cut.
        d.until(lambda: not d.scene.effects.busy)
        d.frames(2)
        canvas = Canvas(d.app.size)
        d.scene.draw(canvas, 0.0)
        said = {t.words for t in canvas.visible_texts()}
        # No game after the last; the winner named as they wrote their name ("ann").
        status = sentence(party.status, [row.name for row in party.standings])
        assert "NEXT UP" not in said and status in said and status.startswith(("ann", "ben", "cat"))
        # The podium, from what the party message carries (this screen has none of the host's
        # records): the best in the middle, on the highest step, their name large over it.
        column = areas_at(d.app.size)[2]
        best = [row for row in party.standings if row.rank == 1]
        lines = [t for t in canvas.visible_texts() if column.contains(t.rect)]
        step = next(t for t in lines if t.words == "1" and t.size >= 50)
        names = [t for t in lines if t.words == best[0].name and t.rect.bottom < step.rect.top]
        assert names and abs(names[0].rect.centerx - step.rect.centerx) <= 2
        assert names[0].size > max(t.size for t in lines if t.words.startswith("1.  "))
    finally:
        host.stop()


def test_a_party_with_no_game_on_says_what_it_waits_for_over_the_board(
    driver: Driver, tmp_path: Path
) -> None:
    # Before its first game the strip read "open seat vs open seat", X's lit and underlined
    # as if it were to move, and "waiting for players to sit down": nobody sits at a party.
    d = driver
    host = start(tmp_path, PartyConfig("winner-stays"))
    try:
        d.app.go(SceneName.TV, address=host.address, viewer="tv")
        d.frames(1)
        d.until(lambda: d.scene.party is not None and d.scene.pos is not None)
        d.frames(2)
        canvas = Canvas(d.app.size)
        d.scene.draw(canvas, 0.0)
        strip = areas_at(d.app.size)[1]
        said = [t.words for t in canvas.visible_texts() if strip.colliderect(t.ink)]
        assert said == ["Waiting for 2 more players"]
    finally:
        host.stop()


def test_emotes_from_the_couch_rise_and_fade(driver: Driver, tmp_path: Path) -> None:
    d = driver
    host = start(tmp_path, PartyConfig("winner-stays", emote_burst=1, emote_every=60))
    try:
        d.app.go(SceneName.TV, address=host.address, viewer="sofa")
        d.frames(1)
        d.until(lambda: d.scene.party is not None)
        d.post(pygame.TEXTINPUT, text="²")  # the key left of 1 on a French keyboard: no emote
        d.frames(2)
        d.post(pygame.TEXTINPUT, text="2")  # the one emote the host allows goes through
        d.until(lambda: bool(d.scene.emotes.bubbles))
        [bubble] = d.scene.emotes.bubbles
        assert (bubble.words, bubble.by) == ("Wow!", "sofa")
        # Another's emote at the same moment stacks above it, never over it.
        phone = Raw(host.address)
        phone.hello(role="spectator", name="phone")
        phone.send(Emote("gg"))
        d.until(lambda: len(d.scene.emotes.bubbles) == 2)
        assert d.scene.emotes.bubbles[1].by == "phone"
        (_, newest, *_), (_, older, *_) = d.scene.bubble_cards()
        assert newest.bottom > older.bottom and not newest.colliderect(older)
        phone.close()
        d.post(pygame.TEXTINPUT, text="3")  # over the host's limit: refused, shown as news
        refused = "One emote every 60 s, please"
        d.until(lambda: any(text == refused for text, _ in d.scene.news.lines))
        d.settle(EMOTE_TIME)
        assert d.scene.emotes.bubbles == []
    finally:
        host.stop()


def test_a_plain_table_shows_its_seats_and_a_second_back_leaves(
    driver: Driver, tmp_path: Path
) -> None:
    d = driver
    host = start(tmp_path, None)
    try:
        d.app.go(SceneName.TV, address=host.address, viewer="tv", back=SceneName.TITLE)
        d.frames(1)
        d.until(lambda: d.scene.pos is not None)
        assert d.scene.party is None and d.scene.session.table.seats[0].name is None
        d.frames(2)
        canvas = Canvas(d.app.size)
        d.scene.draw(canvas, 0.0)
        # Which table it shows, by name: a LAN evening may have several.
        assert "Watching Den" in {t.words for t in canvas.visible_texts()}
        d.button(pygame.CONTROLLER_BUTTON_DPAD_UP)  # a pad in hand: the hint names its buttons
        assert d.scene.hint() == "B: leave"
        d.key(pygame.K_ESCAPE)  # one press only asks: the big screen is the whole room's
        assert d.name is SceneName.TV and d.scene._hint_line() == "Press Escape again to leave"
        d.key(pygame.K_ESCAPE)
        assert d.name is SceneName.TITLE
    finally:
        host.stop()


def test_watch_with_a_bad_address_is_one_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "game.cli", "watch", "nowhere", "--tv"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr == "qttt watch: 'nowhere' is not HOST:PORT (for example 192.168.1.20:7777)\n"


def test_with_no_host_the_screen_says_why_and_waits_for_it(driver: Driver, tmp_path: Path) -> None:
    d = driver
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind((LOOPBACK, 0))
        port = probe.getsockname()[1]
    d.app.go(SceneName.TV, address=(LOOPBACK, port))
    d.frames(1)
    d.until(lambda: d.scene.knock.knocking)
    scene = d.scene
    # Why, naming the table once, and that it waits: no "Try again" to press (nobody sits
    # at the big screen, and that button took a seat at the table as a player's window).
    (why, _), (waits, _) = scene.knock.words(scene.address)
    assert why.startswith("Cannot reach") and why.count(f"{LOOPBACK}:{port}") == 1, why
    assert waits.startswith("Waiting for the table")
    assert scene.link.state == ENDED and scene.pos is None and scene.party is None
    d.key(pygame.K_RETURN)  # nothing to answer
    assert d.name is SceneName.TV
    # It stays up, its marks drifting: drawn again only where they moved, a pixel a frame.
    d.settle(5)
    assert scene.animating and scene.frame_rate == drift_frame_rate(1080, FPS_CAP) < FPS_CAP
    Draws(d).in_parts(30, 1920 * 1080 // 10)  # a few marks' places
    # In high contrast nothing drifts: the window only wakes to knock again. (While a knock
    # is out, until the port refuses it, nothing is due: a loaded machine answers late.)
    d.app.apply_settings(replace(d.app.settings, high_contrast=True))
    d.frames(1)
    d.until(lambda: scene.knock.due)
    assert scene.animating and scene.frame_rate == COUNTING_FPS
    # The host starts: the screen shows its table, nobody having touched it.
    host = start(tmp_path, None, port)
    try:
        d.until(lambda: scene.pos is not None and not scene.knock.knocking)
        assert scene.link.state == LIVE
        # The host is stopped to be started again (a laptop restarted, a resumed party): the
        # screen says so, not over a board that looks live, and shows the table once it is back.
        host.stop()
        d.until(lambda: scene.knock.knocking)
        assert scene.pos is None and scene.knock.words(scene.address)[0][0].startswith(
            f"The host closed the table ({LOOPBACK}:{port})"
        )
        host = start(tmp_path, None, port)
        d.until(lambda: scene.pos is not None and not scene.knock.knocking)
    finally:
        host.stop()


def test_a_game_over_says_who_won_and_what_comes_next_as_its_players_go(
    driver: Driver, tmp_path: Path
) -> None:
    d = driver
    host = start(tmp_path, None)
    goff = make_variant("goff")
    ann = NetworkSession(host.address, "Ann", seat=Player.X)
    ben = NetworkSession(host.address, "Ben", seat=Player.O)
    try:
        d.app.go(SceneName.TV, address=host.address, viewer="tv", back=SceneName.TITLE)
        d.frames(1)
        scene = d.scene
        d.until(lambda: scene.pos is not None and all(s.name for s in scene.session.table.seats))

        for ply, token in enumerate(random_tokens(Position(goff), Random(3))):
            (ann if scene.pos.to_play is Player.X else ben).submit(goff.parse_token(token))
            # Each player has heard the move too: one who moved on a board a move behind
            # asked after the wrong number of moves, and was refused (a flake under load).
            d.until(lambda ply=ply: len(scene.moves) == ply + 1 and heard(ply + 1, ann, ben))
        d.settle(3)  # the last marks land
        outcome = scene.pos.outcome
        assert outcome is not None and outcome.winner is not None
        won = f"{('Ann', 'Ben')[outcome.winner is Player.O]} wins!"

        def told() -> set[str]:
            canvas = Canvas(d.app.size)
            scene.draw(canvas, 0.0)
            return {t.words for t in canvas.visible_texts()}

        assert won in told() and scene._column().upcoming == (
            "A rematch starts once both players ask for it"
        )
        # A player asks for a rematch: the room is told who asked and who is to answer.
        ann.rematch()
        d.until(lambda: scene.session.table.rematch == ("X",))
        assert scene._column().upcoming == "Ann asks for a rematch: waiting for Ben"
        # Both leave: the board still says who played it and who won (not "open seat wins!",
        # nor "waiting for players" over a finished board), and what the next game waits for.
        ann.close(leave=True)
        d.until(lambda: not scene.session.table.seats[0].name)
        assert won in told() and "open seat" not in " ".join(told())
        assert scene._column().upcoming == "Ben waits for someone to sit at X for the next game"
        ben.close(leave=True)
        d.until(lambda: not any(s.name for s in scene.session.table.seats))
        words = told()
        assert won in words and not any(w.startswith("Waiting for players") for w in words)
        assert {"X is open: join to play", "O is open: join to play"} <= words
        assert scene._column().upcoming == (
            "Both players have left: the next two to sit down play a new game"
        )
    finally:
        ann.close()
        ben.close()
        host.stop()


def _ended_by_a_collapse(goff: Variant) -> tuple[list[str], Position, Position]:
    """A game a collapse ends: its moves, the position awaiting that collapse, and after it."""
    rng = Random(3)
    while True:
        moves = random_tokens(Position(goff), rng)
        before = Record(goff, moves[:-1]).final()
        if before.awaiting_collapse:
            return moves, before, before.play(goff.parse_token(moves[-1]))


def test_a_winning_collapse_is_told_once_its_marks_have_landed(driver: Driver) -> None:
    # The big screen tells the news of a collapse (a win, the score) when its marks are home,
    # as the play screen does, not while the room is still watching them fly.
    goff = make_variant("goff")
    moves, before, after = _ended_by_a_collapse(goff)
    assert after.outcome is not None and after.outcome.winner is not None
    tv = make_scene(SceneName.TV, driver.app)
    ada = Standing("Ada", 0, 0, 0, 0, True, 1)
    tv.take(Party("winner-stays", "Ada and Bo play", False, 1, ("Ada", "Bo"), (), (ada,), 0, 0))
    tv.take(Snapshot(goff, tuple(moves[:-1]), before), 0.0)
    tv.take(Snapshot(goff, tuple(moves), after), 0.0)

    def told() -> list[str]:
        canvas = Canvas(driver.app.size)
        tv.draw(canvas, 0.0)
        return [t.words for t in canvas.visible_texts()]

    assert tv.effects.busy
    chooser, winner = (
        ("Ada", "Bo")[side is Player.O] for side in (before.to_play, after.outcome.winner)
    )
    assert f"{chooser} chooses the collapse" in told()
    assert f"{winner} wins!" not in told()
    while tv.effects.busy:
        tv.update(1 / 120)
    assert f"{winner} wins!" in told()


def test_the_party_after_a_game_is_told_once_its_last_marks_have_landed(driver: Driver) -> None:
    # The host sends the party right after a game's last move: its scoreboard and "next game
    # in a moment" told the room who won while it still watched the marks fly.
    goff = make_variant("goff")
    moves, before, after = _ended_by_a_collapse(goff)
    tv = make_scene(SceneName.TV, driver.app)
    level = (Standing("Ada", 0, 0, 0, 0, True, 1), Standing("Bo", 0, 0, 0, 0, True, 1))
    tv.take(Party("winner-stays", "Ada and Bo play", False, 0, ("Ada", "Bo"), (), level, 0, 0))
    tv.take(Snapshot(goff, tuple(moves[:-1]), before), 0.0)
    tv.take(Snapshot(goff, tuple(moves), after), 0.0)
    won = (Standing("Bo", 2, 1, 1, 0, True, 1), Standing("Ada", 0, 1, 0, 0, True, 2))
    tv.take(Party("winner-stays", "next game in a moment", False, 1, (), ("Ada",), won, 0, 0))
    tv.take(Notice("game 1: Bo wins 2 to 0"))  # the host's news of it, at the same moment

    def told() -> set[str]:
        canvas = Canvas(driver.app.size)
        tv.draw(canvas, 0.0)
        return {t.words for t in canvas.visible_texts()}

    assert tv.effects.busy
    chooser = ("Ada", "Bo")[before.to_play is Player.O]
    assert {f"{chooser} chooses the collapse", "Ada and Bo play"} <= told()
    assert "Next game in a moment" not in told() and "2.  Ada" not in told()  # level yet
    assert "Game 1: Bo wins 2 to 0" not in told()
    while tv.effects.busy:
        tv.update(1 / 120)
    tv.update(1 / 120)
    assert {"Next game in a moment", "1.  Bo", "2.  Ada", "Game 1: Bo wins 2 to 0"} <= told()


def test_new_names_round_the_board_leave_no_trace_of_the_old_ones(driver: Driver) -> None:
    """The words round the board are painted again alone when they change: a long name's
    glow, reaching into the margin, goes with it (a part too tight left its edge behind)."""
    goff = make_variant("goff")
    moves = random_tokens(Position(goff), Random(1))[:4]
    shown = Snapshot(goff, tuple(moves), Record(goff, moves).final())
    tv = make_scene(SceneName.TV, driver.app)

    def party(x: str, o: str) -> Party:
        return Party("winner-stays", f"{x} and {o} play", False, 1, (x, o), (), (), 0, 0)

    tv.take(party("Wolfgang Amadeus", "Bo"), 0.0)
    tv.take(shown, 0.0)
    window = pygame.display.get_surface()
    for names in (("Wolfgang Amadeus", "Bo"), ("Ida", "Bo"), ("Ida", "Maximiliane")):
        tv.take(party(*names), 0.0)
        tv.draw(window, 0.0)  # after the first, the words alone are painted again
        kept, tv.still = tv.still, Still()
        whole = window.copy()
        tv.draw(whole, 0.0)
        tv.still = kept
        assert pygame.image.tobytes(whole, "RGB") == pygame.image.tobytes(window, "RGB"), names


def test_a_running_move_clock_is_painted_again_in_its_band_alone(driver: Driver) -> None:
    """A party game's move clock runs down under the names: frames paint its band alone,
    and only when its bar or seconds show something new; all the clock changes from one
    second to the next is inside that band, and the window is the screen painted afresh."""
    d = driver
    goff = make_variant("goff")
    moves = random_tokens(Position(goff), Random(1))[:4]
    tv = make_scene(SceneName.TV, d.app)
    clock = 30_000
    tv.take(Party("winner-stays", "Ada and Bo play", False, 1, ("Ada", "Bo"), (), (), clock, clock))
    tv.take(Snapshot(goff, tuple(moves), Record(goff, moves).final()), 0.0)
    window = pygame.display.get_surface()
    band = tv.strip.clock_band(tv._areas()[1])

    def afresh() -> pygame.Surface:
        kept, tv.still = tv.still, Still()
        whole = window.copy()
        tv.draw(whole, 0.0)
        tv.still = kept
        return whole

    tv.draw(window, 0.0)
    before = afresh()
    sent = []
    for _ in range(90):  # a second and a half at 60 frames a second
        d.now += FRAME_NS
        d.app.timestep.tick()
        sent.append(tv.draw(window, 0.0))
    assert [] in sent  # frames whose bar moved less than a pixel paint nothing
    painted = [pygame.Rect(r) for parts in sent for r in parts]
    # The band, on the columns of 16 pixels that SDL copies fast.
    assert painted and all(r == on_columns_of_16(band) for r in painted)
    after = afresh()
    assert pygame.image.tobytes(after, "RGB") == pygame.image.tobytes(window, "RGB")
    # All that differs between the two whole paints, a second and a half apart, is in the band.
    differs = np.any(pygame.surfarray.array3d(after) != pygame.surfarray.array3d(before), axis=2)
    xs, ys = np.nonzero(differs)
    changed = pygame.Rect(xs.min(), ys.min(), xs.max() - xs.min() + 1, ys.max() - ys.min() + 1)
    assert band.contains(changed), (band, changed)


@pytest.mark.parametrize("size", [(1080, 1920), (720, 1280), (400, 1920)])
def test_a_tall_big_screen_puts_its_column_under_the_board(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    # A TV hung in portrait (or a window dragged tall): the column with the scoreboard and
    # the phones' code goes under the board and its news, not into a sliver beside it.
    d = Driver(tmp_path, size=size)
    try:
        tv = make_scene(SceneName.TV, d.app)
        board, strip, side = tv._areas()
        screen = pygame.Rect((0, 0), size)
        assert all(screen.contains(area) for area in (board, strip, side))
        assert strip.bottom <= board.top and board.bottom < side.top
        # The board shares the height with the column's scoreboard and code to join: still
        # more than half the width, the column its whole width.
        assert side.width >= board.width >= size[0] * 0.55
        assert tv._beside() == pygame.Rect(0, 0, size[0], side.top)  # the menu and the news
    finally:
        d.close()


@pytest.mark.parametrize("size", [(900, 1000), (1000, 1100), (1080, 1300)])
def test_a_window_a_little_taller_than_wide_leaves_its_board_a_fair_share(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    # The column under the board took the height a 9:16 screen's scoreboard needs in any
    # window taller than wide: 900x1000 left the board 144 pixels. It takes half the
    # height at most.
    d = Driver(tmp_path, size=size)
    try:
        tv = make_scene(SceneName.TV, d.app)
        board, _, side = tv._areas()
        assert board.bottom < side.top and side.height <= size[1] // 2
        assert board.width >= size[0] * 0.28  # 261 of 900 (it had 237 with an 800 column)
    finally:
        d.close()


def won_on_the_bottom_row() -> tuple[tuple[str, ...], Position]:
    """A game of Goff's a row along the board's bottom wins (struck just as emotes come)."""
    goff = make_variant("goff")
    bottom = set(goff.grid()[-1])
    for seed in range(100):
        moves = random_tokens(Position(goff), Random(seed))
        final = Record(goff, moves).final()
        if final.outcome and any(set(row.cells) <= bottom for row in final.outcome.rows):
            return tuple(moves), final
    raise AssertionError("no game won on the bottom row")


@pytest.mark.parametrize(
    ("size", "on_show"),
    [
        ((1920, 1080), 4),
        ((3840, 2160), 4),
        ((1280, 720), 4),
        ((1080, 1920), 3),  # hung tall: a row between the board and the column
        ((1440, 1080), 2),  # a squarer window: a row under the board, for two or three
        ((1000, 1000), 2),
    ],
)
def test_emotes_at_a_win_leave_the_board_to_be_seen(
    tmp_path: Path, size: tuple[int, int], on_show: int
) -> None:
    """The room sends its emotes as a game is won, its row struck along the board's bottom:
    the cards go beside the board (or under it), never over it, read from the sofa. They
    once kept off its cells alone, and each card covered a strip of the board's edge."""
    d = Driver(tmp_path, size=size)
    try:
        moves, final = won_on_the_bottom_row()
        tv = make_scene(SceneName.TV, d.app)
        ada = Standing("Ada", 2, 1, 1, 0, True, 1)
        tv.take(Party("winner-stays", "Ada wins", False, 1, ("Ada", "Bo"), ("Cy",), (ada,), 0, 0))
        tv.take(Snapshot(make_variant("goff"), moves, final), 0.0)
        tv.take(Notice("game 1: Ada wins 1 to 0"), 0.0)  # the news under the board

        def picture() -> Canvas:
            tv.still = Still()
            canvas = Canvas(size)
            tv.draw(canvas, 0.0)
            return canvas

        bare = picture()
        senders = ("Cy", "Dee", "Grandma Josephine", "Eve")
        for emote, by in zip(("bravo", "gg", "wow", "hmm"), senders, strict=True):
            tv.take(Emoted(emote, by), 0.0)
        shown = picture()
        board = tv._layout().area
        # Every pixel of the board is as it was without the emotes: the struck row above all.
        before, after = (pygame.surfarray.array3d(s.subsurface(board)) for s in (bare, shown))
        assert np.array_equal(before, after), f"an emote hides part of the board at {size}"
        cards = tv.bubble_cards()
        unit = scale(size).unit  # the type scale: a squarer window has smaller type
        # On show, on the screen, apart, off the board, at a size read across the room, and
        # their words seen.
        assert len(cards) >= on_show
        screen = pygame.Rect((0, 0), size)
        rects = [rect for _, rect, _, _ in cards]
        assert all(screen.contains(rect) for rect in rects)
        assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])
        assert not any(rect.colliderect(board) for rect in rects)
        assert all(card_size >= 48 for _, _, card_size, _ in cards)
        visible = shown.visible_texts()
        seen = {t.words for t in visible if t.size >= round(48 * unit)}
        assert all(line in seen for _, _, _, lines in cards for line in lines)
        # No other words under a card or over it, to show through as it fades (where one
        # sits over the news, the line waits for it to go).
        assert all(
            any(rect.contains(t.rect) for rect in rects) or t.ink.collidelist(rects) < 0
            for t in shown.texts
        )
    finally:
        d.close()


@pytest.mark.parametrize("size", [(1920, 1080), (1000, 1000), (1440, 1080), (1080, 1920)])
def test_the_players_names_show_whole_on_a_screen_of_any_shape(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    # A square window once cut both names above the board to "… ½ vs … 1" (the strip over
    # the board is narrow there, beside the column).
    d = Driver(tmp_path, size=size)
    try:
        moves, final = won_on_the_bottom_row()
        tv = make_scene(SceneName.TV, d.app)
        playing = ("Ada", "Dmitri")
        tv.take(Party("winner-stays", "", False, 1, playing, (), (), 0, 0))
        tv.take(Snapshot(make_variant("goff"), moves, final), 0.0)
        canvas = Canvas(size)
        tv.draw(canvas, 0.0)
        strip = tv._areas()[1]
        shown = [t.words for t in canvas.visible_texts() if strip.contains(t.ink)]
        for name in playing:
            assert any(words.split()[0] == name for words in shown), (name, shown)
    finally:
        d.close()


@pytest.mark.parametrize(
    "size", [(1000, 1000), (900, 1000), (1920, 1080), (3840, 2160), (1080, 1920)]
)
@pytest.mark.parametrize(
    "playing", [("Maximilianmorgan", "Bo"), ("Charlotte", "Maximilianmorgan"), ("Ada", "Dmitri")]
)
def test_a_long_name_over_the_board_borrows_what_a_short_one_leaves(
    tmp_path: Path, size: tuple[int, int], playing: tuple[str, str]
) -> None:
    # A square window's strip over the board once cut "Charlotte" to "Charlo…" beside a name
    # of sixteen letters, and that one to "Maxi…" beside "Bo", half the strip empty: each
    # name had half of it, however short the other.
    d = Driver(tmp_path, size=size)
    try:
        moves, final = won_on_the_bottom_row()

        def picture(names: tuple[str, str]) -> Canvas:
            tv = make_scene(SceneName.TV, d.app)
            tv.take(Party("winner-stays", "", False, 1, names, (), (), 0, 0))
            tv.take(Snapshot(make_variant("goff"), moves, final), 0.0)
            canvas = Canvas(size)
            tv.draw(canvas, 0.0)
            return canvas

        canvas = picture(playing)
        strip = make_scene(SceneName.TV, d.app)._areas()[1]
        # The names' line: the words in the strip's upper half (whose turn, or the clock, under).
        line = [
            t for t in canvas.visible_texts() if strip.contains(t.ink) and t.ink.top < strip.centery
        ]
        [vs] = [t for t in line if t.words == "vs"]
        lines = [t for t in line if t is not vs]
        assert sorted(t.words.split()[0] for t in lines) == sorted(playing), lines
        # Whole, at one size (neither looks the bigger player), read from the sofa.
        assert len({t.size for t in lines}) == 1
        assert lines[0].size >= scale(size).px(LEAST_BODY)
        assert not any(t.ink.colliderect(vs.ink) for t in lines)
        # The marks beside them stay over the board too, out of the margins and the column
        # (a glowing name's halo once pushed O's ring off the strip, against the column).
        band = pygame.Rect(0, strip.y, size[0], strip.height // 2)
        inside = strip.inflate(round(strip.height * 0.2), 0)
        short = picture(("A", "B"))
        for part in (
            band.clip(0, 0, inside.left, size[1]),
            band.clip(inside.right, 0, size[0], size[1]),
        ):
            if part:
                before, after = (
                    pygame.surfarray.array3d(c.subsurface(part)) for c in (short, canvas)
                )
                assert np.array_equal(before, after), f"a mark spills out of the strip at {part}"
    finally:
        d.close()


@pytest.mark.parametrize("size", [(1000, 1000), (1920, 1080), (1080, 1920)])
def test_the_party_s_status_stays_in_its_column_however_long(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    # A name of 24 letters (a player's longest) with no space ran out of the side column
    # over its edge, and a status longer than two lines lost the rest without a word.
    d = Driver(tmp_path, size=size)
    try:
        moves, final = won_on_the_bottom_row()
        long = "Abcdefghijklmnopqrstuvwx"
        for status in (f"{long} plays Bo", " ".join([f"{long} beat Bo."] * 8)):
            tv = make_scene(SceneName.TV, d.app)
            tv.take(Party("winner-stays", status, False, 1, (long, "Bo"), (), (), 0, 0))
            tv.take(Snapshot(make_variant("goff"), moves, final), 0.0)
            canvas = Canvas(size)
            tv.draw(canvas, 0.0)
            side = tv._areas()[2]
            said = [
                t for t in canvas.visible_texts() if t.rect.colliderect(side) and long in t.words
            ]
            inner = side.inflate(-scale(size).px(64), 0)  # in from the panel's edges
            assert said and all(inner.contains(t.ink) for t in said), said
            if len(status) > 100:  # two lines of it, then "…"
                lines = [
                    t.words
                    for t in canvas.visible_texts()
                    if side.contains(t.rect) and len(t.words) > 5 and t.words.rstrip("…") in status
                ]
                assert len(lines) == 2 and lines[-1].endswith("…"), lines
    finally:
        d.close()


@pytest.mark.parametrize("size", [(1920, 1080), (1000, 1000), (1080, 1920), (3840, 2160)])
def test_news_takes_two_lines_before_it_is_cut(tmp_path: Path, size: tuple[int, int]) -> None:
    # A host's long notice, or long names in "… joined the queue", lost their end: the news
    # under the board was one line, cut.
    d = Driver(tmp_path, size=size)
    try:
        moves, final = won_on_the_bottom_row()
        tv = make_scene(SceneName.TV, d.app)
        tv.take(Party("winner-stays", "", False, 1, ("Ada", "Bo"), (), (), 0, 0))
        tv.take(Snapshot(make_variant("goff"), moves, final), 0.0)

        def news() -> list[str]:
            """The lines under the board, top first, in their room and at their size."""
            tv.still = Still()
            canvas = Canvas(size)
            tv.draw(canvas, 0.0)
            beside = tv._beside()
            under = beside.clip(pygame.Rect(0, tv._layout().area.bottom, *size))
            lines = [t for t in canvas.visible_texts() if under.colliderect(t.ink)]
            assert all(beside.contains(t.ink) and t.size == scale(size).px(36) for t in lines)
            assert not any(t.ink.colliderect(tv._layout().area) for t in lines)  # off the board
            return [t.words for t in sorted(lines, key=lambda t: t.rect.y)]

        joined = "Charlotte-the-Magnificent and Grandma Josephine-Marie joined the queue"
        notice = "The clock is paused: Maximilianmorgan fetches the pizza, back in five minutes"
        tv.take(Notice("Eve joined the queue"), 0.0)
        tv.take(Notice(joined), 0.0)
        shown = news()  # whole, under the one before it where it takes a line
        assert len(shown) == 2 and " ".join(shown).endswith(sentence(joined)), shown
        tv.take(Notice(notice), 0.0)  # the newest in two lines; the one before waits
        shown = news()
        assert len(shown) == 2 and " ".join(shown) == sentence(notice), shown
        tv.take(Notice(notice * 3), 0.0)  # too long for two: cut at the end of the second
        shown = news()
        assert len(shown) == 2 and shown[-1].endswith("…"), shown
        assert sentence(notice * 3).startswith(" ".join(shown).removesuffix("…"))
    finally:
        d.close()


def test_news_a_card_covers_in_part_waits_whole(driver: Driver) -> None:
    # On a tall screen an emote's card covered the first line of "Game 4: Hortensia
    # Wolfeschlegelsteinhaus (X) against Ada (O)" and "(O)" stood alone under it.
    news = NewsLine(driver.app)
    news.tell("Game 4: Hortensia Wolfeschlegelsteinhaus (X) against Ada (O) " * 2, 0.0)
    room = pygame.Rect(0, 0, 1080, 1000)
    lines = news.draw(Canvas(driver.app.size), room, 36)
    assert len(lines) == 2
    top = min(lines, key=lambda r: r.y)
    assert news.draw(Canvas(driver.app.size), room, 36, [top]) == []


@pytest.mark.parametrize("size", [(1920, 1080), (1000, 1000), (1080, 1920)])
def test_whose_turn_it_is_shows_on_a_grey_screen(tmp_path: Path, size: tuple[int, int]) -> None:
    # The mover's name was told from the other only by its colour and glow: in grey, O's lit
    # orange and X's faded blue are one grey. A bar under the mover's name needs no colour.
    d = Driver(tmp_path, size=size)
    try:
        goff = make_variant("goff")
        moves = random_tokens(Position(goff), Random(3))
        movers = {}
        for ply in range(len(moves)):
            pos = Record(goff, moves[:ply]).final()
            if pos.to_play is not None:
                movers.setdefault(pos.to_play, tuple(moves[:ply]))
        for mover, played in movers.items():
            tv = make_scene(SceneName.TV, d.app)
            tv.take(Party("winner-stays", "", False, 1, ("Ada", "Dmitri"), (), (), 30_000, 20_000))
            tv.take(Snapshot(goff, played, Record(goff, played).final()), 0.0)
            canvas = Canvas(size)
            tv.draw(canvas, 0.0)
            rgb = pygame.surfarray.array3d(canvas).astype(float)
            grey = rgb @ np.array([0.299, 0.587, 0.114])  # what a grey screen shows
            strip = tv._areas()[1]
            bar_top = tv.strip.clock_line(strip).y + round(20 * scale(size).unit)  # the clock's
            # Of the columns under each name (down to the clock's bar), how many show light.
            lit = {}
            for side, name in zip(Player, ("Ada", "Dmitri"), strict=True):
                [words] = [t for t in canvas.visible_texts() if t.words == name]
                under = grey[words.ink.left : words.ink.right, words.ink.bottom + 2 : bar_top]
                lit[side] = (under > 100).any(axis=1).mean()
            assert lit[mover] > 0.9 and lit[mover.other] == 0, (mover, lit)
    finally:
        d.close()


@pytest.mark.parametrize(
    "size", [(1280, 720), (1920, 1080), (3840, 2160), (2560, 1080), (1080, 1920), (1000, 1000)]
)
def test_a_paused_clock_says_so_inside_the_strip(tmp_path: Path, size: tuple[int, int]) -> None:
    # "42 s  paused", after the bar, ran under the side column (and off a tall window's
    # edge): the one word that says why the clock stands still was cut.
    d = Driver(tmp_path, size=size)
    try:
        goff = make_variant("goff")
        moves = random_tokens(Position(goff), Random(3))[:2]
        tv = make_scene(SceneName.TV, d.app)
        playing = ("Ada", "Dmitri")
        tv.take(Party("winner-stays", "", False, 1, playing, (), (), 60_000, 41_500, True))
        tv.take(Snapshot(goff, tuple(moves), Record(goff, moves).final()), 0.0)
        canvas = Canvas(size)
        tv.draw(canvas, 0.0)
        strip = tv._areas()[1]
        clock = [t for t in canvas.visible_texts() if "42" in t.words or "paused" in t.words]
        assert sorted(" ".join(t.words for t in clock).split()) == ["42", "paused", "s"]
        # Across the strip over the board, as wide as the board's column beside the side one.
        assert all(strip.left <= t.ink.left and t.ink.right <= strip.right for t in clock), clock
    finally:
        d.close()


def test_the_clock_s_track_shows_the_time_gone_in_high_contrast(driver: Driver) -> None:
    # The track was drawn in the board's colour, the backdrop's black in high contrast: the
    # time gone was not there at all, the bar looking full-length short.
    d = driver
    d.app.apply_settings(replace(d.app.settings, high_contrast=True))
    goff = make_variant("goff")
    moves = random_tokens(Position(goff), Random(3))[:2]
    tv = make_scene(SceneName.TV, d.app)
    tv.take(Party("winner-stays", "", False, 1, ("Ada", "Bo"), (), (), 60_000, 15_500))
    tv.take(Snapshot(goff, tuple(moves), Record(goff, moves).final()), 0.0)
    canvas = Canvas(d.app.size)
    tv.draw(canvas, 0.0)
    [seconds] = [t for t in canvas.visible_texts() if t.words == "16 s"]
    # Just before the seconds: the track's empty end, which must show against the black.
    x, y = seconds.ink.left - scale(d.app.size).px(40), seconds.ink.centery
    half = seconds.ink.height // 2  # the bar's height, not the board's edge under it
    column = pygame.surfarray.pixels3d(canvas)[x, y - half : y + half]
    assert column.max() > 100


def test_the_areas_are_worked_out_once_a_window_size(driver: Driver) -> None:
    # Asked several times a frame (the board's layout, the news, the emotes' rooms), they
    # were worked out afresh each time; each caller still gets rectangles of its own.
    d = driver
    moves, final = won_on_the_bottom_row()
    tv = make_scene(SceneName.TV, d.app)
    tv.take(Party("winner-stays", "", False, 1, ("Ada", "Bo"), (), (), 0, 0))
    tv.take(Snapshot(make_variant("goff"), moves, final), 0.0)
    tv.take(Notice("Eve joined the queue"), 0.0)
    areas_at.cache_clear()
    for _ in range(3):
        tv.draw(Canvas(d.app.size), 0.0)
    assert areas_at.cache_info().misses == 1
    board, _, _ = tv._areas()
    board.width = 0
    assert tv._areas()[0].width > 0


@pytest.mark.parametrize("size", [(1920, 1080), (1000, 1000), (1080, 1920)])
def test_the_queue_s_line_stays_in_its_column_and_counts_the_rest(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    # "then Grandma Josephine-Marie  + 3 more" ran past the column's edge: a first name too
    # long for the line with the count was shown whole all the same; and the name next up
    # was cut at its size on a square window, where it fits whole a little smaller (or,
    # now, on two lines).
    d = Driver(tmp_path, size=size)
    try:
        next_up_name = "Grandma Josephine-Marie"
        queue = (next_up_name, "Charlotte-the-Magnificent-Antoinette", "Dmitri", "Eve", "Cy")
        tv = make_scene(SceneName.TV, d.app)
        tv.take(Party("winner-stays", "", False, 1, ("Ada", "Max"), queue, (), 0, 0))
        canvas = Canvas(size)
        tv.draw(canvas, 0.0)
        inner = tv._areas()[2].inflate(-scale(size).px(64), 0)  # in from the panel's edges
        first = next_up(canvas)
        assert " ".join(t.words for t in first) == next_up_name, first
        assert all(inner.contains(t.ink) and t.size >= scale(size).lead for t in first), first
        [line] = [t for t in canvas.visible_texts() if t.words.startswith("then ")]
        assert inner.contains(line.ink), (line, inner)
        assert line.words.startswith("then Charlotte") and line.words.endswith(" more"), line
    finally:
        d.close()


def test_next_up_is_the_first_here_and_those_away_are_marked_in_their_places(
    driver: Driver,
) -> None:
    # A guest whose phone sleeps keeps their place, but the next game does not wait for
    # them: the room looks for whoever really plays next.
    d = driver
    tv = make_scene(SceneName.TV, d.app)
    queue = ("Zed", "Ada", "Bo")
    tv.take(Party("winner-stays", "", False, 1, ("Cy", "Di"), queue, (), 0, 0, away=("Zed",)))
    canvas = Canvas(d.app.size)
    tv.draw(canvas, 0.0)
    assert [t.words for t in next_up(canvas)] == ["Ada"]
    assert [t.words for t in canvas.visible_texts() if t.words.startswith("then ")] == [
        "then Zed (away), Bo"
    ]


def test_a_name_written_in_lower_case_is_not_capitalised_in_the_news(driver: Driver) -> None:
    # "v" typed on a phone: the scoreboard said "v", the news and the status "V".
    d = driver
    tv = make_scene(SceneName.TV, d.app)
    rows = (Standing("v", 0, 0, 0, 0, True, 1), Standing("Bo", 0, 0, 0, 0, True, 1))
    tv.take(Party("winner-stays", "v (X) against Bo (O)", False, 0, ("v", "Bo"), (), rows, 0, 0))
    tv.take(Notice("v plays 1-2"), 0.0)
    tv.take(Notice("the host paused the clock"), 0.0)
    assert [text for text, _ in tv.news.lines] == ["v plays 1-2", "The host paused the clock"]
    canvas = Canvas(d.app.size)
    tv.draw(canvas, 0.0)
    assert "v (X) against Bo (O)" in [t.words for t in canvas.visible_texts()]
    assert sentence("vanished", ["v"]) == "Vanished"  # a name is a whole word


def next_up(canvas: Canvas) -> list[Drawn]:
    """The lines of the next player's name: the words under "NEXT UP", down to the line of
    the others ("then ...") or the scoreboard, top first."""
    texts = sorted(canvas.visible_texts(), key=lambda t: t.rect.y)
    [label] = [t for t in texts if t.words == "NEXT UP"]
    below = [t for t in texts if t.rect.y > label.rect.y and abs(t.rect.x - label.rect.x) < 8]
    after = next(i for i, t in enumerate(below) if t.words.startswith(("then ", "SCOREBOARD")))
    return below[:after]


GUESTS = ("Maximiliana", "Bartholomew", "Ada", "Konstantinos", "Guinevere", "Bo", "Alexandrina")
GUESTS += ("Cy", "Wilhelmina", "Dmitri", "Eve", "Ptolemy")  # twelve


@pytest.mark.parametrize(
    "size", [(1280, 720), (1920, 1080), (3840, 2160), (1080, 1920), (1000, 1000)]
)
@pytest.mark.parametrize(
    "first",
    [
        "Maximiliana",
        "Bartholomew",
        "Ada",
        "Bartholomew-Maximiliana-Adalbert",  # 32 letters: a name's longest
        "Maximiliana Bartholomew Ada-Rose",
        "W" * 32,  # the widest letter: broken inside the word, never cut
    ],
)
def test_the_next_player_s_name_stays_whole_and_large_before_the_others(
    tmp_path: Path, size: tuple[int, int], first: str
) -> None:
    # At a party of twelve, a long name next up shrank under the names after it and was
    # then cut ("WWWWWW…", "Maximiliana Bartholomew Ad…"), while the line after it still
    # showed two later names whole: the one name the room looks for was the least legible.
    d = Driver(tmp_path, size=size)
    try:
        moves, final = won_on_the_bottom_row()
        queue = (first, *GUESTS[3:])
        standings = tuple(Standing(n, 20 - i, 3, 2, 0, True, i + 1) for i, n in enumerate(GUESTS))
        tv = make_scene(SceneName.TV, d.app)
        tv.take(Party("winner-stays", "", False, 5, GUESTS[:2], queue, standings, 0, 0))
        tv.take(Snapshot(make_variant("goff"), moves, final), 0.0)
        canvas = Canvas(size)
        tv.draw(canvas, 0.0)
        inner = tv._areas()[2].inflate(-scale(size).px(64), 0)  # in from the panel's edges
        lines = next_up(canvas)
        # Whole: every letter, in order, broken between words or inside one, none cut.
        assert "".join(t.words for t in lines).replace(" ", "") == first.replace(" ", "")
        assert len(lines) <= (1 if len(first) <= 12 else 3 if first[0] == "W" else 2), lines
        [then] = [t for t in canvas.visible_texts() if t.words.startswith("then ")]
        # Larger than the names after it and than a name's size from the sofa; in the column.
        for line in lines:
            assert line.size >= max(scale(size).lead, then.size), (line, then)
            assert inner.contains(line.ink), (line, inner)
        # One over the other, the others' line under them, nothing covering another.
        column = [t for t in canvas.visible_texts() if inner.contains(t.rect)]
        for line in lines:
            assert not any(line.ink.colliderect(t.ink) for t in column if t is not line), line
        assert then.ink.top >= lines[-1].ink.bottom and inner.contains(then.ink)
        shown = then.words.removeprefix("then ").split("  + ")[0].split(", ")
        assert then.words.endswith(f"  + {len(queue) - 1 - len(shown)} more"), then
    finally:
        d.close()


def test_a_screen_that_comes_after_a_game_s_players_left_names_them(
    driver: Driver, tmp_path: Path
) -> None:
    d = driver
    host = start(tmp_path, None)
    goff = make_variant("goff")
    ann = NetworkSession(host.address, "Ann", seat=Player.X)
    ben = NetworkSession(host.address, "Ben", seat=Player.O)

    def at(session: NetworkSession) -> int:
        """How many moves ``session`` has seen played (-1: no table yet)."""
        return len(session.table.moves) if session.table else -1

    try:
        moves = random_tokens(Position(goff), Random(3))
        for ply, token in enumerate(moves):
            d.until(lambda ply=ply: all(at(s) == ply for s in (ann, ben)))
            mover = ann if Record(goff, moves[:ply]).final().to_play is Player.X else ben
            mover.submit(goff.parse_token(token))
        d.until(lambda: all(at(s) == len(moves) for s in (ann, ben)))
        outcome = Record(goff, moves).final().outcome
        assert outcome is not None and outcome.winner is not None
        ann.close(leave=True)
        ben.close(leave=True)
        # The big screen is switched on after both left: the board was won by a name.
        d.app.go(SceneName.TV, address=host.address, viewer="tv", back=SceneName.TITLE)
        d.frames(1)
        scene = d.scene
        d.until(lambda: scene.pos is not None and scene.session.table is not None)
        d.until(lambda: not any(s.name for s in scene.session.table.seats))
        canvas = Canvas(d.app.size)
        scene.draw(canvas, 0.0)
        words = {t.words for t in canvas.visible_texts()}
        assert f"{('Ann', 'Ben')[outcome.winner is Player.O]} wins!" in words
        assert not {"X wins!", "O wins!"} & words
    finally:
        ann.close()
        ben.close()
        host.stop()


@pytest.mark.parametrize("size", [(1080, 1920), (720, 1280), (2160, 3840)])
def test_a_tv_on_its_side_shows_the_scoreboard_with_the_code_to_join(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    # A TV hung in portrait at a party in full swing: the code to join and the queue took
    # the whole column under the board, and the scoreboard had no room at all.
    d = Driver(tmp_path, size=size)
    try:
        names = ("Charlotte-the-Magnificent", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")
        rows = tuple(Standing(n, 14 - 2 * i, 3, 1, 0, True, i + 1) for i, n in enumerate(names))
        status = "Charlotte-the-Magnificent plays Ben"
        party = Party("winner-stays", status, False, 7, names[:2], names[2:], rows, 0, 0)
        tv = make_scene(SceneName.TV, d.app)
        side = tv._areas()[2]
        url = "http://127.0.0.1:7791/"
        view = ColumnView(party, None, "Den", url, tv.hint(), False, None)
        canvas = Canvas(size)
        tv.column.draw(canvas, side, view, drifting=False)
        texts = canvas.visible_texts()
        shown = [t.words for t in texts]
        assert "SCOREBOARD" in shown and "Play on your phone" in shown
        ranked = [words for words in shown if ".  " in words]
        assert ranked[:3] == [f"{i + 1}.  {n}" for i, n in enumerate(names[:3])], shown
        # Every line whole, in the column, apart from the others.
        assert all(side.contains(t.ink) for t in texts)
        inks = [t.ink for t in texts]
        assert not any(a.colliderect(b) for i, a in enumerate(inks) for b in inks[i + 1 :])
    finally:
        d.close()


@pytest.mark.parametrize("size", [(1920, 1080), (3840, 2160), (1080, 1920)])
def test_every_line_of_the_tv_is_read_from_the_sofa(tmp_path: Path, size: tuple[int, int]) -> None:
    # Three metres from the screen a line under about a fortieth of its height is lost: the
    # keys under the column were drawn at 26 pixels of 1080. The board's own cell numbers
    # and subscripts are the board's to size (tests/client/test_layout.py).
    d = Driver(tmp_path, size=size)
    try:
        goff = make_variant("goff")
        moves = tuple(random_tokens(Position(goff), Random(3)))[:5]
        names = ("Charlotte-the-Magnificent", "Ben", "Cy", "Dee", "Eve")
        rows = tuple(Standing(n, 8 - 2 * i, 3, 1, 0, True, i + 1) for i, n in enumerate(names))
        tv = make_scene(SceneName.TV, d.app)
        tv.take(
            Party(
                "winner-stays",
                "Cy plays Dee",
                False,
                4,
                ("Cy", "Dee"),
                names[3:],
                rows,
                30_000,
                9_000,
            ),
            0.0,
        )
        tv.take(Snapshot(goff, moves, Record(goff, moves).final()), 0.0)
        tv.take(Emoted("gg", "Eve"), 0.0)
        tv.take(Notice("Eve joined the queue"), 0.0)
        canvas = Canvas(size)
        tv.draw(canvas, 0.0)
        board = tv._layout().area
        texts = [t for t in canvas.visible_texts() if not board.contains(t.rect)]
        assert len(texts) > 20
        least = min(size) / 40
        small = [(t.words, t.size) for t in texts if t.size < least]
        assert not small, small
    finally:
        d.close()


@pytest.mark.parametrize("size", [(1920, 1080), (3840, 2160), (1280, 720), (1440, 1080)])
def test_who_plays_and_who_won_stand_centred_over_the_board(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    # The board moved left to leave the emotes room beside it, and the names and "Ada wins!"
    # over it stayed centred on the room left of the column: 69 pixels right of the board's
    # middle at 1080p.
    d = Driver(tmp_path, size=size)
    try:
        moves, final = won_on_the_bottom_row()
        tv = make_scene(SceneName.TV, d.app)
        tv.take(Party("winner-stays", "", False, 1, ("Ada", "Bo"), (), (), 0, 0))
        tv.take(Snapshot(make_variant("goff"), moves, final), 0.0)
        canvas = Canvas(size)
        tv.draw(canvas, 0.0)
        board = tv._layout().area
        [won] = [t for t in canvas.visible_texts() if t.words.endswith(" wins!")]
        [vs] = [t for t in canvas.visible_texts() if t.words == "vs"]
        assert abs(won.rect.centerx - board.centerx) <= 1
        assert abs(vs.rect.centerx - board.centerx) <= round(scale(size).unit * 40)
    finally:
        d.close()


@pytest.mark.parametrize(("size", "least"), [((1920, 1080), 27), ((3840, 2160), 54)])
def test_the_tv_s_spooky_marks_say_their_moves_to_the_sofa(
    tmp_path: Path, size: tuple[int, int], least: int
) -> None:
    # Which move a spooky mark is (its subscript) is what the room follows: on the big
    # screen it was drawn at 24 pixels of 1080, the play screen's least, not a fortieth.
    d = Driver(tmp_path, size=size)
    try:
        goff = make_variant("goff")
        moves = ("1-2", "2-3", "4-5", "5-6")
        tv = make_scene(SceneName.TV, d.app)
        tv.take(Snapshot(goff, moves, Record(goff, moves).final()), 0.0)
        canvas = Canvas(size)
        tv.draw(canvas, 0.0)
        cells = tv._layout().cells
        # The subscripts: the digits over a cell's marks, under its label's strip.
        subs = [
            t
            for t in canvas.visible_texts()
            if t.words.isdecimal()
            and any(c.contains(t.rect) and t.rect.top > c.top + c.height // 5 for c in cells)
        ]
        assert sorted(t.words for t in subs) == ["1", "1", "2", "2", "3", "3", "4", "4"]
        assert min(t.size for t in subs) >= least, [t.size for t in subs]
    finally:
        d.close()
