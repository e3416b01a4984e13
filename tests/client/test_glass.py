"""Glass blends only what was drawn on it: the same pixels as blending a whole clear sheet."""

from __future__ import annotations

import pygame

from game.client.glass import Glass


def layer_of(size: tuple[int, int]) -> pygame.Surface:
    layer = pygame.Surface(size, pygame.SRCALPHA)
    layer.fill((30, 60, 90, 255), (0, 0, size[0] // 2, size[1]))  # half opaque, half clear
    return layer


def shapes(draw: object) -> None:
    draw(pygame.draw.rect, (200, 40, 40, 90), pygame.Rect(20, 30, 120, 50), border_radius=8)  # type: ignore[operator]
    draw(pygame.draw.circle, (40, 200, 40, 230), (150, 90), 33, 4)  # type: ignore[operator]
    draw(pygame.draw.lines, (90, 90, 250, 60), False, [(5, 5), (190, 40), (60, 110)], 9)  # type: ignore[operator]


def test_glass_lays_what_a_whole_sheet_would() -> None:
    size = (200, 120)
    whole, sheet = layer_of(size), pygame.Surface(size, pygame.SRCALPHA)
    shapes(lambda shape, *args, **kwargs: shape(sheet, *args, **kwargs))
    whole.blit(sheet, (0, 0))
    for _ in range(2):  # the second time on a lent sheet, cleared where the first drew
        layer = layer_of(size)
        with Glass(layer) as glass:
            shapes(glass.draw)
        assert pygame.image.tobytes(layer, "RGBA") == pygame.image.tobytes(whole, "RGBA")


def test_an_empty_glass_leaves_the_layer_as_it_was() -> None:
    layer = layer_of((64, 48))
    before = pygame.image.tobytes(layer, "RGBA")
    with Glass(layer):
        pass
    assert pygame.image.tobytes(layer, "RGBA") == before


def test_shades_laid_alone_are_the_shades_of_one_sheet() -> None:
    # A cell's shade each (apart), and a tint over some of them (overlapping: the later
    # replaces the earlier on the sheet, it is not blended twice).
    from game.client.board_view import _lay_shades

    cells = [pygame.Rect(10 + 60 * i, 10, 50, 50) for i in range(3)]
    apart = [((20, 30, 40, 150), cell, 8) for cell in cells]
    tint = ((200, 100, 0, 40), pygame.Rect(5, 5, 120, 60), 10)
    for shades in (apart, [*apart, tint], [((9, 9, 9, 90), cells[1], 0)]):
        whole, sheet = layer_of((200, 80)), pygame.Surface((200, 80), pygame.SRCALPHA)
        for color, rect, radius in shades:
            pygame.draw.rect(sheet, color, rect, border_radius=radius)
        whole.blit(sheet, (0, 0))
        layer = layer_of((200, 80))
        _lay_shades(layer, shades)
        assert pygame.image.tobytes(layer, "RGBA") == pygame.image.tobytes(whole, "RGBA")
