"""The card language: parse with Lark, transform into declarations, compile.

Three steps, each with one job:

1. ``parse_source`` turns text into a list of declarations (attrs objects
   that remember their file and line), or raises ``DslError`` with the line,
   a caret and what was expected in words.
2. ``Draft`` applies declarations layer by layer (base cards, then each
   variant, then the user's files): new cards, ``patch``, ``remove``,
   ``rules``. A variant only states what differs from its parent.
3. ``Draft.compile`` checks the whole and builds the immutable ``Ruleset``
   of effect objects.
"""

from __future__ import annotations

import difflib
import re
from functools import lru_cache
from importlib import resources
from typing import Any, Callable, Iterable, Mapping, TypeVar

import attrs
import lark
from lark import Token, Transformer, v_args

from .board import MAX_MOVE
from .effects import PRIMITIVES, Effect, Selector, primitive_of
from .exprs import Adjective, Amount, Computed, Condition, Place, Players, Ships, Subject
from .exprs_dsl import ANSWERED_WORDS, ExprTransformer, Word, before_target, check_words, with_boxes
from .kinds import CardKind, Choice, MoveKind
from .modifiers import MAX_USES
from .dsl_limits import check_text, check_tree
from .errors import DslError
from .i18n import GENDERS, Wording, languages
from .triggers import ACTOR_EVENTS, Holder, TokenDef, TriggerDef, TriggerEvent, Who
from .model import (
    PLACEMENTS,
    SINKER_DRAWS_FOR,
    SUNK_MID_CHAIN,
    CardDef,
    Catchup,
    Duration,
    Forbid,
    MapCardDef,
    Modifier,
    Redirect,
    RuleOptions,
    Ruleset,
    RulesSpec,
    ShipDef,
    Silhouette,
    SourceRef,
    StatusDef,
    Target,
    TargetKind,
)

T = TypeVar("T")

# --------------------------------------------------------------------------
# declarations


@attrs.frozen
class Pos:
    """Where a piece of card text starts, for error messages."""

    file: str
    line: int
    column: int


@attrs.frozen
class Prop:
    """One parsed property of a declaration (`cost 2`), with its position."""

    name: str
    value: Any
    pos: Pos
    words: tuple[Word, ...] = ()
    """The filter and test words it uses, checked against the card set (exprs_dsl)."""


@attrs.frozen
class Call:
    """One parsed effect (`damage 1 to target`): primitive, arguments, selector,
    and the condition it resolves under (`if …`, exprs.py)."""

    name: str
    args: tuple[Any, ...]
    selector: Any  # a Selector, an exprs.Ships or Players, or None
    pos: Pos
    condition: Condition | None = None
    words: tuple[Word, ...] = ()


@attrs.frozen
class Words:
    """One language's words in a ``name``, ``flavour`` or ``state`` property:
    ``es "Mina marina" (f)``."""

    lang: str
    text: str
    gender: tuple[str, ...] | None
    pos: Pos
    gender_pos: Pos | None = None


@attrs.frozen
class TriggerSpec:
    """One parsed trigger (`when damaged of self { effect ... }`), checked by
    the compiler (``Draft._trigger``)."""

    event: str
    pos: Pos
    of: tuple[str, Pos] | None
    by: tuple[str, Pos] | None
    once: bool
    calls: tuple[Call, ...]
    effect_pos: Pos


@attrs.frozen
class Decl:
    """One top-level declaration: ``action`` is new | patch | remove | variant | rules."""

    action: str
    kind: str          # maneuver | order | status | ship | map | variant | rules
    id: str
    props: tuple[Prop, ...]
    pos: Pos
    parent: str | None = None


# --------------------------------------------------------------------------
# parsing

