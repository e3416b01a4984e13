"""``qttt bench mcts [--variant V] [--json] [--profile]``: search speed and bots' answer times.

- ``iterations_per_s``: MCTS iterations a second searching from the start,
  the median over runs; ``iterations_per_s_mid``: the same from positions
  ``--mid`` random plies in (on large boards the rollouts there cost more;
  on small ones the tree fills with finished games and runs faster).
- ``hard_answer_ms``: p50/p99 of the hard bot's answer time on such positions.
- ``perfect_answer_ms`` (Goff's game only): p50/p99 of the perfect bot's
  answers in whole games against the beginner, a fresh bot each game, on
  either side.
- ``--profile``: where the search's time goes (cProfile, top functions).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import statistics
import time
from random import Random

from game.ai import RandomBot, make_bot
from game.ai.mcts import Search
from game.ai.perfect import PerfectBot
from game.commands.arguments import described, duration, whole
from game.rules import VARIANTS, Player, Position, Variant, make_variant


def sample_position(variant: Variant, rng: Random, plies: int) -> Position:
    """A position ``plies`` random actions from the start (fewer if the game ends first)."""
    pos = Position(variant)
    for _ in range(plies):
        nxt = pos._apply(pos.random_action(rng))
        if nxt.is_over:
            break
        pos = nxt
    return pos


MID = 30  # plies into the mid-game runs, unless --mid says otherwise


def longest_game(variant: Variant) -> int:
    """Plies no game of ``variant`` outlasts: a move per cell at most (each mark ends in a
    cell of its own, or is one of the forest of spooky marks on the open cells), and a
    collapse after each move at most."""
    return 2 * variant.cell_count


def iterations_per_second(pos: Position, rng: Random, seconds: float) -> float:
    search = Search(pos, rng)
    began = time.perf_counter()
    search.run(10**9, began + seconds)
    return search.iterations / (time.perf_counter() - began)


def percentiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    at = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))]  # noqa: E731
    return {"p50": round(at(0.5) * 1000, 3), "p99": round(at(0.99) * 1000, 3)}


def hard_answers(variant: Variant, rng: Random, count: int) -> list[float]:
    times = []
    for i in range(count):
        pos = sample_position(variant, rng, plies=2 * i)
        bot = make_bot("hard", variant, Random(rng.randrange(2**32)))
        began = time.perf_counter()
        bot.choose(pos)
        times.append(time.perf_counter() - began)
    return times


def perfect_answers(variant: Variant, rng: Random, games: int) -> list[float]:
    times = []
    for game in range(games):
        side = Player.X if game % 2 == 0 else Player.O
        bot = PerfectBot(Random(rng.randrange(2**32)))
        other = RandomBot(Random(rng.randrange(2**32)))
        pos = Position(variant)
        while not pos.is_over:
            if pos.to_play is side:
                began = time.perf_counter()
                action = bot.choose(pos)
                times.append(time.perf_counter() - began)
            else:
                action = other.choose(pos)
            pos = pos.play(action)
    return times


def profile(variant: Variant, rng: Random, seconds: float) -> str:
    search = Search(sample_position(variant, rng, plies=6), rng)
    profiler = cProfile.Profile()
    profiler.enable()
    search.run(10**9, time.perf_counter() + seconds)
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(12)
    return out.getvalue()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="qttt bench mcts", description=described(__doc__))
    parser.add_argument("--variant", default="ultimate", choices=sorted(VARIANTS))
    parser.add_argument("--runs", type=whole(1), default=5)
    parser.add_argument("--seconds", type=duration, default=1.0, help="length of one run")
    parser.add_argument(
        "--mid",
        type=whole(0),
        help=f"plies into the mid-game runs (default {MID}, or a whole game if shorter)",
    )
    parser.add_argument("--answers", type=whole(1), default=6, help="hard bot answers to time")
    parser.add_argument(
        "--games", type=whole(1), default=40, help="perfect bot games (Goff's game)"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    variant = make_variant(args.variant)
    longest = longest_game(variant)
    if args.mid is None:
        args.mid = min(MID, longest)  # the positions MID would give: no game is longer
    elif args.mid > longest:
        parser.error(
            f"argument --mid: must be a whole number from 0 to {longest} "
            f"(no {args.variant} game lasts longer), not {args.mid}"
        )
    rng = Random(args.seed)
    if args.profile:
        print(profile(variant, rng, args.seconds))
        return 0
    start = Position(variant)
    rates = [iterations_per_second(start, rng, args.seconds) for _ in range(args.runs)]
    mid = [
        iterations_per_second(sample_position(variant, rng, args.mid), rng, args.seconds)
        for _ in range(args.runs)
    ]
    result: dict[str, object] = {
        "variant": args.variant,
        "iterations_per_s": round(statistics.median(rates), 1),
        "iterations_per_s_runs": [round(r, 1) for r in rates],
        "iterations_per_s_mid": round(statistics.median(mid), 1),
        "hard_answer_ms": percentiles(hard_answers(variant, rng, args.answers)),
    }
    if args.variant == "goff":
        result["perfect_answer_ms"] = percentiles(perfect_answers(variant, rng, args.games))
    if args.json:
        print(json.dumps(result))
        return 0
    print(
        f"{args.variant}: {result['iterations_per_s']:,} MCTS iterations/s (median of "
        f"{args.runs} runs of {args.seconds} s; runs: {', '.join(f'{r:,.0f}' for r in rates)}), "
        f"{result['iterations_per_s_mid']:,} from {args.mid} plies in"
    )
    for key in ("hard_answer_ms", "perfect_answer_ms"):
        if key in result:
            p = result[key]
            assert isinstance(p, dict)
            who = key.removesuffix("_answer_ms")
            print(f"{who} bot answers: p50 {p['p50']} ms, p99 {p['p99']} ms")
    return 0
