"""Find puzzles with the solver: ``nice python -m game.ai.make_puzzles [--count N]``.

Random games of Goff's game and of the shared-win game are stopped at a
random ply from move ``--from`` on; a position is a puzzle when the side to
act is not lost, has more than one kind of action, and exactly one kind (up
to the board's symmetry) keeps the value, so every other gives up at least ½
point. Collapse choices are at most a third of the puzzles: most of them
only ask which half makes a row. The output is sorted by depth, easy first.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from random import Random

from game.ai.perfect import load_book
from game.ai.puzzles import PUZZLE_FILE, Puzzle, format_puzzles
from game.ai.solver import RULES, Solver, position_key, rules_for
from game.rules import Action, Player, Position, Variant, make_variant


def unique_best(solver: Solver, pos: Position) -> tuple[int, list[Action]] | None:
    """The value and the one best action (all its spellings), if ``pos`` is a puzzle."""
    value, values = solver.solve(pos)
    mover = 1 if pos.to_play is Player.X else -1
    if mover * value < 0:
        return None
    kinds: dict[int, list[Action]] = {}
    for action in values:
        kinds.setdefault(position_key(pos._apply(action))[0], []).append(action)
    keeping = [group for group in kinds.values() if values[group[0]] == value]
    if len(kinds) < 2 or len(keeping) != 1:
        return None
    return value, keeping[0]


def depth(solver: Solver, pos: Position, memo: dict[int, int]) -> int:
    """Plies until the end with perfect play: whoever is not behind hurries, the other delays."""
    if pos.is_over:
        return 0
    key = position_key(pos)[0]
    if key not in memo:
        value, best = solver.best_actions(pos)
        mover = 1 if pos.to_play is Player.X else -1
        pick = min if mover * value >= 0 else max
        memo[key] = 1 + pick(depth(solver, pos._apply(a), memo) for a in best)
    return memo[key]


def find(variant: Variant, count: int, first_move: int, seed: int) -> list[Puzzle]:
    rules = rules_for(variant)
    solver = Solver(load_book() if variant.name == "goff" else None, rules)
    rng = Random(seed)
    found: list[Puzzle] = []
    seen: set[int] = set()
    memo: dict[int, int] = {}
    collapses = 0
    while len(found) < count:
        pos = Position(variant)
        moves: list[str] = []
        stop = rng.randint(first_move, 9)
        while not pos.is_over and pos.move_number < stop:
            action = rng.choice(pos.legal_actions())
            moves.append(variant.token(action))
            pos = pos.play(action)
        if pos.is_over or position_key(pos)[0] in seen:
            continue
        seen.add(position_key(pos)[0])
        if pos.awaiting_collapse and collapses * 3 >= count:
            continue
        puzzle = unique_best(solver, pos)
        if puzzle is None:
            continue
        value, answer = puzzle
        collapses += pos.awaiting_collapse
        plies = depth(solver, pos._apply(answer[0]), memo)
        tokens = tuple(variant.token(a) for a in answer)
        found.append(Puzzle(0, variant, tuple(moves), tokens, rules.scores(value), plies))
        print(f"{variant.name}: {len(found)} puzzles", flush=True)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.ai.make_puzzles", description=__doc__)
    parser.add_argument("--count", type=int, default=80, help="puzzles of each game")
    parser.add_argument("--from", dest="first", type=int, default=5, help="earliest move")
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name(PUZZLE_FILE))
    args = parser.parse_args(argv)
    began = time.perf_counter()
    puzzles = []
    for offset, name in enumerate(sorted(RULES)):
        puzzles += find(make_variant(name, {}), args.count, args.first, args.seed + offset)
    puzzles.sort(key=lambda p: (p.depth, p.variant.name))
    note = f"{len(puzzles)} puzzles; python -m game.ai.make_puzzles --seed {args.seed}"
    args.out.write_text(format_puzzles(puzzles, note), encoding="utf-8")
    print(f"{len(puzzles)} puzzles in {time.perf_counter() - began:.0f} s -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
