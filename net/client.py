"""One connection to a host, as a player or a spectator, that comes back after a drop.

:class:`TableClient` runs on an asyncio loop. It keeps the table as the host
last described it (the game's tokens, the position they reach, the seats)
and reports what changes as ``game.session`` events through a callback:
a :class:`~game.session.Snapshot` when the game moves, a
:class:`~game.session.Refused` when the host turns an intent down, a
:class:`~game.session.Notice` for everything people should read. The window
(``net.session.NetworkSession``), headless bots and tests all use it, at
plain tables and parties alike: a party host's :class:`~net.protocol.Party`
(queue, standings, clock) and :class:`~net.protocol.Emoted` are reported
as they come, and :attr:`TableClient.party` keeps the last Party.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import Callable
from typing import Any

from game.records import Record, RecordError, play_token
from game.rules import Action, Player, Position, RulesError, Variant, make_variant
from game.session import Event, Notice, Refused, Snapshot
from net import protocol
from net.framing import READ_SIZE, FrameError, FrameReader, pack
from net.protocol import PLAYER, PROTOCOL_VERSION, Hello, Message, Move, ProtocolError
from net.seats import SeatStore

# What a table client reports: the game's events, the table after every change (seats,
# spectators, rematch wishes; after the Snapshot when the game moved), and a party's
# scoreboard and emotes.
TableEvent = Event | protocol.State | protocol.Party | protocol.Emoted

LEAVE_WAIT = 1.0  # seconds a player leaving waits for the host to hang up, the bye read


class TableClient:
    """A seat (or a place among the spectators) at a table reached by TCP.

    ``reconnect_for``: how long to keep trying after the connection drops
    (players reclaim their seat with the token the host gave them); ``math.inf``: for as
    long as the client runs (a big screen nobody sits at to say "try again").
    ``silence``: how long without a frame from the host counts as a drop.
    ``seats``: where seat tokens are kept between runs (``net.seats.SeatStore``): a
    player offers the one kept for this table and name, and keeps the one it is given.
    ``table_key``: the table's identity where it is known before connecting (the lobby's
    announcement); otherwise that of the table last seen at ``address``.
    ``token``: a seat token to offer instead (a window continuing the table it hosted,
    whose record keeps the tokens).
    """

    def __init__(
        self,
        address: tuple[str, int],
        name: str,
        on_event: Callable[[TableEvent], None],
        role: str = PLAYER,
        seat: Player | None = None,
        reconnect_for: float = 60.0,
        silence: float = 10.0,
        seats: SeatStore | None = None,
        token: str | None = None,
        table_key: str | None = None,
    ) -> None:
        self.address = address
        self.name = protocol.tidy_name(name) or "player"  # as the host will know it
        self.role = role
        self.wanted = seat  # the seat asked for, until the host gives one
        # The seat the host gave (its Welcome says): none before, so nobody takes a seat
        # asked for as one held (another client may be seated there first).
        self.seat: Player | None = None
        self.seats = seats if role == PLAYER else None
        seen = self.seats.table_at(address) if self.seats else None
        self.table_key = table_key or seen
        # Whether this very address is where the table welcomed this player: only its refusal
        # of the kept token says the token is spent.
        self._known_here = seen is not None and seen == self.table_key
        if (
            token is None
            and self.seats
            and self.table_key
            and self.seats.seen_on(self.table_key, address[0])
        ):
            token = self.seats.take(self.table_key, self.name)
        self.token: str | None = token
        # How many Welcomes came: it changes on every (re)connection and rematch, after which
        # an intent sent earlier may never have arrived.
        self.welcomes = 0
        self.join_url: str | None = None  # where phones join this table (its Welcome says)
        self.table: protocol.State | None = None
        self.party: protocol.Party | None = None  # a party host's last word (None elsewhere)
        self.variant: Variant | None = None
        self.positions: list[Position] = []
        self.reconnect_for = reconnect_for
        self.silence = silence
        self._emit = on_event
        self._ping_every = 1.0  # until the host's Welcome says how often it wants a sign of life
        self._writer: asyncio.StreamWriter | None = None
        self._hung_up = asyncio.Event()  # the connection being served has ended
        self._closing = False
        self._reconnecting = False
        self._resync = False
        # The last move sent (or made while the link was down) that the host has not answered
        # yet, with the game it was for and whether it was sent again after a reconnect.
        self._unanswered: tuple[Move, int, bool] | None = None
        self.table_name: str | None = None  # what the host calls its table (its Welcome says)
        # Why the connection ended for good: set before that is emitted as the last Notice, so a
        # screen that hears the notice finds the session ended too.
        self.ended: str | None = None
        self._handlers: dict[type[Message], Callable[[Any], None]] = {
            protocol.Welcome: self._on_welcome,
            protocol.State: self._on_state,
            protocol.Refused: self._on_refused,
            protocol.Notice: lambda m: self._emit(Notice(m.text)),
            protocol.Pong: lambda m: None,
            protocol.Party: self._on_party,
            protocol.Emoted: self._emit,
        }

    # -- what a caller reads ------------------------------------------------------------

    @property
    def position(self) -> Position | None:
        return self.positions[-1] if self.positions else None

    @property
    def moves(self) -> tuple[str, ...]:
        return self.table.moves if self.table else ()

    @property
    def full(self) -> bool:
        """Whether both seats have a player (held seats count): moves are played only then."""
        return self.table is not None and all(seat.name for seat in self.table.seats)

    @property
    def connected(self) -> bool:
        return self._writer is not None and not self._writer.is_closing()

    # -- intents ----------------------------------------------------------------------

    def play(self, action: Action, ply: int | None = None) -> None:
        """Ask the host for ``action`` as this seat; its answer arrives as an event.

        ``ply``: the number of moves the action was chosen after, when the one who chose it
        saw the game through another connection (a couch player on the big screen's), which
        may have heard of the last move before this one did."""
        pos = self.position
        if pos is None or (pos.to_play is None and (ply is None or self.seat is None)):
            self._emit(Refused("there is no move to make"))
            return
        side = self.seat or pos.to_play
        assert side is not None
        ply = len(self.moves) if ply is None else ply
        move = Move(side.value, ply, pos.variant.token(action))
        game = self.table.game if self.table else 0
        if self._reconnecting:
            # Kept, and sent once the seat is back if the game still waits for it (_on_state).
            self._unanswered = (move, game, False)
            self._emit(Notice("the connection is down: your move goes when it is back"))
            return
        self._unanswered = (move, game, False)
        self.send(move)

    @property
    def reconnecting(self) -> bool:
        """Whether the link dropped and is being tried again (the seat is held meanwhile)."""
        return self._reconnecting

    def send(self, message: Message) -> None:
        if not self.connected:
            self._emit(Refused("not connected to the host"))
            return
        assert self._writer is not None
        self._writer.write(pack(message))

    async def close(self, leave: bool = False) -> None:
        """Hang up. ``leave``: the player is leaving the table, so the host frees the seat at
        once (it has, when this returns, unless it took over LEAVE_WAIT to answer) and its
        token is forgotten; otherwise (a window closed, a program stopped) the
        host holds the seat for a while and the token is kept for the next start.

        The token is kept on leaving too where it is more than a seat: at a party it is the
        player's row in the standings, to come back to; and while the link is down, when the
        host may never hear the goodbye and holds the seat, to be taken back from the lobby."""
        self._closing = True
        writer = self._writer  # run() lets go of it once the connection has ended
        if writer:
            if leave and self.connected:
                writer.write(pack(protocol.Bye(protocol.LEFT)))
                seat_only = self.party is None and not self._reconnecting
                if seat_only and self.seats and self.table_key and self.token:
                    self.seats.forget(self.table_key, self.name, self.token)
                # Read on until the host, the bye read, hangs up. A socket closed over frames
                # not yet read (the host's last news) is reset, and a host that writes to it
                # then loses the bye unread: it held the seat, as for a drop.
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._hung_up.wait(), LEAVE_WAIT)
            writer.close()
        self._release()

    # -- the connection ---------------------------------------------------------------

    async def run(self) -> str:
        """Serve the connection until the host says bye, the drop lasts too long, or close().

        Returns why it ended, after emitting that as a Notice.
        """
        loop = asyncio.get_running_loop()
        give_up = 0.0  # while reconnecting (no Welcome since the drop): when to stop trying
        reason = "closed"
        while not self._closing:
            try:
                reader, self._writer = await _connect(self.address)
            except OSError as exc:
                why = _unreachable(exc)
                reason = (
                    f"the host has not come back in {self.reconnect_for:g} s ({why})"
                    if self._reconnecting
                    else f"cannot reach {show_address(self.address)}: {why}"
                )
                if not self._reconnecting or loop.time() > give_up:
                    break
                await asyncio.sleep(0.2)
                continue
            hello = Hello(
                PROTOCOL_VERSION,
                self.role,
                self.name,
                # With a token too: one no seat holds any more may sit the newcomer anew.
                self.wanted.value if self.wanted else None,
                self.token,
            )
            self._writer.write(pack(hello))
            stored = self.token is not None and self.welcomes == 0
            final, reason = await self._serve(reader, self._writer)
            self._writer.close()
            if final and stored and self.welcomes == 0 and not self._closing:
                # The token kept from an earlier run was refused (that game is long over): come
                # in as anyone new would, and forget it if the table's own address said so.
                self.token = None
                if self.seats and self.table_key and self._known_here:
                    self.seats.keep(self.table_key, self.name, None)
                continue
            if final or self._closing:
                break
            if self.welcomes == 0 and reason != protocol.BUSY:
                break  # never at the table (not a host, or not one that answers): as unreachable
            # A connection that drops before its Welcome (a host going down as we knock)
            # is part of the same drop: one notice, one deadline.
            if not self._reconnecting:
                give_up = loop.time() + self.reconnect_for
                self._reconnecting = True
                self._emit(Notice(f"{reason}; reconnecting"))
            elif loop.time() > give_up:
                break
            if reason == protocol.BUSY:  # knock again soon, not all at once with the others
                await asyncio.sleep(random.uniform(0.2, 1.0))
        self._writer = None
        # Ended for good: the token is free for the next client (a "Try again" in this
        # window, which would otherwise find it held and come in as someone new).
        self._release()
        self.ended = reason
        self._emit(Notice(reason))
        return reason

    async def _serve(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> tuple[bool, str]:
        """Read until the connection ends: (whether it ended for good, why)."""
        frames = FrameReader()
        self._hung_up.clear()
        pinger = asyncio.ensure_future(self._ping(writer))
        loop = asyncio.get_running_loop()
        welcomes = self.welcomes
        # A host answers a hello at once: one that has not within `silence`, however many
        # bytes it trickles meanwhile, is not a table.
        welcome_by = loop.time() + self.silence
        try:
            while True:
                waiting = self.welcomes == welcomes
                deadline = loop.time() + self.silence
                try:
                    async with asyncio.timeout_at(
                        min(deadline, welcome_by) if waiting else deadline
                    ):
                        data = await reader.read(READ_SIZE)
                except TimeoutError:
                    if waiting:
                        return False, f"no welcome from the host in {self.silence:g} s"
                    return False, f"the host has been silent for {self.silence:g} s"
                if not data:
                    return False, "the connection to the host dropped"
                for message in frames.feed(data):
                    if isinstance(message, protocol.Bye):
                        # The host says why, in words: a busy host may be asked again, and
                        # one that gave up on hearing from us (we slept) holds our seat.
                        return not _retry_after(message.reason), _as_told(message.reason)
                    handler = self._handlers.get(type(message))
                    if handler is None:
                        return True, f"the host sent {message.TAG}, which hosts do not send"
                    handler(message)
        except (FrameError, ProtocolError, RecordError) as exc:
            writer.write(pack(protocol.Bye(str(exc))))
            return True, f"the host broke the protocol: {exc}"
        except ConnectionError as exc:
            return False, f"the connection to the host dropped ({exc.strerror or exc})"
        finally:
            self._hung_up.set()
            pinger.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await pinger

    async def _ping(self, writer: asyncio.StreamWriter) -> None:
        frame = pack(protocol.Ping())
        while not writer.is_closing():
            await asyncio.sleep(self._ping_every)
            writer.write(frame)

    def _release(self) -> None:
        if self.seats and self.table_key:
            self.seats.release(self.table_key, self.name)

    # -- what the host says -------------------------------------------------------------

    def _on_welcome(self, welcome: protocol.Welcome) -> None:
        self.role = welcome.role
        self.seat = Player(welcome.seat) if welcome.seat in protocol.SIDES else None
        if self.seats and welcome.key:
            if welcome.key != self.table_key:  # another table than the one last seen here
                self._release()
                self.table_key = welcome.key
            self.seats.keep(welcome.key, self.name, welcome.token, self.address)
        self.token = welcome.token
        self.table_name = welcome.table
        self.join_url = welcome.join_url
        self.welcomes += 1
        self._ping_every = max(welcome.ping_ms, 50) / 1000
        if self._reconnecting:
            self._reconnecting = False
            self._resync = True
            self._emit(Notice("reconnected"))

    def _on_refused(self, refused: protocol.Refused) -> None:
        self._unanswered = None  # the host answered (whatever intent it was: one is enough)
        self._emit(Refused(refused.reason))

    def _answer(self, state: protocol.State, resync: bool) -> None:
        """What became of the move sent last, now that ``state`` came (after a reconnect
        when ``resync``): applied, still awaited (sent once more), or lost, and said so."""
        if self._unanswered is None:
            return
        move, game, resent = self._unanswered
        if state.game != game or len(state.moves) > move.ply:
            self._unanswered = None  # played (by us or, if not, the game moved on anyway)
        elif resync and not resent and self.seat is not None and move.side == self.seat.value:
            # The host has not seen it (a link that went silent swallowed it): once more.
            # The ply makes it safe: a host that did get it refuses a repeat.
            self._unanswered = (move, game, True)
            self.send(move)
        elif resync:
            self._unanswered = None
            self._emit(Refused(f"your move {move.token} did not reach the host: play it again"))

    def _on_party(self, party: protocol.Party) -> None:
        self.party = party
        self._emit(party)

    def _on_state(self, state: protocol.State) -> None:
        before = self.table
        self.table = state
        unchanged = before and before.game == state.game and before.moves == state.moves
        resync = self._resync
        if not unchanged or self._resync:
            # After a reconnect the game is shown again even if unchanged: an intent refused
            # while the connection was down can be made again from it.
            self._resync = False
            self.positions = self._replay(before, state)
            assert self.variant is not None
            self._emit(Snapshot(self.variant, state.moves, self.positions[-1], state.game))
        # Then the whole table (seats, spectators, rematch wishes), whatever changed.
        self._emit(state)
        self._answer(state, resync)

    def _replay(self, before: protocol.State | None, state: protocol.State) -> list[Position]:
        """The positions of ``state``'s tokens, playing only the new ones when the game went on."""
        try:
            variant = make_variant(str(state.variant.get("variant")), dict(state.variant))
        except RulesError as exc:
            raise RecordError(f"the host's game: {exc}") from None
        same_game = before is not None and before.game == state.game and variant == self.variant
        known = before.moves if before and same_game else ()
        if not same_game or state.moves[: len(known)] != known:
            self.variant = variant
            return Record(variant, list(state.moves)).positions()
        positions = list(self.positions)
        for number, token in enumerate(state.moves[len(known) :], start=len(known) + 1):
            positions.append(play_token(positions[-1], token, number))
        return positions


async def _connect(address: tuple[str, int]) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    reader, writer = await asyncio.open_connection(*address)
    # While a host restarts, a connect to its free port on this machine can pick that very
    # port as its source and "connect" to itself (TCP simultaneous open): not a host.
    if writer.get_extra_info("sockname") == writer.get_extra_info("peername"):
        writer.close()
        raise ConnectionRefusedError(111, "nobody listens there")
    return reader, writer


def _retry_after(bye: str) -> bool:
    """Whether a host's bye leaves the way back open: a busy host's, and one that heard
    nothing from us for a while (asleep, we never knew; our seat is held as for any drop)."""
    return bye == protocol.BUSY or bye.startswith(protocol.SILENT)


def _as_told(bye: str) -> str:
    """A host's bye as its player reads it: the one for a silent peer is about us, and says
    so from our side ("the host heard nothing from here for 15 s")."""
    if bye.startswith(protocol.SILENT):
        return f"the host heard nothing from here for{bye.removeprefix(protocol.SILENT)}"
    return bye


def _unreachable(exc: OSError) -> str:
    """Why a connect failed, in words for a player (asyncio's strerror repeats the address)."""
    if isinstance(exc, ConnectionRefusedError):
        return "nobody listens there"
    if isinstance(exc, TimeoutError):
        return "no answer"
    return exc.strerror or str(exc)


def show_address(address: tuple[str, int]) -> str:
    """``HOST:PORT``, an IPv6 host in brackets (``[::1]:7777``): as :func:`parse_address`
    reads it back, and as a URL writes it."""
    host, port = address[:2]
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def parse_address(text: str) -> tuple[str, int]:
    """``HOST:PORT`` (``[v6]:PORT`` too) as a pair; ``ValueError`` with a readable message."""
    host, sep, port = text.strip().rpartition(":")
    bracketed = host.startswith("[") and host.endswith("]")
    if bracketed:
        host = host[1:-1]
    elif ":" in host:  # ::1, or a port twice: looked up as a name, it was "cannot reach"
        raise ValueError(
            f"{text!r} is not HOST:PORT (an IPv6 address goes in brackets: [::1]:7777)"
        )
    # isdigit() alone takes "²" and "٣", which int() refuses.
    if not (sep and host and port.isascii() and port.isdigit() and 0 < int(port) < 65536):
        raise ValueError(f"{text!r} is not HOST:PORT (for example 192.168.1.20:7777)")
    return host, int(port)
