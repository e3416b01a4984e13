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
from net.party import FORMATS, WINNER_STAYS
from net.party_host import PARTY_GUESTS, PartyConfig, PartyHost
from net.table import Table

# The options that shape a party, by their dest: none of them has a default here (given
# without --party, one would be ignored without a word); PartyConfig's stand in for them.
SHAPING = {"format": "--format", "clock": "--clock", "between": "--pause"}
SHAPING |= {"start_at": "--start-at", "games": "--games"}


def party_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("party", "one table for many players, with a queue")
    group.add_argument("--party", action="store_true", help="run a party table")
    group.add_argument(
        "--format", choices=FORMATS, help=f"who plays next (default {PartyConfig.format})"
    )
    group.add_argument(
        "--clock",
        type=seconds,
        metavar="SECONDS",
        help=f"time for each move (0: none; default {PartyConfig.clock:g})",
    )
    group.add_argument(
        "--pause",
        dest="between",
        type=seconds,
        metavar="SECONDS",
        help=f"a finished board stays up (default {PartyConfig.between:g})",
    )
    group.add_argument(
        "--start-at",
        type=whole(2, PARTY_GUESTS),  # more are never let in: such a party would never start
        metavar="N",
        help=f"players to begin (default {PartyConfig.start_at})",
    )
    group.add_argument(
        "--games",
        type=whole(1),
        metavar="N",
        help="winner stays: end after N games (default: never)",
    )


def party_host(args: argparse.Namespace) -> MakeHost:
    """What builds the host the options ask for; ``ValueError`` says what does not fit."""
    given = {dest: getattr(args, dest) for dest in SHAPING if getattr(args, dest) is not None}
    if not args.party:
        if given:
            flags = ", ".join(SHAPING[dest] for dest in given)
            raise ValueError(
                f"{flags} only matter{'s' * (len(given) == 1)} at a party: add --party"
            )
        return Host
    if args.resume:
        raise ValueError("a party resumes by itself: start it again with its --name")
    config = PartyConfig(**given)
    if config.games is not None and config.format != WINNER_STAYS:
        raise ValueError(f"--games ends a {WINNER_STAYS} evening; a {config.format} ends by itself")
    return functools.partial(PartyHost, party=config)


def saving(host: Host, table: Table) -> str:
    """The line that says where ``host``, serving ``table``, keeps what it saves."""
    if isinstance(host, PartyHost):
        # A party never writes the table it was named by: each game has a record of its own.
        return (
            f"keeping the party's standings in {host.party_path} and each game's record beside it"
        )
    return f"saving the record to {table.path}"
