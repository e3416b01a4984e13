"""The messages a host and its clients exchange: small frozen values with a type tag.

On the wire a message is a msgpack map: ``{"t": TAG, field: value, ...}``.
:func:`decode` checks the tag and every field's type against the dataclass's
annotations before building the value, so a handler only ever sees a
well-formed message. Moves travel as the record tokens of
``shared/spec/records.md``; the rules decide whether they are legal.

The first message a client sends is :class:`Hello`, carrying
:data:`PROTOCOL_VERSION`; the host's first answer is :class:`Welcome` (or
:class:`Bye` with the reason it will not talk).
"""

from __future__ import annotations

import types
import typing
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, fields
from functools import cache
from typing import Any, ClassVar

# 2: party tables (client queue and emote; host party and emoted).
# 3: welcome.join_url, where phones open the table's page (net/web.py).
#    And party.paused: the host has stopped the move clock.
# 4: welcome.key and the lobby's "key": the table's identity, under which clients keep seats.
# 5: welcome.name, the name the table knows the connection by (tidied, numbered at a party).
# 6: standing.rank, the row's place in the evening's standings: the scoreboard sent holds the
#    best 100 and everyone here, so a guest's place in that list need not be their rank.
# 7: party.away, who dropped and keeps a place in the queue while the games go on.
# 8: state.players, who played each side of the game on the table (they may have left it).
PROTOCOL_VERSION = 8

# Roles a connection can hold at a table.
PLAYER = "player"
SPECTATOR = "spectator"
# Why a host turns away a player who asked for any seat: a window then watches instead.
NO_SEAT_OPEN = "no seat is open at this table"
# Why a host turns away a connection for now (too many at once have yet to say hello): a
# client knocks again a moment later, as the phone page does after any bye it does not know.
BUSY = "the host is busy with new connections"
# How a host's bye to a connection it heard nothing from begins ("... for 15 s"): a client
# that was asleep (a laptop's lid closed) reads it on waking and comes back to its held seat.
SILENT = "no whole message for"
SIDES = ("X", "O")
NAME_LIMIT = 32  # characters in a name at a table
TABLE_NAME_LIMIT = 64  # characters in a table's (a party's) name
# The longest string (in bytes) a message may hold: net.framing's readers refuse more.
MAX_STR = 1024
# What a client's Bye says when the player leaves the table (not a drop: no seat is held).
LEFT = "left the table"


def tidy_name(text: str, limit: int = NAME_LIMIT) -> str:
    """A player's name as everyone is shown it: printable characters only (no control, format
    or private-use ones, no lone surrogate: a name may not clear the host's terminal, turn
    text right to left or fail to encode; but the joiner that makes one emoji of several),
    each run of whitespace one space, at most ``limit`` characters; "" if none. The host
    tidies what it is sent, and a client what it sends, so both know a player by one name."""
    words = ("".join(c for c in word if _printable(c)) for word in text.split())
    return " ".join(word for word in words if word)[:limit].rstrip()


def _printable(c: str) -> bool:
    return c == _JOINER or unicodedata.category(c)[0] != "C"


_JOINER = "\u200d"  # zero width: 👩 + it + 💻 is one emoji, a coder


# The longest reason a refused frame is given (net.framing cuts its own to this too).
REASON_LIMIT = 200


_CUT = "…"


def fitted(text: str, limit: int = MAX_STR) -> str:
    """``text`` in at most ``limit`` bytes of UTF-8: cut short with "…" if it is longer (never
    inside a character)."""
    data = text.encode()
    if len(data) <= limit:
        return text
    return data[: limit - len(_CUT.encode())].decode(errors="ignore") + _CUT


class ProtocolError(ValueError):
    """A frame that is not a message of this protocol; the text is the reason sent back."""


