"""Drive the real game window like a player: post pygame events, advance a fake clock, look.

The app runs under SDL's dummy video driver (tests/conftest.py). Its clock is
a counter in nanoseconds that only :meth:`Driver.frames` moves, so a test
decides exactly how much simulated time passes.

The collapse show runs at its quick pace unless a test asks for the full one
(``full_show``): the beats are the same, only shorter, and the suite stays fast.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path

import pygame

from game.client import settings
from game.client.app import App
from game.client.intents import KEYBOARD
from game.client.scene import SceneName
from game.rules import Collapse, Place, Position, Variant
from net.session import NetworkSession

FRAME_NS = 16_666_667  # 60 frames a second
# A pad's buttons, as the pad-only tests press them.
A, B, START = (
    pygame.CONTROLLER_BUTTON_A,
    pygame.CONTROLLER_BUTTON_B,
    pygame.CONTROLLER_BUTTON_START,
)
UP, DOWN, LEFT, RIGHT = (
    pygame.CONTROLLER_BUTTON_DPAD_UP,
    pygame.CONTROLLER_BUTTON_DPAD_DOWN,
    pygame.CONTROLLER_BUTTON_DPAD_LEFT,
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
)


class Driver:
    def __init__(
        self,
        home: Path,
        size: tuple[int, int] = (1280, 720),
        full_show: bool = False,
        again: bool = False,
    ) -> None:
        """The app with its settings and data under ``home``; ``again``: started again on
        what an earlier Driver of the same ``home`` left there."""
        # Saved games go under the test's folder, never the real home (put back in close()).
        self._data_home = os.environ.get("XDG_DATA_HOME")
        os.environ["XDG_DATA_HOME"] = str(home / "data")
        self.now = 0
        if not again:
            # A name, as a player who has sat at a LAN table before has one (else it is asked).
            named = settings.Settings(quick_collapse=not full_show, player_name="Player")
            settings.save(named, home / "settings.json")
        self.app = App(size=size, clock=lambda: self.now, settings_path=home / "settings.json")
        self.frames(1)

    def close(self) -> None:
        self.app.close()
        if self._data_home is None:
            os.environ.pop("XDG_DATA_HOME", None)
        else:
            os.environ["XDG_DATA_HOME"] = self._data_home

    @property
    def scene(self):  # the scene's own type varies; tests read its public attributes
        return self.app.scene

    @property
    def name(self) -> SceneName:
        return self.app.scene_name

    def frames(self, count: int = 1, ns: int = FRAME_NS) -> None:
        for _ in range(count):
            self.now += ns
            self.app.frame()

    def settle(self, seconds: float = 3.0) -> None:
        """Let ``seconds`` of game time pass (effects finish, a bot's pause runs out)."""
        self.frames(round(seconds * 60))

    def until(self, done: Callable[[], bool], seconds: float = 20.0) -> None:
        """Run frames until ``done``: workers and the network run in real time, on threads."""
        deadline = time.monotonic() + seconds
        while not done():
            assert time.monotonic() < deadline, "timed out"
            self.frames(1)
            time.sleep(0.002)

    # -- devices -------------------------------------------------------------

    def post(self, kind: int, **attrs: object) -> None:
        pygame.event.post(pygame.event.Event(kind, **attrs))
        self.frames(1)

    def key(self, key: int, mod: int = 0) -> None:
        """A key pressed and let go within a frame (a second KEYDOWN alone is a repeat of a
        key held: see game.client.intents)."""
        fields = {"key": key, "mod": mod, "unicode": "", "scancode": 0}
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, **fields))
        self.post(pygame.KEYUP, **fields)

    def hold_key(self, key: int, mod: int = 0) -> None:
        """A key pressed, or (down already) one repeat of it held: a KEYDOWN alone."""
        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)

    def click(self, at: tuple[int, int], button: int = 1) -> None:
        self.post(pygame.MOUSEMOTION, pos=at, rel=(1, 0), buttons=(0, 0, 0))
        self.post(pygame.MOUSEBUTTONDOWN, pos=at, button=button)

    def button(self, button: int, pad: int = 1) -> None:
        """A game controller button pressed and let go within a frame; ``pad`` is the SDL
        instance id of a pretend controller."""
        pygame.event.post(
            pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=pad, button=button)
        )
        self.post(pygame.CONTROLLERBUTTONUP, instance_id=pad, button=button)

    def hold(self, button: int, pad: int = 1) -> None:
        """A game controller button pressed, and held until a CONTROLLERBUTTONUP."""
        self.post(pygame.CONTROLLERBUTTONDOWN, instance_id=pad, button=button)

    # -- menus ---------------------------------------------------------------

    def focus(self, label: str) -> None:
        """Move the menu's focus by keys to the first item whose label starts with ``label``."""
        labels = [item.label for item in self.scene.menu.items]
        target = next(i for i, text in enumerate(labels) if text.startswith(label))
        while self.scene.menu.focus != target:
            self.key(pygame.K_DOWN if self.scene.menu.focus < target else pygame.K_UP)

    def choose(self, label: str) -> None:
        """Activate the menu item whose label starts with ``label``, by keys: focus, then Enter."""
        self.focus(label)
        self.key(pygame.K_RETURN)

    # -- playing -------------------------------------------------------------

    def cell_center(self, cell: int) -> tuple[int, int]:
        return self.scene.layout().cells[cell].center

    def mark_center(self, pos: Position, mark: int, cell: int) -> tuple[int, int]:
        x, y = self.scene.layout().mark_center(pos, mark, cell)
        return round(x), round(y)

    def cursor_to(self, cell: int, pad: int, device: str) -> None:
        """Walk a cursor (keyboard arrows or a pad's d-pad) onto ``cell``."""
        grid = self.scene.variant.grid()
        where = {c: (r, i) for r, row in enumerate(grid) for i, c in enumerate(row)}
        cursor = KEYBOARD if device == "keys" else self.app.input.pad_of(pad)
        if cursor not in self._cursors():
            self._step(0, 1, pad, device)  # the first press shows the cursor
        r, c = where[self._cursors()[cursor]]
        tr, tc = where[cell]
        for _ in range(abs(tr - r)):
            self._step(0, 1 if tr > r else -1, pad, device)
        for _ in range(abs(tc - c)):
            self._step(1 if tc > c else -1, 0, pad, device)

    def _cursors(self) -> dict[int, int]:
        """The cursors on the board (pad -> cell): the play screen keeps them with the move
        in the making, the tutorial's own."""
        picks = getattr(self.scene, "picks", None)
        return picks.cursors if picks is not None else self.scene.cursors

    def _step(self, dx: int, dy: int, pad: int, device: str) -> None:
        if device == "keys":
            keys = {
                (1, 0): pygame.K_RIGHT,
                (-1, 0): pygame.K_LEFT,
                (0, 1): pygame.K_DOWN,
                (0, -1): pygame.K_UP,
            }
            self.key(keys[(dx, dy)])
        else:
            buttons = {
                (1, 0): pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
                (-1, 0): pygame.CONTROLLER_BUTTON_DPAD_LEFT,
                (0, 1): pygame.CONTROLLER_BUTTON_DPAD_DOWN,
                (0, -1): pygame.CONTROLLER_BUTTON_DPAD_UP,
            }
            self.button(buttons[(dx, dy)], pad)

    def pick(self, cell: int, device: str, pad: int = 1) -> None:
        if device == "mouse":
            self.click(self.cell_center(cell))
        elif device == "keys":
            self.cursor_to(cell, pad, device)
            self.key(pygame.K_RETURN)
        else:
            self.cursor_to(cell, pad, device)
            self.button(pygame.CONTROLLER_BUTTON_A, pad)

    def ready(self, seconds: float = 10.0) -> None:
        """Let game time pass until the board takes input again (a collapse show ends)."""
        for _ in range(round(seconds * 60)):
            if not getattr(self.scene, "paused", False):  # only the play screen holds a show
                return
            self.frames(1)
        raise AssertionError("the board stayed paused")

    def play(self, variant: Variant, token: str, device: str, pad: int = 1) -> None:
        """Play one record token through ``device``: two picks, or a collapse choice."""
        self.ready()
        pos: Position = self.scene.pos
        action = variant.parse_token(token)
        if isinstance(action, Place):
            self.pick(action.a, device, pad)
            self.pick(action.b, device, pad)
            return
        assert isinstance(action, Collapse)
        index = next(
            i for i, (a, _) in enumerate(pos.collapse_outcomes()) if a == pos.check(action)
        )
        if device == "mouse":
            self.click(self.mark_center(pos, action.mark, action.cell))
        elif device == "keys":
            self.key(pygame.K_RIGHT if index == 1 else pygame.K_LEFT)  # the outcome on that side
            self.key(pygame.K_RETURN)
        else:
            self.button(RIGHT if index == 1 else LEFT, pad)
            self.button(pygame.CONTROLLER_BUTTON_A, pad)


