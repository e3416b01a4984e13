"""``qttt host``: host a LAN table and play at it in the window; ``--headless``: no window.

    qttt host [--variant V] [--name N] [--port P] [--headless] [--resume FILE] [--bind ADDRESS]

The record of every game is saved after each move (see ``--save-dir``);
``--resume FILE`` continues a game from such a record after a crash, and its
players reconnect to their seats.
"""

from __future__ import annotations

import argparse
import asyncio
import signal
import socket
import sys
from collections.abc import Callable
from pathlib import Path

from game.commands.arguments import described, interface, seconds, size_fields, whole
from game.commands.host_party import party_arguments, party_host, saving
from game.commands.window import open_window
from game.paths import games_dir
from game.records import RecordError
from game.rules import VARIANTS, RulesError, make_variant
from net import discovery
from net.client import show_address
from net.host import DEFAULT_PORT, HostConfig, MakeHost, new_table, serve
from net.phones import DEFAULT_WEB_PORT, qr_text
from net.table import Table


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="qttt host",
        description=described(__doc__),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--variant", choices=sorted(VARIANTS), help="rules (default goff)")
    parser.add_argument("--size", type=int, help="the board's side (nxn only: 3 to 6, default 4)")
    parser.add_argument("--name", help="the table's name in the lobby")
    parser.add_argument(
        "--port", type=_port, default=DEFAULT_PORT, help="TCP port (0: any free one)"
    )
    parser.add_argument(
        "--bind",
        type=interface,
        default=discovery.ANY,
        metavar="ADDRESS",
        help="the interface to serve and announce on (default: every LAN one)",
    )
    parser.add_argument("--resume", type=Path, metavar="FILE", help="continue this saved game")
    parser.add_argument("--headless", action="store_true", help="no window: a dedicated host")
    parser.add_argument("--spectators", type=whole(0), default=16, help="most spectators at once")
    parser.add_argument(
        "--grace",
        type=seconds,
        default=60.0,
        help="seconds a dropped player's seat (at a party: place in the queue) is held",
    )
    parser.add_argument(
        "--save-dir",
        type=_folder,
        default=None,
        help=f"where records are saved (default {games_dir()})",
    )
    parser.add_argument("--no-announce", action="store_true", help="do not use zeroconf")
    parser.add_argument(
        "--web",
        type=_web_port,
        metavar="PORT|off",
        help="serve the phone page (guests play in a browser) on PORT, 0 for any free one, "
        f"off for none (default: {DEFAULT_WEB_PORT} when the window hosts, off with --headless)",
    )
    party_arguments(parser)
    args = parser.parse_args(argv)
    if args.party and not args.headless:
        print(
            "qttt host: a party table runs --headless; show it with qttt watch --tv",
            file=sys.stderr,
        )
        return 2
    try:
        make = party_host(args)
        table = _table(args, hostname_default=args.headless)
    except (RecordError, RulesError, ValueError) as exc:
        print(f"qttt host: {exc}", file=sys.stderr)
        return 2
    config = HostConfig(
        bind=args.bind,
        port=args.port,
        spectator_limit=args.spectators,
        reconnect_grace=args.grace,
        advertise=not args.no_announce,
        save_dir=args.save_dir or games_dir(),
        web_port=_web_choice(args.web, args.headless),
    )
    if not args.headless:
        # The hosting player's window joins its own table like every other client.
        return open_window(
            "qttt host", "LAN", mode="host", bind=args.bind, table=table, config=config
        )
    assert isinstance(table, Table)  # a dedicated host names its table at once
    try:
        asyncio.run(_run(table, config, make))
    except OSError as exc:
        print(
            f"qttt host: cannot serve on {args.bind}:{args.port}: {exc.strerror or exc}",
            file=sys.stderr,
        )
        return 1
    except ValueError as exc:  # the save dir holds a party of that name in another format
        print(f"qttt host: {exc}", file=sys.stderr)
        return 2
    return 0


def _folder(text: str) -> Path:
    """A folder to save in: one that is there, or one that can be made (a file in the way
    would let every game go on unsaved, found out only at the first move)."""
    path = Path(text)
    if path.exists() and not path.is_dir():
        raise argparse.ArgumentTypeError(f"{text} is not a folder")
    return path


def _table(args: argparse.Namespace, hostname_default: bool) -> Table | Callable[[str], Table]:
    """The table to host; for a window with no name given, how to make it once the player's
    name is known ("Ada's table", as the LAN screen names one; a dedicated host takes the
    machine's name)."""
    if args.resume:
        table = Table.resume(args.resume, args.name)
        if args.variant and args.variant != table.variant.name:
            raise RecordError(
                f"{args.resume} records a game of {table.variant.name}, not of {args.variant}"
            )
        if args.size is not None:
            raise ValueError("a resumed game is played on its record's board: leave out --size")
        return table
    name = args.variant or "goff"
    variant = make_variant(name, size_fields(name, args.size))
    save_dir = args.save_dir or games_dir()
    if args.name or hostname_default:
        return new_table(variant, args.name or f"{socket.gethostname()}'s table", save_dir)
    return lambda player: new_table(variant, f"{player}'s table", save_dir)


async def _run(table: Table, config: HostConfig, make: MakeHost) -> None:
    # Ctrl-C and SIGTERM are heard from the start: one sent as soon as "hosting" is printed
    # (or while a long party is read back) closes the table, even where SIGINT came ignored.
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    host = await serve(table, config, make, log=_say)
    bound, port = host.address
    where = discovery.lan_addresses() if bound == discovery.ANY else [bound]
    _say(
        f"hosting {table.name!r} ({table.variant.name}) on "
        f"{', '.join(show_address((a, port)) for a in where) or f'port {port} (no LAN address)'}"
    )
    _say(saving(host, table))
    if host.web is not None:
        urls = host.web.urls()
        _say(f"phones join at {', '.join(urls)} (scan the code with a phone's camera)")
        _say(qr_text(urls[0]))
    if config.advertise and not where:
        _say("not announced in lobbies: no LAN address; players join by address")
    try:
        await stop.wait()
    finally:
        _say("closing the table")
        await host.close()


def _port(text: str, besides: str = "") -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number{besides}") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{port} is not a port (0 to 65535)")
    return port


def _web_port(text: str) -> int | str:
    return text if text == "off" else _port(text, " or off")


def _web_choice(asked: int | str | None, headless: bool) -> int | None:
    """The web port to serve: as asked ("off": none), else the window's default (a headless
    host serves the page only when asked)."""
    if isinstance(asked, int):
        return asked
    return None if asked == "off" or headless else DEFAULT_WEB_PORT


def _say(text: str) -> None:
    print(text, flush=True)
