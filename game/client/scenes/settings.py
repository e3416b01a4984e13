"""The settings screen: sound, looks, and the defaults a new game starts from.

Every change is put in force at once (the volume as it is dragged, the
palette, full screen) through :meth:`Context.apply_settings`, which also
saves it, so leaving the screen has nothing left to do. The player's name
is typed in a :class:`~game.client.keyboard.TextField`: on the keyboard, or
on the on-screen keyboard with a pad or the mouse.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game.ai import LEVELS
from game.client import prose, theme
from game.client.audio import Cue
from game.client.intents import Cancel, Click, Intent
from game.client.keyboard import Done, TextField
from game.client.menu_screen import MenuScreen
from game.client.name_prompt import system_name
from game.client.prose import Para
from game.client.scene import Context, SceneName
from game.client.scenes.setup import variant_title
from game.client.settings import EMPTY_NAME, NAME_LIMIT, NXN_SIZES, Settings, valid
from game.client.widgets import AskedTwice, Item, Menu
from game.rules import VARIANTS

VOLUME_STEPS = 10  # the volume row moves in tenths
OFF_ON = ("Off", "On")

# What the focused row does, in a sentence under the menu.
RESET = "Reset to defaults"
CONFIRM_RESET = "Sure? Press again to reset"
HELP = {
    "Volume": "How loud the sounds are; you hear the new level as it changes.",
    "Sound": "Mute every sound without losing the volume.",
    "High contrast": "Pure colours on black, no glow: the board at its most legible.",
    "Full screen": "The whole screen (F11 switches it anywhere).",
    "Calmer effects": "Fewer particles, a still backdrop: for eyes that prefer less motion.",
    "Collapse show": "Full: a cycle pauses the game, a bot thinks aloud, marks fly home slowly. "
    "Quick: for players who know the game.",
    "Variant": "The rules a new game starts with.",
    "n×n board": "The board size a new n×n game starts with.",
    "Bot level": "How strong a bot opponent starts out.",
    "Name": "How other players see you on the LAN: choose it to type a new one.",
    "Reset to defaults": "Every setting back to how the game first started: press twice.",
    CONFIRM_RESET: "Press again to put every setting back; move away to keep them.",
    "Back": "Back to the title screen. Settings are saved as they change.",
}


class SettingsScene(MenuScreen):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.menu = Menu([], on_move=lambda: ctx.audio.play(Cue.SELECT))
        self.editing: TextField | None = None  # the name being typed, while it is
        self.name_item = Item("Name", self.edit_name)
        self.reset = AskedTwice(
            RESET, CONFIRM_RESET, self._reset, lambda: self.ctx.audio.play(Cue.SELECT)
        )
        self._rows_show: Settings | None = None  # the settings the rows were built from

    def enter(self, **params: Any) -> None:
        self.build()

    def build(self) -> None:
        """The rows, from the settings in force: again whenever those change, here or anywhere
        else (F11 switches full screen on every screen), so a row steps on from what is."""
        s = self._rows_show = self.ctx.settings
        variants = list(VARIANTS)
        self.menu.items = [
            Item(
                "Volume",
                choices=[f"{10 * i}%" for i in range(VOLUME_STEPS + 1)],
                index=round(s.volume * VOLUME_STEPS),
                on_change=self.set_volume,
            ),
            self.toggle("Sound", "muted", ("On", "Muted")),
            self.toggle("High contrast", "high_contrast"),
            self.toggle("Full screen", "fullscreen"),
            self.toggle("Calmer effects", "reduce_motion"),
            self.toggle("Collapse show", "quick_collapse", ("Full", "Quick")),
            self.option("Variant", "variant", variants, [variant_title(v) for v in variants]),
            self.option("n×n board", "nxn_size", list(NXN_SIZES), [f"{n}×{n}" for n in NXN_SIZES]),
            self.option("Bot level", "bot_level", list(LEVELS), [lv.title() for lv in LEVELS]),
            self.name_item,
            self.reset.item,
            Item("Back", self.leave),
        ]
        self.name_item.label = self.name_label()

    def toggle(self, label: str, field: str, words: Sequence[str] = OFF_ON) -> Item:
        """A yes/no row: its two words for False and True."""
        current = bool(getattr(self.ctx.settings, field))
        return Item(
            label,
            choices=list(words),
            index=int(current),
            on_change=self.setter(field, [False, True]),
        )

    def option(self, label: str, field: str, values: list[Any], words: list[str]) -> Item:
        current = getattr(self.ctx.settings, field)
        index = values.index(current) if current in values else 0
        return Item(label, choices=words, index=index, on_change=self.setter(field, values))

    def setter(self, field: str, values: Sequence[Any]) -> Callable[[int], None]:
        def change(index: int) -> None:
            self.change(**{field: values[index]})

        return change

    def change(self, **fields: Any) -> None:
        self.ctx.apply_settings(dataclasses.replace(self.ctx.settings, **fields))
        self.ctx.audio.play(Cue.SELECT)

    def set_volume(self, index: int) -> None:
        # The confirm sound plays at the new level, so the player hears what they chose.
        self.ctx.apply_settings(dataclasses.replace(self.ctx.settings, volume=index / VOLUME_STEPS))
        self.ctx.audio.play(Cue.CONFIRM)

    def _reset(self) -> None:
        self.ctx.apply_settings(Settings())
        self.ctx.audio.play(Cue.CONFIRM)

    def leave(self) -> None:
        self.ctx.audio.play(Cue.CONFIRM)
        self.ctx.go(SceneName.TITLE)

    # -- typing the name ---------------------------------------------------------

    def typing(self) -> TextField | None:
        return self.editing

    def edit_name(self) -> None:
        name = self.ctx.settings.player_name
        self.editing = TextField(name or system_name(), NAME_LIMIT, guess=not name)
        self.ctx.audio.play(Cue.CONFIRM)

    def finish_name(self, done: Done) -> None:
        assert self.editing is not None
        typed = self.editing.text.strip()
        if done is Done.KEEP and not valid("player_name", typed):
            self.editing.refuse(EMPTY_NAME)  # open still, saying so: not closed without a word
            self.ctx.audio.play(Cue.REFUSE)
            return
        self.editing.close()
        self.editing = None
        if done is Done.KEEP:
            self.change(player_name=typed)
        self.name_item.label = self.name_label()

    def name_label(self) -> str:
        return f"Name: {self.ctx.settings.player_name or '(asked at the first LAN game)'}"

    def handle_typing(self, intent: Intent) -> None:
        assert self.editing is not None
        done = self.editing.handle(intent, self.screen())
        if done is not None:
            self.finish_name(done)
            if isinstance(intent, Click):
                self.menu.handle(intent, self.menu_area())  # a click elsewhere acts as a click

    # -- the frame -------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.reset.drop_unless_focused(self.menu)
        if self.editing is not None and (done := self.editing.update()) is not None:
            self.finish_name(done)

    def exit(self) -> None:
        if self.editing is not None:
            self.editing.close()

    def screen(self) -> pygame.Rect:
        return pygame.Rect((0, 0), self.ctx.size)

    def menu_area(self) -> pygame.Rect:
        """Between the title and the help line; the whole height when a short window needs it."""
        w, h = self.ctx.size
        area = pygame.Rect(0, round(h * 0.13), w, round(h * 0.72))
        if self.menu.items and self.menu.rects(area)[0].top < area.top:
            area = pygame.Rect(0, h // 50, w, h - h // 25)
        return area

    def handle(self, intent: Intent) -> None:
        if self.editing is not None:
            self.handle_typing(intent)
        elif isinstance(intent, Cancel):
            self.leave()
        else:
            self.menu.handle(intent, self.menu_area())

    def draw(self, surface: pygame.Surface, alpha: float) -> list[list[int]]:
        if self.ctx.settings != self._rows_show:  # the rows are a picture of the settings
            self.build()
        return super().draw(surface, alpha)

    def look(self, time: float) -> tuple[object, ...]:
        return ()  # the help follows the focus, the name being typed its field

    def paint(self, surface: pygame.Surface) -> None:
        palette = self.ctx.palette
        theme.backdrop(surface, palette, self.ctx.time)
        w, h = surface.get_size()
        area = self.menu_area()
        rows = self.menu.rects(area)
        # The title and the help line give way to the rows in a window too short for all three.
        scale = theme.scale((w, h))
        title = theme.glowing_text("Settings", scale.heading, palette.text, palette.glow_strength)
        if title.get_height() // 2 < rows[0].top - h * 0.07:
            theme.blit_centered(surface, title, (w / 2, h * 0.07))
        self.menu.draw(surface, area, palette, self.ctx.time)
        focused = self.menu.items[self.menu.focus].label.split(":")[0]
        top = (
            max(r.bottom for r in rows) + h // 40
        )  # under the lowest row shown (a long list scrolls)
        controls = prose.controls_box((w, h))
        if top > controls.top:  # a window too short for all the rows has them reach down here
            controls.height = 0
        box = pygame.Rect(w // 6, top, w * 2 // 3, h - top - h // 60 - controls.height)
        unit = scale.body
        if box.height >= scale.floor * 1.4 and self.editing is None:  # the keyboard says more
            prose.draw(surface, [Para(HELP.get(focused, ""), palette.dim)], box, unit, True)
        if controls.height:
            hint = prose.controls(self.ctx.device, "goes back", change=True)
            prose.draw_controls(surface, hint, palette.dim, controls)
        if self.editing is not None:
            self.editing.draw(
                surface, self.screen(), palette, self.ctx.time, "Your name", self.ctx.device
            )
