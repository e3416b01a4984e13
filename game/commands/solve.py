"""``qttt solve [RECORD] [--json] [--no-book]``: the exact value of a Goff or shared position.

Prints the score pair perfect play reaches from the position a record ends
on (Goff's empty board without one), and the pair after each legal action.
On the shared-win game a shared win (1–1) and a draw are one value: the
text says "a draw or a shared win", the JSON 0–0. ``--no-book`` computes
everything from scratch, without Goff's opening book, and the time it took
is part of the answer.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from game.ai.analysis import score_pair
from game.ai.openings import action_values, load_openings
from game.ai.perfect import load_book
from game.ai.solver import Solver, rules_for
from game.commands.arguments import described, read_final_position
from game.rules import Goff, Position
from game.textview import kept


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="qttt solve", description=described(__doc__))
    parser.add_argument("record", nargs="?", help="a game record (JSON); the empty board if none")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--no-book", action="store_true", help="solve from scratch")
    args = parser.parse_args(argv)
    pos = Position(Goff()) if args.record is None else read_final_position(args.record)
    if pos is None:
        return 2
    try:
        rules = rules_for(pos.variant)
    except ValueError as exc:
        print(f"qttt solve: {exc}", file=sys.stderr)
        return 2
    began = time.perf_counter()
    # The tables analyze reads hold every action of an early position: a lookup, where the
    # search takes up to a minute (Goff after one move, the shared-win game after one).
    tables = None if args.no_book else action_values(load_openings(rules), pos)
    book = None if args.no_book or rules.variant != "goff" else load_book()
    solver = Solver(book, rules)
    found, values = solver.solve(pos, tables or None)
    value = rules.scores(found)
    actions = {pos.variant.token(action): rules.scores(v) for action, v in values.items()}
    seconds = time.perf_counter() - began
    if args.json:
        print(
            json.dumps(
                {
                    "value": score_pair(value),
                    "actions": {token: score_pair(s) for token, s in actions.items()},
                    "seconds": round(seconds, 3),
                }
            )
        )
        return 0
    print(f"value: {kept(value, rules.variant)}")
    for token, scores in actions.items():
        print(f"  {token:<5} {kept(scores, rules.variant)}")
    if tables:
        source = "read from the opening tables"
    else:
        how = "from scratch" if book is None else "with the opening book"
        source = f"{how}, {solver.nodes:,} nodes searched"
    print(f"{len(actions)} actions in {seconds:.2f} s ({source})")
    return 0
