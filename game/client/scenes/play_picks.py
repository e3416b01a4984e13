"""A move in the making on the play screen, and the rules' answers to it.

What a person has in hand between two moves: the first cell of a placement
picked, each pad's cursor on the board, the collapse outcome looked at and the
cell under the pointer. Picks become actions checked against the position shown
and submitted to the session; a pick refused is said in the rules' own words.
With two pads, each plays its own side (:meth:`Picks.side_of`): the other side's
pad is told it waits.
"""

from __future__ import annotations

from game.client.audio import Cue
from game.client.board_layout import (
    boards_in_play,
    boards_of,
    grid_place,
    grid_step,
    sent_boards,
)
from game.client.board_view import allowed_cells, shown_allowed
from game.client.couch import CouchSession
from game.client.intents import KEYBOARD, Navigate
from game.client.previews import looked_at
from game.client.scene import Context
from game.client.scenes.seating import Seating
from game.client.theme import Color, Palette
from game.client.toast import Say
from game.rules import Collapse, IllegalActionError, Place, Player, Position, Variant
from game.session import Session

_SIDES = (Player.X, Player.O)  # the sides of the pads' places, in turn


def swap_places(places: tuple[int | None, ...]) -> tuple[int | None, ...]:
    """The couch's pads' places for a rematch, sides swapped: each X pad plays O and each O
    pad X (a lone X pad's place holds O's now, X's waits for another)."""
    padded = (*places, None) if len(places) % 2 else places
    return tuple(p for i in range(0, len(padded), 2) for p in (padded[i + 1], padded[i]))