@dataclass(frozen=True, slots=True)
class Message:
    """Base of every message; ``TAG`` names it on the wire."""

    TAG: ClassVar[str]
    # The fields that hold a sentence for people to read: built from names, numbers and what
    # a peer sent, each is cut to what a reader takes (MAX_STR) rather than refused by it.
    SENTENCES: ClassVar[tuple[str, ...]] = ()

    def __post_init__(self) -> None:
        for name in self.SENTENCES:
            object.__setattr__(self, name, fitted(getattr(self, name)))

    def to_wire(self) -> dict[str, Any]:
        wire: dict[str, Any] = {"t": self.TAG}
        for f in fields(self):
            wire[f.name] = _to_wire(getattr(self, f.name))
        return wire

    @classmethod
    def from_wire(cls, data: dict[str, Any]) -> Message:
        """The message ``data`` holds; :class:`ProtocolError` says what is wrong with it."""
        expected, checks = _schema(cls)
        if data.keys() != expected:
            missing = sorted(expected - data.keys())
            extra = sorted(map(quoted, data.keys() - expected))
            what = f"missing {', '.join(missing)}" if missing else f"unknown {', '.join(extra)}"
            # Cut short: 32 keys of 1 KiB would make a Bye too long for the sender to read.
            raise ProtocolError(f"{cls.TAG}: {what}"[:REASON_LIMIT])
        return cls(**{name: check(data[name], where) for name, check, where in checks})


# -- client to host ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Hello(Message):
    """The first message: who connects, as what, and (to reconnect) the seat's token."""

    TAG: ClassVar[str] = "hello"
    version: int
    role: str
    name: str
    seat: str | None = None
    token: str | None = None


@dataclass(frozen=True, slots=True)
class Move(Message):
    """An intent: play ``token`` as ``side``, as the move after the first ``ply`` tokens.

    ``ply`` makes a stale or repeated intent detectable: the host refuses a move
    whose ply is not the number of tokens played so far.
    """

    TAG: ClassVar[str] = "move"
    side: str
    ply: int
    token: str


@dataclass(frozen=True, slots=True)
class Sit(Message):
    """A spectator asks for an empty seat."""

    TAG: ClassVar[str] = "sit"
    seat: str


@dataclass(frozen=True, slots=True)
class Rematch(Message):
    """A seated player wants another game, sides swapped."""

    TAG: ClassVar[str] = "rematch"


@dataclass(frozen=True, slots=True)
class Ping(Message):
    """Proof of life: the host drops a connection that sends no whole message for a while."""

    TAG: ClassVar[str] = "ping"


# -- host to client ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Welcome(Message):
    """Where this connection sits; sent after Hello, after Sit and when a rematch swaps sides."""

    TAG: ClassVar[str] = "welcome"
    version: int
    table: str
    role: str
    seat: str | None
    token: str | None
    ping_ms: int  # send some message at least this often, or be dropped as gone
    join_url: str | None = None  # where phones open this table's page; None: it serves none
    # The table's identity (a party's, at a party), the same after a restart on another port
    # or address: clients keep their seat tokens under it (net.seats).
    key: str = ""
    # The name the others see (tidied; at a party, numbered if taken): a phone finds its own
    # row of the queue and the standings by it.
    name: str = ""


@dataclass(frozen=True, slots=True)
class SeatView(Message):
    """One seat as everyone sees it (nested in :class:`State`)."""

    TAG: ClassVar[str] = "seat"
    side: str
    name: str | None
    connected: bool
    wins: int = 0  # games this player has won at this table (the series: rematches count)


@dataclass(frozen=True, slots=True)
class State(Message):
    """The whole table after every change: the game's tokens and who sits where."""

    TAG: ClassVar[str] = "state"
    game: int
    variant: dict[str, str | int | bool]  # make_variant's fields: the name and options
    moves: tuple[str, ...]
    seats: tuple[SeatView, ...]
    spectators: int
    rematch: tuple[str, ...]
    # Side to name, as its record says: a screen that comes after a finished game's players
    # left names them, not "X" and "O".
    players: dict[str, str]


@dataclass(frozen=True, slots=True)
class Refused(Message):
    """An intent the host turned down, and why."""

    TAG: ClassVar[str] = "refused"
    SENTENCES: ClassVar[tuple[str, ...]] = ("reason",)
    reason: str


@dataclass(frozen=True, slots=True)
class Notice(Message):
    """Something to tell the players: someone joined, left or dropped."""

    TAG: ClassVar[str] = "notice"
    SENTENCES: ClassVar[tuple[str, ...]] = ("text",)
    text: str


@dataclass(frozen=True, slots=True)
class Bye(Message):
    """The last message on a connection the sender is closing, with the reason.

    From a client it means the player is leaving for good (:data:`LEFT`): the host frees
    the seat at once instead of holding it for a reconnect. A host of protocol 5 and
    earlier read it as a client breaking the protocol and closed, which is what the
    client was doing anyway, so no version is needed for it.
    """

    TAG: ClassVar[str] = "bye"
    SENTENCES: ClassVar[tuple[str, ...]] = ("reason",)
    reason: str


