"""The invitation to play from a phone: its QR code is the table's address, module by module."""

from __future__ import annotations

import pygame

from game.client import theme
from game.client.join_panel import draw_join
from net.phones import qr_matrix


def test_the_panel_draws_the_qr_code_of_the_address() -> None:
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    try:
        url = "http://192.168.1.20:7780/"
        surface = pygame.Surface((640, 240))
        area = pygame.Rect(20, 10, 600, 220)
        draw_join(surface, area, url, theme.NORMAL)
        rows = qr_matrix(url)
        module = area.height // len(rows)
        top = area.centery - module * len(rows) // 2
        for y, row in enumerate(rows):
            for x, dark in enumerate(row):
                at = (area.x + x * module + module // 2, top + y * module + module // 2)
                assert (sum(surface.get_at(at)[:3]) < 200) is dark, (x, y)
        # Four light modules all round before the first dark one: the standard's quiet zone.
        assert not any(any(row) for row in rows[:4]) and not any(any(row[:4]) for row in rows)
    finally:
        pygame.display.quit()
