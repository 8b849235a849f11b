"""Syntax errors in words: what the parser expected, said as a designer
writes it, with the culprit named (a word run together with a keyword, a
'}' forgotten, a misspelt ``name``) and a suggestion where one is close.
"""

from __future__ import annotations

import bisect
import difflib
import re
from typing import Iterable

import lark
from lark import Token

from ..base.errors import DslError
from .grammar import WORDS, card_parser, grammar_words


def _terminal_words(parser: lark.Lark, names: Iterable[str]) -> list[str]:
    words = set()
    for name in names:
        if name in WORDS:
            words.add(WORDS[name])
            continue
        try:
            pattern = parser.get_terminal(name).pattern
        except KeyError:
            words.add(name.lower())
            continue
        if pattern.type == "str":
            words.add(f"'{pattern.value}'")
        else:
            words.add(name.lower())
    return sorted(words)


def _expected_phrase(words: list[str]) -> str:
    words = sorted({w for word in words for w in word.split(", ")})
    if not words:
        return "nothing more"
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " or " + words[-1]


def _keyword_suggestion(parser: lark.Lark, bad: str, expected: Iterable[str]) -> str | None:
    keywords = []
    for name in expected:
        try:
            pattern = parser.get_terminal(name).pattern
        except KeyError:
            continue
        if pattern.type == "str" and pattern.value.isalpha():
            keywords.append(pattern.value)
        elif pattern.type == "re" and re.fullmatch(r"\(\?:[a-z_|]+\)", pattern.value):
            keywords.extend(pattern.value[3:-1].split("|"))  # FLAG: respondable|response
    match = difflib.get_close_matches(bad, keywords, n=1, cutoff=0.6)
    return match[0] if match else None


def _is_word_char(char: str) -> bool:
    return char.isalnum() or char == "_"


def _glued_word(err: lark.exceptions.UnexpectedToken, text: str
                ) -> tuple[str, int, set[str]] | None:
    """When the token in error is the rest of a word whose start was read as a
    keyword (``forbid``: the keyword ``for``, then ``bid``), the whole word,
    where it starts and what the grammar expected there; else None."""
    token = err.token
    start = getattr(token, "start_pos", None)
    if token.type == "$END" or start is None or start == 0 or \
            not _is_word_char(text[start]) or not _is_word_char(text[start - 1]):
        return None
    begin = start
    while begin > 0 and _is_word_char(text[begin - 1]):
        begin -= 1
    end = start
    while end < len(text) and _is_word_char(text[end]):
        end += 1
    interactive = card_parser().parse_interactive(text)
    try:
        for tok in interactive.iter_parse():
            if tok.start_pos >= begin:
                return text[begin:end], begin, set(interactive.accepts())
    except lark.exceptions.LarkError:
        return None
    return None


#: A quoted text, a comment or a word of a card file, for ``check_words_apart``.
_PIECES = re.compile(r'(?P<string>"[^"\n]*")|(?P<comment>(#|//)[^\n]*)|(?P<word>[A-Za-z_][A-Za-z0-9_]*)')


def check_words_apart(tree: lark.Tree, text: str, file: str) -> None:
    """A DslError for a word the lexer read as a keyword and the rest (``thisturn``
    parses as ``this turn``): every word is a word of the language or lies
    within one token the tree keeps (a name, a number, a text...)."""
    kept = sorted((t.start_pos, t.end_pos) for t in tree.scan_values(
        lambda v: isinstance(v, Token)) if t.start_pos is not None)
    starts = [k[0] for k in kept]
    words = grammar_words()
    for piece in _PIECES.finditer(text):
        word = piece.group("word")
        if word is None or word in words:
            continue
        i = bisect.bisect_right(starts, piece.start()) - 1
        if i >= 0 and kept[i][0] <= piece.start() and piece.end() <= kept[i][1]:
            continue
        head = max((w for w in words if word.startswith(w)), key=len, default=word)
        line = text.count("\n", 0, piece.start()) + 1
        column = piece.start() - (text.rfind("\n", 0, piece.start()) + 1) + 1
        raise DslError(f"'{word}' reads as '{head}' then '{word[len(head):]}': keep the words "
                       "apart", file=file, line=line, column=column,
                       source_line=text.splitlines()[line - 1],
                       suggestion=f"{head} {word[len(head):]}")


#: The declaration keywords: a '{' after one of them and a name, where the
#: parser did not expect it, is a declaration begun inside another.
_DECLARATION_START = re.compile(
    r"(?:^|\s)((?:patch\s+)?(?:maneuver|order|status|ship|map|token)\s+[a-z][a-z0-9_]*)\s*$")


def _unclosed(text: str, err: lark.exceptions.UnexpectedToken) -> tuple[str, int, int] | None:
    """When the '{' in error opens a declaration written inside another (a '}'
    forgotten), that declaration's words, line and column; else None."""
    token = err.token
    if token.type != "LBRACE" or token.start_pos is None:
        return None
    before = text[:token.start_pos]
    found = _DECLARATION_START.search(before)
    if found is None:
        return None
    start = found.start(1)
    line = text.count("\n", 0, start) + 1
    return found.group(1), line, start - (text.rfind("\n", 0, start) + 1) + 1


