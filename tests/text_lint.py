"""A linter for generated text: what a printed card, or a careful reader of
its language, would never say.

``lint(text, lang, …)`` returns the defects of one text, each as ``(check,
detail)``; ``corpus()`` yields every text the project generates for the
printed editions and the example card files — cards, statuses, tokens, ship
types and their abilities, the rule options and the differences of each
edition, and the narration of whole games — in English, Spanish and Italian. tests/test_text_lint.py runs it;
``python tests/text_lint.py`` prints the defects found, counted per check
and language (``-v`` lists them, ``--designer`` adds the designer's card
ideas of tests/data/designer_cards.rc).

The checks are small word lists and patterns, on purpose: each says one
thing a reader would stumble on. The first are about words (an id, an
English word in Spanish, a word said twice, nested brackets, an article of
the wrong gender, "99" standing for "all", a phrase the language never
prints); then the classes a proofreader found in text that passed them:

- ``literal``: a condition said word for word ("your ship is a damaged
  ship", "such that", "the order cards that … holds are 0", "the player of
  the target", "… are equal to 0");
- ``frame``: a status said as a noun after a verb that does not take one
  (Italian "subisce l'intercettazione", "beneficia di" without an
  article), or a status's name with its article where a title goes;
- ``glossary``: a word the language's glossary avoids (i18n/glossary);
- ``engine``: the engine's words or ids (a ship's id, "mine d3:", an option's
  value outside code);
- ``forms``: a count said in words where the game says digits ("recovers a
  crew" beside "loses 1 crew"), damage said two ways;
- ``phrasing``: "a your own ship", "of type Submarine", a ship type's name
  capitalised mid-sentence, an ability that says "your ship" of itself, a
  duration said twice in a row, an aura that says "questa nave" (its holder)
  of each ship it reaches, a player's status whose time hangs on the clause
  that ends it ("… ends for you, until your next turn"), "y … y" (Spanish)
  and "e … e" (Italian) in one run of clauses;
- ``repeated`` (besides a word or clause twice): a hedge twice in one
  sentence ("at most … at most"), a phrase of three words said three times.
"""

from __future__ import annotations

import random
import re
import runpy
import sys
from collections import Counter
from pathlib import Path
from typing import Iterator, NamedTuple

import redcode_rules as rc
from redcode_rules.i18n.catalog import catalog
from redcode_rules.i18n.glossary import avoided
from redcode_rules.render.reference import differences, option_value
from redcode_rules.text.cards import ship_rule_text, token_text

from conftest import shared_rules

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "cards" / "examples"
#: card ideas written as a designer would, not taken from the examples
DESIGNER = Path(__file__).resolve().parent / "data" / "designer_cards.rc"
LANGS = ("en", "es", "it")
EDITIONS = ("en", "es", "it")
CHECKS = ("identifier", "english", "repeated", "parentheses", "article", "number", "wording",
          "literal", "frame", "glossary", "engine", "forms", "phrasing")

WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?", re.UNICODE)

#: English words that no Spanish or Italian text should hold (outside names)
ENGLISH = frozenset("""
the and of to target targets ship ships damage damaged turn turns your its their his her
is are be been being with from by for each every other another player players card cards
order orders maneuver maneuvers repair repairs crew box boxes when if until while only not
it this that these those which who can cannot may must will has have gives given takes
draws draw discard discards more less than moves move placed token tokens status sunk
enemy friendly own held burning any all up at on start end next side sides point points
hand deck range sight area also once per game you take look gets lose loses regains
recovers sinks scores returns place removed instead whole moved responded response usable
targeting source choose fixed maneuvers orders
""".split())

#: words of a language that look English but are words of its own
NATIVE = {"es": frozenset("no area once".split()),
          "it": frozenset("in area per".split())}

