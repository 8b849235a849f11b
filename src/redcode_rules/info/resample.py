"""A game consistent with what one player knows (docs/rules.md, D7.11).

``resample(game, player, rng)`` keeps everything ``player`` may know
(``info/observation.py``) and redraws the rest: the cards of other hands it
does not know and the deck below and between the cards it knows on top are
dealt again, at random, from the pool of those very cards (the cards it has not
seen where they are). The pool is sorted before it is shuffled, so the draw
depends on the player's information and ``rng`` only, not on where the hidden
cards really are. What other players know of hands is kept as far as it can be:
what they know of ``player``'s hand stays (it has not changed), and a record of
another hand keeps its size (a whole hand seen stays a whole hand seen): its
cards that every player saw come in and ``player`` knows there stay (the
hand's public part, ``GameState.shown``), the others are drawn again from the
cards of the hand ``player`` does not know, since which they were is hidden
from it too.
The game's RNG is reseeded from ``rng``, so the futures of sampled chance
differ between samples; its chance mode, moves, log and setup are those of the
game.

At a chance node (explicit chance) the game runs the move that asked it
again, from the position before it, once the outcome is played
(engine/chance.py): redealing the position now would not be enough, since that
run would bring the real cards back. So the redeal reaches back to the
position the run starts from: the run is followed card by card (each card
a distinct object, ``Following``), and every card the redeal gives a new
face to has that face in the position before the move too, where it was
then, and in the outcome that drew or picked it, or in the move that chose
it (``choose CARD``: a card of a hand the player did not see go). The
hands the player does not see and the deck's pile are sorted there, so
nothing of their real order is left; the run is then played again from
that position, which gives the resampled game its state, its log and the
event it asks (and the move's outcomes so far in its moves). A redeal that
would leave an event of the move with copies of one card only to pick from
is dealt again: that event would then ask nothing, and the player saw it
asked. At the setup's chance node the cards dealt so far are the outcomes:
they are dealt again from the redealt hands.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Iterable, TypeVar

from ..base.kinds import Decision, MoveKind
from ..base.rng import MASK, seed_state
from ..engine.chance import ChanceKind, Following
from ..engine.notation import outcome, outcome_parts
from ..engine.notation import words as move_words
from ..model.state import GameState
from ..rules.effects import Arrange, Selector
from ..engine.hands import cut_public_to, top_knowers
from .observation import deck_tops

if TYPE_CHECKING:
    from ..engine.chance_runs import ChanceNode
    from ..engine.game_core import GameCore

G = TypeVar("G", bound="GameCore")

#: A place of a card in a state: its pile ("hand", "deck", "discard"), the
#: seat of a hand (-1 for the others) and its index in the pile.
Slot = tuple[str, int, int]


def as_random(rng: int | random.Random) -> random.Random:
    """``rng`` as a ``random.Random``: an int seeds a new one."""
    if isinstance(rng, random.Random):
        return rng
    if isinstance(rng, bool) or not isinstance(rng, int):
        raise TypeError(f"rng must be an int seed or a random.Random, not {type(rng).__name__}")
    return random.Random(rng)


def hidden_places(game: GameCore, seat: int) -> tuple[dict[int, list[str]], list[int]]:
    """What ``seat`` does not see: per other seat, the cards of its hand
    ``seat`` does not know (a multiset, hand order); and the deck positions
    whose card it does not know (all but those it put on top, D7.9)."""
    st = game.state
    eng = game.engine
    hands: dict[int, list[str]] = {}
    for owner, hand in enumerate(st.hands):
        if owner == seat:
            continue
        unknown = list(hand)
        for card in eng.ops.known_hand(seat, owner):
            unknown.remove(card)
        hands[owner] = unknown
    if searching_deck(game, seat):  # it sees every card of the deck as it chooses (D7.13)
        return hands, []
    player = st.ships[seat].id
    tops = deck_tops(game)
    deck = [i for i in range(len(st.deck)) if i >= len(tops) or player not in tops[i]]
    return hands, deck


def searching_deck(game: GameCore, seat: int) -> bool:
    """Whether ``seat`` is choosing a card of the deck now (``take N player
    of deck``, D7.13): its options are the deck's cards, so it sees them."""
    if game.is_chance_node or game.engine.pending() != (Decision.CHOOSE, seat):
        return False
    effect, _ = game.engine.resolver.owed_choice()
    return effect.selector is Selector.DECK


def unseen_pool(game: GameCore, seat: int) -> list[str]:
    """The cards ``seat`` has not seen where they are, sorted: the pool a
    resample deals from (the same for every game ``seat`` cannot tell apart)."""
    hands, deck = hidden_places(game, seat)
    pool = [card for cards in hands.values() for card in cards]
    pool += [game.state.deck[i] for i in deck]
    return sorted(pool)