@dataclass(frozen=True, slots=True)
class Pong(Message):
    TAG: ClassVar[str] = "pong"


# -- party tables (net/party_host.py): a queue, standings and emotes -------------------


@dataclass(frozen=True, slots=True)
class Queue(Message):
    """Join the party's queue (a spectator) or leave it (to watch, after any game in hand)."""

    TAG: ClassVar[str] = "queue"
    join: bool


@dataclass(frozen=True, slots=True)
class Emote(Message):
    """Show one of the party's predefined reactions to everyone (the host limits the rate)."""

    TAG: ClassVar[str] = "emote"
    emote: str


@dataclass(frozen=True, slots=True)
class Standing(Message):
    """One line of the party's scoreboard (nested in :class:`Party`); points in halves."""

    TAG: ClassVar[str] = "standing"
    name: str
    half_points: int
    played: int
    wins: int
    draws: int
    here: bool
    rank: int  # 1 for the best of the evening (the rows sent may skip some: see Party)


@dataclass(frozen=True, slots=True)
class Party(Message):
    """A party table's queue, scoreboard and clock; sent after every State of such a table."""

    TAG: ClassVar[str] = "party"
    SENTENCES: ClassVar[tuple[str, ...]] = ("status",)
    format: str
    status: str  # a sentence: who plays, who waits, who won the night
    finished: bool
    games: int  # games finished so far
    playing: tuple[str, ...]  # the X player's name, then the O player's, while a game runs
    queue: tuple[str, ...]  # who plays next, first first
    standings: tuple[Standing, ...]  # best first: the evening's best 100, and everyone here
    clock_ms: int  # the move clock (0: none)
    left_ms: int  # what is left of it for the move awaited now
    paused: bool = False  # the host has stopped the clock (left_ms stands still)
    # Knockout: who came after the bracket was drawn (they watch it, and play the next one).
    late: tuple[str, ...] = ()
    # Who in the queue dropped and keeps their place for a while; the games go on without them.
    away: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Emoted(Message):
    """Someone's emote, to show over the board."""

    TAG: ClassVar[str] = "emoted"
    emote: str
    by: str


MESSAGES: dict[str, type[Message]] = {
    cls.TAG: cls
    for cls in (
        *(Hello, Move, Sit, Rematch, Ping, Welcome, State, Refused, Notice, Bye, Pong),
        *(Queue, Emote, Party, Emoted),  # version 2
    )
}


def decode(data: object) -> Message:
    """The message a decoded msgpack value holds; :class:`ProtocolError` if it holds none."""
    if not isinstance(data, dict):
        raise ProtocolError(f"a message is a map, not {_kind(data)}")
    tag = data.get("t")
    cls = MESSAGES.get(tag) if isinstance(tag, str) else None
    if cls is None:
        # A list or a map is named, not shown: one nested a thousand deep has no repr
        # (RecursionError), and it is no type anyway.
        shown = _kind(tag) if isinstance(tag, list | dict) else repr(tag)
        raise ProtocolError(f"unknown message type {shown}"[:REASON_LIMIT])
    return cls.from_wire(data)


# -- the type checks behind from_wire ---------------------------------------------------


Check = Callable[[object, str], Any]


@cache
def _schema(cls: type[Message]) -> tuple[frozenset[str], tuple[tuple[str, Check, str], ...]]:
    """The keys a message of ``cls`` has, and a compiled check for each field."""
    hints = typing.get_type_hints(cls)
    checks = tuple((f.name, _checker(hints[f.name]), f"{cls.TAG}.{f.name}") for f in fields(cls))
    return frozenset(name for name, _, _ in checks) | {"t"}, checks


def _to_wire(value: object) -> object:
    if isinstance(value, Message):
        return value.to_wire()
    if isinstance(value, tuple):
        return [_to_wire(v) for v in value]
    return value


def checked(kind: Any, value: object, where: str) -> Any:
    """``value`` (decoded from msgpack or JSON) held to the type ``kind`` as a message's fields
    are, and converted; :class:`ProtocolError` (a ValueError) says what ``where`` is not.
    Files read back use it too (a saved party)."""
    return _checker(kind)(value, where)


