"""Rule text of expressions (rules/exprs.py) in every language: amounts,
conditions, filters and sets of ships or players, from the ``exprs`` section
of each catalog. text/cards.py calls these for the cards that use them.

A condition is said by its shape, never node by node:

- a number a ship, player or side has, against a number: "{who} {has} at
  least 2 repairs" (in a filter: "with at least 2 repairs"); none of it:
  "has no order cards" ("with no …"); the same number of two subjects:
  "has fewer points than the enemy side";
- a value of the "Numbers" block against a number: "the number of cards in
  the deck is less than 10"; none of it said so too ("your ship has used
  no maneuvers this turn", "there are no cards in the deck"), or "… is 0";
- a distance: "{who} is within 1 box" (in a filter: "within 1 box");
  the nearest ship of a kind: "the enemy ship nearest to your ship is 3 or
  more boxes away"; a count of ships: "there is at least 1 friendly ship …";
- a test of words: "is an enemy ship", and of a state (damaged, a status)
  "is damaged", the state agreeing with its subject; a test of the
  answered item: "it answers an order card";
- ``not`` is pushed into what it negates (``not crew > 0`` is ``crew = 0``:
  "has no crew"), so no text says "it is not so that"; ``<`` and ``>``
  against a number read as "at most" and "or more" where the language says
  those better (a distance: ``< 2`` is "within 1 box").

Every phrase is built from whole phrases of the catalog: each language keeps
its own order; adjectives agree with their noun and verbs take the mood of
their clause and the person of their subject (i18n/grammar.py); a
preposition meeting an article contracts (``de el`` → ``del``).

Its length is the phrases': each shape of condition, amount and set said in
three languages through the catalogs' templates (next to split: conditions
apart from sets).
"""

from __future__ import annotations

from typing import Any, Iterator

import attrs

from ..i18n.catalog import Words, catalog, contract, display_name, gender, pick, token_name
from ..i18n.grammar import (
    agree,
    fuse,
    indefinite,
    mood,
    no_article,
    phrase_gender,
    plural,
    plural_gender,
    the,
    tidy,
    verbs,
    written_gender,
)
from ..rules.exprs import (
    CARD_NUMBERS,
    DISTANCES,
    Adjective,
    All,
    Amount,
    AnyOf,
    Boxes,
    BoxCount,
    BoxTest,
    BoxWord,
    Chance,
    Cmp,
    Compare,
    Condition,
    Extreme,
    Filter,
    InLine,
    InSight,
    Is,
    Measure,
    Nearest,
    Not,
    Place,
    Players,
    Quantity,
    ShipCount,
    Ships,
    Subject,
    Tally,
    Times,
    VALUES,
)
from .statuses import had as had_state, state_of
from .values import none_text, times_text, value_text

#: The comparisons with their sides swapped (``3 < x`` is ``x > 3``).
MIRROR = {Cmp.LT: Cmp.GT, Cmp.LE: Cmp.GE, Cmp.GT: Cmp.LT, Cmp.GE: Cmp.LE, Cmp.EQ: Cmp.EQ,
          Cmp.NE: Cmp.NE}
#: A comparison's opposite (``not x < 3`` is ``x >= 3``).
OPPOSITE = {Cmp.LT: Cmp.GE, Cmp.LE: Cmp.GT, Cmp.GT: Cmp.LE, Cmp.GE: Cmp.LT, Cmp.EQ: Cmp.NE,
            Cmp.NE: Cmp.EQ}
#: The quantities said as a number their subject has ("has 2 repairs").
HAD = frozenset(Quantity) - DISTANCES - {Quantity.TURN} - VALUES
#: Words of a filter said as a state of the ship ("is damaged"), not what it is.
STATE_WORDS = frozenset({Adjective.DAMAGED})


@attrs.frozen
class Say:
    """What an expression is said with: the language, the ship type ids a
    filter may name (the other words are adjectives or statuses), the card
    set's own words, and whose view its subjects are seen from (``held``:
    the ship that has a status or an ability, "this ship", "its player";
    else the card's: "your ship", "you")."""

    lang: str
    types: frozenset[str] = frozenset()
    names: Words | None = None
    held: bool = False
    said: str | None = None
    """The ship just said as the subject of the effect a condition follows
    (``self``, ``target``): said again as a pronoun ("if it is burning")."""
    holder: bool = False
    """In a set of ships of an aura or a trigger, ``self`` is the ship that
    has it: said as a trigger says it ("this ship"), not as the reader's."""
    named: str | None = None
    """That ship's name where the text names it otherwise (an aura a card
    gives the target: "the target")."""

    @property
    def w(self) -> dict[str, Any]:
        return catalog(self.lang)["exprs"]

    def table(self, name: str) -> dict[str, str]:
        """A table of subjects (``who``, ``holder``, ``hand``, ``side``) seen as
        ``held`` says."""
        return self.w["held"][name] if self.held else self.w[name]

    def ship(self, key: str, object_: bool = False) -> str:
        """A ship subject: the one just said as a pronoun, else by its words;
        ``object_``: after a preposition, where a language that drops its
        subject pronoun ("" in Spanish and Italian) names the ship again."""
        if key == self.said and (self.w["held"]["who"]["it"] or not object_):
            return self.w["held"]["who"]["it"]
        # the holder, "this ship", where "it" is another ship just said (`… to the
        # ship that caused it if this ship is a destroyer`)
        triggers = catalog(self.lang)["triggers"]["selectors"]
        if (self.holder or self.held and (self.said not in (None, "self", "you") or object_)) \
                and key in ("self", "you"):
            return self.named or triggers["self"]
        if (self.held or self.holder) and key == "target":  # in a trigger: its event's ship
            return triggers["target"]
        if self.holder and key == "source":  # in a trigger: the ship that caused its event
            return triggers["source"]
        return self.table("who")[key]


@attrs.frozen
class Noun:
    """A noun phrase with the gender (and number) its words agree with."""

    text: str
    gender: str


@attrs.frozen
class AuraHolder:
    """The ship that has an aura, as the text it is given in sees it (D9.7):
    its side seen from the reader (``friendly``, ``enemy``; None where the
    text does not know it) and its name there ("the target", "this ship")."""

    side: str | None
    name: str


#: The sides of a ship's enemies and friends, swapped.
SWAPPED = {Adjective.ENEMY.value: Adjective.FRIENDLY.value,
           Adjective.FRIENDLY.value: Adjective.ENEMY.value}


def side_of(flt: Filter | None) -> str | None:
    """The side a filter's words put its ship on, seen from the card's player:
    ``own`` (the card's ship), ``enemy``, ``friendly``; None if they do not."""
    if flt is None:
        return None
    words = folded(flt.words, flt.where)[0]
    for word in (Adjective.OWN, Adjective.ENEMY, Adjective.FRIENDLY):
        if word in words:
            return word.value
    return None


def _say(lang: str, types=(), names: Words | None = None, held: bool = False,
         said: str | None = None) -> Say:
    return Say(lang, frozenset(types), names, held, said)


