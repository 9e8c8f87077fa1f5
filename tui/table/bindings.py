"""The table's keys: the game keys every table screen forwards to its decision model, the
table's own keys, and the other words a game key's footer entry may say.

Descriptions are English msgids marked with ``N_`` (bindings are made at import time); the
footer words them (tui/widgets/footer.py). ``key_label`` in the decision models answers the
English word, never a translated one.
"""

from __future__ import annotations

import dataclasses

from textual.binding import Binding

from lang import N_

#: The game keys, with the footer's usual word for each.
GAME_BINDINGS = [
    # TRANSLATORS: footer key description (move the cursor); ≤ 8 cells if you can
    Binding("left,h", "move(-1)", N_("move"), key_display="←→", id="move-left"),
    Binding("right,l", "move(1)", N_("move"), show=False, id="move-right"),
    # TRANSLATORS: footer key description (pick a card); ≤ 8 cells if you can
    Binding("space", "pick", N_("pick")),
    # TRANSLATORS: footer key description (confirm); ≤ 8 cells if you can
    Binding("enter", "confirm", N_("ok")),
    # TRANSLATORS: footer key description (one step back); ≤ 8 cells if you can
    Binding("escape", "back", N_("back")),
    *[Binding(str(d), f"digit({d})", f"{d}", show=False) for d in range(10)],
]
#: A hint for learners, where the table allows them (tui/table/hints.py). Listed before the
#: game keys: when no hint can be had, ``h`` moves the cursor as usual.
# TRANSLATORS: footer key description (a hint for learners: what the bot would do); ≤ 8 cells
HINT_BINDING = Binding("h", "hint", N_("hint"))
#: Take back my last action, where the table allows take-backs (tui/table/takeback.py).
# TRANSLATORS: footer key description (take back one's last action); ≤ 8 cells if you can
TAKEBACK_BINDING = Binding("u", "takeback", N_("take back"))
TABLE_BINDINGS = [
    # TRANSLATORS: footer key description (open the chat); ≤ 8 cells if you can
    Binding("c", "chat", N_("chat")),
    # TRANSLATORS: footer key description (show the scores); ≤ 8 cells if you can
    Binding("s", "scores", N_("scores")),
    # TRANSLATORS: footer key description (review the finished game); ≤ 8 cells if you can
    Binding("r", "review", N_("review")),
    # TRANSLATORS: footer key description (the game's rules); ≤ 8 cells if you can
    Binding("question_mark", "rules", N_("rules"), key_display="?"),
    # TRANSLATORS: footer key description (leave the table); ≤ 8 cells if you can
    Binding("q", "leave", N_("leave")),
    # TRANSLATORS: footer key description (the host's menu); ≤ 8 cells if you can
    Binding("m", "host_menu", N_("host")),
]

#: The footer's configuration at every table (tui/widgets/footer.py ``WordedFooter``): the
#: keys a narrow footer leaves out first (by action, the least useful first: the game's keys
#: stay, and these still work when they are not shown) and the key that lists every key
#: (above the rules): never left out, and it says "keys" while the footer leaves another out.
FOOTER_EXPENDABLE: tuple[str, ...] = ("chat", "host_menu", "scores", "leave")
# TRANSLATORS: footer key description (?: every key, and the rules); ≤ 8 cells if you can
FOOTER_FALLBACK: tuple[str, str] = ("rules", N_("keys"))

#: The other words a game key's footer entry may say, as the decision model's ``key_label``
#: chooses ("enter ok" becomes "enter swap"). Textual shows one binding per key, so each word
#: is a binding of its own on the same key, and ``check_action`` lets through only the one
#: ``key_label`` names (Textual's "dynamic actions"). A word not listed here shows the key's
#: usual word; a new game adds its words here.
FOOTER_WORDS: dict[str, tuple[str, ...]] = {
    "pick": (
        # TRANSLATORS: footer key description (take cards); ≤ 8 cells if you can
        N_("grab"),
        # TRANSLATORS: footer key description (pass one's turn); ≤ 8 cells if you can
        N_("pass"),
    ),
    "confirm": (
        # TRANSLATORS: footer key description; ≤ 8 cells if you can
        N_("choose"),
        # TRANSLATORS: footer key description (swap cards); ≤ 8 cells if you can
        N_("swap"),
        # TRANSLATORS: footer key description (go on to the next); ≤ 8 cells if you can
        N_("next"),
        # TRANSLATORS: footer key description (give cards); ≤ 8 cells if you can
        N_("give"),
        # TRANSLATORS: footer key description (lay cards down); ≤ 8 cells if you can
        N_("lay down"),
        # TRANSLATORS: footer key description (declare); ≤ 8 cells if you can
        N_("declare"),
        # TRANSLATORS: footer key description (use a power); ≤ 8 cells if you can
        N_("use"),
        # TRANSLATORS: footer key description (take cards); ≤ 8 cells if you can
        N_("take"),
        # TRANSLATORS: footer key description; ≤ 8 cells if you can
        N_("continue"),
        # TRANSLATORS: footer key description (play cards); ≤ 8 cells if you can
        N_("play"),
        # TRANSLATORS: footer key description (add to a chain; game: swoop); ≤ 8 cells if you can
        N_("chain"),
        # TRANSLATORS: footer key description (play without a partner); ≤ 8 cells if you can
        N_("go alone"),
        # TRANSLATORS: footer key description (bury cards in the kitty); ≤ 8 cells if you can
        N_("bury"),
    ),
    "back": (
        # TRANSLATORS: footer key description (clear the picks); ≤ 8 cells if you can
        N_("clear"),
        # TRANSLATORS: footer key description; ≤ 8 cells if you can
        N_("close"),
    ),
}


def worded(bindings: list[Binding]) -> list[Binding]:
    """A copy of each shown game-key binding for each of its FOOTER_WORDS: the same key and
    action, the word as the description and as the action's last argument."""
    out = []
    for binding in bindings:
        name, _paren, args = binding.action.partition("(")
        args = args.removesuffix(")")
        for word in FOOTER_WORDS.get(name, ()) if binding.show else ():
            action = f"{name}({args}, {word!r})" if args else f"{name}({word!r})"
            out.append(dataclasses.replace(binding, action=action, description=word))
    return out


def word_of(parameters: tuple[object, ...]) -> str | None:
    """The footer word a worded binding carries (its last, text, argument), else None."""
    return parameters[-1] if parameters and isinstance(parameters[-1], str) else None


#: Every table screen's bindings (a game's screen adds its own): the hint listed before the
#: game keys, each game key with a copy for each of its footer words, take-back, the table's.
SCREEN_BINDINGS: list[Binding] = [
    HINT_BINDING,
    *GAME_BINDINGS,
    *worded(GAME_BINDINGS),
    TAKEBACK_BINDING,
    *TABLE_BINDINGS,
]