def deal(pool: list[str], hands: dict[int, list[str]],
         deck: list[int]) -> tuple[dict[int, list[str]], dict[int, str]]:
    """The shuffled ``pool`` dealt to the hidden places: as many cards to
    each other hand as it has unknown, in seat order, then one to each
    unknown deck position."""
    it = iter(pool)
    dealt = {owner: [next(it) for _ in unknown] for owner, unknown in hands.items()}
    return dealt, {i: next(it) for i in deck}


def redeal(state: GameState, hands: dict[int, list[str]],
           dealt: tuple[dict[int, list[str]], dict[int, str]]) -> None:
    """The cards ``dealt`` put in the hidden places, in place: each other
    hand keeps the cards the player knows and gets its new ones, sorted, so
    nothing of its real order is left (as at a chance node); each unknown
    deck position its card."""
    new_hands, new_deck = dealt
    for owner, unknown in hands.items():
        kept = list(state.hands[owner])
        for card in unknown:
            kept.remove(card)
        state.hands[owner] = sorted(kept + new_hands[owner])
    for i, card in new_deck.items():
        state.deck[i] = card


def refit_known(state: GameState, seat: int, rand: random.Random) -> None:
    """Other players' knowledge of the redealt hands, refitted from what
    ``seat`` knows of it: a record of ``seat``'s hand stays (unchanged
    hand); one of another hand keeps its size (so a whole hand seen stays
    seen whole). Its cards that every player saw come in and that ``seat``
    knows there stay (``GameState.shown``, public as the discards are,
    D7.8): that part of the hand is kept as ``seat`` knows it (for a
    player out of the game, which of them it saw before it went is hidden
    too). The others it names are hidden from ``seat`` (a copy ``seat``
    knows there may be another than the one the record names), so they
    are drawn by ``rand`` from the cards of the redealt hand ``seat`` does
    not know, then, for a record larger than those (a whole hand seen),
    from the others: kept from the game resampled, they would carry its
    hidden cards into the sample (a resample of a resample would be
    another game)."""
    records = _first_records(state)
    cut_public_to(state, seat)  # what ``seat`` knows of it (it may have been out)
    public = {shown.owner: Counter(shown.cards) for shown in state.shown}
    for record in state.known:
        if record.viewer == seat or record.owner == seat:
            continue
        seen = Counter(records.get((seat, record.owner), ()))
        hand = Counter(state.hands[record.owner])
        # every player still in the game knows the public part; which cards one
        # out of the game saw before it went is hidden from ``seat``
        kept = Counter() if state.ships[record.viewer].eliminated else \
            public.get(record.owner, Counter())
        hidden = sorted((hand - seen).elements())
        need = max(0, len(record.cards) - kept.total())
        drawn = rand.sample(hidden, min(need, len(hidden)))
        if need > len(hidden):  # more than ``seat`` does not know: the rest it knows
            known = sorted(((hand & seen) - kept).elements())
            drawn += rand.sample(known, min(need - len(hidden), len(known)))
        record.cards = sorted([*kept.elements(), *drawn])
    state.known[:] = [k for k in state.known if k.cards]


def _first_records(state: GameState) -> dict[tuple[int, int], list[str]]:
    """Each player's record of each hand by (viewer, owner): its first, as
    ``known_hand`` reads."""
    records: dict[tuple[int, int], list[str]] = {}
    for record in state.known:
        records.setdefault((record.viewer, record.owner), record.cards)
    return records


def resample(game: G, player: str, rng: int | random.Random) -> G:
    """A clone of ``game`` with what ``player`` cannot see redrawn (see above)."""
    rand = as_random(rng)
    game.ship_state(player)  # UnknownName for a wrong id
    seat = game.ships.index(player)
    hands, deck = hidden_places(game, seat)
    pool = unseen_pool(game, seat)
    node = game.chance_node
    if node is not None and node.before is not None:
        return redeal_run(game, seat, Run(game, node), hands, deck, pool, rand)
    rand.shuffle(pool)
    other = game.clone()
    redeal(other.state, hands, deal(pool, hands, deck))
    if node is not None:  # the setup's: the cards dealt so far are its outcomes
        other.rerun_chance(None, setup_outcomes(node.outcomes, other.state.hands))
        return other
    other.state.rng = seed_state(rand.getrandbits(64)) & MASK
    refit_known(other.state, seat, rand)
    return other  # a fresh clone: nothing listed yet, the same decision pending


# ------------------------------------------------------------ at a chance node

#: The redeals tried at a chance node inside a move before giving up: one is
#: dealt again when an event of the run would have only copies of one card
#: to pick from, which the player, seeing the chance player asked, knows it
#: has not (or when a card dealt changes the run, which would show).
TRIES = 1000


