"""The on-screen keyboard: keys typed by mouse or pad, real keys, and how typing ends."""

from __future__ import annotations

import pygame

from game.client.intents import (
    KEYBOARD,
    Activate,
    Cancel,
    Click,
    Erase,
    Navigate,
    Start,
    Text,
    Undo,
)
from game.client.keyboard import ADDRESS_CHARS, DONE, NAME_CHARS, ROWS, SHIFT, Done, TextField
from tests.client.driver import Driver

SCREEN = pygame.Rect(0, 0, 1280, 720)


def key_center(field: TextField, label: str) -> tuple[int, int]:
    for row, rects in zip(ROWS, field.key_rects(SCREEN), strict=True):
        for (key, _), rect in zip(row, rects, strict=True):
            if key == label:
                return rect.center
    raise KeyError(label)


def test_keys_clicked_typed_and_walked(driver: Driver) -> None:
    field = TextField("", limit=6)
    assert field.handle(Click(key_center(field, "a")), SCREEN) is None
    field.handle(Click(key_center(field, SHIFT)), SCREEN)
    field.handle(Click(key_center(field, "d")), SCREEN)
    assert field.text == "aD"
    field.handle(Text("a 9!"), SCREEN)  # "!" is not a name's character
    assert field.text == "aDa 9"
    field.handle(Erase(), SCREEN)
    # The pad: the focus walks the keys (wrapping along a row), A presses the one under it.
    field.row, field.col = 0, 9  # "0"
    field.handle(Navigate(1, 0, 1), SCREEN)
    assert (field.row, field.col) == (0, 0)
    field.handle(Navigate(0, -1, 1), SCREEN)  # up from "1" wraps round to the wide Shift key
    assert ROWS[field.row][field.col][0] == SHIFT
    field.handle(Navigate(0, 1, 1), SCREEN)  # and back down to "1", not to "2"
    field.handle(Activate(1), SCREEN)
    assert field.text == "aDa 1"
    field.handle(Text("xyz"), SCREEN)
    assert field.text == "aDa 1x"  # the limit
    assert field.handle(Click(key_center(field, DONE)), SCREEN) is Done.KEEP
    field.close()


def test_a_guess_is_replaced_by_what_is_typed_or_erased_whole(driver: Driver) -> None:
    # The system's user name offered as the player's: typing "Zo" after it made "RootZo".
    field = TextField("Root", guess=True)
    field.handle(Text("Zo"), SCREEN)
    assert field.text == "Zo" and not field.guess
    field.handle(Erase(), SCREEN)
    assert field.text == "Z"  # typed, not guessed: one character at a time
    field = TextField("Root", guess=True)
    field.handle(Text("!"), SCREEN)  # nothing typed that a name takes: the guess stays
    assert field.text == "Root" and field.guess
    field.handle(Click(key_center(field, SHIFT)), SCREEN)  # nor does Shift take it away
    field.handle(Click(key_center(field, "d")), SCREEN)
    assert field.text == "D"
    field = TextField("Root", guess=True)
    field.handle(Erase(), SCREEN)
    assert field.text == "" and not field.guess
    field.handle(Text("Zoe"), SCREEN)
    field.handle(Undo(), SCREEN)  # a pad's X: it erases, as B would drop the whole edit
    assert field.text == "Zo"
    assert TextField("Root", guess=True).handle(Start(1), SCREEN) is Done.KEEP  # kept as is
    field.close()


def test_how_typing_ends(driver: Driver) -> None:
    field = TextField("host", allowed=ADDRESS_CHARS)
    assert field.handle(Cancel(1), SCREEN) is Done.DROP  # B
    assert field.handle(Start(1), SCREEN) is Done.KEEP
    assert field.handle(Click((1, 1)), SCREEN) is Done.KEEP  # a click off the keyboard
    # Enter (an Activate from the keyboard) finishes at the end of the step, unless the
    # same frame typed a space: then it was the space bar.
    assert field.handle(Activate(KEYBOARD), SCREEN) is None
    assert field.update() is Done.KEEP
    field.handle(Activate(KEYBOARD), SCREEN)
    field.handle(Text(" "), SCREEN)
    assert field.update() is None and field.text == "host"  # no space in an address
    field.close()


def test_a_name_takes_the_letters_the_font_draws_and_says_what_it_left_out(driver: Driver) -> None:
    field = TextField("", limit=12)
    field.handle(Text("Zoë Ørsted"), SCREEN)  # typed, or composed from a dead key
    assert field.text == "Zoë Ørsted" and field.refused is None
    field.handle(Text("!"), SCREEN)
    assert field.text == "Zoë Ørsted" and field.refused == NAME_CHARS.said
    field.handle(Erase(), SCREEN)
    field.handle(Text("Δж中😀"), SCREEN)  # Greek and Cyrillic are drawn; CJK and emoji are not
    assert field.text == "Zoë ØrsteΔж" and field.refused == NAME_CHARS.said
    field.handle(Text("xy"), SCREEN)
    assert field.text == "Zoë ØrsteΔжx" and field.refused == "At most 12 characters"
    field.handle(Erase(), SCREEN)
    field.handle(Text("e\u0301"), SCREEN)  # an accent typed after its letter: one letter
    assert field.text == "Zoë ØrsteΔжé" and field.refused is None
    field.close()
    address = TextField("", allowed=ADDRESS_CHARS)
    address.handle(Text("hôst"), SCREEN)
    assert address.text == "hst" and address.refused == ADDRESS_CHARS.said
    address.close()
