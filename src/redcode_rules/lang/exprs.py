"""The card language's expressions: from parse tree to exprs objects (grammar
block "Expressions" of grammar/redcode.lark).

``ExprTransformer`` is mixed into the DSL's transformer: it builds amounts,
conditions, filters and sets of ships or players, and notes every word a
filter or a test uses (``WordAt``) with where it was written, for the checks
that need the whole card set (ship types, statuses, card ids, the board),
which lang/expr_checks.py holds.
"""

from __future__ import annotations

import difflib
from typing import Any

import attrs
from lark import Token, Transformer, v_args

from ..base.errors import DslError
from ..model.ruleset import Target, TargetKind
from ..rules.card_classes import KIND_WORDS, CardClass, Trait
from ..rules.effects import Selector
from ..rules.exprs import (
    DISTANCES,
    All,
    Amount,
    Adjective,
    AnyOf,
    BoxCount,
    Boxes,
    BoxTest,
    BoxWord,
    Chance,
    chances,
    Cmp,
    Compare,
    Condition,
    Extreme,
    Filter,
    GAME_QUANTITIES,
    InLine,
    InSight,
    Is,
    MAX_FACES,
    Measure,
    Nearest,
    Not,
    Period,
    Place,
    Players,
    Quantity,
    ShipCount,
    Ships,
    SHIP_QUANTITIES,
    SIDE_SUBJECTS,
    Subject,
    Tally,
    Times,
)


@attrs.frozen
class BoxOf:
    """``box of SUBJECT`` as the subject of a test, while it is parsed (D2.11)."""

    subject: Subject


@attrs.frozen
class WordAt:
    """A word of a filter or test, to check against the card set: ``kind`` is
    ``ship`` (an adjective, ship type or status), ``answered``, ``mode``,
    ``player``, ``box``, ``card`` or ``maneuver``."""

    kind: str
    word: str
    file: str
    line: int
    column: int


#: The words a test of the answered item takes besides card ids.
ANSWERED_WORDS = ("order", "maneuver", "enemy", "friendly", "own", "other",
                  *(t.value for t in Trait))  # a class of cards' words (rules/card_classes.py)
PLAYER_WORDS = ("enemy", "friendly", "other", "any")
#: The subjects that name no ship: a player, a side, a token's box, none written.
NOT_SHIPS = frozenset({Subject.YOU, Subject.ENEMY, Subject.FRIENDLY, Subject.HERE,
                       Subject.DEFAULT})
SUBJECT_WORDS = frozenset(s.value for s in Subject)


