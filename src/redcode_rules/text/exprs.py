"""Rule text of expressions (rules/exprs.py) in every language: amounts,
conditions, filters and sets of ships or players, from the ``exprs``
section of lang/*.yaml. text/cards.py calls these for the cards that use them.

Every phrase is built from whole phrases of the catalog, never from words
glued by code, so each language keeps its own order, articles and
agreement: adjectives go before or after the noun as the catalog says
(``before``), subjects come with their preposition already contracted
(``of``: "del objetivo", "dalla tua nave").
"""

from __future__ import annotations

from typing import Any

from ..i18n.catalog import Words, catalog, contract, display_name, pick, status_name
from ..rules.exprs import (
    Adjective,
    All,
    Amount,
    AnyOf,
    Boxes,
    BoxWord,
    Compare,
    Condition,
    Filter,
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
from .values import times_text, value_text


def _words(lang: str) -> dict[str, Any]:
    return catalog(lang)["exprs"]


def _subject(subject: Subject, quantity: Quantity | None, in_filter: bool) -> str:
    if subject is not Subject.DEFAULT:
        return "self" if subject is Subject.YOU and quantity is not None else subject.value
    if in_filter:
        return "it"
    return "target" if quantity is Quantity.DISTANCE else "self"


def measure_text(m: Measure | ShipCount | Nearest | Tally | Times, lang: str,
                 in_filter: bool = False, types=(), names: Words | None = None
                 ) -> tuple[str, int]:
    """A measure as a noun phrase, with its number (1: singular, 2: plural)."""
    w = _words(lang)
    if isinstance(m, (ShipCount, Nearest)):
        return around_text(m, lang, in_filter, types, names), 1
    if isinstance(m, Times):
        inner, _ = measure_text(m.term, lang, in_filter, types, names)
        return times_text(m.factor, inner, lang), 2
    subject = _subject(m.subject, None if isinstance(m, Tally) else m.quantity, in_filter)
    if isinstance(m, Tally) or m.quantity in VALUES:
        of = w["of"].get(subject, "")
        return value_text(m, lang, subject, of, names)
    entry = w["quantities"][m.quantity.value]
    values = {}
    if m.quantity is Quantity.DISTANCE:
        values["to"] = w["to"][subject]
    elif m.quantity is Quantity.HAND:
        values["holds"] = w["holds"][subject]
    elif m.quantity is Quantity.SCORE:
        values["side_of"] = w["side_of"][subject]
    elif m.quantity is not Quantity.TURN:
        values["of"] = w["of"][subject]
    return entry["text"].format(**values), 1 if entry["n"] == "one" else 2


def around_text(m: ShipCount | Nearest, lang: str, in_filter: bool, types=(),
                names: Words | None = None) -> str:
    """`the number of friendly ships within 2 boxes of the target`, `the distance
    from your ship to the nearest enemy ship`: a count or nearest distance of
    ships of a kind around a ship (exprs.ShipCount, exprs.Nearest)."""
    w = _words(lang)
    subject = _subject(m.subject, Quantity.REPAIRS, in_filter)
    if isinstance(m, Nearest):
        return w["nearest"].format(origin=w["nearest_from"][subject],
                                   ship=ship_phrase(m.words, lang, types, names))
    ships = ship_phrase(m.words, lang, types, names, plural=True)
    if m.within is None:
        return w["count"].format(ships=ships)
    within = pick(w["within"], m.within).format(n=m.within, origin=w["from"][subject])
    return w["count"].format(ships=ships) + within


def amount_text(a: Amount, lang: str, in_filter: bool = False, types=(),
                names: Words | None = None) -> tuple[str, int]:
    """An amount as a phrase (`the distance to the target plus 1`), with its number."""
    w = _words(lang)
    out = []
    number = 1
    for i, (sign, term) in enumerate(a.terms):
        if type(term) is int:
            phrase = str(term)
        else:
            phrase, number = measure_text(term, lang, in_filter, types, names)
        if i:
            out.append(w["plus" if sign > 0 else "minus"])
        elif sign < 0:
            phrase = "-" + phrase
        out.append(phrase)
    return " ".join(out), number if len(a.terms) == 1 else 1


def ship_phrase(words: tuple[str, ...], lang: str, types=(), names: Words | None = None,
                plural: bool = False) -> str:
    """`damaged enemy ship` / `barco enemigo dañado`: the noun and its adjectives;
    ``types``: the ship type ids (the other words are adjectives or statuses,
    said with the card set's own ``names``); ``plural``: `barcos enemigos`."""
    w = _words(lang)
    adjectives = w["adjectives_plural"] if plural else w["adjectives"]
    before: list[str] = []
    after: list[str] = []
    tail: list[str] = []
    # "other" first, where the language puts it before: "another enemy ship"
    for word in sorted(words, key=lambda x: x != Adjective.OTHER):
        if word == Adjective.ANY:
            continue
        if word in types:
            tail.append(w["of_type"].format(type=display_name(word, lang, names)))
            continue
        phrase = adjectives.get(word)
        if phrase is None:  # a status, said of a ship
            phrase, word = status_name(word, lang, of_ship=True, words=names), "statuses"
        (before if word in w["before"].split() else after).append(phrase)
    return " ".join([*before, w["ships" if plural else "ship"], *after, *tail])


def a_ship(flt: Filter, lang: str, types=(), names: Words | None = None) -> str:
    """A filter as an indefinite noun phrase (`an enemy ship such that …`);
    "other" takes the language's own word (`another ship`, `otro barco`)."""
    w = _words(lang)
    if Adjective.OTHER in flt.words:
        rest = tuple(x for x in flt.words if x != Adjective.OTHER)
        out = w["a"]["another"].format(ship=ship_phrase(rest, lang, types, names))
    else:
        phrase = ship_phrase(flt.words, lang, types, names)
        article = w["a"]["vowel"] if phrase[:1].lower() in "aeiou" else w["a"]["other"]
        out = article.format(ship=phrase)
    if flt.where is not None:
        out += w["where"].format(cond=condition_text(flt.where, lang, True, types, names))
    return out


def condition_text(c: Condition, lang: str, in_filter: bool = False, types=(),
                   names: Words | None = None) -> str:
    """A condition as a clause (`the repairs of your ship are fewer than 3`)."""
    w = _words(lang)
    if isinstance(c, Compare):
        left, number = amount_text(c.left, lang, in_filter, types, names)
        right, _ = amount_text(c.right, lang, in_filter, types, names)
        return contract(lang, pick(w["cmp"][c.op.value], number).format(l=left, r=right))
    if isinstance(c, All):
        return w["and"].join(condition_text(p, lang, in_filter, types, names) for p in c.parts)
    if isinstance(c, AnyOf):
        return w["or"].join(condition_text(p, lang, in_filter, types, names) for p in c.parts)
    if isinstance(c, Not):
        return w["not"].format(cond=condition_text(c.part, lang, in_filter, types, names))
    assert isinstance(c, Is)
    key = "is_not" if c.negated else "is"
    if c.subject == "mode":
        modes = catalog(lang)["modes"]
        return w["mode_" + key].format(mode=" ".join(modes.get(m, m) for m in c.words))
    if c.subject == "answered":
        answered = w["answered_words"]
        what = w["and"].join(answered.get(x) or display_name(x, lang, names) for x in c.words)
        return w["answered_" + key].format(what=what)
    who = w["who"][c.subject]
    return w[key].format(who=who, what=a_ship(Filter(c.words), lang, types, names))


def ships_text(sel: Ships | Players, lang: str, types=(), names: Words | None = None) -> str:
    """A set of ships or players as a noun phrase (`every enemy ship in the visual
    field`); "every other ship" as the language says it (`cada uno de los demás barcos`)."""
    w = _words(lang)
    if isinstance(sel, Players):
        adjs = " ".join(w["player_adjectives"][x] for x in sel.words if x != "any")
        return w["every_player"].format(adjs=adjs).replace("  ", " ").strip()
    if Adjective.OTHER in sel.filter.words:
        rest = tuple(x for x in sel.filter.words if x != Adjective.OTHER)
        plural = w["every_other"]["noun"] == "plural"
        out = w["every_other"]["text"].format(
            ship=ship_phrase(rest, lang, types, names, plural=plural))
    else:
        out = w["every"].format(ship=ship_phrase(sel.filter.words, lang, types, names))
    if sel.place is not Place.BOARD:
        out += w["in_" + sel.place.value]
    if sel.within is not None and sel.near is not None:
        origin = w["from_a"].format(ship=a_ship(Filter(sel.near), lang, types, names))
        out += pick(w["within"], sel.within).format(n=sel.within, origin=origin)
    elif sel.within is not None:
        if isinstance(sel.of, Subject):
            origin = w["from"][_subject(sel.of, Quantity.REPAIRS, False)]
        else:
            origin = w["from_box"].format(box=sel.of_name)
        out += pick(w["within"], sel.within).format(n=sel.within, origin=origin)
    if sel.filter.where is not None:
        out += w["where"].format(cond=condition_text(sel.filter.where, lang, True, types,
                                                     names))
    return out


def to_ships_text(sel: Ships | Players, lang: str, types=(), names: Words | None = None) -> str:
    """The same after the language's "to" (`to every enemy ship`)."""
    return contract(lang, _words(lang)["to_every"].format(
        every=ships_text(sel, lang, types, names)))


def computed_note(effect, lang: str, types=(), names: Words | None = None) -> str:
    """What the computed amounts of an effect are: ` (N = the distance to the target)`."""
    w = _words(lang)
    notes = [w["n_is"].format(amount=amount_text(getattr(effect, n), lang, False, types,
                                                 names)[0])
             for n in effect.computed.amounts]
    return "".join(notes)


def with_condition(phrase: str, effect, lang: str, types=(), names: Words | None = None) -> str:
    """An effect's phrase followed by its condition (`… if the target is …`)."""
    cond = effect.computed.condition
    if cond is None:
        return phrase
    return conditioned(phrase, cond, lang, types, names)


def conditioned(effects: str, cond: Condition | None, lang: str, types=(),
                names: Words | None = None, how: str = "if") -> str:
    """Effects under a condition: ``if`` after one effect (`… if …`),
    ``if_all`` before several (`if …, a and b`), ``otherwise`` for the
    negation of the condition just said (`otherwise, …`)."""
    w = _words(lang)
    if how == "otherwise":
        return w["otherwise"].format(effect=effects)
    said = condition_text(cond, lang, False, types, names)
    return w[how].format(effect=effects, cond=said)


def usable_text(cond: Condition, lang: str, types=(), names: Words | None = None) -> str:
    """A card's ``usable if`` as a sentence."""
    return _words(lang)["usable"].format(cond=condition_text(cond, lang, False, types, names))


def cost_text(amount: Amount, lang: str, types=(), names: Words | None = None) -> str:
    """A maneuver's computed cost (``cost (AMOUNT)``) as a sentence."""
    return _words(lang)["cost"].format(amount=amount_text(amount, lang, False, types,
                                                          names)[0])


def target_text(flt: Filter, lang: str, types=(), names: Words | None = None) -> str:
    """A card's target filter as a sentence."""
    return _words(lang)["target"].format(ship=a_ship(flt, lang, types, names))


def box_target_text(boxes: Boxes, lang: str) -> str:
    """A card's box target as a sentence (`Target: a free box within 2 boxes of
    your ship.`, D4.11)."""
    w = _words(lang)
    out = w["box"]["free" if BoxWord.FREE in boxes.words else "plain"]
    if BoxWord.ADJACENT in boxes.words:
        out += w["box_adjacent"]
    elif boxes.within is not None:
        out += pick(w["within"], boxes.within).format(n=boxes.within, origin=w["from"]["self"])
    return w["box_target"].format(box=out)
