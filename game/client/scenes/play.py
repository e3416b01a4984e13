"""The game itself: the board, the heads-up display, the collapse, for people and bots alike.

The scene never edits the rules state. Picks become actions that go to a
:class:`~game.session.Session` (a :class:`~game.session.LocalSession` for a
couch game, the network session for a LAN game); what the scene shows is
the last :class:`~game.session.Snapshot` the session reported. A bot seat
asks its bot in a worker thread and submits the answer like a player would.

Params: ``variant``; ``seats`` (side -> bot level, or ``None`` for a person);
optionally ``moves`` to start from (or a ``LocalSession`` holding them) and
``seed`` (the bots' random generator).
At a LAN table (``Context.table``) no params are needed: the scene is a view of
the table the app holds, whose session's local sides are the people here, and
whose events reach :meth:`PlayScene.receive`.
"""

from __future__ import annotations

import functools
import math
import random
from typing import Any

import pygame

from game.client import hud as hud_panel
from game.client import move_list, scoreboard, theme, toast
from game.client.advice import Advice
from game.client.at_table import clock_left
from game.client.audio import Cue, cues_for
from game.client.board_view import (
    BoardLayout,
    BoardView,
    Look,
    allowed_cells,
    boards_in_play,
    boards_of,
    grid_place,
    grid_step,
    paint_board,
    shown_allowed,
)
from game.client.bot_seats import BOT_PAUSE, BotSeats
from game.client.collapse_show import FULL, QUICK, CollapseShow
from game.client.couch import CouchSession
from game.client.effects import Effects
from game.client.ghost import draw_ghost, preview_of
from game.client.hud import HudView
from game.client.intents import (
    KEYBOARD,
    Activate,
    Cancel,
    Click,
    Hint,
    Intent,
    Navigate,
    Point,
    Redo,
    Save,
    Start,
    Study,
    Undo,
)
from game.client.join_panel import draw_join
from game.client.link import LIVE, RECONNECTING, LinkPanel
from game.client.previews import Previews
from game.client.prose import action_words, press, sentence
from game.client.scene import (
    COUNTING_FPS,
    FPS_CAP,
    BaseScene,
    Context,
    Saved,
    SceneName,
    save_in_worker,
)
from game.client.scenes import play_words
from game.client.scenes.seating import Seating
from game.client.still import Still
from game.client.study import draw_study
from game.client.toast import Toast
from game.client.widgets import Item, Menu, ring_reach
from game.records import Record
from game.rules import Collapse, IllegalActionError, Place, Player, Position, Variant
from game.rules.ultimate import Ultimate
from game.session import LocalSession, Notice, Refused, Session, Snapshot
from net.party import EMOTES
from net.protocol import Emoted, Party

MESSAGE_TIME = 3.5  # seconds a toast stays
MOVES_SIZE = 30  # the move list's type, on a 1080-line screen
LEAVE_TIME = 2.5  # a second Escape within this leaves the game


