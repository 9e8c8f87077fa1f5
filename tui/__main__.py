"""``python -m tui`` and the ``kotatsu`` command (pyproject's ``[project.scripts]``)."""

import gc
import sys


def run() -> int:
    """``kotatsu``: tui.cli.main, imported with the collector off (the import allocates much and
    frees little: each collection during it walked it all in vain, some 8 ms of a start)."""
    gc.disable()
    try:
        from .cli import main
    finally:
        gc.enable()
    return main()


if __name__ == "__main__":
    sys.exit(run())
