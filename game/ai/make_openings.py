"""Write the table of early values: ``python -m game.ai.make_openings --variant V``.

Every position reached by at most ``--depth`` + 1 actions from the empty
board (one per class of symmetric positions) with its value, computed by
:class:`game.ai.solver.Solver` (through the perfect bot's book where it has
the position, itself the solver's work); nothing comes from elsewhere.
At depth 2 (the default) Goff's game has 5,969 such positions, about an
hour of one core; depth 1 has about 200: run it with ``nice``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from game.ai.openings import DEPTH, Table, file_name, format_openings
from game.ai.perfect import load_book
from game.ai.solver import RULES, Rules, Solver, position_key
from game.rules import Position, make_variant

# The solver's table is dropped past this many entries, to keep the process under ~1 GB.
TABLE_LIMIT = 2_000_000


def build(rules: Rules, depth: int, log: bool = False) -> Table:
    """The value of every position within ``depth`` + 1 actions of the empty board."""
    solver = Solver(load_book() if rules.variant == "goff" else None, rules)
    table: Table = {}
    frontier = {0: Position(make_variant(rules.variant, {}))}
    began = time.perf_counter()
    for level in range(depth + 2):
        following: dict[int, Position] = {}
        for key, pos in frontier.items():
            table[key] = solver.value_of(pos)
            if len(solver.table) > TABLE_LIMIT:
                solver.table.clear()
            if level <= depth:
                for action in pos.legal_actions():
                    child = pos._apply(action)
                    if not child.is_over:
                        following.setdefault(position_key(child)[0], child)
            if log:
                seconds = time.perf_counter() - began
                print(f"depth {level}: {len(table)} positions, {seconds:.0f} s", flush=True)
        frontier = {key: pos for key, pos in following.items() if key not in table}
    return table


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.ai.make_openings", description=__doc__)
    parser.add_argument("--variant", choices=sorted(RULES), default="goff")
    parser.add_argument("--depth", type=int, default=DEPTH)
    parser.add_argument("--out", type=Path, help="where to write (beside this module if not set)")
    args = parser.parse_args(argv)
    rules = RULES[args.variant]
    out = args.out or Path(__file__).with_name(file_name(rules))
    began = time.perf_counter()
    table = build(rules, args.depth, log=True)
    note = f"values within {args.depth + 1} actions; python -m game.ai.make_openings"
    out.write_text(format_openings(table, note), encoding="utf-8")
    print(f"{len(table)} positions in {time.perf_counter() - began:.1f} s -> {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
