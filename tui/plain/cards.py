"""Cards a speech synthesizer reads well: "7 of hearts", "queen of spades", "joker" (or
letters, ``7H``), never a suit symbol; and the cards a player types, read forgivingly:
``7h``, ``7♥``, ``seven of hearts``, ``7 of hearts``, ``77`` (two sevens), ``k`` (a king).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lang import N_, _
from tui.widgets.cards import JOKER_CODES, UNKNOWN, CardStyle

#: Each suit's name (msgids; ``_()`` when said).
SUIT_WORDS = {
    # TRANSLATORS: plain table: a card's suit said in words ("7 of hearts")
    "S": N_("spades"),
    "H": N_("hearts"),
    "D": N_("diamonds"),
    "C": N_("clubs"),
}
#: The face cards' names (msgids).
RANK_WORDS = {
    # TRANSLATORS: plain table: a card's rank said in words ("queen of spades")
    "J": N_("jack"),
    "Q": N_("queen"),
    "K": N_("king"),
    "A": N_("ace"),
}
JOKER_WORDS = {
    # TRANSLATORS: plain table: the jokers said in words
    "JK": N_("joker"),
    # TRANSLATORS: plain table: Mi Shi's big joker (大王) said in words (game: mishi)
    "BJ": N_("big joker"),
    # TRANSLATORS: plain table: Mi Shi's small joker (小王) said in words (game: mishi)
    "SJ": N_("small joker"),
}

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
#: What a player may type for a rank or a suit (English words and letters, any language).
TYPED_RANKS = {
    **{r.lower(): r for r in RANKS},
    "t": "10",
    "two": "2",
    "three": "3",
    "four": "4",
    "five": "5",
    "six": "6",
    "seven": "7",
    "eight": "8",
    "nine": "9",
    "ten": "10",
    "jack": "J",
    "queen": "Q",
    "king": "K",
    "ace": "A",
}
TYPED_SUITS = {
    "s": "S",
    "h": "H",
    "d": "D",
    "c": "C",
    "♠": "S",
    "♥": "H",
    "♦": "D",
    "♣": "C",
    "♤": "S",
    "♡": "H",
    "♢": "D",
    "♧": "C",
    "spade": "S",
    "spades": "S",
    "heart": "H",
    "hearts": "H",
    "diamond": "D",
    "diamonds": "D",
    "club": "C",
    "clubs": "C",
}
TYPED_JOKERS = {"jk": "JK", "joker": "JK", "bj": "BJ", "sj": "SJ", "★": "JK"}
CODE = re.compile(r"^(10|[2-9tjqka])([shdc♠♥♦♣♤♡♢♧])$")


class SpokenCards(CardStyle):
    """A ``CardStyle`` that names cards in words (``words``) or letters, never glyphs or
    colour: every sentence of a game's face that names a card reads well aloud."""

    __slots__ = ("words",)

    def __init__(
        self,
        *,
        ascii_only: bool = True,
        color: bool = False,
        four_colour: bool = False,
        suit_letters: bool = False,
        words: bool = True,
    ) -> None:
        super().__init__(
            ascii_only=ascii_only,
            color=color,
            four_colour=four_colour,
            suit_letters=suit_letters,
        )
        self.words = words

    def label(self, code: str | None, declared: str | None = None) -> str:
        if not self.words or code is None or code == UNKNOWN:
            return super().label(code, declared)
        return spoken(code, declared)


def spoken(code: str, declared: str | None = None) -> str:
    """A card in words: "7 of hearts", "king of clubs", "joker (as K)"."""
    if code in JOKER_CODES:
        name = _(JOKER_WORDS[code])
        if declared:
            # TRANSLATORS: plain table: a joker declared as a rank ("joker as king")
            return _("{joker} as {rank}").format(joker=name, rank=rank_word(declared))
        return name
    if not isinstance(code, str) or len(code) < 2:
        return "?"
    rank, suit = code[:-1], code[-1]
    if suit not in SUIT_WORDS:
        return code
    # TRANSLATORS: plain table: a card in words; {rank} "7" or "queen", {suit} "hearts"
    return _("{rank} of {suit}").format(rank=rank_word(rank), suit=_(SUIT_WORDS[suit]))


