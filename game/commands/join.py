"""``qttt join HOST:PORT``: take a seat at a table by its address.

    qttt join HOST:PORT
    qttt join HOST:PORT --bot LEVEL --headless [--seat X|O] [--name N] [--seed S]

Without ``--headless`` the window opens and joins the table: the way in
where the LAN blocks multicast. With ``--headless --bot LEVEL`` a bot plays
the seat with no window and, when the game ends, prints the final state
report exactly as ``qttt replay FILE --json`` would, and exits 0.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys

from game.ai import LEVELS
from game.client.paths import seats_file
from game.commands.arguments import described, read_address, seconds
from game.commands.join_party import party_argument, run_party_bot
from game.commands.window import open_window
from game.records import state_report
from game.rules import Player
from net.bot import BotGameError, play_bot
from net.seats import SeatStore


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="qttt join",
        description=described(__doc__),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("address", metavar="HOST:PORT")
    parser.add_argument(
        "--bot",
        choices=LEVELS,
        metavar="LEVEL",
        help=f"let a bot play the seat ({', '.join(LEVELS)})",
    )
    parser.add_argument("--headless", action="store_true", help="no window (needs --bot)")
    parser.add_argument("--seat", choices=("X", "O"), help="the side to take (default: any)")
    parser.add_argument("--name", help="the name the table shows")
    parser.add_argument("--seed", type=int, help="the bot's random seed")
    parser.add_argument(
        "--reconnect",
        type=seconds,
        default=60.0,
        metavar="S",
        help="seconds to keep trying after the connection drops",
    )
    party_argument(parser)
    args = parser.parse_args(argv)
    address = read_address("qttt join", args.address)
    if address is None:
        return 2
    if args.headless != bool(args.bot):
        print("qttt join: --bot and --headless go together", file=sys.stderr)
        return 2
    if not args.headless:
        return open_window("qttt join", "LAN", mode="join", address=address, player=args.name)
    if args.party:
        return run_party_bot(address, args)
    game = play_bot(
        address,
        args.bot,
        name=args.name,
        seed=args.seed,
        seat=Player(args.seat) if args.seat else None,
        reconnect_for=args.reconnect,
        seats=SeatStore(seats_file()),  # the same command started again takes the same seat
    )
    try:
        final = asyncio.run(game)
    except BotGameError as exc:
        print(f"qttt join: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(state_report(final), ensure_ascii=False))
    return 0
