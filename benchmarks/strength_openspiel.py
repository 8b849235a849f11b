"""Our ISMCTS bot against OpenSpiel's Python ISMCTSBot (a benchmark, not a
test): seat-swapped 1v1 war games with the printed en cards, both bots at the
same number of iterations per decision.

    python benchmarks/strength_openspiel.py --iterations 50 --games 20 --seed 1
    python benchmarks/strength_openspiel.py --iterations 200 --games 40 --leaf value

``--leaf random`` (the default) gives OpenSpiel's bot its usual leaf: one
random playout to the end of the game, through the adapter. ``--leaf value``
gives it the leaf ours uses (``mcts.side_value``, the score, tracks, crew and
hand sizes of each side, for every seat), so the two differ only in the
search itself, and whole games finish in minutes.

One game is one OpenSpiel state of ``python_redcode`` (redcode_rules.openspiel).
OpenSpiel's bot (random rollouts, the adapter's resampler, as OpenSpiel's
examples build it) steps word actions on that state; ours chooses a whole move
on the engine game the state holds (``state.game``), and the move is applied
to the state word by word (``ActionSpace.actions_of``), so the two never part.
Chance is sampled from its outcomes with the game's seed.

A decision is a choice among more than one option: for ours a move, for
OpenSpiel's bot a word (it searches word by word, so a move of several words
gets several searches). Forced moves and words are played without asking.
Prints wins/draws/losses of ours, its score rate (a draw counts half) with a
95% Wilson interval, and the processor seconds per decision of each bot.
"""

from __future__ import annotations

import argparse
import random
import time

import attrs
import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from redcode_rules import openspiel as ros
from redcode_rules.bots.specs import parse_bot
from redcode_rules.bots.mcts import side_value
from redcode_rules.lab.stats import Interval, wilson

OURS, THEIRS = "ours", "openspiel"


@attrs.frozen
class GameRecord:
    """One game: our seat (0 first), the outcome for us, turns played."""

    our_seat: int
    outcome: str  # "win", "draw" or "loss"
    turns: int


@attrs.frozen
class Match:
    """What the script reports."""

    iterations: int
    leaf: str  # OpenSpiel's bot's leaf evaluation: "random" or "value"
    games: int
    wins: int
    draws: int
    losses: int
    score: Interval  # our score rate, 95% Wilson
    ours_seconds: float | None  # processor seconds per decision
    openspiel_seconds: float | None


@attrs.define
class Clock:
    """Processor seconds spent deciding, and decisions made."""

    seconds: float = 0.0
    decisions: int = 0

    def per_decision(self) -> float | None:
        return self.seconds / self.decisions if self.decisions else None


class ValueEvaluator(mcts.Evaluator):
    """OpenSpiel's leaf evaluation done with our search's: ``side_value`` of
    the engine game for the side of every seat (a move half chosen counts as
    not yet made), and an even prior over the legal words."""

    def evaluate(self, state: ros.RedCodeState) -> np.ndarray:
        game = state.game
        seats = state.position.table.seats
        values = np.zeros(len(seats))
        by_side: dict[str, float] = {}
        for ship in game.state.ships:
            if ship.side not in by_side:
                by_side[ship.side] = side_value(game, ship.side)
            values[seats[ship.id]] = by_side[ship.side]
        return values

    def prior(self, state: ros.RedCodeState) -> list[tuple[int, float]]:
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]


LEAVES = ("random", "value")


def openspiel_bot(game: pyspiel.Game, iterations: int, seed: int,
                  leaf: str = "random") -> ismcts.ISMCTSBot:
    """OpenSpiel's Python ISMCTSBot with the adapter's resampler, and random
    playouts (as OpenSpiel's examples build it) or our leaf value."""
    rs = np.random.RandomState(seed)
    evaluator = ValueEvaluator() if leaf == "value" else mcts.RandomRolloutEvaluator(1, rs)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0,
                           max_simulations=iterations, random_state=rs)
    bot.set_resampler(ros.resampler)
    return bot


