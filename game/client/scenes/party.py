"""The party screen: the big screen of a party night, and its host's controls.

It is the TV view (:class:`~game.client.scenes.tv.TvScene`: the board of the
game on, who plays, the clock, the queue and the scoreboard) of the party
the app holds (``Context.table``), with more on top:

- **At the party this window hosts** (started by the party setup screen, so
  the table's session is a :class:`~game.client.couch.CouchSession`): how to
  join (the LAN address, the phone page's QR code) while nobody plays, and
  the host's menu (Enter, A or a click): add a couch player (a name typed on
  the on-screen keyboard; the pad that added them is theirs), add a bot of
  any level, remove a player, pause the clock, end the night. When a couch
  player's game comes up the board takes over (the play scene), and comes
  back here after it; when the party is over, the night's results follow.
  While the menu (or the couch keyboard) covers the board and a couch player
  is to move, the move clock stands still: they cannot see their game. A
  phone's player can, and their clock runs on.
- **At a party joined from the lobby**: the queue and scoreboard while the
  player waits; the board takes over when the host seats them.

Params (the first visit of a hosted party): ``evening``
(``party_setup.Evening``, whose couch players and bots are seated again when
an evening carries on) and ``save_dir``.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from game.ai import levels_for
from game.client import prose, theme
from game.client.at_table import FORMAT_TITLES, LATE_FOR_KNOCKOUT, names_told
from game.client.audio import Cue
from game.client.couch import CouchSession
from game.client.intents import KEYBOARD, Activate, Cancel, Click, Intent, Text
from game.client.keyboard import Done, TextField
from game.client.prose import Para
from game.client.scene import Context, SceneName
from game.client.scenes.party_setup import Evening
from game.client.scenes.tv import TvScene
from game.client.still import Changing
from game.client.widgets import Item, Menu
from net import discovery
from net.party_client import play_party_bot
from net.party_host import PartyHost
from net.protocol import Party

NAME_LIMIT = 20
# How long "End the night" waits for the second press that confirms it.
CONFIRM_TIME = 4.0


@dataclass
class Night:
    """What the hosting window keeps about its party for as long as it runs (it outlives any
    one visit of this screen): the evening, where its records go, and the bots it added."""

    evening: Evening
    save_dir: Path
    bot_seed: int = 0  # each bot added gets the next seed
    stopped: bool = False  # the host paused the clock from the menu, until they resume it
    told: bool = False  # whether the party host was last told to stop its clock


class PartyScene(TvScene):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.menu = Menu([], on_move=lambda: ctx.audio.play(Cue.SELECT), width=12)
        self.menu_open = False
        self.kicking = False  # the menu lists who to remove
        self.field: TextField | None = None  # a couch player's name, while it is typed
        self._field_pad = KEYBOARD  # the pad that asked to add them
        self._pad = KEYBOARD  # the pad of the intent being handled
        self._confirm_until = -1.0
        self._told_end = False  # a guest's connection ended for good: said once

    def enter(
        self,
        evening: Evening | None = None,
        save_dir: Path | None = None,
        menu: bool = False,
        **params: Any,
    ) -> None:
        super().enter(**params)
        table = self.ctx.table
        assert table is not None, "the party screen shows the party the app holds"
        self.session = table.session  # type: ignore[assignment]
        self.couch = table.session if isinstance(table.session, CouchSession) else None
        self.handle_ = table.host
        if self.couch is not None and evening is not None and save_dir is not None:
            self.couch.night = Night(evening, save_dir)
            for name, pad in evening.couch:
                self.couch.add(name, pad)
            for name, level in evening.bots:
                self._start_bot(name, level)
        if table.snapshot is not None:
            self.take(table.snapshot)
        if table.party is not None:
            self.take(table.party)
        self.address = self.session.address if self.couch else self.address
        # Where windows on the LAN reach this party (asked once: it lists the interfaces).
        self.lan = [f"{a}:{self.address[1]}" for a in discovery.lan_addresses()]
        # From a couch game's Menu button: the host's menu (closing it goes back to the game).
        self.menu_open = menu and self.couch is not None
        self._items()
        self._follow()

    def exit(self) -> None:
        if self.field is not None:
            self.field.close()
        self._tell_clock(covered=False)  # no menu of this screen covers a board now

    @property
    def _night_over(self) -> bool:
        """Whether the host has said the party is over."""
        return self.party is not None and self.party.finished

    @property
    def night(self) -> Night | None:
        return self.couch.night if self.couch else None

    # -- the host's menu -------------------------------------------------------------

    def _items(self) -> None:
        if self.kicking:
            names = [s.name for s in self.party.standings if s.here] if self.party else []
            self.menu.items = [
                *(Item(f"Remove {name}", functools.partial(self._kick, name)) for name in names),
                Item("Back", self._unkick),
            ]
        elif self.couch is None:
            queue = [
                Item("Join the queue", lambda: self._queue(True)),
                Item("Just watch", lambda: self._queue(False)),
            ]
            if self._night_over:
                queue = []  # no queue leads anywhere now
            self.menu.items = [
                *queue,
                Item("Leave the party", lambda: self.ctx.go(SceneName.TITLE)),
                Item("Back to the party", self._close_menu),
            ]
        else:
            assert self.night is not None
            if self.night.stopped:
                pause = "Resume the clock"
            elif self.night.told:  # stopped for the menu: the clock on screen says paused
                pause = "Keep the clock paused"
            else:
                pause = "Pause the clock"
            # Those that play the night's game: a bot of another would leave as it came.
            self.levels = levels_for(self.night.evening.rules())
            self.level_item = Item(
                "Bot level",
                choices=[level.title() for level in self.levels],  # as the settings say them
                index=getattr(self, "level_item", Item("", choices=["beginner"])).index,
            )
            end = "Press again to end the night" if self._confirming() else "End the night"
            self.menu.items = [
                Item("Add a couch player", self._ask_name),
                self.level_item,
                Item("Add a bot", self._add_bot),
                Item("Remove a player", self._to_kick),
                # A night with no move clock has none to pause.
                *([Item(pause, self._pause)] if self.night.evening.clock else []),
                Item(end, self._end),
                Item("Back to the party", self._close_menu),
            ]
        self.menu.focus = min(self.menu.focus, len(self.menu.items) - 1)

    def _confirming(self) -> bool:
        return self.ctx.time < self._confirm_until

    def _close_menu(self) -> None:
        self.menu_open = False

    def _to_kick(self) -> None:
        self.kicking = True
        self.menu.focus = 0
        self._items()

    def _unkick(self) -> None:
        self.kicking = False
        self._items()

    def _host(self) -> PartyHost:
        assert self.handle_ is not None
        host = self.handle_.host
        assert isinstance(host, PartyHost)
        return host

    def _kick(self, name: str) -> None:
        assert self.handle_ is not None
        self.handle_.call(self._host().kick, name)
        night = self.night
        if night is not None:
            night.evening.couch = [c for c in night.evening.couch if c[0] != name]
            night.evening.bots = [b for b in night.evening.bots if b[0] != name]
            night.evening.save(night.save_dir)
        self.ctx.audio.play(Cue.CONFIRM)
        self._unkick()

    def _pause(self) -> None:
        assert self.night is not None
        self.night.stopped = not self.night.stopped
        self._tell_clock()
        self._items()
        self.ctx.audio.play(Cue.CONFIRM)

    def _tell_clock(self, covered: bool = True) -> None:
        """Have the host's move clock stand still while the host paused it, or while this
        screen's menu or keyboard covers the board (``covered``: while they are up) and it runs
        for a couch player; else run."""
        night = self.night
        if night is None:
            return
        busy = covered and (self.menu_open or self.field is not None)
        stop = night.stopped or (busy and self._couch_on_the_clock())
        if stop != night.told:
            night.told = stop
            assert self.handle_ is not None
            self.handle_.call(self._host().pause, stop)
            self._items()

    def _couch_on_the_clock(self) -> bool:
        """Whether a move clock runs for a couch player now (a night may have no clock)."""
        assert self.couch is not None and self.night is not None
        if not self.night.evening.clock:
            return False
        pos = self.couch.position
        side = pos.to_play if pos is not None and not pos.is_over else None
        return side is not None and self.couch.holding(side) is not None

    def _end(self) -> None:
        if not self._confirming():
            self._confirm_until = self.ctx.time + CONFIRM_TIME
            self._items()
            return
        assert self.handle_ is not None
        self.handle_.call(self._host().end_night)
        self.menu_open = False
        night = self.night
        assert night is not None
        night.stopped = night.told  # the clock ends with the night as it stands: no more news

    def _queue(self, join: bool) -> None:
        self.session.join_queue(join)
        self.menu_open = False

    def _taken(self) -> set[str]:
        taken = {s.name for s in self.party.standings} if self.party else set()
        return taken | set(self.couch.names() if self.couch else ())

    def _unique(self, name: str) -> str:
        taken, base, number = self._taken(), name, 1
        while name in taken:
            number += 1
            name = f"{base} {number}"
        return name

    def _ask_name(self) -> None:
        self._field_pad = self._pad
        self.field = TextField("", NAME_LIMIT)

    def _typed(self, done: Done) -> None:
        assert self.field is not None and self.couch is not None
        name = " ".join(self.field.text.split())
        self.field.close()
        self.field = None
        if done is Done.KEEP and name:
            self.add_couch_player(name, self._field_pad)

    def add_couch_player(self, name: str, pad: int) -> None:
        """Seat ``name`` on the couch, playing with ``pad``: they join the queue."""
        assert self.couch is not None and self.night is not None
        name = self._unique(name)
        self.couch.add(name, pad)
        self.night.evening.couch.append((name, pad))
        self.night.evening.save(self.night.save_dir)
        self.ctx.audio.play(Cue.CONFIRM)

    def _add_bot(self) -> None:
        level = self.levels[self.level_item.index]
        name = self._unique(f"{level.title()} bot")
        night = self.night
        assert night is not None
        night.evening.bots.append((name, level))
        night.evening.save(night.save_dir)
        self._start_bot(name, level)
        self.ctx.audio.play(Cue.CONFIRM)

    def _start_bot(self, name: str, level: str) -> None:
        table = self.ctx.table
        night = self.night
        assert table is not None and table.bot is not None and night is not None
        night.bot_seed += 1
        table.bot.submit(play_party_bot(self.address, level, name=name, seed=night.bot_seed))

    # -- input -----------------------------------------------------------------------

    def handle(self, intent: Intent) -> None:
        self._pad = getattr(intent, "pad", KEYBOARD)
        if self.field is not None:
            done = self.field.handle(intent, self._screen())
            if done is not None:
                self._typed(done)
            return
        if self.menu_open:
            if isinstance(intent, Cancel):
                self._unkick() if self.kicking else self._close_menu()
            else:
                self.menu.handle(intent, self._menu_area())
            return
        if isinstance(intent, Activate | Click):
            self.menu_open = True
            self.kicking = False
            self.menu.focus = 0
            self._items()
        elif isinstance(intent, Cancel) and self.couch is None:
            self._leave_on_second(lambda: self.ctx.go(SceneName.TITLE))  # out of the queue too
        elif isinstance(intent, Cancel):
            self.menu_open = True  # the host leaves by ending the night, from the menu
            self._items()
        elif isinstance(intent, Text):
            super().handle(intent)

    # -- the table -------------------------------------------------------------------

    def receive(self, message: object) -> None:
        super().receive(message)
        if isinstance(message, Party) and not self.field:
            self._items()
        self._follow()

    def _follow(self) -> None:
        """To the board when a player at this screen is seated; to the results at the end."""
        table = self.ctx.table
        if table is None:
            return
        snap = table.snapshot
        # The host's menu holds the board back, and the clock with it (see _tell_clock); a
        # guest's cannot stop the host's clock, and their game comes up over it.
        busy = self.couch is not None and (self.menu_open or self.field is not None)
        if table.seated and snap is not None and not snap.position.is_over and not busy:
            self.ctx.go(SceneName.PLAY)
        elif self.night is not None and self._night_over:
            night = self.night
            self.ctx.go(
                SceneName.PARTY_RESULTS,
                party=night.evening.name,
                save_dir=night.save_dir,
                format=night.evening.format,
            )

    def update(self, dt: float) -> None:
        super().update(dt)
        self._tell_clock()  # the menu opened or closed, or the turn passed to or from the couch
        self._follow()  # a couch player's seat may come after the big screen heard the game
        if self.field is not None and (done := self.field.update()) is not None:
            self._typed(done)
        if self._confirm_until > 0 and not self._confirming():
            self._confirm_until = -1.0
            self._items()
        session = self.ctx.table.session if self.ctx.table else None
        if self.couch is None and session is not None and session.ended and not self._told_end:
            self._told_end = True
            self.news.tell(prose.sentence(session.ended), self.ctx.time)

    # -- drawing -----------------------------------------------------------------------

    def hint(self) -> str:
        """The buttons this screen answers on the device in hand (a guest's menu: the queue,
        or watching; the host's: the night)."""
        choose = prose.sentence(prose.button(self.ctx.device))
        if self.couch is not None:
            return f"{choose}: the host's menu"
        leave = self._leave_hint()
        if self._night_over:
            return prose.sentence(leave)
        return f"{choose}: queue or watch  ·  {leave}"

    def _screen(self) -> pygame.Rect:
        return pygame.Rect((0, 0), self.ctx.size)

    def _menu_area(self) -> pygame.Rect:
        """The host's menu, over the middle of all beside the side column."""
        margin = theme.scale(self.ctx.size).margin
        room = self._beside().inflate(-2 * margin, -2 * margin)
        return room.inflate(-room.width // 6, -room.height // 5)

    def draw(self, surface: pygame.Surface, alpha: float) -> list[list[int]] | None:
        shown = super().draw(surface, alpha)
        if self._waiting() or not (self.menu_open or self.field is not None):
            return shown  # drawn again only where it changed, the menu part of the picture
        self._draw_over(surface)  # over a game's board and its effects
        return None  # the window shown whole

    def _draw_over(self, surface: pygame.Surface) -> None:
        """The host's menu and the couch keyboard, over the screen."""
        palette = self.ctx.palette
        if self.menu_open:
            # Dimmed behind the menu, but for the side column: phones still scan its code.
            theme.shade(surface, self._beside(), theme.BEHIND)
            area = self._menu_area()
            pad = theme.scale(self.ctx.size).margin
            theme.panel(
                surface, area.inflate(2 * pad, 2 * pad), palette.board, palette.accent, pad, 240
            )
            self.menu.draw(surface, area, palette, self.ctx.time)
        if self.field is not None:
            self.field.draw(
                surface,
                self._screen(),
                palette,
                self.ctx.time,
                "Who sits down on the couch?",
                self.ctx.device,
            )

    def _over_changing(self, time: float) -> Changing:
        height = self.ctx.size[1]
        ring = self.menu.changing(height, time) if self.menu_open else []
        field = self.field.changing(self._screen(), time) if self.field is not None else []
        return ring + field

    def _waiting(self) -> bool:
        # Between two games the last board stays up; before the first, and while the queue
        # is too short, the party's own screen: who is here, how to join.
        idle = self.party is not None and not self.party.playing and not self.moves
        return super()._waiting() or idle

    def _waiting_key(self) -> tuple[object, ...]:
        night = self.night.evening.name if self.night else None
        menu = self.menu.look() if self.menu_open else None
        field = self.field.look() if self.field is not None else None
        return (*super()._waiting_key(), night, tuple(self._how_to_join()), menu, field)

    def _draw_waiting(self, surface: pygame.Surface, left: pygame.Rect) -> None:
        """No game on: the party's name, what it waits for, and how to join it."""
        palette = self.ctx.palette
        scale = theme.scale(self.ctx.size)
        if self.couch is not None:
            name = self.night.evening.name if self.night else "Party"
        else:
            name = FORMAT_TITLES.get(self.party.format, "Party") if self.party else "Party"
        words, size = theme.fitted(name, scale.title, left.width, scale.heading, True)
        title = theme.glowing_text(words, size, palette.text, palette.glow_strength)
        y = left.y + scale.px(60)
        theme.blit_centered(surface, title, (left.centerx, y + title.get_height() / 2))
        y += title.get_height() + scale.px(24)
        status = self.party.status if self.party else "Opening the doors…"
        words, size = theme.fitted(
            prose.sentence(status, names_told(None, self.party)),
            scale.heading,
            left.width,
            scale.body,
            True,
        )
        line = theme.text(words, size, palette.accent, True)
        theme.blit_centered(surface, line, (left.centerx, y + line.get_height() / 2))
        y += line.get_height() + scale.px(60)
        prose.draw(
            surface,
            self._how_to_join(),
            pygame.Rect(left.x, y, left.width, left.bottom - y),
            scale.lead,
        )

    def _how_to_join(self) -> list[Para]:
        palette = self.ctx.palette
        if self.couch is None and self.party and self.ctx.settings.player_name in self.party.late:
            late = prose.sentence(LATE_FOR_KNOCKOUT) + "."
            return [Para(late, palette.text)]
        if self.couch is None:
            choose = prose.sentence(prose.button(self.ctx.device))  # as the hint under it
            return [
                Para("Your game comes up on this screen when the queue reaches you.", palette.text),
                Para(f"{choose}: join the queue, or just watch.", palette.dim, space_before=0.6),
            ]
        port = self.address[1]
        where = " or ".join(self.lan) if self.lan else f"127.0.0.1:{port} (this machine: no LAN)"
        # Phones: the QR code under the scoreboard says it all.
        return [
            Para("On this couch", palette.text, bold=True),
            Para(
                "Press Enter, or A on the pad you will play with: Add a couch player. "
                "Bots join from the same menu.",
                palette.dim,
            ),
            Para("From a window on the LAN", palette.text, bold=True, space_before=0.6),
            Para(f"Join a LAN game, then this party; or type {where}", palette.dim),
        ]
