"""The end of a game: who won, why, the score, the final board; rematch or back to the menu.

Params: ``variant``, ``seats`` (side -> bot level or ``None``), ``names`` (how
each side is called), ``moves`` (the record's tokens), ``position`` (the
final one), ``focus`` (the menu's item in focus: a review comes back to its
own). At a LAN table (``Context.table``) the screen is a view of it and
hears all it says: a rematch is asked of the host and starts when both
players have asked, and when the table's next game starts with this player
seated (a rematch, or at a party the queue's turn) the board comes back.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.client import prose, theme
from game.client.at_table import next_game, series
from game.client.audio import Cue
from game.client.board_view import BoardView, Look
from game.client.intents import Cancel, Intent
from game.client.link import RECONNECTING, LinkPanel
from game.client.menu_screen import MenuScreen
from game.client.paths import GameFile
from game.client.prose import Para
from game.client.row_lines import finished_rows
from game.client.scene import Context, Saved, SceneName, save_in_worker
from game.client.scenes.play_picks import swap_places
from game.client.scenes.setup import PERSON, called, score_line, seat_title
from game.client.still import Changing
from game.client.widgets import Item, Menu
from game.records import Record
from game.rules import Player, Position, Termination, Variant
from game.session import Notice, Refused, Snapshot


def verdict(pos: Position, names: dict[Player, str] | None = None) -> str:
    """The headline: who won (by name, where the seat has one), a shared win, or a draw."""
    outcome = pos.outcome
    if outcome is None:
        return "Game left unfinished"
    if outcome.winner is not None:
        return f"{called(outcome.winner, names)} wins"
    return "Shared win" if outcome.shared else "A draw"


def reason(pos: Position) -> str:
    """Why the game ended, as a sentence."""
    outcome = pos.outcome
    if outcome is None:
        return "The game was left before its end."
    rows = outcome.rows
    why = outcome.termination.value
    if outcome.termination is Termination.ROW and len(rows) > 1:
        why = f"{len(rows)} classical rows at once"
    if lines := pos.variant.board_lines(pos):
        # The lines of boards that ended it, not the many rows inside them.
        found = "; ".join(
            f"{player}: boards {'-'.join(str(b + 1) for b in line)}" for player, line in lines
        )
        return f"It ended on {why} ({found})."
    if rows:
        label = pos.variant.label
        found = "; ".join(
            f"{row.player}: {'-'.join(label(c) for c in row.cells)}" for row in rows[:3]
        )
        more = f" and {len(rows) - 3} more" if len(rows) > 3 else ""
        return f"It ended on {why} ({found}{more})."
    return f"It ended because {why}."


class ResultsScene(MenuScreen):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.menu = Menu([], on_move=lambda: ctx.audio.play(Cue.SELECT), width=8)
        self.saved: str | None = None
        self.link = LinkPanel(ctx)

    def enter(
        self,
        variant: Variant,
        seats: dict[Player, str | None],
        moves: tuple[str, ...],
        position: Position,
        names: dict[Player, str] | None = None,
        game: int | None = None,
        places: tuple[int | None, ...] = (),
        focus: int = 0,
        file: GameFile | None = None,
        **params: Any,
    ) -> None:
        """``file``: where the game is saved, once it is (the play screen's own)."""
        self.variant = variant
        self.file = file or GameFile()
        self.places = places  # the couch's pads by the side they played (play_picks.Picks)
        self.seats = seats
        self.names = names or {side: seat_title(seats.get(side)) for side in Player}
        self.moves = moves
        self.pos = position
        self.table = self.ctx.table
        # The table's number for the game shown here: when another is on, the board is due.
        self.game = game if game is not None else self.table.game if self.table else 0
        self.view = BoardView(variant)
        self._items()
        self.menu.focus = focus
        if self.table is not None and self.table.game != self.game:
            self._next_game()

    def _items(self) -> None:
        """The menu for where the player is: a couch game, a LAN table or a party."""
        table = self.table
        if table is not None and table.party is not None:
            # At a party the queue decides who plays next: no rematch to ask for.
            first = Item("Watch the board", lambda: self.ctx.go(SceneName.PARTY))
        elif table is not None and not table.seated:
            first = Item("Watch the next game", lambda: self.ctx.go(SceneName.PLAY))
        else:
            first = Item(self._rematch_label(), self._rematch)
        save = Item("Save this game", self._save)
        # A game of this couch's own is reviewed with the solver's verdict on every move
        # (the replay viewer); at a table, leaving its view would leave the table.
        review = [Item("Review this game", self._review)] if table is None else []
        self.menu.items = [first, *review, save, Item("Back to menu", self._menu)]

    def _rematch_label(self) -> str:
        """The rematch row, saying who has asked for one."""
        table = self.table
        state = table.session.table if table else None
        if table is None or state is None:
            return "Rematch, sides swapped"
        mine = {side.value for side in table.session.local_sides}
        other = next(iter(set(state.rematch) - mine), None)
        if mine & set(state.rematch):
            them = table.seat_name(Player(other or ({"X", "O"} - mine).pop()))
            return f"Rematch asked: waiting for {them or 'the other player'}…"
        if other is not None:
            return f"{table.seat_name(Player(other)) or other} wants a rematch: accept"
        return "Rematch, sides swapped"

    def _rematch(self) -> None:
        self.ctx.audio.play(Cue.CONFIRM)
        if self.table is not None:
            # The host swaps the sides once every seated player has asked; the board comes
            # back when its next game starts (receive).
            self.table.session.rematch()
            return
        swapped = {Player.X: self.seats.get(Player.O), Player.O: self.seats.get(Player.X)}
        # Two people on a couch swap too: each pad plays the other side.
        self.ctx.go(
            SceneName.PLAY, variant=self.variant, seats=swapped, places=swap_places(self.places)
        )

    def _next_game(self) -> bool:
        """The table's next game is on: to the board if this player plays it (or, at a plain
        table, watches it); a party member who waits in the queue stays to read."""
        table = self.table
        if table is None or not (table.seated or table.party is None):
            return False
        self.ctx.go(SceneName.PLAY)
        return True

    def _record(self) -> Record:
        record = Record(self.variant, list(self.moves))
        record.name_players({side: name for side, name in self.names.items() if name != PERSON})
        return record

    def _review(self) -> None:
        # Back from the review to this screen as it is now (a couch game's: no table), the
        # focus on Review, where the player left.
        back = dict(
            variant=self.variant, seats=self.seats, moves=self.moves, position=self.pos,
            names=self.names, places=self.places, focus=self.menu.focus,
            file=self.file,
        )  # fmt: skip
        self.ctx.go(SceneName.REPLAY, record=self._record(), back=(SceneName.RESULTS, back))

    def _save(self) -> None:
        save_in_worker(self.ctx, self._record(), self.file)

    def receive(self, message: object) -> None:
        if isinstance(message, Saved):
            self.saved, _ = message.outcome()
            return
        table = self.table
        if table is None:
            return
        if isinstance(message, Snapshot) and message.game != self.game and self._next_game():
            return
        if isinstance(message, Refused):
            self.saved = prose.sentence(message.reason)
        elif isinstance(message, Notice):
            self.saved = prose.sentence(message.text)
        self._items()

    def upcoming(self) -> str | None:
        """What the next game waits for, as a watcher at a plain table is told (a rematch one
        player asked for, players to sit down); a player's own menu row says it to them."""
        table = self.table
        state = table.session.table if table else None
        if table is None or state is None or table.seated or table.party is not None:
            return None
        return next_game(state) if state.game == self.game else None

    def _menu(self) -> None:
        self.ctx.go(SceneName.TITLE)

    def _areas(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """The final board, the menu and the controls' reminder under it: side by side, or
        the menu under the board on a screen taller than wide (beside it, the board would be
        a third of the width)."""
        w, h = self.ctx.size
        if h > w:
            board = pygame.Rect(round(w * 0.06), round(h * 0.33), round(w * 0.88), round(h * 0.4))
            menu = pygame.Rect(round(w * 0.1), round(h * 0.745), round(w * 0.8), round(h * 0.17))
            controls = pygame.Rect(
                round(w * 0.04), round(h * 0.955), round(w * 0.92), round(h * 0.04)
            )
            return board, menu, controls
        board = pygame.Rect(round(w * 0.04), round(h * 0.33), round(w * 0.44), round(h * 0.64))
        menu = pygame.Rect(round(w * 0.5), round(h * 0.4), round(w * 0.46), round(h * 0.42))
        controls = pygame.Rect(menu.x, round(h * 0.93), menu.width, round(h * 0.06))
        return board, menu, controls

    def update(self, dt: float) -> None:
        self.link.update()

    def ticking(self) -> bool:
        return self.link.state == RECONNECTING

    def handle(self, intent: Intent) -> None:
        if self.link.handle(intent):
            return
        if isinstance(intent, Cancel):
            self._menu()
            return
        self.menu.handle(intent, self._areas()[1])

    def look(self, time: float) -> tuple[object, ...]:
        table = self.table
        return (
            self.pos,
            tuple(self.names.items()),
            self.saved,
            table.session.table if table else None,  # the series so far
            table.party if table else None,  # who plays now
            self.link.look(),
        )

    def changing(self, size: tuple[int, int], time: float) -> Changing:
        return self.link.changing(size[1], time)  # the ended question's focus ring

    def paint(self, surface: pygame.Surface) -> None:
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
        score = series(self.table.session.table) if self.table else None
        both = score_line(self.names, self.pos.scores())
        both += f"     Series: {score}" if score else ""
        words, size = theme.fitted(both, scale.lead, w * 0.9, scale.body, True)
        line = theme.text(words, size, palette.dim, True)
        theme.blit_centered(surface, line, (w / 2, h * 0.285))
        board, menu, controls = self._areas()
        self.view.draw(
            surface,
            self.view.layout(board),
            self.pos,
            palette,
            Look(
                show_labels=False,
                show_last=False,
                rows=finished_rows(self.pos),
            ),
        )
        self.menu.draw(surface, menu, palette, t)
        party = self.table.party if self.table else None
        if party is not None:
            words = prose.sentence(party.status)
            if party.playing:
                words = f"Now: {party.playing[0]} vs {party.playing[1]}"
            line = theme.text(words, small, palette.accent, True)
            theme.blit_centered(surface, line, (menu.centerx, menu.top - small * 1.2))
        elif upcoming := self.upcoming():
            # Two lines over the menu, the last where a party's line stands.
            lines, size = theme.wrapped(upcoming, small, menu.width, small, 2, True, even=True)
            y = menu.top - small * 1.2 - (len(lines) - 1) * theme.font(size, True).get_linesize()
            for words in lines:
                line = theme.text(words, size, palette.accent, True)
                theme.blit_centered(surface, line, (menu.centerx, y))
                y += line.get_height()
        if self.saved:
            note = theme.text(self.saved, small, palette.dim)
            theme.blit_centered(surface, note, (menu.centerx, menu.bottom + small * 1.5))
        hint = prose.controls(self.ctx.device, "goes to the menu")
        prose.draw_controls(surface, hint, palette.dim, controls)
        self.link.draw(surface, board)
