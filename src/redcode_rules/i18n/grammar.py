"""The grammatical features of generated text: agreement, plurals, articles, verbs.

A template of the catalog writes each word once: an adjective or a state as
said of the language's word for a ship (Spanish ``barco``: masculine, Italian
``nave``: feminine), a noun in the singular, a verb by its name (``{has}``).
The phrase it goes in gives the features: the gender and number of the noun
an adjective goes with, the mood a clause takes after its conjunction (Spanish
``mientras`` wants the subjunctive) and the person of its subject (Spanish
``tienes``). The rules are data, in the ``grammar`` section of each catalog:
the endings an agreeing word takes (``agreement``), how a noun makes its
plural, the indefinite articles and the words they fuse with (Spanish ``un
otro`` is ``otro``, English ``an other`` is ``another``), the verbs by mood
and person, and the mood each kind of clause takes (``moods``).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from .catalog import GENDERS, article, catalog, contract

#: The persons a verb is given in: the reader ("you draw"), a third person,
#: several third persons.
PERSONS = ("2", "3", "3 pl")


def _grammar(lang: str) -> dict[str, Any]:
    return catalog(lang)["grammar"]


def written_gender(lang: str) -> str:
    """The gender the catalog writes adjectives and states in: its word for a
    ship's (``exprs.ship``)."""
    return _grammar(lang)["agreement"]["written"]


def phrase_gender(phrase: str, lang: str) -> str:
    """The gender and number of a noun phrase the catalog writes with its
    article (``el objetivo``: m, ``la tua nave``: f); one without an article
    (``tu barco``, ``questa nave``) is of the language's word for a ship."""
    first = phrase.split(" ", 1)[0].lower() if phrase else ""
    for gender in GENDERS:
        rule = _grammar(lang)["articles"].get(gender)
        if rule is None:
            continue
        forms = [rule] if isinstance(rule, str) else [form for _, form in rule]
        if first in forms or any(f.endswith("'") and first.startswith(f) for f in forms):
            return gender
    return written_gender(lang)


def _inflect(word: str, gender: str, endings: dict[str, dict[str, str]]) -> str:
    """One word with the ending of ``gender``: the longest written ending it has."""
    for ending in sorted(endings, key=len, reverse=True):
        if word.lower().endswith(ending):
            return word[:len(word) - len(ending)] + endings[ending][gender]
    return word


def agree(words: str, gender: str, lang: str) -> str:
    """``words`` (an adjective, a participle or a state, written as said of the
    language's word for a ship) said of a noun of ``gender``: each word takes
    the ending of that gender and number, up to the first word that starts a
    complement (``protegido por un escudo`` → ``protegida por un escudo``,
    ``con el radar interferido`` unchanged); an adverb before it (``más``)
    stays as it is."""
    rules = _grammar(lang)["agreement"]
    if not words or gender == rules["written"] or not rules["endings"]:
        return words
    invariable = set(rules["invariable"])
    adverbs = set(rules["adverbs"])
    out = []
    stopped = False
    for word in words.split(" "):
        plain = word.lower()
        if stopped or plain in adverbs:
            out.append(word)
            continue
        if plain in invariable or "'" in plain:
            stopped = True
            out.append(word)
            continue
        out.append(_inflect(word, gender, rules["endings"]))
    return " ".join(out)


def subject_words(lang: str, gender: str | None = None) -> dict[str, str]:
    """The words a phrase says its subject again with (``grammar.subject_words``:
    Spanish ``lo``, Italian ``la``, ``vista``), as template values of a
    subject of ``gender`` (None: the language's word for a ship): "il
    bersaglio … non lo trascina", "la tua nave … non la trascina"."""
    g = written_gender(lang) if gender is None else gender
    return {name: forms[g] for name, forms in _grammar(lang).get("subject_words", {}).items()}


def plural(noun: str, gender: str, lang: str) -> str:
    """A noun in the plural by the language's ``plural`` rules: the endings
    its words change (by gender where they differ), the words of a compound
    that change (``first``: Spanish ``buques insignia``; ``last``: English
    ``aircraft carriers``; ``agreeing``: Italian ``navi ammiraglie``, up to a
    word that starts a complement, as ``agree`` reads it)."""
    rules = _grammar(lang)["plural"]
    words = noun.split(" ")
    which = rules["words"]
    if which == "first":
        indices = [0]
    elif which == "last":
        indices = [len(words) - 1]
    else:
        invariable = set(_grammar(lang)["agreement"]["invariable"])
        indices = []
        for i, word in enumerate(words):
            if word.lower() in invariable:
                break
            indices.append(i)
    g = gender.split()[0]
    for i in indices:
        words[i] = _plural_word(words[i], g, rules)
    return " ".join(words)


