"""The config file is read without tomllib when it is as kotatsu writes it (tui/settings.py
as_written), and exactly as tomllib would read it; any other TOML goes to tomllib."""

from __future__ import annotations

import tomllib

import pytest

from tui.settings import as_written, config_path, load_config, save_setting

pytestmark = pytest.mark.unit

AS_WRITTEN = [
    "",
    'name = "bench"\n',
    'lang = "ja"\nname = "秘十 ☃ é"\nnudge = "off"\n',
    'a = "back\\\\slash"\nb = "a \\"quote\\""\n',
    'a = "tab\there"\n',
    'a = ""\n',
    'key-with_digits-9 = "x"\n',
]
OTHER_TOML = [
    'a = "x"',  # no last newline
    'a = "x"\r\n',
    'a = "x\\n"\n',  # another escape
    'a = "\\u00e9"\n',
    "a = 1\n",
    'a.b = "x"\n',
    '"a" = "x"\n',
    ' a = "x"\n',
    'a="x"\n',
    'a = "x" # note\n',
    "a = 'x'\n",
    "\n",
    "[table]\n",
    'a = "x"\na = "y"\n',  # a key twice: not TOML
    'a = "x" = "y"\n',
    'a = "\x01"\n',
    'a = "\x7f"\n',
    'a = "x\\"\n',
]


@pytest.mark.parametrize("text", AS_WRITTEN)
def test_a_file_as_written_is_read_as_tomllib_reads_it(text):
    assert as_written(text) == tomllib.loads(text)


@pytest.mark.parametrize("text", OTHER_TOML)
def test_any_other_text_is_left_to_tomllib(text):
    assert as_written(text) is None


def test_what_is_saved_reads_back_either_way(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    save_setting("name", 'a "b" \\ c\td')
    save_setting("lang", "ja")
    text = config_path().read_text(encoding="utf-8")
    assert as_written(text) == tomllib.loads(text) == load_config()
    assert load_config() == {"lang": "ja", "name": 'a "b" \\ c\td'}
    config_path().write_text('lang = "ja"  # mine\nname = 7\n[more]\nx = "y"\n')
    assert load_config() == {"lang": "ja"}  # through tomllib: its string values only
    config_path().write_text('lang = "ja"\nlang = "ko"\n')
    assert load_config() == {}  # not TOML