class PlayScene(BaseScene):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.link = LinkPanel(ctx)  # what shows of a LAN table's connection
        self.picked: int | None = None
        self.hover: int | None = None
        self.cursors: dict[int, int] = {}  # pad -> cell
        self.choice: int | None = None  # the collapse outcome highlighted (0 or 1)
        self.message: Toast | None = None
        self.leave_until = -1.0
        self.changed_at = 0.0
        self._waiting: list[object] = []  # what the session said while the show held the board
        self._quiet = False  # the next snapshots come from an undo or a redo: no show
        self._cheer_on_landing = False  # a win's sound, once the collapse that made it lands
        self._allowed: dict[tuple[Position, int | None], frozenset[int]] = {}
        # The side panel's room under its words, as last painted: where toasts go.
        self._under_words: pygame.Rect | None = None

    # -- visit ------------------------------------------------------------------

    def enter(
        self,
        variant: Variant | None = None,
        seats: dict[Player, str | None] | None = None,
        session: LocalSession | None = None,
        seed: int | None = None,
        moves: tuple[str, ...] = (),
        pads_swapped: bool = False,
        **params: Any,
    ) -> None:
        table = self.ctx.table
        # After a couch rematch, sides swapped: the first pad plays O (see _side_of).
        self.pads_swapped = pads_swapped
        if table is not None and table.snapshot is not None:
            # A view of the LAN table the app holds: the game as it stands now.
            variant, moves = table.snapshot.variant, table.snapshot.moves
        assert variant is not None, "a game on this screen needs its variant"
        self.variant = variant
        self.seats = seats or {}
        rng = random.Random(seed)
        self.show = CollapseShow(QUICK if self.ctx.settings.quick_collapse else FULL)
        self.bots = BotSeats(self.seats, variant, rng, self.show.pace, self.ctx.run_in_worker)
        self.session: Session = (
            table.session
            if table
            else session or LocalSession(variant, record=Record(variant, list(moves)))
        )
        self.local = isinstance(self.session, LocalSession)
        self.seating = Seating(self.ctx, self.session, self.seats, self.bots)
        self._game = table.game if table else 0  # the table's game this screen shows
        self._party_at = self.ctx.time  # when the party's last word (its clock) came
        self.view = BoardView(variant)
        self.previews = Previews(variant)
        self.advice = Advice(variant, self.ctx.run_in_worker)
        self.still = Still()
        self.effects = Effects(
            random.Random(rng.randrange(2**32)),
            self.ctx.settings.effect_intensity,
            self.show.pace.flight,
        )
        # The game as it stands when this scene shows it.
        self.pos = Record(variant, list(moves)).final()
        self.game = table.game if table else 1  # the table's number for the game shown
        self.moves: tuple[str, ...] = tuple(moves)
        self.hud_menu = Menu(
            [
                Item("Undo", self._undo, enabled=self.local),
                Item("Redo", self._redo, enabled=self.local),
                Item("Save", self._save),
                Item("Hint", self._hint, enabled=self.local),
                Item("Study", self._study, enabled=self.local),
                Item("Menu", self._leave),
            ],
            focus=-1,  # no item has the focus until the pointer is on one
            columns=6,
        )
        self._drain()

    def exit(self) -> None:
        self.bots.cancel()
        self.advice.cancel()
        if self.local:
            self.session.close()  # a LAN table's session is the app's to close

    # -- who does what ----------------------------------------------------------

    def _side_of(self, pad: int) -> Player | None:
        """The side a pad plays: with two pads, the first (by number) X, the other O (swapped
        after a rematch); with more, they take turns; else whoever is to play."""
        mover = self.pos.to_play
        if isinstance(self.session, CouchSession):
            # At a party hosted here, a couch player's pad plays their side; the keyboard and
            # mouse, or a pad nobody claimed, play whoever is to move (a hot seat).
            side = self.session.side_of(pad) if pad != KEYBOARD else None
            if side is not None:
                return side
        pads = self._pads()
        if pad not in pads or len(pads) < 2:
            return mover
        # By rank, not by number: a spare pad picked up for one whose battery died plays the
        # side left without one (pads 1 and 3 are X and O).
        return (Player.X, Player.O)[(pads.index(pad) + self.pads_swapped) % 2]

    def _pads(self) -> tuple[int, ...]:
        """The game controllers plugged in that have moved a cursor here, in order."""
        return tuple(sorted(p for p in self.cursors if p != KEYBOARD and p in self.ctx.pads))

    def _my_turn(self) -> bool:
        return self.pos.to_play in self.seating.people()

    # -- layout -----------------------------------------------------------------

    def _areas(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The board's area (a square the height of the screen) and the side panel's.

        On a screen taller than wide the panel goes under the board, the width of the
        screen, rather than into a sliver beside it.
        """
        w, h = self.ctx.size
        scale = theme.scale((w, h))
        margin = scale.margin
        if h > w:
            return theme.stacked((w, h), margin, scale.px(480))
        side = min(h - 2 * margin, w - 3 * margin - scale.px(600))
        board = pygame.Rect(margin, (h - side) // 2, side, side)
        hud = pygame.Rect(
            board.right + margin, margin, w - board.right - 2 * margin, h - 2 * margin
        )
        return board, hud

    def layout(self) -> BoardLayout:
        return self.view.layout(self._areas()[0], self._focus())

    def _focus(self) -> frozenset[int]:
        """The mini-boards in play, drawn large (Squared, Ultimate): the cycle while it awaits
        its collapse, the first half picked and the cursors, where Ultimate sends the pair,
        or else the last placement."""
        pos = self.pos
        if pos.awaiting_collapse:
            return boards_in_play(pos)
        if self.picked is not None:
            return boards_of(self.variant, {self.picked, *self.cursors.values()})
        if isinstance(self.variant, Ultimate) and self.variant.sent_to(pos):
            return boards_of(self.variant, self._allowed_cells(None))
        if self.cursors:
            return boards_of(self.variant, set(self.cursors.values()))
        return boards_in_play(pos)

    def _preview_rects(self, hud: pygame.Rect) -> list[pygame.Rect]:
        """The collapse previews' squares: above the buttons, under the panel's words."""
        bottom = self._hud_menu_area(hud).top - theme.scale(self.ctx.size).px(16)
        return Previews.places(hud, bottom, self.ctx.size)

    def _hud_menu_area(self, hud: pygame.Rect) -> pygame.Rect:
        """The buttons along the bottom of the panel, in as many rows as it takes; the menu's
        columns follow, so that the arrows walk the rows as they are drawn."""
        labels = tuple(item.label for item in self.hud_menu.items)
        area, self.hud_menu.columns = _menu_shape(tuple(hud), self.ctx.size, labels)
        return pygame.Rect(area)

    # -- input ------------------------------------------------------------------

    @property
    def paused(self) -> bool:
        """Whether the board waits for the collapse show (input, bots and the next move)."""
        return (
            self.show.holding(self.ctx.time) or self.effects.busy or self.bots.decided is not None
        )

    def handle(self, intent: Intent) -> None:
        if self.link.handle(intent):
            return  # the link is down or gone: nothing done here could reach the host
        if self.paused and isinstance(intent, Point | Click | Navigate | Activate):
            # The board waits for the show; the buttons beside it (Menu) still answer.
            area = self._hud_menu_area(self._areas()[1])
            if isinstance(intent, Point | Click):
                self.hud_menu.handle(intent, area)
            elif isinstance(intent, Start) or self.hud_menu.focused_by(intent.pad):
                self._handle(intent)
            return
        self._handle(intent)

    def _handle(self, intent: Intent) -> None:
        if isinstance(intent, Undo):
            self._undo()
        elif isinstance(intent, Redo):
            self._redo()
        elif isinstance(intent, Save):
            self._save()
        elif isinstance(intent, Hint):
            self._hint()
        elif isinstance(intent, Study):
            self._study()
        elif isinstance(intent, Cancel) and self.hud_menu.focused_by(intent.pad):
            self._to_buttons(False)  # back to the board, as Start came from it: not leaving
        elif isinstance(intent, Cancel):
            self._cancel(intent.pad)
        elif isinstance(intent, Point):
            self._point(intent.pos)
        elif isinstance(intent, Click):
            self._click(intent.pos)
        elif isinstance(intent, Start):
            self._to_buttons(not self.hud_menu.focused_by(intent.pad), intent.pad)
        elif isinstance(intent, Navigate | Activate) and self.hud_menu.focused_by(intent.pad):
            self._buttons(intent)
        elif isinstance(intent, Navigate):
            self._navigate(intent)
        elif isinstance(intent, Activate):
            self._activate(intent.pad)

    def _point(self, at: tuple[int, int]) -> None:
        layout = self.layout()
        self.hover = layout.cell_at(at)
        if self.pos.awaiting_collapse:
            found = layout.spooky_at(self.pos, at)
            hovered = self._outcome_of(*found) if found else None
            if self._previews_up(self.pos):
                looked = Previews.at(self._preview_rects(self._areas()[1]), at)
                hovered = looked if looked is not None else hovered
            if hovered is not None:
                self.choice = hovered
        if self.hud_menu.handle(Point(at), self._hud_menu_area(self._areas()[1])):
            self.hud_menu.pad = KEYBOARD  # the pointer's focus: Enter presses it
        else:
            self.hud_menu.focus = -1  # the pointer left the buttons: keys move on the board again

    def _click(self, at: tuple[int, int]) -> None:
        _, hud = self._areas()
        if self.pos.is_over:
            self._after_the_game()
            return
        if self.hud_menu.handle(Click(at), self._hud_menu_area(hud)):
            return
        if self.pos.awaiting_collapse:
            chosen = (
                Previews.at(self._preview_rects(hud), at) if self._previews_up(self.pos) else None
            )
            if chosen is not None:
                self._commit(chosen)
                return
            found = self.layout().spooky_at(self.pos, at)
            if found is not None:
                self._collapse_at(*found)
            elif self.layout().cell_at(at) is not None:
                self._say("click a mark on the lit cycle, or one of the two previews")
            return
        cell = self.layout().cell_at(at)
        if cell is not None:
            self._pick(cell, self.pos.to_play)

    # -- the buttons beside the board (Undo, Redo, Save, Menu), for keys and pads ----------

    def _to_buttons(self, on: bool, pad: int = KEYBOARD) -> None:
        """Give the focus to the buttons (Start, or a step right off the board) for ``pad``,
        or take it back."""
        enabled = [i for i, item in enumerate(self.hud_menu.items) if item.enabled]
        self.hud_menu.focus = enabled[0] if on else -1
        self.hud_menu.pad = pad
        self.ctx.audio.play(Cue.SELECT)

    def _buttons(self, intent: Navigate | Activate) -> None:
        menu = self.hud_menu
        if isinstance(intent, Activate):
            menu.handle(intent, self._hud_menu_area(self._areas()[1]))
            return
        # A step off the buttons' left or top edge goes back to the board (which lies left of
        # and above them); the other edges stop.
        focus = menu.focus
        if not menu.step(intent.dx, intent.dy):
            self._to_buttons(False)
        elif menu.focus != focus:
            self.ctx.audio.play(Cue.SELECT)

    def _navigate(self, intent: Navigate) -> None:
        if self.pos.awaiting_collapse:
            if self._may_choose(intent.pad):
                step = intent.dx + intent.dy
                self.choice = 0 if self.choice is None else (self.choice + step) % 2
            return
        grid = self.variant.grid()
        cell = self.cursors.get(intent.pad)
        if cell is None:
            # A cursor appears in the middle of the board.
            row = len(grid) // 2
            self.cursors[intent.pad] = grid[row][len(grid[row]) // 2]
            return
        r, c = grid_place(grid, cell)
        if c + intent.dx >= len(grid[r]):
            self._to_buttons(True, intent.pad)  # right off the board: the buttons beside it
            return
        self.cursors[intent.pad] = grid_step(grid, r, c, intent.dx, intent.dy)

    def _activate(self, pad: int) -> None:
        if self.pos.is_over:
            self._after_the_game()
            return
        if self.pos.awaiting_collapse:
            if not self._may_choose(pad):
                return
            if self.choice is None:
                self.choice = 0
                then = press(self.ctx.device)
                self._say(f"left/right to compare the outcomes, then {then} to choose", False)
            else:
                self._commit(self.choice)
            return
        cell = self.cursors.get(pad)
        if cell is None:
            self._navigate(Navigate(0, 0, pad))
            return
        side = self._side_of(pad)
        if side is not self.pos.to_play:
            self._say(f"it is {self.pos.to_play}'s turn: {side} waits")
            return
        self._pick(cell, side)

    def _may_choose(self, pad: int) -> bool:
        """Whether ``pad`` may choose the collapse (the other side's pad is told whose it is)."""
        side = self._side_of(pad)
        if side is not self.pos.to_play:
            self._say(f"{self.pos.to_play} chooses the collapse: {side} waits")
        return side is self.pos.to_play

    def _cancel(self, pad: int) -> None:
        # The half-move and the outcome looked at are the mover's: the waiting pad's B
        # leaves them alone (and still counts towards leaving).
        movers = self._side_of(pad) is self.pos.to_play
        if self.picked is not None and movers:
            self.picked = None
            return
        if self.choice is not None and self.pos.awaiting_collapse and movers:
            self.choice = None
            return
        if self.ctx.time < self.leave_until:
            self._leave()
            return
        self.leave_until = self.ctx.time + LEAVE_TIME
        again = press(self.ctx.device, "back")
        self._say(f"{again} again to leave this game", warning=False, time=LEAVE_TIME)

    # -- turning picks into actions -------------------------------------------------

    def _allowed_cells(self, first: int | None) -> frozenset[int]:
        key = (self.pos, first)
        found = self._allowed.get(key)
        if found is None:
            if len(self._allowed) > 8:
                self._allowed.clear()
            found = self._allowed[key] = allowed_cells(self.pos, first)
        return found

    def _pick(self, cell: int, side: Player | None) -> None:
        pos = self.pos
        if side is None or side not in self.seating.people():
            self._say(self.seating.not_yours(pos))
            return
        if not self._my_turn():
            assert pos.to_play is not None
            self._say(f"wait for {self.seating.player_of(pos.to_play)}")
            return
        label = self.variant.label(cell)
        if self.picked is None:
            if not pos.is_open(cell):
                self._say(f"cell {label} is classical")
            elif cell in self._allowed_cells(None):
                self.picked = cell
                self.ctx.audio.play(Cue.SELECT)
            else:
                self._say(self._why_not(cell))
            return
        try:
            action = pos.check(Place(self.picked, cell))
        except IllegalActionError as exc:
            self._say(str(exc))
            return
        self.picked = None
        self.session.submit(action)

    def _why_not(self, cell: int) -> str:
        """Why no placement may start in open ``cell``, in the rules' own words."""
        for other in self.pos.open_cells():
            try:
                self.pos.check(Place(cell, other))
            except IllegalActionError as exc:
                return str(exc)
        return f"cell {self.variant.label(cell)} cannot take a mark now"

    def _outcome_of(self, mark: int, cell: int) -> int | None:
        """Which of the two collapse outcomes puts ``mark`` in ``cell`` (None if neither)."""
        for i, (_, assignment) in enumerate(self.pos.collapse_outcomes()):
            if assignment.get(cell) == mark:
                return i
        return None

    def _collapse_at(self, mark: int, cell: int) -> None:
        if not self._my_turn():
            self._say(f"{self.pos.to_play} chooses the collapse")
            return
        try:
            action = self.pos.check(Collapse(mark, cell))
        except IllegalActionError as exc:
            self._say(str(exc))
            return
        self.session.submit(action)

    def _commit(self, index: int) -> None:
        if not self._my_turn():
            self._say(f"{self.pos.to_play} chooses the collapse")
            return
        self.session.submit(self.pos.collapse_outcomes()[index][0])

    # -- menu actions ---------------------------------------------------------------

    def _hint(self) -> None:
        """The best action here, from the solver or a short search in a worker (local games)."""
        pos = self.pos
        if not self.local:
            self._say(self.seating.not_here("hints"))
        elif not self._advised(pos):
            self._say("A hint is for a person's turn")
        elif not self.advice.hints.asking_about(pos):
            self.advice.ask_hint(pos)
            if not self.advice.exact:
                self._say("Thinking of a hint…", warning=False)

    def _study(self) -> None:
        """Turn the study overlay on or off: every open cell's best result, for a person's turn."""
        if not self.local:
            self._say(self.seating.not_here("study"))
            return
        self.advice.studying = not self.advice.studying
        if not self.advice.studying:
            self._say("Study off", warning=False)
        elif self.advice.exact:
            self._say("Study: each cell shows the best result a move there keeps", warning=False)
        else:
            self._say("Study: each cell shows a search's best expected score there", warning=False)

    def _advised(self, pos: Position) -> bool:
        """Hints and study are for a person's turn in a game on this screen."""
        return self.local and not pos.is_over and pos.to_play in self.seating.people()

    def _advise(self) -> None:
        """Take the judge's finished answers; ask for the study of the position shown."""
        hint = self.advice.update(self.pos, study=self._advised(self.pos))
        if hint is not None:
            # As the board shows it ("X5 in cells 1 and 8"), not the record's "1-8".
            self._say(f"Hint: {action_words(self.pos, hint)}", warning=False)

    def _undo(self) -> None:
        self._step_through("undo")

    def _redo(self) -> None:
        self._step_through("redo")

    def _step_through(self, way: str) -> None:
        """Undo or redo (``way``) over the bots' moves too, to the next decision a person makes:
        a redo stopping on a bot's turn would have the bot play a reply of its own, which
        ends the redo."""
        if not isinstance(self.session, LocalSession):
            self._say(self.seating.not_here(way))
            return
        self._browse()
        step = self.session.undo if way == "undo" else self.session.redo
        stepped = False
        while step():
            stepped = True
            if self.session.position.to_play in self.seating.people():
                break
        if not stepped:
            self._say(f"nothing to {way}", warning=False)

    def _browse(self) -> None:
        """Undo and redo step through the record: no show, and nothing waits for one."""
        self._quiet = True
        self.bots.decided = None
        self.show.cleared()
        self.effects.clear()

    def _save(self) -> None:
        record = Record(self.variant, list(self.moves))
        record.name_players(self.seating.players())
        save_in_worker(self.ctx, record)

    def receive(self, message: object) -> None:
        if isinstance(message, Party):
            self._party_at = self.ctx.time  # its clock counts from now
        if isinstance(self.session, CouchSession) and self._party_moved_on(message):
            self.ctx.go(SceneName.PARTY)
            return
        if isinstance(message, Saved):
            text, saved = message.outcome()
            self._say(text, warning=not saved)
        else:
            self._waiting.append(message)  # the table's events, taken in order by _drain

    def _party_moved_on(self, message: object) -> bool:
        """At a party hosted here: whether the table has gone past this screen's game (the
        next game started, or the night ended), so the party screen takes over again."""
        table = self.ctx.table
        game = table.game if table else 0
        if isinstance(message, Snapshot):
            return message.game != self._game
        return isinstance(message, Party) and message.finished and game == self._game

    def _leave(self) -> None:
        # "Press Escape again to leave" is done with (the app may ask first, over this screen).
        self.message = None
        self.leave_until = -1.0
        # A party hosted here goes on: its screen has the host's menu (and the end of it).
        if isinstance(self.session, CouchSession):
            self.ctx.go(SceneName.PARTY, menu=True)
        else:
            self.ctx.go(SceneName.TITLE)

    def _results(self) -> None:
        if isinstance(self.session, CouchSession):
            self.ctx.go(SceneName.PARTY)
            return
        self.ctx.go(
            SceneName.RESULTS,
            variant=self.variant,
            seats=self.seats,
            names=self.seating.result_names(),
            moves=self.moves,
            position=self.pos,
            game=self.game,
            pads_swapped=self.pads_swapped,
        )

    def _after_the_game(self) -> None:
        """A click or Enter on a finished game: accept the other player's rematch, wait for
        theirs, or see the results."""
        wish, _ = self.seating.rematch_wish(self.pos)
        if wish == "theirs":
            self.ctx.table.session.rematch()  # type: ignore[union-attr]
        elif wish != "mine":
            self._results()

    def _say(self, text: str, warning: bool = True, time: float = MESSAGE_TIME) -> None:
        now = self.ctx.time
        self.message = toast.said(sentence(text), now, now + time, warning, self.message)
        if warning:
            self.ctx.audio.play(Cue.REFUSE)

    # -- the fixed step ---------------------------------------------------------------

    def update(self, dt: float) -> None:
        for pad in [p for p in self.cursors if p != KEYBOARD and p not in self.ctx.pads]:
            del self.cursors[pad]  # unplugged: its cursor leaves the board with it
        self.link.update()
        self._drain()
        self.effects.update(dt)
        if not self.effects.busy:
            self.show.landed()
            if self._cheer_on_landing:
                self._cheer_on_landing = False
                self.ctx.audio.play(Cue.WIN)
        self._run_bots()
        self._advise()
        if self.message is not None and self.ctx.time >= self.message.until:
            self.message = None

    def _drain(self) -> None:
        """Take what the session said (a game on this screen reports here, a LAN table's
        events come through receive); a new position waits while the show holds the board,
        and news (with what came after it) while a collapse's marks fly."""
        if self.local:
            self._waiting += self.session.events()
        quiet, self._quiet = self._quiet, False
        while self._waiting:
            event = self._waiting[0]
            if isinstance(event, Snapshot):
                if event.moves == self.moves and event.game == self.game:
                    pass  # the game as shown (a reconnect's resync): a pick in hand stays
                elif self.paused and self._forward(event) and not quiet:
                    return
                else:
                    self._show(event, quiet)
            elif isinstance(event, Refused):
                self._say(event.reason)
            elif isinstance(event, Notice):
                if self.effects.busy:  # a game's result, come with its last move: the board first
                    return
                self._say(event.text, warning=False)
            elif isinstance(event, Emoted):
                self._say(f"{event.by}: {EMOTES.get(event.emote, '?')}", warning=False)
            self._waiting.pop(0)

    def _forward(self, snap: Snapshot) -> bool:
        """Whether ``snap`` is one move on from the position shown (not an undo or a jump)."""
        moves = self.moves
        return len(snap.moves) == len(moves) + 1 and snap.moves[: len(moves)] == moves

    def _show(self, snap: Snapshot, quiet: bool = False) -> None:
        before, after = self.pos, snap.position
        forward = self._forward(snap) and not quiet
        self.pos, self.moves, self.game = after, snap.moves, snap.game
        self.picked = None
        self.choice = None
        self.changed_at = self.ctx.time
        self.bots.decided = None
        if not forward:
            self.effects.clear()
            self.show.cleared()
            self._cheer_on_landing = False
            return
        cues = cues_for(before, after)
        palette = self.ctx.palette
        if after.awaiting_collapse and not before.awaiting_collapse:
            self.show.cycle_closed(after, self.ctx.time, self.seating.chooser(after), palette)
        elif before.awaiting_collapse and not after.awaiting_collapse:
            action = before.check(self.variant.parse_token(snap.moves[-1]))
            if isinstance(action, Collapse):
                self.show.collapsing(
                    before, action, self.ctx.time, self.seating.chooser(before), palette
                )
                # The chosen outcome stays lit in the previews while the marks fly.
                outcomes = [a for a, _ in before.collapse_outcomes()]
                self.choice = outcomes.index(action) if action in outcomes else None
        self.effects.step(before, after, self.layout(), palette)
        if self.effects.busy and Cue.WIN in cues:
            self._cheer_on_landing = True  # the win is heard when it is seen
            cues = tuple(c for c in cues if c is not Cue.WIN)
        self.ctx.audio.play_all(cues)

    def _run_bots(self) -> None:
        now = self.ctx.time
        ready = not self.paused and now - self.changed_at >= BOT_PAUSE
        turn = self.bots.step(self.pos, now, self.session.local_sides, ready)
        if turn.looking is not None:
            self.choice = turn.looking
        if turn.failed:
            self._say(turn.failed)
        if turn.action is not None:
            self.session.submit(turn.action)

    # -- drawing ----------------------------------------------------------------------

    @property
    def animating(self) -> bool:
        """A board waiting for a person, with nothing flying, is still: the window sleeps."""
        return self._moving() or self._ticking()

    @property
    def frame_rate(self) -> int:
        return FPS_CAP if self._moving() else COUNTING_FPS

    def _ticking(self) -> bool:
        """Whether seconds are counted on screen: the link's banner, a party's move clock."""
        party = self._party()
        clock = party is not None and not party.paused and self._clock_left(party) is not None
        return clock or self.link.state == RECONNECTING

    def _moving(self) -> bool:
        side = self.pos.to_play
        bot_waits = side in self.bots and side in self.session.local_sides
        return bool(
            self.effects.active
            or self.show.showing(self.ctx.time)
            or self.view.pulsing(self.ctx.time)
            or self.message is not None
            or bot_waits  # its pause runs out with no event to wake the window
            or self.hud_menu.breathing(self.ctx.time)  # the focus ring moves
            or self._ring_breathing()
            or self.advice.busy  # its answer has no event to wake the window
            or self.advice.hints.at(self.pos) is not None  # the ghost breathes
        )

    def _look(self) -> Look:
        pos = self.pos
        preview: tuple[tuple[int, int], ...] = ()
        if pos.awaiting_collapse and self.choice is not None:
            preview = tuple(pos.collapse_outcomes()[self.choice][1].items())
        elif (hint := self.advice.hints.at(pos)) is not None:
            preview = preview_of(pos, hint)
        allowed = None
        if not pos.awaiting_collapse and not pos.is_over and self._my_turn():
            allowed = shown_allowed(pos, self.picked, self._allowed_cells(self.picked))
        pads_side = {pad: self._side_of(pad) for pad in self.cursors}
        palette = self.ctx.palette
        # While a collapse waits, the pads pick an outcome, not a cell: their cursors rest.
        cursors = tuple(
            (cell, palette.of(pads_side[pad]) if pads_side[pad] else palette.dim)
            for pad, cell in self.cursors.items()
            if not pos.awaiting_collapse
        )
        return Look(
            hover=self.hover,
            picked=self.picked,
            cursors=cursors,
            preview=preview,
            hidden=self.effects.hidden_cells,
            landing=self.effects.landing_cells,
            allowed=allowed,
            rows=self.effects.struck_rows(pos),
        )

    def draw(self, surface: pygame.Surface, alpha: float) -> list[list[int]] | None:
        palette = self.ctx.palette
        t = self.ctx.time
        board, hud = self._areas()
        layout = self.layout()
        look = self._look()
        layer = self.view.layer(layout, self.pos, palette, look)

        # The panel's side of the window, its margins too (a focus ring reaches into them).
        margin = theme.scale(self.ctx.size).margin
        side = hud.inflate(2 * margin, 2 * margin).clip(surface.get_rect())

        def paint(image: pygame.Surface) -> None:
            beside = image.get_clip().colliderect(side)  # not one of the board's parts alone
            paint_board(image, layer, layout, palette, (hud,) if beside else ())
            if beside:
                self._draw_hud(image, hud)
                self.show.draw(image, self._banner_area(hud), palette, t)
                self._draw_invitation(image, hud)

        # The background, the board and the panel change with the game, not with the clock:
        # a frame in a collapse puts them back as one picture where they were drawn over,
        # and draws what moves over them. The board and the panel are parts of it, each
        # painted again alone when it alone changed.
        # The panel's focus rings breathe in parts of their own, painted again alone.
        ring = tuple(
            ((*rect,), when) for rect, when in self.hud_menu.changing(surface.get_height(), t)
        )
        if (ringed := self._ringed()) is not None:
            pos, choice, chosen = ringed
            rects = self._preview_rects(hud)
            reach = self.previews.ring_reach(rects, pos, choice, surface.get_height())
            ring += (((*reach,), self.previews.ring_time(pos, choice, chosen, t)),)
        # The panel may show a collapse's words a frame after its board (Still._put_off).
        panel = (((*side,), self._panel_key()),)
        over = self.still.draw(
            surface, palette, paint, (*self.view.parts(layout, palette), *ring), panel
        )
        if leads := self.advice.study_at(self.pos):
            draw_study(surface, layout, self.pos, leads, self.advice.exact, palette)
            over.add(layout.area)  # its shades and labels stay inside the cells
        over.add_all(self.view.draw_pointer(surface, layout, self.pos, palette, look, t))
        if (hint := self.advice.hints.at(self.pos)) is not None:
            over.add(draw_ghost(surface, layout, self.pos, hint, palette, t))
        self.effects.draw(surface, layout, palette, alpha, over)
        if self.message is not None:
            room = self._toast_room(hud)
            scale = theme.scale(self.ctx.size)
            rows = theme.font(scale.px(MOVES_SIZE)).get_linesize()  # the moves it covers
            over.add(toast.draw(surface, room, hud.top, self.message, palette, scale, rows))
        linked = self.link.state == LIVE  # otherwise its banner or overlay covers the screen
        self.link.draw(surface, board)
        return self.still.shown(over, anywhere=not linked)

    def _panel_key(self) -> tuple[object, ...]:
        """Everything the side panel shows depends on (its words, its buttons)."""
        pos = self.show.hud_position(self.pos)
        menu = self.hud_menu
        return (
            self.ctx.palette,
            pos,
            self._status(pos) if pos is self.pos else None,
            self.moves,
            self.choice,
            (self.seating.seat_name(Player.X), self.seating.seat_name(Player.O)),
            menu.look(),  # its focus ring breathes in a part of its own
            (self.show.banner, self.show.banner_up(self.ctx.time)),
            self.seating.invitation(),
            self.advice.study_at(pos) is not None,  # its legend
            self._party_key(),
        )

    def _party_key(self) -> tuple[object, ...] | None:
        """What the party panel shows: the scoreboard, its page and the clock's seconds."""
        party = self._party()
        if party is None:
            return None
        return (party, int(self.ctx.time / scoreboard.PAGE_TIME), self._clock_left(party))

    def _previews_up(self, pos: Position) -> bool:
        """Whether the panel shows ``pos``'s collapse previews: not while a seat is open,
        whose invitation stands in their place (the game waits for that player first)."""
        return pos.awaiting_collapse and self.seating.invitation() is None

    def _draw_invitation(self, surface: pygame.Surface, hud: pygame.Rect) -> None:
        """While a seat of a table this window hosts is open: how to sit down from a phone
        (where the collapse previews go once a game runs)."""
        url = self.seating.invitation()
        if url:
            first = self._preview_rects(hud)[0]
            gap = first.x - hud.x
            area = pygame.Rect(first.x, first.y, hud.width - 2 * gap, first.height)
            draw_join(surface, area, url, self.ctx.palette)

    def _banner_area(self, hud: pygame.Rect) -> pygame.Rect:
        banner = pygame.Rect(hud.x, hud.y, hud.width, self._preview_rects(hud)[0].top - hud.y)
        return banner.inflate(-hud.width // 20, -hud.height // 40)

    def _status(self, pos: Position) -> str:
        return play_words.status(pos, self.seating, self.link.state, self.picked, self.ctx.device)

    def _hud_view(self, pos: Position) -> HudView:
        now = "The marks fly home…" if pos is not self.pos else self._status(pos)
        return play_words.hud_view(self.variant, pos, now, self.seating, self.advice)

    def _draw_hud(self, surface: pygame.Surface, hud: pygame.Rect) -> None:
        palette = self.ctx.palette
        scale = theme.scale(self.ctx.size)
        pos = self.show.hud_position(self.pos)  # the score changes when the marks land
        rest = hud_panel.draw(surface, hud, self._hud_view(pos), palette, scale)
        self._under_words = rest
        menu = self._hud_menu_area(hud)
        if self._previews_up(pos):
            rects = self._preview_rects(hud)
            self.previews.draw(surface, rects, pos, self.choice, palette, scale.body)
            if (ringed := self._ringed()) is not None:
                when = self.previews.ring_time(*ringed, self.ctx.time)
                self.previews.draw_ring(surface, rects, pos, ringed[1], palette, when)
        else:
            top = rest.y
            if self.show.banner_up(self.ctx.time):  # the moves go on under it, none cut
                top = max(top, self._banner_area(hud).bottom + scale.px(16))
            bottom = menu.top
            if self.seating.invitation() is not None:  # it stands where the previews go
                bottom = self._preview_rects(hud)[0].top
            area = pygame.Rect(rest.x, top, rest.width, bottom - scale.px(16) - top)
            party = self._party()
            if party is not None:
                # At a party: the clock and the scoreboard under the moves, as on the big screen.
                scores = pygame.Rect(area.x, area.centery, area.width, area.height // 2)
                self._draw_party(surface, scores, party)
                area.height = scores.y - scale.px(16) - area.y
            moves = move_list.lines(self.variant, self.moves)
            move_list.draw(surface, area, moves, palette, scale.px(MOVES_SIZE))
        self.hud_menu.draw(surface, menu, palette, self.ctx.time)

    def _party(self) -> Party | None:
        table = self.ctx.table
        return table.party if table is not None else None

    def _clock_left(self, party: Party) -> int | None:
        """Whole seconds left on a party's move clock (None: no clock runs)."""
        if not party.clock_ms or self.pos.to_play is None:
            return None
        return math.ceil(clock_left(party, self._party_at, self.ctx.time))

    def _draw_party(self, surface: pygame.Surface, area: pygame.Rect, party: Party) -> None:
        palette = self.ctx.palette
        scale = theme.scale(self.ctx.size)
        left = self._clock_left(party)
        if left is not None and self.pos.to_play is not None:
            paused = "  (paused)" if party.paused else ""
            color = palette.warning if left < 5 else palette.of(self.pos.to_play)
            table = self.ctx.table
            who = (table.seat_name(self.pos.to_play) if table else None) or self.pos.to_play
            words = f"{who}: {left} s{paused}"
            line = theme.text(
                scoreboard.fit(words, scale.body, area.width, True), scale.body, color, True
            )
            surface.blit(line, area.topleft)
            area = area.copy()
            area.y += line.get_height() + scale.px(8)
            area.height -= line.get_height() + scale.px(8)
        scoreboard.draw(surface, area, party, palette, scale.unit, self.ctx.time, 32)

    def _ringed(self) -> tuple[Position, int, bool] | None:
        """What the panel's ring goes round: the position the previews show, the outcome looked
        at, and whether it was chosen (the marks fly: nothing is left to choose); None while
        none is looked at."""
        pos = self.show.hud_position(self.pos)
        if self.choice is None or not self._previews_up(pos):
            return None
        return pos, self.choice, self.show.before is not None

    def _ring_breathing(self) -> bool:
        """Whether the ring round the outcome looked at still moves."""
        ringed = self._ringed()
        return ringed is not None and self.previews.breathing(*ringed, self.ctx.time)

    def _toast_room(self, hud: pygame.Rect) -> pygame.Rect:
        """Where a toast goes: in the side panel, under its words and over the top of what
        follows them (the oldest moves of the list), down to its buttons, or to the collapse
        previews and the ring round them: they are the choice the toast is often about.
        Never over the board: its bottom row holds marks and the study's values, just where
        a player looks as a toast tells them why."""
        scale = theme.scale(self.ctx.size)
        words = self._under_words if self._under_words is not None else hud
        top = max(hud.top, min(words.top, hud.bottom))
        bottom = self._hud_menu_area(hud).top - scale.px(8)
        if self._previews_up(self.show.hud_position(self.pos)):
            previews = ring_reach(self._preview_rects(hud)[0], self.ctx.size[1])
            bottom = min(bottom, previews.top - scale.px(8))
        return pygame.Rect(words.x, top, words.width, max(0, bottom - top))


@functools.lru_cache(maxsize=8)
def _menu_shape(
    hud: tuple[int, int, int, int], size: tuple[int, int], labels: tuple[str, ...]
) -> tuple[tuple[int, int, int, int], int]:
    """The panel's buttons: where they go and in how many columns, a row of six, or two
    rows of three where the panel is too narrow for six to show their words (a square
    window). Kept: every frame asks, and measuring the words is not free."""
    scale = theme.scale(size)
    inner = pygame.Rect(hud).inflate(-2 * scale.px(24), 0)
    face = theme.font(min(scale.body, scale.button // 2), True)  # as a focused label
    widest = max(face.size(label)[0] for label in labels)
    one_row = inner.width >= 6 * (widest + scale.button // 2)
    height = scale.button if one_row else round(scale.button * 2.2)  # the menu's gap
    area = (inner.x, hud[1] + hud[3] - height - scale.px(24), inner.width, height)
    return area, 6 if one_row else 3
