"""The table's (or the SSH server's) password, given without the command line.

``--password PW`` still works but every local user can read it in the process list (``ps``);
the password can instead come from the environment (``KOTATSU_PASSWORD``), from the first line
of a file (``--password-file FILE``), or be typed at a prompt (``--password`` with no value).
A leaf module: it imports nothing from ``tui``.
"""

from __future__ import annotations

import argparse
import contextlib
import os
from collections.abc import Callable, MutableMapping

from lang import _

PASSWORD_ENV = "KOTATSU_PASSWORD"


class _Ask:
    """``--password`` without a value: ask at a prompt."""

    def __repr__(self) -> str:
        return "ASK"


ASK = _Ask()


def add_password_flags(parser: argparse.ArgumentParser, default_help: str | None = None) -> None:
    """``--password [PW]`` and ``--password-file FILE`` on ``parser``."""
    words = _(
        "the password; PW itself is visible to every user of this machine (ps): better "
        "{env}=PW, --password-file, or --password alone to type it"
    ).format(env=PASSWORD_ENV)
    parser.add_argument(
        "--password",
        nargs="?",
        const=ASK,
        default=None,
        metavar="PW",
        help=f"{words} ({default_help})" if default_help else words,
    )
    parser.add_argument(
        "--password-file",
        default=None,
        metavar="FILE",
        help=_("read the password from the first line of FILE"),
    )


def password_from(
    args: argparse.Namespace,
    environ: MutableMapping[str, str] | None = None,
    ask: Callable[[str], str] | None = None,
) -> str | None:
    """The password asked for by ``args`` (None: none). In order: ``--password PW``,
    ``--password-file FILE``, ``--password`` alone (a prompt), else ``KOTATSU_PASSWORD``. The
    variable is taken out of the environment, so no process started from here inherits it.
    ValueError (with the sentence to print) for a file that cannot be read, an empty password,
    or two ways at once."""
    if environ is None:
        environ = os.environ
        scrub_environ(PASSWORD_ENV)
    from_env = environ.pop(PASSWORD_ENV, None)
    given, path = getattr(args, "password", None), getattr(args, "password_file", None)
    password: str | None
    if given is not None and path is not None:
        raise ValueError(_("give --password or --password-file, not both"))
    if path is not None:
        password = _read_first_line(path)
    elif given is ASK:
        if ask is None:  # (getpass.getpass: imported only to ask)
            import getpass

            ask = getpass.getpass
        try:
            password = ask(_("Password: "))
        except (EOFError, KeyboardInterrupt):
            raise ValueError(_("no password typed")) from None
    elif isinstance(given, str):
        password = given
    else:
        password = from_env
    if password is not None and not password:
        raise ValueError(_("the password is empty"))
    return password


def scrub_environ(name: str) -> None:
    """Overwrite the value of the environment variable ``name`` where the C library keeps it
    (for a variable the process was started with: the block ``/proc/PID/environ`` shows), so
    that neither that file nor a child started by any means shows it; ``os.environ`` still
    has its copy until it is taken out. Only where ``getenv`` can be reached (Linux, macOS)."""
    with contextlib.suppress(Exception):
        import ctypes  # (not at import: a command that takes no password never loads it)

        libc = ctypes.CDLL(None)
        libc.getenv.restype = ctypes.c_void_p
        libc.getenv.argtypes = [ctypes.c_char_p]
        value = libc.getenv(name.encode())
        if value:
            ctypes.memset(value, 0, len(ctypes.string_at(value)))


def _read_first_line(path: str) -> str:
    try:
        with open(path, encoding="utf-8") as file:
            line = file.readline(4096)
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise ValueError(
            _("cannot read the password file {path}: {reason}").format(path=path, reason=reason)
        ) from None
    return line.rstrip("\r\n")
