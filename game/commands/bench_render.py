"""``qttt bench render [--variant V] [--json]``: the cost of a frame during the biggest collapse.

The play scene runs at 1280×720 with SDL's software renderer (no window is
shown). Random games are searched for the collapse that resolves the most
marks on the fullest board; from the position just before it, the
collapse is chosen and every frame of the burst (two fixed steps at 60 fps,
then a draw) is timed until the effects are over. The burst is replayed
several times; the numbers are the median (p50) and the 99th percentile
(p99) of those frame times, update and draw together.

``p50_ms``/``p99_ms`` count the drawing thread's own CPU time, so other
programs busy on the machine do not blur them; ``wall_p50_ms``/``wall_p99_ms``
are the same frames on the wall clock, preemptions included.
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from pathlib import Path
from random import Random

from game.commands.arguments import described
from game.records import Record
from game.rules import VARIANTS, Position, Variant, make_variant

SIZE = (1280, 720)
STEPS_PER_FRAME = 2  # 60 frames a second at 120 steps a second


def biggest_collapse(variant: Variant, games: int, rng: Random) -> list[str]:
    """Tokens up to the awaited collapse resolving the most marks, on the fullest board."""
    best: tuple[tuple[int, int], list[str]] = ((-1, -1), [])
    for _ in range(games):
        pos = Position(variant)
        tokens: list[str] = []
        while not pos.is_over:
            if pos.awaiting_collapse:
                score = (
                    len(pos.entanglement()),
                    len(pos.spooky_marks) + sum(1 for k in pos.cells if k),
                )
                if score > best[0]:
                    best = (score, list(tokens))
            action = pos.random_action(rng)
            tokens.append(variant.token(action))
            pos = pos._apply(action)
    return best[1]


def percentile(values: list[float], p: float) -> float:
    """The ``p``-th percentile (nearest rank), in milliseconds to the microsecond."""
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))], 3)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="qttt bench render", description=described(__doc__))
    parser.add_argument("--variant", default="goff", choices=sorted(VARIANTS))
    parser.add_argument("--bursts", type=int, default=12, help="times the burst is replayed")
    parser.add_argument("--games", type=int, default=400, help="random games searched")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

    import pygame

    from game.client.app import App
    from game.client.scene import SceneName, make_scene
    from game.session import LocalSession

    variant = make_variant(args.variant)
    tokens = biggest_collapse(variant, args.games, Random(args.seed))
    before = Record(variant, tokens).final()
    with tempfile.TemporaryDirectory() as home:
        app = App(size=SIZE, clock=lambda: 0, settings_path=Path(home) / "settings.json")
        surface = pygame.display.get_surface()
        cpu: list[float] = []
        wall: list[float] = []
        peak = 0
        for _ in range(args.bursts):
            scene = make_scene(SceneName.PLAY, app)
            session = LocalSession(variant, record=Record(variant, list(tokens)))
            scene.enter(variant=variant, seats={}, session=session, seed=args.seed)
            scene.draw(surface, 0.0)  # the position before the burst is on screen already
            session.submit(before.legal_actions()[0])
            effects = scene.effects  # type: ignore[attr-defined]
            first = True
            while first or effects.busy or effects.particle_count:
                first = False
                began, began_cpu = time.perf_counter_ns(), time.thread_time_ns()
                for _ in range(STEPS_PER_FRAME):
                    scene.update(app.timestep.dt)
                scene.draw(surface, 0.5)
                cpu.append((time.thread_time_ns() - began_cpu) / 1e6)
                wall.append((time.perf_counter_ns() - began) / 1e6)
                peak = max(peak, effects.particle_count)
            scene.exit()
        app.close()
    result = {
        "variant": variant.name,
        "size": f"{SIZE[0]}x{SIZE[1]}",
        "marks_resolved": len(before.entanglement()),
        "frames": len(cpu),
        "peak_particles": peak,
        "p50_ms": percentile(cpu, 50),
        "p99_ms": percentile(cpu, 99),
        "max_ms": percentile(cpu, 100),
        "wall_p50_ms": percentile(wall, 50),
        "wall_p99_ms": percentile(wall, 99),
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(
            f"render {result['variant']} {result['size']}: "
            f"{result['marks_resolved']} marks resolved, "
            f"{result['frames']} frames, up to {peak} particles\n"
            f"  update+draw per frame (CPU): p50 {result['p50_ms']} ms, "
            f"p99 {result['p99_ms']} ms, max {result['max_ms']} ms\n"
            f"  on the wall clock:           p50 {result['wall_p50_ms']} ms, "
            f"p99 {result['wall_p99_ms']} ms"
        )
    return 0
