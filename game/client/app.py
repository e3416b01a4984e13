"""The window and the frame: input in, fixed steps, one scene drawn at the window's own size.

The app draws straight onto the window's surface at whatever size the
window has (resized, maximised or full screen with F11), so text and lines
are rendered for the real pixels and stay crisp: nothing is scaled.

One frame (:meth:`App.frame`) is: translate pygame's events into intents
and hand them to the scene, drain the network queue and the table's session
(:class:`~game.client.at_table.AtTable`, held here while the player is at a
LAN table) into the scene, run the
fixed steps the clock says are due, switch scenes if one asked to, draw
with the leftover fraction, and show the parts of the window that changed
(all of it, unless the scene says which: :mod:`game.client.still`). Tests
call :meth:`App.frame` themselves with a fake clock.

Between frames (:meth:`App.run`) the app paces an animating scene to
:data:`FPS_CAP`, and otherwise sleeps until something happens: input (looked
for every :data:`IDLE_POLL`), a message posted from another thread or a
worker done (each wakes it at once), or :data:`IDLE_WAKE` passing. A still
board costs next to nothing.
"""

from __future__ import annotations

import dataclasses
import gc
import os
import queue
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor, wait
from pathlib import Path
from typing import Any, TypeVar

import pygame
from pygame._sdl2 import controller

from game.client import board_view, effects, fonts, glass, still, theme
from game.client import settings as settings_store
from game.client.at_table import AtTable
from game.client.audio import Audio
from game.client.intents import Device, InputMapper, Intent, Quit, ToggleFullscreen
from game.client.leaving import LeaveQuestion
from game.client.loop import FixedTimestep
from game.client.scene import FPS_CAP, TABLE_SCENES, Scene, SceneName, make_scene
from game.client.settings import Settings
from game.client.theme import Palette, palette_for

T = TypeVar("T")

TITLE = "Quantum Tic-Tac-Toe"
WINDOW_SIZE = (1280, 720)  # the least a window opens at
# Below this a window (an edge dragged nearly shut) shows its backdrop's colour only: the
# screens lay themselves out from here up, and no one reads a game smaller.
SMALLEST = (160, 90)
SIZE_CLASSES = ((1280, 720), (1600, 900), (1920, 1080), (2560, 1440), (3200, 1800))
DESKTOP_SHARE = 0.75  # of the desktop's width and height a new window may take at most


def first_window_size(desktop: tuple[int, int]) -> tuple[int, int]:
    """The size a window opens at on a desktop this big: the largest size class that leaves
    a margin round it, so a 4K screen does not get a window a quarter of its size."""
    w, h = desktop
    fits = [c for c in SIZE_CLASSES if c[0] <= w * DESKTOP_SHARE and c[1] <= h * DESKTOP_SHARE]
    if fits:
        return fits[-1]
    if w >= WINDOW_SIZE[0] and h >= WINDOW_SIZE[1]:
        return WINDOW_SIZE
    # A small screen: 16:9 inside nine tenths of it.
    side = min(w * 0.9 / 16, h * 0.9 / 9)
    return max(1, round(16 * side)), max(1, round(9 * side))


IDLE_WAKE = 1.0  # seconds a still scene sleeps at most between frames
IDLE_POLL = 0.015  # seconds between looks for input while still: a click waits under a frame
# Events after which the window must be shown whole: uncovered, resized, restored.
_REPAINT_EVENTS = frozenset(
    (
        pygame.VIDEOEXPOSE,
        pygame.VIDEORESIZE,
        pygame.WINDOWEXPOSED,
        pygame.WINDOWSIZECHANGED,
        pygame.WINDOWRESTORED,
        pygame.WINDOWSHOWN,
        pygame.WINDOWMAXIMIZED,
        pygame.WINDOWDISPLAYCHANGED,
    )
)


