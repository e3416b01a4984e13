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

The scene composes the parts that each own a concern: :class:`Seating` (who
sits where, in words), :class:`Picks` (the move in the making, from the
board's input), the board's view and effects, the :class:`SidePanel` (the
HUD's words from :mod:`play_words`, the collapse previews, the moves, a
party's clock, the buttons), the :class:`Coach` (hints and study) and the
link's banner. What it keeps is their wiring: the session's news turned into
the show, the intents dispatched, and the screens it goes to next.
"""

from __future__ import annotations

import random
from typing import Any

import pygame

from game.client import theme, toast
from game.client.advice import Advice
from game.client.audio import Cue, cues_for
from game.client.board_layout import BoardLayout
from game.client.board_view import BoardView, Look, paint_board
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
from game.client.link import LIVE, RECONNECTING, LinkPanel
from game.client.paths import GameFile
from game.client.prose import press, sentence
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
from game.client.scenes.party_strip import PartyStrip
from game.client.scenes.play_advice import Coach
from game.client.scenes.play_panel import Shown, SidePanel, areas, previews_up
from game.client.scenes.play_picks import Picks
from game.client.scenes.seating import Seating
from game.client.still import Still
from game.client.study import draw_study
from game.client.toast import Toast
from game.client.widgets import Item, Menu
from game.records import Record
from game.rules import Collapse, Player, Position, Variant
from game.session import LocalSession, Notice, Refused, Session, Snapshot
from net.party import EMOTES
from net.protocol import Emoted, Party

MESSAGE_TIME = 3.5  # seconds a toast stays
LEAVE_TIME = 2.5  # a second Escape (or Menu) within this leaves the game


class PlayScene(BaseScene):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.link = LinkPanel(ctx)  # what shows of a LAN table's connection
        self.message: Toast | None = None
        self.leave_until = -1.0
        self.leave_pad = KEYBOARD  # whose first "back" (or Menu) leave_until waits on
        self.changed_at = 0.0
        self._waiting: list[object] = []  # what the session said while the show held the board
        self._quiet = False  # the next snapshots come from an undo or a redo: no show
        self._cheer_on_landing = False  # a win's sound, once the collapse that made it lands

    # -- visit ------------------------------------------------------------------

    def enter(
        self,
        variant: Variant | None = None,
        seats: dict[Player, str | None] | None = None,
        session: LocalSession | None = None,
        seed: int | None = None,
        moves: tuple[str, ...] = (),
        places: tuple[int | None, ...] = (),
        **params: Any,
    ) -> None:
        table = self.ctx.table
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
        self.picks = Picks(self.ctx, variant, self.session, self.seating, self._say, places)
        self._game = table.game if table else 0  # the table's game this screen shows
        self.file = GameFile()  # where the game shown is saved, once it is
        self.party_strip = PartyStrip(self.ctx)
        self.view = BoardView(variant)
        self.advice = Advice(variant, self.ctx.run_in_worker)
        self.coach = Coach(self.advice, self.seating, self.local, self._say)
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
        menu = Menu(
            [
                Item("Undo", lambda: self._undo(self.panel.menu.pad), enabled=self.local),
                Item("Redo", self._redo, enabled=self.local),
                Item("Save", self._save),
                Item("Hint", lambda: self.coach.hint(self.pos), enabled=self.local),
                Item("Study", lambda: self.coach.study(self.pos), enabled=self.local),
                Item("Menu", lambda: self._ask_to_leave("choose", self.panel.menu.pad)),
            ],
            focus=-1,  # no item has the focus until the pointer is on one
            columns=6,
        )
        self.panel = SidePanel(self.ctx, variant, menu, self.show, self.party_strip)
        self._drain()

    def exit(self) -> None:
        self.bots.cancel()
        self.advice.cancel()
        if self.local:
            self.session.close()  # a LAN table's session is the app's to close

    # -- layout -----------------------------------------------------------------

    def _areas(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The board's area and the side panel's, on this window."""
        return areas(self.ctx.size)

    def layout(self) -> BoardLayout:
        return self.view.layout(self._areas()[0], self.picks.focus(self.pos))

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
            if isinstance(intent, Point | Click):
                self.panel.handle(intent, self._areas()[1])
            elif isinstance(intent, Start) or self.panel.menu.focused_by(intent.pad):
                self._handle(intent)
            return
        self._handle(intent)

    def _handle(self, intent: Intent) -> None:
        if isinstance(intent, Undo):
            self._undo(intent.pad)
        elif isinstance(intent, Redo):
            self._redo()
        elif isinstance(intent, Save):
            self._save()
        elif isinstance(intent, Hint):
            self.coach.hint(self.pos)
        elif isinstance(intent, Study):
            self.coach.study(self.pos)
        elif isinstance(intent, Cancel) and self.panel.menu.focused_by(intent.pad):
            self.panel.to_buttons(False)  # back to the board, as Start came from it: not leaving
        elif isinstance(intent, Cancel):
            self._cancel(intent.pad)
        elif isinstance(intent, Point):
            self._point(intent.pos)
        elif isinstance(intent, Click):
            self._click(intent.pos)
        elif isinstance(intent, Start):
            self.panel.to_buttons(not self.panel.menu.focused_by(intent.pad), intent.pad)
        elif isinstance(intent, Navigate | Activate) and self.panel.menu.focused_by(intent.pad):
            self.panel.buttons(intent, self._areas()[1])
        elif isinstance(intent, Navigate):
            # Right off the board: the buttons beside it, for a press. A direction held stops
            # at the edge: it ran on along them, and the next A meant for the board undid a move.
            if not self.picks.navigate(self.pos, intent) and not intent.held:
                self.panel.to_buttons(True, intent.pad)
        elif isinstance(intent, Activate):
            self._activate(intent.pad)

    def _point(self, at: tuple[int, int]) -> None:
        layout = self.layout()
        self.picks.hover = layout.cell_at(at)
        if self.pos.awaiting_collapse:
            found = layout.spooky_at(self.pos, at)
            hovered = self.picks.outcome_of(self.pos, *found) if found else None
            if previews_up(self.pos, self.seating.invitation()):
                looked = self.panel.outcome_at(self._areas()[1], self._words(), at)
                hovered = looked if looked is not None else hovered
            if hovered is not None:
                self.picks.choice = hovered
        self.panel.point(at, self._areas()[1])

    def _click(self, at: tuple[int, int]) -> None:
        _, hud = self._areas()
        if self.pos.is_over:
            self._after_the_game()
            return
        if self.panel.handle(Click(at), hud):
            return
        if self.pos.awaiting_collapse:
            chosen = (
                self.panel.outcome_at(hud, self._words(), at)
                if previews_up(self.pos, self.seating.invitation())
                else None
            )
            if chosen is not None:
                self.picks.commit(self.pos, chosen)
                return
            found = self.layout().spooky_at(self.pos, at)
            if found is not None:
                self.picks.collapse_at(self.pos, *found)
            elif self.layout().cell_at(at) is not None:
                self._say("click a mark on the lit cycle, or one of the two previews")
            return
        cell = self.layout().cell_at(at)
        if cell is not None:
            held = self.picks.focus(self.pos)  # as the board was seen
            self.picks.pick(self.pos, cell, self.pos.to_play, held)

    def _activate(self, pad: int) -> None:
        if self.pos.is_over:
            self._after_the_game()
        else:
            self.picks.activate(self.pos, pad)

    def _cancel(self, pad: int) -> None:
        # Back takes back the half-move or the outcome looked at first; the waiting pad's
        # takes back neither (they are the mover's), and counts towards leaving.
        if not self.picks.take_back(self.pos, pad):
            self._ask_to_leave("back", pad)

    def _ask_to_leave(self, what: str, pad: int) -> None:
        """Back, or the Menu button (``what`` its press does, as prose.press names it), by
        ``pad``: a second by the same pad within LEAVE_TIME leaves the game, the first says
        so. One press too many must not throw a game away: a stick held right walks off the
        board onto Menu, and on a couch the other player's back is not this one's "again"."""
        if self.ctx.time < self.leave_until and pad == self.leave_pad:
            self._leave()
            return
        self.leave_until, self.leave_pad = self.ctx.time + LEAVE_TIME, pad
        again = press(self.ctx.device, what)
        self._say(f"{again} again to leave this game", warning=False, time=LEAVE_TIME)

    # -- menu actions ---------------------------------------------------------------

    def _undo(self, pad: int = KEYBOARD) -> None:
        # The half picked is the most recent thing done: it goes first, as Back takes it. It
        # is the mover's: the waiting pad's undo is for its own move, not the other's half.
        if not self.picks.take_back_half(self.pos, pad):
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
        save_in_worker(self.ctx, record, self.file)

    # -- news, and where the screen goes next -----------------------------------------

    def receive(self, message: object) -> None:
        if isinstance(message, Party):
            self.party_strip.heard()
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
            places=tuple(self.picks.places),
            file=self.file,
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
        names = self.ctx.table.names() if self.ctx.table else ()
        self.message = toast.said(sentence(text, names), now, now + time, warning, self.message)
        self.show.give_way(now)
        if warning:
            self.ctx.audio.play(Cue.REFUSE)

    # -- the fixed step ---------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.picks.unplugged()
        self.panel.menu.unplugged(self.ctx.pads)
        self.link.update()
        self._drain()
        self.effects.update(dt)
        if not self.effects.busy:
            self.show.landed()
            if self._cheer_on_landing:
                self._cheer_on_landing = False
                self.ctx.audio.play(Cue.WIN)
        self._run_bots()
        self.coach.update(self.pos)
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
        if snap.game != self.game:  # the table's next game: a file of its own
            self.file = GameFile()
        self.pos, self.moves, self.game = after, snap.moves, snap.game
        self.picks.dropped()
        if self.message is not None and self.message.warning:
            # A refusal was about the position before ("it is O's turn"): kept, it would
            # contradict the headline over it once the other side has moved.
            self.message = None
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
                self.picks.choice = outcomes.index(action) if action in outcomes else None
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
            self.picks.choice = turn.looking
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
        clock = self.party_strip.ticking(self.pos.to_play)
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
            or self.panel.breathing(self._shown())  # a focus ring moves
            or self.advice.busy  # its answer has no event to wake the window
            or self.advice.hints.at(self.pos) is not None  # the ghost breathes
        )

    def _look(self) -> Look:
        pos = self.pos
        preview: tuple[tuple[int, int], ...] = ()
        picks = self.picks
        if pos.awaiting_collapse and picks.choice is not None:
            preview = tuple(pos.collapse_outcomes()[picks.choice][1].items())
        elif (hint := self.advice.hints.at(pos)) is not None:
            preview = preview_of(pos, hint)
        return Look(
            hover=picks.hover,
            picked=picks.picked,
            cursors=picks.cursor_marks(pos, self.ctx.palette),
            preview=preview,
            hidden=self.effects.hidden_cells,
            landing=self.effects.landing_cells,
            allowed=picks.allowed(pos),
            rows=self.effects.struck_rows(pos),
        )

    def draw(self, surface: pygame.Surface, alpha: float) -> list[list[int]] | None:
        palette = self.ctx.palette
        t = self.ctx.time
        board, hud = self._areas()
        layout = self.layout()
        look = self._look()
        layer = self.view.layer(layout, self.pos, palette, look)
        shown = self._shown()
        words = self._hud_view(shown.pos)

        # The panel's side of the window, its margins too (a focus ring reaches into them).
        margin = theme.scale(self.ctx.size).margin
        side = hud.inflate(2 * margin, 2 * margin).clip(surface.get_rect())

        def paint(image: pygame.Surface) -> None:
            beside = image.get_clip().colliderect(side)  # not one of the board's parts alone
            paint_board(image, layer, layout, palette, (hud,) if beside else ())
            if beside:
                self.panel.draw(image, hud, shown, words)

        # The background, the board and the panel change with the game, not with the clock:
        # a frame in a collapse puts them back as one picture where they were drawn over,
        # and draws what moves over them. The board and the panel are parts of it, each
        # painted again alone when it alone changed.
        # The panel's focus rings breathe in parts of their own, painted again alone.
        ring = self.panel.rings(hud, shown, words, surface.get_height())
        # The panel may show a collapse's words a frame after its board (Still._put_off);
        # it shows its words and the rest of it (SidePanel.key).
        panel = (((*side,), (*self.panel.key(shown), words)),)
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
            over.add(self.panel.draw_toast(surface, hud, shown, words, self.message))
        linked = self.link.state == LIVE  # otherwise its banner or overlay covers the screen
        self.link.draw(surface, board)
        return self.still.shown(over, anywhere=not linked)

    def _shown(self) -> Shown:
        """What the side panel shows besides its words: the position before a collapse until
        its marks land (the score changes when they do)."""
        return Shown(
            self.show.hud_position(self.pos),
            self.picks.choice,
            self.show.before is not None,
            self.seating.invitation(),
            self.moves,
            self.pos.to_play,
        )

    def _status(self, pos: Position) -> str:
        return play_words.status(
            pos, self.seating, self.link.state, self.picks.picked, self.ctx.device
        )

    def _words(self) -> HudView:
        """What the side panel says now."""
        return self._hud_view(self._shown().pos)

    def _hud_view(self, pos: Position) -> HudView:
        now = "The marks fly home…" if pos is not self.pos else self._status(pos)
        return play_words.hud_view(
            self.variant, pos, now, self.seating, self.advice, self.ctx.device
        )