def heard(moves: int, *players: NetworkSession) -> bool:
    """Whether each player's own connection has heard ``moves`` moves. A test that takes whose
    turn it is from another screen must wait for this: a player a move behind asks after the
    wrong number of moves, and is refused as stale."""
    return all(p.table is not None and len(p.table.moves) == moves for p in players)


class Draws:
    """A scene's frames, watched: what each sent to the screen (its draw's answer)."""

    def __init__(self, d: Driver) -> None:
        self.d = d
        scene = d.scene
        self.draw = scene.draw  # the scene's own
        self.sent: list[list[list[int]] | None] = []  # None: the whole window
        scene.draw = self._sent

    def _sent(self, surface: pygame.Surface, alpha: float) -> list[list[int]] | None:
        self.sent.append(self.draw(surface, alpha))
        return self.sent[-1]

    def in_parts(
        self, frames: int, most: int, ns: int = FRAME_NS, whole: Callable[[], None] | None = None
    ) -> list[list[list[int]] | None]:
        """Run ``frames`` frames: each after the first (whole again when the last check
        painted elsewhere) sends something and less than ``most`` pixels, and the window then
        holds the screen painted whole (``whole`` checks it, if given); what they sent."""
        self.sent.clear()
        self.d.frames(frames, ns)
        shown = self.sent[1:]
        window = pygame.display.get_surface().get_rect()
        sizes = [sum(w * h for _, _, w, h in parts or [window]) for parts in shown]
        assert 0 < max(sizes) < most, sizes
        (whole or self.painted_whole)()
        return shown

    def painted_whole(self) -> None:
        """The window holds what the scene paints whole on a surface of its own."""
        window = pygame.display.get_surface()
        whole = window.copy()
        self.draw(whole, 0.0)
        assert pygame.image.tobytes(whole, "RGB") == pygame.image.tobytes(window, "RGB")
