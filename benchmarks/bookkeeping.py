"""The cost of the state's bookkeeping as it grows: one move giving N
statuses to a ship (in and against declaration order), one move placing K
token kinds on every box of an 8x6 area, and the replay of a game with
those tokens on the board.

    python benchmarks/bookkeeping.py [statuses] [tokens] [replay]

The card files are written to a temporary folder. Giving a status and
placing a token should cost the same however many there already are.
"""

import json
import random
import sys
import tempfile
import time
from pathlib import Path

import redcode_rules as rc
from redcode_rules.formats.replay import make_replay, replay

BOARD = "\n".join("  " + "." * 8 for _ in range(6))


def game(path: Path, hand: str) -> rc.Game:
    return rc.Game.from_scenario(
        f"edition: en\nmode: war\nextra: [{path}]\nboard: |\n{BOARD}\nships:\n"
        "  blue-submarine: {at: a3}\n  red-destroyer: {at: c3}\n"
        f"hands: {{blue-submarine: [{hand}]}}\nturn: blue-submarine\nphase: maneuvers\n"
        "deck: []\n")


def statuses(folder: Path, n: int, backwards: bool) -> float:
    path = folder / f"statuses_{n}_{backwards}.rc"
    order = range(n - 1, -1, -1) if backwards else range(n)
    path.write_text("".join(f"status s{i} {{ permanent  forbids orders }}\n" for i in range(n))
                    + "order give_all { copies 0  effect "
                    + "; ".join(f"status s{i} on target" for i in order) + " }\n")
    g = game(path, "give_all")
    started = time.perf_counter()
    g.play("order give_all red-destroyer")
    return time.perf_counter() - started


def token_file(folder: Path, kinds: int) -> Path:
    path = folder / f"tokens_{kinds}.rc"
    path.write_text("".join(f'token t{i} {{ mark "{chr(0x4E00 + i)}"  when enters '
                            '{ effect regain repair 1 to target } }\n' for i in range(kinds))
                    + "order lay_all { copies 0  target area 8x6  effect "
                    + "; ".join(f"place_token t{i} on area" for i in range(kinds)) + " }\n")
    return path


def tokens(folder: Path, kinds: int) -> tuple[float, int]:
    g = game(token_file(folder, kinds), "lay_all")
    started = time.perf_counter()
    g.play("order lay_all a1")
    return time.perf_counter() - started, len(g.state.tokens)


def replayed(folder: Path, kinds: int, moves: int = 60) -> tuple[float, int, int]:
    g = game(token_file(folder, kinds), "lay_all")
    g.play("order lay_all a1")
    rnd = random.Random(1)
    for _ in range(moves):
        if g.decision == "over":
            break
        g.play(rnd.choice(g.legal_moves()))
    data = make_replay(g)
    started = time.perf_counter()
    replay(data)
    return time.perf_counter() - started, len(json.dumps(data)) // 1024, len(g.moves)


def main(which: list[str]) -> None:
    which = which or ["statuses", "tokens", "replay"]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        if "statuses" in which:
            for n in (500, 2000):
                for backwards in (False, True):
                    print(f"{n} statuses in one move{' (last declared first)' if backwards else ''}:"
                          f" {statuses(folder, n, backwards):.3f} s", flush=True)
        if "tokens" in which:
            for kinds in (100, 500):
                took, placed = tokens(folder, kinds)
                print(f"{kinds} token kinds on an 8x6 area ({placed} tokens) in one move: "
                      f"{took:.3f} s", flush=True)
        if "replay" in which:
            took, size, count = replayed(folder, 500)
            print(f"replay of {count} moves ({size} KB) with 24,000 tokens on the board: "
                  f"{took:.3f} s", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
