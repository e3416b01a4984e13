"""``qttt arena --x LEVEL --o LEVEL --variant V --games N [--json]``: bots against bots.

Prints wins, draws and losses (from X's side) and each side's average
points with a 95% confidence interval. Game ``i`` is seeded from ``--seed``
and ``i``, so a run replays exactly, with any number of ``--jobs``.

``qttt arena --ladder --variant V --games N [--levels A,B,..] [--json]``
plays every level of the variant against every other instead, ``--games``
games a pair with the colours alternating, and prints an Elo for each.

``--cpu`` counts each level's time limit in CPU seconds of each of its
search processes: on a loaded machine a level then searches as much as on
an idle one, so results do not depend on who else uses the cores.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from random import Random

from game.ai import LEVELS, make_bot
from game.ai.arena import Tally, mean_ci95, play_game
from game.commands import ladder
from game.commands.arguments import described, size_fields, whole
from game.rules import VARIANTS, Scores, Variant, make_variant

# Every game is planned before the first is played: a billion ended in a MemoryError. Ten
# thousand games of a pair put its score within 1% (95%), closer than any rating here needs.
MOST_GAMES = 10_000

Job = tuple[str, dict[str, object], str, str, int, bool]
"""One game: the variant's name and record fields, X's level, O's level, the seed, and whether
time limits count CPU seconds."""


def _game(job: Job) -> Scores:
    name, fields, x_level, o_level, seed, cpu_time = job
    variant = make_variant(name, fields)
    return play_game(variant, x_level, o_level, seed, cpu_time=cpu_time).scores()


def _results(jobs: list[Job], workers: int) -> list[Scores]:
    workers = ladder.pool_size(workers, len(jobs))
    if workers == 1:
        return [_game(job) for job in jobs]
    with ladder.pool(workers) as pool:
        # Not pool.map: on Ctrl-C its iterator cancels the games left, racing the pool's own
        # thread as it fails them (ladder.pool), and CPython 3.11 prints the clash.
        games = [pool.submit(_game, job) for job in jobs]
        for _ in ladder.finished(games):
            pass
        return [game.result() for game in games]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="qttt arena", description=described(__doc__))
    parser.add_argument("--x", choices=LEVELS, help="X's level")
    parser.add_argument("--o", choices=LEVELS, help="O's level")
    parser.add_argument(
        "--ladder", action="store_true", help="every level against every other, with an Elo each"
    )
    parser.add_argument(
        "--levels", help="the ladder's levels, comma-separated (default: all the variant has)"
    )
    parser.add_argument("--variant", default="goff", choices=sorted(VARIANTS))
    parser.add_argument("--size", type=int, help="the board's side (nxn only: 3 to 6)")
    parser.add_argument(
        "--games", type=whole(1, MOST_GAMES), default=20, help="games (a ladder: of each pair)"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=whole(1), default=1, help="games played at once (processes)")
    parser.add_argument(
        "--cpu", action="store_true", help="time limits in CPU seconds (immune to machine load)"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    try:
        fields = size_fields(args.variant, args.size)
        variant = make_variant(args.variant, fields)
    except ValueError as exc:  # a RulesError too
        return _usage(str(exc))
    if args.ladder:
        if args.x or args.o:
            return _usage("--ladder plays every level: leave out --x and --o")
        return _ladder(args, variant, fields)
    if args.levels is not None:
        return _usage("--levels names a ladder's levels: ask for --ladder, or leave it out")
    if not (args.x and args.o):
        return _usage("name both levels (--x and --o), or ask for --ladder")
    try:
        for level in (args.x, args.o):
            # Refuses a level that does not play this variant before any game starts.
            make_bot(level, variant, Random(0))
    except ValueError as exc:
        return _usage(str(exc))
    jobs: list[Job] = [
        (args.variant, fields, args.x, args.o, args.seed * 1_000_003 + i, args.cpu)
        for i in range(args.games)
    ]
    began = time.perf_counter()
    tally = Tally()
    for scores in _results(jobs, args.jobs):
        tally.add(scores)
    report(args, tally, time.perf_counter() - began)
    return 0


def _usage(message: str) -> int:
    print(f"qttt arena: {message}", file=sys.stderr)
    return 2


def _ladder(args: argparse.Namespace, variant: Variant, fields: dict[str, object]) -> int:
    if args.levels is not None:  # given empty, it names none: not all of them
        levels = [level.strip() for level in args.levels.split(",") if level.strip()]
        unknown = [level for level in levels if level not in LEVELS]
        if unknown:
            return _usage(f"unknown level {unknown[0]!r}; the levels are {', '.join(LEVELS)}")
        if len(set(levels)) != len(levels):
            return _usage("--levels names a level twice")
        try:
            for level in levels:
                make_bot(level, variant, Random(0))
        except ValueError as exc:
            return _usage(str(exc))
    else:
        levels = [level for level in LEVELS if plays(level, variant)]
    if len(levels) < 2:
        return _usage("a ladder needs two levels at least")
    ladder.report(
        ladder.run_ladder(args.variant, fields, levels, args.games, args.seed, args.jobs, args.cpu),
        args.json,
    )
    return 0


def plays(level: str, variant: Variant) -> bool:
    """Whether ``level`` has a bot for ``variant`` (*perfect* plays Goff's game only)."""
    try:
        make_bot(level, variant, Random(0))
    except ValueError:
        return False
    return True


def report(args: argparse.Namespace, tally: Tally, seconds: float) -> None:
    x_mean, x_ci = mean_ci95(tally.x_points)
    o_mean, o_ci = mean_ci95(tally.o_points)
    result = {
        "variant": args.variant,
        "x": args.x,
        "o": args.o,
        "games": tally.games,
        "x_wins": tally.x_wins,
        "draws": tally.draws,
        "o_wins": tally.o_wins,
        "x_points": {"mean": round(x_mean, 4), "ci95": round(x_ci, 4)},
        "o_points": {"mean": round(o_mean, 4), "ci95": round(o_ci, 4)},
        "seconds": round(seconds, 2),
        "clock": "cpu" if args.cpu else "wall",
    }
    if args.json:
        print(json.dumps(result))
        return
    n = tally.games
    print(
        f"{args.variant}: X {args.x} vs O {args.o}, {n} games in {seconds:.1f} s"
        f"{' (CPU-time limits)' if args.cpu else ''}\n"
        f"  X wins {tally.x_wins} ({tally.x_wins / n:.0%}), draws {tally.draws} "
        f"({tally.draws / n:.0%}), O wins {tally.o_wins} ({tally.o_wins / n:.0%})\n"
        f"  points: X {x_mean:.3f} ± {x_ci:.3f}, O {o_mean:.3f} ± {o_ci:.3f} (95%)"
    )
