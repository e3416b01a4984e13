"""Breaking text into lines: paragraphs (prose) or one paragraph (notices, statuses)."""

from __future__ import annotations

from itertools import pairwise

from game.client import fonts, theme

WORDS = "the quantum marks collapse into classical ones when a cycle closes"


def test_lines_fit_the_width_and_keep_every_word_in_order() -> None:
    face = theme.font(24)
    width = face.size("the quantum marks")[0]
    lines = theme.wrap(WORDS, 24, width)
    assert len(lines) > 2
    assert " ".join(lines) == WORDS
    assert all(face.size(line)[0] <= width for line in lines)
    # Greedy: no line could have taken the next line's first word.
    for line, following in pairwise(lines):
        assert face.size(f"{line} {following.split()[0]}")[0] > width


def test_a_word_wider_than_the_width_gets_a_line_of_its_own() -> None:
    assert theme.wrap("a entanglement b", 24, 5) == ("a", "entanglement", "b")


def test_one_paragraph_reads_a_line_break_as_a_space_and_prose_as_a_new_paragraph() -> None:
    wide = 10_000
    assert theme.wrap("who plays\nnext  up", 24, wide) == ("who plays next up",)
    assert fonts.wrap("who plays\nnext  up", theme.font(24), wide) == ["who plays", "next up"]
    assert fonts.wrap("one\n\ntwo", theme.font(24), wide) == ["one", "", "two"]


def test_no_words_is_one_empty_line() -> None:
    assert theme.wrap("", 24, 100) == ("",)
    assert theme.wrap(" \n ", 24, 100) == ("",)


def test_wrapped_shrinks_to_its_lines_then_cuts_the_last_with_an_ellipsis() -> None:
    face = theme.font(24)
    width = face.size("the quantum marks")[0]
    # Room at the size asked: the lines wrap gives.
    assert theme.wrapped(WORDS, 24, width, 20, 9) == (theme.wrap(WORDS, 24, width), 24)
    # Two lines only: smaller, down to the least size, then what is left out ends in "…".
    lines, size = theme.wrapped(WORDS, 24, width, 20, 2)
    assert size == 20 and len(lines) == 2 and lines[-1].endswith("…")
    assert " ".join(lines).rstrip("…") in WORDS
    assert all(theme.font(size).size(line)[0] <= width for line in lines)
    # Even: a heading's name over what it does, not one short word left alone.
    heading = "Maximilianmorgan to play"
    room = theme.font(24, True).size("Maximilianmorgan to")[0]
    assert theme.wrapped(heading, 24, room, 24, 2, True) == (("Maximilianmorgan to", "play"), 24)
    evened = (("Maximilianmorgan", "to play"), 24)
    assert theme.wrapped(heading, 24, room, 24, 2, True, even=True) == evened


def test_a_cut_keeps_the_most_that_fits_however_long_the_words() -> None:
    face = theme.font(24)
    width = face.size("the quantum marks…")[0]
    assert theme.cut(WORDS, face, width) == "the quantum marks…"
    held = "seat O is held. Bo dropped"
    assert theme.cut(held, face, face.size("seat O is held.…")[0]) == "seat O is held…"
    long = theme.cut("x" * 5000, face, 300)  # a host's notice: measured a dozen times
    assert face.size(long)[0] <= 300 < face.size("x" + long)[0]


def test_phrases_break_only_between_them() -> None:
    controls = "Arrows, Enter: play · PgUp/PgDn: lessons · Esc: menu"
    face = theme.font(24)
    width = face.size("Arrows, Enter: play · PgUp/PgDn: lessons · Esc:")[0]
    assert theme.wrap_phrases(controls, 24, width) == (
        "Arrows, Enter: play · PgUp/PgDn: lessons",
        "Esc: menu",
    )
    assert theme.wrap_phrases(controls, 24, 10_000) == (controls,)
    assert theme.wrap_phrases(controls, 24, 5) == tuple(controls.split(" · "))


def test_whole_words_shrink_then_take_two_lines_then_break_inside_a_word_never_cut() -> None:
    bold = theme.font(40, True)
    name = "Maximiliana Bartholomew"
    # One line while it fits at a size down to the least: the largest such.
    wide = bold.size(name)[0]
    assert theme.whole(name, 48, wide, 40, True) == ((name,), 40)
    assert theme.whole(name, 48, 10_000, 40, True) == ((name,), 48)
    # Too wide even at the least: two lines, between words, at the size asked.
    room = theme.font(48, True).size("Bartholomew")[0]
    assert theme.whole(name, 48, room, 40, True) == (("Maximiliana", "Bartholomew"), 48)
    # One word too wide for a line: at the least size, after a hyphen, or else anywhere.
    hyphened = "Bartholomew-Maximiliana-Adalbert"
    room = bold.size("Bartholomew-Maximiliana-Ad")[0]
    assert theme.whole(hyphened, 48, room, 40, True) == (
        ("Bartholomew-Maximiliana-", "Adalbert"),
        40,
    )
    lines, size = theme.whole("W" * 32, 48, bold.size("W" * 10)[0], 40, True)
    assert size == 40 and lines == ("W" * 10, "W" * 10, "W" * 10, "WW")
    # A column narrower than one letter still shows every letter, one a line.
    assert theme.whole("Ada", 48, 1, 40, True) == (("A", "d", "a"), 40)
