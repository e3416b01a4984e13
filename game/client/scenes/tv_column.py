"""The big screen's side column: the party (its format, status, queue and scoreboard) or the
plain table's seats, the code phones join by, and the keys this screen answers.

A panel of the TV view (:mod:`game.client.scenes.tv`, and so of the party
screen): right of the board, or under it on a screen taller than wide. It draws
a :class:`ColumnView`, handed in by the scene; a night over, its podium
(:mod:`~game.client.scenes.tv_podium`); the scoreboard and the join code
are the panels every party screen shares (:mod:`game.client.scoreboard`,
:mod:`game.client.join_panel`).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.client import scoreboard, theme
from game.client.at_table import FORMAT_TITLES, names_told, series
from game.client.join_panel import draw_join
from game.client.prose import sentence
from game.client.scene import Context
from game.client.scenes import tv_podium
from game.client.scoreboard import fit
from game.rules import Player
from net.protocol import Party, State

NEXT_SIZE = 48  # the next player's name, on a 1080-line screen, where it fits


@dataclass(frozen=True, slots=True)
class ColumnView:
    """What the side column shows: the party as the screen tells it (None: a plain table),
    the table and its name, where phones join it, and the hint under it all (``asking``: the
    question a first "back" asks, large and in the warning colour); ``upcoming``: at a plain
    table whose game is over, what the next one waits for
    (:func:`~game.client.at_table.next_game`)."""

    party: Party | None
    table: State | None
    name: str | None
    join_url: str | None
    hint: str
    asking: bool
    upcoming: str | None


class SideColumn:
    """Draws a :class:`ColumnView` in the side column."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    def _unit(self) -> float:
        return theme.scale(self.ctx.size).unit

    def draw(
        self, surface: pygame.Surface, side: pygame.Rect, column: ColumnView, drifting: bool
    ) -> None:
        """The side column on its panel, over the backdrop's ``drifting`` marks or the still
        backdrop of a game in play."""
        palette = self.ctx.palette
        u = self._unit()
        if drifting:
            theme.panel(surface, side, palette.board, palette.grid_glow, round(22 * u))
        else:
            theme.backed_panel(surface, palette, side, round(22 * u), 210)
        inner = side.inflate(-round(64 * u), -round(56 * u))
        asking = column.asking  # said to be seen
        color = palette.warning if asking else palette.dim
        hint = theme.text(column.hint, round((34 if asking else 28) * u), color, asking)
        surface.blit(hint, hint.get_rect(bottomleft=inner.bottomleft))
        inner.height -= hint.get_height() + round(16 * u)
        url = column.join_url
        if url:  # guests scan it to play from their phones
            code = pygame.Rect(inner.x, inner.bottom - round(230 * u), inner.width, round(230 * u))
            draw_join(surface, code, url, palette)
            inner.height -= code.height + round(24 * u)
        party = column.party
        if party is None:
            self._draw_table(surface, inner, column)
        else:
            self._draw_party(surface, inner, party)

    def _draw_table(self, surface: pygame.Surface, inner: pygame.Rect, column: ColumnView) -> None:
        """A plain table: its name, seats and spectators, the series, and what comes next."""
        palette = self.ctx.palette
        u = self._unit()
        y = inner.y
        # Which table (a LAN evening may have several): a long name takes a second line.
        words = f"Watching {column.name}" if column.name else "Watching"
        lines, size = theme.wrapped(words, round(60 * u), inner.width, round(40 * u), 2, True)
        for line in lines:
            title = theme.text(
                *theme.fitted(line, size, inner.width, size, True), palette.text, True
            )
            surface.blit(title, (inner.x, y))
            y += title.get_height()
        y += round(24 * u)
        table, upcoming = column.table, column.upcoming
        if table is None:
            return
        for seat in table.seats:
            open_seat = f"{seat.side} is open: join to play"
            words = f"{seat.side}: {seat.name}" if seat.name else open_seat
            color = palette.of(Player(seat.side)) if seat.connected else palette.dim
            line = theme.text(words, round(44 * u), color)
            surface.blit(line, (inner.x, y))
            y += line.get_height() + round(8 * u)
        watchers = theme.text(f"{table.spectators} watching", round(36 * u), palette.dim)
        surface.blit(watchers, (inner.x, y + round(16 * u)))
        y += watchers.get_height() + round(32 * u)
        score = series(table)
        if score:
            line = theme.text(f"Series: {score}", round(44 * u), palette.accent, True)
            surface.blit(line, (inner.x, y))
            y += line.get_height() + round(24 * u)
        if upcoming:  # the room asks "what now?" once a game is over
            label = theme.text("NEXT GAME", round(32 * u), palette.dim, True)
            surface.blit(label, (inner.x, y))
            y += label.get_height()
            for words in theme.wrap(upcoming, round(44 * u), inner.width, True):
                line = theme.text(words, round(44 * u), palette.highlight, True)
                surface.blit(line, (inner.x, y))
                y += line.get_height()

    def _draw_party(self, surface: pygame.Surface, inner: pygame.Rect, party: Party) -> None:
        """The format and status, the queue, and the scoreboard."""
        palette = self.ctx.palette
        u = self._unit()
        y = inner.y
        title = FORMAT_TITLES.get(party.format, party.format)
        played = f"game {party.games + 1}" if party.playing else f"{party.games} played"
        count = theme.text(played, round(36 * u), palette.dim)
        # The title leaves the count its room (a narrow column: a square window's).
        size = round(60 * u)
        room = inner.width - count.get_width() - round(24 * u) - 2 * theme.glow_pad(size)
        title, size = theme.fitted(title, size, room, round(40 * u), True)
        head = theme.glowing_text(title, size, palette.accent, palette.glow_strength // 2)
        surface.blit(head, (inner.x, y))
        surface.blit(count, count.get_rect(bottomright=(inner.right, y + head.get_height() - 6)))
        y += head.get_height() + round(4 * u)
        # Two lines at most, the last ending "…" if there is more; a name too long for the
        # column (one word) shrinks to stay in it, cut only past the least size.
        size = round(38 * u)
        least = min(size, theme.scale(self.ctx.size).px(theme.LEAST_BODY))
        color = palette.highlight if party.finished else palette.text
        status = sentence(party.status, names_told(None, party))
        for line in theme.wrapped(status, size, inner.width, size, 2, True)[0]:
            words = theme.text(*theme.fitted(line, size, inner.width, least, True), color, True)
            surface.blit(words, (inner.x, y))
            y += words.get_height()
        y += round(24 * u)
        podium = pygame.Rect(inner.x, y, inner.width, tv_podium.height(u))
        # Under it, the scoreboard keeps its title and three rows (a tall screen's short column
        # has no room for both: the rows, every one, take turns there).
        row = theme.font(round(30 * u)).get_linesize()  # a row's, and the title's, least size
        rows = round(40 * u) + theme.font(round(30 * u), True).get_linesize() + 3 * row
        if party.finished and podium.bottom + rows <= inner.bottom:
            tv_podium.draw(surface, podium, party.standings, palette, u, least)
            y = podium.bottom + round(32 * u)
        elif not party.finished:  # a night that is over has no next game
            y = self._draw_queue(surface, inner, y, party)
        scores = pygame.Rect(inner.x, y, inner.width, inner.bottom - y)
        scoreboard.draw(surface, scores, party, self.ctx.palette, u, self.ctx.time)

    def _draw_queue(self, surface: pygame.Surface, inner: pygame.Rect, y: int, party: Party) -> int:
        """Who plays next, large, and after them as many of the others as fit on one line
        (those away in their places, marked: the next game does not wait for them)."""
        palette = self.ctx.palette
        u = self._unit()
        label = theme.text("NEXT UP", round(32 * u), palette.dim, True)
        surface.blit(label, (inner.x, y))
        y += label.get_height()
        here = [name for name in party.queue if name not in party.away]
        if here:
            # The next player is who the room looks for: their name is never cut nor smaller
            # than a name's size from the sofa (the lead), taking a second line before that.
            lead = theme.scale(self.ctx.size).lead
            lines, size = theme.whole(here[0], round(NEXT_SIZE * u), inner.width, lead, True)
            for line in lines:
                first = theme.text(line, size, palette.highlight, True)
                surface.blit(first, (inner.x, y))
                y += first.get_height()
        else:
            none = theme.text("nobody waiting", round(40 * u), palette.dim)
            surface.blit(none, (inner.x, y))
            y += none.get_height()
        then = [
            f"{name} (away)" if name in party.away else name
            for name in party.queue
            if name not in here[:1]
        ]
        if then:
            words = _names_line(tuple(then), round(36 * u), inner.width)
            line = theme.text(words, round(36 * u), palette.text)
            surface.blit(line, (inner.x, y))
            y += line.get_height()
        if party.late:
            # Came after a knockout's draw: no queue reaches them tonight; say so by name.
            words = fit(
                "came after the draw, watching: " + ", ".join(party.late),
                round(32 * u),
                inner.width,
            )
            line = theme.text(words, round(32 * u), palette.dim)
            surface.blit(line, (inner.x, y))
            y += line.get_height()
        return y + round(24 * u)


def _names_line(names: tuple[str, ...], size: int, width: int) -> str:
    """ "then A, B, C" with as many names as fit in ``width``, and how many more there are
    (a first name too long for the line alone is cut, the count kept)."""
    face = theme.font(size)
    shown: list[str] = []
    for count, name in enumerate(names, start=1):
        left = len(names) - count
        trial = "then " + ", ".join([*shown, name]) + (f"  + {left} more" if left else "")
        if face.size(trial)[0] > width and shown:
            break
        shown.append(name)
    left = len(names) - len(shown)
    more = f"  + {left} more" if left else ""
    then = "then " + ", ".join(shown)
    if face.size(then + more)[0] > width:
        then = theme.cut(then, face, width - face.size(more)[0])
    return then + more
