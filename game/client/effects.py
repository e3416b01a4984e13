"""The collapse, the winning line and the celebration: particles and flying marks.

Everything moves only in :meth:`Effects.update`, in fixed steps; :meth:`Effects.draw`
interpolates between the last two steps and changes nothing, so the same
simulated time gives the same picture at any frame rate.

Positions are kept in board units (0..1 across the board panel) so an
effect survives the window being resized. Particles (:mod:`game.client.particles`)
are columns of numbers whose places after ``n`` fixed steps have a closed form:
a step moves none of them, and a frame places them all at once and draws them in
one ``fblits`` call, the flying marks in another.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from random import Random

import numpy as np
import pygame

from game.client import theme
from game.client.board_layout import BoardLayout
from game.client.board_marks import CLASSICAL_SIZE, classical_center
from game.client.fades import FADE_TIME, Fades
from game.client.flights import Flight, Flights
from game.client.particles import Particles, objects
from game.client.row_lines import draw_row_line, finished_rows, row_width
from game.client.still import Over
from game.client.theme import Color, Palette
from game.rules import Player, Position, Row

Vec = tuple[float, float]

BURST = 26  # particles from each surviving half, and again where it lands
DISSOLVE = 22  # particles from each vanished half
COLLAPSE_BUDGET = 1200  # particles at most for one collapse: a big board's gets fewer a mark
STAGGER_BUDGET = 0.6  # seconds at most between the first mark's flight and the last's
TRAIL_EVERY = 2  # a flying mark sheds a trail particle every this many steps...
TRAIL_MARKS = 48  # ...while this many fly at most; more shed more seldom (below)
FLIGHT_TIME = 0.55  # seconds a mark flies home, at the quick pace; the play screen's show is slower
FLIGHT_STAGGER = 0.07  # seconds between two marks' take-offs, at that pace
SWEEP_TIME = 0.6
FIREWORK_EVERY = 0.2
FIREWORKS = 14
DOT_SIZES = (2, 3, 5, 7)  # the largest only for fireworks
SHADES = 4  # brightness steps a particle fades through
LADDER_STEP = 1.06  # a growing or shrinking mark's sprites differ in size by this ratio
FIREWORK_SPARK: Color = (255, 250, 235)


@dataclass(slots=True)
class Sweep:
    """A winning row lit from one end to the other, then held."""

    color: int
    points: tuple[Vec, ...]
    cells: tuple[int, ...]  # the row's, which say how wide it is drawn
    age: float = 0.0
    prev_age: float = 0.0


class Effects:
    """Every effect running on one board; deterministic for a given seed and step count."""

    def __init__(self, rng: Random, intensity: float = 1.0, flight: float = FLIGHT_TIME) -> None:
        self.rng = rng
        # A burst's sparks come as arrays (Ultimate's biggest collapse starts 3,500 at once),
        # from a generator seeded from rng: a seed still gives one show.
        self._sparks_rng = np.random.default_rng(rng.getrandbits(64))
        self.intensity = intensity  # fewer particles when the player asks for calm
        self.flight = flight  # seconds a collapsing mark takes to fly home
        self.particles = Particles()
        self.colors: list[Color] = []
        self.flights = Flights()
        self.fades = Fades()
        self.sweeps: list[Sweep] = []
        # A win closed by a collapse waits for the marks to land: its sweeps and fireworks' colour.
        self.after_landing: tuple[list[Sweep], Color] | None = None
        self.fireworks_left = 0
        self.firework_clock = 0.0
        self.firework_color = 0
        self.time = 0.0
        # The sprites made for: size, scale, palette, and forget()'s count then.
        self._made_for: tuple[object, ...] = ()

    # -- starting effects --------------------------------------------------------

    def collapse(
        self, before: Position, after: Position, layout: BoardLayout, palette: Palette
    ) -> None:
        """Each surviving mark bursts and flies into its cell; the other halves dissolve."""
        landed = [(c, k) for c, k in enumerate(after.cells) if k and not before.cells[c]]
        if not landed:
            return
        landed.sort(key=lambda ck: ck[1])
        slot_to = layout.cell_size * CLASSICAL_SIZE
        share = self.intensity * min(1.0, COLLAPSE_BUDGET / ((2 * BURST + DISSOLVE) * len(landed)))
        slower = self.flight / FLIGHT_TIME
        stagger = slower * min(FLIGHT_STAGGER, STAGGER_BUDGET / len(landed))
        sparks, dust = max(4, round(BURST * share)), max(4, round(DISSOLVE * share))
        flights: list[Flight] = []
        gone: list[Vec] = []  # where each vanished half stood
        w = layout.area.width
        for order, (cell, k) in enumerate(landed):
            pair = next(((a, b) for m, a, b in before.spooky_marks if m == k), None)
            if pair is None:  # a double placement: nothing was spooky
                continue
            other = pair[1] if pair[0] == cell else pair[0]
            size_from = layout.slot_size(len(before.spooky_in(cell))) * 0.5
            start = _units(layout, layout.mark_center(before, k, cell))
            end = _units(layout, classical_center(layout.cells[cell]))
            color = self._color(palette.of(Player.of_mark(k)))
            size = (size_from / w, slot_to / w)
            delay = order * stagger
            flights.append(Flight(k, cell, start, end, *size, delay, self.flight, color, sparks))
            gone.append(_units(layout, layout.mark_center(before, k, other)))
        if not flights:
            return
        # Every mark's take-off and every vanished half's dust, two bursts of many places.
        starts, colors = np.array([f.start for f in flights]), np.array([f.color for f in flights])
        self._burst(starts, colors, sparks, speed=0.35, ttl=0.7)
        self._burst(np.array(gone), self._color(palette.dim), dust, speed=0.08, ttl=0.9, rise=-0.25)
        self.flights.add(flights)
        # A vanished half was as big as its mark where that took off: both were spooky.
        marks, sizes = [f.mark for f in flights], [f.size_from for f in flights]
        self.fades.add(marks, gone, sizes, FADE_TIME * slower)

    def win(self, rows: tuple[Row, ...], layout: BoardLayout, palette: Palette) -> None:
        """A sweep along each winning row, in its player's colour."""
        self.sweeps += self._sweeps(rows, layout, palette)

    def _sweeps(self, rows: tuple[Row, ...], layout: BoardLayout, palette: Palette) -> list[Sweep]:
        return [
            Sweep(
                self._color(palette.of(row.player)),
                tuple(_units(layout, classical_center(layout.cells[c])) for c in row.cells),
                row.cells,
            )
            for row in rows
        ]

    def celebrate(self, color: Color) -> None:
        """Fireworks over the board for a couple of seconds."""
        self.fireworks_left = round(FIREWORKS * max(0.25, self.intensity))
        self.firework_clock = 0.0
        self.firework_color = self._color(color)

    def step(
        self, before: Position, after: Position, layout: BoardLayout, palette: Palette
    ) -> None:
        """What one move forward shows: marks turning classical fly home, an ending celebrates.

        The ending waits for the marks to land: the win is not shown before it happened.
        """
        if any(k and not before.cells[c] for c, k in enumerate(after.cells)):
            self.collapse(before, after, layout, palette)
        outcome = after.outcome
        if outcome is not None and not before.is_over:
            winner = outcome.winner
            sweeps = self._sweeps(finished_rows(after), layout, palette)
            color = palette.of(winner) if winner else palette.accent
            if self.flights:
                self.after_landing = (sweeps, color)
            else:
                self.sweeps += sweeps
                self.celebrate(color)

    def clear(self) -> None:
        self.particles.clear()
        self.flights.clear()
        self.fades.clear()
        self.sweeps.clear()
        self.after_landing = None
        self.fireworks_left = 0

    # -- what the board must leave to us ---------------------------------------------

    @property
    def hidden_cells(self) -> frozenset[int]:
        """Cells whose classical mark is still in the air, so the board must not draw it: a
        landed mark is the board's to draw, where it stays put (drawn anew each frame, it
        and the picture under it cost more than the marks in the air)."""
        flights = self.flights
        return frozenset(flights.cell[~flights.landed].tolist())

    @property
    def landing_cells(self) -> frozenset[int]:
        """Cells of the collapse being shown, landed or not (a mini-board's win waits for all)."""
        return frozenset(self.flights.cell.tolist())

    def struck_rows(self, pos: Position) -> tuple[Row, ...]:
        """The finished game's rows for the board to strike through, once the sweeps drew them."""
        drawing = self.sweeps or self.after_landing
        return finished_rows(pos) if not drawing else ()

    @property
    def busy(self) -> bool:
        """Whether the collapse is still being shown (bots wait for it)."""
        return bool(self.flights or self.fades)

    @property
    def active(self) -> bool:
        """Whether anything is still moving (the window sleeps when nothing is)."""
        return bool(
            self.flights
            or self.fades
            or self.sweeps
            or self.fireworks_left
            or bool(len(self.particles))  # a particle is dropped once its life is out
        )

    @property
    def particle_count(self) -> int:
        """Particles alive now."""
        return len(self.particles)

    def state(self) -> tuple[object, ...]:
        """Everything that moves, as one comparable value (tests compare runs with it)."""
        return (
            round(self.time, 9),
            self.particles.state(),
            self.flights.state(),
            self.fades.state(),
            tuple(s.age for s in self.sweeps),
            self.fireworks_left,
        )

    # -- the fixed step ------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.time += dt
        self.particles.step(dt)
        if self.flights:
            self._fly(dt)
        if self.after_landing is not None and not self.flights:
            sweeps, color = self.after_landing
            self.after_landing = None
            self.sweeps += sweeps
            self.celebrate(color)
        if self.fades:
            self.fades.step(dt)
        for s in self.sweeps:
            s.prev_age = s.age
            s.age += dt
        # A finished sweep leaves its line to the board (Look.rows).
        self.sweeps = [s for s in self.sweeps if s.age < SWEEP_TIME]
        if self.sweeps:  # each head sheds sparks (Ultimate's wins sweep up to a dozen rows)
            heads = np.array([_along(s.points, s.age / SWEEP_TIME) for s in self.sweeps])
            colors = np.array([s.color for s in self.sweeps])
            self._burst(heads, colors, 2, speed=0.12, ttl=0.5)
        if self.fireworks_left:
            self.firework_clock -= dt
            if self.firework_clock <= 0:
                self.firework_clock += FIREWORK_EVERY
                self.fireworks_left -= 1
                at = (self.rng.uniform(0.1, 0.9), self.rng.uniform(0.1, 0.6))
                count = round(45 * max(0.3, self.intensity))
                # The winner's colour with white sparks through it.
                for color in (self.firework_color, self._color(FIREWORK_SPARK)):
                    self._burst(
                        at,
                        color,
                        count,
                        speed=0.6,
                        ttl=1.3,
                        gravity=0.35,
                        drag=0.985,
                        sizes=len(DOT_SIZES),
                    )

    def _fly(self, dt: float) -> None:
        """A step of the flights: each mark in the air sheds a trail, each landing flashes."""
        flights = self.flights
        flights.step(dt)
        landed = flights.landed
        trail = (flights.delay <= flights.age) & ~landed
        # Ultimate's biggest collapse flies 72 marks: their trails alone were 1,500 sparks, the
        # dearest part of its frames. Seen in a swarm, a dot every third step looks the same.
        every = max(TRAIL_EVERY, math.ceil(len(flights) * TRAIL_EVERY / TRAIL_MARKS))
        trail &= np.rint(flights.age / dt) % every == 0
        touching = landed & ~flights.touched_down
        if trail.any():
            x, y, _ = flights.place(flights.age)
            kind = flights.color[trail] * len(DOT_SIZES) + 1
            self.particles.add(x[trail], y[trail], 0.0, 0.0, 0.35, kind, 0.9, 0.0)
        if touching.any():  # most steps land none
            for i in np.flatnonzero(touching).tolist():
                at = (flights.end[i, 0], flights.end[i, 1])
                self._burst(at, int(flights.color[i]), int(flights.sparks[i]), speed=0.3, ttl=0.5)
            flights.touched_down |= touching
        if landed.all() and flights.settled:
            flights.clear()

    def _color(self, color: Color) -> int:
        if color not in self.colors:
            self.colors.append(color)
        return self.colors.index(color)

    def _burst(
        self,
        at: Vec | np.ndarray,
        color: int | np.ndarray,
        count: int,
        speed: float,
        ttl: float,
        rise: float = 0.0,
        gravity: float = 0.0,
        drag: float = 0.95,  # of the speed kept each step
        sizes: int = len(DOT_SIZES) - 1,  # how many of DOT_SIZES, smallest first
    ) -> None:
        """``count`` sparks flying out from ``at``, or from each of many places (rows of
        ``at``, with a colour each or one for all)."""
        # Few numpy calls, each for every spark: a step may start a burst at each of a dozen
        # sweeps' heads, a landing's or a firework's, and each call costs microseconds.
        x, y = np.repeat(np.reshape(at, (-1, 2)), count, axis=0).T
        kinds = np.asarray(color) * len(DOT_SIZES)
        if kinds.ndim:  # a colour for each place
            kinds = np.repeat(kinds, count)
        angle, v, life, size = self._sparks_rng.random((4, len(x)))
        angle *= math.tau
        v = speed * (0.3 + 0.7 * v)
        self.particles.add(
            x,
            y,
            np.cos(angle) * v,
            np.sin(angle) * v + rise,
            ttl * (0.6 + 0.4 * life),
            kinds + (size * sizes).astype(np.intp),
            drag,
            gravity,
        )

    # -- drawing -----------------------------------------------------------------

    def draw(
        self,
        surface: pygame.Surface,
        layout: BoardLayout,
        palette: Palette,
        alpha: float,
        over: Over | None = None,
    ) -> None:
        """Everything moving, ``alpha`` of the way to the next step; where, noted in ``over``."""
        over = over or Over(surface.get_size())
        ox, oy = layout.area.topleft
        w = layout.area.width
        scale = max(1.0, w / 600)
        top = round(layout.cell_size * CLASSICAL_SIZE)
        if (top, scale, palette, _forgotten) != self._made_for:
            # Every blur a burst can need is made here, for this size and palette, while the
            # board is still (a blur in a burst stutters at 4K): a burst looks sprites up, or
            # scales a ladder's size down the first time a flight needs it.
            self._made_for = (top, scale, palette, _forgotten)
            for player in Player:
                for kind in _LADDERS:
                    _ladder_of(kind, player, top, palette)
            for color in (palette.x, palette.o, palette.dim, palette.accent, FIREWORK_SPARK):
                for size in DOT_SIZES:
                    theme.glow_dots(round(size * scale), color, SHADES)
        over.add_all(self._draw_sweeps(surface, layout, alpha))
        marks: list[tuple[np.ndarray, np.ndarray]] = []  # where fading halves and flying marks went
        if self.fades:
            marks.append(self._draw_fades(surface, layout, palette, alpha, top))
        # Sparks first: the flying marks pass in front of their own trails.
        sprites, half = _dots(tuple(self.colors), scale)
        sparks = self.particles.draw(surface, sprites, half, SHADES, (ox, oy), w, alpha)
        if sparks is not None:
            over.add_sprites(*sparks)
        if not self.flights.landed.all():  # a landed mark is the board's to draw
            marks.append(self._draw_flying(surface, layout, palette, alpha, top))
        if marks:
            corners, extents = zip(*marks, strict=True)
            over.add_sprites(np.concatenate(corners, axis=1), np.concatenate(extents))

    def _draw_fades(
        self, surface: pygame.Surface, layout: BoardLayout, palette: Palette, alpha: float, top: int
    ) -> tuple[np.ndarray, np.ndarray]:
        """The vanished halves shrinking where they stood, in their order; where they are (the
        top-left corners and the sides less one, for :meth:`Over.add_sprites`).

        The halves of one collapse vanish together, at one transparency: each run of them
        at one is blitted in one call (Ultimate's biggest collapse fades 72).
        """
        (ox, oy), w = layout.area.topleft, layout.area.width
        ladders = [_ladder_of(_FADE, p, top, palette) for p in (Player.X, Player.O)]
        mark, x, y, size = self.fades.table[: Fades.LIFE]
        left = self.fades.left(alpha)
        picks = ladders[0].nearest_all(size * w * (0.6 + 0.4 * left))
        sprites, corners, sides = _centred(ladders, picks, mark, ox + x * w, oy + y * w)
        places = corners.T.tolist()
        opacity = np.rint(255 * left).astype(np.intp).tolist()
        ends = [i for i in range(1, len(opacity)) if opacity[i] != opacity[i - 1]]
        for start, end in zip([0, *ends], [*ends, len(opacity)], strict=True):
            run = set(sprites[start:end])
            for sprite in run:
                sprite.set_alpha(opacity[start])
            surface.fblits(zip(sprites[start:end], places[start:end], strict=True))
            for sprite in run:
                sprite.set_alpha(None)
        return corners, sides - 1

    def _draw_flying(
        self, surface: pygame.Surface, layout: BoardLayout, palette: Palette, alpha: float, top: int
    ) -> tuple[np.ndarray, np.ndarray]:
        """The marks in the air, ``alpha`` of the way to the next step, in their order (a
        landed mark is the board's: :attr:`hidden_cells`); where they are, as
        :meth:`_draw_fades` says."""
        flights = self.flights
        (ox, oy), w = layout.area.topleft, layout.area.width
        ladders = [_ladder_of(_FLIGHT, p, top, palette) for p in (Player.X, Player.O)]
        x, y, size = flights.place(flights.prev_age + (flights.age - flights.prev_age) * alpha)
        up = np.flatnonzero(~flights.landed)
        picks = ladders[0].nearest_all(size[up] * w)
        sprites, corners, sides = _centred(
            ladders, picks, flights.mark[up], ox + x[up] * w, oy + y[up] * w
        )
        surface.fblits(zip(sprites, corners.T.tolist(), strict=True))
        return corners, sides - 1

    def _draw_sweeps(
        self, surface: pygame.Surface, layout: BoardLayout, alpha: float
    ) -> list[pygame.Rect]:
        """The winning line growing from its first cell, as the board will then strike it;
        where it was drawn."""
        (ox, oy), w = layout.area.topleft, layout.area.width
        drawn: list[pygame.Rect] = []
        for s in self.sweeps:
            width = row_width(layout, s.cells)
            age = s.prev_age + (s.age - s.prev_age) * alpha
            head = _along(s.points, min(1.0, age / SWEEP_TIME))
            start = (ox + s.points[0][0] * w, oy + s.points[0][1] * w)
            end = (ox + head[0] * w, oy + head[1] * w)
            drawn += draw_row_line(surface, start, end, self.colors[s.color], width)
            drawn.append(pygame.draw.circle(surface, (255, 255, 255), end, width))
        return drawn


