"""Where the game keeps what outlives a run: settings (config folder) and records (data folder).

Each platform has its own convention (the XDG base directories on Linux and
other Unixes, ``Application Support`` on macOS, ``APPDATA`` and
``LOCALAPPDATA`` on Windows). The functions take the environment, platform
and home folder as arguments so a test can ask for any platform's answer;
nothing is created until something is written.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from collections.abc import Mapping
from datetime import datetime
from pathlib import Path

from game.records import Record

APP = "qttt"
RECORD_SUFFIX = ".qttt.json"


def config_dir(
    env: Mapping[str, str] | None = None,
    platform: str | None = None,
    home: Path | None = None,
) -> Path:
    """The folder for settings: ``$XDG_CONFIG_HOME/qttt`` or ``~/.config/qttt`` on Linux."""
    return _app_dir(env, platform, home, "APPDATA", "Roaming", "XDG_CONFIG_HOME", (".config",))


def data_dir(
    env: Mapping[str, str] | None = None,
    platform: str | None = None,
    home: Path | None = None,
) -> Path:
    """The folder for saved games: ``$XDG_DATA_HOME/qttt`` or ``~/.local/share/qttt`` on Linux."""
    return _app_dir(
        env, platform, home, "LOCALAPPDATA", "Local", "XDG_DATA_HOME", (".local", "share")
    )


def _app_dir(
    env: Mapping[str, str] | None,
    platform: str | None,
    home: Path | None,
    windows_var: str,
    windows_under_appdata: str,
    xdg_var: str,
    xdg_default: tuple[str, ...],
) -> Path:
    """The game's folder of one kind: the platform's variable, else its default under home.

    macOS keeps settings and saved games alike in ``Application Support``.
    """
    env, platform, home = _defaults(env, platform, home)
    if platform.startswith("win"):
        return Path(env.get(windows_var) or home / "AppData" / windows_under_appdata) / APP
    if platform == "darwin":
        return home / "Library" / "Application Support" / APP
    return _xdg(env, xdg_var, home.joinpath(*xdg_default)) / APP


def records_dir() -> Path:
    """The games saved from the window (Ctrl+S, the results screen)."""
    return data_dir() / "records"


def games_dir() -> Path:
    """Where a host keeps the records of its tables' games, each saved as it is played."""
    return data_dir() / "games"


def seats_file() -> Path:
    """Where this user's seat tokens are kept (``net.seats.SeatStore``)."""
    return data_dir() / "seats.json"


def settings_file() -> Path:
    return config_dir() / "settings.json"


def _defaults(
    env: Mapping[str, str] | None, platform: str | None, home: Path | None
) -> tuple[Mapping[str, str], str, Path]:
    return (
        os.environ if env is None else env,
        sys.platform if platform is None else platform,
        Path.home() if home is None else home,
    )


def _xdg(env: Mapping[str, str], name: str, fallback: Path) -> Path:
    # The XDG spec says a relative value is invalid and must be ignored.
    value = env.get(name, "")
    return Path(value) if value and os.path.isabs(value) else fallback


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
