"""The checks of a card's expressions once the whole card set is known: every
word a filter or a test used (``WordAt``, noted by lang/exprs.py) is a ship
type, status, card, box or token of it; what a card's amounts may read
before its target is chosen; the results of earlier effects (``damage
dealt``) read only after one; a roll's faces the same in every ``chance``.
"""

from __future__ import annotations

import re
from typing import Any, Callable

import attrs

from ..base.kinds import Mode
from ..rules.board import parse_box
from ..rules.card_classes import Trait
from ..rules.effects import primitive_of
from ..rules.exprs import (
    DISTANCES,
    Adjective,
    All,
    Amount,
    AnyOf,
    BoxKind,
    Boxes,
    chances,
    Compare,
    Extreme,
    Filter,
    InLine,
    InSight,
    Is,
    Measure,
    Nearest,
    Not,
    Players,
    Quantity,
    RESULTS,
    ShipCount,
    Ships,
    Subject,
    Tally,
    Times,
)
from .exprs import ANSWERED_WORDS, PLAYER_WORDS, WordAt, closest_word

def check_words(words: tuple[WordAt, ...], error: Callable, ships, statuses, cards,
                width: int, height: int, maneuvers=(), chosen: bool = False,
                tokens=()) -> dict[str, int]:
    """Each word known for what it tests (else ``error(word, message,
    suggestion)``, a DslError at the word); returns the box names ``within N
    of BOX`` uses, with their indexes. ``chosen``: whether the quantity
    ``chosen`` has an amount to read (a card that says ``choose amount``, D4.19);
    ``tokens``: the declared tokens, kinds a count of boxes may name (D2.22)."""
    boxes: dict[str, int] = {}
    for w in words:
        pos = w
        if w.kind == "chosen":
            if not chosen:
                raise error(pos, CHOSEN_UNCHOSEN)
            continue
        if w.kind == "ship":
            known = [a.value for a in Adjective] + list(ships) + list(statuses)
            what = "a ship: an adjective (" + ", ".join(a.value for a in Adjective) + \
                "), a ship type or a status"
        elif w.kind == "answered":
            known = [*ANSWERED_WORDS, *cards]
            what = ("the answered item: order, maneuver, enemy, friendly, own, other, "
                    + ", ".join(t.value for t in Trait) + " or a card")
        elif w.kind == "mode":
            known = [m.value for m in Mode]
            what = "the mode: " + " or ".join(known)
        elif w.kind == "box kind":  # a count of boxes (D2.22)
            known = [k.value for k in BoxKind] + list(tokens)
            what = "a kind of box: " + ", ".join(k.value for k in BoxKind) + " or a token"
        elif w.kind == "player":
            known = list(PLAYER_WORDS)
            what = "a player: enemy, friendly, other or any"
        elif w.kind == "status":  # a counter (D9.9)
            known = list(statuses)
            what = "a declared status"
        elif w.kind in ("card", "maneuver"):
            known = list(cards if w.kind == "card" else maneuvers)
            what = f"a {w.kind} of the card set"
        else:
            index = parse_box(w.word, width, height) if re.fullmatch(r"[a-z][0-9]+", w.word) \
                else None
            if index is None:
                raise error(pos, f"'{w.word}' is not a box of a {width}x{height} board; "
                            "within N of self, target, source, it or a box such as c4")
            boxes[w.word] = index
            continue
        if w.word not in known:
            raise error(pos, f"'{w.word}' does not describe {what}", closest_word(w.word, known))
    return boxes


#: ``chosen`` read where no amount is chosen with the card (D4.19).
CHOSEN_UNCHOSEN = ("'chosen' is the amount chosen with the card, and none is chosen here: "
                   "a card that reads it says 'choose amount from A to B' (D4.19)")


def with_boxes(selector, boxes: dict[str, int]):
    """The selector with its box (``within N of c4``) as an index."""
    if isinstance(selector, Ships) and selector.of_name:
        return attrs.evolve(selector, of=boxes[selector.of_name])
    return selector


#: The subjects an amount counted before a target is chosen cannot read.
NOT_BEFORE_TARGET = {Subject.TARGET: "the target",
                     Subject.SOURCE: "the answered item's ship",
                     Subject.ANSWERED: "the answered item's card",
                     Subject.IT: "'it', the ship a filter tests"}


