"""The tutorial, played in the real window by mouse, keys and a pad, wrong clicks included."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.client.canvas import Canvas
from game.client.intents import Device
from game.client.scene import SceneName
from game.client.scenes.lesson_panel import CONTROLS
from game.client.scenes.lesson_progress import progress_file
from game.client.scenes.lesson_words import next_hint
from game.client.scenes.lessons import GOFF_EXAMPLE, LESSONS
from game.records import Record
from game.rules import Goff, Position, make_variant
from tests.client.driver import DOWN, LEFT, RIGHT, START, UP, A, B, Driver


def open_tutorial(d: Driver) -> None:
    """From the title screen, by keys: down to "Tutorial", Enter."""
    assert d.name is SceneName.TITLE
    d.choose("Tutorial")
    assert d.name is SceneName.TUTORIAL


def engine(
    variant_name: str, tokens: list[str], options: dict[str, object] | None = None
) -> Position:
    return Record(make_variant(variant_name, options), list(tokens)).final()


def next_button(d: Driver) -> None:
    d.click(d.scene.panel.buttons(d.app.size)["next"].center)


PAD = 3  # the SDL instance id of a pretend controller


def focused(d: Driver) -> str | None:
    """The label of the button with the focus, or None while the focus is on the board."""
    menu = d.scene.panel.menu
    return menu.items[menu.focus].label if 0 <= menu.focus < len(menu.items) else None


def test_goffs_example_by_mouse_ends_where_the_engine_does(driver: Driver) -> None:
    d = driver
    open_tutorial(d)
    goff = Goff()
    start = d.scene.pos
    # A wrong cell first: refused in words, and the board is unchanged.
    d.click(d.cell_center(6))
    assert d.scene.message.refused
    assert "Not cell 7" in d.scene.message.text and "cells 1 and 2" in d.scene.message.text
    assert d.scene.pos == start and d.scene.picked is None
    for token in GOFF_EXAMPLE:
        assert not d.scene.done
        d.play(goff, token, "mouse")
        assert d.scene.done, d.scene.message
        next_button(d)
    pos = d.scene.pos
    assert pos == engine("goff", list(GOFF_EXAMPLE))
    assert pos.awaiting_collapse and set(pos.cycle()) == {1, 2, 4}
    # X3 is a stem: clicking it chooses nothing.
    d.click(d.mark_center(pos, 3, 8))
    assert d.scene.message.refused and "not on the cycle" in d.scene.message.text
    assert d.scene.pos == pos
    # Pointing at O4 in cell 5 previews that outcome; clicking it makes it.
    d.post(pygame.MOUSEMOTION, pos=d.mark_center(pos, 4, 4), rel=(1, 0), buttons=(0, 0, 0))
    assert dict(d.scene.look().preview) == {0: 1, 1: 2, 4: 4, 8: 3}
    d.play(goff, "4@5", "mouse")
    d.settle(2)
    final = d.scene.pos
    assert final == engine("goff", [*GOFF_EXAMPLE, "4@5"])
    assert final.cells[8] == 3  # X3 fell into 9 as a stem
    assert "stem" in d.scene.message.text
    assert not d.scene.effects.busy


def test_the_other_collapse_by_keys_also_sends_x3_to_9(driver: Driver) -> None:
    d = driver
    open_tutorial(d)
    goff = Goff()
    for token in GOFF_EXAMPLE:
        d.play(goff, token, "keys")
        d.key(pygame.K_RETURN)  # Next
    d.play(goff, "4@1", "keys")  # O4 classical in cell 1: not the outcome of the record example
    final = d.scene.pos
    assert final == engine("goff", [*GOFF_EXAMPLE, "4@1"])
    assert final != engine("goff", [*GOFF_EXAMPLE, "4@5"])
    assert final.cells[8] == 3


def test_every_lesson_by_pad_to_the_setup_screen(driver: Driver) -> None:
    d = driver
    open_tutorial(d)
    for number, lesson in enumerate(LESSONS):
        assert d.scene.lesson == number
        tokens = list(lesson.setup)
        for step in lesson.steps:
            variant = d.scene.variant
            d.play(variant, step.expect, "pad")
            assert d.scene.done, (lesson.title, d.scene.message)
            tokens.append(step.expect)
            assert d.scene.pos == engine(lesson.variant, tokens, dict(lesson.options))
            d.settle(1.5)
            d.button(pygame.CONTROLLER_BUTTON_A)  # Next
    assert d.name is SceneName.SETUP


def test_the_boards_a_step_plays_in_are_drawn_large(driver: Driver) -> None:
    """On the boards of mini-boards, the cells each step's move goes in are drawn at the
    board's largest size, before the move and while its first half is held: Ultimate's
    step sends its pair to boards the last move is not in (they were drawn small, labels
    and all)."""
    d = driver
    for number, lesson in enumerate(LESSONS):
        if lesson.variant not in ("squared", "ultimate"):
            continue
        d.app.go(SceneName.TUTORIAL, lesson=number)
        d.frames(1)
        for step in lesson.steps:
            variant = d.scene.variant
            cells = list(variant.parse_token(step.expect))
            for held in (False, True):
                if held:
                    d.pick(cells[0], "mouse")
                    assert d.scene.picked == cells[0], d.scene.message
                layout = d.scene.layout()
                largest = max(rect.width for rect in layout.cells)
                for cell in cells:
                    assert layout.cells[cell].width == largest, (lesson.title, step.expect, held)
            d.pick(cells[1], "mouse")
            assert d.scene.done, d.scene.message
            next_button(d)


def test_only_boards_the_rules_rule_out_are_shaded_and_the_rest_ringed(driver: Driver) -> None:
    """Where any open cell may take the next half (Squared's first step), no mini-board is
    ringed as the mover's: every one was, as if O had won them all. Ultimate's sent boards
    are still ringed, and Goff's board with nothing ruled out is left alone."""
    d = driver
    titles = [lesson.title for lesson in LESSONS]
    for title, rings in (
        ("Goff's example: two places at once", None),
        ("Squared: nine boards", None),
        ("Ultimate: the sending rule", {"3", "7"}),
    ):
        d.app.go(SceneName.TUTORIAL, lesson=titles.index(title))
        d.frames(1)
        allowed = d.scene.look().allowed
        if rings is None:
            assert allowed is None, title
        else:
            label = d.scene.variant.label
            assert allowed and {label(cell).split(".")[0] for cell in allowed} == rings


def test_refusals_say_why_and_change_nothing(driver: Driver) -> None:
    d = driver
    open_tutorial(d)
    d.key(pygame.K_PAGEDOWN)  # skip the example: the last move
    pos = d.scene.pos
    assert pos.open_cells() == (6,)
    d.click(d.cell_center(0))
    assert d.scene.message.text == "Cell 1 is classical: no new mark may go there."
    d.click(d.cell_center(6))
    assert d.scene.picked == 6
    d.key(pygame.K_ESCAPE)  # takes the half back, stays in the tutorial
    assert d.scene.picked is None and d.name is SceneName.TUTORIAL
    assert d.scene.pos == pos

    d.key(pygame.K_PAGEDOWN)  # scoring: the outcome with X's row alone is refused
    pos = d.scene.pos
    wrong = next(a for a, _ in pos.collapse_outcomes() if a != pos.check(Goff().parse_token("7@2")))
    d.click(d.mark_center(pos, wrong.mark, wrong.cell))
    assert d.scene.message.refused and "X alone" in d.scene.message.text
    assert d.scene.pos == pos and not d.scene.done

    for _ in range(3):
        d.key(pygame.K_PAGEDOWN)  # shared, n×n, then Squared
    squared = d.scene.variant
    assert squared.name == "squared"
    pos = d.scene.pos
    d.click(d.cell_center(squared.parse_cell("1.5")))
    d.click(d.cell_center(squared.parse_cell("2.5")))  # boards 1 and 2 are joined by X1
    assert d.scene.message.text == "Mark 1 already joins mini-boards 1 and 2."
    assert d.scene.pos == pos and d.scene.picked == squared.parse_cell("1.5")
    d.click(d.cell_center(squared.parse_cell("5.5")))
    assert d.scene.done

    # Next is closed until the step is made; Back goes a step back; Escape twice leaves.
    d.key(pygame.K_PAGEDOWN)
    next_button(d)
    assert d.scene.lesson == len(LESSONS) - 1 and d.scene.message.refused
    d.play(d.scene.variant, LESSONS[-1].steps[0].expect, "mouse")
    next_button(d)
    assert d.scene.step == 1
    d.click(d.scene.panel.buttons(d.app.size)["back"].center)
    assert (d.scene.step, d.scene.done) == (0, False)
    assert d.scene.pos == engine("ultimate", list(LESSONS[-1].setup))
    d.key(pygame.K_PAGEUP)  # at a lesson's start: the lesson before
    assert d.scene.lesson == len(LESSONS) - 2 and not d.scene.done
    d.key(pygame.K_ESCAPE)  # one press too many must not lose the lesson: it asks
    assert d.name is SceneName.TUTORIAL
    assert d.scene.message.text == "Press Escape again to leave the tutorial"
    d.key(pygame.K_ESCAPE)
    assert d.name is SceneName.TITLE


def test_lessons_ask_only_for_what_their_position_allows() -> None:
    for lesson in LESSONS:
        variant = lesson.make_variant()
        pos = Record(variant, list(lesson.setup)).final()
        for step in lesson.steps:
            assert not pos.is_over, lesson.title
            action = pos.check(variant.parse_token(step.expect))
            if not step.any_legal and len(pos.legal_actions()) > 1:
                assert step.why, (
                    f"{lesson.title}: a step with one right answer says why others fail"
                )
            pos = pos.play(action)


def test_a_click_on_the_board_after_a_step_goes_on_to_the_next(driver: Driver) -> None:
    d = driver
    open_tutorial(d)
    d.play(Goff(), GOFF_EXAMPLE[0], "mouse")
    assert d.scene.done and d.scene.step == 0
    assert next_hint(d.scene.moment()) == "Click the board for step 2 of 5."  # the mouse spoke last
    d.key(pygame.K_LEFT)  # the keyboard speaks: the hint names its key
    assert next_hint(d.scene.moment()) == "Press Enter for step 2 of 5."
    d.click(d.cell_center(4))  # any cell: the click goes on, it places nothing
    assert not d.scene.done and d.scene.step == 1
    assert d.scene.pos == engine("goff", [GOFF_EXAMPLE[0]])


def test_a_pads_d_pad_steps_off_the_board_onto_back_and_next(driver: Driver) -> None:
    d = driver
    open_tutorial(d)
    goff = Goff()
    d.play(goff, GOFF_EXAMPLE[0], "pad", PAD)
    assert d.scene.done
    # The step is made: the board takes no more moves, so any press of the d-pad goes to Next.
    d.button(UP, PAD)
    assert focused(d) == "Next"
    d.button(A, PAD)
    assert (d.scene.step, d.scene.done) == (1, False)
    assert focused(d) is None  # Next is closed again: the focus is back on the board
    pad = d.app.input.pad_of(PAD)
    cell = d.scene.cursors[pad]
    d.button(DOWN, PAD)  # the cursor moves on the board as before
    assert d.scene.cursors[pad] != cell and focused(d) is None

    # Right held: to the board's right edge, and no further.
    d.cursor_to(1, PAD, "pad")
    d.hold(RIGHT, PAD)
    d.settle(1.0)
    assert d.scene.cursors[pad] == 2 and focused(d) is None
    d.post(pygame.CONTROLLERBUTTONUP, instance_id=PAD, button=RIGHT)
    # Pressed, right off the edge: the buttons beside it, on Back (Next is closed).
    d.button(RIGHT, PAD)
    assert focused(d) == "Back" and d.scene.cursors[pad] == 2
    assert 2 not in {cell for cell, _ in d.scene.look().cursors}  # one focus shows, not two
    d.button(RIGHT, PAD)  # the closed Next is stepped over: the focus stays
    assert focused(d) == "Back"
    d.button(B, PAD)  # back to the board, not a step towards leaving
    assert focused(d) is None and d.scene.message is None
    d.button(RIGHT, PAD)
    d.button(LEFT, PAD)
    assert focused(d) == "Lesson 1"
    d.button(LEFT, PAD)  # off the buttons' left edge: the board again, the cursor where it was
    assert focused(d) is None and d.scene.cursors[pad] == 2
    d.button(LEFT, PAD)
    assert d.scene.cursors[pad] == 1
    d.button(START, PAD)  # Start goes to the buttons too, as on the play screen
    assert focused(d) == "Back"
    d.button(A, PAD)  # Back: step 1 again, where Back closes and the focus goes home
    assert (d.scene.lesson, d.scene.step, d.scene.done) == (0, 0, False)
    assert focused(d) is None


def test_under_the_board_the_buttons_are_a_step_down(tmp_path: Path) -> None:
    d = Driver(tmp_path, (720, 1280))  # a window taller than wide: the lesson is under the board
    try:
        open_tutorial(d)
        d.play(Goff(), GOFF_EXAMPLE[0], "pad", PAD)
        d.button(A, PAD)  # Next: step 2
        d.cursor_to(7, PAD, "pad")
        d.button(DOWN, PAD)  # off the bottom edge
        assert focused(d) == "Back"
        d.button(UP, PAD)
        assert focused(d) is None and d.scene.cursors[d.app.input.pad_of(PAD)] == 7
    finally:
        d.close()


def test_the_focus_is_the_pad_that_took_it(driver: Driver) -> None:
    """On a couch with two pads, the other pad's A still plays on the board."""
    d = driver
    open_tutorial(d)
    d.play(Goff(), GOFF_EXAMPLE[0], "pad", PAD)
    d.button(A, PAD)  # Next: step 2
    d.button(START, PAD)
    assert focused(d) == "Back"
    d.play(Goff(), GOFF_EXAMPLE[1], "pad", PAD + 1)
    assert d.scene.done and focused(d) == "Back"
    d.button(RIGHT, PAD)
    assert focused(d) == "Next"
    d.button(A, PAD)
    assert (d.scene.step, d.scene.done) == (2, False)


def test_the_buttons_focus_goes_with_a_pad_unplugged(driver: Driver) -> None:
    d = driver
    open_tutorial(d)
    d.play(Goff(), GOFF_EXAMPLE[0], "pad", PAD)
    d.button(START, PAD)
    assert focused(d) == "Next"
    d.post(pygame.CONTROLLERDEVICEREMOVED, instance_id=PAD)
    assert focused(d) is None  # the board's again: no ring on a button nobody holds


def test_the_footer_says_how_a_pad_reaches_the_buttons(driver: Driver) -> None:
    d = driver
    open_tutorial(d)
    d.play(Goff(), GOFF_EXAMPLE[0], "pad", PAD)
    assert d.app.input.device is Device.PAD
    on_board = d.scene.panel.controls(d.app.device)
    assert "Start" in on_board and "LB/RB" in on_board
    d.button(RIGHT, PAD)
    assert focused(d) == "Next"
    on_buttons = d.scene.panel.controls(d.app.device)
    assert on_buttons != on_board and "B: board" in on_buttons


@pytest.mark.parametrize(
    "size", [(1280, 720), (1000, 1000), (1024, 768)], ids=["wide", "square", "four-three"]
)
def test_every_line_of_controls_fits_the_footer(tmp_path: Path, size: tuple[int, int]) -> None:
    """A line too wide for the lesson's panel is not drawn at all: each one, for each device
    on the board and on the buttons, is on the screen. Lines break between whole controls:
    "Esc: menu" was once "Esc:" at the end of one line and "menu" the next."""
    d = Driver(tmp_path, size)
    shown = set()

    def look() -> None:
        canvas = Canvas(d.app.size)
        d.scene.draw(canvas, 0.0)
        # On one line, or on a few read top to bottom (a square window's panel is narrow),
        # each a run of whole controls.
        texts = sorted(canvas.visible_texts(), key=lambda t: t.rect.y)
        controls = d.scene.panel.controls(d.app.device)
        lines = [t.words for t in texts if len(t.words) > 3 and t.words in controls]
        assert controls == " · ".join(lines)
        shown.add(controls)

    try:
        open_tutorial(d)
        d.key(pygame.K_PAGEDOWN)  # a lesson with Back open
        look()
        d.key(pygame.K_TAB)
        look()
        d.key(pygame.K_ESCAPE)
        d.button(START, PAD)
        look()
        d.button(B, PAD)
        look()
        d.click((1, 1))  # the window's corner: nothing there
        look()
    finally:
        d.close()
    assert shown == set(CONTROLS.values())


def leave(d: Driver) -> None:
    """B twice: the tutorial asks before it is left."""
    d.button(B, PAD)
    d.button(B, PAD)
    assert d.name is SceneName.TITLE


def test_the_lesson_left_at_is_where_the_tutorial_opens_again(tmp_path: Path) -> None:
    d = Driver(tmp_path)
    try:
        open_tutorial(d)
        for _ in range(3):
            d.button(pygame.CONTROLLER_BUTTON_RIGHTSHOULDER, PAD)
        assert d.scene.lesson == 3
        leave(d)
        open_tutorial(d)
        assert (d.scene.lesson, d.scene.step) == (3, 0)
    finally:
        d.close()
    d = Driver(tmp_path)  # the game started again: the lesson is still kept
    try:
        open_tutorial(d)
        assert d.scene.lesson == 3
        # The way back to the beginning is on the screen, and said beside the lesson.
        assert "Lesson 1" in d.scene.paras(d.app.palette, 0, False)[-1].words
        d.button(START, PAD)
        assert focused(d) == "Back"  # Next is shut until the step is made
        d.button(LEFT, PAD)
        assert focused(d) == "Lesson 1"
        d.button(A, PAD)
        assert (d.scene.lesson, d.scene.step, d.scene.done) == (0, 0, False)
        leave(d)
        open_tutorial(d)
        assert d.scene.lesson == 0
    finally:
        d.close()


def test_a_finished_tutorial_opens_at_the_beginning(driver: Driver) -> None:
    d = driver
    open_tutorial(d)
    for _ in range(len(LESSONS) - 1):
        d.button(pygame.CONTROLLER_BUTTON_RIGHTSHOULDER, PAD)
    for step in LESSONS[-1].steps:
        d.play(d.scene.variant, step.expect, "pad", PAD)
        d.settle(1.0)
        if not d.scene.is_last():
            d.button(A, PAD)  # Next
    assert d.scene.done  # finished, and left without a game
    leave(d)
    open_tutorial(d)
    assert d.scene.lesson == 0
    d.key(pygame.K_PAGEUP)  # at the first lesson: its start, nothing before it
    for _ in range(len(LESSONS)):
        d.key(pygame.K_PAGEDOWN)  # past the last lesson: on to a game of one's own
    assert d.name is SceneName.SETUP
    d.key(pygame.K_ESCAPE)
    open_tutorial(d)
    assert d.scene.lesson == 0


def test_a_damaged_progress_file_opens_at_lesson_1(driver: Driver) -> None:
    d = driver
    open_tutorial(d)
    d.key(pygame.K_PAGEDOWN)
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_ESCAPE)
    path = progress_file()
    assert json.loads(path.read_text()) == {"lesson": 1}
    for damaged in (
        b"",
        b"{not json",
        b"\xff\xfe\x00",
        b"[1]",
        b"3",
        b'{"lesson": "3"}',
        b'{"lesson": true}',
        b'{"lesson": 2.5}',
        b'{"lesson": -1}',
        b'{"lesson": 99}',
        b'{"lessons": 3}',
        b"[" * 100_000,
    ):
        path.write_bytes(damaged)
        open_tutorial(d)
        assert (d.scene.lesson, d.scene.step) == (0, 0), damaged
        d.key(pygame.K_ESCAPE)
        d.key(pygame.K_ESCAPE)
    path.unlink()
    path.mkdir()  # a folder where the file should be: read nor written, and no crash
    open_tutorial(d)
    d.key(pygame.K_PAGEDOWN)
    assert d.scene.lesson == 1


def test_a_pads_cursor_first_shows_on_the_cell_the_step_asks_for(driver: Driver) -> None:
    # "Pick cell 7, then cell 7 again": pressed as said, A three times (the first shows the
    # cursor), the lesson is made; a cursor shown on classical cell 1 only refused the pick.
    d = driver
    open_tutorial(d)
    d.key(pygame.K_PAGEDOWN)
    assert d.scene.current.expect == "7-7"
    d.button(pygame.CONTROLLER_BUTTON_A)
    assert d.scene.cursors == {1: 6}
    d.button(pygame.CONTROLLER_BUTTON_A)
    d.button(pygame.CONTROLLER_BUTTON_A)
    assert d.scene.done, d.scene.message
    # A step that takes any legal move shows it on a cell the rules let a move use.
    d.key(pygame.K_PAGEDOWN)
    while d.scene.variant.name != "ultimate":
        d.key(pygame.K_PAGEDOWN)
    d.button(pygame.CONTROLLER_BUTTON_A)
    (cell,) = d.scene.cursors.values()
    assert any(cell in a for a in d.scene.pos.legal_actions())
