"""Every screen readable from the sofa: each scene (every variant of play and the tutorial)
drawn at 1280×720, 1920×1080 and 3840×2160, on a portrait screen and in a square window, on a
recording canvas, and its layout checked.

No text under the type scale's floor for that screen, none outside the screen or over
other text, no button lower than the floor for buttons. Each state is drawn once per size
(by :class:`~game.client.snapshot.Studio`, the same code as ``qttt snapshot``).
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Iterator

import pytest

from game.client import theme
from game.client.canvas import Drawn
from game.client.snapshot import SCENES, Studio
from game.rules import VARIANTS

SIZES = (
    (1280, 720),
    (1920, 1080),
    (3840, 2160),
    (1080, 1920),
    (720, 1280),
    (1000, 1000),
    (1440, 1080),
)
EVERY_VARIANT = ("play", "tutorial")
STATES = tuple(
    (scene, variant)
    for scene in SCENES
    for variant in (sorted(VARIANTS) if scene in EVERY_VARIANT else ("goff",))
)

Layout = dict[tuple[str, str], tuple[list[Drawn], list[Drawn]]]  # state -> (texts, buttons)


@pytest.fixture(scope="module", params=SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def drawn(request: pytest.FixtureRequest) -> Iterator[tuple[tuple[int, int], Layout]]:
    size = request.param
    studio = Studio(size)
    try:
        found: Layout = {}
        for scene, variant in STATES:
            canvas = studio.shoot(scene, variant)
            found[(scene, variant)] = (canvas.visible_texts(), canvas.buttons)
        yield size, found
    finally:
        studio.close()


def _least(size: tuple[int, int], at_1080: int) -> int:
    return math.floor(at_1080 * theme.scale(size).unit)


def _where(state: tuple[str, str], d: Drawn) -> str:
    return f"{state[0]}/{state[1]}: {d.words!r} {tuple(d.rect)} {d.size}px"


def test_no_text_is_too_small_to_read(drawn: tuple[tuple[int, int], Layout]) -> None:
    size, found = drawn
    least = _least(size, theme.LEAST_TEXT)
    small = [_where(s, t) for s, (texts, _) in found.items() for t in texts if t.size < least]
    assert not small, f"text under {least}px:\n" + "\n".join(small)


def test_every_text_is_on_the_screen(drawn: tuple[tuple[int, int], Layout]) -> None:
    size, found = drawn
    w, h = size
    out = [
        _where(s, t)
        for s, (texts, _) in found.items()
        for t in texts
        if t.ink.width
        and not (t.ink.left >= 0 and t.ink.top >= 0 and t.ink.right <= w and t.ink.bottom <= h)
    ]
    assert not out, "text off the screen:\n" + "\n".join(out)


def test_no_text_covers_other_text(drawn: tuple[tuple[int, int], Layout]) -> None:
    _, found = drawn
    clashes = []
    for state, (texts, _) in found.items():
        inks = [(t, t.ink.inflate(-2, -2)) for t in texts if t.ink.width > 2 and t.ink.height > 2]
        for i, (a, ra) in enumerate(inks):
            for b, rb in inks[i + 1 :]:
                if ra.colliderect(rb):
                    clashes.append(f"{_where(state, a)}  x  {b.words!r} {tuple(b.rect)}")
    assert not clashes, "text over text:\n" + "\n".join(clashes)


def test_buttons_are_big_enough_to_aim_at(drawn: tuple[tuple[int, int], Layout]) -> None:
    size, found = drawn
    least = _least(size, theme.LEAST_BUTTON)
    low = [_where(s, b) for s, (_, buttons) in found.items() for b in buttons if b.size < least]
    assert not low, f"buttons under {least}px:\n" + "\n".join(low)


def test_no_button_cuts_its_words(drawn: tuple[tuple[int, int], Layout]) -> None:
    # A label cut with an ellipsis is for a name from outside (a table's), never a button's
    # own word: "U…" and "St…" hid Undo and Study once.
    _, found = drawn
    cut = [
        _where(s, t)
        for s, (texts, buttons) in found.items()
        for t in texts
        if t.words.endswith("…") and any(b.rect.collidepoint(t.rect.center) for b in buttons)
    ]
    assert not cut, "buttons with cut words:\n" + "\n".join(cut)


def test_every_scene_draws_words() -> None:
    """The checks above see something: every state draws text, and menus record buttons."""
    studio = Studio((1280, 720))
    try:
        title = studio.shoot("title")
        assert title.texts and title.buttons
        assert {b.words for b in title.buttons} >= {"Tutorial", "Settings"}
    finally:
        studio.close()


@pytest.mark.parametrize("size", SIZES[:2], ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_menu_shows_all_its_items_at_once(size: tuple[int, int]) -> None:
    # A row scrolled out of sight is found by no one (the title's Quit was, at every size,
    # where a pad on a TV has no close button to fall back on).
    studio = Studio(size)
    try:
        for scene in SCENES:
            canvas = studio.shoot(scene, "goff")
            menu = getattr(studio.app.scene, "menu", None)
            labels = [item.label for item in getattr(menu, "items", ())]
            shown = {b.words for b in canvas.buttons}
            assert [label for label in labels if label not in shown] == [], scene
    finally:
        studio.close()


@pytest.mark.parametrize(
    "size", [(400, 1920), (1920, 300), (480, 800)], ids=lambda s: f"{s[0]}x{s[1]}"
)
def test_every_screen_draws_in_a_window_of_any_shape(size: tuple[int, int]) -> None:
    # A window can be dragged to any shape: the big screen and the puzzles once raised in a
    # portrait one, where the column beside the board had no room left.
    studio = Studio(size)
    try:
        for scene in SCENES:
            for variant in ("goff", "ultimate"):
                shot = studio.shoot(scene, variant, settled=False)
                assert shot.get_size() == size, (scene, variant)
    finally:
        studio.close()


@pytest.mark.parametrize("scene", SCENES)
def test_a_portrait_screen_reads_as_large_as_a_landscape_one_as_wide(scene: str) -> None:
    # A sofa reads type by the screen's short side: a 1080×1920 TV on its side once got 0.56
    # of a 1080-line screen's type, the panel under the board half empty with small words.
    # Most lines are as large as on a 1920×1080 screen; a few fit the narrower width.
    drawn = []
    for size in ((1920, 1080), (1080, 1920)):
        studio = Studio(size)
        try:
            drawn.append({t.words: t.size for t in studio.shoot(scene).visible_texts()})
        finally:
            studio.close()
    wide, tall = drawn
    ratios = sorted(tall[words] / wide[words] for words in wide.keys() & tall.keys())
    assert ratios and ratios[len(ratios) // 2] >= 0.95, (scene, ratios)


def test_a_picture_is_the_same_however_busy_the_machine() -> None:
    # A replay's analysis is judged in a worker: on a busy machine the portrait test above
    # once compared a panel still judging with one judged (its lines fitted smaller).
    studio = Studio((1280, 720))
    try:
        quiet = studio.shoot("replay").visible_texts()
        for _ in range(2):  # the app's two workers, busy with something else for a moment
            studio.app.run_in_worker(lambda: time.sleep(0.5))
        busy = studio.shoot("replay").visible_texts()
        assert [(t.words, t.size, tuple(t.rect)) for t in busy] == [
            (t.words, t.size, tuple(t.rect)) for t in quiet
        ]
    finally:
        studio.close()


@pytest.mark.parametrize("size", [(1080, 1920), (720, 1280)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_tall_results_screen_shows_the_board_across_it(size: tuple[int, int]) -> None:
    # Beside the menu, the final board was a third of a portrait screen's width.
    studio = Studio(size)
    try:
        studio.shoot("results")
        scene = studio.app.scene
        board, menu, _ = scene._areas()  # type: ignore[attr-defined]
        shown = scene.view.layout(board).area  # type: ignore[attr-defined]
        assert shown.width >= size[0] * 0.6 and menu.top > shown.bottom
    finally:
        studio.close()


def _title_gaps(high_contrast: bool) -> list[int]:
    """Columns between the title's cross and QUANTUM, and between TIC-TAC-TOE and its ring,
    at 1920×1080: where no pixel is within reach of the mark's own colour."""
    from game.client.settings import Settings
    from game.client.theme import palette_for

    palette = palette_for(high_contrast)
    studio = Studio((1920, 1080), Settings(player_name="Ada", high_contrast=high_contrast))
    try:
        canvas = studio.shoot("title")
        words = studio.app.scene.moving((1920, 1080), studio.app.time)[:2]
        gaps = []
        for band, color, icon_first in ((words[0], palette.x, True), (words[1], palette.o, False)):
            lit = [
                x
                for x in range(canvas.get_width())
                if any(
                    max(abs(a - b) for a, b in zip(canvas.get_at((x, y))[:3], color, strict=True))
                    < 40
                    for y in range(max(band.top, 0), band.bottom, 2)
                )
            ]
            runs = [b - a for a, b in itertools.pairwise(lit) if b - a > 1]
            gaps.append(runs[0] if icon_first else runs[-1])
        return gaps
    finally:
        studio.close()


def test_the_title_s_marks_keep_their_distance_from_its_words_in_high_contrast() -> None:
    # The halo pads the words' picture and set the marks' distance: with none (high
    # contrast) the cross touched QUANTUM and the ring TIC-TAC-TOE.
    normal, high = _title_gaps(False), _title_gaps(True)
    assert all(h >= n - 2 for n, h in zip(normal, high, strict=True)), (normal, high)
