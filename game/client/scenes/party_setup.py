"""Hosting a party night: its format, rules, move clock and name, or carrying on an evening.

The party host (``net.party_host.PartyHost``) starts inside this process on a
thread of its own, as a LAN table does, listening on every interface (so
loopback works where there is no LAN) and announced on the LAN where
multicast allows. This screen then sits the app at the party through a
:class:`~game.client.couch.CouchSession` and hands over to the party screen.

An evening whose host stopped before its end (a crash, a closed window) is
offered again: the host starts with the same name, finds the games' records
and the party's file in the save dir, and the couch players and bots this
screen had are seated again.

Params: ``bind`` the interface to host on (``None``: every one; tests use
loopback), ``between`` the seconds a finished board stays up before the next
game (the host's own pace unless given; tests keep it short).
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import json
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from game.ai import LEVELS
from game.client import prose, theme
from game.client.at_table import FORMAT_TITLES, AtTable
from game.client.audio import Cue
from game.client.couch import CouchSession
from game.client.intents import Cancel, Intent
from game.client.keyboard import Done, TextField
from game.client.menu_screen import MenuScreen
from game.client.prose import Para
from game.client.scene import Context, SceneName
from game.client.scenes.setup import (
    VARIANT_BLURBS,
    board_size_item,
    fit_board_size,
    variant_title,
)
from game.client.settings import NXN_SIZES
from game.client.widgets import Item, Menu
from game.paths import games_dir
from game.rules import VARIANTS, Variant, make_variant
from net.host import HostConfig, HostHandle, new_table, start_host_thread
from net.loopthread import LoopThread
from net.party import FORMATS, Party, check_fields
from net.party_host import PartyConfig, PartyHost, party_file, party_records
from net.phones import DEFAULT_WEB_PORT

CLOCKS = (30.0, 60.0, 90.0, 0.0)  # seconds a move; 0: no clock
NAME_LIMIT = 24


@dataclass
class Evening:
    """What this screen needs to start a party (or start one again): kept beside the party's
    own file, as ``party-NAME.screen.json``."""

    name: str
    format: str
    variant: dict[str, Any]  # make_variant's fields
    clock: float
    couch: list[tuple[str, int]] = dataclasses.field(default_factory=list)  # (name, pad)
    bots: list[tuple[str, str]] = dataclasses.field(default_factory=list)  # (name, level)

    def __post_init__(self) -> None:
        # Only what the menus offer: carrying an evening on starts a party from these.
        self.rules()  # a RulesError: a variant, or a board size, that none offers
        if self.format not in FORMATS:
            raise ValueError(f"no party format {self.format!r}")
        if not 0 <= self.clock <= max(CLOCKS):  # a huge one overflows the host's milliseconds
            raise ValueError(f"no move clock of {self.clock:g} s")
        if any(level not in LEVELS for _, level in self.bots):
            raise ValueError("a bot of no level")
        # The pairs as pairs (JSON gives them back as lists).
        self.couch = [(name, pad) for name, pad in self.couch]
        self.bots = [(name, level) for name, level in self.bots]

    def path(self, save_dir: Path) -> Path:
        return party_file(save_dir, self.name).with_suffix(".screen.json")

    def rules(self) -> Variant:
        """The evening's variant; :class:`RulesError` if its fields name none."""
        return make_variant(str(self.variant.get("variant")), self.variant)

    def save(self, save_dir: Path) -> None:
        path = self.path(save_dir)
        path.parent.mkdir(parents=True, exist_ok=True)
        temp = path.with_suffix(".tmp")
        temp.write_text(json.dumps(dataclasses.asdict(self), indent=1), encoding="utf-8")
        temp.replace(path)

    @staticmethod
    def new_name(save_dir: Path, name: str) -> str:
        """``name``, or ``name 2``, ``name 3``… where a party of that name is over in
        ``save_dir``: a night that ended is not hosted again (its standings would greet the
        new guests), and last week's name is the one a host reaches for."""
        number = 1
        while _over(save_dir, candidate := name if number == 1 else f"{name} {number}"):
            number += 1
        return candidate

    @classmethod
    def unfinished(cls, save_dir: Path) -> list[tuple[Evening, int]]:
        """The evenings in ``save_dir`` whose party is not over, with the games played."""
        found = []
        for path in sorted(save_dir.glob("party-*.screen.json")):
            try:
                data: Any = json.loads(path.read_text(encoding="utf-8"))
                check_fields(cls, data)
                evening = cls(**data)
                party = Party.load(party_file(save_dir, evening.name), [])
            except (OSError, RecursionError, TypeError, ValueError):
                # Not ours, half written or damaged (a RulesError is a ValueError; a
                # RecursionError, arrays nested deeper than the parser goes): nothing to offer.
                continue
            if not party.finished:
                games = len(party_records(save_dir, evening.name))
                found.append((evening, games))
        return found


