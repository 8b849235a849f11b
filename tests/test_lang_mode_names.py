"""A mode's name in each language (`mode NAME { name en "…" es "…" }`,
D4.15): the card text, the narration and `redcode check` say it; a mode
without one is said by its own word, with a warning; a condition every mode
shares is said once."""

import pytest

import redcode_rules as rc
from redcode_rules.cli import main
from redcode_rules.text.cards import card_text

from conftest import OPEN_BOARD, card_file, dsl_refusal, scenario_game

CALL_UP = """\
order call_up {
    copies 1
    usable if cards in hand < 5
    mode intel { effect draw 2  name en "Intel" es "Información" it "Informazioni" }
    mode mend {
        target friendly ship  effect regain repair 1 to target
        name es "Remiendo"
    }
    name en "Call-up" es "Llamada" (f) it "Richiamo"
}
order ultimatum {
    copies 1
    target enemy ship
    modes chosen by target
    mode hull { effect damage 2 to target  name en "Hull" es "Casco" it "Scafo" }
    mode tribute { effect draw 2  name en "Tribute" es "Tributo" it "Tributo" }
    name en "Ultimatum" es "Ultimátum" it "Ultimatum"
}
deck { keep size }
"""


@pytest.fixture
def cards(tmp_path):
    return card_file(tmp_path, CALL_UP, "call_up.rc")


def game(cards, hand: str) -> rc.Game:
    return scenario_game({
        "edition": "en", "extra": [cards], "board": OPEN_BOARD, "phase": "maneuvers",
        "deck": ["captain"] * 4,
        "ships": {"blue-submarine": {"at": "c3", "repairs": 2}, "red-destroyer": {"at": "e3"}},
        "hands": {"blue-submarine": [hand]}})


@pytest.mark.parametrize("lang, said", [
    ("en", "Choose one — Intel: You draw 2 order cards. — or mend: The target regains 1 "
     "repair. Target: a friendly ship. Usable only if you have fewer than 5 order cards. "
     "Order card: cannot be responded to."),
    ("es", "Elige una — Información: Robas 2 cartas de órdenes. — o Remiendo: +1 reparación "
     "al objetivo. Objetivo: un barco aliado. Solo se puede usar si tienes menos de 5 cartas "
     "de órdenes. Carta de órdenes: sin respuesta."),
    ("it", "Scegline una — Informazioni: Peschi 2 carte degli ordini. — oppure mend: +1 "
     "riparazione al bersaglio. Bersaglio: una nave alleata. Utilizzabile solo se hai meno di "
     "5 carte degli ordini. Carta degli ordini: senza risposta."),
])
def test_the_card_says_each_mode_by_its_name_and_a_shared_condition_once(cards, lang, said):
    """`mend` has a Spanish name only: English and Italian say its word."""
    assert card_text(rc.load_ruleset("en", extra=[cards]), "call_up", lang) == said


def test_the_move_still_names_the_mode_by_its_word(cards):
    g = game(cards, "call_up")
    assert "order call_up intel" in [str(m) for m in g.legal_moves()]
    g.play("order call_up intel")
    g.lang = "es"
    assert "El submarino azul juega Llamada (Información)." in [
        line.strip() for line in g.narration()]


@pytest.mark.parametrize("lang, line", [
    ("en", "Red destroyer chooses Tribute."),
    ("es", "El destructor rojo elige Tributo."),
    ("it", "Il distruttore rosso sceglie Tributo."),
])
def test_the_narration_names_a_mode_another_player_chooses(cards, lang, line):
    g = game(cards, "ultimatum")
    g.play("order ultimatum red-destroyer")
    g.play("choose tribute")
    g.lang = lang
    assert line in [said.strip() for said in g.narration()]


def test_check_warns_of_a_mode_without_a_name_in_a_language(cards, capsys):
    assert main(["check", cards]) == 0
    err = capsys.readouterr().err
    assert f"{cards}:5:10: warning: mode 'mend' of order 'call_up' has no name in 'en': the " \
        "texts in 'en' will call it 'mend' (name en \"…\")" in err
    assert f"{cards}:5:10: warning: mode 'mend' of order 'call_up' has no name in 'it'" in err
    assert "mode 'intel'" not in err and "'es': the texts in 'es' will call it 'mend'" not in err


@pytest.mark.parametrize("mode_a, error", [
    ('name es "Uno"', None),
    ('name es "Dos"', "3:32: order 'o': modes 'a' and 'b' are both named 'Dos' in 'es'; a "
                     "player could not tell them apart (D4.15)"),
    ('flavour en "Old salts"', "2:27: order 'o': mode 'a' has a 'name' in each language, "
                               "not a 'flavour'; a flavour text is the card's (D4.15)"),
    ('name xx "Uno"', "2:32: mode 'a' of order 'o': no language 'xx'"),
])
def test_mode_names_are_checked_with_their_file_and_line(mode_a, error):
    text = (f"order o {{ copies 1\n  mode a {{ effect draw 1  {mode_a} }}\n"
            "  mode b { effect draw 2  name es \"Dos\" } }\ndeck { keep size }\n")
    if error is None:
        assert card_text(rc.load_source(text, "en"), "o", "es").startswith(
            "Elige una — Uno: ")
        return
    refusal = dsl_refusal(text)
    assert f"{refusal.line}:{refusal.column}: {refusal.reason}".startswith(error)