#: nouns the catalogs use, with their gender ("m", "f", "m pl", "f pl")
NOUNS = {
    "es": {
        "barco": "m", "barcos": "m pl", "objetivo": "m", "casilla": "f", "casillas": "f pl",
        "carta": "f", "cartas": "f pl", "maniobra": "f", "maniobras": "f pl",
        "reparación": "f", "reparaciones": "f pl", "tripulante": "m", "tripulantes": "m pl",
        "jugador": "m", "jugadores": "m pl", "mano": "f", "mazo": "m", "turno": "m",
        "partida": "f", "bando": "m", "ficha": "f", "fichas": "f pl", "reserva": "f",
        "distancia": "f", "campo": "m", "tablero": "m", "respuesta": "f", "daño": "m",
        "movimiento": "m", "movimientos": "m pl", "avería": "f",
        "averías": "f pl", "punto": "m", "puntos": "m pl",
        "final": "m", "comienzo": "m", "efecto": "m", "estado": "m",
    },
    "it": {
        "nave": "f", "navi": "f pl", "bersaglio": "m", "casella": "f", "caselle": "f pl",
        "carta": "f", "carte": "f pl", "manovra": "f", "manovre": "f pl",
        "riparazione": "f", "riparazioni": "f pl", "equipaggio": "m", "giocatore": "m",
        "giocatori": "m pl", "mano": "f", "mazzo": "m", "turno": "m", "partita": "f",
        "squadra": "f", "segnalino": "m", "segnalini": "m pl",
        "riserva": "f", "distanza": "f", "campo": "m", "tabellone": "m", "risposta": "f",
        "danno": "m", "danni": "m pl", "movimento": "m",
        "movimenti": "m pl", "avaria": "f", "avarie": "f pl", "punto": "m",
        "punti": "m pl", "inizio": "m", "fine": "f", "stato": "m", "effetto": "m",
    },
}

#: articles, articulated prepositions, demonstratives and agreeing adjectives,
#: with the genders they go with
DETERMINERS = {
    "es": {
        "el": "m", "los": "m pl", "la": "f", "las": "f pl", "un": "m", "una": "f",
        "unos": "m pl", "unas": "f pl", "al": "m", "del": "m", "este": "m", "esta": "f",
        "ese": "m", "esa": "f", "otro": "m", "otra": "f", "otros": "m pl", "otras": "f pl",
        "propio": "m", "propia": "f", "ningún": "m", "ninguna": "f", "ninguno": "m",
        "hundido": "m", "hundida": "f", "libre": "", "enemigo": "m", "enemiga": "f",
        "aliado": "m", "aliada": "f", "dañado": "m", "dañada": "f",
    },
    "it": {
        "il": "m", "lo": "m", "i": "m pl", "gli": "m pl", "la": "f", "le": "f pl",
        "un": "m", "uno": "m", "una": "f", "un'": "f", "del": "m", "dello": "m", "della": "f",
        "dei": "m pl", "degli": "m pl", "delle": "f pl", "al": "m", "allo": "m", "alla": "f",
        "ai": "m pl", "agli": "m pl", "alle": "f pl", "dal": "m", "dallo": "m", "dalla": "f",
        "dai": "m pl", "dalle": "f pl", "nel": "m", "nella": "f", "nei": "m pl",
        "nelle": "f pl", "sul": "m", "sulla": "f", "sui": "m pl", "sulle": "f pl",
        "questo": "m", "questa": "f", "quello": "m", "quella": "f", "quel": "m",
        "tuo": "m", "tua": "f", "tuoi": "m pl", "tue": "f pl", "suo": "m", "sua": "f",
        "suoi": "m pl", "sue": "f pl", "altro": "m", "altra": "f", "proprio": "m",
        "propria": "f", "prossimo": "m", "prossima": "f",
    },
}

#: a noun the article before it does not follow (Spanish "el área": a stressed a)
ARTICLE_EXCEPTIONS = {"es": {("el", "área"), ("un", "área"), ("del", "área"),
                             ("al", "área")}}

#: phrases a language never prints: "an other", a second word for "order card",
#: an ability that "comes into play" (said of a card entering the game)
WRONG_PHRASES = {
    "en": (r"\ban other\b", r"\ba other\b", r"\borders cards?\b", r"\bcomes? into play\b"),
    "es": (r"\bun otro\b", r"\buna otra\b", r"\bcada otro\b", r"\bcada otra\b",
           r"\bcartas? (?:de )?orden\b", r"\bcartas? órdenes\b", r"\bahora hace\b",
           r"\bdeben sumarlas\b", r"\bque ganan una partida\b",
           r"\by h?i(?![aeiouáéíóú])", r"\bo h?[oó]"),  # "e islas", "u otro"
    "it": (r"\bun altro\b(?= nav)", r"\bcart[ae] ordin[ei]\b", r"\bcart[ae] d'ordine\b",
           r"\bora fa\b", r"\bdevono sommarle\b", r"\bche vincono una partita\b",
           r"\be [eè]"),  # "ed è"
}

