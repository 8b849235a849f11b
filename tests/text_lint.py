"""A linter for generated card text: what a printed card would never say.

``lint(text, lang, names)`` returns the defects of one text, each as
``(check, detail)``; ``corpus()`` yields every text the project generates
for the printed editions and the example card files (cards, statuses,
tokens, ship types and their abilities) in English, Spanish and Italian.
tests/test_text_lint.py runs it; ``python tests/text_lint.py`` prints the
defects found, counted per check and language.

The checks are small word lists and patterns, on purpose: each says one
thing a reader would stumble on (an id, an English word in Spanish, a
word said twice, nested brackets, an article of the wrong gender, a "99"
standing for "all").
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path
from typing import Iterator, NamedTuple

import redcode_rules as rc
from redcode_rules.text.cards import ship_rule_text, token_text

from conftest import shared_rules

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "cards" / "examples"
#: card ideas written as a designer would, not taken from the examples
DESIGNER = Path(__file__).resolve().parent / "data" / "designer_cards.rc"
LANGS = ("en", "es", "it")
EDITIONS = ("en", "es", "it")
CHECKS = ("identifier", "english", "repeated", "parentheses", "article", "number", "wording")

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
        "alcance": "m", "movimiento": "m", "movimientos": "m pl", "avería": "f",
        "averías": "f pl", "cubo": "m", "punto": "m", "puntos": "m pl", "tripulación": "f",
        "final": "m", "comienzo": "m", "efecto": "m", "estado": "m",
    },
    "it": {
        "nave": "f", "navi": "f pl", "bersaglio": "m", "casella": "f", "caselle": "f pl",
        "carta": "f", "carte": "f pl", "manovra": "f", "manovre": "f pl",
        "riparazione": "f", "riparazioni": "f pl", "equipaggio": "m", "giocatore": "m",
        "giocatori": "m pl", "mano": "f", "mazzo": "m", "turno": "m", "partita": "f",
        "squadra": "f", "schieramento": "m", "segnalino": "m", "segnalini": "m pl",
        "riserva": "f", "distanza": "f", "campo": "m", "tabellone": "m", "risposta": "f",
        "danno": "m", "danni": "m pl", "gittata": "f", "spostamento": "m",
        "spostamenti": "m pl", "avaria": "f", "avarie": "f pl", "cubo": "m", "punto": "m",
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

#: phrases a language never prints: "an other", a second word for "order card"
WRONG_PHRASES = {
    "en": (r"\ban other\b", r"\ba other\b", r"\borders cards?\b"),
    "es": (r"\bun otro\b", r"\buna otra\b", r"\bcada otro\b", r"\bcada otra\b",
           r"\bcartas? (?:de )?orden\b", r"\bcartas? órdenes\b"),
    "it": (r"\bun altro\b(?= nav)", r"\bcart[ae] ordin[ei]\b", r"\bcart[ae] d'ordine\b"),
}

#: English subjects of a clause that a second clause should not say again
SUBJECT_WORDS = 2


class Text(NamedTuple):
    """One generated text: where it comes from, its language and the names
    (cards, statuses, tokens, ship types) its card set gives in it."""
    source: str
    lang: str
    text: str
    names: frozenset[str]
    ids: frozenset[str]


def _words(text: str) -> list[str]:
    return WORD.findall(text)


def _clauses(text: str) -> list[str]:
    return [c.strip() for c in re.split(r"[.;:,()]| and | y | e | if | si | se ", text)
            if len(_words(c)) >= 3]


def check_identifier(text: str, lang: str, names: frozenset[str],
                     ids: frozenset[str]) -> list[str]:
    """An underscore, or a card set's id that is not also a word of its names."""
    found = re.findall(r"\w*_\w*", text)
    words = {w.lower() for w in _words(text)}
    found += sorted(i for i in ids if "_" not in i and i in words and i not in names)
    return found


def check_english(text: str, lang: str, names: frozenset[str],
                  ids: frozenset[str]) -> list[str]:
    """An English word in Spanish or Italian text that no name of the set holds."""
    if lang == "en":
        return []
    native = NATIVE.get(lang, frozenset())
    return [w for w in _words(text)
            if w.lower() in ENGLISH and w.lower() not in native and w.lower() not in names]


def check_repeated(text: str, lang: str, names: frozenset[str],
                   ids: frozenset[str]) -> list[str]:
    """A word said twice in a row, a clause said twice, or the subject of a
    clause said again by the next one ("the target regains …; the target recovers")."""
    out = [f"{a} {b}" for a, b in re.findall(r"\b(\w+) (\w+)\b", text)
           if a.lower() == b.lower()]
    seen: set[str] = set()
    for clause in _clauses(text):
        key = clause.lower()
        if key in seen:
            out.append(clause)
        seen.add(key)
    for sentence in re.split(r"[.:]", text):
        parts = [p.strip() for p in re.split(r";| and | y | e ", sentence)]
        heads = [" ".join(p.split()[:SUBJECT_WORDS]).lower() for p in parts]
        out += [f"subject '{h}' said again" for h, prev in zip(heads[1:], heads)
                if h and h == prev and len(h.split()) == SUBJECT_WORDS
                and not re.match(r"[-+\dN]", h)]
    return out


