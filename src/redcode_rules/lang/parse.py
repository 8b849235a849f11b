"""The card language's parsing: the records a card file turns into
(lang/records.py: ``Decl``, ``Prop``, ``Call``...), read from the parse tree
of the grammar (lang/grammar.py); a syntax error is said in words by
lang/syntax.py.

``parse_source`` turns text into declarations (attrs objects that remember
their file and line), or raises ``DslError`` with the line, a caret and what
was expected in words.

Its length is the grammar's: one short method per rule of
grammar/redcode.lark (the expressions' in lang/exprs.py), so it grows with
the language."""

from __future__ import annotations

from typing import Any

import attrs
import lark
from lark import Token, Transformer, v_args

from ..base.errors import DslError
from ..model.ruleset import Duration, Target, TargetKind
from ..rules.effects import Selector
from ..rules.exprs import LEFT_BY, Amount, BoxLeft, Condition, Filter, Place, Players, Ships
from .choices import MayTransformer, flat
from .exprs import ExprTransformer
from .grammar import card_parser
from .limits import MAX_TARGETS, check_text, check_tree
from .records import (Call, ClassWords, CopiesChange, Decl, ManeuversChange, ModeSpec, Pos,
                      Prop, SecondSpec,
                      TriggerSpec, Words)
from .syntax import check_words_apart, syntax_error

#: The largest number a card file may write, far above every count of the game.
MAX_NUMBER = 999_999


def _number(file: str, tok: Token, text: str | None = None) -> int:
    """The integer a token writes (``text``: a part of it), or a DslError at the
    token for one larger than ``MAX_NUMBER``."""
    digits = str(tok) if text is None else text
    if len(digits.lstrip("0")) > len(str(MAX_NUMBER)) or int(digits) > MAX_NUMBER:
        raise DslError(f"the number {digits[:12]}{'…' if len(digits) > 12 else ''} is too "
                       f"large (at most {MAX_NUMBER})", file=file, line=tok.line,
                       column=tok.column)
    return int(digits)


def _sel(selector: Selector) -> Any:
    """A transformer method that is the selector its rule names."""
    return lambda self, meta, c: selector


