"""What a screen at a LAN table shows of its connection, so that it never looks live when
it is not.

:class:`LinkPanel` is a panel the play, results and big-screen scenes share. While the
session reconnects it dims the board, holds the player's input and shows a lasting
banner: the host's name and address and the seconds since the link dropped (the seat is
held meanwhile). Once the session has ended for good it covers the screen with the
reason and two buttons: "Back to menu" and "Try again" (join the same address again:
a kept seat token takes the seat back).
"""

from __future__ import annotations

import pygame

from game.client import theme
from game.client.intents import Activate, Cancel, Click, Intent, Navigate
from game.client.prose import sentence
from game.client.question import Question
from game.client.scene import Context, SceneName
from game.client.still import Changing
from game.client.widgets import Item
from net.client import show_address

LIVE, RECONNECTING, ENDED = "live", "reconnecting", "ended"


class LinkPanel:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.ended = Question(
            [Item("Back to menu", lambda: ctx.go(SceneName.TITLE)), Item("Try again", self._again)]
        )

    @property
    def state(self) -> str:
        table = self.ctx.table
        if table is None:
            return LIVE
        if table.session.ended is not None:
            return ENDED
        return RECONNECTING if table.session.reconnecting else LIVE

    @property
    def holds(self) -> bool:
        """Whether the player's input waits (nothing they do could reach the host now)."""
        return self.state != LIVE

    def update(self) -> None:
        """Note when the link dropped (once a step), so the seconds count from then."""
        table = self.ctx.table
        if table is None:
            return
        if self.state == RECONNECTING:
            if table.down_since is None:
                table.down_since = self.ctx.time
        else:
            table.down_since = None

    def handle(self, intent: Intent) -> bool:
        """Take ``intent`` if the link holds the screen; whether it was taken."""
        state = self.state
        if state == ENDED:
            if isinstance(intent, Cancel):
                self.ctx.go(SceneName.TITLE)
            else:
                self.ended.handle(intent, self.ctx.size)
            return True
        # While reconnecting only leaving still works (Escape, the menu).
        return state == RECONNECTING and isinstance(intent, Click | Activate | Navigate)

    def _again(self) -> None:
        table = self.ctx.table
        if table is None:
            return
        # In the same role: a watcher comes back to watch, not to a seat open there now.
        session = table.session
        self.ctx.go(
            SceneName.LAN, mode="join", address=session.address, sit=bool(session.local_sides)
        )

    def words(self) -> str:
        """The banner's or the overlay's sentence."""
        table = self.ctx.table
        if table is None:
            return ""
        session = table.session
        address = show_address(session.address)
        where = f"{session.table_name} ({address})" if session.table_name else address
        if self.state == ENDED:
            reason = session.ended or "the connection ended"
            reason = sentence(reason)
            # A table never reached says where itself ("cannot reach host:port: ...").
            return reason if address in reason else f"Disconnected from {where}: {reason}"
        seconds = max(0, round(self.ctx.time - (table.down_since or self.ctx.time)))
        held = " (your seat is held)" if session.local_sides else ""  # a watcher holds none
        return f"Reconnecting to {where}… {seconds} s{held}"

    def look(self) -> tuple[object, ...]:
        """All that :meth:`draw` shows but the ended question's focus ring (:meth:`changing`):
        a screen drawn again only where something moved (:class:`game.client.still.Redraw`)
        compares it."""
        state = self.state
        if state == LIVE:
            return (state,)
        return state, self.words(), self.ended.menu.look() if state == ENDED else None

    def changing(self, height: int, time: float) -> Changing:
        """The ended question's focus ring, breathing in place on a screen ``height`` high."""
        return self.ended.menu.changing(height, time) if self.state == ENDED else []

    def draw(self, surface: pygame.Surface, board: pygame.Rect) -> None:
        """Over a drawn screen: the banner over a dimmed ``board``, or the ended overlay."""
        state = self.state
        if state == LIVE:
            return
        palette = self.ctx.palette
        scale = theme.scale(surface.get_size())
        if state == RECONNECTING:
            theme.shade(surface, board, 150)
            size = scale.lead
            lines = theme.wrap(self.words(), size, round(board.width * 0.9), True)
            images = [theme.text(line, size, palette.warning, True) for line in lines]
            height = sum(i.get_height() for i in images) + size
            box = pygame.Rect(0, 0, round(board.width * 0.94), height)
            box.midtop = (board.centerx, board.y + size)
            theme.panel(surface, box, (0, 0, 0), palette.warning, size // 2, alpha=230)
            y = box.y + size // 2
            for image in images:
                surface.blit(image, image.get_rect(midtop=(box.centerx, y)))
                y += image.get_height()
            return
        self.ended.draw(surface, self.words(), palette, self.ctx.time)
