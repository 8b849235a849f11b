"""Random playouts: games/s, moves/s and moves/game on one core.

Plays uniformly random complete games (``legal_moves()`` listed at every
decision, one picked with a seeded ``random.Random``) for a time budget per
configuration, then times ``clone()`` and the JSON round trip.

Every game starts from the fixed placement (``placement="fixed"``, D2.8),
as the figures measured before the players chose their boxes (R2.8) did, so
they stay comparable: the placement decisions would add one or two moves
per ship to each game.

    python benchmarks/playouts.py [--seconds 10] [--edition en] [--breakdown] [--cpu]
    python benchmarks/playouts.py --memory 100,2000,10000
    python benchmarks/playouts.py --parallel 10000 [--workers 2]

With the ``bench`` extra installed (python-chess, OpenSpiel) the same run
also plays python-chess random games (``list(board.legal_moves)`` + ``push``
until game over or 300 plies) and OpenSpiel's pure-Python
``python_team_dominoes`` (``legal_actions()`` + ``apply_action``, chance
outcomes sampled), and prints our 1v1 war moves/s as a ratio to each.

The first line says whether the engine runs pure Python (an editable
install) or with its core compiled (a wheel: ``pip install '.[bench]'``,
see setup.py); compare like with like.

``--memory 100,10000`` plays that many 1v1 war random games one after the
other instead (the games by ids, ``legal_move_ids``/``play_id``, each game
dropped when over) and prints the process's peak resident memory after
each count: flat when a game leaves nothing behind.

``--parallel 10000`` plays that many 1v1 war random games on ``--workers``
processes (``multiprocessing``, one game per task in chunks) and prints the
wall time and games/s of the whole run, as a tournament would use the cores.

``--breakdown`` adds where the 1v1 war time goes: per kind of decision,
its share of the moves, the time to list and to play one, how many moves
it lists; and the garbage collector's time per move.
"""

from __future__ import annotations

import argparse
import collections
import gc
import random
import statistics
import time

import redcode_rules as rc

#: D2.8: every game starts from the fixed placement (see the docstring).
PLACEMENT = "fixed"


def clock() -> float:
    """The benchmark's clock: wall time, or this process's CPU time with
    ``--cpu`` (on a machine other processes load, where wall time measures
    them as much as us)."""
    return CLOCK[0]()


CLOCK = [time.perf_counter]

CONFIGS = [
    ("1v1 war", "war", [["submarine"], ["destroyer"]]),
    ("2v2 arena", "arena", [["submarine", "destroyer"], ["destroyer", "aircraft_carrier"]]),
    ("3v3 war", "war", [["submarine", "destroyer", "aircraft_carrier"]] * 2),
]


def playouts(rules, mode, teams, seconds: float, seed: int = 0) -> tuple[int, int, float]:
    rnd = random.Random(seed)
    games = moves = 0
    start = clock()
    while clock() - start < seconds:
        game = rc.new_game(rules, mode=mode, teams=teams, seed=rnd.randrange(1 << 30),
                           placement=PLACEMENT)
        while not game.is_over:
            game.play(rnd.choice(game.legal_moves()))
            moves += 1
        games += 1
    return games, moves, clock() - start


def id_playouts(rules, seconds: float, seed: int = 0) -> tuple[int, int, float]:
    """``playouts`` of 1v1 war by move ids (``legal_move_ids``/``play_id``):
    the programs' form, no move text read."""
    rnd = random.Random(seed)
    games = moves = 0
    start = clock()
    while clock() - start < seconds:
        game = rc.new_game(rules, seed=rnd.randrange(1 << 30), placement=PLACEMENT)
        while not game.is_over:
            game.play_id(rnd.choice(game.legal_move_ids()))
            moves += 1
        games += 1
    return games, moves, clock() - start


