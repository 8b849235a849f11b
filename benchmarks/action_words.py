"""Moves as words (redcode_rules.ai.actions): vocabulary sizes, legal actions
per step, steps per game against moves per game, other encodings measured
on the same games, and the speed of word-by-word play.

    python benchmarks/action_words.py [--games 50] [--edition en] [--seconds 5]

Vocabulary: per edition and team size, with the printed cards and with each
example card file of cards/examples loaded (the largest is printed).

Statistics: ``--games`` random 1v1 war games (each move drawn uniformly
from ``legal_moves()``, placement chosen by the players, R2.8); every move
is then taken word by word (``actions_of``), asking the legal actions at
each step. The same moves counted under other encodings:

- words (this one): one step per word, plus STOP where a move is the
  beginning of a longer legal move;
- words, forced skipped: a step with one legal action is taken by the
  environment (the first step of a decision stays, so every decision is a
  step);
- keyword fused: a keyword and its argument as one word (``order:kamikaze``,
  ``place:g6``), a larger vocabulary for fewer steps;
- move index: one step per move, its index among the legal moves: fewest
  steps, but an index means a different move in every position and the
  space must be as large as the largest listing (not fixed).

Speed (not a timed test): uniformly random engine playouts (``play`` of a
random listed move) against the same games played word by word through
the space (``legal_actions`` + ``step`` at each step), and games of
uniformly random actions; moves/s and actions/s.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from pathlib import Path

import redcode_rules as rc
from redcode_rules.ai.actions import ActionSpace, keywords

TEAMS = {"1v1": [["submarine"], ["destroyer"]],
         "2v2": [["submarine", "destroyer"], ["destroyer", "aircraft_carrier"]],
         "3v3": [["submarine", "destroyer", "aircraft_carrier"]] * 2}
EXAMPLES = Path(__file__).resolve().parents[1] / "cards" / "examples"
#: runs of each timing, interleaved (the best is kept)
REPEAT = 3
#: keywords that take an argument (``end``, ``pass`` stand alone)
ARGUMENT_KEYWORDS = frozenset(keywords()) - {"end", "pass", "withdrawn"}


def vocabulary_sizes() -> None:
    print("vocabulary size (words) per edition and team size")
    for edition in ("en", "es", "it"):
        rules = rc.load_ruleset(edition)
        sizes = []
        for teams in TEAMS.values():
            game = rc.new_game(rules, teams=teams, placement="fixed")
            sizes.append(ActionSpace.for_game(game).size)
        largest = (0, "")
        for path in sorted(EXAMPLES.glob("*.rc")):
            extra = rc.load_ruleset(edition, extra=[str(path)])
            size = ActionSpace.for_game(rc.new_game(extra, placement="fixed")).size
            largest = max(largest, (size, path.name))
        battleship = ActionSpace.for_game(rc.new_game(
            rc.load_ruleset(edition, extra=[str(EXAMPLES / "battleship.rc")]),
            placement="fixed")).size
        print(f"  {edition}: 1v1 {sizes[0]}, 2v2 {sizes[1]}, 3v3 {sizes[2]}; "
              f"+battleship.rc {battleship}; largest with one example file "
              f"{largest[0]} ({largest[1]})")


def random_games(rules, games: int, seed: int = 0):
    """Random 1v1 war games (moves drawn from ``legal_moves()``), as lists of
    (position, move) per move: a generator, one game at a time."""
    rnd = random.Random(seed)
    for _ in range(games):
        game = rc.new_game(rules, teams=TEAMS["1v1"], seed=rnd.randrange(1 << 30))
        while not game.is_over:
            yield game, rnd.choice(game.legal_moves())
        yield game, None


def statistics_of_words(rules, games: int) -> None:
    per_step: list[int] = []
    steps = forced = fused = moves = stops = 0
    per_game_moves: list[int] = []
    per_game_steps: list[int] = []
    game_moves = game_steps = 0
    largest_listing = 0
    space = None
    for game, move in random_games(rules, games):
        if move is None:
            per_game_moves.append(game_moves)
            per_game_steps.append(game_steps)
            game_moves = game_steps = 0
            continue
        space = space or ActionSpace.for_game(game)
        largest_listing = max(largest_listing, len(game.legal_moves()))
        actions = space.actions_of(game, move)
        prefix: tuple[int, ...] = ()
        for i, action in enumerate(actions):
            legal = space.legal_actions(game, prefix)
            per_step.append(len(legal))
            if len(legal) == 1 and i:
                forced += 1
            prefix += (action,)
        words = move.split(" ")
        fused += len(actions) - (1 if words[0] in ARGUMENT_KEYWORDS and len(words) > 1 else 0)
        stops += actions[-1] == space.stop
        steps += len(actions)
        game_steps += len(actions)
        moves += 1
        game_moves += 1
        game.play(move)
    assert space is not None
    print(f"\n{games} random 1v1 war games ({rules.name}), {moves} moves, {steps} steps")
    print(f"  legal actions per step: largest {max(per_step)}, mean {statistics.mean(per_step):.2f},"
          f" median {statistics.median(per_step)} (legal moves at once: up to {largest_listing})")
    print(f"  moves per game: mean {statistics.mean(per_game_moves):.0f}, "
          f"largest {max(per_game_moves)}")
    print(f"  steps per game: mean {statistics.mean(per_game_steps):.0f}, "
          f"largest {max(per_game_steps)}; steps per move {steps / moves:.3f}; "
          f"moves ended by STOP {stops} ({100 * stops / moves:.1f}%)")
    print("  other encodings, steps per move (same games):")
    print(f"    words (this one)       {steps / moves:.3f}   vocabulary {space.size}")
    print(f"    words, forced skipped  {(steps - forced) / moves:.3f}   vocabulary {space.size}")
    fused_size = space.size + sum(len(fused_arguments(space, k)) for k in ARGUMENT_KEYWORDS)
    print(f"    keyword fused          {fused / moves:.3f}   vocabulary {fused_size}")
    print(f"    move index             1.000   vocabulary >= {largest_listing} (not fixed)")


def fused_arguments(space: ActionSpace, keyword: str) -> list[str]:
    """The words a fused keyword could take (an upper bound by group)."""
    groups = {g.name: g.words for g in space.groups}
    by = {"order": groups["order"], "respond": groups["maneuver"],
          "recover": groups["maneuver"] + ("withdrawn",), "discard": groups["order"],
          "place": groups["box"], "choose": groups["order"] + groups["ship"]}
    return list(by.get(keyword, ()))


def new_1v1(rules, seed: int):
    return rc.new_game(rules, teams=TEAMS["1v1"], seed=seed, placement="fixed")


def engine_playouts(rules, seconds: float, seed: int = 1):
    """Random engine games for ``seconds`` of CPU: (seed, moves) per game."""
    rnd = random.Random(seed)
    games = []
    start = time.process_time()
    while time.process_time() - start < seconds:
        game = new_1v1(rules, rnd.randrange(1 << 30))
        pick = random.Random(len(games))
        while not game.is_over:
            game.play(pick.choice(game.legal_moves()))
        games.append((game.setup["seed"], list(game.moves)))
    return games


def engine_replay(rules, games) -> float:
    """CPU seconds to play ``games`` again as the engine's playouts do:
    ``legal_moves()`` listed, then ``play``."""
    start = time.process_time()
    for seed, moves in games:
        game = new_1v1(rules, seed)
        for move in moves:
            game.legal_moves()
            game.play(move)
    return time.process_time() - start


def words_replay(rules, games) -> tuple[float, int]:
    """CPU seconds (and steps) to play ``games`` again word by word, as an
    agent does: ``legal_actions`` then ``step`` per word. The actions are
    found beforehand, untimed."""
    plans = []
    for seed, moves in games:
        game = new_1v1(rules, seed)
        space = ActionSpace.for_game(game)
        plan = []
        for move in moves:
            plan.append(space.actions_of(game, move))
            game.play(move)
        plans.append((seed, plan))
    steps = 0
    start = time.process_time()
    for seed, plan in plans:
        game = new_1v1(rules, seed)
        space = ActionSpace.for_game(game)
        for actions in plan:
            prefix: tuple[int, ...] | None = ()
            for action in actions:
                space.legal_actions(game, prefix)
                prefix = space.step(game, prefix, action)
            steps += len(actions)
    return time.process_time() - start, steps


def random_word_games(rules, count: int, seed: int = 2):
    """Games of uniformly random actions (a different distribution of games
    from random moves: each word is drawn uniformly)."""
    rnd = random.Random(seed)
    games = []
    for _ in range(count):
        game = new_1v1(rules, rnd.randrange(1 << 30))
        space = ActionSpace.for_game(game)
        prefix: tuple[int, ...] | None = ()
        while not game.is_over:
            prefix = space.step(game, prefix, rnd.choice(space.legal_actions(game, prefix)))
            prefix = () if prefix is None else prefix
        games.append((game.setup["seed"], list(game.moves)))
    return games


def speed(rules, seconds: float) -> None:
    print(f"\nspeed (1v1 war, fixed placement, CPU time, compiled: "
          f"{', '.join(rc.compiled_modules()) or 'none'}); the same games both ways, best of {REPEAT}")
    for name, games in (("random moves", engine_playouts(rules, seconds)),
                        ("random actions", random_word_games(rules, 40))):
        moves = sum(len(m) for _, m in games)
        engine = words = float("inf")
        for _ in range(REPEAT):  # interleaved, the best of each: other loads cost less
            engine = min(engine, engine_replay(rules, games))
            took, steps = words_replay(rules, games)
            words = min(words, took)
        print(f"  {name} ({len(games)} games, {moves / len(games):.0f} moves/game): engine "
              f"{moves / engine:,.0f} moves/s; word by word {moves / words:,.0f} moves/s, "
              f"{steps / words:,.0f} actions/s ({engine / words:.2f}x the engine)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--edition", default="en")
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    vocabulary_sizes()
    rules = rc.load_ruleset(args.edition)
    statistics_of_words(rules, args.games)
    speed(rules, args.seconds)


if __name__ == "__main__":
    main()
