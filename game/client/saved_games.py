"""The saved games as the replays list tells them: date, players, rules, length and result.

:func:`scan` reads the records folder (in a worker: a long list never stalls a
frame) and describes each record, replayed by the rules to tell its result;
a record that cannot be read gets the reason why, in a few words.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from game.client.paths import RECORD_SUFFIX, saved_records
from game.client.scenes.setup import variant_title
from game.records import Record, RecordError, read_record
from game.rules import Player, Position
from game.textview import points

LIST_LIMIT = 300  # the newest records listed; older ones stay on disk
# A refusal longer than this (a record's token can be megabytes) is cut in its middle: it
# keeps the token's number and the reason, and the words wrap in a frame, not in minutes.
SHOWN_REFUSAL = 240


@dataclass(frozen=True, slots=True)
class Entry:
    """One saved record as the list shows it: read, or the reason it cannot be."""

    path: Path
    when: str
    summary: str  # rules, length and result; or why the record cannot be shown
    readable: bool


def scan(folder: Path | None = None) -> list[Entry]:
    """Every saved record, newest first, each replayed to tell its result (runs in a worker)."""
    return [describe(path) for path in saved_records(folder)[:LIST_LIMIT]]


def describe(path: Path) -> Entry:
    when = title_of(path)
    try:
        record = read_record(path)
        final = record.final()
    except RecordError as exc:
        return Entry(path, when, f"cannot be shown: {refusal(exc)}", readable=False)
    rules = rules_title(record)
    # A collapse choice is not a move (it takes no subscript): count the placements.
    count = sum("@" not in token for token in record.moves)
    about = f"{rules} · {count} move{'s' * (count != 1)} · {result(final)}"
    who = players_line(record)
    return Entry(path, when, f"{who} · {about}" if who else about, True)


def refusal(exc: RecordError) -> str:
    """Why a record cannot be shown, in at most :data:`SHOWN_REFUSAL` characters and an
    ellipsis."""
    words = str(exc)
    if len(words) <= SHOWN_REFUSAL:
        return words
    half = SHOWN_REFUSAL // 2
    return f"{words[:half]} … {words[-half:]}"


def players_line(record: Record) -> str:
    """ "Ada vs Bo", where the record says who played both sides."""
    players = record.players()
    return f"{players[Player.X]} vs {players[Player.O]}" if len(players) == 2 else ""


def title_of(path: Path) -> str:
    """A record's date from its name (``2026-11-22_0315_goff…``), else the file's own time."""
    stem = path.name.removesuffix(RECORD_SUFFIX)
    try:
        when = datetime.strptime(stem[:15], "%Y-%m-%d_%H%M")
    except ValueError:
        try:
            when = datetime.fromtimestamp(path.stat().st_mtime)
        except (OSError, ValueError, OverflowError):  # gone, or dated past the year 9999
            return stem
    return when.strftime("%d %b %Y, %H:%M")


def rules_title(record: Record) -> str:
    variant = record.variant
    side = getattr(variant, "side", 3)
    return f"{side}×{side} bonus" if variant.name == "nxn" else variant_title(variant.name)


def result(pos: Position) -> str:
    outcome = pos.outcome
    if outcome is None:
        return "unfinished"
    x, o = outcome.scores
    if outcome.winner is not None:
        return f"{outcome.winner} wins, {points(max(x, o))} to {points(min(x, o))}"
    return "shared win" if outcome.shared else "draw"