class App:
    """Owns the window, the clock, the input mapper, the worker pool and the current scene."""

    def __init__(
        self,
        size: tuple[int, int] | None = None,
        clock: Callable[[], int] | None = None,
        settings_path: Path | None = None,
        first: SceneName = SceneName.TITLE,
    ) -> None:
        # Without a GPU, SDL shows the window through software OpenGL, which redraws the whole
        # window each frame: the title used 33% of a core at 720p this way, 7% through the
        # window system's own framebuffer (Xvfb). A player's environment still decides.
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        pygame.display.init()
        pygame.font.init()
        pygame.joystick.init()
        # Without their own subsystem SDL names no pad a game controller: each would come as
        # a JOYDEVICEADDED alone, and a mapped pad's buttons would never be heard as one.
        controller.init()
        self._settings_path = settings_path
        self._settings = settings_store.load(settings_path)
        if size is None:  # the desktop's size class (a test or a benchmark names its own)
            desktops = pygame.display.get_desktop_sizes()
            size = first_window_size(desktops[0]) if desktops else WINDOW_SIZE
        self._windowed_size = size
        self._surface = self._open_window(self._settings.fullscreen)
        self._drawn_size = self._surface.get_size()  # the size the kept pictures were made for
        self.audio = Audio.open(self._settings.volume, self._settings.muted)
        pygame.key.set_repeat(320, 55)
        self.input = InputMapper()
        self.timestep = FixedTimestep(clock=clock) if clock else FixedTimestep()
        self._executor = ThreadPoolExecutor(max_workers=2, thread_name_prefix="qttt-worker")
        self._asked: list[Future[Any]] = []  # the workers' tasks not yet seen done
        # Which system fonts stand in for Noto Sans is asked of the system (fc-list) once, in
        # about 60 ms: here, not in the frame that first draws a guest's "Mei 🎉".
        self._executor.submit(fonts.stand_in_paths)
        self._messages: queue.SimpleQueue[object] = queue.SimpleQueue()
        self._woken = threading.Event()  # set from any thread to end an idle wait early
        self._next: tuple[SceneName, dict[str, Any]] | None = None
        self._table: AtTable | None = None
        self._asking: LeaveQuestion | None = None  # before leaving a table hosted here mid-game
        self.running = True
        self.scene_name = first
        # What exists now (modules, fonts, the app) lives as long as the program: kept out of
        # the collector's full passes, which took 25 ms at 720p in the middle of a collapse.
        # Once a process: what a later app (a test's) leaves behind stays collectable.
        if not gc.get_freeze_count():
            gc.collect()
            gc.freeze()
        self.scene: Scene = make_scene(first, self)
        self.scene.enter()

    # -- the Context that scenes see -----------------------------------------------

    @property
    def size(self) -> tuple[int, int]:
        return self._surface.get_size()

    @property
    def time(self) -> float:
        return self.timestep.time

    @property
    def settings(self) -> Settings:
        return self._settings

    @property
    def device(self) -> Device:
        return self.input.device

    @property
    def pads(self) -> tuple[int, ...]:
        return self.input.pads

    def apply_settings(self, settings: Settings) -> None:
        if settings.fullscreen != self._settings.fullscreen:
            if settings.fullscreen:
                self._windowed_size = self.size  # to come back to the size the player chose
            self._surface = self._open_window(settings.fullscreen)
        self._settings = settings
        self.audio.set_volume(settings.volume, settings.muted)
        settings_store.save(settings, self._settings_path)

    @property
    def palette(self) -> Palette:
        return palette_for(self._settings.high_contrast, self._settings.reduce_motion)

    def post(self, message: object) -> None:
        self._messages.put(message)
        self._wake()

    def go(self, name: SceneName, **params: Any) -> None:
        self._next = (name, params)

    @property
    def table(self) -> AtTable | None:
        return self._table

    def sit_at(self, table: AtTable) -> None:
        """Hold ``table`` until the player goes to a screen that is not a view of it."""
        if self._table is not None and self._table is not table:
            self._table.close(leave=True)
        self._table = table
        table.session.wake = self._wake  # a move from the network is drawn at once

    def leave_table(self) -> None:
        self._close_table(leave=True)

    def _close_table(self, leave: bool) -> None:
        if self._table is not None:
            table, self._table = self._table, None
            table.close(leave)

    def quit(self) -> None:
        self.running = False

    def run_in_worker(self, fn: Callable[[], T]) -> Future[T]:
        future = self._executor.submit(fn)
        future.add_done_callback(lambda _: self._wake())  # the scene polls it in update
        self._asked = [f for f in self._asked if not f.done()]
        self._asked.append(future)
        return future

    def wait_for_workers(self, timeout: float) -> bool:
        """Wait until every task asked of the workers is done, or ``timeout`` seconds pass;
        whether they are all done.

        For a picture of a scene (:mod:`~game.client.snapshot`) that is the same however busy
        the machine: a replay's analysis, judged in a worker, is drawn as far as it has got.
        """
        _, pending = wait(self._asked, timeout)
        self._asked = list(pending)
        return not pending

    def _wake(self) -> None:
        """From any thread: end an idle wait now."""
        self._woken.set()

    # -- the frame -------------------------------------------------------------

    def run(self) -> None:
        """Frames until a scene or the window asks to quit, or the system stops the game.

        SDL turns SIGTERM into the window's close button, which asks first at a table
        hosted here mid-game: a shutdown or a ``kill`` would wait on a question nobody
        may be there to answer. Taken from SDL, it ends the game at once, as a second
        close would (the table's seats wait for its next start).
        """
        pacer = pygame.time.Clock()
        stopped = signal.signal(signal.SIGTERM, self._stop)
        try:
            while self.running:
                self.frame()
                if not self.running:
                    break
                if self._next is not None:
                    pacer.tick(FPS_CAP)
                elif self.scene.animating:
                    pacer.tick(self.scene.frame_rate)
                else:
                    self.idle()
        finally:
            signal.signal(signal.SIGTERM, stopped if stopped is not None else signal.SIG_DFL)
            self.close()

    def _stop(self, signum: int, frame: object) -> None:
        self.running = False
        self._wake()  # from an idle wait

    def idle(self) -> None:
        """Sleep until input arrives (it is drawn in the very next frame), a wake, or IDLE_WAKE.

        Not ``pygame.event.wait``: pygame-ce's waits by pumping SDL every millisecond,
        which alone costs a still window a few percent of a core.
        """
        until = time.monotonic() + IDLE_WAKE
        while not pygame.event.peek() and time.monotonic() < until:
            if self._woken.wait(IDLE_POLL):
                break
        self._woken.clear()

    def frame(self) -> None:
        steps, alpha = self.timestep.tick()
        dt = self.timestep.dt
        # The time these steps cover passed before this frame's events are read: a direction
        # held then repeats over it, one pressed now counts from now (counted from the last
        # frame, a tap after the window slept moved twice).
        for intent in self.input.update(steps * dt):
            self._dispatch(intent)
        for event in pygame.event.get():
            if event.type in _REPAINT_EVENTS:
                still.spoil()  # the window's pixels were lost or moved: show all of it
            for intent in self.input.translate(event):
                self._dispatch(intent)
        while True:
            try:
                message = self._messages.get_nowait()
            except queue.Empty:
                break
            self.scene.receive(message)
        self._hear_table()
        for _ in range(steps):
            self.scene.update(dt)
            self._switch()
        self._switch()
        if not self.running:
            return
        self._surface = pygame.display.get_surface()
        size = self._surface.get_size()
        if size != self._drawn_size:
            # Most kept pictures are made for one window size: kept for every size a dragged
            # edge passed, a 4K window's grew the process to 2 GB.
            self._drawn_size = size
            _forget_pictures()
        if size[0] < SMALLEST[0] or size[1] < SMALLEST[1]:
            self._surface.fill(self.palette.background_top)
            still.show(None)
            return
        dirty = self.scene.draw(self._surface, alpha)
        if self._asking is not None:
            self._asking.draw(self._surface)
            dirty = None  # a question over the scene: the window shown (and put back) whole
        still.show(dirty)

    def _hear_table(self) -> None:
        """Every event of the table's session, noted and handed to the scene shown now."""
        table = self._table
        if table is None:
            return
        for event in table.session.events():
            table.take(event)
            self.scene.receive(event)
            self._switch()
            if self._table is not table:  # the scene left the table
                return

    def _dispatch(self, intent: Intent) -> None:
        if isinstance(intent, ToggleFullscreen):
            fullscreen = not self._settings.fullscreen
            self.apply_settings(dataclasses.replace(self._settings, fullscreen=fullscreen))
        elif isinstance(intent, Quit):
            if self._asking is not None:  # closed again while asked: the player means it
                self._asking = None
                self.leave_table()
            if not self._asked_first(self.quit):
                self.quit()
        elif self._asking is not None:
            self._asking.handle(intent)
            if self._asking.answered:
                self._asking = None
        else:
            self.scene.handle(intent)
        self._switch()

    def _asked_first(self, then: Callable[[], None]) -> bool:
        """Whether leaving the table now waits for the player's answer (a game under way at
        a table this window hosts); ``then`` is done if they choose to leave."""
        if self._asking is None and LeaveQuestion.needed(self._table):
            assert self._table is not None
            self._asking = LeaveQuestion(self, self._table, then)
        return self._asking is not None

    def _switch(self) -> None:
        if self._next is None:
            return
        name, params = self._next
        self._next = None
        if name not in TABLE_SCENES and self._asked_first(lambda: self.go(name, **params)):
            return
        self.scene.exit()
        if name not in TABLE_SCENES:
            self.leave_table()
        self.scene_name = name
        self.scene = make_scene(name, self)
        self.scene.enter(**params)
        self.input.hold_still()

    def _open_window(self, fullscreen: bool) -> pygame.Surface:
        if fullscreen:
            surface = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            if pygame.display.get_surface() is not None and pygame.display.is_fullscreen():
                # Straight out of full screen, SDL's own framebuffer kept the screen's size (and
                # pygame-ce warned the OS had resized it): out at that size first, then resized.
                pygame.display.set_mode((0, 0), pygame.RESIZABLE)
            surface = pygame.display.set_mode(self._windowed_size, pygame.RESIZABLE)
        pygame.display.set_caption(TITLE)
        still.spoil()  # a new window surface holds none of the kept pictures
        return surface

    def close(self) -> None:
        self.scene.exit()
        self._close_table(leave=False)  # the seat waits for the game's next start
        self._executor.shutdown(wait=False, cancel_futures=True)
        self.audio.close()
        _forget_pictures()
        pygame.quit()


def _forget_pictures() -> None:
    """Drop every font and picture kept for drawing: made for a window size no longer shown,
    or for a pygame session that is ending."""
    for kept in (theme, effects, board_view, glass):
        kept.forget()
