"""Texts a player reads, per language, from ``i18n/<lang>.yaml``."""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources
from typing import Any, Mapping

import attrs
import yaml

from ..base.errors import LanguageError, quote


#: PyYAML's safe loader, in C where libyaml is there (the same data, read ten
#: times faster: every process reads the three catalogs)
SAFE_YAML = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@lru_cache(maxsize=8)
def catalog(lang: str = "en") -> dict[str, Any]:
    """The text catalog of a language (safe YAML)."""
    path = resources.files(__package__).joinpath(f"{lang}.yaml")
    if lang not in _languages():
        check_language(lang)
    return yaml.load(path.read_text("utf-8"), Loader=SAFE_YAML)


@lru_cache(maxsize=1)
def _languages() -> tuple[str, ...]:
    root = resources.files(__package__)
    return tuple(sorted(p.name[:-5] for p in root.iterdir() if p.name.endswith(".yaml")))


def languages() -> list[str]:
    """The languages with texts: one ``i18n/<code>.yaml`` each (en, es, it)."""
    return list(_languages())


def check_language(lang: str) -> str:
    """``lang`` if it has texts, else a LanguageError naming the languages that do."""
    if lang not in _languages():
        raise LanguageError(f"no texts for language {quote(lang)}; the languages are "
                            f"{', '.join(_languages())}")
    return lang


def pick(template: Any, amount: int | None = None) -> str:
    """A template string, choosing its `one`/`other` form by ``amount``."""
    if isinstance(template, dict):
        return template["one"] if amount == 1 else template["other"]
    return str(template)


def text(lang: str, section: str, key: str, amount: int | None = None, **values: Any) -> str:
    """A filled-in template: ``text("en", "illegal", "unavailable", card=..., count=2)``."""
    return pick(catalog(lang)[section][key], amount).format(amount=amount, **values)


def status_name(status: str, lang: str = "en", of_ship: bool = False,
                words: Words | None = None) -> str:
    """A status's name in ``lang``, without an article (`intercepted`,
    Italian `intercettazione`); ``of_ship``: its state, as said of a ship
    ("the ship is …", ``status_state``). The card set's own ``name`` comes
    first; a status named nowhere reads as its id in words."""
    if of_ship:
        return status_state(status, lang, words)
    return bare_name(_status_name(status, lang, words), lang)[0]


def _status_name(status: str, lang: str, words: Words | None) -> str:
    return own_words(status, lang, words).name or catalog(lang)["statuses"].get(status) \
        or status.replace("_", " ")


def status_state(status: str, lang: str = "en", words: Words | None = None,
                 nature: str = "neutral") -> str:
    """A status as said of a ship (Italian `intercettata`), written for the
    language's word for a ship (text/statuses.py makes it agree with another):
    the card set's ``state``, the catalog's, its name where the name is no
    noun (no gender, no article: Spanish `en llamas`), else the catalog's
    phrase around its name (`bajo el efecto del sigilo`)."""
    own = own_words(status, lang, words)
    if own.state:
        return own.state
    cat = catalog(lang)
    if not own.name and status in cat["status_states"]:
        return cat["status_states"][status]
    if not is_noun(status, lang, words):
        return _status_name(status, lang, words)
    return under_name(status, lang, words, nature)


def is_noun(status: str, lang: str, words: Words | None = None) -> bool:
    """Whether a status's name in ``lang`` is a noun, so that it cannot be
    said of a ship as it is ("la nave è furtività"): one written with an
    article, or, where the language's status names are nouns
    (``grammar.gendered_names_are_nouns``: Italian "furtività" (f)), one
    given a gender (a Spanish name with a gender is an agreeing adjective:
    "marcado" (m)) unless it ends as a participle or an adjective does
    (``grammar.adjective_endings``: Italian "inceppato" (m))."""
    own = own_words(status, lang, words)
    name = _status_name(status, lang, words)
    if bare_name(name, lang) != (name, None):
        return True
    grammar = catalog(lang)["grammar"]
    adjective = name.lower().endswith(tuple(grammar.get("adjective_endings", ())))
    return own.gender is not None and grammar["gendered_names_are_nouns"] and not adjective