_forgotten = 0  # times forget() dropped the sprites


def forget() -> None:
    """Drop the sprites kept here (a session ending, a window resized)."""
    global _forgotten
    _forgotten += 1  # an Effects makes its burst's sprites again before the next burst
    _ladder.cache_clear()
    _dots.cache_clear()


def _units(layout: BoardLayout, point: tuple[float, float]) -> Vec:
    area = layout.area
    return (point[0] - area.x) / area.width, (point[1] - area.y) / area.width


def _along(points: tuple[Vec, ...], t: float) -> Vec:
    """The point ``t`` of the way from the first to the last of ``points`` (a straight row)."""
    a, b = points[0], points[-1]
    return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t


def _centred(
    ladders: list[Ladder], picks: np.ndarray, marks: np.ndarray, x: np.ndarray, y: np.ndarray
) -> tuple[list[pygame.Surface], np.ndarray, np.ndarray]:
    """Each of ``marks``' sprite from X's or O's ladder (``ladders``, sizes alike) at ``picks``;
    the top-left corners that centre them at ``x`` and ``y`` (pixels), and their sides."""
    sprites = [  # X plays the odd subscripts
        ladders[not mark % 2].sprite(pick)
        for pick, mark in zip(picks.tolist(), marks.tolist(), strict=True)
    ]
    sides = np.fromiter(map(pygame.Surface.get_width, sprites), np.intp, len(sprites))
    corners = np.rint((x, y)).astype(np.intp)
    corners -= sides >> 1
    return sprites, corners, sides


