"""Steps per second for learning agents, side by side in one process.

For each configuration (1v1 and 3v3 war, fixed placement, random legal
choices), every figure paired with the engine playing the same games:

- observation + tensor: µs per step of the mover's tensor, built from its
  ``Observation`` (``observe(game, player).tensor()``) and read straight
  from the game (``observation_tensor``), at every decision of random
  engine games (each asked once per position, as a step asks it);
- word by word: µs per move that taking a move word by word through
  ``ActionSpace`` (``legal_actions`` + ``step`` at each word) adds to the
  engine listing and playing it, and the Python calls per move it adds
  (counted by cProfile: the same on a busy machine as on an idle one);
- OpenSpiel ``python_redcode`` (chance explicit, no observation asked) and
  PettingZoo (``last()`` every step: the observation tensor and the mask):
  moves/s, and the ratio to the engine playing the same moves (each
  decision listed, then played: benchmarks/ai_adapters.py). Both adapters
  are timed replaying the actions of a game first played with random
  picks (each step's legal actions or mask asked, the recorded action
  taken), as the engine is timed replaying its moves.

Word by word, OpenSpiel and PettingZoo are measured three ways on the same games:

- "repeated": each game run ``--repeat`` times, the fastest kept. The
  space keeps the word nodes it reads (ai/actions.py), so the runs after
  the first, the ones kept, find every decision's words read already: a
  cache the repeats warm, not what a program meets in a run of new games;
- "fresh": each run starts from spaces that have kept nothing, as in a new
  process (``forget_words``): every decision's words are read for the
  first time, but for the decisions the game meets twice. Each run is as
  fresh as the first, so the fastest of ``--repeat`` is kept as well.
  The adapters' games are picked first (by another OpenSpiel state, by
  another environment), whose decisions' words the timed replay would
  find read: fresh, it is timed on a new game or environment from spaces
  that have kept nothing;
- "long run": the games replayed once each, one after the other, after
  ``--long-run`` games of other seeds played word by word from spaces
  that kept nothing (untimed): as a learning program meets them, the
  decisions that come back from game to game read already (a pass, the
  crew to recover), a new game's others read for the first time. The
  whole run is repeated ``--repeat`` times and the fastest kept.

Every timed run, the engine's too, starts after a collection of the
garbage collector (untimed), so that none pays for what another run left;
a long run is timed whole, against the engine timed over the same games
as one batch (the fastest of ``--repeat`` as well).

    python benchmarks/learning.py [--games 10] [--teams 1v1 3v3] [--repeat 3] [--cpu]
                                  [--long-run 100]
                                  [--measures tensor openspiel pettingzoo words]

An older tree is timed by the same script with its ``src`` first on
``PYTHONPATH`` (docs/ai.md, "From the first adapters to now").

Each measure is the fastest of ``--repeat`` runs (a machine shared with
other work slows some); ``--cpu`` times this process's CPU rather than the
wall clock; ``--measures`` runs some only (words: word by word on
PettingZoo's games, which it plays first). Needs the ``ai`` extra.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import pstats
import random
import time

from ai_adapters import (CLOCK, PLACEMENT, Tally, clock, engine_replays, forget_words,
                         long_run, openspiel_picks, openspiel_replays, pettingzoo_picks,
                         pettingzoo_replays, warm_up, word_actions, word_replays)
import redcode_rules as rc
from redcode_rules.ai.setup import AiSetup
from redcode_rules.info.observation import observe

try:
    from redcode_rules.info.game_tensor import observation_tensor
except ModuleNotFoundError:  # a tree older than the tensor read straight from the
    # game (its adapters read it through the Observation): the same script times it
    def observation_tensor(game, player):  # type: ignore[misc]
        return observe(game, player).tensor()


def tensor_times(setup: AiSetup, seeds: list[int]) -> tuple[float, float, int]:
    """Seconds spent on the mover's tensor through its ``Observation`` and
    straight from the game, over the decisions of random games, and the
    number of decisions."""
    through = direct = 0.0
    steps = 0
    for seed in seeds:
        rnd = random.Random(seed)
        game = setup.new_game(chance="sampled", seed=seed)
        while not game.is_over:
            player = game.to_move
            start = clock()
            observe(game, player).tensor()
            middle = clock()
            observation_tensor(game, player)
            through += middle - start
            direct += clock() - middle
            steps += 1
            game.play(rnd.choice(game.legal_moves()))
    return through, direct, steps


def calls(run) -> int:
    """The Python calls ``run()`` makes (functions and built-ins called): a
    compiled module's functions are not seen (``main`` says which are)."""
    profile = cProfile.Profile()
    profile.runcall(run)
    return pstats.Stats(profile).total_calls  # type: ignore[attr-defined]


