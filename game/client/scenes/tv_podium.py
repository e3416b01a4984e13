"""The podium of a night that is over, in the big screen's side column.

A panel of the TV view's column (:mod:`game.client.scenes.tv_column`): from the
standings the host's last :class:`~net.protocol.Party` carries (their ranks are the host's),
so a screen on another machine than the host, which has none of the night's records, shows
it too. The best place stands in the middle, the next on its left, the third on its right;
everyone level at a place shares its step.
"""

from __future__ import annotations

import pygame

from game.client import theme
from game.client.theme import Palette
from game.textview import points
from net.protocol import Standing

# Each step's height, highest first, on a 1080-line screen (the middle one is the best place).
STEPS = (150, 105, 70)
NAME_SIZE = 44  # a name on a step, where it fits
POINTS_SIZE = 30
LINES = 2  # names over a step: more level at a place end "and N more"


def places(standings: tuple[Standing, ...]) -> list[list[Standing]]:
    """Who stands on the podium, best place first: everyone at each of the three best ranks
    among those who played (a night's guests who never played stand on no step)."""
    played = [row for row in standings if row.played > 0]
    ranks = sorted({row.rank for row in played})[:3]
    return [[row for row in played if row.rank == rank] for rank in ranks]


def height(unit: float) -> int:
    """The podium's height: the highest step, its names and points over it."""
    names = LINES * theme.font(round(NAME_SIZE * unit), True).get_linesize()
    return (
        round((STEPS[0] + 6) * unit) + names + theme.font(round(POINTS_SIZE * unit)).get_linesize()
    )


def _names(rows: list[Standing]) -> list[str]:
    """The names over a step, a line each, the last saying how many more there are."""
    if len(rows) <= LINES:
        return [row.name for row in rows]
    return [row.name for row in rows[: LINES - 1]] + [f"and {len(rows) - LINES + 1} more"]


def draw(
    surface: pygame.Surface,
    area: pygame.Rect,
    standings: tuple[Standing, ...],
    palette: Palette,
    unit: float,
    least: int,
) -> None:
    """The podium on ``area``'s floor; a name too long for its step shrinks down to
    ``least``, then is cut."""
    on = places(standings)
    width = area.width // 3
    gap = round(12 * unit)
    # Left, middle, right: the second place, the first, the third.
    for place, slot in ((0, 1), (1, 0), (2, 2)):
        if place >= len(on):
            continue
        rows = on[place]
        step_h = round(STEPS[place] * unit)
        step = pygame.Rect(area.x + slot * width + gap // 2, 0, width - gap, step_h)
        step.bottom = area.bottom
        color = palette.highlight if place == 0 else palette.text
        theme.panel(surface, step, palette.board, color, round(10 * unit), 230)
        rank = theme.text(str(rows[0].rank), round(56 * unit), color, True)
        surface.blit(rank, rank.get_rect(center=step.center))
        score = theme.text(
            f"{points(rows[0].half_points / 2)} pts", round(POINTS_SIZE * unit), palette.dim
        )
        y = step.y - round(6 * unit) - score.get_height()
        surface.blit(score, score.get_rect(midtop=(step.centerx, y)))
        for words in reversed(_names(rows)):  # upwards from the points
            line, size = theme.fitted(words, round(NAME_SIZE * unit), step.width, least, True)
            name = theme.text(line, size, color, True)
            y -= name.get_height()
            surface.blit(name, name.get_rect(midtop=(step.centerx, y)))
