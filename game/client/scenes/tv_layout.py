"""Where the big screen's parts go: the board, the players' strip over it, the side column.

Every size follows the window's height (one pixel of a 1080-line screen is the
type scale's unit), so the type stays large at any resolution. On a screen wider
than tall the side column stands right of the board; on one taller than wide it
lies under the board, the news between them. The board leaves the emotes' cards
room off it: beside it where the screen is wide enough, else under it.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.client import theme
from game.client.scenes.tv_emotes import CARD_GAP, EMOTE_SIZES, card_room
from game.client.scenes.tv_news import NEWS_LINES, NEWS_OVER_COLUMN, NEWS_SIZE

# The column under the board on a screen taller than wide, on a 1080-line screen: a party's
# title and status, who is next, the scoreboard's title and three rows, the code to join
# and the hint (800 left the scoreboard no room between the queue and the code).
TALL_COLUMN = 940


@lru_cache(maxsize=4)
def areas_at(size: tuple[int, int]) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
    """The board, the strip above it (who plays, the clock), and the side column: right of
    them, or under the board and its news on a screen taller than wide, in a window ``size``
    big. Worked out once a window size (a frame asks for them several times) and kept: the
    caller copies what it changes."""
    w, h = size
    u = theme.scale(size).unit
    margin = round(36 * u)
    head = round(150 * u)
    foot = round(96 * u)
    gap = round(CARD_GAP * u)
    strip = pygame.Rect(margin, margin, w - 2 * margin, head - round(12 * u))
    # A row of emote cards under the board, at their least size, over the news.
    card_tall = card_room(EMOTE_SIZES[-1], u)[1] + gap
    if h > w:
        # The news between the board and the column: room for all its lines, or a row of cards.
        news = NEWS_LINES * theme.font(round(NEWS_SIZE * u)).get_linesize()
        foot = max(foot, news + round(NEWS_OVER_COLUMN * u), card_tall + gap // 2)
        # The column's room, but half the height at most (a window a little taller than wide).
        column = min(round(TALL_COLUMN * u), h // 2)
        board_size = max(1, min(w - 2 * margin, h - head - foot - 2 * margin - column))
        board = pygame.Rect((w - board_size) // 2, margin + head, board_size, board_size)
        side = pygame.Rect(margin, board.bottom + foot, w - 2 * margin, 0)
        side.height = max(1, h - side.y - margin)
        return board, strip, side
    side_w = max(round(w * 0.36), round(560 * u))
    across = w - side_w - 3 * margin
    board_size = min(h - head - foot - 2 * margin, across)
    # The cards' room beside the board is what it leaves on its right and the margin before
    # the column, a gap off each: the board moves left for it, as far as the cards'
    # largest size asks, where that leaves it room; else it leaves them room under it.
    spare = across - board_size
    beside = (card_room(size, u)[0] + 2 * gap - margin for size in EMOTE_SIZES)
    right = next((need for need in beside if need <= spare), None)
    if right is None:  # under it, then, over the news
        board_size = min(board_size, h - margin // 2 - card_tall - margin - head)
        spare, right = across - board_size, 0
    board_left = margin + spare - max(right, spare // 2)
    board = pygame.Rect(board_left, margin + head, board_size, board_size)
    side = pygame.Rect(w - side_w - margin, margin, side_w, h - 2 * margin)
    # Who plays and who won, centred over the board: as wide as its nearer edge allows.
    half = min(board.centerx - margin, side.left - margin - board.centerx)
    strip.update(board.centerx - half, strip.y, 2 * half, strip.height)
    return board, strip, side
