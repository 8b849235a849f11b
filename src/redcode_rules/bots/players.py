"""Bots that choose moves: uniform random, a one-look greedy player, and a
lookahead player that weighs every card by what it does over the next turns.

A bot decides from what its player may know (``game.observation``,
docs/rules.md D7.7–D7.9) and the legal moves only, so it plays fair: the
greedy bot reads the ships, the stack and the cards played from the
observation, and asks the rules two questions whose answers depend on the
public position only (what a listed move means, ``move_of``; which ships an
effect of it would act on, the rules' own selection of ships by box, side
and status). It never reads a hand, the deck or the game's RNG.

The greedy bot reads the effect objects of the cards through the
primitive registry (``value`` per unit, which parameter is the amount, and
the facts that change the value: damage that can sink, a track that caps a
regain, a draw for the card's player, a cancel), never card or primitive
names, so it plays any card a designer writes. What a value per unit
cannot see, it misses: a status that protects, a token, a score, a card
whose worth comes later. The lookahead bot sees those through the game
itself: it plays each kind of move in a game its player cannot tell from the
real one, lets the greedy bot play on past the enemies' next turn, and
scores where that leaves its side with the search's leaf value
(``mcts.side_value``); it is the balance lab's default (docs/bots.md).
"""

from __future__ import annotations

import random
from typing import Protocol

import attrs

from ..base.kinds import CardKind, Decision, MoveKind, Pile
from ..engine.notation import Move
from ..game import Game
from ..info.observation import Observation
from ..model.state import StackItem
from ..rules.effects import ANSWERS, PILES, PRIMITIVES, ModeChoice, Selector, primitive_of
from ..rules.exprs import Scope, Ships
from .mcts import ISMCTS, play_chance, side_value


class Bot(Protocol):
    """Anything that picks a legal move for the player to move."""

    def choose(self, game: Game) -> str: ...


def box_of(game: Game, name: str | None) -> int | None:
    """A box's index on the game's board (its name as an observation gives it)."""
    return None if name is None else game.board.lookup[name]


