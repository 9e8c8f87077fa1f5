"""Burying, the step-by-step picks, trick play and the end of a hand.

Plain functions of the typed game. ``legal_*`` and ``check_*`` only read it: a check validates
the whole action and returns the plan (the cards) its commit needs. ``commit_*`` and the
helpers they call change the game and never raise IllegalAction.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from .. import cards as _cards
from ..base import IllegalAction, check_action, check_codes
from .bidding import start_hand
from .cards import card_points
from .scoring import hand_deltas, kitty_multiplier
from .tricks import (
    Shape,
    beat_key,
    completable,
    completer,
    decompose,
    failed_throw,
    shape_of,
)
from .types import Case, Event, HandSummary

if TYPE_CHECKING:
    from .game import MishiGame

BURY = 8
TRICKS = 21


# What is fixed once the kitty is taken, and what a lead fixes -------------------------------
def contract(game: MishiGame) -> tuple[int, str, Case]:
    """The declarer, the trump suit and the case (only after the kitty was taken)."""
    declarer, trump, case = game.declarer, game.trump, game.case
    assert declarer is not None and trump is not None and case is not None, "no contract yet"
    return declarer, trump, case


def led(game: MishiGame) -> tuple[str, Shape]:
    """The led suit and shape of the trick in progress (only once it was led)."""
    suit, shape = game.lead_suit, game.lead_shape
    assert suit is not None and shape is not None, "nothing was led"
    return suit, shape


def to_move(game: MishiGame) -> int:
    leader = game.leader
    assert leader is not None, "asked outside the play phase"
    return (leader + len(game.trick)) % game.seats


def side(game: MishiGame) -> set[int]:
    """The declarer's side (secret while the partner is hidden)."""
    declarer = contract(game)[0]
    return {declarer} if game.partner is None else {declarer, game.partner}


def defender_card_points(game: MishiGame) -> int:
    ours = side(game)
    return sum(p for s, p in enumerate(game.captured) if s not in ours)


# Burying: the moves of the bury phase -------------------------------------------------------
def legal_bury(game: MishiGame, seat: int) -> list[dict]:
    return [{"type": "bury_card", "card": c} for c in game.order.sorted(set(game.hands[seat]))]


def check_bury_card(game: MishiGame, seat: int, action: dict) -> list[str]:
    check_action(action, {"type": str, "card": str})
    return _check_held(game, seat, check_codes("bury_card", "card", [action["card"]]))


def check_bury(game: MishiGame, seat: int, action: dict) -> list[str]:
    check_action(action, {"type": str, "cards": list})
    cards = check_codes("bury", "cards", action["cards"])
    left = BURY - len(game.buried)
    if len(cards) != left:
        raise IllegalAction("mishi.bury_count", kind="bury", n=left, got=len(cards))
    return _check_held(game, seat, list(cards))


def _check_held(game: MishiGame, seat: int, cards: list[str]) -> list[str]:
    if not _cards.contains(game.hands[seat], cards):
        raise IllegalAction("mishi.not_held_those", kind="bury")
    return cards


def commit_bury(game: MishiGame, seat: int, cards: list[str]) -> list[Event]:
    """Bury checked cards; the eighth ends the bury and the declarer (``seat``) leads."""
    hand = game.hands[seat]
    for card in cards:
        hand.remove(card)
    game.buried.extend(cards)
    if len(game.buried) < BURY:
        return []
    game.kitty = list(game.buried)
    game.phase = "play"
    _start_trick(game, seat)
    return [{"type": "buried", "seat": seat}]


# Picking and playing: the moves of the play phase -------------------------------------------
def _pick_ok(game: MishiGame, seat: int, chosen: list[str]) -> bool:
    """Can ``chosen`` still be completed to a legal play of ``seat``?"""
    order = game.order
    if not game.trick:
        return len({order.suit(c) for c in chosen}) <= 1
    suit, shape = led(game)
    return completable(chosen, game.hands[seat], suit, shape, order)