#: conditions said word for word: the tree's nodes, not a sentence
LITERAL = {
    "en": (r"\bsuch that\b", r"\bship is an? (?:[a-z]+ )*ship\b", r"\b(?:is|are) 0\b",
           r"\bit is not so that\b", r"\bthe distance to that ship\b",
           r"\bthat (?:you|\w+ player|\w+ side) holds?\b", r"\bthe answered item is\b",
           r"\bequal to 0\b", r"\b0 (?:is|are) (?:not )?equal\b"),
    "es": (r"\btal que\b", r"\bbarco (?:no )?es un (?:\w+ )*barco\b", r"\b(?:es|son) 0\b",
           r"\bno es cierto que\b", r"\bjugador del (?:objetivo|barco)\b",
           r"\bla distancia a ese barco\b",
           r"\bque tiene (?:el|tu) (?:bando|jugador)\b", r"\blo respondido es\b",
           r"\b(?:es|son) (?:como mucho|al menos|menos de|más de|mayor que|menor que) \d",
           r"\blos puntos de (?:tu|el) bando son\b", r"\biguales? a 0\b",
           r"\b0 (?:no )?es igual\b"),
    "it": (r"\btale che\b", r"\bnave (?:non )?è una (?:\w+ )*nave\b", r"\b(?:è|sono) 0\b",
           r"\bnon è vero che\b", r"\bgiocatore (?:del bersaglio|della nave)\b", r"\bla distanza da quella nave\b",
           r"\bche ha (?:la|il) (?:squadra|giocatore)\b", r"\bciò a cui risponde è\b",
           r"\b(?:è|sono) (?:al massimo|almeno|meno di|più di|maggiore di|minore di) \d",
           r"\bi punti della tua squadra sono\b", r"\buguali? a 0\b",
           r"\b0 (?:non )?è uguale\b"),
}

#: a status said as a noun where the verb wants a state, or named with its
#: article where a title goes
FRAME = {
    "en": (r"\bis the [a-z]+\b(?= *[:.,])", r"^The [^:,]+, (?:until|this|for|while)"),
    "es": (r"\bqueda (?:el|la|los|las|un|una)\b", r"\bestado: (?:el|la|los|las)\b",
           r"^(?:El|La|Los|Las) [^:,]+, (?:hasta|este|durante|mientras)"),
    "it": (r"\bsubisce (?:il|lo|la|l'|i|gli|le)\b", r"\bbeneficia di\b",
           r"\briceve (?:il|lo|la|l'|i|gli|le)\b", r"\bstato: (?:il|lo|la|l'|i|gli|le)\b",
           r"^(?:(?:Il|Lo|La|I|Gli|Le) |L')[^:,]+, (?:fino|per|finché)"),
}

#: the engine's words: ids of ships, a token's "kind box", option values
ENGINE = {
    "all": (r"\b(?:[Bb]lue|[Rr]ed)-[a-z_]+\b", r"^\s*[A-Za-z_]+ [a-h][1-9]:", r"\{[a-z_]+\}"),
    "es": (r"\b(?:targeting|source|choose|fixed)\b", r"\b[Dd]isparador(?:es)?\b"),
    "it": (r"\b(?:targeting|source|choose|fixed)\b", r"\b[Ii]nnesc(?:o|hi|ato|ati)\b"),
    "en": (r"\b[Tt]rigger resolves\b",),
}

#: a count said in words where the game says digits, damage said two ways
FORMS = {
    "en": (r"\b(?:recovers|loses|draws|takes|puts|regains|discards) (?:a|an|one) "
           r"(?:crew|order card|card|repair|breakdown)\b",),
    "es": (r"\b(?:recupera|pierde|roba|toma|pone|recibe|descarta) (?:un|una) "
           r"(?:tripulante|carta|reparación|avería)\b", r"\bno recibe\b"),
    "it": (r"\b(?:recupera|perde|pesca|prende|mette|subisce|scarta) (?:un|una|uno) "
           r"(?:membro|carta|riparazione|avaria|danno)\b", r"\b\d+ di dann[oi]\b"),
}

