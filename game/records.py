"""Game records and the state report, exactly as ``shared/spec/records.md`` fixes them.

A record is JSON: ``{"variant": "goff", "moves": ["1-2", "4@5", ...]}`` plus
whatever other fields its writer kept. Reading one replays every token through
the rules, so a record that loads is a legal game.
"""

from __future__ import annotations

import codecs
import json
import math
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

from game.rules import Action, Position, RulesError, Variant, make_variant
from game.rules.outcome import Player

# A field of a record beside the spec's: who played each side ({"X": "Ada", "O": "Bo"}).
PLAYERS = "players"
PLAYER_NAME_LIMIT = 40  # a name longer than any a table gives is not one

# The largest file read as a record: a game's is a few kilobytes, with whatever fields a
# program adds; a bigger one is not a record (and /dev/zero never ends).
MAX_RECORD_BYTES = 16 << 20


class RecordError(ValueError):
    """A record that cannot be read or replayed; the message is one line for a person."""


@dataclass
class Record:
    """A game as tokens, with the rules it was played under and any fields it carried."""

    variant: Variant
    moves: list[str] = field(default_factory=list)
    extra: dict[str, object] = field(default_factory=dict)

    def to_json(self) -> str:
        fields: dict[str, object] = {**self.extra, "variant": self.variant.name}
        fields.update(self.variant.options())
        fields["moves"] = list(self.moves)
        return json.dumps(fields)

    def name_players(self, names: dict[Player, str]) -> None:
        """Say who played each side of ``names`` (kept as any other field, read by players)."""
        self.extra[PLAYERS] = {side.value: name for side, name in names.items() if name}

    def players(self) -> dict[Player, str]:
        """Who played each side, where the record says so and says it readably."""
        found = self.extra.get(PLAYERS)
        if not isinstance(found, dict):
            return {}
        return {
            side: name
            for side in Player
            if isinstance(name := found.get(side.value), str)
            and 0 < len(name) <= PLAYER_NAME_LIMIT
            and name.isprintable()
        }

    def positions(self) -> list[Position]:
        """The position before the first token and after each one.

        :class:`RecordError` names the first token that cannot be played.
        """
        pos = Position(self.variant)
        seen = [pos]
        for number, token in enumerate(self.moves, start=1):
            pos = play_token(pos, token, number)
            seen.append(pos)
        return seen

    def final(self) -> Position:
        return self.positions()[-1]

    def canonical(self) -> Record:
        """This game with every token as a writer spells it (``records.md``): a placement's
        smaller cell first, a collapse named by the mark that closed the cycle. A hand-written
        ``1@1`` is then the ``4@5`` a best-moves list says. :class:`RecordError` as
        :meth:`positions`."""
        variant, before = self.variant, self.positions()[:-1]
        moves = [
            variant.token(pos.check(variant.parse_token(token)))
            for pos, token in zip(before, self.moves, strict=True)
        ]
        return Record(variant, moves, dict(self.extra))

    def append(self, pos: Position, action: Action) -> Position:
        """Play ``action`` on ``pos`` (this record's last position) and write it down."""
        action = pos.check(action)
        self.moves.append(self.variant.token(action))
        return pos.play(action)


def play_token(pos: Position, token: object, number: int) -> Position:
    """The position after token ``number``; :class:`RecordError` in the spec's one-line form."""
    shown = cut(printable(json.dumps(token, ensure_ascii=False)))
    if pos.is_over:
        raise RecordError(f"token {number} {shown}: the game is over")
    if not isinstance(token, str):
        raise RecordError(f"token {number} {shown}: a token must be a string")
    try:
        return pos.play(pos.variant.parse_token(token))
    except RulesError as exc:
        raise RecordError(f"token {number} {shown}: {exc}") from None


def printable(text: str) -> str:
    """``text`` with every character a terminal would not show as itself escaped as in JSON.

    The refusal is one line: JSON leaves U+2028 and U+0085 bare, and both end a line for
    ``str.splitlines``; a bidi override would reorder what the reader sees.
    """
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else json.dumps(ch)[1:-1] for ch in text)


# The most of a record's own text a refusal quotes: a token or a variant's name can be
# megabytes, and the refusal is one line for a person (and goes back to a peer that sent it).
SHOWN_TEXT = 40


def cut(text: str) -> str:
    """``text`` as a refusal quotes it: its first :data:`SHOWN_TEXT` characters, then "…"."""
    return text if len(text) <= SHOWN_TEXT else f"{text[:SHOWN_TEXT]}…"


class _NotJsonConstant(ValueError):
    """``NaN``, ``Infinity`` or ``-Infinity``: Python's json reads them, JSON has none."""


def _refuse_constant(name: str) -> object:
    raise _NotJsonConstant(name)


class _TooLarge(ValueError):
    """A number JSON allows but no float holds (``1e999``): read as infinity, it would be
    written back as ``Infinity``, and the record saved again could not be read."""