def fastest(run, repeat: int) -> Tally:
    """The fastest of ``repeat`` runs, each after an untimed collection of
    the garbage collector (so that none pays for what another left)."""
    return min((collected(run) for _ in range(repeat)), key=lambda t: t.seconds)


def collected(run) -> Tally:
    gc.collect()
    return run()


MEASURES = ("tensor", "openspiel", "pettingzoo", "words")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10, help="games per configuration")
    parser.add_argument("--teams", nargs="+", default=["1v1", "3v3"])
    parser.add_argument("--repeat", type=int, default=3,
                        help="runs of each measure, the fastest kept (a loaded machine)")
    parser.add_argument("--cpu", action="store_true",
                        help="time this process's CPU, not the wall clock")
    parser.add_argument("--long-run", type=int, default=100,
                        help="games of other seeds played before the long run's")
    parser.add_argument("--measures", nargs="+", choices=MEASURES, default=list(MEASURES),
                        help="the measures to run")
    args = parser.parse_args()
    if args.cpu:
        CLOCK[0] = time.process_time
    measures = set(args.measures)
    compiled = rc.compiled_modules()
    print("redcode_rules: " + (f"compiled {', '.join(compiled)} (their own calls are not "
                               "counted among the Python calls)" if compiled else "pure Python"))
    for teams in args.teams:
        setup = AiSetup(teams=teams, placement=PLACEMENT)
        seeds = list(range(1, args.games + 1))
        warm_up(setup)
        print(f"en {teams} war, {args.games} random games, each measure the fastest of "
              f"{args.repeat}")
        if "tensor" in measures:
            runs = [tensor_times(setup, seeds) for _ in range(args.repeat)]
            through = min(r[0] for r in runs)
            direct = min(r[1] for r in runs)
            steps = runs[0][2]
            print(f"  observation + tensor      {through / steps * 1e6:7.1f} µs/step via "
                  f"Observation, {direct / steps * 1e6:6.1f} µs/step from the game "
                  f"({steps:,} steps)")
        before = other_games(setup, args.long_run) if measures - {"tensor"} else []
        if "openspiel" in measures:
            adapter_runs(setup, seeds, args.repeat, before)
        if measures & {"pettingzoo", "words"}:
            pettingzoo_runs(setup, seeds, args.repeat, "pettingzoo" in measures,
                            "words" in measures, before)


def fresh(setup: AiSetup, run) -> Tally:
    """``run()`` from spaces that have kept nothing (``forget_words``, untimed)."""
    forget_words(setup)
    return run()


def other_games(setup: AiSetup, count: int) -> list[tuple[int, list[tuple[int, ...]]]]:
    """``count`` random games of other seeds than the timed ones (picked word
    by word, as the timed games are), as the actions that take their moves
    word by word: what a long run has played before (``long_run``)."""
    seeds = list(range(100_001, 100_001 + count))
    played = pettingzoo_replays(setup, pettingzoo_picks(setup, seeds), False)
    return word_actions(setup, played.games)


