"""The SwaPo prompt's words: what the decision model asks at each step, and whom the table
waits for. Whole translated sentences (``lang``); no Textual here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from lang import _, ngettext
from tui.fill import and_list

from .choices import can_pass, round_words, swap_counts, swap_targets
from .model import Phase
from .powers import POWER_NAMES
from .steps import Step

if TYPE_CHECKING:
    from .flow import SwapoDecisions


def question(flow: SwapoDecisions) -> Text:
    """The prompt's question for the flow's step."""
    if flow.reveal is not None:
        result = round_words(flow.reveal, flow.name_of)
        if flow.state.over:
            return Text(result)
        # TRANSLATORS: SwaPo prompt under a round's result ("Round 2: Bo won … · enter …")
        return Text(_("{result} · enter to continue").format(result=result))
    words = step_words(flow)
    if words is not None:
        return Text(words)
    if flow.sent:
        # TRANSLATORS: the prompt after a choice was sent, until the table answers
        return Text(_("Sent — waiting for the table…"))
    return Text(waiting_words(flow))


def step_words(flow: SwapoDecisions) -> str | None:
    """The question of a decision step (None: nothing is being decided)."""
    step = flow.step
    if step == Step.TARGET:
        return target_words(flow)
    if step in (Step.COUNT, Step.CARDS, Step.TAKE, Step.GIVE_POS, Step.GIVE):
        return swap_words(flow)
    if step == Step.ARRANGE:
        if flow.picked:
            # TRANSLATORS: SwaPo Dagger prompt; space, enter and ←→ are keys
            return _(
                "Order your row before it goes face down: space grab/drop "
                "(holding a card: ←→ to move it), enter lay down"
            )
        # TRANSLATORS: SwaPo Dagger prompt; space and enter are keys
        return _("Order your row before it goes face down: space grab/drop, enter lay down")
    if step == Step.DECLARE and not flow.declaring():
        # TRANSLATORS: SwaPo Ace prompt when the player holds no joker; enter is a key
        return _("No joker to declare — enter to continue (nobody sees who has one)")
    if step == Step.DECLARE:
        left = flow.state.to_declare or 1
        if left > 1:
            # TRANSLATORS: SwaPo Ace prompt; {left} jokers still to declare (2 or more)
            return _("Declare your joker ({left} to declare): ←→ rank, enter declare").format(
                left=left
            )
        # TRANSLATORS: SwaPo Ace prompt: choose the rank the joker counts as; ←→, enter are keys
        return _("Declare your joker: ←→ rank, enter declare")
    return power_words(flow)


def target_words(flow: SwapoDecisions) -> str:
    """Choosing an opponent: the digits and names, and p when passing is possible."""
    targets = swap_targets(flow.actions)
    if not targets:
        # TRANSLATORS: SwaPo prompt; p is a key
        return _("No exchange is possible any more — p to finish your turn")
    choices = " · ".join(f"{flow.digit_of(s)} {flow.name_of(s)}" for s in targets)
    if not can_pass(flow.actions):
        # TRANSLATORS: SwaPo prompt; {choices}: "1 Bo · 2 Chen" (digit keys and names)
        words = _("Choose an opponent to swap with — {choices}")
    elif flow.pass_word() == "done":
        # TRANSLATORS: SwaPo Asterisk prompt; {choices}: "1 Bo · 2 Chen"; p is a key
        words = _("Choose an opponent to swap with — {choices} · p done")
    else:
        # TRANSLATORS: SwaPo prompt; {choices}: "1 Bo · 2 Chen"; p is a key
        words = _("Choose an opponent to swap with — {choices} · p pass")
    return words.format(choices=choices)


def swap_words(flow: SwapoDecisions) -> str:
    """The steps of an exchange: how many, which cards (Dagger: which positions), a give."""
    step, k, name = flow.step, flow.k, flow.name_of(flow.target)
    if step == Step.COUNT:
        counts = swap_counts(flow.actions, flow.target_seat)
        span = f"{counts[0]}–{counts[-1]}" if len(counts) > 1 else str(counts[0])
        # TRANSLATORS: SwaPo prompt; {span}: the counts possible ("1–3"); esc is a key
        words = _("Swap with {name}: how many cards? {span} · esc back")
        return words.format(name=name, span=span)
    if step == Step.CARDS:
        # TRANSLATORS: SwaPo prompt; {picked}/{k}: cards picked so far; space, enter are keys
        words = ngettext(
            "Your swap: {name} · {k} card — pick the {k} you give (space) {picked}/{k}, "
            "enter to swap",
            "Your swap: {name} · {k} cards — pick the {k} you give (space) {picked}/{k}, "
            "enter to swap",
            k,
        )
        return words.format(name=name, k=k, picked=len(flow.picked))
    if step == Step.TAKE:
        # TRANSLATORS: SwaPo Dagger prompt; positions 1–5 of a face-down row; enter is a key
        words = ngettext(
            "Pick {k} of {name}'s positions to take (1–5 or space) {taken}/{k}, enter next",
            "Pick {k} of {name}'s positions to take (1–5 or space) {taken}/{k}, enter next",
            k,
        )
        return words.format(name=name, k=k, taken=len(flow.taken))
    if step == Step.GIVE_POS:
        # TRANSLATORS: SwaPo Dagger prompt; positions 1–5 of a face-down row; enter is a key
        words = ngettext(
            "Now {k} of your positions to give (1–5 or space) {picked}/{k}, enter to swap",
            "Now {k} of your positions to give (1–5 or space) {picked}/{k}, enter to swap",
            k,
        )
        return words.format(k=k, picked=len(flow.picked))
    ask = flow.state.give
    n = ask.k if ask is not None and ask.k is not None else 0
    # TRANSLATORS: SwaPo prompt; {name} asked for {n} cards; space and enter are keys
    words = ngettext(
        "{name} asks you for {n} card — pick the {n} you give (space) {picked}/{n}, enter to give",
        "{name} asks you for {n} cards — pick the {n} you give (space) {picked}/{n}, enter to give",
        n,
    )
    holder = ask.holder if ask is not None else None
    return words.format(name=flow.name_of(holder), n=n, picked=len(flow.picked))


def power_words(flow: SwapoDecisions) -> str | None:
    """The Ace power steps: which Ace, then which card or whose joker, then a rank."""
    step = flow.step
    if step == Step.POWER:
        # TRANSLATORS: SwaPo Ace prompt: choose an Ace's power; ←→, enter, p are keys
        return _("Ace powers: which Ace? ←→ choose, enter · p pass")
    if step == Step.POWER_TARGET:
        power = _(POWER_NAMES[flow.power_kind]) if flow.power_kind in POWER_NAMES else ""
        if flow.power_kind == "honey_trap":
            # TRANSLATORS: SwaPo Ace prompt; {power}: a power's name ("Honey trap")
            words = _("{power}: whose joker? ←→ choose (digit: opponent), enter · esc back")
        else:
            # TRANSLATORS: SwaPo Ace prompt; {power}: a power's name ("Stab", "Steal")
            words = _("{power}: which card? ←→ choose (digit: opponent), enter · esc back")
        return words.format(power=power)
    if step == Step.POWER_RANK:
        # TRANSLATORS: SwaPo Ace prompt: the Honey Trap took {name}'s joker; ←→, enter are keys
        words = _("Honey trap on {name}: the joker's new rank — ←→, enter")
        return words.format(name=flow.name_of(flow.target))
    return None


def waiting_words(flow: SwapoDecisions) -> str:
    """Whom the table waits for, when the local seat has nothing to decide."""
    view, name = flow.state, flow.name_of
    idle = flow.idle_words()
    if idle is not None:
        return idle
    phase = view.phase
    pending = flow.others_awaited()
    if phase == Phase.SWAP:
        # TRANSLATORS: SwaPo prompt while another seat chooses an opponent
        return _("{name} is choosing whom to swap with…").format(name=name(view.turn))
    if phase == Phase.GIVE:
        ask = view.give
        k = ask.k if ask is not None else None
        # TRANSLATORS: SwaPo prompt while {name} chooses the cards {other} asked for
        words = ngettext(
            "{name} is choosing {k} card to give {other}…",
            "{name} is choosing {k} cards to give {other}…",
            k if k is not None else 2,
        )
        seat, holder = (ask.seat, ask.holder) if ask is not None else (None, None)
        return words.format(name=name(seat), k=k, other=name(holder))
    if phase == Phase.DECLARE:  # sealed: nobody may know who is still declaring
        # TRANSLATORS: SwaPo Ace prompt while the jokers are declared in secret
        return _("Waiting for the table: jokers are declared face down…")
    if phase == Phase.POWER:
        # TRANSLATORS: SwaPo Ace prompt while another seat decides on using its Aces
        return _("{name} is deciding on Ace powers…").format(name=name(view.turn))
    names = and_list(name(s) for s in pending)
    if phase == Phase.ARRANGE:
        if not names:
            # TRANSLATORS: SwaPo Dagger prompt while the other seats order their rows
            return _("Waiting for the others to lay their rows down…")
        # TRANSLATORS: SwaPo Dagger prompt; {names}: the seats still ordering their rows
        return _("Waiting for {names} to lay their rows down…").format(names=names)
    if not names:
        # TRANSLATORS: SwaPo prompt while the table waits for the other seats
        return _("Waiting for the others…")
    # TRANSLATORS: SwaPo prompt; {names}: the seats the table waits for ("Bo, Chen")
    return _("Waiting for {names}…").format(names=names)


def give_words(k: int) -> str:
    """The refusal of a swap's or a give's cards that are not ``k``."""
    # TRANSLATORS: SwaPo refusal when enter is pressed with the wrong number of cards picked
    return ngettext("pick exactly {k} card to give", "pick exactly {k} cards to give", k).format(
        k=k
    )


def positions_words(k: int, *, theirs: bool) -> str:
    """Dagger's refusal of positions that are not ``k``: of the opponent's row (``theirs``),
    or of my own."""
    if theirs:
        # TRANSLATORS: SwaPo Dagger refusal: positions of the opponent's row
        words = ngettext(
            "pick exactly {k} of their positions", "pick exactly {k} of their positions", k
        )
    else:
        # TRANSLATORS: SwaPo Dagger refusal: positions of the player's own row
        words = ngettext(
            "pick exactly {k} of your positions", "pick exactly {k} of your positions", k
        )
    return words.format(k=k)
