"""Where a game's truth lives, seen from one screen: the seat/session interface.

A scene never edits the rules state. It hands intents (an :class:`Action`
for a side it may play) to a :class:`Session` and, once a frame, drains the
session's events. :class:`LocalSession` keeps the engine in this process;
the network client offers the same interface for a game whose engine runs
on a host, so the client has one code path for both.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from game.records import Record
from game.rules import Action, Player, Position, RulesError, Variant


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The game as it now stands: every token so far and the position they reach.

    ``game`` counts the games played at one table (a rematch or a party's next game
    is a new number), so a screen can tell a new game from the same one going on.
    """

    variant: Variant
    moves: tuple[str, ...]
    position: Position
    game: int = 1


@dataclass(frozen=True, slots=True)
class Refused:
    """An intent the rules (or the host) turned down, with the reason in words."""

    reason: str


@dataclass(frozen=True, slots=True)
class Notice:
    """Something a player should read that is not a move: a player joined, a connection dropped."""

    text: str


Event = Snapshot | Refused | Notice


class Session(Protocol):
    """One screen's view of a game: it submits intents and reads what happened."""

    @property
    def local_sides(self) -> frozenset[Player]:
        """The sides whose intents this screen may submit."""
        ...

    def submit(self, action: Action) -> None:
        """Ask for ``action`` on behalf of the side to play; the answer comes as an event."""
        ...

    def events(self) -> list[Event]:
        """Everything that happened since the last call; never blocks."""
        ...

    def close(self) -> None: ...


class LocalSession:
    """A game whose engine runs here: couch play, and the host's own record keeping.

    Undo and redo step through the record one token at a time, so a collapse
    is a step of its own.
    """

    def __init__(
        self,
        variant: Variant,
        local_sides: frozenset[Player] = frozenset(Player),
        record: Record | None = None,
    ) -> None:
        self.record = record or Record(variant)
        self._positions = self.record.positions()
        self._undone: list[str] = []
        self._local_sides = local_sides
        self._pending: list[Event] = [self.snapshot()]

    @property
    def local_sides(self) -> frozenset[Player]:
        return self._local_sides

    @property
    def position(self) -> Position:
        return self._positions[-1]

    def snapshot(self) -> Snapshot:
        return Snapshot(self.record.variant, tuple(self.record.moves), self.position)

    def submit(self, action: Action) -> None:
        pos = self.position
        if pos.to_play not in self._local_sides:
            self._pending.append(Refused("it is not your turn"))
            return
        try:
            after = self.record.append(pos, action)
        except RulesError as exc:
            self._pending.append(Refused(str(exc)))
            return
        self._positions.append(after)
        self._undone.clear()
        self._pending.append(self.snapshot())

    def undo(self) -> bool:
        if len(self._positions) == 1:
            return False
        self._undone.append(self.record.moves.pop())
        self._positions.pop()
        self._pending.append(self.snapshot())
        return True

    def redo(self) -> bool:
        if not self._undone:
            return False
        token = self._undone.pop()
        pos = self.position
        self._positions.append(pos.play(pos.variant.parse_token(token)))
        self.record.moves.append(token)
        self._pending.append(self.snapshot())
        return True

    def events(self) -> list[Event]:
        events, self._pending = self._pending, []
        return events

    def close(self) -> None:
        pass
