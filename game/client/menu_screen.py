"""How often a menu screen is drawn: the title, the setups, the settings, the LAN screen.

A menu over the backdrop changes only while its focus ring moves (drawn at the full rate
then), while the backdrop's marks drift (as often as they move a pixel: not at all in high
contrast) and while a caret blinks in a field being typed (a few frames a second). With none
of these the window sleeps until something happens.
"""

from __future__ import annotations

from game.client import theme
from game.client.scene import COUNTING_FPS, FPS_CAP, BaseScene
from game.client.widgets import Menu


class MenuScreen(BaseScene):
    """A scene whose ``menu`` is the only thing that moves over the backdrop."""

    menu: Menu

    def ticking(self) -> bool:
        """Whether something changes a few times a second: a caret blinking in a field being
        typed in, a count of seconds. Nothing here."""
        return False

    @property
    def animating(self) -> bool:
        return self._breathing() or theme.drifts(self.ctx.palette) or self.ticking()

    @property
    def frame_rate(self) -> int:
        if self._breathing():
            return FPS_CAP
        if theme.drifts(self.ctx.palette):
            return theme.drift_frame_rate(self.ctx.size[1], FPS_CAP)
        return COUNTING_FPS

    def _breathing(self) -> bool:
        return self.menu.breathing(self.ctx.time)
