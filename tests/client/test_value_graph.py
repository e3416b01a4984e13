"""The replay's value graph: a click opens the position plotted under it, and each side of
the line is shaded in the colour of the player ahead there."""

from __future__ import annotations

from types import SimpleNamespace

import pygame

from game.client import theme
from game.client.theme import NORMAL
from game.client.value_graph import ValueGraph


def judged(leads: list[float]) -> SimpleNamespace:
    """What the graph reads of a judged game whose leads (X's view) are ``leads``."""

    def ply(n: int) -> SimpleNamespace:
        before, after = SimpleNamespace(lead=leads[n]), SimpleNamespace(lead=leads[n + 1])
        return SimpleNamespace(before=before, after=after, ply=n + 1, label="best")

    return SimpleNamespace(
        plies=[ply(n) for n in range(len(leads) - 1)], total=len(leads) - 1, done=True
    )


def test_a_click_on_a_point_opens_that_points_position() -> None:
    graph = ValueGraph(pygame.Rect(40, 600, 1400, 180))
    total = 75  # a long game: a click was 2 plies off at its ends
    inner = graph.rect.inflate(-graph.rect.height // 6, -graph.rect.height // 5)
    for n in range(total + 1):
        x = inner.x + round(inner.width * n / total)  # where point n is drawn
        assert graph.index_at((x, graph.rect.centery), total) == n
    assert graph.index_at((graph.rect.x, graph.rect.centery), total) == 0  # the margins
    assert graph.index_at((graph.rect.right - 1, graph.rect.centery), total) == total
    assert graph.index_at((graph.rect.x - 1, graph.rect.centery), total) is None


def test_a_lead_that_changes_hands_is_shaded_on_each_side_in_its_players_colour(
    screen: pygame.Surface,
) -> None:
    graph = ValueGraph(pygame.Rect(100, 100, 800, 200))
    screen.fill((0, 0, 0))
    graph.draw(screen, judged([1.0, -1.0]), 0, NORMAL)  # X a point up, then O
    inner = graph.rect.inflate(-graph.rect.height // 6, -graph.rect.height // 5)
    x_shade = theme.mix(NORMAL.board, NORMAL.x, 0.35)
    o_shade = theme.mix(NORMAL.board, NORMAL.o, 0.35)
    # A quarter across, X is ahead (above the line); three quarters across, O (below it).
    above = (inner.x + inner.width // 4, inner.centery - inner.height // 8)
    below = (inner.x + 3 * inner.width // 4, inner.centery + inner.height // 8)
    assert screen.get_at(above)[:3] == x_shade
    assert screen.get_at(below)[:3] == o_shade
