"""``qttt watch HOST:PORT [--tv]``: watch a table in a window; ``--tv`` fills the screen.

At a party table the window shows the board, who plays, the queue and the
scoreboard; keys 1–6 send an emote, Escape leaves.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
import tempfile
from pathlib import Path

from net.client import parse_address


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="qttt watch", description=__doc__)
    parser.add_argument("address", metavar="HOST:PORT", help="the table's address")
    parser.add_argument("--tv", action="store_true", help="full screen, for the big screen")
    parser.add_argument("--name", default="big screen", help="how the table lists this screen")
    args = parser.parse_args(argv)
    try:
        address = parse_address(args.address)
    except ValueError as exc:
        print(f"qttt watch: {exc}", file=sys.stderr)
        return 2
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game.client import settings as settings_store
    from game.client.app import App
    from game.client.scene import SceneName

    with tempfile.TemporaryDirectory(prefix="qttt-watch-") as scratch:
        settings_path = None
        if args.tv:
            # The player's own settings, but full screen from the first frame and for this run
            # only. (Going full screen after the window opens leaves it where it was on a bare
            # X server, with no window manager to move it: half off a TV's screen.)
            settings_path = Path(scratch) / "settings.json"
            tv = dataclasses.replace(settings_store.load(), fullscreen=True)
            settings_store.save(tv, settings_path)
        try:
            app = App(settings_path=settings_path)
        except pygame.error as exc:
            print(f"qttt watch: cannot open a window: {exc}", file=sys.stderr)
            return 1
        app.go(SceneName.TV, address=address, viewer=args.name)
        app.run()
    return 0
