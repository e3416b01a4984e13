"""What the effects leave to the board (a row struck once its sweep is drawn), and a burst
that only looks up the sprites the still board made."""

from __future__ import annotations

from random import Random

import numpy as np
import pygame
import pytest

from game.client import theme
from game.client.board_marks import CLASSICAL_SIZE
from game.client.board_view import BoardView, Look
from game.client.effects import LADDER_STEP, SWEEP_TIME, Effects, _ladder
from game.client.fades import Fades
from game.rules import Goff, Player
from tests.client.collapses import big_collapse
from tests.rules.scenario import played, random_game

STEP = 1 / 60


def won_by_a_row(tokens: list[str]) -> bool:
    outcome = played(Goff(), *tokens).outcome
    return outcome is not None and bool(outcome.rows)


def test_rows_are_struck_only_after_their_sweep_and_only_in_a_finished_game() -> None:
    goff = Goff()
    effects = Effects(Random(1))
    games = (random_game(goff, seed) for seed in range(100))
    tokens = next(t for t in games if won_by_a_row(t))
    assert effects.struck_rows(played(goff, *tokens[:-1])) == ()  # not over yet
    won = played(goff, *tokens)
    assert won.outcome is not None
    layout = BoardView(goff).layout(pygame.Rect(0, 0, 600, 600))
    effects.win(won.outcome.rows, layout, theme.NORMAL)
    assert effects.struck_rows(won) == ()  # the sweep is drawing the line
    for _ in range(round(SWEEP_TIME / STEP) + 1):
        effects.update(STEP)
    assert effects.struck_rows(won) == won.outcome.rows


def sprites_made() -> tuple[int, ...]:
    return tuple(f.cache_info().misses for f in (theme.mark_sprite, theme.glow_dot, _ladder))


@pytest.mark.parametrize("side", [300, 900])
def test_a_burst_draws_only_sprites_made_while_the_board_was_still(
    screen: pygame.Surface, side: int
) -> None:
    # Making a glowing sprite means a blur: in the middle of a burst that is a stutter.
    goff = Goff()
    before, after = big_collapse(goff, 4)
    view = BoardView(goff)
    layout = view.layout(pygame.Rect(10, 10, side, side))
    effects = Effects(Random(1))
    for palette in (theme.HIGH_CONTRAST, theme.NORMAL):  # a palette switch, then still
        view.draw(screen, layout, before, palette)
        effects.draw(screen, layout, palette, 0.0)
    made = sprites_made()
    effects.step(before, after, layout, theme.NORMAL)
    frames = 0
    while effects.busy or effects.particle_count:
        effects.update(STEP)
        look = Look(hidden=effects.hidden_cells, rows=effects.struck_rows(after))
        view.draw(screen, layout, after, theme.NORMAL, look)
        effects.draw(screen, layout, theme.NORMAL, 0.5)
        frames += 1
    assert frames > 30
    assert sprites_made() == made


def test_each_surviving_mark_flies_from_its_half_to_the_middle_of_its_cell() -> None:
    goff = Goff()
    before, after = big_collapse(goff, 4)
    layout = BoardView(goff).layout(pygame.Rect(0, 0, 600, 600))
    effects = Effects(Random(1))
    effects.step(before, after, layout, theme.NORMAL)
    flights = effects.flights
    turned = {c for c, k in enumerate(after.cells) if k and not before.cells[c]}
    assert effects.hidden_cells == turned == set(flights.cell.tolist())
    x, y, size = flights.place(flights.age)
    assert np.allclose(np.column_stack((x, y)), flights.start)
    assert np.allclose(size, flights.size_from)
    touched = 0
    while effects.busy:
        effects.update(STEP)
        if len(flights):
            landed = flights.landed
            assert (flights.touched_down == landed).all()  # each landing flashes once, on time
            touched = int(landed.sum())
            x, y, size = flights.place(flights.age)
            assert np.allclose(np.column_stack((x, y))[landed], flights.end[landed])
            assert np.allclose(size[landed], flights.size_to[landed])
    assert touched == len(turned) and effects.hidden_cells == frozenset()


