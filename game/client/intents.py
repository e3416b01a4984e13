"""Input, translated in one place into intents: what a player means, not which key was hit.

Scenes see only the small frozen values below. Mouse, keyboard and game
controllers (SDL's game controller API, hot-plugged) all end up here, so a
scene never asks which device spoke; where it matters (two pads on one
couch, each with its own cursor) an intent carries ``pad``: 0 for the
keyboard and mouse, 1, 2, … for controllers in the order they appeared.

A pad SDL cannot map as a game controller (a cheap USB pad, unknown to its
mapping database) is read as a plain joystick: its hat and first two axes
steer, and its buttons are read in the order most such pads number them, with
the same held and repeated steps as a controller's. A game controller speaks as a
joystick too, through the same device: that is heard once, as the controller.

The mapper also remembers which kind of device spoke last
(:attr:`InputMapper.device`), so a prompt can say "Press A" to a pad player,
"Press Enter" at the keyboard and "Click" to the mouse. A pad plugged in (or
found at the start) counts as spoken: on a sofa the keyboard is out of reach.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame

KEYBOARD = 0
"""The ``pad`` of the keyboard and the mouse."""


class Device(Enum):
    """The kind of device a player last used: prompts name its buttons."""

    KEYS = "keys"
    MOUSE = "mouse"
    PAD = "pad"


@dataclass(frozen=True, slots=True)
class Point:
    """The pointer moved to ``pos`` (surface pixels)."""

    pos: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Click:
    """The primary pointer button went down at ``pos``."""

    pos: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Navigate:
    """Move a cursor one step: ``dx``/``dy`` in -1, 0, 1 (screen directions). ``held``: a
    repeat of a direction held down (a stick, a d-pad button, an arrow key), not a press: a
    screen stops it at an edge only a press crosses (the board's, to the buttons beside it)."""

    dx: int
    dy: int
    pad: int = KEYBOARD
    held: bool = False


@dataclass(frozen=True, slots=True)
class Activate:
    """Choose what the cursor is on (Enter, Space, the A button)."""

    pad: int = KEYBOARD


@dataclass(frozen=True, slots=True)
class Start(Activate):
    """The pad's Start button (Tab on the keyboard): to a screen's own buttons.

    The play screen moves the focus to its Undo, Redo, Save and Menu buttons,
    the tutorial to its Back and Next; everywhere else it chooses, like A (it
    *is* an Activate).
    """


@dataclass(frozen=True, slots=True)
class Cancel:
    """Take back the last half-step, or go back a screen (Escape, right click, the B button)."""

    pad: int = KEYBOARD


@dataclass(frozen=True, slots=True)
class Page:
    """Step a whole page or move: ``delta`` -1 or 1 (Page Up/Down, the shoulder buttons)."""

    delta: int
    pad: int = KEYBOARD


@dataclass(frozen=True, slots=True)
class Text:
    """Characters typed (an address, a board size, a cell label)."""

    text: str


@dataclass(frozen=True, slots=True)
class Erase:
    """Backspace: remove the last character typed."""


@dataclass(frozen=True, slots=True)
class Undo:
    """Take back the last step (Ctrl+Z, the X button); ``pad``: whose press it was."""

    pad: int = KEYBOARD


@dataclass(frozen=True, slots=True)
class Redo:
    pass


@dataclass(frozen=True, slots=True)
class Save:
    pass


@dataclass(frozen=True, slots=True)
class Hint:
    """H: show the best action (local games only)."""


@dataclass(frozen=True, slots=True)
class Study:
    """S: shade each open cell by the best result a move there keeps (local games only)."""


@dataclass(frozen=True, slots=True)
class ToggleFullscreen:
    pass


@dataclass(frozen=True, slots=True)
class Quit:
    """The window is closing."""


Intent = (
    Point
    | Click
    | Navigate
    | Activate
    | Start
    | Cancel
    | Page
    | Text
    | Erase
    | Undo
    | Redo
    | Save
    | Hint
    | Study
    | ToggleFullscreen
    | Quit
)

# A stick must lean this far (of 32767) to count. A stick or a d-pad button held repeats.
STICK_DEADZONE = 16000
REPEAT_DELAY = 0.35
REPEAT_EVERY = 0.12


@dataclass(frozen=True, slots=True)
class _Hold:
    """A direction held on a pad, and what holds it: ``by`` is (event type, axis or button),
    so only the stick's axis or the d-pad button that started it lets go of it."""

    step: tuple[int, int]
    by: tuple[int, int]


class InputMapper:
    """Turns pygame events into intents and keeps track of the game controllers plugged in."""

    def __init__(self) -> None:
        self._pads: dict[int, int] = {}  # SDL instance id -> pad number
        self._controllers: dict[int, object] = {}  # instance id -> open Controller
        self._joysticks: dict[int, object] = {}  # instance id -> open Joystick (no mapping)
        self._held: dict[int, _Hold] = {}  # pad -> the direction it holds
        self._next_repeat: dict[int, float] = {}  # pad -> seconds to the next repeat
        self._keys_down: set[int] = set()  # keys held whose repeats are no press (or a held one)
        self._stale_keys: set[int] = set()  # arrows held since the last screen: repeat nothing
        self.device = Device.KEYS

    @property
    def pads(self) -> tuple[int, ...]:
        """The pad numbers of the controllers now known, in order."""
        return tuple(sorted(self._pads.values()))

    def pad_of(self, instance_id: int) -> int:
        """The pad number of a controller, giving the lowest free one on first sight."""
        pad = self._pads.get(instance_id)
        if pad is None:
            taken = set(self._pads.values())
            pad = next(n for n in range(1, len(taken) + 2) if n not in taken)
            self._pads[instance_id] = pad
        return pad

    def translate(self, event: pygame.Event) -> list[Intent]:
        import pygame

        kind = event.type
        if kind == pygame.QUIT:
            return [Quit()]
        if kind == pygame.MOUSEMOTION:
            # SDL reports the pointer a window opens (or grows) under as a motion of (0, 0).
            # The mouse did not move, so it points at nothing: parked mid-screen, it would
            # take the title's focus from the first button before the pad's first press.
            if event.dict.get("rel") == (0, 0):
                return []
            return [Point(tuple(event.pos))]
        if kind == pygame.MOUSEBUTTONDOWN:
            self.device = Device.MOUSE
            if event.button == 1:
                return [Click(tuple(event.pos))]
            if event.button == 3:
                return [Cancel()]
            return []
        if kind == pygame.MOUSEWHEEL:
            return [Page(-1 if event.y > 0 else 1)] if event.y else []
        if kind == pygame.KEYDOWN:
            self.device = Device.KEYS
            return self._key(event)
        if kind == pygame.KEYUP:
            self._keys_down.discard(event.key)
            self._stale_keys.discard(event.key)
            return []
        if kind == pygame.WINDOWFOCUSLOST:
            self._keys_down.clear()  # a key let go in another window sends no KEYUP here
            self._stale_keys.clear()
            return []
        if kind == pygame.TEXTINPUT:
            return [Text(event.text)]
        if kind == pygame.CONTROLLERDEVICEADDED:
            self._open_controller(event.device_index)
            return []
        if kind in (pygame.CONTROLLERDEVICEREMOVED, pygame.JOYDEVICEREMOVED):
            self._forget(event.instance_id)
            return []
        if kind == pygame.JOYDEVICEADDED:
            self._open_joystick(event.device_index)
            return []
        if kind == pygame.CONTROLLERBUTTONDOWN:
            self.device = Device.PAD
            return self._button(self.pad_of(event.instance_id), event.button)
        if kind == pygame.CONTROLLERBUTTONUP:
            pad = self._pads.get(event.instance_id)
            if pad is not None:
                self._let_go(pad, (pygame.CONTROLLERBUTTONDOWN, event.button))
            return []
        if kind == pygame.CONTROLLERAXISMOTION:
            if event.axis not in (pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY):
                return []
            by = (pygame.CONTROLLERAXISMOTION, event.axis)
            across = event.axis == pygame.CONTROLLER_AXIS_LEFTX
            return self._stick(self.pad_of(event.instance_id), by, event.value, across)
        joystick = (pygame.JOYBUTTONDOWN, pygame.JOYHATMOTION, pygame.JOYAXISMOTION)
        if kind in joystick and event.instance_id not in self._controllers:
            # A game controller speaks as a joystick too: heard once, as the controller.
            return self._joystick(event)
        return []

    def update(self, dt: float) -> list[Intent]:
        """Repeats of sticks, d-pads and hats held over ``dt`` seconds: the time a frame
        covers, before its events are read (a direction pressed in them counts from then)."""
        out: list[Intent] = []
        for pad, wait in self._next_repeat.items():
            wait -= dt
            while wait <= 0:
                out.append(Navigate(*self._held[pad].step, pad, held=True))
                wait += REPEAT_EVERY
            self._next_repeat[pad] = wait
        return out

    def hold_still(self) -> None:
        """A new screen: directions held now stop repeating until let go and pressed again.
        Held through the press that opened it, their repeats walked its focus away from where
        it opened (from Start to Back, say) before the player had seen it. Still held, a
        stick's small moves step nothing either."""
        self._next_repeat.clear()
        self._stale_keys = set(self._keys_down)

    def _key(self, event: pygame.Event) -> list[Intent]:
        import pygame

        key, mod = event.key, event.mod
        ctrl = bool(mod & pygame.KMOD_CTRL)
        if key == pygame.K_F11 or (key == pygame.K_RETURN and mod & pygame.KMOD_ALT):
            # Held down, the key repeats (pygame.key.set_repeat): only its first press counts.
            if key in self._keys_down:
                return []
            self._keys_down.add(key)
            return [ToggleFullscreen()]
        if ctrl and key == pygame.K_z:
            return [Redo()] if mod & pygame.KMOD_SHIFT else [Undo()]
        if ctrl and key == pygame.K_y:
            return [Redo()]
        if ctrl and key == pygame.K_s:
            return [Save()]
        if key == pygame.K_h and not ctrl:
            return [Hint()]
        if key == pygame.K_s and not ctrl:
            return [Study()]
        arrows = {
            pygame.K_LEFT: (-1, 0),
            pygame.K_RIGHT: (1, 0),
            pygame.K_UP: (0, -1),
            pygame.K_DOWN: (0, 1),
        }
        if key in arrows:
            if key in self._stale_keys:
                return []  # a repeat of an arrow held since the screen before (hold_still)
            held = key in self._keys_down  # a repeat (pygame.key.set_repeat) of a key held
            self._keys_down.add(key)
            return [Navigate(*arrows[key], held=held)]
        once: dict[int, Intent] = {
            pygame.K_RETURN: Activate(),
            pygame.K_KP_ENTER: Activate(),
            pygame.K_SPACE: Activate(),
            pygame.K_TAB: Start(),
            pygame.K_ESCAPE: Cancel(),
        }
        if key in once:
            # Held a moment too long, its repeats were presses: Enter went on through the next
            # screen's first button, Escape answered its own "press Escape again to leave".
            if key in self._keys_down:
                return []
            self._keys_down.add(key)
            return [once[key]]
        repeating: dict[int, Intent] = {  # held, these run on: a word erased, pages turned
            pygame.K_BACKSPACE: Erase(),
            pygame.K_PAGEUP: Page(-1),
            pygame.K_PAGEDOWN: Page(1),
        }
        return [repeating[key]] if key in repeating else []

    def _button(self, pad: int, button: int) -> list[Intent]:
        import pygame

        dpad = {
            pygame.CONTROLLER_BUTTON_DPAD_LEFT: (-1, 0),
            pygame.CONTROLLER_BUTTON_DPAD_RIGHT: (1, 0),
            pygame.CONTROLLER_BUTTON_DPAD_UP: (0, -1),
            pygame.CONTROLLER_BUTTON_DPAD_DOWN: (0, 1),
        }
        if button in dpad:
            # Held, it repeats as the stick does: a long list or the screen keyboard is
            # walked by holding, as on a console, not by a press for every step.
            return self._hold(pad, dpad[button], (pygame.CONTROLLERBUTTONDOWN, button))
        buttons: dict[int, Intent] = {
            pygame.CONTROLLER_BUTTON_A: Activate(pad),
            pygame.CONTROLLER_BUTTON_START: Start(pad),
            pygame.CONTROLLER_BUTTON_GUIDE: ToggleFullscreen(),
            pygame.CONTROLLER_BUTTON_B: Cancel(pad),
            pygame.CONTROLLER_BUTTON_BACK: Cancel(pad),
            pygame.CONTROLLER_BUTTON_LEFTSHOULDER: Page(-1, pad),
            pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: Page(1, pad),
            pygame.CONTROLLER_BUTTON_X: Undo(pad),
            pygame.CONTROLLER_BUTTON_Y: Redo(),
        }
        return [buttons[button]] if button in buttons else []

    def _joystick(self, event: pygame.Event) -> list[Intent]:
        """A plain joystick's button, hat or first two axes, as a controller's would be."""
        import pygame

        pad = self.pad_of(event.instance_id)
        if event.type == pygame.JOYBUTTONDOWN:
            self.device = Device.PAD
            button = _joystick_button(event.button)
            return [] if button is None else self._button(pad, button)
        if event.type == pygame.JOYHATMOTION:
            return self._hat(pad, event.hat, event.value)
        if event.type == pygame.JOYAXISMOTION and event.axis in (0, 1):
            # pygame gives a joystick's axis from -1 to 1, a controller's in SDL's units.
            by = (pygame.JOYAXISMOTION, event.axis)
            return self._stick(pad, by, round(event.value * 32767), event.axis == 0)
        return []  # another axis

    def _stick(self, pad: int, by: tuple[int, int], value: int, across: bool) -> list[Intent]:
        """A stick's axis (``by``; ``across``: its left-right one) at ``value`` of 32767:
        leaning past the dead zone, it moves one step, then repeats while held."""
        lean = (value > STICK_DEADZONE) - (value < -STICK_DEADZONE)
        if lean == 0:
            self._let_go(pad, by)
            return []
        held = self._held.get(pad)
        direction = (lean, 0) if across else (0, lean)
        if held is not None and held.step == direction:
            return []
        self.device = Device.PAD
        return self._hold(pad, direction, by)

    def _hat(self, pad: int, hat: int, value: tuple[int, int]) -> list[Intent]:
        """A joystick's hat (its d-pad; up is +1) steps and repeats as a controller's d-pad
        does. Rolled onto a diagonal it keeps the direction it held, else goes across."""
        import pygame

        x, y = value
        by = (pygame.JOYHATMOTION, hat)
        ways = [step for step in ((x, 0), (0, -y)) if step != (0, 0)]
        if not ways:
            self._let_go(pad, by)
            return []
        held = self._held.get(pad)
        if held is not None and held.by == by and held.step in ways:
            return []
        self.device = Device.PAD
        return self._hold(pad, ways[0], by)

    def _hold(self, pad: int, step: tuple[int, int], by: tuple[int, int]) -> list[Intent]:
        """``pad`` steps once towards ``step``, and again while ``by`` holds it there."""
        self._held[pad] = _Hold(step, by)
        self._next_repeat[pad] = REPEAT_DELAY
        return [Navigate(*step, pad)]

    def _let_go(self, pad: int, by: tuple[int, int]) -> None:
        """``by`` let go: the hold ends if it was ``by``'s (the other axis at rest, or a
        button other than the one held, leaves it alone)."""
        held = self._held.get(pad)
        if held is not None and held.by == by:
            del self._held[pad]
            self._next_repeat.pop(pad, None)  # none since a new screen (hold_still)

    def _open_controller(self, device_index: int) -> None:
        import pygame
        from pygame._sdl2 import controller

        try:
            pad = controller.Controller(device_index)
        except pygame.error:
            return  # gone already, or not a game controller after all
        instance_id = pad.as_joystick().get_instance_id()
        self._controllers[instance_id] = pad
        self.pad_of(instance_id)
        self.device = Device.PAD  # picked up to play: prompts name its buttons from now

    def _open_joystick(self, device_index: int) -> None:
        """A device SDL cannot map as a game controller, opened as a plain joystick (a game
        controller is opened when its own CONTROLLERDEVICEADDED comes)."""
        import pygame
        from pygame._sdl2 import controller

        try:
            if controller.is_controller(device_index):
                return
            stick = pygame.joystick.Joystick(device_index)
        except pygame.error:
            return  # gone already, or the controller subsystem is off (a test's bare mapper)
        instance_id = stick.get_instance_id()
        self._joysticks[instance_id] = stick
        self.pad_of(instance_id)
        self.device = Device.PAD

    def _forget(self, instance_id: int) -> None:
        pad = self._pads.pop(instance_id, None)
        if pad is not None:
            self._held.pop(pad, None)
            self._next_repeat.pop(pad, None)
        for opened in (self._controllers, self._joysticks):
            found = opened.pop(instance_id, None)
            if found is not None:
                found.quit()  # type: ignore[attr-defined]


def _joystick_button(button: int) -> int | None:
    """The controller button a plain joystick's ``button`` stands for: cheap pads number
    theirs as DirectInput does, the four face buttons first, the shoulders, then Select (8)
    and Start (9). The face buttons' letters differ from pad to pad; 0 and 1 choose and go
    back, as A and B."""
    import pygame

    return {
        0: pygame.CONTROLLER_BUTTON_A,
        1: pygame.CONTROLLER_BUTTON_B,
        2: pygame.CONTROLLER_BUTTON_X,
        3: pygame.CONTROLLER_BUTTON_Y,
        4: pygame.CONTROLLER_BUTTON_LEFTSHOULDER,
        5: pygame.CONTROLLER_BUTTON_RIGHTSHOULDER,
        8: pygame.CONTROLLER_BUTTON_BACK,
        9: pygame.CONTROLLER_BUTTON_START,
    }.get(button)
