"""The spectators at a table, as the host sees them: who watches (a number and a name each,
listed in every ``lobby``), whose chat the host muted, and who was asked to leave for good.

A spectator has no account, so its identity is what it brings: the ``key`` of its ``join``
(32 hex digits its client makes and keeps for this table; net/wire/client.py) and the name it asked
for. One key is one spectator, however many connections it has; the table gives it a small
public number (``id``), never the key, which stays between the spectator and the host. The
host may mute a spectator's chat (``chat_muted`` then refuses its lines) and send it away: it
is told (``error`` ``banned``) and neither its key nor its name joins this table again, to
watch or to sit (a returning seat's own token still takes that seat back: the host removes
players otherwise). Both are journal records (``mute``, ``ban``), so a resumed table keeps
them.

``Watchers`` is a part of ``Rules`` (net/table/rules.py), given the rules as ``Watched``; no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Generic, Protocol

from ..wire.messages import Refused, error_message
from ..wire.reasons import Param
from ..wire.tokens import token_hex
from .seating import Guest, P

Message = dict[str, Any]

BANNED_CODE = "banned"


class Watcher(Generic[P]):
    """One spectator: its public number, its key, the name it asked for and the one shown (a
    plain class: a dataclass compiled its methods from text at every table's start, issue 37)."""

    def __init__(self, id: int, key: str, asked: str, name: str, *, muted: bool = False) -> None:
        self.id = id
        self.key = key
        self.asked = asked
        self.name = name
        self.muted = muted
        self.peers: set[P] = set()


class Watched(Protocol[P]):
    """What of the table's rules the spectators' part reads (net/table/rules.py)."""

    peers: dict[P, Guest]

    def joined(self) -> list[tuple[P, Guest]]: ...
    def notice(self, code: str, **params: Param) -> Message: ...
    def record(self, record: Message) -> None: ...
    def lobby_news(self) -> list[tuple[P, Message]]: ...


class Watchers(Generic[P]):
    """The spectators of one table (see the module docstring)."""

    def __init__(self, rules: Watched[P]) -> None:
        self.rules = rules
        self.by_key: dict[str, Watcher[P]] = {}
        """Every spectator watching now, and every muted one (its mute outlives a reconnect)."""
        self.banned: dict[str, str] = {}
        """The keys sent away, with the name each had asked for."""
        self._banned_names: set[str] = set()
        self._next_id = 1

    # -- who may come in ----------------------------------------------------------------------
    def admit(self, key: str | None, name: str) -> None:
        """Refuse (``banned``) a newcomer whose key or name the host sent away."""
        if (key is not None and key in self.banned) or name.casefold() in self._banned_names:
            raise Refused(BANNED_CODE)

    def room(self, most: int) -> None:
        """Refuse (``full.spectators``) one more spectator's connection past ``most``."""
        watching = sum(1 for g in self.rules.peers.values() if g.joined and g.watcher is not None)
        if watching >= most:
            raise Refused("full.spectators", n=most)

    def names(self) -> list[str]:
        """The names shown for the spectators watching now (names are unique at a table)."""
        return [w.name for w in self.by_key.values() if w.peers]

    def arrive(self, peer: P, guest: Guest, key: str | None, asked: str, name: str) -> bool:
        """``peer`` joined to watch, as ``key`` (None: a key of its own connection) asking for
        ``asked``, shown as ``name`` (unless its key watches already); whether the list of
        spectators changed."""
        key = key or token_hex(16)
        watcher = self.by_key.get(key)
        if watcher is None:
            watcher = self.by_key[key] = Watcher(self._next_id, key, asked, name)
            self._next_id += 1
        changed = not watcher.peers
        if changed:
            watcher.asked, watcher.name = asked, name
        watcher.peers.add(peer)
        guest.key, guest.watcher, guest.name = key, watcher.id, watcher.name
        return changed

    def depart(self, peer: P, guest: Guest) -> bool:
        """A spectator's connection is gone; whether the list of spectators changed."""
        watcher = self.by_key.get(guest.key)
        if watcher is None or peer not in watcher.peers:
            return False
        watcher.peers.discard(peer)
        if watcher.peers:
            return False
        if not watcher.muted:  # nothing to remember of it (a stranger's keys cost nothing)
            del self.by_key[watcher.key]
        return True

    def muted(self, guest: Guest) -> bool:
        watcher = self.by_key.get(guest.key) if guest.watcher is not None else None
        return watcher is not None and watcher.muted

    def listing(self) -> list[Message]:
        """The ``lobby``'s ``watchers``: each spectator watching now, by its number."""
        watching = sorted((w for w in self.by_key.values() if w.peers), key=lambda w: w.id)
        return [{"id": w.id, "name": w.name, "muted": w.muted} for w in watching]

    # -- the host's decisions -------------------------------------------------------------------
    def mute(self, number: int, on: bool = True) -> list[tuple[P, Message]]:
        """Mute (or let speak again) spectator ``number``'s chat: everyone is told."""
        watcher = self._watching(number)
        if watcher.muted == on:
            return []
        watcher.muted = on
        self.rules.record({"r": "mute", "key": watcher.key, "name": watcher.asked, "on": on})
        notice = self.rules.notice("muted" if on else "unmuted", name=watcher.name)
        return self.rules.lobby_news() + [(peer, notice) for peer, _ in self.rules.joined()]

    def send_away(self, number: int) -> list[tuple[P, Message]]:
        """Ask spectator ``number`` to leave for good: it is told why and its connections
        close; its key and its name never join this table again; everyone else is told."""
        watcher = self._watching(number)
        self._ban(watcher.key, watcher.asked)
        self.rules.record({"r": "ban", "key": watcher.key, "name": watcher.asked})
        del self.by_key[watcher.key]
        out: list[tuple[P, Message]] = []
        for peer in sorted(watcher.peers, key=str):
            out.append((peer, error_message(BANNED_CODE)))
            self.rules.peers.pop(peer, None)
        notice = self.rules.notice("sent_away", name=watcher.name)
        return out + self.rules.lobby_news() + [(p, notice) for p, _ in self.rules.joined()]

    def _watching(self, number: int) -> Watcher[P]:
        for watcher in self.by_key.values():
            if watcher.id == number and watcher.peers:
                return watcher
        raise ValueError(f"nobody watches as {number}")

    def _ban(self, key: str, name: str) -> None:
        self.banned[key] = name
        if name:
            self._banned_names.add(name.casefold())

    # -- the journal ----------------------------------------------------------------------------
    def records(self) -> list[Message]:
        """The records that keep the mutes and the bans (a compacted journal's)."""
        muted = [
            {"r": "mute", "key": w.key, "name": w.asked, "on": True}
            for w in self.by_key.values()
            if w.muted
        ]
        return muted + [{"r": "ban", "key": k, "name": n} for k, n in self.banned.items()]

    def restore(self, muted: Iterable[tuple[str, str]], banned: Iterable[tuple[str, str]]) -> None:
        """Put back the mutes and bans a journal kept (a resumed table)."""
        for key, name in banned:
            self._ban(key, name)
        for key, name in muted:
            if key not in self.banned and key not in self.by_key:
                self.by_key[key] = Watcher(self._next_id, key, name, name, muted=True)
                self._next_id += 1
