"""Every device's input becomes the same few intents, in one place."""

from __future__ import annotations

import pygame
import pytest

from game.client.intents import (
    KEYBOARD,
    REPEAT_DELAY,
    REPEAT_EVERY,
    STICK_DEADZONE,
    Activate,
    Cancel,
    Click,
    Device,
    Erase,
    InputMapper,
    Navigate,
    Page,
    Point,
    Quit,
    Redo,
    Save,
    Start,
    Study,
    Text,
    ToggleFullscreen,
    Undo,
)
from game.client.prose import press


def key(k: int, mod: int = 0) -> pygame.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod)


@pytest.mark.parametrize(
    ("event", "intents"),
    [
        (key(pygame.K_LEFT), [Navigate(-1, 0)]),
        (key(pygame.K_DOWN), [Navigate(0, 1)]),
        (key(pygame.K_RETURN), [Activate()]),
        (key(pygame.K_SPACE), [Activate()]),
        (key(pygame.K_ESCAPE), [Cancel()]),
        (key(pygame.K_BACKSPACE), [Erase()]),
        (key(pygame.K_PAGEDOWN), [Page(1)]),
        (key(pygame.K_F11), [ToggleFullscreen()]),
        (key(pygame.K_RETURN, pygame.KMOD_LALT), [ToggleFullscreen()]),
        (key(pygame.K_z, pygame.KMOD_LCTRL), [Undo()]),
        (key(pygame.K_z, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT), [Redo()]),
        (key(pygame.K_y, pygame.KMOD_RCTRL), [Redo()]),
        (key(pygame.K_s, pygame.KMOD_LCTRL), [Save()]),
        (key(pygame.K_s), [Study()]),
        (pygame.event.Event(pygame.TEXTINPUT, text="7"), [Text("7")]),
        (pygame.event.Event(pygame.MOUSEMOTION, pos=(3, 4)), [Point((3, 4))]),
        (pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(3, 4), button=1), [Click((3, 4))]),
        (pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(3, 4), button=3), [Cancel()]),
        (pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(3, 4), button=2), []),
        (pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1), [Page(-1)]),
        (pygame.event.Event(pygame.QUIT), [Quit()]),
    ],
)
def test_keys_and_mouse(event: pygame.Event, intents: list[object]) -> None:
    assert InputMapper().translate(event) == intents


def test_a_pointer_that_did_not_move_points_at_nothing() -> None:
    # What SDL sends when a window opens under a pointer resting where it was.
    parked = pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 360), rel=(0, 0), buttons=(0, 0, 0))
    moved = pygame.event.Event(pygame.MOUSEMOTION, pos=(641, 360), rel=(1, 0), buttons=(0, 0, 0))
    mapper = InputMapper()
    assert mapper.translate(parked) == []
    assert mapper.translate(moved) == [Point((641, 360))]


def pad_button(instance: int, button: int) -> pygame.Event:
    return pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=instance, button=button)


def stick(instance: int, axis: int, value: int) -> pygame.Event:
    return pygame.event.Event(
        pygame.CONTROLLERAXISMOTION, instance_id=instance, axis=axis, value=value
    )


def test_each_controller_is_a_pad_of_its_own_and_a_freed_number_is_reused() -> None:
    mapper = InputMapper()
    a, b, c = 40, 41, 42
    assert mapper.translate(pad_button(a, pygame.CONTROLLER_BUTTON_A)) == [Activate(1)]
    assert mapper.translate(pad_button(b, pygame.CONTROLLER_BUTTON_B)) == [Cancel(2)]
    assert mapper.translate(pad_button(a, pygame.CONTROLLER_BUTTON_DPAD_UP)) == [Navigate(0, -1, 1)]
    removed = pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=a)
    assert mapper.translate(removed) == []
    assert mapper.pads == (2,)
    # A pad plugged in later takes the lowest free number.
    assert mapper.translate(pad_button(c, pygame.CONTROLLER_BUTTON_LEFTSHOULDER)) == [Page(-1, 1)]
    assert mapper.pads == (1, 2)
    assert mapper.translate(pad_button(b, pygame.CONTROLLER_BUTTON_X)) == [Undo(2)]