def before_target(amount: Amount) -> str | None:
    """What an amount counted before a target is chosen (a maneuver's cost)
    reads that it cannot, as a phrase naming the term (`the target
    ('repairs of target')`); None when it reads only the card's ship and the sides.
    A ``distance`` with no subject is to the target (exprs.Measure)."""
    for _, term in amount.terms:
        if type(term) is int:
            continue
        if isinstance(term, Extreme):  # min(A, B): what either reads
            found = before_target(term.first) or before_target(term.second)
            if found:
                return found
            continue
        if isinstance(term, Times):
            term = term.term
        if result := reads_result(term):
            return f"what an effect of the card did ('{result}')"
        subject = term.subject
        if subject is Subject.DEFAULT and getattr(term, "quantity", None) in DISTANCES:
            return "the target ('distance' is to the target)"
        if subject in NOT_BEFORE_TARGET:
            return f"{NOT_BEFORE_TARGET[subject]} ('{term}')"
    return None



def reads_result(node: Any) -> str:
    """The result an expression (an amount, a condition, a filter, a set of
    ships; None) reads, ``damage dealt`` or ``damage left over``: what an
    earlier effect of the resolving card did, known only as the card
    resolves, after a damage; "" when it reads none."""
    if node is None or isinstance(node, (int, Is, Nearest, ShipCount, Tally, Boxes, Players)):
        return ""
    if isinstance(node, Measure):
        return node.quantity.value if node.quantity in RESULTS else ""
    if isinstance(node, Amount):
        return next((r for _, t in node.terms if (r := reads_result(t))), "")
    if isinstance(node, Times):
        return reads_result(node.term)
    if isinstance(node, Extreme):
        return reads_result(node.first) or reads_result(node.second)
    if isinstance(node, Compare):
        return reads_result(node.left) or reads_result(node.right)
    if isinstance(node, (All, AnyOf)):
        return next((r for p in node.parts if (r := reads_result(p))), "")
    if isinstance(node, Not):
        return reads_result(node.part)
    if isinstance(node, Filter):
        return reads_result(node.where)
    if isinstance(node, Ships):
        return reads_result(node.filter)
    return ""


def tests_sight(node: Any) -> bool:
    """Whether a condition tests one ship against another (``is in sight``,
    D2.21; ``is in line``, D2.10)."""
    if isinstance(node, (InSight, InLine)):
        return True
    if isinstance(node, (All, AnyOf)):
        return any(tests_sight(p) for p in node.parts)
    return isinstance(node, Not) and tests_sight(node.part)


def effect_reads_result(effect) -> str:
    """The result an effect's set of ships, condition or computed amounts
    read (``reads_result``), or ""."""
    computed = effect.computed
    return reads_result(effect.selector) or ("" if computed is None else (
        reads_result(computed.condition)
        or next((r for n in computed.amounts if (r := reads_result(getattr(effect, n)))), "")))


def check_results(effects, calls, error: Callable, where: str, dealt: bool = False) -> None:
    """A result (``damage dealt``, ``damage left over``) read only after an
    earlier damage effect of the same card or trigger (``error(pos,
    message)``: a DslError at the effect); ``dealt``: a ``damaged`` trigger,
    whose ``damage dealt`` is its event's damage before any (D9.20)."""
    for index, (call, effect) in enumerate(zip(calls, effects)):
        result = effect_reads_result(effect)
        if dealt and result == Quantity.DEALT.value:
            continue
        if result and not any(primitive_of(e).damage for e in effects[:index]):
            raise error(call.pos, f"{where}: '{result}' reads what an earlier damage "
                        f"effect of the same card or trigger did; none comes before "
                        f"'{call.name}'")


def check_rolls(effects, calls, error: Callable, where: str) -> None:
    """Every chance of a card or trigger reads its one roll, so all name a
    die of the same faces (D4.18): ``chance 1 in 3`` and ``chance 1 in 2``
    on one card would be two dice."""
    faces = None
    for call, effect in zip(calls, effects):
        for chance in chances(effect.computed.condition if effect.computed else None):
            if faces is not None and chance.faces != faces[0]:
                raise error(call.pos, f"{where}: '{chance}' and '{faces[1]}' read one roll, "
                            f"so they name the same faces: write 'in {faces[0]}' (D4.18)")
            faces = faces or (chance.faces, chance)
