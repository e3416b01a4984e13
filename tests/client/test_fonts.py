"""Characters Noto Sans lacks (emoji, Chinese, Japanese, Korean) drawn in the system's fonts
that have them, as a guest typed them on a phone: not as boxes."""

from __future__ import annotations

import os

import pygame
import pytest

from game.client import fonts

NO_FONT = "\U0010fffd"  # private use: no font draws it, each draws its box
EMOJI = "🎉"
HAN = "美"
KAF = "כ"  # Hebrew, written right to left


def _missing() -> str | None:
    pygame.font.init()
    if all(any(fonts.has(path, c) for path in fonts.stand_in_paths()) for c in (EMOJI, HAN, KAF)):
        return None
    return (
        "no emoji, CJK or Hebrew font here "
        "(apt-get install fonts-noto-color-emoji fonts-noto-cjk fonts-dejavu-core)"
    )


@pytest.fixture
def stand_ins() -> None:
    why = _missing()
    if why:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI installs the stand-in fonts: {why}")
        pytest.skip(why)


def look(image: pygame.Surface) -> tuple[tuple[int, int], bytes]:
    return image.get_size(), pygame.image.tobytes(image, "RGBA")


def colours(image: pygame.Surface) -> set[tuple[int, int, int]]:
    """The opaque colours of ``image``, as a reader sees them."""
    w, h = image.get_size()
    seen = (image.get_at((x, y)) for x in range(w) for y in range(h))
    return {(c.r, c.g, c.b) for c in seen if c.a > 200}


WHITE = (255, 255, 255)


def test_emoji_and_chinese_are_drawn_not_boxed(stand_ins: None) -> None:
    face = fonts.font(40)
    box = face.render(NO_FONT, True, WHITE)
    for c in (EMOJI, HAN):
        assert look(face.render(c, True, WHITE)) != look(box), c
    # The emoji in its own colours beside white text; the line as tall as the font's.
    party = face.render(f"Mei {EMOJI}", True, WHITE)
    assert party.get_height() == face.get_height()
    assert any(max(c) - min(c) > 100 for c in colours(party))


def test_a_line_measures_as_wide_as_it_is_drawn(stand_ins: None) -> None:
    for bold in (False, True):
        face = fonts.font(33, bold)
        for words in (f"Mei {EMOJI}", f"{HAN}玲 vs Zoë", "👩\u200d💻 Ada", "ש", NO_FONT, "Ann"):
            assert face.size(words) == face.render(words, True, WHITE).get_size(), words


def test_joined_emoji_and_skin_tones_stay_one_glyph(stand_ins: None) -> None:
    coder = "👩\u200d💻"
    thumb = "👍🏽"
    parts = fonts.runs(f"{coder} {thumb}")
    assert [run for run, _ in parts] == [coder, " ", thumb]
    assert parts[0][1] is not None and parts[0][1] == parts[2][1]
    face = fonts.font(40)
    # One glyph, as wide as one emoji: not a woman and a laptop side by side.
    assert face.size(coder)[0] == face.size(EMOJI)[0]


def test_right_to_left_words_read_right_to_left(stand_ins: None) -> None:
    # "Cohen": its first letter, kaf, is its rightmost; SDL_ttf lays out left to right unless
    # told, which put kaf first on the left.
    face = fonts.font(48)
    cohen = face.render("כהן", True, WHITE)
    kaf = face.render(KAF, True, WHITE)
    w, h = kaf.get_size()
    right = cohen.subsurface((cohen.get_width() - w, 0, w, h))
    assert look(right.copy()) == look(kaf)
    # Two words are one run: side by side left to right they would read "Cohen David".
    assert fonts.runs("Ann vs דוד כהן") == [
        ("Ann vs ", None),
        ("דוד כהן", fonts.runs(KAF)[0][1]),
    ]
    assert fonts.right_to_left("سلام") == "Arab" and fonts.right_to_left("Ann") is None


def test_what_noto_sans_draws_is_drawn_as_before() -> None:
    pygame.font.init()
    face = fonts.font(40, True)
    for words in ("Ann · 5×5 bonus", "Zoë wins 21–6…", NO_FONT, "\u0301accent first"):
        alone = pygame.font.Font.render(face, words, True, WHITE)
        assert look(face.render(words, True, WHITE)) == look(alone), words
    assert fonts.runs("Zoë · 5×5") == [("Zoë · 5×5", None)]
