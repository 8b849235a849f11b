"""The cost of a tally (D9.6) as the game's log grows: `number of cards used
by you this turn` reads the log back to the turn's start, `... this game`
and `ships lost of friendly this game` read all of it.

    python benchmarks/tallies.py [events ...]

Each figure is the time of one read, the best of 5 runs of 200 reads, on a
game whose log holds about that many events (turns ended one after the
other, each logging its end and the next start). Tallies are read from the
log rather than kept as counters in the state (docs/design.md, "Numbers"):
a turn's tally costs what the turn logged, a game's is linear in the log.
"""

import sys
import tempfile
import time
from pathlib import Path

import redcode_rules as rc
from redcode_rules.rules.card_classes import CardClass
from redcode_rules.rules.exprs import Measure, Period, Quantity, Scope, Subject, Tally

BOARD = "\n".join("." * 8 for _ in range(6))
TALLIES = {
    "cards used this turn": Tally(CardClass(), Subject.YOU, Period.TURN),
    "cards used this game": Tally(CardClass(), Subject.YOU, Period.GAME),
    "ships lost this game": Measure(Quantity.SHIPS_LOST, Subject.FRIENDLY, period=Period.GAME),
}


def game_with_log(folder: Path, events: int) -> rc.Game:
    """A game on open water whose log holds at least ``events`` events: turns
    ended one after the other, under a turn limit far enough away."""
    rules = folder / "long.rc"
    rules.write_text(f"rules {{ turn_limit {events} }}\n")
    g = rc.Game.from_scenario({"board": BOARD, "phase": "maneuvers", "extra": [str(rules)],
                               "ships": {"blue-submarine": {"at": "c3"},
                                         "red-destroyer": {"at": "e3"}}})
    while len(g.log) < events:
        g.play("end")
    return g


def per_read(g: rc.Game, tally) -> float:
    queries = g.engine.queries
    scope = Scope(g.engine.state.turn)
    best = float("inf")
    for _ in range(5):
        started = time.perf_counter()
        for _ in range(200):
            tally.value(queries, scope)
        best = min(best, (time.perf_counter() - started) / 200)
    return best


def main(sizes: list[int]) -> None:
    print("| log events | " + " | ".join(TALLIES) + " |")
    print("| --- |" + " --- |" * len(TALLIES))
    folder = Path(tempfile.mkdtemp())
    for n in sizes:
        g = game_with_log(folder, n)
        cells = [f"{per_read(g, t) * 1e6:.1f} µs" for t in TALLIES.values()]
        print(f"| {len(g.log)} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [100, 1000, 10000])
