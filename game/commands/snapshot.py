"""``qttt snapshot --scene NAME --out FILE.png``: any screen in a given state, no window.

The picture a reader, a bug report or a test can look at, and with ``--layout``
a JSON list of every line of text and every button drawn: its words, its
rectangle, the pixels its letters cover and its size in pixels.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from game.commands.arguments import described, parse_size, read_record_arg
from game.rules import VARIANTS


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="qttt snapshot", description=described(__doc__))
    parser.add_argument("--list", action="store_true", help="name the scenes and stop")
    parser.add_argument("--scene", help="the screen to draw (see --list)")
    parser.add_argument(
        "--variant", choices=sorted(VARIANTS), help="the rules (default goff, or the record's)"
    )
    parser.add_argument(
        "--size", type=parse_size, default=(1920, 1080), help="WIDTHxHEIGHT (default 1920x1080)"
    )
    parser.add_argument("--state", metavar="RECORD", help="a game record to show (JSON)")
    parser.add_argument("--out", type=_png, help="the PNG to write (FILE.png)")
    parser.add_argument("--layout", type=Path, help="also write what is drawn, as JSON")
    args = parser.parse_args(argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ["SDL_VIDEODRIVER"] = "dummy"  # no window: the picture is drawn off screen
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.client.snapshot import SCENES, Studio, save_png

    if args.list:
        for name, shot in SCENES.items():
            print(f"{name:<10} {shot.about}")
        return 0
    if args.scene not in SCENES or args.out is None:
        what = (
            "--scene and --out are needed"
            if args.scene is None or args.out is None
            else (f"no scene {args.scene!r}; qttt snapshot --list names them")
        )
        print(f"qttt snapshot: {what}", file=sys.stderr)
        return 2
    record = None
    if args.state is not None:
        record = read_record_arg(args.state)
        if record is None:
            return 2
        if args.variant not in (None, record.variant.name):
            name = record.variant.name
            why = f"{args.state} records a game of {name}, not of {args.variant}"
            print(f"qttt snapshot: {why}", file=sys.stderr)
            return 2
    studio = Studio(args.size)
    try:
        canvas = studio.shoot(args.scene, args.variant or "goff", record)
        try:
            save_png(canvas, args.out)
            if args.layout is not None:
                drawn = [d.as_json() for d in canvas.drawn]
                args.layout.write_text(json.dumps(drawn, ensure_ascii=False, indent=1) + "\n")
        except OSError as exc:
            print(f"qttt snapshot: cannot write: {exc.strerror or exc}", file=sys.stderr)
            return 1
    finally:
        studio.close()
    return 0


def _png(text: str) -> Path:
    """A file name ending in .png: the picture is a PNG whatever the name says."""
    if not text.lower().endswith(".png"):
        raise argparse.ArgumentTypeError(f"{text!r} is not a PNG's name (FILE.png)")
    return Path(text)
