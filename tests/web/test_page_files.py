"""The page's files and the view the host sends it, without a browser."""

from __future__ import annotations

import re
from dataclasses import fields
from random import Random

from game.client import theme
from game.rules import Collapse, Position, make_variant
from net.view import view_of
from net.web import PAGE_DIR


def test_the_page_wears_the_games_palettes() -> None:
    css = (PAGE_DIR / "style.css").read_text(encoding="utf-8")
    normal, contrast = css.split("@media (prefers-contrast: more)", 1)
    for block, palette in ((normal, theme.NORMAL), (contrast, theme.HIGH_CONTRAST)):
        found = {
            name.replace("-", "_"): tuple(map(int, rgb.split(",")))
            for name, rgb in re.findall(r"--([a-z-]+): rgb\(([\d, ]+)\);", block)
        }
        # Its colours, that is: not how much light or colour a mark sheds or keeps, nor motion.
        colors = (
            f for f in fields(theme.Palette) if f.name not in ("glow_strength", "aside", "drift")
        )
        wanted = {f.name: getattr(palette, f.name) for f in colors}
        assert found == wanted


def _cells(mask: str) -> set[int]:
    bits = int(mask, 16)
    return {i for i in range(bits.bit_length()) if bits >> i & 1}


def test_the_view_offers_exactly_the_legal_actions_at_every_ply() -> None:
    # Whole games on the small boards; the first plies of the 81-cell ones, where most is open.
    games = (("goff", 1, None), ("shared", 2, None), ("nxn", 3, None), ("squared", 4, 12))
    for variant, seed, plies in (*games, ("ultimate", 5, 16)):
        rng = Random(seed)
        pos = Position(make_variant(variant))
        ply = 0
        while not pos.is_over and ply != plies:
            view = view_of(pos, 1, ply)
            legal = pos.legal_actions()
            if pos.awaiting_collapse:
                tokens = {pos.variant.token(a) for a in legal if isinstance(a, Collapse)}
                assert {o["token"] for o in view["outcomes"]} == tokens
                assert view["starts"] == "0" and view["cycle"]
            else:
                pairs = {frozenset(a) for a in legal}
                offered = {
                    frozenset((int(a), b))
                    for a, mask in view["finish"].items()
                    for b in _cells(mask)
                }
                assert offered == pairs
                assert _cells(view["starts"]) == {c for pair in pairs for c in pair}
                assert view["outcomes"] == []
            pos = pos.play(pos.random_action(rng))
            ply += 1
        if plies is None:
            over = view_of(pos, 1, ply)
            assert over["over"] is not None and over["starts"] == "0" and not over["to_play"]
