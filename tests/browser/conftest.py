"""Real-browser tests of ``kotatsu web``: Debian's chromium driven by Playwright.

Not in the default ``pytest`` run (they are marked ``browser``, which pytest's addopts
deselect); run them with ``.venv/bin/python -m pytest -m browser tests/browser -n 0`` after
``pip install -e '.[browser]'`` and ``apt-get install chromium``. They are skipped when either
is missing.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
import pytest_asyncio

from net.doors.web import WebConfig, WebGameServer

sys.path.insert(0, str(Path(__file__).parent))

try:
    import playwright  # noqa: F401
    import pyte  # noqa: F401
except ImportError:  # pip install -e '.[browser]' first
    collect_ignore_glob = ["test_*.py"]
else:
    from seat import CHROMIUM, launch


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def browser():
    """One chromium for the module's tests (each test opens its own contexts)."""
    if not shutil.which(CHROMIUM):
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        chromium = await launch(playwright)
        try:
            yield chromium
        finally:
            await chromium.close()


@pytest_asyncio.fixture(loop_scope="module")
async def web():
    """Start ``kotatsu web`` servers on 127.0.0.1 with ``await web(**config)``; returns the
    server and its address. Each is closed afterwards."""
    made: list[WebGameServer] = []

    async def start(**kwargs) -> tuple[WebGameServer, str]:
        server = WebGameServer(WebConfig(bind="127.0.0.1", port=0, **kwargs))
        port = await server.start()
        made.append(server)
        return server, f"http://127.0.0.1:{port}/"

    yield start
    for server in made:
        await server.close()
