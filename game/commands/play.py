"""``qttt`` / ``qttt play``: open the game window on the title screen."""

from __future__ import annotations

import argparse
import os
import sys


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="qttt play", description=__doc__)
    parser.parse_args(argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game.client.app import App

    try:
        app = App()
    except pygame.error as exc:
        print(f"qttt: cannot open a window: {exc}", file=sys.stderr)
        return 1
    app.run()
    return 0
