"""Chosen amounts (``choose amount from A to B``, D4.19): a card's bounds
checked, and the card played with each amount they may allow.

The card's player chooses the amount with the card; every amount of the
card reads it as the quantity ``chosen``. A card is compiled once per
amount (``CardDef.amounts``), as a card with modes is once per mode, so the
listing, the notation and the bots read an amount as they read a mode.
"""

from __future__ import annotations

import attrs

from ..model.ruleset import MAX_AMOUNT, CardDef
from ..rules.exprs import Amount, Extreme, Measure, Quantity, Times
from .expr_checks import before_target
from .layers import Layers
from .records import Prop


def with_amounts(draft: Layers, card: CardDef, prop: Prop | None, where: str) -> CardDef:
    """The card with its bounds and its ``amounts``, 1 to ``MAX_AMOUNT``
    within its written bounds (``prop``: its ``choose amount``, or None). A
    bound is a number 0 to ``MAX_AMOUNT`` or an amount known when the card
    is played (what a computed cost reads: its ship and the sides); two
    numbers are in order."""
    if prop is None:
        return card
    first, last = prop.value
    bounds = (_bound(draft, prop, first, where), _bound(draft, prop, last, where))
    least, most = (b if type(b) is int else None for b in bounds)
    if least is not None and most is not None and least > most:
        raise draft.error(prop.pos, f"{where}: 'choose amount from {least} to {most}' allows "
                          f"no amount: the first bound is the least (D4.19)")
    low = max(1, least if least is not None else 1)
    high = most if most is not None else MAX_AMOUNT
    card = attrs.evolve(card, bounds=bounds)
    amounts = tuple(_played(card, n) for n in range(low, high + 1))
    if not amounts:
        raise draft.error(prop.pos, f"{where}: 'choose amount from 0 to 0' allows no amount "
                          f"of 1 to {MAX_AMOUNT} (D4.19)")
    return attrs.evolve(card, amounts=amounts)


def _bound(draft: Layers, prop: Prop, bound: int | Amount, where: str) -> int | Amount:
    """A bound: a number 0 to ``MAX_AMOUNT``, or an amount that reads only
    what is known when the card is played, never ``chosen`` itself."""
    if type(bound) is int:
        if not 0 <= bound <= MAX_AMOUNT:
            raise draft.error(prop.pos, f"{where}: an amount is chosen from 0 to "
                              f"{MAX_AMOUNT}, not {bound} (D4.19)")
        return bound
    assert isinstance(bound, Amount)
    if all(type(t) is int for _, t in bound.terms):
        return _bound(draft, prop, sum(sign * t for sign, t in bound.terms
                                       if isinstance(t, int)), where)
    if reads_chosen(bound):
        raise draft.error(prop.pos, f"{where}: a bound of 'choose amount' cannot read "
                          "'chosen', the amount it bounds (D4.19)")
    read = before_target(bound)
    if read is not None:
        raise draft.error(prop.pos, f"{where}: an amount is chosen as the card is played, "
                          f"before its target, so its bounds cannot read {read}; they may "
                          "read the card's ship (self) and the sides (D4.19)")
    return bound


def reads_chosen(amount: Amount) -> bool:
    """Whether an amount reads ``chosen``."""
    return any(isinstance(t, Measure) and t.quantity is Quantity.CHOSEN
               or isinstance(t, Times) and isinstance(t.term, Measure)
               and t.term.quantity is Quantity.CHOSEN
               or isinstance(t, Extreme) and (reads_chosen(t.first) or reads_chosen(t.second))
               for _, t in amount.terms)


def _played(card: CardDef, n: int) -> CardDef:
    """The card played with the amount ``n``: a cost that reads only
    ``chosen`` and numbers is then a fixed cost."""
    cost, computed = card.cost, card.computed_cost
    if computed is not None and all(type(t) is int or isinstance(t, Measure) and t.quantity
                                    is Quantity.CHOSEN for _, t in computed.terms):
        cost = max(1, sum(sign * (t if isinstance(t, int) else n)
                          for sign, t in computed.terms))
        computed = None
    return attrs.evolve(card, chosen=n, cost=cost, computed_cost=computed)
