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

from game.client import prose, theme
from game.client.audio import Cue
from game.client.intents import Cancel, Intent
from game.client.prose import Para
from game.client.scene import BaseScene, Context, SceneName
from game.client.scenes.tv import FORMAT_TITLES
from game.client.widgets import Item, Menu
from game.records import RecordError, read_record
from game.textview import points
from net.party import GameResult, Standing, result_of, standings
from net.party_host import party_records

PODIUM = 3  # places on the podium
TABLE_ROWS = 8  # standings shown under it, at most


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
        self._draw_podium(surface, pygame.Rect(w // 8, scale.px(210), w * 3 // 4, scale.px(320)))
        table = pygame.Rect(w // 5, scale.px(560), w * 3 // 5, scale.px(330))
        if not self.reading:  # a table's heads over nothing looked like a night of no games
            self._draw_table(surface, table)
        where = f"The records are kept in {self.save_dir}"
        box = pygame.Rect(w // 10, table.bottom + scale.px(10), w * 4 // 5, scale.px(50))
        prose.draw(surface, [Para(where, palette.dim)], box, scale.hint, center=True)
        self.menu.draw(surface, self._menu_area(), palette, self.ctx.time)

    def _draw_podium(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """First in the middle on the highest step, second to its left, third to its right;
        each step as high as its player's place (two level at the top: two highest steps)."""
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
        step_w = area.width // PODIUM
        heights = {0: 1.0, 1: 0.72, 2: 0.5}
        order = {1: 0, 0: 1, 2: 2}  # row in the standings -> column
        colors = {0: palette.highlight, 1: palette.x, 2: palette.o}
        base = area.bottom
        for at, row in enumerate(self.standings[:PODIUM]):
            column, place = order[at], row.rank - 1
            step_h = round(area.height * 0.55 * heights[place])
            step = pygame.Rect(
                area.x + column * step_w + step_w // 10, base - step_h, step_w * 4 // 5, step_h
            )
            theme.panel(surface, step, palette.board, colors[place], scale.px(16))
            number = theme.glowing_text(
                str(place + 1), scale.heading, colors[place], palette.glow_strength
            )
            theme.blit_centered(surface, number, step.center)
            name, size = theme.fitted(row.name, scale.lead, step.width, scale.body, True)
            label = theme.glowing_text(name, size, palette.text, palette.glow_strength // 2)
            score = theme.text(
                f"{points(row.points)} pt{'s' * (row.points != 1)}", scale.body, colors[place], True
            )
            y = step.top - score.get_height() - scale.px(6)
            theme.blit_centered(surface, score, (step.centerx, y + score.get_height() / 2))
            y -= label.get_height()
            theme.blit_centered(surface, label, (step.centerx, y + label.get_height() / 2))

    def _draw_table(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """Rank, name, points, played, won, drawn, lost."""
        palette = self.ctx.palette
        scale = theme.scale(self.ctx.size)
        columns = (("PTS", 0.62), ("P", 0.72), ("W", 0.81), ("D", 0.9), ("L", 1.0))
        head = scale.hint
        label = theme.text("STANDINGS", head, palette.dim, True)
        surface.blit(label, area.topleft)
        for words, edge in columns:
            text = theme.text(words, head, palette.dim, True)
            surface.blit(text, text.get_rect(topright=(area.x + area.width * edge, area.y)))
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
        for row in rows:
            best = row.rank == 1
            color = palette.highlight if best else palette.text
            name, _ = theme.fitted(f"{row.rank}.  {row.name}", size, area.width * 0.5, size)
            surface.blit(theme.text(name, size, color, best), (area.x, y))
            values = (points(row.points), row.played, row.wins, row.draws, row.losses)
            for value, (_, edge) in zip(values, columns, strict=True):
                text = theme.text(str(value), size, color, best)
                surface.blit(text, text.get_rect(topright=(area.x + area.width * edge, y)))
            y += theme.font(size).get_linesize()
        more = len(self.standings) - len(rows)
        if more > 0:
            surface.blit(theme.text(f"and {more} more", scale.hint, palette.dim), (area.x, y))
