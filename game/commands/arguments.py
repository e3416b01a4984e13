"""The commands' arguments that name something to read: a table's address, a game record.

Each reader returns ``None`` after one line on standard error saying what is
wrong, so the command ends with status 2 (bad usage) and never a traceback.
"""

from __future__ import annotations

import argparse
import sys

from game.records import Record, RecordError, read_record
from game.rules import Position


def described(doc: str | None) -> str:
    """A command's docstring as ``--help`` prints it: without the source's double backticks."""
    return (doc or "").replace("``", "")


def read_address(prog: str, text: str) -> tuple[str, int] | None:
    """``HOST:PORT`` as a pair, or ``None`` after saying why ``text`` is not one."""
    # Imported here: the record commands (replay, solve) load no network code.
    from net.client import parse_address

    try:
        return parse_address(text)
    except ValueError as exc:
        print(f"{prog}: {exc}", file=sys.stderr)
        return None


def read_record_arg(path: str) -> Record | None:
    """The record at ``path``, or ``None`` after the record's error (or why it cannot be read)."""
    try:
        record = read_record(path)
        record.final()  # every token played: a bad one is named now, not halfway through
        return record
    except RecordError as exc:
        print(exc, file=sys.stderr)  # the spec's one-line form
        return None


def read_final_position(path: str) -> Position | None:
    """The position the record at ``path`` ends on, or ``None`` after the record's error."""
    record = read_record_arg(path)
    return None if record is None else record.final()


def parse_size(text: str) -> tuple[int, int]:
    """``"1920x1080"`` -> ``(1920, 1080)``, from 320x240 up to 8K; anything else is an
    argparse error (a window smaller than that shows nobody a game)."""
    w, sep, h = text.lower().partition("x")
    if sep and w.isdigit() and h.isdigit() and 320 <= int(w) <= 7680 and 240 <= int(h) <= 4320:
        return int(w), int(h)
    raise argparse.ArgumentTypeError(f"{text!r} is not a size from 320x240 to 7680x4320")
