"""The room's emotes on the big screen: a card each, beside the board, never over it.

A panel of the TV view (:mod:`game.client.scenes.tv`, and so of the party
screen): it keeps the emotes on show for EMOTE_TIME seconds, finds their cards
a place (the room sends them just as a row is struck, so they keep off the
board's cells) and draws them, fading at the end.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.client import theme
from game.client.canvas import Canvas, note_cover
from game.client.scene import Context
from game.client.scoreboard import fit
from net.party import EMOTES
from net.protocol import Emoted

EMOTE_TIME = 2.6  # seconds an emote stays, fading at the end
# An emote's words on a 1080-line screen, the largest its room takes first: the least is
# still read from the sofa. The sender's name is a little over half as large (at the least,
# still a fortieth of the screen).
EMOTE_SIZES = (64, 56, 48)
BY_SIZE = 0.58
CARD_PAD = 16  # round the words of an emote's card, on a 1080-line screen
CARD_GAP = 12  # between cards, and between a card and the board, on a 1080-line screen


@dataclass(frozen=True, slots=True)
class Bubble:
    """One emote on show: what it says, who sent it, and when."""

    words: str
    by: str
    since: float


# Where a card sits, at what size (on a 1080-line screen) and in what lines.
Card = tuple[Bubble, pygame.Rect, int, tuple[str, ...]]
# Where cards may go, and whether their rows run down from its top rather than up.
Room = tuple[pygame.Rect, bool]


class Emotes:
    """The emotes on show (``bubbles``, in the order they came) and their cards."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.bubbles: list[Bubble] = []

    def take(self, emoted: Emoted, now: float) -> None:
        self.bubbles.append(Bubble(EMOTES.get(emoted.emote, "?"), emoted.by, now))

    def update(self, now: float) -> None:
        """Let the emotes whose time is up go."""
        self.bubbles = [b for b in self.bubbles if now - b.since < EMOTE_TIME]

    def _unit(self) -> float:
        return theme.scale(self.ctx.size).unit

    def rooms(
        self,
        board: pygame.Rect,
        strip: pygame.Rect,
        side: pygame.Rect,
        panel: pygame.Rect | None,
    ) -> list[Room]:
        """Where emote cards may go round the ``board`` (its place, under the ``strip``, beside
        the ``side`` column), best first, and whether their rows run down from the room's top
        (under the board) rather than up from its bottom. With a game on, never over the
        board's ``panel`` (a won row is struck there just when the room sends its emotes):
        between it and the side column, then left of it, then under it (over the news); on
        the waiting screen (no panel), over the bottom of the board's place."""
        u = self._unit()
        gap, margin = round(CARD_GAP * u), round(36 * u)
        if panel is None:
            return [(pygame.Rect(board.x, board.y, board.width, round(board.height * 0.94)), False)]
        w, h = self.ctx.size
        left = pygame.Rect(margin, board.y, panel.left - gap - margin, board.height)
        if h > w:  # the side column is under the board, the news between them
            right = pygame.Rect(panel.right + gap, board.y, w - margin - panel.right - gap, 0)
            right.height = board.height
            under = pygame.Rect(margin, panel.bottom + gap, w - 2 * margin, 0)
            under.height = side.top - gap // 2 - under.top
            return [(under, True), (right, False), (left, False)]
        right = pygame.Rect(panel.right + gap, board.y, side.left - panel.right - 2 * gap, 0)
        right.height = board.height
        under = pygame.Rect(strip.x, panel.bottom + gap, strip.width, 0)
        under.height = h - margin // 2 - under.top
        return [(right, False), (left, False), (under, True)]

    def _size(self, room: pygame.Rect) -> int | None:
        """The size of the emotes' words in ``room`` (on a 1080-line screen): the largest
        every emote's card fits at, none under EMOTE_SIZES' least (None: no room)."""
        if room.width <= 0 or room.height <= 0:
            return None
        unit = self._unit()
        for size in EMOTE_SIZES:
            cards = [_card(words, "", size, room.width, unit) for words in EMOTES.values()]
            if all(w <= room.width and h <= room.height for _, w, h in cards):
                return size
        return None

    def cards(self, rooms: list[Room]) -> list[Card]:
        """Where each emote's card sits, at what size and in what lines: newest first, in
        rows across the best of the ``rooms`` (a narrow one beside the board is a stack,
        newest lowest; under the board, the newest nearest it), then in the next room, so
        emotes sent together never cover each other nor the board. Those that find
        no room wait off screen."""
        u = self._unit()
        gap = round(CARD_GAP * u)
        waiting = sorted(self.bubbles, key=lambda b: -b.since)
        cards = []
        for room, down in rooms:
            size = self._size(room) if waiting else None
            if size is None:
                continue
            edge = room.top if down else room.bottom  # where the next row goes
            while waiting:
                row: list[tuple[Bubble, tuple[str, ...], int, int]] = []
                across = 0
                for bubble in waiting:
                    lines, w, h = _card(bubble.words, bubble.by, size, room.width, u)
                    if across + w > room.width:
                        break
                    row.append((bubble, lines, w, h))
                    across += w + gap
                tall = max((h for *_, h in row), default=room.height + 1)
                top = edge if down else edge - tall
                if top < room.top or top + tall > room.bottom:
                    break  # the room is full: the rest try the next
                x = room.centerx - (across - gap) // 2
                for bubble, lines, w, h in row:
                    y = top if down else top + tall - h
                    cards.append((bubble, pygame.Rect(x, y, w, h), size, lines))
                    x += w + gap
                waiting = waiting[len(row) :]
                edge = top + tall + gap if down else top - gap
        return cards

    def draw(self, surface: pygame.Surface, cards: list[Card]) -> list[pygame.Rect]:
        """The emotes' ``cards`` (:meth:`cards`), each fading as its time runs out; where."""
        palette = self.ctx.palette
        u = self._unit()
        now = self.ctx.time
        pad = round(CARD_PAD * u)
        drawn = []
        for bubble, rect, size, lines in cards:
            age = min(1.0, (now - bubble.since) / EMOTE_TIME)
            big, small = round(size * u), round(size * BY_SIZE * u)
            card = Canvas(rect.size, pygame.SRCALPHA)
            theme.panel(card, card.get_rect(), palette.board, palette.accent, round(18 * u), 230)
            y = pad // 2
            for line in lines:
                words = theme.text(line, big, palette.highlight, True)
                card.blit(words, words.get_rect(midtop=(rect.width // 2, y)))
                y += theme.font(big, True).get_linesize()
            name = fit(bubble.by, small, rect.width - 2 * pad)
            by = theme.text(name, small, palette.text)
            card.blit(by, by.get_rect(midbottom=(rect.width // 2, rect.height - pad // 2)))
            card.set_alpha(round(255 * min(1.0, 4 * (1 - age))))
            note_cover(surface, rect)
            drawn.append(surface.blit(card, rect))
        return drawn


def card_room(size: int, unit: float) -> tuple[int, int]:
    """The least room every emote's card fits in at ``size`` (on a 1080-line screen; ``unit``
    pixels a pixel of one): as wide as the longest word and its padding (the words wrap,
    as in a column beside the board), as tall as a card on one line (as in a row under it)."""
    pad = round(CARD_PAD * unit)
    face = theme.font(round(size * unit), True)
    wide = max(face.size(word)[0] for words in EMOTES.values() for word in words.split())
    tall = max(_card(words, "", size, 1 << 30, unit)[2] for words in EMOTES.values())
    return wide + 2 * pad, tall


@lru_cache(maxsize=256)  # asked every frame while emotes show, for each room and size
def _card(
    words: str, by: str, size: int, room: int, unit: float
) -> tuple[tuple[str, ...], int, int]:
    """An emote's card at ``size`` (on a 1080-line screen; ``unit`` pixels a pixel of one) in
    a room ``room`` pixels wide: its lines (the words wrapped to the room), its width and
    its height."""
    pad = round(CARD_PAD * unit)
    big, small = round(size * unit), round(size * BY_SIZE * unit)
    lines = theme.wrap(words, big, room - 2 * pad, True)
    face = theme.font(big, True)
    width = max(face.size(line)[0] for line in lines)
    width = max(width, min(theme.font(small).size(by)[0], room - 2 * pad)) + 2 * pad
    height = len(lines) * face.get_linesize() + theme.font(small).get_linesize() + pad
    return tuple(lines), width, height
