"""Whether another process on this machine is still running, by its pid.

Files in the user's folders name the process using them (a seat token held, a table
hosted): while that process lives, another one leaves them alone.
"""

from __future__ import annotations

import os


def running_elsewhere(pid: object) -> bool:
    """Whether ``pid`` is a live process other than this one (``False`` for anything not
    a pid: a file written by hand, or by an older version)."""
    if type(pid) is not int or pid <= 0 or pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, OverflowError):  # none such, or past any pid (a damaged file)
        return False
    except OSError:
        return True  # someone else's process: alive
    return True