class RandomBot:
    """Uniform over ``legal_moves()``, with its own seeded RNG."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> str:
        return self.rng.choice(game.legal_moves())


def _distance(a: int, b: int, width: int) -> int:
    return max(abs(a % width - b % width), abs(a // width - b // width))


@attrs.frozen
class Reason:
    """One term of the greedy bot's score of a move, for a player to read (``hint``).

    ``key`` names what the term counts (damage, sink, regain, draw, cancel,
    closer, farther, cost, recover, recover_withdrawn, place, place_no_enemy,
    discard, end); ``value`` is its share of the score, so the reasons of a
    move add up to its score. ``ship``, ``card`` and ``amount`` fill in the
    sentence.
    """

    key: str
    value: float
    ship: str | None = None
    card: str | None = None
    amount: int | None = None


@attrs.frozen
class Hint:
    """A move the greedy bot would play, its score and the reasons behind it."""

    move: str
    score: float
    reasons: tuple[Reason, ...]


class GreedyBot:
    """Prefers damage it can deal to enemies in range, repairs when hurt,
    closes in on the nearest enemy, and otherwise ends its turn.

    ``why(game)`` gives the chosen move with the terms of its score, so a
    player asking for a hint learns what the bot counted."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> str:
        obs = game.observation(game.to_move)
        scored = [(self.score(game, game.move_of(text), obs), self.rng.random(), text)
                  for text in game.legal_moves()]
        scored.sort(reverse=True)
        return scored[0][2]

    def why(self, game: Game) -> Hint:
        """The move ``choose`` would play now, with the reasons for it.

        Uses a copy of the bot's RNG (ties are broken as ``choose`` would)
        and leaves the bot's own RNG where it was.
        """
        twin = GreedyBot()
        twin.rng.setstate(self.rng.getstate())
        move = twin.choose(game)
        reasons = tuple(self.reasons(game, game.move_of(move)))
        return Hint(move, self.score(game, game.move_of(move)), reasons)

    # ----------------------------------------------------------------- scoring
    def score(self, game: Game, move: Move, obs: Observation | None = None) -> float:
        """The move's value to the player deciding: the sum of its reasons."""
        value = 0.0
        for reason in self.reasons(game, move, obs):
            value += reason.value
        return value

    def reasons(self, game: Game, move: Move, obs: Observation | None = None) -> list[Reason]:
        """The terms of a move's score, in the order they are added, read
        from the observation of the player to move (``obs``, made if None)."""
        if obs is None:
            obs = game.observation(game.to_move)
        ships = obs.ships
        seat = game.ships.index(obs.to_move)
        me = ships[seat]
        if move.kind in (MoveKind.END, MoveKind.PASS):
            return [Reason("end", 0.0)]
        if move.kind == MoveKind.DISCARD:
            return [Reason("discard", -self.card_value(game, move.card, seat), card=move.card)]
        if move.kind == MoveKind.CHOOSE and game.state.stack and (
                move.source in ANSWERS or type(game.engine.resolver.owed_choice()[0])
                is ModeChoice):  # a may (D4.16), a mode chosen by another (D4.17)
            return self.answer_reasons(game, move.source, me.side, obs)
        if move.kind in (MoveKind.RECOVER, MoveKind.CHOOSE):
            if move.source == Pile.WITHDRAWN:
                return [Reason("recover_withdrawn", 1.0)]
            return [Reason("recover", 0.5, card=move.source)]
        if move.kind == MoveKind.PLACE:
            if not any(s.side != me.side and s.position is not None for s in ships):
                return [Reason("place_no_enemy", 0.0)]  # no distance to say yet
            near = self.nearest_enemy(game, move.box, me.side, obs)
            return [Reason("place", -near * 0.1, amount=near)]
        # the mode's effects (D4.15), with the amount chosen (D4.19)
        card = game.rules.card(move.card).played(move.mode, move.chosen)
        if card.modes_by is not None and move.mode is None:  # another chooses it (D4.17):
            offered = [m for m in card.modes  # the worst for this side of those offered
                       if game.engine.queries.may_use(m, seat, bool(obs.stack))]
            return min((self.reasons(game, move._replace(mode=m.mode), obs) for m in offered),
                       key=lambda rs: sum(r.value for r in rs), default=[])
        out: list[Reason] = []
        for effect in card.effects:
            prim = primitive_of(effect)
            amount = prim.units(effect) if move.chosen is None \
                else self.chosen_units(game, prim, effect, move, seat)
            if effect.selector in PILES:  # the deck or the discards: no ship (D7.13, D7.14)
                if prim.to_player:  # cards to the card's player: worth as many drawn
                    out.append(Reason(prim.name, PRIMITIVES["draw"].value * amount,
                                      amount=amount))
                continue
            seats = self.affected(game, effect.selector, move, seat, obs)
            # a random pick (D4.18) acts on one of its ships: each by its chance
            share = 1 / len(seats) if seats and isinstance(effect.selector, Ships) \
                and effect.selector.random else 1.0
            for ship_seat in seats:
                ship = ships[ship_seat]
                friend = 1 if ship.side == me.side else -1
                if prim.capped_by is not None:  # no more than the track has room for (D9.15)
                    room = (ship.repairs_track - ship.repairs) \
                        if getattr(effect, prim.capped_by) == "repair" \
                        else (ship.breakdowns_track - ship.breakdowns)
                    amount = min(amount, room)
                delta = prim.value * amount * friend
                key = prim.name
                if prim.value < 0 and friend < 0 and prim.damage:
                    dealt = amount * prim.damage
                    if ship.repairs + ship.repairs_track * ship.breakdowns <= dealt:  # R3.1
                        delta += 5.0  # a sinking
                        key = "sink"
                delta *= share
                if delta:
                    out.append(Reason(key, delta, ship=ship.id, amount=amount))
            if prim.to_player:
                out.append(Reason(prim.name, prim.value * amount, amount=amount))
            if prim.cancels and obs.stack:
                answered = obs.stack[-1]
                harm = self.item_harm(game, answered)
                out.append(Reason(prim.name, harm if obs.ship(answered.player).side != me.side
                                  else -harm, card=answered.card, ship=answered.player))
        if move.path:
            mover = move.target if move.target is not None and card.mover is Selector.TARGET \
                else seat
            mover_ship = ships[mover]
            before = self.nearest_enemy(game, box_of(game, mover_ship.position),
                                        mover_ship.side, obs)
            after = self.nearest_enemy(game, move.path[-1], mover_ship.side, obs)
            sign = 1 if mover_ship.side == me.side else -1
            value = sign * 0.3 * (before - after) - 0.05 * len(move.path)
            out.append(Reason("closer" if value > 0 else "farther", value, ship=mover_ship.id,
                              amount=after))
        if card.kind == CardKind.MANEUVER:  # R4.1: its crew
            out.append(Reason("cost", -0.05 * card.cost, card=card.id, amount=card.cost))
        return out

    def answer_reasons(self, game: Game, answer: str, side: str,
                       obs: Observation) -> list[Reason]:
        """A ``may``'s answer (D4.16) scored by the block it resolves, ``yes``
        its block, ``no`` its else, or a mode chosen by another player (D4.17)
        by its effects: each effect's worth to each ship it acts on, for the
        side answering (the stack item's ships are public)."""
        item = game.state.stack[-1]
        effects = game.engine.queries.card_of(item).effects
        may = effects[item.next_effect]
        if type(may) is ModeChoice:  # the mode's effects (D4.17)
            effects = game.engine.queries.card_of(item).in_mode(answer).effects
            start, count = 0, len(effects)
        else:
            start, count = (item.next_effect + 1, may.yes) if answer == ANSWERS[0] \
                else (may.after_no(item.next_effect), may.no)
        out: list[Reason] = []
        for effect in effects[start:start + count]:
            prim = primitive_of(effect)
            amount = prim.units(effect)
            for seat in game.engine.ops.select(effect.selector, item, draw=False):
                ship = obs.ships[seat]
                delta = prim.value * amount * (1 if ship.side == side else -1)
                if delta:
                    out.append(Reason(prim.name, delta, ship=ship.id, amount=amount))
            if prim.cancels and item.answers is not None:
                answered = game.state.stack[item.answers]
                harm = self.item_harm(game, answered)
                mine = obs.ships[answered.seat].side == side
                out.append(Reason(prim.name, -harm if mine else harm, card=answered.card,
                                  ship=obs.ships[answered.seat].id))
        return out or [Reason("end", 0.0)]

    def affected(self, game: Game, selector: Selector, move: Move, seat: int,
                 obs: Observation) -> list[int]:
        """The ships an effect of the move's card would act on now: the
        rules' own selection (``StateOps.select``) of the item the move
        would declare, which reads the ships' boxes, sides and statuses
        (public, D7.7) and no card; a random pick's every ship, none drawn."""
        kind = CardKind.ORDER if move.kind == MoveKind.ORDER else CardKind.MANEUVER
        # a card played on a stack answers it
        answers = len(obs.stack) - 1 if obs.stack else None
        item = StackItem(move.card, kind, seat, move.target, move.area, move.path, answers,
                         targets=list(move.targets), mode=move.mode, chosen=move.chosen)
        return game.engine.ops.select(selector, item, draw=False)

    def chosen_units(self, game: Game, prim, effect, move: Move, seat: int) -> int:
        """The units an effect of a card played with an amount gives (D4.19):
        its computed amount counted with that amount, as the card would
        resolve it now (at least 1), so each amount is valued for itself."""
        n = getattr(effect, prim.amount) if prim.amount is not None else 1
        if isinstance(n, int):
            return n
        scope = Scope(seat, move.target, chosen=move.chosen or 0)
        return max(1, n.value(game.engine.queries, scope))

    def item_harm(self, game: Game, item) -> float:
        card = game.rules.card(item.card).played(getattr(item, "mode", None),
                                                 getattr(item, "chosen", None))
        return sum(-primitive_of(e).value * primitive_of(e).units(e) for e in card.effects
                   if e.selector in (Selector.TARGET, Selector.TARGETS)
                   and primitive_of(e).value < 0)

    def card_value(self, game: Game, card_id: str, seat: int) -> float:
        """What a card in hand is worth: what its effects do, its best mode's
        for a card with modes (D4.15)."""
        return max(sum(abs(primitive_of(e).value) * primitive_of(e).units(e) for e in way.effects)
                   for way in game.rules.card(card_id).ways)

    def nearest_enemy(self, game: Game, box: int | None, side: str,
                      obs: Observation | None = None) -> int:
        """The distance from ``box`` to the nearest enemy of ``side`` on the board."""
        if box is None:
            return 0
        if obs is None:
            obs = game.observation(game.to_move)
        w = game.board.width
        dists = [_distance(box, box_of(game, s.position), w) for s in obs.ships
                 if s.side != side and s.position is not None]
        return min(dists) if dists else 0


