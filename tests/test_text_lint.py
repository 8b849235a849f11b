"""The text linter (tests/text_lint.py) over every generated text: every
card, status, token, ship type and ability of the printed editions, of every
example card file and of the designer's card ideas (tests/data/designer_cards.rc),
in English, Spanish and Italian. It must pass on all of them and fail on a
deliberately broken text, one per check.
"""

from collections import Counter

import pytest

from text_lint import CHECKS, LANGS, corpus, lint

BROKEN = [
    ("identifier", "es", "El objetivo queda ceasefire_held: ninguna maniobra."),
    ("identifier", "it", "Bersaglio: una nave nemica burning."),
    ("english", "es", "El objetivo recupera 1 repair."),
    ("english", "it", "Il bersaglio perde 1 membro of the reserve."),
    ("repeated", "en", "The target regains 1 repair; the target recovers 1 crew."),
    ("repeated", "es", "El objetivo recupera +2 reparaciones y el objetivo recupera 1 tripulante."),
    ("repeated", "it", "Il bersaglio si muove di di 1 casella."),
    ("repeated", "en", "It cannot be moved, until its next turn. Until its next turn."),
    ("parentheses", "en", "Fast (its moves go up to 1 more box (Movement only))."),
    ("parentheses", "es", "Distancia 2 (solo Torpedo."),
    ("article", "es", "-1 reparación a la barco."),
    ("article", "it", "Il bersaglio perde il riserva."),
    ("article", "en", "Target: a enemy ship."),
    ("number", "en", "The target's player discards 99 order cards at random."),
    ("wording", "en", "Target: an other ship."),
    ("wording", "es", "Objetivo: un otro barco."),
    ("wording", "es", "Cada otro barco queda en alto el fuego."),
    ("wording", "it", "Se le carte ordine che hai sono 0."),
]


IDS = frozenset({"burning", "ceasefire_held"})


@pytest.fixture(scope="module")
def texts():
    return corpus()


@pytest.mark.parametrize("check,lang,text", BROKEN, ids=[f"{c}-{la}" for c, la, _ in BROKEN])
def test_the_linter_fails_on_a_broken_text(check, lang, text):
    """Each check finds the defect it is for (``burning``: an id of the card set)."""
    found = lint(text, lang, ids=IDS)
    assert check in {c for c, _ in found}, found


@pytest.mark.parametrize("lang,text", [
    ("en", "The target regains 2 repairs and recovers 1 crew. Target: another ship."),
    ("es", "Cada uno de los demás barcos queda en alto el fuego: ninguna maniobra. Área 2x2."),
    ("es", "-2 reparaciones a cada barco del área. Objetivo: otro barco."),
    ("it", "La tua nave beneficia della cortina fumogena, per 2 usi. Una volta per partita."),
    ("it", "Il bersaglio perde 1 membro dell'equipaggio dalla riserva; altrimenti peschi 1 "
           "carta degli ordini."),
])
def test_the_linter_passes_a_text_a_printed_card_would_print(lang, text):
    assert lint(text, lang, ids=IDS) == []


def test_the_texts_cover_every_kind_language_and_example(texts):
    """The corpus holds cards, statuses, tokens and ship types (their
    abilities and triggers) of the editions and of every example file."""
    kinds = Counter((t.source.split()[1], t.lang) for t in texts)
    for lang in LANGS:
        for kind in ("card", "status", "token", "ship"):
            assert kinds[kind, lang] > 0, (kind, lang)
    sources = {t.source.split()[0].split("@")[0] for t in texts}
    assert {"en", "es", "it", "anchor", "triggers_smoke", "modifiers_fast",
            "designer_cards"} <= sources
    assert len(texts) >= 300


@pytest.mark.parametrize("check", CHECKS)
def test_every_generated_text_passes(texts, check):
    """No text of any edition, example file or designer's card idea, in any
    language, fails a check (the message lists each defect and its text)."""
    defects = [f"[{t.lang}] {found} — {t.source}: {t.text}" for t in texts
               for c, found in lint(t.text, t.lang, t.names, t.ids) if c == check]
    assert defects == [], "\n".join(defects)
