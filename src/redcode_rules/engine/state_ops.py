"""The state operations effect primitives call (the ``Ops`` of rules/effects.py):
damage, regain, crew loss and recovery, moving, drawing and discarding,
cancelling, the hand, deck, knowledge and scoring operations
(docs/dsl.md "Hands, scoring and new ways to play"), sinking outright and
refloating.

Each is the one place its change to the state is made: a card leaves a
hand only through ``out_of_hand`` (to the discards through ``to_discards``:
a discard, a played order card), cards are drawn only through ``draw``. A change of nothing (a
damage, regain or crew loss of 0) logs nothing and fires nothing. A player
is named by its seat, on the board or not (D8.7). Who knows which card of a
hand is kept in the state (``GameState.known``): a card leaving a hand
leaves every record of that hand, so ``known_hand`` never names a card that
is not there. Nothing here knows any card by name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Protocol

from ..base.kinds import Mode, MoveKind, Pile
from ..base.rng import below, shuffle
from ..model.modifiers import ON_MOVE, adjusted
from ..model.ruleset import Modifier, among
from ..model.state import Known
from ..rules.effects import Selector
from ..rules.triggers import TriggerEvent
from .chance import ChanceKind, Explicit
from .part import Part

if TYPE_CHECKING:
    from ..model.modifiers import Modifiers
    from ..model.ruleset import CardDef, Ruleset
    from ..model.state import Event, GameState, StackItem
    from ..rules.board import Board
    from .queries import RuleQueries

WAR = Mode.WAR
ORDER = MoveKind.ORDER  # a stack item of an order card (its kind is the move's)
ENTERS, DAMAGED = TriggerEvent.ENTERS, TriggerEvent.DAMAGED


def damaged(repairs: int, breakdowns: int, full: int, amount: int) -> tuple[int, int]:
    """(repairs, breakdowns) after ``amount`` > 0 repair damage (R3.1): each
    point takes a repair, and a track emptied with a breakdown left turns
    that breakdown into ``full`` repairs at once. Counted, not looped, so its
    cost never depends on the amount: the ship holds ``repairs + breakdowns
    × full`` points, and what is left of them is written back the same way
    (at 0 the ship is at 0/0 and sinks, R3.2; damage past that is lost)."""
    left = repairs + breakdowns * full - amount
    if left <= 0:
        return 0, 0
    breakdowns = (left - 1) // full
    return left - breakdowns * full, breakdowns


class Above(Protocol):
    """What the state operations ask of the pieces above them (the engine's
    trigger runs and turns), reached through the engine."""

    def fire(self, event: TriggerEvent, subject: int, actor: int = -1,
             box: int = -1) -> None: ...
    def sink(self, seat: int, actor: int) -> None: ...


class StateOps(Part):
    """The state operations on one state. What they need of the rule
    queries below (the card of an item, the free start boxes, what a
    selector's expression is read against) is handed to them; what they
    need above them (firing a trigger, sinking a ship) they ask ``above``,
    a weak reference to the engine (set as it is put together), so that
    the pieces hold no cycle of references and a finished game is freed at
    once, not by the garbage collector."""

    __slots__ = ("mods", "_watch", "reader", "card_of", "free_start_boxes", "above", "chance")

    def __init__(self, rules: Ruleset, board: Board, state: GameState, log: list[Event],
                 queries: RuleQueries, seats: Part | None = None):
        super().__init__(rules, board, state, log, seats)
        self.mods: Modifiers | None = queries.mods
        self._watch = rules.trigger_index.any
        self.reader = queries
        self.card_of: Callable[[StackItem], CardDef] = queries.card_of
        self.free_start_boxes: Callable[[int], list[int]] = queries.free_start_boxes
        self.above: Above
        # explicit chance: who settles a draw or a random pick (None: the RNG)
        self.chance: Explicit | None = None

    def select(self, selector: Selector, item: StackItem) -> list[int]:
        """The ships an effect acts on, on the board (R9.2)."""
        ships = self.state.ships
        if selector is Selector.SELF:
            seats = [item.seat]
        elif selector is Selector.TARGET:
            seats = [item.target] if item.target is not None else []
        elif selector is Selector.SOURCE:
            if item.answers is not None:
                seats = [self.state.stack[item.answers].seat]
            else:  # a triggered item's: the ship that caused its event, if any
                actor = getattr(item, "actor", -1)
                seats = [actor] if actor >= 0 else []
        elif selector is Selector.AREA:
            card = self.card_of(item)
            boxes = self.board.area(item.area, card.target.width, card.target.height) or ()
            seats = [s for s, ship in enumerate(ships) if ship.position in boxes]
        elif selector is Selector.ANSWERED or selector is Selector.TARGET_BOX:
            seats = []  # not a ship
        else:  # a set of ships or players (exprs.Ships, exprs.Players)
            return selector.seats(self.reader, item)
        # a ship off the board cannot be affected (R9.2)
        return [s for s in seats if ships[s].position is not None]

    def damage(self, seat: int, amount: int, actor: int) -> None:
        """Repair damage with the breakdown conversion (R3.1); sinks at 0/0 (R3.2).
        A status may send it to another ship or change it (``taken``). A
        damage of 0 (or changed to 0) is none: nothing logged, nothing fired."""
        if self.mods is not None:
            seat, amount = self.taken(seat, amount)
        if amount <= 0:
            return
        ship = self.state.ships[seat]
        ship.repairs, ship.breakdowns = damaged(
            ship.repairs, ship.breakdowns, self._types[seat].repairs, amount)
        self.event("damage", ship=ship.id, amount=amount, repairs=ship.repairs,
                   breakdowns=ship.breakdowns)
        if self._watch:
            self.above.fire(DAMAGED, seat, actor)
        if ship.repairs == 0 and ship.breakdowns == 0:
            self.above.sink(seat, actor)

    def taken(self, seat: int, amount: int) -> tuple[int, int]:
        """The ship that takes a damage and how much: a status of the ship
        hit may send it to its giver's ship (once: not sent on again), then
        the statuses and abilities of the ship that takes it change it
        (at least 0, D9.5), then a status that prevents damage ignores what
        it can. Each status that did so loses a use (a prevented point each)."""
        mods = self.mods
        ships = self.state.ships
        sent = mods.redirected(ships[seat], seat)
        if sent is not None and ships[sent[1]].position is not None:
            spec, giver = sent
            self.event("redirect", ship=ships[seat].id, to=ships[giver].id, status=spec.id)
            mods.use(ships[seat], status=spec.id)
            seat = giver
        ship = ships[seat]
        change = mods.total(ship, seat, Modifier.DAMAGE)
        bounds = mods.bounds(ship, seat, Modifier.DAMAGE)
        if change or bounds:
            mods.use(ship, (Modifier.DAMAGE,))
            amount = max(0, adjusted(amount, change, bounds))
        if amount and ship.statuses:
            prevented, status = mods.prevented(ship, seat, amount)
            if prevented:
                self.event("prevent", ship=ship.id, status=status, amount=prevented)
                mods.use(ship, status=status, n=prevented)
                amount -= prevented
        return seat, amount

    def regain(self, seat: int, track: str, amount: int) -> None:
        """Regain up to the track size; never converts (R3.4). Nothing
        regained (a full track, an amount of 0) logs nothing."""
        ship = self.state.ships[seat]
        spec = self._types[seat]
        if track == "repair":
            gained = min(amount, spec.repairs - ship.repairs)
            ship.repairs += gained
        else:
            gained = min(amount, spec.breakdowns - ship.breakdowns)
            ship.breakdowns += gained
        if gained > 0:
            self.event("regain", ship=ship.id, track=track, amount=gained)

    def crew_loss(self, seat: int, amount: int) -> None:
        """Reserve crew are withdrawn; only the reserve can be lost (R3.5, D3.5).
        Nothing lost (an empty reserve, an amount of 0) logs nothing."""
        ship = self.state.ships[seat]
        lost = min(amount, ship.reserve)
        if lost <= 0:
            return
        ship.reserve -= lost
        ship.withdrawn += lost
        self.event("crew_loss", ship=ship.id, amount=lost)

    def recover_one(self, seat: int, source: str) -> None:
        """One crew back to the reserve from a maneuver or the withdrawn pile (R6.1)."""
        ship = self.state.ships[seat]
        if source == Pile.WITHDRAWN:
            ship.withdrawn -= 1
        else:
            ship.crew_on[self._types[seat].maneuvers.index(source)] -= 1
        ship.reserve += 1
        self.event("recover", ship=ship.id, source=source)

    def move(self, seat: int, path: tuple[int, ...]) -> None:
        """Move a ship along ``path``; nothing if a status forbids moving it,
        nor if the path, declared with the card, is no longer open (D4.10)."""
        if not path:
            return
        ship = self.state.ships[seat]
        if ship.statuses and among(ship.statuses, self.rules.status_rules.movement):
            return
        if not self.path_open(seat, path):
            return
        if self.mods is not None and ship.statuses:
            self.mods.use(ship, ON_MOVE)
        ship.position = path[-1]
        self.event("move", ship=ship.id, path=[self.board.name(b) for b in path])
        if self._watch:
            self.above.fire(ENTERS, seat, box=path[-1])

    def jump(self, seat: int, box: int) -> None:
        """D4.11: the ship goes straight to ``box``, if it is on the board, no
        status forbids moving it and the box is still free (checked again as
        D4.10 checks a path; else the jump is lost). Running water there does
        not carry it on: it entered no box on the way."""
        ship = self.state.ships[seat]
        if ship.position is None or self.board.is_island(box):
            return
        if ship.statuses and among(ship.statuses, self.rules.status_rules.movement):
            return
        if any(other.position == box for other in self.state.ships):
            return
        ship.position = box
        self.event("move", ship=ship.id, path=[self.board.name(box)])
        if self._watch:
            self.above.fire(ENTERS, seat, box=box)

    def swap(self, seat: int, other: int) -> None:
        """Two ships on the board exchange boxes (D4.12): not a move, so no
        step is taken, running water carries neither, no token's ``enters``
        trigger fires and no movement modifier is used; nothing if they are
        one ship, or if a status forbids moving either."""
        ships = self.state.ships
        a, b = ships[seat], ships[other]
        if seat == other or a.position is None or b.position is None:
            return
        forbidden = self.rules.status_rules.movement
        if any(s.statuses and among(s.statuses, forbidden) for s in (a, b)):
            return
        a.position, b.position = b.position, a.position
        self.event("swap", ship=a.id, other=b.id)

    def path_open(self, seat: int, path: tuple[int, ...]) -> bool:
        """D4.10: whether a path declared with a card can still be followed
        as it resolves, by the rules that listed it (``Board.outcome_of``):
        it starts next to the box the ship is on now, each of its boxes is
        next to the one before and holds no ship (R2.4), and it ends on
        running water only where no box is left to be carried to (R2.5). Its
        length was checked when it was declared: a status that lengthened it
        may have ended since."""
        at = self.state.ships[seat].position
        if at is None:
            return False
        occupied = 0
        for ship in self.state.ships:
            if ship.position is not None:
                occupied |= 1 << ship.position
        return self.board.outcome_of(at, len(path), occupied, path) is not None

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

    def cancel(self, item: StackItem) -> None:
        """The item ``item`` answers is cancelled: it resolves to nothing (D4.7)."""
        if item.answers is not None:
            self.state.stack[item.answers].cancelled = True
            answered = self.state.stack[item.answers]
            self.event("cancel", player=self.state.ships[item.seat].id, card=answered.card,
                       of=self.state.ships[answered.seat].id)

    def hand(self, seat: int) -> list[str]:
        """The order cards in a player's hand (the list itself: read, not changed)."""
        return self.state.hands[seat]

    def random_card(self, seat: int) -> str | None:
        """A card of the hand drawn with the game's seeded RNG, or None if empty."""
        st = self.state
        hand = st.hands[seat]
        if not hand:
            return None
        if self.chance is not None:
            return self.chance.pick(ChanceKind.PICK, hand)
        st.rng, index = below(st.rng, len(hand))
        return hand[index]

    def drawn_by_chance(self, drawn: int) -> str:
        """Explicit chance: the card drawn next, ``drawn`` cards into a draw.
        The deck is an unordered pile under the cards put on top in view
        (``put_on_deck``), which are drawn first; from the pile the chance
        player deals it."""
        deck = self.state.deck
        if self.put_on_top(drawn):
            return deck.pop(0)
        card = self.chance.pick(ChanceKind.DRAW, deck)  # type: ignore[union-attr]
        deck.remove(card)
        return card

    def put_on_top(self, drawn: int) -> int:
        """How many cards on the deck were put there in view and are not drawn
        yet (``drawn`` drawn already by the draw in progress, not logged): read
        from the log back to the last reshuffle, newest on top."""
        owed, known = drawn, 0
        for event in reversed(self.log):
            kind = event.kind
            if kind == "reshuffle":
                break
            if kind == "draw":
                owed += event.data["count"]  # type: ignore[operator]
            elif kind == "deck_top":
                if owed:
                    owed -= 1
                else:
                    known += 1
        return known

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
        if st.known:
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
        if st.ships[taker].eliminated:
            st.discard.append(card)
            self.event("discard", player=st.ships[taker].id, card=card)
            return
        st.hands[taker].append(card)
        self.learn(owner, taker, card)

    def put_on_deck(self, seat: int, card: str) -> None:
        """A card goes from the hand onto the deck, face down: it is drawn next."""
        st = self.state
        st.deck.insert(0, self.out_of_hand(seat, card))
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
        self.above.sink(seat, actor)

    def refloat_options(self, seat: int, where: str = "start") -> list[str]:
        """``ship box`` for each sunk ship of ``seat``'s side and each free box of
        its start card (R2.4, D8.4), or of the board (``anywhere``: every free
        box of open or running water)."""
        st = self.state
        side = st.ships[seat].side
        sunk = [s for s, ship in enumerate(st.ships) if ship.side == side and ship.sunk]
        if where == "anywhere" and sunk:
            taken = {ship.position for ship in st.ships}
            free = [b for b in range(self.board.size) if b not in taken
                    and not self.board.is_island(b)]
            return [f"{st.ships[s].id} {self.board.name(box)}" for s in sunk for box in free]
        return [f"{st.ships[s].id} {self.board.name(box)}"
                for s in sunk for box in self.free_start_boxes(s)]

    def refloat(self, option: str, repairs: int | None = None,
                crew: int | None = None) -> None:
        """A sunk ship comes back now on the chosen free box, as at a respawn
        (D8.4): fully restored, or with ``repairs`` (at most its track) and
        ``crew`` in reserve (at most its crew; the rest withdrawn, R3.5); in
        arena its player is back in the game, with an empty hand (R8.1)."""
        st = self.state
        ship_id, box_name = option.split(" ")
        seat = next(s for s, ship in enumerate(st.ships) if ship.id == ship_id)
        ship = st.ships[seat]
        spec = self._types[seat]
        ship.repairs, ship.breakdowns = spec.repairs, spec.breakdowns
        if repairs is not None:
            ship.repairs = min(repairs, spec.repairs)
        ship.reserve, ship.withdrawn = spec.crew, 0
        if crew is not None:
            ship.reserve = min(crew, spec.crew)
            ship.withdrawn = spec.crew - ship.reserve
        ship.crew_on = [0] * len(spec.maneuvers)
        ship.sunk = ship.eliminated = False
        ship.statuses = ()
        ship.position = self.board.lookup[box_name]
        self.event("refloat", ship=ship.id, box=box_name)
