"""How far the tutorial has gone: the lesson reached, kept in the user's data folder.

``tutorial.json`` holds the lesson the player reached, so the tutorial opens
where it was left; once its last step is made it opens at the beginning. A
missing or damaged file opens at lesson 1; a data folder that cannot be
written keeps the progress for this run only.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

from game.client.paths import write_atomic
from game.paths import data_dir

PROGRESS_FILE = "tutorial.json"


def progress_file() -> Path:
    return data_dir() / PROGRESS_FILE


def read_progress(path: Path, lessons: int) -> int:
    """The lesson to open at (of ``lessons``): the first for a missing, unreadable or
    impossible value, so a damaged or hand-edited file never stops the game."""
    try:
        lesson = json.loads(path.read_text(encoding="utf-8"))["lesson"]
    except (OSError, ValueError, LookupError, TypeError, RecursionError):
        return 0
    whole = isinstance(lesson, int) and not isinstance(lesson, bool)
    return lesson if whole and 0 <= lesson < lessons else 0


def write_progress(path: Path, lesson: int) -> None:
    write_atomic(path, json.dumps({"lesson": lesson}) + "\n")


class Progress:
    """The lesson the progress file holds, written again only when it changes."""

    def __init__(self) -> None:
        self.kept = 0

    def read(self, lessons: int) -> int:
        """The lesson to open at, of ``lessons``."""
        self.kept = read_progress(progress_file(), lessons)
        return self.kept

    def keep(self, lesson: int) -> None:
        """Open at ``lesson`` next time (the first, once the tutorial is finished)."""
        if lesson != self.kept:
            self.kept = lesson
            # A data folder that cannot be written: the progress lasts this run.
            with contextlib.suppress(OSError):
                write_progress(progress_file(), lesson)
