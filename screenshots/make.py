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

import engine  # noqa: E402
import lang  # noqa: E402
from net.table.settings import TableSettings  # noqa: E402
from tui.app import make_app  # noqa: E402
from tui.connect import play_launcher  # noqa: E402
from tui.pilot import browser_of, lan_tables, seated, settle  # noqa: E402
from tui.pilot import wait_until as until  # noqa: E402
from tui.settings import Settings  # noqa: E402

LAN = lan_tables(
    [
        ("friday", "swapo", "ace", 3, 4, False, "192.168.1.20"),
        ("lunch", "swoop", "", 5, 6, True, "192.168.1.31"),
        ("秘十 night", "mishi", "", 2, 4, False, "192.168.1.40"),
    ]
)
Browser = browser_of(*LAN)
#: The games shot at moments of their own below; every other registered game is shot at its
#: table once seated (with the bots' first moves) and at its first results panel.
OWN_MOMENTS = ("swapo", "swoop", "mishi")


async def shoot(name: str, app, size: tuple[int, int], steps) -> None:
    async with app.run_test(size=size) as pilot:
        await steps(pilot)
        app.clear_notifications()
        await pilot.pause(0.1)
        with lang.scope(app.settings.lang):  # drawn here, outside the app: in its language
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


def table(
    game: str, seed: int, options: dict | None = None, bots: int | None = None, lang: str = "en"
):
    practice = TableSettings.practice(game, bots=bots, seed=seed, options=options)
    launcher = play_launcher(practice, name="Eli", bot_delay=0)
    settings = Settings(name="Eli", color=True, cursor_blink=False, lang=lang)
    return make_app(launcher=launcher, settings=settings, browser=Browser)


async def lobby_steps(pilot) -> None:
    await pilot.pause(0.3)


async def swapo_swap(pilot) -> None:
    screen = await seated(pilot)
    await until(pilot, lambda: screen.decisions.step == "target")
    await pilot.press("2", "2", "space", "right", "right")


async def swapo_reveal(pilot) -> None:
    from tests.tui.test_swapo_screen import play_my_turns

    screen = await seated(pilot)
    await play_my_turns(pilot, screen, until_round=2)
    await until(pilot, lambda: screen.decisions.reveal is not None)
    await settle(pilot)


async def swapo_power(pilot) -> None:
    from tests.tui.test_swapo_screen import play_until_power

    screen = await seated(pilot)
    await play_until_power(pilot, screen)
    await settle(pilot)


async def swapo_dagger(pilot) -> None:
    screen = await seated(pilot)
    await until(pilot, lambda: screen.decisions.step == "arrange")
    await pilot.press("enter")
    await until(pilot, lambda: screen.decisions.step == "target")
    await settle(pilot)
    await pilot.press("1", "2", "3")


async def other_game(pilot) -> None:
    await seated(pilot)


async def mishi_trick(pilot, *, english: bool = True) -> None:
    """Into the play of the first hand, with a trick on the table."""
    from tests.tui.test_mishi_screen import play_by_keys

    screen = await seated(pilot)

    def mid_trick() -> bool:
        view = screen.view or {}
        return view.get("phase") == "play" and len(view.get("trick") or []) >= 2

    await play_by_keys(pilot, screen, declare=False, stop=mid_trick, english=english)


async def mishi_trick_any_language(pilot) -> None:
    await mishi_trick(pilot, english=False)


async def first_results(pilot) -> None:
    """The game's own bot plays my seat until the first round/hand's results panel is up."""
    import engine
    from tui.table.results import ResultsPanel

    screen = await seated(pilot)
    bot = engine.make_bot(screen.game, screen.me, 1)

    def panel() -> bool:
        return isinstance(pilot.app.screen, ResultsPanel)

    while not panel():
        await until(pilot, lambda: panel() or bool(screen.legal), 60)
        if panel():
            break
        seen = screen.states_seen
        screen.send(bot.act(screen.view, screen.legal))
        await until(pilot, lambda seen=seen: panel() or screen.states_seen > seen, 20)
    await settle(pilot)


def replay_app():
    """A finished Swoop game (normal bots, seed 3), replayed with every hand open."""
    import copy

    import engine
    from engine import record as rec
    from tui.replay.run import ReplayApp
    from tui.replay.screen import Replayer

    game = engine.new_game("swoop", 4, seed=3)
    bots = [engine.make_bot("swoop", s, seed=s) for s in range(4)]
    actions = []
    while not game.over:
        seat = game.pending()[0]
        action = bots[seat].act(game.view(seat), game.legal_actions(seat))
        actions.append((seat, copy.deepcopy(action)))
        game.apply(seat, action)
    names = ["Eli", "Ann", "Bo", "Chen"]
    players = [rec.player(n, False) for n in names]
    when = ("2026-11-25T21:00:00Z", "2026-11-25T21:40:00Z")
    sitting = rec.Sitting("20261125-210000-5w00p0", "friday", players, *when)
    record = rec.full_record(sitting, game, seed=3, actions=actions)
    replay = rec.replay(record)
    replayer = Replayer(replay, 0, 42, open_hands=True)
    return ReplayApp(replayer, settings=Settings(name="Eli", color=True))


async def replay_steps(pilot) -> None:
    replayer = pilot.app.replayer
    await until(pilot, lambda: pilot.app.screen is replayer.screen)
    await until(pilot, lambda: replayer.screen.states_seen > 0)
    await pilot.press("right")
    await pilot.pause(0.3)


async def main(only: list[str]) -> None:
    if only == ["replay"]:
        await shoot("replay", replay_app(), (110, 34), replay_steps)
        return
    await shoot("replay", replay_app(), (110, 34), replay_steps)
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
        await shoot(f"mishi{suffix}", table("mishi", 1), size, mishi_trick)
        for game in (g for g in engine.GAMES if g not in OWN_MOMENTS):
            await shoot(f"{game}{suffix}", table(game, 1), size, other_game)
    # the results panel after the first round/hand of each game
    await shoot("swapo-results", table("swapo", 2), (80, 24), first_results)
    await shoot("swoop-results", table("swoop", 3), (80, 24), first_results)
    await shoot("mishi-results", table("mishi", 1), (80, 24), first_results)
    for game in (g for g in engine.GAMES if g not in OWN_MOMENTS):
        await shoot(f"{game}-results", table(game, 1), (80, 24), first_results)
    # in the seeds' languages (the README shows these two)
    await shoot("swoop-ja", table("swoop", 3, lang="ja"), (80, 24), other_game)
    await shoot("mishi-zh", table("mishi", 1, lang="zh"), (80, 24), mishi_trick_any_language)
    for code in ("ja", "zh", "ko", "hi"):
        lobby = make_app(settings=Settings(name="Eli", color=True, lang=code), browser=Browser)
        await shoot(f"lobby-{code}", lobby, (80, 24), lobby_steps)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1:]))  # `make.py replay`: only the replay's picture