WORDS = {
    "NAME": "a name", "INT": "a number", "STRING": 'a quoted row such as "#."',
    "AREA": "an area size such as 2x2", "TEAMS": "a team size such as 3v3",
    "LBRACE": "'{'", "RBRACE": "'}'", "SEMICOLON": "';'", "$END": "the end of the file",
    "FLAG": "'respondable', 'response'", "NOT": "'not'",
    "WORDING": "'flavour', 'name', 'state'", "LPAR": "'('", "RPAR": "')'",
    # expressions (exprs_dsl.py)
    "ADDOP": "'+', '-'", "CMP": "a comparison such as <=", "PLACE": "'sight', 'area'",
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


#: The adjectives of a filter (exprs.Adjective): no status or ship type may
#: be called one.
ADJECTIVES = frozenset(a.value for a in Adjective)
#: The first words of move notation (docs/notation.md): no card may be called
#: one, or its move would read as another (`end`, `pass`, `order ...`).
NOTATION_WORDS = frozenset(k.value for k in MoveKind if k is not MoveKind.USE)


def _card_id_meaning(word: str) -> str | None:
    """What a card id ``word`` would already mean in a move or in a test of the
    answered item (``answered is order``), or None."""
    if word in NOTATION_WORDS:
        return f"a move starting with '{word}' is already a move of its own (docs/notation.md)"
    if word in ANSWERED_WORDS:
        return f"'answered is {word}' already tests that, so the card could never be named there"
    if word in grammar_words():
        return "it is a word of the card language"
    return None


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


def _syntax_error(err: lark.exceptions.LarkError, text: str, file: str) -> DslError:
    parser = card_parser()
    lines = text.splitlines()
    line = getattr(err, "line", None)
    column = getattr(err, "column", None)
    if line is None or line < 1:
        line = max(1, len(lines))
        column = len(lines[-1]) + 1 if lines else 1
    src = lines[line - 1] if 0 < line <= len(lines) else ""
    suggestion = None
    if isinstance(err, lark.exceptions.UnexpectedToken):
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
        message = f"{what}; expected {_expected_phrase(expected)}"
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


#: The largest number a card file may write: every count of the game is far
#: below it, and Python will not even read an integer of over 4,300 digits.
MAX_NUMBER = 999_999
#: The largest board (R1.1): box columns are named a to z, 2 per map card.
MAX_BOARD_COLUMNS = 13
MAX_BOARD_ROWS = 13


def _number(file: str, tok: Token, text: str | None = None) -> int:
    """The integer a token writes (``text``: a part of it), or a DslError at the
    token for one larger than ``MAX_NUMBER``."""
    digits = str(tok) if text is None else text
    if len(digits.lstrip("0")) > len(str(MAX_NUMBER)) or int(digits) > MAX_NUMBER:
        raise DslError(f"the number {digits[:12]}{'…' if len(digits) > 12 else ''} is too "
                       f"large (at most {MAX_NUMBER})", file=file, line=tok.line,
                       column=tok.column)
    return int(digits)


@v_args(meta=True)
class _ToDecls(ExprTransformer, Transformer):
    """Lark tree → declarations. Positions come from the tree's meta."""

    def __init__(self, file: str):
        super().__init__()
        self.file = file

    def _pos(self, meta) -> Pos:
        return Pos(self.file, getattr(meta, "line", 0), getattr(meta, "column", 0))

    def _tpos(self, tok: Token) -> Pos:
        return Pos(self.file, tok.line, tok.column)

    def number(self, tok: Token) -> int:
        """The integer a token writes (see ``_number``)."""
        return _number(self.file, tok)

    def start(self, meta, decls):
        return list(decls)

    def variant_decl(self, meta, c):
        name, parent = c
        if parent is not None:
            parent = str(parent)
            parent = parent[1:-1] if parent.startswith('"') else parent
        return Decl("variant", "variant", str(name), (), self._pos(meta), parent=parent)

    def card_kind(self, meta, c):
        return str(c[0])

    kind = card_kind

    def card_decl(self, meta, c):
        return Decl("new", c[0], str(c[1]), tuple(c[2:]), self._pos(meta))

    def patch_decl(self, meta, c):
        return Decl("patch", c[0], str(c[1]), tuple(c[2:]), self._pos(meta))

    def patch_ship(self, meta, c):
        return Decl("patch", "ship", str(c[0]), tuple(c[1:]), self._pos(meta))

    def patch_status(self, meta, c):
        return Decl("patch", "status", str(c[0]), tuple(c[1:]), self._pos(meta))

    def status_decl(self, meta, c):
        return Decl("new", "status", str(c[0]), tuple(c[1:]), self._pos(meta))

    def remove_decl(self, meta, c):
        return Decl("remove", c[0], str(c[1]), (), self._pos(meta))

    def ship_decl(self, meta, c):
        return Decl("new", "ship", str(c[0]), tuple(c[1:]), self._pos(meta))

    def map_decl(self, meta, c):
        return Decl("new", "map", str(c[0]), tuple(c[1:]), self._pos(meta))

    def rules_decl(self, meta, c):
        return Decl("rules", "rules", "rules", tuple(c), self._pos(meta))

    # properties -----------------------------------------------------------
    def _int_prop(name):  # noqa: N805 - a small factory used in the class body
        def prop(self, meta, c):
            return Prop(name, _number(self.file, c[0]), self._pos(meta))
        return prop

    def cost(self, meta, c):
        if isinstance(c[0], Amount):  # cost (AMOUNT): checked with the card
            return Prop("cost", c[0], self._pos(meta))
        return Prop("cost", _number(self.file, c[0]), self._pos(meta))

    copies = _int_prop("copies")
    repairs = _int_prop("repairs")
    breakdowns = _int_prop("breakdowns")
    crew = _int_prop("crew")

    def range(self, meta, c):
        return Prop("range", _number(self.file, c[0]) if c else None, self._pos(meta))

    def flag(self, meta, c):
        negated, flag = c
        return Prop(str(flag), negated is None, self._pos(meta))

    def once(self, meta, c):
        return Prop("once", True, self._pos(meta))

    def target(self, meta, c):
        return Prop("target", c[0], self._pos(meta), self.take_words())

    def target_filtered(self, meta, c):
        return Target(TargetKind.SHIP, filter=self.filter_of(c))

    def usable(self, meta, c):
        return Prop("usable", c[0], self._pos(meta), self.take_words())

    def target_self(self, meta, c):
        return Target(TargetKind.SELF)

    def target_ship(self, meta, c):
        return Target(TargetKind.SHIP)

    def target_source(self, meta, c):
        return Target(TargetKind.SOURCE)

    def target_area(self, meta, c):
        w, h = str(c[0]).split("x")
        return Target(TargetKind.AREA, _number(self.file, c[0], w), _number(self.file, c[0], h))

    def effect(self, meta, calls):
        return Prop("effect", tuple(calls), self._pos(meta))

    def call(self, meta, c):
        name, *rest = c
        condition = next((x for x in rest if isinstance(x, Condition)), None)
        selector = next((x for x in rest if isinstance(x, (Selector, Ships, Players))), None)
        args = tuple(x if isinstance(x, Amount) else _number(self.file, x)
                     if x.type == "INT" else str(x)
                     for x in rest if isinstance(x, (Token, Amount)))
        # `(2)` is the number 2: a printed card compiles to plain numbers
        args = tuple(a.terms[0][1] if isinstance(a, Amount) and len(a.terms) == 1
                     and a.terms[0][0] > 0 and type(a.terms[0][1]) is int else a for a in args)
        return Call(str(name), args, selector, self._tpos(name), condition, self.take_words())

    def sel_self(self, meta, c):
        return Selector.SELF

    def sel_target(self, meta, c):
        return Selector.TARGET

    def sel_source(self, meta, c):
        return Selector.SOURCE

    def sel_answered(self, meta, c):
        return Selector.ANSWERED

    def sel_area(self, meta, c):
        return Selector.AREA

    def sel_boxes(self, meta, c):
        return Selector.BOXES

    # triggers and tokens (triggers.py) -----------------------------------
    def trigger(self, meta, c):
        event, of, by, once, effect = c
        return Prop("when", (TriggerSpec(str(event), self._tpos(event), of, by, once is not None,
                                         effect.value, effect.pos),), self._pos(meta))

    def trigger_of(self, meta, c):
        return (str(c[0]), self._tpos(c[0]))

    trigger_by = trigger_of

    def once_turn(self, meta, c):
        return True

    def token_decl(self, meta, c):
        return Decl("new", "token", str(c[0]), tuple(c[1:]), self._pos(meta))

    def mark(self, meta, c):
        return Prop("mark", str(c[0])[1:-1], self._tpos(c[0]))

    def edge(self, meta, c):
        return str(c[0])

    def until(self, meta, c):
        edge, whose = c
        if whose is None:  # `until end of next turn`: its player's
            return Prop("duration", (f"until {edge} of its next turn", None), self._pos(meta))
        return Prop("duration", (f"until {edge} of {whose} next turn", self._tpos(whose)),
                    self._pos(meta))

    def this_turn(self, meta, c):
        return Prop("duration", (Duration.THIS_TURN.value, None), self._pos(meta))

    def permanent(self, meta, c):
        return Prop("duration", (Duration.PERMANENT.value, None), self._pos(meta))

    def forbids(self, meta, c):
        return Prop("forbids", tuple((str(t), self._tpos(t)) for t in c), self._pos(meta))

    # status modifiers and ship abilities ------------------------------------
    def for_uses(self, meta, c):
        return Prop("duration", ("for N uses", (_number(self.file, c[0]), self._tpos(c[0]))),
                    self._pos(meta))

    def while_(self, meta, c):
        return Prop("duration", (Duration.WHILE.value, c[0]), self._pos(meta), self.take_words())

    def untargetable(self, meta, c):
        kinds = tuple((str(t), self._tpos(t)) for t in c if t is not None)
        return Prop("untargetable", kinds, self._pos(meta))

    def modify(self, meta, c):
        name, sign, amount, card = c
        value = _number(self.file, amount) * (-1 if sign == "-" else 1)
        only = None if card is None else (str(card), self._tpos(card))
        return Prop("modify", ((str(name), self._tpos(name), value, only),), self._pos(meta))

    def redirect(self, meta, c):
        what, where = c
        return Prop("redirect", ((str(what), self._tpos(what)), (str(where), self._tpos(where))),
                    self._pos(meta))

    def ability(self, meta, c):
        return Prop("abilities", tuple((str(t), self._tpos(t)) for t in c), self._pos(meta))

    def wording(self, meta, c):
        kind, *rest = c
        entries = []
        for i in range(0, len(rest), 3):
            lang, text, gender = rest[i:i + 3]
            words, gpos = (None, None) if gender is None else gender
            entries.append(Words(str(lang), str(text)[1:-1], words, self._tpos(lang), gpos))
        return Prop(str(kind), tuple(entries), self._pos(meta))

    def gender(self, meta, c):
        return tuple(str(t) for t in c), self._tpos(c[0])

    def maneuvers(self, meta, c):
        return Prop("maneuvers", tuple((str(t), self._tpos(t)) for t in c), self._pos(meta))

    def letter(self, meta, c):
        return Prop("letter", str(c[0]), self._tpos(c[0]))

    def silhouette(self, meta, c):
        return Prop("silhouette", str(c[0]), self._tpos(c[0]))

    def layout(self, meta, c):
        return Prop("layout", tuple(str(s)[1:-1] for s in c), self._pos(meta))

    def start_card(self, meta, c):
        return Prop("start", True, self._pos(meta))

    def option(self, meta, c):
        name, value = c
        v = _number(self.file, value) if value.type == "INT" else str(value)
        return Prop(str(name), v, self._tpos(name))

    def catchup(self, meta, c):
        teams, reduced, cards = c
        a, b = str(teams).split("v")
        a_n, b_n = _number(self.file, teams, a), _number(self.file, teams, b)
        if a_n != b_n:
            raise DslError(f"catch-up is for equal sides, not {teams}", file=self.file,
                           line=teams.line, column=teams.column)
        return Prop("catchup", (a_n, _number(self.file, reduced), _number(self.file, cards)),
                    self._tpos(teams))


BOM = "\ufeff"


def strip_bom(text: str) -> str:
    """A card text without the UTF-8 byte order mark some editors write first."""
    return text[1:] if isinstance(text, str) and text.startswith(BOM) else text


def parse_source(text: str, file: str = "<string>") -> list[Decl]:
    """Parse one card file into declarations; ``DslError`` on bad syntax or a
    file past a limit (dsl_limits.py: its size and characters before it is
    parsed, its shape before the tree is transformed). A byte order mark at
    the start is skipped."""
    if not isinstance(text, str):
        raise DslError("card source must be text", file=file)
    text = strip_bom(text)
    check_text(text, file)
    try:
        tree = card_parser().parse(text)
    except lark.exceptions.UnexpectedInput as err:
        raise _syntax_error(err, text, file) from None
    check_tree(tree, text, file)
    try:
        return _ToDecls(file).transform(tree)
    except lark.exceptions.VisitError as err:
        orig = err.orig_exc
        if isinstance(orig, DslError):
            lines = text.splitlines()
            src = lines[orig.line - 1] if orig.line and orig.line <= len(lines) else None
            raise DslError(orig.reason, file=file, line=orig.line, column=orig.column,
                           source_line=src, suggestion=orig.suggestion) from None
        raise


# --------------------------------------------------------------------------
# layering and compiling


def _suggest(name: str, known: Iterable[str]) -> str | None:
    match = difflib.get_close_matches(name, list(known), n=1, cutoff=0.6)
    return match[0] if match else None


class _Errors:
    """Formats semantic errors with the source line of the declaration; each
    file is split into lines once (``lines``: file → (text, its lines)), however
    many errors it has."""

    def __init__(self, sources: dict[str, str],
                 lines: dict[str, tuple[str, list[str]]] | None = None):
        self.sources = sources
        self.lines = {} if lines is None else lines

    def __call__(self, pos: Pos, message: str, suggestion: str | None = None) -> DslError:
        text = self.sources.get(pos.file, "")
        cached = self.lines.get(pos.file)
        if cached is None or cached[0] is not text:
            cached = self.lines[pos.file] = (text, text.splitlines())
        lines = cached[1]
        src = lines[pos.line - 1] if 0 < pos.line <= len(lines) else None
        return DslError(message, file=pos.file, line=pos.line or None,
                        column=pos.column or None, source_line=src, suggestion=suggestion)


@attrs.define
class _Entry:
    kind: str
    id: str
    props: dict[str, Prop]
    pos: Pos


CARD_PROPS = {"cost", "range", "respondable", "response", "copies", "target", "effect",
              "usable", "once"}
SHIP_PROPS = ("repairs", "breakdowns", "crew", "maneuvers", "letter", "silhouette", "abilities")

#: The marks a ship type takes on the text board when it declares no ``letter``
#: and every letter of its id is another ship type's.
SPARE_LETTERS = "123456789"

#: A declaration's words per language (``name``, ``flavour``, ``state``): a
#: patch adds to them, language by language, rather than replacing them.
WORDING_PROPS = ("name", "flavour", "state")
#: The most errors a card set lists: past them they are only counted (a
#: broken file of a million lines must not cost a million messages).
MAX_ERRORS = 200
#: The longest name, state and flavour text a card file may give (characters).
MAX_WORDING = {"name": 40, "state": 40, "flavour": 300}

#: The kinds of declaration whose ids share one namespace: a card's id, as
#: move strings and ``Ruleset.text`` name it, is a maneuver, an order card or
#: a status, never two of them.
CARD_NAMESPACE = ("maneuver", "order", "status")

#: Who "its" is in a status's duration: the affected ship's player (the only
#: player a duration can name so far).
DURATION_PLAYERS = ("its", "your")

#: The subjects a ``while CONDITION`` may read: the ship that has the status
#: (self, it), its player (you) and the sides seen from it; no card resolves.
WHILE_SUBJECTS = frozenset({Subject.SELF, Subject.IT, Subject.YOU, Subject.FRIENDLY,
                            Subject.ENEMY})

#: Words a status cannot be called: a ship's fields, which ``game.ship(id)``,
#: scenarios and saves already use beside one key per declared status.
SHIP_WORDS = ("id", "side", "type", "at", "position", "repairs", "breakdowns", "reserve",
              "crew", "crew_on", "withdrawn", "sunk", "eliminated", "maneuvers", "statuses",
              "declared")



@attrs.define
class Draft:
    """Declarations applied so far; ``compile`` turns them into a Ruleset."""

    sources: dict[str, str] = attrs.Factory(dict)
    entries: dict[str, dict[str, _Entry]] = attrs.Factory(
        lambda: {"maneuver": {}, "order": {}, "status": {}, "ship": {}, "map": {}, "token": {}})
    options: dict[str, Prop] = attrs.Factory(dict)
    catchups: dict[tuple[int, int], Prop] = attrs.Factory(dict)
    files: list[str] = attrs.Factory(list)
    lineage: list[str] = attrs.Factory(list)
    problems: list[DslError] = attrs.Factory(list)
    """Errors found so far (the first ``MAX_ERRORS``): a declaration or a file
    with one is set aside and the rest still checked, so ``compile`` can
    report every error at once."""
    found: int = 0
    """Every error found, listed in ``problems`` or past ``MAX_ERRORS``."""
    lines: dict[str, tuple[str, list[str]]] = attrs.Factory(dict)

    def error(self, pos: Pos, message: str, suggestion: str | None = None) -> DslError:
        """A DslError at ``pos``, quoting the line of the source it comes from."""
        return _Errors(self.sources, self.lines)(pos, message, suggestion)

    def report(self, err: DslError) -> None:
        """Keep an error for ``raise_problems`` (the first ``MAX_ERRORS``, counted all)."""
        self.found += 1
        if len(self.problems) < MAX_ERRORS:
            self.problems.append(err)

    def keep(self, work: Callable[..., T], *args: Any) -> T | None:
        """``work(*args)``, or None with its DslError kept in ``problems``: one
        bad declaration does not hide the errors of the others."""
        try:
            return work(*args)
        except DslError as err:
            self.report(err)
            return None

    def raise_problems(self) -> None:
        """One DslError for every problem kept (``DslError.of``), in file and line order."""
        if self.problems:
            order = {f: i for i, f in enumerate(self.files)}
            ranked = sorted(self.problems, key=lambda e: (order.get(e.file, len(order)),
                                                          e.line or 0, e.column or 0))
            if self.found > len(ranked):
                ranked.append(DslError(f"{self.found - len(ranked)} more errors not listed "
                                       f"(the first {MAX_ERRORS} are)", file=ranked[-1].file))
            raise DslError.of(ranked)

    def add_source(self, text: str, file: str) -> list[Decl]:
        """Parse one card file, keeping its text for the error messages."""
        self.sources[file] = strip_bom(text)
        self.files.append(file)
        return parse_source(text, file)

    def apply(self, decls: list[Decl]) -> None:
        """Add, patch and remove entries and set options, declaration by declaration;
        a declaration in error is kept out (``problems``) and the others applied."""
        for decl in decls:
            self.keep(self._apply_one, decl)

    def _apply_one(self, decl: Decl) -> None:
        if decl.action == "variant":
            return
        if decl.action == "rules":
            for prop in decl.props:
                if prop.name == "catchup":
                    team, reduced, _ = prop.value
                    self.catchups[(team, reduced)] = prop
                else:
                    self.options[prop.name] = prop
            return
        table = self.entries[decl.kind]
        if decl.action == "new":
            if decl.id in table:
                old = table[decl.id].pos
                raise self.error(decl.pos, f"duplicate {decl.kind} '{decl.id}' (first declared "
                                 f"at {old.file}:{old.line}); use 'patch {decl.kind} "
                                 f"{decl.id}' to change it")
            self._check_namespace(decl)
            table[decl.id] = _Entry(decl.kind, decl.id, self._props(decl), decl.pos)
        elif decl.action == "patch":
            if decl.id not in table:
                raise self.error(decl.pos, f"cannot patch unknown {decl.kind} "
                                 f"'{decl.id}'{self._other_kind(decl)}",
                                 _suggest(decl.id, table))
            props = table[decl.id].props
            for key, prop in self._props(decl).items():
                if key in WORDING_PROPS and key in props:  # a patch adds languages
                    prop = Prop(key, props[key].value + prop.value, prop.pos)
                props[key] = prop  # effects and triggers replaced whole: within MAX_EFFECTS
        elif decl.action == "remove":
            if decl.id not in table:
                raise self.error(decl.pos, f"cannot remove unknown {decl.kind} "
                                 f"'{decl.id}'{self._other_kind(decl)}",
                                 _suggest(decl.id, table))
            del table[decl.id]

    def _first(self, decl: Decl) -> _Entry | None:
        """The entry of another kind of the card namespace that already has ``decl``'s id."""
        if decl.kind not in CARD_NAMESPACE:
            return None
        for kind in CARD_NAMESPACE:
            if kind != decl.kind and decl.id in self.entries[kind]:
                return self.entries[kind][decl.id]
        return None

    def _check_namespace(self, decl: Decl) -> None:
        """Maneuvers, orders and statuses share one namespace: a card's id names
        one thing wherever it is looked up (moves, text, bots, reference)."""
        first = self._first(decl)
        if first is not None:
            old = first.pos
            raise self.error(decl.pos, f"'{decl.id}' is already the {first.kind} declared at "
                             f"{old.file}:{old.line}:{old.column}; maneuvers, orders and "
                             f"statuses share one namespace, so the {decl.kind} needs "
                             "another name")

    def _other_kind(self, decl: Decl) -> str:
        """`` (it is a maneuver)`` when a patch or remove names an id of another kind."""
        first = self._first(decl)
        if first is None:
            return ""
        return f" (it is {'an' if first.kind[0] in 'aeiou' else 'a'} {first.kind})"

    def _props(self, decl: Decl) -> dict[str, Prop]:
        props: dict[str, Prop] = {}
        for prop in decl.props:
            if prop.name in WORDING_PROPS:
                self._check_languages(decl, prop)
            if prop.name == "modify" and "modify" in props:  # one per number changed
                prop = Prop("modify", props["modify"].value + prop.value, props["modify"].pos)
            elif prop.name == "when" and "when" in props:  # triggers add up
                prop = attrs.evolve(prop, value=props["when"].value + prop.value)
            elif prop.name in props and prop.name not in ("layout",):
                self.report(self.error(
                    prop.pos, f"'{prop.name}' given twice in {decl.kind} '{decl.id}'"))
                continue
            props[prop.name] = prop
        return props

    def _check_languages(self, decl: Decl, prop: Prop) -> None:
        """One entry per language in a ``name``, ``flavour`` or ``state``."""
        seen: set[str] = set()
        for words in prop.value:
            if words.lang in seen:
                self.report(self.error(
                    words.pos, f"{decl.kind} '{decl.id}' gives its {prop.name} in "
                    f"'{words.lang}' twice"))
            seen.add(words.lang)

    # compile -------------------------------------------------------------
    def compile(self, name: str, spec: RulesSpec = RulesSpec()) -> Ruleset:
        """The checked, immutable Ruleset of everything applied so far; ``spec``
        says how it was built (``loader``)."""
        before = self.found
        options = self._options()
        options_ok = self.found == before
        statuses = self._each("status", self._status)
        declared = self.entries["status"]  # a status in error is still a name cards may use
        maneuvers = self._each("maneuver", self._card, options, declared)
        orders = self._each("order", self._card, options, declared)
        letters = self.keep(self._ship_letters) or {}
        ships = self._each("ship", self._ship, self.entries["maneuver"], options, letters,
                           statuses)
        maps = self._each("map", self._map)
        marks: dict[str, str] = {}  # a token kind's mark → its id
        tokens = self._each("token", self._token, letters, marks)
        words = self._words()
        # the deck and the board add up what every order, ship and map says
        if options_ok and len(orders) == len(self.entries["order"]):
            self.keep(self._check_deck, orders, options)
        if options_ok and len(ships) == len(self.entries["ship"]) \
                and len(maps) == len(self.entries["map"]):
            self.keep(self._check_whole, ships, maps, options)
        self.raise_problems()
        return Ruleset(name=name, maneuvers=maneuvers, orders=orders, ships=ships, maps=maps,
                       options=options, files=tuple(self.files), lineage=tuple(self.lineage),
                       statuses=statuses, tokens=tokens, spec=spec, words=words)

    def _words(self) -> dict[str, dict[str, Wording]]:
        """The card set's own names, genders, flavour texts and states, by
        language then id (``Ruleset.words``); errors kept in ``problems``."""
        words: dict[str, dict[str, dict[str, Any]]] = {}
        for kind in ("maneuver", "order", "status", "ship", "token"):
            for entry in self.entries[kind].values():
                for key in WORDING_PROPS:
                    if key == "state" and key in entry.props and entry.kind != "status":
                        self.report(self.error(
                            entry.props[key].pos, f"{entry.kind} '{entry.id}' has no 'state': "
                            "a state is what a status is called as said of a ship"))
                    elif key in entry.props:
                        for said in entry.props[key].value:
                            if self.keep(self._check_words, entry, key, said):
                                fields = words.setdefault(said.lang, {}).setdefault(entry.id, {})
                                fields[key] = said.text
                                if said.gender is not None:
                                    fields["gender"] = " ".join(said.gender)
        return {lang: {ident: Wording(**fields) for ident, fields in table.items()}
                for lang, table in words.items()}

    def _check_words(self, entry: _Entry, key: str, said: Words) -> bool:
        """A known language, a text that is not empty, a gender only on a name."""
        where = f"{entry.kind} '{entry.id}'"
        if said.lang not in languages():
            raise self.error(said.pos, f"{where}: no language '{said.lang}'; the languages "
                             f"are {', '.join(languages())} (lang/*.yaml)",
                             _suggest(said.lang, languages()))
        if not said.text.strip():
            raise self.error(said.pos, f"{where}: the {key} in '{said.lang}' is empty")
        if len(said.text) > MAX_WORDING[key]:
            raise self.error(said.pos, f"{where}: the {key} in '{said.lang}' is longer than "
                             f"{MAX_WORDING[key]} characters")
        if said.gender is not None:
            gender = " ".join(said.gender)
            if key != "name":
                raise self.error(said.gender_pos, f"{where}: only a name has a gender, not "
                                 f"the {key}")
            if gender not in GENDERS:
                raise self.error(said.gender_pos, f"{where}: no gender '({gender})'; a gender "
                                 f"is one of {', '.join(f'({g})' for g in GENDERS)}",
                                 _suggest(gender, GENDERS))
        return True

    def _each(self, kind: str, build: Callable[..., T], *args: Any) -> dict[str, T]:
        """Every entry of ``kind`` built, those in error left out (kept in ``problems``)."""
        built = {}
        for key, entry in self.entries[kind].items():
            value = self.keep(build, entry, *args)
            if value is not None:
                built[key] = value
        return built

    def _filter_meaning(self, word: str, ships: bool = True) -> str | None:
        """What ``word`` already means where a filter or a test names a ship
        type or a status (an adjective, a word of the language, a ship type
        when ``ships``), or None: a name must not be one of them."""
        if word in ADJECTIVES:
            return f"the adjective '{word}'"
        if word in grammar_words():
            return "a word of the card language"
        if ships and word in self.entries["ship"]:
            return f"the ship type '{word}'"
        return None

    def _status(self, entry: _Entry) -> StatusDef:
        """A status declaration: one duration and at least one thing it forbids."""
        p = entry.props
        where = f"status '{entry.id}'"
        if entry.id in SHIP_WORDS:
            raise self.error(entry.pos, f"a status cannot be called '{entry.id}': a ship's "
                             "statuses are keys beside its own fields "
                             f"({', '.join(SHIP_WORDS)})")
        meaning = self._filter_meaning(entry.id)
        if meaning is not None:
            raise self.error(entry.pos, f"a status cannot be called '{entry.id}': in a test or "
                             f"a filter ('self is {entry.id}', 'each {entry.id} ship') the "
                             f"word is {meaning}, so the status could never be selected")
        durations = ", ".join("while CONDITION" if d is Duration.WHILE else d.value
                              for d in Duration)
        if "duration" not in p:
            raise self.error(entry.pos, f"{where} has no duration ({durations})")
        text, whose = p["duration"].value
        uses = 0
        condition = None
        if text == Duration.WHILE.value:
            condition, whose = self._while(entry, p["duration"]), None
        if text == Duration.USES.value:
            uses, whose = whose
            if not 1 <= uses <= MAX_USES:
                raise self.error(whose, f"{where}: a status lasts 1 to {MAX_USES} uses, "
                                 f"not {uses}")
            whose = None
        if whose is not None:
            player = text.split(" ")[3]
            if player not in DURATION_PLAYERS:
                raise self.error(whose, f"{where}: a duration counts the turns of 'its' player "
                                 f"(the affected ship's) or 'your' (the card's player's), not "
                                 f"'{player}'",
                                 _suggest(player, DURATION_PLAYERS))
        duration = Duration(text)
        changes = [k for k in ("untargetable", "modify", "redirect") if k in p]
        if "forbids" not in p and not changes and "when" not in p:
            raise self.error(entry.pos, f"{where} forbids nothing: add 'forbids' and one or "
                             f"more of {', '.join(f.value for f in Forbid)}, or what it "
                             "changes ('untargetable', 'modify range -1', 'redirect damage to "
                             "giver')")
        forbids: list[Forbid] = []
        for word, pos in (p["forbids"].value if "forbids" in p else ()):
            known = [f.value for f in Forbid]
            if word not in known:
                raise self.error(pos, f"{where} cannot forbid '{word}'; it forbids "
                                 f"{', '.join(known)}", _suggest(word, known))
            if Forbid(word) in forbids:
                raise self.error(pos, f"{where} forbids '{word}' twice")
            forbids.append(Forbid(word))
        spec = StatusDef(entry.id, duration, tuple(forbids),
                         SourceRef(entry.pos.file, entry.pos.line), uses,
                         self._untargetable(entry), self._modifiers(entry),
                         self._redirect(entry), self._triggers(entry, Holder.STATUS),
                         condition)
        if uses and not (spec.modifiers or spec.redirect):
            raise self.error(p["duration"].pos, f"{where} lasts {uses} uses but nothing in it "
                             "is used: a use is counted by 'modify' (a maneuver declared, a "
                             "move, a damage changed) or 'redirect' (a damage sent)")
        return spec

    def _while(self, entry: _Entry, prop: Prop) -> Condition:
        """A ``while CONDITION`` duration's condition, checked: its words known,
        and only the subjects a status's ship gives (self and it: that ship;
        you: its player; friendly, enemy: the sides seen from it)."""
        check_words(prop.words, self.error, self.entries["ship"], self.entries["status"],
                    (), 0, 0)
        condition = prop.value[1]
        for subject in sorted(condition.subjects() - WHILE_SUBJECTS, key=str):
            read = "the answered item" if subject is Subject.SOURCE else f"'{subject.value}'"
            raise self.error(prop.pos, f"status '{entry.id}': 'while' is about the ship that "
                             f"has the status, so it cannot read {read}; it may read self "
                             "(or it: that ship), you (its player), friendly, enemy and the mode",
                             _suggest(subject.value, [s.value for s in WHILE_SUBJECTS]))
        return condition

    def _untargetable(self, entry: _Entry) -> tuple[CardKind, ...]:
        """``untargetable [by maneuvers orders]``: the kinds of card it hides from
        (both without ``by``)."""
        prop = entry.props.get("untargetable")
        if prop is None:
            return ()
        if not prop.value:
            return (CardKind.MANEUVER, CardKind.ORDER)
        known = {"maneuvers": CardKind.MANEUVER, "orders": CardKind.ORDER}
        out: list[CardKind] = []
        for word, pos in prop.value:
            if word not in known:
                raise self.error(pos, f"status '{entry.id}' is untargetable by maneuvers or "
                                 f"orders, not '{word}'", _suggest(word, known))
            if known[word] in out:
                raise self.error(pos, f"status '{entry.id}' names '{word}' twice")
            out.append(known[word])
        return tuple(out)

    def _modifiers(self, entry: _Entry) -> tuple[tuple[Modifier, int, str | None], ...]:
        """``modify NAME N [on CARD]`` lines: each number changed once per card,
        by a non-zero N; a card named is a declared maneuver (an order card
        too for movement), and only range, cost and movement name one."""
        prop = entry.props.get("modify")
        if prop is None:
            return ()
        known = [m.value for m in Modifier]
        out: list[tuple[Modifier, int, str | None]] = []
        for word, pos, amount, only in prop.value:
            if word not in known:
                raise self.error(pos, f"status '{entry.id}' cannot modify '{word}'; it "
                                 f"modifies {', '.join(known)}", _suggest(word, known))
            card = None if only is None else self._modified_card(entry, word, *only)
            if any(m.value == word and c == card for m, _, c in out):
                raise self.error(pos, f"status '{entry.id}' modifies '{word}' twice")
            if amount == 0:
                raise self.error(pos, f"status '{entry.id}': 'modify {word}' needs a change "
                                 "other than 0, such as +1 or -1")
            out.append((Modifier(word), amount, card))
        return tuple(out)

    def _modified_card(self, entry: _Entry, word: str, card: str, pos: Pos) -> str:
        """The card a ``modify ... on CARD`` names, checked."""
        if word not in ("range", "cost", "movement"):
            raise self.error(pos, f"status '{entry.id}': 'modify {word}' is for its ship, "
                             "not for one card ('on' is for range, cost and movement)")
        cards = list(self.entries["maneuver"])
        if word == "movement":
            cards += list(self.entries["order"])
        if card not in cards:
            kind = "card" if word == "movement" else "maneuver"
            raise self.error(pos, f"status '{entry.id}': unknown {kind} '{card}' for "
                             f"'modify {word}'", _suggest(card, cards))
        return card

    def _redirect(self, entry: _Entry) -> Redirect | None:
        """``redirect damage to giver``."""
        prop = entry.props.get("redirect")
        if prop is None:
            return None
        (what, wpos), (where, pos) = prop.value
        if what != "damage":
            raise self.error(wpos, f"status '{entry.id}' redirects damage only, not '{what}'",
                             _suggest(what, ["damage"]))
        known = [r.value for r in Redirect]
        if where not in known:
            raise self.error(pos, f"status '{entry.id}' redirects damage to "
                             f"{', '.join(known)} (the ship of the card's player who gave it), "
                             f"not '{where}'", _suggest(where, known))
        return Redirect(where)

    # triggers and tokens (triggers.py) -------------------------------------
    def _triggers(self, entry: _Entry, holder: Holder) -> tuple[TriggerDef, ...]:
        """The triggers of a status, ship type or token (``when ...``), in order."""
        prop = entry.props.get("when")
        if prop is None:
            return ()
        return tuple(self._trigger(spec, entry, holder, i) for i, spec in enumerate(prop.value))

    def _who(self, given: tuple[str, Pos] | None, where: str, holder: Holder,
             default: Who) -> Who:
        """``of`` or ``by`` of a trigger: one of ``Who``; a token has no ``self``."""
        if given is None:
            return default
        name, pos = given
        known = [w.value for w in Who]
        if name not in known:
            raise self.error(pos, f"{where}: a trigger watches {', '.join(known)}, not "
                             f"'{name}'", _suggest(name, known))
        if holder is Holder.TOKEN and name == Who.SELF:
            raise self.error(pos, f"{where}: a token is not a ship, so it has no 'self' to "
                             "watch; 'friendly' and 'enemy' are seen from its owner's side")
        return Who(name)

    def _trigger(self, spec: TriggerSpec, entry: _Entry, holder: Holder,
                 index: int) -> TriggerDef:
        """One trigger, checked: a known event, whom it watches, effects that
        resolve at once on ``self`` or ``target``, and no trigger that fires
        itself forever (docs/dsl.md, "Triggers and tokens")."""
        where = f"{holder.value} '{entry.id}'"
        events = [e.value for e in TriggerEvent]
        if spec.event not in events:
            raise self.error(spec.pos, f"{where}: unknown trigger event '{spec.event}'; a "
                             f"trigger waits for {', '.join(events)}",
                             _suggest(spec.event, events))
        event = TriggerEvent(spec.event)
        of = self._who(spec.of, where, holder,
                       Who.ANY if holder is Holder.TOKEN else Who.SELF)
        if spec.by is not None and event not in ACTOR_EVENTS:
            raise self.error(spec.by[1], f"{where}: '{event}' has no ship that causes it; "
                             "'by' is for " + ", ".join(e.value for e in TriggerEvent
                                                        if e in ACTOR_EVENTS))
        by = self._who(spec.by, where, holder, Who.ANY)
        effects = tuple(self._effect(c, self.entries["status"]) for c in spec.calls)
        for call, effect in zip(spec.calls, effects):
            self._check_triggered(call, effect, where, holder, event)
        if event is TriggerEvent.DAMAGED and not spec.once:
            # the effects' damage is the holder's (a token's: its owner's)
            again = (Who.FRIENDLY, Who.ANY) if holder is Holder.TOKEN else (Who.SELF, Who.ANY)
            for call, effect in zip(spec.calls, effects):
                hits = effect.selector is Selector.TARGET or (
                    effect.selector is Selector.SELF and of in (Who.SELF, Who.ANY))
                if primitive_of(effect).damage and hits and by in again:
                    raise self.error(call.pos, f"{where}: this trigger would fire itself "
                                     f"forever: '{call.name}' on {effect.selector.value} is "
                                     f"again 'damaged' of {of.value}; add 'once per turn' or "
                                     "act on another ship")
        return TriggerDef(event, of, by, spec.once, effects, f"{holder.value}:{entry.id}:{index}")

    def _check_triggered(self, call: Call, effect: Effect, where: str, holder: Holder,
                         event: TriggerEvent) -> None:
        """A triggered effect resolves at once: nobody chooses, and it acts on
        the holder (``self``), the ship the event happened to (``target``) or,
        for an event a ship causes, that ship (``source``)."""
        prim = primitive_of(effect)
        if prim.choice is not Choice.NONE:
            raise self.error(call.pos, f"{where}: a trigger resolves at once with nobody to "
                             f"choose, so it cannot use '{call.name}' (its player chooses "
                             f"a {prim.choice.value})")
        if effect.selector is Selector.SOURCE and event not in ACTOR_EVENTS:
            raise self.error(call.pos, f"{where}: no ship causes '{event}', so there is no "
                             "'source' to act on; 'source' is for " + ", ".join(
                                 e.value for e in TriggerEvent if e in ACTOR_EVENTS))
        if effect.selector not in (Selector.SELF, Selector.TARGET, Selector.SOURCE):
            raise self.error(call.pos, f"{where}: in a trigger an effect acts on 'self' (the "
                             "holder), 'target' (the ship the event happened to) or 'source' "
                             f"(the ship that caused it), not '{effect.selector.value}'")
        if holder is Holder.TOKEN and effect.selector is Selector.SELF \
                and prim.name not in ("remove_token", "draw"):
            raise self.error(call.pos, f"{where}: a token is not a ship: in its trigger "
                             "'self' is the token (remove_token self) or its owner (draw); "
                             "use 'target' for the ship the event happened to")

    def _token(self, entry: _Entry, letters: dict[str, str],
               marks: dict[str, str]) -> TokenDef:
        """A token kind: its mark (one character, no ship's letter, no other
        token's mark; default ``*``) and its triggers."""
        prop = entry.props.get("mark")
        mark = prop.value if prop is not None else "*"
        pos = prop.pos if prop is not None else entry.pos
        ships = {ch for letter in letters.values() for ch in (letter, letter.upper())}
        if len(mark) != 1 or mark.isspace() or mark in ".#~":
            raise self.error(pos, f"token '{entry.id}': a mark is one character that is not "
                             f"terrain (. # ~) or a space, such as \"*\", not \"{mark}\"")
        if mark in ships:
            raise self.error(pos, f"token '{entry.id}': mark '{mark}' is a ship's letter on "
                             "the text board; give it another mark")
        if mark in marks:
            raise self.error(pos, f"token '{entry.id}': token '{marks[mark]}' already has "
                             f"mark '{mark}'; give it a 'mark' of its own")
        marks[mark] = entry.id
        duration = Duration.PERMANENT
        if "duration" in entry.props:
            text, whose = entry.props["duration"].value
            if whose is not None and text.split(" ")[3] not in DURATION_PLAYERS:
                raise self.error(whose, f"token '{entry.id}': a duration counts the turns of "
                                 f"'its' player (the player who placed it), not "
                                 f"'{text.split(' ')[3]}'",
                                 _suggest(text.split(" ")[3], DURATION_PLAYERS))
            duration = Duration(text)
        return TokenDef(entry.id, mark, duration, self._triggers(entry, Holder.TOKEN))

    def _options(self) -> RuleOptions:
        """The rule options; an option in error is kept in ``problems`` and left
        at its default, so the cards are still checked."""
        fields = {f.name: f for f in attrs.fields(RuleOptions)}
        values: dict[str, Any] = {}
        for key, prop in self.options.items():
            value = self.keep(self._option, key, prop, fields)
            if value is not None:
                values[key] = value
        for key, choices in (("sunk_mid_chain", SUNK_MID_CHAIN), ("placement", PLACEMENTS),
                             ("sinker_draws_for", SINKER_DRAWS_FOR)):
            if key in values and values[key] not in choices:
                prop = self.options[key]
                self.report(self.error(prop.pos, f"{key} must be one of "
                                                f"{', '.join(choices)}",
                                                _suggest(prop.value, choices)))
                del values[key]
        if values.get("neighbours", 8) not in (4, 8):
            self.report(self.error(self.options["neighbours"].pos,
                                            "neighbours must be 4 or 8"))
            del values["neighbours"]
        for key in ("hand_limit", "ship_maneuvers", "deck_size", "board_columns", "board_rows",
                    "victory_points", "turn_limit"):
            if key in values and values[key] < 1:
                self.report(self.error(self.options[key].pos,
                                                f"rule option '{key}' must be at least 1"))
                del values[key]
        try:
            self._check_board_size(values)
        except DslError as err:  # the default board, to check the cards on
            self.report(err)
            for key in ("board_columns", "board_rows"):
                values.pop(key, None)
        values["catchup"] = tuple(sorted(
            (Catchup(t, r, p.value[2]) for (t, r), p in self.catchups.items() if p.value[2] > 0),
            key=lambda c: (c.team, -c.reduced_to)))
        return RuleOptions(**values)

    def _option(self, key: str, prop: Prop, fields: dict[str, Any]) -> Any:
        """One rule option's value, of the option's type."""
        if key not in fields or key == "catchup":
            raise self.error(prop.pos, f"unknown rule option '{key}'",
                             _suggest(key, [k for k in fields if k != "catchup"]))
        kind = fields[key].type
        if kind in ("int", int):
            if not isinstance(prop.value, int):
                raise self.error(prop.pos, f"rule option '{key}' needs a number")
            if prop.value < 0:
                raise self.error(prop.pos, f"rule option '{key}' cannot be negative")
        elif not isinstance(prop.value, str):
            raise self.error(prop.pos, f"rule option '{key}' needs a word")
        return prop.value

    def _check_board_size(self, values: dict[str, Any]) -> None:
        """R1.1, D2.7: a board the engine can play: box columns named a to z,
        and two start cards in opposite corners, not one card."""
        for key, most in (("board_columns", MAX_BOARD_COLUMNS), ("board_rows", MAX_BOARD_ROWS)):
            if values.get(key, 1) > most:
                raise self.error(self.options[key].pos, f"rule option '{key}' is at most {most} "
                                 f"(a board of at most {2 * MAX_BOARD_COLUMNS} boxes a side, "
                                 "columns a to z, R1.1)")
        defaults = RuleOptions()
        cols = values.get("board_columns", defaults.board_columns)
        rows = values.get("board_rows", defaults.board_rows)
        if cols * rows < 2:
            key = "board_rows" if "board_rows" in self.options else "board_columns"
            raise self.error(self.options[key].pos, f"a board of {cols}x{rows} map card has no "
                             "room for two start cards in opposite corners (R1.1, D2.7)")

    def _card(self, entry: _Entry, options: RuleOptions, statuses: Mapping[str, Any]) -> CardDef:
        p = entry.props
        where = f"{entry.kind} '{entry.id}'"
        meaning = _card_id_meaning(entry.id)
        if meaning is not None:
            raise self.error(entry.pos, f"{'an' if entry.kind == 'order' else 'a'} "
                             f"{entry.kind} cannot be called '{entry.id}': {meaning}")
        for key, prop in p.items():
            if entry.kind == "order" and key in ("cost", "range"):
                raise self.error(prop.pos, f"order cards have no '{key}': they ignore range "
                                 "and cannot be responded to (R7.3)")
            if entry.kind == "maneuver" and key == "copies":
                raise self.error(prop.pos, "maneuvers have no 'copies': they are on control cards")
            if key in ("layout", "start", *SHIP_PROPS):
                raise self.error(prop.pos, f"'{key}' belongs to a ship or map, not to {where}")
        if "effect" not in p:
            raise self.error(entry.pos, f"{where} has no effect")
        base = computed_cost = None  # a maneuver's cost: N, or an amount
        if entry.kind == "maneuver":
            if "cost" not in p:
                raise self.error(entry.pos, f"{where} has no cost (R4.1)")
            base, computed_cost = self._cost(p["cost"], where)
            if base < 1:
                raise self.error(p["cost"].pos, f"{where}: cost must be at least 1 crew (R4.1)")
        if entry.kind == "order":
            if "copies" not in p:
                raise self.error(entry.pos, f"{where} has no copies (R1.4)")
        effects = tuple(self._effect(c, statuses) for c in p["effect"].value)
        rng = p["range"].value if "range" in p else None
        response = bool(p["response"].value) if "response" in p else False
        # the target: declared, or inferred from the selectors the effects use
        used = {c.selector for c in effects}
        if any(isinstance(c.selector, Ships) and c.selector.place is Place.AREA
               for c in effects):
            used.add(Selector.AREA)  # `each enemy ship in area`
        if "target" in p:
            target = p["target"].value
            tpos = p["target"].pos
        else:
            tpos = entry.pos
            if Selector.AREA in used or Selector.BOXES in used:
                named = Selector.AREA if Selector.AREA in used else Selector.BOXES
                raise self.error(entry.pos, f"{where} acts on '{named.value}' but declares "
                                 "no 'target area WxH'")
            target = Target(TargetKind.SHIP if Selector.TARGET in used else TargetKind.SELF)
        if target.kind is TargetKind.SELF and Selector.TARGET in used:
            raise self.error(tpos, f"{where} targets itself but an effect uses 'target'")
        if Selector.AREA in used and target.kind is not TargetKind.AREA:
            raise self.error(tpos, f"{where} uses 'each ship in area' without 'target area WxH'")
        if Selector.BOXES in used and target.kind is not TargetKind.AREA:
            raise self.error(tpos, f"{where} uses 'area' without 'target area WxH'")
        if target.kind is TargetKind.AREA:
            if entry.kind == "maneuver":
                raise self.error(tpos, "area targets are for order cards (D7.5)")
            if target.width < 1 or target.height < 1:
                raise self.error(tpos, "an area needs a size of at least 1x1")
        if entry.kind == "maneuver" and target.kind in (TargetKind.SHIP, TargetKind.SOURCE) \
                and rng is None:
            raise self.error(tpos, f"{where} targets a ship but has no range (R4.2)")
        if response and rng is None and entry.kind == "maneuver":
            pos = p["response"].pos
            raise self.error(pos, f"{where} is a response but has no range: a response is "
                             "used on a target in the visual field (R5.2)")
        needs_answer = [c for c in effects if c.selector is Selector.ANSWERED] \
            or target.kind is TargetKind.SOURCE or Selector.SOURCE in used
        if needs_answer and not response:
            raise self.error(tpos, f"{where} acts on the item it answers, so it must be a "
                             "'response' (R5.2)")
        moves = [e for e in effects if primitive_of(e).choice is Choice.PATH]
        if len(moves) > 1:
            raise self.error(p["effect"].pos, f"{where} has more than one move effect")
        if moves and target.kind is TargetKind.AREA:
            raise self.error(p["effect"].pos, f"{where} cannot move ships in an area")
        effects = self._check_exprs(entry, effects, target, response, options)
        return CardDef(
            id=entry.id, kind=entry.kind, effects=effects, target=target,
            cost=base, range=rng,
            respondable=bool(p["respondable"].value) if "respondable" in p else False,
            response=response,
            copies=p["copies"].value if "copies" in p else 0,
            source=SourceRef(entry.pos.file, entry.pos.line),
            usable=p["usable"].value if "usable" in p else None,
            once="once" in p,
            computed_cost=computed_cost)

    def _cost(self, prop: Prop, where: str) -> tuple[int, Amount | None]:
        """A maneuver's cost as (the fixed cost, the amount or None): an amount
        of numbers only is a fixed cost; one with quantities has as fixed
        cost its value with every quantity 0, at least 1 (CardDef.computed_cost)."""
        value = prop.value
        if not isinstance(value, Amount):
            return value, None
        fixed = sum(sign * term for sign, term in value.terms if type(term) is int)
        if all(type(term) is int for _, term in value.terms):
            return fixed, None
        read = before_target(value)
        if read is not None:
            raise self.error(prop.pos, f"{where}: a cost is counted before a target is "
                             f"chosen, so it cannot read {read}; it may read the ship that "
                             "uses the card (self) and the sides")
        return max(1, fixed), value

    def _check_exprs(self, entry: _Entry, effects: tuple[Effect, ...], target: Target,
                     response: bool, options: RuleOptions) -> tuple[Effect, ...]:
        """The card's expressions (exprs.py) checked: every word known, every
        subject one the card has; the effects with their boxes as indexes."""
        p = entry.props
        where = f"{entry.kind} '{entry.id}'"
        words = [w for key in ("target", "usable") if key in p for w in p[key].words]
        calls = p["effect"].value
        words += [w for c in calls for w in c.words]
        cards = [*self.entries["maneuver"], *self.entries["order"]]
        boxes = check_words(tuple(words), self.error, self.entries["ship"],
                            self.entries["status"], cards, 2 * options.board_columns,
                            2 * options.board_rows)

        def check(subjects: set, pos: Pos, what: str, it: bool = False) -> None:
            if Subject.IT in subjects and not it:
                raise self.error(pos, f"{where}: 'it' is the ship a filter tests ('where …'); "
                                 f"{what} has none")
            if Subject.TARGET in subjects and target.kind not in (TargetKind.SHIP,
                                                                  TargetKind.SOURCE):
                raise self.error(pos, f"{where}: {what} reads the target, but the card has no "
                                 "target ship (declare 'target ship')")
            if Subject.SOURCE in subjects and not response:
                raise self.error(pos, f"{where}: {what} reads the answered item, so the card "
                                 "must be a 'response' (R5.2)")

        if "usable" in p:
            subjects = p["usable"].value.subjects()
            if Subject.TARGET in subjects:
                raise self.error(p["usable"].pos, f"{where}: 'usable if' is checked before a "
                                 "target is chosen; test the target in a filter: target "
                                 "ship where …")
            check(subjects, p["usable"].pos, "'usable if'")
        flt = target.filter
        if flt is not None:
            if flt.where is not None and Subject.TARGET in flt.where.subjects():
                raise self.error(p["target"].pos, f"{where}: in a target filter the ship "
                                 "tested is 'it', not 'target'")
            check(flt.subjects(), p["target"].pos, "its target filter", it=True)
        out = []
        for call, effect in zip(calls, effects):
            sel = effect.selector
            if hasattr(sel, "subjects"):
                check(sel.subjects(), call.pos, f"effect '{call.name}'")
            computed = effect.computed
            if computed is not None:
                subjects = set().union(*(getattr(effect, n).subjects()
                                         for n in computed.amounts))
                if computed.condition is not None:
                    subjects |= computed.condition.subjects()
                check(subjects, call.pos, f"effect '{call.name}'")
            out.append(attrs.evolve(effect, selector=with_boxes(sel, boxes))
                       if isinstance(sel, Ships) and sel.of_name else effect)
        return tuple(out)

    def _effect(self, call: Call, statuses: Mapping[str, Any]) -> Effect:
        prim = PRIMITIVES.get(call.name)
        if prim is None:
            raise self.error(call.pos, f"unknown effect '{call.name}'",
                             _suggest(call.name, PRIMITIVES))
        if len(call.args) != len(prim.params):
            spelled = " ".join(p.name.upper() for p in prim.params)
            raise self.error(call.pos, f"effect '{call.name}' takes {len(prim.params)} "
                             f"value(s): {call.name} {spelled}".rstrip()
                             + f" (example: {prim.example})")
        kwargs: dict[str, Any] = {}
        amounts = []
        for param, arg in zip(prim.params, call.args):
            if param.kind is int and isinstance(arg, Amount):
                if prim.choice is Choice.PATH:  # the path is chosen with the card
                    raise self.error(call.pos, f"effect '{call.name}': {param.name} must be "
                                     "a number written on the card, not computed")
                amounts.append(param.name)
            elif param.kind is int:
                if not isinstance(arg, int):
                    raise self.error(call.pos, f"effect '{call.name}': {param.name} must be a "
                                     f"number, not '{arg}'")
                if arg < param.minimum:
                    raise self.error(call.pos, f"effect '{call.name}': {param.name} must be at "
                                     f"least {param.minimum}")
                if call.name == "move" and arg > MAX_MOVE:
                    raise self.error(call.pos, f"effect 'move': {param.name} must be at most "
                                     f"{MAX_MOVE} (a ship moves at most {MAX_MOVE} boxes, "
                                     "whatever changes its movement, D4.6)")
            else:
                # a declared name (a status) or one of the primitive's words
                declared = {"status": statuses, "token": self.entries["token"]}
                choices = tuple(declared[param.declared]) if param.declared else param.choices
                if param.declared and not choices:
                    raise self.error(call.pos, f"effect '{call.name}': no {param.declared} is "
                                     f"declared; declare one first: {param.declared} NAME "
                                     "{ ... }")
                if not isinstance(arg, str) or (choices and arg not in choices):
                    raise self.error(call.pos, f"effect '{call.name}': {param.name} must be one "
                                     f"of {', '.join(choices)}, not '{arg}'",
                                     _suggest(str(arg), choices))
            kwargs[param.name] = arg
        selector = call.selector or prim.default
        if selector is None:
            raise self.error(call.pos, f"effect '{call.name}' needs to say whom it acts on "
                             f"(example: {prim.example})")
        # a set of ships where a primitive acts on every ship of an area; a
        # set of players where it acts on players (draw)
        fits = selector in prim.selectors if isinstance(selector, Selector) else \
            Selector.AREA in prim.selectors if isinstance(selector, Ships) else prim.players
        if not fits:
            allowed = ", ".join(s.value for s in prim.selectors)
            if Selector.AREA in prim.selectors:
                allowed += ", each … ship"
            if prim.players:
                allowed += ", each … player"
            raise self.error(call.pos, f"effect '{call.name}' cannot act on '{selector.value}'; "
                             f"it acts on {allowed}")
        computed = Computed(call.condition, tuple(amounts)) \
            if call.condition is not None or amounts else None
        return prim.cls(selector=selector, computed=computed, **kwargs)

    def _ship_letters(self) -> dict[str, str]:
        """Each ship type's letter on the text board, by id: its own ``letter``
        (one lower-case letter that no other ship type has), else the first
        letter of its id that no other ship type has, else a digit. Declared
        letters are taken first, so a default never takes one of them."""
        entries = self.entries["ship"].values()
        letters: dict[str, str] = {}
        owners: dict[str, tuple[str, Pos]] = {}  # a declared letter → its ship, where
        for entry in entries:
            prop = entry.props.get("letter")
            if prop is None:
                continue
            if len(prop.value) != 1:  # a NAME: it starts with a lower-case letter
                raise self.error(prop.pos, f"ship '{entry.id}': a letter is one lower-case "
                                 f"letter (blue's ships show it upper case), not "
                                 f"'{prop.value}'")
            if prop.value in owners:  # the error is at the later of the two
                first = owners[prop.value]
                (owner, at), (ship, pos) = sorted([first, (entry.id, prop.pos)],
                                                  key=lambda o: self._written(o[1]))
                raise self.error(pos, f"ship '{ship}': ship '{owner}' already has "
                                 f"letter '{prop.value}' (declared at {at.file}:{at.line}:"
                                 f"{at.column}); each ship type needs its own letter on the "
                                 "text board")
            owners[prop.value] = (entry.id, prop.pos)
            letters[entry.id] = prop.value
        taken = set(letters.values())
        for entry in entries:
            if entry.id in letters:
                continue
            free = [ch for ch in [*filter(str.isalpha, entry.id), *SPARE_LETTERS]
                    if ch not in taken]
            if not free:
                raise self.error(entry.pos, f"ship '{entry.id}': every letter of its id and "
                                 "every digit is another ship type's mark on the text board; "
                                 "give it a 'letter'")
            letters[entry.id] = free[0]
            taken.add(free[0])
        return letters

    def _written(self, pos: Pos) -> tuple[int, int, int]:
        """Where ``pos`` comes in the files as they were applied: what sorts last
        was written last."""
        return (self.files.index(pos.file) if pos.file in self.files else -1,
                pos.line, pos.column)

    def _silhouette(self, entry: _Entry) -> Silhouette:
        """The ship's drawing on the SVG board: the one it names, else a plain hull."""
        prop = entry.props.get("silhouette")
        if prop is None:
            return Silhouette.HULL
        known = [s.value for s in Silhouette]
        if prop.value not in known:
            raise self.error(prop.pos, f"ship '{entry.id}': unknown silhouette '{prop.value}'; "
                             f"the board draws {', '.join(known)}", _suggest(prop.value, known))
        return Silhouette(prop.value)

    def _ship(self, entry: _Entry, maneuvers: Mapping[str, Any], options: RuleOptions,
              letters: dict[str, str], statuses: dict[str, StatusDef]) -> ShipDef:
        p = entry.props
        where = f"ship '{entry.id}'"
        meaning = self._filter_meaning(entry.id, ships=False)
        if meaning is not None:
            raise self.error(entry.pos, f"a ship type cannot be called '{entry.id}': in a test "
                             f"or a filter ('target is {entry.id}', 'each {entry.id} ship') the "
                             f"word is {meaning}, so the ship type could never be selected")
        for key, prop in p.items():
            if key in CARD_PROPS:
                raise self.error(prop.pos, f"'{key}' belongs to a card, not to {where}")
        for key in ("repairs", "breakdowns", "crew", "maneuvers"):
            if key not in p:
                raise self.error(entry.pos, f"{where} has no {key} (R1.3, R1.5)")
        for key in ("repairs", "breakdowns", "crew"):
            if p[key].value < 1:
                raise self.error(p[key].pos, f"{where}: {key} must be at least 1")
        names = p["maneuvers"].value
        seen = set()
        for name, pos in names:
            if name not in maneuvers:
                raise self.error(pos, f"{where} lists unknown maneuver '{name}'",
                                 _suggest(name, maneuvers))
            if name in seen:
                raise self.error(pos, f"{where} lists maneuver '{name}' twice")
            seen.add(name)
        if len(names) != options.ship_maneuvers:
            raise self.error(p["maneuvers"].pos, f"{where} has {len(names)} maneuvers; every "
                             f"control card has {options.ship_maneuvers} (R1.5)")
        return ShipDef(id=entry.id, repairs=p["repairs"].value, breakdowns=p["breakdowns"].value,
                       crew=p["crew"].value, maneuvers=tuple(n for n, _ in names),
                       letter=letters.get(entry.id, entry.id[0]),
                       silhouette=self._silhouette(entry),
                       source=SourceRef(entry.pos.file, entry.pos.line),
                       abilities=self._abilities(entry, statuses),
                       triggers=self._triggers(entry, Holder.SHIP))

    def _abilities(self, entry: _Entry, statuses: dict[str, StatusDef]) -> tuple[str, ...]:
        """A ship type's abilities: declared statuses that never end and change
        numbers, targeting or damage (what a status forbids is read on the hot
        paths from the ship's state, so an ability cannot forbid)."""
        prop = entry.props.get("abilities")
        if prop is None:
            return ()
        where = f"ship '{entry.id}'"
        out: list[str] = []
        for name, pos in prop.value:
            spec = statuses.get(name)
            if spec is None and name in self.entries["status"]:
                continue  # a status in error: reported at its declaration
            if spec is None:
                raise self.error(pos, f"{where}: unknown ability '{name}'; an ability is a "
                                 "declared status: status armoured { permanent  modify damage -1 }",
                                 _suggest(name, statuses))
            if name in out:
                raise self.error(pos, f"{where} lists ability '{name}' twice")
            if spec.duration is not Duration.PERMANENT:
                raise self.error(pos, f"{where}: ability '{name}' must be a permanent status, "
                                 f"not '{spec.duration.value}' (an ability never ends)")
            if spec.forbids or spec.redirect is not None:
                what = "forbids" if spec.forbids else "redirects damage"
                raise self.error(pos, f"{where}: ability '{name}' {what}; an ability may only "
                                 "'modify' numbers or be 'untargetable'")
            if not spec.modifies:
                raise self.error(pos, f"{where}: ability '{name}' changes nothing; give it "
                                 "'modify damage -1' or 'untargetable'")
            out.append(name)
        return tuple(out)

    def _map(self, entry: _Entry) -> MapCardDef:
        p = entry.props
        if "layout" not in p:
            raise self.error(entry.pos, f"map '{entry.id}' has no layout")
        rows = p["layout"].value
        if len(rows) != 2 or any(len(r) != 2 for r in rows):
            raise self.error(p["layout"].pos, f"map '{entry.id}': a map card is 2 rows of 2 "
                             'boxes, such as layout "#." ".~" (R1.1)')
        for row in rows:
            for ch in row:
                if ch not in ".#~":
                    raise self.error(p["layout"].pos, f"map '{entry.id}': unknown box {ch!r}; "
                                     "use . water, # island, ~ running water (R2.2)")
        start = "start" in p
        if start and any(ch != "." for row in rows for ch in row):
            raise self.error(p["layout"].pos, f"map '{entry.id}': a start card is all open "
                             "water (D2.7)")
        return MapCardDef(entry.id, tuple(rows), start, SourceRef(entry.pos.file, entry.pos.line))

    def _last_copies_pos(self) -> Pos | None:
        """Where the most recent file set a card's copies or the deck size: the likely
        cause of a bad total."""
        props = [e.props["copies"].pos for e in self.entries["order"].values()
                 if "copies" in e.props]
        if "deck_size" in self.options:
            props.append(self.options["deck_size"].pos)
        if not props:
            return None
        order = {f: i for i, f in enumerate(self.files)}
        return max(props, key=lambda p: (order.get(p.file, -1), -p.line))

    def _anywhere(self) -> Pos:
        """The place of an error of the whole set: its last file."""
        return Pos(self.files[-1] if self.files else "<rules>", 0, 0)

    def _check_deck(self, orders: dict[str, CardDef], options: RuleOptions) -> None:
        """R1.4: the copies of the order cards add up to the deck."""
        total = sum(o.copies for o in orders.values())
        if total != options.deck_size:
            counts = ", ".join(f"{o.id} {o.copies}" for o in orders.values())
            pos = self._last_copies_pos() or (
                self.options["deck_size"].pos if "deck_size" in self.options
                else self._anywhere())
            raise self.error(pos, f"the order cards add up to {total} copies ({counts}); the "
                             f"deck must have {options.deck_size} (R1.4)")

    def _check_whole(self, ships: dict[str, ShipDef], maps: dict[str, MapCardDef],
                     options: RuleOptions) -> None:
        """R1.2, R1.1: ship types to play, and the map cards of a board."""
        anywhere = self._anywhere()
        if not ships:
            raise self.error(anywhere, "no ship types are declared (R1.2)")
        starts = [m for m in maps.values() if m.start]
        others = [m for m in maps.values() if not m.start]
        need = options.board_columns * options.board_rows - 2
        if len(starts) < 2 or len(others) < need:
            raise self.error(anywhere, f"a board needs 2 start map cards and {need} others; "
                             f"there are {len(starts)} and {len(others)} (R1.1, D2.7)")

