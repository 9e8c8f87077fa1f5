"""The Swoop screen's keys: move, pick, play, turn a mystery card, chain or stop.

←/→ walk over my slots and hand; space picks (a card of another rank starts a new group);
digits 1–4 pick that many of the rank under the cursor (0 clears); enter plays; ``t`` turns an
uncovered mystery card; ``x`` stops a chain. Every choice is checked against ``legal`` before
it is sent, and a refusal says why in the prompt bar.
"""

from __future__ import annotations

from . import swoop_draw as draw
from . import swoop_flow as flow
from .swoop_cards import MyCards

CONFIRM_LABELS = {"play": "play", "add": "play", "chain": "chain"}


class SwoopKeys:
    """Key handling mixed into ``SwoopScreen`` (which supplies the view, picks and drawing)."""

    # -- which keys work now -------------------------------------------------------------
    def key_state(self, key: str) -> bool | None:
        kind = self.asked()
        if kind == "wait":
            return False
        if key in ("move", "pick", "confirm", "digit"):
            return True
        if key == "back":
            return bool(self.picks)
        return False

    def key_label(self, key: str) -> str | None:
        if key == "confirm":
            return CONFIRM_LABELS.get(self.asked())
        if key == "back":
            return "clear"
        if key == "digit":
            return "how many"
        return None

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        chatting = self.has_class("-chatting")
        if action == "turn":
            return self.asked() == "play" and bool(flow.flip_slots(self.legal)) and not chatting
        if action == "stop":
            return self.asked() == "chain" and flow.can_stop(self.legal) and not chatting
        return super().check_action(action, parameters)

    # -- the keys --------------------------------------------------------------------------
    def on_move(self, step: int) -> None:
        items = self.items()
        if items:
            self.cursor = (self.cursor + step) % len(items)
        self.render_all()

    def on_pick(self) -> None:
        item = self.current()
        if item is not None:
            self.toggle(item)
        self.render_all()

    def toggle(self, item: flow.Item) -> None:
        """Pick or unpick one card; a card of another rank starts a new group."""
        if item in self.picks:
            self.picks.remove(item)
            return
        if item[0] == "down":
            self.refuse_mystery(item[1])
            return
        allowed = self.allowed()
        if flow.can_add(self.picks, item, allowed, self.mine):
            self.picks.append(item)
        elif self.asked() == "play" and flow.can_add([], item, allowed, self.mine):
            self.picks = [item]
        else:
            self.prompt.reject(self.why_not(item))

    def why_not(self, item: flow.Item) -> str:
        """Why a card cannot join the group now, in words."""
        r = draw.rank_text(self.mine.rank(item) or "?", self.cards)
        kind = self.asked()
        if kind == "add":
            card = str((self.view.get("flipped") or {}).get("card", "?"))
            want = draw.rank_text(flow.rank_of(card), self.cards)
            if flow.rank_of(card) != self.mine.rank(item):
                return f"only {want}s can be added to the card you turned up"
            return f"no more {want}s fit: at most four, and never five of a rank on the pile"
        if kind == "chain":
            chain = self.view.get("chain") or {}
            want = draw.rank_text(str(chain.get("rank", "?")), self.cards)
            if chain.get("rank") != self.mine.rank(item):
                return f"a chain needs {want}s"
            return (
                f"a chain takes exactly {chain.get('need')} {want}{'s' * (chain.get('need') != 1)}"
            )
        return f"no more {r}s fit: a group is at most four, never five of a rank on the pile"

    def refuse_mystery(self, slot: int) -> None:
        if self.asked() == "play" and slot in flow.flip_slots(self.legal):
            self.prompt.reject("a mystery card is turned up, not picked: press t")
        else:
            self.prompt.reject("that mystery card cannot be turned now")

    def on_digit(self, digit: int) -> None:
        item = self.current()
        if digit == 0:
            self.picks = []
        elif item is not None and 1 <= digit <= 4:
            if self.asked() == "add":
                wanted = self.mine.rank(item)
                card = str((self.view.get("flipped") or {}).get("card", "?"))
                if wanted != flow.rank_of(card):
                    item = next(
                        (i for i in self.items() if self.mine.rank(i) == flow.rank_of(card)),
                        item,
                    )
            group = flow.best_group(item, digit, self.allowed(), self.mine)
            if group is None:
                r = draw.rank_text(self.mine.rank(item) or "?", self.cards)
                self.prompt.reject(f"you cannot play {digit} × {r} now")
            else:
                self.picks = group
        self.render_all()

    def on_confirm(self) -> None:
        kind = self.asked()
        item = self.current()
        if kind == "wait":
            return
        if kind == "play" and item is not None and item[0] == "down" and not self.picks:
            self.action_turn()
            return
        allowed = self.allowed()
        if (
            kind == "play"
            and not self.picks
            and item is not None
            and flow.can_add([], item, allowed, self.mine)
        ):
            self.picks = [item]
        action = flow.action_for(self.picks, kind, allowed, self.mine)
        if action is None:
            if kind == "chain":
                chain = self.view.get("chain") or {}
                self.prompt.reject(
                    f"a chain takes exactly {chain.get('need')} "
                    f"{draw.rank_text(str(chain.get('rank')), self.cards)} — or x to stop"
                )
            else:
                self.prompt.reject("pick one or more cards of one rank first")
            self.render_all()
            return
        self.submit(action)

    def on_back(self) -> None:
        self.picks = []
        self.render_all()

    def action_turn(self) -> None:
        """Turn an uncovered mystery card: the one under the cursor, or the only one."""
        if self.asked() != "play":
            return
        slots = flow.flip_slots(self.legal)
        item = self.current()
        if item is not None and item[0] == "down" and item[1] in slots:
            self.submit({"type": "flip", "slot": item[1]})
        elif len(slots) == 1:
            self.submit({"type": "flip", "slot": slots[0]})
        elif slots:
            self.cursor = self.items().index(("down", slots[0]))
            self.picks = []
            self.prompt.reject("more than one can be turned: move to one and press t again")
            self.render_all()

    def action_stop(self) -> None:
        if self.asked() == "chain" and flow.can_stop(self.legal):
            self.submit({"type": "stop"})

    def submit(self, action: dict) -> None:
        """Send the finished decision and wait for the table's answer."""
        self.sent = True
        self.picks = []
        self.render_all()
        self.send(action)

    def on_my_cards_clicked(self, message: MyCards.Clicked) -> None:
        """Mouse: a click moves the cursor to the card and picks it, as space would."""
        items = self.items()
        if self.asked() == "wait" or message.item not in items:
            return
        self.cursor = items.index(message.item)
        if message.item[0] != "down":
            self.toggle(message.item)
        self.render_all()