#: the same in a line of narration, where damage taken is "N de daño"
FORMS_NARRATED = {"en": (), "es": (r"\b\d+ daños?\b",), "it": ()}

#: phrases a text built from its tree says and a card never would
PHRASING = {
    "en": (r"\ban? your\b", r"\bof type\b", r"\b(?:until|while)\b[^.:;]*, (?:until|while)\b",
           # a player's status's time hung on the clause that ends it
           r"\bends for you, until\b"),
    "es": (r"\b(?:un|una) tus?\b", r"\bde tipo\b", r"\b(?:hasta|mientras)\b[^.:;]*, "
           r"(?:hasta|mientras)\b", r"\btermina para ti, hasta\b",
           r" y [^.;:,()]* y "),  # "… y … y …": a clause with "y" joined by "y" again
    "it": (r"\b(?:un|una|un') tu[ao]\b", r"\bdi tipo\b", r"\b(?:fino|finché)\b[^.:;]*, "
           r"(?:fino|finché)\b", r"\bfinisce per te, fino\b", r" e [^.;:,()]* e ",
           # an aura's ship said as the holder ("questa nave"), not as the ship it reaches
           r"\bper ogni [^.:;]*, [^.:;]*\bdi mira questa nave\b"),
}
#: an ability's text speaking of its own ship as the reader's
SELF_IN_ABILITY = {"en": r"\byour ship\b", "es": r"\btu barco\b",
                   "it": r"\b(?:la|della|alla|dalla|sulla) tua nave\b"}
#: words that bound a number, said once in a sentence
HEDGES = {"en": ("at most", "at least"), "es": ("como máximo", "como mucho", "al menos",
                                               "como mínimo"),
          "it": ("al massimo", "almeno")}


class Text(NamedTuple):
    """One generated text: where it comes from, its language, the names (cards,
    statuses, tokens, ship types) its card set gives in it, its ids, what it
    is (``card``, ``status``, ``token``, ``ship``, ``option``, ``difference``,
    ``narration``), its ship types' names and its names and states whole."""
    source: str
    lang: str
    text: str
    names: frozenset[str]
    ids: frozenset[str]
    kind: str = "card"
    types: frozenset[str] = frozenset()
    phrases: frozenset[str] = frozenset()


def _words(text: str) -> list[str]:
    return WORD.findall(text)


def _clauses(text: str) -> list[str]:
    return [c.strip() for c in re.split(r"[.;:,()]| and | y | e | if | si | se ", text)
            if len(_words(c)) >= 3]


def _code_free(text: str) -> str:
    """The text without its code (a card language's word between backticks)."""
    return re.sub(r"`[^`]*`", "", text)


def check_identifier(item: Text) -> list[str]:
    """An underscore, or a card set's id that is not also a word of its names."""
    text = _code_free(item.text)
    found = re.findall(r"\w*_\w*", text)
    words = {w.lower() for w in _words(text)}
    found += sorted(i for i in item.ids if "_" not in i and i in words and i not in item.names)
    return found


def check_english(item: Text) -> list[str]:
    """An English word in Spanish or Italian text that no name of the set holds."""
    if item.lang == "en":
        return []
    native = NATIVE.get(item.lang, frozenset())
    return [w for w in _words(_code_free(item.text))
            if w.lower() in ENGLISH and w.lower() not in native and w.lower() not in item.names]


def check_repeated(item: Text) -> list[str]:
    """A word said twice in a row, a clause said twice, the subject of a
    clause said again by the next one ("the target regains …; the target
    recovers"), a hedge twice in one sentence ("at most … at most"), or a
    phrase of three words said three times in one text."""
    text = item.text
    out = [f"{a} {b}" for a, b in re.findall(r"\b(\w+) (\w+)\b", text)
           if a.lower() == b.lower()]
    seen: set[str] = set()
    for clause in _clauses(text) if item.kind != "difference" else ():  # new beside old
        key = clause.lower()
        if key in seen:
            out.append(clause)
        seen.add(key)
    for sentence in re.split(r"[.:]", text):
        parts = [p.strip() for p in re.split(r";| and | y | e ", sentence)]
        heads = [" ".join(p.split()[:2]).lower() for p in parts]
        out += [f"subject '{h}' said again" for h, prev in zip(heads[1:], heads)
                if h and h == prev and len(h.split()) == 2 and not re.match(r"[-+\dN]", h)]
        out += [f"'{hedge}' twice in a sentence" for hedge in HEDGES[item.lang]
                if sentence.lower().count(hedge) > 1]
    label = catalog(item.lang)["card"]["order_self"].split(":")[0] + ":"
    words = [w.lower() for w in _words(text.replace(label, ""))]  # the label is not said again
    triples = Counter(zip(words, words[1:], words[2:]))
    out += [f"'{' '.join(t)}' said {n} times" for t, n in triples.items() if n >= 3]
    return out