def setup_outcomes(outcomes: Iterable[str], hands: list[list[str]]) -> list[str]:
    """The setup's outcomes so far with its draws those of ``hands``: the
    map cards dealt first, then each hand's cards, in seat order."""
    draws = iter(card for hand in hands for card in hand)
    draw = ChanceKind.DRAW.value
    return [outcome(draw, next(draws)) if outcome_parts(o)[0] == draw else o for o in outcomes]


class _Card(str):
    """A card as a distinct object, equal to its id: the cards of the
    position before a move, followed through its run by identity."""

    __slots__ = ()


class Run:
    """The run of a chance node's move followed card by card.

    ``marked`` is the position before the move with every card of a hand,
    the deck and the discards a distinct ``_Card``; ``slots`` where each
    was then, by its ``id``; ``now`` the game's state as the run left it, in
    those cards; ``picked`` what each outcome picked and ``events`` what
    each event picked from (the event asked now last)."""

    def __init__(self, game: GameCore, node: ChanceNode):
        assert node.before is not None
        self.before = GameState.restore(node.before)
        self.marked = self.before.copy()
        self.slots: dict[int, Slot] = {}
        self.marked.hands = [self._mark(hand, "hand", owner)
                             for owner, hand in enumerate(self.marked.hands)]
        self.marked.deck = self._mark(self.marked.deck, "deck", -1)
        self.marked.discard = self._mark(self.marked.discard, "discard", -1)
        run = game.clone()
        source = Following(node.outcomes)
        run.rerun_chance(self.marked.copy(), node.outcomes, source=source)
        if run.chance_node is None or run.state != game.state:  # pragma: no cover - deterministic
            raise AssertionError("a chance node's run did not come back to it")
        self.now = run.state
        self.picked = source.picked
        self.events = source.events
        self.outcomes = node.outcomes
        self.move = node.move
        #: the card of a hand the move chooses (``choose CARD``, a hand's card
        #: moved by a ``discard``, ``take`` or ``put_on_deck``): the first
        #: alike of the hand the choice is about, the one the engine moves
        self.chosen: str | None = None
        words = move_words(node.move or "")
        if len(words) == 2 and words[0] == MoveKind.CHOOSE.value and self.before.stack:
            top = self.before.stack[-1]
            owner = top.owed_about
            effect = game.engine.queries.card_of(top).effects[top.next_effect]
            if effect.selector is Selector.DECK:  # a card of the deck (D7.13, D7.14)
                start = effect.place(top.pending, len(self.marked.deck))[0] \
                    if isinstance(effect, Arrange) else 0
                self.chosen = next((card for card in self.marked.deck[start:]
                                    if card == words[1]), None)
            elif owner is not None:
                self.chosen = next((card for card in self.marked.hands[owner]
                                    if card == words[1]), None)
        #: the cards put on top of the deck in view before the move, which stay in order
        self.tops = len(top_knowers(game.engine.log[:node.log_length]))  # read, not copied

    def _mark(self, pile: list[str], name: str, owner: int) -> list[str]:
        cards = [_Card(card) for card in pile]
        for i, card in enumerate(cards):
            self.slots[id(card)] = (name, owner, i)
        return cards

    def faces(self, game: GameCore, seat: int,
              dealt: tuple[dict[int, list[str]], dict[int, str]]) -> dict[int, str]:
        """The new face of each card a redeal for ``seat`` changes (``dealt``,
        see ``deal``), by ``id``: the cards of each other hand ``seat`` does
        not know now (one that came from its own hand, or from the discards,
        which every player still in the game saw it leave, counted known
        first; not one drawn after the discards became the deck, D7.1,
        which only its drawer saw), then those of the unknown deck positions."""
        seen: list[str] = []
        if not self.before.ships[seat].eliminated:
            draw = ChanceKind.DRAW.value
            drawn = {id(card) for text, card in zip(self.outcomes, self.picked)
                     if outcome_parts(text)[0] == draw}
            seen = [card for card in self.marked.discard if id(card) not in drawn]
        mine = {id(card) for card in (*self.marked.hands[seat], *seen)}
        new_hands, new_deck = dealt
        face: dict[int, str] = {}
        for owner, cards in new_hands.items():
            hand = self.now.hands[owner]
            unknown = unknown_slots(hand, game.engine.ops.known_hand(seat, owner), mine)
            face.update((id(hand[i]), card) for i, card in zip(unknown, cards))
        face.update((id(self.now.deck[i]), card) for i, card in new_deck.items())
        if any(key not in self.slots for key in face):  # pragma: no cover - all followed
            raise AssertionError("a card of a chance node's run was not followed")
        return face

    def asks_each(self, face: dict[int, str]) -> bool:
        """Whether every event of the run, with the new faces, still picks
        from two different cards (one with copies of one card only asks
        nothing, and the player saw each asked)."""
        return all(len({face.get(id(card), card) for card in cards}) > 1
                   for cards in self.events)

    def redealt(self, seat: int, face: dict[int, str]) -> tuple[GameState, list[str], str | None]:
        """The position before the move, the outcomes so far and the move with
        the new faces (each card's face where it was then, in the outcome
        that picked it and in the move that chose it); the hands ``seat``
        does not see and the deck below the cards put on top sorted (the
        records of other hands are refitted after, ``refit_known``)."""
        before = self.before.copy()
        for key, card in face.items():
            pile, owner, i = self.slots[key]
            (before.hands[owner] if pile == "hand" else getattr(before, pile))[i] = card
        cut_public_to(before, seat)  # the public part as ``seat`` knew it (it may have
        for shown in before.shown:  # been out), then with the copies' new faces
            if shown.owner != seat:
                shown.cards = self._seen(shown.cards, shown.owner, face)
        for record in before.known:  # what ``seat`` knew then, with the new faces
            if record.viewer == seat:
                record.cards = self._seen(record.cards, record.owner, face)
        for owner, hand in enumerate(before.hands):
            if owner != seat:
                hand.sort()
        before.deck[self.tops:] = sorted(before.deck[self.tops:])
        outcomes = [outcome(outcome_parts(text)[0], face[id(card)]) if id(card) in face
                    else text for text, card in zip(self.outcomes, self.picked)]
        move = self.move
        if self.chosen is not None and id(self.chosen) in face:
            move = f"{MoveKind.CHOOSE.value} {face[id(self.chosen)]}"
        return before, outcomes, move

    def _seen(self, cards: list[str], owner: int, face: dict[int, str]) -> list[str]:
        """``cards`` a player knew in the hand of ``owner`` before the move,
        each matched to a copy there (a ``_Card`` of ``marked``) of the card
        it names, and given that copy's new face: first a copy still in the
        hand that the player knows now (no new face: a card it knew and
        knows is the same card), then one that has left the hand, one given
        a new face first (a card it knew there that has since gone out of
        its sight), then the rest. Which copies those are depends on what
        the player knows, not on the order of the hand."""
        still = {id(card) for card in self.now.hands[owner]}

        def rank(card: str) -> int:
            key = id(card)
            if key in still:
                return 3 if key in face else 0
            return 1 if key in face else 2

        left = sorted(self.marked.hands[owner], key=rank)
        seen = []
        for name in cards:
            card = next(c for c in left if c == name)
            left.remove(card)
            seen.append(face.get(id(card), name))
        return seen

    def lands(self, game: GameCore, face: dict[int, str]) -> bool:
        """Whether ``game``, run again from a redealt position, holds the
        cards ``now`` holds with the new faces: each hand and the deck the
        same cards, the discards the same list (else a card dealt changed
        the run, which the player would see)."""
        st = game.state

        def faced(cards: list[str]) -> list[str]:
            return [face.get(id(card), card) for card in cards]

        return Counter(st.deck) == Counter(faced(self.now.deck)) and \
            st.discard == faced(self.now.discard) and \
            all(Counter(hand) == Counter(faced(now))
                for hand, now in zip(st.hands, self.now.hands))


