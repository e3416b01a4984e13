"""The end of a game: who won, why, the score, the final board; rematch or back to the menu.

Params: ``variant``, ``seats`` (side -> bot level or ``None``), ``names`` (how
each side is called), ``moves`` (the record's tokens), ``position`` (the
final one), and for a LAN game its ``session`` and ``on_close``: a rematch
there is asked of the host, and starts when both players have asked.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.client import prose, theme
from game.client.audio import Cue
from game.client.board_view import BoardView, Look
from game.client.intents import Cancel, Intent
from game.client.prose import Para
from game.client.scene import BaseScene, Context, Saved, SceneName, save_in_worker
from game.client.scenes.setup import PERSON, seat_title
from game.client.widgets import Item, Menu
from game.records import Record
from game.rules import Player, Position, Termination, Variant
from game.textview import points
from net.session import NetworkSession


def verdict(pos: Position, names: dict[Player, str] | None = None) -> str:
    """The headline: who won (by name, where the seat has one), a shared win, or a draw."""
    outcome = pos.outcome
    if outcome is None:
        return "Game left unfinished"
    if outcome.winner is not None:
        return f"{called(outcome.winner, names)} wins"
    return "Shared win" if outcome.scores.x else "A draw"


def called(side: Player, names: dict[Player, str] | None) -> str:
    """What to call ``side``'s player: their name, or X or O for a person with none."""
    name = (names or {}).get(side, PERSON)
    return side.value if name == PERSON else name


def reason(pos: Position) -> str:
    """Why the game ended, as a sentence."""
    outcome = pos.outcome
    if outcome is None:
        return "The game was left before its end."
    rows = outcome.rows
    why = outcome.termination.value
    if outcome.termination is Termination.ROW and len(rows) > 1:
        why = f"{len(rows)} classical rows at once"
    if rows:
        label = pos.variant.label
        found = "; ".join(
            f"{row.player}: {'-'.join(label(c) for c in row.cells)}" for row in rows[:3]
        )
        more = f" and {len(rows) - 3} more" if len(rows) > 3 else ""
        return f"It ended on {why} ({found}{more})."
    return f"It ended because {why}."


class ResultsScene(BaseScene):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.menu = Menu([], on_move=lambda: ctx.audio.play(Cue.SELECT), width=8)
        self.saved: str | None = None

    def enter(
        self,
        variant: Variant,
        seats: dict[Player, str | None],
        moves: tuple[str, ...],
        position: Position,
        names: dict[Player, str] | None = None,
        session: NetworkSession | None = None,
        on_close: Callable[[], None] | None = None,
        **params: Any,
    ) -> None:
        self.variant = variant
        self.seats = seats
        self.names = names or {side: seat_title(seats.get(side)) for side in Player}
        self.moves = moves
        self.pos = position
        self.session = session
        self.on_close = on_close
        self._handed_over = False
        self.view = BoardView(variant)
        self.menu.items = [
            Item("Rematch, sides swapped", self._rematch),
            Item("Save this game", self._save),
            Item("Back to menu", self._menu),
        ]

    def exit(self) -> None:
        if self.session is not None and not self._handed_over:
            self.session.close()
            if self.on_close is not None:
                self.on_close()

    def _rematch(self) -> None:
        self.ctx.audio.play(Cue.CONFIRM)
        if self.session is not None:
            # The host swaps the sides once every seated player has asked.
            self.session.rematch()
            self._handed_over = True
            self.ctx.go(
                SceneName.PLAY,
                variant=self.variant,
                seats={},
                session=self.session,
                moves=self.moves,
                on_close=self.on_close,
            )
            return
        swapped = {Player.X: self.seats.get(Player.O), Player.O: self.seats.get(Player.X)}
        self.ctx.go(SceneName.PLAY, variant=self.variant, seats=swapped)

    def _save(self) -> None:
        save_in_worker(self.ctx, Record(self.variant, list(self.moves)))

    def receive(self, message: object) -> None:
        if isinstance(message, Saved):
            self.saved, _ = message.outcome()

    def _menu(self) -> None:
        self.ctx.go(SceneName.TITLE)

    def _areas(self) -> tuple[pygame.Rect, pygame.Rect]:
        w, h = self.ctx.size
        board = pygame.Rect(round(w * 0.04), round(h * 0.33), round(w * 0.44), round(h * 0.64))
        menu = pygame.Rect(round(w * 0.5), round(h * 0.4), round(w * 0.46), round(h * 0.42))
        return board, menu

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Cancel):
            self._menu()
            return
        self.menu.handle(intent, self._areas()[1])

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        palette = self.ctx.palette
        t = self.ctx.time
        theme.backdrop(surface, palette, t)
        w, h = surface.get_size()
        outcome = self.pos.outcome
        winner = outcome.winner if outcome else None
        color = palette.of(winner) if winner else palette.accent
        scale = theme.scale((w, h))
        words, size = theme.fitted(
            verdict(self.pos, self.names), scale.title, w * 0.9, scale.heading, True
        )
        title = theme.glowing_text(words, size, color, palette.glow_strength)
        theme.blit_centered(surface, title, (w / 2, h * 0.1))
        small = scale.body
        box = pygame.Rect(w // 10, round(h * 0.17), w * 4 // 5, round(h * 0.09))
        prose.draw(surface, [Para(reason(self.pos), palette.text)], box, small, center=True)
        scores = self.pos.scores()
        x = f"X {points(scores.x)} · {self.names[Player.X]}"
        o = f"O {points(scores.o)} · {self.names[Player.O]}"
        words, size = theme.fitted(f"{x}     {o}", scale.lead, w * 0.9, scale.body, True)
        line = theme.text(words, size, palette.dim, True)
        theme.blit_centered(surface, line, (w / 2, h * 0.285))
        board, menu = self._areas()
        self.view.draw(
            surface,
            self.view.layout(board),
            self.pos,
            palette,
            Look(
                show_labels=False,
                show_last=False,
                rows=self.pos.outcome.rows if self.pos.outcome else (),
            ),
        )
        self.menu.draw(surface, menu, palette, t)
        if self.saved:
            note = theme.text(self.saved, small, palette.dim)
            theme.blit_centered(surface, note, (menu.centerx, menu.bottom + small * 1.5))