def _over(save_dir: Path, name: str) -> bool:
    """Whether the party called ``name`` in ``save_dir`` has ended."""
    try:
        return Party.load(party_file(save_dir, name), []).finished
    except (OSError, RecursionError, TypeError, ValueError):
        return False  # none, or not one to read: the host says so if it matters


class PartySetupScene(MenuScreen):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.menu = Menu([], on_move=lambda: ctx.audio.play(Cue.SELECT), width=13)
        self.error = ""
        self.field: TextField | None = None
        self._starting: Future[HostHandle] | None = None
        self._evening: Evening | None = None

    def enter(self, bind: str | None = None, between: float | None = None, **params: Any) -> None:
        self.bind = bind
        self.between = between
        self.save_dir = games_dir()
        s = self.ctx.settings
        self.variants = list(VARIANTS)
        name = f"{s.player_name}'s party"[:NAME_LIMIT] if s.player_name else "Tonight's party"
        self.name = Evening.new_name(self.save_dir, name)
        self.format_item = Item("Format", choices=[FORMAT_TITLES[f] for f in FORMATS])
        self.variant_item = Item(
            "Variant",
            choices=[variant_title(v) for v in self.variants],
            index=self.variants.index(s.variant) if s.variant in self.variants else 0,
            on_change=self._changed,
        )
        self.size_item = board_size_item(s.nxn_size)
        self.clock_item = Item(
            "Move clock",
            choices=[f"{c:g} s a move" if c else "None" for c in CLOCKS],
            index=CLOCKS.index(60.0),
        )
        self.name_item = Item(self._name_label(), self._type_name)
        items = [
            self.format_item,
            self.variant_item,
            self.size_item,
            self.clock_item,
            self.name_item,
            Item("Start the party", self._start),
        ]
        for evening, games in Evening.unfinished(self.save_dir):
            played = f"{games} game{'s' * (games != 1)}"
            items.append(
                Item(f"Carry on: {evening.name} ({played})", functools.partial(self._host, evening))
            )
        items.append(Item("Back", lambda: self.ctx.go(SceneName.TITLE)))
        self.menu.items = items
        self.menu.focus = 5
        self._changed(0)

    def exit(self) -> None:
        if self.field is not None:
            self.field.close()
        if self._starting is not None:
            self._starting.add_done_callback(_stop)

    def _changed(self, _: int) -> None:
        fit_board_size(self.size_item, self.variants[self.variant_item.index])

    def _name_label(self) -> str:
        return f"Name: {self.name}"

    def typing(self) -> TextField | None:
        return self.field

    def _type_name(self) -> None:
        # Selected, as a renamed file's name is: what is typed replaces it.
        self.field = TextField(self.name, NAME_LIMIT, guess=True)

    def _start(self) -> None:
        name = self.variants[self.variant_item.index]
        size = list(NXN_SIZES)[self.size_item.index]
        fields: dict[str, Any] = {"variant": name, **({"size": size} if name == "nxn" else {})}
        self.ctx.apply_settings(dataclasses.replace(self.ctx.settings, variant=name, nxn_size=size))
        fmt = FORMATS[self.format_item.index]
        self._host(
            Evening(self.name.strip() or "Party", fmt, fields, CLOCKS[self.clock_item.index])
        )

    def _host(self, evening: Evening) -> None:
        """Start the party's host off the frame; the party screen follows (update)."""
        if self._starting is not None:
            return
        variant = evening.rules()
        table = new_table(variant, evening.name, self.save_dir)
        make = functools.partial(PartyHost, party=PartyConfig(evening.format, clock=evening.clock))
        config = HostConfig(save_dir=self.save_dir, web_port=DEFAULT_WEB_PORT)
        if self.bind is not None:
            config = dataclasses.replace(config, bind=self.bind, advertise=False)

        def start() -> HostHandle:
            try:
                return start_host_thread(table, config, make)
            except ValueError:
                raise  # a party of that name in another format: the player renames it
            except Exception:
                # No multicast (or no network at all): the party goes on unannounced, and
                # couch players and guests who type the address still come.
                return start_host_thread(table, dataclasses.replace(config, advertise=False), make)

        self._evening = evening
        self.error = "Starting the party…"
        self._starting = self.ctx.run_in_worker(start)
        self.ctx.audio.play(Cue.CONFIRM)

    # -- the frame ------------------------------------------------------------------

    def handle(self, intent: Intent) -> None:
        if self.field is not None:
            done = self.field.handle(intent, self._screen())
            if done is not None:
                self._typed(done)
            return
        if isinstance(intent, Cancel):
            self.ctx.go(SceneName.TITLE)
            return
        self.menu.handle(intent, self._area())

    def _typed(self, done: Done) -> None:
        assert self.field is not None
        if done is Done.KEEP and self.field.text.strip():
            self.name = " ".join(self.field.text.split())
        self.field.close()
        self.field = None
        self.name_item.label = self._name_label()

    def update(self, dt: float) -> None:
        if self.field is not None and (done := self.field.update()) is not None:
            self._typed(done)
        if self._starting is None or not self._starting.done():
            return
        future, self._starting = self._starting, None
        try:
            handle = future.result()
        except (OSError, ValueError) as exc:
            self.error = f"Cannot host this party: {getattr(exc, 'strerror', None) or exc}"
            self.ctx.audio.play(Cue.REFUSE)
            return
        evening = self._evening
        assert evening is not None
        # Only a restart carrying the evening on needs this file: a disk that refuses it
        # leaves the party running, and the host says that its saves fail.
        with contextlib.suppress(OSError):
            evening.save(self.save_dir)
        session = CouchSession(handle.address)
        self.ctx.sit_at(AtTable(session, host=handle, bot=LoopThread("qttt-party-bots")))
        self.ctx.go(SceneName.PARTY, evening=evening, save_dir=self.save_dir)

    def _screen(self) -> pygame.Rect:
        return pygame.Rect((0, 0), self.ctx.size)

    def _area(self) -> pygame.Rect:
        w, h = self.ctx.size
        return pygame.Rect(0, round(h * 0.18), w, round(h * 0.66))

    def look(self, time: float) -> tuple[object, ...]:
        return (self.error,)  # the blurbs follow the format and the variant, values of the menu

    def paint(self, surface: pygame.Surface) -> None:
        palette = self.ctx.palette
        theme.backdrop(surface, palette, self.ctx.time)
        w, h = surface.get_size()
        scale = theme.scale((w, h))
        title = theme.glowing_text(
            "Host a party", scale.heading, palette.text, palette.glow_strength
        )
        theme.blit_centered(surface, title, (w / 2, h * 0.1))
        self.menu.draw(surface, self._area(), palette, self.ctx.time)
        box = pygame.Rect(w // 8, round(h * 0.84), w * 3 // 4, round(h * 0.09))
        if self.error:
            # While it starts, news, not a warning: said in the plain colour.
            color = palette.text if self._starting is not None else palette.warning
            words = Para(self.error, color, bold=True)
        else:
            fmt = FORMATS[self.format_item.index]
            blurb = VARIANT_BLURBS.get(self.variants[self.variant_item.index], "")
            words = Para(f"{FORMAT_BLURBS[fmt]} {blurb}", palette.dim)
        prose.draw(surface, [words], box, scale.body, center=True)
        hint = prose.controls(self.ctx.device, "goes back", change=True)
        prose.draw_controls(surface, hint, palette.dim, prose.controls_box((w, h)))
        if self.field is not None:
            self.field.draw(
                surface, self._screen(), palette, self.ctx.time, "The party's name", self.ctx.device
            )


FORMAT_BLURBS = {
    "winner-stays": "The winner keeps the seat; the next in the queue challenges.",
    "round-robin": "Everyone plays everyone once; the most points wins the night.",
    "knockout": "Lose and you are out; the last one standing wins.",
}


def _stop(future: Future[HostHandle]) -> None:
    """A host that finished starting after the player left: stop it at once."""
    if not future.cancelled() and future.exception() is None:
        future.result().stop()