def unknown_slots(hand: list[str], known: list[str], mine: set[int]) -> list[int]:
    """The indexes of ``hand`` whose cards the player does not know: all but
    one per card it knows there, the cards that came from its own hand
    (``mine``: their ``id``) counted known first, then the first alike."""
    left = Counter(known)
    unknown = list(range(len(hand)))
    for first in (True, False):
        for i in list(unknown):
            card = hand[i]
            if left[card] and (not first or id(card) in mine):
                left[card] -= 1
                unknown.remove(i)
    return unknown


def redeal_run(game: G, seat: int, run: Run, hands: dict[int, list[str]], deck: list[int],
               pool: list[str], rand: random.Random) -> G:
    """``game`` at a chance node inside a move, redealt for ``seat``: the
    run played again from the redealt position before the move (see the
    module's docstring), dealt again while an event would ask nothing or
    the run would change (up to ``TRIES`` times)."""
    for _ in range(TRIES):
        rand.shuffle(pool)
        face = run.faces(game, seat, deal(pool, hands, deck))
        if not run.asks_each(face):
            continue
        before, outcomes, move = run.redealt(seat, face)
        before.rng = seed_state(rand.getrandbits(64)) & MASK
        refit_known(before, seat, rand)
        other = game.clone()
        other.rerun_chance(before, outcomes, move)
        if other.is_chance_node and run.lands(other, face):
            return other
    raise RuntimeError(f"no redeal of the unseen cards keeps the chance node asked after "
                       f"{TRIES} tries")
