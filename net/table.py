"""The host's game and seats, with no sockets: every decision the host makes is made here.

A :class:`Table` answers intents with ``None`` (done) or a reason a player can
read, and keeps the game's record on disk so that a host killed at any
instant leaves every move anyone was shown for ``qttt host --resume``.

Saving is atomic in two steps: :meth:`Table.stage` writes the whole record to
a new temporary file beside it (fast: the page cache), :meth:`Table.commit`
has a worker thread rename it over the record with ``os.replace`` (slow on
ext4, which flushes the data of a file renamed over another: 1 to 10 ms
measured here), one rename after another in order. The host stages,
broadcasts, then commits, so the disk never delays a move nor the host's
loop. A host killed before a rename leaves staged files behind;
:meth:`Table.resume` takes the furthest whole one of the same game.
"""

from __future__ import annotations

import itertools
import os
import re
import secrets
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from game.records import Record, RecordError, read_record
from game.rules import Player, Position, RulesError, Variant
from net.processes import running_elsewhere
from net.protocol import TABLE_NAME_LIMIT, SeatView, State

# The record field holding the table's name, game number and seats (the rules ignore it).
RECORD_FIELD = "table"
COUNT_LIMIT = 1_000_000_000  # games or wins a table may count: far more than a night holds


@dataclass
class Seat:
    """Who sits on one side: a name, the token that reclaims the seat, and whether connected."""

    name: str
    token: str
    connected: bool = False


