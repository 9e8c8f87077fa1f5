"""The secrets a table makes: a seat's resume token and the verifier of its password (a leaf:
the seating, the wire's checks and the settings all read it).

Random bytes come from the system's secure generator, ``os.urandom``, as the ``secrets``
module reads them (``secrets.token_bytes`` is ``os.urandom``), without importing it: its
``hmac`` loads ``hashlib`` and OpenSSL, some 2 ms of a table's start; ``hashlib`` is imported
where a password is hashed."""

from __future__ import annotations

import os
import random

SALT_BYTES = 16
_SYSTEM = random.SystemRandom()  # os.urandom's numbers


def token_hex(nbytes: int) -> str:
    """``nbytes`` random bytes from the system's secure generator, as hex digits (what
    ``secrets.token_hex`` gives)."""
    return os.urandom(nbytes).hex()


def random_bits(bits: int) -> int:
    """A random number of ``bits`` bits from the system's secure generator (what
    ``secrets.randbits`` gives)."""
    return _SYSTEM.getrandbits(bits)


def same_secret(given: bytes, kept: bytes) -> bool:
    """Whether ``given`` is the secret ``kept``, compared in constant time
    (``hmac.compare_digest``; hmac is imported when a secret is first compared)."""
    import hmac

    return hmac.compare_digest(given, kept)


def new_token() -> str:
    """A 128-bit resume token as 32 hex digits, from the system's secure generator."""
    return token_hex(16)


def password_key(password: str, salt: bytes) -> bytes:
    """The table's verifier: scrypt of the password with the table's salt. The host keeps this
    (in memory and in its journal), never the password; each guess at it costs a scrypt."""
    import hashlib

    return hashlib.scrypt(
        password.encode("utf-8"), salt=salt, n=2**14, r=8, p=1, maxmem=64 * 1024 * 1024, dklen=32
    )
