"""The text linter (tests/text_lint.py) over every generated text: every
card, status, token, ship type and ability of the printed editions, of every
example card file and of the designer's card ideas (tests/data/designer_cards.rc),
the rule options and differences of each edition, the narration of a whole
random game on each edition and of every game of the cookbook, in English,
Spanish and Italian. It must pass on all of them and fail on a deliberately
broken text, one per check and class of defect a proofreader found.
"""

from collections import Counter

import pytest

from text_lint import CHECKS, LANGS, corpus, lint, lint_item

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
    ("wording", "es", "Asalto ahora hace: -1 avería al objetivo."),
    # conditions said word for word
    ("literal", "es", "Reparar cuesta 1 tripulante menos, mientras tu barco es un barco dañado."),
    ("literal", "es", "Robas 1 carta si las cartas de órdenes que tiene el bando enemigo son 0."),
    ("literal", "es", "Objetivo: un barco enemigo tal que la distancia a ese barco es como "
                      "mucho 1."),
    ("literal", "es", "El jugador del objetivo descarta 1 carta."),
    ("literal", "it", "Riparazione costa 1 membro in meno, finché la tua nave è una nave "
                      "danneggiata."),
    ("literal", "it", "Bersaglio: una nave nemica tale che la distanza da quella nave è al "
                      "massimo 1."),
    ("literal", "en", "Usable only if it is not so that the answered item is an order card."),
    ("literal", "en", "Usable only if the maneuvers your ship has used this turn are equal to 0."),
    ("literal", "es", "-1 reparación al objetivo si 0 es igual al casco del objetivo."),
    ("literal", "it", "Peschi 1 carta se le carte del mazzo sono uguali a 0."),
    # a status said as a noun, a title with its article
    ("frame", "it", "Il bersaglio subisce l'intercettazione fino al suo prossimo turno."),
    ("frame", "it", "La tua nave beneficia di artiglieri pronti per questo turno."),
    ("frame", "it", "Il bersaglio riceve la nebbia."),
    ("frame", "it", "Nuovo stato: la nebbia."),
    ("frame", "es", "El objetivo queda el sigilo hasta su próximo turno."),
    # two words for one concept
    ("glossary", "es", "Con el radar interferido: el alcance de sus maniobras es 1 menor."),
    ("glossary", "es", "El objetivo recupera +1 cubo de avería."),
    ("glossary", "es", "El bando rojo puntúa 1 punto."),
    ("glossary", "it", "Le manovre a distanza hanno 1 di gittata in più."),
    ("glossary", "it", "La tua squadra segna 1 punto se lo schieramento nemico non ha carte."),
    ("glossary", "it", "Carta degli ordini: qualsiasi nave sul tabellone; con risposta."),
    ("glossary", "it", "Il bersaglio subisce 1 di danno."),
    ("wording", "en", "An ability of red destroyer comes into play."),
    # the engine's words
    ("engine", "es", "Red-destroyer: se resuelve un disparador."),
    ("engine", "es", "Mine d3: se resuelve un disparador."),
    ("engine", "es", "red-destroyer no está en el campo de visión de blue-submarine"),
    ("engine", "es", "qué se pierde: targeting (lo que lo apunta)"),
    # a count in words where the game says digits, damage said two ways
    ("forms", "es", "El submarino azul recupera un tripulante de Torpedo."),
    ("forms", "it", "Il sottomarino blu pesca una carta degli ordini."),
    ("forms", "en", "Blue submarine draws an order card."),
    # what a text built from its tree says and a card never would
    ("phrasing", "en", "Target: a your own ship."),
    ("phrasing", "en", "1 repair damage to every enemy ship of type Submarine."),
    ("phrasing", "es", "-1 reparación a cada barco enemigo de tipo Submarino."),
    ("phrasing", "en", "Scorched: this ship is intercepted, until its next turn, until its next "
                       "turn."),
    ("phrasing", "it", "Per ogni altra nave alleata, le carte nemiche non possono prendere di "
                       "mira questa nave."),
    ("phrasing", "en", "When an enemy ship targets a friendly ship, cancel that card; set trap "
                       "ends for you, until your next turn."),
    ("phrasing", "es", "Cuando un barco enemigo elige como objetivo a un barco aliado, anula esa "
                       "carta y trampa tendida termina para ti, hasta tu próximo turno."),
    ("phrasing", "es", "Mira las 3 primeras cartas del mazo y devuélvelas en el orden que "
                       "quieras y robas 1 carta de órdenes."),
    ("phrasing", "it", "Guarda le prime 3 carte del mazzo e rimettile nell'ordine che vuoi e "
                       "peschi 1 carta degli ordini."),
    # the same hedge twice, a phrase said three times
    ("repeated", "es", "a distancia 2 como máximo de tu barco con 1 reparación como máximo"),
    ("repeated", "es", "Robas 2 cartas de órdenes si tienes menos cartas de órdenes que el "
                       "bando enemigo; si no, robas 2 cartas de órdenes."),
]


@pytest.mark.parametrize("lang,text,kind,types", [
    ("es", "Blindaje reforzado: cada daño que recibe se reduce en 1, solo mientras tu barco "
           "esté dañado.", "ship", frozenset()),
    ("en", "Every friendly Submarine regains 1 repair.", "card", frozenset({"Submarine"})),
])
def test_the_linter_knows_what_a_text_is(lang, text, kind, types):
    """An ability that says "your ship" of itself, a ship type's name
    capitalised mid-sentence: the linter reads what a text is and its types."""
    assert "phrasing" in {c for c, _ in lint(text, lang, kind=kind, types=types)}


IDS = frozenset({"burning", "ceasefire_held"})


@pytest.fixture(scope="module")
def texts():
    return corpus(designer=True)


@pytest.fixture(scope="module")
def defects(texts):
    """Each check's defects over the whole corpus (the linter run once, each
    check's test reading its own)."""
    found = {check: [] for check in CHECKS}
    for t in texts:
        for check, what in lint_item(t):
            found[check].append(f"[{t.lang}] {what} — {t.source}: {t.text}")
    return found


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
    abilities and triggers), rule options, differences and narration, of the
    editions, of every example file and of the cookbook's games."""
    kinds = Counter((t.kind, t.lang) for t in texts)
    for lang in LANGS:
        for kind in ("card", "status", "token", "ship", "option", "difference", "narration"):
            assert kinds[kind, lang] > 0, (kind, lang)
    sources = {t.source.split()[0].split("@")[0] for t in texts}
    assert {"en", "es", "it", "anchor", "triggers_smoke", "modifiers_fast",
            "designer_cards", "cookbook"} <= sources
    assert len(texts) >= 2000


@pytest.mark.parametrize("check", CHECKS)
def test_every_generated_text_passes(defects, check):
    """No text of any edition, example file or designer's card idea, in any
    language, fails a check (the message lists each defect and its text)."""
    assert defects[check] == [], "\n".join(defects[check])
