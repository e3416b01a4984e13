"""The replay viewer: the saved games, and any one of them stepped through move by move.

The list reads the records folder in a worker (a long list never stalls a
frame) and shows, for each record, its date, rules, length and result, or,
for a record that cannot be read, why not. An opened record is replayed by
the rules (:meth:`Record.positions`), so the viewer shows exactly what the
engine says; stepping forward over a collapse plays the collapse effect and
its sound, stepping back shows the earlier position at once.

While a record is open its analysis is judged in a worker
(:mod:`game.client.value_graph`): a graph of its value above the timeline,
each ply that gave something up marked there and in the move list, and the
best action of the position shown drawn faintly on the board.

Keys: arrows step (or move through the list), Enter plays and pauses,
Page Up/Down jump to the start or the end, Escape goes back; a pad's d-pad,
A, shoulders and B do the same, and the line under the transport buttons
names them for the device in hand.
"""

from __future__ import annotations

from concurrent.futures import Future
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from random import Random
from typing import Any

import pygame

from game.client import move_list, prose, theme
from game.client.audio import Cue, cues_for
from game.client.board_layout import BoardLayout, boards_in_play
from game.client.board_view import BoardView, Look
from game.client.canvas import note_button
from game.client.effects import Effects
from game.client.ghost import GHOST_RATE, draw_ghost, ghost_breath, preview_of
from game.client.intents import Activate, Cancel, Click, Device, Intent, Navigate, Page, Point
from game.client.paths import RECORD_SUFFIX, records_dir, saved_records
from game.client.prose import Para, mark_name
from game.client.scene import FPS_CAP, BaseScene, Context, SceneName
from game.client.scenes.setup import variant_title
from game.client.still import Redraw
from game.client.value_graph import SIGNS, GameAnalysis, ValueGraph, grade_color
from game.records import Record, RecordError, read_record
from game.rules import Action, Collapse, Place, Player, Position, Variant
from game.textview import points

STEP_TIME = 0.9  # seconds between moves when playing
CONTROLS = {  # under the transport buttons, named for the device in hand
    Device.PAD: "D-pad: step · A: play, pause · LB/RB: start, end · B: back",
    Device.KEYS: "Arrows: step · Enter: play, pause · PgUp/PgDn: start, end · Esc: back",
    Device.MOUSE: "Click the buttons, the graph or the bar · right-click: back",
}
LIST_LIMIT = 300  # the newest records listed; older ones stay on disk
# A refusal longer than this (a record's token can be megabytes) is cut in its middle: it
# keeps the token's number and the reason, and the words wrap in a frame, not in minutes.
SHOWN_REFUSAL = 240


@dataclass(frozen=True, slots=True)
class Entry:
    """One saved record as the list shows it: read, or the reason it cannot be."""

    path: Path
    when: str
    summary: str  # rules, length and result; or why the record cannot be shown
    readable: bool


def scan(folder: Path | None = None) -> list[Entry]:
    """Every saved record, newest first, each replayed to tell its result (runs in a worker)."""
    return [describe(path) for path in saved_records(folder)[:LIST_LIMIT]]


def describe(path: Path) -> Entry:
    when = title_of(path)
    try:
        record = read_record(path)
        final = record.final()
    except RecordError as exc:
        return Entry(path, when, f"cannot be shown: {refusal(exc)}", readable=False)
    rules = rules_title(record)
    # A collapse choice is not a move (it takes no subscript): count the placements.
    count = sum("@" not in token for token in record.moves)
    about = f"{rules} · {count} move{'s' * (count != 1)} · {result(final)}"
    who = players_line(record)
    return Entry(path, when, f"{who} · {about}" if who else about, True)


def refusal(exc: RecordError) -> str:
    """Why a record cannot be shown, in at most :data:`SHOWN_REFUSAL` characters and an
    ellipsis."""
    words = str(exc)
    if len(words) <= SHOWN_REFUSAL:
        return words
    half = SHOWN_REFUSAL // 2
    return f"{words[:half]} … {words[-half:]}"


def players_line(record: Record) -> str:
    """ "Ada vs Bo", where the record says who played both sides."""
    players = record.players()
    return f"{players[Player.X]} vs {players[Player.O]}" if len(players) == 2 else ""