def _close(word: str, choices: Iterable[str]) -> str | None:
    match = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return match[0] if match else None


def _without_comments(text: str) -> str:
    return _PIECES.sub(lambda p: " " if p.group("comment") else p.group(0), text)


_WORDING_BEFORE = re.compile(r"(?:^|\s)([a-z][a-z0-9_]*)\s+([a-z]{2})\s*$")


def _misspelt_wording(text: str, err: lark.exceptions.UnexpectedToken
                      ) -> tuple[str, int] | None:
    """When a quoted text follows ``WORD LANG`` and the parser did not expect
    it, WORD was meant as ``name``, ``flavour`` or ``state``: the word and
    where it starts."""
    token = err.token
    if token.type != "STRING" or token.start_pos is None:
        return None
    found = _WORDING_BEFORE.search(text[:token.start_pos])
    if found is None or found.group(1) in ("name", "flavour", "state"):
        return None
    return found.group(1), found.start(1)


def _primitive_suggestion(word: str) -> str | None:
    """``effect WORD`` when a card property was expected and ``word`` is an
    effect primitive (the word ``effect`` forgotten)."""
    from ..rules.effects import PRIMITIVES  # the registry of effect names
    return f"effect {word}" if word in PRIMITIVES else None


def syntax_error(err: lark.exceptions.LarkError, text: str, file: str) -> DslError:
    parser = card_parser()
    lines = text.splitlines()
    line = getattr(err, "line", None)
    column = getattr(err, "column", None)
    if line is None or line < 1:
        line = max(1, len(lines))
        column = len(lines[-1]) + 1 if lines else 1
    src = lines[line - 1] if 0 < line <= len(lines) else ""
    suggestion = None
    glued = _glued_word(err, text) if isinstance(err, lark.exceptions.UnexpectedToken) else None
    if glued is not None and isinstance(err, lark.exceptions.UnexpectedToken):
        # `forbid` read as the keyword `for` then `bid`: name the word
        word, start, accepts = glued
        line, column = err.token.line, err.token.column - (err.token.start_pos - start)
        expected = _terminal_words(parser, accepts)
        message = f"unexpected '{word}'; expected {_expected_phrase(expected)}"
        suggestion = _keyword_suggestion(parser, word, accepts)
    elif isinstance(err, lark.exceptions.UnexpectedToken):
        token = err.token
        expected = _terminal_words(parser, err.expected)
        if token.type == "$END":
            what = "the file ends too early"
        elif token.type == "SIGN":  # a sign only a `modify` takes: a character elsewhere
            what = f"unexpected character {str(token)!r}"
        else:
            what = f"unexpected '{token}'"
            if token.type == "NAME":
                suggestion = _keyword_suggestion(parser, str(token), err.expected)
            if "EFFECT" in err.expected:  # a primitive may be a keyword too (`damage dealt`)
                suggestion = _primitive_suggestion(str(token)) or suggestion
        message = f"{what}; expected {_expected_phrase(expected)}"
        misspelt = _misspelt_wording(text, err)
        if misspelt is not None:  # `nme en "Mine"`: the word before the language
            word, start = misspelt
            line = text.count("\n", 0, start) + 1
            column = start - (text.rfind("\n", 0, start) + 1) + 1
            message = (f"unexpected '{word}' before a language and its text; expected "
                       "'flavour', 'name' or 'state'")
            suggestion = _close(word, ("name", "flavour", "state"))
        elif token.type not in ("$END", "NAME") and \
                not text[:token.start_pos].rsplit("\n", 1)[-1].strip():
            previous = re.findall(r"[^\s]+", _without_comments(text[:token.start_pos]))
            if previous:  # first on its line: what the line before left unfinished
                message += f" after '{previous[-1]}'"
        unclosed = _unclosed(text, err)
        if unclosed is not None:  # point at the declaration begun inside another
            words, line, column = unclosed
            message = (f"'{words}' begins inside the declaration before it: a '}}' is "
                       "missing before it")
    elif isinstance(err, lark.exceptions.UnexpectedCharacters):
        char = text[err.pos_in_stream] if err.pos_in_stream < len(text) else "?"
        expected = _terminal_words(parser, err.allowed or ())
        message = f"unexpected character {char!r}; expected {_expected_phrase(expected)}"
    elif isinstance(err, lark.exceptions.UnexpectedEOF):
        expected = _terminal_words(parser, err.expected)
        message = f"the file ends too early; expected {_expected_phrase(expected)}"
    else:  # pragma: no cover - lark raises only the three above
        message = str(err)
    return DslError(message, file=file, line=line, column=column, source_line=src,
                    suggestion=suggestion)

