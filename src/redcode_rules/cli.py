"""The ``redcode`` command: demo, check, rules, play."""

from __future__ import annotations

import argparse
import sys
from typing import Sequence

from .bots import BOTS, GreedyBot
from .errors import RedCodeError
from .game import Game, new_game
from .i18n import catalog, languages
from .loader import check_files, load_ruleset
from .model import Ruleset
from .narrate import board_text, narrate
from .setup import default_teams


def parse_teams(text: str, rules: Ruleset) -> list[list[str]]:
    """`1v1`, `2v2`, `3v3`, or explicit `submarine,destroyer/destroyer,submarine`."""
    types = list(rules.ships)
    if "/" in text:
        blue, red = text.split("/", 1)
        return [blue.split(","), red.split(",")]
    try:
        a, b = (int(x) for x in text.lower().split("v"))
    except ValueError:
        raise RedCodeError(f"--teams: expected 1v1, 2v2, 3v3 or types like "
                           f"submarine/destroyer, not {text!r}") from None
    if not (1 <= a <= len(types) and 1 <= b <= len(types)):
        raise RedCodeError(f"--teams: each side has 1 to {len(types)} ships")
    return default_teams(rules, a, b)


def play_out(game: Game, bots: dict[str, object], max_moves: int = 100_000) -> None:
    for _ in range(max_moves):
        if game.is_over:
            return
        game.play(bots[game.to_move].choose(game))


def cmd_demo(args: argparse.Namespace) -> int:
    rules = load_ruleset(args.edition, args.cards)
    teams = parse_teams(args.teams, rules)
    game = new_game(rules, mode=args.mode, teams=teams, seed=args.seed)
    kinds = {"blue": args.blue, "red": args.red}
    bots = {}
    for i, ship in enumerate(game.state.ships):
        bots[ship.id] = BOTS[kinds[ship.side]](args.seed * 100 + i)
    lang = demo_language(args.lang, rules)
    cat = catalog(lang)
    words = cat["demo"]
    print(words["title"].format(edition=rules.name, mode=cat["modes"][args.mode],
                                teams=args.teams, seed=args.seed))
    print(board_text(game))
    play_out(game, bots)
    for line in narrate(game.log, lang):
        print(line)
    print()
    print(board_text(game))
    if game.state.mode == "war":
        print(words["score"].format(**game.score))
    print(words["winner"].format(winner=cat["sides"].get(game.winner, game.winner)))
    return 0


def demo_language(requested: str | None, rules: Ruleset) -> str:
    """--lang, else the edition's language (the last of its lineage that has texts)."""
    if requested:
        if requested not in languages():
            raise RedCodeError(f"--lang: no texts for {requested!r}; languages are "
                               f"{', '.join(languages())}")
        return requested
    for name in reversed(rules.lineage):
        if name in languages():
            return name
    return "en"


def cmd_check(args: argparse.Namespace) -> int:
    errors = check_files(args.files, args.edition)
    for err in errors:
        print(err, file=sys.stderr)
    if not errors:
        print(f"{len(args.files)} file(s) OK")
    return 1 if errors else 0