def title_of(path: Path) -> str:
    """A record's date from its name (``2026-11-22_0315_goff…``), else the file's own time."""
    stem = path.name.removesuffix(RECORD_SUFFIX)
    try:
        when = datetime.strptime(stem[:15], "%Y-%m-%d_%H%M")
    except ValueError:
        try:
            when = datetime.fromtimestamp(path.stat().st_mtime)
        except (OSError, ValueError, OverflowError):  # gone, or dated past the year 9999
            return stem
    return when.strftime("%d %b %Y, %H:%M")


def rules_title(record: Record) -> str:
    variant = record.variant
    side = getattr(variant, "side", 3)
    return f"{side}×{side} bonus" if variant.name == "nxn" else variant_title(variant.name)


def result(pos: Position) -> str:
    outcome = pos.outcome
    if outcome is None:
        return "unfinished"
    x, o = outcome.scores
    if outcome.winner is not None:
        return f"{outcome.winner} wins, {points(max(x, o))} to {points(min(x, o))}"
    return "shared win" if outcome.shared else "draw"


def say_step(before: Position, after: Position, token: str) -> tuple[str, Player]:
    """What one token did, in words, and who did it."""
    variant = before.variant
    label = variant.label
    action = variant.parse_token(token)
    who = before.to_play or Player.X
    if isinstance(action, Place):
        closed = ", closing a cycle" if after.awaiting_collapse else ""
        return f"{who}{before.move_number} {action_cells(variant, action)}{closed}", who
    assert isinstance(action, Collapse)
    landed = [
        f"{mark_name(k)} in {label(cell)}"
        for cell, k in sorted(enumerate(after.cells), key=lambda ck: ck[1])
        if k and not before.cells[cell]
    ]
    return f"{who} collapses: {', '.join(landed)}", who


def action_cells(variant: Variant, action: Action) -> str:
    """An action as the move list says it, less the mark placed: "1 & 9", "both halves in 7",
    or a collapse's "X5 in 2" (never the record's "1-9" or "5@2", which a player never sees)."""
    label = variant.label
    if isinstance(action, Collapse):
        return f"{mark_name(action.mark)} in {label(action.cell)}"
    if action.a == action.b:
        return f"both halves in {label(action.a)}"
    return f"{label(action.a)} & {label(action.b)}"


