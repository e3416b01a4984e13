"""A table this window hosts, started off the frame; then the window sits down at it.

:class:`Starting` starts a :class:`~net.table.Table` on a host thread, at
``qttt host``'s port (so guests who joined by address find it again) or any
free one when that is taken, with a bot in the other seat if asked. Once it is
up, :meth:`Starting.sit` opens this window's own session to it, through the same
client code as any guest, and hands back the :class:`AtTable` for the app to
hold. A continued table (``Table.resume``) keeps its seats' tokens: the window
takes its own seat back with its token, and a bot it had put in the other seat
takes that one back with its.
"""

from __future__ import annotations

import dataclasses
from concurrent.futures import Future

from game.client.at_table import AtTable
from game.client.scene import Context
from game.rules import Player
from net.host import DEFAULT_PORT, HostConfig, HostHandle, start_host_thread
from net.loopthread import LoopThread
from net.phones import DEFAULT_WEB_PORT
from net.session import NetworkSession
from net.table import Table


def window_config(bind: str | None) -> HostConfig:
    """How a window hosts: ``qttt host``'s port, and the phone page (guests without the
    game join from their browsers, net.web); on ``bind`` if given, else every interface."""
    config = HostConfig(port=DEFAULT_PORT, web_port=DEFAULT_WEB_PORT)
    if bind is not None:
        config.bind = bind
    return config


class Starting:
    """``table`` being started for this window, which plays ``me`` (None: the seat the
    table keeps for the window that hosted it, else any open one); a bot of ``level``
    takes the other seat if given."""

    def __init__(
        self, ctx: Context, table: Table, config: HostConfig, me: Player | None, level: str | None
    ) -> None:
        if me is None:
            me = table.owner or next(iter(table.open_seats()), None)
        if me is not None:
            table.owner = me
        mine = table.seats[me] if me is not None else None
        other = table.seats[me.other] if me is not None else None
        self.side = me
        self._token = mine.token if mine else None
        self._asked_port = config.port  # 0: any
        bot_token = other.token if other else None

        def start() -> tuple[HostHandle, LoopThread | None]:
            from net.bot import play_bot

            try:
                handle = start_host_thread(table, config)
            except OSError:
                if config.port == 0:
                    raise
                # Taken (another table on this machine): any free one; the play screen says so.
                handle = start_host_thread(table, dataclasses.replace(config, port=0))
            if level is None or me is None:
                return handle, None
            bot = LoopThread("qttt-bot")
            # The window's own opponent: it stays for every rematch until the table closes.
            bot.submit(
                play_bot(handle.address, level, seat=me.other, token=bot_token, rematches=True)
            )
            return handle, bot

        self._future = ctx.run_in_worker(start)

    @property
    def done(self) -> bool:
        return self._future.done()

    def sit(self, name: str) -> AtTable:
        """Once :attr:`done`: the table with this window's session at it (:class:`OSError`
        if the host could not start)."""
        host, bot = self._future.result()
        session = NetworkSession(host.address, name=name, seat=self.side, token=self._token)
        table = AtTable(session, host, bot)
        if self._asked_port and host.address[1] != self._asked_port:
            table.host_note = f"port {self._asked_port} was taken"
        return table

    def abandon(self) -> None:
        """The player left before the table was up: stop it (and its bot) once it is."""
        self._future.add_done_callback(_stop)


def _stop(future: Future[tuple[HostHandle, LoopThread | None]]) -> None:
    if not future.cancelled() and future.exception() is None:
        host, bot = future.result()
        host.stop()
        if bot is not None:
            bot.stop()