@v_args(meta=True)
class _ToDecls(MayTransformer, ExprTransformer, Transformer):
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

    def _word_prop(name):  # noqa: N805 - the same, for a property that is its words alone
        def prop(self, meta, c):
            return Prop(name, True, self._pos(meta))
        return prop

    def cost(self, meta, c):
        if isinstance(c[0], Amount):  # cost (AMOUNT): checked with the card
            return Prop("cost", c[0], self._pos(meta), self.take_words())
        return Prop("cost", _number(self.file, c[0]), self._pos(meta))

    def copies(self, meta, c):
        if len(c) == 2:  # copies +2 / copies -1: a change to the copies below
            sign, amount = c
            by = _number(self.file, amount) * (-1 if sign == "-" else 1)
            return Prop("copies", CopiesChange(by), self._pos(meta))
        return Prop("copies", _number(self.file, c[0]), self._pos(meta))

    def deck_decl(self, meta, c):
        return Decl("deck", "deck", "deck", tuple(c), self._pos(meta))

    keep_size = _word_prop("keep_size")
    repairs = _int_prop("repairs")
    breakdowns = _int_prop("breakdowns")
    crew = _int_prop("crew")

    def range(self, meta, c):
        return Prop("range", _number(self.file, c[0]) if c else None, self._pos(meta))

    def flag(self, meta, c):
        negated, flag = c
        return Prop(str(flag), negated is None, self._pos(meta))

    once = _word_prop("once")
    over_islands = _word_prop("over_islands")

    def answers(self, meta, c):
        return Prop("answers", tuple(str(w) for w in c), self._pos(meta))

    def target(self, meta, c):
        return Prop("target", c[0], self._pos(meta), self.take_words())

    def target_filtered(self, meta, c):
        return Target(TargetKind.SHIP, filter=self.filter_of(c, meta))

    def usable(self, meta, c):
        self.no_chance(c[0], meta, "'usable if'")
        return Prop("usable", c[0], self._pos(meta), self.take_words())

    def target_counted(self, meta, c):
        """``target up to N …``/``target exactly N …`` (D4.13): a ship target
        with its count; the compiler checks the numbers."""
        least, most = c[0]
        least = least if isinstance(least, int) else self._count(least)
        return Target(TargetKind.SHIP, filter=self.filter_of(c[1:], meta), least=least,
                      most=self._count(most))

    def count_up_to(self, meta, c):
        """A count as read, (least, most): 1 and N's token, or N's token twice
        (``count_exactly``); its N is checked where it is used (a target's,
        D4.13; a second target's, D4.14)."""
        return (1, c[0])

    def count_exactly(self, meta, c):
        return (c[0], c[0])

    def _count(self, tok: Token) -> int:
        """The N of a counted target: 2 to ``MAX_TARGETS`` (D4.13)."""
        n = _number(self.file, tok)
        if not 2 <= n <= MAX_TARGETS:
            raise DslError(f"a counted target names 2 to {MAX_TARGETS} different ships, not "
                           f"{n}; one ship is 'target … ship' (D4.13)", file=self.file,
                           line=tok.line, column=tok.column)
        return n

    def sel_targets(self, meta, c):
        return Selector.TARGETS

    def second_target(self, meta, c):
        """``second target [words] ship [within N of …] [where …]`` (D4.14):
        the set of ships it may be, as ``each … ship`` reads one; ``up to 1``:
        the player may choose none (the count of several targets, D4.13)."""
        count, *rest = c
        if count is not None and (count[0] != 1 or _number(self.file, count[1]) != 1):
            tok = count[1]
            said = "up to" if count[0] == 1 else "exactly"
            raise DslError(f"a card has one second target at most, chosen or not: 'second "
                           f"target up to 1 … ship', not '{said} {tok}' (D4.14)",
                           file=self.file, line=tok.line, column=tok.column)
        return Prop("second", SecondSpec(self.sel_ships(meta, rest), count is not None),
                    self._pos(meta), self.take_words())

    def mode(self, meta, c):
        """``mode NAME { … }`` (D4.15): one mode, kept with the card's others
        as the property ``mode`` (their tuple)."""
        name, *props = c
        pos = self._pos(meta)
        return Prop("mode", (ModeSpec(str(name), self._tpos(name), tuple(props)),), pos)

    def sel_second(self, meta, c):
        return Selector.SECOND

    def choose_amount(self, meta, c):  # D4.19: its bounds, checked by lang/amounts.py
        return Prop("choose_amount", tuple(b if isinstance(b, Amount) else _number(self.file, b)
                                           for b in c), self._pos(meta), self.take_words())

    def target_self(self, meta, c):
        return Target(TargetKind.SELF)

    def target_ship(self, meta, c):
        return Target(TargetKind.SHIP)

    def target_source(self, meta, c):
        return Target(TargetKind.SOURCE)

    def target_area(self, meta, c):
        w, h = str(c[0]).split("x")
        return Target(TargetKind.AREA, _number(self.file, c[0], w), _number(self.file, c[0], h))

    def target_map_card(self, meta, c):
        """``target map card`` (D2.19): an area of one map card."""
        return Target(TargetKind.AREA, 2, 2, map_card=True)

    def effect(self, meta, calls):
        return Prop("effect", flat(calls), self._pos(meta))

    def made(self, record, *args):  # a record lang/choices.py reads (D4.16, D4.17)
        return {"call": Call, "prop": Prop}[record](*args)

    def call(self, meta, c):
        name, *rest = c
        self.plain(name)  # ``else`` only ends a ``may`` block (lang/choices.py)
        condition = next((x for x in rest if isinstance(x, Condition)), None)
        selectors = [x for x in rest if isinstance(x, (Selector, Ships, Players, BoxLeft))]
        selector = selectors[0] if selectors else None
        args = tuple(x if isinstance(x, Amount) else _number(self.file, x)
                     if x.type == "INT" else str(x)
                     for x in rest if isinstance(x, (Token, Amount)))
        # `(2)` is the number 2: a printed card compiles to plain numbers
        args = tuple(a.terms[0][1] if isinstance(a, Amount) and len(a.terms) == 1
                     and a.terms[0][0] > 0 and type(a.terms[0][1]) is int else a for a in args)
        direction = next((x for x in rest if isinstance(x, tuple)), None)
        return Call(str(name), args, selector, self._tpos(name), condition, self.take_words(),
                    tuple(selectors[1:]), direction)

    def toward(self, meta, c):
        """``toward SUBJECT`` after a move's ships (D4.20)."""
        return ("toward", c[0])

    def away(self, meta, c):
        """``away from SUBJECT`` after a move's ships (D4.20)."""
        return ("away", c[0])

    def directly_toward(self, meta, c):
        """``directly toward SUBJECT``: a pull (D4.21)."""
        return ("directly toward", c[0])

    def directly_away(self, meta, c):
        """``directly away from SUBJECT``: a push (D4.21)."""
        return ("directly away", c[0])

    sel_self, sel_target, sel_source = _sel(Selector.SELF), _sel(Selector.TARGET), \
        _sel(Selector.SOURCE)
    sel_answered, sel_you = _sel(Selector.ANSWERED), _sel(Selector.YOU)
    sel_answered_target = _sel(Selector.ANSWERED_TARGET)
    sel_area, sel_boxes = _sel(Selector.AREA), _sel(Selector.BOXES)

    def sel_box_left(self, meta, c):
        """``box left by SUBJECT`` (D2.17): of one ship."""
        if c[0] not in LEFT_BY:
            raise DslError(f"'box left by' names the box a ship left: write "
                           f"{', '.join(s.value for s in LEFT_BY)}, not '{c[0].value}'",
                           file=self.file, line=meta.line, column=meta.column)
        return BoxLeft(c[0])

    def sel_deck(self, meta, c):
        return Selector.DECK

    def sel_discards(self, meta, c):
        return Selector.DISCARDS

    # triggers and tokens (rules/triggers.py) -----------------------------------
    def trigger(self, meta, c):
        event, of, by, once, effect = c
        return Prop("when", (TriggerSpec(str(event), self._tpos(event), of, by, once is not None,
                                         effect.value, effect.pos),), self._pos(meta))

    def trigger_of(self, meta, c):
        return (str(c[0]), self._tpos(c[0]))

    def trigger_by(self, meta, c):
        """WHO (a name, ``self``), or a ``ClassWords`` starting with one (the
        compiler tells them apart)."""
        if isinstance(c[0], ClassWords):
            words = c[0]
            return words.words[0] if len(words.words) == 1 and not words.listed \
                and words.cost is None else words
        if len(c) > 1 and c[1] is not None:  # ``by self order cards``: self, then the class
            cls = c[1]
            return attrs.evolve(cls, words=((str(c[0]), self._tpos(c[0])), *cls.words),
                                pos=self._tpos(c[0]))
        return (str(c[0]), self._tpos(c[0]))

    def once_turn(self, meta, c):
        return True

    def token_decl(self, meta, c):
        return Decl("new", "token", str(c[0]), tuple(c[1:]), self._pos(meta))

    def mark(self, meta, c):
        return Prop("mark", str(c[0])[1:-1], self._tpos(c[0]))

    def blocks_sight(self, meta, c):  # D2.23: a token that is cover
        return Prop("blocks_sight", True, self._pos(meta))

    def terrain(self, meta, c):  # D2.14: its word is checked with the token
        return Prop("terrain", str(c[0]), self._tpos(c[0]))

    def edge(self, meta, c):
        return str(c[0])

    def until(self, meta, c):
        edge, whose = c
        if whose is None:  # `until end of next turn`: its player's
            return Prop("duration", (f"until {edge} of its next turn", None), self._pos(meta))
        return Prop("duration", (f"until {edge} of {whose} next turn", self._tpos(whose)),
                    self._pos(meta))

    def for_turns(self, meta, c):
        """``for N [of WHOSE] turns`` (D9.17): until the end of the Nth next turn."""
        n, whose, _ = c
        said = "its" if whose is None else str(whose)
        return Prop("duration", (f"until end of {said} next turn",
                                 None if whose is None else self._tpos(whose),
                                 (_number(self.file, n), self._tpos(n))), self._pos(meta))

    def this_turn(self, meta, c):
        return Prop("duration", (Duration.THIS_TURN.value, None), self._pos(meta))

    def permanent(self, meta, c):
        return Prop("duration", (Duration.PERMANENT.value, None), self._pos(meta))

    def forbids(self, meta, c):
        return Prop("forbids", c[0], self._pos(meta))

    # status modifiers and ship abilities ------------------------------------
    def for_uses(self, meta, c):
        # a prop of its own: a status may last for N uses and a time together
        return Prop("uses", (_number(self.file, c[0]), self._tpos(c[0])), self._pos(meta))

    def until_uses(self, meta, c):
        # a prop of its own: the end by a card used may stand beside a time
        return Prop("ends_on", c[0], self._pos(meta))

    def stacks(self, meta, c):
        return Prop("stacks", (_number(self.file, c[0]), self._tpos(c[0])), self._pos(meta))

    def set_(self, meta, c):
        return self._limit(meta, "set", c[0], "set", *c[1:])

    def limit(self, meta, c):
        return self._limit(meta, "limit", c[0], c[1] or "at most", *c[2:])

    def _limit(self, meta, verb, name, how, amount, card=None):
        """``set``/``limit`` lines as one prop, one entry per number; an amount with its words."""
        only = None if card is None else (str(card), self._tpos(card))
        value = amount if isinstance(amount, Amount) else _number(self.file, amount)
        return Prop("limit", ((" ".join(name.split()), self._tpos(name), how, value, only, verb,
                               self.take_words()),), self._pos(meta))

    def param(self, meta, c):
        """A parameter's words as one name token, placed at its first word."""
        return Token("NAME", " ".join(str(t) for t in c), line=c[0].line, column=c[0].column)

    def limit_bound(self, meta, c):
        return (f"at {c[0]}", self._tpos(c[0]))

    def prevent(self, meta, c):
        return Prop("prevent", (_number(self.file, c[0]), (str(c[1]), self._tpos(c[1]))),
                    self._pos(meta))

    def while_(self, meta, c):
        self.no_chance(c[0], meta, "'while'")
        return Prop("while", (Duration.WHILE.value, c[0]), self._pos(meta), self.take_words())

    def affects(self, meta, c):
        names = [t for t in c if isinstance(t, Token)]
        within = next((x for x in c if isinstance(x, int)), None)
        place, within = next((x for x in c if isinstance(x, tuple)), (Place.BOARD, within))
        where = next((x for x in c if x is not None and
                      not isinstance(x, (Token, int, tuple))), None)
        for t in names:
            self._word("ship", t)
        self.no_chance(where, meta, "the 'where' of 'affects'")
        sel = Ships(Filter(tuple(str(t) for t in names), where), place, within)
        return Prop("affects", sel, self._pos(meta), self.take_words())

    def entry(self, meta, c):
        """``forbids entering [by WORD... ships]`` of a token (D2.15): a ship filter."""
        names = [t for t in c if isinstance(t, Token)]
        for t in names:
            self._word("ship", t)
        return Prop("entry", Filter(tuple(str(t) for t in names)), self._pos(meta),
                    self.take_words())

    def aura_within(self, meta, c):
        return _number(self.file, c[0])

    def aura_line(self, meta, c):
        """``in row within N [of self]`` of an aura: lines only (D2.10)."""
        place = Place(str(c[0]))
        if not place.is_line:
            raise DslError(f"an aura reaches along lines from its ship ('in row within 2'), "
                           f"not 'in {place.value}'", file=self.file, line=c[0].line,
                           column=c[0].column)
        return (place, _number(self.file, c[1]))

    def untargetable(self, meta, c):
        return Prop("untargetable", () if c[0] is None else c[0], self._pos(meta))

    ignores_running = _word_prop("ignores_running")
    sees_over_islands = _word_prop("sees_over_islands")

    def modify(self, meta, c):
        *names, sign, amount, card = c
        value = _number(self.file, amount) * (-1 if sign == "-" else 1)
        return Prop("modify", ((" ".join(str(n) for n in names), self._tpos(names[0]), value,
                                card),), self._pos(meta))

    def card_class(self, meta, c):
        *names, cost = c
        return ClassWords(tuple((str(t), self._tpos(t)) for t in names),
                          None if cost is None else (_number(self.file, cost), self._tpos(cost)),
                          False, self._pos(meta))

    def card_list(self, meta, c):
        return ClassWords(tuple((str(t), self._tpos(t)) for t in c), None, True,
                          self._pos(meta))

    def redirect(self, meta, c):
        what, where = c
        return Prop("redirect", ((str(what), self._tpos(what)), (str(where), self._tpos(where))),
                    self._pos(meta))

    def nature(self, meta, c):
        return Prop("nature", (str(c[0]), self._tpos(c[0])), self._pos(meta))

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
        if c and c[0].type == "SIGN":  # a patch's + or - (D1.5)
            names = tuple((str(t), self._tpos(t)) for t in c[1:])
            return Prop("maneuvers", ManeuversChange(str(c[0]) == "+", names), self._pos(meta))
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
    file past a limit (lang/limits.py: its size and characters before it is
    parsed, its shape before the tree is transformed). A byte order mark at
    the start is skipped."""
    if not isinstance(text, str):
        raise DslError("card source must be text", file=file)
    text = strip_bom(text)
    check_text(text, file)
    try:
        tree = card_parser().parse(text)
    except lark.exceptions.UnexpectedInput as err:
        raise syntax_error(err, text, file) from None
    check_tree(tree, text, file)
    check_words_apart(tree, text, file)
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
