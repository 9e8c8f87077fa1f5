"""A bench's own directories: whatever kotatsu keeps while a bench runs — game records,
journals and kept seats, settings — goes to a temporary directory of the bench's, for its own
process and every process it starts, and is removed when it ends. Running a bench leaves
nothing in the user's history (`kotatsu history`), standings or unfinished games."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path

KEPT = ("XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME")


def set_aside() -> Path:
    """Point kotatsu's data, state and config directories at a fresh temporary directory
    (removed at exit) and give it."""
    root = Path(tempfile.mkdtemp(prefix="kotatsu-bench-"))
    for name in KEPT:
        os.environ[name] = str(root / name.lower())
    atexit.register(shutil.rmtree, root, ignore_errors=True)
    return root
