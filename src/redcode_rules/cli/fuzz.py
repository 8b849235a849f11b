"""``redcode fuzz``: random games checking every invariant, of an edition or of card files."""

from __future__ import annotations

import argparse
from typing import Any

from ..base.errors import Failure, RedCodeError, UsageError
from ..lang.loader import load_ruleset
from ..testing.fuzz import (CARD_FUZZ_GAMES, FUZZ_GAMES, NEW_ORDER_SHARE, card_fuzz_rules, fuzz,
                            fuzz_cards)
from .options import (FAILURE, emit, json_option, parse_teams, positive_int, progress_bar, rules_of,
                      say, share)


def card_setup(args: argparse.Namespace):
    """The rules and teams of ``fuzz --cards``; bad card files or teams are usage errors."""
    try:
        plain = load_ruleset(args.edition, args.cards)
        teams = parse_teams(args.teams, plain) if args.teams else None
        return card_fuzz_rules(args.edition, args.cards, teams, args.deck_share)
    except RedCodeError as err:
        raise UsageError(str(err)) from None


def cmd_fuzz(args: argparse.Namespace) -> int:
    """Random games checking every invariant; a broken one is a failure (exit 1),
    its shrunk replay written to --out. With --cards, the card files' new cards
    and ship types are put into play and their use counted (fuzz.fuzz_cards)."""
    usage = None
    if args.games is None:
        args.games = CARD_FUZZ_GAMES if args.cards else FUZZ_GAMES
    if args.cards:
        setup = card_setup(args)
        rules = setup.rules
    else:
        rules = rules_of(args)
        if args.teams:
            raise UsageError("fuzz: --teams chooses the teams of a card file's games; "
                             "give --cards FILE")
    with progress_bar(enabled=not (args.quiet or args.json), total=args.games) as advance:
        try:
            if args.cards:
                failure, usage = fuzz_cards(setup, games=args.games, seed=args.seed,
                                            out=args.out, progress=advance)
            else:
                failure = fuzz(rules, games=args.games, seed=args.seed, out=args.out,
                               progress=advance)
        except OSError as err:
            raise Failure(f"--out: cannot write {err.filename or args.out}: "
                          f"{err.strerror or err}") from None
    if args.json:
        doc = {"command": "fuzz", "ok": failure is None, "games": args.games, "seed": args.seed,
               "ruleset": rules.name, "hash": rules.hash,
               "failure": None if failure is None else failure.to_dict()}
        if usage is not None:
            doc["deck"] = setup.deck
            doc["teams"] = [teams for mode, teams in setup.choices if mode == "war"]
            doc["usage"] = usage.to_dict()
        emit(doc)
        return 0 if failure is None else FAILURE
    if usage is not None:
        for line in usage.report():
            say(line)
    if failure is None:
        say(f"{args.games} random games of {rules.name} ({rules.hash}): every invariant held")
        return 0
    say("broken invariant — " + failure.report())
    return FAILURE


def add_fuzz(sub: Any) -> None:
    """``redcode fuzz``: random games checking every invariant."""
    fz = sub.add_parser("fuzz", help="random games checking every invariant; shrinks failures")
    fz.add_argument("--edition", default="en", help="en, es, it or a variant file")
    fz.add_argument("--cards", action="append", default=[],
                    help="card file whose new cards and ship types are put into play, and "
                         "their use counted (repeat for several files, applied in order)")
    fz.add_argument("--teams", default=None,
                    help="with --cards: the teams of every game (1v1, 2v2, 3v3 or "
                         "frigate,submarine/frigate,destroyer; default: 1v1 to 3v3 with "
                         "the new ship types first)")
    fz.add_argument("--deck-share", type=share, default=NEW_ORDER_SHARE,
                    help="with --cards: the share of the deck given to the new order cards "
                         f"(default {NEW_ORDER_SHARE})")
    fz.add_argument("--games", type=positive_int, default=None,
                    help=f"how many random games (default: {FUZZ_GAMES}; with --cards "
                         f"{CARD_FUZZ_GAMES})")
    fz.add_argument("--seed", type=int, default=0,
                    help="the random state the games are drawn from (default: 0)")
    fz.add_argument("--out", default=".", help="folder for the replays of a failure")
    fz.add_argument("--quiet", action="store_true",
                    help="no progress (the bar on a terminal, a line a tenth off one)")
    json_option(fz)
    fz.set_defaults(func=cmd_fuzz)