class ReplayScene(BaseScene):
    """Params: ``path`` opens that record at once (Escape then leaves the viewer)."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.entries: list[Entry] | None = None  # None while the folder is being read
        self.scanning: Future[list[Entry]] | None = None
        self.focus = 0
        self.top = 0  # the first row shown
        self.message: str | None = None  # why the chosen record cannot be shown
        self.record: Record | None = None  # the record being viewed
        self.positions: list[Position] = []
        self.index = 0  # positions[index] is shown
        self.playing = False
        self.wait = 0.0
        self.direct = False  # opened from elsewhere with a record: Escape goes back there
        self.back: tuple[SceneName, dict[str, Any]] = (SceneName.TITLE, {})  # where, if direct
        self.view: BoardView | None = None
        self.analysis: GameAnalysis | None = None
        self.effects = Effects(Random(7), ctx.settings.effect_intensity)
        self.ghost = theme.Breath(GHOST_RATE)  # the best move's ghost breathes, then rests
        self._redraw = Redraw()  # the list's
        self._redraw_view = Redraw()  # a record's, while nothing on it moves

    def enter(
        self,
        path: str | Path | None = None,
        record: Record | None = None,
        back: tuple[SceneName, dict[str, Any]] = (SceneName.TITLE, {}),
        **params: Any,
    ) -> None:
        """``path``: view that record; ``record``: that game, unsaved (a game just played, to
        review); Escape then goes ``back`` (a scene and its params), not to the list."""
        self.direct, self.back = record is not None or path is not None, back
        if record is not None:
            self.show(record)
        elif path is not None:
            self.open(Path(path))
        if not self.direct or self.record is None:
            self.rescan()

    def exit(self) -> None:
        if self.analysis is not None:
            self.analysis.stop()  # the worker ends after the ply it is judging

    def rescan(self) -> None:
        self.entries = None
        self.scanning = self.ctx.run_in_worker(scan)

    @property
    def animating(self) -> bool:
        """The list's backdrop drifts; a record shown paused is still but for a collapse in
        flight and a highlight breathing after a change (a worker's answer wakes the window)."""
        if self.record is None or self.view is None:
            return theme.drifts(self.ctx.palette)
        return self.playing or self._view_moving() or self._ghost_breathes()

    def _view_moving(self) -> bool:
        """Whether something moves across the record's view: a collapse in flight, the
        pointer's highlight breathing (whole frames then)."""
        assert self.view is not None
        return self.effects.active or self.view.pulsing(self.ctx.time)

    def _ghost_breathes(self) -> bool:
        """Whether the best move's ghost breathes where it stands (it changed lately)."""
        best, t = self._best(), self.ctx.time
        return best is not None and self.ghost.moving((self.positions[self.index], best), t)

    def _best(self) -> Action | None:
        """The best move here as the analysis found it, shown once no collapse is in flight."""
        shown = self.analysis if not self.effects.busy else None
        return shown.best_at(self.index) if shown is not None else None

    @property
    def frame_rate(self) -> int:
        if self.record is None:  # only the list's backdrop drifts
            return theme.drift_frame_rate(self.ctx.size[1], FPS_CAP)
        return FPS_CAP

    def update(self, dt: float) -> None:
        if self.scanning is not None and self.scanning.done():
            # scan() turns every unreadable file into an entry saying why: it does not raise.
            self.entries = self.scanning.result()
            self.scanning = None
            self.focus = min(self.focus, max(0, len(self.entries) - 1))
        self.effects.update(dt)
        if self.playing and self.record is not None and not self.effects.busy:
            self.wait -= dt
            if self.wait <= 0:
                self.step(1)
                self.wait = STEP_TIME
                if self.index == len(self.positions) - 1:
                    self.playing = False

    # -- the list ----------------------------------------------------------------

    def open(self, path: Path) -> None:
        """View the record at ``path``; a record that cannot be shown says why, in the list."""
        try:
            self.show(read_record(path))
        except RecordError as exc:
            self.message = f"{path.name} cannot be shown: {refusal(exc)}"
            self.ctx.audio.play(Cue.REFUSE)

    def show(self, record: Record) -> None:
        """View ``record`` from its start, its analysis begun; RecordError if it breaks the
        rules."""
        positions = record.positions()
        self.record, self.positions = record, positions
        self.index = 0
        self.playing = False
        self.message = None
        self.view = BoardView(record.variant)
        self.effects.clear()
        run = self.ctx.run_in_worker
        self.analysis = GameAnalysis(run, record.variant, positions, record.moves)

    def close_record(self) -> None:
        if self.direct:
            self.ctx.go(self.back[0], **self.back[1])
            return
        self.record = None
        self.view = None
        if self.analysis is not None:
            self.analysis.stop()
            self.analysis = None
        self.effects.clear()

    def rows(self) -> list[pygame.Rect]:
        """The rectangles of the list rows shown, top to bottom."""
        area = list_area(self.ctx.size)
        h = round(theme.scale(self.ctx.size).button * 1.4)
        count = max(1, area.height // h)
        return [pygame.Rect(area.x, area.y + i * h, area.width, h - 6) for i in range(count)]

    def handle_list(self, intent: Intent) -> None:
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
            self.open(entry.path)
        else:
            self.message = f"{entry.path.name} {entry.summary}"
            self.ctx.audio.play(Cue.REFUSE)

    # -- the viewer --------------------------------------------------------------

    def step(self, delta: int) -> None:
        """One token forward (animated) or back (at once)."""
        to = self.index + delta
        if not 0 <= to < len(self.positions):
            return
        if delta == 1:
            before, after = self.positions[self.index], self.positions[to]
            self.index = to
            self.ctx.audio.play_all(cues_for(before, after))
            self.effects.step(before, after, self.layout(), self.ctx.palette)
        else:
            self.jump(to)

    def jump(self, to: int) -> None:
        self.index = max(0, min(len(self.positions) - 1, to))
        self.effects.clear()

    def layout(self) -> BoardLayout:
        assert self.view is not None
        # Squared and Ultimate: the mini-boards of the last placement (or the cycle) large.
        pos = self.positions[self.index]
        return self.view.layout(board_area(self.ctx.size), boards_in_play(pos))

    def controls(self) -> dict[str, pygame.Rect]:
        """The five transport buttons under the move list."""
        panel = side_area(self.ctx.size)
        size = min(theme.scale(self.ctx.size).button, panel.width // 7)
        gap = (panel.width - 5 * size) // 6
        y = panel.bottom - size - min(gap, size)  # a wide panel's gaps would take its height
        names = ("start", "back", "play", "forward", "end")
        return {
            name: pygame.Rect(panel.x + gap + i * (size + gap), y, size, size)
            for i, name in enumerate(names)
        }

    def timeline(self) -> pygame.Rect:
        """The bar of steps over the buttons, as tall as its playhead (on the type scale)."""
        panel = side_area(self.ctx.size)
        buttons = self.controls()["start"]
        pad = buttons.x - panel.x
        high = theme.scale(self.ctx.size).px(24)
        y = buttons.y - min(pad, buttons.height) - high
        return pygame.Rect(panel.x + pad, y, panel.width - 2 * pad, high)

    def graph(self) -> ValueGraph:
        """The value graph's panel, just above the timeline."""
        bar = self.timeline()
        height = round(side_area(self.ctx.size).height * 0.2)
        return ValueGraph(pygame.Rect(bar.x, bar.y - bar.height - height, bar.width, height))

    def handle_view(self, intent: Intent) -> None:
        last = len(self.positions) - 1
        if isinstance(intent, Cancel):
            self.close_record()
        elif isinstance(intent, Navigate):
            self.playing = False
            self.step(intent.dx or intent.dy)
        elif isinstance(intent, Page):
            self.playing = False
            self.jump(0 if intent.delta < 0 else last)
        elif isinstance(intent, Activate):
            self.toggle_play()
        elif isinstance(intent, Click):
            self.click_view(intent.pos)

    def toggle_play(self) -> None:
        if self.playing:
            self.playing = False
            return
        if self.index == len(self.positions) - 1:
            self.jump(0)  # play from the start again
        self.playing = True
        self.wait = 0.0

    def click_view(self, at: tuple[int, int]) -> None:
        last = len(self.positions) - 1
        action = next((n for n, r in self.controls().items() if r.collidepoint(at)), None)
        if action == "play":
            self.toggle_play()
        elif action is not None:
            self.playing = False
            moves = {"start": -self.index, "end": last - self.index, "back": -1, "forward": 1}
            delta = moves[action]
            self.step(delta) if abs(delta) == 1 else self.jump(self.index + delta)
        elif (picked := self.graph().index_at(at, last)) is not None:
            self.playing = False
            self.jump(picked)
        elif (bar := self.timeline()).inflate(0, bar.height).collidepoint(at) and last > 0:
            self.playing = False
            self.jump(round((at[0] - bar.x) / bar.width * last))

    # -- both ------------------------------------------------------------------

    def handle(self, intent: Intent) -> None:
        if self.record is None:
            self.handle_list(intent)
        else:
            self.handle_view(intent)

    def draw(self, surface: pygame.Surface, alpha: float) -> list[list[int]] | None:
        palette, t = self.ctx.palette, self.ctx.time
        if self.record is not None:

            def paint_view(image: pygame.Surface) -> None:
                theme.backdrop(image, palette, t, drift=False)
                self.draw_view(image, alpha)

            if self._view_moving():  # whole frames while something moves
                paint_view(surface)
                return None
            # A record playing shows a step every STEP_TIME and is still in between but for
            # the best move's ghost breathing in place: those frames paint it alone.
            pos, best = self.positions[self.index], self._best()
            when = self.ghost.time((pos, best), t)
            ghost = [(mark, when) for mark in ghost_breath(self.layout(), pos, best, palette)]
            return self._redraw_view.draw(surface, self._view_key(), [], paint_view, ghost)
        # The list over drifting marks: drawn again only where they moved, while it stays.
        entries = tuple(self.entries) if self.entries is not None else None
        key = (palette, self.ctx.device, entries, self.focus, self.top, self.message)
        drift = theme.drift_rects(surface.get_size(), palette, t)
        return self._redraw.draw(surface, key, drift, self.paint_list)

    def paint_list(self, surface: pygame.Surface) -> None:
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
                    "Save a game during play (Ctrl+S, or Save in the menu beside the board), "
                    "or from the results screen, and it appears here.",
                    palette.text,
                    space_before=0.8,
                ),
                Para(f"Records are kept in {records_dir()}", palette.dim, 0.9, space_before=0.8),
            ]
            prose.draw(
                surface, words, area.inflate(-area.width // 6, -area.height // 4), unit, True
            )
        else:
            self.draw_rows(surface, self.entries, unit)
        if self.message is not None:
            prose.draw(surface, [Para(self.message, palette.warning, bold=True)], below, unit, True)
        else:
            where = Para(f"Saved games are kept in {records_dir()}", palette.dim, 0.85)
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

    def _view_key(self) -> tuple[object, ...]:
        """All that :meth:`draw_view` shows while nothing on it moves."""
        assert self.view is not None
        best = self._best()
        plies = len(self.analysis.plies) if self.analysis is not None else None
        return (
            self.ctx.palette,
            self.ctx.device,  # the controls named under the buttons
            self.record,
            self.index,
            self._look(best),
            self.view.revision,
            best,  # its ghost breathes in a part of its own
            plies,  # the analysis, as its worker fills it in
            self.playing,
        )

    def _look(self, best: Action | None) -> Look:
        pos = self.positions[self.index]
        return Look(
            hidden=self.effects.hidden_cells,
            landing=self.effects.landing_cells,
            rows=self.effects.struck_rows(pos),
            preview=preview_of(pos, best),
        )

    def draw_view(self, surface: pygame.Surface, alpha: float) -> None:
        assert self.record is not None and self.view is not None
        palette = self.ctx.palette
        pos = self.positions[self.index]
        layout = self.layout()
        best = self._best()
        look = self._look(best)
        self.view.draw(surface, layout, pos, palette, look, self.ctx.time)
        draw_ghost(surface, layout, pos, best, palette, self.ghost.time((pos, best), self.ctx.time))
        self.effects.draw(surface, layout, palette, alpha)
        panel = side_area(surface.get_size())
        # Blended, not backed: the effects drawn before it may reach under it. Its corners
        # round as the play screen's panel does, at every size.
        radius = theme.scale(surface.get_size()).px(18)
        theme.panel(surface, panel, palette.board, palette.grid_glow, radius, alpha=170)
        self.draw_side(surface, panel, pos)

    def draw_side(self, surface: pygame.Surface, panel: pygame.Rect, pos: Position) -> None:
        assert self.record is not None
        palette = self.ctx.palette
        h = panel.height
        unit = theme.scale(self.ctx.size).body
        pad = theme.scale(self.ctx.size).px(30)
        total = len(self.positions) - 1
        header = [
            Para(rules_title(self.record), palette.text, 1.5, bold=True),
            Para(self.headline(pos, total), palette.accent, 1.05, bold=True, space_before=0.3),
        ]
        if self.index:
            before = self.positions[self.index - 1]
            said, who = say_step(before, pos, self.record.moves[self.index - 1])
            header.append(Para(said, palette.of(who), space_before=0.3))
        x, o = pos.scores()
        named = self.record.players()  # who played, where the record says so
        score = f"{named.get(Player.X, 'X')} {points(x)} · {named.get(Player.O, 'O')} {points(o)}"
        header.append(Para(score, palette.dim, space_before=0.3))
        header += self.judged(pos)
        bar = self.timeline()
        graph = self.graph()
        words = pygame.Rect(panel.x + pad, panel.y + pad, panel.width - 2 * pad, 0)
        words.height = graph.rect.y - unit - words.y  # the words and the moves, over the graph
        if tall(self.ctx.size):
            # Under the board the panel is wide and short: the moves beside the words, as
            # under them there would be no room for a line.
            head = words.width * 11 // 20
            moves = pygame.Rect(words.x + head + pad, words.y, words.width - head - pad, 0)
            moves.height = words.height
            words.width = head
            prose.draw(surface, header, words, unit)
        else:
            words.height = h // 3
            y = prose.draw(surface, header, words, unit)
            moves = pygame.Rect(words.x, y + unit, words.width, graph.rect.y - y - 2 * unit)
        self.draw_moves(surface, moves)
        if self.analysis is not None:
            graph.draw(surface, self.analysis, self.index, palette)
        self.draw_timeline(surface, bar, total)
        self.draw_controls(surface)

    def judged(self, pos: Position) -> list[Para]:
        """What the analysis says of the step just made and of the position shown."""
        analysis = self.analysis
        if analysis is None or self.record is None:
            return []
        palette = self.ctx.palette
        variant = self.record.variant
        found = []
        label = analysis.label_of(self.index - 1) if self.index else None
        if label is not None:
            ply = analysis.plies[self.index - 1]
            color = palette.dim if label == "best" else grade_color(label, palette)
            lost = f", gave up {points(ply.loss)}" if ply.loss and analysis.exact else ""
            said = {"best": "the best", "inaccuracy": "an inaccuracy"}.get(label, f"a {label}")
            found.append(Para(f"That was {said}{lost}", color, bold=True, space_before=0.3))
            if label != "best":  # what the learner asks next: what should it have been?
                better = _some(variant, ply.before.best)
                found.append(Para(f"{ply.mover.value} had better: {better}", palette.dim))
        best = analysis.best_at(self.index)
        if best is not None and not pos.is_over:
            # Named, as the ghost on the board is the next mover's, not the step's just made.
            ply = analysis.plies[self.index]
            kind = "exact" if analysis.exact else "estimate"
            shown = _some(variant, ply.before.best)
            found.append(
                Para(
                    f"Best for {ply.mover.value} now ({kind}): {shown}",
                    palette.dim,
                    space_before=0.3,
                )
            )
        return found

    def headline(self, pos: Position, total: int) -> str:
        if pos.is_over:
            return f"End: {result(pos)}"
        if self.index == 0:
            return f"The start · {total} steps to watch"
        return f"Step {self.index} of {total}"

    def draw_moves(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The tokens played so far and to come, the current one marked, scrolled to show it."""
        assert self.record is not None
        if area.height <= 0:
            return
        shown = move_list.lines(self.record.variant, tuple(self.record.moves))
        size = theme.scale(self.ctx.size).px(30)
        palette = self.ctx.palette
        signs = {}
        for n in range(len(shown)):
            label = self.analysis.label_of(n) if self.analysis else None
            if label in SIGNS:
                signs[n] = (SIGNS[label], grade_color(label, palette))
        move_list.draw(surface, area, shown, palette, size, played=self.index, signs=signs)

    def draw_timeline(self, surface: pygame.Surface, bar: pygame.Rect, total: int) -> None:
        """A dot a step (larger for a collapse, largest for the end) and the playhead, sized
        on the type scale: on a 4K screen they are read from as far as on a 1080p one."""
        palette = self.ctx.palette
        px = theme.scale(surface.get_size()).px
        mid = bar.centery
        pygame.draw.line(surface, palette.grid, (bar.x, mid), (bar.right, mid), px(3))
        if total <= 0:
            return
        for n in range(total + 1):
            x = bar.x + round(bar.width * n / total)
            pos = self.positions[n]
            collapsed = n and self.positions[n - 1].awaiting_collapse
            radius = px(6) if collapsed else px(4)
            color = palette.accent if collapsed else palette.dim
            if pos.is_over:
                radius, color = px(8), palette.highlight
            pygame.draw.circle(surface, color, (x, mid), radius)
        x = bar.x + round(bar.width * self.index / total)
        pygame.draw.circle(surface, palette.text, (x, mid), bar.height // 2)
        pygame.draw.circle(surface, palette.accent, (x, mid), bar.height // 2, px(3))

    def draw_controls(self, surface: pygame.Surface) -> None:
        """The transport buttons, and under them how to work the viewer with the device in
        hand: a pad cannot reach the buttons, and nothing else says what its d-pad does."""
        palette = self.ctx.palette
        scale = theme.scale(surface.get_size())
        panel, start = side_area(surface.get_size()), self.controls()["start"]
        below = pygame.Rect(panel.x, start.bottom, panel.width, panel.bottom - start.bottom)
        words, size = theme.fitted(
            CONTROLS[self.ctx.device],
            scale.hint,
            below.width - 2 * (start.x - panel.x),
            scale.floor,
        )
        keys = theme.text(words, size, palette.dim)
        surface.blit(keys, keys.get_rect(center=below.center))
        for name, rect in self.controls().items():
            note_button(surface, name, rect)
            if name == "play":
                fill = theme.mix(palette.board, palette.accent, 0.35)
                theme.panel(surface, rect, fill, palette.accent, rect.height // 3)
            else:
                theme.panel(surface, rect, palette.board, palette.grid, rect.height // 3)
            icon(surface, name, rect, palette.text, self.playing)


def icon(
    surface: pygame.Surface, name: str, rect: pygame.Rect, color: theme.Color, playing: bool
) -> None:
    """Transport icons drawn as shapes, so no font needs the glyphs.

    Start and end are a double triangle against a bar; a single step is one
    small triangle against a bar; play is one large triangle (two bars to pause).
    """
    cx, cy = rect.center
    r = rect.height * 0.2

    def triangle(x: float, pointing: int, size: float = 1.0) -> None:
        t = r * size
        points = [(x + pointing * t, cy), (x - pointing * t, cy - t), (x - pointing * t, cy + t)]
        pygame.draw.polygon(surface, color, points)

    def bar(x: float) -> None:
        width = max(2, round(r * 0.38))
        pygame.draw.rect(surface, color, (round(x - width / 2), round(cy - r), width, round(2 * r)))

    if name == "play":
        if playing:
            bar(cx - r * 0.5)
            bar(cx + r * 0.5)
        else:
            triangle(cx + r * 0.2, 1, 1.35)
        return
    sign = 1 if name in ("forward", "end") else -1
    if name in ("back", "forward"):
        triangle(cx - sign * r * 0.3, sign, 0.8)
        bar(cx + sign * r * 0.75)
    else:
        triangle(cx - sign * r * 0.9, sign, 0.8)
        triangle(cx + sign * r * 0.2, sign, 0.8)
        bar(cx + sign * r * 1.25)


def list_area(size: tuple[int, int]) -> pygame.Rect:
    w, h = size
    width = min(w - 2 * (h // 20), max(560, round(w * 0.7)))
    return pygame.Rect((w - width) // 2, round(h * 0.16), width, round(h * 0.70))


def board_area(size: tuple[int, int]) -> pygame.Rect:
    return _areas(size)[0]


def side_area(size: tuple[int, int]) -> pygame.Rect:
    return _areas(size)[1]


def tall(size: tuple[int, int]) -> bool:
    """Whether a window ``size`` big is taller than wide: its panel goes under the board."""
    return size[1] > size[0]


def _areas(size: tuple[int, int]) -> tuple[pygame.Rect, pygame.Rect]:
    """The board and the panel beside it, or under it on a window taller than wide: room
    there for the words and the moves side by side over the graph, timeline and buttons."""
    w, h = size
    if tall(size):
        scale = theme.scale(size)
        return theme.stacked(size, scale.margin, scale.px(900))
    margin = round(h * 0.03)
    side = max(1, min(h - 2 * margin, w - 3 * margin - max(280, round(w * 0.3))))
    board = pygame.Rect(margin, (h - side) // 2, side, side)
    panel = pygame.Rect(board.right + margin, margin, w - board.right - 2 * margin, h - 2 * margin)
    return board, panel


def _some(variant: Variant, best: tuple[Action, ...]) -> str:
    """Up to three of the equally ``best`` actions, and an ellipsis if there are more."""
    words = [action_cells(variant, action) for action in best[:3]]
    return " or ".join(words) + (" …" if len(best) > 3 else "")
