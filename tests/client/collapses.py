"""A big collapse to show: the position before it and after it."""

from __future__ import annotations

from random import Random

from game.commands.bench_render import biggest_collapse
from game.records import Record
from game.rules import Position, Variant


def big_collapse(variant: Variant, seed: int, games: int = 40) -> tuple[Position, Position]:
    """Before and after the collapse resolving the most marks in ``games`` random games."""
    before = Record(variant, biggest_collapse(variant, games, Random(seed))).final()
    return before, before.play(before.legal_actions()[0])