def legal_picks(game: MishiGame, seat: int) -> list[dict]:
    order = game.order
    chosen = game.picked[seat]
    cards = order.sorted(Counter(game.hands[seat]) - Counter(chosen))
    if game.trick:  # _pick_ok of each card, the hand's side worked out once
        suit, shape = led(game)
        ok = completer(game.hands[seat], suit, shape, order)
        cards = [c for c in cards if ok([*chosen, c])]
    elif chosen:  # a lead is of one suit: the suit of the first pick
        cards = order.of_suit(cards, order.suit(chosen[0]))
    actions = [{"type": "pick", "card": c} for c in cards]
    if chosen and not game.trick:
        actions.append({"type": "commit"})
    return actions


def check_pick(game: MishiGame, seat: int, action: dict) -> tuple[list[str], bool]:
    """The picks with this card, and whether they are a whole follow (played at once)."""
    check_action(action, {"type": str, "card": str})
    card = check_codes("pick", "card", [action["card"]])[0]
    chosen = [*game.picked[seat], card]
    if not _cards.contains(game.hands[seat], chosen):
        raise IllegalAction("mishi.no_other_copy", kind="pick", card=card)
    if not _pick_ok(game, seat, chosen):
        raise IllegalAction("mishi.pick_illegal", kind="pick", card=card)
    return chosen, bool(game.trick) and len(chosen) == led(game)[1].size


def commit_pick(game: MishiGame, seat: int, plan: tuple[list[str], bool]) -> list[Event]:
    chosen, whole = plan
    if whole:
        return commit_play(game, seat, chosen)
    game.picked[seat] = chosen
    return []


def check_unpick(game: MishiGame, seat: int, action: dict) -> None:
    check_action(action, {"type": str})


def commit_unpick(game: MishiGame, seat: int, plan: None) -> list[Event]:
    game.picked[seat] = []
    return []


def check_commit(game: MishiGame, seat: int, action: dict) -> list[str]:
    """A leader's picks, played as they stand."""
    check_action(action, {"type": str})
    chosen = game.picked[seat]
    if game.trick or not chosen:
        raise IllegalAction("mishi.commit_leader", kind="commit")
    _check_cards(game, seat, chosen)
    return list(chosen)


def check_play(game: MishiGame, seat: int, action: dict) -> list[str]:
    check_action(action, {"type": str, "cards": list})
    cards = check_codes("play", "cards", action["cards"])
    _check_cards(game, seat, cards)
    return list(cards)


def _check_cards(game: MishiGame, seat: int, cards: list[str]) -> None:
    """A whole play: held, and a lead of one suit or a follow the rules allow."""
    if not cards:
        raise IllegalAction("mishi.play_nothing", kind="play")
    if not _cards.contains(game.hands[seat], cards):
        raise IllegalAction("mishi.not_held_those", kind="play")
    order = game.order
    if not game.trick:
        if len({order.suit(c) for c in cards}) != 1:
            raise IllegalAction("mishi.lead_one_suit", kind="play")
        return
    suit, shape = led(game)
    if len(cards) != shape.size:
        raise IllegalAction("mishi.play_count", kind="play", n=shape.size)
    if not completable(cards, game.hands[seat], suit, shape, order):
        raise _follow_refusal(game, seat, cards, suit)


def _follow_refusal(game: MishiGame, seat: int, cards: list[str], suit: str) -> IllegalAction:
    order = game.order
    held = sum(1 for c in game.hands[seat] if order.suit(c) == suit)
    played = sum(1 for c in cards if order.suit(c) == suit)
    need = min(held, len(cards))
    if played < need and suit == "T":
        return IllegalAction("mishi.follow_trumps", kind="play", n=need)
    if played < need:
        return IllegalAction(
            "mishi.follow_suit", kind="play", n=need, suit=_cards.SUIT_SYMBOLS[suit]
        )
    return IllegalAction("mishi.match_shape", kind="play")


def commit_play(game: MishiGame, seat: int, cards: list[str]) -> list[Event]:
    """Play checked cards: a lead (a throw is tested here) or a follow."""
    events: list[Event] = []
    game.picked[seat] = []
    order = game.order
    if not game.trick:
        units = decompose(cards, order)
        suit = order.suit(cards[0])
        others = [
            [c for c in game.hands[s] if order.suit(c) == suit]
            for s in range(game.seats)
            if s != seat
        ]
        forced = failed_throw(units, others, order)
        if forced is not None:
            events.append(
                {
                    "type": "throw_failed",
                    "seat": seat,
                    "cards": order.sorted(cards),
                    "played": list(forced.cards),
                }
            )
            _throw_penalty(game, seat)
            cards = list(forced.cards)
            units = [forced]
        game.lead_suit = suit
        game.lead_shape = shape_of(units)
    for card in cards:
        game.hands[seat].remove(card)
    game.trick.append((seat, order.sorted(cards)))
    events.append({"type": "play", "seat": seat, "cards": order.sorted(cards)})
    _check_reveal(game, seat, cards, events)
    if len(game.trick) == game.seats:
        _end_trick(game, events)
    return events


