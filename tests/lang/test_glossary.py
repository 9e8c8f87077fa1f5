"""The glossaries are a check (lang/terms.py): an entry whose English uses a term must use the
language's word for it, in the catalogue and in the rules help, unless an exception gives a
reason; the shipped catalogues and help pass it; the machine glossaries and the documents in
docs/i18n/ say the same words."""

from __future__ import annotations

from pathlib import Path

import pytest
from read_once import extract_once, shipped_problems

from lang import catalog, terms

pytest.importorskip("babel")

ROOT = Path(__file__).resolve().parents[2]


def one_entry(msgid: str, msgstr: str, path: str, comments: tuple[str, ...] = ()) -> object:
    from babel.messages.catalog import Catalog

    cat = Catalog(locale="hi", domain="kotatsu")
    cat.add(msgid, msgstr, [(path, 1)], user_comments=list(comments))
    return cat


def check(msgid: str, msgstr: str, path: str = "tui/screens/table.py", **kw: object) -> list[str]:
    cat = one_entry(msgid, msgstr, path, **kw)  # type: ignore[arg-type]
    return terms.catalogue_problems("hi", cat, {(msgid, None)})


def test_a_wrong_word_is_caught() -> None:
    # the review's finding: मेज़ where the glossary says टेबल
    found = check("Table full — press w to watch", "मेज़ भरी है — देखने के लिए w दबाएँ")
    assert len(found) == 1
    assert "'table'" in found[0] and "टेबल" in found[0]
    assert check("Table full — press w to watch", "टेबल भरी है — देखने के लिए w दबाएँ") == []


def test_every_translation_of_a_plural_must_use_the_word() -> None:
    from babel.messages.catalog import Catalog

    cat = Catalog(locale="hi", domain="kotatsu")
    msgid = ("{name} wins trick {number}", "{name} wins tricks {number}")
    cat.add(msgid, ("ट्रिक {number} {name} ने जीती", "हाथ {number} {name} ने जीते"), [("x.py", 1)])
    found = terms.catalogue_problems("hi", cat, {(msgid[0], None)})
    assert found and "'trick'" in found[0]


def test_a_translator_comment_excuses_an_entry_with_a_reason() -> None:
    reason = "glossary: table: this is the lobby's list of tables, a column title"
    assert check("table", "मेज़", comments=(reason,)) == []
    # a comment for another term excuses nothing here
    assert check("table", "मेज़", comments=("glossary: trick: not this one",))
    # the base id excuses every sense of a term
    reason = "glossary: pair: here a pair is any two cards of a rank"
    assert check("no pair", "कोई जोड़ी नहीं", "engine/x.py", comments=(reason,)) == []


def test_an_exception_in_the_glossary_file(tmp_path: Path) -> None:
    text = (ROOT / "lang" / "glossary" / "hi.toml").read_text(encoding="utf-8")
    text += '\n[[exception]]\nmsgid = "table"\nterm = "table"\nreason = "a column title"\n'
    path = tmp_path / "hi.toml"
    path.write_text(text, encoding="utf-8")
    gloss = terms.glossary("hi", path)
    cat = one_entry("table", "मेज़", "tui/screens/lobby.py")
    assert terms.catalogue_problems("hi", cat, {("table", None)}, gloss) == []
    assert terms.catalogue_problems("hi", cat, {("table", None)})  # the shipped one: caught


def test_an_exception_needs_a_reason(tmp_path: Path) -> None:
    path = tmp_path / "hi.toml"
    path.write_text('[words]\n[[exception]]\nmsgid = "x"\nterm = "table"\nreason = " "\n')
    with pytest.raises(ValueError, match="no reason"):
        terms.glossary("hi", path)


def test_a_glossary_names_only_known_terms(tmp_path: Path) -> None:
    path = tmp_path / "hi.toml"
    path.write_text('[words]\n"no such term" = "x"\n', encoding="utf-8")
    with pytest.raises(ValueError, match="not a term"):
        terms.glossary("hi", path)


