"""The glossary of each language: one term for each concept of the game,
the printed rulebook's first (``i18n/glossary/<lang>.yaml``), and the words a
text must not use instead.

Two words for one concept ("alcance" on a status, "Distancia" on a card) or
one word for two ("avería" for a breakdown and for damage control) make a
reader stumble; the glossary names the one word, and ``avoided`` finds the
others in a text. tests/text_lint.py checks every generated text against
it; ``redcode check`` warns of a card set's name that uses one of them.
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources
from typing import Iterable

import attrs
import yaml

from .catalog import SAFE_YAML, check_language

#: Where a term comes from: the printed rulebook, or the project's choice.
SOURCES = ("rulebook", "project")


@attrs.frozen
class Term:
    """One concept's word in one language."""

    concept: str
    """The concept, as the code names it (``range``, ``breakdown``)."""
    term: str
    """The word every text uses for it."""
    source: str
    """``rulebook`` (the printed rulebook's word) or ``project``."""
    avoid: tuple[str, ...] = ()
    """Words a text must not use instead (whole words, any case)."""
    note: str = ""
    """Where the rulebook says it (its ``quote``), or why the project chose it."""


@lru_cache(maxsize=8)
def glossary(lang: str) -> tuple[Term, ...]:
    """The terms of ``lang``, the rulebook's first."""
    check_language(lang)
    path = resources.files(__package__).joinpath("glossary", f"{lang}.yaml")
    data = yaml.load(path.read_text("utf-8"), Loader=SAFE_YAML)
    return tuple(Term(entry["concept"], entry["term"], source, tuple(entry.get("avoid", ())),
                      entry.get("quote") or entry.get("note") or "")
                 for source in SOURCES for entry in data.get(source, ()))


@lru_cache(maxsize=512)
def _pattern(word: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w']){re.escape(word)}(?![\w'])", re.IGNORECASE)


@lru_cache(maxsize=64)
def _any_of(words: frozenset[str]) -> re.Pattern[str] | None:
    """One pattern for any of ``words`` (longest first), or None for none."""
    alternatives = [re.escape(w) for w in sorted(words, key=len, reverse=True) if w]
    if not alternatives:
        return None
    return re.compile(rf"(?<![\w'])(?:{'|'.join(alternatives)})(?![\w'])", re.IGNORECASE)


def avoided(text: str, lang: str, names: Iterable[str] = ()) -> list[tuple[str, Term]]:
    """Each word of ``text`` the glossary of ``lang`` avoids, with its term;
    the card set's own ``names`` (said as their designer wrote them) are
    left out of the search."""
    exempt = _any_of(frozenset(names))
    if exempt is not None:
        text = exempt.sub(" ", text)
    found = []
    for term in glossary(lang):
        for word in term.avoid:
            found += [(m.group(0), term) for m in _pattern(word).finditer(text)]
    return found
