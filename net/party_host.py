"""A party host: one table, many players in a queue, a format deciding who plays next.

:class:`PartyHost` is a :class:`~net.host.Host` whose players join a queue
instead of a seat. :class:`~net.party.Party` (pure logic) picks each game's
two players; the host seats them (a Welcome with the seat and its token),
and when the game ends it shows the final board for a moment, then seats
the next two. After every State it sends a :class:`~net.protocol.Party`:
the queue, the scoreboard and the move clock.

Nothing stops the table: a player who drops (a phone asleep, a page reloaded)
keeps their place in the queue for the reconnect grace while the games go on
without them; a seated one keeps the seat for the rest of the game (reclaimed
with its token) while a stand-in (a beginner bot) moves for them, until they
are back. With a move clock, a player whose time runs out gets a random legal
action instead.

Every game's record (``party-NAME-game000001.json``) and the party's state
(``party-NAME.json``) are kept in the save dir, and the standings are
always computed from the records: a host started again with the same name
and save dir carries on the same evening, and a game cut short by the
restart goes on where it stopped (its players reclaim their seats).
"""

from __future__ import annotations

import asyncio
import re
import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from random import Random

from game.ai import Bot, make_bot
from game.records import Record, RecordError, read_record
from game.rules import Action, Player, Position, Variant
from game.textview import points
from net import discovery
from net.connection import Connection
from net.framing import pack
from net.host import OWN_TOKEN, Host, HostConfig
from net.party import (
    EMOTES,
    FORMATS,
    RECORD_FIELD,
    GameResult,
    Party,
    RateLimit,
    party_field,
    result_of,
    standings,
)
from net.party import Standing as PartyStanding
from net.protocol import (
    NAME_LIMIT,
    PLAYER,
    PROTOCOL_VERSION,
    SIDES,
    SPECTATOR,
    Bye,
    Emote,
    Emoted,
    Hello,
    Move,
    Queue,
    Refused,
    Rematch,
    Sit,
    Standing,
    quoted,
    tidy_name,
)
from net.protocol import Party as PartyMessage
from net.table import Seat, Table, file_slug, records_to_resume


@dataclass
class PartyConfig:
    """How a party runs; the defaults are for a real evening."""

    format: str = FORMATS[0]
    start_at: int = 2  # players present before the first game
    games: int | None = None  # winner stays: the evening's length in games (None: endless)
    # Seconds a player has for each move (0: no clock): generous, so that nobody is hurried,
    # but a party never waits for ever on a player who is connected and gone.
    clock: float = 60.0
    stand_in: float = 2.0  # seconds before a stand-in moves for a player who dropped
    stand_in_level: str = "beginner"  # the bot that stands in (one of game.ai.LEVELS)
    between: float = 4.0  # seconds the finished board stays up before the next game
    emote_burst: int = 3  # emotes one connection may send at once ...
    emote_every: float = 2.0  # ... and then one every this many seconds
    seed: int | None = None  # for the clock's random actions and the stand-in's choices


# Joining or leaving the queue: a connection may do it this often at once, then once every
# QUEUE_EVERY seconds.
QUEUE_BURST = 4
QUEUE_EVERY = 1.0
# Everyone's name goes to every screen with each change of the party (the queue, and the
# scoreboard's rows): past these, one message would outgrow what a reader takes
# (net.framing), so a party is full at PARTY_GUESTS here at once, and the scoreboard sent
# holds the best STANDINGS_SENT of the evening and everyone here (whose own row it shows).
PARTY_GUESTS = 100
STANDINGS_SENT = 100
# Guests gone without playing whom the party keeps (their token and their row of no games),
# the latest to come: a full party's twice over (see Party.forget_passers_by).
PASSERS_BY = 2 * PARTY_GUESTS

# What a guest who joins the queue reads of it (the others: "Ada joins the queue").
JOINED = "you are in the queue"

# What everyone reads of a move the host plays for someone, and what that player reads
# instead, spoken to (None: a stand-in plays for a player who is away, so nobody is there).
TIME_UP = ("time is up for {name}: {move}", "your time ran out: {move} was played for you")
STAND_IN = ("a stand-in plays for {name}: {move}", None)


# The digits of a game's number in its record's name: a listing of the folder (ls, a file
# manager, sorted()) shows the evening in the order it was played up to a million games, a
# game every 4 s for 46 days; past that the names go on, wider, and still read back.
RECORD_DIGITS = 6