def rank_word(rank: str) -> str:
    return _(RANK_WORDS[rank]) if rank in RANK_WORDS else rank


@dataclass(frozen=True)
class Wanted:
    """A card typed: its rank (``JK`` for a joker) and its suit, if one was said."""

    rank: str
    suit: str | None = None

    def fits(self, code: str | None) -> bool:
        if not code:
            return False
        if code in JOKER_CODES:
            return self.rank == "JK" or self.rank == code
        if self.rank != code[:-1]:
            return False
        return self.suit is None or self.suit == code[-1]


def typed_cards(text: str) -> list[Wanted] | None:
    """The cards in ``text`` (None: it is not a list of cards at all): codes and English
    words, and every card as the table says it, in English or the player's language ("big
    joker", "ハートの7", "红桃7") — what a hint names can be typed back as it is."""
    rest = re.sub(r"\s+", " ", text.strip().lower().replace(",", " "))
    if not rest:
        return None
    phrases = said_cards()
    out: list[Wanted] = []
    while rest:
        phrase = next((p for p in phrases if rest == p or rest.startswith(p + " ")), None)
        if phrase is not None:
            out.append(phrases[phrase])
            rest = rest[len(phrase) :].lstrip()
            continue
        word, _sep, rest = rest.partition(" ")
        if rest.startswith("of "):  # seven of hearts, 7 of hearts
            suit, _sep, rest = rest[3:].partition(" ")
            word = f"{word}-of-{suit}"
        read = typed_word(word)
        if read is None:
            return None
        out.extend(read)
    return out


def said_cards() -> dict[str, Wanted]:
    """Every card as the table says it now (the player's language) and in English, longest
    first: "small joker", "queen of spades", "スペードのクイーン", "king" (a rank alone)."""
    said: dict[str, Wanted] = {"big joker": Wanted("BJ"), "small joker": Wanted("SJ")}
    for rank in RANKS:
        said[rank_word(rank).lower()] = Wanted(rank)
        for suit in SUIT_WORDS:
            said[spoken(rank + suit).lower()] = Wanted(rank, suit)
    for code in JOKER_CODES:
        said[spoken(code).lower()] = Wanted(code)
    said = {p: w for p, w in said.items() if not p.isdigit()}  # a number alone is a choice
    return dict(sorted(said.items(), key=lambda item: -len(item[0])))


def typed_word(word: str) -> list[Wanted] | None:
    """One typed word: ``7h``, ``seven-of-hearts``, ``77``, ``k``, ``joker``."""
    if word in TYPED_JOKERS:
        return [Wanted(TYPED_JOKERS[word])]
    if "-of-" in word:
        rank, _of, suit = word.partition("-of-")
        if rank in TYPED_RANKS and suit in TYPED_SUITS:
            return [Wanted(TYPED_RANKS[rank], TYPED_SUITS[suit])]
        return None
    match = CODE.match(word)
    if match:
        return [Wanted(TYPED_RANKS[match.group(1)], TYPED_SUITS[match.group(2)])]
    if word in TYPED_RANKS and not word.isdigit():
        return [Wanted(TYPED_RANKS[word])]  # k, queen, ten (a number alone is a choice)
    if len(set(word)) == 1 and len(word) > 1 and word[0] in TYPED_RANKS and word[0] != "1":
        return [Wanted(TYPED_RANKS[word[0]])] * len(word)  # 77: two sevens, kk: two kings
    if len(word) in (4, 6, 8) and word == "10" * (len(word) // 2):
        return [Wanted("10")] * (len(word) // 2)  # 1010: two tens
    return None
