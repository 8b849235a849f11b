"""Random playouts through the AI adapters against the engine's own.

For each configuration, games are played to the end with uniformly random
choices:

- engine: ``game.play(random.choice(game.legal_moves()))``, chance sampled
  by the game's RNG (as ``benchmarks/playouts.py``), and the same with
  ``chance="explicit"`` (every chance node settled by its probabilities);
- OpenSpiel: ``state.apply_action(random.choice(state.legal_actions()))``,
  chance nodes by ``state.chance_outcomes()`` (no observation asked); the
  actions picked are then applied again to a new state, each step's legal
  actions (or chance outcomes) asked first, which is what is timed;
- PettingZoo: ``env.agent_iter()`` / ``env.last()`` / a random legal word of
  the mask (``random.choice`` of its ``np.flatnonzero``: gymnasium's
  ``action_space.sample(mask)`` alone costs more than a word) / ``env.step``,
  once with every observation built (``last()``), once with the mask only
  (``last(observe=False)`` and ``env.action_mask(agent)``); the words picked
  are then played again through a new environment, which is what is timed,
  as the engine replays its moves (the pick from a mask costs several times
  the engine's ``random.choice`` of a ready list, and neither is the
  player's work).

A random word at each step is not a random move (a move of many words is
less likely), so the adapters' games are not the engine's: each adapter's
ratio is to the engine playing *the same games* — the moves the adapter
played, each decision listed (``legal_moves()``, ``chance_outcomes()``)
then played, as a random playout does. The engine's own random playouts
are printed for reference.

It prints moves/s (moves of the players; chance outcomes are not counted
but are played in the time), the ratio and actions/s (words; chance
outcomes apart), and the same games played word by word through
``ActionSpace`` alone, without an adapter (what the word-by-word play
costs by itself). Needs the ``ai`` extra.

    python benchmarks/ai_adapters.py [--games 20] [--teams 1v1 2v2] [--turn-limit 0]
                                     [--repeat 3] [--cpu]

Each game is run ``--repeat`` times and the fastest kept, as ``timeit``
does, and each game through an adapter is timed next to the same game in
the engine: on a machine shared with other work the slower runs measure the
others.
"""

from __future__ import annotations

import argparse
import gc
import random
import time
from typing import Callable

import numpy as np
import pyspiel

import redcode_rules.openspiel  # noqa: F401  (registers python_redcode)
from redcode_rules.ai.actions import ActionSpace
from redcode_rules.ai.openspiel import table_for
from redcode_rules.ai.setup import AiSetup
from redcode_rules.engine.chance import ChanceKind
from redcode_rules.pettingzoo import raw_env

#: As benchmarks/playouts.py: every game starts from the fixed placement (D2.8).
PLACEMENT = "fixed"
CHANCE_WORDS = frozenset(k.value for k in ChanceKind)


def clock() -> float:
    """The benchmark's clock: wall time, or this process's CPU time with
    ``--cpu`` (on a machine other processes load, where wall time measures
    them as much as us), as benchmarks/playouts.py."""
    return CLOCK[0]()


CLOCK = [time.perf_counter]


def player_moves(moves: list[str]) -> int:
    """The moves of the players (not the chance outcomes) of a game's list."""
    return sum(1 for m in moves if m.split(" ", 1)[0] not in CHANCE_WORDS)


class Tally:
    """Moves, actions and chance outcomes played, the time taken, and the
    games' move lists (chance outcomes included) with their seeds."""

    def __init__(self) -> None:
        self.moves = self.actions = self.chance = 0
        self.seconds = 0.0
        self.games: list[tuple[int, list[str]]] = []

    @property
    def rate(self) -> float:
        """Moves per second."""
        return self.moves / self.seconds

    def add(self, other: Tally) -> None:
        """Counts another tally's games in this one."""
        self.moves += other.moves
        self.actions += other.actions
        self.chance += other.chance
        self.seconds += other.seconds
        self.games += other.games

    def line(self, name: str, base: Tally | None) -> str:
        ratio = f"  {self.rate / base.rate:5.2f}x the engine's {base.rate:,.0f}" if base else ""
        actions = f"  {self.actions / self.seconds:9,.0f} actions/s" if self.actions else ""
        return (f"  {name:<28} {self.rate:9,.0f} moves/s{ratio}{actions}"
                f"  ({self.moves:,} moves, {self.chance:,} chance outcomes, "
                f"{self.seconds:.2f} s)")


