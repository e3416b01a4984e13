"""The whole game from the sofa with a gamepad alone: nothing but controller events.

From the title screen to a finished game of every variant, the play screen's
own buttons (Save), the tutorial's end, a settings change that is saved, and
a LAN table joined by an address typed on the on-screen keyboard. Every event
posted is a CONTROLLERBUTTONDOWN or UP or a CONTROLLERAXISMOTION (the d-pad, the
left stick, A, B, Start and the shoulders). The window is small: the flow is
the same at any size, and small frames keep the test fast.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.client import settings
from game.client.canvas import Canvas
from game.client.intents import REPEAT_DELAY, REPEAT_EVERY
from game.client.keyboard import ERASE, ROWS, SHIFT, SPACE, TextField
from game.client.scene import SceneName
from game.client.scenes.lessons import LESSONS
from game.client.scenes.setup import variant_title
from game.records import Record, read_record
from game.rules import Collapse, Player, Variant, make_variant
from net.host import HostConfig, new_table, start_host_thread
from tests.client.driver import DOWN, LEFT, RIGHT, START, UP, A, B, Driver
from tests.rules.scenario import random_game

PAD = 5  # the SDL instance id of the pretend controller
SMALL = (640, 360)

# Short games: random ones (tests.rules.scenario.random_game, seeds chosen for length; nxn on
# its default 4×4), and for the boards of boards random games that kept most pairs in the
# top row of mini-boards (so the cursor's walks stay short).
GAMES: dict[str, tuple[str, ...]] = {
    "goff": tuple(random_game(make_variant("goff"), 5)),
    "shared": tuple(random_game(make_variant("shared"), 9)),
    "nxn": tuple(random_game(make_variant("nxn", {"size": 4}), 204)),
    "squared": (
        *("1.2-1.7", "3.2-3.9", "1.7-1.8", "1.1-1.6", "3.3-3.4", "3.3-3.6", "3.4-3.7"),
        *("3.1-3.2", "1.6-1.9", "2.2-2.7", "3.3-3.5", "1.4-1.9", "2.3-2.5", "1.5-1.9"),
        *("1.5-1.7", "2.2-2.3", "3.5-3.6", "17@3.6", "1.4-1.7", "18@1.7", "2.5-5.1"),
        *("2.8-2.9", "2.6-2.9", "2.3-2.6", "2.1-2.7", "2.3-2.4", "2.2-2.5", "25@2.2"),
    ),
    "ultimate": (
        *("2.4-2.6", "4.7-6.4", "4.8-7.8", "8.1-8.5", "1.2-5.4", "2.4-4.3", "3.8-4.2"),
        *("2.8-8.1", "1.5-8.3", "3.9-5.1", "1.8-9.4", "4.2-8.2", "2.5-2.9", "5.8-9.2"),
        *("3.3-3.4", "2.1-2.5", "3.1-3.3", "1.8-3.4", "2.7-2.8", "7.3-8.5", "1.1-1.3"),
        *("3.2-3.8", "3.2-3.5", "2.3-5.6", "3.6-6.7", "6.7-7.4", "2.2-2.7", "2.3-7.2"),
        *("2.3-3.6", "1.1-1.6", "1.6-6.6", "6.4-6.8", "1.3-1.6", "33@1.6", "3.3-3.5"),
        *("1.8-1.9", "8.1-9.7", "1.4-7.9", "4.7-9.6", "3.4-3.5", "39@3.4", "4.1-5.8"),
        *("2.5-2.7", "5.5-7.4", "2.1-2.9", "43@2.9"),
    ),
}


@pytest.fixture
def d(tmp_path: Path) -> Iterator[Driver]:
    driver = Driver(tmp_path, SMALL)
    yield driver
    driver.close()


def press(d: Driver, button: int) -> None:
    d.button(button, PAD)


def stick(d: Driver, dy: int) -> None:
    """Lean the left stick up or down, and let it go: one step."""
    axis = pygame.CONTROLLER_AXIS_LEFTY
    d.post(pygame.CONTROLLERAXISMOTION, instance_id=PAD, axis=axis, value=dy * 32767)
    d.post(pygame.CONTROLLERAXISMOTION, instance_id=PAD, axis=axis, value=0)


def focus(d: Driver, label: str, menu: object = None) -> None:
    """Walk a menu's focus to the item whose label starts with ``label``: stick and d-pad."""
    menu = menu or d.scene.menu
    target = next(i for i, item in enumerate(menu.items) if item.label.startswith(label))
    for n in range(40):
        if menu.focus == target:
            return
        down = menu.focus < target
        if menu.columns > 1:  # rows of buttons (two of three in a narrow panel)
            row, col = divmod(menu.focus, menu.columns)
            to_row, to_col = divmod(target, menu.columns)
            if menu.focus >= 0 and row != to_row:
                press(d, DOWN if row < to_row else UP)
            else:
                press(d, RIGHT if col < to_col or menu.focus < 0 else LEFT)
        elif n % 2:
            stick(d, 1 if down else -1)
        else:
            press(d, DOWN if down else UP)
    raise AssertionError(f"no way to {label!r}")


