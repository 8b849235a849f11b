"""Print-and-play sheets (``redcode print``, printing/): a deck one can cut
out and play with, read back as a player would see it.

The PDF's pages hold every card (one per copy of an order card), nine
poker cards, three control cards or twelve map cards to a page; every
card's name and text is in its text layer (read back with pypdf); no line
of text leaves its card or runs into another; the SVG files are
well-formed; the backs fall behind their faces. A card whose text does not
fit, or holds a character the font lacks, is an error naming it, and
nothing is written. The whole editions in three languages and several
example files are the ``print`` run (``python -m pytest -m print``); the
quick run prints designers' cards.
"""

from __future__ import annotations

import math
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

pytest.importorskip("reportlab", reason="the print extra: pip install -e '.[print]'")
pypdf = pytest.importorskip("pypdf", reason="pypdf reads the PDFs back (the dev extra)")

import redcode_rules as rc  # noqa: E402
from redcode_rules.base.errors import PrintError  # noqa: E402
from redcode_rules.cli import main  # noqa: E402
from redcode_rules.printing import components as comp  # noqa: E402
from redcode_rules.printing.aid import aid_page  # noqa: E402
from redcode_rules.printing.deck import FACES, print_deck  # noqa: E402
from redcode_rules.printing.backs import back_of  # noqa: E402
from redcode_rules.printing.fonts import load_fonts  # noqa: E402
from redcode_rules.printing.layout import POKER, SQUARE, WIDE, Pen, size_of  # noqa: E402
from redcode_rules.printing.sheets import BLEED, GRIDS, PAPERS, lay_out  # noqa: E402
from redcode_rules.printing.shapes import Anchor, Drawing, Text  # noqa: E402

from conftest import EDITIONS, EXAMPLES, ROOT  # noqa: E402

LANGS = ("en", "es", "it")
FONTS = load_fonts()
#: Example files whose cards, ship types (with abilities and triggers), statuses
#: and tokens the print run prints whole.
PRINTED_EXAMPLES = ("battleship.rc", "triggers_mine.rc", "modifiers_smoke_screen.rc",
                    "house_rules.rc", "exprs_war_bonds.rc", "conditional_abilities.rc",
                    "triggers_hunter.rc", "ways_to_play.rc")


# ------------------------------------------------------------------ reading a deck back


def words(text: str) -> str:
    """Text with every run of white space one space: lines wrap where they must."""
    return " ".join(text.split())


def pdf_pages(path: Path) -> list[str]:
    """Each page's text layer, its white space folded."""
    return [words(page.extract_text()) for page in pypdf.PdfReader(str(path)).pages]


def printed_words(item) -> list[str]:
    """What a component prints that a player reads: names and rules texts."""
    if item.kind is comp.Kind.CONTROL:
        return [item.name, *[w for row in item.maneuvers for w in (row.name, row.text)]]
    if item.kind is comp.Kind.MAP:
        return [item.ident]
    if item.kind is comp.Kind.SCORE:
        return [item.name, item.goal]
    if item.kind is comp.Kind.AID:
        return [item.name, *[w for heading, paragraphs in item.sections
                             for w in (heading, *paragraphs)]]
    return [item.name, item.text, *([item.flavour] if getattr(item, "flavour", None) else [])]


def expected_pages(cards: Counter, aid: bool = True, backs: bool = False) -> int:
    """Pages of a deck: each size of card fills pages of its grid, then the aid."""
    per_size = Counter()
    for kind, n in cards.items():
        per_size[size_of(kind)] += n
    faces = sum(math.ceil(n / GRIDS[size].slots) for size, n in per_size.items())
    return faces * (2 if backs else 1) + (1 if aid else 0)


def check_deck(pdf: Path, rules: rc.Ruleset, lang: str, items=None) -> None:
    """The PDF holds every component of ``items`` (default: the whole set) as
    many times as it has copies, each one's words in its text layer, and no
    more pages than its cards need."""
    items = comp.components(rules, lang) if items is None else items
    pages = pdf_pages(pdf)
    cards = Counter({item.kind: 0 for item in items})
    for item in items:
        if item.kind is not comp.Kind.AID:
            cards[item.kind] += item.copies
    assert len(pages) == expected_pages(cards, any(i.kind is comp.Kind.AID for i in items))
    text = " ".join(pages)
    for item in items:
        for said in printed_words(item):
            assert words(said) in text, (item.kind, item.ident, said)
        if item.kind is comp.Kind.ORDER:  # its footer, once on each copy
            footer = f"{item.ident} · {rules.name}"
            assert len(re.findall(rf"(?<![\w]){re.escape(footer)}", text)) == item.copies, footer


