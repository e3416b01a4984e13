"""The commands' arguments that name something to read: a table's address, a game record.

Each reader returns ``None`` after one line on standard error saying what is
wrong, so the command ends with status 2 (bad usage) and never a traceback.
"""

from __future__ import annotations

import argparse
import ipaddress
import math
import sys
from collections.abc import Callable

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


def size_fields(variant: str, size: int | None) -> dict[str, object]:
    """The rules' fields ``--size`` asks for (``make_variant`` checks the side's range);
    ValueError for another variant than nxn: the others have one size."""
    if size is None:
        return {}
    if variant != "nxn":
        raise ValueError("--size is the nxn board's side; other variants have one size")
    return {"size": size}


def parse_size(text: str) -> tuple[int, int]:
    """``"1920x1080"`` -> ``(1920, 1080)``, from 320x240 up to 8K; anything else is an
    argparse error (a window smaller than that shows nobody a game)."""
    w, sep, h = text.lower().partition("x")
    # isdecimal(), not isdigit(): "²" is a digit that int() refuses.
    if sep and w.isdecimal() and h.isdecimal() and 320 <= int(w) <= 7680 and 240 <= int(h) <= 4320:
        return int(w), int(h)
    raise argparse.ArgumentTypeError(f"{text!r} is not a size from 320x240 to 7680x4320")


# The argparse types of the commands' options: a bad value ends the command with argparse's
# line ("error: argument --runs: must be ...") and status 2, never a traceback or a hang.

LONGEST = 86400.0  # seconds: no wait, clock, grace or bench of an evening lasts over a day


def whole(least: int, most: int | None = None) -> Callable[[str], int]:
    """A whole number of ``least`` or more (and ``most`` or fewer): a count of runs, moves..."""
    bound = f"of {least} or more" if most is None else f"from {least} to {most}"

    def read(text: str) -> int:
        try:
            number = int(text)
        except ValueError:
            number = least - 1
        if number < least or (most is not None and number > most):
            raise argparse.ArgumentTypeError(f"must be a whole number {bound}, not {text!r}")
        return number

    return read


def interface(text: str) -> str:
    """An interface's address as written (never a name to look up)."""
    try:
        return str(ipaddress.ip_address(text))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an IP address") from None


def seconds(text: str) -> float:
    """A number of seconds from 0 to a day (not nan, not inf): a wait, a clock (0: none)."""
    return _seconds(text, "from 0 to", lambda number: number >= 0)


def duration(text: str) -> float:
    """A number of seconds above 0, at most a day: how long to measure."""
    return _seconds(text, "above 0 and at most", lambda number: number > 0)


def _seconds(text: str, bound: str, fits: Callable[[float], bool]) -> float:
    try:
        number = float(text)
    except ValueError:
        number = math.nan
    if not (fits(number) and number <= LONGEST):  # nan fails every comparison
        raise argparse.ArgumentTypeError(
            f"must be a number of seconds {bound} {LONGEST:g}, not {text!r}"
        )
    return number