def ship_said(subject: Subject, lang: str, types=(), names: Words | None = None,
              holder: bool = False) -> str:
    """One ship a subject names, as a card says it (`your ship`, `the ship it
    targets`); ``holder``: in an aura's or trigger's words ("this ship")."""
    return Say(lang, frozenset(types), names, holder=holder).ship(subject.value)


def _subject(subject: Subject | str, quantity: Quantity | None, in_filter: bool) -> str:
    """The key of a subject in the tables: the one written, else ``it`` in a
    filter, the target for a distance and the card's own ship otherwise."""
    value = subject.value if isinstance(subject, Subject) else subject
    if value != Subject.DEFAULT.value:
        return "self" if value == Subject.YOU.value and quantity is not Quantity.HAND \
            else value
    if in_filter:
        return "it"
    return "target" if quantity in DISTANCES else "self"


# ------------------------------------------------------------------ ships


def ship_noun(words: tuple[str, ...], say: Say, plural_: bool = False,
              of: str | None = None) -> Noun:
    """`barco enemigo dañado`, `sottomarino nemico`: the noun (a ship type's
    name where the words name one, else the language's word for a ship) and
    its adjectives and states agreeing with it; ``plural_``: in the plural;
    ``of``: the ship its side is said of, after the noun (`ship that is an
    enemy of the target`, `nave nemica del bersaglio`), not of the reader."""
    w = say.w
    lang = say.lang
    kind = next((x for x in words if x in say.types), None)
    if kind is not None:
        name = display_name(kind, lang, say.names)
        noun, g = name[:1].lower() + name[1:], gender(kind, lang, say.names)
    else:
        noun, g = w["ship"], written_gender(lang)
    if plural_:
        noun, g = plural(noun, g, lang), plural_gender(g)
    before: list[tuple[bool, str]] = []
    after: list[tuple[bool, str]] = []
    # "other" first, where the language puts it before: "another enemy ship";
    # the side next to the noun: "damaged enemy ship", "barco enemigo dañado"
    for word in sorted(words, key=lambda x: x != Adjective.OTHER):
        if word in (Adjective.ANY, Adjective.OWN, kind):
            continue
        if of is not None and word in w["relative"]:  # a side of another ship, said after
            after.append((False, agree(w["relative"][word], g, lang).format(holder=of)))
            continue
        if word in w["adjectives"]:
            phrase, place = agree(w["adjectives"][word], g, lang), word
        else:  # a status, said of a ship
            phrase, place = state_of(word, lang, say.names, g), "statuses"
        side = word in (Adjective.ENEMY, Adjective.FRIENDLY)
        if place in w["before"].split():
            before.append((side, phrase))
        else:
            after.append((not side, phrase))
    ordered = [p for _, p in sorted(before, key=lambda x: x[0])]  # stable: the rest as written
    return Noun(" ".join([*ordered, noun, *(p for _, p in sorted(after, key=lambda x: x[0]))]),
                g)


def ship_phrase(words: tuple[str, ...], lang: str, types=(), names: Words | None = None,
                plural: bool = False) -> str:
    """`damaged enemy ship` / `barco enemigo dañado` (``ship_noun``'s words)."""
    return ship_noun(words, _say(lang, types, names), plural).text


def _a(noun: Noun, own: bool, say: Say) -> str:
    """A noun with the indefinite article, or with "your own" (``own``)."""
    if own:
        return say.w["own"][noun.gender.split()[0]].format(ship=noun.text)
    return indefinite(say.lang, noun.gender, noun.text)


def a_ship(flt: Filter, lang: str, types=(), names: Words | None = None) -> str:
    """A filter as an indefinite noun phrase (`an enemy ship within 1 box`,
    `otro barco`, `your own ship`)."""
    return _a_ship(flt, _say(lang, types, names))


def _a_ship(flt: Filter, say: Say) -> str:
    noun = ship_noun(flt.words, say)
    out = _a(noun, Adjective.OWN in flt.words, say)
    if flt.where is not None:
        out += _where(flt.where, say)
    return fuse(say.lang, out)


# ------------------------------------------------------------------ amounts


def measure_text(m: Measure | ShipCount | Nearest, lang: str, in_filter: bool = False,
                 types=(), names: Words | None = None) -> tuple[str, int]:
    """A measure as a noun phrase, with its number (1: singular, 2: plural)."""
    return _measure(m, _say(lang, types, names), in_filter)


def _measure(m: Measure | ShipCount | Nearest | Tally | Times | Extreme, say: Say,
             in_filter: bool) -> tuple[str, int]:
    w = say.w
    if isinstance(m, Times):  # a written factor: "3 times …"
        inner, _ = _measure(m.term, say, in_filter)
        return times_text(m.factor, inner, say.lang), 2
    if isinstance(m, Extreme):  # "the lower of 2 and the crew in reserve of the target"
        a, _ = _amount(m.first, say, in_filter)
        b, _ = _amount(m.second, say, in_filter)
        return contract(say.lang, w["extreme"]["max" if m.highest else "min"].format(
            a=a, b=b)), 1
    if isinstance(m, Measure) and m.quantity in CARD_NUMBERS and say.holder:
        # a trigger's card: the one that targeted (D9.12)
        return catalog(say.lang)["values"]["that_card"][m.quantity.value], 1
    if isinstance(m, Tally) or (isinstance(m, Measure) and m.quantity in VALUES):
        # the values of the "Numbers" block (text/values.py): "of" + the subject
        return value_text(m, say.lang, _value_key(m, in_filter), say.names, say.held)
    if isinstance(m, ShipCount):
        return _count_noun(m, say, in_filter), 1
    if isinstance(m, Nearest):
        return contract(say.lang, w["nearest_map_distance" if m.map_cards else
                                    "nearest_distance"].format(
            nearest=_nearest(m, say, in_filter))), 1
    key = _subject(m.subject, m.quantity, in_filter)
    values = {name: say.table(name).get(key, "") for name in ("who", "hand", "side")}
    if values["who"] == "" and key in ("self", "you"):  # a holder a language leaves out
        values["who"] = _origin_of(key, say)  # is named after "of": "de este barco"
    if m.origin is not Subject.DEFAULT:  # between two ends (D9.13): from where it counts
        entry = w["quantities"][m.quantity.value + " between"]
        # both ends said whole, as objects ("this ship" in a trigger, never left out
        # nor a pronoun: "from it to it" would not say which is which)
        whole = attrs.evolve(say, said=None)
        origin = _subject(m.origin, m.quantity, in_filter)
        values["origin"] = catalog(say.lang)["triggers"]["token_self"] \
            if m.origin is Subject.HERE else whole.ship(origin, object_=True) \
            or _origin_of(origin, say)
        values["who"] = catalog(say.lang)["triggers"]["token_self"] \
            if m.subject is Subject.HERE else whole.ship(key, object_=True) or _origin_of(key, say)
    else:
        entry = w["quantities"][m.quantity.value]
    return contract(say.lang, tidy(entry["text"].format(**values))), \
        1 if entry["n"] == "one" else 2


