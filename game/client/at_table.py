"""The table this window sits at, held by the app for as long as the player is there.

A LAN game outlives any one screen: the board, the results, the big screen
and whatever overlay comes next are all views of one connection. So the app,
not a scene, holds it in an :class:`AtTable`: the
:class:`~net.session.NetworkSession`, and what this window started with it (a
host, a bot). Once a frame the app drains the session's events into
:meth:`AtTable.take`, which keeps the last of each kind (so a scene entering
now can draw the table as it stands), and hands every event to the current
scene's ``receive``: no screen shown at a table can go deaf.

The app closes the table (the session, the host, the bot) when the player goes
to a screen that is not a view of it (:data:`TABLE_SCENES`): they leave it, and
their seat is free for someone else at once. When the window closes, the seat
is held for them instead, to take back when the game starts again.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.client.couch import CouchSession
from game.rules import Player, Variant
from game.session import Notice, Snapshot
from net import protocol
from net.client import TableEvent
from net.host import HostHandle
from net.loopthread import LoopThread
from net.session import NetworkSession

# What a player who came after a knockout's draw is told: no queue reaches them tonight.
LATE_FOR_KNOCKOUT = (
    "you came after the knockout's draw: you watch this bracket, and play in the next evening's"
)

# What each party format is called on screen.
FORMAT_TITLES = {
    "winner-stays": "Winner stays",
    "round-robin": "Round robin",
    "knockout": "Knockout",
}


@dataclass
class AtTable:
    """One network table: the session, what was started with it, and its last news."""

    session: NetworkSession | CouchSession  # a party this window hosts: the couch's
    host: HostHandle | None = None  # a table this window hosts
    bot: LoopThread | None = None  # a bot this window put in the other seat
    snapshot: Snapshot | None = None  # the game as last reported
    party: protocol.Party | None = None  # a party's queue, scoreboard and clock
    news: list[str] = field(default_factory=list)  # the notices, oldest first (the last 20)
    host_note: str = ""  # what to know about this window's host (a port it could not have)
    down_since: float | None = None  # Context.time when the link was seen to drop (link.py)

    def take(self, event: TableEvent) -> None:
        """Note ``event`` (the app calls this before any scene hears it)."""
        if isinstance(event, Snapshot):
            self.snapshot = event
        elif isinstance(event, protocol.Party):
            self.party = event
        elif isinstance(event, Notice):
            self.news = [*self.news[-19:], event.text]

    @property
    def variant(self) -> Variant | None:
        return self.snapshot.variant if self.snapshot else None

    @property
    def game(self) -> int:
        """The number of the game on the table (0 before the host has described it)."""
        return self.snapshot.game if self.snapshot else 0

    @property
    def seated(self) -> bool:
        """Whether this window plays a side of the game on the table."""
        return bool(self.session.local_sides)

    def seat_name(self, side: Player) -> str | None:
        """Who sits on ``side`` as the host last said, or None for an empty seat."""
        table = self.session.table
        seat = next((s for s in table.seats if s.side == side.value), None) if table else None
        return seat.name if seat else None

    def names(self) -> set[str]:
        """The players' names the host last told (see :func:`names_told`)."""
        return names_told(self.session.table, self.party)

    def rematch_wish(self) -> tuple[str, str | None]:
        """Who asked for a rematch of the finished game: ("", None) nobody, ("mine", them)
        this player (waiting for ``them``), ("theirs", them) the other player."""
        state = self.session.table
        if state is None or not state.rematch:
            return "", None
        mine = {side.value for side in self.session.local_sides}
        other = next((s for s in state.seats if s.side not in mine), None)
        them = other.name if other and other.name else "the other player"
        if mine & set(state.rematch):
            return "mine", them
        return ("theirs", them) if mine else ("", None)

    def close(self, leave: bool) -> None:
        """Close the session, then the host (it says goodbye, so a bot's connection ends
        cleanly), then the bot. ``leave``: the player is leaving the table, which frees the
        seat at once; otherwise (the window is closing) the host holds it for their return."""
        # Not from a table this window hosts: it closes next, and its guests should read that
        # (to be continued) rather than that its seat is open; the seat is the window's to
        # continue with.
        self.session.close(leave and self.host is None)
        if self.host is not None:
            self.host.stop()
        if self.bot is not None:
            self.bot.stop()


def names_told(state: protocol.State | None, party: protocol.Party | None) -> set[str]:
    """The players' names a table's messages tell (its seats, a party's queue and rows)."""
    names = {seat.name for seat in state.seats if seat.name} if state else set()
    if party is not None:
        names.update(party.playing, party.queue, (row.name for row in party.standings))
    return names


def next_game(state: protocol.State) -> str:
    """What the next game at a plain table waits for, the one on it being over, as whoever
    watches is told: players to sit down, or their rematch (who asked, who is to answer)."""
    seated = {seat.side: seat.name for seat in state.seats if seat.name}
    if not seated:
        return "Both players have left: the next two to sit down play a new game"
    if len(seated) < len(state.seats):
        (name,) = seated.values()
        free = next(seat.side for seat in state.seats if not seat.name)
        return f"{name} waits for someone to sit at {free} for the next game"
    asked = [name for side, name in seated.items() if side in state.rematch]
    others = [name for side, name in seated.items() if side not in state.rematch]
    if not asked or not others:  # (both asked: the host has put the next game on already)
        return "A rematch starts once both players ask for it"
    return f"{asked[0]} asks for a rematch: waiting for {others[0]}"


def clock_left(party: protocol.Party, heard: float, now: float) -> float:
    """Seconds left on a party's move clock at ``now``, told ``heard``: it runs down from the
    host's last word, and a clock the host paused stands still until its next."""
    running = 0.0 if party.paused else now - heard
    return max(0.0, party.left_ms / 1000 - running)


def series(state: protocol.State | None) -> str | None:
    """The score of the series at a table ("Ada 2 – 1 Bo", X's player first) once a game
    has been won there; None before, and at a party (whose standings say more)."""
    if state is None or len(state.seats) != 2:
        return None
    x, o = state.seats
    if not (x.name and o.name) or not (x.wins or o.wins):
        return None
    return f"{x.name} {x.wins} – {o.wins} {o.name}"
