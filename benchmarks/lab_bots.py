"""The balance lab's games with each bot (a benchmark, not a test): the
processor seconds a game takes, how games end, and how often each new card
was held, playable and played.

    python benchmarks/lab_bots.py --bots greedy lookahead --games 20
    python benchmarks/lab_bots.py --cards cards/examples/modifiers_smoke_screen.rc \
        --bots greedy lookahead --games 20

Each bot plays the same seat-swapped games ``redcode balance --bots BOT``
plays (the same seeds), one after the other in this process; the seconds
are this process's processor time, so other work on a shared machine does
not inflate them.
"""

from __future__ import annotations

import argparse
import time

from redcode_rules.lab.balance import BalanceSetup, new_cards_of
from redcode_rules.bots.specs import parse_bot
from redcode_rules.lab.selfplay import RulesSource, play_game


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--bots", nargs="+", default=["greedy", "lookahead"])
    p.add_argument("--cards", nargs="*", default=[])
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    source = RulesSource.from_files("en", args.cards)
    new = sorted(new_cards_of(source, RulesSource()))
    for text in args.bots:
        setup = BalanceSetup(source, parse_bot(text), args.games, seed=args.seed)
        start = time.process_time()
        records = [play_game(spec) for spec in setup.specs()]
        seconds = time.process_time() - start
        ends = {reason: sum(r.reason == reason for r in records)
                for reason in sorted({r.reason for r in records})}
        print(f"{text}: {seconds / len(records):.2f} s per game ({len(records)} games, "
              f"{seconds:.0f} s), mean {sum(r.turns for r in records) / len(records):.1f} "
              f"turns, ends {ends}")
        for name in new:
            total = {k: sum(f[k] for r in records for f in r.cards.get(name, {}).values())
                     for k in ("drawn", "held", "playable", "played")}
            print(f"  {name}: drawn {total['drawn']}, held at {total['held']} decisions, "
                  f"playable at {total['playable']}, played {total['played']}")


if __name__ == "__main__":
    main()
