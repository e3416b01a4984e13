"""``qttt solve [RECORD] [--json] [--no-book]``: the exact value of a Goff position.

Prints the score pair perfect play reaches from the position a record ends
on (the empty board without one), and the pair after each legal action.
``--no-book`` computes everything from scratch, without the opening book,
and the time it took is part of the answer.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from game.ai.perfect import load_book
from game.ai.solver import Solver, scores_of
from game.commands.arguments import described, read_final_position
from game.rules import Goff, Position, Scores


def _number(x: float) -> float | int:
    return int(x) if x == int(x) else x


def _pair(scores: Scores) -> dict[str, float | int]:
    return {"X": _number(scores.x), "O": _number(scores.o)}


def _shown(scores: Scores) -> str:
    def points(x: float) -> str:
        whole, half = divmod(round(2 * x), 2)
        return f"{whole or ''}½" if half else str(whole)

    return f"X {points(scores.x)} – O {points(scores.o)}"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="qttt solve", description=described(__doc__))
    parser.add_argument("record", nargs="?", help="a game record (JSON); the empty board if none")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--no-book", action="store_true", help="solve from scratch")
    args = parser.parse_args(argv)
    pos = Position(Goff()) if args.record is None else read_final_position(args.record)
    if pos is None:
        return 2
    if not isinstance(pos.variant, Goff):
        print(
            f"qttt solve: the solver plays Goff's game only, not {pos.variant.name}",
            file=sys.stderr,
        )
        return 2
    began = time.perf_counter()
    solver = Solver(None if args.no_book else load_book())
    found, values = solver.solve(pos)
    value = scores_of(found)
    actions = {pos.variant.token(action): scores_of(v) for action, v in values.items()}
    seconds = time.perf_counter() - began
    if args.json:
        print(
            json.dumps(
                {
                    "value": _pair(value),
                    "actions": {token: _pair(s) for token, s in actions.items()},
                    "seconds": round(seconds, 3),
                }
            )
        )
        return 0
    print(f"value: {_shown(value)}")
    for token, scores in actions.items():
        print(f"  {token:<5} {_shown(scores)}")
    source = "from scratch" if args.no_book else "with the opening book"
    print(f"{len(actions)} actions in {seconds:.2f} s ({source}, {solver.nodes:,} nodes searched)")
    return 0