# Tricks -------------------------------------------------------------------------------------
def _start_trick(game: MishiGame, leader: int) -> None:
    game.leader = leader
    game.trick = []
    game.lead_suit = None
    game.lead_shape = None
    game.trick_number += 1


def _throw_penalty(game: MishiGame, seat: int) -> None:
    game.failed_throws[seat] += 1
    penalty = game.options["throw_penalty"]
    if not penalty:
        return
    if seat in side(game):
        game.penalty_adjust += penalty
    else:
        running = defender_card_points(game) + game.penalty_adjust
        game.penalty_adjust -= min(penalty, max(running, 0))


def _check_reveal(game: MishiGame, seat: int, cards: list[str], events: list[Event]) -> None:
    declarer, trump, case = contract(game)
    if game.revealed or case == "bao":
        return
    tens = cards.count("10" + trump)
    if not tens:
        return
    if case == "2v2" and seat == game.partner:
        game.revealed = True
        events.append({"type": "partner_revealed", "seat": seat, "case": "2v2"})
    elif case == "paqi" and seat == declarer:
        game.declarer_tens_played += tens
        if game.declarer_tens_played >= 2:
            game.revealed = True
            events.append({"type": "partner_revealed", "seat": seat, "case": "paqi"})


def trick_winner(game: MishiGame) -> int:
    suit, shape = led(game)
    best_seat, best_key = game.trick[0][0], (-1, -1)
    for seat, cards in game.trick:
        key = beat_key(cards, suit, shape, game.order)
        if key is not None and key > best_key:
            best_seat, best_key = seat, key
    return best_seat


def _end_trick(game: MishiGame, events: list[Event]) -> None:
    winner = trick_winner(game)
    won = card_points(c for _, cards in game.trick for c in cards)
    game.captured[winner] += won
    events.append({"type": "trick_won", "seat": winner, "points": won, "trick": game.trick_number})
    game.last_trick = {
        "plays": [{"seat": s, "cards": list(c)} for s, c in game.trick],
        "winner": winner,
        "points": won,
    }
    if any(game.hands):
        _start_trick(game, winner)
        return
    _end_hand(game, winner, led(game)[1], events)


# The end of a hand --------------------------------------------------------------------------
def _end_hand(game: MishiGame, last_winner: int, last_lead: Shape, events: list[Event]) -> None:
    declarer, trump, case = contract(game)
    defender_points = max(0, defender_card_points(game) + game.penalty_adjust)
    if last_winner not in side(game):
        multiplier = kitty_multiplier(last_lead.largest_unit, game.options["kitty_multiplier"])
        kitty_points = card_points(game.kitty)
        bonus = kitty_points * multiplier
        defender_points += bonus
        events.append(
            {
                "type": "kitty_bonus",
                "seat": last_winner,
                "kitty_points": kitty_points,
                "multiplier": multiplier,
                "bonus": bonus,
            }
        )
    if not game.revealed and case != "bao":
        game.revealed = True
    deltas = hand_deltas(case, declarer, game.partner, defender_points, game.options["stake"])
    game.totals = [t + d for t, d in zip(game.totals, deltas, strict=True)]
    summary: HandSummary = {
        "hand": game.hand_index + 1,
        "declarer": declarer,
        "partner": game.partner,
        "case": case,
        "trump": trump,
        "defender_points": defender_points,
        "deltas": deltas,
        "scores": list(game.totals),
    }
    game.history.append(summary)
    events.append({"type": "hand_end", **summary})
    game.hand_index += 1
    if game.hand_index >= game.options["hands"]:
        game.phase = "over"
        events.append({"type": "game_over", "scores": list(game.totals), "winners": game.winners()})
        return
    start_hand(game, events)