def chess_playouts(seconds: float, seed: int = 0) -> tuple[int, int, float]:
    import chess
    rnd = random.Random(seed)
    games = plies = 0
    start = clock()
    while clock() - start < seconds:
        board = chess.Board()
        n = 0
        while n < 300 and not board.is_game_over():
            board.push(rnd.choice(list(board.legal_moves)))
            n += 1
        plies += n
        games += 1
    return games, plies, clock() - start


def dominoes_playouts(seconds: float, seed: int = 0) -> tuple[int, int, float]:
    import pyspiel
    from open_spiel.python.games import team_dominoes  # noqa: F401 (registers the game)
    game = pyspiel.load_game("python_team_dominoes")
    rnd = random.Random(seed)
    games = actions = 0
    start = clock()
    while clock() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rnd.choices(outcomes, probs)[0])
            else:
                state.apply_action(rnd.choice(state.legal_actions()))
            actions += 1
        games += 1
    return games, actions, clock() - start


def peers(ours: float, seconds: float) -> None:
    """Ratios to python-chess and OpenSpiel, when the bench extra is installed."""
    for name, run in (("python-chess", chess_playouts),
                      ("OpenSpiel python_team_dominoes", dominoes_playouts)):
        try:
            games, moves, elapsed = run(seconds)
        except ImportError:
            print(f"{name}: not installed (pip install -e '.[bench]')")
            continue
        rate = moves / elapsed
        print(f"{name:31} {games / elapsed:8.2f} games/s {rate:10.0f} moves/s  "
              f"ratio ours/theirs {ours / rate:5.2f}")


def breakdown(rules, seconds: float, seed: int = 0) -> None:
    """Per decision kind: share of moves, µs to list, µs to play, moves listed."""
    rnd = random.Random(seed)
    count: collections.Counter = collections.Counter()
    listing: collections.Counter = collections.Counter()
    playing: collections.Counter = collections.Counter()
    listed: collections.Counter = collections.Counter()
    collecting = [0.0, 0.0]  # total, start of the running collection

    def on_gc(phase, _info):
        if phase == "start":
            collecting[1] = time.perf_counter()
        else:
            collecting[0] += time.perf_counter() - collecting[1]

    clock = time.perf_counter
    gc.callbacks.append(on_gc)
    start = clock()
    try:
        while clock() - start < seconds:
            game = rc.new_game(rules, seed=rnd.randrange(1 << 30), placement=PLACEMENT)
            while not game.is_over:
                kind = game.decision
                t0 = clock()
                moves = game.legal_moves()
                t1 = clock()
                game.play(rnd.choice(moves))
                t2 = clock()
                count[kind] += 1
                listing[kind] += t1 - t0
                playing[kind] += t2 - t1
                listed[kind] += len(moves)
    finally:
        gc.callbacks.remove(on_gc)
    total = sum(count.values())
    print(f"1v1 war breakdown over {total} moves (timers included):")
    for kind, n in count.most_common():
        print(f"  {kind:8} {n / total:6.1%} of moves  list {listing[kind] / n * 1e6:6.1f} µs  "
              f"play {playing[kind] / n * 1e6:6.1f} µs  {listed[kind] / n:7.1f} moves listed")
    print(f"  garbage collector {collecting[0] / total * 1e6:.1f} µs per move")


def random_game(rules, seed: int) -> int:
    """One 1v1 war random game by move ids, from ``seed``; its length in moves."""
    rnd = random.Random(seed)
    game = rc.new_game(rules, seed=seed, placement=PLACEMENT)
    moves = 0
    while not game.is_over:
        game.play_id(rnd.randrange(len(game.legal_move_ids())))
        moves += 1
    return moves


def peak_rss_mb() -> float:
    """The process's peak resident memory so far (Linux: ``ru_maxrss`` in kB)."""
    import resource
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def memory(rules, counts: list[int]) -> None:
    """Peak resident memory after each count of games played one after the other."""
    print(f"peak RSS before any game {peak_rss_mb():8.1f} MB")
    played = 0
    start = time.perf_counter()
    for count in sorted(counts):
        while played < count:
            random_game(rules, played)
            played += 1
        print(f"peak RSS after {played:6} games {peak_rss_mb():8.1f} MB "
              f"({time.perf_counter() - start:.0f} s)")


