"""A pad plugged in, as SDL itself sees one: SDL's virtual joystick, in the process's own SDL.

Posting CONTROLLERBUTTONDOWN tests what the game does with a controller's button; only a
device SDL enumerates tests that the game hears one at all: that it opens the pad, as a
game controller where SDL can map it and as a plain joystick where it cannot. SDL's
virtual joysticks (``SDL_JoystickAttachVirtual``) are such devices, with no hardware:
pygame-ce does not wrap them, so this reaches the SDL library pygame loaded with ctypes.
"""

from __future__ import annotations

import ctypes
from pathlib import Path

import pytest

GAME_CONTROLLER, JOYSTICK = 1, 0  # SDL_JoystickType: mapped by SDL (A, B, …), or not at all
_HAT = {(0, 0): 0, (0, 1): 1, (1, 0): 2, (0, -1): 4, (-1, 0): 8}  # (x, y up) -> SDL_HAT_*


def _sdl() -> ctypes.CDLL:
    """The SDL library this process loaded with pygame (a second copy would see no pads)."""
    maps = Path("/proc/self/maps")
    found = [line.split()[-1] for line in maps.read_text().splitlines() if "libSDL2-2" in line]
    if not found:
        pytest.skip("no SDL2 library to reach in this process's memory map")
    sdl = ctypes.CDLL(found[0])
    sdl.SDL_JoystickFromInstanceID.restype = ctypes.c_void_p
    return sdl


class VirtualPad:
    """A pad with 4 axes, 15 buttons (a game controller's, in SDL's order) and a hat,
    plugged in until :meth:`unplug`.

    Its controls are set as a player's fingers would, and the game hears them the next
    time it asks SDL for events: only if the game opened the pad, as a game must.
    """

    def __init__(self, kind: int) -> None:
        self._sdl = _sdl()
        self.index = self._sdl.SDL_JoystickAttachVirtual(kind, 4, 15, 1)
        assert self.index >= 0, "SDL would not plug in a virtual pad"
        self.instance_id = self._sdl.SDL_JoystickGetDeviceInstanceID(self.index)

    def _opened(self) -> ctypes.c_void_p:
        joystick = self._sdl.SDL_JoystickFromInstanceID(self.instance_id)
        assert joystick, "the game never opened the pad"
        return ctypes.c_void_p(joystick)

    def button(self, button: int, down: bool) -> None:
        self._sdl.SDL_JoystickSetVirtualButton(self._opened(), button, int(down))

    def hat(self, x: int, y: int) -> None:
        self._sdl.SDL_JoystickSetVirtualHat(self._opened(), 0, _HAT[(x, y)])

    def axis(self, axis: int, value: int) -> None:
        self._sdl.SDL_JoystickSetVirtualAxis(self._opened(), axis, ctypes.c_int16(value))

    def unplug(self) -> None:
        """The pad pulled out (by its device index now: another's unplugging shifts it)."""
        for index in range(self._sdl.SDL_NumJoysticks()):
            if self._sdl.SDL_JoystickGetDeviceInstanceID(index) == self.instance_id:
                self._sdl.SDL_JoystickDetachVirtual(index)
                return