class LookaheadBot:
    """A rollout over the greedy bot: each kind of move is tried in a game
    the player cannot tell from the real one, and followed by the greedy
    bot's play for every seat until its side's next turn, after the
    enemies', has ended; the move that leaves its side best off by the
    search's leaf value (``mcts.side_value``: points, tracks, crew, cards in
    hand) is played. So a card is worth what it does to the game, whatever
    its effects: a status is worth the damage it spares or the moves it
    takes away, a draw the cards it brings, a token what it later does.

    The moves of a decision where a card may be played (``LOOKS``) are
    grouped by what they play: the card, its target, its area (of the moves
    along paths, the greedy bot's best). The greedy bot's best group and up
    to ``width - 1`` others drawn at random are tried, all in one resample
    (``game.resample``, D7.11) and with the same seed, so they differ by the
    move alone. Other decisions, and those with one group, are the greedy
    bot's: where crew comes back from, which card a hand gives up, where a
    ship starts. Reproducible from ``seed``."""

    #: the decisions where a card may be played: where the bot looks ahead
    LOOKS = (Decision.MAIN, Decision.RESPOND)
    #: at most this many moves are played after a tried move (a safety net:
    #: a turn is a few moves)
    HORIZON = 200

    def __init__(self, seed: int = 0, width: int = 4):
        if width < 1:
            raise ValueError(f"width must be at least 1, not {width}")
        self.rng = random.Random(seed)
        self.greedy = GreedyBot(seed)
        self.width = width

    def choose(self, game: Game) -> str:
        moves = game.legal_moves()
        if len(moves) == 1:
            return moves[0]
        if game.decision not in self.LOOKS:
            return self.greedy.choose(game)
        player = game.to_move
        assert player is not None
        obs = game.observation(player)
        best: dict[tuple, tuple[float, float, str]] = {}
        for text in moves:
            move = game.move_of(text)
            key = (move.kind, move.card, move.target, move.area)
            score = (self.greedy.score(game, move, obs), self.rng.random(), text)
            if key not in best or score > best[key]:
                best[key] = score
        tried = sorted(best.values(), reverse=True)
        if len(tried) == 1:
            return tried[0][2]
        if len(tried) > self.width:
            tried = [tried[0], *self.rng.sample(tried[1:], self.width - 1)]
        sides = {ship.id: ship.side for ship in game.state.ships}
        world = game.resample(player, self.rng)
        seed = self.rng.randrange(2 ** 32)
        valued = [(self.after(world, text, sides, player, seed), score, text)
                  for score, _, text in tried]
        return max(valued)[2]

    def after(self, world: Game, move: str, sides: dict[str, str], player: str,
              seed: int) -> float:
        """The leaf value for ``player``'s side of ``move`` played in a copy
        of ``world``, then the greedy bot for every seat until the end of
        the first turn of the side that follows an enemy's turn."""
        game = world.clone()
        game.play(move)
        side = sides[player]
        bot = GreedyBot(seed)
        rng = random.Random(seed)
        enemy_turn = own_turn_after = False
        for _ in range(self.HORIZON):
            if game.is_over:
                break
            mine = sides[game.ships[game.state.turn]] == side
            if not mine:
                if own_turn_after:
                    break
                enemy_turn = True
            elif enemy_turn:
                own_turn_after = True
            if game.is_chance_node:
                play_chance(game, rng)
            else:
                game.play(bot.choose(game))
        return side_value(game, side)


class ISMCTSBot(ISMCTS):
    """Information-set Monte Carlo tree search (bots/mcts.py) whose greedy
    playouts (``rollout="greedy"``) are the greedy bot's moves."""

    greedy = GreedyBot


BOTS = {"random": RandomBot, "greedy": GreedyBot, "lookahead": LookaheadBot, "mcts": ISMCTSBot}