def engine_playouts(setup: AiSetup, seeds: list[int], chance: str) -> Tally:
    tally = Tally()
    for seed in seeds:
        rnd = random.Random(seed)
        start = clock()
        game = setup.new_game(chance=chance, seed=seed)
        while not game.is_over:
            if game.is_chance_node:
                outcomes, odds = zip(*game.chance_outcomes())
                game.play(rnd.choices(outcomes, odds)[0])
                tally.chance += 1
            else:
                game.play(rnd.choice(game.legal_moves()))
        tally.seconds += clock() - start
        tally.moves += player_moves(game.moves)
    return tally


def engine_replays(setup: AiSetup, games: list[tuple[int, list[str]]], chance: str) -> Tally:
    """The engine playing given games as a random playout would: each
    decision listed, then the game's move played."""
    tally = Tally()
    for seed, moves in games:
        start = clock()
        game = setup.new_game(chance=chance, seed=seed)
        for move in moves:
            if game.is_chance_node:
                game.chance_outcomes()
                tally.chance += 1
            else:
                game.legal_moves()
            game.play(move)
        tally.seconds += clock() - start
        tally.moves += player_moves(game.moves)
    return tally


def word_actions(setup: AiSetup,
                 games: list[tuple[int, list[str]]]) -> list[tuple[int, list[tuple[int, ...]]]]:
    """Each given game's moves as the actions that take them word by word
    (``ActionSpace.actions_of``), with its seed."""
    out = []
    for seed, moves in games:
        words = []
        game = setup.new_game(chance="sampled", seed=seed)
        space = ActionSpace.for_game(game)
        for move in moves:
            words.append(space.actions_of(game, move))
            game.play(move)
        out.append((seed, words))
    return out


def forget_words(setup: AiSetup) -> None:
    """Every space's kept word nodes dropped, as in a new process: the spaces
    and OpenSpiel's tables made anew (untimed), so that a run after it reads
    every decision's words for the first time (those it meets twice apart).
    The nodes dropped are collected here, untimed: a collection of the
    garbage collector's oldest generation walks every object the process
    keeps, and the timed run after it should not pay for the nodes it
    does not keep."""
    ActionSpace._cache.clear()
    table_for.cache_clear()
    ActionSpace.for_game(setup.new_game(chance="sampled"))
    table_for(setup)
    gc.collect()


def word_replays(setup: AiSetup, games: list[tuple[int, list[str]]],
                 prepared: list[tuple[int, list[tuple[int, ...]]]] | None = None) -> Tally:
    """The given games played word by word through ``ActionSpace`` alone (each
    step's legal actions asked, then the word taken), no adapter around it:
    the share of the adapters' time that is the word-by-word play itself.
    ``prepared``: their ``word_actions``, if already worked out."""
    tally = Tally()
    for seed, words in prepared or word_actions(setup, games):
        start = clock()
        game = setup.new_game(chance="sampled", seed=seed)
        space = ActionSpace.for_game(game)
        for actions in words:
            prefix: tuple[int, ...] | None = ()
            for action in actions:
                space.legal_actions(game, prefix)
                prefix = space.step(game, prefix, action)
            tally.actions += len(actions)
        tally.seconds += clock() - start
        tally.moves += player_moves(game.moves)
    return tally


#: What runs, untimed, before a replay's game: nothing (the space keeps
#: the words the picking game read), ``forget_words`` (fresh), or that and
#: other games played word by word (``long_run``).
Before = Callable[[], None] | None


