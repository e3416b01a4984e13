"""``qttt watch HOST:PORT [--tv]``: watch a table in a window; ``--tv`` fills the screen.

At a party table (``qttt host --party``) the window shows the board, who
plays and their move clock, the queue and the scoreboard; keys 1–6 send an
emote, Escape leaves.
"""

from __future__ import annotations

import argparse
import dataclasses
import tempfile
from pathlib import Path

from game.commands.arguments import described, read_address
from game.commands.window import open_window


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="qttt watch", description=described(__doc__))
    parser.add_argument("address", metavar="HOST:PORT", help="the table's address")
    parser.add_argument("--tv", action="store_true", help="full screen, for the big screen")
    parser.add_argument("--name", default="big screen", help="how the table lists this screen")
    args = parser.parse_args(argv)
    address = read_address("qttt watch", args.address)
    if address is None:
        return 2
    with tempfile.TemporaryDirectory(prefix="qttt-watch-") as scratch:
        settings_path = Path(scratch) / "settings.json" if args.tv else None
        if settings_path:
            _full_screen_settings(settings_path)
        return open_window(
            "qttt watch", "TV", settings_path=settings_path, address=address, viewer=args.name
        )


def _full_screen_settings(path: Path) -> None:
    """The player's own settings, full screen, written to ``path`` for this run only.

    Full screen from the first frame: a window made full screen after it opens keeps its
    windowed place on a bare X server (no window manager to move it), half off a TV.
    """
    from game.client import settings as settings_store

    settings_store.save(dataclasses.replace(settings_store.load(), fullscreen=True), path)
