"""The fixed timestep: same simulated time, same steps, same animation, at any frame rate."""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from random import Random

import pygame
import pytest

from game.client import app as app_module
from game.client import board_grid, theme
from game.client.app import App, first_window_size
from game.client.loop import NS, RATE, FixedTimestep
from game.client.scene import FPS_CAP, SceneName
from game.client.still import Still
from game.client.theme import drift_frame_rate
from game.records import Record
from game.rules import Goff, Position
from game.rules.playout import random_tokens
from game.session import LocalSession
from tests.client.driver import FRAME_NS, Draws, Driver


class FakeClock:
    def __init__(self) -> None:
        self.now = 0

    def __call__(self) -> int:
        return self.now


@pytest.mark.parametrize("fps", [24, 30, 60, 75, 144, 240])
def test_the_same_second_gives_the_same_steps_at_any_frame_rate(fps: int) -> None:
    clock = FakeClock()
    loop = FixedTimestep(clock=clock)
    total = 0
    alphas = []
    for frame in range(1, 3 * fps + 1):
        clock.now = frame * NS // fps  # absolute times: the frames add up to exactly 3 s
        steps, alpha = loop.tick()
        total += steps
        alphas.append(alpha)
    assert total == loop.steps == 3 * RATE
    assert all(0 <= a < 1 for a in alphas)


def test_a_stall_is_clamped_not_replayed() -> None:
    clock = FakeClock()
    loop = FixedTimestep(max_frame=0.25, clock=clock)
    clock.now = 10 * NS  # the window was dragged for ten seconds
    steps, _ = loop.tick()
    assert steps == RATE // 4
    clock.now += 25_000_000  # then the next frame, 25 ms later, is three steps as usual
    steps, alpha = loop.tick()
    assert (steps, alpha) == (3, 0.0)


def test_a_clock_going_backwards_adds_no_time() -> None:
    clock = FakeClock()
    clock.now = 5 * NS
    loop = FixedTimestep(clock=clock)
    clock.now = 4 * NS
    assert loop.tick() == (0, 0.0)


def collapse_at(d: Driver, fps: int, seconds: float) -> tuple[object, ...]:
    """Run the worked example's collapse at ``fps`` for ``seconds``; the effects' state then."""
    variant = Goff()
    session = LocalSession(variant, record=Record(variant, ["1-2", "2-5", "5-9", "1-5"]))
    d.app.go(SceneName.PLAY, variant=variant, seats={}, session=session, seed=11)
    # 50 ms is exactly six steps: every run starts the collapse on the same step boundary.
    d.now = 50_000_000
    d.app.frame()
    scene = d.scene
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    start = d.app.timestep.steps
    began = d.now
    for frame in range(1, round(seconds * fps) + 1):
        d.now = began + frame * NS // fps
        d.app.frame()
    assert scene.pos.cells[8] == 3  # X3 fell into cell 9: the collapse happened
    return d.app.timestep.steps - start, scene.effects.state()


def test_the_collapse_looks_the_same_at_30_60_and_144_frames_a_second(tmp_path: Path) -> None:
    results = []
    for fps in (30, 60, 144):
        d = Driver(tmp_path / str(fps))
        try:
            results.append(collapse_at(d, fps, 0.5))
        finally:
            d.close()
    steps, state = results[0]
    assert steps == RATE // 2
    assert state[1], "particles are flying half a second in"
    assert all(r == results[0] for r in results[1:])


# -- sleeping when nothing moves -------------------------------------------------------


QUARTER = 250_000_000  # nanoseconds: a frame a quarter of a second long, to let time pass


@pytest.mark.parametrize("scene", [SceneName.TITLE, SceneName.SETTINGS, SceneName.SETUP])
def test_calmer_effects_keep_the_backdrop_s_marks_still(tmp_path: Path, scene: SceneName) -> None:
    # "Calmer effects: for eyes that prefer less motion" made fewer particles, and the marks
    # behind every menu drifted on all the same, screen after screen.
    d = Driver(tmp_path)
    try:
        d.app.apply_settings(replace(d.app.settings, reduce_motion=True))
        assert d.app.palette is d.app.palette  # one for the settings, not a copy per frame
        d.app.go(scene)
        d.frames(20, ns=QUARTER)  # a focus ring comes to rest
        assert not d.scene.animating
        pictures = []
        for _ in range(2):
            canvas = pygame.Surface(d.app.size)
            d.scene.draw(canvas, 0.0)
            pictures.append(pygame.image.tobytes(canvas, "RGB"))
            d.frames(8, ns=QUARTER)  # two seconds: the marks would have moved
        assert pictures[0] == pictures[1]
    finally:
        d.close()