def party_file(save_dir: Path, name: str) -> Path:
    """Where the party called ``name`` keeps its state (its games: :func:`party_record`)."""
    return save_dir / f"party-{file_slug(name, 'party')}.json"


def party_record(save_dir: Path, name: str, number: int) -> Path:
    """Where game ``number`` of the party called ``name`` keeps its record."""
    return save_dir / _record_name(party_file(save_dir, name).stem, number)


def party_records(save_dir: Path, name: str) -> list[Path]:
    """The records of the party called ``name``'s games in ``save_dir``, in the order of their
    numbers, whatever their digits (an evening saved before :data:`RECORD_DIGITS` has three),
    one for each game (:func:`_by_game`). Not those of a party whose name starts the same
    (``name`` game 2's, say)."""
    stem = party_file(save_dir, name).stem
    return list(_by_game(stem, save_dir.glob(f"{stem}-game*.json")).values())


def _record_name(stem: str, number: int) -> str:
    """The name of game ``number``'s record, for the party whose file's stem is ``stem``."""
    return f"{stem}-game{number:0{RECORD_DIGITS}d}.json"


def _by_game(stem: str, paths: Iterable[Path]) -> dict[int, Path]:
    """Those of ``paths`` named as records of the party whose file's stem is ``stem``, by game
    number, in the order of the numbers.

    One path for each game: where two names hold one game (``game001`` and ``game000001``:
    an old host's record copied back beside the one a new host renamed it to), the name
    :func:`party_record` gives it now is read, the one a host goes on writing; the other is
    left as it is, unread. Between two old names, the first by name."""
    found: dict[int, Path] = {}
    for path in sorted(paths):
        number = _game_number(stem, path)
        if number is not None and (number not in found or path.name == _record_name(stem, number)):
            found[number] = path
    return dict(sorted(found.items()))


def _game_number(stem: str, path: Path) -> int | None:
    """The game number in the name of a record of the party whose file's stem is ``stem``."""
    named = re.fullmatch(rf"{re.escape(stem)}-game(\d+)\.json", path.name)
    return int(named.group(1)) if named else None