def test_a_term_in_one_games_sense_follows_the_entrys_game() -> None:
    """SwaPo's pair is वन पेयर (its seed), 秘十's is जोड़ा; an entry whose game cannot be told
    (from its context, a 'game:' comment or its files) is asked to say it, not given either
    word; a field such as {rank} is no rank."""
    assert check("no pair", "वन पेयर नहीं", "tui/games/swapo/rules.py") == []
    assert check("no pair", "जोड़ा नहीं", "tui/games/swapo/rules.py")
    assert check("pair", "जोड़ा", "tui/games/mishi/words.py") == []
    assert check("pair", "वन पेयर", "tui/games/mishi/words.py")
    (unsaid,) = check("a pair", "एक जोड़ा", "engine/reasons.py")
    assert "say the game" in unsaid
    assert check("four {rank}s", "{rank} का फ़ोर कार्ड", "tui/games/swapo/rules.py") == []
    assert check("four {rank}s", "चार {rank}", "tui/games/swapo/rules.py")
    swoop = "tui/games/swoop/x.py"
    assert check("Swoop! You swooped with four {rank}s", "स्वूप! चार {rank}", swoop) == []
    assert check("four {rank}s", "चार {rank}", "engine/hints.py")  # whose four of a kind?
    # a file takes its game from the game's own folder, never from its name: a shared file
    # named after a game says its game in a context or a comment, as every shared file does
    (unsaid,) = check("a pair", "एक जोड़ा", "tui/screens/swapo_rules.py")
    assert "say the game" in unsaid
    assert check("{rank} is high", "{rank} बड़ा है") == []


def test_a_game_sense_does_not_reach_another_game() -> None:
    # Swoop's "clear" (the pile) is not asked of a SwaPo entry
    assert check("clear the row", "पंक्ति हटाएँ", "tui/games/swapo/ask.py") == []
    assert check("cleared {count}", "हटाए {count}", "tui/games/swoop/draw.py")


def test_units_pair_the_help_paragraph_by_paragraph() -> None:
    text = (
        "# T\n\nIntro line one\nline two.\n\n## A\n\n- item one\n  more\n- item two\n\n"
        "| a | b |\n|---|---|\n| 1 | 2 |\n\n1. first\n2. second\n   50. not an item\n"
    )
    assert terms.units(text) == [
        "# T",
        "Intro line one\nline two.",
        "## A",
        "- item one\n  more",
        "- item two",
        "| a | b |",
        "| 1 | 2 |",
        "1. first",
        "2. second\n   50. not an item",
    ]


def write_help(root: Path, english: str, hindi: str) -> None:
    (root / "hi").mkdir(parents=True)
    (root / "swoop.md").write_text(english, encoding="utf-8")
    (root / "hi" / "swoop.md").write_text(hindi, encoding="utf-8")


def test_the_help_is_checked_against_the_english(tmp_path: Path) -> None:
    english = "# Swoop\n\n- **Chain:** after a swoop you may go on.\n- The pile is cleared.\n"
    good = "# स्वूप\n\n- **चेन:** स्वूप के बाद आप आगे बढ़ सकते हैं।\n- ढेर साफ़ होता है।\n"
    bad = "# स्वूप\n\n- **लगातार:** स्वूप के बाद आप आगे बढ़ सकते हैं।\n- ढेर साफ़ होता है।\n"
    write_help(tmp_path / "good", english, good)
    write_help(tmp_path / "bad", english, bad)
    assert terms.help_problems("hi", tmp_path / "good") == []
    found = terms.help_problems("hi", tmp_path / "bad")
    assert len(found) == 1 and "chain@swoop" in found[0] and "Chain:" in found[0]


