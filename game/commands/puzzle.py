"""``qttt puzzle [NUMBER] [--answer] [--json]``: a position with one best action, to find.

Without a number, one of the shipped puzzles at random. The answer is every
spelling of the one best action (up to the board's symmetry); ``--answer``
prints it below the board.
"""

from __future__ import annotations

import argparse
import json
import random
import sys

from game.ai.puzzles import load_puzzles
from game.commands.arguments import described
from game.records import state_report
from game.textview import kept, render


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="qttt puzzle", description=described(__doc__))
    parser.add_argument("number", nargs="?", type=int, help="which puzzle (1 to the last)")
    parser.add_argument("--answer", action="store_true", help="show the answer")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    puzzles = load_puzzles()
    if args.number is None:
        puzzle = random.choice(puzzles)
    elif 1 <= args.number <= len(puzzles):
        puzzle = puzzles[args.number - 1]
    else:
        print(f"qttt puzzle: there are puzzles 1 to {len(puzzles)}", file=sys.stderr)
        return 2
    pos = puzzle.position()
    if args.json:
        report = state_report(pos)
        found = {
            "number": puzzle.number,
            "grade": puzzle.grade,
            **puzzle.to_json(),
            "to_play": report["to_play"],
            "awaiting": report["awaiting"],
        }
        print(json.dumps(found, ensure_ascii=False))
        return 0
    value = kept(puzzle.value, puzzle.variant.name)
    print(f"Puzzle {puzzle.number} of {len(puzzles)} ({puzzle.variant.name}, {puzzle.grade})")
    print(render(pos))
    kind = "collapse" if pos.awaiting_collapse else "move"
    print(f"{pos.to_play} to play: find the one {kind} that keeps {value}.")
    if args.answer:
        print(f"answer: {' or '.join(puzzle.answer)}")
    return 0