class PartyHost(Host):
    """Serves one party until :meth:`close`.

    ``table`` names the party and gives its rules and save dir (its own
    record is never written). ``ValueError`` if the save dir holds a party of
    that name in another format.
    """

    def __init__(
        self,
        table: Table,
        config: HostConfig,
        party: PartyConfig,
        log: Callable[[str], None] | None = None,
    ) -> None:
        super().__init__(table, config, log)
        self.party_config = party
        self.variant = table.variant
        self.party_id = table.name
        self.party_path = party_file(table.save_dir, table.name)
        self._party_unsaved: str | None = None  # why the party's file was last refused
        self.party, self.table, self.last_game = self._restore(table)
        self._rng = Random(party.seed)
        self._emotes = RateLimit(party.emote_burst, party.emote_every)
        self._queue_changes = RateLimit(QUEUE_BURST, QUEUE_EVERY)
        self._ranked: tuple[object, list[PartyStanding]] = (None, [])  # see _standings
        # What the move clock runs for (game, ply, whether the mover is connected), and when.
        self._clock_key: tuple[int, int, bool] | None = None
        self._clock: asyncio.TimerHandle | None = None
        self._deadline: float | None = None
        self._next: asyncio.TimerHandle | None = None  # the pause before the next game
        self._thinking: asyncio.Future[None] | None = None  # a stand-in choosing a move
        self._bots: dict[Variant, Bot] = {}  # the stand-in, by the rules it plays
        self._grace: asyncio.TimerHandle | None = None  # after a restart: the wait for players
        self._away: dict[str, asyncio.TimerHandle] = {}  # by name: when their place is given up
        self._retiring: set[asyncio.Future[None]] = set()  # earlier games' last renames
        self._announced_end = self.party.finished
        self.paused = False  # the host has stopped the move clock
        # The move the clock was stopped on (as the clock's key) and the seconds it had left.
        self._stopped_at: tuple[tuple[int, int, bool], float] | None = None
        self._handlers[Queue] = self._on_queue
        self._handlers[Emote] = self._on_emote

    async def start(self) -> None:
        await super().start()
        if self.party.expected:
            # After a restart: wait for the players who were here, but not for ever.
            loop = asyncio.get_running_loop()
            self._grace = loop.call_later(self.config.reconnect_grace, self._stop_waiting)
        self._start_next()

    def _stop_waiting(self) -> None:
        if self.party.expected:
            for name in list(self.party.expected):
                self.party.leave(name)
            self._save_party()
            self._changed("the party goes on without those who have not come back")
        self._start_next()

    async def close(self) -> None:
        for timer in (self._clock, self._next, self._grace, self._thinking, *self._away.values()):
            if timer:
                timer.cancel()
        await super().close()
        if self._retiring:  # a closed host has every game of the night on disk
            await asyncio.wait(self._retiring)

    def _retire(self, table: Table) -> None:
        """Let a game's last renames reach the disk off the loop; then its worker ends."""
        closing = asyncio.get_running_loop().run_in_executor(None, table.close)
        self._retiring.add(closing)
        closing.add_done_callback(self._retiring.discard)

    # -- people arriving and leaving ------------------------------------------------------

    def _on_hello(self, conn: Connection, hello: Hello) -> None:
        # Spectators, refusals and players reclaiming a seat of the game in hand: as anywhere.
        # (A seat of a game that ended without them is not one: they are back in the queue.)
        reclaim = (
            hello.token is not None
            and not self.table.position.is_over
            and self.table.holder(hello.token) is not None
        )
        member = None if reclaim or hello.version != PROTOCOL_VERSION else self._member(hello.token)
        if member is not None and hello.role == SPECTATOR:
            # A member who watches, back (a phone that slept or reloaded): the same person,
            # out of the queue, who may join it again as the same row of the standings.
            self._replace(member, conn)
            conn.name = member
            self.party.leave(member)
            self._save_party()
            self._watches(conn)
            self._changed(f"{member} is watching", (conn, "you are back, watching"))
            self._start_next()  # after a restart, the party need not wait for them
            return
        if hello.role != PLAYER or hello.version != PROTOCOL_VERSION or reclaim:
            if hello.role != PLAYER and not reclaim:
                # A watcher may join the queue later: under a name of its own, never a
                # member's (whose token the queue's welcome would hand over). A token that is
                # no member's and holds no seat (another evening's) is no reason to turn
                # them away; one the page made itself is kept as the watcher's own, to be a
                # member by if they join the queue (see OWN_TOKEN).
                conn.own_token = hello.token
                hello = replace(hello, name=self._unique(hello.name, conn), token=None)
            super()._on_hello(conn, hello)
            if conn.seat is not None:  # back at their seat, under the party's name for them
                self.party.join(conn.name)
                self._party_changed()
            return
        if member is not None:
            # Someone the party knows, back (a new connection, a restarted program or host):
            # the same name, so the same row in the standings.
            self._replace(member, conn)
            self._back(conn, member)
            return
        name = tidy_name(hello.name)
        if name in self.party.expected and not any(c.name == name for c in self.connections):
            self._back(conn, name)
            return
        # Anyone else (a token of another evening too) is new here and joins the queue.
        if self._full(conn):
            return
        conn.name = self._unique(hello.name, conn)
        self._enqueue(conn, f"{conn.name} joins the queue", JOINED, offered=hello.token)

    def _member(self, offered: str | None) -> str | None:
        """The party name of the member whose token is ``offered``, if any."""
        if offered is not None:
            for name, token in self.party.members.items():
                if secrets.compare_digest(token.encode(), offered.encode()):
                    return name
        return None

    def _replace(self, name: str, conn: Connection) -> None:
        """End any other connection of the member ``name`` (one half-dead, or left behind)."""
        for other in list(self.connections):
            if other is not conn and other.name == name and other.role is not None:
                other.send(Bye("you joined again from another connection"))
                other.seat, other.role = None, None
                other.close()

    def _token_for(self, conn: Connection) -> str | None:
        # A party member's one token, in the queue or watching: it names them, holds their
        # seats and keeps their row. (A watcher who is no member has a name no member has,
        # and the token it made itself, if any.)
        if conn.role is None:
            return None
        return self.party.members.get(conn.name) or self._own(conn.own_token)

    def _back(self, conn: Connection, name: str) -> None:
        """After a restart, one of the evening's players comes back under their name: a new
        process (a window started again, a bot) has no seat token, so a seat of theirs in the
        game cut short is theirs again, and otherwise they take their place in the queue."""
        conn.name = name
        held = [seat for seat in self.table.seats.values() if seat and seat.name == name]
        if held and not held[0].connected and not self.table.position.is_over:
            self._reclaim(conn, held[0].token)
            self.party.join(name)
            self._party_changed()
            self._start_next()
        else:
            self._enqueue(conn, f"{name} is back", "you are back in the queue")

    def _on_sit(self, conn: Connection, _: Sit) -> None:
        self._on_queue(conn, Queue(True))

    def _on_queue(self, conn: Connection, queue: Queue) -> None:
        # In the queue: a player present. A player who asked to watch after the game in
        # hand is still seated in it, but out of the queue (and may ask to come back).
        queued = conn.role == PLAYER and conn.name in self.party.present
        if queue.join == queued:
            said = "you are in the queue already" if queue.join else "you are not in the queue"
            conn.send(Refused(said))
        elif not self._queue_changes.allow(conn, asyncio.get_running_loop().time()):
            # Each change goes to everyone (and to the party's file): a flood of them would
            # cut the phones off behind the frames it sends them.
            conn.send(Refused(f"one change of the queue every {QUEUE_EVERY:g} s, please"))
        elif queue.join:
            if not self._full(conn):
                self._enqueue(conn, f"{conn.name} joins the queue", JOINED, offered=conn.own_token)
        else:
            self.party.leave(conn.name)
            self._save_party()
            if conn.seat is None or self.table.position.is_over:
                # No game in hand (a finished one keeps its seats until the next starts).
                self._watches(conn)
                said = f"{conn.name} leaves the queue to watch"
                self._changed(said, (conn, "you leave the queue to watch"))
            else:
                said = f"{conn.name} will watch after this game"
                self._changed(said, (conn, "you will watch after this game"))
            self._start_next()

    def _watches(self, conn: Connection) -> None:
        """``conn``, out of the queue, watches from now: no seat, told so."""
        conn.seat, conn.role = None, SPECTATOR
        self._welcome(conn)

    def _full(self, conn: Connection) -> bool:
        """Whether the party has all the players it can hold here, said to ``conn`` if so
        (a connection still to be welcomed is sent away: it may watch instead), or, for a
        newcomer, all the people: players who leave the queue watch, past the spectators'
        limit (a guest is not sent away for that), so without this a peer joining and then
        leaving the queue, again and again, would hold connections without end, each sent
        every change of the party."""
        # Said with what the guest can do about it: the page shows it on its own, in place of
        # the game (assets/web/link.js).
        if len(self.party.present) - len(self._places_to_give()) >= PARTY_GUESTS:
            watch = "" if conn.role else "you can watch, and "
            said = f"the party is full: {PARTY_GUESTS} players are here; {watch}"
            said += "join the queue once someone leaves"
        elif conn.role is None and self._people() >= PARTY_GUESTS + self.config.spectator_limit:
            said = f"the party is full: {self._people()} people are here; try again later"
        else:
            return False
        if conn.role is None:
            conn.send(Bye(said))
            conn.close()
        else:
            conn.send(Refused(said))
        return True

    def _places_to_give(self) -> list[str]:
        """Those away whose places a newcomer may take, longest away first: not those a
        restarted party waits for (it waits a while only)."""
        return [name for name in self.party.away if name not in self.party.expected]

    def _people(self) -> int:
        """Connections welcomed to the party: players and watchers."""
        return sum(1 for c in self.connections if c.role is not None)

    def _enqueue(
        self, conn: Connection, notice: str, yours: str | None = None, offered: str | None = None
    ) -> None:
        # ``notice`` is what everyone reads, ``yours`` what the guest reads instead, if other.
        # A member from now (a watcher joining the queue too): the token (the one offered,
        # if it is the guest's own) holds their seats and keeps their name, and their row of
        # the standings, from anyone else.
        token = self._own(offered) or secrets.token_urlsafe(16)
        self.party.members.setdefault(conn.name, token)
        conn.role = PLAYER
        self._welcome(conn)
        given = self._places_to_give()
        if (
            conn.name not in self.party.present
            and len(self.party.present) >= PARTY_GUESTS
            and given
        ):
            # Someone here takes the place kept longest for someone away (the messages
            # carry PARTY_GUESTS names at most).
            self._give_up_on(given[0])
        self.party.join(conn.name)
        self._save_party()
        if self.party.finished:
            # No game is left tonight: not a queue to join, whatever brought them.
            yours = "the party is over: no more games tonight"
            notice = f"{conn.name} is here, but {yours}"
        elif conn.name in self.party.late:
            # No queue will reach them tonight: say what happens instead.
            yours = "you came after the draw: watching till the next knockout"
            notice = f"{conn.name} came after the draw: watching till the next knockout"
        self._changed(notice, (conn, yours) if yours else None)
        self._start_next()

    def _own(self, offered: str | None) -> str | None:
        """``offered``, if it may be a newcomer's own token: made as hard to guess as the
        host's, and no member's."""
        if offered is None or not OWN_TOKEN.fullmatch(offered) or self._member(offered) is not None:
            return None
        return offered

    def _unique(self, wanted: str, conn: Connection) -> str:
        """``wanted`` made tidy, with a number added if someone here, or a member of the
        party (who comes back with their token), already has it."""
        name = tidy_name(wanted) or "player"
        taken = {c.name for c in self.connections if c is not conn and c.role is not None}
        taken.update(self.party.members)  # a member away is still in the standings
        if not self.table.position.is_over:
            taken.update(seat.name for seat in self.table.seats.values() if seat)
        base, number = name, 1
        while name in taken:
            number += 1
            name = f"{base[: NAME_LIMIT - 3]} {number}"
        return name

    def _leave(self, conn: Connection) -> None:
        self._emotes.forget(conn)
        self._queue_changes.forget(conn)
        if conn.role != PLAYER or self._closing:
            super()._leave(conn)
            if not self._closing and self._forget_passers_by():
                self._save_party()
            return
        self.connections.discard(conn)
        name = conn.name
        kept = not conn.left and name in self.party.present and not self.party.finished
        if kept:
            # Cut off, not gone (a phone asleep, a page reloaded): their place waits for them.
            self.party.drop(name)
            if earlier := self._away.get(name):
                earlier.cancel()  # an earlier drop's, back since
            loop = asyncio.get_running_loop()
            self._away[name] = loop.call_later(self.config.reconnect_grace, self._gone, name)
        else:
            self.party.leave(name)
        self._forget_passers_by()
        self._save_party()
        seat = self.table.seats[conn.seat] if conn.seat else None
        if seat:
            seat.connected = False
        if seat is not None and not self.table.position.is_over:
            if conn.left:
                self._changed(f"{name} left; a stand-in plays for them")
            else:
                self._changed(f"{name} dropped; a stand-in plays for them until they are back")
        elif kept:
            grace = self.config.reconnect_grace
            self._changed(f"{name} dropped; their place in the queue is kept for {grace:g} s")
        else:
            self._changed(f"{name} left")
        self._start_next()  # the game they were next for goes on without them

    def _gone(self, name: str) -> None:
        """The reconnect grace of ``name``, away, is over: their place goes to the others."""
        self._away.pop(name)
        if name in self.party.away:
            self._give_up_on(name)
            self._save_party()
            self._changed(f"{name} did not come back and leaves the queue")
            self._start_next()

    def _give_up_on(self, name: str) -> None:
        """``name``, away, leaves the queue."""
        timer = self._away.pop(name, None)
        if timer:
            timer.cancel()
        self.party.leave(name)
        self._forget_passers_by()

    def _forget_passers_by(self) -> bool:
        here = (c.name for c in self.connections if c.role is not None)
        return self.party.forget_passers_by(PASSERS_BY, here)

    def _hold(self, seat: Seat) -> None:
        """A party never frees a seat during a game: the stand-in plays for whoever is away."""

    def _on_rematch(self, conn: Connection, _: Rematch) -> None:
        conn.send(Refused("at a party the queue decides who plays next"))

    def _on_emote(self, conn: Connection, emote: Emote) -> None:
        if emote.emote not in EMOTES:
            said = f"there is no emote {quoted(emote.emote)}; try {', '.join(EMOTES)}"
            conn.send(Refused(said))
        elif not self._emotes.allow(conn, asyncio.get_running_loop().time()):
            conn.send(Refused(f"one emote every {self.party_config.emote_every:g} s, please"))
        else:
            self._broadcast(pack(Emoted(emote.emote, conn.name)))

    # -- games --------------------------------------------------------------------------

    def _on_move(self, conn: Connection, move: Move) -> None:
        played = len(self.table.record.moves)
        super()._on_move(conn, move)
        if len(self.table.record.moves) > played:
            self._after_move()

    def _after_move(self) -> None:
        if not self.table.position.is_over:
            return
        finished = result_of(self.table.record, self.party_id)
        assert finished is not None, "a party game's record names its players"
        number, result = finished
        self.party.finish_game(result)
        self._save_party()
        for conn in self.connections:
            if conn.seat is not None and conn.name not in self.party.present:
                self._watches(conn)  # they asked to leave the queue during the game
        outcome = self.table.position.outcome
        assert outcome is not None
        self._changed(f"game {number}: {_verdict(result, outcome.shared)}")
        loop = asyncio.get_running_loop()
        self._next = loop.call_later(self.party_config.between, self._after_pause)

    def _after_pause(self) -> None:
        self._next = None
        self._start_next()

    def _start_next(self) -> None:
        """Seat the next two players if the format names them and no game is on."""
        if self._next is not None or self.table.running or self.party.playing:
            return
        pair = self.party.next_game()
        if pair is None:
            self._save_party()
            if self.party.finished and not self._announced_end:
                self._announced_end = True
                self._changed(f"the party is over: {self.party.status()}")
            return
        by_name = {c.name: c for c in self.connections if c.role == PLAYER}
        self.last_game += 1
        number = self.last_game
        table = Table(
            self.table.name,
            Record(self.variant),
            self.table.save_dir,
            party_record(self.table.save_dir, self.party_id, number),
        )
        table.game = number
        table.record.extra[RECORD_FIELD] = party_field(self.party_id, number, *pair)
        for conn in self.connections:
            if conn.seat is not None:
                conn.seat = None
                self._welcome(conn)
        self._retire(self.table)
        self.table = table
        for side, name in zip(Player, pair, strict=True):
            table.sit(name, side, self.party.members.get(name))
            conn = by_name[name]
            conn.seat = side
            self._welcome(conn)
        self._save_party()
        self._changed(f"game {number}: {pair[0]} (X) against {pair[1]} (O)")

    # -- the host's controls (the window that runs this host calls them on its thread) -------

    def kick(self, name: str) -> bool:
        """Remove ``name`` from the party: they are told why and their connection closes; a
        game of theirs in hand is finished by the stand-in. The games they played stay in the
        standings (the records say what was played), but neither their token nor their name
        brings them back: they may come again only as someone new ("Ann 2"). Whether the
        party knew that name."""
        gone = [c for c in self.connections if c.name == name and c.role is not None]
        if not gone and name not in self.party.present and name not in self.party.members:
            return False
        self.party.leave(name)
        if name in self.party.members:
            # Still a member's name, so nobody new is given it (and its row), but nobody's.
            self.party.members[name] = secrets.token_urlsafe(16)
        self._save_party()
        held = [seat for seat in self.table.seats.values() if seat and seat.name == name]
        for seat in held:
            # Nobody can reclaim it now, nor after a restart: the stand-in plays the game out.
            seat.token, seat.connected = secrets.token_urlsafe(16), False
        if held:
            self.table.save()
        for conn in gone:
            conn.role, conn.seat = None, None  # gone already: leaving says nothing more
            conn.send(Bye("the host removed you from the party"))
            conn.close()
        self._changed(f"the host removed {name} from the party")
        self._start_next()
        return True

    def pause(self, paused: bool) -> None:
        """Stop the move clock (``True``) or let it run on from where it stopped."""
        if paused == self.paused:
            return
        self.paused = paused
        if paused and self._clock_key is not None and self._deadline is not None:
            left = max(0.0, self._deadline - asyncio.get_running_loop().time())
            self._stopped_at = (self._clock_key, left)
        self._clock_key = None  # armed again, paused or not, by the broadcast below
        self._changed("the host paused the clock" if paused else "the clock runs again")

    def next_now(self) -> None:
        """Start the next game now rather than after the pause between games."""
        if self._next is not None:
            self._next.cancel()
            self._after_pause()

    def end_night(self) -> None:
        """End the party now: a game in hand is left unfinished and counts for nobody."""
        if self.party.finished:
            return
        for timer in (self._clock, self._next, self._thinking):
            if timer:
                timer.cancel()
        self._clock = self._next = self._thinking = None
        self._clock_key = self._deadline = None
        in_hand = not self.table.position.is_over
        self.party.end()
        self._save_party()
        if in_hand:
            # Nobody plays on: the unfinished game stays on disk as it stood.
            lobby = Table(self.table.name, Record(self.variant), self.table.save_dir)
            lobby.game = self.table.game
            self._retire(self.table)
            self.table = lobby
        for conn in self.connections:
            if conn.seat is not None:
                conn.seat = None
                self._welcome(conn)
        self._announced_end = True
        self._changed(f"the host ended the night: {self.party.status()}")

    # -- the move clock and the stand-in ---------------------------------------------------

    def _arm_clock(self) -> None:
        """Start the clock for the move awaited now, unless it already runs for it."""
        pos = self.table.position
        side = pos.to_play
        seat = self.table.seats[side] if side else None
        if pos.is_over or side is None or seat is None or self.table.open_seats():
            key = None
        else:
            key = (self.table.game, len(self.table.record.moves), seat.connected)
        if key == self._clock_key:
            return
        self._clock_key = key
        if self._clock:
            self._clock.cancel()
        self._clock, self._deadline = None, None
        config = self.party_config
        delays = [config.clock] if config.clock else []
        if self.paused:
            delays = []
        elif self._stopped_at is not None:
            stopped, left = self._stopped_at
            self._stopped_at = None
            if delays and stopped == key:
                delays = [left]  # the clock goes on from where the pause stopped it
        if key and not key[2]:
            delays.append(config.stand_in)
        if key and delays:
            loop = asyncio.get_running_loop()
            self._deadline = loop.time() + min(delays)
            self._clock = loop.call_at(self._deadline, self._time_up, key)

    def _time_up(self, key: tuple[int, int, bool]) -> None:
        self._clock = None
        if key != self._clock_key:
            return
        pos = self.table.position
        if key[2]:  # the player is here and out of time: a random legal action
            self._play_for(key, self._rng.choice(pos.legal_actions()), TIME_UP)
        else:  # the player is away: a bot plays for them until they are back
            self._thinking = asyncio.ensure_future(self._stand_in(key, pos))

    async def _stand_in(self, key: tuple[int, int, bool], pos: Position) -> None:
        bot = self._bots.get(pos.variant)
        if bot is None:
            level = self.party_config.stand_in_level
            bot = self._bots[pos.variant] = make_bot(level, pos.variant, self._rng)
        action = await asyncio.to_thread(bot.choose, pos)
        # Unless the player came back (or anything else moved on) while it thought.
        if key == self._clock_key and self.table.position is pos:
            self._play_for(key, action, STAND_IN)

    def _play_for(
        self, key: tuple[int, int, bool], action: Action, said: tuple[str, str | None]
    ) -> None:
        """Play ``action`` for the side to move, as its own move would be played, and say so:
        ``said`` is what everyone reads and what the player at that side reads instead."""
        pos = self.table.position
        side = pos.to_play
        assert side is not None
        token = pos.variant.token(action)
        reason = self.table.move(side, key[1], token)
        assert reason is None, reason
        # As any move: staged before anyone is shown it, renamed over the record after.
        staged = self.table.stage()
        seat = self.table.seats[side]
        everyone, yours = said
        mover = next((c for c in self.connections if c.seat is side), None)
        own = (mover, yours.format(move=token)) if yours and mover else None
        self._changed(everyone.format(name=seat.name if seat else side, move=token), own)
        self.table.commit(staged)
        self._after_move()

    # -- telling everyone ----------------------------------------------------------------

    def _broadcast_state(self) -> None:
        super()._broadcast_state()
        self._arm_clock()
        self._broadcast(pack(self.party_message()))

    @property
    def key(self) -> str:
        # One identity for the evening (each game is a table of its own).
        return self.party.key

    def _lobby_view(self) -> discovery.TableView:
        # Anyone may join a party's queue at any time: lobbies list it as open to players.
        return replace(super()._lobby_view(), open_seats=SIDES)

    def _party_changed(self) -> None:
        self._save_party()
        self._broadcast(pack(self.party_message()))

    def party_message(self) -> PartyMessage:
        """The queue, the scoreboard (from the records) and the clock, as everyone sees them."""
        party = self.party
        here = set(party.here)  # not those away: their phones are not there to be shown
        rows = tuple(
            Standing(s.name, round(s.points * 2), s.played, s.wins, s.draws, s.name in here, s.rank)
            for row, s in enumerate(self._standings(), start=1)
            if row <= STANDINGS_SENT or s.name in here
        )
        left = 0
        if self._deadline is not None:
            left = max(0, round((self._deadline - asyncio.get_running_loop().time()) * 1000))
        elif self._stopped_at is not None:
            left = round(self._stopped_at[1] * 1000)
        return PartyMessage(
            party.format,
            party.status(),
            party.finished,
            len(party.results),
            party.playing or (),
            tuple(party.queue),
            rows,
            round(self.party_config.clock * 1000),
            left,
            self.paused,
            tuple(party.late),
            tuple(name for name in party.queue if name in party.away),
        )

    def _standings(self) -> list[PartyStanding]:
        """The evening's standings, worked out again only when a game ends or someone comes:
        every change of the party sends them, and an evening of a thousand games is long."""
        results = self.party.results
        # The roster itself: a newcomer may take the place of a passer-by forgotten.
        key = (len(results), results[-1] if results else None, tuple(self.party.roster))
        if self._ranked[0] != key:
            self._ranked = key, standings(results, self.party.roster)
        return self._ranked[1]

    def _save_party(self) -> None:
        try:
            self.party.save(self.party_path)
        except OSError as exc:  # the night goes on in memory
            self._party_unsaved = exc.strerror or str(exc)
        else:
            self._party_unsaved = None
        self._tell_saving()

    def _unsaved(self) -> str | None:
        return self.table.unsaved or self._party_unsaved

    # -- surviving a restart ---------------------------------------------------------------

    def _restore(self, lobby: Table) -> tuple[Party, Table, int]:
        """The party as its files left it, the table to serve, and the last game's number.

        Every record of the evening is read and replayed once, for its result; only the
        last game is made a table again (a thousand games took 2.5 s, now under one)."""
        stem = self.party_path.stem
        paths: dict[int, Path] = {}
        finished: dict[int, GameResult] = {}
        found, staged = records_to_resume(lobby.save_dir, f"{stem}-game*.json")
        # Not the games of a party whose name starts the same; one record for each game.
        chosen = _by_game(stem, found)
        for path in sorted(found.difference(chosen.values())):
            number = _game_number(stem, path)
            if number is not None:
                self.log(f"leaving {path.name} aside: game {number} is {chosen[number].name}")
        for path in chosen.values():
            try:
                if path in staged:
                    # The furthest copy a killed host left (staged or not) becomes the record.
                    Table.resume(path, lobby.name)
                game = self._game_of(path)
            except (OSError, RecordError) as exc:
                self.log(f"skipping {path.name}: {exc}")
                continue
            if game is None:
                continue  # another party's
            number, result = game
            paths[number] = self._renamed(path, number)
            if result is not None:
                finished[number] = result
        results = [finished[n] for n in sorted(finished)]
        last = max(paths, default=0)
        in_hand = Table.resume(paths[last], lobby.name) if last else lobby
        if in_hand.variant != lobby.variant:
            raise ValueError(
                f"the party {self.party_id!r} in {lobby.save_dir} plays {in_hand.variant.name}, "
                f"not {lobby.variant.name}: give this evening another --name"
            )
        config = self.party_config
        if not self.party_path.exists():
            return Party(config.format, config.start_at, config.games, results=results), lobby, last
        party = Party.load(self.party_path, results)
        if party.format != config.format:
            raise ValueError(
                f"the party {self.party_id!r} in {lobby.save_dir} is {party.format}, "
                f"not {config.format}: give this evening another --name"
            )
        if party.finished:
            # Served again, it showed the last night's standings to guests come for a new one.
            raise ValueError(
                f"the party {self.party_id!r} in {lobby.save_dir} is over: "
                "give this evening another --name"
            )
        if party.playing and last in finished:
            # The host stopped between saving the last move and moving the queue along.
            party.results.pop()
            party.finish_game(finished[last])
        if party.playing and last:
            return party, in_hand, last
        party.playing = None
        return party, lobby, last

    def _game_of(self, path: Path) -> tuple[int, GameResult | None] | None:
        """The number of this party's game whose record is at ``path``, and its result if it
        is over (the record replayed through the rules); ``None`` if it is another party's.
        :class:`RecordError` if it is not a record of a legal game."""
        record = read_record(path)
        info = record.extra.get(RECORD_FIELD)
        if not isinstance(info, dict) or info.get("party") != self.party_id:
            return None
        number = info.get("game")
        if type(number) is not int:
            return None
        done = result_of(record, self.party_id)
        if done is None:
            record.positions()  # the game in hand, say: it goes on only if it is a legal one
            return number, None
        return done

    def _renamed(self, path: Path, number: int) -> Path:
        """Where the record of game ``number`` at ``path`` is once under the name
        :func:`party_record` gives it now: an evening saved with three digits in its names
        lists in order once it passes 999."""
        wanted = path.with_name(_record_name(self.party_path.stem, number))
        if path != wanted and not wanted.exists():
            try:
                return path.replace(wanted)
            except OSError as exc:  # it still reads back under its old name
                self.log(f"cannot rename {path.name}: {exc.strerror or exc}")
        return path


def _verdict(result: GameResult, shared: bool) -> str:
    """The news of a game's end as people say it: the winner's points first."""
    high, low = sorted((result.x_points, result.o_points), reverse=True)
    if result.winner:
        return f"{result.winner} wins {points(high)} to {points(low)}"
    if shared:
        return f"a shared win, {points(high)} each"
    return f"a draw between {result.x} and {result.o}"