@cache
def _checker(kind: Any) -> Check:
    """A function taking a value (and where it is, for the message) that returns it converted
    to ``kind`` (lists to tuples, maps to messages) or raises ProtocolError. Built once per
    type, so decoding a frame does no introspection."""
    if kind is Any:
        return lambda value, where: value
    origin = typing.get_origin(kind)
    if origin in (types.UnionType, typing.Union):
        options = [_checker(option) for option in typing.get_args(kind)]

        def check_union(value: object, where: str) -> Any:
            for option in options:
                try:
                    return option(value, where)
                except ProtocolError:
                    continue
            raise ProtocolError(f"{where} must be {_name(kind)}, not {_kind(value)}")

        return check_union
    if origin is list:
        each = _checker(typing.get_args(kind)[0])

        def check_list(value: object, where: str) -> Any:
            if not isinstance(value, list):
                raise ProtocolError(f"{where} must be a list, not {_kind(value)}")
            return [each(v, f"{where}[{i}]") for i, v in enumerate(value)]

        return check_list
    if origin is tuple and typing.get_args(kind)[-1] is not Ellipsis:  # a pair, say
        items = [_checker(arg) for arg in typing.get_args(kind)]

        def check_fixed(value: object, where: str) -> Any:
            if not isinstance(value, list | tuple) or len(value) != len(items):
                raise ProtocolError(f"{where} must be a list of {len(items)}, not {_kind(value)}")
            pairs = enumerate(zip(items, value, strict=True))
            return tuple(item(v, f"{where}[{i}]") for i, (item, v) in pairs)

        return check_fixed
    if origin is tuple:
        item = _checker(typing.get_args(kind)[0])

        def check_tuple(value: object, where: str) -> Any:
            if not isinstance(value, list | tuple):
                raise ProtocolError(f"{where} must be a list, not {_kind(value)}")
            try:
                return tuple(item(v, where) for v in value)
            except ProtocolError:
                # Again, naming the index this time (only ever on the way to refusing the frame).
                for i, v in enumerate(value):
                    item(v, f"{where}[{i}]")
                raise

        return check_tuple
    if origin is dict:
        key_kind, value_kind = map(_checker, typing.get_args(kind))

        def check_dict(value: object, where: str) -> Any:
            if not isinstance(value, dict):
                raise ProtocolError(f"{where} must be a map, not {_kind(value)}")
            return {
                key_kind(k, where): value_kind(v, f"{where}[{quoted(k)}]") for k, v in value.items()
            }

        return check_dict
    if isinstance(kind, type) and issubclass(kind, Message):

        def check_message(value: object, where: str) -> Any:
            if not isinstance(value, dict) or value.get("t") != kind.TAG:
                raise ProtocolError(f"{where} must be a {kind.TAG}")
            return kind.from_wire(value)

        return check_message

    exact = (int, float) if kind is float else (kind,)  # JSON may write 2.0 as 2

    def check_exact(value: object, where: str) -> Any:
        # bool is an int in Python: neither may stand for the other on the wire.
        if type(value) not in exact:
            raise ProtocolError(f"{where} must be {_name(kind)}, not {_kind(value)}")
        return value

    return check_exact


# What a sender reads in a refusal: msgpack's names for the types, not Python's.
_WIRE_NAMES: dict[type, str] = {
    str: "a string",
    int: "an integer",
    bool: "a boolean",
    float: "a float",
    bytes: "bytes",
    list: "a list",
    tuple: "a list",
    dict: "a map",
    type(None): "nil",
}


def _name(kind: Any) -> str:
    """What a field of type ``kind`` must be."""
    if typing.get_origin(kind) in (types.UnionType, typing.Union):
        return " or ".join(_name(k) for k in typing.get_args(kind))
    return _WIRE_NAMES.get(kind, getattr(kind, "__name__", str(kind)))


def quoted(key: object) -> str:
    """What a sender chose (a key, a seat, an emote), as a reason names it: quoted, so that no
    control character it holds (a terminal's escape sequence) reaches the host's log or a
    player's screen raw, and cut short (it may be a kilobyte: the reason must fit as much)."""
    text = repr(key)
    return text if len(text) <= 40 else f"{text[:39]}…"


def _kind(value: object) -> str:
    """What ``value`` is."""
    return _WIRE_NAMES.get(type(value), type(value).__name__)
