"""Where a frame drew over the still picture: the tiles :class:`Over` marks for it."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import numpy as np
import pygame
import pytest

from game.client.still import Over, Redraw, Still, spoil


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


def test_the_rects_put_back_are_the_tiles_drawn_on_in_runs_along_each_row() -> None:
    rng = np.random.default_rng(11)
    # Windows whose side is not a whole number of tiles too: the last tiles are cut short.
    for size in ((1280, 720), (1080, 1920), (3840, 2160), (100, 50)):
        over = Over(size)
        t, (w, h) = over.tile, size
        grids = [rng.random(over.grid.shape) < share for share in (0.05, 0.3, 0.7)]
        grids += [np.zeros_like(over.grid), np.ones_like(over.grid)]
        for grid in grids:
            over.grid[:] = grid
            over._rects = None
            covered = np.zeros((h, w), dtype=np.int8)
            for x, y, rw, rh in over.rects():
                assert y % t == 0 and rh == min(t, h - y)  # one row of tiles each
                assert x % t == 0 and x + rw <= w
                covered[y : y + rh, x : x + rw] += 1
            tiles = grid.repeat(t, axis=0).repeat(t, axis=1)[:h, :w]
            assert (covered == tiles).all()  # every tile drawn on, once; no other
            runs = {(y, x) for x, y, _, _ in over.rects()}
            assert len(runs) == len(over.rects())


def test_a_screen_drawn_again_where_its_sprites_moved_is_the_whole_frame(
    screen: pygame.Surface,
) -> None:
    """A backdrop of noise, sprites drifting over it (two of them standing still) and a
    translucent card over them all: drawn again only where a sprite moved, each frame is
    the frame painted whole, and no more than the moved sprites' places is sent."""
    rng = np.random.default_rng(3)
    size = screen.get_size()
    backdrop = pygame.image.frombytes(
        rng.integers(0, 256, size[0] * size[1] * 3).astype(np.uint8).tobytes(), size, "RGB"
    ).convert()
    sprite = pygame.Surface((41, 37), pygame.SRCALPHA)
    pygame.draw.circle(sprite, (250, 200, 90, 160), (20, 18), 17)
    card = pygame.Surface((700, 300), pygame.SRCALPHA)
    card.fill((20, 30, 60, 200))
    starts = [
        (x, y)
        for x, y in zip(rng.integers(-30, size[0], 12), rng.integers(-30, size[1], 12), strict=True)
    ]

    def places(t: int) -> list[pygame.Rect]:
        # Ten drift at speeds of their own (a pixel or a few a frame); the last two stay.
        return [
            sprite.get_rect(
                topleft=(
                    x + (t * (i % 4) if i < 10 else 0),
                    y + (t * (i % 3) // 2 if i < 10 else 0),
                )
            )
            for i, (x, y) in enumerate(starts)
        ]

    def paint(surface: pygame.Surface, t: int) -> None:
        surface.blit(backdrop, (0, 0))
        surface.blits([(sprite, rect) for rect in places(t)], doreturn=False)
        surface.blit(card, (300, 200))
        pygame.draw.rect(surface, (255, 255, 255), (320, 220, 660, 260), 3, border_radius=20)

    redraw = Redraw()
    whole = screen.copy()
    for t in range(24):
        key = "card" if t < 20 else "another card"
        shown = redraw.draw(screen, key, places(t), lambda s, t=t: paint(s, t))
        paint(whole, t)
        assert pygame.image.tobytes(screen, "RGB") == pygame.image.tobytes(whole, "RGB"), t
        if t in (0, 20):  # the first frame, and a frame whose key changed: all of it
            assert shown == [[0, 0, *size]]
            continue
        sent = np.zeros((size[1], size[0]), dtype=bool)
        for x, y, w, h in shown:
            sent[y : y + h, x : x + w] = True
        moved = [
            a.union(b).clip(screen.get_rect())
            for a, b in zip(places(t - 1), places(t), strict=True)
            if a != b
        ]
        # Every moved sprite's old and new place is sent, widened to whole runs of 16 pixels
        # and no more (the two still sprites, and the rest of the window, are not sent).
        assert all(sent[r.top : r.bottom, r.left : r.right].all() for r in moved)
        assert sent.sum() <= sum((r.w + 30) * r.h for r in moved)
    # Nothing moved: nothing is sent. The window lost its pixels (spoil): all of it.
    assert redraw.draw(screen, "another card", places(23), lambda s: paint(s, 23)) == []
    spoil()
    assert redraw.draw(screen, "another card", places(23), lambda s: paint(s, 23)) == [
        [0, 0, *size]
    ]


@pytest.mark.parametrize("size, waits", [((3840, 2160), True), ((1920, 1080), False)])
def test_a_big_windows_panel_may_show_its_change_a_frame_after_the_board(
    size: tuple[int, int], waits: bool
) -> None:
    """Painting a collapse's board and panel in one 4K frame took two frames' time: where
    both change, the panel waits one frame (never two); a smaller window paints both."""
    w, h = size
    surface = pygame.Surface(size)
    board, panel = (0, 0, w // 2, h), (w // 2, 0, w // 2, h)
    painted: list[str] = []
    state = {"board": 0, "panel": 0}

    def paint(image: pygame.Surface) -> None:
        clip = image.get_clip()
        for name, rect in (("board", board), ("panel", panel)):
            if clip.colliderect(rect):
                painted.append(name)
                image.fill((state[name] * 40, 0, 0), pygame.Rect(rect).clip(clip))

    still = Still()

    def frame() -> list[str]:
        painted.clear()
        parts = ((board, state["board"]),)
        still.shown(still.draw(surface, "key", paint, parts, ((panel, state["panel"]),)))
        return sorted(set(painted))

    def red(x: int) -> int:
        return int(surface.get_at((x, 10))[0])

    frame()
    frame()  # the picture is kept from here on
    assert frame() == []
    state["board"] = state["panel"] = 1
    if waits:
        assert frame() == ["board"]
        assert red(w // 4) == 40 and red(3 * w // 4) == 0
        state["board"] = 2  # the board changes again: the panel waits no longer
    assert frame() == ["board", "panel"]
    assert red(3 * w // 4) == 40
    state["panel"] = 2  # the panel alone: at once
    assert frame() == ["panel"]
    assert frame() == []


def test_a_board_zoomed_anew_paints_its_own_part_not_the_window() -> None:
    """Its whole part and each of its cells' change at once (the cells move): counted one by
    one they came to more than the window, which was then painted whole."""
    surface = pygame.Surface((1000, 1000))
    clips: list[pygame.Rect] = []
    still = Still()

    def frame(cells: int, side: int) -> None:
        clips.clear()
        board = ((0, 0, 640, 640), side)
        parts = (
            board,
            *(((c * side % 640, c * side // 640 * side, side, side), 0) for c in range(cells)),
        )
        still.shown(still.draw(surface, "key", lambda image: clips.append(image.get_clip()), parts))

    frame(16, 160)
    frame(16, 160)  # kept from here on
    frame(64, 80)  # zoomed: 16 cell parts went, 64 came, all inside the board's
    assert clips == [pygame.Rect(0, 0, 640, 640)]


def test_a_picture_kept_by_one_drawer_is_not_taken_for_shown_after_another_drew(
    screen: pygame.Surface,
) -> None:
    """Two screens of one scene (the replays list and a record's viewer), each drawn by a
    kept picture of its own, on one window: whichever comes back after the other drew
    paints the window whole, though its key, its window and the spoil count stayed."""
    size = screen.get_size()

    def fill(colour: tuple[int, int, int]) -> Callable[[pygame.Surface], None]:
        return lambda surface: surface.fill(colour)

    def still_frame(still: Still, colour: tuple[int, int, int]) -> None:
        still.shown(still.draw(screen, colour, fill(colour)))

    a, b, c = Redraw(), Redraw(), Still()
    frames = [
        lambda: a.draw(screen, "list", [], fill((200, 0, 0))),
        lambda: b.draw(screen, "viewer", [], fill((0, 200, 0))),
        lambda: still_frame(c, (0, 0, 200)),
    ]
    colours = [(200, 0, 0), (0, 200, 0), (0, 0, 200)]
    for first, then in itertools.permutations(range(3), 2):
        for i in (first, first, then, then, first, then):
            frames[i]()
            assert screen.get_at((size[0] // 2, size[1] // 2))[:3] == colours[i], (first, then)
