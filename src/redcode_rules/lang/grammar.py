"""The card language's grammar: its text, the parser built once, the words
it uses, and where a name may be one of those words.

The grammar itself is ``grammar/redcode.lark``; the compiler, the syntax
errors (lang/syntax.py) and the DSL reference read it through here.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

import lark
from lark import Token

from ..base.kinds import MoveKind
from ..rules.exprs import Adjective

#: What a terminal of the grammar is called in a syntax error.
WORDS = {
    "NAME": "a name", "INT": "a number", "STRING": 'a quoted text such as "Sea mine"',
    "AREA": "an area size such as 2x2", "TEAMS": "a team size such as 3v3",
    "LBRACE": "'{'", "RBRACE": "'}'", "SEMICOLON": "';'", "$END": "the end of the file",
    "FLAG": "'respondable', 'response'", "NOT": "'not'",
    "WORDING": "'flavour', 'name', 'state'", "LPAR": "'('", "RPAR": "')'",
    # expressions (lang/exprs.py)
    "ADDOP": "'+', '-'", "SIGN": "'+', '-'", "CMP": "a comparison such as <=",
    "PLACE": "'sight', 'area', 'line', 'row', 'column', 'diagonal'",
}


@lru_cache(maxsize=1)
def grammar_text() -> str:
    return resources.files("redcode_rules.grammar").joinpath("redcode.lark").read_text("utf-8")


@lru_cache(maxsize=1)
def card_parser() -> lark.Lark:
    """The card language's parser, built once (the DSL reference parses its examples)."""
    return lark.Lark(grammar_text(), parser="lalr", propagate_positions=True)


@lru_cache(maxsize=1)
def grammar_words() -> frozenset[str]:
    """The words the card language itself uses (``ship``, ``where``, ``not``,
    ``self``...): no status or ship type may be called one."""
    return frozenset(t.pattern.value for t in card_parser().terminals
                     if t.pattern.type == "str" and t.pattern.value.isalpha())


#: Where a name of each kind is written, ``{}`` standing for it: a word the
#: grammar also uses is a good name when every one of these reads it as a
#: name (``status turn``: the grammar's ``turn`` only follows ``this`` or
#: ``next``), and a bad one when one of them reads it as its own word.
NAME_USES: dict[str, tuple[str, ...]] = {
    "card": ("order {} {{ copies 1 }}", "patch order {} {{ copies 1 }}", "remove order {}",
             "status s {{ this turn forbids {} }}", "status s {{ this turn forbids orders {} }}",
             "status s {{ this turn untargetable by {} }}",
             "status s {{ this turn modify range -1 on {} }}",
             "ship s {{ maneuvers {} movement }}", "ship s {{ maneuvers movement {} }}"),
    "status": ("status {} {{ this turn }}", "patch status {} {{ this turn }}",
               "remove status {}", "order o {{ copies 1 effect status {} on target }}",
               "order o {{ copies 1 target {} ship }}",
               "order o {{ copies 1 target enemy {} ship }}",
               "order o {{ copies 1 effect damage 1 to each {} ship }}",
               "order o {{ copies 1 usable if target is {} }}",
               "order o {{ copies 1 usable if target is not {} enemy }}",
               "order o {{ copies 1 usable if target is enemy {} }}",
               "order o {{ copies 1 effect damage 1 to each enemy {} ship }}",
               "ship s {{ ability {} }}", "ship s {{ ability armoured {} }}"),
    "ship": ("ship {} {{ crew 1 }}", "patch ship {} {{ crew 1 }}", "remove ship {}",
             "order o {{ copies 1 target {} ship }}",
             "order o {{ copies 1 target enemy {} ship }}",
             "order o {{ copies 1 effect damage 1 to each {} ship }}",
             "order o {{ copies 1 usable if target is {} }}",
             "order o {{ copies 1 usable if target is not {} enemy }}",
             "order o {{ copies 1 usable if target is enemy {} }}",
             "order o {{ copies 1 effect damage 1 to each enemy {} ship }}"),
}


@lru_cache(maxsize=512)
def name_clash(word: str, kind: str) -> str | None:
    """Where the card language would read ``word``, a name of ``kind`` (card,
    status, ship), as a word of its own (the use in ``NAME_USES``), or None
    when every use reads it as the name."""
    if word not in grammar_words():
        return None
    for use in NAME_USES[kind]:
        text = use.format(word)
        try:
            tree = card_parser().parse(text)
        except lark.exceptions.LarkError:
            return text
        names = [t for t in tree.scan_values(lambda v: isinstance(v, Token)) if t == word]
        if not names or any(t.type != "NAME" for t in names):
            return text
    return None


#: The adjectives of a filter (exprs.Adjective): no status or ship type may
#: be called one.
ADJECTIVES = frozenset(a.value for a in Adjective)
#: The first words of move notation (docs/notation.md): no card may be called
#: one, or its move would read as another (`end`, `pass`, `order ...`).
NOTATION_WORDS = frozenset(k.value for k in MoveKind if k is not MoveKind.USE)