def openspiel_picks(setup: AiSetup, seeds: list[int]) -> list[tuple[int, list[int]]]:
    """Each game played through OpenSpiel with random legal actions (chance
    outcomes by their probabilities): its seed and the actions taken."""
    game = pyspiel.load_game("python_redcode", setup.params())
    picked = []
    for seed in seeds:
        rnd = random.Random(seed)
        state = game.new_initial_state()
        actions = []
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                actions.append(rnd.choices(outcomes, probs)[0])
            else:
                actions.append(rnd.choice(state.legal_actions()))
            state.apply_action(actions[-1])
        picked.append((seed, actions))
    return picked


def openspiel_replays(setup: AiSetup, picked: list[tuple[int, list[int]]],
                      before: Before = None) -> Tally:
    """The picked games played again, timed: at each step the legal actions
    asked (``legal_actions()``, at a chance node ``chance_outcomes()``) and
    the recorded action applied, as the engine's replays list each decision
    and play the recorded move. The random pick (``random.choice`` of the
    list; at a chance node the outcomes unzipped and ``random.choices``) is
    not the adapter's work, and the engine's replays do not pay it either.
    ``before`` runs first, untimed (``Before``); the game is loaded after it,
    so that a space forgotten is one the replay reads afresh."""
    if before is not None:
        before()
    game = pyspiel.load_game("python_redcode", setup.params())
    tally = Tally()
    for _, actions in picked:
        start = clock()
        state = game.new_initial_state()
        for action in actions:
            if state.is_chance_node():
                state.chance_outcomes()
                tally.chance += 1
            else:
                state.legal_actions()
                tally.actions += 1
            state.apply_action(action)
        tally.seconds += clock() - start
        tally.moves += player_moves(state.position.game.moves)
        tally.games.append((state.position.game.setup["seed"],
                            list(state.position.game.moves)))
    return tally


def openspiel_playouts(setup: AiSetup, seeds: list[int], fresh: bool = False) -> Tally:
    """Random games through OpenSpiel, picked then replayed (the replays
    timed); ``fresh``: each replay from spaces and tables that have kept
    nothing (``forget_words``, untimed), the picking game having read the
    decisions' words first."""
    tally = Tally()
    for seed in seeds:
        tally.add(openspiel_replays(setup, openspiel_picks(setup, [seed]),
                                    (lambda: forget_words(setup)) if fresh else None))
    return tally


def pettingzoo_picks(setup: AiSetup, seeds: list[int]) -> list[tuple[int, list[int | None]]]:
    """Each game played through the PettingZoo environment with random legal
    words (``random.choice`` of the mask's ``np.flatnonzero``): its seed and
    the words taken (None where a dead agent steps)."""
    env = raw_env(**{**setup.params(), "cards": list(setup.cards)})
    picked = []
    for seed in seeds:
        rnd = random.Random(seed)
        env.reset(seed=seed)
        words: list[int | None] = []
        for agent in env.agent_iter():
            mask = env.action_mask(agent)
            words.append(rnd.choice(np.flatnonzero(mask).tolist()) if mask.any() else None)
            env.step(words[-1])
        picked.append((seed, words))
    return picked


def pettingzoo_replays(setup: AiSetup, picked: list[tuple[int, list[int | None]]],
                       observe: bool, before: Before = None) -> Tally:
    """The picked games played again through a new environment, timed: as
    the engine's replays are timed (each decision listed, the recorded move
    played), without the random pick, which from a mask (numpy's
    ``flatnonzero``, a list, ``random.choice``) costs several times the
    engine's ``random.choice`` of a ready list. ``observe``: ``last()`` at
    every step (the tensor and the mask), else ``last(observe=False)`` and
    the mask. ``before`` runs first, untimed (``Before``)."""
    if before is not None:
        before()
    env = raw_env(**{**setup.params(), "cards": list(setup.cards)})
    tally = Tally()
    for seed, words in picked:
        start = clock()
        env.reset(seed=seed)
        for agent, word in zip(env.agent_iter(), words):
            if observe:
                env.last()
            else:
                env.last(observe=False)
                env.action_mask(agent)
            env.step(word)
        tally.actions += sum(1 for w in words if w is not None)
        tally.seconds += clock() - start
        tally.moves += player_moves(env.game.moves)
        tally.games.append((env.game.setup["seed"], list(env.game.moves)))
    return tally