def play_game(iterations: int, our_seat: int, seed: int, turn_limit: int = 0,
              clocks: dict[str, Clock] | None = None, leaf: str = "random") -> GameRecord:
    """One game, ours at ``our_seat``; ``turn_limit`` 0 keeps the rules' own."""
    clocks = clocks if clocks is not None else {OURS: Clock(), THEIRS: Clock()}
    game = pyspiel.load_game("python_redcode", {"turn_limit": turn_limit})
    ours = parse_bot(f"mcts:iterations={iterations}").build(seed)
    theirs = openspiel_bot(game, iterations, seed, leaf)
    random.seed(seed)  # the resampler's redraws
    chance = random.Random(seed)
    space = game.table.space
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(chance.choices(actions, probs)[0])
            continue
        player = state.current_player()
        if player == our_seat and not state.words_chosen():
            moves = state.game.legal_moves()
            move = moves[0] if len(moves) == 1 else timed(clocks[OURS], ours.choose,
                                                          state.game)
            for action in space.actions_of(state.game, move):
                state.apply_action(action)
            continue
        legal = state.legal_actions()
        action = legal[0] if len(legal) == 1 else timed(clocks[THEIRS], theirs.step, state)
        state.apply_action(action)
    ret = state.returns()[our_seat]
    outcome = "win" if ret > 0 else "loss" if ret < 0 else "draw"
    return GameRecord(our_seat, outcome, state.game.turn_number)


def timed(clock: Clock, choose, arg):
    start = time.process_time()
    answer = choose(arg)
    clock.seconds += time.process_time() - start
    clock.decisions += 1
    return answer


def play_match(iterations: int, games: int, seed: int = 1, turn_limit: int = 0,
               deadline: float | None = None, leaf: str = "random") -> Match:
    """``games`` games (pairs with the seats swapped and the same seed), or as
    many whole pairs as start before ``deadline`` (a ``time.time()``)."""
    clocks = {OURS: Clock(), THEIRS: Clock()}
    records: list[GameRecord] = []
    for g in range(games):
        if deadline is not None and g % 2 == 0 and time.time() >= deadline:
            break
        records.append(play_game(iterations, g % 2, seed * 100_003 + g // 2, turn_limit,
                                 clocks, leaf))
        print(f"game {g + 1}: ours at seat {g % 2}, {records[-1].outcome} "
              f"in {records[-1].turns} turns", flush=True)
    count = {o: sum(1 for r in records if r.outcome == o) for o in ("win", "draw", "loss")}
    return Match(iterations, leaf, len(records), count["win"], count["draw"], count["loss"],
                 wilson(count["win"] + 0.5 * count["draw"], len(records)),
                 clocks[OURS].per_decision(), clocks[THEIRS].per_decision())


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--iterations", type=int, default=50)
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--turn-limit", type=int, default=0, help="0: the rules' own")
    p.add_argument("--minutes", type=float, default=None,
                   help="start no new pair of games after this many minutes")
    p.add_argument("--leaf", choices=LEAVES, default="random",
                   help="OpenSpiel's bot's leaf: a random playout, or our leaf value")
    args = p.parse_args()
    deadline = None if args.minutes is None else time.time() + 60 * args.minutes
    m = play_match(args.iterations, args.games, args.seed, args.turn_limit, deadline, args.leaf)
    print(f"mcts:iterations={m.iterations} vs OpenSpiel ISMCTSBot(max_simulations="
          f"{m.iterations}, leaf {m.leaf}): {m.games} games, W-D-L {m.wins}-{m.draws}-{m.losses}")
    print(f"ours score rate {m.score.percent()} (95% Wilson)")
    for name, secs in ((OURS, m.ours_seconds), (THEIRS, m.openspiel_seconds)):
        print(f"{name}: {'-' if secs is None else f'{secs:.4f}'} processor s per decision")


if __name__ == "__main__":
    main()