def choose(d: Driver, label: str) -> None:
    focus(d, label)
    press(d, A)


def type_on_keyboard(d: Driver, field: TextField, text: str) -> None:
    """Type ``text`` on the on-screen keyboard: walk to each key with the d-pad, press A."""
    for char in text:
        if char.isalpha() and char.isupper() != field.shift:
            walk(
                d, field, len(ROWS) - 1, next(i for i, (k, _) in enumerate(ROWS[-1]) if k == SHIFT)
            )
            press(d, A)
        key = SPACE if char == " " else char.lower()
        row = next(r for r, keys in enumerate(ROWS) if any(k == key for k, _ in keys))
        col = next(i for i, (k, _) in enumerate(ROWS[row]) if k == key)
        walk(d, field, row, col)
        press(d, A)


def queue(button: int) -> None:
    """Post a button press without running a frame: the next frame takes every press queued."""
    for down_up in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
        pygame.event.post(pygame.event.Event(down_up, instance_id=PAD, button=button))


def play(d: Driver, variant: Variant, token: str) -> None:
    """One record token with the pad: the d-pad walks the cursor to each cell and A picks it,
    or right (once or twice) shows a collapse outcome and A chooses it. A player's presses
    between two frames arrive together: one frame takes them all."""
    while d.scene.paused:  # the collapse show runs its course (in big steps of game time)
        d.frames(1, ns=100_000_000)
    pos = d.scene.pos
    action = variant.parse_token(token)
    if isinstance(action, Collapse):
        index = next(i for i, (a, _) in enumerate(pos.collapse_outcomes()) if a == action)
        assert not d.scene._look().cursors  # one focus: the outcome picked, not a cell
        queue(RIGHT if index == 1 else LEFT)  # the outcome on that side
        queue(A)
        d.frames(1)
        return
    grid = variant.grid()
    where = {c: (r, i) for r, row in enumerate(grid) for i, c in enumerate(row)}
    cursor = d.app.input.pad_of(PAD)
    for cell in action:
        if cursor not in d.scene.picks.cursors:
            press(d, DOWN)  # the first press shows the cursor
        assert d.scene._look().cursors  # back after a collapse
        r, c = where[d.scene.picks.cursors[cursor]]
        tr, tc = where[cell]
        for _ in range(abs(tr - r)):
            queue(DOWN if tr > r else UP)
        for _ in range(abs(tc - c)):
            queue(RIGHT if tc > c else LEFT)
        queue(A)
        d.frames(1)


def walk(d: Driver, field: TextField, row: int, col: int) -> None:
    while field.row != row:
        press(d, DOWN if field.row < row else UP)
    while field.col != col:
        press(d, RIGHT if field.col < col else LEFT)


