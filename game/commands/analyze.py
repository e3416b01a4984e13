"""``qttt analyze RECORD [--json]``: every ply of a game judged, with its mistakes.

For each ply (placements and collapse choices alike): the value of the
position before and after it, the actions that would have kept the value,
how much the ply gave up and a grade. Goff's game and the shared-win game
are exact; other variants are estimates by a fixed search budget (see
``game/ai/analysis.py`` for the budget and the grades' thresholds).
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from game.ai.analysis import ESTIMATE_ITERATIONS, LABELS, Analysis, analyse, shown_loss
from game.commands.arguments import described
from game.records import RecordError, read_record
from game.rules import Scores
from game.textview import kept, points

# Best actions shown in a row of the table before "and N more".
SHOWN_BEST = 4


def _value_text(scores: Scores, exact: bool, variant: str) -> str:
    if exact:
        return kept(scores, variant, short=True)
    return f"X {scores.x:.2f} – O {scores.o:.2f}"


def _best_text(tokens: list[str]) -> str:
    shown = " ".join(tokens[:SHOWN_BEST])
    more = len(tokens) - SHOWN_BEST
    return f"{shown} +{more}" if more > 0 else shown or "–"


def table(analysis: Analysis, seconds: float) -> str:
    exact, name = analysis.exact, analysis.variant.name
    plies = analysis.plies
    values = [
        (_value_text(p.before.value, exact, name), _value_text(p.after.value, exact, name))
        for p in plies
    ]
    # As wide as the widest entry: an estimate's "X 0.51 – O 0.49" or Ultimate's "12@5.3".
    tw = max([7, *(len(p.token) for p in plies)])
    vw = max([13, *(len(v) for pair in values for v in pair)])
    lines = [
        f"{'ply':>3}  {'token':<{tw}} {'':1}  {'before':<{vw}} {'after':<{vw}} {'loss':>4}  best"
    ]
    for ply, (before, after) in zip(plies, values, strict=True):
        mark = "" if ply.label == "best" else f"  <- {ply.label}"
        loss = points(ply.loss) if exact else f"{shown_loss(ply.loss, exact):.2f}"
        lines.append(
            f"{ply.ply:>3}  {ply.token:<{tw}} {ply.mover}  {before:<{vw}} {after:<{vw}} "
            f"{loss:>4}  {_best_text(ply.best_tokens(analysis.variant))}{mark}"
        )
    grades = ", ".join(f"{name} from {shown_loss(floor, exact):g}" for name, floor in LABELS[:-1])
    how = "exact" if exact else f"estimated, {ESTIMATE_ITERATIONS} search iterations a position"
    count = len(analysis.plies)
    lines.append(f"{count} plies, {how}, in {seconds:.2f} s; grades by loss: {grades}")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="qttt analyze", description=described(__doc__))
    parser.add_argument("record", help="a game record (JSON)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    try:
        record = read_record(args.record).canonical()  # spelled as the best column is
        positions = record.positions()
    except RecordError as exc:
        print(exc, file=sys.stderr)
        return 2
    began = time.perf_counter()
    analysis = analyse(record.variant, positions, record.moves)
    seconds = time.perf_counter() - began
    if args.json:
        print(json.dumps(analysis.to_json(), ensure_ascii=False))
    else:
        print(table(analysis, seconds))
    return 0
