"""The strip over the big screen's board: who plays, whose move it is, and the move clock.

A panel of the TV view (:mod:`game.client.scenes.tv`, and so of the party
screen). X's name and O's take one size, as large as the strip lets both show
whole (a long name borrows what a short one leaves), a bar under the mover's
name; under them the party's move clock runs down, or a line says whose move it
is, or who won. What it tells is a :class:`Players`, handed in by the scene, which keeps
who played the game shown in a :class:`Played`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.client import theme
from game.client.at_table import clock_left, names_told
from game.client.prose import sentence
from game.client.scene import Context
from game.rules import Player, Position
from game.textview import points
from net.protocol import Party, SeatView, State


@dataclass(frozen=True, slots=True)
class Players:
    """What the strip tells: the game and the party as the screen tells them (a collapse's
    news waits for its marks to land), the table's seats, and the party as it is now (its
    move clock runs, heard at ``heard``); ``played``: who played each side of the game
    shown, as far as the screen saw them sit."""

    pos: Position | None
    told: Party | None
    seats: dict[Player, SeatView]
    party: Party | None
    heard: float
    played: dict[Player, str]

    def names(self) -> dict[Player, str]:
        """Each side's player, as the strip names them."""
        seats, party = self.seats, self.told
        if not seats and party is not None and len(party.playing) == 2:
            return dict(zip(Player, party.playing, strict=True))  # X's name, then O's
        if self.pos is not None and self.pos.is_over:
            # A game over is told by who played it, whether they sit there still or left (not
            # "open seat wins!"); a side whose player the screen never saw, by its letter.
            return {side: self.played.get(side, side.value) for side in seats}
        return {side: seat.name or "open seat" for side, seat in seats.items()}

    def clock_shows(self) -> bool:
        """Whether the move clock shows: a game on, with a clock, and someone to move (before
        the first game, between games and after the last there is no move to time)."""
        party, pos = self.party, self.pos
        clocked = party is not None and bool(party.playing) and bool(party.clock_ms)
        return clocked and pos is not None and pos.to_play is not None

    def clock_runs(self) -> bool:
        """Whether the move clock runs down now: it shows, and the host has not paused it."""
        return self.clock_shows() and self.party is not None and not self.party.paused


class Played:
    """Who played each side of the table's game (its number: :attr:`game`), as seen sitting:
    a game over is told by its players, whether they stay or leave."""

    def __init__(self) -> None:
        self.game = 0
        self.names: dict[Player, str] = {}  # replaced, never changed: a key may hold it

    def note(self, state: State, over: bool) -> None:
        """Keep who sits at each side while the game is on, or who played it as its record
        says: once it is ``over`` they may leave (before this screen came), or others sit."""
        if state.game != self.game:
            self.game, self.names = state.game, {}
        played = self.names
        for seat in state.seats:
            side = Player(seat.side)
            if seat.name and not (over and side in played):
                played = {**played, side: seat.name}
        named = {side: name for side in Player if (name := state.players.get(side.value))}
        self.names = {**played, **named}