def status_gender(status: str, lang: str, words: Words | None = None) -> str:
    """The gender of a status's name: its file's, the article it was written
    with, the catalog's (``grammar.genders``), else the language's default."""
    own = own_words(status, lang, words)
    if own.gender:
        return own.gender
    shown = bare_name(_status_name(status, lang, words), lang)[1]
    return shown or gender(status, lang, words)


def under_name(status: str, lang: str, words: Words | None, nature: str) -> str:
    """A status named by a noun, said of a ship by the phrase of its nature
    (``status_rules.under``: Spanish `al amparo del sigilo`)."""
    name = status_name(status, lang, words=words)
    named = with_article(lang, name, status_gender(status, lang, words))
    return contract(lang, catalog(lang)["status_rules"]["under"][nature].format(name=named))


def bare_name(name: str, lang: str) -> tuple[str, str | None]:
    """A name written with its definite article (`la nebbia`, `l'incendio`)
    without it, and the gender the article shows (None: no article, or one
    that shows none, as Italian `l'`)."""
    table = catalog(lang)["grammar"]["articles"]
    for gender_, rule in table.items():
        forms = [rule] if isinstance(rule, str) else [form for _, form in rule]
        for form in forms:
            if form.endswith("'") and name.lower().startswith(form):
                return name[len(form):], None
            if name.lower().startswith(form + " "):
                return name[len(form) + 1:], gender_
    return name, None


#: The grammatical genders (and numbers) a name can have (``grammar.genders``).
GENDERS = ("m", "f", "m pl", "f pl")


@attrs.frozen
class Wording:
    """A card set's own words for one card, ship type or status in one
    language, from its card file (``name es "Mina marina" (f)``, ``flavour``,
    ``state``): they come before the catalog's."""

    name: str | None = None
    """The printed name."""
    gender: str | None = None
    """The gender of the name's noun (one of ``GENDERS``), for articles and agreement."""
    flavour: str | None = None
    """Flavour text: printed on the card, no rule."""
    state: str | None = None
    """A status as said of a ship ("the ship is …"), where it differs from its name."""


#: A card set's own words: language → id → Wording (``Ruleset.words``).
Words = Mapping[str, Mapping[str, Wording]]


def own_words(ident: str, lang: str, words: Words | None) -> Wording:
    """The card set's words for ``ident`` in ``lang`` (an empty Wording if none)."""
    return (words or {}).get(lang, {}).get(ident) or NO_WORDING


NO_WORDING = Wording()


def display_name(ident: str, lang: str = "en", words: Words | None = None) -> str:
    """A card or ship type's printed name: the card set's own (``words``), the
    catalog's, the card set's English one, else the id read as words."""
    own = own_words(ident, lang, words).name
    if own:
        return own
    names = catalog(lang)["names"]
    return names.get(ident) or own_words(ident, "en", words).name \
        or ident.replace("_", " ").capitalize()


def mode_name(card: str, mode: str, lang: str = "en", words: Words | None = None) -> str:
    """A card's mode as its text says it (D4.15): the card set's own name of
    the mode (``mode NAME { name … }``, kept as ``CARD.MODE``), its English
    one, else the mode's word read as words."""
    ident = f"{card}.{mode}"
    return own_words(ident, lang, words).name or own_words(ident, "en", words).name \
        or mode.replace("_", " ")


def token_name(token: str, lang: str = "en", words: Words | None = None) -> str:
    """A token kind's word in ``lang``, said beside the word for a token ("mine
    token", "ficha mina"): the card set's own name, its English one, else the
    id in words."""
    return own_words(token, lang, words).name or own_words(token, "en", words).name \
        or token.replace("_", " ")


def flavour(ident: str, lang: str = "en", words: Words | None = None) -> str | None:
    """A card's or ship type's flavour text in ``lang`` (else English), if its file gives one."""
    return own_words(ident, lang, words).flavour or own_words(ident, "en", words).flavour