def ink(text: Text) -> tuple[float, float, float, float]:
    """Where a line of text puts ink: left, top, right, bottom (mm)."""
    width = FONTS.width(text.text, text.face, text.size)
    left = {Anchor.START: text.x, Anchor.MIDDLE: text.x - width / 2,
            Anchor.END: text.x - width}[text.anchor]
    return (left, text.y - FONTS.ascent(text.face, text.size), left + width,
            text.y + FONTS.descent(text.face, text.size))


def overflows(drawing: Drawing, margin: float = 2.0) -> list[str]:
    """The lines of text of a card that leave it (closer than ``margin`` to
    its cut line) or touch another line of it."""
    boxes = [(t.text, ink(t)) for t in drawing.texts() if t.text.strip()]
    out = [f"{drawing.name}: {said!r} leaves the card" for said, (l, t, r, b) in boxes
           if l < margin or t < margin or r > drawing.width - margin
           or b > drawing.height - margin]
    for k, (a, (l1, t1, r1, b1)) in enumerate(boxes):
        for b_, (l2, t2, r2, b2) in boxes[k + 1:]:
            if l1 < r2 - 1e-6 and l2 < r1 - 1e-6 and t1 < b2 - 1e-6 and t2 < b1 - 1e-6:
                out.append(f"{drawing.name}: {a!r} runs into {b_!r}")
    return out


def drawings(rules: rc.Ruleset, lang: str) -> list[Drawing]:
    """Every card of the set, and the player aid on each paper."""
    pen = Pen(FONTS, lang, rules.name)
    items = comp.components(rules, lang)
    return [FACES[item.kind](pen, item) for item in items if item.kind is not comp.Kind.AID] + [
        aid_page(pen, item, paper.width, paper.height) for item in items
        if item.kind is comp.Kind.AID for paper in PAPERS.values()]


def card_file(tmp_path: Path, text: str, name: str = "cards.rc") -> str:
    path = tmp_path / name
    path.write_text(text, "utf-8")
    return str(path)


# ------------------------------------------------------------------ the quick run


def test_a_designers_new_cards_print_alone_in_italian(tmp_path):
    """``--only new``: the two copies of the new order card and the card of
    its token, nothing of the edition (triggers_mine.rc also takes two
    ambushes away: nothing to print for that)."""
    path = str(EXAMPLES / "triggers_mine.rc")
    rules, base = rc.load_ruleset("it", extra=[path]), rc.load_ruleset("it")
    printed = print_deck(rules, tmp_path / "mine.pdf", "it", base=base)
    assert printed.pages == 1
    assert printed.cards == Counter({comp.Kind.ORDER: 2, comp.Kind.TOKEN: 1})
    new = comp.new_cards(rules, base, "it")
    assert [(i.kind, i.ident, i.copies) for i in new] == [
        (comp.Kind.ORDER, "lay_mine", 2), (comp.Kind.TOKEN, "mine", 1)]
    check_deck(tmp_path / "mine.pdf", rules, "it", new)
    [page] = pdf_pages(tmp_path / "mine.pdf")
    assert "Posa di mine" in page and "Imboscata" not in page


def test_a_new_ship_type_prints_its_two_control_cards_in_spanish(tmp_path, capsys):
    path = str(EXAMPLES / "battleship.rc")
    assert main(["print", "--cards", path, "--only", "new", "--lang", "es", "--out",
                 str(tmp_path / "bs.pdf")]) == 0
    assert capsys.readouterr().out == f"wrote {tmp_path / 'bs.pdf'}: 1 page, 2 cards (2 control)\n"
    rules = rc.load_ruleset("en", extra=[path])
    new = comp.new_cards(rules, rc.load_ruleset("en"), "es")
    assert [(i.kind, i.ident, i.side) for i in new] == [
        (comp.Kind.CONTROL, "battleship", "blue"), (comp.Kind.CONTROL, "battleship", "red")]
    check_deck(tmp_path / "bs.pdf", rules, "es", new)
    assert "Acorazado azul" in pdf_pages(tmp_path / "bs.pdf")[0]


