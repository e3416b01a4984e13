"""Write the table of early values: ``python -m game.ai.make_openings --variant V``.

Every position reached by at most ``--depth`` + 1 actions from the empty
board (one per class of symmetric positions) with its value, and for those
exactly ``--depth`` + 1 actions deep every move that keeps their value, all
computed by :class:`game.ai.solver.Solver` (through the perfect bot's book
where it has the position, itself the solver's work); nothing comes from
elsewhere. At depth 2 (the default) Goff's game has 5,969 such positions,
about an hour of one core for the values and as long again for the moves
(``--jobs`` shares the moves out between processes; ``--moves-only`` keeps
the values of the file already written); depth 1 has about 200: run it with
``nice``.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from game.ai.openings import (
    DEPTH,
    Moves,
    Openings,
    Table,
    file_name,
    format_openings,
    parse_openings,
)
from game.ai.perfect import load_book
from game.ai.solver import RULES, Rules, Solver, canonical_move, position_key
from game.rules import Position, make_variant

# The solver's table is dropped past this many entries, to keep the process under ~1 GB.
TABLE_LIMIT = 2_000_000


def levels(rules: Rules, depth: int) -> Iterator[dict[int, Position]]:
    """The positions first reached by 0, 1, ... ``depth`` + 1 actions, one per class, by key."""
    seen: set[int] = set()
    frontier = {0: Position(make_variant(rules.variant, {}))}
    for level in range(depth + 2):
        yield frontier
        seen.update(frontier)
        if level > depth:
            return
        following: dict[int, Position] = {}
        for pos in frontier.values():
            for action in pos.legal_actions():
                child = pos._apply(action)
                if not child.is_over:
                    following.setdefault(position_key(child)[0], child)
        frontier = {key: pos for key, pos in following.items() if key not in seen}


def solver_for(rules: Rules) -> Solver:
    return Solver(load_book() if rules.variant == "goff" else None, rules)


def build(rules: Rules, depth: int, log: bool = False) -> Table:
    """The value of every position within ``depth`` + 1 actions of the empty board."""
    solver = solver_for(rules)
    table: Table = {}
    began = time.perf_counter()
    for level, frontier in enumerate(levels(rules, depth)):
        for key, pos in frontier.items():
            table[key] = solver.value_of(pos)
            if len(solver.table) > TABLE_LIMIT:
                solver.table.clear()
        if log:
            seconds = time.perf_counter() - began
            print(f"depth {level}: {len(table)} positions, {seconds:.0f} s", flush=True)
    return table


def best_moves(
    rules: Rules, values: Table, depth: int, shard: int = 0, jobs: int = 1
) -> dict[int, Moves]:
    """Every move keeping the value of each position ``depth`` + 1 actions deep (every
    ``jobs``-th of them from the ``shard``-th), in its key's orientation."""
    solver = solver_for(rules)
    *_, deepest = levels(rules, depth)
    found: dict[int, Moves] = {}
    for key, pos in list(deepest.items())[shard::jobs]:
        sym = position_key(pos)[1]
        actions = solver.best_actions(pos, values[key])[1]
        found[key] = tuple(sorted({canonical_move(action, sym) for action in actions}))
        if len(solver.table) > TABLE_LIMIT:
            solver.table.clear()
    return found


def build_moves(rules: Rules, values: Table, depth: int, jobs: int) -> dict[int, Moves]:
    """:func:`best_moves` of every deepest position, shared out between ``jobs`` processes."""
    with ProcessPoolExecutor(jobs) as pool:
        parts = [pool.submit(best_moves, rules, values, depth, i, jobs) for i in range(jobs)]
        return {key: moves for part in parts for key, moves in part.result().items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.ai.make_openings", description=__doc__)
    parser.add_argument("--variant", choices=sorted(RULES), default="goff")
    parser.add_argument("--depth", type=int, default=DEPTH)
    parser.add_argument("--jobs", type=int, default=1, help="processes finding the moves")
    parser.add_argument("--moves-only", action="store_true", help="keep the file's values")
    parser.add_argument("--out", type=Path, help="where to write (beside this module if not set)")
    args = parser.parse_args(argv)
    rules = RULES[args.variant]
    out = args.out or Path(__file__).with_name(file_name(rules))
    began = time.perf_counter()
    if args.moves_only:
        values = parse_openings(out.read_text(encoding="utf-8")).values
    else:
        values = build(rules, args.depth, log=True)
    openings = Openings(values, build_moves(rules, values, args.depth, max(1, args.jobs)))
    note = (
        f"values within {args.depth + 1} actions, best moves {args.depth + 1} actions deep; "
        "python -m game.ai.make_openings"
    )
    out.write_text(format_openings(openings, note), encoding="utf-8")
    print(
        f"{len(values)} values, {len(openings.best)} positions' best moves "
        f"in {time.perf_counter() - began:.1f} s -> {out}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
