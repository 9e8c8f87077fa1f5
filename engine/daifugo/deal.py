"""Dealing a deal (rules §3), and the end of one: the final order, titles and points (§8, §9).

Both run inside the ``apply`` that ends the previous deal (or in ``setup``): the next deal is
dealt at once, so there is no phase between deals.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .exchange import start_exchange
from .plays import DIAMOND3
from .types import DealRecord, Event, Title

if TYPE_CHECKING:
    from .game import DaifugoGame

#: Points per deal by title (§9): every deal sums to zero.
POINTS: dict[Title, int] = {"daifugo": 2, "fugo": 1, "heimin": 0, "hinmin": -1, "daihinmin": -2}


def titles_for(seats: int) -> list[Title]:
    """The title of each final place, first to last (§9)."""
    out: list[Title] = ["heimin"] * seats
    out[0], out[-1] = "daifugo", "daihinmin"
    if seats >= 4:
        out[1], out[-2] = "fugo", "hinmin"
    return out


def holder(game: DaifugoGame, title: Title) -> int | None:
    """The seat that holds ``title`` from the last finished deal (None in the first)."""
    return game.titles.index(title) if title in game.titles else None


def deal(game: DaifugoGame, stacked: list[str] | None) -> list[Event]:
    """Deal the next deal: all cards, one at a time clockwise from the dealer (seat 0 first,
    then the last 大貧民); the first deal's 3♦ holder leads, later ones begin with the
    exchange."""
    n = game.seats
    game.deal_no += 1
    dealer = holder(game, "daihinmin")
    game.dealer = 0 if dealer is None else dealer
    if stacked is None:
        cards = list(game.all_cards)
        game.rng.shuffle(cards)
    else:
        cards = list(stacked)
    game.hands = [[] for _ in range(n)]
    for i, card in enumerate(cards):
        game.hands[(game.dealer + i) % n].append(card)
    game.played = []
    game.fallen_cards = []
    game.trick = []
    game.passed = [False] * n
    game.revolution = game.back = False
    game.lock = None
    game.finished, game.fouls, game.fallen = [], [], None
    game.exchanges, game.swapped = [], {}
    leader: int | None = None
    if dealer is None:
        leader = next(s for s in range(n) if DIAMOND3 in game.hands[s])
        game.phase, game.turn = "play", leader
    else:
        start_exchange(game)
    return [
        {
            "type": "deal",
            "deal": game.deal_no,
            "dealer": game.dealer,
            "counts": [len(h) for h in game.hands],
            "leader": leader,
        }
    ]


def end_deal(game: DaifugoGame, events: list[Event]) -> None:
    """At most one player holds cards: rank the deal (§8.3), score it, deal the next or end
    the game. The cards left in the last hand and the fallen hand are never shown."""
    last = [s for s in range(game.seats) if game.hands[s]]
    order = [*game.finished, *last]
    order += [game.fallen] if game.fallen is not None else []
    order += list(reversed(game.fouls))
    by_place = titles_for(game.seats)
    titles: list[Title] = ["heimin"] * game.seats
    for place, seat in enumerate(order):
        titles[seat] = by_place[place]
    points = [POINTS[t] for t in titles]
    game.scores = [a + b for a, b in zip(game.scores, points, strict=True)]
    record: DealRecord = {
        "order": order,
        "titles": list(titles),
        "points": points,
        "fouls": list(game.fouls),
        "fallen": game.fallen,
    }
    game.history.append(record)
    game.titles = list(titles)
    events.append(
        {
            "type": "deal_end",
            "deal": game.deal_no,
            "order": list(order),
            "titles": list(titles),
            "points": list(points),
            "fouls": list(game.fouls),
            "fallen": game.fallen,
            "scores": list(game.scores),
        }
    )
    if game.deal_no >= game.options["deals"]:
        game.phase, game.turn = "over", None
        result = game.result()
        events.append(
            {"type": "game_end", "scores": result["scores"], "winners": result["winners"]}
        )
    else:
        events.extend(deal(game, None))