def adapter_runs(setup: AiSetup, seeds: list[int], repeat: int,
                 before: list[tuple[int, list[tuple[int, ...]]]]) -> None:
    """OpenSpiel against the engine, repeated, fresh and in a long run."""
    repeated, engine, first = Tally(), Tally(), Tally()
    picked = openspiel_picks(setup, seeds)
    for game in picked:  # each game through the adapter, then the engine: paired
        played = fastest(lambda: openspiel_replays(setup, [game]), repeat)
        repeated.add(played)
        engine.add(fastest(lambda: engine_replays(setup, played.games, "explicit"), repeat))
        first.add(fastest(lambda: openspiel_replays(setup, [game],
                                                    lambda: forget_words(setup)), repeat))
    run = fastest(lambda: openspiel_replays(setup, picked, lambda: long_run(setup, before)),
                  repeat)
    batch = fastest(lambda: engine_replays(setup, repeated.games, "explicit"), repeat)
    print(repeated.line("OpenSpiel (repeated)", engine))
    print(first.line("OpenSpiel (fresh)", engine))
    print(run.line("OpenSpiel (long run)", batch))


def pettingzoo_runs(setup: AiSetup, seeds: list[int], repeat: int, adapter: bool,
                    words: bool, before: list[tuple[int, list[tuple[int, ...]]]]) -> None:
    """PettingZoo against the engine, and its games word by word, repeated,
    fresh and in a long run: µs and Python calls per move on top of the engine."""
    played_all, engine, repeated, first = Tally(), Tally(), Tally(), Tally()
    played_fresh = Tally()
    picked = pettingzoo_picks(setup, seeds)
    for game in picked:  # each game through the adapter, then the engine: paired
        played = fastest(lambda: pettingzoo_replays(setup, [game], True), repeat)
        played_all.add(played)
        if adapter:
            played_fresh.add(fastest(lambda: pettingzoo_replays(
                setup, [game], True, lambda: forget_words(setup)), repeat))
        engine.add(fastest(lambda: engine_replays(setup, played.games, "sampled"), repeat))
        if words:
            prepared = word_actions(setup, played.games)
            repeated.add(fastest(lambda: word_replays(setup, played.games, prepared), repeat))
            first.add(fastest(lambda: fresh(setup, lambda: word_replays(
                setup, played.games, prepared)), repeat))
    games = played_all.games
    prepared = word_actions(setup, games)
    # the long runs are timed whole (one batch of games): so is the engine's
    batch = fastest(lambda: engine_replays(setup, games, "sampled"), repeat)
    if adapter:
        run = fastest(lambda: pettingzoo_replays(setup, picked, True,
                                                 lambda: long_run(setup, before)), repeat)
        print(played_all.line("PettingZoo (repeated)", engine))
        print(played_fresh.line("PettingZoo (fresh)", engine))
        print(run.line("PettingZoo (long run)", batch))
    if not words:
        return
    in_run = fastest(lambda: (long_run(setup, before), word_replays(setup, games, prepared))[1],
                     repeat)
    on_engine = calls(lambda: engine_replays(setup, games, "sampled"))
    on_repeated = calls(lambda: word_replays(setup, games, prepared))
    on_fresh = 0
    for game, plan in zip(games, prepared):  # each from nothing kept, as timed
        forget_words(setup)
        on_fresh += calls(lambda: word_replays(setup, [game], [plan]))
    long_run(setup, before)
    on_run = calls(lambda: word_replays(setup, games, prepared))
    for name, tally, made, base in [("repeated", repeated, on_repeated, engine),
                                    ("fresh", first, on_fresh, engine),
                                    ("long run", in_run, on_run, batch)]:
        extra = (tally.seconds - base.seconds) / tally.moves * 1e6
        print(f"  word by word ({name}){' ' * (9 - len(name))}{extra:6.1f} µs/move and "
              f"{(made - on_engine) / tally.moves:5.1f} Python calls/move on top of the "
              f"engine's {base.seconds / base.moves * 1e6:.1f} µs and "
              f"{on_engine / tally.moves:.1f} calls (listed and played)")


if __name__ == "__main__":
    main()
