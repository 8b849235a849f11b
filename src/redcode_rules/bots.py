"""Bots that choose moves: uniform random, and a one-look greedy player.

The greedy bot reads the effect objects of the cards (through the
primitive registry's ``value``), not card names, so it plays any card a
designer writes.
"""

from __future__ import annotations

import random
from typing import Protocol

from .effects import Selector, primitive_of
from .game import Game
from .moves import Move


class Bot(Protocol):
    def choose(self, game: Game) -> str: ...


class RandomBot:
    """Uniform over ``legal_moves()``, with its own seeded RNG."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> str:
        return self.rng.choice(game.legal_moves())


def _distance(a: int, b: int, width: int) -> int:
    return max(abs(a % width - b % width), abs(a // width - b // width))


class GreedyBot:
    """Prefers damage it can deal to enemies in range, repairs when hurt,
    closes in on the nearest enemy, and otherwise ends its turn."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> str:
        scored = [(self.score(game, game.move_of(text)), self.rng.random(), text)
                  for text in game.legal_moves()]
        scored.sort(reverse=True)
        return scored[0][2]

    # ----------------------------------------------------------------- scoring
    def score(self, game: Game, move: Move) -> float:
        st = game.state
        seat = game._engine().pending()[1]
        me = st.ships[seat]
        if move.kind in ("end", "pass"):
            return 0.0
        if move.kind == "discard":
            return -self.card_value(game, move.card, seat)
        if move.kind in ("recover", "choose"):
            return 1.0 if move.source == "withdrawn" else 0.5
        if move.kind == "place":
            return -self.nearest_enemy(game, move.box, me.side) * 0.1
        card = game.rules.card(move.card)
        value = 0.0
        for effect in card.effects:
            prim = primitive_of(effect)
            amount = getattr(effect, "amount", 1)
            for ship_seat in self.affected(game, effect.selector, move, seat):
                ship = st.ships[ship_seat]
                friend = 1 if ship.side == me.side else -1
                if prim.name == "regain":
                    spec = game.rules.ships[ship.type]
                    room = (spec.repairs - ship.repairs) if effect.track == "repair" \
                        else (spec.breakdowns - ship.breakdowns)
                    amount = min(amount, room)
                delta = prim.value * amount * friend
                if prim.value < 0 and friend < 0 and prim.name in ("damage", "breakdown_damage"):
                    dealt = amount * (3 if prim.name == "breakdown_damage" else 1)
                    if ship.repairs + 3 * ship.breakdowns <= dealt:
                        delta += 5.0  # a sinking
                value += delta
            if prim.name == "draw":
                value += prim.value * amount
            if prim.name == "cancel" and st.stack:
                answered = st.stack[-1]
                harm = self.item_harm(game, answered)
                value += harm if st.ships[answered.seat].side != me.side else -harm
        if move.path:
            mover = move.target if move.target is not None and card.mover is Selector.TARGET \
                else seat
            mover_ship = st.ships[mover]
            before = self.nearest_enemy(game, mover_ship.position, mover_ship.side)
            after = self.nearest_enemy(game, move.path[-1], mover_ship.side)
            sign = 1 if mover_ship.side == me.side else -1
            value += sign * 0.3 * (before - after) - 0.05 * len(move.path)
        if card.kind == "maneuver":
            value -= 0.05 * card.cost
        return value

    def affected(self, game: Game, selector: Selector, move: Move, seat: int) -> list[int]:
        st = game.state
        if selector is Selector.SELF:
            return [seat]
        if selector is Selector.TARGET:
            return [move.target] if move.target is not None else []
        if selector is Selector.AREA and move.area is not None:
            card = game.rules.card(move.card)
            boxes = game.board.area(move.area, card.target.width, card.target.height) or ()
            return [s for s, ship in enumerate(st.ships) if ship.position in boxes]
        return []

    def item_harm(self, game: Game, item) -> float:
        card = game.rules.card(item.card)
        return sum(-primitive_of(e).value * getattr(e, "amount", 1) for e in card.effects
                   if e.selector is Selector.TARGET and primitive_of(e).value < 0)

    def card_value(self, game: Game, card_id: str, seat: int) -> float:
        card = game.rules.card(card_id)
        return sum(abs(primitive_of(e).value) * getattr(e, "amount", 1) for e in card.effects)

    def nearest_enemy(self, game: Game, box: int | None, side: str) -> int:
        if box is None:
            return 0
        w = game.board.width
        dists = [_distance(box, s.position, w) for s in game.state.ships
                 if s.side != side and s.position is not None]
        return min(dists) if dists else 0


BOTS = {"random": RandomBot, "greedy": GreedyBot}
