"""What a seat (or a spectator) may know of a SwaPo game, and nothing more.

A mixin of ``SwapoGame``. Every list is a fresh copy, so a view can be sent or changed freely.
Keys and examples: docs/swapo.md.
"""

from __future__ import annotations

from .dealing import HAND_SIZE


class SwapoView:
    """``view(seat)``: own hand (Dagger: remembered row with ``?``), public facts, reveals."""

    def view(self, seat: int | None) -> dict:
        if seat is not None:
            self.check_seat(seat)
        n = self.seats
        phase = self.phase
        memory = self.rounds[-1:] if self.options["memory_only"] else self.rounds
        return {
            "game": self.NAME,
            "seat": seat,
            "seats": n,
            "phase": phase,
            "pending": self.pending(),
            "scores": list(self.scores),
            "over": self.over,
            "options": {
                k: (list(v) if isinstance(v, list) else v) for k, v in self.options.items()
            },
            "result": self.result() if self.over else None,
            "variant": list(self.options["variant"]),
            "round": self.round_no,
            "sudden_death": self.in_sudden_death,
            "players": list(self.players),
            "dealer": self.dealer,
            "dealer_draw": {
                "method": self.dealer_draw["method"],
                "draws": [list(d) for d in self.dealer_draw["draws"]],
                "seats": [list(s) for s in self.dealer_draw["seats"]],
                "dealer": self.dealer_draw["dealer"],
            },
            "pile": len(self.pile),
            "discards": len(self.discards),
            "turn": self._turn(),
            "rights_done": self.players[: self.right_index],
            "hand": self._own_hand(seat),
            "hand_counts": [len(h) for h in self.hands],
            "laid": list(self.laid) if self.dagger else [False] * n,
            "moved": [[i for i, c in enumerate(row) if c is None] for row in self.known],
            "locked_cards": self._own_locked(seat),
            "locked_counts": [len(lk) for lk in self.locked],
            "locked_positions": (
                [sorted(lk) for lk in self.locked] if self.dagger else [[] for _ in range(n)]
            ),
            "give": self._give(seat),
            "swaps": [self._swap_entry(e, seat) for e in self.swap_log],
            "declared": self._declared(seat),
            "to_declare": self.undeclared(seat) if seat is not None else 0,
            "revealed": (
                [list(h) if s in self.players else None for s, h in enumerate(self.hands)]
                if self.is_revealed and phase != "over"
                else None
            ),
            "stabbed": [list(c) for c in self.stabbed],
            "used_aces": [list(u) for u in self.used],
            "power": (
                {"seat": self.players[self.power_index], "done": self.players[: self.power_index]}
                if phase == "power"
                else None
            ),
            "history": [self.copy_record(r) for r in memory],
        }

    def _turn(self) -> int | None:
        if self.phase in ("swap", "give"):
            return self.players[self.right_index]
        if self.phase == "power":
            return self.players[self.power_index]
        return None

    def _own_hand(self, seat: int | None) -> list[str] | None:
        if seat is None or seat not in self.players or self.over:
            return None if seat is None else []
        if self.dagger and self.laid[seat] and self.phase in ("arrange", "swap"):
            return [c if c is not None else "?" for c in self.known[seat][:HAND_SIZE]]
        return list(self.hands[seat])

    def _own_locked(self, seat: int | None) -> list[str]:
        if seat is None or self.dagger or not self.asterisk:
            return []
        return list(self.locked[seat])

    def _give(self, seat: int | None) -> dict | None:
        request = self.give_request
        if self.phase != "give" or request is None:
            return None
        return {
            "seat": request["seat"],
            "from": request["from"],
            "k": request["k"],
            "offered": list(request["offered"]) if seat == request["from"] else None,
        }

    def _swap_entry(self, entry: dict, seat: int | None) -> dict:
        out = {"seat": entry["seat"], "target": entry["target"], "k": entry["k"]}
        if self.dagger:
            out["take"] = list(entry["take"])
            out["give"] = list(entry["give"])
            return out
        involved = seat is not None and seat in (entry["seat"], entry["target"])
        out["sent"] = list(entry["sent"]) if involved else None
        out["received"] = list(entry["received"]) if involved else None
        return out

    def _declared(self, seat: int | None) -> list[list[str] | None]:
        if not self.ace:
            return [None] * self.seats
        if self.is_revealed:
            return self.public_declared()
        return [
            list(d) if s == seat and s in self.players else None
            for s, d in enumerate(self.declared)
        ]
