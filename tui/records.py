"""``kotatsu history``, ``export``, ``stats`` and the reading half of ``replay``: the game
records kept on this machine (net/kept/records.py), listed, written out, and rated.

A record given by the player (an id, or a file from anyone) is read bounded and replayed
through the engine before anything is shown; a bad one is refused with one line naming the
step and the reason, exit status 2, and nothing written.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from pathlib import Path
from typing import Any

from rich.cells import cell_len

import engine
from engine import record as rec
from lang import N_, _
from net.kept.records import RecordStore

from .cells import ljust
from .text import clean


def say(text: str) -> None:
    print(f"kotatsu: {text}", file=sys.stderr)


STEPS = {
    # TRANSLATORS: the step of reading a record that refused it, before the reason: "file: …",
    # "schema: kind must be full or seat", "action 12: …", "frame 3: …"
    "file": N_("file"),
    "schema": N_("schema"),
    "setup": N_("setup"),
    "result": N_("result"),
    "action": N_("action {n}"),
    "frame": N_("frame {n}"),
}


def step_words(step: str) -> str:
    """A RecordError's step (``schema``, ``action 12``…) in the reader's language."""
    name, _sep, number = step.partition(" ")
    if name in STEPS and ("{n}" in STEPS[name]) == number.isdigit():
        return _(STEPS[name]).format(n=number)
    return step


def refusal(error: rec.RecordError) -> str:
    """One line: the step and the reason, in the reader's language."""
    params = {k: clean(str(v), limit=200) for k, v in error.params.items()}
    problem = params.get("problem")
    if problem is not None:  # a schema fault: a sentence of engine/record_check.py, {field} in it
        params["problem"] = _(problem).format(field=params.get("field", ""))
    return _("{step}: {reason}").format(
        step=step_words(error.step), reason=_(rec.REASONS[error.code]).format(**params)
    )


LAST = "last"  # the newest kept game, where an ID is asked for


class Ambiguous(KeyError):
    """More than one kept game's ID starts with what was given."""

    def __init__(self, source: str, ids: list[str]) -> None:
        super().__init__(source)
        self.ids = ids


def kept_id(source: str, store: RecordStore) -> str:
    """The kept game's ID that ``source`` names: the ID itself, ``last`` (the newest) or the
    start of one ID (KeyError: none; Ambiguous: several)."""
    with contextlib.suppress(KeyError):  # not an ID's shape
        if store.path_of(source).is_file():
            return source
    ids = [summary["id"] for summary in store.listing()]
    if source == LAST and ids:
        return ids[0]
    starting = [record_id for record_id in ids if source and record_id.startswith(source)]
    if len(starting) > 1:
        raise Ambiguous(source, starting)
    if not starting:
        raise KeyError(source)
    return starting[0]


def read_record(source: str, store: RecordStore | None = None) -> bytes:
    """The bytes of record ``source``: a file's (if one is there) or the kept game's it names
    (``kept_id``; KeyError: neither); at most MAX_BYTES + 1 are read."""
    path = Path(source)
    if path.is_file():
        with open(path, "rb") as f:
            return f.read(rec.MAX_BYTES + 1)
    store = store or RecordStore()
    return store.read(kept_id(source, store))


def load(source: str) -> rec.Replay | int:
    """The replayed record, or the exit status after saying why not (2)."""
    try:
        return rec.load(read_record(source))
    except Ambiguous as exc:
        shown = ", ".join(exc.ids[:3]) + (", …" if len(exc.ids) > 3 else "")
        # TRANSLATORS: kotatsu replay/export given the start of a game's ID; {ids}: the IDs
        said = _("several kept games start with {source}: {ids}")
        say(said.format(source=clean(source, limit=80), ids=shown))
    except KeyError:
        say(_("no record {source} (see kotatsu history)").format(source=clean(source, limit=80)))
    except OSError as exc:
        say(
            _("cannot read {source}: {reason}").format(
                source=clean(source, limit=80), reason=exc.strerror
            )
        )
    except rec.RecordError as exc:
        say(_("the record cannot be replayed: {why}").format(why=refusal(exc)))
    return 2


def replay_seat(replay: rec.Replay, asked: int | None) -> tuple[int | None, str | None]:
    """The seat a replay is seen from (``asked``: ``--seat``, 1…; None: the record's first)
    and, where there is no such seat, why (the seat is then meaningless)."""
    seat = replay.seats[0] if asked is None else asked - 1
    if seat in replay.seats:
        return seat, None
    shown = ", ".join(str(s + 1) for s in replay.seats if s is not None)
    if replay.kind == "seat":
        return None, _("this record shows seat {seats} only").format(seats=shown)
    return None, _("no seat {n} at this table (seats: {seats})").format(n=asked, seats=shown)


# -- history ---------------------------------------------------------------------------------