def _ship_type(ship_id: str) -> str | None:
    """The type of a ``<side>-<type>`` ship id; None for an id a scenario chose."""
    side, _, kind = ship_id.partition("-")
    return kind if side in ("blue", "red") and kind else None


def gender(ident: str, lang: str = "en", words: Words | None = None) -> str:
    """The grammatical gender (and number) of a name: m, f, "m pl" or "f pl";
    the card set's own first."""
    own = own_words(ident, lang, words).gender
    if own:
        return own
    grammar = catalog(lang)["grammar"]
    return grammar["genders"].get(ident, grammar["default_gender"])


def ship_display(ship_id: str, lang: str = "en", words: Words | None = None) -> str:
    """`blue-submarine` → "blue submarine" / "submarino azul"; other ids as they are.

    The side agrees with the type's gender (``sides_feminine``: "portaerei rossa")."""
    cat = catalog(lang)
    kind = _ship_type(ship_id)
    if kind is None:
        return ship_id
    side = ship_id.partition("-")[0]
    sides = cat["sides_feminine"] if gender(kind, lang, words).startswith("f") else cat["sides"]
    return cat["ship_name"].format(side=sides[side],
                                   type=display_name(kind, lang, words).lower()).strip()


def article(lang: str, gender_: str, word: str) -> str:
    """The definite article of a noun of that gender before ``word`` ("" if the
    language names ships without one). A rule list picks by the word's start."""
    rule = catalog(lang)["grammar"]["articles"].get(gender_, "")
    if isinstance(rule, str):
        return rule
    for pattern, form in rule:
        if re.match(pattern, word, re.IGNORECASE):
            return form
    return ""


def with_article(lang: str, phrase: str, gender_: str, preposition: str = "") -> str:
    """``phrase`` with its article, after ``preposition`` if any, contracted
    the language's way: ("es", "submarino azul", "m", "de") → "del submarino azul"."""
    art = article(lang, gender_, phrase)
    words = " ".join(w for w in (preposition, art) if w)
    if preposition and art:
        words = catalog(lang)["grammar"]["contractions"].get(words, words)
    if not words:
        return phrase
    return words + ("" if words.endswith("'") else " ") + phrase


def contract(lang: str, text: str) -> str:
    """Generated ``text`` with each preposition that meets an article
    contracted as the language's grammar says (it: "maggiore di l'equipaggio"
    → "maggiore dell'equipaggio", "di i punti" → "dei punti")."""
    found = _contractions(lang)
    if found is None:
        return text
    pattern, forms = found
    return pattern.sub(lambda m: forms[m.group(0)], text)


@lru_cache(maxsize=8)
def _contractions(lang: str) -> tuple[re.Pattern[str], dict[str, str]] | None:
    """One pattern for every contraction of a language, and what each becomes."""
    forms = (catalog(lang).get("grammar") or {}).get("contractions", {})
    if not forms:
        return None
    alternatives = [re.escape(w) + ("" if w.endswith("'") else r"\b")
                    for w in sorted(forms, key=len, reverse=True)]
    return re.compile(r"\b(?:" + "|".join(alternatives) + ")"), dict(forms)


class ShipName:
    """A ship as a template value: ``{ship}`` with its article, ``{ship:bare}``
    without, ``{ship:de}`` after a preposition (contracted: "del", "sulla").

    A ship named by a scenario (not ``<side>-<type>``) is a proper name: no
    article. ``words``: the card set's own names and genders (``Ruleset.words``).
    """

    __slots__ = ("ship_id", "lang", "words")

    def __init__(self, ship_id: str, lang: str, words: Words | None = None):
        self.ship_id = ship_id
        self.lang = lang
        self.words = words

    def __format__(self, spec: str) -> str:
        name = ship_display(self.ship_id, self.lang, self.words)
        kind = _ship_type(self.ship_id)
        if spec == "bare":
            return name
        if kind is None:
            return f"{spec} {name}" if spec else name
        return with_article(self.lang, name, gender(kind, self.lang, self.words), spec)

    def __str__(self) -> str:
        return format(self, "")
