"""The replay viewer's transport: the timeline and the five buttons under the move list.

A panel along the bottom of the viewer's side panel: the buttons (start,
back, play, forward, end), the bar of steps over them with its playhead, and
under them how to work the viewer with the device in hand; it also says
where the value graph (:mod:`game.client.value_graph`) goes, over the bar,
and which position a click on the graph or the bar picks.
"""

from __future__ import annotations

import pygame

from game.client import theme
from game.client.canvas import note_button
from game.client.intents import Device
from game.client.value_graph import ValueGraph
from game.rules import Position

CONTROLS = {  # under the transport buttons, named for the device in hand
    Device.PAD: "D-pad: step · A: play, pause · LB/RB: start, end · B: back",
    Device.KEYS: "Arrows: step · Enter: play, pause · PgUp/PgDn: start, end · Esc: back",
    Device.MOUSE: "Click the buttons, the graph or the bar · right-click: back",
}
BUTTONS = ("start", "back", "play", "forward", "end")


class Transport:
    """The panel along the bottom of the side panel ``panel`` of a window ``size`` big."""

    def __init__(self, panel: pygame.Rect, size: tuple[int, int]) -> None:
        self.panel = panel
        self.scale = theme.scale(size)

    def buttons(self) -> dict[str, pygame.Rect]:
        """The five transport buttons under the move list."""
        panel = self.panel
        size = min(self.scale.button, panel.width // 7)
        gap = (panel.width - 5 * size) // 6
        y = panel.bottom - size - min(gap, size)  # a wide panel's gaps would take its height
        return {
            name: pygame.Rect(panel.x + gap + i * (size + gap), y, size, size)
            for i, name in enumerate(BUTTONS)
        }

    def timeline(self) -> pygame.Rect:
        """The bar of steps over the buttons, as tall as its playhead (on the type scale)."""
        panel = self.panel
        buttons = self.buttons()["start"]
        pad = buttons.x - panel.x
        high = self.scale.px(24)
        y = buttons.y - min(pad, buttons.height) - high
        return pygame.Rect(panel.x + pad, y, panel.width - 2 * pad, high)

    def graph(self) -> ValueGraph:
        """The value graph's panel, just above the timeline."""
        bar = self.timeline()
        height = round(self.panel.height * 0.2)
        return ValueGraph(pygame.Rect(bar.x, bar.y - bar.height - height, bar.width, height))

    def pressed(self, at: tuple[int, int]) -> str | None:
        """The button at ``at``, if any."""
        return next((n for n, r in self.buttons().items() if r.collidepoint(at)), None)

    def picked(self, at: tuple[int, int], last: int) -> int | None:
        """The position (0 to ``last``) a click at ``at`` on the graph or the bar picks."""
        if (picked := self.graph().index_at(at, last)) is not None:
            return picked
        if (bar := self.timeline()).inflate(0, bar.height).collidepoint(at) and last > 0:
            return round((at[0] - bar.x) / bar.width * last)
        return None

    def draw(
        self,
        surface: pygame.Surface,
        palette: theme.Palette,
        positions: list[Position],
        index: int,
        playing: bool,
        device: Device,
    ) -> None:
        """The timeline of ``positions``, ``index`` shown, and the buttons."""
        self.draw_timeline(surface, palette, positions, index)
        self.draw_buttons(surface, palette, playing, device)

    def draw_timeline(
        self, surface: pygame.Surface, palette: theme.Palette, positions: list[Position], index: int
    ) -> None:
        """A dot a step (larger for a collapse, largest for the end) and the playhead, sized
        on the type scale: on a 4K screen they are read from as far as on a 1080p one."""
        bar, total = self.timeline(), len(positions) - 1
        px = theme.scale(surface.get_size()).px
        mid = bar.centery
        pygame.draw.line(surface, palette.grid, (bar.x, mid), (bar.right, mid), px(3))
        if total <= 0:
            return
        for n in range(total + 1):
            x = bar.x + round(bar.width * n / total)
            pos = positions[n]
            collapsed = n and positions[n - 1].awaiting_collapse
            radius = px(6) if collapsed else px(4)
            color = palette.accent if collapsed else palette.dim
            if pos.is_over:
                radius, color = px(8), palette.highlight
            pygame.draw.circle(surface, color, (x, mid), radius)
        x = bar.x + round(bar.width * index / total)
        pygame.draw.circle(surface, palette.text, (x, mid), bar.height // 2)
        pygame.draw.circle(surface, palette.accent, (x, mid), bar.height // 2, px(3))

    def draw_buttons(
        self, surface: pygame.Surface, palette: theme.Palette, playing: bool, device: Device
    ) -> None:
        """The transport buttons, and under them how to work the viewer with the device in
        hand: a pad cannot reach the buttons, and nothing else says what its d-pad does."""
        scale = theme.scale(surface.get_size())
        panel, start = self.panel, self.buttons()["start"]
        below = pygame.Rect(panel.x, start.bottom, panel.width, panel.bottom - start.bottom)
        words, size = theme.fitted(
            CONTROLS[device],
            scale.hint,
            below.width - 2 * (start.x - panel.x),
            scale.floor,
        )
        keys = theme.text(words, size, palette.dim)
        surface.blit(keys, keys.get_rect(center=below.center))
        for name, rect in self.buttons().items():
            note_button(surface, name, rect)
            if name == "play":
                fill = theme.mix(palette.board, palette.accent, 0.35)
                theme.panel(surface, rect, fill, palette.accent, rect.height // 3)
            else:
                theme.panel(surface, rect, palette.board, palette.grid, rect.height // 3)
            icon(surface, name, rect, palette.text, playing)


def icon(
    surface: pygame.Surface, name: str, rect: pygame.Rect, color: theme.Color, playing: bool
) -> None:
    """Transport icons drawn as shapes, so no font needs the glyphs.

    Start and end are a double triangle against a bar; a single step is one
    small triangle against a bar; play is one large triangle (two bars to pause).
    """
    cx, cy = rect.center
    r = rect.height * 0.2

    def triangle(x: float, pointing: int, size: float = 1.0) -> None:
        t = r * size
        points = [(x + pointing * t, cy), (x - pointing * t, cy - t), (x - pointing * t, cy + t)]
        pygame.draw.polygon(surface, color, points)

    def bar(x: float) -> None:
        width = max(2, round(r * 0.38))
        pygame.draw.rect(surface, color, (round(x - width / 2), round(cy - r), width, round(2 * r)))

    if name == "play":
        if playing:
            bar(cx - r * 0.5)
            bar(cx + r * 0.5)
        else:
            triangle(cx + r * 0.2, 1, 1.35)
        return
    sign = 1 if name in ("forward", "end") else -1
    if name in ("back", "forward"):
        triangle(cx - sign * r * 0.3, sign, 0.8)
        bar(cx + sign * r * 0.75)
    else:
        triangle(cx - sign * r * 0.9, sign, 0.8)
        triangle(cx + sign * r * 0.2, sign, 0.8)
        bar(cx + sign * r * 1.25)
