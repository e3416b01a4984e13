"""The collapse is the show: the board pauses, a banner speaks, a bot is seen choosing, the
marks fly home slowly, and the result waits for them to land."""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.client.canvas import Canvas
from game.client.collapse_show import FULL, QUICK, Banner, CollapseShow
from game.client.scene import SceneName
from game.client.scenes import play_words
from game.client.still import Still
from game.client.theme import PULSE_TIME, palette_for
from game.client.widgets import FOCUS_RATE, ring_reach
from game.records import Record
from game.rules import Goff, Player
from tests.client.driver import Driver

GOFF = Goff()
# A random game (tests.rules.scenario.random_game(Goff(), 0)) whose last placement, by X,
# closes a cycle and whose last token, O's collapse, gives O the row.
GAME = ("4-8", "5-6", "1-4", "3-5", "6-9", "6-8", "4-9", "7@9", "2-7", "2-7", "9@2")


SMALL = (640, 360)  # the show's timing does not depend on the size; small frames are cheap


@pytest.fixture
def full(tmp_path: Path) -> Iterator[Driver]:
    d = Driver(tmp_path, SMALL, full_show=True)
    yield d
    d.close()


@pytest.fixture
def quick(tmp_path: Path) -> Iterator[Driver]:
    d = Driver(tmp_path, SMALL)  # the Driver's settings ask for the quick show by default
    yield d
    d.close()


def start(d: Driver, seats: dict[Player, str | None]) -> None:
    """The game before X's cycle-closing placement, then that placement by mouse."""
    d.app.go(SceneName.PLAY, variant=GOFF, seats=seats, moves=GAME[:-2])
    d.frames(1)
    d.play(GOFF, GAME[-2], "mouse")
    assert d.scene.pos.awaiting_collapse


def test_a_cycle_holds_the_board_and_the_marks_land_before_the_result(full: Driver) -> None:
    d = full
    start(d, {Player.X: None, Player.O: None})
    assert d.scene.paused and d.scene.show.banner.title == "A cycle closes!"
    assert "O chooses" in d.scene.show.banner.detail
    # Input waits: a click on a mark of the cycle does nothing yet.
    pos = d.scene.pos
    d.click(d.mark_center(pos, 9, 1))
    assert d.scene.moves == GAME[:-1]
    d.settle(FULL.hold)
    assert not d.scene.paused
    d.play(GOFF, GAME[-1], "keys")
    assert d.scene.moves == GAME and d.scene.pos.is_over
    # In the air: the panel still shows the position before the collapse, nobody has won.
    assert d.scene.paused and d.scene.effects.flights
    assert d.scene.show.hud_position(d.scene.pos) == pos
    shown = d.scene.show.hud_position(d.scene.pos)
    assert play_words.headline(shown, d.scene.seating)[0] == "O chooses the collapse"
    assert d.scene.effects.after_landing is not None and not d.scene.effects.sweeps
    d.key(pygame.K_RETURN)  # no results while the marks fly
    assert d.name is SceneName.PLAY
    flying = 0
    while d.scene.effects.flights:
        d.frames(1)
        flying += 1
    assert flying / 60 >= FULL.flight  # slow enough to follow
    d.ready()
    shown = d.scene.show.hud_position(d.scene.pos)
    assert play_words.headline(shown, d.scene.seating)[0] == "O wins"
    assert d.scene.effects.sweeps or d.scene.effects.struck_rows(d.scene.pos)
    d.key(pygame.K_RETURN)
    assert d.name is SceneName.RESULTS


def test_the_ring_round_an_outcome_breathes_then_rests_and_rests_once_chosen(
    full: Driver,
) -> None:
    """As a menu's focus ring: it breathes a moment after the outcome looked at changes, then
    rests at its brightest and the window sleeps (it froze mid-breath); once the outcome is
    chosen it rests while the marks fly, as nothing is left to choose."""
    d = full
    start(d, {Player.X: None, Player.O: None})
    d.ready()  # the cycle's beat is over
    d.key(pygame.K_RIGHT)  # an outcome looked at
    scene = d.scene
    pos = scene.pos
    assert scene.picks.choice is not None
    rects = scene.panel.preview_rects(scene._areas()[1], scene._words())

    def ring() -> bytes:
        reach = ring_reach(rects[scene.picks.choice], d.app.size[1])  # round its square: all of it
        return pygame.image.tobytes(pygame.display.get_surface().subsurface(reach), "RGB")

    breathing = ring()
    d.frames(6)
    assert ring() != breathing and scene.animating
    d.settle(PULSE_TIME + math.tau / FOCUS_RATE)  # the first peak after PULSE_TIME
    assert not scene.animating  # at rest: the window sleeps
    rested = ring()
    d.frames(6)
    assert ring() == rested
    d.play(GOFF, GAME[-1], "keys")  # chosen: the marks fly, the panel shows the choice
    assert scene.effects.flights and scene.show.before == pos
    d.frames(1)
    flying = ring()
    while scene.show.before is not None:
        assert ring() == flying
        d.frames(4)