def test_every_variant_from_the_title_to_its_results_with_a_pad(d: Driver, tmp_path: Path) -> None:
    for name, tokens in GAMES.items():
        assert d.name is SceneName.TITLE
        choose(d, "Play on this couch")
        assert d.name is SceneName.SETUP
        focus(d, "Variant")
        while d.scene.variant_item.value != variant_title(name):
            press(d, RIGHT)
        choose(d, "Start")
        assert d.name is SceneName.PLAY
        variant = d.scene.variant
        assert variant.name == name
        for i, token in enumerate(tokens):
            play(d, variant, token)
            assert d.scene.moves == tokens[: i + 1], f"{name}: token {i + 1} {token}"
            if name == "goff" and i == 2:
                save_from_the_play_screens_buttons(d, tmp_path, tokens[:3])
        d.ready()
        assert d.scene.pos == Record(variant, list(tokens)).final() and d.scene.pos.is_over
        press(d, A)
        assert d.name is SceneName.RESULTS
        choose(d, "Back to menu")


def test_back_from_a_review_the_focus_is_where_the_player_left_it(d: Driver) -> None:
    """A game's results, Review this game with the pad, then B: the results come back with
    the focus on Review (it came back on Rematch: one A more started a game unasked)."""
    goff = make_variant("goff")
    tokens = GAMES["goff"]
    final = Record(goff, list(tokens)).final()
    seats: dict[Player, str | None] = {Player.X: None, Player.O: None}
    d.app.go(SceneName.RESULTS, variant=goff, seats=seats, moves=tokens, position=final)
    d.frames(1)
    choose(d, "Review this game")
    assert d.name is SceneName.REPLAY and d.scene.record.moves == list(tokens)
    press(d, B)
    assert d.name is SceneName.RESULTS and d.scene.pos == final
    menu = d.scene.menu
    assert menu.items[menu.focus].label == "Review this game"


def save_from_the_play_screens_buttons(d: Driver, tmp_path: Path, tokens: tuple[str, ...]) -> None:
    """Start gives the focus to the buttons beside the board; A on Save saves; B goes back."""
    press(d, START)
    assert d.scene.panel.menu.items[d.scene.panel.menu.focus].label == "Undo"  # the first
    focus(d, "Save", d.scene.panel.menu)
    press(d, A)
    d.until(lambda: d.scene.message is not None and d.scene.message.text.startswith("Saved"))
    (saved,) = (tmp_path / "data" / "qttt" / "records").iterdir()
    assert read_record(saved).moves == list(tokens)
    press(d, B)  # back to the board, not a step towards leaving the game
    assert d.scene.panel.menu.focus == -1 and "leave" not in d.scene.message.text
    press(d, START)
    press(d, UP)  # back to the board from the top row too: the cursor moves again
    assert d.scene.panel.menu.focus == -1
    cell = d.scene.picks.cursors[d.app.input.pad_of(PAD)]
    press(d, LEFT)
    assert d.scene.picks.cursors[d.app.input.pad_of(PAD)] != cell


def test_the_tutorials_end_with_a_pad(d: Driver) -> None:
    choose(d, "Tutorial")
    assert d.name is SceneName.TUTORIAL
    for _ in range(len(LESSONS) - 1):
        press(d, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)  # a lesson at a time
    last = LESSONS[-1]
    assert d.scene.lesson == len(LESSONS) - 1
    for step in last.steps:
        d.play(d.scene.variant, step.expect, "pad", PAD)
        assert d.scene.done, d.scene.message
        d.settle(1.0)
        press(d, A)  # Next
    assert d.name is SceneName.SETUP  # the tutorial's end offers a game
    press(d, B)
    assert d.name is SceneName.TITLE


def test_a_settings_change_and_a_name_typed_on_the_screen_keyboard_are_saved(
    d: Driver, tmp_path: Path
) -> None:
    choose(d, "Settings")
    assert d.name is SceneName.SETTINGS
    focus(d, "Collapse show")
    press(d, RIGHT)  # the Driver starts on Quick: back to the full show
    choose(d, "Name")
    field = d.scene.editing
    assert field is not None and field.text == "Player"
    walk(d, field, len(ROWS) - 1, next(i for i, (k, _) in enumerate(ROWS[-1]) if k == ERASE))
    for _ in range(len("Player")):
        press(d, A)
    assert field.text == ""
    press(d, START)  # an empty name is not kept: the keyboard stays and says why
    assert d.scene.editing is field and field.refused == settings.EMPTY_NAME
    type_on_keyboard(d, field, "Ada 2")
    assert field.refused is None
    press(d, START)  # keeps the name
    assert d.scene.editing is None
    press(d, B)  # back to the title
    assert d.name is SceneName.TITLE
    saved = settings.load(tmp_path / "settings.json")
    assert (saved.quick_collapse, saved.player_name) == (False, "Ada 2")