def test_a_help_exception_and_a_help_of_another_shape(tmp_path: Path) -> None:
    english = "# Swoop\n\n- **Chain:** after a swoop you may go on.\n"
    write_help(tmp_path / "h", english, "# स्वूप\n\n- **लगातार:** आगे बढ़ें।\n")
    text = (ROOT / "lang" / "glossary" / "hi.toml").read_text(encoding="utf-8")
    text += (
        '\n[[exception]]\nhelp = "swoop"\ntext = "- **Chain:**"\nterm = "chain@swoop"\n'
        'reason = "a test"\n'
    )
    path = tmp_path / "hi.toml"
    path.write_text(text, encoding="utf-8")
    assert terms.help_problems("hi", tmp_path / "h", terms.glossary("hi", path)) == []
    assert terms.help_problems("hi", tmp_path / "h")
    write_help(tmp_path / "shape", english + "\n- One more item.\n", "# स्वूप\n\n- **चेन:** हाँ।\n")
    (shape,) = terms.help_problems("hi", tmp_path / "shape")
    assert "paragraphs" in shape


# With the catalogue tests (tests/lang/test_catalogues.py), on their worker: the shipped Hindi
# catalogue's problems and the code's messages are read there once (read_once) for all of them.
@pytest.mark.xdist_group("catalogues")
def test_the_catalogue_check_fails_on_a_glossary_violation(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``python -m lang.catalog check`` (and so the test suite) fails on one wrong word."""
    po = catalog.po_path("hi").read_text(encoding="utf-8")
    before = set(shipped_problems("hi"))
    extract_once(monkeypatch)  # the code's messages, read once per worker
    broken = po.replace('msgstr "टेबल भरी है — देखने के लिए w दबाएँ"', 'msgstr "मेज़ भरी है — w"')
    assert broken != po
    path = tmp_path / "kotatsu.po"
    path.write_text(broken, encoding="utf-8")
    monkeypatch.setattr(catalog, "po_path", lambda code: path)
    found = [line for line in catalog.problems("hi") if line not in before]
    assert found == ["hi: 'Table full — press w to watch' uses 'table' without 'टेबल'"]
    assert catalog.main(["check", "hi"]) == 1


@pytest.mark.parametrize("code", catalog.TRANSLATED)
def test_the_shipped_help_keeps_the_glossary(code: str) -> None:
    assert terms.help_problems(code) == []


@pytest.mark.parametrize("code", catalog.TRANSLATED)
def test_every_language_words_the_same_terms(code: str) -> None:
    """Each glossary gives a word for every term (the senses a language does not tell apart
    aside), and each word is the one docs/i18n/glossary-<code>.md shows translators."""
    gloss = terms.glossary(code)
    known = {term.id for term in terms.terms()}
    assert known - set(gloss.words) <= {"rank@swapo", "joker@mishi"}
    document = (ROOT / "docs" / "i18n" / f"glossary-{code}.md").read_text(encoding="utf-8")
    missing = [w.word for w in gloss.words.values() if w.word not in document]
    assert not missing, f"glossary-{code}.md lacks {missing}"


def test_the_seed_words_are_the_glossaries_words() -> None:
    """The SwaPo Ace document (seed 000) names the powers in every language."""
    seeds = [p / "shared" / "seeds" for p in (ROOT.parent, ROOT.parent.parent)]
    seed = next((f for d in seeds if d.is_dir() for f in d.glob("000_*.txt")), None)
    words = {code: terms.glossary(code).words for code in catalog.TRANSLATED}
    for code in catalog.TRANSLATED:
        for term in ("stab", "honey trap", "steal", "power@swapo"):
            assert words[code][term].seed == "000", (code, term)
    if seed is None:
        pytest.skip("the seed documents are not beside this checkout")
    text = seed.read_text(encoding="utf-8")
    for code in catalog.TRANSLATED:
        for term_id, word in words[code].items():
            if word.seed == "000":
                assert word.word in text, (code, term_id, word.word)
