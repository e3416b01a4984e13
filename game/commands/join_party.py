"""``qttt join HOST:PORT --bot LEVEL --headless --party``: a bot that stays for the whole party.

It queues, plays every game the host seats it in, and when the party is
over prints the host's final scoreboard as one line of JSON and exits 0.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys

from game.client.paths import seats_file
from net.bot import BotGameError
from net.party_client import play_party_bot
from net.seats import SeatStore


def party_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--party",
        action="store_true",
        help="at a party table: stay and play every game until the party is over",
    )


def run_party_bot(address: tuple[str, int], args: argparse.Namespace) -> int:
    party = play_party_bot(
        address,
        args.bot,
        name=args.name,
        seed=args.seed,
        reconnect_for=args.reconnect,
        seats=SeatStore(seats_file()),  # the same command started again is the same player
    )
    try:
        final = asyncio.run(party)
    except BotGameError as exc:
        print(f"qttt join: {exc}", file=sys.stderr)
        return 1
    rows = [
        {
            "rank": s.rank,
            "name": s.name,
            "points": s.half_points / 2,
            "played": s.played,
            "wins": s.wins,
            "draws": s.draws,
        }
        for s in final.standings
    ]
    report = {"format": final.format, "status": final.status, "games": final.games}
    print(json.dumps({**report, "standings": rows}, ensure_ascii=False))
    return 0