def test_a_changed_order_card_prints_whole_and_more_copies_print_the_new_ones(tmp_path):
    file = card_file(tmp_path, 'patch order ambush { copies -1 }\n'
                               'patch order kamikaze { copies +1 }\n'
                               'patch order captain { effect damage 2 to target; draw 1 }\n')
    rules, base = rc.load_ruleset("en", extra=[file]), rc.load_ruleset("en")
    new = comp.new_cards(rules, base, "en")
    assert [(i.ident, i.copies) for i in new] == [("captain", 3), ("kamikaze", 1)]


def test_a_changed_maneuver_prints_every_control_card_that_has_it(tmp_path):
    file = card_file(tmp_path, "patch maneuver shield { cost 3 }\n")
    rules, base = rc.load_ruleset("es", extra=[file]), rc.load_ruleset("es")
    new = comp.new_cards(rules, base, "it")
    assert [(i.kind, i.ident, i.side) for i in new] == [
        (comp.Kind.CONTROL, "destroyer", "blue"), (comp.Kind.CONTROL, "destroyer", "red")]
    [shield] = [row for row in new[0].maneuvers if row.ident == "shield"]
    assert (shield.name, shield.cost, shield.response) == ("Scudo", 3, True)


def test_the_card_files_a_card_comes_from_is_on_its_footer(tmp_path):
    path = str(EXAMPLES / "triggers_mine.rc")
    rules = rc.load_ruleset("en", extra=[path])
    [lay_mine] = [i for i in comp.components(rules, "en") if i.ident == "lay_mine"]
    assert lay_mine.source == "triggers_mine.rc"
    face = FACES[lay_mine.kind](Pen(FONTS, "en", rules.name), lay_mine)
    assert "lay_mine · en · from triggers_mine.rc" in [t.text for t in face.texts()]


def test_a_printed_card_leaves_its_tokens_rule_to_the_tokens_own_card():
    """The game's card text says what the mine it lays does; the printed card
    does not, as the sheets carry the mine's card beside it."""
    rules = rc.load_ruleset("en", extra=[str(EXAMPLES / "box_targets_minelayer.rc")])
    rule = ("Contact mine: when a ship ends a move on this token, 2 repair damage to that "
            "ship; this token is removed.")
    assert rules.text("drop_mine") == f"Place a contact mine token on the chosen box. {rule} " \
        "Target: a free box within 2 boxes of your ship. Cannot be responded to."
    items = comp.components(rules, "en")
    [row] = [r for i in items if i.kind is comp.Kind.CONTROL and i.ident == "submarine"
             and i.side == "blue" for r in i.maneuvers if r.ident == "drop_mine"]
    assert row.text == "Place a contact mine token on the chosen box. " \
        "Target: a free box within 2 boxes of your ship. Cannot be responded to."
    [token] = [i for i in items if i.kind is comp.Kind.TOKEN]
    assert (token.ident, token.text) == ("contact_mine", rule.split(": ", 1)[1][:1].upper()
                                         + rule.split(": ", 1)[1][1:])


def test_the_svg_folder_holds_a_well_formed_file_per_card_and_back(tmp_path):
    path = str(EXAMPLES / "battleship.rc")
    rules, base = rc.load_ruleset("en", extra=[path]), rc.load_ruleset("en")
    printed = print_deck(rules, tmp_path / "svg", "it", base=base, backs=True)
    names = sorted(p.name for p in printed.files)
    assert names == ["back-control-blue.svg", "back-control-red.svg",
                     "control-blue-battleship.svg", "control-red-battleship.svg"]
    for file in printed.files:
        root = ET.parse(file).getroot()
        assert root.tag == "{http://www.w3.org/2000/svg}svg"
        assert root.get("viewBox") == f"-{BLEED:g} -{BLEED:g} 132 94"
        assert root.get("width") == "132mm"
    card = ET.parse(tmp_path / "svg" / "control-blue-battleship.svg").getroot()
    texts = [t.text for t in card.iter("{http://www.w3.org/2000/svg}text")]
    assert "Corazzata blu" in texts and "Bordata" in texts


def test_order_cards_print_one_svg_file_per_copy(tmp_path):
    path = str(EXAMPLES / "triggers_mine.rc")
    rules, base = rc.load_ruleset("en", extra=[path]), rc.load_ruleset("en")
    printed = print_deck(rules, tmp_path, "en", base=base)
    assert sorted(p.name for p in printed.files) == ["order-lay-mine-1.svg",
                                                     "order-lay-mine-2.svg", "token-mine.svg"]


