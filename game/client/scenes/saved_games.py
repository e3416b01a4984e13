"""The replays list: the saved games, one row each, to choose one to watch.

:func:`scan` reads the records folder and the folder where this machine's
hosts keep their games (in a worker: a long list never stalls a frame) and
describes each record: its date, players, rules, length and result, replayed
by the rules; a saved record that cannot be read gets the reason why, in a few
words. :class:`SavedGamesList` is the replay scene's panel while no record is
open: it owns the window, its rows, their drawing and the input that moves
along them; a record that cannot be shown says why, and the list stays.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

import pygame

from game.client import prose, theme
from game.client.audio import Cue
from game.client.canvas import note_button
from game.client.intents import Activate, Cancel, Click, Device, Intent, Navigate, Page, Point
from game.client.paths import RECORD_SUFFIX, records_dir, saved_records
from game.client.prose import Para, result
from game.client.scene import Context, SceneName
from game.client.scenes.setup import rules_title
from game.client.still import Redraw
from game.paths import games_dir
from game.records import Record, RecordError, read_record
from game.rules import Player
from net.table import game_records, table_name

LIST_LIMIT = 300  # the newest records listed; older ones stay on disk
# How a game is saved during play, with the device in hand (a pad has no Ctrl+S).
_SAVE_DURING_PLAY = {
    Device.PAD: "Start, then Save beside the board",
    Device.KEYS: "Ctrl+S, or Save in the menu beside the board",
    Device.MOUSE: "Save in the menu beside the board",
}


@dataclass(frozen=True, slots=True)
class Entry:
    """One record as the list shows it: read, or the reason it cannot be."""

    path: Path
    when: str
    summary: str  # rules, length and result; or why the record cannot be shown
    readable: bool
    hosted: bool = False  # kept by a host of this machine, not saved from the window
    # The rules and the moves: one game saved from the window and kept by its host is one row.
    game: tuple[object, ...] = field(default=(), compare=False)


def scan(saved: Path | None = None, hosted: Path | None = None) -> list[Entry]:
    """The games saved from the window (``saved``, the records folder) and those this
    machine's hosts kept (``hosted``, their folder), newest first, each replayed to tell its
    result (runs in a worker). A game in both is listed once, as saved."""
    mine = saved_records(saved)
    kept = game_records(games_dir() if hosted is None else hosted)
    dates = {path: dated(path) for path in [*mine, *kept]}
    # Stable: of two saved in one minute, the later (``-2``) stays first, as saved_records has it.
    newest = sorted(dates, key=lambda p: dates[p] or datetime.min, reverse=True)
    hosted_here = set(kept)
    entries = [describe(p, dates[p], p in hosted_here) for p in newest[:LIST_LIMIT]]
    saved_games = {e.game for e in entries if e is not None and e.readable and not e.hosted}
    return [e for e in entries if e is not None and not (e.hosted and e.game in saved_games)]


def describe(path: Path, saved: datetime | None, hosted: bool) -> Entry | None:
    """What the list says of the record at ``path``, ``saved`` then (:func:`dated`); None for
    a file in the hosts' folder that is not a game's record (a party's own file can be named
    like one)."""
    when = title_of(path, saved)
    try:
        record = read_record(path)
        final = record.final()
    except RecordError as exc:
        if hosted:
            return None
        return Entry(path, when, f"cannot be shown: {exc}", readable=False)
    rules = rules_title(record.variant)
    # A collapse choice is not a move (it takes no subscript): count the placements.
    count = sum("@" not in token for token in record.moves)
    about = f"{rules} · {count} move{'s' * (count != 1)} · {result(final)}"
    where = table_name(record) if hosted else None
    summary = " · ".join(part for part in (where, players_line(record), about) if part)
    return Entry(path, when, summary, True, hosted, (record.variant, tuple(record.moves)))


def players_line(record: Record) -> str:
    """ "Ada vs Bo", where the record says who played both sides."""
    players = record.players()
    return f"{players[Player.X]} vs {players[Player.O]}" if len(players) == 2 else ""


def title_of(path: Path, when: datetime | None) -> str:
    """A record's date (:func:`dated`) as the list shows it, else its file's name."""
    if when is None:
        return path.name.removesuffix(RECORD_SUFFIX)
    return when.strftime("%d %b %Y, %H:%M")


def dated(path: Path) -> datetime | None:
    """When a record was saved: from its name (``2026-11-22_0315_goff…``), else the file's
    own time (a host's record: its last move); None for a file gone."""
    try:
        return datetime.strptime(path.name[:15], "%Y-%m-%d_%H%M")
    except ValueError:
        pass
    try:
        return datetime.fromtimestamp(path.stat().st_mtime)
    except (OSError, ValueError, OverflowError):  # gone, or dated past the year 9999
        return None


class SavedGamesList:
    """The list's state and panel; ``watch`` views the record at a path (the scene's viewer)."""

    def __init__(self, ctx: Context, watch: Callable[[Path], None]) -> None:
        self.ctx = ctx
        self.watch = watch
        self.entries: list[Entry] | None = None  # None while the folder is being read
        self.scanning: Future[list[Entry]] | None = None
        self.focus = 0
        self.top = 0  # the first row shown
        self.message: str | None = None  # why the chosen record cannot be shown
        self._redraw = Redraw()

    def rescan(self) -> None:
        self.entries = None
        self.scanning = self.ctx.run_in_worker(scan)

    def update(self) -> None:
        if self.scanning is not None and self.scanning.done():
            # scan() turns every unreadable file into an entry saying why: it does not raise.
            self.entries = self.scanning.result()
            self.scanning = None
            self.focus = min(self.focus, max(0, len(self.entries) - 1))

    def refuse(self, why: str) -> None:
        self.message = why
        self.ctx.audio.play(Cue.REFUSE)

    def rows(self) -> list[pygame.Rect]:
        """The rectangles of the list rows shown, top to bottom."""
        area = list_area(self.ctx.size)
        h = round(theme.scale(self.ctx.size).button * 1.4)
        count = max(1, area.height // h)
        return [pygame.Rect(area.x, area.y + i * h, area.width, h - 6) for i in range(count)]

    def handle(self, intent: Intent) -> None:
        entries = self.entries or []
        rows = self.rows()
        if isinstance(intent, Cancel):
            self.ctx.go(SceneName.TITLE)
        elif isinstance(intent, Navigate) and intent.dy and entries:
            self.move_focus(self.focus + intent.dy)
        elif isinstance(intent, Page) and entries:
            self.move_focus(self.focus + intent.delta * len(rows))
        elif isinstance(intent, Activate) and entries:
            self.choose(self.focus)
        elif isinstance(intent, Point | Click):
            for i, rect in enumerate(rows):
                if rect.collidepoint(intent.pos) and self.top + i < len(entries):
                    self.focus = self.top + i
                    if isinstance(intent, Click):
                        self.choose(self.focus)

    def move_focus(self, to: int) -> None:
        entries = self.entries or []
        self.focus = max(0, min(len(entries) - 1, to))
        shown = len(self.rows())
        self.top = max(min(self.top, self.focus), self.focus - shown + 1)

    def choose(self, index: int) -> None:
        entry = (self.entries or [])[index]
        if entry.readable:
            self.watch(entry.path)
        else:
            self.refuse(f"{entry.path.name} {entry.summary}")

    def draw(self, surface: pygame.Surface) -> list[list[int]] | None:
        """The list over drifting marks: drawn again only where they moved, while it stays."""
        palette, t = self.ctx.palette, self.ctx.time
        entries = tuple(self.entries) if self.entries is not None else None
        key = (palette, self.ctx.device, entries, self.focus, self.top, self.message)
        drift = theme.drift_rects(surface.get_size(), palette, t)
        return self._redraw.draw(surface, key, drift, self.paint)

    def paint(self, surface: pygame.Surface) -> None:
        theme.backdrop(surface, self.ctx.palette, self.ctx.time)
        self.draw_list(surface)

    def draw_list(self, surface: pygame.Surface) -> None:
        palette = self.ctx.palette
        w, h = surface.get_size()
        scale = theme.scale((w, h))
        title = theme.glowing_text("Replays", scale.heading, palette.text, palette.glow_strength)
        theme.blit_centered(surface, title, (w / 2, h * 0.08))
        area = list_area((w, h))
        unit = scale.body
        below = pygame.Rect(area.x, area.bottom + unit // 2, area.width, h - area.bottom - unit)
        device = self.ctx.device
        back = f"{prose.sentence(prose.press(device, 'back'))} to go back"
        watch = f"{prose.sentence(prose.press(device))} to watch"
        hint = f"{watch} · {back}" if self.entries else back
        if self.entries is None:
            words = [Para("Reading your saved games…", palette.dim, 1.2)]
            prose.draw(surface, words, area.inflate(0, -area.height // 3), unit, center=True)
        elif not self.entries:
            words = [
                Para("No saved games yet.", palette.text, 1.4, bold=True),
                Para(
                    f"Save a game during play ({_SAVE_DURING_PLAY[device]}), or from the "
                    "results screen, and it appears here; so does every game you host on "
                    "the network.",
                    palette.text,
                    space_before=0.8,
                ),
            ]  # where they are kept is said under the list, as when there are some
            prose.draw(
                surface, words, area.inflate(-area.width // 6, -area.height // 4), unit, True
            )
        else:
            self.draw_rows(surface, self.entries, unit)
        if self.message is not None:
            prose.draw(surface, [Para(self.message, palette.warning, bold=True)], below, unit, True)
        else:
            where = Para(
                f"Saved games are kept in {records_dir()}, the games you host in {games_dir()}",
                palette.dim,
                0.85,
            )
            prose.draw(surface, [Para(hint, palette.dim), where], below, unit, center=True)

    def draw_rows(self, surface: pygame.Surface, entries: list[Entry], unit: int) -> None:
        palette = self.ctx.palette
        rows = self.rows()
        shown = entries[self.top : self.top + len(rows)]
        for i, (entry, rect) in enumerate(zip(shown, rows, strict=False)):
            focused = self.top + i == self.focus
            note_button(surface, entry.when, rect)
            edge = palette.accent if focused else palette.grid
            fill = theme.mix(palette.board, palette.accent, 0.22) if focused else palette.board
            theme.panel(surface, rect, fill, edge, rect.height // 3, alpha=200 if focused else 150)
            pad = rect.height // 3
            scale = theme.scale(self.ctx.size)
            big, small = scale.body, scale.hint + 4
            when = theme.text(entry.when, big, palette.text, True)
            color = palette.dim if entry.readable else palette.warning
            left = rect.x + pad + max(when.get_width(), big * 9) + pad
            if theme.font(small).size(entry.summary)[0] <= rect.right - pad - left:
                surface.blit(when, when.get_rect(midleft=(rect.x + pad, rect.centery)))
                line = theme.text(entry.summary, small, color)
                surface.blit(line, line.get_rect(midleft=(left, rect.centery)))
                continue
            # Too narrow a row (a portrait screen) for both on one line: the summary under
            # the date, the row's whole width, rather than cut.
            words, size = theme.fitted(entry.summary, small, rect.width - 2 * pad, small)
            line = theme.text(words, size, color)
            top = rect.centery - (when.get_height() + line.get_height()) // 2
            surface.blit(when, (rect.x + pad, top))
            surface.blit(line, (rect.x + pad, top + when.get_height()))
        if len(entries) > len(rows):
            more = f"{self.focus + 1} of {len(entries)}"
            image = theme.text(more, unit, palette.dim)
            last = rows[-1]
            surface.blit(image, image.get_rect(topright=(last.right, last.bottom + 4)))


def list_area(size: tuple[int, int]) -> pygame.Rect:
    w, h = size
    width = min(w - 2 * (h // 20), max(560, round(w * 0.7)))
    return pygame.Rect((w - width) // 2, round(h * 0.16), width, round(h * 0.70))