def test_a_lan_table_joined_by_an_address_typed_with_a_pad(d: Driver, tmp_path: Path) -> None:
    config = HostConfig(bind="127.0.0.1", advertise=False, save_dir=tmp_path / "host")
    host = start_host_thread(new_table(make_variant("goff"), "Den", config.save_dir), config)
    try:
        choose(d, "Join a LAN game")
        assert d.name is SceneName.LAN
        choose(d, "Type an address")
        field = d.scene.address_field
        address = f"{host.address[0]}:{host.address[1]}"
        type_on_keyboard(d, field, address)
        assert field.text == address
        press(d, START)  # keeps the address and joins it
        d.until(lambda: d.name is SceneName.PLAY)
        assert d.scene.session.local_sides == {Player.X}
        press(d, START)  # the buttons beside the board, then Menu, pressed twice
        focus(d, "Menu", d.scene.panel.menu)
        press(d, A)
        assert d.name is SceneName.PLAY
        press(d, A)
        assert d.name is SceneName.TITLE
    finally:
        host.stop()


def test_a_d_pad_held_walks_the_menu_and_stops_when_let_go(d: Driver) -> None:
    menu = d.scene.menu
    assert menu.focus == 0
    d.hold(DOWN, PAD)
    assert menu.focus == 1
    d.settle(REPEAT_DELAY + 2.5 * REPEAT_EVERY)  # then a step every REPEAT_EVERY
    assert menu.focus == 4
    d.post(pygame.CONTROLLERBUTTONUP, instance_id=PAD, button=DOWN)
    d.settle(1.0)
    assert menu.focus == 4


def test_a_direction_held_into_the_next_screen_does_not_walk_it(d: Driver) -> None:
    """Down held to reach "Play against a bot" and A pressed before letting go: the new game
    screen opened on Start, and the repeats walked its focus on to Back, where the next A
    went back to the title. A direction held stays with the screen it was pressed for."""
    d.hold(DOWN, PAD)
    press(d, A)  # with down still held
    assert d.name is SceneName.SETUP
    menu = d.scene.menu
    start = menu.focus
    d.settle(REPEAT_DELAY + 3 * REPEAT_EVERY)
    assert menu.focus == start
    d.post(pygame.CONTROLLERBUTTONUP, instance_id=PAD, button=DOWN)
    press(d, DOWN)  # pressed again, for this screen: a step
    assert menu.focus == start + 1
    # An arrow key held (its repeats arrive as key presses) stays with its screen too.
    d.hold_key(pygame.K_UP)
    d.key(pygame.K_ESCAPE)
    assert d.name is SceneName.TITLE
    focus = d.scene.menu.focus
    d.hold_key(pygame.K_UP)  # a repeat of the key held
    assert d.scene.menu.focus == focus


@pytest.mark.parametrize("item", ["Host a party", "Settings", "Puzzles"])
def test_back_on_the_title_the_focus_is_on_the_item_left_from(d: Driver, item: str) -> None:
    """B from a screen opened from the title came back to its first item: one A more (to
    open Settings again, say) began a couch game."""
    choose(d, item)
    assert d.name is not SceneName.TITLE
    press(d, B)
    assert d.name is SceneName.TITLE
    menu = d.scene.menu
    assert menu.items[menu.focus].label == item


def test_b_then_a_on_the_title_asks_before_the_game_closes(d: Driver) -> None:
    menu = d.scene.menu
    press(d, B)  # Back on the title: the focus goes to Quit
    assert menu.items[menu.focus].label == "Quit"
    press(d, A)  # a press meant for a menu item: asked, not closed
    assert d.app.running and menu.items[menu.focus].label == "Sure? Press again to quit"
    press(d, UP)
    press(d, DOWN)  # the focus went away and back: asked again
    assert menu.items[menu.focus].label == "Quit"
    press(d, A)
    press(d, A)
    assert not d.app.running


