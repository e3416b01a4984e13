"""``qttt bench engine [--variant V] [--json]``: random complete games a second, and listing time.

``playouts_per_s``: every step lists the legal actions and plays a random
one, as a search that expands nodes does. ``rollouts_per_s``: every step
samples one random legal action without listing them all, as the bots'
rollouts do (on 81 cells that is much cheaper). Medians over several runs,
so one noisy second on a shared machine does not decide the number.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable
from random import Random

from game.commands.arguments import described, duration, whole
from game.rules import VARIANTS, Position, make_variant
from game.rules.playout import random_playout


def listed_playout(pos: Position, rng: Random) -> Position:
    """A random game that lists every legal action at every step."""
    choose = rng.choice
    while True:
        actions = pos.legal_actions()
        if not actions:
            return pos
        # legal_actions() lists canonical, legal actions: the unchecked path is safe.
        pos = pos._apply(choose(actions))


def games_per_second(
    play: Callable[[Position, Random], Position], start: Position, rng: Random, seconds: float
) -> float:
    games = 0
    began = time.perf_counter()
    deadline = began + seconds
    while True:
        for _ in range(50):
            play(start, rng)
        games += 50
        now = time.perf_counter()
        if now >= deadline:
            return games / (now - began)


def listing_microseconds(start: Position, rng: Random, samples: int = 2000) -> float:
    """Median time to list the legal actions of positions met in random play."""
    positions = []
    while len(positions) < samples:
        pos = start
        while not pos.is_over:
            positions.append(pos)
            pos = pos.play(rng.choice(pos.legal_actions()))
    times = []
    for pos in positions[:samples]:
        began = time.perf_counter_ns()
        pos.legal_actions()
        times.append(time.perf_counter_ns() - began)
    return statistics.median(times) / 1000


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="qttt bench engine", description=described(__doc__))
    parser.add_argument("--variant", default="goff", choices=sorted(VARIANTS))
    parser.add_argument("--runs", type=whole(1), default=5)
    parser.add_argument("--seconds", type=duration, default=1.0, help="length of one run")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    start = Position(make_variant(args.variant))
    rng = Random(args.seed)
    rates = [games_per_second(listed_playout, start, rng, args.seconds) for _ in range(args.runs)]
    rollouts = [
        games_per_second(random_playout, start, rng, args.seconds) for _ in range(args.runs)
    ]
    result = {
        "variant": args.variant,
        "playouts_per_s": round(statistics.median(rates), 1),
        "playouts_per_s_runs": [round(r, 1) for r in rates],
        "rollouts_per_s": round(statistics.median(rollouts), 1),
        "legal_actions_us": round(listing_microseconds(start, rng), 3),
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(
            f"{args.variant}: {result['playouts_per_s']:,} random complete games/s listing every "
            f"step's actions (median of {args.runs} runs of {args.seconds} s; runs: "
            f"{', '.join(f'{r:,.0f}' for r in rates)})\n"
            f"{result['rollouts_per_s']:,} games/s sampling one action a step "
            "(the bots' rollouts)\n"
            f"listing legal actions: {result['legal_actions_us']} µs median"
        )
    return 0
