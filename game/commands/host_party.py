"""The options ``qttt host --party`` adds, and the party host they describe.

    qttt host --headless --party [--format winner-stays|round-robin|knockout]
              [--clock SECONDS] [--pause SECONDS] [--start-at N] [--games N]

A party is known by its ``--name`` in its ``--save-dir``: started again with
both the same, the host carries on the same evening (standings, schedule,
and the game that was on).
"""

from __future__ import annotations

import argparse
import functools

from game.commands.arguments import seconds, whole
from net.host import Host, MakeHost
from net.party import FORMATS
from net.party_host import PARTY_GUESTS, PartyConfig, PartyHost
from net.table import Table


def party_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("party", "one table for many players, with a queue")
    group.add_argument("--party", action="store_true", help="run a party table")
    group.add_argument("--format", choices=FORMATS, default=FORMATS[0], help="who plays next")
    group.add_argument(
        "--clock",
        type=seconds,
        default=PartyConfig.clock,
        metavar="SECONDS",
        help="time for each move (0: none; default %(default)g)",
    )
    group.add_argument(
        "--pause", type=seconds, default=4.0, metavar="SECONDS", help="a finished board stays up"
    )
    group.add_argument(
        "--start-at",
        type=whole(2, PARTY_GUESTS),  # more are never let in: such a party would never start
        default=2,
        metavar="N",
        help="players to begin",
    )
    group.add_argument(
        "--games",
        type=whole(1),
        metavar="N",
        help="winner stays: end after N games (default: never)",
    )


def party_host(args: argparse.Namespace) -> MakeHost:
    """What builds the host the options ask for; ``ValueError`` says what does not fit."""
    if not args.party:
        return Host
    if args.resume:
        raise ValueError("a party resumes by itself: start it again with its --name")
    config = PartyConfig(args.format, args.start_at, args.games, args.clock, between=args.pause)
    return functools.partial(PartyHost, party=config)


def saving(host: Host, table: Table) -> str:
    """The line that says where ``host``, serving ``table``, keeps what it saves."""
    if isinstance(host, PartyHost):
        # A party never writes the table it was named by: each game has a record of its own.
        return (
            f"keeping the party's standings in {host.party_path} and each game's record beside it"
        )
    return f"saving the record to {table.path}"