_RULES = None


def _init_worker(edition: str) -> None:
    global _RULES
    _RULES = rc.load_ruleset(edition)


def _worker_game(seed: int) -> int:
    return random_game(_RULES, seed)


def parallel(edition: str, games: int, workers: int) -> None:
    """``games`` random games on ``workers`` processes: wall time, games/s."""
    import multiprocessing
    start = time.perf_counter()
    with multiprocessing.Pool(workers, _init_worker, (edition,)) as pool:
        moves = sum(pool.imap_unordered(_worker_game, range(games),
                                         chunksize=max(1, games // (workers * 50))))
    elapsed = time.perf_counter() - start
    print(f"{games} 1v1 war random games on {workers} processes: {elapsed:.1f} s wall, "
          f"{games / elapsed:.1f} games/s, {moves / elapsed:.0f} moves/s "
          f"(ruleset loading and process start included)")


def per_call(fn, n: int) -> float:
    start = clock()
    for _ in range(n):
        fn()
    return (clock() - start) / n * 1e6


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--edition", default="en")
    ap.add_argument("--breakdown", action="store_true",
                    help="also print where the 1v1 war time goes")
    ap.add_argument("--memory", metavar="N,N,...",
                    help="peak RSS after that many games played one after the other")
    ap.add_argument("--parallel", type=int, metavar="GAMES",
                    help="play that many games on --workers processes, timed")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--cpu", action="store_true",
                    help="time by this process's CPU time, not wall time (a loaded machine)")
    args = ap.parse_args()
    if args.cpu:
        CLOCK[0] = time.process_time
    if args.parallel:
        parallel(args.edition, args.parallel, args.workers)
        return
    rules = rc.load_ruleset(args.edition)
    if args.memory:
        memory(rules, [int(n) for n in args.memory.split(",")])
        return
    compiled = rc.compiled_modules()
    core = f"compiled core ({', '.join(compiled)})" if compiled else "pure Python"
    budget = f"{args.seconds:g} s{' of CPU' if args.cpu else ''}"
    print(f"edition {args.edition}, {budget} per configuration, one core, {core}, "
          f"{PLACEMENT} placement")
    rates = {}
    for name, mode, teams in CONFIGS:
        games, moves, elapsed = playouts(rules, mode, teams, args.seconds)
        rates[name] = moves / elapsed
        print(f"{name:10} {games / elapsed:8.2f} games/s {moves / elapsed:10.0f} moves/s "
              f"{moves / max(games, 1):8.1f} moves/game")
    if hasattr(rc.Game, "play_id"):  # not in versions before it, which this may compare
        games, moves, elapsed = id_playouts(rules, args.seconds)
        print(f"{'1v1 by ids':10} {games / elapsed:8.2f} games/s {moves / elapsed:10.0f} "
              f"moves/s {moves / max(games, 1):8.1f} moves/game")
    peers(rates["1v1 war"], args.seconds)
    # a mid-game position for the per-call figures
    rnd = random.Random(1)
    game = rc.new_game(rules, seed=1, placement=PLACEMENT)
    for _ in range(60):
        game.play(rnd.choice(game.legal_moves()))
    text = game.to_json()
    clone_us = statistics.median(per_call(game.clone, 2000) for _ in range(3))
    to_json_us = statistics.median(per_call(game.to_json, 200) for _ in range(3))
    from_json_us = statistics.median(per_call(lambda: rc.Game.from_json(text), 200)
                                     for _ in range(3))
    print(f"clone()     {clone_us:8.1f} µs")
    print(f"to_json()   {to_json_us:8.1f} µs")
    print(f"from_json() {from_json_us:8.1f} µs")
    if args.breakdown:
        breakdown(rules, args.seconds)


if __name__ == "__main__":
    main()
