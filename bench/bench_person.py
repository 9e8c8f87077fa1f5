"""A person at every seat: the whole matrix of tests/person (issue 41 §2), and what it covered.

    .venv/bin/python bench/bench_person.py [--jobs N] [--only SUBSTRING] [--list]

Each case (tests/person/matrix.py ``whole``) is a real app at a table built the way a user
builds it (``play``, ``host`` with a screen and a second person over 127.0.0.1, ``join`` to a
headless host in another process, the lobby's ``b`` and ``h`` forms filled in by keys, the SSH
door read through a terminal, the web door in chromium: skipped without it), with a person
(tests/person/person.py) playing it by what the screen shows, to the end, through play again
and review. Cases run ``--jobs`` at a time (each in a process of its own, its own state
directories). The report: cases run, games, variants, decks, doors, sizes, clock, take-backs
and looks covered, keys pressed, waits checked, and every silent wait found (with the
screen's text for the first lines).
The suite runs a sampled slice of the same cases (tests/person/test_person.py).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
import traceback
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.person.matrix import KNOWN, whole  # noqa: E402
from tests.person.person import SilentWait, Tally  # noqa: E402
from tests.person.tables import Case, run_case  # noqa: E402
from tests.person.web import Unavailable  # noqa: E402


def run_one(case: Case) -> tuple[str, Tally | None, str, float]:
    """One case in this (worker) process: its tally, or the failure's text; its CPU time."""
    tmp = Path(tempfile.mkdtemp(prefix="person-"))
    os.environ.update(
        XDG_STATE_HOME=str(tmp / "state"),
        XDG_CONFIG_HOME=str(tmp / "config"),
        XDG_DATA_HOME=str(tmp / "data"),
        TEXTUAL_ANIMATIONS="none",
        LANG="C.UTF-8",
    )
    os.environ.pop("NO_COLOR", None)
    started = time.process_time()
    try:
        tally = asyncio.run(asyncio.wait_for(run_case(case, tmp), 300))
        return case.id, tally, "", time.process_time() - started
    except SilentWait as exc:
        return case.id, None, str(exc), time.process_time() - started
    except Unavailable as exc:
        return case.id, None, f"skipped: {exc}", time.process_time() - started
    except BaseException:
        return case.id, None, "error: " + traceback.format_exc(), time.process_time() - started


def covered(cases: list[Case]) -> dict[str, Counter]:
    axes: dict[str, Counter] = {
        k: Counter()
        for k in ("game", "door", "variant", "decks", "size", "clock", "takebacks", "look")
    }
    for case in cases:
        options = dict(case.options)
        axes["game"][case.game] += 1
        axes["door"][case.door] += 1
        if case.game == "swapo":
            axes["variant"][options.get("variant") or "plain"] += 1
        if "decks" in options:
            axes["decks"][f"{case.game} {options['decks']}"] += 1
        axes["size"][f"{case.game} {case.seat_count}p"] += 1
        axes["clock"]["on" if case.clock else "off"] += 1
        axes["takebacks"][case.takebacks] += 1
        for look, on in (
            ("NO_COLOR", case.no_color),
            ("--ascii", case.ascii),
            (case.language, case.language != "en"),
        ):
            if on:
                axes["look"][look] += 1
        if not (case.no_color or case.ascii or case.language != "en"):
            axes["look"]["plain"] += 1
    return axes


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", default="", help="only the cases whose id has this")
    parser.add_argument("--list", action="store_true", help="list the cases and stop")
    args = parser.parse_args()
    cases = [c for c in whole() if args.only in c.id]
    if args.list:
        print("\n".join(c.id for c in cases))
        return 0
    started = time.monotonic()
    total = Tally()
    failed: list[tuple[str, str]] = []
    skips: list[str] = []
    cpu = 0.0
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(run_one, case) for case in cases]
        for n, future in enumerate(as_completed(futures), 1):
            case_id, tally, failure, seconds = future.result()
            cpu += seconds
            skipped = failure.startswith("skipped")
            mark = "ok" if tally else "skip" if skipped else "known" if case_id in KNOWN else "FAIL"
            print(f"[{n}/{len(cases)}] {mark:5} {case_id} ({seconds:.1f} s CPU)", flush=True)
            if tally is not None:
                total.add(tally)
            elif skipped:
                skips.append(f"{case_id}: {failure}")
            else:
                failed.append((case_id, failure))
    wall = time.monotonic() - started
    print(
        f"\n== a person at every seat: {len(cases)} cases in {wall:.0f} s "
        f"({cpu:.0f} s CPU, {args.jobs} jobs)"
    )
    for axis, counts in covered(cases).items():
        print(f"  {axis:10} " + " · ".join(f"{k} ×{v}" for k, v in sorted(counts.items())))
    print(
        f"  games played {total.games} (play again {total.agains}, reviews {total.reviews}),"
        f" results panels {total.panels}"
    )
    print(
        f"  keys pressed {total.presses}, waits checked {total.waits_checked}, "
        f"take-backs asked {total.takebacks}"
    )
    print(f"  skipped: {len(skips)}" + "".join(f"\n    {line}" for line in skips))
    print(f"  silent waits / failures found: {len(failed)}")
    for case_id, failure in failed:
        known = f" (known: {KNOWN[case_id]})" if case_id in KNOWN else ""
        print(f"\n-- {case_id}{known}\n" + "\n".join(failure.splitlines()[:40]))
    return 1 if any(case_id not in KNOWN for case_id, _ in failed) else 0


if __name__ == "__main__":
    sys.exit(main())
