"""Why a move is not legal: ``Refusal``, and the rule queries that say it
(``RefusalQueries``, part of ``RuleQueries``, engine/queries.py).

Legality is said once: each check returns a ``Refusal`` (the rule and the
words of the language catalogs that say why) or None. A status forbids
maneuvers, responses, order cards or moving (R9, R9.1) or a class of
cards; a response answers only what its card answers (R5.2, D4.7); a
maneuver needs its crew, a free slot and its use this turn (R4.1, R4.4); an
order card its limit per turn, a target in sight and in range (R7.3,
R4.2). The move generator lists what no query refuses, and ``explain``
(engine/explain.py) words the first refusal of a move that is not listed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Mapping

import attrs

from ..base.kinds import CardKind
from ..model.ruleset import Modifier, TargetKind
from ..rules.exprs import Scope

if TYPE_CHECKING:
    from ..model.modifiers import Modifiers
    from ..model.ruleset import CardDef, Ruleset, ShipDef
    from ..model.state import GameState

__all__ = ["FORBIDDEN", "Refusal", "RefusalQueries"]

MANEUVER = CardKind.MANEUVER
SOURCE_TARGET = TargetKind.SOURCE

#: What a status may forbid a ship (``StatusRules``' sets), with the rule
#: that says so: the words of a refusal are ``status_`` + the name.
FORBIDDEN = {"maneuvers": "R9.1", "responses": "R9", "orders": "R9", "movement": "R9"}


@attrs.frozen
class Refusal:
    """Why a move is not legal: the rule that forbids it (``R4.1``), the key
    of its sentence in the ``illegal`` section of the language catalogs, and
    what fills the sentence in, as the game knows it (seats of ships, card
    and status ids): engine/explain.py says it in a language."""

    rule: str
    words: str
    values: Mapping[str, Any] = attrs.field(factory=dict)


class RefusalQueries:
    """The refusal queries; ``RuleQueries`` is made of them and gives them
    what they read: the state and rules, the seats' ship types and sides,
    the modifier queries (``mods``), the statuses that act only while a
    condition holds (``_dormant``), whether a status forbids a class of
    cards (``_barring``), the order cards a turn allows, and the listing's
    own questions (a card's cost, reach, condition, target filter, sight,
    a once-per-game card spent, whether a status acts now)."""

    __slots__ = ()

    state: GameState
    rules: Ruleset
    _types: list[ShipDef]
    sides: list[str]
    mods: Modifiers | None
    _dormant: Any
    _barring: bool
    _orders_per_turn: int
    lasts: Callable[[int, str], bool]
    cost: Callable[[int, CardDef], int]
    reach: Callable[[int, CardDef], int]
    may_use: Callable[[CardDef, int, bool], bool]
    spent: Callable[[int, str], bool]
    allowed_targets: Callable[..., list]
    sight: Callable[..., list]
    visible_targets: Callable[..., list]

    def forbidding(self, seat: int, what: str) -> str | None:
        """The first of the ship's statuses that forbids it ``what`` (a key of
        ``FORBIDDEN``), or None (R9)."""
        statuses = self.state.ships[seat].statuses
        if not statuses:
            return None
        names = getattr(self.rules.status_rules, what)
        dormant = self._dormant
        return next((name for name, _ in statuses if name in names and (
            name not in dormant or self.lasts(seat, name))), None)

    def forbidden(self, seat: int, what: str) -> Refusal | None:
        """A status of the ship forbids it ``what``: which (``forbidding``)."""
        status = self.forbidding(seat, what)
        if status is None:
            return None
        return Refusal(FORBIDDEN[what], "status_" + what, {"ship": seat, "status": status})

    def barred(self, seat: int, card: CardDef) -> Refusal | None:
        """A status of the ship forbids its player the card's class (``forbids
        damaging cards``, R9): which."""
        barring = self.rules.status_rules.cards
        dormant = self._dormant
        statuses = self.rules.statuses
        for name, _ in self.state.ships[seat].statuses:
            if name in barring and card.id in statuses[name].forbids_cards.members and (
                    name not in dormant or self.lasts(seat, name)):
                return Refusal("R9", "status_card", {"ship": seat, "status": name,
                                                     "card": card.id})
        return None

    def answer_refusal(self, card: CardDef) -> Refusal | None:
        """Why the card may not answer the top item of the stack: it is no
        ``response`` card, or its ``answers`` leave out the item's kind (R5.2)."""
        if not card.response:
            return Refusal("R5.2", "not_response", {"card": card.id})
        top = self.state.stack[-1] if self.state.stack else None
        if top is not None and top.kind not in card.answers:
            words = "answers_orders_only" if top.kind == MANEUVER else "answers_maneuvers_only"
            return Refusal("R5.2", words, {"card": card.id, "answered": top.card})
        return None

    def maneuvers_refusal(self, seat: int, responding: bool) -> Refusal | None:
        """Why the ship may use no maneuver now, whatever the card: a status
        forbids maneuvers (R9.1), or responses (R9)."""
        return self.forbidden(seat, "maneuvers") or \
            (self.forbidden(seat, "responses") if responding else None)

    def maneuver_refusal(self, seat: int, card: CardDef, responding: bool) -> Refusal | None:
        """Why the ship may not declare the maneuver now (its target and path
        aside), or None: its control card (R1.5), statuses (R9), a response
        card or not (R5.2, D4.7), and then ``slot_refusal``."""
        names = self._types[seat].maneuvers
        if card.id not in names:
            return Refusal("R1.5", "no_maneuver", {"ship": seat, "card": card.id})
        refused = self.maneuvers_refusal(seat, responding)
        if refused is not None:
            return refused
        if responding:
            refused = self.answer_refusal(card)
            if refused is not None:
                return refused
        if not responding and card.target.kind is SOURCE_TARGET:
            return Refusal("D4.7", "response_only", {"card": card.id})
        return self.slot_refusal(seat, names.index(card.id), card, responding)

    def slot_refusal(self, seat: int, slot: int, card: CardDef,
                     responding: bool) -> Refusal | None:
        """Why the ship may not use the maneuver of its control card's slot
        now: crew on it (R4.1), used once per game already, more crew than its
        reserve (R4.1, its cost as changed now), its ``usable if`` fails."""
        ship = self.state.ships[seat]
        if self._barring and ship.statuses:
            refused = self.barred(seat, card)
            if refused is not None:
                return refused
        if ship.crew_on[slot]:
            return Refusal("R4.1", "unavailable", {"card": card.id, "count": ship.crew_on[slot]})
        if card.once and self.spent(seat, card.id):
            return Refusal("R4.1", "spent", {"card": card.id, "player": seat})
        cost = self.cost(seat, card)
        if cost > ship.reserve:
            return Refusal("R4.1", "no_crew", {"card": card.id, "cost": cost, "ship": seat,
                                               "reserve": ship.reserve})
        if card.chosen is not None:  # D4.19
            refused = self.amount_refusal(seat, card, responding)
            if refused is not None:
                return refused
        if card.usable is not None and not self.may_use(card, seat, responding):
            return Refusal("R4.1", "not_usable", {"card": card.id})
        return None

    # -- chosen amounts (D4.19) ------------------------------------------------
    def amount_refusal(self, seat: int, card: CardDef, responding: bool) -> Refusal | None:
        """Why the card may not be played with its chosen amount now: the
        amount is outside its bounds as counted for the card's ship (D4.19)."""
        if card.chosen is None or card.bounds is None:
            return None
        scope = Scope(seat, None, len(self.state.stack) - 1 if responding else None)
        least, most = (b if isinstance(b, int) else b.value(self, scope) for b in card.bounds)
        if least <= card.chosen <= most:
            return None
        return Refusal("D4.19", "amount_out", {"card": card.id, "amount": card.chosen,
                                               "least": least, "most": most})

    def orders_per_turn(self, seat: int) -> int:
        """The order cards ``seat``'s player may play in its turn (R7.3): the
        rule option, as what acts on its ship changes it (``modify orders``)."""
        base = self._orders_per_turn
        if self.mods is None:
            return base
        return self.mods.player(self.state.ships[seat], seat, Modifier.ORDERS, base)

    def orders_refusal(self, seat: int, responding: bool) -> Refusal | None:
        """Why the player may play no order card now, whatever the card: the
        turn's orders are played (R7.3), a sunk ship answers nothing (R5.2),
        a status forbids orders or responses (R9)."""
        st = self.state
        if not responding and st.orders_played >= self.orders_per_turn(seat):
            # none at all this turn: its statuses leave it none (modify orders)
            return Refusal("R7.3", "order_played" if st.orders_played else "no_orders",
                           {"ship": seat})
        if responding and st.ships[seat].position is None:
            return Refusal("R9.2", "off_board", {"ship": seat})
        if not st.ships[seat].statuses:
            return None
        return self.forbidden(seat, "orders") or \
            (self.forbidden(seat, "responses") if responding else None)

    def order_card_refusal(self, seat: int, card: CardDef, responding: bool) -> Refusal | None:
        """Why the player may not play this order card of its hand now: not a
        response card (R5.2), used once per game already, an answer with no
        item to answer (D4.7)."""
        if responding:
            refused = self.answer_refusal(card)
            if refused is not None:
                return refused
        if self._barring and self.state.ships[seat].statuses:
            refused = self.barred(seat, card)
            if refused is not None:
                return refused
        if card.once and self.spent(seat, card.id):
            return Refusal("R7.3", "spent", {"card": card.id, "player": seat})
        if card.target.kind is SOURCE_TARGET and not self.state.stack:
            return Refusal("D4.7", "response_only", {"card": card.id})
        return None

    def order_refusal(self, seat: int, card: CardDef, responding: bool) -> Refusal | None:
        """Why the player may not play the order card now (its target and path
        aside), or None: in its hand (R7.3), ``orders_refusal``,
        ``order_card_refusal``, its ``usable if``."""
        if card.id not in self.state.hands[seat]:
            return Refusal("R7.3", "not_in_hand", {"card": card.id, "player": seat})
        refused = self.orders_refusal(seat, responding) or \
            self.order_card_refusal(seat, card, responding)
        if refused is not None:
            return refused
        if card.chosen is not None:  # D4.19
            refused = self.amount_refusal(seat, card, responding)
            if refused is not None:
                return refused
        if card.usable is not None and not self.may_use(card, seat, responding):
            return Refusal("R7.3", "not_usable", {"card": card.id})
        return None

    def target_refusal(self, seat: int, card: CardDef, target: int,
                       filtered: bool = True) -> Refusal | None:
        """Why the card of the ship's player may not be declared on ship
        ``target`` now, or None: on the board (R9.2), not kept from the card's
        kind by a status or ability (R9), let through by the card's target
        filter (unless not ``filtered``: a second target has its own, D4.14),
        and for a maneuver the answered item's ship (D4.7) in its visual field
        within its range (R4.2, R4.3)."""
        st = self.state
        if st.ships[target].position is None:
            return Refusal("R9.2", "off_board", {"ship": target})
        kind = CardKind(card.kind)
        if self.mods is not None and target != seat:
            hidden = self.mods.hidden_by(st.ships[target], target, card,
                                         self.sides[seat] != self.sides[target])
            if hidden is not None:  # by its kind, or by a class of cards (rules/card_classes.py)
                spec, holder = hidden
                if holder != target:  # another ship's aura (D9.7)
                    return Refusal("D9.7", "untargetable_aura",
                                   {"target": target, "status": spec.id, "holder": holder})
                words = f"untargetable_{kind}" if kind in spec.untargetable \
                    else "untargetable_class"
                return Refusal("R9", words, {"target": target, "status": spec.id})
        if filtered and card.target.filter is not None and \
                not self.allowed_targets(card, seat, [target], bool(st.stack)):
            return Refusal("R4.2", "filtered", {"target": target, "card": card.id})
        if card.target.kind is SOURCE_TARGET:
            answered = st.stack[-1]
            if target != answered.seat:
                return Refusal("D4.7", "must_target_source", {
                    "card": card.id, "answered": answered.card, "source": answered.seat})
        if kind is not MANEUVER:
            return None
        reach = self.reach(seat, card)
        if target not in self.visible_targets(seat, reach,
                                              self.sight(seat, card.over_islands)):
            return Refusal("R4.3", "not_visible", {"target": target, "ship": seat,
                                                   "range": reach})
        return None

    def movement_refusal(self, mover: int) -> Refusal | None:
        """Why no card may move the ship now: a status forbids it (R9)."""
        return self.forbidden(mover, "movement")
