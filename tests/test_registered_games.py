"""Every registered game (``engine.GAMES``) brings every piece the shared table reads, and this
test names the piece a game lacks: its own words (refusal and hint codes, option labels and
value words, hint action words) declared in its folders and translated in every catalogue, its
round-end event and the score rows it gives, its table screen, its rules help in every
language and its snapshots at 80×24 and 120×40 (docs/adding-a-game.md)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import engine
import lang
from engine.hints import HINTS
from engine.reasons import REASONS, msgids
from tui.table.game_words import GameWords, words_for
from tui.table.hints import ACTIONS

pytestmark = pytest.mark.unit

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted(engine.GAMES)
TRANSLATED = [code for code in lang.LANGUAGES if code != "en"]


@pytest.fixture(scope="module")
def catalogues() -> dict[str, set[str]]:
    """The msgids each language translates."""
    from lang import catalog

    out = {}
    for code in TRANSLATED:
        out[code] = {
            m.id[0] if isinstance(m.id, tuple) else m.id
            for m in catalog.read_po(code)
            if m.id and all(m.string if isinstance(m.string, tuple) else (m.string,))
        }
    return out


def playout(game: str, seed: int, steps: int = 3000) -> tuple[list[dict], set[str]]:
    """A random game's events and the kinds of action it offered."""
    g = engine.new_game(game, engine.GAMES[game].DEFAULT_SEATS, seed=seed)
    rng = random.Random(seed)
    events: list[dict] = []
    kinds: set[str] = set()
    for _step in range(steps):
        if g.over:
            break
        seat = g.pending()[0]
        legal = g.legal_actions(seat)
        kinds |= {str(a["type"]) for a in legal}
        events += g.apply(seat, rng.choice(legal))
    return events, kinds


def words(game: str) -> GameWords:
    found = words_for(game)
    assert type(found) is not GameWords, f"{game}: tui/games/{game}/declared.py declares no WORDS"
    assert game == found.GAME, f"{game}: its WORDS name another game ({found.GAME!r})"
    return found


@pytest.mark.parametrize("game", GAMES)
def test_its_codes_are_its_own_and_joined(game):
    cls = engine.GAMES[game]
    assert cls.REASONS, f"{game}: its class declares no REASONS (engine/{game}/reasons.py)"
    for code in [*cls.REASONS, *cls.HINTS]:
        assert code.startswith(f"{game}."), f"{game}: the code {code!r} is not named for it"
    assert all(REASONS[c] == t for c, t in cls.REASONS.items()), f"{game}: REASONS not joined"
    assert all(HINTS[c] == t for c, t in cls.HINTS.items()), f"{game}: HINTS not joined"


@pytest.mark.parametrize("game", GAMES)
def test_every_word_it_declares_is_translated(game, catalogues):
    cls, declared = engine.GAMES[game], words(game)
    templates = [*cls.REASONS.values(), *cls.HINTS.values()]
    ids = [m for t in templates for m in msgids(t)[:1]]
    ids += [*declared.OPTION_NAMES.values(), *declared.OPTION_VALUES.values()]
    ids += [*declared.HINT_ACTIONS.values()]
    for code, known in catalogues.items():
        missing = [m for m in ids if m not in known]
        assert not missing, f"{game}: not translated in {code}: {missing}"


@pytest.mark.parametrize("game", GAMES)
def test_every_option_and_choice_has_a_word(game):
    declared = words(game)
    for key, option in engine.GAMES[game].OPTIONS.items():
        assert key in declared.OPTION_NAMES, f"{game}: no label for the option {key!r}"
        for value in option.spec.values if option.spec.kind in ("choice", "many") else ():
            if isinstance(value, str):
                assert value in declared.OPTION_VALUES, f"{game}: no word for {key}={value}"


@pytest.mark.parametrize("game", GAMES)
def test_its_actions_and_round_ends_are_worded(game):
    cls, declared = engine.GAMES[game], words(game)
    assert cls.ROUND_END, f"{game}: its class declares no ROUND_END event"
    events, kinds = playout(game, seed=1)
    for kind in kinds:
        key = declared.hint_action({"type": kind, "rank": "A", "give": []})
        word = declared.HINT_ACTIONS.get(key) or ACTIONS.get(key)
        assert word, f"{game}: no hint word for the action {kind!r} (HINT_ACTIONS)"
    ends = [e for e in events if e.get("type") == cls.ROUND_END]
    assert ends, f"{game}: a random game never sent its ROUND_END {cls.ROUND_END!r}"
    row = declared.row_of_event(ends[0])
    assert row is not None, f"{game}: its {cls.ROUND_END!r} event gives no score row"
    assert declared.length_words(engine.new_game(game, cls.DEFAULT_SEATS, seed=1).view(0))


@pytest.mark.parametrize("game", GAMES)
def test_it_has_its_part_of_the_table(game):
    from tui.games import own_part

    part = own_part(game)  # tui/games/<game>/table.py's TABLE
    assert part is not None, f"{game}: tui/games/{game}/table.py names no TABLE"
    assert game == part.GAME, f"{game}: its TABLE's GAME is {part.GAME!r}"


@pytest.mark.parametrize("game", GAMES)
def test_its_rules_help_is_in_every_language(game):
    help_dir = ROOT / "tui" / "help"
    assert (help_dir / f"{game}.md").is_file(), f"{game}: no rules help tui/help/{game}.md"
    for code in TRANSLATED:
        path = help_dir / code / f"{game}.md"
        assert path.is_file(), f"{game}: no rules help in {code} (tui/help/{code}/{game}.md)"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("size", ["80x24", "120x40"])
def test_it_has_snapshots(game, size):
    snapshots = ROOT / "tests" / "tui" / "__snapshots__"
    found = [p for p in snapshots.rglob(f"*[[]{size}[]].svg") if game in str(p)]
    assert found, f"{game}: no snapshot at {size} (tests/tui/__snapshots__, named for the game)"


def test_no_game_subclasses_the_table_screen():
    """The table screen is final: each game gives it its part (tui/table/part.py)."""
    from tui.games import part_for
    from tui.table.screen import TableScreen

    for game in GAMES:
        part_for(game)  # every game's table imported
    assert not TableScreen.__subclasses__()
