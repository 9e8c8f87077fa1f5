"""Tricks (rules §6), the special plays (§7) and going out (§8): the play phase's moves, each a
check that touches nothing and a commit that cannot fail."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..base import IllegalAction, check_action, check_codes
from ..cards import contains, removed
from .deal import end_deal, holder
from .options import effective_forbidden
from .plays import (
    BOTTOM,
    EIGHT,
    JACK,
    JOKER,
    SPADE3,
    TOP,
    Play,
    all_plays,
    beats,
    flips_order,
    is_return,
    of_rank,
    plays_on,
    rank_of,
    read_play,
)
from .types import Event, Forbidden

if TYPE_CHECKING:
    from .game import DaifugoGame

PASS: dict = {"type": "pass"}


# What may be played ---------------------------------------------------------------------------


def playable(game: DaifugoGame, play: Play, top: Play) -> bool:
    """Whether ``play`` may go on ``top`` now: it beats it and keeps the lock (§6, §7.4)."""
    spade3 = game.options["spade3"]
    if not beats(play, top, game.reversed, spade3):
        return False
    return game.lock is None or play.wild or is_return(play, top, spade3) or play.suits == game.lock


def legal_play(game: DaifugoGame, seat: int) -> list[dict]:
    """Every play of the hand that may go now, and ``pass`` unless the seat leads (a seat
    with nothing to play is still asked: it has ``pass`` alone)."""
    hand, sequences = game.hands[seat], game.options["sequences"]
    if not game.trick:
        return [p.action() for p in all_plays(hand, sequences)]
    top = game.trick[-1][1]
    # The hand's plays of the top's shape and size that may beat it, in all_plays' order: a
    # follower's few plays without making the hundreds of its hand.
    plays = plays_on(hand, top, sequences, game.reversed)
    return [*(p.action() for p in plays if playable(game, p, top)), dict(PASS)]


def check_play(game: DaifugoGame, seat: int, action: dict) -> Play:
    shape: dict[str, type | tuple[type, ...]] = {"type": str, "cards": list}
    if "as" in action:
        shape["as"] = list
    check_action(action, shape)
    cards = check_codes("play", "cards", action["cards"])
    named = check_codes("play", "as", action.get("as", []))
    if not contains(game.hands[seat], cards):
        raise IllegalAction("daifugo.not_held", kind="play", cards=list(cards))
    play = read_play(cards, named, game.options["sequences"])
    if game.trick:
        top = game.trick[-1][1]
        if play.shape != top.shape or play.size != top.size:
            raise IllegalAction("daifugo.shape", kind="play", n=top.size)
        if not beats(play, top, game.reversed, game.options["spade3"]):
            raise IllegalAction("daifugo.not_stronger", kind="play")
        if not playable(game, play, top):
            raise IllegalAction("daifugo.locked", kind="play", suits=lock_letters(game.lock))
    return play


def check_pass(game: DaifugoGame, seat: int, action: dict) -> None:
    check_action(action, {"type": str})
    if not game.trick:
        raise IllegalAction("daifugo.lead_no_pass", kind="pass")


# What a play does -----------------------------------------------------------------------------


def commit_play(game: DaifugoGame, seat: int, play: Play) -> list[Event]:
    opts = game.options
    events: list[Event] = [
        {"type": "play", "seat": seat, "cards": list(play.cards), "as": list(play.named)}
    ]
    game.hands[seat] = removed(game.hands[seat], play.cards)
    game.played.extend(play.cards)
    under = game.trick[-1][1] if game.trick else None
    reversed_before = game.reversed
    game.trick.append((seat, play))
    cut: str | None = None
    if under is not None and is_return(play, under, opts["spade3"]):
        cut = "spade3"
    else:
        if flips_order(play, opts["revolution"], opts["sequence_revolution"]):
            game.revolution = not game.revolution
            events.append({"type": "revolution", "seat": seat, "on": game.revolution})
        if opts["eleven_back"] and of_rank(play, JACK):
            game.back = not game.back
            events.append({"type": "back", "seat": seat, "on": game.back})
        if (
            opts["lock"]
            and game.lock is None
            and under is not None
            and not under.wild
            and not play.wild
            and play.suits == under.suits
        ):
            game.lock = play.suits
            events.append({"type": "lock", "suits": lock_letters(play.suits)})
        if opts["eight_cut"] and of_rank(play, EIGHT):
            cut = "eight"
    if not game.hands[seat] and go_out(game, seat, play, reversed_before, events):
        return events  # the deal is over
    if cut is not None:
        end_trick(game, seat, cut, events)
    else:
        after = next_to_play(game, seat, last=seat)
        if after is None:
            end_trick(game, seat, None, events)
        else:
            game.turn = after
    return events


def commit_pass(game: DaifugoGame, seat: int, plan: None) -> list[Event]:
    game.passed[seat] = True
    events: list[Event] = [{"type": "pass", "seat": seat}]
    last = game.trick[-1][0]
    after = next_to_play(game, seat, last=last)
    if after is None:
        end_trick(game, last, None, events)
    else:
        game.turn = after
    return events


def next_to_play(game: DaifugoGame, seat: int, *, last: int) -> int | None:
    """The next seat clockwise from ``seat`` still in the deal and in the trick, other than
    ``last`` (who made the last play); None: the trick is over."""
    n = game.seats
    for i in range(1, n + 1):
        s = (seat + i) % n
        if s != last and game.hands[s] and not game.passed[s]:
            return s
    return None


def next_in_deal(game: DaifugoGame, seat: int) -> int:
    """``seat`` if it still holds cards, else the next seat clockwise that does."""
    n = game.seats
    return next(s for s in ((seat + i) % n for i in range(n)) if game.hands[s])


def end_trick(game: DaifugoGame, winner: int, cut: str | None, events: list[Event]) -> None:
    """The trick is turned aside; its last player (or the next in the deal) leads. Every lock
    and 11-back end with it; a revolution stays."""
    leader = next_in_deal(game, winner)
    game.trick, game.passed = [], [False] * game.seats
    game.lock, game.back = None, False
    game.turn = leader
    events.append(
        {
            "type": "trick_end",
            "cut": "eight" if cut == "eight" else "spade3" if cut == "spade3" else None,
            "leader": leader,
        }
    )


# Going out ------------------------------------------------------------------------------------


def fouls_of(game: DaifugoGame, play: Play, reversed_before: bool) -> list[Forbidden]:
    """The forbidden cards among the real cards of a final play (§8.2)."""
    return forbidden_in(play, effective_forbidden(game.options), reversed_before)


def forbidden_in(play: Play, names: frozenset[str], reversed_before: bool) -> list[Forbidden]:
    """Which of the forbidden finishes ``names`` the real cards of ``play`` hold, the order in
    force just before it being reversed or not (a bot asks it too)."""
    real = [c for c in play.cards if c != JOKER]
    strongest = BOTTOM if reversed_before else TOP
    found: list[Forbidden] = []
    if "joker" in names and JOKER in play.cards:
        found.append("joker")
    if "top" in names and any(rank_of(c) == strongest for c in real):
        found.append("top")
    if "eight" in names and any(rank_of(c) == EIGHT for c in real):
        found.append("eight")
    if "spade3" in names and SPADE3 in real:
        found.append("spade3")
    return found


def go_out(
    game: DaifugoGame, seat: int, play: Play, reversed_before: bool, events: list[Event]
) -> bool:
    """``seat`` played its last cards: a finish or a foul, maybe the capital's fall; True if
    the deal is over."""
    foul = fouls_of(game, play, reversed_before)
    events.append({"type": "out", "seat": seat, "foul": foul})
    if foul:
        game.fouls.append(seat)
    else:
        game.finished.append(seat)
        capital = holder(game, "daifugo")
        if (
            game.options["capital_fall"]
            and capital is not None
            and len(game.finished) == 1
            and seat != capital
            and game.hands[capital]
        ):
            game.fallen = capital
            game.fallen_cards = game.hands[capital]
            game.hands[capital] = []
            events.append({"type": "fall", "seat": capital})
    if sum(1 for h in game.hands if h) <= 1:
        end_deal(game, events)
        return True
    return False


def lock_letters(suits: frozenset[str] | None) -> list[str]:
    """Locked suits as letters in the order S H D C."""
    return [s for s in "SHDC" if suits and s in suits]
