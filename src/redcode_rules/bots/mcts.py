"""Information-set Monte Carlo tree search (single-observer ISMCTS).

A player does not see the other hands or the deck, so the search never
looks at them: each iteration draws one game the player cannot tell from
the real one (``game.resample``: hidden hands and deck redrawn from the
cards it has not seen) and walks one shared tree down it. A node is the
sequence of moves played since the decision (the searching player's own
information set; other players' nodes merge what they hold, as in
single-observer ISMCTS), so the statistics of every determinization add up.
A move is chosen at a node by UCT among the moves legal in this
determinization, counting for each move how often it was available (the
"subset-armed" bandit of Cowling, Powley and Whitehouse 2012).

Returns are the side's: a win is 1, a loss -1, a draw 0, so teammates
share a value and the other side's nodes minimise it. Games run to several
hundred moves, so playouts are cut after ``depth`` moves (random or greedy
ones) and scored by ``evaluate``: the score, the ships' tracks, the crew
still aboard and the cards in hand of each side. The default depth is 0:
the new leaf is scored at once, which spends the budget on the tree (in
trials against the greedy bot it beat random playouts of 16 moves at the
same time per decision).

Only decisions with a real choice are searched: a lone legal move is played
at once, at the root and inside the tree. With an iteration budget the bot
is reproducible (its own seeded RNG draws the determinizations, the
playouts and the ties); a time budget depends on the machine.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, Callable, Protocol

import attrs

from ..base.errors import quote
from ..game import Game


class Chooser(Protocol):
    def choose(self, game: Game) -> str: ...


class Rollout:
    """The closed set of playout policies (strings, so a command line names them)."""

    RANDOM = "random"
    GREEDY = "greedy"
    ALL = (RANDOM, GREEDY)


#: Moves a playout may go on past its depth for the stack to resolve.
SETTLE = 12

#: The largest budgets a decision takes: past them a search would not return
#: within a sitting (the hard level is 2,000 iterations, about 0.25 s), so a
#: mistyped budget is refused rather than hanging a game or a tournament.
MAX_ITERATIONS = 1_000_000
MAX_SECONDS = 3600.0


@attrs.define(slots=True)
class SearchEdge:
    """A move out of a node: visits, summed value for the mover's side, and
    how often it was legal when its node was reached (availability)."""

    visits: int = 0
    value: float = 0.0
    available: int = 0
    child: SearchNode | None = None


@attrs.define(slots=True)
class SearchNode:
    """An information set of the tree: its moves seen so far."""

    edges: dict[str, SearchEdge] = attrs.Factory(dict)


def side_value(game: Game, side: str) -> float:
    """An estimate of the game for ``side`` in [-1, 1] (1: won).

    A finished game is its result. Otherwise the difference between the
    sides of: points won (over the points needed), the ships' tracks (repair
    and breakdown boxes left, a breakdown worth a full repair track as
    damage counts them, R3.1, at the tracks' sizes now, D9.15), the crew not withdrawn, and the cards in hand; squashed
    by tanh(x/2), which keeps a lead of a few points short of a win.
    """
    if game.is_over:
        return 0.0 if game.winner in (None, "draw") else (1.0 if game.winner == side else -1.0)
    st = game.state
    rules = game.rules
    health = {side: 0.0, "other": 0.0}
    crew = {side: 0.0, "other": 0.0}
    cards = {side: 0.0, "other": 0.0}
    count = {side: 0, "other": 0}
    for ship, hand in zip(st.ships, st.hands):
        key = side if ship.side == side else "other"
        count[key] += 1
        repairs, breakdowns = game.tracks(ship.id)
        full = repairs + repairs * breakdowns
        if not (ship.sunk or ship.eliminated):
            health[key] += (ship.repairs + repairs * ship.breakdowns) / full if full else 0.0
        total = ship.reserve + sum(ship.crew_on) + ship.withdrawn
        crew[key] += (1 - ship.withdrawn / total) if total else 0.0
        cards[key] += len(hand)  # hand sizes are public
    for key in health:
        n = max(1, count[key])
        health[key] /= n
        crew[key] /= n
        cards[key] /= n
    score = game.score
    points = max(1, rules.options.victory_points)
    mine = score.get(side, 0)
    theirs = sum(v for k, v in score.items() if k != side)
    x = ((mine - theirs) / points + 1.0 * (health[side] - health["other"])
         + 0.3 * (crew[side] - crew["other"]) + 0.05 * (cards[side] - cards["other"]))
    return math.tanh(x / 2)


def play_listed(game: Game, moves: list[str], move: str) -> None:
    """Play a move of ``moves`` (the game's ``legal_moves()``) by its index:
    ``play_id`` skips parsing the text."""
    game.play_id(moves.index(move))


def play_chance(game: Game, rng: random.Random) -> None:
    """Settle a chance node (a game with ``chance="explicit"``, as the AI
    adapters play) by drawing an outcome with its probability; it walks no
    edge of the tree: the searching player's next node holds every outcome."""
    outcomes, probs = zip(*game.chance_outcomes())
    game.play(rng.choices(outcomes, [float(p) for p in probs])[0])


@attrs.frozen
class SearchStats:
    """What the last search did: iterations, seconds, and each root move's
    visits and mean value (for the player's side)."""

    iterations: int
    seconds: float
    moves: tuple[tuple[str, int, float], ...]


class ISMCTS:
    """The search (see the module's docstring); ``ISMCTSBot`` (bots/players.py) is the
    bot with the greedy playout wired in.

    ``iterations`` or ``seconds`` is the budget per decision (iterations
    win if both are given; neither: 100 iterations). ``rollout`` is
    ``"random"`` or ``"greedy"``; ``depth`` the moves of a playout before
    ``evaluate`` scores it (None: to the end of the game); ``exploration``
    the UCT constant on returns in [0, 1]. A budget past ``MAX_ITERATIONS``
    or ``MAX_SECONDS``, or a value that is not finite, is a ``ValueError``.
    """

    #: A bot class that ``rollout="greedy"`` plays the playouts with
    #: (``cls(seed)``); set by ``bots.ISMCTSBot``.
    greedy: Callable[[int], Chooser] | None = None

    def __init__(self, seed: int = 0, *, iterations: int | None = None,
                 seconds: float | None = None, rollout: str = Rollout.RANDOM,
                 depth: int | None = 0, exploration: float = 0.7,
                 evaluate: Callable[[Game, str], float] = side_value):
        if iterations is None and seconds is None:
            iterations = 100
        if iterations is not None and not 1 <= iterations <= MAX_ITERATIONS:
            raise ValueError(f"iterations must be from 1 to {MAX_ITERATIONS:,}, "
                             f"not {quote(iterations)}")
        if seconds is not None and not 0 < seconds <= MAX_SECONDS:  # nan fails too
            raise ValueError(f"seconds must be more than 0 and at most {MAX_SECONDS:g}, "
                             f"not {quote(seconds)}")
        if not 0 <= exploration < math.inf:
            raise ValueError(f"exploration must be a finite number of at least 0, "
                             f"not {quote(exploration)}")
        if depth is not None and depth < 0:
            raise ValueError(f"depth must be at least 0 (or none), not {quote(depth)}")
        if rollout not in Rollout.ALL:
            raise ValueError(f"rollout is one of {', '.join(Rollout.ALL)}, not {rollout!r}")
        if rollout == Rollout.GREEDY and self.greedy is None:
            raise ValueError("this search has no greedy player for its playouts")
        self.iterations = iterations
        self.seconds = seconds if iterations is None else None
        self.rollout = rollout
        self.depth = depth
        self.exploration = exploration
        self.seed = seed
        self.evaluate = evaluate
        self.rng = random.Random(seed)
        self.playout_bot: Chooser | None = \
            self.greedy(seed) if rollout == Rollout.GREEDY and self.greedy else None
        self.last: SearchStats | None = None

    def __repr__(self) -> str:
        budget = f"iterations={self.iterations}" if self.iterations is not None \
            else f"seconds={self.seconds}"
        return f"{type(self).__name__}({budget}, rollout={self.rollout!r}, depth={self.depth})"

    # ----------------------------------------------------------------- choose
    def choose(self, game: Game) -> str:
        moves = game.legal_moves()
        if len(moves) == 1:  # no choice: nothing to search
            return moves[0]
        player = game.to_move
        assert player is not None
        sides = {s.id: s.side for s in game.state.ships}
        root = SearchNode()
        start = time.perf_counter()
        done = 0
        while True:
            if self.iterations is not None:
                if done >= self.iterations:
                    break
            elif done and time.perf_counter() - start >= self.seconds:  # type: ignore[operator]
                break
            self.iterate(game.resample(player, self.rng), root, sides)
            done += 1
        stats = sorted(((m, e.visits, e.value / e.visits if e.visits else 0.0)
                        for m, e in root.edges.items() if m in moves), key=lambda t: t[0])
        self.last = SearchStats(done, time.perf_counter() - start, tuple(stats))
        best = max(stats, key=lambda t: (t[1], t[2])) if stats else None
        return best[0] if best else self.rng.choice(moves)

    # -------------------------------------------------------------- iteration
    def iterate(self, game: Game, root: SearchNode, sides: dict[str, str]) -> None:
        """One determinization: select down the tree, expand one node, play
        out, and add the return to every edge walked."""
        path: list[tuple[SearchEdge, str]] = []
        node: SearchNode | None = root
        rng = self.rng
        while not game.is_over:
            if game.is_chance_node:
                play_chance(game, rng)
                continue
            moves = game.legal_moves()
            if len(moves) == 1:
                play_listed(game, moves, moves[0])
                continue
            mover = sides[game.to_move]  # type: ignore[index]
            assert node is not None
            edges = node.edges
            fresh: list[str] = []
            for m in moves:
                edge = edges.get(m)
                if edge is None:
                    edge = edges[m] = SearchEdge()
                edge.available += 1
                if not edge.visits:
                    fresh.append(m)
            if fresh:
                move = rng.choice(fresh)
                edge = edges[move]
                path.append((edge, mover))
                play_listed(game, moves, move)
                edge.child = SearchNode()
                break
            move = self.select(edges, moves)
            edge = edges[move]
            path.append((edge, mover))
            play_listed(game, moves, move)
            if edge.child is None:
                edge.child = SearchNode()
            node = edge.child
        values = self.playout(game, set(sides.values()))
        for edge, side in path:
            edge.visits += 1
            edge.value += values[side]

    def select(self, edges: dict[str, SearchEdge], moves: list[str]) -> str:
        """UCT over the moves legal now, on returns mapped to [0, 1]."""
        c = self.exploration
        best, best_score = moves[0], -math.inf
        for m in moves:
            e = edges[m]
            score = (e.value / e.visits + 1) / 2 + c * math.sqrt(math.log(e.available) / e.visits)
            if score > best_score:
                best, best_score = m, score
        return best

    def playout(self, game: Game, sides: set[str]) -> dict[str, float]:
        """Play ``depth`` moves by the rollout policy and on until the stack
        has resolved (a position with a card waiting to resolve says little,
        at most ``SETTLE`` moves more), then each side's value."""
        steps = 0
        bot = self.playout_bot
        rng = self.rng
        while not game.is_over and (self.depth is None or steps < self.depth or
                                    (game.state.stack and steps < self.depth + SETTLE)):
            if game.is_chance_node:
                play_chance(game, rng)
                continue
            if bot is not None:
                game.play(bot.choose(game))
            else:  # no move strings needed for a random move
                game.play_id(rng.choice(game.legal_move_ids()))
            steps += 1
        return {side: self.evaluate(game, side) for side in sides}


def describe(stats: SearchStats | None) -> dict[str, Any]:
    """A search's figures as plain data (for logs and benchmarks)."""
    if stats is None:
        return {}
    return {"iterations": stats.iterations, "seconds": stats.seconds,
            "moves": [{"move": m, "visits": v, "value": q} for m, v, q in stats.moves]}
