"""The window's own files: its settings, the games saved from it and its seat tokens, in
the platform's folders (:mod:`game.paths`), and how they are written.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import threading
from datetime import datetime
from pathlib import Path

from game.paths import config_dir, data_dir
from game.records import Record

RECORD_SUFFIX = ".qttt.json"


def records_dir() -> Path:
    """The games saved from the window (Ctrl+S, the results screen)."""
    return data_dir() / "records"


def seats_file() -> Path:
    """Where this user's seat tokens are kept (``net.seats.SeatStore``)."""
    return data_dir() / "seats.json"


def settings_file() -> Path:
    return config_dir() / "settings.json"


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a crash leaves either the old file or the new one.

    The text goes to a temporary file in the same folder, is flushed to the
    disk, and then renamed over ``path`` (a rename within a folder is atomic).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def save_record(record: Record, folder: Path | None = None, now: datetime | None = None) -> Path:
    """Save ``record`` under a new name in the records folder and return where it went.

    The name is the local date and time with the variant, for example
    ``2026-11-22_0315_goff.qttt.json``; a second save in the same minute gets
    ``-2``, ``-3`` … so no record is ever overwritten.
    """
    folder = records_dir() if folder is None else folder
    stamp = (now or datetime.now()).strftime("%Y-%m-%d_%H%M")
    stem = f"{stamp}_{record.variant.name}"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{stem}{RECORD_SUFFIX}"
    number = 1
    while path.exists():
        number += 1
        path = folder / f"{stem}-{number}{RECORD_SUFFIX}"
    write_atomic(path, record.to_json() + "\n")
    return path


class GameFile:
    """The file one game is saved in, once it is. Saved again as that file holds it, the
    game writes nothing; changed since (played on, undone), it is written there again: a
    new file for every save listed the same game once for each."""

    def __init__(self, folder: Path | None = None) -> None:
        self._folder = folder
        self._path: Path | None = None
        self._lock = threading.Lock()  # saves run in workers: one at a time, in order

    def save(self, record: Record, now: datetime | None = None) -> tuple[Path, bool]:
        """Save ``record`` as this game: where it is, and whether this wrote it (False: the
        file held it already)."""
        with self._lock:
            if self._path is None:
                self._path = save_record(record, self._folder, now)
                return self._path, True
            text = record.to_json() + "\n"
            with contextlib.suppress(OSError):  # gone or unreadable: written again
                if self._path.read_text(encoding="utf-8") == text:
                    return self._path, False
            write_atomic(self._path, text)
            return self._path, True


def saved_records(folder: Path | None = None) -> list[Path]:
    """Every saved record, newest first (names start with the date; ``-2`` came after none)."""
    folder = records_dir() if folder is None else folder
    try:
        found = [p for p in folder.iterdir() if p.name.endswith(RECORD_SUFFIX) and p.is_file()]
    except OSError:
        return []
    return sorted(found, key=_save_order, reverse=True)


def _save_order(path: Path) -> tuple[str, int]:
    stem = path.name.removesuffix(RECORD_SUFFIX)
    base, dash, number = stem.rpartition("-")
    # ASCII digits only: str.isdigit() also holds for "²", which int() refuses.
    numbered = dash and number.isascii() and number.isdigit()
    return (base, int(number)) if numbered else (stem, 1)
