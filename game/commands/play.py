"""``qttt`` / ``qttt play``: open the game window on the title screen."""

from __future__ import annotations

import argparse

from game.commands.arguments import described
from game.commands.window import open_window


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="qttt play", description=described(__doc__))
    parser.parse_args(argv)
    return open_window("qttt")