def test_each_vanished_half_shrinks_and_dims_where_it_stood_then_goes(
    screen: pygame.Surface,
) -> None:
    goff = Goff()
    before, after = big_collapse(goff, 4)
    layout = BoardView(goff).layout(pygame.Rect(0, 0, 600, 600))
    effects = Effects(Random(1))
    effects.step(before, after, layout, theme.NORMAL)
    fades, flights = effects.fades, effects.flights
    area = layout.area
    marks = flights.mark.tolist()
    assert fades.table[Fades.MARK].tolist() == marks  # one half gone for each mark that stays
    for i, (k, cell) in enumerate(zip(marks, flights.cell.tolist(), strict=True)):
        pair = next((a, b) for m, a, b in before.spooky_marks if m == k)
        other = pair[1] if pair[0] == cell else pair[0]
        stood = layout.mark_center(before, k, other)
        place = fades.table[[Fades.X, Fades.Y], i] * area.width + area.topleft
        assert place == pytest.approx(stood)
    top = round(layout.cell_size * CLASSICAL_SIZE)
    age, steps = 0.0, 0  # steps until a half's age, added up as it is, reaches its life
    while age < fades.table[Fades.LIFE, 0]:
        age, steps = age + STEP, steps + 1
    sides, lefts = [], []
    for _ in range(steps - 1):
        effects.update(STEP)
        corners, extent = effects._draw_fades(screen, layout, theme.NORMAL, 0.5, top)
        x, y = fades.table[[Fades.X, Fades.Y]] * area.width + np.array([area.topleft]).T
        # Each is centred where it stood, to the pixel.
        assert np.abs(corners + (extent + 1) // 2 - np.array((x, y))).max() <= 0.5
        sides.append(extent.tolist())
        lefts.append(fades.left(0.5).tolist())
    assert len(fades) == len(marks)
    # Smaller frame by frame to six tenths (a pixel either way where trimming a sprite's clear
    # margin rounds), fainter every frame.
    assert (np.diff(sides, axis=0) <= 1).all()
    assert (np.array(sides[-1]) < 0.7 * np.array(sides[0])).all()
    assert (np.diff(lefts, axis=0) < 0).all()
    effects.update(STEP)
    assert len(fades) == 0  # its life is out: gone


def test_a_ladder_holds_one_mark_at_sizes_a_step_apart() -> None:
    pygame.display.init()
    try:
        ladder = _ladder(Player.X, 200, theme.NORMAL.x, 150, 0.12)
        assert ladder.sizes[0] == 6 and ladder.sizes[-1] == 200
        # The largest is the classical mark's sprite without its clear margin, still centred.
        whole = theme.mark_sprite(Player.X, 200, theme.NORMAL.x, 150, 0.12)
        top = ladder.sprite(len(ladder.sizes) - 1)
        cut = (whole.get_width() - top.get_width()) // 2
        assert cut > 0 and top.get_height() == whole.get_height() - 2 * cut
        inner = whole.subsurface((cut, cut, *top.get_size()))
        assert pygame.image.tobytes(top, "RGBA") == pygame.image.tobytes(inner, "RGBA")
        assert pygame.Rect(cut, cut, *top.get_size()).contains(whole.get_bounding_rect())
        for small, big in zip(ladder.sizes, ladder.sizes[1:], strict=False):
            assert small < big <= max(small + 1, round(small * LADDER_STEP) + 1)
        sprites = [ladder.sprite(i) for i in range(len(ladder.sizes))]
        widths = [s.get_width() for s in sprites]
        assert widths == sorted(widths)
        last = len(ladder.sizes) - 1
        ends = [1000, 1, *(size + 0.4 for size in ladder.sizes)]
        assert ladder.nearest_all(np.array(ends)).tolist() == [last, 0, *range(last + 1)]
        # The closest size, the larger of two as close, for sizes between and beyond them all.
        many = np.linspace(0, 260, 2601)
        closest = [
            max(range(last + 1), key=lambda i: (-abs(ladder.sizes[i] - size), i)) for size in many
        ]
        assert ladder.nearest_all(many).tolist() == closest
    finally:
        theme.forget()
        pygame.quit()
