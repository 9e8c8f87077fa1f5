"""The terminal app (Textual). Loading it makes Rich measure text as terminals draw it: a
Devanagari spacing vowel sign takes one cell (``tui.cells.count_spacing_marks``)."""

from .cells import count_spacing_marks

count_spacing_marks()
