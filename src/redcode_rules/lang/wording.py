"""What ``redcode check`` warns of in a card file's words: what a language
needs to say a card, status, ship type or token and the file does not give.

A card set loads without them (the text falls back to the English name, and
a status's name stands for its state), but a Spanish or Italian player then
reads "beneficia di pronto all'impatto". The warnings, each with its file,
line and column:

- a declaration with no ``name`` in a language;
- a status with no ``state`` in a language that agrees it with a ship
  (Spanish, Italian): how the status is said of a ship ("queda en llamas",
  "è in fiamme");
- a name written with its article ("la nebbia"): the text adds the article
  a sentence needs, so the name comes alone, with its gender;
- a word of a name that the language's glossary avoids (i18n/glossary).
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs

from ..i18n.catalog import bare_name, catalog, languages
from ..i18n.glossary import avoided
from .loader import read_card_file
from .parse import parse_source
from .records import Decl, Pos, Words

#: The declarations that have words of their own.
WORDED = ("maneuver", "order", "status", "ship", "token")


@attrs.frozen
class Notice:
    """One warning about a card file's words, with where it applies."""

    file: str
    line: int
    column: int
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}: warning: {self.message}"


def _at(pos: Pos, message: str) -> Notice:
    return Notice(pos.file, pos.line, pos.column, message)


def _agreeing() -> list[str]:
    """The languages whose states agree with the ship they are said of."""
    return [lang for lang in languages() if catalog(lang)["grammar"]["agreement"]["endings"]]


def parsed_files(paths: list[str]) -> Iterator[tuple[str, list[Decl]]]:
    """Each card file of ``paths`` that reads and parses, with its
    declarations, for the warnings (a file that cannot be read or parsed has
    none: ``check_files`` reports its error)."""
    for path in paths:
        try:
            decls = parse_source(read_card_file(path), path)
        except Exception:  # an error of its own, reported by check_files
            continue
        yield path, decls


def wording_notices(paths: list[str]) -> list[Notice]:
    """Every warning about the words of the card files ``paths``."""
    out: list[Notice] = []
    for _, decls in parsed_files(paths):
        for decl in decls:
            if decl.action == "new" and decl.kind in WORDED:
                out += _declaration(decl)
            elif decl.action == "patch" and decl.kind in WORDED:
                out += _given(decl)
    return out


def _said(decl: Decl, prop: str) -> dict[str, Words]:
    return {w.lang: w for p in decl.props if p.name == prop for w in p.value}


def _declaration(decl: Decl) -> list[Notice]:
    """The warnings of a new declaration: what it lacks, then what it gives."""
    names, states = _said(decl, "name"), _said(decl, "state")
    what = f"{decl.kind} '{decl.id}'"
    out = []
    for lang in languages():
        if lang not in names:
            shown = names["en"].text if "en" in names else decl.id.replace("_", " ")
            out.append(_at(decl.pos, f"{what} has no name in '{lang}': the texts in '{lang}' "
                                     f"will call it '{shown}' (name {lang} \"…\")"))
        if decl.kind == "status" and lang in _agreeing() and lang not in states:
            out.append(_at(decl.pos, f"{what} has no state in '{lang}': the texts in '{lang}' "
                                     "say a status of a ship by its state, which agrees with "
                                     f"the ship (as {_example(lang)}: state {lang} \"…\")"))
    return out + _mode_names(decl) + _given(decl)


def _mode_names(decl: Decl) -> list[Notice]:
    """A mode with no name in a language (D4.15): its card says the mode's
    own word there."""
    out = []
    for prop in decl.props:
        if prop.name != "mode":
            continue
        for spec in prop.value:
            names = {w.lang: w for p in spec.props if p.name == "name" for w in p.value}
            for lang in languages():
                if lang not in names:
                    shown = names["en"].text if "en" in names else spec.name.replace("_", " ")
                    out.append(_at(spec.pos, f"mode '{spec.name}' of {decl.kind} '{decl.id}' "
                                             f"has no name in '{lang}': the texts in '{lang}' "
                                             f"will call it '{shown}' (name {lang} \"…\")"))
    return out


def _example(lang: str) -> str:
    """What a state is, in the language's own words (``status_states`` of the printed status)."""
    return f"'{catalog(lang)['status_states']['intercepted']}'"


def _given(decl: Decl) -> list[Notice]:
    """The warnings of the words a declaration gives: a name with its article,
    a word the glossary avoids."""
    what = f"{decl.kind} '{decl.id}'"
    out = []
    for prop in ("name", "state"):
        for lang, said in _said(decl, prop).items():
            bare, shown = bare_name(said.text, lang)
            if prop == "name" and bare != said.text:
                gender = f"({shown})" if shown else "(m) or (f)"
                out.append(_at(said.pos, f"{what}: its name in '{lang}' starts with an "
                                         f"article; give the name alone, with its gender: "
                                         f"{lang} \"{bare}\" {gender} — the text adds the "
                                         "article a sentence needs"))
            for word, term in avoided(said.text, lang):
                out.append(_at(said.pos, f"{what}: '{word}' in its {prop} in '{lang}' is not "
                                         f"the word of the game: the glossary says "
                                         f"'{term.term}' ({term.concept})"))
    return out