def _value_key(m: Measure | Tally, in_filter: bool) -> str:
    """The key of whom a value of the "Numbers" block is about."""
    if isinstance(m, Tally) and m.subject is not Subject.DEFAULT:
        return m.subject.value
    return _subject(m.subject, m.quantity if isinstance(m, Measure) else None, in_filter)


def _counted_noun(m: ShipCount, say: Say, plural_: bool = False) -> Noun:
    """What a count counts, as a noun: ships of a kind (`friendly ships`,
    `damaged enemy ships`: what its ``where`` says of each ship as a word,
    ``folded``), or boxes of a kind (`islands`, `free boxes`, `boxes with a
    mine token`, D2.22). The rest of its ``where`` comes after its ``within``
    (``_counted_where``)."""
    if not isinstance(m, BoxCount):
        return ship_noun(folded(m.words, m.where)[0], say, plural_=plural_)
    nouns = say.w["box_nouns"]
    kind = m.words[0]
    entry = nouns.get(kind) or nouns["token"]
    text = entry["other" if plural_ else "one"]
    return Noun(text.format(token=token_name(kind, say.lang, say.names)), entry["g"])


def _count_noun(m: ShipCount, say: Say, in_filter: bool) -> str:
    """`the number of friendly ships within 2 boxes of the target`."""
    ships = _counted_noun(m, say, plural_=True).text
    return contract(say.lang, say.w["count_of"].format(
        ships=ships + _within_of(m, say, in_filter) + _counted_where(m, say)))


def folded(words: tuple[str, ...], where: Condition | None
           ) -> tuple[tuple[str, ...], Condition | None]:
    """A set's words with what its ``where`` says of each ship as a word
    (``where it is damaged``: ``damaged``), and the rest of its ``where``:
    "every damaged enemy ship", not "every enemy ship, if that ship is
    damaged"."""
    if where is None:
        return words, None
    parts = list(_conjuncts(positive(where)))
    said = [p for p in parts if isinstance(p, Is) and not p.negated and not p.box
            and p.subject in (Subject.IT.value, Subject.DEFAULT.value)
            and Adjective.OWN not in p.words]  # "your own ship" is no word of a noun
    rest = [p for p in parts if p not in said]
    more = tuple(w for p in said for w in p.words if w not in words)
    return words + more, (None if not rest else rest[0] if len(rest) == 1 else All(tuple(rest)))


def _counted_where(m: ShipCount, say: Say) -> str:
    """The part of a count's ``where`` not said as a word of its noun."""
    if isinstance(m, BoxCount):
        return ""
    rest = folded(m.words, m.where)[1]
    return "" if rest is None else _where(rest, say, "count_if")


def _within_of(m: ShipCount, say: Say, in_filter: bool) -> str:
    """`` within 2 boxes of the target`` (nothing without ``within``; no origin
    in a filter, where it is the ship tested)."""
    if m.within is None:
        return ""
    key = _subject(m.subject, Quantity.REPAIRS, in_filter)
    if key == "it" and in_filter:
        return pick(say.w["within_here"], m.within).format(n=m.within)
    return pick(say.w["within"], m.within).format(n=m.within, origin=_origin_of(key, say))


def _origin_of(key: str, say: Say) -> str:
    """A ship a distance counts from, after "of": as its table says it, or,
    where the held view says none (a pronoun Spanish and Italian leave out),
    "this ship"."""
    return say.table("who")[key] or catalog(say.lang)["triggers"]["selectors"]["self"]


def _nearest(m: Nearest, say: Say, in_filter: bool) -> str:
    """`the enemy ship nearest to your ship`."""
    noun = ship_noun(m.words, say)
    key = _subject(m.subject, Quantity.REPAIRS, in_filter)
    return say.w["nearest"].format(ship=the(say.lang, noun.text, noun.gender),
                                   closest=agree(say.w["closest"], noun.gender, say.lang),
                                   origin=_origin_of(key, say))


def around_text(m: ShipCount | Nearest, lang: str, in_filter: bool, types=(),
                names: Words | None = None) -> str:
    """A count or nearest distance of ships as a noun phrase."""
    return _measure(m, _say(lang, types, names), in_filter)[0]


def amount_text(a: Amount, lang: str, in_filter: bool = False, types=(),
                names: Words | None = None, held: bool = False,
                trigger: bool = False) -> tuple[str, int]:
    """An amount as a phrase (`the distance to the target plus 1`), with its
    number; ``held``: seen from the ship that has a status (a limit's, D9.14);
    ``trigger``: in a trigger's effect ("this ship", "the ship that caused it")."""
    return _amount(a, attrs.evolve(_say(lang, types, names, held), holder=trigger), in_filter)



def _amount(a: Amount, say: Say, in_filter: bool) -> tuple[str, int]:
    w = say.w
    out = []
    number = 1
    for i, (sign, term) in enumerate(a.terms):
        if type(term) is int:
            phrase = str(term)
        else:
            phrase, number = _measure(term, say, in_filter)
        if i:
            out.append(w["plus" if sign > 0 else "minus"])
        elif sign < 0:
            phrase = "-" + phrase
        out.append(phrase)
    return " ".join(out), number if len(a.terms) == 1 else 1


# ------------------------------------------------------------------ conditions


def positive(c: Condition, negate: bool = False) -> Condition:
    """``c`` (negated if ``negate``) with no ``Not`` left: a negation pushed
    into what it negates (De Morgan's laws, a comparison's opposite, ``is
    not``)."""
    if isinstance(c, Not):
        return positive(c.part, not negate)
    if isinstance(c, All):
        parts = tuple(positive(p, negate) for p in c.parts)
        return AnyOf(parts) if negate else All(parts)
    if isinstance(c, AnyOf):
        parts = tuple(positive(p, negate) for p in c.parts)
        return All(parts) if negate else AnyOf(parts)
    if not negate:
        return c
    if isinstance(c, Compare):
        return Compare(c.left, OPPOSITE[c.op], c.right)
    assert isinstance(c, (Is, Chance, InSight, InLine))
    return attrs.evolve(c, negated=not c.negated)


def condition_text(c: Condition, lang: str, in_filter: bool = False, types=(),
                   names: Words | None = None, clause: str = "if",
                   held: bool = False, said: str | None = None,
                   trigger: bool = False) -> str:
    """A condition as a clause (`your ship has fewer than 3 repairs`), its
    verbs in the mood of ``clause`` (``if``, ``while``, ``usable``), its
    subjects seen from the card (``held``: from the ship that has a status);
    ``said``: the ship the effect before it is about, said as a pronoun
    (`your ship regains 1 repair if it is burning`); ``trigger``: in a
    trigger, whose holder is "this ship" as its effects say it, never "it"
    (another ship, the event's, may be "that ship" in the same clause)."""
    say = attrs.evolve(_say(lang, types, names, held, said), holder=trigger)
    return _clause(positive(c), say, mood(lang, clause), in_filter)


