"""``qttt bench analysis [--variant V] [--games N] [--json]``: how fast games are judged.

``record_s``: one whole random game judged by a fresh judge (its tables read
already, its solver cold), every ply's values and best actions, as
``qttt analyze`` does. ``position_ms``: each position of those games judged
again by the same judge, now warm. Both in CPU time of this process (a busy
machine stretches wall time, not this), medians and the worst, printed, never
asserted: the machine is shared.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from random import Random

from game.ai.analysis import judge_for, judge_plies
from game.commands.arguments import described, whole
from game.records import Record
from game.rules import Position, Variant, make_variant
from game.rules.playout import random_tokens


def random_game(variant: Variant, seed: int) -> list[str]:
    return random_tokens(Position(variant), Random(seed))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="qttt bench analysis", description=described(__doc__))
    parser.add_argument("--variant", default="goff", choices=("goff", "shared"))
    parser.add_argument("--games", type=whole(1), default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    variant = make_variant(args.variant, {})
    judge_for(variant).judge(Record(variant, []).final())  # read the tables once
    records, positions = [], []
    for game in range(args.games):
        tokens = random_game(variant, args.seed + game)
        seen = Record(variant, tokens).positions()
        judge = judge_for(variant)
        began = time.process_time()
        list(judge_plies(seen, tokens, judge))
        records.append(time.process_time() - began)
        for pos in seen:
            began = time.process_time()
            judge.judge(pos)
            positions.append(1000 * (time.process_time() - began))
    found = {
        "variant": variant.name,
        "games": args.games,
        "record_s": {"median": statistics.median(records), "max": max(records)},
        "position_ms": {"median": statistics.median(positions), "max": max(positions)},
    }
    if args.json:
        print(json.dumps(found))
    else:
        r, p = found["record_s"], found["position_ms"]
        print(
            f"{variant.name}: a whole record {r['median']:.2f} s (worst {r['max']:.2f} s); "
            f"a warm position {p['median']:.1f} ms (worst {p['max']:.1f} ms), {args.games} games"
        )
    return 0
