"""Host a LAN table or join one: the way into a network game.

Hosting starts a host inside this process, optionally a bot in the other seat,
and then joins the host like any other player (:mod:`game.client.hosting`): one
code path for the host's window and a guest's. The host menu also offers to
continue a table this window left mid-game. Joining lists the tables the lobby browser sees, each
with a second row that opens it on the big screen (the TV scene, whose Escape
comes back here), or takes an address typed as ``host:port`` in a
:class:`~game.client.keyboard.TextField` (keys, or the on-screen keyboard). The
session (with the host and bot this scene started) goes to the app at once
(``Context.sit_at``); once the host has sent the game, the play scene shows
it.

Params: ``mode`` "host" or "join"; ``bind`` the interface to host and browse
on (``None``: every interface; tests use loopback). ``qttt join HOST:PORT``
passes ``address`` to join at once; ``qttt host`` passes the ``table`` and
``config`` its options made, to host at once with the other seat open; ``player`` the
name to sit down under this visit (``qttt join --name``; else the settings' one, asked
the first time).
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

import pygame

from game.client import prose, theme
from game.client.at_table import AtTable
from game.client.audio import Cue
from game.client.hosting import Starting, window_config
from game.client.intents import Cancel, Click, Erase, Intent, Text
from game.client.keyboard import ADDRESS_CHARS, Done, TextField
from game.client.menu_screen import MenuScreen
from game.client.name_prompt import NamePrompt
from game.client.paths import seats_file
from game.client.prose import Para
from game.client.scene import Context, SceneName
from game.client.scenes.setup import (
    board_size_item,
    fit_board_size,
    fit_seat,
    rules_title,
    seat_title,
    seats_for,
    variant_title,
)
from game.client.settings import NXN_SIZES
from game.client.widgets import Item, Menu
from game.paths import games_dir
from game.rules import VARIANTS, Player, make_variant
from game.session import Snapshot
from net.bot import bot_level
from net.client import parse_address, show_address
from net.discovery import FoundTable, LobbyBrowser
from net.host import HostConfig, new_table
from net.protocol import NO_SEAT_OPEN
from net.seats import SeatStore
from net.session import NetworkSession
from net.table import Interrupted, Table, interrupted_tables

LOBBY_REFRESH = 0.5  # seconds between looks at the lobby's list
ADDRESS_LIMIT = 60
NAME_SHOWN = 40  # characters of a table's name on its row


class LanScene(MenuScreen):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.menu = Menu([], on_move=lambda: ctx.audio.play(Cue.SELECT), width=13)
        self.status = ""
        self.lobby: LobbyBrowser | None = None
        self._lobby_start: Future[LobbyBrowser] | None = None
        self._hosting: Starting | None = None  # a table this window hosts, starting
        self._looking: Future[list[Interrupted]] | None = None  # for tables to continue
        self._interrupted: list[Interrupted] = []
        self._tables: list[FoundTable] = []
        self._rows: list[object] = []  # what each row of the join menu stands for
        self._next_look = 0.0
        self.typed = ""
        self.address_field: TextField | None = None  # the address being typed, while it is
        # The row that joins the last table again: its words, the address and whether to sit.
        self._again: tuple[str, tuple[str, int], bool] | None = None
        self._sit = True  # whether this window asked the table for a seat

    def enter(
        self,
        mode: str = "join",
        bind: str | None = None,
        address: tuple[str, int] | None = None,
        sit: bool = True,
        table: Table | Callable[[str], Table] | None = None,
        config: HostConfig | None = None,
        player: str | None = None,
        **params: Any,
    ) -> None:
        self.mode = mode
        self.bind = bind
        self._name = player
        # A table shows the player's name to the others: the first time, ask for it (a name
        # given on the command line does for this visit).
        self.prompt = NamePrompt(self.ctx, lambda: None) if not self.name else None
        if mode == "host":
            self._host_menu()
            if table is not None:
                # A table yet to be named is named after the player, once they have a name.
                self._asked(
                    lambda: self._host(
                        table if isinstance(table, Table) else table(self.name),
                        config or HostConfig(),
                        None,
                        None,
                    )
                )
            else:
                self._looking = self.ctx.run_in_worker(lambda: interrupted_tables(games_dir()))
        elif address is not None:
            # Joining by address is for networks where multicast is blocked: no lobby then.
            self._join_menu()
            self._asked(lambda: self._join(address, sit))
        else:
            self._lobby_start = self.ctx.run_in_worker(lambda: LobbyBrowser(bind))
            self.status = "Looking for tables on the LAN…"
            self._again = self._last_typed()
            self._join_menu()
        self._listen()

    def ticking(self) -> bool:
        # A lobby is looked at every LOBBY_REFRESH of the game's time: keep it running too.
        return super().ticking() or self.lobby is not None

    def typing(self) -> TextField | None:
        return self.prompt.field if self.prompt is not None else self.address_field

    @property
    def name(self) -> str:
        """The name this window sits down under."""
        return self._name or self.ctx.settings.player_name

    def _asked(self, then: Callable[[], None]) -> None:
        """Do ``then`` now, or once the player has given their name."""
        if self.prompt is None:
            then()
        else:
            self.prompt.then = then

    def _listen(self) -> None:
        """On the join screen with no field open, keys typed arrive as text all the same:
        typing there types the address (a field stops text as it closes, on any screen)."""
        if self.mode == "join" and self.typing() is None:
            pygame.key.start_text_input()

    def exit(self) -> None:
        if self.prompt is not None:
            self.prompt.close()
        if self.address_field is not None:
            self.address_field.close()
        pygame.key.stop_text_input()
        if self._lobby_start is not None:
            self._lobby_start.add_done_callback(_close_lobby)
        if self.lobby is not None:
            self.lobby.close()
        if self._hosting is not None:
            self._hosting.abandon()

    # -- hosting -------------------------------------------------------------------

    def _host_menu(self) -> None:
        s = self.ctx.settings
        self.variants = list(VARIANTS)
        self.variant_item = Item(
            "Variant",
            choices=[variant_title(v) for v in self.variants],
            index=self.variants.index(s.variant) if s.variant in self.variants else 0,
            on_change=self._variant_changed,
        )
        self.size_item = board_size_item(s.nxn_size)
        self.side_item = Item("You play", choices=["X (first)", "O"])
        self.other_choices: list[str | None] = [None]  # fitted to the variant shown
        self.other_item = Item("The other seat")
        self._host_items()
        self.menu.focus = 4
        self._variant_changed(0)

    def _host_items(self) -> None:
        self.menu.items = [
            self.variant_item,
            self.size_item,
            self.side_item,
            self.other_item,
            Item("Start hosting", self._start_hosting),
            # A table this window hosted, left mid-game (the window closed): continue it.
            *(Item(_continue_label(t), lambda t=t: self._continue(t)) for t in self._interrupted),
            Item("Back", lambda: self.ctx.go(SceneName.TITLE)),
        ]

    def _continue(self, found: Interrupted) -> None:
        """Host ``found`` again: this window takes back its seat, the other is held."""
        if self._hosting is not None or self.session is not None:
            return
        try:
            table = Table.resume(found.path, None)
        except ValueError as exc:  # a RecordError, or a name no table may have (edited by hand)
            self.status = f"Cannot continue {found.name}: {exc}"
            self.ctx.audio.play(Cue.REFUSE)
            return
        other = table.seats[found.owner.other]
        level = bot_level(other.name if other else None)
        self._host(table, window_config(self.bind), found.owner, level)

    def _variant_changed(self, _: int) -> None:
        name = self.variants[self.variant_item.index]
        fit_board_size(self.size_item, name)
        was, self.other_choices = self.other_choices, seats_for(name)
        kept = was[self.other_item.index]
        fit_seat(self.other_item, self.other_choices, kept, _other_seat_title)

    @property
    def session(self) -> NetworkSession | None:
        """The session this screen opened (the app holds it), until the game shows."""
        table = self.ctx.table
        return table.session if table else None

    def _start_hosting(self) -> None:
        if self._hosting is not None or self.session is not None:
            return
        name = self.variants[self.variant_item.index]
        size = list(NXN_SIZES)[self.size_item.index]
        variant = make_variant(name, {"size": size} if name == "nxn" else {})
        me = Player.X if self.side_item.index == 0 else Player.O
        level = self.other_choices[self.other_item.index]
        player = self.name
        config = window_config(self.bind)
        self.ctx.apply_settings(dataclasses.replace(self.ctx.settings, variant=name, nxn_size=size))
        self._host(new_table(variant, f"{player}'s table", config.save_dir), config, me, level)

    def _host(self, table: Table, config: HostConfig, me: Player | None, level: str | None) -> None:
        """Start ``table`` (see :class:`~game.client.hosting.Starting`); the window sits down
        at it once it is up (update)."""
        self.status = "Starting the table…"
        self._hosting = Starting(self.ctx, table, config, me, level)
        self.ctx.audio.play(Cue.CONFIRM)

    # -- joining -------------------------------------------------------------------

    def _join_menu(self) -> None:
        # Watching on the big screen is a row of its own under each table rather than a key on
        # the table's row: a row is reached the same way by mouse, keys and pad, and letters
        # typed here already go to the address.
        items: list[Item] = []
        rows: list[object] = []  # what each row is, so the focus stays on it as tables come and go
        names = Counter(t.name for t in self._tables)
        kept = SeatStore(seats_file())
        for t in self._tables:
            # Cut here, so that what the table offers still shows; two tables of one name are
            # told apart by where they are.
            name = t.name if len(t.name) <= NAME_SHOWN else t.name[: NAME_SHOWN - 1] + "…"
            if names[t.name] > 1:
                name += f" ({show_address(t.address)})"
            # A seat held for this window (closed or killed mid-game) makes the table look full
            # to everyone else: it sits back down there, where it would otherwise watch.
            mine = bool(t.key) and kept.kept_at(t.key, t.host, self.name)
            items.append(
                Item(
                    self._table_label(t, name, mine),
                    lambda t=t, sit=mine or t.open_seats != (): self._join(
                        t.address, sit, t.key or None
                    ),
                )
            )
            items.append(Item(f"Big screen: {name}", lambda t=t: self._watch(t)))
            rows += [("join", t.service), ("watch", t.service)]
        if self._again is not None:
            label, address, sit = self._again
            items.insert(0, Item(label, lambda: self._join(address, sit)))
            rows.insert(0, "again")
        self.address_item = Item(self._address_label(), self._type_address)
        items += [self.address_item, Item("Back", lambda: self.ctx.go(SceneName.TITLE))]
        rows += ["address", "back"]
        focused = self._rows[self.menu.focus] if 0 <= self.menu.focus < len(self._rows) else None
        if focused == "address" and self._rows[0] == "address":
            focused = None  # where an empty lobby starts: the first table to come takes it
        focus = rows.index(focused) if focused in rows else min(self.menu.focus, len(items) - 1)
        self.menu.items, self._rows = items, rows
        self.menu.focus = max(0, focus)

    @staticmethod
    def _table_label(table: FoundTable, name: str, mine: bool) -> str:
        if mine:
            seats = "back to your seat"
        elif len(table.open_seats) > 1:
            seats = "nobody yet: join to play"
        elif table.open_seats:
            seats = f"a player waits: join as {table.open_seats[0]}"
        else:
            seats = "full: watch"
        # An older host does not say an n×n board's size: its rules are named without it.
        rules = variant_title(table.variant) if table.size is None else rules_title(table.rules())
        return f"{name} · {rules} · {seats}"

    def _last_typed(self) -> tuple[str, tuple[str, int], bool] | None:
        """The row that joins the table last joined by its typed address again, one press
        for a window started again (a pad types an address a key at a time), and where."""
        typed = self.ctx.settings.last_address
        # The settings keep only addresses that read.
        return self._again_row(parse_address(typed)) if typed else None

    def _again_row(
        self, address: tuple[str, int], sit: bool = True
    ) -> tuple[str, tuple[str, int], bool]:
        """The row that joins ``address`` again: as a player, or (``sit`` false) to watch, as
        the window did there."""
        where = show_address(address)
        if not sit:
            return f"Watch {where} again", address, False
        if SeatStore(seats_file()).kept(address, self.name):
            return f"Back to your seat at {where}", address, True
        return f"Join {where} again", address, True

    def _address_label(self) -> str:
        return f"Address: {self.typed}" if self.typed else "Type an address (host:port)"

    def _type_address(self) -> None:
        self.address_field = TextField(self.typed, ADDRESS_LIMIT, ADDRESS_CHARS)
        self.menu.focus = self.menu.items.index(self.address_item)

    def _typed_address(self, done: Done) -> None:
        assert self.address_field is not None
        if done is Done.KEEP:
            self.typed = self.address_field.text
        self.address_field.close()
        self.address_field = None
        self._listen()
        self.address_item.label = self._address_label()
        if done is Done.KEEP and self.typed:
            self._join_typed()

    def _join_typed(self) -> None:
        try:
            address = parse_address(self.typed.strip())
        except ValueError as exc:
            self.status = str(exc)
            self.ctx.audio.play(Cue.REFUSE)
            return
        settings = dataclasses.replace(self.ctx.settings, last_address=show_address(address))
        self.ctx.apply_settings(settings)
        self._join(address, True)

    def _watch(self, table: FoundTable) -> None:
        """Show ``table`` on the big screen; leaving it comes back to this lobby."""
        if self.session is not None:  # already on the way to a table
            return
        self.ctx.audio.play(Cue.CONFIRM)
        self.ctx.go(
            SceneName.TV,
            address=table.address,
            viewer=self.name,
            back=SceneName.LAN,
            back_params={"mode": "join", "bind": self.bind},
        )

    def _join(self, address: tuple[str, int], sit: bool, table_key: str | None = None) -> None:
        if self.session is not None:
            return
        self.ctx.audio.play(Cue.CONFIRM)
        self.status = f"Connecting to {show_address(address)}…"
        self._sit = sit
        session = NetworkSession(
            address,
            name=self.name,
            role="player" if sit else "spectator",
            # A seat taken before (by a window since closed, too) comes back.
            seats=SeatStore(seats_file()),
            table_key=table_key,
        )
        self.ctx.sit_at(AtTable(session))

    # -- the frame -------------------------------------------------------------------

    def handle(self, intent: Intent) -> None:
        if self.prompt is not None:
            self.prompt.handle(intent)
            if self.prompt.done:
                self.prompt = None
                self._listen()
            return
        if self.mode == "join" and self.address_field is None and _typed(intent):
            self._type_address()  # typing anywhere on this screen types the address
        if self.address_field is not None:
            done = self.address_field.handle(intent, self._screen())
            if done is not None:
                self._typed_address(done)
                if isinstance(intent, Click):
                    self.menu.handle(intent, self._menu_area())
            return
        if isinstance(intent, Cancel):
            self.ctx.go(SceneName.TITLE)
            return
        self.menu.handle(intent, self._menu_area())

    def update(self, dt: float) -> None:
        if self.prompt is not None:
            self.prompt.update()
            if self.prompt.done:
                self.prompt = None
                self._listen()
        if self.address_field is not None and (done := self.address_field.update()) is not None:
            self._typed_address(done)
        if self._lobby_start is not None and self._lobby_start.done():
            future, self._lobby_start = self._lobby_start, None
            try:
                self.lobby = future.result()
                self.status = "Tables on the LAN appear here as they open."
            except Exception as exc:  # no network, no multicast: typing an address still works
                self.status = f"Cannot look for tables here ({exc}); type an address instead."
        if self.lobby is not None and self.ctx.time >= self._next_look:
            self._next_look = self.ctx.time + LOBBY_REFRESH
            tables = self.lobby.tables()
            if tables != self._tables:
                self._tables = tables
                self._join_menu()
        if self._looking is not None and self._looking.done():
            future, self._looking = self._looking, None
            self._interrupted = future.result()
            if self._interrupted:
                self._host_items()
        if self._hosting is not None and self._hosting.done:
            starting, self._hosting = self._hosting, None
            try:
                table = starting.sit(self.name)
            except OSError as exc:
                self.status = f"Cannot host here: {exc.strerror or exc}"
                return
            self.status = "Joining my own table…"
            self.ctx.sit_at(table)
        session = self.session
        if session is not None and session.ended is not None:
            self.ctx.leave_table()
            if self.mode == "join" and session.ended == NO_SEAT_OPEN:
                # A full table joined by its address: watch it (a seat freed later can be
                # taken from the board) rather than end at this screen.
                self._join(session.address, False)
                self.status = "Both seats are taken: joining to watch…"
            else:
                self.status = f"The connection ended: {session.ended}"
                if self.mode == "join":
                    # A host not up yet (a table being continued) or gone a moment: trying
                    # again is one press, not the address typed again with a pad.
                    self._again = self._again_row(session.address, self._sit)
                    self._join_menu()
                    self.menu.focus = 0

    def receive(self, message: object) -> None:
        # The game as the host has it: the board takes over (the app keeps the table); a
        # player who asked for a seat and has none waits in a party's queue, on its screen.
        if isinstance(message, Snapshot):
            table = self.ctx.table
            queued = self._sit and table is not None and not table.seated
            self.ctx.go(SceneName.PARTY if queued else SceneName.PLAY)

    def _screen(self) -> pygame.Rect:
        return pygame.Rect((0, 0), self.ctx.size)

    def _menu_area(self) -> pygame.Rect:
        # All between the title and the status line: a lobby lists two rows a table.
        w, h = self.ctx.size
        return pygame.Rect(0, round(h * 0.15), w, round(h * 0.71))

    def look(self, time: float) -> tuple[object, ...]:
        # The name prompt over the screen shows its field and the question (the same each time).
        return self.mode, self.status, self.prompt is not None

    def paint(self, surface: pygame.Surface) -> None:
        palette = self.ctx.palette
        theme.backdrop(surface, palette, self.ctx.time)
        w, h = surface.get_size()
        words = "Host a LAN game" if self.mode == "host" else "Join a LAN game"
        scale = theme.scale((w, h))
        title = theme.glowing_text(words, scale.heading, palette.text, palette.glow_strength)
        theme.blit_centered(surface, title, (w / 2, h * 0.1))
        self.menu.draw(surface, self._menu_area(), palette, self.ctx.time)
        if self.status:
            box = pygame.Rect(w // 8, round(h * 0.86), w * 3 // 4, round(h * 0.07))
            prose.draw(surface, [Para(self.status, palette.dim)], box, scale.body, center=True)
        # The host's rows change with left and right; the join screen's are tables to choose.
        hint = prose.controls(self.ctx.device, "goes back", change=self.mode == "host")
        prose.draw_controls(surface, hint, palette.dim, prose.controls_box((w, h)))
        if self.prompt is not None:
            self.prompt.draw(surface)
        if self.address_field is not None:
            words = "The table's address, as host:port"
            self.address_field.draw(
                surface, self._screen(), palette, self.ctx.time, words, self.ctx.device
            )


def _typed(intent: Intent) -> bool:
    """Whether ``intent`` types: not the space a Space key makes as it activates a row."""
    return isinstance(intent, Erase) or (isinstance(intent, Text) and not intent.text.isspace())


def _close_lobby(future: Future[LobbyBrowser]) -> None:
    """A lobby browser that finished starting after the player left: close it at once."""
    if not future.cancelled() and future.exception() is None:
        future.result().close()


def _other_seat_title(seat: str | None) -> str:
    return "A player on the LAN" if seat is None else seat_title(seat)


def _continue_label(table: Interrupted) -> str:
    """The host menu's row for a table this window left mid-game: by its rules too, since
    every table a window hosts has the player's name ("Ada's table")."""
    game = f"game {table.game}, " if table.game > 1 else ""
    against = f" vs {table.other}" if table.other else ""
    rules = rules_title(table.variant)
    return f"Continue {table.name}{against} ({rules}, {game}move {table.moves + 1})"