def _plural_word(word: str, gender: str, rules: dict[str, Any]) -> str:
    for pattern, forms in rules["endings"]:
        match = re.search(pattern + "$", word, re.IGNORECASE)
        if match:
            form = forms if isinstance(forms, str) else forms[gender]
            return word[:match.start()] + form.replace("\\0", match.group(0))
    return word


def plural_gender(gender: str) -> str:
    """``m`` → ``m pl``: the gender of a noun's plural."""
    return gender if gender.endswith("pl") else f"{gender} pl"


def indefinite(lang: str, gender: str, word: str) -> str:
    """The indefinite article of a noun of ``gender`` before ``word`` (``un``,
    Italian ``uno``/``un'`` by the next word's sound, English ``a``/``an``),
    fused with the word where the language fuses them (``grammar.fused``)."""
    rule = _grammar(lang)["indefinite"].get(gender.split()[0], "")
    form = rule if isinstance(rule, str) else next(
        (f for p, f in rule if re.match(p, word, re.IGNORECASE)), "")
    joined = form + ("" if form.endswith("'") or not form else " ") + word
    return fuse(lang, joined)


def no_article(lang: str, gender: str) -> str:
    """The word for "no" before a noun of ``gender`` (``ningún``, ``nessuna``)."""
    return _grammar(lang)["none"][gender.split()[0]]


def fuse(lang: str, text: str) -> str:
    """Words the language writes as one (``un otro barco`` → ``otro barco``,
    ``an other ship`` → ``another ship``), the article a vowel wants
    (``vowel_article``: English ``a enemy`` → ``an enemy``, ``an card`` →
    ``a card``), the conjunction the next sound wants (``euphony``: Italian
    ``e è`` → ``ed è``, Spanish ``y i…`` → ``e i…``), then its
    contractions (``de el`` → ``del``)."""
    for pattern, form in _fused(lang):
        text = pattern.sub(form, text)
    return contract(lang, text)


@lru_cache(maxsize=8)
def _fused(lang: str) -> tuple[tuple[re.Pattern[str], str], ...]:
    grammar = _grammar(lang)
    out = [(re.compile(rf"\b{re.escape(words)}\b"), form)
           for words, form in grammar["fused"].items()]
    if "vowel_article" in grammar:  # English "a" before a vowel is "an", "an" else "a"
        a, an = grammar["vowel_article"]
        out.append((re.compile(rf"\b{a} (?=[aeiouAEIOU])"), an + " "))
        out.append((re.compile(rf"\b{an} (?=[^\WaeiouAEIOUh\d_])"), a + " "))
    out.extend((re.compile(pattern), form) for pattern, form in grammar.get("euphony", ()))
    return tuple(out)


def the(lang: str, noun: str, gender: str) -> str:
    """``noun`` with its definite article (``catalog.article``; English, which
    names ships without one, has ``grammar.the`` for the nouns of card text)."""
    art = article(lang, gender, noun) or _grammar(lang).get("the", "")
    if not art:
        return noun
    return art + ("" if art.endswith("'") else " ") + noun


def mood(lang: str, clause: str) -> str:
    """The mood a kind of clause takes in ``lang`` (``grammar.moods``): ``if``,
    ``while``, ``usable``, ``filter`` (a clause about the ship a filter tests)."""
    return _grammar(lang)["moods"][clause]


def verb(lang: str, name: str, mood_: str = "ind", person: str = "3") -> str:
    """A verb of the catalog (``grammar.verbs``) in a mood and person: Spanish
    ``has`` → ``tiene``, ``tengas`` (subjunctive, the reader)."""
    return _grammar(lang)["verbs"][name][mood_][person]


def verbs(lang: str, mood_: str = "ind", person: str = "3") -> dict[str, str]:
    """Every verb of the catalog in one mood and person, as template values,
    with each one's plural (``have``: the verb of two subjects) beside it."""
    table = _grammar(lang)["verbs"]
    out = {name: forms[mood_][person] for name, forms in table.items()}
    out.update({f"{name}_pl": forms[mood_]["3 pl"] for name, forms in table.items()})
    return out


def tidy(text: str) -> str:
    """One space between words, none before a comma or a stop: a template
    whose subject the language leaves out (Spanish ``{who} tienes``) leaves
    no gap."""
    text = re.sub(r" {2,}", " ", text).strip()
    return re.sub(r" ([,.;:)])", r"\1", text)