def _clause(c: Condition, say: Say, mood_: str, in_filter: bool) -> str:
    w = say.w
    if isinstance(c, All):
        # an "either … or …" said last, where no "and" after it can be read as
        # its own (`A and (B or C) and D`: "A and D and either B or C")
        parts = sorted(c.parts, key=lambda p: isinstance(p, AnyOf))
        return w["and"].join(_grouped(p, say, mood_, in_filter) for p in parts)
    if isinstance(c, AnyOf):
        return w["or"].join(_grouped(p, say, mood_, in_filter) for p in c.parts)
    if isinstance(c, Compare):
        return _compare(c, say, mood_, in_filter)
    if isinstance(c, Chance):  # the card's roll (D4.18)
        w = w["chance"]
        return (w["more"] if c.negated else pick(w["at_most"], c.n)).format(n=c.n, m=c.faces)
    if isinstance(c, InSight):
        return _in_sight(c, say, mood_, in_filter)
    if isinstance(c, InLine):
        return _in_line(c, say, mood_, in_filter)
    assert isinstance(c, Is)
    return _is(c, say, mood_, in_filter)


def _grouped(c: Condition, say: Say, mood_: str, in_filter: bool) -> str:
    """A part of a set of conditions, said so that its own set is heard as
    one: alternatives among conditions that all hold "either A or B", and
    conditions that all hold among alternatives "both A and B"."""
    if isinstance(c, AnyOf):
        return say.w["either"].format(parts=_clause(c, say, mood_, in_filter))
    if isinstance(c, All):
        parts = [_grouped(p, say, mood_, in_filter) for p in c.parts]
        if len(parts) == 2:
            return say.w["both"].format(first=parts[0], rest=parts[1])
        # three or more: a list the language closes, said as one
        return say.w["all"].format(parts=", ".join(parts[:-1]) + say.w["and"] + parts[-1])
    return _clause(c, say, mood_, in_filter)


def _in_sight(c: InSight, say: Say, mood_: str, in_filter: bool) -> str:
    """``SEEN is [not] in sight of VIEWER`` (D2.21): `the target is in the
    visual field of your ship`; in a filter, after the noun of the ship
    tested: `in the visual field of your ship`, `with your ship in its
    visual field` (and their negations)."""
    w = say.w["sight"]
    seen = _subject(c.seen, None, in_filter)
    viewer = _subject(c.viewer, None, in_filter)
    if in_filter and seen == "it":
        said = w["not_seen" if c.negated else "seen"].format(who=say.ship(viewer))
    elif in_filter and viewer == "it":
        said = w["not_sees" if c.negated else "sees"].format(whom=say.ship(seen))
    else:
        said = w["is_not" if c.negated else "is"].format(
            whom=say.ship(seen), who=say.ship(viewer), **verbs(say.lang, mood_))
    return contract(say.lang, tidy(said))


def _in_line(c: InLine, say: Say, mood_: str, in_filter: bool) -> str:
    """``SHIP is [not] in line|row|column|diagonal [within N] of FROM`` (D2.10):
    `the target is in the row of your ship within 2 boxes`; in a filter,
    after the noun of the ship tested: `on the lines from your ship`, `with
    your ship in its row` (and their negations)."""
    w = say.w["line_test"]
    ship = _subject(c.ship, None, in_filter)
    origin = _subject(c.origin, None, in_filter)
    within = "" if c.within is None else pick(say.w["within_here"], c.within).format(n=c.within)
    if in_filter and origin == "it":
        said = w["not_holds" if c.negated else "holds"][c.place.value].format(
            whom=say.ship(ship))
    else:
        whence = say.ship(origin, object_=True)
        line = say.w["in_line"][c.place.value].format(origin=whence)
        key = ("not_along" if c.negated else "along") if in_filter and ship == "it" else \
            "is_not" if c.negated else "is"
        said = w[key].format(whom=say.ship(ship), line=line, within=within,
                             outside=w["outside"][c.place.value].format(origin=whence),
                             **verbs(say.lang, mood_))
    return contract(say.lang, tidy(said))


@attrs.frozen
class _Shape:
    """A comparison read by its shape: one measure against a number or the
    same measure of another subject."""

    measure: Measure | ShipCount | Nearest
    op: Cmp
    n: int | None = None
    other: Measure | None = None


def _shape(c: Compare) -> _Shape | None:
    """The shape of a comparison, or None where it has none the text knows
    (sums, two different measures): said then as two amounts."""
    left, right, op = c.left.terms, c.right.terms, c.op
    if len(left) == 1 and len(right) == 1 and left[0][0] > 0 and right[0][0] > 0:
        a, b = left[0][1], right[0][1]
        if type(a) is int and type(b) is not int:
            a, b, op = b, a, MIRROR[op]
        if type(a) is not int and type(b) is int:
            return _Shape(a, op, b)
        if isinstance(a, Measure) and isinstance(b, Measure) and a.quantity is b.quantity \
                and a.quantity in HAD:
            return _Shape(a, op, other=b)
    return None


def _counted(op: Cmp, n: int) -> tuple[Cmp, int]:
    """A count against a number the way it reads best: ``< 1`` and ``<= 0``
    are none (``= 0``), ``> 0``, ``>= 1`` and ``!= 0`` at least 1."""
    if (op is Cmp.LT and n <= 1) or (op is Cmp.LE and n <= 0):
        return Cmp.EQ, 0
    if (op is Cmp.GT and n == 0) or (op is Cmp.NE and n == 0):
        return Cmp.GE, 1
    return op, n


def _count(op: Cmp, n: int, unit: dict | str, say: Say) -> str:
    """`at least 2 repairs`, `fewer than 3 order cards`, `a number of repairs
    other than 3` (``!=``: the plural unit, whatever the number)."""
    return pick(say.w["count"][op.value], n).format(n=n, unit=pick(unit, n),
                                                    units=pick(unit, 2))


def _said_as_value(m: Any) -> bool:
    """Whether a compared measure is a value of the "Numbers" block, a tally,
    a factor or the amount chosen (D4.19): said as a clause of two amounts
    (``_fallback``), never as a phrase about its ship."""
    return isinstance(m, (Tally, Times, Extreme)) or (isinstance(m, Measure) and (
        m.quantity in VALUES or m.quantity is Quantity.CHOSEN))


def _compare(c: Compare, say: Say, mood_: str, in_filter: bool) -> str:
    shape = _shape(c)
    if shape is None:
        return _fallback(c, say, mood_, in_filter)
    m = shape.measure
    if _said_as_value(m):
        return _fallback(c, say, mood_, in_filter)
    if isinstance(m, ShipCount):
        return _there(m, shape, say, mood_, in_filter)
    if isinstance(m, Nearest):
        return _nearest_at(m, shape, say, mood_, in_filter)
    if m.quantity in DISTANCES:
        return _at(m, shape, say, mood_, in_filter)
    if m.quantity is Quantity.TURN:
        assert shape.n is not None
        return tidy(say.w["turn"][shape.op.value].format(n=shape.n, **verbs(say.lang, mood_)))
    return _has(m, shape, say, mood_, in_filter)


