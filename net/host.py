"""The authoritative host: an asyncio TCP server around one :class:`~net.table.Table`.

Clients send intents; the host checks seat, turn and legality (the table
asks ``game.rules``), applies, saves the record and sends every connection
the new :class:`~net.protocol.State`. A connection that breaks the protocol
gets a :class:`~net.protocol.Bye` with the reason and is closed; nobody else
notices. The host never waits on one client: frames are written without
awaiting the peer, and a peer whose unread backlog grows is dropped.

In a window, :func:`start_host_thread` runs a host on a thread of its own and
the hosting player joins it over loopback like everyone else.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.paths import games_dir
from game.records import Record
from game.rules import Player, Variant
from net import discovery
from net.client import show_address
from net.connection import Connection, StreamConnection
from net.framing import READ_SIZE, FrameError, FrameReader, pack
from net.loopthread import LoopThread
from net.protocol import (
    BUSY,
    NO_SEAT_OPEN,
    PLAYER,
    PROTOCOL_VERSION,
    SILENT,
    SPECTATOR,
    Bye,
    Emote,
    Hello,
    Message,
    Move,
    Notice,
    Ping,
    Pong,
    ProtocolError,
    Queue,
    Refused,
    Rematch,
    Sit,
    Welcome,
    quoted,
    tidy_name,
)
from net.table import Seat, Table

if TYPE_CHECKING:
    from net.web import WebFront

# Connections that have not said hello yet, at most, beyond everyone the table can hold (who
# may all knock in one instant: a host restarted under a full room): a flood of silent sockets
# is turned away at once instead of each holding memory (about 46 KB) for the hello timeout.
MAX_STRANGERS = 64
# Moves the rules refuse a connection, logged one by one; the rest only counted, and the count
# logged once it ends. Each refusal goes back to the sender all the same.
LOGGED_REFUSALS = 3
FILE_LIMIT = 65536  # open files a host asks of the system, at most (see _lift_file_limit)
DEFAULT_PORT = 7777  # where `qttt host` and a window's table listen unless told otherwise
# What clients send to party tables only (net/party_host.py handles them).
PARTY_INTENTS = (Queue, Emote)
# A token a newcomer made itself (the phone's page does: assets/web/link.js) and offered with
# its first hello, kept as the seat's (a party's: as the guest's): a phone that sleeps or
# reloads before the welcome reaches it comes back with it to its own seat, not to a second
# one beside a ghost of itself. Only one as hard to guess as the host's own
# (secrets.token_urlsafe(16): 22 characters).
OWN_TOKEN = re.compile(r"[A-Za-z0-9_-]{22,64}")


@dataclass
class HostConfig:
    """How a host runs; the defaults are for real play."""

    bind: str = "0.0.0.0"
    port: int = 0
    spectator_limit: int = 16
    reconnect_grace: float = 60.0  # seconds a dropped player's seat (or place) is held
    hello_timeout: float = 5.0  # a new connection must say hello within this
    idle_timeout: float = 15.0  # ... and then send a whole message at least this often
    advertise: bool = True  # announce the table with zeroconf
    save_dir: Path = field(default_factory=games_dir)
    # Serve the phone page and its WebSocket (net.web) on this port of ``bind`` (0: any free
    # one); None: no page.
    web_port: int | None = None


class _Close(Exception):
    """Stop serving this connection; the text is the reason sent in the Bye."""


# What builds a host: ``make(table, config, log=...)`` (Host, or a PartyHost with its party).
MakeHost = Callable[..., "Host"]


class Host:
    """Serves one table until :meth:`close`."""

    def __init__(
        self, table: Table, config: HostConfig, log: Callable[[str], None] | None = None
    ) -> None:
        self.table = table
        self.config = config
        self.connections: set[Connection] = set()
        # Seats held for dropped players, by seat token: the timer that frees each.
        self._release: dict[str, asyncio.TimerHandle] = {}
        self._server: asyncio.Server | None = None
        self._closing = False
        # Where a dedicated host tells its operator what happens (notices and moves). Given
        # here, not after: a party host reads its records back as it is made, and says so.
        self.log: Callable[[str], None] = log or (lambda text: None)
        self._turned_away = 0  # connections turned away as busy since that was last said
        self._advertiser: discovery.Advertiser | None = None
        self.web: WebFront | None = None  # the phone page, when the config serves one
        self._told_unsaved: str | None = None  # why saving fails, since everyone was told
        self._handlers: dict[type[Message], Callable[[Connection, Any], None]] = {
            Move: self._on_move,
            Sit: self._on_sit,
            Rematch: self._on_rematch,
            Ping: self._on_ping,
            Bye: self._on_bye,
        }

    @property
    def stranger_limit(self) -> int:
        """How many connections may be waiting to say hello at once."""
        return 2 + self.config.spectator_limit + MAX_STRANGERS

    @property
    def address(self) -> tuple[str, int]:
        """The address the server listens on (the port is the real one when 0 was asked)."""
        assert self._server is not None, "start() first"
        host, port = self._server.sockets[0].getsockname()[:2]
        return host, port

    @property
    def reachable(self) -> list[str]:
        """The addresses guests join at: every LAN one, or the one address bound to."""
        bind = self.config.bind
        return discovery.lan_addresses() if bind == discovery.ANY else [bind]

    @property
    def announced(self) -> bool:
        """Whether lobbies hear of the table (asked for, and an address to announce)."""
        return self._advertiser is not None and bool(self._advertiser.addresses)

    @property
    def spectators(self) -> int:
        return sum(1 for c in self.connections if c.role == SPECTATOR)

    async def start(self) -> None:
        _lift_file_limit()
        self._server = await asyncio.start_server(
            self._serve, self.config.bind, self.config.port, limit=READ_SIZE
        )
        # Seats saved in a resumed record are held for their players, as after a drop.
        for seat in self.table.seats.values():
            if seat and not seat.connected:
                self._hold(seat)
        if self.config.web_port is not None:
            # Imported here: aiohttp is loaded only by a host that serves the page.
            from net.web import WebFront

            self.web = WebFront(self)
            await self.web.start(self.config.bind, self.config.web_port)
        if self.config.advertise:
            self._advertiser = discovery.Advertiser(self.config.bind)
            await self._advertiser.start(self.table.name, self.address[1], self._lobby_view())

    async def close(self) -> None:
        self._closing = True
        if self._advertiser:
            await self._advertiser.close()
        if self._server:
            self._server.close()
        for conn in list(self.connections):
            conn.send(Bye(self._goodbye(conn)))
            conn.close()
        # Let every connection's task end by itself rather than be cancelled mid-cleanup.
        serving = [c.task for c in self.connections if c.task]
        if serving:
            await asyncio.wait(serving, timeout=2.0)
        for timer in self._release.values():
            timer.cancel()
        if self.web:
            await self.web.close()
        if self._server:
            await self._server.wait_closed()
        await asyncio.to_thread(self.table.close)  # the last renames reach the disk

    def _goodbye(self, conn: Connection) -> str:
        """Why the table closes, as ``conn`` is told. A window's table left with its game
        under way is offered to be continued (its host screen's "Continue"): its guests may
        wait for it, and a player's seat comes back with it."""
        if self.table.owner is None or not self.table.running:
            return "the host closed the table"
        kept = ", your seat kept" if conn.seat is not None else ""
        return f"the host closed the table mid-game, to be continued later{kept}"

    # -- one connection -------------------------------------------------------------

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        frames = FrameReader()

        async def receive() -> Iterable[Message] | None:
            data = await reader.read(READ_SIZE)
            return frames.feed(data) if data else None

        try:
            await self.attend(StreamConnection(writer), receive)
        finally:
            writer.close()
            with contextlib.suppress(ConnectionError, TimeoutError):
                await asyncio.wait_for(writer.wait_closed(), 1.0)

    async def attend(
        self, conn: Connection, receive: Callable[[], Awaitable[Iterable[Message] | None]]
    ) -> None:
        """Serve ``conn`` until it ends, whatever carries its frames.

        ``receive`` waits for what the peer sends next: the messages it
        completes (iterating may raise :class:`FrameError` or
        :class:`ProtocolError` where the input turns hostile), or ``None``
        once the peer has gone. Every transport goes through here, so the
        timeouts, the limits and the dispatch are the same for all.
        """
        conn.task = asyncio.current_task()
        strangers = sum(1 for c in self.connections if c.role is None)
        self.connections.add(conn)
        try:
            if strangers >= self.stranger_limit:
                raise _Close(BUSY)
            await self._read(conn, receive)
        except _Close as reason:
            conn.send(Bye(str(reason)))
            conn.close()
            if str(reason) == BUSY:
                self._turn_away()
            else:
                self.log(f"closed {_show(conn.peer)}: {reason}")
        except ConnectionError:
            pass
        finally:
            if conn.cut_off:
                self.log(f"cut off {_show(conn.peer)}: {conn.cut_off}")
            unlogged = conn.refused - LOGGED_REFUSALS
            if unlogged > 0:
                self.log(f"refused {unlogged} more moves of {conn.name}'s, not logged one by one")
            self._leave(conn)

    def _turn_away(self) -> None:
        """One more connection turned away as the host is busy: said once a second at most,
        with how many (a flood of them, a thousand a second, filled the log line by line)."""
        self._turned_away += 1
        if self._turned_away == 1:
            asyncio.get_running_loop().call_later(1.0, self._say_turned_away)

    def _say_turned_away(self) -> None:
        count, self._turned_away = self._turned_away, 0
        self.log(f"turned away {count} connection{'s' if count > 1 else ''}: {BUSY}")

    async def _read(
        self, conn: Connection, receive: Callable[[], Awaitable[Iterable[Message] | None]]
    ) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.config.hello_timeout
        while True:
            try:
                async with asyncio.timeout_at(deadline):
                    messages = await receive()
            except TimeoutError:
                waited = self.config.idle_timeout if conn.role else self.config.hello_timeout
                raise _Close(f"{SILENT} {waited:g} s") from None
            if messages is None or conn.closed:
                return
            try:
                for message in messages:
                    self._dispatch(conn, message)
                    deadline = loop.time() + self.config.idle_timeout
                    if conn.closed:
                        return  # whatever the peer sent after that is not read
            except (FrameError, ProtocolError) as exc:
                raise _Close(str(exc)) from None

    def _dispatch(self, conn: Connection, message: Message) -> None:
        if conn.role is None:
            if not isinstance(message, Hello):
                raise _Close(f"the first message must be hello, not {message.TAG}")
            self._on_hello(conn, message)
            if conn.role is not None and self._told_unsaved:
                # Those here when the saves stopped were told; a newcomer is told on arrival.
                conn.send(Notice(_cannot_save(self._told_unsaved)))
            return
        handler = self._handlers.get(type(message))
        if handler is not None:
            handler(conn, message)
        elif type(message) in PARTY_INTENTS:
            # A client's own message that this table does not take (an emote at a plain
            # table): refused with the reason, and the connection stays.
            conn.send(Refused(f"this table is not a party: it takes no {message.TAG}"))
        else:
            raise _Close(f"a client does not send {message.TAG}")

    # -- handlers ---------------------------------------------------------------------

    def _on_hello(self, conn: Connection, hello: Hello) -> None:
        if hello.version != PROTOCOL_VERSION:
            raise _Close(
                f"protocol version {hello.version} is not spoken here "
                f"(this host speaks {PROTOCOL_VERSION})"
            )
        conn.name = tidy_name(hello.name) or "player"
        token = hello.token
        if token is not None and (
            self.table.holder(token) is not None or not OWN_TOKEN.fullmatch(token)
        ):
            self._reclaim(conn, token)
        elif hello.role == PLAYER:
            # A newcomer, with a token of its own making or none (then the table makes one).
            side = self.table.sit(conn.name, _side(hello.seat) if hello.seat else None, token)
            if side is None:
                raise _Close(
                    f"seat {hello.seat} is taken at this table" if hello.seat else NO_SEAT_OPEN
                )
            self._seat(conn, side)
            self._changed(f"{conn.name} sits at {side}", (conn, f"you sit at {side}"))
        elif hello.role == SPECTATOR:
            if self.spectators >= self.config.spectator_limit:
                raise _Close(f"this table has its {self.config.spectator_limit} spectators")
            conn.role = SPECTATOR
            self._welcome(conn)
            self._changed(f"{conn.name} is watching")
        else:
            raise _Close(f"hello.role must be {PLAYER} or {SPECTATOR}")

    def _reclaim(self, conn: Connection, token: str) -> None:
        side = self.table.holder(token)
        if side is None:
            raise _Close("that seat is no longer held for you")
        for other in self.connections:
            if other is not conn and other.seat is side:
                other.send(Bye("your seat was reclaimed from another connection"))
                other.seat, other.role = None, None
                other.close()
        seat = self.table.seats[side]
        if seat is not None:  # back under the name the others know the seat by
            conn.name = seat.name
        self._seat(conn, side)
        self._changed(f"{conn.name} is back at {side}", (conn, f"you are back at {side}"))

    def _seat(self, conn: Connection, side: Player) -> None:
        conn.role, conn.seat = PLAYER, side
        seat = self.table.seats[side]
        assert seat is not None
        seat.connected = True
        timer = self._release.pop(seat.token, None)
        if timer:
            timer.cancel()
        self._welcome(conn)

    def _token_for(self, conn: Connection) -> str | None:
        """The token that brings ``conn``'s player back: its seat's."""
        seat = self.table.seats[conn.seat] if conn.seat else None
        return seat.token if seat else None

    def _welcome(self, conn: Connection) -> None:
        conn.send(
            Welcome(
                PROTOCOL_VERSION,
                self.table.name,
                conn.role or SPECTATOR,
                conn.seat.value if conn.seat else None,
                self._token_for(conn),
                # A third of the idle timeout: two pings may be lost before a drop.
                int(self.config.idle_timeout * 1000 / 3),
                self.web.urls()[0] if self.web else None,
                self.key,
                conn.name,
            )
        )

    @property
    def key(self) -> str:
        """The table's identity, as clients keep their seats under it."""
        return self.table.key

    def _on_move(self, conn: Connection, move: Move) -> None:
        if conn.seat is None:
            # A player with no seat is a party's guest waiting in its queue.
            queued = "you are not in this game: the queue says who plays next"
            conn.send(Refused("spectators cannot move" if conn.role == SPECTATOR else queued))
            return
        side = _side(move.side)
        if side is not conn.seat:
            conn.send(Refused(f"you play {conn.seat}, not {move.side}"))
            return
        reason = self.table.move(side, move.ply, move.token)
        if reason:
            conn.send(Refused(reason))
            conn.refused += 1
            # The first few say what goes wrong; a player sending refused moves in a loop
            # must not fill the operator's screen and disk with them.
            if conn.refused <= LOGGED_REFUSALS:
                self.log(f"refused {conn.name}'s {move.token!r}: {reason}")
        else:
            # Staged first (the page cache: microseconds), so a host killed from here on
            # loses nothing anyone is shown; the slow rename over the record (1 to 10 ms on
            # ext4) is left to the table's worker thread once everyone has the move.
            staged = self.table.stage()
            self._broadcast_state()
            self.table.commit(staged)
            self.log(f"{side} ({conn.name}) plays {self.table.record.moves[-1]}")

    def _on_sit(self, conn: Connection, sit: Sit) -> None:
        side = _side(sit.seat)
        if conn.seat is not None:
            conn.send(Refused(f"you already sit at {conn.seat}"))
        elif self.table.sit(conn.name, side) is None:
            conn.send(Refused(f"seat {side} is taken"))
        else:
            self._seat(conn, side)
            self._changed(f"{conn.name} sits at {side}", (conn, f"you sit at {side}"))

    def _on_rematch(self, conn: Connection, _: Rematch) -> None:
        if conn.seat is None:
            conn.send(Refused("only a seated player can ask for a rematch"))
            return
        game = self.table.game
        reason = self.table.ask_rematch(conn.seat)
        if reason:
            conn.send(Refused(reason))
            return
        if self.table.game == game:
            self._changed()
            return
        # Sides swapped: tell every seated connection where it sits now.
        for other in self.connections:
            if other.seat is not None:
                other.seat = other.seat.other
                self._welcome(other)
        self._changed(f"game {self.table.game}: sides swapped")

    def _on_ping(self, conn: Connection, _: Ping) -> None:
        conn.send(Pong())

    def _on_bye(self, conn: Connection, _: Bye) -> None:
        conn.left = True
        conn.close()

    # -- leaving, holding and releasing seats ----------------------------------------

    def _leave(self, conn: Connection) -> None:
        self.connections.discard(conn)
        if self._closing:
            return
        if conn.seat is not None and conn.left:
            self.table.release(conn.seat)
            self._changed(f"{conn.name} left; seat {conn.seat} is open")
        elif conn.seat is not None:
            seat = self.table.seats[conn.seat]
            if seat:
                seat.connected = False
                self._hold(seat)
            grace = self.config.reconnect_grace
            self._changed(f"{conn.name} dropped; seat {conn.seat} is held for {grace:g} s")
        elif conn.role == SPECTATOR:
            self._changed(f"{conn.name} stopped watching")

    def _hold(self, seat: Seat) -> None:
        loop = asyncio.get_running_loop()
        self._release[seat.token] = loop.call_later(self.config.reconnect_grace, self._free, seat)

    def _free(self, seat: Seat) -> None:
        # A rematch may have moved the seat to the other side since the timer started.
        self._release.pop(seat.token, None)
        for side, held in self.table.seats.items():
            if held is seat and not seat.connected:
                self.table.release(side)
                self._changed(f"seat {side} ({seat.name}) is open again")

    # -- telling everyone ---------------------------------------------------------------

    def _changed(
        self, notice: str | None = None, own: tuple[Connection, str] | None = None
    ) -> None:
        """Send everyone the table as it now is, then the sentence saying what changed; ``own``
        is the connection that sentence is about and what it reads instead (spoken to them:
        "you are back at X", not "Ada is back at X").

        In that order: a client woken by the notice already holds the new state.
        """
        self._broadcast_state()
        if notice:
            self.log(notice)
            mine = (own[0], pack(Notice(own[1]))) if own else None
            self._broadcast(pack(Notice(notice)), mine)

    def _tell_saving(self) -> None:
        """Tell everyone once when the game's record stops reaching the disk, and when it
        does again: the game goes on either way."""
        unsaved, told = self._unsaved(), self._told_unsaved
        # Whoever comes later is told the latest reason; those here are not told again when
        # only the reason changes (a folder gone, then a file in its place).
        self._told_unsaved = unsaved
        if (unsaved is None) != (told is None):
            notice = _cannot_save(unsaved) if unsaved else "the host saves the game again"
            self.log(notice)
            self._broadcast(pack(Notice(notice)))

    def _unsaved(self) -> str | None:
        """Why what this host keeps on disk stopped reaching it, or None."""
        return self.table.unsaved

    def _broadcast_state(self) -> None:
        self._broadcast(pack(self.table.state(self.spectators)))
        if self._advertiser:
            self._advertiser.update(self._lobby_view())
        # Every save of the record is followed by this broadcast, timers' saves too.
        self._tell_saving()

    def _broadcast(self, frame: bytes, own: tuple[Connection, bytes] | None = None) -> None:
        """``frame`` to everyone at the table; ``own``: another frame for one connection."""
        for conn in list(self.connections):
            if conn.role is not None:
                conn.send_frame(own[1] if own and conn is own[0] else frame)

    def _lobby_view(self) -> discovery.TableView:
        size = self.table.variant.options().get("size")
        return discovery.TableView(
            name=self.table.name,
            variant=self.table.variant.name,
            open_seats=tuple(side.value for side in self.table.open_seats()),
            spectators=self.spectators,
            spectator_limit=self.config.spectator_limit,
            running=self.table.running,
            key=self.key,
            size=size if isinstance(size, int) else None,
        )


def _lift_file_limit() -> None:
    """Let the process hold as many sockets as the system lets it: a host holds one for
    each guest, and a flood of connections one each until they time out, where the usual
    soft limit is 1024 open files."""
    try:
        import resource
    except ImportError:  # not on POSIX: nothing to lift
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = FILE_LIMIT if hard == resource.RLIM_INFINITY else min(hard, FILE_LIMIT)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def _cannot_save(why: str) -> str:
    return f"the host cannot save this game ({why}): it goes on unsaved"


def _show(peer: object) -> str:
    return show_address(peer) if isinstance(peer, tuple) else str(peer)


def _side(text: str | None) -> Player:
    try:
        return Player(text)
    except ValueError:
        raise _Close(f"there is no seat {quoted(text)}; the seats are X and O") from None


# -- starting a host -------------------------------------------------------------------


def new_table(variant: Variant, name: str, save_dir: Path) -> Table:
    return Table(name, Record(variant), save_dir)


async def serve(
    table: Table,
    config: HostConfig,
    make: MakeHost = Host,
    log: Callable[[str], None] | None = None,
) -> Host:
    """A started host (listening, and advertised if the config says so); ``make`` builds it
    (``functools.partial(PartyHost, party=...)`` for a party); ``log`` hears it from the
    start (a party reads its records back as it is made)."""
    host = make(table, config, log=log)
    await host.start()
    return host


@dataclass
class HostHandle:
    """A host running on its own thread: where to join it, and how to stop it."""

    address: tuple[str, int]
    host: Host
    _thread: LoopThread

    def call(self, fn: Callable[..., object], *args: object) -> None:
        """Run ``fn(*args)`` on the host's thread (the host is not thread-safe); returns at once."""
        self._thread.call(fn, *args)

    def stop(self) -> None:
        """Say goodbye to every client, withdraw the table from the lobby, stop the thread.

        Idempotent."""
        if not self._thread.running:
            return
        with contextlib.suppress(Exception):
            self._thread.submit(self.host.close()).result(5.0)
        self._thread.stop()


def start_host_thread(
    table: Table,
    config: HostConfig | None = None,
    make: MakeHost = Host,
) -> HostHandle:
    """Start a host on a thread of its own and return once it listens.

    ``address`` is where a client on this machine joins it (loopback when the
    host listens on every interface). Raises ``OSError`` if the port is taken.
    """
    config = config or HostConfig()
    thread = LoopThread(f"qttt-host-{table.name}")
    try:
        host = thread.submit(serve(table, config, make)).result(15.0)
    except BaseException:
        thread.stop()
        raise
    bound, port = host.address
    return HostHandle((_local(bound), port), host, thread)


def _local(bound: str) -> str:
    return "127.0.0.1" if bound in ("0.0.0.0", "") else bound
