"""``redcode tournament`` and ``balance``: the balance lab's commands."""

from __future__ import annotations

import argparse
from typing import Any

from ..base.errors import Failure, RedCodeError, UsageError
from ..lab.balance import BalanceSetup, run_balance
from ..lab.report import markdown, write_report
from ..lab.runner import Venue
from ..lab.selfplay import RulesSource
from ..lab.tournament import TournamentSetup, run_tournament
from ..lang.loader import builtin_editions
from .options import (bot_spec, emit, flat, json_option, parse_teams, positive_int, progress_bar,
                      readable_files, say)


def where_of(args: argparse.Namespace) -> Venue:
    """Where a lab command plays its games: --jobs local processes or --scheduler."""
    return Venue(jobs=args.jobs or 0, scheduler=getattr(args, "scheduler", None))


def sources_of(args: argparse.Namespace) -> tuple[RulesSource, RulesSource | None]:
    """Ruleset A (edition and --cards) and B (--against files, or the plain
    edition with ``--against EDITION``), as texts that workers can compile."""
    cards, against = flat(args.cards), flat(args.against)
    readable_files(cards, "card file")
    a = RulesSource.from_files(args.edition, cards, "A")
    b = None
    if against:
        plain = [f for f in against if f in builtin_editions()]
        files = [f for f in against if f not in builtin_editions()]
        readable_files(files, "card file")
        b = RulesSource.from_files(plain[0] if plain else args.edition, files, "B")
    for source in (a, b):
        if source is not None:
            try:
                source.load()
            except RedCodeError as err:
                raise UsageError(str(err)) from None
    return a, b


def lab_options(sp, jobs_help: str) -> None:
    """The options of the lab's commands: edition, cards, games, where, seed, output."""
    sp.add_argument("--edition", default="en",
                    help="en, es, it or a variant file (default: en)")
    sp.add_argument("--cards", action="append", default=[], metavar="FILE", nargs="+",
                    type=str, help="extra card files")
    sp.add_argument("--games", type=positive_int, default=100, help=jobs_help)
    sp.add_argument("--jobs", type=positive_int, default=None,
                    help="local processes (default: one per core; 1: this process)")
    sp.add_argument("--seed", type=int, default=1,
                    help="the random state of the games: same seed, same results "
                         "whatever plays them (default: 1)")
    sp.add_argument("--quiet", action="store_true",
                    help="no progress (the bar on a terminal, a line a tenth off one)")
    json_option(sp)


def cmd_tournament(args: argparse.Namespace) -> int:
    """Every pair of bots plays --games games, seats swapped in pairs."""
    if len(args.bots) < 2:
        raise UsageError("tournament: --bots needs at least two bots")
    source, _ = sources_of(argparse.Namespace(edition=args.edition, cards=args.cards,
                                              against=[]))
    rules = source.load()
    blue, red = parse_teams(args.teams, rules)
    setup = TournamentSetup(tuple(bot_spec(b) for b in args.bots), args.games, source,
                            args.mode, (tuple(blue), tuple(red)), args.seed)
    where = where_of(args)
    total = len(setup.pairs()) * args.games
    with progress_bar(enabled=not (args.quiet or args.json), total=total) as advance:
        result = run_tournament(setup, where, advance)
    if args.json:
        emit({"command": "tournament", "ok": True, **result.to_dict()})
        return 0
    for line in result.lines():
        say(line)
    return 0


def add_tournament(sub: Any) -> None:
    """``redcode tournament``: every pair of bots."""
    t = sub.add_parser("tournament", help="every pair of bots, win rates and ratings",
                       description="Every pair of bots plays --games games, seats swapped "
                                   "in pairs; win rates with 95% Wilson intervals and "
                                   "Bradley-Terry ratings (Elo scale) with 95% intervals.")
    t.add_argument("--bots", nargs="+", required=True, metavar="BOT",
                   help="the bots: random, greedy, lookahead, mcts, mcts:iterations=500, ...")
    lab_options(t, "games per pair of bots (default: 100)")
    t.add_argument("--mode", default="war", choices=["war", "arena"],
                   help="war or arena (default: war)")
    t.add_argument("--teams", default="1v1", help="1v1, 2v2, 3v3 or types (default: 1v1)")
    t.set_defaults(func=cmd_tournament)


def cmd_balance(args: argparse.Namespace) -> int:
    """Seat-swapped games of ruleset A (and B): figures, flags, A/B tests, a report."""
    a, b = sources_of(args)
    modes = tuple(m.strip() for m in args.modes.split(","))
    bad = [m for m in modes if m not in ("war", "arena")]
    if bad:
        raise UsageError(f"balance: --modes: no mode {bad[0]!r}; modes are war, arena")
    setup = BalanceSetup(a, bot_spec(args.bots), args.games, b, modes,
                         tuple(t.strip() for t in args.teams.split(",")), args.seed)
    specs = setup.specs()  # bad team sizes fail here, before a game is played
    with progress_bar(enabled=not (args.quiet or args.json), total=len(specs)) as advance:
        report = run_balance(setup, where_of(args), advance)
    written = []
    if args.out:
        try:
            written = write_report(report, args.out)
        except OSError as err:
            raise Failure(f"--out: cannot write {err.filename or args.out}: "
                          f"{err.strerror or err}") from None
    if args.json:
        emit({"command": "balance", "ok": True, **report,
              "written": [str(p) for p in written]})
        return 0
    say(markdown(report))
    for path in written:
        say(f"wrote {path}")
    return 0


def add_balance(sub: Any) -> None:
    """``redcode balance``: win rates and per-card figures of card files."""
    bl = sub.add_parser("balance", help="win rates and per-card figures of card files",
                        description="Seat-swapped bot games of the edition with --cards (A) "
                                    "and, with --against, of other files or an edition (B): "
                                    "win rates with 95% intervals, per-card figures (how "
                                    "often playable when held, played, won), A/B tests; "
                                    "flags corrected for the many cards and figures tested "
                                    "(Holm); --out writes an HTML report with plots.")
    lab_options(bl, "games per configuration and ruleset (default: 100)")
    bl.add_argument("--against", action="append", default=[], metavar="FILE", nargs="+",
                    help="ruleset B: card files, or an edition name (en) for the plain edition")
    bl.add_argument("--bots", default="lookahead", metavar="BOT",
                    help="the bot of every seat (default: lookahead, which weighs each card "
                         "by what it does over the next turns; greedy is faster but blind "
                         "to what a card does later)")
    bl.add_argument("--modes", default="war", help="war, arena or war,arena (default: war)")
    bl.add_argument("--teams", default="1v1", help="team sizes, e.g. 1v1,2v2 (default: 1v1)")
    bl.add_argument("--scheduler", default=None, metavar="ADDRESS",
                    help="run on a Dask cluster (tcp://host:8786), or 'local' for a "
                         "LocalCluster of --jobs workers (needs the lab extra)")
    bl.add_argument("--out", default=None, metavar="DIR",
                    help="write report.html, report.md and report.json into DIR")
    bl.set_defaults(func=cmd_balance)