def _who(m: Measure, say: Say, in_filter: bool) -> tuple[str, str]:
    """The subject phrase of a measure (a ship, a player, a side) and the
    person of its verb ("2": the reader)."""
    key = _subject(m.subject, m.quantity, in_filter)
    table = "holder" if m.quantity is Quantity.HAND else \
        "side" if m.quantity is Quantity.SCORE else "who"
    person = "2" if table == "holder" and key in ("self", "you") and not say.held else "3"
    return (say.ship(key) if table == "who" else say.table(table)[key]), person


def _has(m: Measure, shape: _Shape, say: Say, mood_: str, in_filter: bool) -> str:
    """A number a ship, player or side has: `has at least 2 repairs`,
    `has no order cards`, `has fewer points than the enemy side`; in a
    filter, of the ship tested: `with …`, `with no …`, `that has fewer …`."""
    w = say.w
    unit = w["units"][m.quantity.value]
    units = pick(unit, 2)
    about_it = in_filter and _subject(m.subject, m.quantity, in_filter) == "it"
    who, person = _who(m, say, in_filter)
    if shape.other is not None:
        other, _ = _who(shape.other, say, in_filter)
        other = other or w["reader"]  # "más cartas que tú": the reader, said after all
        if about_it and m.quantity is Quantity.HAND:  # a ship holds no cards: its player
            said = w["versus"][shape.op.value].format(
                units=units, who=w["whose_player"], other=other,
                **verbs(say.lang, mood(say.lang, "filter")))
        elif about_it:
            said = w["versus_with"][shape.op.value].format(
                units=units, other=other, **verbs(say.lang, mood(say.lang, "filter")))
        else:
            said = w["versus"][shape.op.value].format(units=units, who=who, other=other,
                                                       **verbs(say.lang, mood_, person))
        return contract(say.lang, tidy(said))
    assert shape.n is not None
    op, n = _counted(shape.op, shape.n)
    player = about_it and m.quantity is Quantity.HAND  # a ship holds no cards: its player
    filtered = verbs(say.lang, mood(say.lang, "filter"))
    if op is Cmp.EQ and n == 0:
        said = w["whose_has_none"].format(units=units, **filtered) if player else \
            w["without"].format(units=units) if about_it else \
            w["has_none"].format(who=who, units=units, **verbs(say.lang, mood_, person))
    else:
        count = _count(op, n, unit, say)
        said = w["whose_has"].format(count=count, **filtered) if player else \
            w["with"].format(count=count) if about_it else \
            w["has"].format(who=who, count=count, **verbs(say.lang, mood_, person))
    return contract(say.lang, tidy(said))


def _distance(op: Cmp, n: int, say: Say, cards: bool = False) -> str:
    """`within 2 boxes`, `3 or more boxes away` (``<`` and ``>`` as ``<=``
    and ``>=`` of the next number); ``cards``: in map cards (D2.25)."""
    if op is Cmp.LT:
        op, n = Cmp.LE, n - 1
    elif op is Cmp.GT:
        op, n = Cmp.GE, n + 1
    return pick(say.w["map_distance" if cards else "distance"][op.value], n).format(n=n)


def _at(m: Measure, shape: _Shape, say: Say, mood_: str, in_filter: bool) -> str:
    """A distance: `the target is within 1 box` (in a filter: `within 1 box`)."""
    assert shape.n is not None
    cards = m.quantity is Quantity.MAP_DISTANCE
    distance = _distance(shape.op, shape.n, say, cards)
    if cards and m.origin is Subject.DEFAULT:
        # on (off) one map card with the card's ship, or in a trigger its holder's
        distance = _on_card(shape, say.ship("self", object_=True), say) or distance
    if m.origin is not Subject.DEFAULT:
        return _between(m, shape, distance, say, mood_, in_filter)
    key = _subject(m.subject, m.quantity, in_filter)
    if in_filter and key == "it":
        return distance
    who = say.ship(key)
    return contract(say.lang, tidy(say.w["at"].format(
        who=who, distance=distance, **verbs(say.lang, mood_))))


def _on_card(shape: _Shape, origin: str, say: Say) -> str | None:
    """A distance in map cards that says one map card (D2.25): on it (`= 0`,
    `<= 0`, `< 1`: `on the map card of …`), off it (`!= 0`, `>= 1`, `> 0`),
    else None."""
    on = {Cmp.EQ: 0, Cmp.LE: 0, Cmp.LT: 1}.get(shape.op) == shape.n
    if not on and {Cmp.NE: 0, Cmp.GE: 1, Cmp.GT: 0}.get(shape.op) != shape.n:
        return None
    if origin and origin == say.w["held"]["who"]["it"]:  # the ship just said: "its map card"
        return say.w["on_card_its" if on else "off_card_its"].strip()
    return say.w["on_card_of" if on else "off_card_of"].format(origin=origin).strip()


def _between(m: Measure, shape: _Shape, distance: str, say: Say, mood_: str,
             in_filter: bool) -> str:
    """A distance between two ends (D9.13): `that ship is within 1 box from
    this token`; in a filter, of the ship it tests: `on the box of this
    token` (a distance of 0)."""
    key = _subject(m.origin, m.quantity, in_filter)
    place = catalog(say.lang)["triggers"]["token_self"] if m.subject is Subject.HERE \
        else say.ship(_subject(m.subject, Quantity.REPAIRS, in_filter), object_=True)
    card = _on_card(shape, place, say) if m.quantity is Quantity.MAP_DISTANCE else None
    if card is not None:  # D2.25
        far = card
    elif shape.op is Cmp.EQ and shape.n == 0:
        far = say.w["on_box_of"].format(origin=place).strip()
    else:  # `within 1 box of`, `3 or more boxes away from`
        near = shape.op in (Cmp.LE, Cmp.LT)
        far = say.w["from_place"]["within" if near else "away"].format(distance=distance,
                                                                       place=place)
    if in_filter and key == "it":
        return far
    return contract(say.lang, tidy(say.w["at"].format(
        who=say.ship(key), distance=far, **verbs(say.lang, mood_))))


def _nearest_at(m: Nearest, shape: _Shape, say: Say, mood_: str, in_filter: bool) -> str:
    """`the enemy ship nearest to your ship is 3 or more boxes away`; in a
    filter, from the ship it tests: `whose nearest enemy ship is within 2
    boxes` (Spanish `cuyo barco enemigo más cercano esté …`)."""
    assert shape.n is not None
    who = _nearest(m, say, in_filter)
    if in_filter and _subject(m.subject, Quantity.REPAIRS, in_filter) == "it":
        noun = ship_noun(m.words, say)
        whose = say.w["nearest_whose"]
        who = (whose if isinstance(whose, str) else whose[noun.gender]).format(
            ship=noun.text, closest=agree(say.w["closest"], noun.gender, say.lang))
    return contract(say.lang, tidy(say.w["at"].format(
        who=who, distance=_distance(shape.op, shape.n, say, m.map_cards),
        **verbs(say.lang, mood_))))