class Picks:
    """The move in the making in ``variant``'s game, submitted to ``session`` once whole;
    ``say`` tells the player why a pick does nothing. ``places`` are the couch's pads by the
    side each plays (:attr:`places`), as a rematch hands them on with the sides swapped."""

    def __init__(
        self,
        ctx: Context,
        variant: Variant,
        session: Session,
        seating: Seating,
        say: Say,
        places: tuple[int | None, ...] = (),
    ) -> None:
        self.ctx = ctx
        self.variant = variant
        self.session = session
        self.seating = seating
        self._say = say
        # The pads on the board by place: place i plays X if i is even, else O (with more
        # than two pads, they take turns). None: a place whose pad was unplugged, for the next.
        self.places: list[int | None] = list(places)
        self.picked: int | None = None  # the first cell of a placement
        # The mini-boards in focus when a pointer picked it: the board holds still under the
        # pointer until the pair is whole (None: a pad's pick, whose cursor the zoom follows).
        self.held: frozenset[int] | None = None
        self.hover: int | None = None  # the cell under the pointer
        self.cursors: dict[int, int] = {}  # pad -> cell
        self.choice: int | None = None  # the collapse outcome highlighted (0 or 1)
        self._allowed: dict[tuple[Position, int | None], frozenset[int]] = {}

    def dropped(self) -> None:
        """A new position is shown: nothing picked or looked at is left of the last one."""
        self.picked = None
        self.choice = None

    def unplugged(self) -> None:
        """A pad unplugged takes its cursor off the board with it."""
        for pad in [p for p in self.cursors if p != KEYBOARD and p not in self.ctx.pads]:
            del self.cursors[pad]
        self.places = [p if p in self.ctx.pads else None for p in self.places]

    # -- who does what ----------------------------------------------------------

    def side_of(self, pad: int, pos: Position) -> Player | None:
        """The side a pad plays: with two pads on the board and a person on each side, its
        place's (:meth:`take_place`); else whoever is to play (one pad passed round a hot
        seat, or any pad against a bot: a place on the bot's side would play nothing)."""
        mover = pos.to_play
        if isinstance(self.session, CouchSession):
            # At a party hosted here, a couch player's pad plays their side; the keyboard and
            # mouse, or a pad nobody claimed, play whoever is to move (a hot seat).
            side = self.session.side_of(pad) if pad != KEYBOARD else None
            if side is not None:
                return side
        # A place is taken with a cursor, or handed on by a rematch (the pads of the game
        # before, sides swapped: the first to press plays its new side, not whoever moves).
        on_board = [p for p in self.places if p is not None]
        if pad not in on_board or len(on_board) < 2 or len(self.seating.people()) < 2:
            return mover
        return _SIDES[self.places.index(pad) % 2]

    def take_place(self, pad: int, pos: Position) -> None:
        """``pad`` comes to the board: it keeps its place (a rematch's), or takes a free one,
        the side to play's if it is free. The first pad, alone, has been playing whoever
        moves: it keeps the side it took up when the other pad joins (numbered by SDL, in an
        order no player sees, the pads swapped sides under them), and a spare pad picked up
        for one whose battery died plays the side left without one."""
        if pad == KEYBOARD or pad in self.places:
            return
        free = [i for i, p in enumerate(self.places) if p is None]
        movers = [i for i in free if _SIDES[i % 2] is pos.to_play]
        if free:
            self.places[(movers or free)[0]] = pad
        else:
            self.places.append(pad)

    # -- what the board shows of them -------------------------------------------

    def focus(self, pos: Position) -> frozenset[int]:
        """The mini-boards in play, drawn large (Squared, Ultimate): the cycle while it awaits
        its collapse, the first half picked and the cursors (or, picked by a pointer, those
        it was aimed at), where Ultimate sends the pair, or else the last placement."""
        if pos.awaiting_collapse:
            return boards_in_play(pos)
        if self.picked is not None:
            if self.held is not None:
                return self.held
            return boards_of(self.variant, {self.picked, *self.cursors.values()})
        if sent_boards(pos):
            return boards_of(self.variant, self.allowed_cells(pos, None))
        if self.cursors:
            return boards_of(self.variant, set(self.cursors.values()))
        return boards_in_play(pos)

    def allowed(self, pos: Position) -> frozenset[int] | None:
        """The cells lit as allowed for a person here to pick at ``pos`` (None: none lit)."""
        if pos.awaiting_collapse or pos.is_over or not self.seating.my_turn(pos):
            return None
        return shown_allowed(pos, self.picked, self.allowed_cells(pos, self.picked))

    def cursor_marks(self, pos: Position, palette: Palette) -> tuple[tuple[int, Color], ...]:
        """Each pad's cursor in its side's colour, the mover's last: drawn over the waiting
        side's where both are on one cell (as both are at first, in the middle), it shows
        the mover where they pick. While a collapse waits, the pads pick an outcome, not a
        cell: their cursors rest."""
        if pos.awaiting_collapse:
            return ()
        pads_side = {pad: self.side_of(pad, pos) for pad in self.cursors}
        movers_last = sorted(self.cursors, key=lambda pad: pads_side[pad] is pos.to_play)
        return tuple(
            (self.cursors[pad], palette.of(pads_side[pad]) if pads_side[pad] else palette.dim)
            for pad in movers_last
        )

    # -- keys and pads on the board -----------------------------------------------

    def navigate(self, pos: Position, intent: Navigate) -> bool:
        """A step of ``intent``'s pad: its cursor on the board, or the outcome it looks at;
        False where it steps right off the board (to the buttons beside it)."""
        if pos.awaiting_collapse:
            if self.may_choose(pos, intent.pad):
                self.choice = looked_at(self.choice, intent.dx + intent.dy)
            return True
        grid = self.variant.grid()
        cell = self.cursors.get(intent.pad)
        if cell is None:
            # A cursor appears in the middle of the board.
            row = len(grid) // 2
            self.cursors[intent.pad] = grid[row][len(grid[row]) // 2]
            self.take_place(intent.pad, pos)
            return True
        r, c = grid_place(grid, cell)
        if c + intent.dx >= len(grid[r]):
            return False
        self.cursors[intent.pad] = grid_step(grid, r, c, intent.dx, intent.dy)
        return True

    def activate(self, pos: Position, pad: int) -> None:
        """``pad`` pressed on the board: it picks the cell under its cursor, or looks at an
        outcome, then chooses it. (How to look and choose, the panel's words say: a toast
        saying it again hid half of them.)"""
        if pos.awaiting_collapse:
            if not self.may_choose(pos, pad):
                return
            if self.choice is None:
                self.choice = 0
            else:
                self.commit(pos, self.choice)
            return
        cell = self.cursors.get(pad)
        if cell is None:
            self.navigate(pos, Navigate(0, 0, pad))
            return
        side = self.side_of(pad, pos)
        if side is not pos.to_play:
            self._say(f"it is {pos.to_play}'s turn: {side} waits")
            return
        self.pick(pos, cell, side)

    def may_choose(self, pos: Position, pad: int) -> bool:
        """Whether ``pad`` may choose the collapse (the other side's pad is told whose it is)."""
        side = self.side_of(pad, pos)
        if side is not pos.to_play:
            self._say(f"{pos.to_play} chooses the collapse: {side} waits")
        return side is pos.to_play

    def take_back(self, pos: Position, pad: int) -> bool:
        """Whether ``pad``'s back took back the half-move or the outcome looked at. They are
        the mover's: the waiting pad's back leaves them alone."""
        if self.take_back_half(pos, pad):
            return True
        if self.choice is not None and pos.awaiting_collapse and self._movers(pad, pos):
            self.choice = None
            return True
        return False

    def take_back_half(self, pos: Position, pad: int) -> bool:
        """Whether ``pad``'s press (a back, an undo) took back the half-move picked: the
        mover's, which the waiting pad leaves alone."""
        if self.picked is not None and self._movers(pad, pos):
            self.picked = None
            return True
        return False

    def _movers(self, pad: int, pos: Position) -> bool:
        return self.side_of(pad, pos) is pos.to_play

    # -- turning picks into actions -------------------------------------------------

    def allowed_cells(self, pos: Position, first: int | None) -> frozenset[int]:
        key = (pos, first)
        found = self._allowed.get(key)
        if found is None:
            if len(self._allowed) > 8:
                self._allowed.clear()
            found = self._allowed[key] = allowed_cells(pos, first)
        return found

    def pick(
        self, pos: Position, cell: int, side: Player | None, held: frozenset[int] | None = None
    ) -> None:
        """``side`` picks ``cell``: the first half of a placement, or the second (submitted).
        A pointer's pick gives the mini-boards in focus as it clicked (``held``): the board
        stays so until the second half, which is aimed at it as it was seen."""
        if side is None or side not in self.seating.people():
            if (seat := self.seating.seat_to_take()) is not None and self.ctx.table is not None:
                self.ctx.table.session.sit(seat)
                self._say(f"Taking seat {seat.value}…", warning=False)
            else:
                self._say(self.seating.not_yours(pos))
            return
        if not self.seating.my_turn(pos):
            assert pos.to_play is not None
            self._say(f"wait for {self.seating.player_of(pos.to_play)}")
            return
        label = self.variant.label(cell)
        if self.picked is None:
            if not pos.is_open(cell):
                self._say(f"cell {label} is classical")
            elif cell in self.allowed_cells(pos, None):
                self.picked, self.held = cell, held
                self.ctx.audio.play(Cue.SELECT)
            else:
                self._say(self._why_not(pos, cell))
            return
        try:
            action = pos.check(Place(self.picked, cell))
        except IllegalActionError as exc:
            self._say(str(exc))
            return
        self.picked = None
        self.session.submit(action)

    def _why_not(self, pos: Position, cell: int) -> str:
        """Why no placement may start in open ``cell``, in the rules' own words."""
        for other in pos.open_cells():
            try:
                pos.check(Place(cell, other))
            except IllegalActionError as exc:
                return str(exc)
        return f"cell {self.variant.label(cell)} cannot take a mark now"

    @staticmethod
    def outcome_of(pos: Position, mark: int, cell: int) -> int | None:
        """Which of the two collapse outcomes puts ``mark`` in ``cell`` (None if neither)."""
        for i, (_, assignment) in enumerate(pos.collapse_outcomes()):
            if assignment.get(cell) == mark:
                return i
        return None

    def collapse_at(self, pos: Position, mark: int, cell: int) -> None:
        """The collapse that puts ``mark`` in ``cell``, chosen on the board."""
        if not self.seating.my_turn(pos):
            self._say(f"{pos.to_play} chooses the collapse")
            return
        try:
            action = pos.check(Collapse(mark, cell))
        except IllegalActionError as exc:
            self._say(str(exc))
            return
        self.session.submit(action)

    def commit(self, pos: Position, index: int) -> None:
        """Collapse outcome ``index``, chosen."""
        if not self.seating.my_turn(pos):
            self._say(f"{pos.to_play} chooses the collapse")
            return
        self.session.submit(pos.collapse_outcomes()[index][0])
