"""Where the game's folders are on each platform: settings (config folder) and what it
keeps of its games (data folder), for the window and the hosts alike.

Each platform has its own convention (the XDG base directories on Linux and
other Unixes, ``Application Support`` on macOS, ``APPDATA`` and
``LOCALAPPDATA`` on Windows). The functions take the environment, platform
and home folder as arguments so a test can ask for any platform's answer;
nothing is created until something is written. The window's own files in them
(settings, saved games, seat tokens) are :mod:`game.client.paths`'.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from pathlib import Path

APP = "qttt"


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


def games_dir() -> Path:
    """Where a host keeps the records of its tables' games, each saved as it is played."""
    return data_dir() / "games"


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