@v_args(meta=True)
class ExprTransformer(Transformer):
    """Transformer methods of the expression rules (mixed into dsl._ToDecls,
    which gives ``file`` and ``_pos``); ``words`` collects the words to check
    until the declaration that holds them takes them (``take_words``)."""

    file: str

    def _word(self, kind: str, tok: Token) -> None:
        if not hasattr(self, "words"):
            self.words = []
        self.words.append(WordAt(kind, str(tok), self.file, tok.line, tok.column))

    def take_words(self) -> tuple[WordAt, ...]:
        """The words noted since the last call."""
        words = tuple(getattr(self, "words", ()))
        self.words = []
        return words

    def _error(self, tok: Token, message: str) -> DslError:
        return DslError(message, file=self.file, line=tok.line, column=tok.column)

    def _known_words(self, words: list[Token], known: list[str], message: str) -> None:
        """Each of ``words`` is one of ``known``, or the first that is not is an
        error where it stands, with the nearest known word as a suggestion;
        ``message`` names it as ``{word}``."""
        for t in words:
            if str(t) not in known:
                raise DslError(message.format(word=t), file=self.file,
                               line=t.line, column=t.column,
                               suggestion=closest_word(str(t), known))

    # amounts ----------------------------------------------------------------
    def qname(self, meta, c):
        return " ".join(str(t) for t in c if t is not None)

    def subject(self, meta, c):
        return Subject(" ".join(str(t) for t in c))  # `answered target`: two words

    def quantity(self, meta, c):
        name, subject = c
        q = Quantity(name)
        line, column = getattr(meta, "line", 0), getattr(meta, "column", 0)
        if isinstance(subject, Nearest):
            if q not in DISTANCES:
                raise DslError(f"'{name}' is of a ship, not of the nearest ship of a kind; "
                               "only a distance measures to it ('distance to nearest … "
                               "ship', 'distance in map cards to nearest … ship')",
                               file=self.file, line=line, column=column)
            return attrs.evolve(subject, map_cards=q is Quantity.MAP_DISTANCE)  # D2.25
        if q is Quantity.CHOSEN:  # refused where no amount is chosen (check_words, D4.19)
            self._word("chosen", Token("NAME", "chosen", line=line, column=column))
        if q in GAME_QUANTITIES and subject is not None:
            what = "the game's turn number" if q is Quantity.TURN else \
                "what this card's last damage effect dealt" if q is Quantity.DEALT else \
                "what this card's last damage effect left over" if q is Quantity.LEFT_OVER else \
                "the amount chosen with the card" if q is Quantity.CHOSEN else \
                f"the game's {'deck' if q is Quantity.DECK else 'discards'}"
            raise DslError(f"'{name}' is {what}: it is of nobody",
                           file=self.file, line=line, column=column)
        if q in SHIP_QUANTITIES and subject in SIDE_SUBJECTS:
            raise DslError(f"'{name}' is of a ship, not of the {subject.value} side; write "
                           f"'{name} of target' (or self, source, it)", file=self.file,
                           line=line, column=column)
        return Measure(q, subject if subject is not None else Subject.DEFAULT)

    # a beacon (grammar block "Events: a beacon"; D9.13) ----------------------
    def distance_between(self, meta, c):
        """``distance from A to B``: from one ship or ``here`` to another (D9.13)."""
        unit, origin, subject = c
        q = Quantity.DISTANCE if unit is None else Quantity.MAP_DISTANCE  # `in map cards`, D2.25
        return Measure(q, subject, origin=origin)

    def distance_end(self, meta, c):
        """An end of a distance: a ship, never a side (``distance from it to here``)."""
        subject = c[0]
        if subject in SIDE_SUBJECTS or subject is Subject.YOU:
            raise DslError(f"a distance is measured between ships or to 'here', not from "
                           f"'{subject.value}'; write self, target, source or it",
                           file=self.file, line=getattr(meta, "line", 0),
                           column=getattr(meta, "column", 0))
        return subject

    def distance_here(self, meta, c):
        return Subject.HERE

    # values (grammar block "Values") ---------------------------------------
    def status_count(self, meta, c):
        """``number of STATUS on SUBJECT`` (D9.9): one declared status, of a ship."""
        *names, subject = c
        if len(names) != 1:
            raise DslError("'number of … on' counts one status: 'number of depth on self'",
                           file=self.file, line=meta.line, column=meta.column)
        if subject in SIDE_SUBJECTS:
            raise self._error(names[0], f"'number of {names[0]} on' is of a ship, not of the "
                              f"{subject.value} side; write 'number of {names[0]} on self' "
                              "(or target, source, it)")
        self._word("status", names[0])
        return Measure(Quantity.COUNT, subject, str(names[0]))

    def crew_on(self, meta, c):
        """``crew on NAME [of SUBJECT]``: on one maneuver, or ``maneuvers``: on all."""
        name, subject = c
        if subject in SIDE_SUBJECTS:
            raise self._error(name, f"'crew on {name}' is of a ship, not of the "
                              f"{subject.value} side; write 'crew on {name} of self' "
                              "(or target, source, it)")
        if str(name) != "maneuvers":
            self._word("maneuver", name)
        return Measure(Quantity.CREW_ON, Subject.DEFAULT if subject is None else subject,
                       "" if str(name) == "maneuvers" else str(name))

    def period(self, meta, c):
        return Period(" ".join(str(t) for t in c))

    def card_number(self, meta, c):
        return str(c[0])

    def answered_number(self, meta, c):
        """``range of answered``, ``cost of answered``: of the answered item's card (D5.8)."""
        return Measure(Quantity(c[0]), Subject.ANSWERED)

    def ships_tally(self, meta, c):
        """``ships lost|sunk of SIDE PERIOD``: of a side, or of a ship's side."""
        which, subject, period = c
        if subject is Subject.IT:
            raise self._error(which, f"'ships {which}' is of a side: write 'of friendly' or "
                              "'of enemy' (or self, target, source: that ship's side)")
        return Measure(Quantity("ships " + str(which)), subject, period=period)

    def tally(self, meta, c):
        """``number of CLASS used by SUBJECT PERIOD``: the class is a card, or
        trait words then cards, maneuvers or orders (rules/card_classes.py)."""
        *words, subject, period = c
        if not words:
            raise DslError("'number of … used' names a class of cards: 'number of "
                           "damaging maneuvers used by self this turn'", file=self.file,
                           line=meta.line, column=meta.column)
        if subject is Subject.IT:
            raise self._error(words[0], "'used by' counts the cards of a ship or a side: "
                              "write by self, target, source, you, friendly or enemy")
        *traits, noun = words
        if not traits and str(noun) not in KIND_WORDS:
            self._word("card", noun)
            return Tally(CardClass(names=(str(noun),)), subject, period)
        if str(noun) not in KIND_WORDS:
            raise self._error(noun, f"a class of cards ends with cards, maneuvers or orders "
                              f"('damaging maneuvers used by self this turn'), or is one "
                              f"card; not '{noun}'", )
        known = [t.value for t in Trait]
        self._known_words(traits, known, "'{word}' does not describe cards; a class's words "
                          "are " + ", ".join(known))
        kind = KIND_WORDS[str(noun)]
        return Tally(CardClass(kinds=() if kind is None else (kind,),
                               traits=tuple(dict.fromkeys(Trait(str(t)) for t in traits))),
                     subject, period)

    def times(self, meta, c):
        """``N * QUANTITY``: a written factor from 2 to 9."""
        n, term = c
        factor = self._int(n)
        if not 2 <= factor <= 9:
            raise self._error(n, f"a factor is a number from 2 to 9, not {factor} "
                              "(write the quantity alone for 1)")
        return Times(factor, term)

    def extreme(self, meta, c):
        """``min(A, B)``, ``max(A, B)``."""
        word, first, second = (p for p in c if not isinstance(p, Token) or p in ("min", "max"))
        return Extreme(str(word) == "max", first, second)

    def _ship_subject(self, meta, subject, what: str):
        if subject in SIDE_SUBJECTS:
            raise DslError(f"{what} is measured from a ship, not from the {subject.value} "
                           "side; write self, target, source or it", file=self.file,
                           line=getattr(meta, "line", 0), column=getattr(meta, "column", 0))
        return Subject.DEFAULT if subject is None else subject

    def nearest(self, meta, c):
        *names, subject = c
        for t in names:
            self._word("ship", t)
        return Nearest(tuple(str(t) for t in names),
                       self._ship_subject(meta, subject, "'distance to nearest … ship'"))

    def ship_count(self, meta, c):
        where = c.pop() if c and isinstance(c[-1], Condition) else None  # no placeholder
        *names, n, subject = c
        for t in names:
            self._word("ship", t)
        self.no_chance(where, meta, "a count's 'where'")
        within = None if n is None else self._int(n)
        return ShipCount(tuple(str(t) for t in names), within,
                         self._ship_subject(meta, subject, "'number of … ships within N'"),
                         where)

    def box_count(self, meta, c):
        """``number of WORD boxes [within N [of SUBJECT]]`` (D2.22): one word."""
        *names, n, subject = c
        if len(names) != 1:
            raise DslError("'number of … boxes' counts one kind of box: island, open, running, "
                           "free, start or a token's name (`number of island boxes within 1 "
                           "of self`)", file=self.file, line=meta.line, column=meta.column)
        self._word("box kind", names[0])
        within = None if n is None else self._int(n)
        return BoxCount((str(names[0]),), within,
                        self._ship_subject(meta, subject, "'number of … boxes within N'"))

    def amount(self, meta, c):
        terms: list[tuple[int, Any]] = []
        sign = 1
        for part in c:
            if part is None:
                continue
            if isinstance(part, Token) and part.type == "ADDOP":
                sign = -sign if str(part) == "-" else sign
                continue
            value = self._int(part) if isinstance(part, Token) else part
            terms.append((sign, value))
            sign = 1
        return Amount(tuple(terms))

    def _int(self, tok: Token) -> int:
        return self.number(tok)  # dsl._ToDecls: the one reader of numbers

    # conditions -------------------------------------------------------------
    def cond_or(self, meta, c):
        return c[0] if len(c) == 1 else AnyOf(tuple(c))

    def cond_all(self, meta, c):
        return c[0] if len(c) == 1 else All(tuple(c))

    def cond_not(self, meta, c):
        return Not(c[0])

    def cond_chance(self, meta, c):
        """``chance N in M`` (D4.18): a die of M faces, 2 to ``MAX_FACES``,
        that holds on N of them, 1 to M - 1 (always or never is no chance)."""
        n, faces = (self._int(t) for t in c)
        if not 2 <= faces <= MAX_FACES or not 1 <= n < faces:
            raise DslError(f"'chance {n} in {faces}': a roll has 2 to {MAX_FACES} faces and "
                           f"a chance holds on 1 of them to all but one (D4.18)",
                           file=self.file, line=meta.line, column=meta.column)
        return Chance(n, faces)

    def no_chance(self, cond, meta, what: str) -> None:
        """A chance is read only by an effect's ``if``, as its card resolves:
        not by ``what`` (a filter, ``usable if``, ``while``), read at other times."""
        if chances(cond):
            raise DslError(f"'{chances(cond)[0]}' in {what}: a chance is rolled as a card "
                           f"resolves, so only an effect's 'if' reads one (D4.18)",
                           file=self.file, line=meta.line, column=meta.column)

    def compare(self, meta, c):
        left, op, right = c
        return Compare(left, Cmp(str(op)), right)

    def is_subject(self, meta, c):
        if len(c) == 3:  # box of SUBJECT (D2.11)
            if c[2] in SIDE_SUBJECTS or c[2] is Subject.YOU:
                raise DslError(f"'box of {c[2].value}' names no box: a box is a ship's, write "
                               "self, target, source or it", file=self.file, line=meta.line,
                               column=meta.column)
            return BoxOf(c[2])
        return c[0].value if isinstance(c[0], Subject) else str(c[0])

    def cond_is(self, meta, c):
        subject, negated, *words = c
        if isinstance(subject, BoxOf):
            return self._box_test(subject.subject, negated is not None, words)
        kind = subject if subject in ("answered", "mode") else "ship"
        if subject in (Subject.ENEMY.value, Subject.FRIENDLY.value, Subject.YOU.value):
            raise DslError(f"'{subject} is …' tests nothing: test a ship (self, target, "
                           "source, it), the answered item or the mode", file=self.file,
                           line=meta.line, column=meta.column)
        for w in words:
            self._word(kind, w)
        return Is(subject, tuple(str(w) for w in words), negated is not None)

    def _two_ships(self, meta, first, second, place: str) -> tuple[Subject, Subject]:
        """The two ships of ``SUBJECT is in sight|line… [of SUBJECT]``, each a
        ship (the second the card's, ``self``, when not written)."""
        if isinstance(first, str) and first in SUBJECT_WORDS:  # ``is_subject`` says its word
            first = Subject(first)
        for who in (first, second):
            if who is not None and (not isinstance(who, Subject) or who in NOT_SHIPS):
                said = who.value if isinstance(who, Subject) else \
                    f"box of {who.subject.value}" if isinstance(who, BoxOf) else who
                raise DslError(f"'in {place}' tests ships, and '{said}' names none: write "
                               "self, target, source, it or answered target (`target is in "
                               f"{place} of self`)", file=self.file, line=meta.line,
                               column=meta.column)
        return first, Subject.SELF if second is None else second

    def cond_sight(self, meta, c):
        """``SUBJECT is [not] in sight [of SUBJECT]`` (D2.21): both ships."""
        seen, negated, viewer = c
        seen, viewer = self._two_ships(meta, seen, viewer, "sight")
        if seen is viewer:
            raise DslError(f"'{seen.value} is in sight of {viewer.value}' asks whether a ship "
                           "sees itself, and none does (D2.21): test another ship (`target is "
                           "in sight of self`)", file=self.file, line=meta.line,
                           column=meta.column)
        return InSight(seen, viewer, negated is not None)

    def cond_line(self, meta, c):
        """``SUBJECT is [not] in line|row|column|diagonal [within N] [of SUBJECT]``
        (D2.10): both ships."""
        ship, negated, place, within, origin = c
        ship, origin = self._two_ships(meta, ship, origin, str(place))
        if ship is origin:
            raise DslError(f"'{ship.value} is in {place} of {origin.value}' asks whether a "
                           "ship is on its own lines, and none is (D2.10): test another ship "
                           f"(`target is in {place} of self`)", file=self.file,
                           line=meta.line, column=meta.column)
        return InLine(ship, Place(str(place)), None if within is None else self._int(within),
                      origin, negated is not None)

    def _box_test(self, subject: Subject, negated: bool, words: list[Token]) -> Is:
        """``box of SUBJECT is [not] WORD…``: box words only, ``friendly`` or
        ``enemy`` only with ``start``, not both (D2.11)."""
        known = [w.value for w in BoxTest]
        self._known_words(words, known, "'{word}' does not describe the box a ship is on: "
                          "a box test takes " + ", ".join(known))
        said = {str(t) for t in words}
        sides = said & {BoxTest.FRIENDLY.value, BoxTest.ENEMY.value}
        if len(sides) > 1 or (sides and BoxTest.START.value not in said):
            t = next(t for t in words if str(t) in sides)
            raise self._error(t, "a side's box is its start card: write 'friendly start' or "
                                 "'enemy start', one of them")
        return Is(subject.value, tuple(dict.fromkeys(str(t) for t in words)), negated,
                  box=True)

    # filters and sets -------------------------------------------------------
    def in_place(self, meta, c):
        return Place(str(c[0]))

    def within(self, meta, c):
        n, of = c
        if isinstance(of, Token):
            self._word("box", of)
        return ("within", self._int(n), of)

    def within_here(self, meta, c):
        """``within N of here``: from a token's box (D9.11)."""
        return ("within", self._int(c[0]), Subject.HERE)

    def within_near(self, meta, c):
        n, *names = c
        for t in names:
            self._word("ship", t)
        return ("within", self._int(n), tuple(str(t) for t in names))

    def sel_ships(self, meta, c):
        names = [t for t in c if isinstance(t, Token)]
        rest = [x for x in c if x is not None and not isinstance(x, Token)]
        place = next((x for x in rest if isinstance(x, Place)), Place.BOARD)
        within = next((x for x in rest if isinstance(x, tuple)), None)
        where = next((x for x in rest if not isinstance(x, (Place, tuple))), None)
        self.no_chance(where, meta, "a set's 'where'")
        if not names and place is Place.AREA and within is None and where is None:
            return Selector.AREA  # the printed `each ship in area`
        for t in names:
            self._word("ship", t)
        of: Any = Subject.SELF
        of_name = ""
        near = within[2] if within is not None and isinstance(within[2], tuple) else None
        if place.is_line and (within is None or near is not None):
            raise DslError(f"'in {place.value}' names straight lines from one ship or box: "
                           f"say how far with 'within N [of SUBJECT|BOX]' "
                           f"('each enemy ship in {place.value} within 3') (D2.10)",
                           file=self.file, line=meta.line, column=meta.column)
        if within is not None and within[2] is not None and near is None:
            if isinstance(within[2], Subject):
                of = within[2]
            else:
                of, of_name = -1, str(within[2])  # a box: its index once the board is known
        return Ships(Filter(tuple(str(t) for t in names), where), place,
                     within[1] if within else None, of, of_name, near)

    def sel_random(self, meta, c):
        """``a random [words] ship …`` (D4.18): the set ``each … ship`` reads,
        one of it drawn as the effect resolves."""
        sel = self.sel_ships(meta, c)
        if sel is Selector.AREA:  # `a random ship in area`: the area's ships
            sel = Ships(Filter(), Place.AREA)
        return attrs.evolve(sel, random=True)

    def target_box(self, meta, c):
        """``target [free] [adjacent] [open|running] box [within N]``
        (exprs.Boxes, D4.11; its water now, D2.14)."""
        *names, n = c
        words = self._box_words(names)
        within = None if n is None else self._reach(n)
        if within is not None and BoxWord.ADJACENT.value in words:
            raise self._error(n, "an adjacent box is within 1 already: write 'adjacent box' "
                              "or 'box within N', not both")
        return Target(TargetKind.BOX, 1, 1, boxes=Boxes(words, within))

    def target_box_near(self, meta, c):
        """``target [WORD…] box within N of a WORD… ship`` (exprs.Boxes, D4.11):
        within N boxes of another ship of the kind; ``adjacent`` (to the
        card's ship) may come with it."""
        at = next(i for i, t in enumerate(c) if isinstance(t, Token) and t.type == "INT")
        for t in c[at + 1:]:
            if str(t) == Adjective.OWN.value:
                raise self._error(t, "the card's own ship is never the ship a box target "
                                  "counts from: name another kind ('within 1 of a friendly "
                                  "ship')")
            self._word("ship", t)
        return Target(TargetKind.BOX, 1, 1, boxes=Boxes(
            self._box_words(c[:at]), self._reach(c[at]), tuple(str(t) for t in c[at + 1:])))

    def _box_words(self, names: list[Token]) -> tuple[str, ...]:
        """A box target's words (D4.11), each known, not open and running both."""
        known = [w.value for w in BoxWord]
        self._known_words(names, known, "'{word}' does not describe a box: a box target "
                          "takes " + ", ".join(known[:-1]) + " and " + known[-1])
        words = tuple(dict.fromkeys(str(t) for t in names))
        if BoxWord.OPEN.value in words and BoxWord.RUNNING.value in words:
            raise self._error(names[-1], "a box is open water or running water, not both: "
                              "write one of 'open' and 'running'")
        sides = [t for t in names if str(t) in (BoxWord.FRIENDLY.value, BoxWord.ENEMY.value)]
        if sides and BoxWord.START.value not in words:  # a side's start card (D2.11)
            raise self._error(sides[0], f"'{sides[0]}' says whose start card: write "
                              f"'{sides[0]} start box'")
        if len(sides) > 1:
            raise self._error(sides[1], "a start card is the friendly side's or the enemy "
                              "side's, not both: write one of 'friendly' and 'enemy'")
        return words

    def _reach(self, n: Token) -> int:
        """A box target's ``within N``: at least 1."""
        within = self._int(n)
        if within < 1:
            raise self._error(n, "a box target reaches at least 1 box: within 1 or more")
        return within

    def sel_players(self, meta, c):
        for t in c:
            self._word("player", t)
        return Players(tuple(str(t) for t in c))

    def filter_of(self, c, meta=None) -> Filter:
        """The filter of ``target WORD... ship [where …]`` (no chance in it, D4.18)."""
        names = [t for t in c if isinstance(t, Token)]
        where = next((x for x in c if x is not None and not isinstance(x, Token)), None)
        for t in names:
            self._word("ship", t)
        if meta is not None:
            self.no_chance(where, meta, "a target filter")
        return Filter(tuple(str(t) for t in names), where)


def closest_word(word: str, known) -> str | None:
    """The known word nearest ``word``, for a did-you-mean (None if none is near)."""
    match = difflib.get_close_matches(word, list(known), n=1, cutoff=0.6)
    return match[0] if match else None