def run_history(args: argparse.Namespace) -> int:
    listing = RecordStore().listing()
    if args.json:
        keys = ("id", "game", "table", "started", "ended", "players", "winners", "finished")
        out = [{**{k: s[k] for k in keys}, "kind": s["kind"]} for s in listing]
        print(json.dumps(out, ensure_ascii=False))
        return 0
    if not listing:
        print(_("No games kept on this machine yet: play one (kotatsu play swapo)."))
        return 0
    rows = [[_("id"), _("date"), _("game"), _("table"), _("players"), _("winners"), _("finished")]]
    for s in listing:
        game = engine.GAMES.get(s["game"])
        players = ", ".join(clean(n, limit=16) for n in s["players"])
        rows.append(
            [
                s["id"],
                s["started"].replace("T", " ").removesuffix("Z")[:16],
                (game.SHORT_TITLE or game.TITLE) if game else s["game"],
                clean(s["table"], limit=20),
                players if s["kind"] == "full" else players + " " + seen_from(s),
                ", ".join(clean(n, limit=16) for n in s["winners"]) or "-",
                _("yes") if s["finished"] else _("no (stopped)"),
            ]
        )
    print_table(rows)
    return 0


def seen_from(summary: dict[str, Any]) -> str:
    """Whose eyes a seat record is through: a seat's, or a spectator's (no seat)."""
    if "seat" in summary and summary["seat"] is None:
        # TRANSLATORS: kotatsu history, after the players of a game watched without a seat
        return _("(as a spectator)")
    return _("(as seen from my seat)")


def print_table(rows: list[list[str]]) -> None:
    widths = [max(cell_len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for row in rows:
        print("  ".join(ljust(cell, w) for cell, w in zip(row, widths, strict=True)).rstrip())


# -- export ----------------------------------------------------------------------------------


def run_export(args: argparse.Namespace) -> int:
    replay = load(args.id)
    if isinstance(replay, int):
        return replay
    text = json.dumps(replay.record, ensure_ascii=False, indent=1) + "\n"
    if args.output in (None, "-"):
        sys.stdout.write(text)
        return 0
    target = Path(args.output)
    temp = target.with_name(f".{target.name}.tmp")
    try:
        temp.write_text(text, encoding="utf-8")
        temp.replace(target)
    except OSError as exc:
        say(
            _("cannot write {file}: {reason}").format(
                file=clean(str(target), limit=80), reason=exc.strerror
            )
        )
        return 2
    return 0


# -- stats -----------------------------------------------------------------------------------


def finished_games(listing: list[dict[str, Any]], game: str | None) -> list[dict[str, Any]]:
    """The finished games of a listing (of one game, if ``game`` is given)."""
    return [s for s in listing if s["finished"] and game in (None, s["game"])]


def standings(listing: list[dict[str, Any]], game: str | None = None) -> dict[str, dict]:
    """Games, wins, mean placement and an openskill (Plackett-Luce) rating per player name;
    bots by level (``bot:normal``). Only finished games count; the oldest first."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings: dict[str, Any] = {}
    table: dict[str, dict] = {}
    games = [s for s in finished_games(listing, game) if s.get("places")]
    for s in sorted(games, key=lambda s: (s["ended"] or s["started"], s["id"])):
        best: dict[str, int] = {}  # bots of one level at one table count once, best placed
        for name, level, place in zip(s["players"], s["bots"], s["places"], strict=True):
            key = f"bot:{level}" if level else name
            best[key] = min(place, best.get(key, place))
        if len(best) < 2:
            continue
        names, places = list(best), list(best.values())
        teams = [[ratings.setdefault(n, model.rating(name=n))] for n in names]
        for n, [new] in zip(
            names, model.rate(teams, ranks=[float(p) for p in places]), strict=True
        ):
            ratings[n] = new
        for n, place in best.items():
            row = table.setdefault(n, {"games": 0, "wins": 0, "places": 0})
            row["games"] += 1
            row["wins"] += place == 1
            row["places"] += place
    out = {}
    for n, row in table.items():
        r = ratings[n]
        out[n] = {
            "games": row["games"],
            "wins": row["wins"],
            "mean_place": round(row["places"] / row["games"], 2),
            "rating": round(r.ordinal(), 2),
            "mu": round(r.mu, 2),
            "sigma": round(r.sigma, 2),
        }
    return dict(sorted(out.items(), key=lambda item: -item[1]["rating"]))


def run_stats(args: argparse.Namespace) -> int:
    listing = RecordStore().listing()
    result = standings(listing, args.game)
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
        return 0
    if not result:
        if finished_games(listing, args.game):  # bots of one level alone: nobody to rate
            print(
                _(
                    "No standings yet: no finished game kept here had two players to rate "
                    "(bots of one level count as one player)."
                )
            )
        else:
            print(_("No finished games kept on this machine yet."))
        return 0
    rows = [[_("player"), _("games"), _("wins"), _("mean place"), _("rating")]]
    for name, row in result.items():
        shown = (
            _("bot ({level})").format(level=name[4:])
            if name.startswith("bot:")
            else clean(name, limit=24)
        )
        rows.append(
            [
                shown,
                str(row["games"]),
                str(row["wins"]),
                f"{row['mean_place']:.2f}",
                f"{row['rating']:.1f}",
            ]
        )
    print_table(rows)
    print(_("rating: openskill (Plackett-Luce), μ − 3σ; bots are rated by level"))
    return 0