def _there(m: ShipCount, shape: _Shape, say: Say, mood_: str, in_filter: bool) -> str:
    """A count of ships or boxes: `there is at least 1 friendly ship within 2
    boxes of the target`, `there is no island …`; in a filter: `with …`."""
    w = say.w
    assert shape.n is not None
    op, n = _counted(shape.op, shape.n)
    within = _within_of(m, say, in_filter) + _counted_where(m, say)
    one, many = _counted_noun(m, say), _counted_noun(m, say, plural_=True)
    about_it = in_filter and (m.within is None or
                              _subject(m.subject, Quantity.REPAIRS, in_filter) == "it")
    if op is Cmp.EQ and n == 0:
        if about_it:
            said = w["without"].format(units=many.text + within)
        else:
            said = w["there_none"].format(
                none=no_article(say.lang, one.gender), ship=one.text + within,
                **verbs(say.lang, mood_))
    else:
        count = _count(op, n, {"one": one.text, "other": many.text}, say) + within
        said = w["with"].format(count=count) if about_it else w["there"].format(
            count=count, **verbs(say.lang, mood_, "3" if n == 1 else "3 pl"))
    return contract(say.lang, tidy(said))


def _fallback(c: Compare, say: Say, mood_: str, in_filter: bool) -> str:
    """Two amounts compared as they are (`the number of repairs of your ship
    is less than the distance to the target`): for sums and two different
    measures; a value against a number first, read as a count is (``< 1``:
    none, ``!= 0``: at least 1), none said as "has no …" is (``_none``)."""
    shape = _shape(c)
    if shape is not None and shape.n is not None:
        op, n = _counted(shape.op, shape.n)
        if op is Cmp.EQ and n == 0:
            return _none(shape.measure, say, mood_, in_filter)
        (left, number), right = _measure(shape.measure, say, in_filter), str(n)
    else:
        op = c.op
        left, number = _amount(c.left, say, in_filter)
        right, _ = _amount(c.right, say, in_filter)
    person = "3" if number == 1 else "3 pl"
    return contract(say.lang, tidy(pick(say.w["cmp"][op.value], number).format(
        l=left, r=right, **verbs(say.lang, mood_, person))))


def _none(m: Any, say: Say, mood_: str, in_filter: bool) -> str:
    """A value of none: as its catalog says none of it ("your ship has used
    no maneuvers this turn", "there are no cards in the deck", as "has no
    order cards" is said), else "… is 0" (`the hull of the target is 0`)."""
    said = None
    if isinstance(m, Tally) or (isinstance(m, Measure) and m.quantity in VALUES):
        said = none_text(m, say.lang, _value_key(m, in_filter), say.names, say.held, mood_)
    if said is None:
        phrase, number = _measure(m, say, in_filter)
        said = say.w["zero"].format(l=phrase, **verbs(say.lang, mood_,
                                                       "3" if number == 1 else "3 pl"))
    return contract(say.lang, tidy(said))


def _is(c: Is, say: Say, mood_: str, in_filter: bool) -> str:
    """``SUBJECT is [not] WORD…``: the mode, the answered item, or a ship: what
    it is (`is an enemy ship`, `is a submarine`) and in what state (`is
    damaged`, `is burning`, agreeing with the subject)."""
    w = say.w
    lang = say.lang
    key = "is_not" if c.negated else "is"
    if c.subject == "mode":
        modes = catalog(lang)["modes"]
        return tidy(w["mode_" + key].format(mode=" ".join(modes.get(m, m) for m in c.words),
                                            **verbs(lang, mood_)))
    if c.subject == "answered":
        return tidy(w["answered_" + key].format(what=_answered(c.words, say),
                                                **verbs(lang, mood_)))
    if c.box:
        return _box_is(c, say, mood_, in_filter)
    subject = _subject(c.subject, None, in_filter)
    who = say.ship(subject)
    g = phrase_gender(say.table("who")[subject], lang)  # a pronoun agrees as its ship
    states = [x for x in c.words if x in STATE_WORDS or
              (x not in say.types and x not in w["adjectives"] and x != Adjective.OWN)]
    kinds = tuple(x for x in c.words if x not in states)
    parts = []
    if kinds:
        parts.append(w[key].format(who=who, what=_a(ship_noun(kinds, say),
                                                     Adjective.OWN in kinds, say),
                                   **verbs(lang, mood_)))
    if states:
        said_states = [state_of(x, lang, say.names, g) if x not in w["adjectives"]
                       else agree(w["adjectives"][x], g, lang) for x in states]
        had = [had_state(x, lang) for x in said_states]
        if all(h is not None for h in had):  # each said with "have" (`ha il radar …`)
            parts.append(w["has_in" if key == "is" else "has_not_in"].format(
                who="" if kinds else who,
                what=w["and"].join(h for h in had if h), **verbs(lang, mood_)))
        else:
            parts.append(w[key + "_in"].format(who="" if kinds else who,
                                               what=w["and"].join(said_states),
                                               **verbs(lang, mood_)))
    joiner = w["or"] if c.negated else w["and"]  # not (a and b): not a, or not b
    return fuse(lang, tidy(joiner.join(parts)))


def _box_is(c: Is, say: Say, mood_: str, in_filter: bool) -> str:
    """``box of SUBJECT is [not] WORD…`` (D2.11): where the ship is (`your ship
    is on open water`, `está en la carta inicial de tu bando`)."""
    w = say.w
    said = w["box_is"]
    words = set(c.words)
    start = [x for x in (BoxTest.FRIENDLY, BoxTest.ENEMY) if x in words]
    places = [said[x] for x in (BoxTest.OPEN, BoxTest.RUNNING, BoxTest.EDGE) if x in words]
    if BoxTest.START in words:
        places.append(said["start_of"].format(side=say.table("side")[start[0].value])
                      if start else said["start"])
    key = _subject(c.subject, None, in_filter)
    if in_filter and key == "it" and not c.negated:  # after the noun of the ship tested
        return fuse(say.lang, tidy(w["and"].join(places)))
    who = say.ship(key)
    joiner = w["or"] if c.negated else w["and"]  # not (a and b): not a, or not b
    key = "is_not_in" if c.negated else "is_in"
    return fuse(say.lang, tidy(joiner.join(
        w[key].format(who=who if i == 0 else "", what=place, **verbs(say.lang, mood_))
        for i, place in enumerate(places))))


def _answered(words: tuple[str, ...], say: Say) -> str:
    """What a response answers, as the object of "it answers": a kind of item
    or a card (`an order card`, `Radar`), then whose it is (`of an enemy`)."""
    w = say.w
    said = w["answered_words"]
    whose = [said[x] for x in words if x in w["answered_whose"]]
    what = [said.get(x) or display_name(x, say.lang, say.names)
            for x in words if x not in w["answered_whose"]]
    head = w["and"].join(what) if what else said["any"]
    return " ".join([head, *whose])


