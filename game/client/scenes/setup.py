"""Choosing a game: the variant (and an n×n board's size) and who sits on each side."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pygame

from game.ai import LEVELS, levels_for
from game.client import prose, theme
from game.client.audio import Cue
from game.client.intents import Cancel, Intent
from game.client.menu_screen import MenuScreen
from game.client.prose import Para
from game.client.scene import Context, SceneName
from game.client.settings import NXN_SIZES
from game.client.widgets import Item, Menu
from game.rules import VARIANTS, Player, Scores, Variant, make_variant
from game.textview import points

# How menus name the variants; a variant not listed shows its record name.
VARIANT_TITLES = {
    "goff": "Goff's",
    "shared": "Shared win",
    "nxn": "n×n bonus",
    "squared": "Squared",
    "ultimate": "Ultimate",
}

VARIANT_BLURBS = {
    "goff": "Goff's original: rows dated by subscripts, points 1, ½, 1½ or 2.",
    "shared": "A classical row wins; two rows at once share the win.",
    "nxn": "A bigger board: lines of three and 2×2 blocks score, a line of four ends it.",
    "squared": "Nine mini-boards: win three of them in a row.",
    "ultimate": "Squared, and your pair's squares send the next move to their mini-boards.",
}

PERSON = "Person"


def variant_title(name: str) -> str:
    return VARIANT_TITLES.get(name, name.title())


def rules_title(variant: Variant) -> str:
    """The rules a game is played by, as a screen names them: an n×n board by its size."""
    side = getattr(variant, "side", 3)
    return f"{side}×{side} bonus" if variant.name == "nxn" else variant_title(variant.name)


def board_size_item(nxn_size: int, on_change: Callable[[int], None] | None = None) -> Item:
    """The n×n board's size, as a row of a game's options (see :func:`fit_board_size`)."""
    sizes = list(NXN_SIZES)
    return Item(
        "Board size",
        choices=[f"{n}×{n}" for n in sizes],
        index=sizes.index(nxn_size),
        on_change=on_change,
    )


def fit_board_size(item: Item, variant: str) -> None:
    """The size row under ``variant``: a choice for n×n, else off and showing the variant's
    own board, not the n×n size kept for later ("4×4" greyed under Goff's read as if Goff's
    were played on it)."""
    item.enabled = variant == "nxn"
    board = make_variant(variant)
    n, side = len(board.grid()), board.mini_board_side
    item.fixed = f"{n // side}×{n // side} of {side}×{side}" if side else f"{n}×{n}"


def called(side: Player, names: dict[Player, str] | None) -> str:
    """What to call ``side``'s player: their name, or X or O for a person with none."""
    name = (names or {}).get(side, PERSON)
    return side.value if name == PERSON else name


def score_line(names: dict[Player, str], scores: Scores) -> str:
    """The score, each side's player between its mark and its points, the two scores side
    by side as a series reads: "X Ada 1 – 0 Bot (medium) O" (a name after a score was
    read as the next one's). A side ``names`` leaves out is a person's."""
    x, o = (names.get(side, PERSON) for side in Player)
    return f"{Player.X} {x} {points(scores.x)} – {points(scores.o)} {o} {Player.O}"


def seat_title(seat: str | None) -> str:
    """How a seat reads: a person, or a bot of some level."""
    return PERSON if seat is None else f"Bot ({seat})"


def seats_for(variant: str) -> list[str | None]:
    """A seat's choices under ``variant``: not a bot (None), then the bot levels that play it
    (a menu offering the others could only refuse them, or start a bot that leaves at once)."""
    return [None, *levels_for(make_variant(variant))]


def fit_seat(
    item: Item,
    seats: list[str | None],
    kept: str | None,
    title: Callable[[str | None], str] = seat_title,
) -> None:
    """``item`` offering ``seats`` (:func:`seats_for`) as ``title`` reads them, still on
    ``kept`` where it is offered, else on the strongest bot: perfect and expert each play
    where the other does not."""
    item.choices = [title(seat) for seat in seats]
    item.index = seats.index(kept if kept in seats else seats[-1])


