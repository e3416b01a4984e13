"""Write the perfect bot's opening book: ``python -m game.ai.make_book [--depth N]``.

The book holds, for every position where the perfect bot has to act up to
move ``depth`` (as X or as O, against any reply), its value and the move the
solver picks there. The bot plays the book's move, so the positions it meets
next are in the book too. Each is computed by :class:`game.ai.solver.Solver`
from scratch; nothing comes from elsewhere.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from game.ai.perfect import BOOK_FILE, format_book
from game.ai.solver import Book, Solver, canonical_move, position_key
from game.rules import Goff, Player, Position

DEFAULT_DEPTH = 5


def build(depth: int) -> Book:
    """Every decision of the perfect bot, on either side, up to move ``depth``."""
    solver = Solver()
    book: Book = {}
    seen: set[tuple[Player, int]] = set()

    def walk(pos: Position, bot: Player) -> None:
        if pos.is_over or pos.move_number > depth:
            return
        key, sym = position_key(pos)
        if (bot, key) in seen:
            return
        seen.add((bot, key))
        if pos.to_play is not bot:
            for action in pos.legal_actions():
                walk(pos._apply(action), bot)
            return
        action = solver.best_action(pos)
        book[key] = (solver.value_of(pos), canonical_move(action, sym))
        walk(pos._apply(action), bot)

    empty = Position(Goff())
    for bot in Player:
        walk(empty, bot)
    return book


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.ai.make_book", description=__doc__)
    parser.add_argument("--depth", type=int, default=DEFAULT_DEPTH)
    parser.add_argument(
        "--out", type=Path, default=Path(__file__).with_name(BOOK_FILE), help="where to write"
    )
    args = parser.parse_args(argv)
    began = time.perf_counter()
    book = build(args.depth)
    note = f"perfect bot's decisions up to move {args.depth}; python -m game.ai.make_book"
    args.out.write_text(format_book(book, note), encoding="utf-8")
    print(f"{len(book)} positions in {time.perf_counter() - began:.1f} s -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
