"""The hand, deck and knowledge operations of the state (docs/dsl.md "Hands,
scoring and new ways to play"): drawing, a card picked at random, a card
leaving a hand (to the discards, another hand or the deck) and what each
player knows of the others' hands.

Each is the one place its change is made: a card leaves a hand only
through ``out_of_hand`` (to the discards through ``to_discards``: a
discard, a played order card), cards are drawn only through ``draw``. Who
knows which card of a hand is kept in the state (``GameState.known``, and
``GameState.shown`` for the cards every player saw come in): a card
leaving a hand leaves every record of that hand, so ``known_hand`` never
names a card that is not there. A random event (a draw, a card
picked at random) is settled by the seeded RNG of the state, or in explicit
chance by ``chance`` (engine/chance.py).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Iterable, Sequence

import attrs

from ..base.kinds import MoveKind
from ..base.rng import below, shuffle
from ..model.state import Known, Shown
from ..rules.effects import Selector
from ..rules.exprs import MAX_FACES
from .chance import ChanceKind, Explicit
from .part import Part

if TYPE_CHECKING:
    from ..model.ruleset import Ruleset
    from ..model.state import GameState
    from ..rules.board import Board
    from .views import LogEntry

ORDER = MoveKind.ORDER  # a stack item of an order card (its kind is the move's)
DECK = Selector.DECK


#: The events after which no card of the deck is where anyone saw it: a new
#: deck (D7.1), a deck shuffled after a take from it (D7.13).
NEW_DECK = frozenset({"reshuffle", "shuffle"})
#: The events that take their ``count`` of cards off the top of the deck:
#: drawn, discarded from the deck (D7.15), put on its bottom.
OFF_TOP = frozenset({"draw", "deck_discard", "deck_bottom"})
#: The events that change who knows a card on top of the deck, and how many
#: are in view there (``top_knowers``, ``DeckInView``).
TOP_EVENTS = NEW_DECK | {"deck_top", "arrange"} | OFF_TOP
#: The events that put a card in view on top of a deck with none in view.
INTO_VIEW = frozenset({"deck_top", "arrange"})


def cut_public_to(state: GameState, seat: int) -> None:
    """What every player saw come into the others' hands (``GameState.shown``)
    cut to what ``seat`` knows there (its first record of each hand, as
    ``known_hand`` reads), sorted: for a player that did not see them all
    come in, being out of the game then (back in it, or resampled for)."""
    first: dict[int, list[str]] = {}
    for record in state.known:
        if record.viewer == seat:
            first.setdefault(record.owner, record.cards)
    for shown in state.shown:
        if shown.owner != seat:
            shown.cards = sorted((Counter(shown.cards)
                                  & Counter(first.get(shown.owner, ()))).elements())
    state.shown[:] = [k for k in state.shown if k.cards]


def top_knowers(log: Iterable[LogEntry],
                before: Sequence[tuple[str, ...]] = ()) -> list[tuple[str, ...]]:
    """Who knows each card on top of the deck, top first, read from the
    public log (D7.9, D7.14): a ``deck_top`` puts one card on top that its
    putter knows, an ``arrange`` makes the top cards known to the player who
    arranged them (and to nobody else: their order is new), a ``draw`` (or a
    discard from the deck, or cards put on its bottom: ``OFF_TOP``) takes
    its count from the top, a new deck or a shuffle (``NEW_DECK``) hides
    them all. Who put or arranged a card is public, the card itself
    only its knowers know. ``before``: the knowers before the first event."""
    tops = list(before)
    for kind, _, data in log:
        if kind not in TOP_EVENTS:  # most events: one look
            continue
        if kind == "deck_top":
            tops.insert(0, (data["player"],))  # type: ignore[arg-type]
        elif kind in OFF_TOP:
            if tops:
                del tops[:data["count"]]  # type: ignore[misc]
        elif kind == "arrange":
            count = data["count"]
            tops[:count] = [(data["player"],)] * count  # type: ignore[list-item]
        elif kind in NEW_DECK:
            tops.clear()
    return tops


@attrs.define
class DeckInView:
    """Who knows each card in view on top of the deck (``top_knowers`` of
    the log), kept with the events read, so that asking again reads only
    the events logged since (``knowers``). A game keeps one and hands it to
    each engine it makes (a new one after a deal, a resample's rerun, an
    undo into the setup); the observation reads the game's too. A lone
    engine has its own.

    The log only grows, or is cut back (undo, each outcome of a chance
    node tried, a redeal) and grown again with new event objects: the
    events read are still the log's while its event at their end is; else
    the reading goes on from the last one kept (``marks``: the index of
    the last event read, that event and the knowers after it) that is
    still the log's. Read back to the last new deck at every draw instead,
    a draw of explicit chance cost a pass over the whole log (18 to 22 µs
    a draw in 1v1 games through OpenSpiel, about 5% of a step)."""

    read: int = 0
    last: LogEntry | None = None
    tops: list[tuple[str, ...]] = attrs.Factory(list)
    marks: list[tuple[int, LogEntry, list[tuple[str, ...]]]] = attrs.Factory(list)

    def knowers(self, log: Sequence[LogEntry]) -> list[tuple[str, ...]]:
        """``top_knowers(log)``: the list kept (read it, never change it)."""
        n = len(log)
        read = self.read
        if read == n and (not n or log[-1] is self.last):
            return self.tops  # no event since: most asks
        if not self.tops and read < n and (not read or log[read - 1] is self.last):
            # events logged since, none in view before (most asks after a
            # move): still none unless one of them put a card there
            for i in range(read, n):
                if log[i][0] in INTO_VIEW:
                    break
            else:
                self.marks.append((n - 1, log[-1], self.tops))
                self.read, self.last = n, log[-1]
                return self.tops
        read, tops = self._resumed(log, n)
        if read < n:
            tops = top_knowers(log[read:], tops)  # a new list: the marks' stay as they are
            self.marks.append((n - 1, log[-1], tops))
        self.read, self.last, self.tops = n, log[-1] if n else None, tops
        return tops

    def _resumed(self, log: Sequence[LogEntry], n: int) -> tuple[int, list[tuple[str, ...]]]:
        """Where to go on reading ``log`` (``n`` events) and the knowers
        there: after the events read while they are still the log's, else
        after the last mark still in it (the marks after it dropped)."""
        read, marks = self.read, self.marks
        if read <= n and (not read or log[read - 1] is self.last):
            return read, self.tops
        while marks and (marks[-1][0] >= n or log[marks[-1][0]] is not marks[-1][1]):
            marks.pop()
        return (marks[-1][0] + 1, marks[-1][2]) if marks else (0, [])


#: The faces of a roll, as the chance player's outcomes name them (``pick 2``).
FACES = [str(face) for face in range(1, MAX_FACES + 1)]


class HandOps(Part):
    """The hand, deck and knowledge operations on one state, the base of
    ``StateOps`` (effects call both as one object). ``chance``: who settles
    a draw or a random pick in explicit chance (None: the RNG)."""

    __slots__ = ("chance", "in_view")

    def __init__(self, rules: Ruleset, board: Board, state: GameState, log: list[LogEntry],
                 seats: Part | None = None):
        super().__init__(rules, board, state, log, seats)
        self.chance: Explicit | None = None
        #: who knows each card in view on top of the deck, kept with the
        #: events read (the game's own, handed to each engine it makes)
        self.in_view = DeckInView()

    def draw(self, seat: int, amount: int) -> None:
        """Draw order cards, reshuffling the discards into an empty deck (D7.1).

        The draw is the player's, whether or not their ship is on the board
        (D8.7; war: a sunk ship's player keeps a hand). An eliminated arena
        player is out of the game (R8.1) and draws nothing.
        """
        st = self.state
        if st.ships[seat].eliminated:
            return
        drawn = 0
        hand = st.hands[seat]
        while drawn < amount:  # D7.6: at most the cards of the deck and the discards
            if not st.deck:
                # D7.1: the discards become the deck, except an order card still
                # resolving (it went to the discards when played, R7.3)
                pile = list(st.discard)
                keep = []
                for item in st.stack:
                    if item.kind == ORDER and item.card in pile:
                        del pile[len(pile) - 1 - pile[::-1].index(item.card)]  # its last copy
                        keep.append(item.card)
                if not pile:
                    break
                st.deck, st.discard = pile, keep
                if self.chance is None:
                    st.rng = shuffle(st.rng, st.deck)
                self.event("reshuffle", cards=len(st.deck))
            if self.chance is not None:  # one card at a time, each asked
                hand.append(self.drawn_by_chance(drawn))
                drawn += 1
                continue
            count = min(amount - drawn, len(st.deck))  # from the top, in one slice
            hand.extend(st.deck[:count])
            del st.deck[:count]
            drawn += count
        if drawn:
            self.event("draw", player=st.ships[seat].id, count=drawn)

    def hand(self, seat: int) -> list[str]:
        """The order cards in a player's hand (the list itself: read, not changed)."""
        return self.state.hands[seat]

    def random_card(self, seat: int) -> str | None:
        """A card of the hand drawn with the game's seeded RNG, or None if empty."""
        hand = self.state.hands[seat]
        return self.at_random(hand) if hand else None

    def at_random(self, cards: list[str]) -> str:
        """One of ``cards`` (not empty), by the game's seeded RNG or, in
        explicit chance, by the chance player (a ``pick``)."""
        return cards[self.drawn(cards)]

    def drawn(self, names: list[str]) -> int:
        """The index in ``names`` of the one a random pick draws, each alike
        likely (copies of one name as one): by the seeded RNG, or in explicit
        chance by the chance player (``pick NAME``; the first alike). A card
        of a hand, a ship of a set (D4.18), a face of a card's roll (D4.18)."""
        if self.chance is not None:
            return names.index(self.chance.pick(ChanceKind.PICK, names))
        self.state.rng, index = below(self.state.rng, len(names))
        return index

    def one_of(self, selector, seats: list[int], draw: bool) -> list[int]:
        """The ships of a set an effect acts on: all of ``seats``, or for a
        random pick (D4.18) one of them drawn if ``draw`` and there are two
        or more (else the whole set: what the bots weigh)."""
        if not (draw and getattr(selector, "random", False) and len(seats) > 1):
            return seats
        return [seats[self.drawn([self.state.ships[s].id for s in seats])]]

    def roll(self, faces: int) -> int:
        """A card's roll (``chance N in M``, D4.18): a face of 1 to ``faces``."""
        return 1 + self.drawn(FACES[:faces])

    def drawn_by_chance(self, drawn: int) -> str:
        """Explicit chance: the card drawn next, ``drawn`` cards into a draw.
        The deck is an unordered pile under the cards put on top in view
        (``put_on_deck``), which are drawn first, and over the cards put on
        its bottom (D7.15), drawn last in their order; from the pile the
        chance player deals it."""
        deck = self.state.deck
        if self.put_on_top(drawn):
            return deck.pop(0)
        end = len(deck) - self.on_bottom(drawn) if self.rules.deck_bottoms else len(deck)
        if not end:  # the pile is gone: the cards on the bottom, in order
            return deck.pop(0)
        card = self.chance.pick(ChanceKind.DRAW, deck[:end])  # type: ignore[union-attr]
        deck.remove(card)
        return card

    def on_bottom(self, drawn: int = 0) -> int:
        """How many cards lie on the bottom of the deck as a card put them
        there (D7.15), under every other card, read from the log back to the
        last new deck or shuffle (``drawn`` cards into a draw not logged yet):
        no draw reaches them before the cards above are gone (read only where
        a card file puts cards there)."""
        below = 0
        for kind, _, data in reversed(self.log):
            if kind == "deck_bottom":
                below += data["count"]  # type: ignore[operator]
            elif kind in NEW_DECK:
                break
        return min(below, len(self.state.deck) - self.put_on_top(drawn))

    def discard_from_deck(self, seat: int, amount: int) -> int:
        """The top ``amount`` cards of the deck (fewer if it holds fewer) go to
        the discards, face up (D7.15): how many. In explicit chance the cards
        not in view are dealt first, as a draw deals them."""
        st = self.state
        cards = self.off_top(amount)
        if cards:
            st.discard.extend(cards)
            self.event("deck_discard", player=st.ships[seat].id, count=len(cards), cards=cards)
        return len(cards)

    def deck_to_bottom(self, seat: int, amount: int) -> int:
        """The top ``amount`` cards of the deck (fewer if it holds fewer) go to
        its bottom, in their order (D7.15): how many. Who knew them on top
        knows them there; the log says how many, not which."""
        st = self.state
        moved = self.off_top(amount)
        if moved:
            st.deck.extend(moved)
            self.event("deck_bottom", player=st.ships[seat].id, count=len(moved))
        return len(moved)

    def off_top(self, amount: int) -> list[str]:
        """The top ``amount`` cards of the deck (fewer if it holds fewer), off
        it, for the caller to put where they go: in explicit chance those not
        in view are dealt first, as a draw deals them (D7.12)."""
        deck = self.state.deck
        count = min(amount, len(deck))
        if self.chance is not None:
            return [self.drawn_by_chance(i) for i in range(count)]
        cards = deck[:count]
        del deck[:count]
        return cards

    def put_on_top(self, drawn: int) -> int:
        """How many cards on top of the deck are there in view and not drawn
        yet (``drawn`` drawn already by the draw in progress, not logged): put
        there (``put_on_deck``) or arranged (D7.14): ``len(top_knowers(...))``,
        kept by ``in_view`` with the events it has read."""
        return max(0, len(self.in_view.knowers(self.log)) - drawn)

    def look_at_top(self, seat: int, amount: int) -> int:
        """``seat`` looks at the top ``amount`` cards of the deck (fewer if
        it holds fewer): how many it sees. In explicit chance the deck is a
        pile under the cards in view (D7.12): the cards are first dealt, as
        a draw deals them, then put back on top, in the order dealt."""
        st = self.state
        count = min(amount, len(st.deck))
        if not count:
            return 0
        if self.chance is not None:  # dealt, then back on top in the order dealt
            st.deck[0:0] = self.off_top(count)
        self.event("arrange", player=st.ships[seat].id, count=count)
        return count

    def place_on_deck(self, place: int, card: str) -> None:
        """The first copy of ``card`` at or below ``place`` goes to ``place``
        from the top (an arrange puts the cards it looked at back, D7.14)."""
        deck = self.state.deck
        deck.insert(place, deck.pop(deck.index(card, place)))

    def forget(self, owner: int, card: str) -> None:
        """A card left ``owner``'s hand: no player knows it is there any more."""
        st = self.state
        for records in (st.known, st.shown):
            if records:
                for record in records:
                    if record.owner == owner and card in record.cards:
                        record.cards.remove(card)
                records[:] = [k for k in records if k.cards]

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

    def show(self, owner: int, card: str) -> None:
        """Every player still in the game saw ``card`` come into ``owner``'s
        hand (and learned it there): one copy more in the hand's public part."""
        for record in self.state.shown:
            if record.owner == owner:
                record.cards.append(card)
                return
        self.state.shown.append(Shown(owner, [card]))

    def rejoin(self, seat: int) -> None:
        """``seat``'s player is back in the game (arena): it saw no card come
        in while it was out, so what every player saw come into a hand is
        now only what it knows there too."""
        cut_public_to(self.state, seat)

    def look(self, viewer: int, owner: int) -> None:
        """``viewer`` sees ``owner``'s whole hand now. Seeing a hand it already
        knows card for card tells it nothing new: no second record, no second
        log line (a card that looks, then chooses from the hand it saw)."""
        st = self.state
        if viewer == owner or self.knows_whole_hand(viewer, owner):
            return
        st.known[:] = [k for k in st.known if not (k.viewer == viewer and k.owner == owner)]
        if st.hands[owner]:
            st.known.append(Known(viewer, owner, list(st.hands[owner])))
        self.event("look", player=st.ships[viewer].id, of=st.ships[owner].id)

    def knows_whole_hand(self, viewer: int, owner: int) -> bool:
        """Whether ``viewer`` knows every card of ``owner``'s (non-empty) hand,
        as it is now."""
        hand = self.state.hands[owner]
        return bool(hand) and sorted(self.known_hand(viewer, owner)) == sorted(hand)

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

    def out_of_hand(self, seat: int, card: str) -> str:
        """``card`` leaves ``seat``'s hand (its first copy), and every record
        of that hand: that copy itself, for the caller to put where it goes
        (so a run can be followed card by card, info/resample.py)."""
        st = self.state
        hand = st.hands[seat]
        card = hand.pop(hand.index(card))
        if st.known or st.shown:
            self.forget(seat, card)
        return card

    def to_discards(self, seat: int, card: str) -> None:
        """A card leaves the hand for the discards, face up (R7.3): discarded,
        or an order card played (logged by the caller)."""
        self.state.discard.append(self.out_of_hand(seat, card))

    def discard_card(self, seat: int, card: str) -> None:
        """A card of the hand is discarded (R7.3, D7.2), face up."""
        self.to_discards(seat, card)
        self.event("discard", player=self.state.ships[seat].id, card=card)

    def take_card(self, taker: int, owner: int, card: str) -> None:
        """A card goes from ``owner``'s hand to ``taker``'s: both players know
        where it is, nobody else does (the log does not name it). A player
        out of the game (arena) keeps no card: what it takes goes to the
        discards, face up, as its hand did (E8.1, D8.8)."""
        st = self.state
        card = self.out_of_hand(owner, card)
        self.event("take", player=st.ships[taker].id, of=st.ships[owner].id)
        self.into_hand(taker, owner, card)

    def into_hand(self, seat: int, source: int, card: str) -> None:
        """``card``, out of ``source``'s hand, comes into ``seat``'s: ``source``'s
        player knows it there; a player out of the game keeps none, it goes to
        the discards, face up (E8.1, D8.8)."""
        st = self.state
        if st.ships[seat].eliminated:
            st.discard.append(card)
            self.event("discard", player=st.ships[seat].id, card=card)
            return
        st.hands[seat].append(card)
        self.learn(source, seat, card)

    def give_card(self, giver: int, receiver: int, card: str) -> None:
        """A card goes from ``giver``'s hand to ``receiver``'s (D7.16): both
        players know where it is, nobody else does (the log does not name
        it). A player out of the game (arena) keeps no card: it goes to the
        discards, face up (D8.8)."""
        st = self.state
        card = self.out_of_hand(giver, card)
        self.event("give", player=st.ships[giver].id, to=st.ships[receiver].id)
        self.into_hand(receiver, giver, card)

    def put_on_deck(self, seat: int, card: str) -> None:
        """A card goes from the hand onto the deck, face down: it is drawn next."""
        st = self.state
        st.deck.insert(0, self.out_of_hand(seat, card))
        self.event("deck_top", player=st.ships[seat].id)

    # ------------------------------------------------ the deck and the discards as zones (D7.13)
    def pile(self, pile: Selector) -> list[str]:
        """The cards of the deck, or of the discards but the order cards still
        resolving (they went there when played, R7.3: their last copies), that
        an effect may take."""
        st = self.state
        if pile is DECK:
            return st.deck
        cards = list(st.discard)
        for item in st.stack:
            if item.kind == ORDER and item.card in cards:
                del cards[len(cards) - 1 - cards[::-1].index(item.card)]
        return cards

    def random_of_pile(self, pile: Selector) -> str:
        """A card of a zone (``pile``, not empty) picked at random."""
        return self.at_random(self.pile(pile))

    def take_from_pile(self, taker: int, pile: Selector, card: str, last: bool = False) -> None:
        """``card`` (its first copy; ``last``: its last, the top of the
        discards) goes from the deck or the discards to ``taker``'s hand.
        From the deck only the taker knows it (the log says
        the zone, not the card), and the deck is shuffled: its order is
        secret again, so nobody knows a card on top any more (D7.9). From the
        discards, face up, every player saw it come in (D7.8). A player out
        of the game (arena) keeps no card: it goes to the discards (D8.8)."""
        st = self.state
        cards = st.deck if pile is DECK else st.discard
        card = cards.pop(len(cards) - 1 - cards[::-1].index(card) if last else cards.index(card))
        self.event("take_from", player=st.ships[taker].id, zone=pile.value)
        if st.ships[taker].eliminated:
            st.discard.append(card)
            self.event("discard", player=st.ships[taker].id, card=card)
        else:
            st.hands[taker].append(card)
            if pile is not DECK:
                for viewer, ship in enumerate(st.ships):
                    if not ship.eliminated:
                        self.learn(viewer, taker, card)
                self.show(taker, card)
        if pile is DECK:
            self.shuffle_deck()

    def shuffle_deck(self) -> None:
        """The deck is shuffled (by the seeded RNG; in explicit chance the deck
        is an unordered pile already, D7.12): no card on it is known any more."""
        st = self.state
        if self.chance is None:
            st.rng = shuffle(st.rng, st.deck)
        self.event("shuffle", cards=len(st.deck))
