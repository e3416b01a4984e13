"""``qttt bench render [--variant V] [--size WxH] [--scene play|tv] [--json]``: a frame's cost
during the biggest collapse, beside a bare frame's at the same size.

The scene (the play scene, or the big-screen TV scene showing a party table)
runs at ``--size`` with SDL's software renderer (no window is shown). Random
games are searched for the collapse that resolves the most marks on the
fullest board; from the position just before it, the collapse is chosen and
every frame of the burst (two fixed steps at 60 fps, a draw, a flip) is
timed until the effects are over. The burst is replayed several times; the
numbers are the median (p50) and the 99th percentile (p99) of those frame
times, update, draw and flip together.

``bare_p50_ms`` is the median of a bare frame measured in the same run at the
same size: fill, one full-screen blit, flip. It is the floor any frame pays,
so ``p99_ms / bare_p50_ms`` compares machines and sizes fairly.

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
from collections.abc import Callable
from functools import partial
from pathlib import Path
from random import Random

from game.commands.arguments import described, parse_size, whole
from game.records import Record
from game.rules import VARIANTS, Position, Variant, make_variant

SIZE = (1280, 720)
STEPS_PER_FRAME = 2  # 60 frames a second at 120 steps a second
BARE_FRAMES = 120
SCENES = ("play", "tv")


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


class Timer:
    """CPU (this thread's) and wall milliseconds of each timed call."""

    def __init__(self) -> None:
        self.cpu: list[float] = []
        self.wall: list[float] = []

    def time(self, fn: Callable[[], None]) -> None:
        began, began_cpu = time.perf_counter_ns(), time.thread_time_ns()
        fn()
        self.cpu.append((time.thread_time_ns() - began_cpu) / 1e6)
        self.wall.append((time.perf_counter_ns() - began) / 1e6)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="qttt bench render", description=described(__doc__))
    parser.add_argument("--variant", default="goff", choices=sorted(VARIANTS))
    parser.add_argument("--scene", default="play", choices=SCENES)
    parser.add_argument("--size", type=parse_size, default=SIZE, help="WxH, e.g. 1920x1080")
    parser.add_argument("--bursts", type=whole(1), default=12, help="times the burst is replayed")
    parser.add_argument("--games", type=whole(1), default=400, help="random games searched")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

    import pygame

    from game.client.app import App
    from game.client.scene import Scene, SceneName, make_scene
    from game.client.still import show
    from game.session import LocalSession, Snapshot

    variant = make_variant(args.variant)
    tokens = biggest_collapse(variant, args.games, Random(args.seed))
    before = Record(variant, tokens).final()
    collapse = before.legal_actions()[0]
    size: tuple[int, int] = args.size

    def play_scene() -> tuple[Scene, Callable[[], None]]:
        scene = make_scene(SceneName.PLAY, app)
        session = LocalSession(variant, record=Record(variant, list(tokens)))
        scene.enter(variant=variant, seats={}, session=session, seed=args.seed)
        return scene, lambda: session.submit(collapse)

    def tv_scene() -> tuple[Scene, Callable[[], None]]:
        from net.protocol import Party, Standing

        # The TV is a spectator: it is shown what a party table's host sends it.
        scene = make_scene(SceneName.TV, app)
        party = Party(
            "winner-stays",
            "Ada and Bo play; Cy is next",
            False,
            3,
            ("Ada", "Bo"),
            ("Cy", "Dee", "Eve"),
            tuple(
                Standing(n, 8 - 2 * i, 3, 2 - i // 2, 0, True, i + 1) for i, n in enumerate("ABCDE")
            ),
            0,
            0,
        )
        shown = Snapshot(variant, tuple(tokens), before)
        after = before.play(collapse)
        moved = Snapshot(variant, (*tokens, variant.token(collapse)), after)
        for message in (shown, party):
            scene.take(message, 0.0)  # type: ignore[attr-defined]
        return scene, lambda: scene.take(moved, 0.0)  # type: ignore[attr-defined]

    def frame(scene: Scene) -> None:
        for _ in range(STEPS_PER_FRAME):
            scene.update(app.timestep.dt)
        show(scene.draw(surface, 0.5))  # as the app does: only what changed, if it says

    start_scene = play_scene if args.scene == "play" else tv_scene
    with tempfile.TemporaryDirectory() as home:
        app = App(size=size, clock=lambda: 0, settings_path=Path(home) / "settings.json")
        surface = pygame.display.get_surface()
        backdrop = pygame.Surface(size).convert()
        backdrop.fill((30, 20, 60))

        def bare() -> None:
            surface.fill((0, 0, 0))
            surface.blit(backdrop, (0, 0))
            pygame.display.flip()

        floor = Timer()
        frames = Timer()
        peak = 0
        for _ in range(BARE_FRAMES):
            floor.time(bare)
        for _ in range(args.bursts):
            scene, start = start_scene()
            show(scene.draw(surface, 0.0))  # the position before the burst is on screen already
            start()
            effects = scene.effects  # type: ignore[attr-defined]
            first = True
            while first or effects.busy or effects.particle_count:
                first = False
                frames.time(partial(frame, scene))
                peak = max(peak, effects.particle_count)
            scene.exit()
            for _ in range(BARE_FRAMES // args.bursts + 1):  # the floor, between the bursts too
                floor.time(bare)
        app.close()
    cpu = frames.cpu
    result = {
        "variant": variant.name,
        "scene": args.scene,
        "size": f"{size[0]}x{size[1]}",
        "marks_resolved": len(before.entanglement()),
        "frames": len(cpu),
        "peak_particles": peak,
        "bare_p50_ms": percentile(floor.cpu, 50),
        "p50_ms": percentile(cpu, 50),
        "p99_ms": percentile(cpu, 99),
        "max_ms": percentile(cpu, 100),
        "wall_p50_ms": percentile(frames.wall, 50),
        "wall_p99_ms": percentile(frames.wall, 99),
    }
    result["p99_over_bare"] = round(result["p99_ms"] / max(result["bare_p50_ms"], 1e-3), 2)
    if args.json:
        print(json.dumps(result))
    else:
        print(
            f"render {result['scene']} {result['variant']} {result['size']}: "
            f"{result['marks_resolved']} marks resolved, "
            f"{result['frames']} frames, up to {peak} particles\n"
            f"  bare frame (fill, blit, flip): p50 {result['bare_p50_ms']} ms\n"
            f"  update+draw+flip per frame (CPU): p50 {result['p50_ms']} ms, "
            f"p99 {result['p99_ms']} ms ({result['p99_over_bare']}x bare), "
            f"max {result['max_ms']} ms\n"
            f"  on the wall clock:                p50 {result['wall_p50_ms']} ms, "
            f"p99 {result['wall_p99_ms']} ms"
        )
    return 0