def test_a_stick_held_over_moves_once_then_repeats() -> None:
    mapper = InputMapper()
    lean = STICK_DEADZONE + 1000
    assert mapper.translate(stick(7, pygame.CONTROLLER_AXIS_LEFTX, lean)) == [Navigate(1, 0, 1)]
    # Small wobbles of the same lean add nothing.
    assert mapper.translate(stick(7, pygame.CONTROLLER_AXIS_LEFTX, lean + 500)) == []
    dt = 1 / 120
    repeats = []
    for _ in range(round((REPEAT_DELAY + 2.5 * REPEAT_EVERY) / dt)):
        repeats += mapper.update(dt)
    assert repeats == [Navigate(1, 0, 1, held=True)] * 3
    # The other axis at rest does not end the hold; back to the middle does.
    assert mapper.translate(stick(7, pygame.CONTROLLER_AXIS_LEFTY, 0)) == []
    assert mapper.update(REPEAT_EVERY) == [Navigate(1, 0, 1, held=True)]
    assert mapper.translate(stick(7, pygame.CONTROLLER_AXIS_LEFTX, 100)) == []
    assert mapper.update(1.0) == []


def test_the_right_stick_and_triggers_navigate_nothing() -> None:
    mapper = InputMapper()
    assert mapper.translate(stick(3, pygame.CONTROLLER_AXIS_RIGHTX, 30000)) == []
    assert mapper.translate(stick(3, pygame.CONTROLLER_AXIS_TRIGGERLEFT, 30000)) == []


def test_the_keyboard_speaks_as_pad_zero() -> None:
    assert InputMapper().translate(key(pygame.K_UP)) == [Navigate(0, -1, KEYBOARD)]


def test_a_device_sdl_cannot_open_as_a_controller_is_ignored() -> None:
    pygame.joystick.init()
    try:
        mapper = InputMapper()
        added = pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=7)
        assert mapper.translate(added) == []
        assert mapper.pads == ()
    finally:
        pygame.joystick.quit()


def test_the_last_device_used_is_remembered_for_the_prompts() -> None:
    mapper = InputMapper()
    assert mapper.device is Device.KEYS
    mapper.translate(pad_button(7, pygame.CONTROLLER_BUTTON_A))
    assert mapper.device is Device.PAD
    assert press(mapper.device) == "press A"
    mapper.translate(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(3, 4), button=1))
    assert (mapper.device, press(mapper.device)) == (Device.MOUSE, "click")
    mapper.translate(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 4)))  # a nudge is no choice
    assert mapper.device is Device.MOUSE
    mapper.translate(key(pygame.K_LEFT))
    assert press(mapper.device, "back") == "press Escape"
    mapper.translate(stick(7, pygame.CONTROLLER_AXIS_LEFTX, -STICK_DEADZONE - 1))
    assert press(mapper.device, "back") == "press B"


def test_start_opens_buttons_and_is_an_activate_elsewhere() -> None:
    (start,) = InputMapper().translate(pad_button(7, pygame.CONTROLLER_BUTTON_START))
    assert start == Start(1) and isinstance(start, Activate) and start != Activate(1)
    assert InputMapper().translate(key(pygame.K_TAB)) == [Start()]


def test_a_held_full_screen_key_toggles_once() -> None:
    mapper = InputMapper()
    for combo in ((pygame.K_F11, 0), (pygame.K_RETURN, pygame.KMOD_RALT)):
        assert mapper.translate(key(*combo)) == [ToggleFullscreen()]
        assert mapper.translate(key(*combo)) == []  # a repeat while held
        up = pygame.event.Event(pygame.KEYUP, key=combo[0], mod=combo[1])
        assert mapper.translate(up) == []
        assert mapper.translate(key(*combo)) == [ToggleFullscreen()]
        mapper.translate(up)
    assert mapper.translate(pad_button(7, pygame.CONTROLLER_BUTTON_GUIDE)) == [ToggleFullscreen()]


def pad_button_up(instance: int, button: int) -> pygame.Event:
    return pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=instance, button=button)


