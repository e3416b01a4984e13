"""Where a frame drew over the still picture: the tiles :class:`Over` marks for it."""

from __future__ import annotations

import itertools

import numpy as np
import pygame

from game.client.still import Over


def _tiles_under(over: Over, rects: list[pygame.Rect]) -> np.ndarray:
    """Every tile any of ``rects`` touches inside the window, one tile at a time."""
    want = np.zeros_like(over.grid)
    t = over.tile
    for row in range(want.shape[0]):
        for col in range(want.shape[1]):
            tile = pygame.Rect(col * t, row * t, t, t)
            want[row, col] = any(tile.colliderect(r) for r in rects)
    return want


def test_sprites_mark_the_tiles_they_cover_and_no_others() -> None:
    rng = np.random.default_rng(7)
    # Sides from a pixel to less than a tile (sparks), or to more than two tiles (marks in
    # the air too), some hanging off every edge.
    for size, widest in itertools.product(((1280, 720), (3840, 2160)), (1, 2.2)):
        over = Over(size)
        n = 300
        extent = rng.integers(0, round(widest * over.tile) - 1, n)
        corners = np.array((rng.integers(-80, size[0] + 40, n), rng.integers(-80, size[1] + 40, n)))
        rects = [pygame.Rect(x, y, e + 1, e + 1) for x, y, e in zip(*corners, extent, strict=True)]
        window = pygame.Rect((0, 0), size)
        shown = np.array([window.colliderect(r) for r in rects])
        # Sprites on the window, whole or in part: exactly the tiles under them.
        over.add_sprites(corners[:, shown], extent[shown])
        assert (over.grid == _tiles_under(over, [r for r in rects if window.colliderect(r)])).all()
        # Sprites wholly off it: at most tiles on its edge, the nearest to them.
        off = Over(size)
        off.add_sprites(corners[:, ~shown], extent[~shown])
        assert off.grid.any()
        off.grid[[0, -1], :] = off.grid[:, [0, -1]] = False
        assert not off.grid.any()


def test_a_frame_marks_its_ring_not_what_it_rings() -> None:
    over = Over((1280, 720))
    inner = pygame.Rect(320, 160, 320, 320)
    outer = inner.inflate(24, 24)
    over.add_frame(outer, inner)
    t = over.tile
    assert not over.grid[
        (inner.top + t) // t : inner.bottom // t - 1, (inner.left + t) // t : inner.right // t - 1
    ].any()
    ring = [
        pygame.Rect(outer.left, outer.top, outer.width, inner.top - outer.top),
        pygame.Rect(outer.left, inner.bottom, outer.width, outer.bottom - inner.bottom),
        pygame.Rect(outer.left, outer.top, inner.left - outer.left, outer.height),
        pygame.Rect(inner.right, outer.top, outer.right - inner.right, outer.height),
    ]
    assert (over.grid == _tiles_under(over, ring)).all()
    # A ring that does not go round its inside is taken whole.
    whole = Over((1280, 720))
    whole.add_frame(pygame.Rect(0, 0, 40, 40), inner)
    assert (whole.grid == _tiles_under(whole, [pygame.Rect(0, 0, 40, 40)])).all()
