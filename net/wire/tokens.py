"""The secrets a table makes: a seat's resume token and the verifier of its password (a leaf:
the seating, the wire's checks and the settings all read it)."""

from __future__ import annotations

import hashlib
import secrets

SALT_BYTES = 16


def new_token() -> str:
    """A 128-bit resume token as 32 hex digits, from the system's secure generator."""
    return secrets.token_hex(16)


def password_key(password: str, salt: bytes) -> bytes:
    """The table's verifier: scrypt of the password with the table's salt. The host keeps this
    (in memory and in its journal), never the password; each guess at it costs a scrypt."""
    return hashlib.scrypt(
        password.encode("utf-8"), salt=salt, n=2**14, r=8, p=1, maxmem=64 * 1024 * 1024, dklen=32
    )