def cmd_rules(args: argparse.Namespace) -> int:
    from .loader import builtin_editions
    from .reference import write_reference
    edition = args.edition or (args.lang if args.lang in builtin_editions() else "en")
    rules = load_ruleset(edition, args.cards)
    paths = write_reference(rules, args.out, args.lang)
    for p in paths:
        print(p)
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    rules = load_ruleset(args.edition, args.cards)
    game = new_game(rules, mode=args.mode, teams=parse_teams(args.teams, rules), seed=args.seed)
    lang = game.lang = demo_language(args.lang, rules)
    human = game.state.ships[0].id
    bots = {s.id: GreedyBot(args.seed + i) for i, s in enumerate(game.state.ships)}
    shown = 0
    while not game.is_over:
        for line in narrate(game.log[shown:], lang):
            print(line)
        shown = len(game.log)
        if game.to_move != human:
            game.play(bots[game.to_move].choose(game))
            continue
        print(board_text(game))
        ship = game.ship(human)
        print(f"{human}: repairs {ship.repairs}, breakdowns {ship.breakdowns}, reserve "
              f"{ship.reserve}, hand {game.hand(human)}")
        legal = game.legal_moves()
        print("Legal:", ", ".join(legal))
        try:
            move = input("> ").strip()
        except EOFError:
            return 0
        if move in ("quit", "exit"):
            return 0
        try:
            game.play(move)
        except RedCodeError as err:
            print(err)
    for line in narrate(game.log[shown:], lang):
        print(line)
    print(catalog(lang)["demo"]["winner"].format(winner=game.winner))
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    from .replay import read_replay, replay
    data = read_replay(args.file)
    game = replay(data)
    rules = game.rules
    lang = demo_language(args.lang, rules)
    for line in narrate(game.log, lang):
        print(line)
    print(board_text(game))
    print(f"{len(data['moves'])} moves replayed; all legal. Card data {rules.hash}.")
    return 0


def cmd_fuzz(args: argparse.Namespace) -> int:
    from .fuzz import fuzz, stderr_progress
    rules = load_ruleset(args.edition, args.cards)
    failure = fuzz(rules, games=args.games, seed=args.seed, out=args.out,
                   progress=None if args.quiet else stderr_progress)
    if not args.quiet:
        sys.stderr.write("\n")
    if failure is None:
        print(f"{args.games} random games of {rules.name} ({rules.hash}): every invariant held")
        return 0
    print("broken invariant — " + failure.report())
    return 1


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="redcode", description="Red Code rules engine")
    sub = p.add_subparsers(dest="command", required=True)

    def game_options(sp):
        sp.add_argument("--edition", default="en", help="en, es, it or a variant file")
        sp.add_argument("--cards", action="append", default=[], help="extra card file")
        sp.add_argument("--mode", default="war", choices=["war", "arena"])
        sp.add_argument("--teams", default="1v1", help="1v1, 2v2, 3v3 or submarine/destroyer")
        sp.add_argument("--seed", type=int, default=1)
        sp.add_argument("--lang", default=None, help="en, es, it (default: the edition's)")

    d = sub.add_parser("demo", help="a whole game between bots, narrated")
    game_options(d)
    d.add_argument("--blue", default="greedy", choices=sorted(BOTS))
    d.add_argument("--red", default="greedy", choices=sorted(BOTS))
    d.set_defaults(func=cmd_demo)

    c = sub.add_parser("check", help="validate card files")
    c.add_argument("files", nargs="+")
    c.add_argument("--edition", default="en", help="edition the files are added to")
    c.set_defaults(func=cmd_check)

    r = sub.add_parser("rules", help="write the rule reference as Markdown")
    r.add_argument("--lang", default="en")
    r.add_argument("--edition", default=None,
                   help="en, es, it or a variant file (default: the edition of --lang)")
    r.add_argument("--cards", action="append", default=[], help="extra card file")
    r.add_argument("--out", required=True)
    r.set_defaults(func=cmd_rules)

    rp = sub.add_parser("replay", help="re-simulate a replay file and narrate it")
    rp.add_argument("file")
    rp.add_argument("--lang", default=None)
    rp.set_defaults(func=cmd_replay)

    fz = sub.add_parser("fuzz", help="random games checking every invariant; shrinks failures")
    fz.add_argument("--edition", default="en", help="en, es, it or a variant file")
    fz.add_argument("--cards", action="append", default=[], help="extra card file")
    fz.add_argument("--games", type=int, default=100)
    fz.add_argument("--seed", type=int, default=0)
    fz.add_argument("--out", default=".", help="folder for the replays of a failure")
    fz.add_argument("--quiet", action="store_true", help="no progress bar")
    fz.set_defaults(func=cmd_fuzz)

    pl = sub.add_parser("play", help="play against bots in the terminal")
    game_options(pl)
    pl.set_defaults(func=cmd_play)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except RedCodeError as err:
        print(f"redcode: {err}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # `redcode demo | head`
        sys.stderr.close()
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
