"""The night's results: a podium, the standings, the games played and where the records are.

The standings are computed here from the games' records in the save dir, as
the host computes its scoreboard (``net.party.result_of`` and
``net.party.standings``): nothing the host said on the way is trusted for the
final word. The party's host has stopped by the time this screen opens (it is
not a view of the table), so every record is whole on disk. Each is replayed
through the rules, off the frame (a thousand games take about half a second):
until they are read, the screen says so.

Params: ``party`` (its name), ``save_dir``, ``format``.
"""

from __future__ import annotations

from concurrent.futures import Future
from pathlib import Path
from typing import Any

import pygame

from game.client import prose, scoreboard, theme
from game.client.at_table import FORMAT_TITLES
from game.client.audio import Cue
from game.client.intents import Cancel, Intent
from game.client.prose import Para
from game.client.scene import BaseScene, Context, SceneName
from game.client.widgets import Item, Menu
from game.records import RecordError, read_record
from game.textview import points
from net.party import GameResult, Standing, result_of, standings
from net.party_host import party_records

PODIUM = 3  # places on the podium (everyone level at one of them stands on it too)
# How many share the night, in words (a sofa reads "Four" at a glance); past these, digits.
COUNTS = (
    "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Eleven", "Twelve",
)  # fmt: skip
TABLE_ROWS = 8  # standings shown under it, at most
# (title, right edge as a share of the table's width): see scoreboard.column_edges
COLUMNS = (("PTS", 0.62), ("P", 0.72), ("W", 0.81), ("D", 0.9), ("L", 1.0))


def night_results(paths: list[Path], name: str) -> tuple[list[GameResult], int]:
    """The finished games of the party ``name`` among the records at ``paths``
    (:func:`~net.party_host.party_records`), in order, and how many games were started (an
    unfinished one, ended early, counts for nobody)."""
    finished: dict[int, GameResult] = {}
    started = 0
    for path in paths:
        try:
            record = read_record(path)
        except RecordError:
            continue
        started += 1
        found = result_of(record, name)
        if found is not None:
            finished[found[0]] = found[1]
    return [finished[n] for n in sorted(finished)], started


def podium(rows: list[Standing]) -> list[Standing]:
    """Who stands on the podium, from left to right: second, first, third, as on any podium,
    everyone level at a place side by side in the standings' order (:func:`~net.party.
    standings`' ranks: 1, 1, 1, 1, 5 is four on the highest steps). Where one place alone
    follows the first and more than one holds it (1, 2, 2, 2), they stand on both sides:
    the first stays in the middle."""
    on = [row for row in rows if row.rank <= PODIUM]
    first = [row for row in on if row.rank == 1]
    rest = [row for row in on if row.rank > 1]
    if len(rest) > 1 and len({row.rank for row in rest}) == 1:
        half = (len(rest) + (rest[0].rank == 2)) // 2  # the odd one out on its own side
        return rest[:half] + first + rest[half:]
    return [row for row in rest if row.rank == 2] + first + [r for r in rest if r.rank == 3]


def _values(row: Standing) -> tuple[str, str, str, str, str]:
    return (points(row.points), str(row.played), str(row.wins), str(row.draws), str(row.losses))


