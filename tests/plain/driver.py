"""A player at ``kotatsu … --plain`` in a pseudo-terminal: a real ``kotatsu`` process, whose
every byte is kept, and commands typed a line at a time.

``Player.play_out`` plays a whole game typing only commands: at each question it types
``hint`` and then what the hint says (the cards it names, ``turn``, ``stop``, ``pass``, ``ok``),
or ``pass`` where the hint would swap (SwaPo).
"""

from __future__ import annotations

import os
import pty
import re
import select
import subprocess
import sys
import time
from pathlib import Path

from tui.plain.cards import typed_cards

ROOT = Path(__file__).resolve().parents[2]
ESCAPE = re.compile(rb"\x1b|\x9b|\x07")  # ESC, CSI, BEL: any escape sequence or bell
#: A screen's key hint ("space pick", "enter play", "←→", "· p pass"): a plain player types
#: commands, so no line names a key
KEY_HINT = re.compile(
    r"\b(space|enter|esc)\b|←"
    r"|(^| · | — )[a-z] (pass|done|declare|scores|leave|stop|review|go|turns)\b"
)
LIMIT = 240.0  # a game that has not ended by then has hung: the test fails, it does not wait


class Player:
    def __init__(self, *args: str) -> None:
        master, slave = pty.openpty()
        env = {**os.environ, "KOTATSU_SHARED": "1", "KOTATSU_LANG": "en", "TERM": "xterm-256color"}
        env.pop("NO_COLOR", None)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tui", *args, "--lang", "en"],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            cwd=ROOT,
            env=env,
            close_fds=True,
        )
        os.close(slave)
        self.fd = master
        self.raw = b""
        self.seen = 0  # where the next wait starts reading
        self.deadline = time.monotonic() + LIMIT

    def read(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return False
        try:
            chunk = os.read(self.fd, 65536)
        except OSError:
            return False
        self.raw += chunk
        return bool(chunk)

    def text(self) -> str:
        return self.raw.decode("utf-8", "replace").replace("\r\n", "\n")

    def wait_for(self, *patterns: str, latest: bool = False) -> re.Match[str]:
        """The first line from here on matching one of ``patterns`` (``latest``: the last
        such line written so far — a question asked afresh replaces the one before)."""
        while time.monotonic() < self.deadline:
            while self.read(0):
                pass  # everything written so far
            text = self.text()
            lines = text[self.seen :].split("\n")[:-1]  # the whole lines
            found = [
                (n, match)
                for n, line in enumerate(lines)
                for match in [next(filter(None, (re.search(p, line) for p in patterns)), None)]
                if match
            ]
            if found:
                n, match = found[-1] if latest else found[0]
                self.seen += sum(len(x) + 1 for x in lines[: n + 1])
                return match
            if self.proc.poll() is not None and not self.read(0.1):
                raise AssertionError(f"kotatsu ended:\n{text[-3000:]}")
            self.read(0.5)
        raise AssertionError(f"no {patterns} in time:\n{self.text()[-3000:]}")

    def type(self, line: str) -> None:
        os.write(self.fd, line.encode() + b"\n")

    def play_out(self, swaps: bool = False) -> None:
        """Play until the game is over, typing only commands (``swaps``: a SwaPo swap the
        hint names is typed as one line, ``swap 7h 8s with Bo``; else passed)."""
        while True:
            match = self.wait_for(r"^Type (.*), or help$", r"^Game over", latest=True)
            if match.group(0).startswith("Game over"):
                return
            self.type("hint")
            hint = self.wait_for(r"^(Hint: .*|No hint now)$").group(0)
            said = command_for(hint, swaps)
            fitting = match.group(1)
            if "cards" not in fitting and "a number" in fitting and typed_cards(said):
                said = "1"  # the cards are typed already: which of the plays they can be
            self.type(said)

    def quit(self) -> int:
        self.type("quit")
        while self.proc.poll() is None and time.monotonic() < self.deadline:
            self.read(0.2)
        while self.read(0.1):
            pass
        os.close(self.fd)
        return self.proc.wait(5)


def command_for(hint: str, swaps: bool = False) -> str:
    """What to type for a hint line ("Hint: play 7 of spades — …")."""
    action = hint.removeprefix("Hint: ").split(" — ")[0]
    if swaps and action.startswith("swap ") and " with " in action:
        return action
    for verb in ("play ", "add ", "chain ", "give ", "bury "):
        if action.startswith(verb):
            return action.removeprefix(verb)
    if action.startswith("turn a mystery"):
        return "turn"
    if action.startswith("do not chain"):
        return "stop"
    if action.startswith(("declare the joker", "show ", "play alone")):
        return "1"
    if action.startswith(("swap", "stab", "steal", "honey", "use the Draw", "pass")):
        return "pass"
    return "ok"
