"""The tutorial, played in the real window by mouse, keys and a pad, wrong clicks included."""

from __future__ import annotations

import pygame

from game.client.scene import SceneName
from game.client.scenes.tutorial import GOFF_EXAMPLE, LESSONS
from game.records import Record
from game.rules import Goff, Position, make_variant
from tests.client.driver import Driver


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
    d.click(d.scene.buttons()["next"].center)


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
    d.post(pygame.MOUSEMOTION, pos=d.mark_center(pos, 4, 4), rel=(0, 0), buttons=(0, 0, 0))
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
    d.click(d.scene.buttons()["back"].center)
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
    assert d.scene.next_hint() == "Click the board for step 2 of 5."  # the mouse spoke last
    d.key(pygame.K_LEFT)  # the keyboard speaks: the hint names its key
    assert d.scene.next_hint() == "Press Enter for step 2 of 5."
    d.click(d.cell_center(4))  # any cell: the click goes on, it places nothing
    assert not d.scene.done and d.scene.step == 1
    assert d.scene.pos == engine("goff", [GOFF_EXAMPLE[0]])