def test_a_bot_is_seen_weighing_the_outcomes_before_it_chooses(full: Driver) -> None:
    d = full
    start(d, {Player.X: None, Player.O: "beginner"})
    before = d.scene.pos
    d.settle(FULL.hold)
    seen = set()
    while d.scene.bots.decided is None:
        assert d.scene.moves == GAME[:-1]
        seen.add(d.scene.picks.choice)
        d.frames(1)
    assert seen >= {0, 1}  # both outcomes took their turn in the previews
    decided, _ = d.scene.bots.decided
    outcomes = [a for a, _ in before.collapse_outcomes()]
    assert d.scene.picks.choice == outcomes.index(decided)  # its pick is held up
    d.settle(FULL.decided)
    assert d.scene.moves == (*GAME[:-1], GOFF.token(decided))
    assert d.scene.show.banner.title == "The O bot chose"


def test_the_quick_show_keeps_the_beats_short(quick: Driver) -> None:
    d = quick
    assert d.app.settings.quick_collapse
    start(d, {Player.X: None, Player.O: None})
    assert d.scene.paused
    d.settle(QUICK.hold + 0.05)
    assert not d.scene.paused
    d.play(GOFF, GAME[-1], "keys")
    d.settle(QUICK.flight + 0.5)
    assert not d.scene.paused and d.scene.pos == Record(GOFF, list(GAME)).final()


@pytest.mark.parametrize("marks", [3, 40])
def test_the_banner_keeps_a_cycle_of_any_length_inside_itself(
    screen: pygame.Surface, marks: int
) -> None:
    """Ultimate's cycles can name dozens of marks: the banner's words shrink, and past four
    lines end with an ellipsis, rather than run down over the panel under it."""
    show = CollapseShow(QUICK)
    cycle = " · ".join(f"{'XO'[i % 2]}{i + 1}" for i in range(marks))
    show.banner = Banner(
        "A cycle closes!", f"{cycle} must collapse: O chooses how", (255, 140, 0), 9
    )
    area = pygame.Rect(700, 40, 520, 300)  # the top of a 1280x720 window's side panel
    screen.fill((0, 0, 0))
    show.draw(screen, area, palette_for(False), 0.0)
    ink = pygame.mask.from_threshold(screen, (0, 0, 0), (1, 1, 1, 255))
    ink.invert()
    drawn = ink.get_bounding_rects()
    assert drawn and all(area.contains(rect) for rect in drawn), drawn


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_no_word_of_the_panel_is_cut_in_half_by_the_banner(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """Once the marks land the panel's moves show again, and the banner stays up a moment
    over its top: a line is under it whole or clear of it, never half hidden."""
    d = Driver(tmp_path, size)
    try:
        d.app.go(SceneName.PLAY, variant=GOFF, seats={Player.X: None, Player.O: None})
        d.frames(1)
        for token in ("1-5", "5-9", "1-9"):
            d.play(GOFF, token, "mouse")
        d.settle(QUICK.hold + 0.05)
        d.play(GOFF, "3@1", "keys")
        scene = d.scene
        while scene.effects.flights:
            d.frames(1)
        d.frames(2)
        assert scene.show.banner_up(scene.ctx.time) and not scene.pos.awaiting_collapse
        scene.still = Still()
        canvas = Canvas(size)
        scene.draw(canvas, 0.0)
        [cover] = [drawn.rect for drawn in canvas.drawn if drawn.kind == "cover"]
        texts = [t for t in canvas.drawn if t.kind == "text"]
        assert any(t.words.startswith("O collapses") for t in texts)
        cut = [t.words for t in texts if cover.colliderect(t.ink) and not cover.contains(t.ink)]
        assert not cut, cut
    finally:
        d.close()