def pettingzoo_playouts(setup: AiSetup, seeds: list[int], observe: bool,
                        fresh: bool = False) -> Tally:
    """Random games through PettingZoo, picked then replayed (the replays
    timed); the picking environment reads the decisions' words into the
    action space the timed one shares: ``fresh`` times each replay from
    spaces that have kept nothing (``forget_words``, untimed), as the
    engine's replays list every decision afresh."""
    tally = Tally()
    for seed in seeds:
        tally.add(pettingzoo_replays(setup, pettingzoo_picks(setup, [seed]), observe,
                                     (lambda: forget_words(setup)) if fresh else None))
    return tally


def long_run(setup: AiSetup, prepared: list[tuple[int, list[tuple[int, ...]]]]) -> None:
    """Spaces as a long run of games leaves them: every kept word node
    dropped (``forget_words``), then ``prepared`` (``word_actions`` of other
    games) played word by word, untimed, so that a replay after it meets the
    words of the decisions that come back from game to game read already,
    and reads the others for the first time."""
    forget_words(setup)
    word_replays(setup, [], prepared)
    gc.collect()  # the run's garbage collected untimed, as ``forget_words`` does its own


def warm_up(setup: AiSetup) -> None:
    """One game down every path first: the rules compiled, the caches filled."""
    engine_playouts(setup, [0], "sampled")
    engine_playouts(setup, [0], "explicit")
    openspiel_playouts(setup, [0])
    pettingzoo_playouts(setup, [0], True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games per configuration")
    parser.add_argument("--teams", nargs="+", default=["1v1", "2v2", "3v3"])
    parser.add_argument("--edition", default="en")
    parser.add_argument("--turn-limit", type=int, default=0, help="0: the rules' own")
    parser.add_argument("--repeat", type=int, default=3,
                        help="runs of each measure, the fastest kept (a loaded machine)")
    parser.add_argument("--cpu", action="store_true",
                        help="time this process's CPU, not the wall clock")
    args = parser.parse_args()
    if args.cpu:
        CLOCK[0] = time.process_time
    for teams in args.teams:
        setup = AiSetup(edition=args.edition, teams=teams, placement=PLACEMENT,
                        turn_limit=args.turn_limit)
        seeds = list(range(1, args.games + 1))
        warm_up(setup)
        print(f"{args.edition} {teams} war, {args.games} random games, each measure the "
              f"fastest of {args.repeat}")
        fastest = lambda run: min(((gc.collect(), run())[1]  # noqa: E731
                                   for _ in range(args.repeat)), key=lambda t: t.seconds)
        for chance in ("sampled", "explicit"):
            own = Tally()
            for seed in seeds:
                own.add(fastest(lambda: engine_playouts(setup, [seed], chance)))
            print(own.line(f"engine (chance {chance})", None))
        runs = [("OpenSpiel python_redcode", "explicit", lambda s: openspiel_playouts(setup, s)),
                ("PettingZoo (masks only)", "sampled",
                 lambda s: pettingzoo_playouts(setup, s, False)),
                ("PettingZoo (observations)", "sampled",
                 lambda s: pettingzoo_playouts(setup, s, True))]
        for name, chance, run in runs:
            adapter, engine, words = Tally(), Tally(), Tally()
            for seed in seeds:  # each game through the adapter, then the engine: paired
                through = fastest(lambda: run([seed]))
                adapter.add(through)
                engine.add(fastest(lambda: engine_replays(setup, through.games, chance)))
                if chance == "sampled" and name.endswith("(masks only)"):
                    words.add(fastest(lambda: word_replays(setup, through.games)))
            print(adapter.line(name, engine))
            if words.moves:
                print(words.line("  word by word, no adapter", engine))


if __name__ == "__main__":
    main()