# (share of the palette's glow, stroke width ratio) of a flying mark and of a vanishing half.
_FLIGHT = (1.0, 0.12)  # as a classical mark: it lands as one
_FADE = (0.5, 0.13)  # as a spooky mark
_LADDERS = (_FLIGHT, _FADE)


class Ladder:
    """One mark's sprite at sizes a step of ``LADDER_STEP`` apart, smallest first.

    Each size is a smooth copy of the largest, made the first time it is asked for:
    a flight passes through the sizes over many frames, while making them all at once
    cost the first frame of a collapse 36 ms at 4K (an Ultimate board zoomed anew).
    """

    def __init__(self, biggest: pygame.Surface, top: int) -> None:
        sizes = [top]
        while sizes[-1] > 6:
            sizes.append(max(6, min(sizes[-1] - 1, round(sizes[-1] / LADDER_STEP))))
        self.sizes: tuple[int, ...] = tuple(reversed(sizes))
        # Halfway from each size to the next: a size there or past it is closer to the next.
        ladder = np.array(self.sizes, dtype=float)
        self._middles = (ladder[1:] + ladder[:-1]) / 2
        self._biggest = biggest
        self._made: list[pygame.Surface | None] = [None] * len(sizes)

    def sprite(self, i: int) -> pygame.Surface:
        """The sprite of ``sizes[i]``: the copies keep the largest's proportions (stroke,
        glow, padding), so a mark that grows or shrinks through them looks like one mark;
        without their clear margins, a flying mark blends fewer pixels, and puts back fewer."""
        made = self._made[i]
        if made is None:
            biggest, top = self._biggest, self.sizes[-1]
            copy = biggest
            if self.sizes[i] != top:
                side = max(1, round(biggest.get_width() * self.sizes[i] / top))
                copy = pygame.transform.smoothscale(biggest, (side, side))
            made = self._made[i] = theme.trimmed(copy)
        return made

    def nearest_all(self, sizes: np.ndarray) -> np.ndarray:
        """For each of ``sizes`` (in pixels), the index of the closest size (of two as close, the
        larger; the largest above them all)."""
        return np.searchsorted(self._middles, sizes, side="right")  # type: ignore[no-any-return]


@lru_cache(maxsize=8)
def _dots(colors: tuple[Color, ...], scale: float) -> tuple[np.ndarray, np.ndarray]:
    """Every kind of particle's sprites by shade, one kind after another (the brightest
    twice, for a particle whose life is all left), and per kind the offset from a
    sprite's corner to its centre."""
    table = [
        (dots := theme.glow_dots(round(size * scale), color, SHADES)) + dots[-1:]
        for color in colors
        for size in DOT_SIZES
    ]
    return objects([s for dots in table for s in dots]), np.array(
        [dots[0].get_width() >> 1 for dots in table], dtype=np.intp
    )


def _ladder_of(kind: tuple[float, float], player: Player, top: int, palette: Palette) -> Ladder:
    return _ladder(player, top, palette.of(player), round(palette.glow_strength * kind[0]), kind[1])


@lru_cache(maxsize=16)
def _ladder(player: Player, top: int, color: Color, glow: int, ratio: float) -> Ladder:
    """``player``'s mark from ``top`` pixels down to 6 (costing a scaling each where drawing
    each size afresh costs a blur)."""
    return Ladder(theme.mark_sprite(player, top, color, glow, ratio), top)