def check_parentheses(item: Text) -> list[str]:
    """Parentheses that do not balance, or one inside another."""
    depth, out = 0, []
    for i, ch in enumerate(item.text):
        if ch == "(":
            depth += 1
            if depth > 1:
                out.append(f"nested at {i}")
        elif ch == ")":
            depth -= 1
            if depth < 0:
                out.append(f"unopened at {i}")
                depth = 0
    if depth:
        out.append("unclosed")
    return out


def check_article(item: Text) -> list[str]:
    """An article or agreeing word whose gender is not its noun's."""
    text, lang = item.text, item.lang
    if lang == "en":
        return [m.group(0) for m in re.finditer(r"\ban (?=[^aeiouAEIOU\W])\w+|\ba (?=[aeiou])\w+",
                                                  text)]
    nouns, dets = NOUNS[lang], DETERMINERS[lang]
    exceptions = ARTICLE_EXCEPTIONS.get(lang, set())
    out = []
    for clause in re.split(r"[.;:,()]", text.lower()):
        out += _disagreements(re.findall(r"[^\W\d_]+'|[^\W\d_]+", clause), nouns, dets,
                              exceptions)
    return out


def _disagreements(tokens: list[str], nouns: dict, dets: dict, exceptions: set) -> list[str]:
    out = []
    for i, word in enumerate(tokens[:-1]):
        if word not in dets or not dets[word]:
            continue
        # the noun right after, or after one agreeing word ("la tua nave")
        for j in (i + 1, i + 2):
            if j >= len(tokens):
                break
            noun = tokens[j]
            if noun in nouns:
                if (word, noun) not in exceptions and nouns[noun] != dets[word]:
                    out.append(" ".join(tokens[i:j + 1]))
                break
            nxt = dets.get(noun)
            if not nxt or nxt != dets[word]:
                break
    return out


def check_number(item: Text) -> list[str]:
    """A number no card means (`discard 99`): a workaround for "all"."""
    if item.kind in ("narration", "option", "difference"):
        return []  # a game's turns and totals, a rule's numbers
    return [n for n in re.findall(r"\d+", item.text) if int(n) >= 10]


def _found(patterns, text: str, flags: int = re.IGNORECASE) -> list[str]:
    return [m.group(0) for pattern in patterns
            for m in re.finditer(pattern, text, flags | re.MULTILINE)]


def check_wording(item: Text) -> list[str]:
    """A phrase the language never prints: "an other", a second name for order
    cards, an option or difference said as the code says it (the card set's
    names as their designer wrote them aside: "la carta Órdenes selladas")."""
    return _found(WRONG_PHRASES.get(item.lang, ()), _unnamed(item))


def _unnamed(item: Text) -> str:
    """The text with each of the card set's names and states replaced by "X"."""
    text = item.text
    for name in sorted(item.phrases, key=len, reverse=True):
        text = re.sub(rf"(?<![\w']){re.escape(name)}(?![\w'])", "X", text)
    return text


def check_literal(item: Text) -> list[str]:
    """A condition said node by node ("your ship is a damaged ship", "such that")."""
    return _found(LITERAL[item.lang], item.text)


def check_frame(item: Text) -> list[str]:
    """A status said as a noun where the verb wants its state (Italian "subisce
    l'…", "beneficia di" without an article), or a title with an article."""
    titles = FRAME[item.lang][-1:] if item.kind == "status" else ()
    return _found(FRAME[item.lang][:-1], item.text) + _found(titles, item.text, 0)


def check_glossary(item: Text) -> list[str]:
    """A word the language's glossary avoids, outside the card set's names."""
    return [f"{word} (say '{term.term}')" for word, term in
            avoided(_code_free(item.text), item.lang, item.phrases)]


