"""The limits of one card file, each checked before the work it bounds.

A card file may come from anyone (a save or a replay carries the text of
every card file it was played with), so what it can make the compiler and
the engine do is bounded: its size before it is read or parsed
(``check_text``), the characters it may hold before it is parsed, then the
shape of its parse tree (declarations, effects, terms, nesting) before the
tree is turned into declarations, which recurses (``check_tree``). Each
limit is a ``DslError`` that names it, at the line where it is passed; the
values are listed in docs/security.md.
"""

from __future__ import annotations

import re
import unicodedata

import lark

from ..base.errors import TERMINAL_CONTROLS, DslError

#: The most bytes of one card file (UTF-8): the largest shipped file holds
#: 2,300; a board of 26x26 boxes needs 169 map cards, about 6,000. Parsing
#: costs about 30 microseconds a byte when every token is one character or
#: two (`((((`, `1+1+1`), so a file at the limit is parsed and refused or
#: compiled within about a second.
MAX_FILE_BYTES = 32_000
#: The most declarations (cards, ships, statuses, maps, patches...) of one file.
MAX_DECLARATIONS = 500
#: The most effects of one declaration: its ``effect`` line and the effects of
#: its triggers together (the base cards have 1 or 2). It bounds what one
#: card or status can make a move do.
MAX_EFFECTS = 16
#: The most terms of one expression: numbers and quantities added in one
#: amount, conditions joined by one run of ``and`` or of ``or``, words of a
#: test or a filter.
MAX_TERMS = 16
#: How deep parentheses and ``not`` may nest in a condition.
MAX_NESTING = 16
#: The most ships a counted target names (``target up to N …``): every ship
#: of a 3v3 (D4.13).
MAX_TARGETS = 6
#: The most modes a card has (``mode NAME { … }``, D4.15), and the fewest is 2.
MAX_MODES = 6

#: Characters a card file may not hold anywhere, comments included: what a
#: terminal would act on (``errors.TERMINAL_CONTROLS``: C0 but tab and line
#: feed, DEL, C1, the bidirectional formatting characters, which make a line
#: read otherwise than it parses), but a carriage return before a line feed;
#: and the line and paragraph separators (they would split lines where the
#: parser does not).
FORBIDDEN = re.compile(f"(?!\r\n)[{TERMINAL_CONTROLS}\u2028\u2029]")

#: The rules whose children are one expression's terms.
TERMS = {"cond_or": "conditions joined by 'or'", "cond_all": "conditions joined by 'and'",
         "amount": "numbers and quantities added"}
#: The rules whose NAME children are the words of one test or filter.
WORDS = {"cond_is": "words tested", "sel_ships": "words of a filter",
         "target_filtered": "words of a filter", "sel_players": "words of a filter",
         "sel_random": "words of a filter"}
#: The rules that nest a condition one level deeper (a parenthesis, ``not``).
NESTING = ("cond_or", "cond_not")


def shown(char: str) -> str:
    """A character as an error names it: ``U+202E (RIGHT-TO-LEFT OVERRIDE)``,
    ``U+001B`` (control characters have no name)."""
    name = unicodedata.name(char, "")
    return f"U+{ord(char):04X}" + (f" ({name})" if name else "")


def escaped(line: str) -> str:
    """A line with every forbidden character written as an escape, safe to print."""
    return FORBIDDEN.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), line)


def _line_at(text: str, at: int) -> tuple[int, int, str]:
    """(line, column, the line) of offset ``at``, lines split at line feeds
    only, as the parser counts them."""
    begin = text.rfind("\n", 0, at) + 1
    end = text.find("\n", at)
    return text.count("\n", 0, at) + 1, at - begin + 1, text[begin:end if end >= 0 else None]


def check_text(text: str, file: str) -> None:
    """A card file's size and characters, before it is parsed."""
    # a character is at least one byte: a text of more characters is not encoded
    if len(text) > MAX_FILE_BYTES or \
            len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES:
        raise DslError(f"a card file is at most {MAX_FILE_BYTES:,} bytes of UTF-8 "
                       "(MAX_FILE_BYTES); this one has more", file=file)
    bad = FORBIDDEN.search(text)
    if bad is not None:
        line, column, src = _line_at(text, bad.start())
        raise DslError(f"the character {shown(bad.group()[0])} cannot be in a card file: "
                       "control and bidirectional formatting characters are refused in "
                       "names, strings and comments", file=file, line=line, column=column,
                       source_line=escaped(src))


def check_tree(tree: lark.Tree, text: str, file: str) -> None:
    """The parse tree's declarations, effects per declaration, terms per
    expression and nesting, walked without recursion (a tree too deep for
    Python's stack is the point), before it is transformed."""
    lines = text.split("\n")

    def error(node, message: str) -> DslError:
        line = getattr(node.meta, "line", None) if isinstance(node, lark.Tree) else node.line
        column = getattr(node.meta, "column", None) if isinstance(node, lark.Tree) \
            else node.column
        src = lines[line - 1] if line and line <= len(lines) else None
        return DslError(message, file=file, line=line, column=column, source_line=src)

    if len(tree.children) > MAX_DECLARATIONS:
        raise error(tree.children[MAX_DECLARATIONS],
                    f"a card file holds at most {MAX_DECLARATIONS} declarations "
                    "(MAX_DECLARATIONS)")
    for decl in tree.children:
        effects = 0
        stack = [(decl, 0)]
        while stack:
            node, depth = stack.pop()
            if isinstance(node, lark.Token):
                if node.type == "STRING" and "\t" in node:
                    raise error(node, "a string holds no tab (names and marks are one "
                                "line of plain text)")
                continue
            if node is None:
                continue
            if node.data == "call":
                effects += 1
                if effects > MAX_EFFECTS:
                    raise error(node, f"a declaration has at most {MAX_EFFECTS} effects, its "
                                "triggers' included (MAX_EFFECTS)")
            if node.data in NESTING:
                depth += 1
                if depth > MAX_NESTING + 1:  # a condition is one cond_or deep
                    raise error(node, f"a condition nests parentheses and 'not' at most "
                                f"{MAX_NESTING} deep (MAX_NESTING)")
            what = TERMS.get(node.data)
            if what is not None:
                terms = [c for c in node.children if c is not None
                         and not (isinstance(c, lark.Token) and c.type == "ADDOP")]
            else:
                what = WORDS.get(node.data)
                terms = [c for c in node.children if isinstance(c, lark.Token)
                         and c.type == "NAME"] if what is not None else ()
            if len(terms) > MAX_TERMS:
                raise error(node, f"an expression has at most {MAX_TERMS} terms "
                            f"(MAX_TERMS); this one has {len(terms)} {what}")
            # in source order, so an error is at the first term past a limit
            stack.extend((child, depth) for child in reversed(node.children))
