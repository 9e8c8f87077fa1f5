"""Screenshots of the real app for the README: ``.venv/bin/python screenshots/make.py``.

Runs the app headless (the same ``make_app`` the CLI uses) at a real local table with bots
that play at once, saves SVGs here, and PNGs too when ``rsvg-convert`` is installed (Debian:
``librsvg2-bin``). Fixed seeds make the pictures the same every run.
"""

from __future__ import annotations

import asyncio
import html
import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from tui.app import make_app  # noqa: E402
from tui.connect import play_launcher  # noqa: E402
from tui.settings import Settings  # noqa: E402


class Table:
    """A LAN table as the discovery browser reports it (for the lobby picture)."""

    def __init__(self, key, name, game, variant, taken, seats, password, address) -> None:
        self.key, self.name, self.game, self.variant = key, name, game, variant
        self.taken, self.seats, self.password = taken, seats, password
        self.address, self.port, self.version = address, 7717, 1

    @property
    def endpoint(self) -> str:
        return f"{self.address}:{self.port}"


LAN = [
    Table("a", "friday", "swapo", "ace", 3, 4, False, "192.168.1.20"),
    Table("b", "lunch", "swoop", "", 5, 6, True, "192.168.1.31"),
    Table("c", "秘十 night", "mishi", "", 2, 4, False, "192.168.1.40"),
]


class Browser:
    def __init__(self, on_added, on_removed) -> None:
        self.on_added = on_added

    async def start(self) -> None:
        for table in LAN:
            self.on_added(table)

    async def close(self) -> None:
        pass


async def until(pilot, predicate, timeout: float = 10.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not predicate():
        if loop.time() > deadline:
            raise TimeoutError("the app did not get there")
        await pilot.pause(0.02)


async def settle(pilot) -> None:
    screen = pilot.app.screen
    while True:
        before = getattr(screen, "states_seen", 0)
        await pilot.pause(0.2)
        if getattr(screen, "states_seen", 0) == before:
            return


async def seated(pilot):
    await until(pilot, lambda: getattr(pilot.app.screen, "states_seen", 0) > 0)
    await settle(pilot)
    return pilot.app.screen


async def shoot(name: str, app, size: tuple[int, int], steps) -> None:
    async with app.run_test(size=size) as pilot:
        await steps(pilot)
        app.clear_notifications()
        await pilot.pause(0.1)
        svg = app.export_screenshot(title="kotatsu")
    (HERE / f"{name}.svg").write_text(svg, encoding="utf-8")
    png(HERE / f"{name}.svg")
    print(f"screenshots/{name}.svg")


def png(svg_path: Path) -> None:
    """Render a PNG with rsvg-convert, after making the SVG friendly to librsvg."""
    if not shutil.which("rsvg-convert"):
        return
    text = svg_path.read_text(encoding="utf-8")
    text = re.sub(r"<text([^>]*)>([^<]*)</text>", _shift_leading_spaces, text)
    text = text.replace("Fira Code, monospace", "DejaVu Sans Mono, monospace")
    subprocess.run(
        ["rsvg-convert", "-o", str(svg_path.with_suffix(".png"))],
        input=text.encode("utf-8"),
        check=True,
    )


def _shift_leading_spaces(match: re.Match) -> str:
    """librsvg drops leading non-breaking spaces; move the text right by as much instead."""
    attrs, body = match.group(1), match.group(2)
    lead = re.match(r"((?:&#160;)*)", body).group(1)
    count = lead.count("&#160;")
    x = re.search(r'x="([\d.]+)"', attrs)
    length = re.search(r'textLength="([\d.]+)"', attrs)
    if not count or x is None:
        return match.group(0)
    width = float(length.group(1)) / len(html.unescape(body)) if length else 12.2
    attrs = attrs.replace(x.group(0), f'x="{float(x.group(1)) + count * width:.1f}"')
    if length:
        new_length = float(length.group(1)) - count * width
        attrs = attrs.replace(length.group(0), f'textLength="{new_length:.1f}"')
    return f"<text{attrs}>{body[len(lead) :]}</text>"


def table(game: str, seed: int, options: dict | None = None, bots: int | None = None):
    launcher = play_launcher(game, bots=bots, seed=seed, options=options, name="Eli", bot_delay=0)
    settings = Settings(name="Eli", color=True, cursor_blink=False)
    return make_app(launcher=launcher, settings=settings, browser=Browser)


async def lobby_steps(pilot) -> None:
    await pilot.pause(0.3)


async def swapo_swap(pilot) -> None:
    screen = await seated(pilot)
    await until(pilot, lambda: screen.step == "target")
    await pilot.press("2", "2", "space", "right", "right")


async def swapo_reveal(pilot) -> None:
    screen = await seated(pilot)
    while screen.view.get("round", 1) < 2:
        await settle(pilot)
        if screen.step == "target":
            await pilot.press("1")
            if screen.step == "count":
                await pilot.press("1")
            await pilot.press("space", "enter")
        elif screen.step == "give":
            for _ in range(screen.view["give"]["k"]):
                faces, _ = screen.hand_faces()
                index = next(i for i, f in enumerate(faces) if f.enabled and not f.picked)
                screen.cursor = index
                await pilot.press("space")
            await pilot.press("enter")
        elif screen.step in ("declare", "arrange"):
            await pilot.press("enter")
        elif screen.step == "power":
            await pilot.press("p")
    await settle(pilot)


async def swapo_power(pilot) -> None:
    screen = await seated(pilot)
    while screen.step != "power":
        await settle(pilot)
        if screen.reveal is not None:
            await pilot.press("enter")
        elif screen.step == "target":
            await pilot.press("1")
            if screen.step == "count":
                await pilot.press("1")
            await pilot.press("space", "enter")
        elif screen.step == "give":
            for _ in range(screen.view["give"]["k"]):
                faces, _ = screen.hand_faces()
                screen.cursor = next(i for i, f in enumerate(faces) if f.enabled and not f.picked)
                await pilot.press("space")
            await pilot.press("enter")
        elif screen.step == "declare":
            await pilot.press("enter")
    await settle(pilot)


async def swapo_dagger(pilot) -> None:
    screen = await seated(pilot)
    await until(pilot, lambda: screen.step == "arrange")
    await pilot.press("enter")
    await until(pilot, lambda: screen.step == "target")
    await settle(pilot)
    await pilot.press("1", "2", "3")


async def other_game(pilot) -> None:
    await seated(pilot)


async def main() -> None:
    for size, suffix in (((80, 24), ""), ((120, 40), "-wide")):
        lobby = make_app(settings=Settings(name="Eli", color=True), browser=Browser)
        await shoot(f"lobby{suffix}", lobby, size, lobby_steps)
        await shoot(f"swapo{suffix}", table("swapo", 2), size, swapo_swap)
        await shoot(
            f"swapo-dagger{suffix}", table("swapo", 2, {"variant": "dagger"}), size, swapo_dagger
        )
        await shoot(
            f"swapo-ace-reveal{suffix}", table("swapo", 4, {"variant": "ace"}), size, swapo_reveal
        )
        await shoot(
            f"swapo-ace-power{suffix}", table("swapo", 2, {"variant": "ace"}), size, swapo_power
        )
        await shoot(f"swoop{suffix}", table("swoop", 3), size, other_game)
        await shoot(f"mishi{suffix}", table("mishi", 3), size, other_game)


if __name__ == "__main__":
    asyncio.run(main())
