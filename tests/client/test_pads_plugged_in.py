"""Pads plugged in, as SDL enumerates them (tests.client.virtual_pad): the game hears them.

A game controller SDL maps (an Xbox or PlayStation pad) and a cheap pad it cannot map (a
plain joystick) each walk the title's menu and choose, and the controller's every press
is heard once, though SDL reports it twice (as a controller and as a joystick).

Each runs in a new interpreter, as the game does: pygame-ce started and stopped three
times in one process (as every test's window is) no longer sends a game controller's
events, though SDL alone still does.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pygame

from game.client.canvas import Canvas
from game.client.intents import Device
from game.client.scene import SceneName
from tests.client.driver import Driver
from tests.client.virtual_pad import GAME_CONTROLLER, JOYSTICK, VirtualPad

FULL = 32767


def in_a_new_process(scenario: Callable[[Path], None], home: Path) -> None:
    """Run ``scenario`` in a new interpreter; its failure is raised here."""
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=1, mp_context=spawn) as pool:
        pool.submit(scenario, home).result()


def plugged(home: Path, kind: int, scenario: Callable[[Driver, VirtualPad], None]) -> None:
    """The game's window, a pad of ``kind`` plugged in once it is open, and ``scenario``
    played with it; then the pad pulled out (the game lets it go)."""
    d = Driver(home, (640, 360))
    pad = VirtualPad(kind)
    try:
        d.frames(2)  # the game hears it plugged in, and opens it
        assert d.app.pads == (1,)
        scenario(d, pad)
        pad.unplug()
        d.frames(2)
        assert d.app.pads == ()
    finally:
        pad.unplug()
        d.close()


def tap(d: Driver, pad: VirtualPad, button: int) -> None:
    pad.button(button, True)
    d.frames(1)
    pad.button(button, False)
    d.frames(1)


def lean(d: Driver, pad: VirtualPad, axis: int) -> None:
    """A stick pushed all the way along ``axis`` and let go."""
    pad.axis(axis, FULL)
    d.frames(1)
    pad.axis(axis, 0)
    d.frames(1)


def hat(d: Driver, pad: VirtualPad, x: int, y: int) -> None:
    pad.hat(x, y)
    d.frames(1)
    pad.hat(0, 0)
    d.frames(1)


def walk_with_a_controller(d: Driver, pad: VirtualPad) -> None:
    # SDL's own mapping of a virtual controller: buttons in SDL_GameControllerButton order.
    tap(d, pad, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    assert d.scene.menu.focus == 1
    # The stick, which SDL also reports as the joystick's axis 1: one step, not two.
    lean(d, pad, pygame.CONTROLLER_AXIS_LEFTY)
    assert d.scene.menu.focus == 2
    assert d.app.device is Device.PAD
    tap(d, pad, pygame.CONTROLLER_BUTTON_A)
    assert d.name is SceneName.LAN  # "Host a LAN game"


def walk_with_a_plain_joystick(d: Driver, pad: VirtualPad) -> None:
    hat(d, pad, 0, -1)  # down
    assert d.scene.menu.focus == 1 and d.app.device is Device.PAD
    lean(d, pad, 1)  # the first stick, down
    assert d.scene.menu.focus == 2
    tap(d, pad, 1)  # B: the title's Back goes to Quit
    assert d.scene.menu.items[d.scene.menu.focus].label == "Quit"
    hat(d, pad, 0, 1)  # up, to "Settings"
    tap(d, pad, 0)  # A
    assert d.name is SceneName.SETTINGS


def a_game_controller(home: Path) -> None:
    plugged(home, GAME_CONTROLLER, walk_with_a_controller)


def a_plain_joystick(home: Path) -> None:
    plugged(home, JOYSTICK, walk_with_a_plain_joystick)


def test_a_game_controller_plugged_in_walks_the_menu_once_a_press(tmp_path: Path) -> None:
    in_a_new_process(a_game_controller, tmp_path)


def test_a_pad_sdl_cannot_map_steers_with_its_hat_and_stick_and_chooses(tmp_path: Path) -> None:
    in_a_new_process(a_plain_joystick, tmp_path)


def words_on_screen(d: Driver) -> str:
    canvas = Canvas(d.app.size)
    d.scene.draw(canvas, 0.0)
    return " ".join(t.words for t in canvas.visible_texts())


def the_pads_controls_before_a_press(d: Driver, pad: VirtualPad) -> None:
    # Plugged in, not pressed yet: the title names the pad's buttons, not the keyboard's.
    assert d.app.device is Device.PAD
    assert "D-pad to move" in words_on_screen(d)
    d.key(pygame.K_DOWN)  # a key pressed: the keyboard's from now on
    assert "Arrows to move" in words_on_screen(d)


def a_pad_plugged_in_names_its_buttons(home: Path) -> None:
    plugged(home, GAME_CONTROLLER, the_pads_controls_before_a_press)


def test_a_pad_plugged_in_is_the_device_the_controls_line_names(tmp_path: Path) -> None:
    """Two pads on the sofa and a launcher's keyboard out of reach: the title said "Arrows
    to move · Enter to choose" until a pad's first press."""
    in_a_new_process(a_pad_plugged_in_names_its_buttons, tmp_path)