def _finite(text: str) -> float:
    number = float(text)
    if math.isinf(number):
        raise _TooLarge(text)
    return number


def parse_record(text: str) -> Record:
    """A record from its JSON text (tokens are checked by :meth:`Record.positions`)."""
    try:
        data = json.loads(text, parse_constant=_refuse_constant, parse_float=_finite)
    except _NotJsonConstant as exc:
        raise RecordError(f"record: not JSON ({exc} is not a JSON number)") from None
    except _TooLarge as exc:
        raise RecordError(f"record: a number in it is too large ({cut(str(exc))})") from None
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno} column {exc.colno}"
        raise RecordError(f"record: not JSON ({exc.msg} at {where})") from None
    except RecursionError:
        raise RecordError("record: not JSON (nested too deeply)") from None
    except ValueError:  # valid JSON, but a number Python will not read
        digits = sys.get_int_max_str_digits()
        raise RecordError(f"record: a number in it is over {digits} digits long") from None
    if not isinstance(data, dict):
        raise RecordError("record: not a JSON object")
    if "variant" not in data:
        raise RecordError('record: no "variant"')
    name = data["variant"]
    if not isinstance(name, str):
        raise RecordError('record: "variant" must be a string')
    try:
        variant = make_variant(cut(name), data)
    except RulesError as exc:
        raise RecordError(f"record: {exc}") from None
    if "moves" not in data:
        raise RecordError('record: no "moves"')
    moves = data["moves"]
    if not isinstance(moves, list):
        raise RecordError('record: "moves" must be a list of tokens')
    rules_fields = {"variant", "moves", *variant.options()}
    extra = {k: v for k, v in data.items() if k not in rules_fields}
    return Record(variant, moves, extra)


def read_record(path: str | Path) -> Record:
    shown = printable(str(path))  # as a refusal names it, on one line
    try:
        # Opened without waiting: a FIFO nobody writes to then reads as empty instead of
        # hanging; one with a writer (``<(cat game.json)``) is read as it comes.
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        os.set_blocking(fd, True)
        with open(fd, "rb") as file:
            data = file.read(MAX_RECORD_BYTES + 1)
    except OSError as exc:
        raise RecordError(f"record: cannot read {shown}: {exc.strerror or exc}") from None
    if len(data) > MAX_RECORD_BYTES:
        raise RecordError(f"record: {shown} is over {MAX_RECORD_BYTES >> 20} MB, no game's record")
    if not data.strip():
        raise RecordError("record: the file is empty")
    return parse_record(_decode(data))


# Byte order marks of the encodings a Windows editor saves JSON in, longest first (UTF-32
# LE's begins with UTF-16 LE's).
_OTHER_BOMS = (
    (codecs.BOM_UTF32_LE, "UTF-32"),
    (codecs.BOM_UTF32_BE, "UTF-32"),
    (codecs.BOM_UTF16_LE, "UTF-16"),
    (codecs.BOM_UTF16_BE, "UTF-16"),
)


def _decode(data: bytes) -> str:
    """A record file's text: UTF-8, with or without a BOM; else a one-line RecordError saying
    what it looks like and where the first bad byte is."""
    for bom, encoding in _OTHER_BOMS:
        if data.startswith(bom):
            raise RecordError(f"record: {encoding} text, not UTF-8 (save it as UTF-8)")
    try:
        text = data.decode("utf-8-sig")  # tolerate a BOM
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        byte = data[exc.start]
        raise RecordError(f"record: not UTF-8 text (byte 0x{byte:02x} on line {line})") from None
    nul = data.find(b"\0")
    if nul >= 0:  # valid UTF-8, but in no JSON text: ASCII saved as UTF-16 without a BOM
        line = data.count(b"\n", 0, nul) + 1
        raise RecordError(f"record: not UTF-8 text (a NUL byte on line {line}: UTF-16?)")
    return text


def _number(x: float) -> float | int:
    return int(x) if x == int(x) else x


def state_report(pos: Position) -> dict[str, object]:
    """The JSON state report of ``records.md``: seven fields, plus the variant's own."""
    variant = pos.variant
    classical = {
        variant.label(cell): f"{Player.of_mark(k)}{k}" for cell, k in enumerate(pos.cells) if k
    }
    quantum: dict[str, list[str]] = {}
    for cell in range(variant.cell_count):
        marks = pos.spooky_in(cell)
        if marks:
            quantum[variant.label(cell)] = [f"{Player.of_mark(k)}{k}" for k in marks]
    scores = pos.scores()
    to_play = pos.to_play
    report: dict[str, object] = {
        "variant": variant.name,
        "classical": classical,
        "quantum": quantum,
        "to_play": None if to_play is None else str(to_play),
        "awaiting": None if pos.is_over else "collapse" if pos.awaiting_collapse else "move",
        "over": pos.is_over,
        "scores": {"X": _number(scores.x), "O": _number(scores.o)},
    }
    report.update(variant.options())
    report.update(variant.report(pos))
    return report
