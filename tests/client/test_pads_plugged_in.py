"""Pads plugged in, as SDL enumerates them (tests.client.virtual_pad): the game hears them.

A game controller SDL maps (an Xbox or PlayStation pad) and a cheap pad it cannot map (a
plain joystick) each walk the title's menu and choose, and the controller's every press
is heard once, though SDL reports it twice (as a controller and as a joystick).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.client.intents import Device
from game.client.scene import SceneName
from tests.client.driver import Driver
from tests.client.virtual_pad import GAME_CONTROLLER, JOYSTICK, VirtualPad

FULL = 32767


@pytest.fixture
def d(tmp_path: Path) -> Iterator[Driver]:
    driver = Driver(tmp_path, (640, 360))
    yield driver
    driver.close()


def plug(d: Driver, kind: int) -> VirtualPad:
    pad = VirtualPad(kind)
    d.frames(2)  # the game hears it plugged in, and opens it
    return pad


def tap(d: Driver, pad: VirtualPad, button: int) -> None:
    pad.button(button, True)
    d.frames(1)
    pad.button(button, False)
    d.frames(1)


def test_a_game_controller_plugged_in_walks_the_menu_once_a_press(d: Driver) -> None:
    pad = plug(d, GAME_CONTROLLER)
    assert d.app.pads == (1,)
    # SDL's own mapping of a virtual controller: buttons in SDL_GameControllerButton order.
    tap(d, pad, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    assert d.scene.menu.focus == 1
    # The stick, which SDL also reports as the joystick's axis 1: one step, not two.
    pad.axis(pygame.CONTROLLER_AXIS_LEFTY, FULL)
    d.frames(1)
    pad.axis(pygame.CONTROLLER_AXIS_LEFTY, 0)
    d.frames(1)
    assert d.scene.menu.focus == 2
    assert d.app.device is Device.PAD
    tap(d, pad, pygame.CONTROLLER_BUTTON_A)
    assert d.name is SceneName.LAN  # "Host a LAN game"
    pad.unplug()
    d.frames(2)
    assert d.app.pads == ()


def test_a_pad_sdl_cannot_map_steers_with_its_hat_and_stick_and_chooses(d: Driver) -> None:
    pad = plug(d, JOYSTICK)
    assert d.app.pads == (1,)
    pad.hat(0, -1)  # down
    d.frames(1)
    pad.hat(0, 0)
    d.frames(1)
    assert d.scene.menu.focus == 1 and d.app.device is Device.PAD
    pad.axis(1, FULL)  # the first stick, down
    d.frames(1)
    pad.axis(1, 0)
    d.frames(1)
    assert d.scene.menu.focus == 2
    tap(d, pad, 1)  # B: the title's Back goes to Quit
    assert d.scene.menu.items[d.scene.menu.focus].label == "Quit"
    pad.hat(0, 1)  # up, to "Settings"
    d.frames(1)
    pad.hat(0, 0)
    d.frames(1)
    tap(d, pad, 0)  # A
    assert d.name is SceneName.SETTINGS
    pad.unplug()
    d.frames(2)
    assert d.app.pads == ()