#: A card as long as the card language allows: 16 effects on whom they reach,
#: and a flavour text of some 300 characters.
LONG_CARD = """order long_story {
  copies 1
  target ship
  effect %s
  name en "Long story"
  flavour en "%s"
}
patch order ambush { copies -1 }
""" % ("; ".join(["damage 1 to each enemy ship within 2 of target",
                  "recover_crew 1 to each friendly ship within 3 of self"] * 8),
       ("The sea remembers every ship it swallowed. " * 7)[:290])


def test_a_card_whose_text_does_not_fit_is_an_error_naming_it_and_nothing_is_written(tmp_path,
                                                                                  capsys):
    file = card_file(tmp_path, LONG_CARD)
    rules = rc.load_ruleset("en", extra=[file])
    out = tmp_path / "deck.pdf"
    with pytest.raises(PrintError) as info:
        print_deck(rules, out, "en")
    assert str(info.value).startswith(
        f"{file}:1: order card 'Long story' (long_story): its text (en) does not fit its box "
        f"of 55 × 40 mm even at 5 pt: '1 repair damage to every enemy ship")
    assert not out.exists()
    assert main(["print", "--cards", file, "--out", str(out)]) == 1
    assert capsys.readouterr().err.startswith(f"redcode: {file}:1: order card 'Long story' ")
    assert not out.exists()
    assert main(["print", "--cards", file, "--out", str(tmp_path / "svg")]) == 1
    assert not (tmp_path / "svg").exists()


def test_a_character_the_font_cannot_print_is_an_error_naming_the_card(tmp_path):
    file = card_file(tmp_path, 'patch order ambush { name en "Ambush ⚓" }\n')
    rules = rc.load_ruleset("en", extra=[file])
    with pytest.raises(PrintError, match=r"^cards/base/orders.rc:[0-9]+: order card 'Ambush ⚓' "
                                         r"\(ambush\): its name \(en\): the font cannot print "
                                         r"'⚓' \(U\+2693\)"):
        print_deck(rules, tmp_path / "deck.pdf", "en")


#: A ship type with a maneuver too long for its row of the control card.
LONG_MANEUVER = """maneuver barrage {
  cost 2  range 2  respondable  target ship
  effect %s
  name en "Barrage"
}
ship monitor {
  repairs 3  breakdowns 3  crew 6
  maneuvers movement repair torpedo orders barrage missile depth_charge assault
  letter m
}
""" % "; ".join(["damage 1 to each enemy ship within 2 of target",
                 "recover_crew 1 to each friendly ship within 3 of self"] * 8)


def test_a_maneuver_too_long_for_its_row_is_an_error_naming_it_where_it_is_declared(tmp_path):
    file = card_file(tmp_path, LONG_MANEUVER)
    rules = rc.load_ruleset("en", extra=[file])
    with pytest.raises(PrintError) as info:
        print_deck(rules, tmp_path / "deck.pdf", "en", base=rc.load_ruleset("en"))
    assert str(info.value).startswith(
        f"{file}:1: maneuver 'Barrage' (barrage) on the control card 'Blue monitor' (monitor) "
        f"(en): the card's 8 maneuvers do not fit it even at 5 pt, and this one's text is the "
        f"longest: '1 repair damage")


def test_a_word_wider_than_its_box_is_an_error_too(tmp_path):
    file = card_file(tmp_path, 'patch order ambush { name en "' + "W" * 40 + '" }\n')
    with pytest.raises(PrintError, match=r"its name \(en\) does not fit"):
        print_deck(rc.load_ruleset("en", extra=[file]), tmp_path / "deck.pdf", "en")


def test_the_same_deck_is_the_same_bytes(tmp_path):
    path = str(EXAMPLES / "triggers_mine.rc")
    rules, base = rc.load_ruleset("es", extra=[path]), rc.load_ruleset("es")
    one = print_deck(rules, tmp_path / "a.pdf", base=base).path.read_bytes()
    assert print_deck(rules, tmp_path / "b.pdf", base=base).path.read_bytes() == one