class PlayersStrip:
    """Draws :class:`Players` in the strip over the board."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    def _unit(self) -> float:
        return theme.scale(self.ctx.size).unit

    def draw(self, surface: pygame.Surface, strip: pygame.Rect, players: Players) -> None:
        """X's name and O's, whose move it is (or who won), and the move clock under them."""
        pos = players.pos
        assert pos is not None
        palette = self.ctx.palette
        u = self._unit()
        names = players.names()
        mark = round(58 * u)
        gap = round(40 * u)
        glow = palette.glow_strength // 2
        outcome = pos.outcome
        lines = []
        for side in Player:
            lit = pos.to_play is side or (outcome is not None and outcome.winner is side)
            faded = theme.mix(palette.background_top, palette.of(side), 0.5)
            color = palette.of(side) if lit or pos.is_over else faded
            words = names.get(side, side.value)
            seat = players.seats.get(side)
            if seat and seat.name and not seat.connected and not pos.is_over:
                words = f"{words} (away)"  # the host's stand-in plays for them
            score = f"  {points(outcome.scores.of(side))}" if outcome is not None else ""
            lines.append((words, score, color, lit))
        # Each side takes the mark and its gap to "vs" besides its words.
        beside = gap + mark * 1.4
        size, rooms = _names_fit(
            tuple((words, score, bool(glow) and lit) for words, score, _, lit in lines),
            round(64 * u),
            theme.scale(self.ctx.size).px(theme.LEAST_BODY),
            strip.width,
            beside,
        )
        halves = []
        face = theme.font(size, True)
        for side, (words, score, color, lit), room in zip(Player, lines, rooms, strict=True):
            name, _ = theme.fitted(words, size, room - beside - face.size(score)[0], size, True)
            label = theme.glowing_text(name + score, size, color, glow if lit else 0)
            halves.append((side, label, face.size(name + score)[0]))
        # "vs" between the two sides' rooms: the strip's middle while each fits half of it.
        mid = strip.x + (strip.width - sum(rooms)) // 2 + rooms[0]
        y = strip.y + round(48 * u)
        nobody = not any(seat.name for seat in players.seats.values())
        party = players.told
        if nobody and not pos.is_over and not (party and party.playing):
            # Nobody at the table yet, or no party game on: one line, not "open seat vs open
            # seat" lit as if one were to move (a game its players left once it was over
            # still says who played it, and who won). A party says what it waits for.
            line = "Waiting for players: join to play"
            if party is not None:
                line = sentence(party.status, names_told(None, party))
            line, size = theme.fitted(line, round(64 * u), strip.width, round(40 * u))
            theme.blit_centered(surface, theme.text(line, size, palette.dim), (strip.centerx, y))
            return
        vs = theme.text("vs", round(40 * u), palette.dim)
        theme.blit_centered(surface, vs, (mid, y))
        for side, label, width in halves:
            sprite = theme.mark_sprite(side, mark, palette.of(side), palette.glow_strength)
            if side is Player.X:
                rect = label.get_rect(midright=(mid - gap, y))
                surface.blit(label, rect)
                theme.blit_centered(surface, sprite, (rect.left - mark * 0.8, y))
            else:
                rect = label.get_rect(midleft=(mid + gap, y))
                surface.blit(label, rect)
                theme.blit_centered(surface, sprite, (rect.right + mark * 0.8, y))
            if side is pos.to_play:
                # Whose turn without colour (a grey screen, a colour-blind guest): a bar
                # under the mover's name, as the play screen's headline names the mover.
                bar = pygame.Rect(0, 0, width, max(4, round(8 * u)))
                bar.midtop = (rect.centerx, y + face.get_linesize() // 2)
                pygame.draw.rect(surface, palette.of(side), bar, border_radius=bar.height // 2)
        self._draw_clock(surface, self.clock_line(strip), players)

    def clock_line(self, strip: pygame.Rect) -> pygame.Rect:
        """The line under the names where the move clock (or whose turn it is) shows."""
        return pygame.Rect(strip.x, strip.y + round(98 * self._unit()), strip.width, 0)

    def clock_band(self, strip: pygame.Rect) -> pygame.Rect:
        """All that the move clock covers round its line: the bar and the seconds beside it."""
        u, line = self._unit(), self.clock_line(strip)
        return pygame.Rect(line.x, line.y - round(12 * u), line.width, round(80 * u))

    def clock_face(self, strip: pygame.Rect, players: Players) -> tuple[int, int, bool] | None:
        """The move clock over ``strip`` as it shows now (what its band looks like)."""
        return self._face(_bar(self.clock_line(strip)).width, players)

    def _face(self, width: int, players: Players) -> tuple[int, int, bool] | None:
        """The move clock as a bar ``width`` pixels long shows it now: the pixels filled, the
        seconds, and whether they are few (None: no clock shows)."""
        party = players.party
        if party is None or not players.clock_shows():
            return None
        left = clock_left(party, players.heard, self.ctx.time)
        return round(width * min(1.0, left * 1000 / party.clock_ms)), math.ceil(left), left < 5

    def _draw_clock(self, surface: pygame.Surface, line: pygame.Rect, players: Players) -> None:
        """What is left of the move clock, as a bar and in seconds."""
        party, pos = players.party, players.pos
        bar = _bar(line)
        face = self._face(bar.width, players)  # also the band's look (clock_face)
        if face is None or party is None or pos is None or pos.to_play is None:
            if pos is not None:
                self._draw_turn(surface, line, players)
            return
        filled_width, seconds, few = face
        palette = self.ctx.palette
        u = self._unit()
        bar.y += round(20 * u)
        bar.height = max(6, round(14 * u))
        color = palette.warning if few else palette.of(pos.to_play)
        pygame.draw.rect(surface, palette.board, bar, border_radius=bar.height // 2)
        filled = bar.copy()
        filled.width = filled_width
        if filled.width:
            pygame.draw.rect(surface, color, filled, border_radius=bar.height // 2)
        # Edged as the panels are: the time gone stays in sight (in high contrast the track is
        # the backdrop's black).
        edge = max(1, round(2 * u))
        pygame.draw.rect(surface, palette.grid_glow, bar, edge, border_radius=bar.height // 2)
        # The seconds after the bar and, the host having stopped the clock, "paused" before
        # it: each in the sixth of the line beside the bar (both after it ran off the line).
        gap, size, least = round(20 * u), round(40 * u), round(30 * u)
        room = bar.left - line.left - gap
        beside = [(f"{seconds} s", "midleft", bar.right + gap)]
        if party.paused:
            beside.append(("paused", "midright", bar.left - gap))
        for words, side, x in beside:
            words, fit = theme.fitted(words, size, room, least, True)
            label = theme.text(words, fit, color, True)
            surface.blit(label, label.get_rect(**{side: (x, bar.centery)}))

    def _draw_turn(self, surface: pygame.Surface, line: pygame.Rect, players: Players) -> None:
        """Who won, or whose move it is, where no clock shows."""
        pos = players.pos
        assert pos is not None
        palette = self.ctx.palette
        u = self._unit()
        if pos.is_over:
            winner = pos.outcome.winner if pos.outcome else None
            words = f"{players.names().get(winner, '')} wins!" if winner else "A draw"
            color = palette.of(winner) if winner else palette.accent
        elif any(not seat.name for seat in players.seats.values()):
            words, color = "Waiting for players to sit down", palette.dim
        else:
            who = players.names().get(pos.to_play, "") if pos.to_play else ""
            doing = "chooses the collapse" if pos.awaiting_collapse else "to play"
            words, color = f"{who} {doing}", palette.dim
        words, size = theme.fitted(words, round(40 * u), line.width, round(30 * u), pos.is_over)
        label = theme.text(words, size, color, pos.is_over)
        theme.blit_centered(surface, label, (line.centerx, line.y + round(24 * u)))


def _names_fit(
    sides: tuple[tuple[str, str, bool], ...], largest: int, least: int, width: int, beside: float
) -> tuple[int, tuple[int, int]]:
    """The one size X's and O's names (with their points, and whether they glow) take on a
    line ``width`` pixels wide, and the pixels of it each side has (``beside`` of them for
    its mark and gap; a glowing name's halo pushes its mark out too).

    The largest size from ``largest`` down to ``least`` at which each side fits half the
    line; or failing that, both sides the line: a long name borrows what a short one leaves
    (a square window's strip over the board is narrow). Only a line too narrow for both at
    ``least`` cuts a name, the longer, and each keeps at least half.
    """
    size = largest
    while True:
        face = theme.font(size, True)
        halo = 2 * theme.glow_pad(size)
        needs = [
            face.size(words)[0] + face.size(score)[0] + beside + (halo if glows else 0)
            for words, score, glows in sides
        ]
        if max(needs) <= width / 2:
            return size, (width // 2, width - width // 2)
        if sum(needs) <= width or size <= least:
            break
        size = max(least, size - max(1, size // 24))
    short = min(math.ceil(need) for need in needs)
    if short > width // 2:
        return size, (width // 2, width - width // 2)
    rooms = [min(math.ceil(need), width - short) for need in needs]
    return size, (rooms[0], rooms[1])


def _bar(line: pygame.Rect) -> pygame.Rect:
    """The move clock's bar on ``line``, two thirds of it wide and centred (height and offset
    below the line are the drawing's)."""
    return pygame.Rect(line.x + line.width // 6, line.y, line.width * 2 // 3, 0)