class PartyResultsScene(BaseScene):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.menu = Menu([Item("Back to the title", self._leave)], width=8)

    def enter(self, party: str, save_dir: Path, format: str = "", **params: Any) -> None:
        self.name = party
        self.save_dir = save_dir
        self.format = FORMAT_TITLES.get(format, format)
        paths = party_records(save_dir, party)  # their names only: reading them takes long
        self.to_read = len(paths)
        self.reading: Future[tuple[list[GameResult], int]] | None = self.ctx.run_in_worker(
            lambda: night_results(paths, party)
        )
        self.results: list[GameResult] = []
        self.started = 0
        self.standings: list[Standing] = []

    def update(self, dt: float) -> None:
        if self.reading is None or not self.reading.done():
            return
        future, self.reading = self.reading, None
        self.results, self.started = future.result()
        # The places the host gives for the same games (one ordering, net.party's). Those it
        # listed who never played earned none: they come after, and are not in the records.
        self.standings = standings(self.results)
        self.ctx.audio.play(Cue.WIN)

    def _leave(self) -> None:
        self.ctx.go(SceneName.TITLE)

    @property
    def animating(self) -> bool:
        """The night's results stand still once the focus ring has settled."""
        return self.menu.breathing(self.ctx.time)

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Cancel):
            self._leave()
            return
        self.menu.handle(intent, self._menu_area())

    def _menu_area(self) -> pygame.Rect:
        w, h = self.ctx.size
        scale = theme.scale((w, h))
        return pygame.Rect(0, h - scale.button - scale.margin, w, scale.button)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        palette = self.ctx.palette
        theme.backdrop(surface, palette, self.ctx.time, drift=False)
        w, h = surface.get_size()
        scale = theme.scale((w, h))
        words, size = theme.fitted(self.name, scale.title, w * 0.9, scale.heading, True)
        title = theme.glowing_text(words, size, palette.text, palette.glow_strength)
        theme.blit_centered(surface, title, (w / 2, scale.px(76)))
        played = len(self.results)
        games = f"{played} game{'s' * (played != 1)} played"
        if self.started > played:
            games += f" ({self.started - played} left unfinished)"
        sub = theme.text(
            self.format if self.reading else f"{self.format} · {games}", scale.lead, palette.dim
        )
        theme.blit_centered(surface, sub, (w / 2, scale.px(168)))
        self._draw_podium(surface, pygame.Rect(w // 20, scale.px(200), w * 9 // 10, scale.px(330)))
        table = pygame.Rect(w // 5, scale.px(560), w * 3 // 5, scale.px(330))
        if not self.reading:  # a table's heads over nothing looked like a night of no games
            self._draw_table(surface, table)
        where = f"The records are kept in {self.save_dir}"
        box = pygame.Rect(w // 10, table.bottom + scale.px(10), w * 4 // 5, scale.px(50))
        prose.draw(surface, [Para(where, palette.dim)], box, scale.hint, center=True)
        self.menu.draw(surface, self._menu_area(), palette, self.ctx.time)

    def _draw_podium(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """First in the middle on the highest step, second to its left, third to its right,
        each step as high as its place; players level at a place have steps of one height side
        by side, and a line over the podium says when several share the night."""
        palette = self.ctx.palette
        scale = theme.scale(self.ctx.size)
        if self.reading:
            count = f"{self.to_read} game{'s' * (self.to_read != 1)}"
            words = theme.text(f"Reading the night's {count}…", scale.lead, palette.dim)
            theme.blit_centered(surface, words, area.center)
            return
        if not self.standings:
            words = theme.text("No game was finished tonight", scale.lead, palette.dim)
            theme.blit_centered(surface, words, area.center)
            return
        heading = theme.font(scale.lead, True).get_linesize()
        level = sum(row.rank == 1 for row in self.standings)
        if level > 1:
            count = COUNTS[level - 2] if level - 2 < len(COUNTS) else str(level)
            shared = theme.glowing_text(
                f"{count} share the night", scale.lead, palette.highlight, palette.glow_strength
            )
            theme.blit_centered(surface, shared, (area.centerx, area.top + heading / 2))
        stand = pygame.Rect(area.x, area.y + heading, area.width, area.height - heading)
        on = podium(self.standings)
        # A step each, a quarter of the screen wide (three across its middle), narrower only
        # when more stand on the podium than the width holds.
        step_w = min(self.ctx.size[0] // 4, stand.width // len(on))
        gap = step_w // 10
        names = [self._name_lines(row.name, step_w - gap) for row in on]
        score_h = theme.font(scale.body, True).get_linesize() + scale.px(6)
        heights = {1: 1.0, 2: 0.72, 3: 0.5}
        colors = {1: palette.highlight, 2: palette.x, 3: palette.o}
        # The highest step as high as leaves every name room over its step.
        tall = stand.height * 0.55
        for row, lines in zip(on, names, strict=True):
            label_h = sum(h for _, h in lines) + score_h
            tall = min(tall, (stand.height - label_h) / heights[row.rank])
        x = stand.centerx - step_w * len(on) // 2
        for row, lines in zip(on, names, strict=True):
            step_h = round(tall * heights[row.rank])
            step = pygame.Rect(x + gap, stand.bottom - step_h, step_w - 2 * gap, step_h)
            color = colors[row.rank]
            theme.panel(surface, step, palette.board, color, scale.px(16))
            number = theme.glowing_text(str(row.rank), scale.heading, color, palette.glow_strength)
            theme.blit_centered(surface, number, step.center)
            score = theme.text(
                f"{points(row.points)} pt{'s' * (row.points != 1)}", scale.body, color, True
            )
            y = step.top - score_h
            theme.blit_centered(surface, score, (step.centerx, y + score_h / 2))
            y -= sum(h for _, h in lines)
            for label, line_h in lines:
                theme.blit_centered(surface, label, (step.centerx, y + line_h / 2))
                y += line_h
            x += step_w

    def _name_lines(self, name: str, width: int) -> list[tuple[pygame.Surface, int]]:
        """A name on the podium as lines ``width`` pixels wide at most, each with its height:
        two lines rather than one shrunk or cut, and shrunk before it is cut."""
        scale = theme.scale(self.ctx.size)
        palette = self.ctx.palette
        lines, size = theme.wrapped(name, scale.lead, width, scale.hint, 2, True, True)
        out: list[tuple[pygame.Surface, int]] = []
        for line in lines:  # a word longer than the line alone is shrunk, then cut, to fit
            words, fit = theme.fitted(line, size, width, scale.hint, True)
            label = theme.glowing_text(words, fit, palette.text, palette.glow_strength // 2)
            out.append((label, theme.font(fit, True).get_linesize()))
        return out

    def _draw_table(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """Rank, name, points, played, won, drawn, lost."""
        palette = self.ctx.palette
        scale = theme.scale(self.ctx.size)
        head = scale.hint
        label = theme.text("STANDINGS", head, palette.dim, True)
        surface.blit(label, area.topleft)
        y = area.y + label.get_height() + scale.px(8)
        rows = self.standings[:TABLE_ROWS]
        room = area.bottom - y
        if len(self.standings) > len(rows):
            room -= theme.font(scale.hint).get_linesize()  # the line for "and N more"
        # The rows shrink, down to the hint's size, to fit above the words under the table;
        # past that, fewer are shown.
        size = scale.body
        while size > scale.hint and theme.font(size).get_linesize() * len(rows) > room:
            size -= 1
        if theme.font(size).get_linesize() * len(rows) > room:
            room -= theme.font(scale.hint).get_linesize() * (len(self.standings) == len(rows))
            rows = rows[: max(1, room // theme.font(size).get_linesize())]
        values = [_values(row) for row in self.standings]
        *edges, names_end = scoreboard.column_edges(area, COLUMNS, values, size, head)
        for (words, _), edge in zip(COLUMNS, edges, strict=True):
            text = theme.text(words, head, palette.dim, True)
            surface.blit(text, text.get_rect(topright=(edge, area.y)))
        name_room = min(area.width * 0.5, names_end - area.x)
        for row, shown in zip(rows, values, strict=False):
            best = row.rank == 1
            color = palette.highlight if best else palette.text
            name, _ = theme.fitted(f"{row.rank}.  {row.name}", size, name_room, size)
            surface.blit(theme.text(name, size, color, best), (area.x, y))
            for value, edge in zip(shown, edges, strict=True):
                text = theme.text(value, size, color, best)
                surface.blit(text, text.get_rect(topright=(edge, y)))
            y += theme.font(size).get_linesize()
        more = len(self.standings) - len(rows)
        if more > 0:
            surface.blit(theme.text(f"and {more} more", scale.hint, palette.dim), (area.x, y))