class SetupScene(MenuScreen):
    """Params: ``mode`` "couch" (two people) or "bot" (O is a bot to start with)."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.variants = list(VARIANTS)
        self.seat_choices: list[str | None] = [None, *LEVELS]  # fitted to the variant shown
        self.menu = Menu([], on_move=lambda: ctx.audio.play(Cue.SELECT), width=12)

    def enter(self, mode: str = "couch", **params: Any) -> None:
        s = self.ctx.settings
        variant = self.variants.index(s.variant) if s.variant in self.variants else 0
        self.seat_choices = [None, *LEVELS]
        bot = self.seat_choices.index(s.bot_level) if s.bot_level in LEVELS else 1
        seats = ["Person", *(seat_title(level) for level in LEVELS)]
        self.variant_item = Item(
            "Variant",
            choices=[variant_title(v) for v in self.variants],
            index=variant,
            on_change=self._changed,
        )
        self.size_item = board_size_item(s.nxn_size, self._changed)
        self.x_item = Item("X plays first", choices=seats, index=0, on_change=self._changed)
        self.o_item = Item(
            "O", choices=seats, index=bot if mode == "bot" else 0, on_change=self._changed
        )
        self.start_item = Item("Start", self._start)
        self.menu.items = [
            self.variant_item,
            self.size_item,
            self.x_item,
            self.o_item,
            self.start_item,
            Item("Back", lambda: self.ctx.go(SceneName.TITLE)),
        ]
        self.menu.focus = 4
        self._changed(0)

    def _changed(self, _: int) -> None:
        name = self.variants[self.variant_item.index]
        fit_board_size(self.size_item, name)
        was, self.seat_choices = self.seat_choices, seats_for(name)
        for item in (self.x_item, self.o_item):
            fit_seat(item, self.seat_choices, was[item.index])

    def _start(self) -> None:
        name = self.variants[self.variant_item.index]
        size = list(NXN_SIZES)[self.size_item.index]
        variant = make_variant(name, {"size": size} if name == "nxn" else {})
        seats = {
            Player.X: self.seat_choices[self.x_item.index],
            Player.O: self.seat_choices[self.o_item.index],
        }
        level = next(
            (s for s in (seats[Player.O], seats[Player.X]) if s), self.ctx.settings.bot_level
        )
        # The next visit starts where this one left off.
        self.ctx.apply_settings(
            dataclasses.replace(self.ctx.settings, variant=name, nxn_size=size, bot_level=level)
        )
        self.ctx.audio.play(Cue.CONFIRM)
        self.ctx.go(SceneName.PLAY, variant=variant, seats=seats)

    def _area(self) -> pygame.Rect:
        w, h = self.ctx.size
        return pygame.Rect(0, round(h * 0.18), w, round(h * 0.66))

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Cancel):
            self.ctx.go(SceneName.TITLE)
            return
        self.menu.handle(intent, self._area())

    def look(self, time: float) -> tuple[object, ...]:
        return ()  # the blurb follows the variant, a value of the menu

    def paint(self, surface: pygame.Surface) -> None:
        palette = self.ctx.palette
        theme.backdrop(surface, palette, self.ctx.time)
        w, h = surface.get_size()
        scale = theme.scale((w, h))
        title = theme.glowing_text("New game", scale.heading, palette.text, palette.glow_strength)
        theme.blit_centered(surface, title, (w / 2, h * 0.1))
        self.menu.draw(surface, self._area(), palette, self.ctx.time)
        blurb = VARIANT_BLURBS.get(self.variants[self.variant_item.index], "")
        box = pygame.Rect(w // 8, round(h * 0.86), w * 3 // 4, round(h * 0.07))
        prose.draw(surface, [Para(blurb, palette.dim)], box, scale.body, center=True)
        # As on the title: a sofa with a pad in hand is told that left and right change a row.
        hint = prose.controls(self.ctx.device, "goes back", change=True)
        prose.draw_controls(surface, hint, palette.dim, prose.controls_box((w, h)))
