"""The big screen: a party table seen from the sofa (``qttt watch HOST:PORT --tv``).

The scene is a spectator at a table: it opens a :class:`~net.session.NetworkSession`
that the app holds (``Context.sit_at``) and hears its events through ``receive``.
The board takes the left of the screen, drawn by the same
:class:`~game.client.board_view.BoardView` and
:class:`~game.client.effects.Effects` as a game in play, so collapses fly
and rows sweep as they do for the players. Round it, panels each draw their own
part (placed by :mod:`~game.client.scenes.tv_layout`, every size from the
window's height): who plays and the move clock over the board
(:mod:`~game.client.scenes.tv_players`); beside it the party's queue and
scoreboard, or a plain table's seats (:mod:`~game.client.scenes.tv_column`); the
emotes, never over the board's marks (:mod:`~game.client.scenes.tv_emotes`); the
host's news at the bottom (:mod:`~game.client.scenes.tv_news`); before a game, the
waiting screen, knocking at a table that went away (:mod:`~game.client.scenes.tv_waiting`).
The scene tells them what to show: a collapse's news waits for its marks to land.

At a party keys 1–6 send an emote from the couch; Escape (or B) twice leaves.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from random import Random
from typing import Any

import pygame

from game.client import scoreboard, theme
from game.client.at_table import AtTable, names_told, next_game
from game.client.audio import cues_for
from game.client.board_layout import BoardLayout, boards_in_play
from game.client.board_view import BoardView, Look, paint_board
from game.client.effects import Effects
from game.client.intents import Cancel, Intent, Text
from game.client.link import LIVE, RECONNECTING, LinkPanel
from game.client.prose import button, press, sentence
from game.client.scene import COUNTING_FPS, FPS_CAP, BaseScene, Context, SceneName
from game.client.scenes.tv_column import ColumnView, SideColumn
from game.client.scenes.tv_emotes import Card, Emotes
from game.client.scenes.tv_layout import areas_at
from game.client.scenes.tv_news import NewsLine
from game.client.scenes.tv_players import Played, Players, PlayersStrip
from game.client.scenes.tv_waiting import Knocking, draw_waiting
from game.client.still import Changing, Redraw, Still
from game.rules import Player, Position
from game.session import Notice, Refused, Snapshot
from net.party import EMOTES
from net.protocol import SPECTATOR, Emoted, Party, State
from net.session import NetworkSession

# A second "back" within this leaves: one B pressed by anyone on the sofa only asks, since
# leaving would take the big screen away from the whole room.
LEAVE_TIME = 2.5


class TvScene(BaseScene):
    """A spectator's screen for a (party) table.

    ``enter(address=(host, port), viewer=name, back=scene, back_params={...})``: ``viewer``
    is how the table lists this screen; Escape goes to ``back`` (entered with ``back_params``),
    or quits when there is none (``qttt watch``).
    """

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.link = LinkPanel(ctx)  # the connection, when it is not live
        self.session: NetworkSession | None = None
        self.address = ("", 0)
        self._viewer: str | None = None  # how the table lists this screen, if it opened its own
        self.knock = Knocking()  # at a table that went away, while it is not back
        self.back: SceneName | None = None  # where Escape goes; None quits (qttt watch)
        self.back_params: dict[str, Any] = {}
        self._leave_until = -1.0  # a first "back" asks until then
        self.pos: Position | None = None
        self._told: Position | None = None  # what the words tell while a collapse flies
        self.moves: tuple[str, ...] = ()
        self.view: BoardView | None = None
        self.still = Still()
        self._redraw = Redraw()  # the waiting screen's
        self.effects = Effects(Random(11), ctx.settings.effect_intensity)
        self.party: Party | None = None
        self.clock_at = 0.0  # ctx.time when the party's left_ms was received
        self._told_party: Party | None = None  # the party as a collapse being shown began
        self.played = Played()  # who played the table's game
        self.strip = PlayersStrip(ctx)  # who plays, over the board
        self.column = SideColumn(ctx)  # the party or the table, beside the board
        self.emotes = Emotes(ctx)
        self.news = NewsLine(ctx)

    def enter(self, **params: Any) -> None:
        self.back = params.get("back")
        self.back_params = params.get("back_params", {})
        if "address" in params:  # without one (a snapshot), what is shown is handed to take()
            self.address = params["address"]
            self._viewer = params.get("viewer", "big screen")
            self._open()

    def _open(self) -> None:
        """Watch the table at :attr:`address` with a session of the screen's own."""
        assert self._viewer is not None
        # The big screen waits for its host however long it is gone (a laptop restarted,
        # a party resumed from its file): nobody sits at it to press "Try again".
        self.session = NetworkSession(
            self.address, self._viewer, role=SPECTATOR, reconnect_for=math.inf
        )
        self.ctx.sit_at(AtTable(self.session))

    def _knock(self, now: float) -> None:
        """A session of the screen's own that ended for good is opened again a moment later
        (:class:`Knocking`); meanwhile the waiting screen says why, not the last board as if
        it were live."""
        session = self.session
        if self._viewer is None or session is None or session.ended is None:
            return
        if not self.knock.due:
            self.knock.lost(session.ended, now)
            self.pos = self.view = self.party = None
            self.moves = ()
            self.effects.clear()
        elif self.knock.knock(now):
            self._open()

    # -- input ---------------------------------------------------------------------

    def handle(self, intent: Intent) -> None:
        if not self.knock.knocking and self.link.handle(intent):
            return
        if isinstance(intent, Cancel):
            self._leave_on_second(self._leave)
        elif isinstance(intent, Text) and self.session is not None and self.party is not None:
            keys = list(EMOTES)  # emotes are a party's: a plain table takes none
            for char in intent.text:
                if char.isdecimal() and 1 <= int(char) <= len(keys):  # not "²": int() refuses it
                    self.session.emote(keys[int(char) - 1])

    def _leave(self) -> None:
        if self.back is None:
            self.ctx.quit()
        else:
            self.ctx.go(self.back, **self.back_params)

    def _leave_on_second(self, leave: Callable[[], None]) -> None:
        """``leave`` on a second "back" within LEAVE_TIME; the first one asks (the hint)."""
        if self._asking_to_leave():
            leave()
        else:
            self._leave_until = self.ctx.time + LEAVE_TIME

    def _asking_to_leave(self) -> bool:
        """Whether a first "back" still waits for the second."""
        return self.ctx.time < self._leave_until

    def _hint_line(self) -> str:
        """The line under the side column: the keys, or the question a first "back" asks."""
        if self._asking_to_leave():
            back = press(self.ctx.device, "back")
            return f"{sentence(back)} again to leave"
        return self.hint()

    # -- the fixed step --------------------------------------------------------------

    def receive(self, message: object) -> None:
        self.take(message, self.ctx.time)

    def update(self, dt: float) -> None:
        now = self.ctx.time
        self._knock(now)
        self.link.update()
        self.effects.update(dt)
        self.news.update(now, flying=self.effects.busy)
        self.emotes.update(now)

    def take(self, event: object, now: float | None = None) -> None:
        """Show what the table sent: a game, the party, an emote, some news."""
        now = self.ctx.time if now is None else now
        if isinstance(event, Snapshot):
            self.knock.back()
            self._show(event)
        elif isinstance(event, Party):
            self.party = event
            self.clock_at = now
        elif isinstance(event, State):
            self.played.note(event, over=self.pos is not None and self.pos.is_over)
        elif isinstance(event, Emoted):
            self.emotes.take(event, now)
        elif isinstance(event, Notice | Refused):
            text = event.text if isinstance(event, Notice) else event.reason
            table = self.session.table if self.session else None
            text = sentence(text, names_told(table, self.party))
            # A game's result comes with its last move: told once the board has shown it.
            self.news.tell(text, now, hold=self.effects.busy)

    def _show(self, snap: Snapshot) -> None:
        before, after = self.pos, snap.position
        forward = (
            before is not None
            and len(snap.moves) == len(self.moves) + 1
            and snap.moves[: len(self.moves)] == self.moves
        )
        if self.view is None or self.view.variant != snap.variant:
            self.view = BoardView(snap.variant)
        self.pos, self.moves = after, snap.moves
        if not forward or before is None:
            self.effects.clear()
            return
        self.ctx.audio.play_all(cues_for(before, after))
        self.effects.step(before, after, self._layout(), self.ctx.palette)
        self._told, self._told_party = before, self.party

    def _telling(self) -> Position | None:
        """The position the words round the board tell: a collapse's news (a win, the
        score) waits for its marks to land, as on the play screen."""
        return self._told if self.effects.busy else self.pos

    def _players(self) -> Players:
        """Who plays, as the strip over the board tells it."""
        table = self.session.table if self.session else None
        seats = {Player(s.side): s for s in table.seats} if table else {}
        told = self._telling()
        return Players(
            told, self._party_told(), seats, self.party, self.clock_at, self.played.names
        )

    def _party_told(self) -> Party | None:
        """The party the words tell: as it was when a collapse began, while its marks fly.
        The host's party after a game's last move came at once, and its scoreboard and
        "next game" told the room who won before the board did (the clock is the live one)."""
        if self.effects.busy and self._told_party is not None:
            return self._told_party
        return self.party

    # -- layout ----------------------------------------------------------------------

    def _layout(self) -> BoardLayout:
        """The board, with the mini-boards of the last move (or the cycle) large."""
        assert self.view is not None and self.pos is not None
        return self.view.layout(self._areas()[0], boards_in_play(self.pos))

    def _unit(self) -> float:
        """One pixel of a 1080-line screen, on the type scale every screen shares: every
        size is a multiple of it."""
        return theme.scale(self.ctx.size).unit

    def _areas(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """The board, the strip above it and the side column (:func:`areas_at`): the
        caller's to change."""
        board, strip, side = areas_at(self.ctx.size)
        return board.copy(), strip.copy(), side.copy()

    def _beside(self) -> pygame.Rect:
        """The window but the side column: left of it, or above it on a tall screen."""
        w, h = self.ctx.size
        side = self._areas()[2]
        return pygame.Rect(0, 0, w, side.y) if h > w else pygame.Rect(0, 0, side.x, h)

    # -- drawing ------------------------------------------------------------------------

    @property
    def animating(self) -> bool:
        """Moving: effects, emotes, news to expire, a move clock, the waiting screen's drift,
        scoreboard pages taking turns. A game nobody moves in leaves the window asleep."""
        return self._moving() or self._ticking()

    @property
    def frame_rate(self) -> int:
        if not self._moving():
            return COUNTING_FPS
        if self._waiting() and not self.emotes.bubbles:  # only the backdrop drifts
            return theme.drift_frame_rate(self.ctx.size[1], FPS_CAP)
        return FPS_CAP

    def _ticking(self) -> bool:
        """Whether something changes only in steps a second or more apart: the link's banner
        counting seconds, the scoreboard's pages taking turns, the question a first "back"
        asks (it goes when its time is up)."""
        party = self.party
        pages = party is not None and len(party.standings) > 8
        return pages or self.knock.due or self._asking_to_leave() or self.link.state == RECONNECTING

    def _moving(self) -> bool:
        clock = self._players().clock_runs()  # its bar runs down smoothly
        waiting = self._waiting()  # the marks drift (unless the palette keeps still); no news
        drift = waiting and theme.drifts(self.ctx.palette)
        news = bool(self.news.lines) and not waiting
        return bool(drift or self.effects.active or self.emotes.bubbles or news or clock)

    def draw(self, surface: pygame.Surface, alpha: float) -> list[list[int]] | None:
        palette = self.ctx.palette
        t = self.ctx.time
        board, strip, side = self._areas()
        margin = round(36 * self._unit())
        column = self._column()
        if self._waiting():
            left = self._beside().inflate(-2 * margin, -2 * margin)
            asks = not self.knock.knocking  # the link's banner or question, where it has one

            def paint_waiting(image: pygame.Surface) -> None:
                theme.backdrop(image, palette, t)
                # The waiting words in every part: a long title (a narrow window) reaches past
                # their column, its glow further. The side column's panel holds all of it.
                self._draw_waiting(image, left)
                if image.get_clip().colliderect(side):
                    self.column.draw(image, side, column, drifting=True)
                self.emotes.draw(image, self.bubble_cards())
                if asks:
                    self.link.draw(image, board)
                self._draw_over(image)

            # The marks drift behind it all: drawn again where they moved, the rest as it was
            # unless it changed (emotes fade: whole frames while there are any).
            key = (
                self._side_key(column),
                self._waiting_key(),
                self.link.look() if asks else None,
                t if self.emotes.bubbles else None,
            )
            drift = theme.drift_rects(surface.get_size(), palette, t)
            changing = self._over_changing(t)
            if asks:
                changing = self.link.changing(surface.get_height(), t) + changing
            return self._redraw.draw(surface, key, drift, paint_waiting, changing)
        layout = self._layout()
        pos = self.pos
        effects = self.effects
        look = Look(
            hidden=effects.hidden_cells,
            landing=effects.landing_cells,
            rows=effects.struck_rows(pos),
            far=True,
        )
        layer = self.view.layer(layout, pos, palette, look)

        # The words around the board, with a margin each side (their glow reaches into it).
        window = surface.get_rect()
        panels = [area.inflate(2 * margin, 2 * margin).clip(window) for area in (strip, side)]
        players = self._players()

        def paint(image: pygame.Surface) -> None:
            clip = image.get_clip()  # one part: the words outside it are not drawn
            beside = clip.colliderect(panels[1])
            paint_board(image, layer, layout, palette, (side,) if beside else ())
            if clip.colliderect(panels[0]):
                self.strip.draw(image, strip, players)
            if beside:
                self.column.draw(image, side, column, drifting=False)

        # What changes with the game, not the clock, is one still picture (see still.py):
        # the board and the words around it are parts of it, each painted again alone when
        # it alone changed; the move clock's band is one too (its bar, not the names).
        words = (self._strip_key(), self._side_key(column))
        face = self.strip.clock_face(strip, players)
        clock = ((*self.strip.clock_band(strip),), face)
        panel_parts = (((*r,), key) for r, key in zip(panels, words, strict=True))
        parts = (*self.view.parts(layout, palette), *panel_parts, clock)
        over = self.still.draw(surface, palette, paint, parts)
        self.effects.draw(surface, layout, palette, alpha, over)
        # Where an emote has no room but over the news (a window too narrow beside the
        # board), the lines its card would cover wait for it to go, rather than show
        # through it as it fades.
        cards = self.bubble_cards()
        hidden = [rect for _, rect, _, _ in cards]
        for drawn in (
            *self.news.draw(surface, self._beside(), margin, hidden),
            *self.emotes.draw(surface, cards),
        ):
            over.add(drawn)
        linked = self.link.state == LIVE  # otherwise its banner or overlay covers the screen
        self.link.draw(surface, board)
        return self.still.shown(over, anywhere=not linked)

    def bubble_cards(self) -> list[Card]:
        """Where each emote's card sits (:meth:`Emotes.cards`): beside the board's panel, or
        over its place on the waiting screen."""
        board, strip, side = self._areas()
        panel = None if self._waiting() else self._layout().area
        return self.emotes.cards(self.emotes.rooms(board, strip, side, panel))

    def _waiting(self) -> bool:
        """Whether there is no game to show yet (the waiting screen instead of a board)."""
        return self.pos is None or self.view is None

    def _strip_key(self) -> tuple[object, ...]:
        """Everything the strip over the board shows depends on: who plays, whose move it
        is or who won (the move clock's bar is a part of its own)."""
        table = self.session.table if self.session else None
        played = self.played.game, self.played.names
        return self.ctx.palette, self._telling(), self._party_told(), table, played

    def _column(self) -> ColumnView:
        """What the side column shows: the party or the table, the code to join by, the hint."""
        session = None if self.knock.knocking else self.session  # a table gone says nothing now
        table = session.table if session else None
        told = self._telling()
        over = table is not None and told is not None and told.is_over and self.party is None
        party = self._party_told()
        # A night that is over has nobody to join it: its podium takes the code's room.
        joins = session is not None and not (party is not None and party.finished)
        return ColumnView(
            party,
            table,
            session.table_name if session else None,
            session.join_url if session and joins else None,
            self._hint_line(),
            self._asking_to_leave(),
            next_game(table) if over else None,
        )

    def _side_key(self, column: ColumnView) -> tuple[object, ...]:
        """Everything the side ``column`` shows depends on: its view and the scoreboard's
        page, not the game (a collapse landing repaints the strip alone)."""
        page = int(self.ctx.time / scoreboard.PAGE_TIME)  # the scoreboard's pages take turns
        return self.ctx.palette, column, page

    def _waiting_key(self) -> tuple[object, ...]:
        """Everything the waiting screen shows depends on, besides :meth:`_side_key` and the
        link: :meth:`_draw_waiting`'s words and what :meth:`_draw_over` draws over them."""
        return self.address, self.session.ended if self.session else None, self.knock.gone

    def _draw_over(self, surface: pygame.Surface) -> None:
        """What the scene draws over the whole waiting screen (nothing here)."""

    def _over_changing(self, time: float) -> Changing:
        """What of :meth:`_draw_over` changes in place, and what it shows at ``time``."""
        return []

    def _draw_waiting(self, surface: pygame.Surface, left: pygame.Rect) -> None:
        """Before the first game arrives: the title, and whom we are reaching (why not, the
        link's question over it says)."""
        ended = self.session is not None and self.session.ended is not None
        lines = [] if ended and not self.knock.knocking else self.knock.words(self.address)
        draw_waiting(surface, left, self.ctx.palette, self._unit(), lines)

    def hint(self) -> str:
        """The buttons this screen answers on the device in hand, under the side column
        (emotes are a party's, and the keyboard's)."""
        if self.party is None:
            return sentence(self._leave_hint())
        return f"Keys 1–{len(EMOTES)}: emotes  ·  {self._leave_hint()}"

    def _leave_hint(self) -> str:
        """How to leave on the device in hand, as a hint says it: "B: leave"."""
        return f"{button(self.ctx.device, 'back')}: leave"