def check_parentheses(text: str, lang: str, names: frozenset[str],
                      ids: frozenset[str]) -> list[str]:
    """Parentheses that do not balance, or one inside another."""
    depth, out = 0, []
    for i, ch in enumerate(text):
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


def check_article(text: str, lang: str, names: frozenset[str],
                  ids: frozenset[str]) -> list[str]:
    """An article or agreeing word whose gender is not its noun's."""
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


def check_number(text: str, lang: str, names: frozenset[str],
                 ids: frozenset[str]) -> list[str]:
    """A number no card means (`discard 99`): a workaround for "all"."""
    return [n for n in re.findall(r"\d+", text) if int(n) >= 10]


def check_wording(text: str, lang: str, names: frozenset[str],
                  ids: frozenset[str]) -> list[str]:
    """A phrase the language never prints: "an other", a second name for order cards."""
    return [m.group(0) for pattern in WRONG_PHRASES.get(lang, ())
            for m in re.finditer(pattern, text, re.IGNORECASE)]


CHECKERS = {"identifier": check_identifier, "english": check_english,
            "repeated": check_repeated, "parentheses": check_parentheses,
            "article": check_article, "number": check_number, "wording": check_wording}


def lint(text: str, lang: str, names: frozenset[str] = frozenset(),
         ids: frozenset[str] = frozenset()) -> list[tuple[str, str]]:
    """The defects of one text: (check, what it found), in the order of CHECKS."""
    return [(check, str(found)) for check in CHECKS
            for found in CHECKERS[check](text, lang, names, ids)]


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


def names_of(rules: rc.Ruleset, lang: str) -> frozenset[str]:
    """Every word of every name the card set and catalog give in ``lang``."""
    idents = [*rules.maneuvers, *rules.orders, *rules.statuses, *rules.tokens, *rules.ships]
    words: set[str] = set()
    for ident in idents:
        own = rules.words.get(lang, {}).get(ident)
        for name in (rules.name_of(ident, lang), own and own.state):
            words.update(w.lower() for w in _words(name or ""))
    return frozenset(words)


def texts_of(source: str, rules: rc.Ruleset) -> Iterator[Text]:
    """Every text of a ruleset, in each language."""
    ids = frozenset([*rules.maneuvers, *rules.orders, *rules.statuses, *rules.tokens,
                     *rules.ships])
    for lang in LANGS:
        names = names_of(rules, lang)
        items = [(f"card {c}", rules.text(c, lang)) for c in [*rules.maneuvers, *rules.orders]]
        items += [(f"status {s}", rules.status_text(s, lang)) for s in rules.statuses]
        items += [(f"token {t}", token_text(k, lang, rules.statuses, rules.words))
                  for t, k in rules.tokens.items()]
        items += [(f"ship {s}", ship_rule_text(k, lang, rules.statuses, rules.words))
                  for s, k in rules.ships.items()]
        for where, text in items:
            if text:
                yield Text(f"{source} {where}", lang, text, names, ids)


def corpus(designer: bool = True) -> list[Text]:
    """Every generated text, each once (a text the same in two rulesets once)."""
    seen, out = set(), []
    for source, rules in rulesets(designer):
        for item in texts_of(source, rules):
            if (item.lang, item.text) not in seen:
                seen.add((item.lang, item.text))
                out.append(item)
    return out


def report(items: list[Text]) -> tuple[Counter, list[str]]:
    """Texts flagged per (check, language), and one line per defect."""
    counts: Counter = Counter()
    lines = []
    for item in items:
        defects = lint(item.text, item.lang, item.names, item.ids)
        for check in sorted({c for c, _ in defects}):
            counts[check, item.lang] += 1
        lines += [f"[{item.lang}] {check}: {found} — {item.source}: {item.text}"
                  for check, found in defects]
    return counts, lines


def main(argv: list[str]) -> int:
    designer = "--no-designer" not in argv
    items = corpus(designer)
    counts, lines = report(items)
    if "-v" in argv:
        print("\n".join(lines))
    print(f"{len(items)} texts; flagged per check and language:")
    for check in CHECKS:
        print(f"  {check:12} " + "  ".join(f"{lang} {counts[check, lang]:3}" for lang in LANGS))
    flagged = {(i.lang, i.text) for i in items if lint(i.text, i.lang, i.names, i.ids)}
    print(f"  texts with a defect: {len(flagged)}")
    return 1 if lines else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