def test_a_board_is_still_between_moves_and_animates_through_a_burst(tmp_path: Path) -> None:
    d = Driver(tmp_path)
    try:
        assert d.scene.animating  # the title's marks drift
        assert d.scene.frame_rate == FPS_CAP  # ... and its focus ring breathes
        d.frames(20, ns=QUARTER)
        # The ring at rest, the marks drift a pixel a frame at fewer frames a second.
        assert d.scene.animating and d.scene.frame_rate == drift_frame_rate(d.app.size[1], 60) < 60
        d.key(pygame.K_RETURN)
        d.key(pygame.K_RETURN)
        assert d.name is SceneName.PLAY
        assert not d.scene.animating  # a board waiting for its first move
        for token in ["1-2", "2-5", "5-9"]:
            d.play(d.scene.variant, token, "mouse")
        assert d.scene.animating  # the pointer's highlight breathes a while
        d.settle(4)
        assert not d.scene.animating  # ... then rests
        d.play(d.scene.variant, "1-5", "mouse")  # closes a cycle: the show holds the board
        assert d.scene.animating
        d.settle(4)
        assert not d.scene.animating  # waiting for the chooser
        d.key(pygame.K_RIGHT)
        d.key(pygame.K_RETURN)  # the collapse
        assert d.scene.effects.busy and d.scene.animating
        d.settle(4)
        assert not d.scene.effects.active and not d.scene.animating
        menu = d.scene.panel.menu
        d.post(
            pygame.MOUSEMOTION,
            pos=menu.rects(d.scene.panel.menu_area(d.scene._areas()[1]))[0].center,
            rel=(1, 0),
            buttons=(0, 0, 0),
        )
        assert menu.focus == 0 and d.scene.animating  # a button's focus ring breathes a while
        d.frames(16, ns=QUARTER)
        assert not d.scene.animating  # ... then rests, still shown
        for still in (SceneName.TUTORIAL, SceneName.PUZZLES):  # screens that wait for a move
            d.app.go(still)
            d.frames(2)
            assert d.name is still
            d.frames(20, ns=QUARTER)  # a target's brackets breathe three seconds, then rest
            assert not d.scene.animating, still
    finally:
        d.close()


def _ended() -> dict[str, object]:
    """What the results screen is entered with: a random game of Goff's, played out."""
    moves = random_tokens(Position(Goff()), Random(5))
    final = Record(Goff(), moves).final()
    return {"variant": Goff(), "seats": {}, "moves": tuple(moves), "position": final}


