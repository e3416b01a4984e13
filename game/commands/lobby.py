"""``qttt lobby``: the tables announced on the LAN, in the window or (``--list``) for scripts.

qttt lobby [--list [--timeout S] [--json]] [--bind ADDRESS]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys

from game.commands.arguments import described, interface, seconds
from game.commands.window import open_window
from net.discovery import FoundTable, browse


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="qttt lobby",
        description=described(__doc__),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--list", action="store_true", help="print the tables found and exit")
    parser.add_argument(
        "--timeout", type=seconds, default=2.0, metavar="S", help="how long to listen (default 2 s)"
    )
    parser.add_argument(
        "--json", action="store_true", help="one JSON list of tables (implies --list)"
    )
    parser.add_argument(
        "--bind",
        type=interface,
        metavar="ADDRESS",
        help="the interface to listen on (default: every one)",
    )
    args = parser.parse_args(argv)
    if not (args.list or args.json):  # a window prints no JSON
        return open_window("qttt lobby", "LAN", mode="join", bind=args.bind)
    try:
        tables = asyncio.run(browse(args.timeout, args.bind))
    except OSError as exc:
        print(
            f"qttt lobby: cannot listen on {args.bind or 'the LAN'}: {exc.strerror or exc}",
            file=sys.stderr,
        )
        return 1
    if args.json:
        print(json.dumps([t.to_json() for t in tables], ensure_ascii=False))
    else:
        print("\n".join(map(_line, tables)) if tables else "no tables found")
    return 0


def _line(t: FoundTable) -> str:
    seats = ",".join(t.open_seats) or "none"
    status = "playing" if t.running else "waiting"
    size = "" if t.size is None else f" {t.size}×{t.size}"
    return (
        f"{t.name}  {t.variant}{size}  open seats: {seats}  "
        f"spectators {t.spectators}/{t.spectator_limit}  {status}  {t.host}:{t.port}"
    )
