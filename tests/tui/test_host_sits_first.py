"""Hosting from the screen: the host's own player sits before the table is advertised on the
LAN, so a quick friend cannot take the host's seat (no zeroconf here: the advertiser is
replaced by a recorder)."""

from __future__ import annotations

import tui.connect as connect
from tui.cli import build_parser


async def test_the_host_sits_before_the_table_is_advertised(monkeypatch, tmp_path):
    seen: list[list[str | None]] = []

    async def advertise(host, bind, port):
        seen.append([seat.name for seat in host.table.rules.seating.seats])
        return None

    monkeypatch.setattr(connect, "_advertise", advertise)
    argv = ["host", "swoop", "--seats", "3", "--bind", "127.0.0.1"]
    args = build_parser().parse_args([*argv, "--journal", str(tmp_path / "t.journal")])
    args.options = {}
    launch = connect.launcher_for(args, "Hana")
    assert launch is not None
    seat = await launch()
    try:
        assert seen == [["Hana", None, None]]
        assert seat.host is not None
        assert seat.host.table.rules.name == "Hana's table"  # the player's name, not the login's
    finally:
        await seat.close()
