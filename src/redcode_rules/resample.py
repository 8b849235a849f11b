"""A game consistent with what one player knows (docs/rules.md, D7.11).

``resample(game, player, rng)`` keeps everything ``player`` may know
(``observation.py``) and redraws the rest: the cards of other hands it does
not know and the deck below and between the cards it knows on top are
dealt again, at random, from the pool of those very cards (the cards it has
not seen where they are). The pool is sorted before it is shuffled, so the
draw depends on the player's information and ``rng`` only, not on where the
hidden cards really are. What other players know of hands is kept as far as
it can be: what they know of ``player``'s hand stays (it has not changed),
and a record of another hand keeps its size, the cards still there first
(a whole hand seen stays a whole hand seen). The game's RNG is reseeded from
``rng``, so the futures of sampled chance differ between samples; its chance
mode, moves, log and setup are those of the game.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, TypeVar

from .observation import deck_tops
from .rng import MASK, seed_state

if TYPE_CHECKING:
    from .game_core import GameCore
    from .state import GameState

G = TypeVar("G", bound="GameCore")


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
        for card in eng.known_hand(seat, owner):
            unknown.remove(card)
        hands[owner] = unknown
    player = st.ships[seat].id
    tops = deck_tops(game)
    deck = [i for i in range(len(st.deck)) if i >= len(tops) or tops[i] != player]
    return hands, deck


def unseen_pool(game: GameCore, seat: int) -> list[str]:
    """The cards ``seat`` has not seen where they are, sorted: the pool a
    resample deals from (the same for every game ``seat`` cannot tell apart)."""
    hands, deck = hidden_places(game, seat)
    pool = [card for cards in hands.values() for card in cards]
    pool += [game.state.deck[i] for i in deck]
    return sorted(pool)


def redeal(state: GameState, seat: int, hands: dict[int, list[str]], deck: list[int],
           pool: list[str]) -> None:
    """Deal the shuffled ``pool`` into the hidden places, in place: each
    other hand keeps the cards ``seat`` knows and gets as many new ones as it
    had unknown; each unknown deck position gets the next card."""
    it = iter(pool)
    for owner, unknown in hands.items():
        kept = list(state.hands[owner])
        for card in unknown:
            kept.remove(card)
        state.hands[owner] = kept + [next(it) for _ in unknown]
    for i in deck:
        state.deck[i] = next(it)


def refit_known(state: GameState, seat: int) -> None:
    """Other players' knowledge of the redealt hands, refitted: a record of
    ``seat``'s hand stays (unchanged hand); one of another hand keeps its
    size, first the cards it named that are still there, then others of the
    hand (so a whole hand seen stays seen whole)."""
    for record in state.known:
        if record.viewer == seat or record.owner == seat:
            continue
        hand = list(state.hands[record.owner])
        cards = []
        for card in record.cards:
            if card in hand:
                hand.remove(card)
                cards.append(card)
        record.cards = cards + hand[:len(record.cards) - len(cards)]
    state.known[:] = [k for k in state.known if k.cards]


def resample(game: G, player: str, rng: int | random.Random) -> G:
    """A clone of ``game`` with what ``player`` cannot see redrawn (see above)."""
    rand = as_random(rng)
    game.ship_state(player)  # UnknownName for a wrong id
    seat = game.ships.index(player)
    hands, deck = hidden_places(game, seat)
    pool = unseen_pool(game, seat)
    rand.shuffle(pool)
    other = game.clone()
    redeal(other.state, seat, hands, deck, pool)
    refit_known(other.state, seat)
    other.state.rng = seed_state(rand.getrandbits(64)) & MASK
    return other  # a fresh clone: nothing listed yet, the same decision pending