class Table:
    """One game at a time, two seats, and where the record goes."""

    def __init__(self, name: str, record: Record, save_dir: Path, path: Path | None = None) -> None:
        """``ValueError`` for a name longer than a table's (the host sends it to everyone)."""
        if len(name) > TABLE_NAME_LIMIT:
            raise ValueError(
                f"a table's name is at most {TABLE_NAME_LIMIT} characters, not {len(name)}"
            )
        self.name = name
        self.record = record
        self.positions = record.positions()
        self.save_dir = save_dir
        self.game = 1
        self.seats: dict[Player, Seat | None] = {Player.X: None, Player.O: None}
        self.rematch: set[Player] = set()
        # Everyone who sat at the game on the table left after it ended: the next to sit
        # down opens a new game, not the end of theirs (nor its winner's seat and score).
        self._vacated = False
        # The series: games won by each player at this table before the one on (by name).
        self.series: dict[str, int] = {}
        # The side of the player who hosts from their own window: a table continued after
        # the window closed gives that seat back to the window (the other stays held).
        self.owner: Player | None = None
        self.key = secrets.token_hex(8)  # who this table is, whatever its address (net.seats)
        self._stamp = _now_stamp()
        self.path = path or self._path_for(self.game)
        self._stages = itertools.count()
        self._disk: ThreadPoolExecutor | None = None  # renames, in order, off the host's loop
        # Why the last save failed (the disk full, the folder gone), or None: the game goes
        # on in memory, and the host tells the players (Host._tell_saving).
        self.unsaved: str | None = None

    @classmethod
    def resume(cls, path: Path, name: str | None) -> Table:
        """The table a saved record describes; its seats are held for their players.

        :class:`RecordError` if the file is not a playable record. A host killed before
        the record's first rename left it staged alone: that is taken as well.
        """
        record = _furthest(path, read_record(path) if path.exists() else None)
        saved = record.extra.get(RECORD_FIELD)
        info = saved if isinstance(saved, dict) else {}
        # Building the table replays every token: one no longer legal is a RecordError here.
        table = cls(name or _text(info.get("name")) or path.stem, record, path.parent, path)
        table.game = _count(info.get("game")) or 1
        table.key = _text(info.get("key")) or table.key  # records from before keys: a new one
        series = info.get("series")
        if isinstance(series, dict):
            table.series = {k: v for k, v in series.items() if _count(v) is not None}
        owner = info.get("owner")
        table.owner = Player(owner) if owner in ("X", "O") else None
        seats = info.get("seats")
        for side in Player:
            seat = seats.get(side.value) if isinstance(seats, dict) else None
            if isinstance(seat, dict) and _text(seat.get("token")):
                table.seats[side] = Seat(_text(seat.get("name")) or side.value, seat["token"])
        return table

    # -- what everyone sees --------------------------------------------------------

    @property
    def variant(self) -> Variant:
        return self.record.variant

    @property
    def position(self) -> Position:
        return self.positions[-1]

    @property
    def running(self) -> bool:
        return bool(self.record.moves) and not self.position.is_over

    def open_seats(self) -> tuple[Player, ...]:
        return tuple(side for side, seat in self.seats.items() if seat is None)

    def state(self, spectators: int) -> State:
        variant = {"variant": self.variant.name, **self.variant.options()}
        seats = tuple(
            SeatView(
                side.value,
                seat.name if seat else None,
                bool(seat and seat.connected),
                self.wins(seat.name) if seat else 0,
            )
            for side, seat in self.seats.items()
        )
        rematch = tuple(side.value for side in Player if side in self.rematch)
        players = {side.value: name for side, name in self.record.players().items()}
        return State(
            self.game, variant, tuple(self.record.moves), seats, spectators, rematch, players
        )

    # -- seats ----------------------------------------------------------------------

    def sit(self, name: str, side: Player | None, token: str | None = None) -> Player | None:
        """Seat ``name`` at ``side`` (or any open side): the side taken, or ``None``.

        ``token`` holds the seat from now (a party member's one token, or one a newcomer made
        itself); by default a new one."""
        if self._vacated:
            self._next_game()
        choices = (side,) if side else self.open_seats()
        for choice in choices:
            if self.seats[choice] is None:
                token = token or secrets.token_urlsafe(16)
                self.seats[choice] = Seat(name, token, connected=True)
                self.save()
                return choice
        return None

    def holder(self, token: str) -> Player | None:
        """The side whose seat ``token`` reclaims."""
        for side, seat in self.seats.items():
            # As bytes: compare_digest refuses non-ASCII str, and a token can be anything.
            if seat and secrets.compare_digest(seat.token.encode(), token.encode()):
                return side
        return None

    def release(self, side: Player) -> None:
        self.seats[side] = None
        self.rematch.discard(side)
        self._vacated = self.position.is_over and not any(self.seats.values())
        self.save()

    # -- intents --------------------------------------------------------------------

    def move(self, side: Player, ply: int, token: str) -> str | None:
        """Play ``token`` for ``side``; ``None`` once applied, else why not (the host saves)."""
        pos = self.position
        if pos.is_over:
            return "the game is over"
        if ply != len(self.record.moves):
            return (
                f"stale move: {len(self.record.moves)} tokens are played, "
                f"this move was meant after {ply}"
            )
        if pos.to_play is not side:
            return f"it is {pos.to_play}'s turn"
        empty = self.open_seats()
        if empty:
            return f"waiting for a player at {empty[0]}"
        try:
            after = self.record.append(pos, pos.variant.parse_token(token))
        except RulesError as exc:
            return str(exc)
        self.positions.append(after)
        return None

    def wins(self, name: str) -> int:
        """Games ``name`` has won at this table, the one just finished included."""
        return self.series.get(name, 0) + (self._winner() == name)

    def _winner(self) -> str | None:
        """Who won the game on the table, once it is over with a winner."""
        outcome = self.position.outcome
        seat = self.seats[outcome.winner] if outcome and outcome.winner else None
        return seat.name if seat else None

    def ask_rematch(self, side: Player) -> str | None:
        """Count ``side``'s wish for another game; it starts, sides swapped, once every
        seated player wants it. ``None`` if counted, else why not."""
        if not self.position.is_over:
            return "the game is not over yet"
        if side in self.rematch:
            return "you have asked for a rematch already"
        self.rematch.add(side)
        seated = {s for s, seat in self.seats.items() if seat}
        if seated <= self.rematch:
            winner = self._winner()
            if winner is not None:
                self.series[winner] = self.series.get(winner, 0) + 1
            self.seats = {Player.X: self.seats[Player.O], Player.O: self.seats[Player.X]}
            self.owner = self.owner.other if self.owner else None
            self._next_game()
            self.save()
        return None

    def _next_game(self) -> None:
        """Put the next game on the table: a new record, under the next number."""
        self._vacated = False
        self.rematch.clear()
        self.game += 1
        self.record = Record(self.variant)
        self.positions = self.record.positions()
        self.path = self._path_for(self.game)

    # -- the record -------------------------------------------------------------------

    def save(self) -> None:
        """Write the record (with the seats, so a resumed host knows its players) atomically."""
        self.commit(self.stage())

    def stage(self) -> Path | None:
        """Write the whole record to a new staging file: it survives this process dying.
        ``None`` if the disk refused it (why is kept in :attr:`unsaved`).

        No fsync, here or in :meth:`commit`: that would make every move wait on
        the disk to guard only against a power cut, not the crash --resume is for.
        """
        seats = {
            side.value: {"name": seat.name, "token": seat.token}
            for side, seat in self.seats.items()
            if seat
        }
        if not self.position.is_over:  # who played it: not who sits down for the next one
            self.record.name_players({side: s.name for side, s in self.seats.items() if s})
        self.record.extra[RECORD_FIELD] = {
            "name": self.name,
            "key": self.key,
            "game": self.game,
            "seats": seats,
            "series": self.series,
            # A window's table names the process hosting it: no other window continues it
            # while that one is still running (interrupted_tables).
            **({"owner": self.owner.value, "pid": os.getpid()} if self.owner else {}),
        }
        staged = self.path.with_name(f"{_staging_prefix(self.path)}{next(self._stages)}")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            staged.write_text(self.record.to_json(), encoding="utf-8")
        except OSError as exc:
            self.unsaved = exc.strerror or str(exc)
            return None
        self.unsaved = None
        return staged

    def commit(self, staged: Path | None) -> None:
        """Have ``staged`` renamed over the record, after every earlier commit; returns at once
        (nothing to do for a save the disk refused)."""
        if staged is None:
            return
        if self._disk is None:
            self._disk = ThreadPoolExecutor(1, thread_name_prefix="qttt-record")
        self._disk.submit(os.replace, staged, self.path)

    def close(self) -> None:
        """Wait for the renames still to do."""
        if self._disk is not None:
            self._disk.shutdown(wait=True)
            self._disk = None

    def _path_for(self, game: int) -> Path:
        slug = file_slug(self.name, "table")
        # The table's key apart: two tables of one name opened in the same second (two hosts
        # started together) would otherwise write one file, the later game over the other.
        return self.save_dir / f"{self._stamp}-{slug}-{self.key[:6]}-game{game}.json"


