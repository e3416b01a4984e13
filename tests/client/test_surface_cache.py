"""Drawn surfaces kept to a budget of bytes: a TV left on all evening stays its size."""

from __future__ import annotations

import pygame

from game.client import theme
from game.client.surface_cache import by_bytes


def test_the_least_recently_used_go_once_the_budget_is_spent() -> None:
    made: list[int] = []

    @by_bytes(3 * 100 * 100 * 4)  # three 100×100 images of 4 bytes a pixel
    def square(n: int, side: int = 100) -> pygame.Surface:
        made.append(n)
        return pygame.Surface((side, side), pygame.SRCALPHA)

    first = square(1)
    square(2), square(3)
    assert square(1) is first  # used again: now the newest
    square(4)  # over the budget: 2, the least recently used, goes
    assert square.held_bytes == 3 * 40_000
    square(2)
    assert made == [1, 2, 3, 4, 2]
    big = square(5, side=400)  # bigger than the whole budget: kept alone, as the newest
    assert square(5, side=400) is big and square.held_bytes == 400 * 400 * 4
    square.cache_clear()
    assert square.held_bytes == 0 and square(1) is not first


def test_a_new_line_of_news_every_game_holds_no_more_than_the_budget(
    screen: pygame.Surface,
) -> None:
    for game in range(3000):  # an evening's news at 4K's size of type
        theme.text(f"Game {game}: Ada (X) against Bo (O)", 72, (255, 255, 255))
    assert theme.text.held_bytes <= theme.TEXT_BYTES