def test_the_pdf_embeds_every_font_it_names(tmp_path):
    """The sheets print the same anywhere: the font travels in the file."""
    path = str(EXAMPLES / "triggers_mine.rc")
    rules, base = rc.load_ruleset("es", extra=[path]), rc.load_ruleset("es")
    pdf = print_deck(rules, tmp_path / "a.pdf", base=base).path
    for page in pypdf.PdfReader(str(pdf)).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            assert "/FontFile2" in font["/FontDescriptor"].get_object(), font["/BaseFont"]


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("size", [POKER, SQUARE, WIDE], ids=["poker", "square", "wide"])
def test_every_grid_fits_the_paper_with_its_bleed_and_crop_marks(paper, size):
    sheet = PAPERS[paper]
    grid = GRIDS[size]
    drawing = Drawing("x", "x", size.width, size.height, BLEED, ())
    [page] = lay_out(sheet, [(size, [drawing] * grid.slots, None)])
    for placed in page.cards:
        x, y, w, h = placed.clip
        assert placed.x + x >= 0 and placed.y + y >= 0
        assert placed.x + x + w <= sheet.width and placed.y + y + h <= sheet.height
    for mark in page.marks:
        assert 0 <= min(mark.x1, mark.x2) and max(mark.x1, mark.x2) <= sheet.width
        assert 0 <= min(mark.y1, mark.y2) and max(mark.y1, mark.y2) <= sheet.height
        assert mark.x1 != mark.x2 or mark.y1 != mark.y2
    cuts = grid.columns + 1 + grid.rows + 1
    assert len(page.marks) == 2 * cuts  # each cut line marked at both ends


def test_nine_poker_cards_to_a_page():
    assert (GRIDS[POKER].columns, GRIDS[POKER].rows) == (3, 3)
    assert (POKER.width, POKER.height) == (63, 88)


def test_each_back_falls_behind_its_face_turned_over_the_long_edge():
    rules = rc.load_ruleset("en")
    pen = Pen(FONTS, "en", rules.name)
    items = [i for i in comp.components(rules, "en") if i.kind is comp.Kind.ORDER][:3]
    faces = [FACES[i.kind](pen, i) for i in items for _ in range(i.copies)]
    backs = [back_of(pen, i) for i in items for _ in range(i.copies)]
    pages = lay_out(PAPERS["a4"], [(POKER, faces, backs)])
    assert [p.backs for p in pages] == [False, True, False, True]
    for front, back in zip(pages[::2], pages[1::2]):
        assert len(front.cards) == len(back.cards)
        for f, b in zip(front.cards, back.cards):
            assert b.drawing.name == "back-order"
            assert b.x == pytest.approx(front.width - f.x - f.drawing.width)
            assert b.y == f.y
            fx, fy, fw, fh = f.clip
            bx, by, bw, bh = b.clip
            # the back's bleed is on the sides the face's is, seen through the paper
            assert (bw, bh, by) == (fw, fh, fy)
            assert bx == pytest.approx(f.drawing.width - (fx + fw))


def test_no_line_of_text_leaves_its_card_or_runs_into_another_spanish_edition():
    found = [o for d in drawings(rc.load_ruleset("es"), "es") for o in overflows(d)]
    assert found == []


def test_the_overflow_check_finds_a_line_outside_the_card_and_two_lines_that_meet():
    lines = (Text(10, 10, "inside", 9), Text(60, 40, "far too far right", 9),
             Text(10, 11, "on top", 9))
    found = overflows(Drawing("x", "x", 63, 88, 3, lines))
    assert found == ["x: 'far too far right' leaves the card", "x: 'inside' runs into 'on top'"]


def test_only_new_without_card_files_is_a_usage_error(tmp_path, capsys):
    assert main(["print", "--only", "new", "--out", str(tmp_path / "x.pdf")]) == 2
    assert "--only new prints the cards that --cards files add or change" in \
        capsys.readouterr().err


def test_a_card_file_that_prints_nothing_new_says_so_and_writes_nothing(tmp_path, capsys):
    """Fewer copies print nothing; a file that changes no printed card is a failure."""
    file = card_file(tmp_path, "patch order ambush { copies -1 }\n"
                               "patch order kamikaze { copies +1 }\n")
    rules = rc.load_ruleset("es", extra=[file])
    assert [(i.ident, i.copies) for i in comp.new_cards(rules, rc.load_ruleset("es"), "es")] == \
        [("kamikaze", 1)]
    same = card_file(tmp_path, "patch order ambush { copies 4 }\n", "same.rc")
    assert main(["print", "--cards", same, "--only", "new", "--out",
                 str(tmp_path / "y.pdf")]) == 1
    assert capsys.readouterr().err == ("redcode: nothing to print: the card files add or "
                                       "change no printed card of the edition\n")
    assert not (tmp_path / "y.pdf").exists()


