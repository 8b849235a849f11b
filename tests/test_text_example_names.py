"""Names per language in the example card files: every
card, ship type, status and token they declare says its name in each
language, so rule text, narration and explanations never show a raw id; a
token takes a name like a card; an explanation names the player who gave a
status by their ship, with its article."""

import re
from pathlib import Path

import pytest

import redcode_rules as rc
from redcode_rules.base.errors import DslError

from conftest import EXAMPLES

LANGS = ("en", "es", "it")
DECLARED = re.compile(r"^(order|maneuver|ship|status|token) (\w+) \{", re.M)


def example_rules(path: Path) -> rc.Ruleset:
    """An example file's rules: a variant file is its own edition."""
    if path.read_text().startswith("variant"):
        return rc.load_ruleset(str(path))
    return rc.load_ruleset("en", extra=[str(path)])


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.rc")), ids=lambda p: p.stem)
def test_every_example_declaration_is_named_in_every_language(path):
    """Each new card, ship type, status and token has a name in en, es and
    it; no card text of the file shows an id (`smoke_screen`, `jammed`)."""
    rules = example_rules(path)
    declared = DECLARED.findall(path.read_text())
    assert declared
    for kind, ident in declared:
        for lang in LANGS:
            assert rules.words[lang][ident].name, f"{kind} {ident} has no {lang} name"
    cards = [ident for kind, ident in declared if kind in ("order", "maneuver")]
    others = [ident for kind, ident in declared if kind in ("status", "token")]
    for card in cards:
        for lang in ("es", "it"):
            text = rules.text(card, lang)
            assert not [i for i in others + cards if re.search(rf"\b{i}\b", text)], text


def test_a_status_reads_as_said_of_a_ship_in_each_language():
    rules = rc.load_ruleset("en", extra=[str(EXAMPLES / "modifiers_smoke_screen.rc")])
    assert [rules.text("smoke_screen", lang).split(":")[0] for lang in LANGS] == [
        "Your ship is smoke-screened until your next turn",
        "Tu barco queda tras una cortina de humo hasta tu próximo turno",
        "La tua nave viene coperta da una cortina di fumo fino al tuo prossimo turno"]


def test_a_token_is_named_in_the_card_text_and_the_narration():
    game = rc.Game.from_scenario({
        "extra": [str(EXAMPLES / "triggers_mine.rc")], "board": "........\n" * 6,
        "phase": "maneuvers", "hands": {"blue-submarine": ["lay_mine"]},
        "ships": {"blue-submarine": {"at": "c3"}, "red-destroyer": {"at": "e3"}}})
    game.play("order lay_mine d3")
    assert [game.narration(lang)[-1].strip() for lang in LANGS] == [
        "A mine token is placed at d3.", "Se coloca una ficha de mina en d3.",
        "Si piazza un segnalino mina in d3."]


def test_a_token_takes_a_name_but_no_state():
    rules = rc.load_source('token buoy { mark "o" name en "buoy" es "boya" (f) }\n')
    assert rules.words["es"]["buoy"].name == "boya"
    with pytest.raises(DslError) as err:
        rc.load_source('token buoy { mark "o" state es "boya" }\n')
    assert "token 'buoy' has no 'state'" in str(err.value)


PIN = """\
status pinned {
    until start of your next turn
    forbids movement
    name en "pinned" es "inmovilizado" it "il blocco" (m)
    state it "bloccato"
}
order pin { copies 2  effect status pinned on target }
patch order ambush { copies 2 }
"""


@pytest.mark.parametrize("lang,expected", [
    ("en", "red-destroyer is pinned and cannot be moved until the next turn of the blue "
           "submarine (R9)"),
    ("es", "red-destroyer está inmovilizado y no puede moverse hasta el próximo turno del "
           "submarino azul (R9)"),
    ("it", "red-destroyer è bloccato e non può muoversi fino al prossimo turno del "
           "sottomarino blu (R9)"),
])
def test_an_explanation_names_the_ship_whose_turn_ends_a_status(tmp_path, lang, expected):
    """Given by blue to red, `until start of your next turn` lasts until
    blue's turn: the explanation names the blue submarine, with its article."""
    cards = tmp_path / "pin.rc"
    cards.write_text(PIN)
    game = rc.Game.from_scenario({
        "extra": [str(cards)], "board": "........\n" * 6, "phase": "maneuvers",
        "hands": {"blue-submarine": ["pin"]},
        "ships": {"blue-submarine": {"at": "c3"}, "red-destroyer": {"at": "e3"}}})
    game.play("order pin red-destroyer")
    game.play("end")
    game.lang = lang
    assert game.explain("movement e4") == expected