@pytest.mark.parametrize(
    ("screen", "params"),
    [
        (SceneName.TITLE, {}),
        (SceneName.SETUP, {"mode": "couch"}),
        (SceneName.SETTINGS, {}),
        (SceneName.PARTY_SETUP, {}),
        (SceneName.LAN, {"mode": "join"}),  # the lobby, looking for tables
        (SceneName.RESULTS, _ended()),
        (SceneName.REPLAY, {}),  # the list of saved games (none here)
    ],
)
def test_a_menu_at_rest_is_drawn_again_only_where_it_moves(
    tmp_path: Path, screen: SceneName, params: dict[str, object]
) -> None:
    d = Driver(tmp_path, size=(1920, 1080))
    try:
        d.app.go(screen, **params)
        if screen is SceneName.LAN:  # its status changes once the lobby has started, on a thread
            d.until(lambda: d.name is screen and d.scene.lobby is not None)
        d.frames(20, ns=QUARTER)  # the focus ring comes to rest; the backdrop's marks drift
        assert d.name is screen
        assert d.scene.frame_rate == drift_frame_rate(1080, FPS_CAP) < FPS_CAP  # a pixel a frame
        draws = Draws(d)
        for _ in range(3):  # each frame sends a few marks' places (and the title's words)
            draws.in_parts(30, 1920 * 1080 // 4)
        d.key(pygame.K_DOWN)  # the focus moves: the screen is drawn whole...
        assert draws.sent[-1] == [[0, 0, 1920, 1080]]
        if screen is not SceneName.REPLAY:  # the list's focus does not breathe
            _breathes_in_place(d, draws)  # its ring breathes where it stands
    finally:
        d.close()


def _breathes_in_place(d: Driver, draws: Draws) -> None:
    """While the focus ring breathes, each frame sends its ring's place and the marks', no
    more, and the window is the screen painted whole; then it rests."""
    assert d.scene.frame_rate == FPS_CAP
    for _ in range(12):
        draws.in_parts(9, 1920 * 1080 // 4)
    d.frames(160)  # the ring comes to rest at its next breath out, 3 to 4.3 s after it moved
    assert d.scene.frame_rate < FPS_CAP


def test_the_panel_s_focus_ring_breathes_in_a_part_of_its_own(tmp_path: Path) -> None:
    """A button of the play screen's side panel under the pointer: its ring breathes, and
    each frame paints and sends its place alone; the window is the screen painted afresh."""
    d = Driver(tmp_path, size=(1920, 1080))
    try:
        d.app.go(SceneName.PLAY, variant=Goff(), seats={})
        d.frames(200)  # the board's pointer and pulses at rest
        scene = d.scene
        draws = Draws(d)
        button = scene.panel.menu.rects(scene.panel.menu_area(scene._areas()[1]))[0]
        d.post(pygame.MOUSEMOTION, pos=button.center, rel=(1, 0), buttons=(0, 0, 0))
        assert scene.panel.menu.focus == 0 and scene.animating

        def afresh() -> None:  # painted whole anew, not from the kept picture
            kept, scene.still = scene.still, Still()
            draws.painted_whole()
            scene.still = kept

        for _ in range(6):
            draws.in_parts(10, 1920 * 1080 // 8, whole=afresh)
    finally:
        d.close()


@pytest.mark.parametrize("screen", [SceneName.TUTORIAL, SceneName.PUZZLES])
def test_a_lesson_and_a_puzzle_paint_only_where_the_pointer_goes(
    tmp_path: Path, screen: SceneName
) -> None:
    """The board and the words are a still picture: the pointer's breathing highlight moving
    over the cells paints only where it was and is, and a click's move paints the board's
    part; the window is always the screen painted afresh."""
    d = Driver(tmp_path, size=(1920, 1080))
    try:
        d.app.go(screen)
        d.frames(3)
        scene = d.scene
        draws = Draws(d)

        def afresh() -> None:  # painted whole anew, not from the kept picture
            kept, scene.still = scene.still, Still()
            draws.painted_whole()
            scene.still = kept

        area = scene.layout() if screen is SceneName.TUTORIAL else scene.board_area()
        cells = area.cells if screen is SceneName.TUTORIAL else scene.view.layout(area).cells
        for i, cell in enumerate(cells):
            d.post(pygame.MOUSEMOTION, pos=cell.center, rel=(1, 0), buttons=(0, 0, 0))
            draws.in_parts(10, 1920 * 1080 // 3, whole=afresh)  # the cells are large here
            if i == 4:
                d.click(cell.center)  # a half placed, a move made, or a try: still the same
                d.frames(30)
                afresh()
    finally:
        d.close()


@pytest.mark.parametrize(
    ("screen", "open_field"),
    [
        (SceneName.SETTINGS, lambda scene: scene.edit_name()),  # the player's name
        (SceneName.PARTY_SETUP, lambda scene: scene._type_name()),  # the party's name
    ],
)
def test_a_field_being_typed_in_is_drawn_again_only_where_it_changes(
    tmp_path: Path, screen: SceneName, open_field: Callable[[object], None]
) -> None:
    """A text field's caret blinks and its keys' focus ring breathes where they stand: each
    frame paints only there (and where the backdrop's marks moved), and the window is the
    screen painted whole; the ring rests three seconds after it moved, as a menu's does."""
    d = Driver(tmp_path, size=(1920, 1080))
    try:
        d.app.go(screen)
        d.frames(2)
        open_field(d.scene)
        field = d.scene.typing()
        assert field is not None
        scene = d.scene
        draws = Draws(d)
        d.button(pygame.CONTROLLER_BUTTON_DPAD_RIGHT)  # a pad walks the keys: the ring moves
        assert field.col == 1 and draws.sent[-1] == [[0, 0, 1920, 1080]]
        _breathes_in_place(d, draws)
        assert scene.ticking()  # the caret still blinks, a few frames a second
        caret = field.changing(pygame.Rect(0, 0, 1920, 1080), scene.ctx.time)[0][0]
        for _ in range(4):  # over two blinks
            shown = draws.in_parts(15, 1920 * 1080 // 4, ns=FRAME_NS * 2)
            assert any(pygame.Rect(r).colliderect(caret) for parts in shown for r in parts)
        d.post(pygame.TEXTINPUT, text="q")  # a letter typed: drawn whole
        assert field.text.endswith("q") and draws.sent[-1] == [[0, 0, 1920, 1080]]
    finally:
        d.close()


def post_quit_event(app: App) -> None:
    pygame.event.post(pygame.event.Event(pygame.QUIT))


def quit_and_post_a_message(app: App) -> None:
    app.quit()
    app.post("bye")


@pytest.mark.timeout(60)
@pytest.mark.parametrize("wake", [post_quit_event, quit_and_post_a_message])
def test_a_still_window_sleeps_until_input_or_a_message_wakes_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, wake: Callable[[App], None]
) -> None:
    # Were the window not woken, it would sleep out IDLE_WAKE and the test time out.
    monkeypatch.setattr(app_module, "IDLE_WAKE", 3600.0)
    app = App(settings_path=tmp_path / "settings.json")
    app.go(SceneName.PLAY, variant=Goff(), seats={})
    frames = 0
    frame = app.frame

    def counted() -> None:
        nonlocal frames
        frame()
        frames += 1
        if app.scene_name is SceneName.PLAY and not app.scene.animating and frames < 100:
            frames = 100  # about to sleep on a still board: wake it from another thread
            threading.Timer(0.2, wake, (app,)).start()

    app.frame = counted  # type: ignore[method-assign]
    app.run()
    assert not app.running and frames <= 101  # at most the frame that took the wake


@pytest.mark.timeout(60)
def test_sigterm_ends_the_game_at_once_where_closing_would_ask(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A shutdown or a kill stops the window even where its close button asks first (a table
    hosted here mid-game): nobody may be there to answer."""
    monkeypatch.setattr(app_module, "IDLE_WAKE", 3600.0)
    app = App(settings_path=tmp_path / "settings.json")
    asked: list[object] = []
    # Every close asks, and nobody answers: a quit taken as the close button never ends.
    monkeypatch.setattr(app, "_asked_first", lambda then: asked.append(then) or True)
    app.go(SceneName.PLAY, variant=Goff(), seats={})
    frame = app.frame
    sent = False

    def frame_then_terminate() -> None:
        nonlocal sent
        frame()
        if app.scene_name is SceneName.PLAY and not app.scene.animating and not sent:
            sent = True  # about to sleep on a still board: the system stops the game
            threading.Timer(0.2, os.kill, (os.getpid(), signal.SIGTERM)).start()

    app.frame = frame_then_terminate  # type: ignore[method-assign]
    app.run()
    assert sent and not app.running and asked == []
    assert signal.getsignal(signal.SIGTERM) != app._stop  # the process's own, back


def test_a_window_dragged_through_many_sizes_keeps_the_pictures_of_one(tmp_path: Path) -> None:
    """Most kept pictures are made for one window size. Kept for every size an edge was
    dragged through, a 4K window's grew the process from 0.3 to 2 GB: after a resize only
    the shown size's are kept, as many as after the first resize."""
    d = Driver(tmp_path, (1600, 900))
    try:
        d.app.go(SceneName.PLAY, variant=Goff(), seats={})
        d.frames(2)
        kept = []
        for i in range(8):
            pygame.display.set_mode((1600 - 24 * i, 900 - 13 * i), pygame.RESIZABLE)
            d.frames(1)
            caches = (theme.background, theme.mark_sprite, theme.text, board_grid._board_grid)
            kept.append([cache.cache_info().currsize for cache in caches])
        assert kept[-1][0] == 1  # the backdrop of the size shown, not of every size passed
        assert all(now <= first for now, first in zip(kept[-1], kept[0], strict=True)), kept
    finally:
        d.close()


@pytest.mark.parametrize("screen", [SceneName.PLAY, SceneName.REPLAY, SceneName.TUTORIAL])
def test_a_window_dragged_nearly_shut_shows_its_backdrop_and_comes_back(
    tmp_path: Path, screen: SceneName
) -> None:
    """Screens lay themselves out from SMALLEST up; a sliver of a window (1x1, a strip) shows
    the backdrop's colour until it is made bigger, then the screen as it was."""
    d = Driver(tmp_path)
    try:
        d.app.go(screen, variant=Goff(), seats={})
        d.frames(2)
        for size in ((1, 1), (1280, 40), (40, 720), (159, 2000)):
            pygame.display.set_mode(size, pygame.RESIZABLE)
            d.frames(2)
            window = pygame.display.get_surface()
            assert window.get_at((0, 0))[:3] == d.app.palette.background_top
        for size in ((160, 2000), (3000, 90), (1280, 720)):  # the least, and back
            pygame.display.set_mode(size, pygame.RESIZABLE)
            d.frames(2)
            assert d.name is screen
        Draws(d).painted_whole()
    finally:
        d.close()


@pytest.mark.parametrize(
    ("desktop", "window"),
    [
        ((3840, 2160), (2560, 1440)),  # a 4K TV or monitor: not a window a ninth of it
        ((2560, 1440), (1920, 1080)),
        ((1920, 1080), (1280, 720)),
        ((1366, 768), (1280, 720)),
        ((1024, 600), (922, 518)),  # smaller than the least: 16:9 inside it
    ],
)
def test_a_window_opens_at_the_size_class_of_its_desktop(
    desktop: tuple[int, int], window: tuple[int, int]
) -> None:
    assert first_window_size(desktop) == window
    assert window[0] <= desktop[0] and window[1] <= desktop[1]
