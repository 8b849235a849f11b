"""Text laid in a box with the font's real widths (printing/fit.py): every
line no wider than the box, every line's ink inside it, the words kept in
order, the largest size that fits between the size asked and the floor, and
no fit at all when even the floor is too big."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

pytest.importorskip("reportlab", reason="the print extra: pip install -e '.[print]'")

from redcode_rules.printing.fit import LEADING, STEP, fit, wrap  # noqa: E402
from redcode_rules.printing.fonts import load_fonts  # noqa: E402
from redcode_rules.printing.shapes import PT, Face  # noqa: E402

FONTS = load_fonts()
WORDS = st.text(alphabet="abcdefghijklmnñopqrstuvwxyzàèéìòóùúÁÉÍÓÚ.,;:'-+()0123456789",
                min_size=1, max_size=14)
TEXTS = st.lists(WORDS, min_size=1, max_size=80).map(" ".join)


@given(text=TEXTS, width=st.floats(20, 60), height=st.floats(5, 60),
       face=st.sampled_from(list(Face)))
def test_a_fitted_text_keeps_its_words_in_order_inside_its_box(text, width, height, face):
    block = fit(text, FONTS, face, width, height, 10, 5)
    if block is None:  # then not even the floor fits
        lines = wrap(text, FONTS, face, 5, width)
        assert lines is None or len(lines) * block_height(5) > height
        return
    assert 5 <= block.size <= 10
    assert " ".join(block.lines).split() == text.split()
    assert all(FONTS.width(line, face, block.size) <= width + 1e-9 for line in block.lines)
    assert block.height <= height + 1e-9
    for line in block.place(FONTS, 0, 0):  # every glyph's ink between the box's top and bottom
        assert line.y - FONTS.ascent(face, line.size) >= -1e-9
        assert line.y + FONTS.descent(face, line.size) <= block.height + 1e-9
    bigger = block.size + STEP
    if bigger <= 10:  # the largest size that fits: one step larger does not
        lines = wrap(text, FONTS, face, bigger, width)
        assert lines is None or len(lines) * block_height(bigger) > height + 1e-9


def block_height(size: float) -> float:
    """The height of one line at ``size`` points (mm)."""
    return size * PT * LEADING


def test_a_text_shrinks_to_fit_and_stops_at_the_floor():
    text = "1 repair damage to the target. Range 2. Can be responded to."
    assert fit(text, FONTS, Face.REGULAR, 50, 20, 10, 5).size == 10
    small = fit(text, FONTS, Face.REGULAR, 50, 5, 10, 5)
    assert 5 <= small.size < 10 and len(small.lines) <= 2
    assert fit(text * 10, FONTS, Face.REGULAR, 50, 5, 10, 5) is None


def test_a_word_wider_than_the_box_does_not_fit_at_any_size():
    assert wrap("Antisubmarine", FONTS, Face.BOLD, 10, 10) is None
    assert fit("Antisubmarine", FONTS, Face.BOLD, 10, 100, 10, 5) is None


def test_a_newline_starts_a_line():
    assert wrap("one\ntwo three", FONTS, Face.REGULAR, 9, 100) == ["one", "two three"]


def test_accents_are_measured_and_printable():
    assert FONTS.missing("Código Rojo, Codice Rosso: ¿sí? ¡già! ÀÉÍÓÚñü", Face.BOLD) == []
    assert FONTS.missing("⚓ ok", Face.REGULAR) == ["⚓"]
    assert FONTS.width("Área", Face.REGULAR, 10) > FONTS.width("rea", Face.REGULAR, 10)
