"""Who plays each side of the play screen's game, and how the screen names them.

A game on this screen has people and bots on its sides; at a LAN table the
host says who sits where, and a table this window hosts waits for guests while
a seat is open. The seat rows, the headline, the toasts, a saved record and the
results all name players from here, so they agree.
"""

from __future__ import annotations

from game.client.at_table import LATE_FOR_KNOCKOUT
from game.client.bot_seats import BotSeats
from game.client.couch import CouchSession
from game.client.scene import Context
from game.client.scenes.setup import PERSON, called, seat_title
from game.rules import Player, Position
from game.session import Session


class Seating:
    """The sides of one game on the play screen: ``seats`` maps a side to a bot's level (None
    for a person), ``bots`` are the ones playing here, ``session`` says who sits at a table."""

    def __init__(
        self,
        ctx: Context,
        session: Session,
        seats: dict[Player, str | None],
        bots: BotSeats,
    ) -> None:
        self.ctx = ctx
        self.session = session
        self.seats = seats
        self.bots = bots
        table = ctx.table
        # This machine's LAN addresses, for the line that says where a hosted table is.
        self._addresses = table.host.host.reachable if table and table.host else []

    def people(self) -> frozenset[Player]:
        """The sides played by people at this screen."""
        return frozenset(s for s in self.session.local_sides if s not in self.bots)

    def my_turn(self, pos: Position) -> bool:
        """Whether a person at this screen is to play at ``pos``."""
        return pos.to_play in self.people()

    def seat_name(self, side: Player) -> str:
        """Who sits on ``side``, as the HUD says it."""
        table = getattr(self.session, "table", None)
        if table is None:
            if self.seats.get(side) is not None:
                return seat_title(self.seats.get(side))
            # A person: the player's own name against a bot; two on a couch are X and O.
            alone = sum(level is None for level in self.seats.values()) == 1
            return (self.ctx.settings.player_name or PERSON) if alone else PERSON
        seat = next((s for s in table.seats if s.side == side.value), None)
        if seat is None or seat.name is None:
            return "open seat"
        you = ", you" if side in self.session.local_sides else ""
        away = "" if seat.connected else ", away"
        return f"{seat.name}{you}{away}"

    def called(self, side: Player) -> str:
        """``side``'s player in a sentence: the bare name at a LAN table (the seat rows under
        the headline say who is "you" or "away"), else as the HUD names them."""
        table = getattr(self.session, "table", None)
        if table is None:
            return called(side, {side: self.seat_name(side)})
        seat = next((s for s in table.seats if s.side == side.value), None)
        return seat.name if seat and seat.name else side.value

    def player_of(self, side: Player) -> str:
        """Who plays ``side``, in a sentence: "the O bot", or as the panel names them."""
        return f"the {side} bot" if side in self.bots else self.called(side)

    def chooser(self, pos: Position) -> str:
        """Who chooses the collapse awaited in ``pos``, as the banner says it."""
        who = pos.to_play
        if who is None:
            return "nobody"
        return f"the {who} bot" if who in self.bots else str(who)

    def players(self) -> dict[Player, str]:
        """Who plays each side, as a saved record keeps it: not a person known only as X."""
        return {side: name for side in Player if (name := self.called(side)) != side.value}

    def result_names(self) -> dict[Player, str]:
        """Each side's player as the results say it: a table's players by their bare names
        ("Ada wins"), not tagged as the seat rows tag them ("Ada, you"); elsewhere as the
        panel names them."""
        at_table = getattr(self.session, "table", None) is not None
        name = self.called if at_table else self.seat_name
        return {side: name(side) for side in Player}

    def not_yours(self, pos: Position) -> str:
        """Why a pick on the board does nothing for this player: whose turn, or, for one not
        seated at a LAN table, that they watch (at a party: where they are in the queue)."""
        table = self.ctx.table
        if table is not None and not self.session.local_sides:
            queue = table.party.queue if table.party else ()
            name = self.ctx.settings.player_name
            if table.party and name in table.party.late:
                return LATE_FOR_KNOCKOUT
            if name in queue:
                place = queue.index(name) + 1
                return f"you are number {place} in the queue: you are watching this game"
            if (side := self.seat_to_take()) is not None:
                return f"seat {side.value} is open: pick a cell to sit down"
            return "you are watching this game"
        side = pos.to_play
        if side is None:
            return "the game is over"
        return f"it is {self.player_of(side)}'s turn"

    def seat_to_take(self) -> Player | None:
        """At a LAN table this window watches, a seat nobody holds (its player left, freeing
        it): the watcher takes it by picking on the board. Never at a party, whose host seats
        its players."""
        table = self.ctx.table
        if table is None or table.party is not None or self.session.local_sides:
            return None
        if table.session.table is None:  # the host has not described the table yet
            return None
        return next((side for side in Player if not table.seat_name(side)), None)

    def not_here(self, what: str) -> str:
        """Why ``what`` (undo, hints...) is closed: a party's couch game is played on this
        screen, but it counts for the night."""
        if isinstance(self.session, CouchSession):
            return f"no {what} in a party game: it counts for the night"
        return f"{what} for games on this screen only"

    def rematch_wish(self, pos: Position) -> tuple[str, str | None]:
        """At a LAN table, who asked for a rematch (see ``AtTable.rematch_wish``)."""
        table = self.ctx.table
        return table.rematch_wish() if table and pos.is_over else ("", None)

    def hosting(self) -> str | None:
        """While a seat of a table this window hosts is open, or its player is away: where
        guests join (or come back to) it."""
        table = self.ctx.table
        state = getattr(self.session, "table", None)
        if table is None or table.host is None or state is None:
            return None
        away = next((seat.name for seat in state.seats if seat.name and not seat.connected), None)
        if all(seat.name for seat in state.seats) and away is None:
            return None
        port = table.host.address[1]
        where = ", ".join(f"{a}:{port}" for a in self._addresses) or f"port {port}"
        notes = [table.host_note] if table.host_note else []
        if not table.host.host.announced:
            notes.append("not announced on the LAN: join by address")
        more = f" ({'; '.join(notes)})" if notes else ""
        waiting = "a player" if away is None else f"{away} to come back"
        return f"Hosting at {where}{more}: waiting for {waiting}"

    def open_seat(self) -> bool:
        """Whether the LAN table shown has a seat nobody holds (its game cannot go on)."""
        state = getattr(self.session, "table", None)
        return state is not None and not all(seat.name for seat in state.seats)

    def invitation(self) -> str | None:
        """The address to sit down at from a phone, while a seat of a table hosted here is open."""
        url = getattr(self.session, "join_url", None)
        table = getattr(self.session, "table", None)
        if url and table and any(seat.name is None for seat in table.seats):
            return str(url)
        return None
