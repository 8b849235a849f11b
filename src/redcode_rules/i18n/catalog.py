"""Texts a player reads, per language, from ``i18n/<lang>.yaml``."""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources
from typing import Any, Mapping

import attrs
import yaml

from ..base.errors import LanguageError, quote


@lru_cache(maxsize=8)
def catalog(lang: str = "en") -> dict[str, Any]:
    """The text catalog of a language (safe YAML)."""
    path = resources.files(__package__).joinpath(f"{lang}.yaml")
    if lang not in _languages():
        check_language(lang)
    return yaml.safe_load(path.read_text("utf-8"))


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
    """A status's word in ``lang`` (`intercepted`); ``of_ship``: as said of a ship,
    "the ship is …" (Italian `intercettata`). The card set's own ``name`` and
    ``state`` come first; a status named nowhere reads as its id in words."""
    own = own_words(status, lang, words)
    if of_ship and own.state:
        return own.state
    if own.name:
        return own.name
    cat = catalog(lang)
    words = cat["status_states"] if of_ship else cat["statuses"]
    return words.get(status) or cat["statuses"].get(status) or status.replace("_", " ")


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
    for words, form in (catalog(lang).get("grammar") or {}).get("contractions", {}).items():
        end = "" if words.endswith("'") else r"\b"
        text = re.sub(rf"\b{re.escape(words)}{end}", form, text)
    return text


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