SLUG_LIMIT = 60  # characters of a name in a file's: with the rest, well inside NAME_MAX (255)


def file_slug(name: str, default: str) -> str:
    """``name`` as part of a file's name: letters and digits, the rest as dashes, cut short (a
    table called by a 300-character name could not save a game: "File name too long")."""
    slug = re.sub(r"[^A-Za-z0-9]+", "-", name).lower()[:SLUG_LIMIT].strip("-")
    return slug or default


@dataclass(frozen=True, slots=True)
class Interrupted:
    """A table hosted from a window whose game was left unfinished: it can be continued."""

    path: Path
    name: str
    game: int  # the table's game number
    moves: int  # tokens played in it
    owner: Player  # the side of the window that hosted it
    other: str | None  # who sat in the other seat (held for them once continued)
    variant: Variant  # the rules it is played by (every window's table has its name)


def interrupted_tables(save_dir: Path, limit: int = 3, look_at: int = 30) -> list[Interrupted]:
    """The newest ``limit`` tables in ``save_dir`` hosted from a window (they have an owner)
    whose game is under way (begun, not over) and whose window is no longer running, among
    the ``look_at`` newest records (:func:`game_records`).

    Only reads: the staged files a killed host left are sorted out when one is continued
    (:meth:`Table.resume`), never here, where another window may be hosting from this folder.
    """
    found: list[Interrupted] = []
    for path in game_records(save_dir)[:look_at]:
        try:
            record = read_record(path)
            over = record.final().is_over
        except RecordError:
            continue
        info = record.extra.get(RECORD_FIELD)
        # A table left before its first move has nothing to continue (leaving it asked
        # nothing); listed, every host screen backed out of took a row from a game left.
        if over or not record.moves:
            continue
        if not isinstance(info, dict) or info.get("owner") not in ("X", "O"):
            continue
        if running_elsewhere(info.get("pid")):
            continue  # another window is hosting it now
        owner = Player(info["owner"])
        seats = info.get("seats")
        other = seats.get(owner.other.value) if isinstance(seats, dict) else None
        game = info.get("game")
        found.append(
            Interrupted(
                path,
                _text(info.get("name")) or path.stem,
                game if type(game) is int and game > 0 else 1,
                len(record.moves),
                owner,
                _text(other.get("name")) if isinstance(other, dict) else None,
                record.variant,
            )
        )
        if len(found) == limit:
            break
    return found