def check_engine(item: Text) -> list[str]:
    """The engine's words: a ship's id, a token as "kind box:", an option's
    value outside code, a placeholder left unfilled."""
    return _found(ENGINE["all"], item.text, 0) + \
        _found(ENGINE[item.lang], _code_free(item.text), 0)


def check_forms(item: Text) -> list[str]:
    """A count said in words where the game says digits, damage said two ways."""
    narrated = FORMS_NARRATED[item.lang] if item.kind == "narration" else ()
    return _found(FORMS[item.lang] + narrated, item.text)


def check_phrasing(item: Text) -> list[str]:
    """"a your own ship", "of type …", a ship type's name capitalised
    mid-sentence, an ability that says "your ship" of itself, a duration
    said twice in a row."""
    out = _found(PHRASING[item.lang], item.text)
    for name in item.types:
        out += [m.group(0) for m in re.finditer(rf"(?<=[a-zà-ÿ,] ){re.escape(name)}\b",
                                                item.text)]
    if item.kind == "ship":
        out += _found((SELF_IN_ABILITY[item.lang],), item.text)
    return out


CHECKERS = {"identifier": check_identifier, "english": check_english,
            "repeated": check_repeated, "parentheses": check_parentheses,
            "article": check_article, "number": check_number, "wording": check_wording,
            "literal": check_literal, "frame": check_frame, "glossary": check_glossary,
            "engine": check_engine, "forms": check_forms, "phrasing": check_phrasing}


def lint(text: str, lang: str, names: frozenset[str] = frozenset(),
         ids: frozenset[str] = frozenset(), kind: str = "card",
         types: frozenset[str] = frozenset(),
         phrases: frozenset[str] = frozenset()) -> list[tuple[str, str]]:
    """The defects of one text: (check, what it found), in the order of CHECKS."""
    item = Text("", lang, text, names, ids, kind, types, phrases)
    return [(check, str(found)) for check in CHECKS for found in CHECKERS[check](item)]


def lint_item(item: Text) -> list[tuple[str, str]]:
    """The defects of one text of the corpus."""
    return [(check, str(found)) for check in CHECKS for found in CHECKERS[check](item)]


# ---------------------------------------------------------------- the texts


def example_rulesets() -> Iterator[tuple[str, rc.Ruleset]]:
    """Each example file on each edition it loads on (a variant: on its own)."""
    for path in sorted(EXAMPLES.glob("*.rc")):
        yield from file_rulesets(path)


def file_rulesets(path: Path) -> Iterator[tuple[str, rc.Ruleset]]:
    if path.read_text("utf-8").startswith("variant"):
        yield path.stem, shared_rules(str(path))
        return
    for edition in EDITIONS:
        try:
            rules = shared_rules(edition, str(path))
        except rc.DslError:
            if edition == "en":
                raise
            continue  # a file written for one deck: its texts are the same
        yield f"{path.stem}@{edition}", rules


def rulesets(designer: bool = True) -> Iterator[tuple[str, rc.Ruleset]]:
    """The printed editions, the example files and the designer's card ideas."""
    for edition in EDITIONS:
        yield edition, rc.load_ruleset(edition)
    yield from example_rulesets()
    if designer:
        yield from file_rulesets(DESIGNER)


def _idents(rules: rc.Ruleset) -> list[str]:
    return [*rules.maneuvers, *rules.orders, *rules.statuses, *rules.tokens, *rules.ships]


def names_of(rules: rc.Ruleset, lang: str) -> frozenset[str]:
    """Every word of every name the card set and catalog give in ``lang``."""
    words: set[str] = set()
    for phrase in phrases_of(rules, lang):
        words.update(w.lower() for w in _words(phrase))
    return frozenset(words)


def phrases_of(rules: rc.Ruleset, lang: str) -> frozenset[str]:
    """Every name and state the card set and catalog give in ``lang``, whole."""
    out: set[str] = set()
    for ident in _idents(rules):
        own = rules.words.get(lang, {}).get(ident)
        out.update(p for p in (rules.name_of(ident, lang), own and own.state) if p)
    return frozenset(out)


def type_names(rules: rc.Ruleset, lang: str) -> frozenset[str]:
    """The names of the ship types, as a title writes them (``Submarine``)."""
    return frozenset(rules.name_of(s, lang) for s in rules.ships)


