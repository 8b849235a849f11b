"""The state operations of the hand, deck, knowledge and scoring primitives
(docs/dsl.md "Hands, scoring and new ways to play"), mixed into ``Engine``.

They are the ``Ops`` that ``discard``, ``take``, ``put_on_deck``,
``look_hand``, ``sink``, ``score`` and ``refloat`` call (effects.py). A
player is named by its seat, on the board or not (D8.7). Who knows which
card of a hand is kept in the state (``GameState.known``): a card leaving a
hand leaves every record of that hand, so ``known_hand`` never names a card
that is not there. Nothing here knows any card by name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .kinds import Mode
from .rng import below
from .state import Known

if TYPE_CHECKING:
    from .board import Board
    from .model import Ruleset, ShipDef
    from .state import GameState, StackItem

WAR = Mode.WAR


class CardOps:
    """The hand, deck, knowledge and scoring operations of the engine (a
    mixin of ``Engine``: it reads the engine's ``state``, ``rules``,
    ``board``, ``sides`` and ``_types`` and calls its ``event``, ``sink``
    and ``free_start_boxes``)."""

    __slots__ = ()
    # the engine's (declared here for the reader and type checkers)
    state: GameState
    rules: Ruleset
    board: Board
    sides: list[str]
    _types: list[ShipDef]

    def hand(self, seat: int) -> list[str]:
        """The order cards in a player's hand (the list itself: read, not changed)."""
        return self.state.hands[seat]

    def random_card(self, seat: int) -> str | None:
        """A card of the hand drawn with the game's seeded RNG, or None if empty."""
        st = self.state
        hand = st.hands[seat]
        if not hand:
            return None
        st.rng, index = below(st.rng, len(hand))
        return hand[index]

    def resolving_item(self) -> StackItem:
        """The item whose effect is resolving (the top of the stack)."""
        return self.state.stack[-1]

    def forget(self, owner: int, card: str) -> None:
        """A card left ``owner``'s hand: no player knows it is there any more."""
        known = self.state.known
        for record in known:
            if record.owner == owner and card in record.cards:
                record.cards.remove(card)
        known[:] = [k for k in known if k.cards]

    def learn(self, viewer: int, owner: int, card: str) -> None:
        """``viewer`` saw ``card`` come into ``owner``'s hand: one copy more
        than it knew there (the copy is new to that hand, so it is never one
        of those it knew); a player always knows its own hand."""
        if viewer == owner:
            return
        for record in self.state.known:
            if record.viewer == viewer and record.owner == owner:
                record.cards.append(card)
                return
        self.state.known.append(Known(viewer, owner, [card]))

    def look(self, viewer: int, owner: int) -> None:
        """``viewer`` sees ``owner``'s whole hand now."""
        st = self.state
        if viewer == owner:
            return
        st.known[:] = [k for k in st.known if not (k.viewer == viewer and k.owner == owner)]
        if st.hands[owner]:
            st.known.append(Known(viewer, owner, list(st.hands[owner])))
        self.event("look", player=st.ships[viewer].id, of=st.ships[owner].id)

    def known_hand(self, viewer: int, owner: int) -> list[str]:
        """The cards of ``owner``'s hand that ``viewer`` knows: all of them for
        its own hand, else what a card showed it and is still there."""
        st = self.state
        if viewer == owner:
            return list(st.hands[owner])
        for record in st.known:
            if record.viewer == viewer and record.owner == owner:
                return list(record.cards)
        return []

    def discard_card(self, seat: int, card: str) -> None:
        """A card leaves the hand for the discards, face up (R7.3)."""
        st = self.state
        st.hands[seat].remove(card)
        st.discard.append(card)
        if st.known:
            self.forget(seat, card)
        self.event("discard", player=st.ships[seat].id, card=card)

    def take_card(self, taker: int, owner: int, card: str) -> None:
        """A card goes from ``owner``'s hand to ``taker``'s: both players know
        where it is, nobody else does (the log does not name it). A player
        out of the game (arena) keeps no card: what it takes goes to the
        discards, face up, as its hand did (E8.1, D8.8)."""
        st = self.state
        st.hands[owner].remove(card)
        if st.known:
            self.forget(owner, card)
        self.event("take", player=st.ships[taker].id, of=st.ships[owner].id)
        if st.ships[taker].eliminated:
            st.discard.append(card)
            self.event("discard", player=st.ships[taker].id, card=card)
            return
        st.hands[taker].append(card)
        self.learn(owner, taker, card)

    def put_on_deck(self, seat: int, card: str) -> None:
        """A card goes from the hand onto the deck, face down: it is drawn next."""
        st = self.state
        st.hands[seat].remove(card)
        if st.known:
            self.forget(seat, card)
        st.deck.insert(0, card)
        self.event("deck_top", player=st.ships[seat].id)

    # ------------------------------------------------------------------ scoring, sinking outright
    def side_of(self, seat: int) -> str:
        """The side a seat plays for."""
        return self.sides[seat]

    def score_points(self, side: str, points: int) -> None:
        """War: ``side`` scores ``points`` victory points, never past the winning
        point (R8.3); the end is checked after the effect (D8.6). Arena has no
        points: nothing happens."""
        st = self.state
        if st.mode != WAR:
            return
        goal = self.rules.options.victory_points
        gained = min(points, goal - st.score[side])
        if gained > 0:
            st.score[side] += gained
            self.event("score", side=side, points=st.score[side])

    def sink_outright(self, seat: int, actor: int) -> None:
        """The ship sinks whatever its tracks (R3.2 at once): scoring, cards and
        the end of the game are those of any sinking (R8, D8.6)."""
        ship = self.state.ships[seat]
        ship.repairs = ship.breakdowns = 0
        self.sink(seat, actor)

    def refloat_options(self, seat: int) -> list[str]:
        """``ship box`` for each sunk ship of ``seat``'s side and each free box of
        its start card (R2.4, D8.4)."""
        st = self.state
        side = st.ships[seat].side
        return [f"{ship.id} {self.board.name(box)}"
                for s, ship in enumerate(st.ships) if ship.side == side and ship.sunk
                for box in self.free_start_boxes(s)]

    def refloat(self, option: str) -> None:
        """A sunk ship comes back now, fully restored on the chosen free box of
        its start card, as at a respawn (D8.4); in arena its player is back in
        the game, with an empty hand (R8.1)."""
        st = self.state
        ship_id, box_name = option.split(" ")
        seat = next(s for s, ship in enumerate(st.ships) if ship.id == ship_id)
        ship = st.ships[seat]
        spec = self._types[seat]
        ship.repairs, ship.breakdowns = spec.repairs, spec.breakdowns
        ship.reserve, ship.withdrawn = spec.crew, 0
        ship.crew_on = [0] * len(spec.maneuvers)
        ship.sunk = ship.eliminated = False
        ship.statuses = ()
        ship.position = self.board.lookup[box_name]
        self.event("refloat", ship=ship.id, box=box_name)