def _where(cond: Condition, say: Say, if_key: str = "filter_if") -> str:
    """A filter's condition after its noun: what the ship tested has, where it
    is (`with at least 1 crew in reserve`, `within 1 box`), joined as the
    language joins them; a condition not about it, as a condition (``if_key``:
    its template, ", if …", or a count's " for which …")."""
    parts = list(_conjuncts(positive(cond)))
    mood_ = mood(say.lang, "filter")
    about = [p for p in parts if _about_it(p)]
    others = [p for p in parts if not _about_it(p)]
    out = ""
    if about:
        out += " " + say.w["and"].join(_clause(p, say, mood_, True) for p in about)
    if others:
        out += say.w[if_key].format(cond=say.w["and"].join(
            _clause(p, say, mood(say.lang, "if"), not isinstance(p, AnyOf)) for p in others))
    return out


def _conjuncts(c: Condition) -> Iterator[Condition]:
    if isinstance(c, All):
        for p in c.parts:
            yield from _conjuncts(p)
    else:
        yield c


def _about_it(c: Condition) -> bool:
    """Whether a condition of a filter reads the ship tested and says it as a
    phrase after its noun (a number it has, its distance, ships near it)."""
    if isinstance(c, AnyOf):
        return all(_about_it(p) for p in c.parts)
    if isinstance(c, Compare):
        shape = _shape(c)
        if shape is None:
            return False
        m = shape.measure
        if _said_as_value(m):
            return False  # a clause of its own: ", if …"
        subject = m.subject.value if isinstance(m, (Measure, ShipCount, Nearest)) else ""
        if isinstance(m, Measure) and m.origin is not Subject.DEFAULT:  # from it (D9.13)
            subject = m.origin.value
        return subject in (Subject.IT.value, Subject.DEFAULT.value) and \
            not (isinstance(m, Measure) and m.quantity is Quantity.TURN)
    if isinstance(c, InSight):  # in or out of a visual field: the ship tested's or another's
        return Subject.IT in (c.seen, c.viewer)
    if isinstance(c, InLine):  # on another's lines, or holding one on its own (D2.10)
        return Subject.IT in (c.ship, c.origin)  # its templates say the negation too
    if isinstance(c, Is) and c.box:  # where it is: `on the edge of the board` (D2.11)
        return not c.negated and c.subject in (Subject.IT.value, Subject.DEFAULT.value)
    return False


# ------------------------------------------------------------------ sets of ships


def ships_noun(sel: Ships | Players, lang: str, types=(), names: Words | None = None,
               holder: bool = False, seen: AuraHolder | None = None) -> Noun:
    """A set of ships or players as a noun phrase with the gender its verb's
    words agree with (`every enemy ship in the visual field`, `cada uno de
    los demás barcos`, `ogni sottomarino alleato`); ``holder``: ``self`` is
    the ship that has an aura or a trigger (`within 2 boxes of this ship`);
    ``seen``: that ship as the text that gives it the aura sees it, whose
    sides are the aura's: the reader's where its side is known (an enemy's
    enemies are friendly ships), else said of it by name ("every ship that is
    an enemy of the target"), and its name for "this ship"."""
    say = attrs.evolve(_say(lang, types, names), holder=holder,
                       named=None if seen is None else seen.name)
    w = say.w
    if isinstance(sel, Players):
        others = Adjective.OTHER in sel.words  # every player but the card's
        adjectives = w["other_player_adjectives" if others else "player_adjectives"]
        adjs = " ".join(adjectives[x] for x in sel.words if x not in ("any", "other"))
        return Noun(tidy(w["every_other_player" if others else "every_player"].format(
            adjs=adjs)), "m")
    words, where = folded(sel.filter.words, sel.filter.where)
    of = None  # the ship the set's sides are said of, where the reader cannot say them
    if seen is not None and seen.side == Adjective.ENEMY.value:
        words = tuple(SWAPPED.get(x, x) for x in words)
    elif seen is not None and seen.side is None:
        of = seen.name
    if sel.random:  # one of the set, drawn (D4.18): "a random enemy ship"
        noun = ship_noun(words, say, of=of)
        noun = Noun(w["a_random"].format(a=_a(noun, Adjective.OWN in words, say)), noun.gender)
    elif Adjective.OTHER in words and sel.within is not None and sel.near is None and \
            sel.of is not Subject.SELF:  # around another ship: "other" is not that one
        noun = ship_noun(tuple(x for x in words if x != Adjective.OTHER), say, of=of)
        but = w["every_but_yours"]
        noun = Noun(but["text"].format(ship=noun.text,
                                       yours=but["yours"][noun.gender.split()[0]]), noun.gender)
    elif Adjective.OTHER in words:
        how = w["every_other"]["noun"]
        rest = words if how == "with_other" else tuple(x for x in words if x != Adjective.OTHER)
        noun = ship_noun(rest, say, plural_=how == "plural", of=of)
        out = w["every_other"]["text"].format(ship=noun.text)
        noun = Noun(out, noun.gender if how != "plural" else written_gender(lang))
    else:
        noun = ship_noun(words, say, of=of)
        noun = Noun(w["every"].format(ship=noun.text), noun.gender)
    out = noun.text
    if sel.place.is_line:  # the lines from the origin, then how far along them (D2.10)
        out += w["in_line"][sel.place.value].format(origin=_origin(sel, say, holder))
        out += pick(w["within_here"], sel.within).format(n=sel.within)
    else:
        if sel.place is not Place.BOARD:
            out += w["in_" + sel.place.value]
        if sel.within is not None and sel.near is not None:
            origin = _a(ship_noun(sel.near, say), False, say)
            out += pick(w["within"], sel.within).format(n=sel.within, origin=origin)
        elif sel.within == 0:  # on its origin's box (D9.13)
            out += w["on_box_of"].format(origin=_origin(sel, say, holder))
        elif sel.within is not None:
            out += pick(w["within"], sel.within).format(n=sel.within,
                                                        origin=_origin(sel, say, holder))
    if where is not None:
        out += _where(where, say)
    return Noun(fuse(lang, out), noun.gender)


def _origin(sel: Ships, say: Say, holder: bool) -> str:
    """Whom a set's ``within`` counts from, as a noun: a ship (the ship that
    has it, as a trigger says it, for a holder's ``self``), or a box's name."""
    if holder and sel.of is Subject.SELF:
        return say.named or catalog(say.lang)["triggers"]["selectors"]["self"]
    if sel.of is Subject.HERE:  # a token's box (D9.11): the token itself
        return catalog(say.lang)["triggers"]["token_self"]
    if isinstance(sel.of, Subject):
        return say.table("who")[_subject(sel.of, Quantity.REPAIRS, False)]
    return sel.of_name