def texts_of(source: str, rules: rc.Ruleset, games: int = 0) -> Iterator[Text]:
    """Every text of a ruleset, in each language: its cards, statuses,
    tokens and ship types, its options and differences (a printed edition's,
    or a variant's), and the narration and explanations of ``games`` random
    games played on it."""
    ids = frozenset(_idents(rules))
    types = frozenset(rules.ships)
    played = [_random_game(rules, seed) for seed in range(games)]
    for lang in LANGS:
        names, titles, phrases = names_of(rules, lang), type_names(rules, lang), \
            phrases_of(rules, lang)
        items = [("card", c, rules.text(c, lang)) for c in [*rules.maneuvers, *rules.orders]]
        items += [("status", s, rules.status_text(s, lang)) for s in rules.statuses]
        items += [("token", t, token_text(k, lang, rules.statuses, rules.words, types))
                  for t, k in rules.tokens.items()]
        items += [("ship", s, ship_rule_text(k, lang, rules.statuses, rules.words, types))
                  for s, k in rules.ships.items()]
        items += [("difference", str(i), d) for i, d in enumerate(differences(rules, lang))]
        if "@" not in source:  # an edition's options (an extra file changes none)
            items += [("option", o, m) for o, m in catalog(lang)["options"].items()]
            items += [("option", "catchup", rule) for rule in
                      option_value(rules.options.catchup, lang).split(";<br>")]
        for game in played:
            items += [("narration", str(i), line.strip())
                      for i, line in enumerate(game.narration(lang))]
        yield from (Text(f"{source} {kind} {where}", lang, text, names, ids, kind, titles,
                         phrases) for kind, where, text in items if text)


def _random_game(rules: rc.Ruleset, seed: int, moves: int = 400) -> rc.Game:
    """A game of random moves on ``rules`` (a war of two ships a side)."""
    game = rc.new_game(rules, mode="war", teams="2v2", seed=seed)
    rnd = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        game.play(rnd.choice(game.legal_moves()))
    return game


def cookbook_texts() -> Iterator[Text]:
    """The narration of every game of the cookbook (cards/examples/cookbook.yaml):
    each example card played, in each language."""
    cookbook = runpy.run_path(str(ROOT / "docs" / "cookbook.py"))
    for entry in cookbook["load_entries"]():
        _, game = cookbook["play"](entry)
        rules = game.rules
        ids = frozenset(_idents(rules))
        for lang in LANGS:
            names, titles, phrases = names_of(rules, lang), type_names(rules, lang), \
                phrases_of(rules, lang)
            for i, line in enumerate(game.narration(lang)):
                yield Text(f"cookbook '{entry.title}' narration {i}", lang, line.strip(),
                           names, ids, "narration", titles, phrases)


def corpus(designer: bool = False, games: int = 1) -> list[Text]:
    """Every generated text, each once (a text the same in two rulesets
    once): the editions' with the narration of ``games`` random games each,
    the example files' and the narration of the cookbook's games that play
    them (``designer``: and the designer's card ideas')."""
    seen, out = set(), []
    every = [item for source, rules in rulesets(designer)
             for item in texts_of(source, rules, games if "@" not in source else 0)]
    for item in every + list(cookbook_texts()):
        if (item.lang, item.text) not in seen:
            seen.add((item.lang, item.text))
            out.append(item)
    return out


def report(items: list[Text]) -> tuple[Counter, list[str]]:
    """Texts flagged per (check, language), and one line per defect."""
    counts: Counter = Counter()
    lines = []
    for item in items:
        defects = lint_item(item)
        for check in sorted({c for c, _ in defects}):
            counts[check, item.lang] += 1
        lines += [f"[{item.lang}] {check}: {found} — {item.source}: {item.text}"
                  for check, found in defects]
    return counts, lines


def main(argv: list[str]) -> int:
    items = corpus("--designer" in argv)
    counts, lines = report(items)
    if "-v" in argv:
        print("\n".join(lines))
    print(f"{len(items)} texts; flagged per check and language:")
    for check in CHECKS:
        print(f"  {check:12} " + "  ".join(f"{lang} {counts[check, lang]:3}" for lang in LANGS))
    flagged = {(i.lang, i.text) for i in items if lint_item(i)}
    print(f"  texts with a defect: {len(flagged)}")
    return 1 if lines else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
