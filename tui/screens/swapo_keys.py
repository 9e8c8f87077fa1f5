"""What the SwaPo player is asked, and what each key does at each step of a decision.

Mixed into ``SwapoScreen``; kept apart so that the drawing and the decision logic each stay
small enough to read.
"""

from __future__ import annotations

from collections import Counter

from rich.text import Text

from ..widgets.cards import CardRow
from . import swapo_draw as draw
from . import swapo_flow as flow


class SwapoDecisions:
    """Key handling and prompts for the SwaPo screen (expects the screen's attributes)."""

    # -- the question in the prompt bar ----------------------------------------------------
    def question(self) -> Text:
        if self.reveal is not None:
            line = Text(draw.round_words(self.reveal, self.seat_name), style="bold")
            if not self.view.get("over"):
                line.append(" · enter to continue", style="")
            return line
        step = self.step
        name = self.seat_name
        if step == "target":
            targets = flow.swap_targets(self.legal)
            if not targets:
                return Text("No exchange is possible any more — p to finish your turn")
            line = Text("Choose an opponent to swap with — ")
            line.append(" · ".join(f"{self.seat_digit(s)} {name(s)}" for s in targets))
            if flow.can_pass(self.legal):
                done = self.asterisk and any(
                    sw.get("seat") == self.me for sw in self.view.get("swaps") or []
                )
                line.append(" · p done" if done else " · p pass")
            return line
        if step == "count":
            counts = flow.swap_counts(self.legal, self.target)
            span = f"{counts[0]}–{counts[-1]}" if len(counts) > 1 else str(counts[0])
            return Text(f"Swap with {name(self.target)}: how many cards? {span} · esc back")
        if step == "cards":
            return Text(
                f"Your swap: {name(self.target)} · {self.k} card{'s' * (self.k != 1)} — pick "
                f"the {self.k} you give (space) {len(self.picked)}/{self.k}, enter to swap"
            )
        if step == "take":
            return Text(
                f"Pick {self.k} of {name(self.target)}'s positions to take (1–5 or space) "
                f"{len(self.taken)}/{self.k}, enter next"
            )
        if step == "give_pos":
            return Text(
                f"Now {self.k} of your positions to give (1–5 or space) "
                f"{len(self.picked)}/{self.k}, enter to swap"
            )
        if step == "give":
            ask = self.view.get("give") or {}
            k = ask.get("k", 0)
            return Text(
                f"{name(ask.get('from'))} asks you for {k} card{'s' * (k != 1)} — pick the "
                f"{k} you give (space) {len(self.picked)}/{k}, enter to give"
            )
        if step == "arrange":
            held = " (holding a card: ←→ to move it)" if self.picked else ""
            return Text(
                f"Order your row before it goes face down: space grab/drop{held}, enter lay down"
            )
        if step == "declare":
            left = self.view.get("to_declare") or 1
            more = f" ({left} to declare)" if left > 1 else ""
            return Text(f"Declare your joker{more}: ←→ rank, enter declare")
        if step == "power":
            return Text("Ace powers: ←→ choose, enter use · p pass")
        if step == "power_rank":
            return Text(f"Honey trap on {name(self.target)}: the joker's new rank — ←→, enter")
        return self.waiting_words()

    def waiting_words(self) -> Text:
        view, name = self.view, self.seat_name
        if not view:
            return Text("Waiting for the table…")
        if view.get("over"):
            return Text("Game over · s scores · q leave")
        phase = view.get("phase")
        pending = [s for s in view.get("pending") or [] if s != self.me]
        who = ", ".join(name(s) for s in pending) or "the others"
        if phase == "swap":
            return Text(f"{name(view.get('turn'))} is choosing whom to swap with…")
        if phase == "give":
            ask = view.get("give") or {}
            return Text(
                f"{name(ask.get('seat'))} is choosing {ask.get('k')} cards to give "
                f"{name(ask.get('from'))}…"
            )
        if phase == "arrange":
            return Text(f"Waiting for {who} to lay their rows down…")
        if phase == "declare":
            return Text(f"Waiting for {who} to declare their jokers…")
        if phase == "power":
            return Text(f"{name(view.get('turn'))} is deciding on Ace powers…")
        return Text(f"Waiting for {who}…")

    # -- menus -----------------------------------------------------------------------------
    def declare_menu(self) -> list[tuple[Text, dict]]:
        counts = Counter(c[:-1] for c in self.hand if c not in ("JK", "?"))
        menu = []
        for rank in flow.declare_ranks(self.legal):
            label = Text(rank, style="bold")
            label.append(f"×{counts[rank] + 1}", style="dim")
            menu.append((label, {"type": "declare", "rank": rank}))
        return menu

    def power_menu(self) -> list[tuple[Text, dict]]:
        menu: list[tuple[Text, dict]] = []
        honey_targets: list[int] = []
        for action in self.legal:
            kind = action.get("type")
            if kind in ("stab", "steal"):
                verb = "Stab" if kind == "stab" else "Steal"
                label = self.ace_label(kind)
                label.append(f"{verb} {self.seat_name(action['target'])}'s ")
                label.append_text(self.cards.text(action["card"]))
                menu.append((label, action))
            elif kind == "honey_trap" and action["target"] not in honey_targets:
                honey_targets.append(action["target"])
                label = self.ace_label(kind)
                label.append(f"Take {self.seat_name(action['target'])}'s joker")
                menu.append((label, {"type": "honey_trap", "target": action["target"]}))
            elif kind == "draw":
                label = self.ace_label(kind)
                label.append("Draw: no game")
                menu.append((label, action))
        if flow.can_pass(self.legal):
            menu.append((Text("Pass"), {"type": "pass"}))
        return menu

    def ace_label(self, power: str) -> Text:
        """The Ace that gives a power, as the start of its menu entry ("A♠ Stab …")."""
        label = self.cards.text(flow.POWER_CARDS[power])
        label.append(" ")
        return label

    def rank_menu(self, target: int) -> list[tuple[Text, dict]]:
        return [
            (Text(a["rank"], style="bold"), a)
            for a in flow.of_type(self.legal, "honey_trap")
            if a["target"] == target
        ]

    def count_menu(self) -> list[tuple[Text, dict]]:
        return [
            (Text(str(k), style="bold"), {"k": k})
            for k in flow.swap_counts(self.legal, self.target)
        ]

    # -- which keys work now -----------------------------------------------------------------
    def key_state(self, key: str) -> bool | None:
        if self.reveal is not None:
            return key in ("confirm", "back")
        step = self.step
        if step == "wait":
            return False
        if key == "move":
            return True
        if key == "pick":
            return step in ("cards", "take", "give_pos", "give", "arrange")
        if key == "confirm":
            return True
        if key == "back":
            return step in ("count", "cards", "take", "give_pos", "power_rank", "give")
        if key == "digit":
            return step in ("target", "count", "take", "give_pos", "cards", "give")
        return False

    def key_label(self, key: str) -> str | None:
        if key == "confirm":
            from .swapo import CONFIRM_LABELS

            return "continue" if self.reveal is not None else CONFIRM_LABELS.get(self.step)
        if key == "back" and self.reveal is not None:
            return "close"
        if key == "back" and self.step == "give":
            return "clear"
        if key == "pick" and self.step == "arrange":
            return "grab"
        return None

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "pass_turn":
            return (
                self.reveal is None
                and self.step in ("target", "power")
                and flow.can_pass(self.legal)
                and not self.has_class("-chatting")
            )
        return super().check_action(action, parameters)

    # -- the keys ----------------------------------------------------------------------------
    def on_move(self, step: int) -> None:
        s = self.step
        if s == "target":
            self.target_cursor += step
        elif s == "take":
            self.target_cursor = (self.target_cursor + step) % 5
        elif s in ("count", "declare", "power", "power_rank") and self.menu:
            self.menu_cursor = (self.menu_cursor + step) % len(self.menu)
        elif s == "arrange" and self.order:
            new = (self.cursor + step) % len(self.order)
            if self.picked:
                self.order[self.cursor], self.order[new] = self.order[new], self.order[self.cursor]
                self.picked = [new]
            self.cursor = new
        elif s in ("cards", "give", "give_pos") and self.hand:
            self.cursor = (self.cursor + step) % len(self.hand)
        self.render_all()

    def on_pick(self) -> None:
        s = self.step
        if s == "arrange":
            self.picked = [] if self.picked else [self.cursor]
        elif s == "take":
            self.toggle_position(self.target_cursor, own=False)
        elif s in ("cards", "give", "give_pos"):
            self.toggle_card(self.cursor)
        self.render_all()

    def toggle_card(self, index: int) -> None:
        """Pick or unpick a card of my hand (or a position, in Dagger) if that is allowed."""
        if index in self.picked:
            self.picked.remove(index)
            return
        faces, _ = self.hand_faces()
        if 0 <= index < len(faces) and faces[index].enabled:
            self.picked.append(index)
            self.cursor = index
        else:
            self.prompt.reject("that card cannot be picked now")

    def toggle_position(self, pos: int, *, own: bool) -> None:
        if own:
            self.toggle_card(pos)
            return
        if pos in self.taken:
            self.taken.remove(pos)
            return
        allowed = flow.position_sets(self.legal, self.target, self.k, "take")
        if flow.pickable_positions(self.taken, allowed, 5)[pos]:
            self.taken.append(pos)
            self.target_cursor = pos
        else:
            self.prompt.reject("that position cannot be taken now")

    def on_digit(self, digit: int) -> None:
        s = self.step
        if s == "target":
            others = self.others()
            if 1 <= digit <= len(others) and others[digit - 1] in flow.swap_targets(self.legal):
                self.choose_target(others[digit - 1])
            else:
                self.prompt.reject(f"{digit} is not an opponent you can swap with")
        elif s == "count":
            if digit in flow.swap_counts(self.legal, self.target):
                self.choose_count(digit)
            else:
                whom = self.seat_name(self.target)
                self.prompt.reject(f"you cannot swap {digit} cards with {whom}")
        elif s == "take" and 1 <= digit <= 5:
            self.toggle_position(digit - 1, own=False)
        elif s in ("give_pos", "cards", "give") and 1 <= digit <= len(self.hand):
            self.toggle_card(digit - 1)
        self.render_all()

    def choose_target(self, seat: int) -> None:
        self.target = seat
        counts = flow.swap_counts(self.legal, seat)
        if len(counts) == 1:
            self.choose_count(counts[0])
        else:
            self.step = "count"
            self.menu, self.menu_cursor = self.count_menu(), 0

    def choose_count(self, k: int) -> None:
        self.k = k
        self.picked, self.taken = [], []
        self.step = "take" if self.dagger else "cards"
        self.target_cursor = 0

    def on_confirm(self) -> None:
        if self.reveal is not None:
            self.reveal = None
            self.render_all()
            return
        s = self.step
        if s == "target":
            seat = self.target_choice()
            if seat is not None:
                self.choose_target(seat)
        elif s == "count" and self.menu:
            self.choose_count(self.menu[self.menu_cursor][1]["k"])
        elif s == "cards":
            cards = sorted(self.hand[i] for i in self.picked)
            if tuple(cards) in flow.swap_card_sets(self.legal, self.target, self.k):
                self.submit({"type": "swap", "target": self.target, "cards": cards})
                return
            self.prompt.reject(f"pick exactly {self.k} card{'s' * (self.k != 1)} to give")
        elif s == "take":
            if len(self.taken) == self.k:
                self.step = "give_pos"
                self.picked = []
            else:
                self.prompt.reject(f"pick exactly {self.k} of their positions")
        elif s == "give_pos":
            give = sorted(self.picked)
            if tuple(give) in flow.position_sets(self.legal, self.target, self.k, "give"):
                action = {"type": "swap", "target": self.target, "take": sorted(self.taken)}
                action["give"] = give
                self.submit(action)
                return
            self.prompt.reject(f"pick exactly {self.k} of your positions")
        elif s == "give":
            cards = sorted(self.hand[i] for i in self.picked)
            k = (self.view.get("give") or {}).get("k")
            if tuple(cards) in flow.card_sets(flow.of_type(self.legal, "give")):
                self.submit({"type": "give", "cards": cards})
                return
            self.prompt.reject(f"pick exactly {k} cards to give")
        elif s == "arrange":
            self.submit({"type": "arrange", "order": list(self.order)})
            return
        elif s in ("declare", "power_rank") and self.menu:
            self.submit(self.menu[self.menu_cursor][1])
            return
        elif s == "power" and self.menu:
            action = self.menu[self.menu_cursor][1]
            if action.get("type") == "honey_trap" and "rank" not in action:
                self.target = action["target"]
                self.step = "power_rank"
                self.menu, self.menu_cursor = self.rank_menu(self.target), 0
            else:
                self.submit(action)
                return
        self.render_all()

    def on_back(self) -> None:
        if self.reveal is not None:
            self.reveal = None
        elif self.step == "count":
            self.step, self.target = "target", None
        elif self.step in ("cards", "take"):
            counts = flow.swap_counts(self.legal, self.target)
            if len(counts) > 1:
                self.step = "count"
                self.menu, self.menu_cursor = self.count_menu(), 0
            else:
                self.step, self.target = "target", None
            self.picked, self.taken = [], []
        elif self.step == "give_pos":
            self.step, self.picked = "take", []
        elif self.step == "give":
            self.picked = []
        elif self.step == "power_rank":
            self.step = "power"
            self.menu, self.menu_cursor = self.power_menu(), 0
        self.render_all()

    def action_pass_turn(self) -> None:
        if flow.can_pass(self.legal) and self.step in ("target", "power"):
            self.submit({"type": "pass"})

    def submit(self, action: dict) -> None:
        """Send the finished decision and wait for the table's answer."""
        if action.get("type") in ("swap", "give") and "cards" in action:
            self.last_sent = list(action["cards"])
        self.step = "wait"
        self.render_all()
        self.prompt.ask("Sent — waiting for the table…", waiting=True)
        self.send(action)

    def on_card_row_clicked(self, message: CardRow.Clicked) -> None:
        """Mouse: a click on a card moves there and picks it, like the keyboard would."""
        if message.row.id == "target-row" and self.step == "take":
            self.target_cursor = message.index
            self.on_pick()
        elif message.row.id == "hand" and self.step in ("cards", "give", "give_pos", "arrange"):
            self.cursor = message.index
            self.on_pick()

    # -- the log -----------------------------------------------------------------------------
    def describe_event(self, event: dict) -> Text | str | None:
        return draw.event_line(event, self.log_name, self.cards, self.asterisk)

    def log_name(self, seat: object) -> str:
        """Names in the log read as third person, the local player's too ("Eli asks Bo")."""
        return self.seat_name(seat, you=False) if seat != self.me else (self.my_name() or "You")

    def log_tag(self, event: dict) -> object:
        if event.get("type") == "deal" and isinstance(event.get("round"), int):
            self.log_round = event["round"]
        return self.log_round

    def forget_old_rounds(self) -> None:
        """Playing from memory (the default): the log keeps this round and the last only."""
        options = self.view.get("options") or {}
        if options.get("memory_only", True) and isinstance(self.log_round, int):
            newest = self.log_round
            self.log_pane.keep(lambda tag: not isinstance(tag, int) or tag >= newest - 1)

    def tell(self, event: dict) -> None:
        super().tell(event)
        if event.get("type") == "swapped" and self.me in (event.get("seat"), event.get("target")):
            self.tell_my_swap()

    def tell_my_swap(self) -> None:
        """Only the two seats involved learn which cards moved: say it in my log.

        When the exchange ended the round, the view has moved on to the next round; then
        only what I gave is certain (what I got is in the reveal).
        """
        if self.dagger:
            return
        mine = [
            sw
            for sw in self.view.get("swaps") or []
            if sw.get("sent") is not None and self.me in (sw.get("seat"), sw.get("target"))
        ]
        if not mine and self.last_sent:
            line = Text("  you gave ", style="dim")
            line.append_text(self.cards.hand(self.last_sent))
            self.log_pane.add(line, self.log_round)
        self.last_sent = []
        for swap in reversed(mine):
            if swap.get("sent") is None or self.me not in (swap.get("seat"), swap.get("target")):
                continue
            sent, received = swap.get("sent") or [], swap.get("received") or []
            if swap.get("target") == self.me:
                sent, received = received, sent
            line = Text("  you gave ", style="dim")
            line.append_text(self.cards.hand(sent))
            line.append(" and got ", style="dim")
            line.append_text(self.cards.hand(received))
            self.log_pane.add(line, self.log_round)
            return

    def toast_for(self, event: dict) -> str | None:
        return draw.toast_line(event, self.log_name)

    def whispers_allowed(self) -> bool:
        options = self.table_info.get("options") or {}
        return bool(options.get("adult_talk", True))

    def scores_title(self) -> str:
        title = super().scores_title()
        result = self.view.get("result") or {}
        tiebreak = result.get("tiebreak")
        if isinstance(tiebreak, dict) and tiebreak.get("reading"):
            title += f" (tie broken: {str(tiebreak['reading']).replace('_', ' ')})"
        if result.get("sudden_death"):
            title += " after sudden death"
        return title

    def round_history(self) -> list[Text]:
        return [
            Text(draw.round_words(rec, self.seat_name))
            for rec in self.view.get("history") or []
            if isinstance(rec, dict)
        ]

    def receive(self, message: dict) -> None:
        """A rejected decision starts over (the reason stays on show)."""
        if message.get("t") == "rejected":
            self.start(self.asked())
            self.render_all()
        super().receive(message)