def test_a_d_pad_button_held_repeats_until_it_is_let_go() -> None:
    mapper = InputMapper()
    down = pygame.CONTROLLER_BUTTON_DPAD_DOWN
    assert mapper.translate(pad_button(7, down)) == [Navigate(0, 1, 1)]
    dt = 1 / 120
    repeats = []
    for _ in range(round((REPEAT_DELAY + 1.5 * REPEAT_EVERY) / dt)):
        repeats += mapper.update(dt)
    assert repeats == [Navigate(0, 1, 1, held=True)] * 2
    # The stick at rest, or another button let go, leaves the d-pad's hold alone.
    assert mapper.translate(stick(7, pygame.CONTROLLER_AXIS_LEFTY, 0)) == []
    assert mapper.translate(pad_button_up(7, pygame.CONTROLLER_BUTTON_A)) == []
    assert mapper.update(REPEAT_EVERY) == [Navigate(0, 1, 1, held=True)]
    assert mapper.translate(pad_button_up(7, down)) == []
    assert mapper.update(1.0) == []
    # A button let go on a pad never seen is no pad of its own.
    assert mapper.translate(pad_button_up(9, down)) == [] and mapper.pads == (1,)


def test_an_arrow_key_held_repeats_as_held_and_a_new_press_is_a_press() -> None:
    mapper = InputMapper()
    right = key(pygame.K_RIGHT)
    assert mapper.translate(right) == [Navigate(1, 0)]
    # pygame.key.set_repeat sends more KEYDOWNs while the key stays down.
    assert mapper.translate(right) == [Navigate(1, 0, held=True)]
    assert mapper.translate(key(pygame.K_UP)) == [Navigate(0, -1)]
    mapper.translate(pygame.event.Event(pygame.KEYUP, key=pygame.K_RIGHT, mod=0))
    assert mapper.translate(right) == [Navigate(1, 0)]


def joy(kind: int, **fields: object) -> pygame.Event:
    """An event of a pad SDL cannot map as a game controller (instance 20): a plain joystick."""
    return pygame.event.Event(kind, instance_id=20, **fields)


@pytest.mark.parametrize(
    ("button", "intents"),
    [
        (0, [Activate(1)]),
        (1, [Cancel(1)]),
        (2, [Undo(1)]),
        (3, [Redo()]),
        (4, [Page(-1, 1)]),
        (5, [Page(1, 1)]),
        (6, []),  # the lower shoulders, on most such pads
        (8, [Cancel(1)]),  # Select
        (9, [Start(1)]),
    ],
)
def test_a_plain_joysticks_buttons_in_the_common_order(button: int, intents: list[object]) -> None:
    mapper = InputMapper()
    assert mapper.translate(joy(pygame.JOYBUTTONDOWN, button=button)) == intents
    assert mapper.device is Device.PAD and mapper.pads == (1,)
    assert mapper.translate(joy(pygame.JOYBUTTONUP, button=button)) == []


def test_a_plain_joysticks_hat_steps_then_repeats_and_rolls_round() -> None:
    mapper = InputMapper()
    hat = pygame.JOYHATMOTION
    assert mapper.translate(joy(hat, hat=0, value=(0, 1))) == [Navigate(0, -1, 1)]  # up
    assert mapper.update(REPEAT_DELAY) == [Navigate(0, -1, 1, held=True)]
    # Rolled onto a diagonal the hat keeps its direction; on round, it turns.
    assert mapper.translate(joy(hat, hat=0, value=(1, 1))) == []
    assert mapper.translate(joy(hat, hat=0, value=(1, 0))) == [Navigate(1, 0, 1)]
    # The stick at rest leaves the hat's hold alone; the hat let go ends it.
    assert mapper.translate(joy(pygame.JOYAXISMOTION, axis=0, value=0.0)) == []
    assert mapper.update(REPEAT_DELAY) == [Navigate(1, 0, 1, held=True)]
    assert mapper.translate(joy(hat, hat=0, value=(0, 0))) == []
    assert mapper.update(1.0) == []


def test_a_plain_joysticks_first_two_axes_steer_past_the_dead_zone() -> None:
    mapper = InputMapper()
    axis = pygame.JOYAXISMOTION
    lean = (STICK_DEADZONE + 1000) / 32767  # pygame gives a joystick's axes from -1 to 1
    assert mapper.translate(joy(axis, axis=1, value=-lean)) == [Navigate(0, -1, 1)]
    assert mapper.translate(joy(axis, axis=1, value=-1.0)) == []  # further along: no new step
    assert mapper.translate(joy(axis, axis=1, value=-0.1)) == []  # back inside the dead zone
    assert mapper.update(1.0) == []
    assert mapper.translate(joy(axis, axis=0, value=lean)) == [Navigate(1, 0, 1)]
    assert mapper.translate(joy(axis, axis=2, value=-1.0)) == []  # a second stick, a trigger
