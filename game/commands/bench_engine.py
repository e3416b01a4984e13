"""``qttt bench engine [--variant V] [--json]``: random complete games a second, and listing time.

Every step lists the legal actions and plays a random one, as search does.
Medians over several runs, so one noisy second on a shared machine does not
decide the number.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from random import Random

from game.rules import VARIANTS, Position, make_variant
from game.rules.playout import random_playout


def playouts_per_second(start: Position, rng: Random, seconds: float) -> float:
    games = 0
    began = time.perf_counter()
    deadline = began + seconds
    while True:
        for _ in range(50):
            random_playout(start, rng)
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
    parser = argparse.ArgumentParser(prog="qttt bench engine", description=__doc__)
    parser.add_argument("--variant", default="goff", choices=sorted(VARIANTS))
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one run")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    start = Position(make_variant(args.variant))
    rng = Random(args.seed)
    rates = [playouts_per_second(start, rng, args.seconds) for _ in range(args.runs)]
    result = {
        "variant": args.variant,
        "playouts_per_s": round(statistics.median(rates), 1),
        "playouts_per_s_runs": [round(r, 1) for r in rates],
        "legal_actions_us": round(listing_microseconds(start, rng), 3),
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(
            f"{args.variant}: {result['playouts_per_s']:,} random complete games/s "
            f"(median of {args.runs} runs of {args.seconds} s; runs: "
            f"{', '.join(f'{r:,.0f}' for r in rates)})\n"
            f"listing legal actions: {result['legal_actions_us']} µs median"
        )
    return 0