def game_records(save_dir: Path) -> list[Path]:
    """The files in ``save_dir`` named as a host names its games' records (a table's and a
    party's, ``…-game3.json``), newest first; not the copies it stages while writing one.

    A party's own file can be named like one (a party called "Game 2"): reading tells.
    """
    try:
        found = [p for p in save_dir.iterdir() if _GAME_RECORD.fullmatch(p.name) and p.is_file()]
    except OSError:
        return []
    return sorted(found, key=_mtime, reverse=True)


_GAME_RECORD = re.compile(r"[^.].*-game[0-9]+\.json")  # a staged copy's name starts with "."


def table_name(record: Record) -> str | None:
    """The name of the table whose host kept ``record`` (a party's, for its games), if any."""
    info = record.extra.get(RECORD_FIELD)
    return _text(info.get("name")) if isinstance(info, dict) else None


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def records_to_resume(save_dir: Path, pattern: str) -> tuple[set[Path], set[Path]]:
    """The records in ``save_dir`` whose names match ``pattern``, with those a killed host
    had only staged (a game that had just begun): :meth:`Table.resume` takes either; and
    those of them with staged copies (:func:`staged_records`, listed once for both)."""
    staged = staged_records(save_dir, pattern)
    return set(save_dir.glob(pattern)) | staged, staged


def staged_records(save_dir: Path, pattern: str) -> set[Path]:
    """The records (committed or not) in ``save_dir`` whose names match ``pattern`` and of which
    a killed host left staged copies: :meth:`Table.resume` takes the furthest. Any other
    record is whole as it stands, and may be read as it is."""
    found = set()
    for staged in save_dir.glob(f"{_staging_prefix(Path(pattern))}*"):
        if (of := _staged_for(staged)) is not None:
            found.add(of[0])
    return found


_STAGED = ".staged-"


def _staging_prefix(path: Path) -> str:
    return f".{path.name}{_STAGED}"


def _staged_for(staged: Path) -> tuple[Path, int] | None:
    """The record a staged file (:meth:`Table.stage`) is for, and its number; None if the
    file is not one."""
    hidden, sep, number = staged.name.rpartition(_STAGED)
    if not (sep and hidden.startswith(".") and number.isascii() and number.isdigit()):
        return None
    return staged.with_name(hidden[1:]), int(number)


def _furthest(path: Path, committed: Record | None) -> Record:
    """The committed record, or the furthest staged one a killed host left.

    A staged file that is not a whole record of the same game going at least
    as far (the host died while writing it, before anyone saw its move) is
    dropped, and so are the others once one is taken. With nothing committed,
    the first whole staged record starts the game.
    """
    best, best_file = committed, None
    stages = {
        of[1]: p
        for p in path.parent.glob(f"{_staging_prefix(path)}*")
        if (of := _staged_for(p)) is not None and of[0] == path
    }
    for _, staging in sorted(stages.items()):
        try:
            staged = read_record(staging)
            staged.positions()
        except RecordError:
            continue
        if best is None or (
            _game(staged) == _game(best)
            and staged.variant == best.variant
            and staged.moves[: len(best.moves)] == best.moves
        ):
            best, best_file = staged, staging
    if best is None:
        raise RecordError(f"record: cannot read {path}: no such file")
    if best_file is not None:
        os.replace(best_file, path)
    for staging in stages.values():
        staging.unlink(missing_ok=True)
    return best


def _game(record: Record) -> object:
    info = record.extra.get(RECORD_FIELD)
    return info.get("game", 1) if isinstance(info, dict) else 1


def _text(value: object) -> str | None:
    return value if isinstance(value, str) and value else None


def _count(value: object) -> int | None:
    """A count a record may hold (games, wins), or None: not a bool, and small enough for
    every message that carries it (msgpack packs no integer past 64 bits)."""
    return value if type(value) is int and 0 <= value <= COUNT_LIMIT else None


def _now_stamp() -> str:
    return datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
