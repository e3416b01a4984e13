"""The panel of a game awaiting a collapse, at every window shape from 9:16 through 1:1 to
21:9 and the living room's sizes: the two previews under the panel's words, large enough to
read from the sofa, their labels whole, and the collapse show's banner off the players."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.client import theme
from game.client.board_layout import boards_in_play
from game.client.board_view import BoardView, Look
from game.client.canvas import Canvas
from game.client.previews import Previews
from game.client.still import Still
from game.client.theme import NORMAL
from game.client.widgets import ring_reach
from game.records import Record
from game.rules import Player, make_variant
from tests.client.driver import LEFT, RIGHT, Driver
from tests.client.test_play import start

SHAPES = (
    (1080, 1920),  # 9:16
    (720, 1280),
    (700, 1000),
    (800, 1050),
    (1000, 1050),
    (1000, 1000),  # 1:1
    (1024, 768),
    (1440, 1080),
    (1280, 720),  # the living room's: 720p, 1080p, 4K
    (1920, 1080),
    (3840, 2160),
    (2520, 1080),  # 21:9
)
CYCLE = ["1-5", "2-3", "5-9", "4-6", "1-9"]  # X5 closes 1-5-9: O chooses
READABLE = 200  # a preview's side on a 1080-line screen, the least a sofa reads a board at


def _drawn(d: Driver) -> Canvas:
    canvas = Canvas(d.app.size)
    d.scene.still = Still()
    d.scene.draw(canvas, 0.0)
    return canvas


@pytest.mark.parametrize("size", SHAPES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_previews_stand_under_the_words_readable_and_whole(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    d = Driver(tmp_path, size=size)
    try:
        start(d, CYCLE)
        scene = d.scene
        assert scene.pos.awaiting_collapse and scene.pos.to_play is Player.O
        scene.picks.choice = 1  # the ring round one of them
        canvas = _drawn(d)
        hud = scene._areas()[1]
        rects = scene.panel.preview_rects(hud, scene._words())
        side = theme.scale(size).px(READABLE)
        assert all(r.width >= side for r in rects), f"previews {rects[0].size} under {side}px"
        reach = [ring_reach(r, size[1]) for r in rects]
        texts = canvas.visible_texts()
        labels = [t for t in texts if t.words.startswith("X5 in")]
        assert sorted(t.words for t in labels) == ["X5 in cell 1", "X5 in cell 9"]
        # Their own words: the labels, the numbers of the marks on their boards.
        theirs = [t for t in texts if t in labels or t.ink.collidelist(rects) >= 0]
        over = [t.words for t in texts if t not in theirs and t.ink.collidelist(reach) >= 0]
        assert not over, f"previews over {over}"
        assert labels[0].ink.collidelist([labels[1].ink, *rects]) < 0
        assert all(hud.contains(r) for r in reach)
    finally:
        d.close()


@pytest.mark.parametrize("size", SHAPES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_banner_of_a_collapse_leaves_the_players_to_be_seen_and_a_toast_it(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    d = Driver(tmp_path, size=size)
    try:
        start(d, CYCLE)
        scene = d.scene
        scene.picks.commit(scene.pos, 0)
        d.frames(2)
        assert scene.show.banner_up(scene.ctx.time)
        canvas = _drawn(d)
        shown = [t.words for t in canvas.visible_texts()]
        assert "O chose" in shown
        assert shown.count("Person") == 2 and shown.count("0") >= 2, shown  # names, scores
        d.key(pygame.K_ESCAPE)  # "Press Escape again to leave this game", over the show
        canvas = _drawn(d)
        at = max(i for i, drawn in enumerate(canvas.drawn) if drawn.kind == "cover")
        before = Canvas(canvas.get_size())
        before.drawn = canvas.drawn[:at]
        box = canvas.drawn[at].rect
        covered = [t.words for t in before.visible_texts() if t.ink.colliderect(box)]
        banner = scene.panel.banner_area(scene._areas()[1], scene._words())
        assert not box.colliderect(banner) and "O chose" not in covered, covered
    finally:
        d.close()


@pytest.mark.parametrize("size", SHAPES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_toast_while_a_cycle_is_announced_leaves_the_outcomes_to_be_seen(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """The banner "A cycle closes!" stays a moment after the board opens for the choice: a
    toast then (the waiting pad's A refused) went under it, over the top rows of both
    previews the chooser was looking at."""
    d = Driver(tmp_path, size=size)
    try:
        start(d, CYCLE[:-1])
        for pad in (10, 11):  # X's pad, then O's
            d.button(pygame.CONTROLLER_BUTTON_DPAD_UP, pad)
        d.play(d.scene.variant, CYCLE[-1], "pad", 10)  # X closes the cycle: O chooses
        d.ready()
        scene = d.scene
        assert scene.show.banner_up(scene.ctx.time) and scene.pos.awaiting_collapse
        d.button(pygame.CONTROLLER_BUTTON_A, 10)
        assert scene.message.text == "O chooses the collapse: X waits"
        canvas = _drawn(d)
        box = next(drawn.rect for drawn in reversed(canvas.drawn) if drawn.kind == "cover")
        hud = scene._areas()[1]
        reach = [ring_reach(r, size[1]) for r in scene.panel.preview_rects(hud, scene._words())]
        assert box.collidelist(reach) < 0, (box, reach)
    finally:
        d.close()


@pytest.mark.parametrize(
    ("key", "pad_button", "looked"),
    [(pygame.K_RIGHT, RIGHT, 1), (pygame.K_LEFT, LEFT, 0)],
    ids=["right", "left"],
)
def test_the_first_step_at_a_collapse_looks_at_the_outcome_on_its_side(
    tmp_path: Path, key: int, pad_button: int, looked: int
) -> None:
    d = Driver(tmp_path)
    try:
        for press in (lambda: d.key(key), lambda: d.button(pad_button)):
            start(d, CYCLE)
            assert d.scene.picks.choice is None
            press()
            d.frames(2)
            assert d.scene.picks.choice == looked
    finally:
        d.close()


def test_a_squared_preview_draws_the_mini_boards_of_the_cycle_large(driver: Driver) -> None:
    # The four marks of the cycle are all on mini-board 5: drawn as small as the other eight,
    # its marks were 13 px across in a 1080p preview.
    squared = make_variant("squared")
    pos = Record(squared, ["5.5-5.6", "5.6-5.9", "5.7-5.9", "5.5-5.7"]).final()
    assert pos.awaiting_collapse and boards_in_play(pos) == {4}
    previews = Previews(squared)
    rects = [pygame.Rect(0, 0, 300, 300), pygame.Rect(320, 0, 300, 300)]
    canvas = Canvas((640, 360))
    previews.draw(canvas, rects, pos, 0, NORMAL, 24)
    for rect, (_, after) in zip(rects, previews.outcomes(pos), strict=True):
        view = BoardView(squared)
        layout = view.layout(rect, frozenset({4}))
        assert layout.boards[4][0].width > 2 * layout.boards[0][0].width
        drawn = Canvas((640, 360))
        view.draw(drawn, layout, after, NORMAL, Look(show_labels=False, show_last=False))
        inside = layout.area.inflate(-40, -40)  # the panel's rounded corners let the rest show
        seen, expected = (
            pygame.image.tobytes(c.subsurface(inside), "RGB") for c in (canvas, drawn)
        )
        assert seen == expected
