"""What the Mi Shi player is asked, which cards can be picked, and what each key does.

Mixed into ``MishiScreen``. Declaring and going alone come straight from ``legal``; for a
play, the first card's choices are the ``pick`` steps in ``legal`` and the later ones are
checked locally against the view's lead with the engine's own rule functions (the engine
still has the last word: a refusal shows its reason in the prompt bar).
"""

from __future__ import annotations

from rich.text import Text

from engine.mishi.cards import SUIT_ORDER, TRUMP
from engine.mishi.tricks import Shape, beat_key, completable, requirement

from . import mishi_draw as draw

BURY = 8
CONFIRM_LABELS = {"declare": "declare", "bao": "go alone", "bury": "bury", "play": "play"}


class MishiDecisions:
    """Key handling and prompts for the Mi Shi screen (expects the screen's attributes)."""

    # -- choices from legal ----------------------------------------------------------------
    def bid_options(self) -> list[dict]:
        """The declarations (or go-alone bids) offered now: one ten before two, ♠ ♥ ♣ ♦."""
        kind = "bao" if self.step == "bao" else "declare"
        bids = [a for a in self.legal if isinstance(a, dict) and a.get("type") == kind]

        def strength(action: dict) -> tuple[int, int]:
            cards = action.get("cards") or ["10S"]
            suit = str(cards[0])[-1]
            return len(cards), SUIT_ORDER.index(suit) if suit in SUIT_ORDER else 9

        return sorted(bids, key=strength)

    def chosen_bid(self) -> dict | None:
        options = self.bid_options()
        return options[self.option % len(options)] if options else None

    def follow_size(self) -> int:
        """Cards a follower plays now (0 when leading)."""
        return draw.lead_size(self.view.get("lead")) if self.view.get("trick") else 0

    def pickable(self) -> list[bool]:
        """For each card of my hand: may it be picked (or unpicked) now?"""
        hand = self.hand
        if self.step == "bury":
            room = len(self.picked) < BURY
            return [i in self.picked or room for i in range(len(hand))]
        if self.step != "play":
            return [True] * len(hand)
        if not self.picked:
            first = {a.get("card") for a in self.legal if a.get("type") == "pick"}
            return [code in first for code in hand]
        chosen = [hand[i] for i in self.picked]
        return [i in self.picked or self.can_add(chosen, code) for i, code in enumerate(hand)]

    def can_add(self, chosen: list[str], code: str) -> bool:
        """Can ``chosen`` plus ``code`` still become a legal play (the engine's own check)?"""
        order = self.order
        wanted = [*chosen, code]
        lead = self.view.get("lead")
        if not self.view.get("trick") or not isinstance(lead, dict):
            return len({order.suit(c) for c in wanted}) == 1
        suit, shape = self.lead_shape()
        return completable(wanted, self.hand, suit, shape, order)

    def lead_shape(self) -> tuple[str, Shape]:
        """The view's lead as the engine's (effective suit, shape)."""
        lead = self.view.get("lead") or {}
        shape = Shape(
            tuple(lead.get("tractors") or ()),
            int(lead.get("pairs") or 0),
            int(lead.get("singles") or 0),
        )
        return (TRUMP if lead.get("suit") == "trump" else str(lead.get("suit"))), shape

    def winning_seat(self) -> int | None:
        """Who wins the trick on the table so far (the engine's own comparison)."""
        trick = self.view.get("trick") or []
        if not trick or not isinstance(self.view.get("lead"), dict):
            return None
        suit, shape = self.lead_shape()
        best_seat, best_key = trick[0].get("seat"), (-1, -1)
        for play in trick:
            try:
                key = beat_key(list(play.get("cards") or []), suit, shape, self.order)
            except (KeyError, ValueError):
                key = None
            if key is not None and key > best_key:
                best_seat, best_key = play.get("seat"), key
        return best_seat if isinstance(best_seat, int) else None

    def picked_cards(self) -> list[str]:
        return [self.hand[i] for i in sorted(self.picked) if i < len(self.hand)]

    def picked_count_words(self) -> str:
        if self.step == "bury":
            return f"{len(self.picked)}/{BURY}"
        size = self.follow_size()
        return f"{len(self.picked)}/{size}" if size else str(len(self.picked))

    def ready(self) -> bool:
        """Whether enter would send a whole action now."""
        if self.step == "bury":
            return len(self.picked) == BURY
        if self.step == "play":
            size = self.follow_size()
            return len(self.picked) == size if size else bool(self.picked)
        return self.step in ("declare", "bao") and self.chosen_bid() is not None

    # -- the question in the prompt bar ----------------------------------------------------
    def question(self) -> Text:
        step = self.step
        if step in ("declare", "bao"):
            return self.bid_question()
        if step == "bury":
            line = Text("Bury 8 cards face down: space pick ")
            line.append(f"{len(self.picked)}/{BURY}", style="bold")
            line.append(" · enter bury" if self.ready() else " · enter when 8 are picked")
            return line
        if step == "play":
            return self.play_question()
        return self.waiting_words()

    def bid_question(self) -> Text:
        bid = self.chosen_bid()
        if self.step == "declare":
            drawn = self.drawn
            line = Text("You drew ")
            if 0 < len(drawn) <= 2:
                line.append_text(self.cards.hand(drawn))
            else:
                line.append(f"{len(drawn) or 'a'} card{'s' * (len(drawn) != 1)}")
            line.append(" — d declare ")
        else:
            line = Text("Go alone (包牌), one against three? d go alone with ")
        if bid is not None:
            cards = list(bid.get("cards") or [])
            if self.step == "declare":
                line.append_text(draw.suit_text(self.cards, cards[0][-1]))
                line.append(" (")
                line.append_text(self.cards.hand(cards))
                line.append(")")
            else:
                line.append_text(self.cards.hand(cards))
        options = len(self.bid_options())
        if options > 1:
            line.append(f" · ←→ {options} choices")
        line.append(" · space pass")
        return line

    def play_question(self) -> Text:
        size = self.follow_size()
        if not size:
            if not self.picked:
                return Text("Your lead: pick cards of one suit (a single, pair, tractor or throw)")
            line = Text("Your lead: ")
            line.append_text(self.cards.hand(self.picked_cards()))
            line.append(" · enter play · esc clear")
            return line
        leader = self.seat_name(self.view.get("leader"))
        line = Text(f"Follow {leader}'s ")
        line.append_text(draw.lead_words(self.view.get("lead"), self.cards, article=False))
        line.append(": pick ")
        line.append(f"{len(self.picked)}/{size}", style="bold")
        duty = self.follow_duty()
        if duty:
            line.append(f" ({duty})")
        line.append(" · enter play" if self.ready() else "")
        return line

    def follow_duty(self) -> str:
        """What the rules make me play on this lead, in words ("must include a pair")."""
        suit, shape = self.lead_shape()
        mine = [c for c in self.hand if self.order.suit(c) == suit]
        glyph = "trumps" if suit == TRUMP else draw.suit_text(self.cards, suit).plain
        if not mine:
            return f"no {glyph}: any cards"
        if len(mine) < shape.size:
            return f"all your {glyph}, then any cards"
        if len(mine) == shape.size:
            return f"all your {glyph}"
        tractors, pairs = requirement(mine, shape, self.order)
        units = [f"a {k}-pair tractor" for k in tractors]
        if pairs:
            units.append("a pair" if pairs == 1 else f"{pairs} pairs")
        if units:
            return "must include " + " and ".join(units)
        return f"any {glyph}" if shape.size > 1 else ""

    def waiting_words(self) -> Text:
        view, name = self.view, self.seat_name
        if not view:
            return Text("Waiting for the table…")
        if view.get("over"):
            return Text("Game over · s scores · q leave")
        pending = [s for s in view.get("pending") or [] if s != self.me]
        who = ", ".join(name(s) for s in pending) or "the table"
        phase = view.get("phase")
        if phase == "deal":
            return Text(f"Dealing… {who} may show a ten" if pending else "Dealing…")
        if phase == "bao":
            return Text(f"{who} is deciding whether to go alone…")
        if phase == "bury":
            return Text(f"{who} is burying 8 cards…")
        if phase == "play":
            return Text(f"{who} to play…")
        return Text(f"Waiting for {who}…")

    # -- which keys work now -----------------------------------------------------------------
    def key_state(self, key: str) -> bool | None:
        step = self.step
        if step == "wait":
            return False
        bidding = step in ("declare", "bao")
        if key == "move":
            return len(self.bid_options()) > 1 if bidding else True
        if key == "pick":
            return True
        if key == "confirm":
            return True if self.ready() else None
        if key == "back":
            return not bidding and bool(self.picked)
        if key == "digit":
            return bidding and len(self.bid_options()) > 1
        return False

    def key_label(self, key: str) -> str | None:
        if key == "confirm":
            return CONFIRM_LABELS.get(self.step)
        if key == "pick" and self.step in ("declare", "bao"):
            return "pass"
        if key == "back":
            return "clear"
        if key == "digit":
            return "choose"
        return None

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "declare":
            return self.step in ("declare", "bao") and not self.has_class("-chatting")
        if action == "last_trick":
            last = self.view.get("last_trick") if self.view else None
            return isinstance(last, dict) and not self.has_class("-chatting")
        return super().check_action(action, parameters)

    # -- the keys ----------------------------------------------------------------------------
    def on_move(self, step: int) -> None:
        if self.step in ("declare", "bao"):
            self.option = (self.option + step) % max(1, len(self.bid_options()))
        elif self.step in ("bury", "play") and self.hand:
            enabled = self.pickable()
            n = len(self.hand)
            cursor = self.cursor
            for _ in range(n):  # skip cards that cannot be picked now
                cursor = (cursor + step) % n
                if enabled[cursor] or not any(enabled):
                    break
            self.cursor = cursor
        self.render_all()

    def on_pick(self) -> None:
        if self.step in ("declare", "bao"):
            self.send({"type": "pass"})
            return
        if self.step not in ("bury", "play") or not self.hand:
            return
        index = self.cursor
        if index in self.picked:
            self.picked.remove(index)
        elif self.pickable()[index]:
            self.picked.append(index)
        else:
            self.prompt.reject(self.refusal())
            return
        self.render_all()

    def refusal(self) -> str:
        if self.step == "bury":
            return "8 cards are picked already (space on a picked card puts it back)"
        size = self.follow_size()
        if size and len(self.picked) >= size:
            return f"{size} card{'s' * (size != 1)} are picked already"
        code = self.cards.label(self.hand[self.cursor])
        return f"{code} cannot be part of a legal play with the cards picked"

    def on_confirm(self) -> None:
        if self.step in ("declare", "bao"):
            self.action_declare()
        elif not self.ready():
            return  # the footer shows enter dimmed and the prompt says what is missing
        elif self.step == "bury":
            self.send({"type": "bury", "cards": self.picked_cards()})
        elif self.step == "play":
            self.send({"type": "play", "cards": self.picked_cards()})

    def on_back(self) -> None:
        if self.step in ("bury", "play"):
            self.picked = []
            self.render_all()

    def on_digit(self, digit: int) -> None:
        options = self.bid_options()
        if self.step in ("declare", "bao") and 1 <= digit <= len(options):
            self.option = digit - 1
            self.render_all()

    def action_declare(self) -> None:
        bid = self.chosen_bid()
        if self.step in ("declare", "bao") and bid is not None:
            self.send({"type": bid["type"], "cards": list(bid.get("cards") or [])})

    def action_last_trick(self) -> None:
        self.show_last = not self.show_last
        self.render_all()
