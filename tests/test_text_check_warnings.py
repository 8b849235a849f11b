"""`redcode check`'s warnings about a card file's words (lang/wording.py), the
refusal of two names alike in one language (lang/layers.py) and the
glossary each text is checked against (i18n/glossary)."""

import json

import pytest

import redcode_rules as rc
from redcode_rules.cli import main
from redcode_rules.i18n.glossary import avoided

UNNAMED = """\
status pinned_down {
    this turn
    forbids movement
    name en "pinned down" es "inmovilizado" it "bloccata" (f)
}

order pin {
    copies 0
    effect status pinned_down to target
    name en "Pin" it "la Presa" (f)
}

order call_for_repairs {
    copies 0
    effect damage 1 to target
    name en "Call for repairs" es "Control de averías" it "Riparazioni"
}
"""


@pytest.fixture
def card_file(tmp_path):
    path = tmp_path / "pin.rc"
    path.write_text(UNNAMED, "utf-8")
    return path


def test_check_warns_of_the_words_a_language_needs(card_file, capsys):
    """A missing name, a status without its state in Spanish and Italian, a
    name written with its article, a word the glossary avoids: each a warning
    with file and line, and the file is still valid."""
    assert main(["check", str(card_file)]) == 0
    err = capsys.readouterr().err
    expected = [
        f"{card_file}:1:1: warning: status 'pinned_down' has no state in 'es'",
        f"{card_file}:1:1: warning: status 'pinned_down' has no state in 'it'",
        f"{card_file}:7:1: warning: order 'pin' has no name in 'es'",
        "order 'pin': its name in 'it' starts with an article; give the name alone, "
        "with its gender: it \"Presa\" (f)",
        "order 'call_for_repairs': 'Control de averías' in its name in 'es' is not the word of the "
        "game: the glossary says 'control de daños'",
    ]
    for line in expected:
        assert line in err, line


def test_check_lists_the_warnings_in_json(card_file, capsys):
    assert main(["check", "--json", str(card_file)]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found["ok"] is True
    assert {(w["line"], w["message"].split(":")[0]) for w in found["warnings"]} >= {
        (1, "status 'pinned_down' has no state in 'es'"),
        (7, "order 'pin' has no name in 'es'")}


def test_a_file_with_every_word_given_has_no_warning(tmp_path, capsys):
    path = tmp_path / "adrift.rc"
    path.write_text('status adrift {\n    this turn\n    forbids movement\n'
                    '    name en "adrift" es "a la deriva" it "deriva" (f)\n'
                    '    state es "a la deriva" it "alla deriva"\n}\n', "utf-8")
    assert main(["check", str(path)]) == 0
    assert "warning" not in capsys.readouterr().err


def test_two_names_alike_in_one_language_are_refused(tmp_path):
    """A player could not tell apart two cards named alike ("Blindaje" for a
    maneuver and an ability): the second is refused, with its file and line."""
    path = tmp_path / "twins.rc"
    path.write_text('order shell_a {\n    copies 0\n    effect damage 1 to target\n'
                    '    name en "Shell A" es "Andanada" it "Bordata A"\n}\n'
                    'order shell_b {\n    copies 0\n    effect damage 2 to target\n'
                    '    name en "Shell B" es "la andanada" it "Bordata B"\n}\n', "utf-8")
    with pytest.raises(rc.DslError) as error:
        rc.load_ruleset("en", extra=[str(path)])
    message = str(error.value)
    assert "order 'shell_b' is named 'la andanada' in 'es', as the order 'shell_a' is" \
        in message
    assert ":9:" in message


def test_two_names_told_apart_by_a_number_are_two_names(tmp_path):
    path = tmp_path / "numbered.rc"
    path.write_text('order shell_a {\n    copies 0\n    effect damage 1 to target\n'
                    '    name en "Shell (1)" es "Andanada 1" it "Bordata 1"\n}\n'
                    'order shell_b {\n    copies 0\n    effect damage 2 to target\n'
                    '    name en "Shell (2)" es "Andanada 2" it "Bordata 2"\n}\n', "utf-8")
    rules = rc.load_ruleset("en", extra=[str(path)])
    assert [rules.name_of(card, "es") for card in ("shell_a", "shell_b")] == [
        "Andanada 1", "Andanada 2"]


@pytest.mark.parametrize("lang,text,word,term", [
    ("es", "el alcance de sus maniobras es 1 menor", "alcance", "distancia"),
    ("es", "El objetivo recupera +1 cubo de avería.", "cubo de avería", "avería"),
    ("it", "la gittata delle sue manovre", "gittata", "distanza"),
    ("it", "Con risposta.", "Con risposta", "ammette risposta"),
])
def test_the_glossary_names_the_word_a_text_should_use(lang, text, word, term):
    found = avoided(text, lang)
    assert [(w.lower(), t.term) for w, t in found][:1] == [(word.lower(), term)]


def test_the_glossary_leaves_a_card_sets_own_names_alone():
    """A name the designer chose ("Control de averías" as a card's name) is
    not the text's word: the linter reads the text around it."""
    assert avoided("Juegas Control de averías.", "es", ["Control de averías"]) == []


COUNTER = """\
order counter_order {
    copies 2  response  answers orders
    effect cancel answered; draw 1
    name en "Counter-order" es "Contraorden" (f) it "Contrordine" (m)
}
deck { keep size }
"""


def test_check_warns_of_a_response_that_no_card_of_the_rules_opens_a_window_for(
        tmp_path, capsys):
    """On the printed rules no order card can be responded to (orders_respondable
    no, R7.3): a response that answers orders only is never offered, and the
    warning says where and which rule option would open a window."""
    path = tmp_path / "counter.rc"
    path.write_text(COUNTER, "utf-8")
    assert main(["check", str(path)]) == 0
    assert capsys.readouterr().err.splitlines() == [
        f"{path}:2:15: warning: order card 'counter_order' is a response that answers order "
        "cards, but none can be responded to on these rules, so it can never be played: the "
        "rule option orders_respondable is no (rules { orders_respondable yes })"]


def test_a_response_to_orders_on_rules_that_open_them_has_no_warning(tmp_path, capsys):
    path = tmp_path / "counter.rc"
    path.write_text(COUNTER + "rules { orders_respondable yes  responses_answer maneuvers }\n",
                    "utf-8")
    assert main(["check", str(path)]) == 0
    assert "warning" not in capsys.readouterr().err
