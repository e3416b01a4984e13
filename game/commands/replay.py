"""``qttt replay FILE [--json]``: the position a record reaches, for a person or as JSON."""

from __future__ import annotations

import argparse
import json

from game.commands.arguments import described, read_final_position
from game.records import state_report
from game.textview import render


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="qttt replay", description=described(__doc__))
    parser.add_argument("file", help="a game record (JSON)")
    parser.add_argument("--json", action="store_true", help="print the state report as JSON")
    args = parser.parse_args(argv)
    pos = read_final_position(args.file)
    if pos is None:
        return 2
    if args.json:
        print(json.dumps(state_report(pos), ensure_ascii=False))
    else:
        print(render(pos))
    return 0