def test_a_tap_after_the_window_slept_steps_once(d: Driver) -> None:
    """A still menu sleeps between frames: the frame that reads a press may come a second
    after the last. That second is no time the d-pad was held (it counted, and a quick tap
    moved the focus two items)."""
    menu = d.scene.menu
    d.settle(3.0)  # the focus ring at rest: the window sleeps
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=PAD, button=DOWN))
    d.frames(1, ns=1_000_000_000)
    d.frames(round(60 * REPEAT_DELAY * 0.4))  # held for well under the repeat's delay
    d.post(pygame.CONTROLLERBUTTONUP, instance_id=PAD, button=DOWN)
    assert menu.focus == 1


def shown(d: Driver) -> str:
    """The words the screen shows now, one line after another."""
    canvas = Canvas(d.app.size)
    d.scene.draw(canvas, 0.0)
    return " ".join(t.words for t in canvas.visible_texts())


@pytest.mark.parametrize(
    ("item", "phrases"),
    [
        ("Host a LAN game", ("Left/Right to change", "A to choose", "B goes back")),
        ("Join a LAN game", ("D-pad to move", "A to choose", "B goes back")),
        ("Host a party", ("Left/Right to change", "A to choose", "B goes back")),
        ("Settings", ("Left/Right to change", "A to choose", "B goes back")),
    ],
)
def test_every_menu_screen_says_what_the_pads_buttons_do(
    d: Driver, item: str, phrases: tuple[str, ...]
) -> None:
    """The LAN, party and settings screens said nothing of the buttons: a pad's B had to be
    guessed to get back to the title, left and right to change a row."""
    choose(d, item)
    assert d.name is not SceneName.TITLE
    words = shown(d)
    for phrase in phrases:
        assert phrase in words
    assert "F11" not in words  # a pad has no keyboard to press it on
    d.key(pygame.K_F1)  # a key: the line names the keyboard's keys from now on
    assert "Escape goes back" in shown(d)


def test_the_first_moves_say_what_moves_the_cursor_and_reaches_the_buttons(d: Driver) -> None:
    """The board shows no cursor until a direction is pressed, and nothing said what moves
    it, or that Start reaches Undo and Menu: each side's first move says both."""
    choose(d, "Play on this couch")
    choose(d, "Start")
    assert d.name is SceneName.PLAY
    for token in ("1-2", "5-6"):  # X's first move, then O's
        words = shown(d)
        assert "D-pad moves the cursor, A picks a cell." in words
        assert "Start reaches Undo, Save and Menu." in words
        play(d, d.scene.variant, token)
    assert d.scene.moves == ("1-2", "5-6")
    assert "D-pad moves" not in shown(d)  # learnt by now: the panel's room is the moves'


def test_the_new_game_and_results_screens_say_what_the_pads_buttons_do(d: Driver) -> None:
    """As the title does: a sofa with only a pad must learn there that left and right change
    an option, and where B goes."""
    choose(d, "Play on this couch")
    assert d.name is SceneName.SETUP
    words = shown(d)
    for phrase in ("D-pad to move", "Left/Right to change", "A to choose", "B goes back"):
        assert phrase in words
    final = Record(make_variant("goff"), list(GAMES["goff"])).final()
    seats: dict[Player, str | None] = {Player.X: None, Player.O: None}
    d.app.go(
        SceneName.RESULTS, variant=final.variant, seats=seats, moves=GAMES["goff"], position=final
    )
    d.frames(2)
    words = shown(d)
    assert "A to choose" in words and "B goes to the menu" in words
    d.key(pygame.K_DOWN)  # the keyboard's keys, once it is used
    assert "Escape goes to the menu" in shown(d)


def test_an_empty_replays_list_says_how_a_pad_saves_a_game(d: Driver) -> None:
    """With no game saved, the list said "Ctrl+S" to a sofa holding only a pad."""
    choose(d, "Replays")
    d.until(lambda: d.scene.saved.entries is not None)
    words = shown(d)
    assert "Start, then Save beside the board" in words and "Ctrl+S" not in words
    d.key(pygame.K_F1)  # a key: the keyboard's shortcut from now on
    assert "Ctrl+S" in shown(d)