def test_the_print_extra_holds_reportlab_and_the_core_needs_none_of_it():
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    assert project["optional-dependencies"]["print"] == ["reportlab>=4.0"]
    assert not any("reportlab" in d for d in project["dependencies"])


def test_without_the_print_extra_the_command_says_how_to_install_it():
    code = ("import sys; sys.modules['reportlab'] = None\n"
            "from redcode_rules.cli import main\n"
            "sys.exit(main(['print', '--out', 'x.pdf']))\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert run.returncode == 2
    assert run.stderr == ("redcode: print: needs the print extra (reportlab): "
                          "pip install 'redcode_rules[print]'\n")


def test_the_core_and_the_other_commands_never_import_reportlab():
    code = ("import sys, redcode_rules as rc, redcode_rules.cli as cli\n"
            "cli.build_parser()\n"
            "g = rc.new_game(rc.load_ruleset('es'), seed=1, placement='fixed')\n"
            "g.svg(); g.play(g.legal_moves()[0])\n"
            "print(sorted(m for m in sys.modules if m.startswith(('reportlab', "
            "'redcode_rules.printing'))))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"


# ------------------------------------------------------------------ the print run


@pytest.mark.print
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("edition", EDITIONS)
def test_a_whole_edition_prints_every_card_in_every_language(edition, lang, tmp_path):
    rules = rc.load_ruleset(edition)
    printed = print_deck(rules, tmp_path / "deck.pdf", lang)
    orders = sum(c.copies for c in rules.orders.values())
    assert printed.cards == Counter({comp.Kind.ORDER: orders, comp.Kind.STATUS: 1,
                                     comp.Kind.SCORE: 1, comp.Kind.CONTROL: 6,
                                     comp.Kind.MAP: 15})
    assert printed.pages == 4 + 2 + 2 + 1
    check_deck(printed.path, rules, lang)
    found = [o for d in drawings(rules, lang) for o in overflows(d)]
    assert found == []


@pytest.mark.print
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("example", PRINTED_EXAMPLES)
def test_example_files_print_whole_in_every_language(example, lang, tmp_path):
    rules = rc.load_ruleset("en", extra=[str(EXAMPLES / example)])
    printed = print_deck(rules, tmp_path / "deck.pdf", lang)
    check_deck(printed.path, rules, lang)
    found = [o for d in drawings(rules, lang) for o in overflows(d)]
    assert found == []


@pytest.mark.print
@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("example", sorted(p.name for p in EXAMPLES.glob("*.rc")))
def test_every_example_file_lays_out_in_every_language(example, edition):
    """Every card, ship type, status and token of the examples fits its card
    in each language, with no line of text over another."""
    rules = rc.load_ruleset(edition, extra=[str(EXAMPLES / example)])
    for lang in LANGS:
        found = [o for d in drawings(rules, lang) for o in overflows(d)]
        assert found == [], lang


@pytest.mark.print
@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_an_edition_with_backs_on_either_paper(paper, tmp_path):
    rules = rc.load_ruleset("it")
    printed = print_deck(rules, tmp_path / "deck.pdf", "it", paper=paper, backs=True)
    assert printed.pages == 2 * (4 + 2 + 2) + 1
    reader = pypdf.PdfReader(str(printed.path))
    sizes = {(round(float(p.mediabox.width) * 25.4 / 72, 1),
              round(float(p.mediabox.height) * 25.4 / 72, 1)) for p in reader.pages}
    assert sizes == {(PAPERS[paper].width, PAPERS[paper].height)}
    assert "CODICE ROSSO" in words(reader.pages[1].extract_text())


@pytest.mark.print
@pytest.mark.parametrize("lang", LANGS)
def test_an_edition_as_svg_files_every_one_well_formed(lang, tmp_path):
    rules = rc.load_ruleset(lang)
    printed = print_deck(rules, tmp_path / "svg", lang, backs=True)
    faces = [p for p in printed.files if not p.name.startswith("back-")]
    assert len(faces) == sum(printed.cards.values()) + 1  # and the player aid
    texts = []
    for file in printed.files:
        root = ET.parse(file).getroot()
        assert root.tag == "{http://www.w3.org/2000/svg}svg"
        texts += [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    joined = words(" ".join(texts))
    for item in comp.components(rules, lang):
        for said in printed_words(item):
            assert words(said) in joined