def ships_text(sel: Ships | Players, lang: str, types=(), names: Words | None = None,
               holder: bool = False) -> str:
    """A set of ships or players as a noun phrase (``ships_noun``)."""
    return ships_noun(sel, lang, types, names, holder).text


def to_ships_text(sel: Ships | Players, lang: str, types=(), names: Words | None = None,
                  holder: bool = False) -> str:
    """The same after the language's "to" (`to every enemy ship`)."""
    return contract(lang, catalog(lang)["exprs"]["to_every"].format(
        every=ships_text(sel, lang, types, names, holder)))


# ------------------------------------------------------------------ a card's sentences


def computed_note(effect, lang: str, types=(), names: Words | None = None,
                  trigger: bool = False) -> str:
    """What the computed amounts of an effect are: ` (N = the distance to the
    target)`; none for the amount chosen with the card, said as X (D4.19);
    ``trigger``: of a trigger's effect, its ships as the trigger says them."""
    w = catalog(lang)["exprs"]
    notes = [w["n_is"].format(amount=amount_text(getattr(effect, n), lang, False, types,
                                                 names, trigger=trigger)[0])
             for n in effect.computed.amounts if not just_chosen(getattr(effect, n))]
    return "".join(notes)


def usable_text(cond: Condition, lang: str, types=(), names: Words | None = None) -> str:
    """A card's ``usable if`` as a sentence."""
    return catalog(lang)["exprs"]["usable"].format(
        cond=condition_text(cond, lang, False, types, names, clause="usable"))


def cost_text(amount: Amount, lang: str, types=(), names: Words | None = None) -> str:
    """A maneuver's computed cost (``cost (AMOUNT)``) as a sentence."""
    if just_chosen(amount):  # ``cost (chosen)`` (D4.19)
        return catalog(lang)["exprs"]["cost_chosen"]
    return catalog(lang)["exprs"]["cost"].format(amount=amount_text(amount, lang, False, types,
                                                                    names)[0])


def printed_cost(card) -> str:
    """A maneuver's cost as a table or a card's head shows it: X where its
    player chooses it (``cost (chosen)``, D4.19), else its number."""
    return "X" if just_chosen(card.computed_cost) else str(card.cost)


def target_text(flt: Filter, lang: str, types=(), names: Words | None = None) -> str:
    """A card's target filter as a sentence."""
    return catalog(lang)["exprs"]["target"].format(ship=a_ship(flt, lang, types, names))


def targets_text(least: int, most: int, flt: Filter | None, lang: str, types=(),
                 names: Words | None = None) -> str:
    """A counted target as a sentence (`Targets: up to 2 different enemy
    ships.`, D4.13): how many, and different, agreeing with the plural noun."""
    say = _say(lang, types, names)
    w = say.w["targets"]
    noun = ship_noun(flt.words if flt is not None else (), say, plural_=True)
    where = _where(flt.where, say) if flt is not None and flt.where is not None else ""
    form = w["exactly"] if least == most else w["up_to"]
    return fuse(lang, form.format(n=most, ships=noun.text, where=where,
                                  different=agree(w["different"], noun.gender, lang)))


def second_text(sel: Ships, lang: str, types=(), names: Words | None = None,
                optional: bool = False) -> str:
    """A card's second target as a sentence (`Second target: an enemy ship
    within 2 boxes of the target.`, D4.14): one ship of the set, indefinite;
    ``optional``: the player may choose none (`Second target, if you choose
    one: …`)."""
    say = _say(lang, types, names)
    w = say.w
    words = sel.filter.words
    out = _a(ship_noun(words, say), Adjective.OWN in words, say)
    if sel.within is not None and sel.near is not None:
        origin = _a(ship_noun(sel.near, say), False, say)
        out += pick(w["within"], sel.within).format(n=sel.within, origin=origin)
    elif sel.within is not None:
        origin = say.table("who")[_subject(sel.of, Quantity.REPAIRS, False)]
        out += pick(w["within"], sel.within).format(n=sel.within, origin=origin)
    if sel.filter.where is not None:
        out += _where(sel.filter.where, say)
    form = w["second_optional"] if optional else w["second"]
    return contract(lang, form.format(ship=fuse(lang, out)))


def near_ship(boxes: Boxes, lang: str, types=(), names: Words | None = None) -> str:
    """The kind of ship a box target counts from (``within N of a WORD…
    ship``, D4.11), never the card's own: `another friendly ship`, `an enemy
    destroyer` (an enemy is another already)."""
    assert boxes.near is not None
    kind = boxes.near if Adjective.ENEMY in boxes.near else (Adjective.OTHER, *boxes.near)
    return a_ship(Filter(kind), lang, types, names)


def box_target_text(boxes: Boxes, lang: str, types=(), names: Words | None = None) -> str:
    """A card's box target as a sentence (`Target: a free box within 2 boxes of
    your ship.`, `… within 1 box of another friendly ship.`, D4.11)."""
    w = catalog(lang)["exprs"]
    water = next((word for word in (BoxWord.OPEN, BoxWord.RUNNING) if word in boxes.words),
                 None)  # the water it must be now (D2.14)
    free = BoxWord.FREE in boxes.words
    if water is None:
        out = w["box"]["free" if free else "plain"]
    else:
        out = w["box"][("free " if free else "") + water.value]
    if BoxWord.EDGE in boxes.words:  # D2.24
        out += w["box_edge"]
    if BoxWord.START in boxes.words:  # D2.11
        out += w["box_start"]["friendly" if BoxWord.FRIENDLY in boxes.words else
                              "enemy" if BoxWord.ENEMY in boxes.words else "any"]
    if BoxWord.ADJACENT in boxes.words:
        out += w["box_adjacent"]
    if boxes.near is not None:  # near another ship of a kind
        out += (w["and"] if BoxWord.ADJACENT in boxes.words else "") + \
            pick(w["within"], boxes.within).format(n=boxes.within,
                                                   origin=near_ship(boxes, lang, types, names))
    elif boxes.within is not None and BoxWord.ADJACENT not in boxes.words:
        out += pick(w["within"], boxes.within).format(n=boxes.within, origin=w["who"]["self"])
    return contract(lang, tidy(w["box_target"].format(box=out)))


# ------------------------------------------------------------------ chosen amounts (D4.19)


def just_chosen(amount) -> bool:
    """Whether an amount is the amount chosen with the card alone, said X."""
    return isinstance(amount, Amount) and len(amount.terms) == 1 and \
        amount.terms[0][0] > 0 and isinstance(amount.terms[0][1], Measure) and \
        amount.terms[0][1].quantity is Quantity.CHOSEN


def choose_text(bounds, lang: str, types=(), names: Words | None = None) -> str:
    """A card's ``choose amount from A to B`` as a sentence ("Choose an
    amount from 1 to the crew in the reserve of your ship (X).")."""
    least, most = (str(b) if type(b) is int else amount_text(b, lang, False, types, names)[0]
                   for b in bounds)
    return contract(lang, catalog(lang)["exprs"]["choose_amount"].format(least=least,
                                                                         most=most))
